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
from .common import HTML, Observable, WatchedList, confined
from .editor import NeedsConfirmation, save_asking

#: Fields the designer composes with the widgets (the rest are carried over by start_from).
PICKED = ("action_spaces", "variants", "decks")
#: Texts the panel edits: the scenario's text (one paragraph) and lists of lines.
TEXTS = ("text", "setup", "special_rules", "end_game", "placement_rules")
#: What *start from* and *open* take over besides the picks and the players: what the panel shows
#: and edits, and the rules the engine plays that it shows only in the saved document's preview
#: (dropping them would change play behind the designer's back). Descriptive fields it never shows
#: (playing time, optional variants, notes) are not taken over.
RULE_FIELDS = ("excluded_characters", "hidden_agenda_removed_symbols")
CARRIED = TEXTS + ("parameters",) + RULE_FIELDS
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

    def __init__(self, library: Library, id: str, name: str, game: str | None = None):
        from ..games import GAMES, default_game

        # unless told, the documents of the first registered game played from scenarios
        self.library, self.game = library, game or GAMES[default_game("scenario")].content_game
        with self.batch():
            self.id, self.name = id, name
            self.action_spaces, self.variants, self.decks = [], [], []
            self.players = (2, 4)
            self.based_on: str | None = None
            self.kept_source: dict | None = None  # the source of a scenario reopened (``open``)
            self.opened_file: str | None = None    # and its file
            self.extra: dict = {}  # texts and parameters (CARRIED), edited in the panel

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
        """Scenarios to start from or compare with: every scenario of the library, the designer's
        own included (see :meth:`own`)."""
        return [d.id for d in self.library.of_kind("scenario", self.game)]

    def own(self) -> list[str]:
        """The house-rule scenarios (the designer's own, and the examples), which :meth:`open` reopens."""
        return [d.id for d in self.library.of_kind("scenario", self.game)
                if (d.data.get("source") or {}).get("document") == "house-rule"]

    def _data(self, scenario_id):
        data = self.library.data(self.game, "scenario", scenario_id)
        if data is None:
            from ..core.errors import NotFound
            raise NotFound("scenario", scenario_id, self.library.ids(self.game, "scenario"))
        return data

    def start_from(self, scenario_id: str) -> None:
        """Take over what the panel edits of ``scenario_id`` (picks, players, texts, special rules,
        end of game, parameters) but its id and name."""
        data = self._data(scenario_id)
        with self.batch():
            for key in PICKED:
                setattr(self, key, list(data.get(key) or []))
            players = data.get("players") or {}
            self.players = (players.get("min", 2), players.get("max", 4))
            self.extra = {k: (dict(v) if isinstance(v, dict) else list(v) if isinstance(v, list) else v)
                          for k, v in data.items() if k in CARRIED}
            self.kept_source = None
            self.opened_file = None
            self.based_on = scenario_id

    def open(self, scenario_id: str) -> None:
        """Reopen a saved scenario to change it: everything :meth:`start_from` takes, and its id,
        name and source (saving into its folder then replaces its file, after asking)."""
        data = self._data(scenario_id)
        with self.batch():
            self.start_from(scenario_id)
            self.based_on = None
            self.id, self.name = data["id"], data.get("name") or data["id"]
            self.kept_source = dict(data.get("source") or {"document": "house-rule"})
            opened = self.library.get(self.game, "scenario", scenario_id)
            self.opened_file = opened.file if opened is not None else None

    def home(self) -> Path | None:
        """The folder of the scenario reopened (:meth:`open`), where saving it back writes; ``None``
        for a new scenario or one shipped inside the installed package (saved into the designer's
        folder instead)."""
        from ..core.paths import VARIANTS
        if self.kept_source is None or not self.opened_file:
            return None
        folder = Path(self.opened_file).resolve().parent
        return None if folder.is_relative_to(Path(VARIANTS).resolve()) else folder

    # -- texts and parameters ------------------------------------------------------------------
    def set_text(self, field: str, value) -> None:
        """``text`` (one paragraph) or a list of lines (``setup``, ``special_rules``, ``end_game``,
        ``placement_rules``); empty removes the field."""
        if field not in TEXTS:
            raise ValueError(f"a scenario has no text '{field}'")
        if field != "text" and isinstance(value, str):
            value = [line.strip() for line in value.splitlines() if line.strip()]
        if value:
            self.extra[field] = value
        else:
            self.extra.pop(field, None)
        self.changed()

    def parameter_types(self) -> dict:
        """The parameters the game's engines read (:class:`~workbench.rules.ruleset.Parameter`)."""
        from ..games import for_content
        spec = {}
        for entry in for_content(self.game):
            spec.update(entry.spec())
        return spec

    def set_parameter(self, name: str, value) -> None:
        """Set a parameter for this scenario, checked against its declared type and range."""
        from ..rules.ruleset import type_problems
        spec = self.parameter_types()
        if name not in spec:
            raise ValueError(f"the game has no parameter '{name}'")
        wrong = type_problems(value, spec[name])
        if wrong:
            raise ValueError(f"{spec[name].about}: {wrong[0]}", )
        self.extra["parameters"] = {**(self.extra.get("parameters") or {}), name: value}
        self.changed()

    def remove_parameter(self, name: str) -> None:
        params = dict(self.extra.get("parameters") or {})
        params.pop(name, None)
        if params:
            self.extra["parameters"] = params
        else:
            self.extra.pop("parameters", None)
        self.changed()

    def source(self) -> dict:
        if self.kept_source is not None:
            return dict(self.kept_source)
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
        extra = {k: v for k, v in self.extra.items() if k in CARRIED}
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
        try:
            target = self.target(folder).resolve() if folder else None
        except Exception:  # noqa: BLE001 - a bad id or folder is reported by the save itself
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

    def slot_of(self, space_id: str) -> str:
        """The board slot (a base space) a space takes: a space that replaces a replacement takes
        the slot of the space it replaces, down to the base game's (a loop of ``replaces:``, which
        ``validate`` reports, stops where it would come round again)."""
        seen = [space_id]
        while True:
            replaces = (self.library.data(self.game, "action_space", seen[-1]) or {}).get("replaces")
            if not isinstance(replaces, str) or replaces in seen:
                return seen[-1]
            seen.append(replaces)

    def action_spaces_in_play(self, scenario: dict | None) -> dict[str, str]:
        """Board slot (the base space) -> the space in play there."""
        slots = {d.id: d.id for d in self.library.of_kind("action_space", self.game) if d.data.get("expansion") == "base"}
        for space_id in (scenario or {}).get("action_spaces") or []:
            if isinstance(space_id, str):
                slots[self.slot_of(space_id)] = space_id
        return slots

    def parameters_in_force(self, against: str | None = "") -> dict:
        """The value of every parameter a scenario plays, wherever it comes from (the game's
        declarations, its variants, the scenario itself): this scenario's (``against=""``), another
        scenario's, or the base game's (``None``). Empty when the ruleset cannot be made (its
        problems are shown apart)."""
        from ..rules.ruleset import resolve
        spec = self.parameter_types()
        try:
            if against == "":
                docs, _ = load_text(self.text(), f"{self.id}.yaml")
                others = [d for d in self.library.documents if not (d.kind == "scenario" and d.game == self.game
                                                                    and d.id == self.id)]
                ruleset, _ = resolve(Library.from_documents(docs + others), self.game, spec, scenario=self.id)
            else:
                ruleset, _ = resolve(self.library, self.game, spec, scenario=against)
        except Exception:  # noqa: BLE001 - an unplayable scenario: its problems are listed in the panel
            return {}
        return dict(ruleset) if ruleset is not None else {}

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
        # parameters as played: a scenario that sets none still plays the game's (or its variants') value
        mine_set, theirs_set = self.extra.get("parameters") or {}, (other or {}).get("parameters") or {}
        mine_params, theirs_params = self.parameters_in_force(""), self.parameters_in_force(against)
        for name in sorted(set(mine_params) | set(theirs_params) | set(mine_set) | set(theirs_set)):
            a, b = mine_params.get(name, mine_set.get(name)), theirs_params.get(name, theirs_set.get(name))
            if a != b:
                rows.append({"slot": "parameters", "parameter": name, "this scenario": a, "other": b,
                             "change": "changed"})
        for key in PICKED[1:]:
            mine_set = set(getattr(self, key))
            theirs_set = set((other or {}).get(key) or [])
            for item in sorted(mine_set - theirs_set):
                rows.append({"slot": key, "this scenario": item, "other": None, "change": "added"})
            for item in sorted(theirs_set - mine_set):
                rows.append({"slot": key, "this scenario": None, "other": item, "change": "dropped"})
        return rows

    def target(self, folder) -> Path:
        """The file a save into ``folder`` writes: ``<id>.yaml``, or the reopened scenario's own
        file when it is in that folder and holds nothing else."""
        path = storage.path_for_id(folder, self.id)
        opened = self.library.get(self.game, "scenario", self.id) if self.kept_source is not None else None
        if opened is not None and opened.file and Path(opened.file).parent.resolve() == path.parent.resolve() and \
                sum(1 for d in self.library.documents if d.file == opened.file) == 1:
            path = Path(opened.file)
        return path

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
        path = self.target(folder)
        errors = [p for p in self.problems(folder) if p.is_error]
        if errors and not confirmed:
            raise NeedsConfirmation(path, [f"the scenario has {len(errors)} error{'s' * (len(errors) != 1)}"])
        return storage.create(path, self.text(folder), overwrite=overwrite)


