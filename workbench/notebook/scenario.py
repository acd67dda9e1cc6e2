"""Composing a house-rule scenario from the library: conflicts at once, the difference from a
published scenario or the base game, and saving it as a new scenario document.

*Start from* copies everything of a published scenario (text, end of game, parameters, optional
variants, playing time, players ...) into the designer's own scenario, which keeps its own id and
says what it is based on: saving writes a new file, never the published one. A save never
replaces an existing file unless the designer confirms replacing that very file.
"""
from __future__ import annotations

from pathlib import Path

import yaml

from ..core import storage
from ..content.library import Library, check_duplicate_ids, check_references, check_replacement_conflicts
from ..content.loader import load_text
from ..content.validate import document_problems
from .common import HTML, Observable, WatchedList
from .editor import NeedsConfirmation, save_asking

#: Fields the designer composes with the widgets (the rest are carried over by start_from).
PICKED = ("action_spaces", "variants", "decks")
#: The order fields are written in.
ORDER = ("kind", "game", "id", "name", "source", "players", "playing_time", "text", "decks", "action_spaces",
         "variants", "optional_variants", "excluded_characters", "hidden_agenda_removed_symbols", "setup",
         "special_rules", "placement_rules", "end_game", "parameters", "notes")


class ScenarioDesigner(Observable):
    """A scenario being composed (Dark Horse); the one state the designer panel draws.

    >>> from workbench.notebook.common import library
    >>> d = ScenarioDesigner(library(), "wild-night", "Wild Night")
    >>> d.action_spaces = ["saloon", "barnstorming"]
    >>> [p.code for p in d.problems()]
    ['replacement-conflict']
    """

    def __init__(self, library: Library, id: str, name: str, game: str = "dark-horse"):
        self.library, self.game = library, game
        with self.batch():
            self.id, self.name = id, name
            self.action_spaces, self.variants, self.decks = [], [], []
            self.players = (2, 4)
            self.based_on: str | None = None
            self.extra: dict = {}  # carried over from the scenario started from

    def __setattr__(self, name, value):
        if name in PICKED:
            value = WatchedList(value, owner=self)
        elif name == "players":
            value = (int(value[0]), int(value[1]))
        super().__setattr__(name, value)
        if name in PICKED + ("id", "name", "players", "based_on", "extra"):
            self.changed()

    def choices(self) -> dict[str, list[str]]:
        return {"action_spaces": sorted(d.id for d in self.library.of_kind("action_space", self.game)
                                        if d.data.get("expansion") != "base"),
                "variants": sorted(d.id for d in self.library.of_kind("variant", self.game)),
                "decks": sorted(d.id for d in self.library.of_kind("deck", self.game))}

    def published(self) -> list[str]:
        """Scenarios to start from or compare with (every scenario but house rules)."""
        return [d.id for d in self.library.of_kind("scenario", self.game)
                if (d.data.get("source") or {}).get("document") != "house-rule"]

    def start_from(self, scenario_id: str) -> None:
        """Take over everything of ``scenario_id`` but its id and name."""
        data = self.library.data(self.game, "scenario", scenario_id)
        if data is None:
            from ..core.errors import NotFound
            raise NotFound("scenario", scenario_id, self.library.ids(self.game, "scenario"))
        with self.batch():
            for key in PICKED:
                setattr(self, key, list(data.get(key) or []))
            players = data.get("players") or {}
            self.players = (players.get("min", 2), players.get("max", 4))
            self.extra = {k: v for k, v in data.items() if k not in ("kind", "game", "id", "name", "source") + PICKED}
            if players.get("notes"):
                self.extra["players_notes"] = players["notes"]
            self.extra.pop("players", None)
            self.based_on = scenario_id

    def source(self) -> dict:
        if not self.based_on:
            return {"document": "house-rule"}
        data = self.library.data(self.game, "scenario", self.based_on) or {}
        source = data.get("source") or {}
        section = f"based on {data.get('name', self.based_on)}"
        if source.get("document") and source.get("document") != "house-rule":
            section += f" ({source['document']}" + (f": {source['section']}" if source.get("section") else "") + ")"
        return {"document": "house-rule", "section": section}

    def document(self) -> dict:
        players = {"min": self.players[0], "max": self.players[1]}
        extra = dict(self.extra)
        if extra.get("players_notes"):
            players["notes"] = extra.pop("players_notes")
        extra.pop("players_notes", None)
        doc = {"kind": "scenario", "game": self.game, "id": self.id, "name": self.name, "source": self.source(),
               "players": players, **extra}
        for key in PICKED:
            if getattr(self, key):
                doc[key] = list(getattr(self, key))
        return {key: doc[key] for key in sorted(doc, key=lambda k: ORDER.index(k) if k in ORDER else len(ORDER))}

    def text(self, folder=None) -> str:
        from ..core.paths import VARIANTS, modeline
        return (modeline("scenario", Path(folder or VARIANTS / "house-rules").resolve()) + "\n"
                + yaml.safe_dump(self.document(), sort_keys=False, allow_unicode=True, width=100))

    def problems(self, folder=None):
        """Problems of the scenario as it would be saved (into ``folder``): its own, references,
        replacement conflicts, and an id another scenario already has."""
        name = f"{self.id}.yaml"
        docs, problems = load_text(self.text(folder), name)
        for doc in docs:
            problems.extend(document_problems(doc))
        target = (Path(folder) / name).resolve() if folder else None
        others = [d for d in self.library.documents if target is None or Path(d.file).resolve() != target]
        combined = Library.from_documents(docs + others)  # ours first: duplicates are reported on ours
        problems += list(check_references(combined))
        problems += list(check_replacement_conflicts(combined))
        problems += [p for p in check_duplicate_ids(Library.from_documents(others + docs)) if p.file == name]
        for p in list(problems):
            if p.code == "duplicate-id" and p.file == name:
                problems.remove(p)
                problems.append(type(p)(p.code, f"a scenario with id '{self.id}' already exists in the library",
                                        p.file, p.line, p.column, p.path, "give your scenario its own id", p.severity))
        return [p for p in problems if p.file == name]

    def action_spaces_in_play(self, scenario: dict | None) -> dict[str, str]:
        """Board slot (the base space) -> the space in play there."""
        slots = {d.id: d.id for d in self.library.of_kind("action_space", self.game) if d.data.get("expansion") == "base"}
        for space_id in (scenario or {}).get("action_spaces") or []:
            space = self.library.data(self.game, "action_space", space_id) or {}
            slots[space.get("replaces") or space_id] = space_id
        return slots

    def diff(self, against: str | None = None) -> list[dict]:
        """Per board slot, what this scenario plays against ``against`` (a scenario id, or the base
        game): rows of ``slot``, ``this scenario``, ``other`` and ``change`` (ids)."""
        other = self.library.data(self.game, "scenario", against) if against else None
        mine, theirs = self.action_spaces_in_play(self.document()), self.action_spaces_in_play(other)
        rows = []
        for slot in sorted(set(mine) | set(theirs)):
            a, b = mine.get(slot), theirs.get(slot)
            if a != b:
                rows.append({"slot": slot, "this scenario": a, "other": b,
                             "change": "added" if b is None else "replaced" if a != slot else "restored"})
        for key in PICKED[1:]:
            mine_set = set(getattr(self, key))
            theirs_set = set((other or {}).get(key) or [])
            for item in sorted(mine_set - theirs_set):
                rows.append({"slot": key, "this scenario": item, "other": None, "change": "added"})
            for item in sorted(theirs_set - mine_set):
                rows.append({"slot": key, "this scenario": None, "other": item, "change": "dropped"})
        return rows

    def save(self, folder, *, overwrite: bool | str = False, confirmed: bool = False) -> Path:
        """Write ``folder/<id>.yaml``.

        Raises
        ------
        workbench.core.errors.UsageError
            The id is not a valid id (checked before any path is made from it).
        workbench.core.storage.NoSuchFolder
            The folder does not exist.
        NeedsConfirmation
            The scenario has errors and ``confirmed`` is False.
        workbench.core.storage.FileExists
            A file of that name exists; pass ``overwrite=exc.digest`` once the designer agreed.
        """
        path = storage.path_for_id(folder, self.id)
        errors = [p for p in self.problems(folder) if p.is_error]
        if errors and not confirmed:
            raise NeedsConfirmation(path, [f"the scenario has {len(errors)} error{'s' * (len(errors) != 1)}"])
        return storage.create(path, self.text(folder), overwrite=overwrite)


