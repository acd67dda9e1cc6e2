"""*New…*: a new action space, card, hex type, location or item from a form, not from YAML.

A designer picks a game and a kind; the form asks for what the kind's JSON Schema requires, then
for each option (an action space's or hex type's option, a location's action, an item's ability;
a card's effects directly) its text, its costs and gains in the game's resources, and its effects,
chosen from the game's effect vocabulary (:mod:`workbench.rules.effects`) with one field per
parameter the effect declares (typed, with its range or choices). The document is checked live as
``validate`` checks it, and saved into the designer's folder as tidy YAML they can go on editing
by hand (:mod:`workbench.notebook.editor`).

Nothing here knows a game or a kind by name: the kinds a game offers are those its vocabulary
plays effects on, and where the effects go in a kind is read from its schema.

>>> from workbench.notebook.common import library
>>> new = NewContent(library(), "dark-horse", "action_space")
>>> new.id, new.name = "telegraph", "Telegraph"
>>> new.entries[0]["text"] = "Pay 1 Silver. Draw 2 cards."
>>> new.set_goods(0, "cost", "silver", 1)
>>> new.add_effect(0, "draw-cards", draw=2)
>>> print(new.text().split("\\n", 1)[1])
kind: action_space
game: dark-horse
id: telegraph
name: Telegraph
source:
  document: house-rule
options:
- text: Pay 1 Silver. Draw 2 cards.
  cost:
    silver: 1
  effects:
  - effect: draw-cards
    draw: 2
<BLANKLINE>
"""
from __future__ import annotations

import json
from pathlib import Path

import yaml

from ..content.library import Library, check_duplicate_ids, check_references
from ..content.loader import load_text
from ..content.validate import document_problems
from ..core import storage
from ..core.errors import UsageError
from .common import HTML, Observable, WatchedList

#: Fields every document has; the form asks for them apart (or writes them itself).
OWN_FIELDS = ("kind", "game", "id", "name", "source")


def _schema(kind: str) -> dict:
    from ..core.paths import SCHEMAS
    return json.loads((Path(SCHEMAS) / f"{kind}.schema.json").read_text(encoding="utf-8"))


def _array(schema: dict) -> dict | None:
    """The array schema in ``schema`` (directly or as the first of its ``oneOf``)."""
    if schema.get("type") == "array":
        return schema
    return next((s for s in schema.get("oneOf", []) if isinstance(s, dict) and s.get("type") == "array"), None)


def entry_list(kind: str) -> str | None:
    """The field of ``kind`` holding its options (each with ``effects``), or ``None`` when the
    document holds ``effects`` itself (a card)."""
    properties = _schema(kind).get("properties", {})
    for name, schema in properties.items():
        array = _array(schema)
        items = (array or {}).get("items", {})
        if isinstance(items, dict) and "effects" in items.get("properties", {}):
            return name
    return None


def kinds_of(game: str) -> list[str]:
    """The kinds of document ``game``'s vocabulary plays effects on (that have a schema)."""
    from ..core.paths import SCHEMAS
    from ..rules.effects import vocabulary
    found = vocabulary(game)
    kinds = {k for e in (found.effects.values() if found else []) for k in e.kinds}
    return sorted(k for k in kinds if (Path(SCHEMAS) / f"{k}.schema.json").exists())


def games() -> list[str]:
    """The games with an effect vocabulary (their registry entries name one)."""
    from ..games import GAMES
    return sorted({entry.content_game for entry in GAMES.values() if entry.effects})


