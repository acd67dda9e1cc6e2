"""Building a custom deck: start from a base deck, swap cards, see legality, stats and odds live,
save the deck as a new file and export a printable list.

:class:`DeckBuilder` is the panel's one state: a swap made in a cell shows in the panel at once.
"""
from __future__ import annotations

from pathlib import Path

import yaml

from ..core import storage
from ..content.badges import badged_name
from ..content.library import Library
from ..content.loader import load_text
from ..decks.analytics import at_least, export_csv, stats
from ..decks.rules import context_for
from ..core.errors import NotFound
from .common import HTML, Observable, confined
from .editor import NeedsConfirmation, save_asking


def _deck_game() -> str:
    """The documents' game a deck is built for unless told: the first registered game played with
    designers' decks."""
    from ..games import GAMES, default_game

    return GAMES[default_game("deck")].content_game


class DeckBuilder(Observable):
    """The logic behind 04-deck-builder.

    >>> from workbench.notebook.common import library
    >>> builder = DeckBuilder(library(), "illustrative-mcready-base")
    >>> builder.legal(), builder.size()
    (True, 62)
    >>> builder.swap("apache-scout", "pinkerton-marshal")
    >>> builder.legal(), [p.code for p in builder.problems() if p.is_error]
    (False, ['type-mismatch'])
    """

    def __init__(self, library: Library, base: str, id: str = "my-deck", name: str = "My deck", game: str | None = None):
        game = game or _deck_game()
        self.library, self.game = library, game
        base_doc = library.data(game, "deck", base)
        if base_doc is None:
            raise NotFound("deck", base, library.ids(game, "deck"))
        self.data = {"kind": "deck", "game": game, "id": id, "name": name, "faction": base_doc.get("faction"),
                     "base": base, "rules": base_doc.get("rules"), "source": {"document": "house-rule"}, "swaps": []}
        self.data = {k: v for k, v in self.data.items() if v is not None}
        self.opened = None  # the library's document this builder edits (``open``), or None for a new deck

    @classmethod
    def open(cls, library: Library, deck: str, game: str | None = None) -> "DeckBuilder":
        """A builder editing the existing deck ``deck``."""
        builder = cls.__new__(cls)
        builder.library, builder.game = library, game or _deck_game()
        builder.edit(deck)
        return builder

    def edit(self, deck: str) -> None:
        """Edit an existing deck built by swaps: its base, swaps, id, name and its other fields as
        written. Saved into the folder it came from, it goes back into its own file (after asking)."""
        document = self.library.get(self.game, "deck", deck)
        if document is None:
            raise NotFound("deck", deck, self.library.ids(self.game, "deck"))
        data = document.data
        if not data.get("base"):
            raise ValueError(f"{data.get('name', deck)} is a base deck (a full card list), not a deck built by swaps:"
                             " choose it as the deck to start from instead")
        self.data = {**{k: v for k, v in data.items() if k != "swaps"}, "swaps": [dict(x) for x in data.get("swaps") or []]}
        self.opened = document
        self.changed()

    def base_decks(self) -> list[tuple[str, str]]:
        """(name, id) of every deck this one may start from: the decks with a card list first."""
        decks = [d for d in self.library.of_kind("deck", self.game) if d.id != self.data["id"]]
        decks.sort(key=lambda d: (not d.data.get("cards"), str(d.data.get("name") or d.id)))
        return [(badged_name(d.data, d.id) + ("" if d.data.get("cards") else " (no card list)"), d.id) for d in decks]

    def decks(self) -> list[tuple[str, str]]:
        """(name, id) of the decks built by swaps, which :meth:`open` can edit."""
        return sorted((badged_name(d.data, d.id), d.id) for d in self.library.of_kind("deck", self.game)
                      if d.data.get("base"))

    def rebase(self, base: str) -> None:
        """Start from another base deck (its faction and rules too); the swaps stay."""
        data = self.library.data(self.game, "deck", base)
        if data is None:
            raise NotFound("deck", base, self.library.ids(self.game, "deck"))
        self.data["base"] = base
        for key in ("faction", "rules"):
            if data.get(key) is not None:
                self.data[key] = data[key]
        self.changed()

    def card_list(self) -> list[dict]:
        """Every card of the deck as built: name, type, copies, and the change from the base deck."""
        deck = self.context().deck
        base = deck.base_counts or {}
        rows = []
        for card in sorted(set(deck.counts) | set(base), key=lambda c: (self.card_type(c), self.card_name(c))):
            n, before = deck.counts.get(card, 0), base.get(card, 0)
            rows.append({"card": card, "name": self.card_name(card), "type": self.card_type(card), "copies": n,
                         "change": "" if n == before else f"{n - before:+d}"})
        return rows

    # -- changing the deck ----------------------------------------------------------------------
    def swap(self, out: str, into: str) -> None:
        """Take one ``out`` out and put one ``into`` in (problems show; nothing is refused here)."""
        self.data["swaps"].append({"out": out, "in": into})
        self.changed()

    def undo(self, index: int = -1) -> None:
        if not self.data["swaps"]:
            raise ValueError("there is no swap to undo")
        self.data["swaps"].pop(index)
        self.changed()

    def rename(self, id: str | None = None, name: str | None = None) -> None:
        if id is not None:
            self.data["id"] = id
        if name is not None:
            self.data["name"] = name
        self.changed()

    # -- the document ---------------------------------------------------------------------------
    def text(self, folder=None) -> str:
        from ..core.paths import VARIANTS, modeline
        return (modeline("deck", Path(folder or VARIANTS / "house-rules").resolve()) + "\n"
                + yaml.safe_dump(self.data, sort_keys=False, allow_unicode=True))

    def _editing(self) -> bool:
        """The deck opened is being edited under its own id (so it is not a duplicate of itself)."""
        return self.opened is not None and self.opened.id == self.data["id"]

    def _checked_id(self) -> str:
        """The id the deck is checked under: its own, or (when another deck has it already) one
        that cannot clash, so the other deck, its base perhaps, still resolves."""
        own = self.data["id"]
        return own if self._editing() or self.library.get(self.game, "deck", own) is None else f"{own}-being-built"

    def document(self):
        text = self.text() if self._checked_id() == self.data["id"] else yaml.safe_dump(
            {**self.data, "id": self._checked_id()}, sort_keys=False, allow_unicode=True)
        return load_text(text, f"{self.data['id']}.yaml")[0][0]

    def _library(self):
        """The library with this deck in it, rebuilt only when the deck changed (a refresh asks
        for legality, size, problems, stats and odds: one build serves them all)."""
        text = self.text()
        if getattr(self, "_cached", (None,))[0] != text:
            others = [d for d in self.library.documents if not (self._editing() and d is self.opened)]
            self._cached = (text, Library.from_documents(others + [self.document()]))
        return self._cached[1]

    def context(self):
        library = self._library()
        return context_for(library, library.get(self.game, "deck", self._checked_id()))

    def problems(self):
        """What ``deck check`` says of the deck (one verdict for every front end: the deck-building
        problems, and what stops ``play --deck``, graded alike)."""
        from ..games.judge import deck_verdict

        library = self._library()
        problems = list(deck_verdict(library, library.get(self.game, "deck", self._checked_id())).problems)
        taken = self.library.get(self.game, "deck", self.data["id"])
        if taken is not None and not self._editing():
            from ..content.problems import Problem
            problems.insert(0, Problem("duplicate-id", f"a deck with id '{self.data['id']}' already exists"
                                       f" ({taken.data.get('name', self.data['id'])})", f"{self.data['id']}.yaml", 1, 1,
                                       "$.id", "give your deck its own id (saving under it would not replace that deck)"))
        return problems

    def legal(self) -> bool:
        return not any(p.is_error for p in self.problems())

    def size(self) -> int:
        return self.context().deck.size

    def stats(self) -> dict:
        return stats(self.context())

    def odds(self, card: str, max_draws: int = 15, exact: bool = False) -> list[tuple[int, float]]:
        """P(at least one ``card``) after 0..max_draws draws (floats, or Fractions with ``exact``)."""
        deck = self.context().deck
        return [(n, (lambda f: f if exact else float(f))(at_least(deck.size, deck.counts.get(card, 0), n)))
                for n in range(0, min(max_draws, deck.size) + 1)]

    def base_cards(self) -> list[str]:
        return sorted(self.context().deck.base_counts or {})

    def deck_cards(self) -> list[str]:
        return sorted(self.context().deck.counts)

    def incoming_cards(self) -> list[str]:
        faction = self.data.get("faction")
        return sorted(d.id for d in self.library.of_kind("card", self.game)
                      if d.data.get("deck") in (faction, "unknown") and d.data.get("type") not in ("location", "ambush"))

    def card_name(self, card_id: str) -> str:
        from ..content.badges import badged_name
        data = self.library.data(self.game, "card", card_id)
        return badged_name(data, card_id) if data else card_id

    def card_type(self, card_id: str) -> str:
        return (self.library.data(self.game, "card", card_id) or {}).get("type") or "type unknown"

    # -- files ----------------------------------------------------------------------------------
    def export(self, path, *, overwrite: bool | str = False) -> Path:
        """A printable CSV list; card names that look like spreadsheet formulas are neutralised.
        An existing file is replaced only with ``overwrite`` (its digest, once confirmed)."""
        return storage.create(Path(path), storage.neutralise_csv(export_csv(self.context())), overwrite=overwrite)

    def save(self, folder, *, overwrite: bool | str = False, confirmed: bool = False) -> Path:
        """Write ``folder/<id>.yaml`` (never over an existing file unless ``overwrite`` names it)."""
        path = storage.path_for_id(folder, self.data["id"])
        alone = self.opened is not None and sum(1 for d in self.library.documents if d.file == self.opened.file) == 1
        if self._editing() and alone and Path(self.opened.file).parent.resolve() == path.parent.resolve():
            path = Path(self.opened.file)  # the deck opened from this folder is saved back into its file (after asking)
        errors = [p for p in self.problems() if p.is_error]
        if errors and not confirmed:
            raise NeedsConfirmation(path, [f"the deck has {len(errors)} error{'s' * (len(errors) != 1)}"])
        return storage.create(path, self.text(folder), overwrite=overwrite)