def designer_widget(designer: ScenarioDesigner, folder=None):
    """The scenario designer panel, drawn from ``designer`` whenever it changes."""
    import html

    import ipywidgets as w

    from .common import Banner, Confirm, Names, html_table, problems_table, shows_errors

    names = Names(designer.library, designer.game)
    banner = Banner()
    confirm = Confirm(banner)
    guarded = shows_errors(banner)
    state = {"drawing": False}
    wide = {"description_width": "110px"}

    id_box = w.Text(description="id", style=wide, tooltip="lowercase words joined by dashes, e.g. frontier-politics")
    name_box = w.Text(description="name", style=wide)
    players = w.IntRangeSlider(min=1, max=6, description="players", style=wide)
    published = designer.published()
    start = w.Dropdown(options=[("(nothing: start empty)", "")] + [(names.name("scenario", s), s) for s in published],
                       description="start from", style=wide, layout=w.Layout(width="420px"))
    against = w.Dropdown(options=[("the base game", "")] + [(names.name("scenario", s), s) for s in published],
                         description="compare with", style=wide, layout=w.Layout(width="420px"))

    def label(kind, item):
        if kind == "action_spaces":
            replaces = (designer.library.data(designer.game, "action_space", item) or {}).get("replaces")
            return names.name("action_space", item) + (f" (replaces {names.name('action_space', replaces)})" if replaces else "")
        return names.name(kind[:-1] if kind != "decks" else "deck", item)

    checks: dict[str, dict[str, object]] = {}
    columns = []
    for key, options in designer.choices().items():
        checks[key] = {}
        for item in options:
            box = w.Checkbox(description=label(key, item), indent=False, tooltip=f"id: {item}",
                             layout=w.Layout(width="auto"))
            checks[key][item] = box
        heading = {"action_spaces": "Action spaces", "variants": "Variants", "decks": "Card decks"}[key]
        columns.append(w.VBox([HTML(f"<b>{heading}</b>")] + list(checks[key].values()),
                              layout=w.Layout(margin="0 24px 0 0")))
    problems, diff, preview = HTML(), HTML(), w.Textarea(layout=w.Layout(width="100%", height="220px"), disabled=True)
    folder_box = w.Text(value=str(folder or "../variants/house-rules"), description="save into", style=wide,
                        layout=w.Layout(width="420px"))
    save = w.Button(description="Save scenario", button_style="primary", icon="save")

    def redraw(_=None):
        state["drawing"] = True
        try:
            if id_box.value != designer.id:
                id_box.value = designer.id
            if name_box.value != designer.name:
                name_box.value = designer.name
            if players.value != designer.players:
                players.value = designer.players
            for key, boxes in checks.items():
                chosen = set(getattr(designer, key))
                for item, box in boxes.items():
                    box.value = item in chosen
            if start.value != (designer.based_on or "") and (designer.based_on or "") in [v for _, v in start.options]:
                start.value = designer.based_on or ""
            problems.value = problems_table(designer.problems(folder_box.value or None), where="field")
            rows = designer.diff(against.value or None)
            other = names.name("scenario", against.value) if against.value else "the base game"
            if rows:
                kinds = {"variants": "variant", "decks": "deck"}
                table = [{"where": (html.escape(names.name("action_space", r["slot"]) + " space") if r["slot"] not in kinds
                                    else r["slot"][:-1]),
                          "this scenario": names.html(kinds.get(r["slot"], "action_space"), r["this scenario"]) if r["this scenario"] else "—",
                          other: names.html(kinds.get(r["slot"], "action_space"), r["other"]) if r["other"] else "—",
                          "change": r["change"]} for r in rows]
                diff.value = f"<b>Against {html.escape(other)}</b>" + html_table(table)
            else:
                diff.value = f"<p><b>Against {html.escape(other)}</b>: no difference.</p>"
            preview.value = designer.text(folder_box.value or None)
        finally:
            state["drawing"] = False

    def user(function):
        """A handler for the designer's own changes (not for the redraw's)."""
        @guarded
        def run(change):
            confirm.cancel()
            function(change)

        def handler(change):
            if not state["drawing"]:
                run(change)
        return handler

    id_box.observe(user(lambda c: setattr(designer, "id", c["new"].strip())), names="value")
    name_box.observe(user(lambda c: setattr(designer, "name", c["new"])), names="value")
    players.observe(user(lambda c: setattr(designer, "players", c["new"])), names="value")
    for key, boxes in checks.items():
        for item, box in boxes.items():
            def toggled(change, key=key, item=item):
                chosen = [i for i in getattr(designer, key) if i != item]
                setattr(designer, key, chosen + [item] if change["new"] else chosen)
            box.observe(user(toggled), names="value")

    @user
    def on_start(change):
        if change["new"]:
            designer.start_from(change["new"])
            banner.info(f"Started from {names.name('scenario', change['new'])}",
                        "its action spaces, variants, decks, texts and parameters are now yours to change;"
                        " your scenario keeps its own id")
        else:
            designer.based_on = None

    start.observe(on_start, names="value")
    against.observe(user(lambda _: redraw()), names="value")
    folder_box.observe(user(lambda _: redraw()), names="value")

    def saved(path):
        problems = designer.problems(folder_box.value.strip())
        errors = [p for p in problems if p.is_error]
        warnings = [p for p in problems if not p.is_error]
        if errors or warnings:
            banner.warning(f"Saved {path.name} with {len(errors)} error(s) and {len(warnings)} warning(s)", "see above")
        else:
            banner.saved(f"Saved {path.name}", f"in {Path(folder_box.value).name}/")

    def do_save():
        save_asking(lambda overwrite, confirmed: designer.save(folder_box.value.strip(), overwrite=overwrite,
                                                               confirmed=confirmed),
                    banner, confirm, guarded, "scenario", saved)

    @guarded
    def on_save(_):
        confirm.cancel()
        do_save()

    save.on_click(on_save)
    designer.observe(redraw)
    redraw()
    box = w.VBox([
        w.HBox([id_box, name_box, players]), start,
        HTML("<i>Tick what your scenario uses.</i>"), w.HBox(columns),
        HTML("<b>Problems</b>"), problems, against, diff,
        HTML("<b>The document that will be saved</b>"), preview,
        w.HBox([folder_box, save]), banner.widget, confirm.widget])
    box.designer, box.checks, box.start, box.against, box.save_button, box.folder = designer, checks, start, against, save, folder_box
    box.problems, box.diff, box.banner, box.confirm, box.messages = problems, diff, banner, confirm, banner
    box.id, box.name, box.players, box.redraw, box.preview = id_box, name_box, players, redraw, preview
    box.picks = {key: _Picks(designer, key) for key in checks}
    return box


class _Picks:
    """``box.picks[key].value``: the chosen ids as a tuple, settable (as the old multi-selects)."""

    def __init__(self, designer, key):
        self.designer, self.key = designer, key

    @property
    def value(self):
        return tuple(getattr(self.designer, self.key))

    @value.setter
    def value(self, items):
        setattr(self.designer, self.key, list(items))