class NewContent(Observable):
    """A new document of ``kind`` for ``game``, built from choices (see the module's example)."""

    def __init__(self, library: Library, game: str, kind: str):
        if kind not in kinds_of(game):
            raise UsageError(f"{game} has no effects to play on a {kind.replace('_', ' ')}: "
                             f"choose one of {', '.join(kinds_of(game))}")
        self.library, self.game, self.kind = library, game, kind
        self.schema = _schema(kind)
        self.list_field = entry_list(kind)
        with self.batch():
            self.id, self.name = "", ""
            self.fields: dict = {}          # the other fields the kind's schema requires (``category``, ``type`` ...)
            self.entries = WatchedList([self._new_entry()], owner=self)

    def __setattr__(self, name, value):
        super().__setattr__(name, value)
        if name in ("id", "name"):
            self.changed()

    # -- what the kind asks for ---------------------------------------------------------------
    def required_fields(self) -> dict[str, dict]:
        """The fields beyond id and name the kind's schema requires: name -> its schema."""
        props = self.schema.get("properties", {})
        return {n: props.get(n, {}) for n in self.schema.get("required", []) if n not in OWN_FIELDS and n != self.list_field}

    def entry_schema(self) -> dict:
        """The schema of one option (or of the card itself when it has no options)."""
        if self.list_field is None:
            return self.schema
        return (_array(self.schema["properties"][self.list_field]) or {}).get("items", {})

    def entry_fields(self) -> dict[str, dict]:
        """An option's own fields the form asks for (its text, when it is used ...)."""
        schema = self.entry_schema()
        if self.list_field is None:
            return {}
        return {n: schema["properties"].get(n, {}) for n in schema.get("required", []) if n != "effects"}

    def goods(self) -> list[str]:
        """What a cost or a gain of an option may name: the game's resources."""
        from ..rules.effects import vocabulary
        props = self.entry_schema().get("properties", {})
        if "cost" not in props and "gain" not in props:
            return []
        return sorted(vocabulary(self.game).resources)

    def effects(self) -> list:
        """The game's effects that may be played on this kind (:class:`~workbench.rules.effects.Effect`),
        the ones the engine plays first."""
        from ..rules.effects import vocabulary
        found = [e for e in vocabulary(self.game).effects.values() if self.kind in e.kinds]
        return sorted(found, key=lambda e: (not e.played, e.name))

    def effect(self, name: str):
        from ..rules.effects import vocabulary
        found = vocabulary(self.game).effects.get(name)
        if found is None or self.kind not in found.kinds:
            from ..core.errors import NotFound
            raise NotFound("effect", name, [e.name for e in self.effects()], where=f"for a {self.kind.replace('_', ' ')}")
        return found

    # -- building it ----------------------------------------------------------------------------
    def _new_entry(self) -> dict:
        return {"text": "", "effects": []} if self.list_field is not None else {"effects": []}

    def add_entry(self) -> int:
        """Another option; returns its index."""
        self.entries.append(self._new_entry())
        return len(self.entries) - 1

    def remove_entry(self, index: int) -> None:
        if len(self.entries) > 1:
            del self.entries[index]

    def set_field(self, name: str, value) -> None:
        if value in (None, ""):
            self.fields.pop(name, None)
        else:
            self.fields[name] = value
        self.changed()

    def set_entry_field(self, index: int, name: str, value) -> None:
        entry = self.entries[index]
        if value in (None, ""):
            entry.pop(name, None)
        else:
            entry[name] = value
        self.changed()

    def set_goods(self, index: int, which: str, good: str, amount: int) -> None:
        """``which`` is ``cost`` or ``gain``; an amount of 0 takes the good away."""
        if which not in ("cost", "gain"):
            raise ValueError("goods are a cost or a gain")
        if good not in self.goods():
            raise ValueError(f"'{good}' is no resource of {self.game}")
        if not isinstance(amount, int) or isinstance(amount, bool) or amount < 0:
            raise ValueError(f"an amount is a whole number from 0, not {amount!r}")
        entry = self.entries[index]
        goods = dict(entry.get(which) or {})
        if amount:
            goods[good] = amount
        else:
            goods.pop(good, None)
        if goods:
            entry[which] = goods
        else:
            entry.pop(which, None)
        self.changed()

    def parameter_problems(self, effect: str, parameters: dict) -> list[str]:
        """What is wrong with ``parameters`` for ``effect``, in words (empty: nothing)."""
        from jsonschema import Draft202012Validator
        declared = self.effect(effect).parameters
        wrong = []
        for name, value in parameters.items():
            if name not in declared:
                wrong.append(f"{effect} has no parameter '{name}'" + (f" (it has {', '.join(declared)})" if declared else ""))
                continue
            for error in Draft202012Validator(declared[name]).iter_errors(value):
                wrong.append(f"{name}: {error.message}")
        return wrong

    def add_effect(self, index: int, effect: str, **parameters) -> None:
        """Add ``effect`` with ``parameters`` to option ``index`` (each checked against the effect's
        own schema: a wrong one is refused here, before anything is written)."""
        wrong = self.parameter_problems(effect, parameters)
        if wrong:
            raise ValueError("; ".join(wrong))
        self.entries[index].setdefault("effects", []).append({"effect": effect, **parameters})
        self.changed()

    def remove_effect(self, index: int, position: int) -> None:
        del self.entries[index]["effects"][position]
        self.changed()

    # -- the document -----------------------------------------------------------------------------
    def document(self) -> dict:
        doc = {"kind": self.kind, "game": self.game, "id": self.id, "name": self.name, **self.fields,
               "source": {"document": "house-rule"}}
        entries = []
        for entry in self.entries:
            tidy = {k: v for k, v in entry.items() if v not in (None, "", [], {})}
            order = ["text"] + [k for k in tidy if k not in ("text", "cost", "gain", "effects")] + ["cost", "gain", "effects"]
            entries.append({k: tidy[k] for k in order if k in tidy})
        if self.list_field is None:
            doc.update(entries[0])
        else:
            doc[self.list_field] = entries
        return doc

    def text(self, folder=None) -> str:
        from ..core.paths import VARIANTS, modeline
        return (modeline(self.kind, Path(folder or VARIANTS / "house-rules").resolve()) + "\n"
                + yaml.safe_dump(self.document(), sort_keys=False, allow_unicode=True, width=100))

    def problems(self, folder=None):
        """Problems of the document as it would be saved (into ``folder``): its own (the schema and
        the game's checks of effects), its references, and an id the library already has."""
        name = f"{self.id or 'new'}.yaml"
        docs, problems = load_text(self.text(folder), name)
        for doc in docs:
            problems.extend(document_problems(doc))
        combined = Library.from_documents(docs + list(self.library.documents))
        problems += [p for p in check_references(combined) if p.file == name]
        problems += [p for p in check_duplicate_ids(Library.from_documents(list(self.library.documents) + docs))
                     if p.file == name]
        return [p for p in problems if p.file == name]

    def save(self, folder, *, overwrite: bool | str = False, confirmed: bool = False) -> Path:
        """Write ``folder/<id>.yaml`` (never over a file without ``overwrite``; with errors only
        ``confirmed``). Raises as :meth:`workbench.notebook.scenario.ScenarioDesigner.save`."""
        from .editor import NeedsConfirmation
        path = storage.path_for_id(folder, self.id)
        errors = [p for p in self.problems(folder) if p.is_error]
        if errors and not confirmed:
            raise NeedsConfirmation(path, [f"the {self.kind.replace('_', ' ')} has {len(errors)} error"
                                           f"{'s' * (len(errors) != 1)}"])
        return storage.create(path, self.text(folder), overwrite=overwrite)


