"""Composing a house-rule scenario from the library: conflicts at once, the diff against a
published scenario or the base game, and saving it as a scenario document."""
from __future__ import annotations

from pathlib import Path

import yaml

from ..content.library import Library, check_references, check_replacement_conflicts
from ..content.loader import load_text
from ..content.validate import document_problems
from ..storage import atomic_write_text


class ScenarioDesigner:
    """A scenario being composed (Dark Horse).

    >>> from workbench.notebook.common import library
    >>> d = ScenarioDesigner(library(), "wild-night", "Wild Night")
    >>> d.action_spaces = ["saloon", "barnstorming"]
    >>> [p.code for p in d.problems()]
    ['replacement-conflict']
    """

    def __init__(self, library: Library, id: str, name: str, game: str = "dark-horse"):
        self.library, self.id, self.name, self.game = library, id, name, game
        self.action_spaces: list[str] = []
        self.variants: list[str] = []
        self.decks: list[str] = []
        self.players = (2, 4)

    def choices(self) -> dict[str, list[str]]:
        return {"action_spaces": sorted(d.id for d in self.library.of_kind("action_space", self.game)
                                        if d.data.get("expansion") != "base"),
                "variants": sorted(d.id for d in self.library.of_kind("variant", self.game)),
                "decks": sorted(d.id for d in self.library.of_kind("deck", self.game))}

    def start_from(self, scenario_id: str) -> None:
        data = self.library.data(self.game, "scenario", scenario_id)
        self.action_spaces = list(data.get("action_spaces") or [])
        self.variants = list(data.get("variants") or [])
        self.decks = list(data.get("decks") or [])

    def document(self) -> dict:
        doc = {"kind": "scenario", "game": self.game, "id": self.id, "name": self.name,
               "source": {"document": "house-rule"}, "players": {"min": self.players[0], "max": self.players[1]}}
        for key in ("action_spaces", "variants", "decks"):
            if getattr(self, key):
                doc[key] = list(getattr(self, key))
        return doc

    def text(self, folder=None) -> str:
        from ..paths import VARIANTS, modeline
        return (modeline("scenario", folder or VARIANTS / "house-rules") + "\n"
                + yaml.safe_dump(self.document(), sort_keys=False, allow_unicode=True))

    def problems(self):
        docs, problems = load_text(self.text(), f"{self.id}.yaml")
        for doc in docs:
            problems.extend(document_problems(doc))
        combined = Library.from_documents([d for d in self.library.documents if not (d.kind == "scenario" and d.id == self.id)] + docs)
        problems += list(check_references(combined))
        problems += list(check_replacement_conflicts(combined))
        return [p for p in problems if p.file == f"{self.id}.yaml"]

    def action_spaces_in_play(self, scenario: dict | None) -> dict[str, str]:
        """Board slot (the base space) -> the space in play there."""
        slots = {d.id: d.id for d in self.library.of_kind("action_space", self.game) if d.data.get("expansion") == "base"}
        for space_id in (scenario or {}).get("action_spaces") or []:
            space = self.library.data(self.game, "action_space", space_id) or {}
            slots[space.get("replaces") or space_id] = space_id
        return slots

    def diff(self, against: str | None = None) -> list[dict]:
        """Per board slot, what this scenario plays against ``against`` (a scenario id, or the base game)."""
        other = self.library.data(self.game, "scenario", against) if against else None
        mine, theirs = self.action_spaces_in_play(self.document()), self.action_spaces_in_play(other)
        rows = []
        for slot in sorted(set(mine) | set(theirs)):
            a, b = mine.get(slot), theirs.get(slot)
            if a != b:
                rows.append({"slot": slot, "this scenario": a, (against or "base game"): b,
                             "change": "added" if b is None else "replaced" if a != slot else "restored"})
        for key in ("variants", "decks"):
            mine_set = set(getattr(self, key))
            theirs_set = set((other or {}).get(key) or [])
            for item in sorted(mine_set - theirs_set):
                rows.append({"slot": key, "this scenario": item, (against or "base game"): None, "change": "added"})
            for item in sorted(theirs_set - mine_set):
                rows.append({"slot": key, "this scenario": None, (against or "base game"): item, "change": "dropped"})
        return rows

    def save(self, folder) -> Path:
        path = Path(folder) / f"{self.id}.yaml"
        atomic_write_text(path, self.text(folder))
        return path


def designer_widget(designer: ScenarioDesigner):
    import ipywidgets as w
    import pandas as pd

    from .common import problems_table, shows_errors

    messages = w.Output()
    choices = designer.choices()
    picks = {key: w.SelectMultiple(options=options, value=tuple(getattr(designer, key)), description=key.replace("_", " "),
                                   rows=min(10, len(options)), style={"description_width": "100px"})
             for key, options in choices.items()}
    published = [d.id for d in designer.library.of_kind("scenario", designer.game) if d.data["source"]["document"] != "house-rule"]
    start = w.Dropdown(options=[""] + published, description="start from", style={"description_width": "100px"})
    against = w.Dropdown(options=["base game"] + published, description="compare with", style={"description_width": "100px"})
    problems, diff, preview = w.HTML(), w.Output(), w.Textarea(layout=w.Layout(width="100%", height="200px"), disabled=True)
    folder = w.Text(value="../variants/house-rules", description="save to")
    save = w.Button(description="Save scenario", button_style="primary")

    def refresh(*_):
        for key, widget in picks.items():
            setattr(designer, key, list(widget.value))
        problems.value = problems_table(designer.problems())
        preview.value = designer.text()
        diff.clear_output()
        with diff:
            rows = designer.diff(None if against.value == "base game" else against.value)
            from IPython.display import display
            display(pd.DataFrame(rows) if rows else "no difference")

    @shows_errors(messages)
    def on_start(change):
        if change["new"]:
            designer.start_from(change["new"])
            for key, widget in picks.items():
                widget.value = tuple(getattr(designer, key))
        refresh()

    @shows_errors(messages)
    def on_save(_):
        path = designer.save(folder.value)
        messages.append_stdout(f"saved {path}" + "\n")

    for widget in picks.values():
        widget.observe(shows_errors(messages)(refresh), names="value")
    against.observe(shows_errors(messages)(refresh), names="value")
    start.observe(on_start, names="value")
    save.on_click(on_save)
    refresh()
    box = w.VBox([start, w.HBox(list(picks.values())), problems, against, diff, preview, w.HBox([folder, save]), messages])
    box.designer, box.picks, box.start, box.against, box.save_button, box.folder, box.problems, box.messages = (
        designer, picks, start, against, save, folder, problems, messages)
    return box