def builder_widget(builder: DeckBuilder, folder=None):
    """The deck builder panel, drawn from ``builder`` whenever it changes."""
    import html

    import ipywidgets as w
    from matplotlib.figure import Figure

    from .common import Banner, Confirm, Html, Redraw, html_table, image_widget, percent, png, problems_table, shows_errors

    banner = Banner()
    guarded = shows_errors(banner)
    files_banner = Banner()  # Save's and Export's messages, next to those buttons
    confirm = Confirm(files_banner)
    files_guarded = shows_errors(files_banner)
    wide = {"description_width": "80px"}
    base_pick = w.Dropdown(options=builder.base_decks(), description="start from", style=wide, layout=w.Layout(width="420px"),
                           tooltip="the base deck this deck takes cards out of and puts cards into")
    deck_pick = w.Dropdown(options=builder.decks(), description="open deck", style=wide, layout=w.Layout(width="360px"))
    open_button = w.Button(description="Open deck", icon="folder-open", tooltip="edit this deck: its swaps, name and base")
    cards_html = HTML()

    def option(card):
        return (f"{builder.card_name(card)} ({builder.card_type(card)})", card)

    id_box = w.Text(description="id", style=wide)
    name_box = w.Text(description="name", style=wide)
    out = w.Dropdown(description="take out", style=wide, layout=w.Layout(width="360px"))
    into = w.Dropdown(options=[option(c) for c in builder.incoming_cards()], description="put in", style=wide,
                      layout=w.Layout(width="360px"))
    add, undo = w.Button(description="Swap", button_style="primary", icon="exchange"), w.Button(description="Undo last swap", icon="undo")
    status, problems, swaps, stats_html, odds_html = HTML(), HTML(), HTML(), HTML(), HTML()
    chart = image_widget(width="820px")
    chart.add_class("wb-chart")
    odds_card = w.Dropdown(description="odds of", style=wide, layout=w.Layout(width="360px"))
    draws = w.IntSlider(value=8, min=1, max=15, description="draws", style=wide)
    folder_box = w.Text(value=str(folder or "../variants/house-rules"), description="save into", style=wide,
                        layout=w.Layout(width="min(640px, 100%)"))  # a whole folder path shows
    save = w.Button(description="Save deck", button_style="primary", icon="save")
    export_to = w.Text(value="my-deck.csv", description="export to", style=wide)
    export = w.Button(description="Export CSV", icon="download")

    def draw():
        data = builder.data
        if id_box.value != data["id"]:
            id_box.value = data["id"]
        if name_box.value != data["name"]:
            name_box.value = data["name"]
        bases = builder.base_decks()
        if list(base_pick.options) != bases:
            base_pick.options = bases
        if base_pick.value != data.get("base"):
            base_pick.value = data.get("base") if data.get("base") in [v for _, v in bases] else None
        decks = builder.decks()
        if list(deck_pick.options) != decks:
            deck_pick.options = decks
        ok, size = builder.legal(), builder.size()
        colour = "#1e7e34" if ok else "#b02a37"
        status.value = (f"<h4 class='wb-deck-status' style='color:{colour};margin:4px 0'>{html.escape(data['name'])}: {size} cards,"
                        f" {'legal' if ok else 'not legal'}</h4>")
        outs = [option(c) for c in builder.deck_cards()]
        if list(out.options) != outs:
            previous = out.value
            out.options = outs
            out.value = previous if previous in [v for _, v in outs] else (outs[0][1] if outs else None)
        rows = [{"#": i + 1, "taken out": Html(f"<span title='id: {html.escape(s['out'])}'>{html.escape(builder.card_name(s['out']))}</span>"),
                 "put in": Html(f"<span title='id: {html.escape(s['in'])}'>{html.escape(builder.card_name(s['in']))}</span>"),
                 "types": f"{builder.card_type(s['out'])} → {builder.card_type(s['in'])}"} for i, s in enumerate(data["swaps"])]
        swaps.value = "<b>Swaps</b>" + (html_table(rows) if rows else "<p><i>No swaps yet: pick a card to take out and one to put in.</i></p>")
        problems.value = problems_table(builder.problems(), where="field")
        listed = builder.card_list()
        cards_html.value = (f"<details class='wb-card-list'><summary><b>The full card list</b> ({size} cards; the change from the"
                            " base deck in the last column)</summary>" + html_table(
                                [{"card": Html(f"<span title='id: {html.escape(r['card'])}'>{html.escape(r['name'])}</span>"),
                                  "type": r["type"], "copies": r["copies"], "change from the base": r["change"]} for r in listed])
                            + "</details>")
        summary = builder.stats()
        stats_html.value = "<b>Cards by type</b>" + html_table([{"type": k, "cards": v} for k, v in summary["by_type"].items()])
        cards = [option(c) for c in builder.deck_cards()]
        if list(odds_card.options) != cards:
            previous = odds_card.value
            odds_card.options = cards
            odds_card.value = previous if previous in [v for _, v in cards] else cards[0][1]
        points = builder.odds(odds_card.value, draws.value, exact=True)
        name = builder.card_name(odds_card.value)
        odds_html.value = (f"<b>Chance to have drawn at least one {html.escape(name)}</b>"
                           + html_table([{"cards drawn": n, "chance": percent(p)} for n, p in points[1:]]))
        figure = Figure(figsize=(9, 3.0))
        left, right = figure.subplots(1, 2)
        left.barh(list(summary["by_type"])[::-1], list(summary["by_type"].values())[::-1], color="#8c6a4f")
        left.set_title("cards by type")
        left.set_xlabel("cards")
        right.plot([n for n, _ in points], [float(p) * 100 for _, p in points], marker="o", color="#2471a3")
        right.set_ylim(0, 100)
        right.set_xlabel("cards drawn")
        right.set_ylabel("chance (%)")
        right.set_title(f"at least one {name}")
        figure.tight_layout()
        chart.value = png(figure)

    redraw = Redraw(draw, banner)
    user = redraw.user

    @guarded
    def on_add(_):
        confirm.cancel()
        if out.value is None or into.value is None:
            raise ValueError("pick a card to take out and a card to put in")
        builder.swap(out.value, into.value)
        errors = [p for p in builder.problems() if p.is_error]
        if errors:
            banner.warning(f"The deck is not legal after this swap: {errors[0].message}",
                           errors[0].hint or "see the problems below")

    @guarded
    def on_undo(_):
        confirm.cancel()
        builder.undo()

    base_pick.observe(user(lambda c: c["new"] and c["new"] != builder.data.get("base") and builder.rebase(c["new"])), names="value")

    @guarded
    def on_open(_):
        confirm.cancel()
        if deck_pick.value is None:
            raise ValueError("there is no deck built by swaps to open: save one first")
        builder.edit(deck_pick.value)
        where = Path(builder.opened.file).parent.name if builder.opened.file else "the library"
        banner.info(f"Opened {builder.data['name']}", f"from {where}/; Save deck writes it back there when you save into that folder")

    open_button.on_click(on_open)
    id_box.observe(user(lambda c: builder.rename(id=c["new"].strip())), names="value")
    name_box.observe(user(lambda c: builder.rename(name=c["new"])), names="value")
    odds_card.observe(user(lambda _: redraw()), names="value")
    draws.observe(user(lambda _: redraw()), names="value")

    def saved(path):
        errors = [p for p in builder.problems() if p.is_error]
        (files_banner.warning if errors else files_banner.saved)(f"Saved {path.name}" + (f" with {len(errors)} error(s)" if errors else ""),
                                                     f"in {Path(folder_box.value).name}/")

    def do_save():
        save_asking(lambda overwrite, confirmed: builder.save(confined(folder_box.value), overwrite=overwrite,
                                                              confirmed=confirmed),
                    files_banner, confirm, files_guarded, "deck", saved)

    def do_export(overwrite=False):
        try:
            path = builder.export(confined(export_to.value), overwrite=overwrite)
        except storage.FileExists as exc:
            files_banner.refused(f"Not exported: {exc}", "choose another file name, or replace that file")
            confirm.ask(f"Replace the existing {exc.path.name}?", "Replace it", files_guarded(lambda found=exc.digest: do_export(found)))
            return
        files_banner.saved(f"Exported {path.name}", "a printable list, one row per card")

    add.on_click(on_add)
    undo.on_click(on_undo)
    save.on_click(files_guarded(lambda _: (confirm.cancel(), do_save())))
    export.on_click(files_guarded(lambda _: (confirm.cancel(), do_export())))
    builder.observe(redraw)
    redraw()
    wrap = w.Layout(flex_flow="row wrap")
    box = w.VBox([w.HBox([deck_pick, open_button], layout=wrap), w.HBox([id_box, name_box], layout=wrap), base_pick, status,
                  w.HBox([out, into], layout=wrap), w.HBox([add, undo]), banner.widget,
                  swaps, HTML("<b>Problems</b>"), problems, cards_html,
                  w.HBox([folder_box, save], layout=wrap), w.HBox([export_to, export], layout=wrap), files_banner.widget, confirm.widget,
                  w.HBox([odds_card, draws], layout=wrap),
                  w.HBox([stats_html, odds_html], layout=w.Layout(align_items="flex-start", flex_flow="row wrap")), chart])
    box.builder, box.out, box.into, box.add_button, box.undo_button, box.export_button, box.export_to = (
        builder, out, into, add, undo, export, export_to)
    box.status, box.messages, box.banner, box.confirm, box.problems, box.swaps = status, banner, banner, confirm, problems, swaps
    box.save_button, box.folder, box.id, box.name, box.odds_card, box.draws, box.chart = save, folder_box, id_box, name_box, odds_card, draws, chart
    box.odds, box.redraw = odds_html, redraw
    box.base, box.deck_pick, box.open_button, box.cards, box.files_banner = base_pick, deck_pick, open_button, cards_html, files_banner
    return box
