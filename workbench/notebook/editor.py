"""Editing a content file: a form generated from its kind's JSON Schema, a raw-YAML area, live
validation, and saves that cannot destroy.

A form edit rewrites only the edited value (:mod:`.yamledit`): comments, their padding, quoting,
``- x`` at column 0, CRLF line endings and a byte-order mark stay byte for byte. The form and the
save address a document by its place in the file's stream, counting empty and broken documents,
so "document 2" is the same document for both. Saving compares the file on disk with what was
opened and writes in one step under a lock (:func:`workbench.core.storage.replace`): a file changed on
disk, even only in its line endings, is never overwritten. Content with errors, and the published
games' own files, are saved only after the designer confirms; *Save as* writes one document to a
new file with a new id: the way to fork a published document.
"""
from __future__ import annotations

import html
from dataclasses import dataclass, field
from pathlib import Path

from ..core import storage
from ..content.library import Library
from ..app.checks import library_problems
from ..content.loader import load_text
from ..content.schemas import load_schemas
from ..content.validate import _merge_implicit, document_problems
from ..core.errors import UsageError
from ..core.paths import VARIANTS, modeline
from .common import HTML, Observable, confined
from .yamledit import EditError, document_text, newline_of, remove_value, set_value

ConflictError = storage.ChangedOnDisk  # the name earlier notebooks used


class NeedsConfirmation(storage.SaveRefused):
    """The save would keep content with errors, or change a published game's file: ask first.
    ``reasons`` lists what the designer is asked to accept."""

    def __init__(self, path, reasons: list[str]):
        self.reasons = reasons
        super().__init__("; ".join(reasons), path, "fix it first, or confirm to save anyway")


def save_asking(save, banner, confirm, guarded, what: str, on_saved) -> None:
    """Run ``save(overwrite, confirmed)`` for a panel's Save button, asking first where a save
    would keep errors (:class:`NeedsConfirmation`) or replace a file (:class:`storage.FileExists`);
    the "Replace it" answer is bound to the content found, so it never covers a later change.
    ``on_saved(path)`` tells the designer what was saved."""
    def attempt(overwrite=False, confirmed=False):
        try:
            path = save(overwrite, confirmed)
        except NeedsConfirmation as exc:
            banner.warning("Not saved yet", "; ".join(exc.reasons) + " (listed above).")
            confirm.ask("Save it anyway?", "Save anyway", guarded(lambda: attempt(overwrite, True)))
            return
        except storage.FileExists as exc:
            banner.refused(f"Not saved: {exc}", f"give your {what} another id, or replace that file")
            confirm.ask(f"Replace the existing {exc.path.name}? Everything in it will be lost.", "Replace it",
                        guarded(lambda found=exc.digest: attempt(found, confirmed)))
            return
        on_saved(path)
    attempt()


@dataclass
class Saved:
    """What a save did: where it wrote, and the problems the saved content still has."""

    path: Path
    problems: list = field(default_factory=list)

    @property
    def errors(self) -> list:
        return [p for p in self.problems if p.is_error]

    @property
    def warnings(self) -> list:
        return [p for p in self.problems if p.is_warning]   # a note is neither


def is_published(path) -> bool:
    """A file of the published games' library shipped with the workbench (not its house rules)."""
    try:
        relative = Path(path).resolve().relative_to(VARIANTS.resolve())
    except ValueError:
        return False
    return relative.parts[:1] != ("house-rules",)


