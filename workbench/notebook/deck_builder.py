"""Building a custom deck: start from a base deck, swap cards, see legality, stats and odds live,
and export a printable list."""
from __future__ import annotations

from pathlib import Path

import yaml

from ..content.library import Library
from ..content.loader import load_text
from ..decks.analytics import at_least, export_csv, stats
from ..decks.rules import check_deck, context_for
from ..storage import atomic_write_text


class DeckBuilder:
    """The logic behind 04-deck-builder.

    >>> from workbench.notebook.common import library
    >>> builder = DeckBuilder(library(), "illustrative-mcready-base")
    >>> builder.legal(), builder.size()
    (True, 62)
    >>> builder.swap("apache-scout", "pinkerton-marshal")
    >>> builder.legal(), [p.code for p in builder.problems() if p.is_error]
    (False, ['type-mismatch'])
    """

    def __init__(self, library: Library, base: str, id: str = "my-deck", name: str = "My deck", game: str = "revolver"):
        self.library, self.game = library, game
        base_doc = library.data(game, "deck", base)
        if base_doc is None:
            raise KeyError(base)
        self.data = {"kind": "deck", "game": game, "id": id, "name": name, "faction": base_doc.get("faction"),
                     "base": base, "rules": base_doc.get("rules"), "source": {"document": "house-rule"}, "swaps": []}
        self.data = {k: v for k, v in self.data.items() if v is not None}

    def swap(self, out: str, into: str) -> None:
        self.data["swaps"].append({"out": out, "in": into})

    def undo(self, index: int = -1) -> None:
        self.data["swaps"].pop(index)

    def text(self, folder=None) -> str:
        from ..paths import VARIANTS, modeline
        return (modeline("deck", folder or VARIANTS / "house-rules") + "\n"
                + yaml.safe_dump(self.data, sort_keys=False, allow_unicode=True))

    def document(self):
        return load_text(self.text(), f"{self.data['id']}.yaml")[0][0]

    def _library(self):
        """The library with this deck in it, rebuilt only when the deck changed (a refresh asks
        for legality, size, problems, stats and odds: one build serves them all)."""
        text = self.text()
        if getattr(self, "_cached", (None,))[0] != text:
            others = [d for d in self.library.documents if not (d.kind == "deck" and d.id == self.data["id"])]
            self._cached = (text, Library.from_documents(others + [self.document()]))
        return self._cached[1]

    def context(self):
        library = self._library()
        return context_for(library, library.get(self.game, "deck", self.data["id"]))

    def problems(self):
        library = self._library()
        return check_deck(library, library.get(self.game, "deck", self.data["id"]))

    def legal(self) -> bool:
        return not any(p.is_error for p in self.problems())

    def size(self) -> int:
        return self.context().deck.size

    def stats(self) -> dict:
        return stats(self.context())

    def odds(self, card: str, max_draws: int = 15) -> list[tuple[int, float]]:
        deck = self.context().deck
        return [(n, float(at_least(deck.size, deck.counts.get(card, 0), n))) for n in range(0, min(max_draws, deck.size) + 1)]

    def base_cards(self) -> list[str]:
        return sorted(self.context().deck.base_counts or {})

    def incoming_cards(self) -> list[str]:
        faction = self.data.get("faction")
        return sorted(d.id for d in self.library.of_kind("card", self.game)
                      if d.data.get("deck") in (faction, "unknown") and d.data.get("type") not in ("location", "ambush"))

    def export(self, path) -> Path:
        atomic_write_text(Path(path), export_csv(self.context()))
        return Path(path)

    def save(self, folder) -> Path:
        path = Path(folder) / f"{self.data['id']}.yaml"
        atomic_write_text(path, self.text(folder))
        return path


def builder_widget(builder: DeckBuilder):
    import ipywidgets as w
    import matplotlib.pyplot as plt

    from .common import problems_table, shows_errors

    messages, charts = w.Output(), w.Output()
    out = w.Dropdown(options=builder.base_cards(), description="take out")
    into = w.Dropdown(options=builder.incoming_cards(), description="put in")
    add, undo = w.Button(description="Swap", button_style="primary"), w.Button(description="Undo last swap")
    status, problems, swaps = w.HTML(), w.HTML(), w.HTML()
    odds_card = w.Dropdown(options=builder.incoming_cards(), description="odds of")
    export_to = w.Text(value="my-deck.csv", description="export to")
    export = w.Button(description="Export CSV")

    def refresh(*_):
        ok = builder.legal()
        status.value = (f"<h4 style='color:{'#1e7e34' if ok else '#b02a37'}'>{builder.data['id']}: {builder.size()} cards,"
                        f" {'legal' if ok else 'not legal'}</h4>")
        swaps.value = "<br>".join(f"{i + 1}. {s['out']} → {s['in']}" for i, s in enumerate(builder.data["swaps"])) or "no swaps yet"
        problems.value = problems_table(builder.problems())
        charts.clear_output(wait=True)
        with charts:
            plt.close("all")
            fig, (left, right) = plt.subplots(1, 2, figsize=(10, 3.2))
            summary = builder.stats()
            left.bar(list(summary["by_type"]), list(summary["by_type"].values()), color="#8c6a4f")
            left.set_title("cards by type")
            points = builder.odds(odds_card.value)
            right.plot([n for n, _ in points], [p for _, p in points], marker="o", color="#2471a3")
            right.set_ylim(0, 1)
            right.set_xlabel("cards drawn")
            right.set_title(f"P(at least one {odds_card.value})")
            plt.tight_layout()
            plt.show()

    @shows_errors(messages)
    def on_add(_):
        builder.swap(out.value, into.value)
        refresh()

    @shows_errors(messages)
    def on_undo(_):
        if builder.data["swaps"]:
            builder.undo()
        refresh()

    @shows_errors(messages)
    def on_export(_):
        path = builder.export(export_to.value)
        messages.append_stdout(f"wrote {path}" + "\n")

    add.on_click(on_add)
    undo.on_click(on_undo)
    export.on_click(on_export)
    odds_card.observe(shows_errors(messages)(refresh), names="value")
    refresh()
    box = w.VBox([status, w.HBox([out, into, add, undo]), swaps, problems, odds_card, charts, w.HBox([export_to, export]), messages])
    box.builder, box.out, box.into, box.add_button, box.undo_button, box.export_button, box.export_to = (
        builder, out, into, add, undo, export, export_to)
    box.status, box.messages = status, messages
    return box
