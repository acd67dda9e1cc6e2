"""Editing a content file: a form generated from its kind's JSON Schema, a raw-YAML text area,
live validation, and a save that keeps the designer's comments, key order and formatting
(ruamel.yaml round-trip), writes atomically, and refuses to overwrite a file changed on disk."""
from __future__ import annotations

import hashlib
import io
from pathlib import Path

from ..content.library import Library, library_problems
from ..content.loader import load_text
from ..content.schemas import load_schemas
from ..content.validate import _merge_implicit, document_problems
from ..storage import atomic_write_text


class ConflictError(Exception):
    """The file changed on disk since it was opened: reload before saving."""


def _round_trip():
    from ruamel.yaml import YAML

    yaml = YAML()  # round-trip mode: comments, order and quoting are kept
    yaml.preserve_quotes = True
    yaml.width = 4096
    yaml.indent(mapping=2, sequence=4, offset=2)
    return yaml


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


class DocumentEditor:
    """One file of content, one document of it being edited (``index`` in its stream).

    Examples
    --------
    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "card.yaml"
    >>> _ = path.write_text("# my card\\nkind: card\\ngame: revolver\\nid: ace\\nname: Ace  # keep me\\n"
    ...                     "source: {document: house-rule}\\n")
    >>> editor = DocumentEditor(path)
    >>> editor.set_field(["name"], "Ace of Spades")
    >>> editor.save()
    >>> print(path.read_text())
    # my card
    kind: card
    game: revolver
    id: ace
    name: Ace of Spades  # keep me
    source: {document: house-rule}
    <BLANKLINE>
    """

    def __init__(self, path, index: int = 0, library: Library | None = None):
        self.path = Path(path)
        self.index = index
        self.library = library
        self.reload()

    # -- file ---------------------------------------------------------------------------------
    def reload(self) -> None:
        self.text = self.path.read_text(encoding="utf-8")
        self.opened_digest = _digest(self.text)

    def changed_on_disk(self) -> bool:
        return not self.path.exists() or _digest(self.path.read_text(encoding="utf-8")) != self.opened_digest

    def save(self) -> None:
        """Write the text back atomically; refuse when the file changed since it was opened."""
        if self.changed_on_disk():
            raise ConflictError(f"{self.path} changed on disk since it was opened: reload it (your edits would"
                                " overwrite someone else's)")
        atomic_write_text(self.path, self.text)
        self.opened_digest = _digest(self.text)

    # -- documents ----------------------------------------------------------------------------
    def documents(self):
        docs, problems = load_text(self.text, str(self.path))
        return docs, problems

    @property
    def data(self) -> dict:
        docs, _ = self.documents()
        return docs[self.index].data if self.index < len(docs) else {}

    @property
    def kind(self) -> str | None:
        return self.data.get("kind")

    def problems(self):
        """Live validation of the current text: loading, schema and (with a library) references."""
        docs, problems = self.documents()
        for doc in docs:
            problems.extend(document_problems(doc))
        if self.library is not None:
            others = [d for d in self.library.documents if Path(d.file).resolve() != self.path.resolve()]
            combined = Library.from_documents(others + docs)
            problems += [p for p in library_problems(combined) if p.file and Path(p.file).resolve() == self.path.resolve()]
        return sorted(_merge_implicit(problems), key=lambda p: p.sort_key())

    def set_text(self, text: str) -> None:
        self.text = text

    def set_field(self, path: list, value) -> None:
        """Change one field of the document, keeping comments and formatting of everything else."""
        yaml = _round_trip()
        streams = list(yaml.load_all(self.text))
        node = streams[self.index]
        for part in path[:-1]:
            node = node[part]
        if value in (None, "", []) and isinstance(path[-1], str):
            node.pop(path[-1], None)
        else:
            node[path[-1]] = value
        out = io.StringIO()
        yaml.dump_all(streams, out)
        self.text = out.getvalue()

    # -- the form -----------------------------------------------------------------------------
    def fields(self) -> list[dict]:
        """The kind's top-level fields as form field descriptions: name, widget, choices, value."""
        schema = load_schemas().get(self.kind or "", {})
        out = []
        for name, sub in schema.get("properties", {}).items():
            kind = _field_kind(sub)
            if kind is None:
                continue
            out.append({"name": name, "widget": kind, "choices": _choices(sub), "description": sub.get("description", ""),
                        "value": self.data.get(name), "required": name in schema.get("required", [])})
        return out


def _field_kind(schema: dict) -> str | None:
    if "const" in schema:
        return None
    if "enum" in schema:
        return "dropdown"
    types = schema.get("type")
    if types == "integer":
        return "int"
    if types == "boolean":
        return "checkbox"
    if types == "string":
        return "text"
    if types == "array" and schema.get("items", {}).get("type") == "string":
        return "list"
    if "oneOf" in schema and any(s.get("type") == "integer" for s in schema["oneOf"]):
        return "int-or-unknown"
    if "oneOf" in schema and any(s.get("type") == "string" for s in schema["oneOf"]):
        return "text"
    return None  # nested mappings are edited in the raw YAML