class DocumentEditor(Observable):
    """One file of content, one document of it being edited (``index``: its place in the stream).

    Examples
    --------
    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "card.yaml"
    >>> _ = path.write_text("# my card\\nkind: card\\ngame: revolver\\nid: ace\\nname: Ace  # keep me\\n"
    ...                     "source: {document: house-rule}\\n")
    >>> editor = DocumentEditor(path)
    >>> editor.set_field(["name"], "Ace of Spades")
    >>> _ = editor.save()
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

    @classmethod
    def for_id(cls, path, id: str, library: Library | None = None) -> "DocumentEditor":
        """The editor of the document with ``id`` in the file ``path``."""
        editor = cls(path, 0, library)
        found = [index for index, document in editor.stream() if document is not None and document.id == id]
        if not found:
            from ..core.errors import NotFound
            raise NotFound("document", id, [d.id for _, d in editor.stream() if d is not None and isinstance(d.id, str)],
                           where=f"in {Path(path).name}")
        editor.index = found[0]
        editor.changed()
        return editor

    # -- the file -----------------------------------------------------------------------------
    def reload(self) -> None:
        """Read the file again, dropping unsaved edits."""
        snapshot = storage.read(self.path)
        try:
            raw = snapshot.data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise UsageError(f"{self.path.name} is not UTF-8 text (byte {exc.start + 1}): save it as UTF-8 first") from None
        self.bom = raw.startswith("\ufeff")
        self.text = raw[1:] if self.bom else raw  # the text without its BOM, line endings as in the file
        self.opened_text, self.opened_digest = self.text, snapshot.digest
        self.edits: list[tuple[list, object]] = []  # field edits since opening, replayable on a newer file
        self.raw_edited = False
        self.changed()

    @property
    def newline(self) -> str:
        return newline_of(self.opened_text or self.text)

    @property
    def published(self) -> bool:
        return is_published(self.path)

    @property
    def dirty(self) -> bool:
        return self.text != self.opened_text

    def file_bytes(self) -> bytes:
        return (("\ufeff" if self.bom else "") + self.text).encode("utf-8")

    def changed_on_disk(self) -> bool:
        try:
            return storage.read(self.path).digest != self.opened_digest
        except FileNotFoundError:
            return True

    def save(self, *, confirmed: bool = False) -> Saved:
        """Write the text back, only over the very bytes that were opened.

        Raises
        ------
        NeedsConfirmation
            The content has errors, or the file is a published game's, and ``confirmed`` is False.
        workbench.core.storage.ChangedOnDisk
            The file changed on disk since it was opened (line endings included).
        """
        problems = self.problems()
        reasons = self._reasons_to_ask(problems)
        if reasons and not confirmed:
            raise NeedsConfirmation(self.path, reasons)
        storage.replace(self.path, self.file_bytes(), self.opened_digest)
        self.opened_text, self.opened_digest = self.text, storage.digest(self.file_bytes())
        self.edits, self.raw_edited = [], False
        self.changed()
        return Saved(self.path, problems)

    def _reasons_to_ask(self, problems) -> list[str]:
        reasons = []
        errors = sum(1 for p in problems if p.is_error)
        if errors:
            reasons.append(f"the content has {errors} error{'s' * (errors != 1)}")
        if self.published:
            reasons.append(f"{self.path.name} is a published game's file (use Save as to fork it)")
        return reasons

    def reapply_on_disk(self) -> None:
        """Reload the file as it is now on disk and apply this session's form edits to it again
        (for after a refused save). Refused when the raw YAML was edited by hand, or when the
        other change touched a field edited here."""
        if self.raw_edited:
            raise EditError("the raw YAML was edited by hand: those edits cannot be re-applied; copy them, reload, and paste")
        edits, base = list(self.edits), self.opened_text
        snapshot = storage.read(self.path)
        theirs = snapshot.data.decode("utf-8")
        bom, theirs = theirs.startswith("\ufeff"), theirs.lstrip("\ufeff")
        for path, _ in edits:
            if _value_at(base, self.index, path) != _value_at(theirs, self.index, path):
                raise EditError(f"the other change also edited {'.'.join(map(str, path))}: reload and edit it again")
        text = theirs
        for path, value in edits:
            text = _edit(text, self.index, path, value)
        self.bom, self.opened_text, self.opened_digest = bom, theirs, snapshot.digest
        self.text, self.edits = text, edits
        self.changed()

    def save_as(self, folder, new_id: str, *, overwrite: bool | str = False, name: str | None = None) -> Path:
        """Write this document alone to ``folder/<new_id>.yaml`` with id ``new_id``: the way to
        fork a document (a published one included). A copy of a published text becomes a house
        rule that says what it is based on. The editor then edits the new file.

        Raises
        ------
        workbench.core.storage.FileExists
            A file of that name exists (pass ``overwrite=exc.digest`` once the designer agreed).
        """
        path = storage.path_for_id(folder, new_id)
        data = self.data or {}
        body = document_text(self.text, self.index)
        body = set_value(body, 0, ["id"], new_id)
        if name:
            body = set_value(body, 0, ["name"], name)
        source = data.get("source") if isinstance(data.get("source"), dict) else {}
        if source.get("document") != "house-rule":
            based_on = f"based on {data.get('name') or data.get('id')}"
            if source.get("document"):
                based_on += f" ({source['document']}" + (f": {source['section']}" if source.get("section") else "") + ")"
            body = set_value(body, 0, ["source"], {"document": "house-rule", "section": based_on})
        nl = newline_of(body)
        text = modeline(data.get("kind") or "document", Path(folder).resolve()) + nl + body
        written = storage.create(path, text.encode("utf-8"), overwrite=overwrite)
        self.path, self.index = Path(path), 0
        self.reload()
        return written

    # -- documents ----------------------------------------------------------------------------
    def documents(self):
        return load_text(self.text, str(self.path))

    def stream(self) -> list[tuple[int, object]]:
        """Every document slot of the file as (index, Document or None when it cannot be used)."""
        docs, _ = self.documents()
        by_index = {d.index: d for d in docs}
        last = max(by_index, default=-1)
        return [(i, by_index.get(i)) for i in range(last + 1)]

    @property
    def document(self):
        """The loaded document at ``index`` (None when that document is empty or broken)."""
        docs, _ = self.documents()
        return next((d for d in docs if d.index == self.index), None)

    @property
    def data(self) -> dict | None:
        document = self.document
        return document.data if document is not None else None

    @property
    def kind(self) -> str | None:
        return (self.data or {}).get("kind")

    def problems(self):
        """Live validation of the current text: loading, schema and (with a library) references."""
        docs, problems = self.documents()
        for doc in docs:
            problems.extend(document_problems(doc))
        if self.library is not None:
            mine = self.path.resolve()
            others = [d for d in self.library.documents if Path(d.file).resolve() != mine]
            combined = Library.from_documents(others + docs)
            problems += [p for p in library_problems(combined) if p.file and Path(p.file).resolve() == mine]
        return sorted(_merge_implicit(problems), key=lambda p: p.sort_key())

    def display_text(self) -> str:
        """The text as a text area shows it (line breaks as ``\\n``)."""
        return self.text.replace("\r\n", "\n").replace("\r", "\n")

    def set_text(self, text: str) -> None:
        """Replace the whole text (the raw-YAML area). Line breaks follow the file's own style."""
        text = text.lstrip("\ufeff")
        if self.newline != "\n":
            text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\n", self.newline)
        if text == self.text:
            return
        self.text, self.raw_edited = text, True
        self.changed()

    def set_field(self, path: list, value) -> None:
        """Change one field of the document; nothing else in the file changes. An empty value
        (None, "", []) removes the field."""
        text = _edit(self.text, self.index, list(path), value)
        if text == self.text:
            return
        self.text = text
        self.edits.append((list(path), value))
        self.changed()

    # -- the form -----------------------------------------------------------------------------
    def fields(self) -> list[dict]:
        """The kind's top-level fields as form field descriptions: name, widget, choices, value."""
        schema = load_schemas().get(self.kind or "", {})
        data = self.data or {}
        out = []
        for name, sub in schema.get("properties", {}).items():
            kind = _field_kind(sub)
            if kind is None:
                continue
            out.append({"name": name, "widget": kind, "choices": _choices(sub), "description": sub.get("description", ""),
                        "value": data.get(name), "required": name in schema.get("required", [])})
        return out