# -- the panel ------------------------------------------------------------------------------------

def _parameter_widget(name: str, schema: dict):
    """One widget for an effect's parameter, of its type and range (``value`` reads it)."""
    import ipywidgets as w
    about = schema.get("description") or name.replace("_", " ")
    style = {"description_width": "130px"}
    label = name.replace("_", " ")
    if "enum" in schema:
        widget = w.Dropdown(options=[(str(v), v) for v in schema["enum"]], description=label, style=style)
    elif schema.get("type") == "boolean":
        widget = w.Checkbox(value=False, description=label, indent=False)
    elif schema.get("type") == "integer":
        low, high = schema.get("minimum", 0), schema.get("maximum", 10**6)
        widget = w.BoundedIntText(value=max(low, min(1, high)), min=low, max=high, description=label, style=style)
        about += f" (a whole number from {low} to {high})"
    elif schema.get("type") == "string":
        widget = w.Text(description=label, style=style)
    else:   # a list or a mapping: written as in YAML
        widget = w.Text(description=label + " (YAML)", style=style)
        widget.yaml = True
    widget.tooltip = about
    widget.parameter = name
    return widget


def _parameter_value(widget):
    if getattr(widget, "yaml", False):
        return yaml.safe_load(widget.value) if widget.value.strip() else None
    if hasattr(widget, "options") or widget.__class__.__name__ in ("Checkbox", "BoundedIntText"):
        return widget.value
    return widget.value if widget.value != "" else None