def designer_widget(designer: ScenarioDesigner, folder=None):
    """The scenario designer panel, drawn from ``designer`` whenever it changes."""
    import html

    import ipywidgets as w

    from ..rules.ruleset import show
    from .common import Banner, Confirm, Html, Names, html_table, problems_table, shows_errors

    def title(name):
        about = getattr(designer.parameter_types().get(name), "about", None) or name.replace("_", " ")
        return about[:1].upper() + about[1:]

    names = Names(designer.library, designer.game)
    banner = Banner()
    confirm = Confirm(banner)
    guarded = shows_errors(banner)
    state = {"drawing": False}
    wide = {"description_width": "110px"}

    id_box = w.Text(description="id", style=wide, tooltip="lowercase words joined by dashes, e.g. frontier-politics")
    # a scenario's name is a few words ("High Noon with the Telegraph"): shown whole, not cut off
    name_box = w.Text(description="name", style=wide, layout=w.Layout(width="min(480px, 100%)"))
    players = w.IntRangeSlider(min=1, max=6, description="players", style=wide, layout=w.Layout(width="360px", min_width="300px"))
    reopen = w.Dropdown(options=[(names.name("scenario", s), s) for s in designer.own()], description="open scenario",
                        style=wide, layout=w.Layout(width="420px"), tooltip="reopen one of your saved scenarios to change it")
    reopen_button = w.Button(description="Open scenario", icon="folder-open")
    text_boxes = {
        "text": w.Textarea(description="text", style=wide, layout=w.Layout(width="min(760px, 100%)", height="60px")),
        "setup": w.Textarea(description="setup", style=wide, layout=w.Layout(width="min(760px, 100%)", height="60px")),
        "special_rules": w.Textarea(description="special rules", style=wide, layout=w.Layout(width="min(760px, 100%)", height="90px")),
        "end_game": w.Textarea(description="end of game", style=wide, layout=w.Layout(width="min(760px, 100%)", height="60px")),
        "placement_rules": w.Textarea(description="placement rules", style=wide,
                                      layout=w.Layout(width="min(760px, 100%)", height="40px")),
    }
    for key, area in text_boxes.items():
        area.continuous_update = False
        area.placeholder = "one paragraph" if key == "text" else "one per line"
    spec = designer.parameter_types()
    parameter = w.Dropdown(options=sorted(((p.about[:1].upper() + p.about[1:], p.name) for p in spec.values())),
                           description="parameter", style=wide, layout=w.Layout(width="min(760px, 100%)"))
    value_area = w.Box()
    set_parameter = w.Button(description="Set for this scenario", icon="check", layout=w.Layout(width="auto"))
    remove_parameter = w.Button(description="Remove", icon="minus", tooltip="back to the game's value")
    parameters_html = HTML()
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
    problems, diff, preview = HTML(), HTML(), w.Textarea(layout=w.Layout(width="min(860px, 100%)", height="220px"), disabled=True)
    folder_box = w.Text(value=str(folder or "../variants/house-rules"), description="save into", style=wide,
                        layout=w.Layout(width="min(640px, 100%)"))  # a whole folder path shows
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
            for key, area in text_boxes.items():
                value = designer.extra.get(key)
                shown = value if isinstance(value, str) else "\n".join(str(v) for v in value or [])
                if area.value != shown:
                    area.value = shown
            own = [(names.name("scenario", s), s) for s in designer.own()]
            if list(reopen.options) != own:
                reopen.options = own
            chosen = designer.extra.get("parameters") or {}
            rows = [{"parameter": Html(f"<span title='{html.escape(spec[n].about if n in spec else n)}'>"
                                       f"{html.escape(title(n))}</span>"), "value": show(v)} for n, v in chosen.items()]
            parameters_html.value = ("<b>Parameters this scenario sets</b>" + html_table(rows) if rows else
                                     "<p><i>This scenario sets no parameter: the game's values apply.</i></p>")
            problems.value = problems_table(designer.problems(folder_box.value or None), where="field")
            rows = designer.diff(against.value or None)
            other = names.name("scenario", against.value) if against.value else "the base game"
            if rows:
                kinds = {"variants": "variant", "decks": "deck"}
                def shown(r, key):
                    if r["slot"] == "parameters":
                        return show(r[key]) if r[key] is not None else "—"
                    return names.html(kinds.get(r["slot"], "action_space"), r[key]) if r[key] else "—"
                table = [{"where": (html.escape(names.name("action_space", r["slot"]) + " space") if r["slot"] not in kinds
                                    and r["slot"] != "parameters" else title(r["parameter"]) if r["slot"] == "parameters"
                                    else r["slot"][:-1]),
                          "this scenario": shown(r, "this scenario"), other: shown(r, "other"),
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

    def value_widget(*_):
        declared = spec.get(parameter.value)
        schema = declared.schema if declared else {}
        current = (designer.extra.get("parameters") or {}).get(parameter.value)
        if "enum" in schema:
            widget = w.Dropdown(options=[(str(v), v) for v in schema["enum"]], description="value", style=wide)
            if current in schema["enum"]:
                widget.value = current
        elif schema.get("type") == "boolean":
            widget = w.Checkbox(value=bool(current), description="yes", indent=False)
        elif schema.get("type") == "integer":
            low, high = schema.get("minimum", -10**6), schema.get("maximum", 10**6)
            widget = w.BoundedIntText(value=current if isinstance(current, int) and low <= current <= high else low,
                                      min=low, max=high, description="value", style=wide,
                                      tooltip=f"a whole number from {low} to {high}")
        else:
            widget = w.Text(value="" if current is None else show(current), description="value (YAML)", style=wide)
        hint = (f"a whole number from {schema['minimum']} to {schema['maximum']}" if schema.get("type") == "integer"
                else "one of the choices" if "enum" in schema else "yes or no" if schema.get("type") == "boolean"
                else "written as in YAML")
        value_area.children = [widget, HTML(f"<span style='color:#555;margin-left:8px'>{html.escape(hint)}</span>")]

    @guarded
    def on_set(_):
        widget = value_area.children[0]
        value = widget.value
        if isinstance(widget, w.Text):
            value = yaml.safe_load(value) if value.strip() else None
        designer.set_parameter(parameter.value, value)
        banner.info(f"{title(parameter.value)}: {show(value)} in this scenario")

    @guarded
    def on_remove(_):
        designer.remove_parameter(parameter.value)

    @guarded
    def on_reopen(_):
        if reopen.value is None:
            raise ValueError("there is no saved scenario of yours to open yet")
        designer.open(reopen.value)
        home = designer.home()
        if home is not None and folder_box.value.strip() != str(home):
            folder_box.value = str(home)   # saving back goes into its own folder, not the last one chosen
        banner.info(f"Opened {names.name('scenario', reopen.value)}",
                    "change it and save: saving into its folder replaces its file (after asking)")

    for key, area in text_boxes.items():
        area.observe(user(lambda c, key=key: designer.set_text(key, c["new"])), names="value")
    parameter.observe(lambda _: value_widget(), names="value")
    value_widget()
    set_parameter.on_click(on_set)
    remove_parameter.on_click(on_remove)
    reopen_button.on_click(on_reopen)
    against.observe(user(lambda _: redraw()), names="value")
    folder_box.observe(user(lambda _: redraw()), names="value")

    def saved(path):
        problems = designer.problems(folder_box.value.strip())
        errors = [p for p in problems if p.is_error]
        warnings = [p for p in problems if p.is_warning]
        if errors or warnings:
            banner.warning(f"Saved {path.name} with {len(errors)} error(s) and {len(warnings)} warning(s)", "see above")
        else:
            banner.saved(f"Saved {path.name}", f"in {Path(folder_box.value).name}/")

    def do_save():
        save_asking(lambda overwrite, confirmed: designer.save(confined(folder_box.value), overwrite=overwrite,
                                                               confirmed=confirmed),
                    banner, confirm, guarded, "scenario", saved)

    @guarded
    def on_save(_):
        confirm.cancel()
        do_save()

    save.on_click(on_save)
    designer.observe(redraw)
    redraw()
    wrap = w.Layout(flex_flow="row wrap")
    box = w.VBox([
        w.HBox([reopen, reopen_button], layout=wrap),
        w.HBox([id_box, name_box, players], layout=wrap), start,
        HTML("<i>Tick what your scenario uses.</i>"), w.HBox(columns, layout=wrap),
        HTML("<b>Texts</b> (what the scenario says; special rules, end of game and setup one per line)"),
        *text_boxes.values(),
        HTML("<b>Parameters</b> (the numbers and choices the rules leave to a scenario)"),
        parameter, w.HBox([value_area, set_parameter, remove_parameter], layout=wrap), parameters_html,
        HTML("<b>Problems</b>"), problems, against, diff,
        HTML("<b>The document that will be saved</b>"), preview,
        w.HBox([folder_box, save]), banner.widget, confirm.widget])
    box.designer, box.checks, box.start, box.against, box.save_button, box.folder = designer, checks, start, against, save, folder_box
    box.problems, box.diff, box.banner, box.confirm, box.messages = problems, diff, banner, confirm, banner
    box.id, box.name, box.players, box.redraw, box.preview = id_box, name_box, players, redraw, preview
    box.reopen, box.reopen_button, box.texts, box.parameter, box.value_area = reopen, reopen_button, text_boxes, parameter, value_area
    box.set_parameter, box.remove_parameter, box.parameters = set_parameter, remove_parameter, parameters_html
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