def _edit(text: str, index: int, path: list, value) -> str:
    if value in (None, "", []) and isinstance(path[-1], str):
        return remove_value(text, index, path)
    return set_value(text, index, path, value)


def _value_at(text: str, index: int, path: list):
    docs, _ = load_text(text)
    node = next((d.data for d in docs if d.index == index), None)
    for part in path:
        if isinstance(node, dict):
            node = node.get(part)
        elif isinstance(node, list) and isinstance(part, int) and -len(node) <= part < len(node):
            node = node[part]
        else:
            return None
    return node


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


def _widget_value(field, value):
    """A document value as its form widget shows it."""
    kind = field["widget"]
    if kind == "dropdown":
        return value if value in field["choices"] else ""
    if kind == "int":
        return value if isinstance(value, int) and not isinstance(value, bool) else 0
    if kind == "checkbox":
        return bool(value)
    if kind == "list":
        return "\n".join(str(v) for v in value) if isinstance(value, list) else ("" if value is None else str(value))
    return "" if value is None else str(value)


def _document_value(field, value):
    """A form widget's value as the document should hold it."""
    kind = field["widget"]
    if kind == "list":
        return [line.strip() for line in value.splitlines() if line.strip()]
    if kind == "int-or-unknown":
        text = str(value).strip()
        return int(text) if text.lstrip("-").isdigit() else text
    return value