def new_content_widget(library: Library, folder=None, *, game: str | None = None, kind: str | None = None):
    """The *New…* panel: pick a game and a kind, fill in the form, save into ``folder``."""
    import html

    import ipywidgets as w

    from .common import Banner, Confirm, Names, problems_table, shows_errors
    from .editor import _choices, _field_kind, save_asking

    banner = Banner()
    confirm = Confirm(banner)
    guarded = shows_errors(banner)
    wide = {"description_width": "130px"}
    state = {"new": None, "drawing": False}

    choices = [g for g in games() if kinds_of(g)]
    game_box = w.Dropdown(options=[(Names(library, g).name("game", g), g) for g in choices], value=game or choices[0],
                          description="game", style=wide)
    kind_box = w.Dropdown(description="what", style=wide)
    id_box = w.Text(description="id", style=wide, tooltip="lowercase words joined by dashes, e.g. telegraph-office")
    name_box = w.Text(description="name", style=wide)
    fields_box, entries_box = w.VBox(), w.VBox()
    effect_box = w.Dropdown(description="effect", style=wide, layout=w.Layout(width="min(560px, 100%)"))
    about = HTML()
    params_box = w.VBox()
    entry_box = w.Dropdown(description="to option", style=wide)
    add_effect = w.Button(description="Add effect", icon="plus")
    good_box = w.Dropdown(description="resource", style=wide)
    amount_box = w.BoundedIntText(value=1, min=0, max=99, description="amount", style=wide, layout=w.Layout(width="220px"))
    add_cost, add_gain = w.Button(description="Add to cost", icon="minus"), w.Button(description="Add to gain", icon="plus")
    add_entry = w.Button(description="Add another option", icon="plus")
    problems, preview = HTML(), w.Textarea(layout=w.Layout(width="min(860px, 100%)", height="220px"), disabled=True)
    folder_box = w.Text(value=str(folder or ""), description="save into", style=wide, layout=w.Layout(width="min(640px, 100%)"))
    save = w.Button(description="Save", button_style="primary", icon="save")
    goods_row = w.HBox([good_box, amount_box, add_cost, add_gain], layout=w.Layout(flex_flow="row wrap"))

    def words(text) -> str:
        return str(text).replace("_", " ").replace("-", " ")

    def start(_=None):
        kinds = kinds_of(game_box.value)
        options = [(words(k).capitalize(), k) for k in kinds]
        if list(kind_box.options) != options:
            state["drawing"] = True
            kind_box.options = options
            kind_box.value = kind if kind in kinds else kinds[0]
            state["drawing"] = False
        new = NewContent(library, game_box.value, kind_box.value)
        new.id, new.name = id_box.value.strip(), name_box.value
        state["new"] = new
        new.observe(redraw)
        fields = []
        for field, schema in new.required_fields().items():
            kind_of = _field_kind(schema)
            if kind_of == "dropdown":
                widget = w.Dropdown(options=[""] + _choices(schema), description=words(field), style=wide)
            elif kind_of in ("int", "int-or-unknown"):
                widget = w.IntText(value=0, description=words(field), style=wide)
            else:
                widget = w.Text(description=words(field), style=wide)
            widget.tooltip = schema.get("description", "")
            widget.observe(guarded(lambda c, field=field: new.set_field(field, c["new"])), names="value")
            if kind_of in ("int", "int-or-unknown"):
                new.fields[field] = 0
            fields.append(widget)
        fields_box.children = fields
        effects = new.effects()
        effect_box.options = [(e.name.replace("-", " ") + ("" if e.played else " (not played)"), e.name) for e in effects]
        goods = new.goods()
        good_box.options = [(words(g), g) for g in goods]
        goods_row.layout.display = "flex" if goods else "none"
        add_entry.layout.display = "inline-flex" if new.list_field else "none"
        parameters()
        redraw()

    def parameters(_=None):
        new = state["new"]
        if new is None or not effect_box.value:
            params_box.children, about.value = [], ""
            return
        effect = new.effect(effect_box.value)
        about.value = (f"<p style='margin:2px 0 2px 136px;color:#555'>{html.escape(effect.about)}"
                       + ("" if effect.played else f" <i>Not played by the engine: {html.escape(effect.reason)}</i>")
                       + "</p>")
        params_box.children = [_parameter_widget(n, s) for n, s in effect.parameters.items()]

    def entry_widgets(new):
        rows = []
        for i, entry in enumerate(new.entries):
            label = (f"<b>Option {i + 1}</b>" if new.list_field else "<b>The card</b>")
            parts = [HTML(label)]
            for field, schema in new.entry_fields().items():
                if _field_kind(schema) == "dropdown":
                    widget = w.Dropdown(options=[""] + _choices(schema), value=entry.get(field, "") if entry.get(field, "")
                                        in _choices(schema) else "", description=words(field), style=wide)
                else:
                    widget = w.Text(value=str(entry.get(field, "")), description=words(field), style=wide,
                                    layout=w.Layout(width="min(760px, 100%)"),
                                    placeholder="the option as your rules word it" if field == "text" else "")
                    widget.continuous_update = False
                widget.tooltip = schema.get("description", "")
                widget.observe(guarded(lambda c, i=i, field=field: new.set_entry_field(i, field, c["new"])), names="value")
                parts.append(widget)
            goods = "; ".join(f"{which} " + ", ".join(f"{n} {words(g)}" for g, n in entry[which].items())
                              for which in ("cost", "gain") if entry.get(which))
            if goods:
                parts.append(HTML(f"<span style='margin-left:136px'>{html.escape(goods)}</span>"))
            for k, effect in enumerate(entry.get("effects") or []):
                shown = ", ".join(f"{words(p)} {v}" for p, v in effect.items() if p != "effect")
                remove = w.Button(description="Remove", icon="minus", layout=w.Layout(width="auto"),
                                  tooltip=f"take {words(effect['effect'])} off option {i + 1}")
                remove.on_click(guarded(lambda _, i=i, k=k: new.remove_effect(i, k)))
                parts.append(w.HBox([HTML(f"<span style='margin-left:136px'>effect: <b>{html.escape(words(effect['effect']))}"
                                          f"</b>{(' (' + html.escape(shown) + ')') if shown else ''}</span>"), remove]))
            rows.append(w.VBox(parts, layout=w.Layout(border="1px solid #ddd", padding="4px", margin="2px 0")))
        return rows

    def redraw(_=None):
        new = state["new"]
        if new is None:
            return
        # the options' widgets are made anew only when the options changed: a redraw for another
        # change (the name typed just before) would put fresh boxes in place of the one being typed
        # in, and what was typed there was lost
        shown = (id(new), json.dumps([new.entries, list(new.entry_fields())], sort_keys=True, default=str))
        if state.get("entries") != shown:
            entries_box.children = entry_widgets(new)
            state["entries"] = shown
        options = [(f"option {i + 1}", i) for i in range(len(new.entries))] if new.list_field else [("the card", 0)]
        if list(entry_box.options) != options:
            entry_box.options = options
        entry_box.layout.display = "flex" if new.list_field else "none"
        problems.value = problems_table(new.problems(folder_box.value.strip() or None), where="field")
        preview.value = new.text(folder_box.value.strip() or None)

    @guarded
    def on_add_effect(_):
        confirm.cancel()
        new = state["new"]
        values = {wd.parameter: _parameter_value(wd) for wd in params_box.children}
        new.add_effect(entry_box.value or 0, effect_box.value, **{k: v for k, v in values.items() if v is not None})
        banner.info(f"Added {words(effect_box.value)}", f"to option {(entry_box.value or 0) + 1}" if new.list_field else "")

    def goods_handler(which):
        @guarded
        def run(_):
            confirm.cancel()
            state["new"].set_goods(entry_box.value or 0, which, good_box.value, int(amount_box.value))
        return run

    @guarded
    def on_add_entry(_):
        confirm.cancel()
        index = state["new"].add_entry()
        entry_box.value = index

    def on_identity(change):
        new = state["new"]
        if new is not None:
            new.id, new.name = id_box.value.strip(), name_box.value

    def saved(path):
        errors = [p for p in state["new"].problems(folder_box.value.strip()) if p.is_error]
        if errors:
            banner.warning(f"Saved {path.name} with {len(errors)} error(s)", "see the problems above")
        else:
            banner.saved(f"Saved {path.name}", f"in {Path(folder_box.value).name}/: it is in your library the next "
                                               "time a panel opens your folder")

    @guarded
    def on_save(_):
        confirm.cancel()
        if not folder_box.value.strip():
            raise UsageError("choose the folder to save into (your own folder)")
        save_asking(lambda overwrite, confirmed: state["new"].save(folder_box.value.strip(), overwrite=overwrite,
                                                                   confirmed=confirmed),
                    banner, confirm, guarded, words(state["new"].kind), saved)

    game_box.observe(guarded(lambda _: start()), names="value")
    kind_box.observe(guarded(lambda _: None if state["drawing"] else start()), names="value")
    effect_box.observe(lambda _: parameters(), names="value")
    id_box.observe(on_identity, names="value")
    name_box.observe(on_identity, names="value")
    folder_box.observe(lambda _: redraw(), names="value")
    add_effect.on_click(on_add_effect)
    add_cost.on_click(goods_handler("cost"))
    add_gain.on_click(goods_handler("gain"))
    add_entry.on_click(on_add_entry)
    save.on_click(on_save)
    start()
    wrap = w.Layout(flex_flow="row wrap")
    box = w.VBox([
        HTML("<b>New…</b> an action space, card, hex type, location or item, from a form"),
        w.HBox([game_box, kind_box], layout=wrap), w.HBox([id_box, name_box], layout=wrap), fields_box,
        entries_box, add_entry,
        HTML("<b>Add to an option</b>: costs and gains in the game's resources, effects from its vocabulary"),
        entry_box, goods_row, effect_box, about, params_box, add_effect,
        HTML("<b>Problems</b>"), problems, HTML("<b>The document that will be saved</b>"), preview,
        w.HBox([folder_box, save], layout=wrap), banner.widget, confirm.widget])
    box.add_class("wb-new")
    box.new = lambda: state["new"]
    box.game, box.kind, box.id, box.name, box.fields = game_box, kind_box, id_box, name_box, fields_box
    box.entries, box.entry, box.effect, box.parameters, box.add_effect = entries_box, entry_box, effect_box, params_box, add_effect
    box.good, box.amount, box.add_cost, box.add_gain, box.add_entry = good_box, amount_box, add_cost, add_gain, add_entry
    box.problems, box.preview, box.folder, box.save_button, box.banner, box.confirm = (problems, preview, folder_box, save,
                                                                                   banner, confirm)
    return box