def _choices(schema: dict) -> list:
    return list(schema.get("enum", []))


def form(editor: DocumentEditor):
    """The ipywidgets form: one widget per field, a raw-YAML area, problems, Save and Reload."""
    import ipywidgets as w

    from .common import problems_table, shows_errors

    messages = w.Output()
    problems = w.HTML()
    raw = w.Textarea(value=editor.text, layout=w.Layout(width="100%", height="320px"))
    widgets = {}

    def refresh():
        problems.value = problems_table(editor.problems())
        if raw.value != editor.text:
            raw.value = editor.text

    def make(field):
        value = field["value"]
        desc = field["name"] + (" *" if field["required"] else "")
        style = {"description_width": "160px"}
        if field["widget"] == "dropdown":
            options = [""] + field["choices"]
            return w.Dropdown(options=options, value=value if value in options else "", description=desc, style=style)
        if field["widget"] == "int":
            return w.IntText(value=value if isinstance(value, int) else 0, description=desc, style=style)
        if field["widget"] == "checkbox":
            return w.Checkbox(value=bool(value), description=desc, style=style)
        if field["widget"] == "list":
            return w.Textarea(value="\n".join(value or []), description=desc, style=style,
                              placeholder="one item per line")
        return w.Text(value="" if value is None else str(value), description=desc, style=style)

    for field in editor.fields():
        widget = make(field)
        widget.tooltip = field["description"]
        widgets[field["name"]] = (field, widget)

        @shows_errors(messages)
        def changed(change, field=field):
            value = change["new"]
            if field["widget"] == "list":
                value = [line.strip() for line in value.splitlines() if line.strip()]
            if field["widget"] == "int-or-unknown":
                value = int(value) if str(value).strip().isdigit() else value
            editor.set_field([field["name"]], value)
            refresh()

        widget.observe(changed, names="value")

    @shows_errors(messages)
    def typed(change):
        editor.set_text(change["new"])
        problems.value = problems_table(editor.problems())

    raw.observe(typed, names="value")
    save = w.Button(description="Save", button_style="primary", icon="save")
    reload_ = w.Button(description="Reload from disk", icon="refresh")

    @shows_errors(messages)
    def on_save(_):
        messages.clear_output()
        try:
            editor.save()
        except ConflictError as exc:
            messages.append_stdout(f"not saved: {exc}" + "\n")
            return
        messages.append_stdout(f"saved {editor.path}" + "\n")

    @shows_errors(messages)
    def on_reload(_):
        editor.reload()
        raw.value = editor.text
        messages.clear_output()
        refresh()

    save.on_click(on_save)
    reload_.on_click(on_reload)
    refresh()
    box = w.VBox([w.HTML(f"<h4>{editor.path.name}: {editor.kind}</h4>"),
                  w.VBox([widget for _, widget in widgets.values()]),
                  w.HTML("<b>Raw YAML</b> (same live validation)"), raw, problems, w.HBox([save, reload_]), messages])
    box.editor, box.controls, box.raw, box.problems, box.messages = editor, widgets, raw, problems, messages
    box.save_button, box.reload_button = save, reload_
    return box


def picker(folder, library: Library | None = None):
    """Pick a file (and the document in it) under ``folder``; its form appears below."""
    import ipywidgets as w

    from ..content.validate import discover
    from .common import shows_errors

    folder = Path(folder)
    files = [Path(f) for f in discover([folder])]
    messages, area = w.Output(), w.VBox()
    choose = w.Dropdown(options=[(str(f.relative_to(folder)), f) for f in files], description="file",
                        layout=w.Layout(width="480px"))
    document = w.Dropdown(description="document")
    state = {"form": None}

    def open_document(*_):
        if choose.value is None:
            return
        editor = DocumentEditor(choose.value, document.value or 0, library=library)
        state["form"] = form(editor)
        area.children = [state["form"]]

    @shows_errors(messages)
    def on_file(change):
        docs, _ = load_text(Path(change["new"]).read_text(encoding="utf-8"), str(change["new"]))
        document.unobserve(on_document, names="value")
        document.options = [(f"{i + 1}: {d.kind} {d.id}", i) for i, d in enumerate(docs)] or [("(empty)", 0)]
        document.value = document.options[0][1]
        document.observe(on_document, names="value")
        open_document()

    @shows_errors(messages)
    def on_document(_):
        open_document()

    choose.observe(on_file, names="value")
    document.observe(on_document, names="value")
    if files:
        on_file({"new": files[0]})
    box = w.VBox([w.HBox([choose, document]), area, messages])
    box.file, box.document, box.area, box.messages, box.current = choose, document, area, messages, lambda: state["form"]
    return box