def form(editor: DocumentEditor, save_into=None):
    """The ipywidgets form: one widget per field, a raw-YAML area, problems, Save, Save as (into
    ``save_into``, default the file's own folder) and Reload. Everything is redrawn from ``editor`` whenever it changes (a click here or code in a
    cell), so the form, the raw YAML and the file on disk never disagree."""
    import ipywidgets as w

    from .common import Banner, Confirm, problems_table, shows_errors

    banner = Banner()
    confirm = Confirm(banner)
    title, note, problems = HTML(), HTML(), HTML()
    fields_box = w.VBox()
    raw = w.Textarea(layout=w.Layout(width="100%", height="320px"))
    controls: dict[str, tuple[dict, object]] = {}
    state = {"drawing": False, "kind": object()}
    style = {"description_width": "160px"}

    def make(field):
        desc = field["name"] + (" *" if field["required"] else "")
        value = _widget_value(field, field["value"])
        if field["widget"] == "dropdown":
            widget = w.Dropdown(options=[""] + field["choices"], value=value, description=desc, style=style)
        elif field["widget"] == "int":
            widget = w.IntText(value=value, description=desc, style=style)
        elif field["widget"] == "checkbox":
            widget = w.Checkbox(value=value, description=desc, style=style)
        elif field["widget"] == "list":
            widget = w.Textarea(value=value, description=desc, style=style, placeholder="one item per line")
        else:   # as wide as the panel: a note or a card's text is a sentence, not a word
            widget = w.Text(value=value, description=desc, style=style, layout=w.Layout(width="95%"))
        widget.tooltip = field["description"]

        @shows_errors(banner)
        def edit(change):
            confirm.cancel()
            editor.set_field([field["name"]], _document_value(field, change["new"]))

        widget.observe(lambda change: None if state["drawing"] else edit(change), names="value")
        return widget

    def redraw(_=None):
        state["drawing"] = True
        try:
            kind = editor.kind
            where = f"document {editor.index + 1} of " if len(editor.stream()) > 1 else ""
            title.value = f"<h4 style='margin:4px 0'>{where}{html.escape(editor.path.name)}: {html.escape(str(kind or 'not a form-editable document'))}</h4>"
            fields = editor.fields()
            if kind != state["kind"]:
                controls.clear()
                for field in fields:
                    controls[field["name"]] = (field, make(field))
                fields_box.children = [widget for _, widget in controls.values()]
                state["kind"] = kind
            for field in fields:
                if field["name"] in controls:
                    widget = controls[field["name"]][1]
                    value = _widget_value(controls[field["name"]][0], field["value"])
                    if widget.value != value:
                        widget.value = value
            if editor.data is None:
                note.value = ("<p><i>This document cannot be shown as a form (it is empty or its YAML has errors):"
                              " edit it in the raw YAML below.</i></p>")
            elif editor.published:
                note.value = ("<p><i>This is a published game's document. To make your own version, use <b>Save as</b>"
                              " with a new id.</i></p>")
            else:
                note.value = ""
            if raw.value != editor.display_text():
                raw.value = editor.display_text()
            problems.value = problems_table(editor.problems())
        finally:
            state["drawing"] = False

    @shows_errors(banner)
    def typed(change):
        confirm.cancel()
        editor.set_text(change["new"])

    raw.observe(lambda change: None if state["drawing"] else typed(change), names="value")
    save = w.Button(description="Save", button_style="primary", icon="save")
    reload_ = w.Button(description="Reload from disk", icon="refresh")
    reapply = w.Button(description="Reload and re-apply my edits", layout=w.Layout(display="none", width="auto"))
    folder = w.Text(value=str(save_into or editor.path.parent), description="save as into", style={"description_width": "90px"},
                    layout=w.Layout(width="420px"))
    new_id = w.Text(placeholder="new-id", description="with id", style={"description_width": "60px"})
    save_as = w.Button(description="Save as new file", icon="copy")

    def report(saved: Saved):
        if saved.errors:
            banner.warning(f"Saved {saved.path.name} with {len(saved.errors)} error(s)",
                           "you chose to save it anyway; the problems are listed above")
        elif saved.warnings:
            banner.warning(f"Saved {saved.path.name} with {len(saved.warnings)} warning(s)", "see the problems above")
        else:
            banner.saved(f"Saved {saved.path.name}", "no problems")

    def do_save(confirmed=False):
        reapply.layout.display = "none"
        confined(editor.path)       # in an app: only a file inside the folders it was started with
        try:
            report(editor.save(confirmed=confirmed))
        except NeedsConfirmation as exc:
            banner.warning("Not saved yet", "; ".join(exc.reasons) + ".")
            confirm.ask("Save anyway?", "Save anyway", guarded(lambda: do_save(confirmed=True)))
        except storage.ChangedOnDisk as exc:
            banner.refused(f"Not saved: {exc}", "Your edits are still here. Reload to see the other change"
                           + (", or re-apply your form edits on top of it." if not editor.raw_edited else "."))
            if not editor.raw_edited:
                reapply.layout.display = "flex"

    guarded = shows_errors(banner)

    @guarded
    def on_save(_):
        confirm.cancel()
        do_save()

    @guarded
    def on_reload(_):
        def go():
            editor.reload()
            reapply.layout.display = "none"
            banner.info(f"Reloaded {editor.path.name} from disk")
        confirm.cancel()
        if editor.dirty:
            confirm.ask("Reloading drops your unsaved edits. Reload?", "Reload", guarded(go))
        else:
            go()

    @guarded
    def on_reapply(_):
        editor.reapply_on_disk()
        reapply.layout.display = "none"
        banner.info("Your form edits are applied to the file as it is now on disk", "press Save to write them")

    @guarded
    def on_save_as(_):
        confirm.cancel()
        def go(overwrite=False):
            written = editor.save_as(confined(folder.value), new_id.value.strip(), overwrite=overwrite)
            banner.saved(f"Saved as {written.name}", "you are now editing the new file")
        try:
            go()
        except storage.FileExists as exc:
            banner.refused(f"Not saved: {exc}", "choose another id, or replace that file")
            confirm.ask(f"Replace the existing {exc.path.name}? Its content will be lost.", "Replace it",
                        guarded(lambda found=exc.digest: go(overwrite=found)))

    save.on_click(on_save)
    reload_.on_click(on_reload)
    reapply.on_click(on_reapply)
    save_as.on_click(on_save_as)
    editor.observe(redraw)
    redraw()
    box = w.VBox([title, note, fields_box, HTML("<b>Raw YAML</b> (the same document; edits here are validated too)"),
                  raw, problems, w.HBox([save, reload_, reapply]), banner.widget, confirm.widget,
                  w.HBox([folder, new_id, save_as])])
    box.editor, box.controls, box.raw, box.problems = editor, controls, raw, problems
    box.banner, box.confirm, box.messages = banner, confirm, banner
    box.save_button, box.reload_button, box.reapply_button = save, reload_, reapply
    box.save_as_folder, box.save_as_id, box.save_as_button = folder, new_id, save_as
    box.redraw = redraw
    return box


def picker(folder, library: Library | None = None, start=None, save_into=None):
    """Pick a file (and the document in it) under ``folder`` (a folder, or a list of them: the
    designer's folders and the published games); its form appears below and edits that file
    itself. ``start`` is the file opened first (default: the first file). ``save_into`` is the
    folder *Save as* offers (default: the file's own). ``box.current().editor`` is the editor
    the form shows: change it in code and the form follows."""
    import ipywidgets as w

    from ..content.validate import discover
    from .common import Banner, shows_errors

    folders = [Path(f) for f in (folder if isinstance(folder, (list, tuple)) else [folder])]
    options = []
    for root in folders:
        for f in discover([root]):
            f = Path(f)
            label = str(f.relative_to(root)) if len(folders) == 1 else f"{root.name}/{f.relative_to(root)}"
            options.append((label, f))
    files = [f for _, f in options]
    banner, area = Banner(), w.VBox()
    choose = w.Dropdown(options=options, description="file", layout=w.Layout(width="min(480px, 100%)"))
    document = w.Dropdown(description="document", layout=w.Layout(width="420px"))
    state = {"form": None, "quiet": False}

    def open_document():
        if choose.value is None:
            return
        editor = DocumentEditor(choose.value, document.value or 0, library=library)
        state["form"] = form(editor, save_into=save_into)
        area.children = [state["form"]]

    @shows_errors(banner)
    def on_file(change):
        editor = DocumentEditor(change["new"], 0)
        labels = []
        for index, doc in editor.stream():
            if doc is None:
                labels.append((f"{index + 1}: (empty or broken: raw YAML only)", index))
            else:
                name = doc.data.get("name") if isinstance(doc.data.get("name"), str) else doc.id
                labels.append((f"{index + 1}: {doc.kind} — {name}", index))
        state["quiet"] = True
        try:
            document.options = labels or [("1: (empty)", 0)]
            document.value = next((i for _, i in labels if editor.stream()[i][1] is not None), 0)
        finally:
            state["quiet"] = False
        open_document()

    @shows_errors(banner)
    def on_document(_):
        if not state["quiet"]:
            open_document()

    choose.observe(on_file, names="value")
    document.observe(on_document, names="value")
    if files:
        first = next((f for f in files if start is not None and f.resolve() == Path(start).resolve()), files[0])
        if first != files[0]:
            choose.value = first  # opens it through on_file
        else:
            on_file({"new": first})
    box = w.VBox([w.HBox([choose, document], layout=w.Layout(flex_flow="row wrap")), banner.widget, area])
    box.file, box.document, box.area, box.messages, box.current = choose, document, area, banner, lambda: state["form"]
    return box
