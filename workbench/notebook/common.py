"""What every notebook panel shares.

* :class:`Observable`: a panel's one state. Code in a cell and clicks in the widgets change the
  same object; the panel redraws from it whenever it changes, so the two never disagree.
* :class:`Banner` and :class:`Confirm`: saved / not saved / saved with warnings, and questions
  asked before anything is lost; :func:`shows_errors` turns an exception in a callback into a
  banner (cleared by the next action) instead of a traceback.
* HTML in the designer's words: :func:`html_table`, :func:`problems_table`, :func:`percent`
  (a percentage with the exact fraction on hover), :class:`Names` (names, ids in tooltips).
* Figures as images: :func:`png` and :class:`Picture`, drawn without pyplot so no backend or
  global figure state is involved.
"""
from __future__ import annotations

import contextlib
import functools
import html
import traceback
from fractions import Fraction
from pathlib import Path

from ..app.validate import validate_paths
from ..content.badges import badged_name
from ..core.errors import UsageError, WorkbenchError
from ..core.text import Html  # noqa: F401  (the panels import it from here)

from ..core.paths import VARIANTS  # noqa: E402  (the published library, wherever the package is installed)


#: The environment variable naming the designer's own folders (separated like ``PATH``), the
#: folders every notebook's library chooser opens with.
LIBRARY_VARIABLE = "WORKBENCH_LIBRARY"


def library(paths=None):
    """The library the notebooks see, resolved as the command line resolves it
    (:mod:`workbench.app.resolve`): the published games behind, then each folder of ``paths``
    in order, each replacing the documents before it that have the same game, kind and id. So
    ``library([VARIANTS, "my-rules"])`` is ``workbench ... --library my-rules``: a designer's copy
    of a published card, changed, is a house rule that wins, not a ``duplicate-id``. Two documents
    with one id inside one folder are still a ``duplicate-id``. Default: the shipped ``variants/``
    (the published games and the example house rules).
    """
    from ..app.resolve import published_documents

    layers = [str(p) for p in (paths or [VARIANTS])]
    return validate_paths([layers[-1]], context=layers[:-1], background=published_documents()).library


def designer_folders() -> list[Path]:
    """The designer's own folders named by ``$WORKBENCH_LIBRARY`` (existing ones, in order)."""
    import os

    value = os.environ.get(LIBRARY_VARIABLE, "")
    return [Path(p).expanduser() for p in value.split(os.pathsep) if p.strip() and Path(p).expanduser().is_dir()]


def served_as_app() -> bool:
    """Whether the panels are served as apps (Voila: ``./dev apps``), where whoever reaches the
    page only clicks, and every folder they open or save into is confined (:func:`confined`).
    In JupyterLab (``./dev open``) the designer runs code anyway, as they could ``open()`` any file
    in a cell: the folder boxes take any folder there. (Voila sets these in its kernels'
    environment before the notebook runs.)"""
    import os

    return any(name in os.environ for name in ("VOILA_KERNEL_ID", "VOILA_BASE_URL", "VOILA_SERVER_URL"))


def app_roots() -> list[Path]:
    """The folders the apps open and save in (and every folder under them): the workbench's own
    ``variants/`` (the published games and the example house rules the panels show anyway) and
    the designer's folders named by ``$WORKBENCH_LIBRARY`` when the apps started."""
    return [VARIANTS, *designer_folders()]


def confined(path) -> Path | str:
    """``path`` (a folder or a file a panel opens or saves into, as typed), as the panel is to use it.

    In an app (:func:`served_as_app`) it must be one of :func:`app_roots` or inside one, links
    resolved (a link in your folder to ``~/.config`` is outside it), and a relative path is taken
    inside the designer's last folder (the server's own working folder means nothing to whoever
    uses the page) unless, from the working folder, it already names a folder inside them (a
    relative ``WORKBENCH_LIBRARY``); anything else is refused, in words (:class:`UsageError`).
    Elsewhere it is the text as typed (spaces around it removed).

    >>> confined(" ~/.config ")      # in a notebook: as typed
    '~/.config'
    """
    from ..core.paths import EXAMPLES

    if not served_as_app():
        return str(path).strip()
    path = Path(str(path).strip()).expanduser()
    roots = [root.resolve() for root in app_roots()]

    def inside(candidate: Path) -> bool:
        target = candidate.resolve()
        return any(target == root or root in target.parents for root in roots)
    if not path.is_absolute() and not inside(path):
        path = (designer_folders() or [EXAMPLES])[-1] / path
    if inside(path):
        return path
    own = [str(folder) for folder in designer_folders()]
    error = UsageError(f"{path} is outside the folders these apps were started with, so they neither open it nor "
                       f"save there (they work only inside " + (f"your folder{'s' * (len(own) > 1)} {', '.join(own)} and "
                                                                  if own else "") + "the workbench's own variants/)")
    error.hint = ("to work on another folder, start the apps on it: WORKBENCH_LIBRARY=/path/to/your-folder ./dev apps"
                  " (or open it in JupyterLab: ./dev open)")
    raise error


# -- one state per panel -------------------------------------------------------------------------
class Observable:
    """Mixin: ``observe(callback)``; ``changed()`` calls every callback with the object.

    >>> class Counter(Observable):
    ...     def add(self):
    ...         self.n = getattr(self, "n", 0) + 1
    ...         self.changed()
    >>> c, seen = Counter(), []
    >>> _ = c.observe(lambda obj: seen.append(obj.n))
    >>> c.add(); c.add()
    >>> with c.batch():
    ...     c.add(); c.add()
    >>> seen
    [1, 2, 4]
    """

    def observe(self, callback):
        self.__dict__.setdefault("_observers", []).append(callback)
        return callback

    def unobserve(self, callback) -> None:
        with contextlib.suppress(ValueError):
            self.__dict__.get("_observers", []).remove(callback)

    def changed(self) -> None:
        if self.__dict__.get("_batch", 0):
            self.__dict__["_pending"] = True
            return
        for callback in list(self.__dict__.get("_observers", [])):
            callback(self)

    @contextlib.contextmanager
    def batch(self):
        """Changes inside the block notify once, at its end."""
        self.__dict__["_batch"] = self.__dict__.get("_batch", 0) + 1
        try:
            yield self
        finally:
            self.__dict__["_batch"] -= 1
            if not self.__dict__["_batch"] and self.__dict__.pop("_pending", False):
                self.changed()


class WatchedList(list):
    """A list that tells its owner (an :class:`Observable`) whenever it changes in place, so
    ``designer.action_spaces += ["saloon"]`` in a cell redraws the panel too."""

    def __init__(self, items=(), owner: Observable | None = None):
        super().__init__(items)
        self.owner = owner

    def _changed(self):
        if self.owner is not None:
            self.owner.changed()


def _notifying(name):
    method = getattr(list, name)

    @functools.wraps(method)
    def wrapper(self, *args, **kwargs):
        result = method(self, *args, **kwargs)
        self._changed()
        return self if name in ("__iadd__", "__imul__") else result
    return wrapper


for _name in ("append", "extend", "insert", "remove", "pop", "clear", "sort", "reverse", "__setitem__",
              "__delitem__", "__iadd__", "__imul__"):
    setattr(WatchedList, _name, _notifying(_name))


class Redraw:
    """A panel's redraw: runs ``function`` now, never inside itself (a change made while drawing
    draws once more afterwards), and tells handlers whether an event comes from the drawing
    (``drawing``) or from the designer. ``user(handler)`` wraps a widget handler so it ignores
    the events the drawing itself causes."""

    def __init__(self, function, banner: "Banner | None" = None):
        self.function, self.banner = function, banner
        self.drawing, self._again = False, False

    def __call__(self, *_):
        if self.drawing:
            self._again = True
            return
        self.drawing = True
        try:
            for _attempt in range(5):
                self._again = False
                self.function()
                if not self._again:
                    break
        finally:
            self.drawing = False

    def user(self, handler):
        run = shows_errors(self.banner)(handler) if self.banner is not None else handler

        @functools.wraps(handler)
        def wrapper(*args, **kwargs):
            if not self.drawing:
                return run(*args, **kwargs)
            return None
        return wrapper


# -- every panel's HTML, made safe in one place -----------------------------------------------------
#: What a panel's HTML may hold: text markup, tables, tooltips (``title``), classes and inline
#: styles, the panels' one style sheet, and links to http(s) pages only (the Dask dashboard). No
#: script, no event handler, no image source, no other URL scheme (``javascript:`` above all):
#: an ``ipywidgets.HTML`` sets ``innerHTML`` in the JupyterLab page, where script drives the Jupyter
#: API (and so the kernel), and a file name or a ``kind`` comes from a shared folder.
_TAGS = {"b", "i", "em", "strong", "small", "sub", "sup", "code", "pre", "p", "div", "span", "br", "hr",
         "h3", "h4", "h5", "ul", "ol", "li", "table", "thead", "tbody", "tr", "th", "td", "details",
         "summary", "style", "a"}
_ATTRIBUTES = {"*": {"title", "class", "style"}, "b": {"data-board", "data-image"}, "td": {"colspan", "rowspan"},
               "th": {"colspan", "rowspan"}, "a": {"href", "target"}}


def safe_html(text) -> str:
    """``text`` with everything that could run in the page removed (an allow-list sanitiser:
    nh3, the Ammonia library): what every panel's HTML widget shows goes through it.

    >>> safe_html("<h4>x.yaml: <img src=x onerror=alert(1)></h4>")
    '<h4>x.yaml: </h4>'
    >>> safe_html("<span title='id: ace' onclick='steal()'>Ace</span><script>alert(1)</script>")
    '<span title="id: ace">Ace</span>'
    >>> safe_html("<a href='javascript:alert(1)'>x</a> <a href='http://127.0.0.1:8787/status'>dashboard</a>")
    '<a rel="noopener noreferrer">x</a> <a href="http://127.0.0.1:8787/status" rel="noopener noreferrer">dashboard</a>'
    """
    import nh3
    return nh3.clean(str(text), tags=_TAGS, clean_content_tags={"script"}, attributes=_ATTRIBUTES,
                     url_schemes={"http", "https"}, link_rel="noopener noreferrer", strip_comments=True)


_SAFE_HTML = None


def HTML(value: str = "", **kwargs):
    """An ``ipywidgets.HTML`` whose every value passes :func:`safe_html` (set now or later, by a
    panel or by code in a cell): the one way panels show HTML, so no text a designer's files hold
    can run as script, whichever panel forgot to escape it."""
    global _SAFE_HTML
    if _SAFE_HTML is None:
        import ipywidgets as w
        import traitlets

        class SafeHTML(w.HTML):
            @traitlets.validate("value")
            def _safe(self, proposal):
                return safe_html(proposal["value"])

        _SAFE_HTML = SafeHTML
    return _SAFE_HTML(value, **kwargs)


# -- banners, questions, errors ------------------------------------------------------------------
_BANNER_STYLE = {
    "saved": ("#e6f4ea", "#1e7e34", "✔"),
    "warning": ("#fff4e0", "#8a5a00", "⚠"),
    "refused": ("#fdecea", "#b02a37", "✘"),
    "error": ("#fdecea", "#b02a37", "✘"),
    "info": ("#eef3fb", "#1f4e8c", "ℹ"),
}


class Banner:
    """One message line under a panel's buttons (an ``ipywidgets.HTML``), in one of five kinds:
    saved, warning (saved with warnings), refused (not saved), error, info. ``kind`` and ``text``
    keep what is shown, for tests and scripts."""

    def __init__(self):
        self.widget = HTML()
        self.kind, self.text = None, ""

    def show(self, kind: str, title: str, detail: str = "", *, raw_detail: bool = False) -> None:
        background, colour, icon = _BANNER_STYLE[kind]
        detail_html = detail if raw_detail else html.escape(detail)
        self.kind, self.text = kind, title + (" " + detail if detail and not raw_detail else "")
        self.widget.value = (f"<div class='wb-banner wb-{kind}' style='background:{background};color:{colour};"
                             f"border-left:4px solid {colour};padding:6px 10px;margin:4px 0'>"
                             f"<b>{icon} {html.escape(title)}</b>" + (f"<div>{detail_html}</div>" if detail else "") + "</div>")

    def clear(self) -> None:
        self.kind, self.text = None, ""
        self.widget.value = ""

    def saved(self, title, detail=""):
        self.show("saved", title, detail)

    def warning(self, title, detail=""):
        self.show("warning", title, detail)

    def refused(self, title, detail=""):
        self.show("refused", title, detail)

    def error(self, title, detail=""):
        self.show("error", title, detail)

    def info(self, title, detail=""):
        self.show("info", title, detail)


class Confirm:
    """A question with a yes and a no button, shown only while it waits for an answer.

    ``ask(question, yes, on_yes)``: clicking *yes* hides the question and calls ``on_yes()``;
    *Cancel* hides it. ``pending`` is the question waiting, or ``None``."""

    def __init__(self, banner: Banner | None = None):
        import ipywidgets as w
        self.question = HTML()
        self.yes = w.Button(description="Yes", button_style="warning")
        self.no = w.Button(description="Cancel")
        self.widget = w.HBox([self.question, self.yes, self.no], layout=w.Layout(display="none"))
        self.widget.add_class("wb-confirm")
        self.pending, self._on_yes = None, None
        guard = shows_errors(banner) if banner is not None else (lambda f: f)
        self.yes.on_click(guard(lambda _: self._answer(True)))
        self.no.on_click(lambda _: self._answer(False))

    def ask(self, question: str, yes: str, on_yes) -> None:
        self.pending, self._on_yes = question, on_yes
        self.question.value = f"<b>{html.escape(question)}</b>"
        self.yes.description = yes
        self.widget.layout.display = "flex"

    def cancel(self) -> None:
        self.pending, self._on_yes = None, None
        self.widget.layout.display = "none"

    def _answer(self, yes: bool) -> None:
        action = self._on_yes
        self.cancel()
        if yes and action is not None:
            action()


def shows_errors(banner: Banner):
    """Decorate a widget callback: the banner is cleared when the action starts (an old error
    never sits above a new result), and an exception becomes a banner instead of vanishing into
    the kernel's log. Mistakes the workbench expects (:class:`~workbench.core.errors.WorkbenchError`,
    ``ValueError``) show their message and hint; anything else is a bug, shown as one."""
    def decorate(callback):
        @functools.wraps(callback)
        def wrapper(*args, **kwargs):
            banner.clear()
            try:
                return callback(*args, **kwargs)
            except (WorkbenchError, ValueError) as exc:
                hint = getattr(exc, "hint", None)
                banner.refused(str(exc), hint or "")
            except Exception as exc:  # noqa: BLE001 - shown to the person, not swallowed
                from ..core.storage import _ENVIRONMENT, environment_fault
                if isinstance(exc, OSError) and exc.errno in _ENVIRONMENT:
                    # a full disk, a read-only folder: the machine's fault, not a bug
                    fault = environment_fault(exc, exc.filename, "write" if exc.filename else "write the file")
                    banner.refused(str(fault), fault.hint or "")
                    return None
                details = html.escape("".join(traceback.format_exception(exc)[-3:]))
                banner.show("error", "Something went wrong inside the workbench (a bug, not your content)",
                            f"{html.escape(type(exc).__name__)}: {html.escape(str(exc))}"
                            f"<details><summary>details for a bug report</summary><pre>{details}</pre></details>",
                            raw_detail=True)
            return None
        return wrapper
    return decorate


# -- HTML in the designer's words ----------------------------------------------------------------
TABLE_STYLE = ("<style>.wb-table{border-collapse:collapse;margin:4px 0;font-size:13px}"
               ".wb-table th,.wb-table td{border-bottom:1px solid #ddd;padding:3px 8px;text-align:left;"
               "vertical-align:top;word-break:normal;overflow-wrap:normal}"
               ".wb-table th{background:#f4f1ea}.wb-table td.num{text-align:right}"
               ".wb-problems td:nth-child(1),.wb-problems td:nth-child(2){white-space:nowrap}</style>")


def cell(value) -> str:
    if isinstance(value, Html):
        return str(value)
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (list, tuple, set)):
        return ", ".join(cell(v) for v in value)
    return html.escape(str(value))


def html_table(rows: list[dict], columns: list[str] | None = None, *, css_class: str = "") -> str:
    """Rows of dicts as an HTML table (headers from ``columns`` or the first row's keys). Values
    that are :class:`Html` are kept as given; ``None`` is an empty cell; lists are joined."""
    if not rows:
        return ""
    columns = columns or list(rows[0])
    head = "".join(f"<th>{html.escape(c)}</th>" for c in columns)
    body = "".join("<tr>" + "".join(
        f"<td class='num'>{cell(r.get(c))}</td>" if isinstance(r.get(c), (int, float)) and not isinstance(r.get(c), bool)
        else f"<td>{cell(r.get(c))}</td>" for c in columns) + "</tr>" for r in rows)
    return f"{TABLE_STYLE}<table class='wb-table {css_class}'><tr>{head}</tr>{body}</table>"


def percent(value, digits: int = 1, title: str | None = None) -> Html:
    """A probability as a percentage, the exact fraction (or ``title``) on hover.

    >>> percent(Fraction(3, 8))
    '<span title="exactly 3/8">37.5%</span>'
    >>> percent(Fraction(0, 5), title="0 of 5 games")
    '<span title="0 of 5 games">0.0%</span>'
    """
    shown = f"{float(value) * 100:.{digits}f}%"
    if title is None and isinstance(value, Fraction):
        title = f"exactly {value.numerator}/{value.denominator}"
    return Html(f'<span title="{html.escape(title)}">{shown}</span>' if title else shown)


class Names:
    """Names for ids, from the library: ``names.html("action_space", "saloon")`` is
    ``<span title="id: saloon">Saloon</span>``; unknown ids stay as they are. House rules and
    illustrative data carry their badge (:func:`workbench.content.badges.badged_name`)."""

    def __init__(self, library, game: str):
        self.library, self.game = library, game

    def name(self, kind: str, id) -> str:
        data = self.library.data(self.game, kind, id) if isinstance(id, str) else None
        return badged_name(data, str(id)) if data else str(id)

    def html(self, kind: str, id) -> Html:
        return Html(f'<span title="id: {html.escape(str(id))}">{html.escape(self.name(kind, id))}</span>')


def field_words(path: str) -> str:
    """A problem's document path in words: ``$.swaps[2].in`` is "swaps 3 › in".

    >>> field_words("$.swaps[2].in"), field_words("$")
    ('swaps 3 › in', 'the whole document')
    """
    import re
    parts = [p for p in re.split(r"\.|\[|\]", (path or "$").lstrip("$")) if p]
    out: list[str] = []
    for part in parts:
        if part.isdigit() and out:
            out[-1] += f" {int(part) + 1}"  # counted from 1, as a designer counts
        else:
            out.append(part.strip("'\"").replace("_", " "))
    return " › ".join(out) or "the whole document"


def in_words(text: str, library=None) -> str:
    """A message with its quoted ids in words: a document's id becomes its name, any other quoted
    id (an effect, a rule) its words, without the quotes.

    Backticks (code marks on the command line) are dropped; a field with its value in them is a
    YAML line to write, shown as YAML's own one-line form so it reads as something to type.

    >>> in_words("the effect 'look-at-cards' is not played")
    'the effect look at cards is not played'
    >>> in_words("give it `cards:`, in a deck of your own with `id: mcready-base`")
    'give it cards:, in a deck of your own with {id: mcready-base}'
    """
    import re

    text = re.sub(r"`([^`]+)`", lambda m: "{" + m.group(1) + "}" if re.match(r"[a-z_]+: \S", m.group(1))
                  else m.group(1), str(text))

    names = {}
    if library is not None:
        for d in library.documents:
            if isinstance(d.id, str) and d.data.get("name"):
                names.setdefault(d.id, badged_name(d.data, d.id))

    def word(match):
        id_ = match.group(1)
        return names.get(id_) or id_.replace("-", " ").replace("_", " ")
    return re.sub(r"'([a-z0-9][a-z0-9_-]*[a-z0-9])'", word, str(text))


def problems_table(problems, *, where: str = "line") -> str:
    """Problems as an HTML table in the designer's words: where (line and column of the file, or
    with ``where="field"`` the field, for documents the panel writes itself), what is wrong, and
    how to fix it; the stable code is in the tooltip. No folders, no Python values."""
    if not problems:
        return "<p class='wb-ok' style='color:#1e7e34;margin:4px 0'>✔ no problems</p>"
    files = {Path(p.file or "").name for p in problems}
    rows = []
    for p in problems:
        if where == "field":
            place = field_words(p.path)
        else:
            place = (f"{Path(p.file).name}, " if len(files) > 1 and p.file else "") + (
                f"line {p.line}, column {p.column}" if p.line else "")
        icon = "✘ error" if p.is_error else "⚠ warning"
        rows.append({"where": place, "": Html(f"<span title='{html.escape(p.code)}'>{icon}</span>"),
                     "what is wrong": Html(f"<span title='{html.escape(p.code)}'>{html.escape(p.message)}</span>"),
                     "how to fix it": p.hint or ""})
    errors = sum(1 for p in problems if p.is_error)
    summary = (f"<p style='margin:4px 0'><b>{errors} error{'s' * (errors != 1)}, {len(problems) - errors}"
               f" warning{'s' * (len(problems) - errors != 1)}</b></p>")
    return summary + html_table(rows, css_class="wb-problems")


# -- figures as images ---------------------------------------------------------------------------
def whole_frame_canvas(figure):
    """An ipympl canvas on ``figure`` that sends every frame whole: the browser drops a frame that a
    newer one overtakes before it has loaded, and a later difference drawn over the frame before it
    shows an old picture. Raises ImportError without ipympl."""
    from ipympl.backend_nbagg import Canvas, FigureManager

    class WholeFrameCanvas(Canvas):
        def get_diff_image(self):
            self._force_full = True
            return super().get_diff_image()

    canvas = WholeFrameCanvas(figure)
    FigureManager(canvas, 0)
    return canvas


def send_drawing(canvas):
    """Draw ``canvas``'s figure and send it to the page now, so it arrives before the words a
    panel writes next (``draw_idle`` only asks the page to ask for the picture, which came after
    them). Before a page shows the canvas it is drawn here and sent when the page asks (a picture
    sent earlier breaks the page's first sizing). Returns the drawn pixels (RGBA)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    if not canvas.syncing_data_url:
        canvas.draw()
    else:
        FigureCanvasAgg.draw(canvas)
        canvas.draw_idle()
    return canvas.get_renderer().buffer_rgba()


def png(figure, dpi: int = 100, *, tight: bool = True) -> bytes:
    """A matplotlib Figure as PNG bytes (Agg, no pyplot, no GUI). ``tight=False`` keeps the
    figure's own size and draws once instead of twice (for figures laid out by hand)."""
    import io

    from matplotlib.backends.backend_agg import FigureCanvasAgg

    FigureCanvasAgg(figure)
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=dpi, bbox_inches="tight" if tight else None, metadata={"Software": None})
    return buffer.getvalue()


class Picture:
    """A figure that a notebook shows as an image (not as ``<Figure size ...>``)."""

    def __init__(self, figure, description: str = "a figure"):
        self.figure, self.description = figure, description

    def _repr_png_(self) -> bytes:
        return png(self.figure)

    def __repr__(self) -> str:
        return f"<{self.description} (an image)>"


def image_widget(figure=None, **layout):
    """An ``ipywidgets.Image`` showing ``figure`` (set ``.value = png(fig)`` to redraw)."""
    import ipywidgets as w

    image = w.Image(format="png", layout=w.Layout(**layout))
    if figure is not None:
        image.value = png(figure)
    return image


# -- which content --------------------------------------------------------------------------------
class LibraryChooser(Observable):
    """Which content a notebook works on: the published games (with the example house rules) plus
    the designer's own folders, later folders winning (see :func:`library`). ``folder`` is where
    the notebook saves: the designer's last folder (or the example house rules when none is
    chosen). ``widget()`` shows the chooser; ``open(text)`` takes folders separated by commas.

    >>> chooser = LibraryChooser([])
    >>> chooser.folder.name, len(chooser.library.ids("dark-horse", "scenario")) >= 4
    ('house-rules', True)
    """

    def __init__(self, folders=None):
        self.folders = [Path(f) for f in (designer_folders() if folders is None else folders)]
        self._load()

    def _load(self) -> None:
        missing = [f for f in self.folders if not f.is_dir()]
        if missing:
            error = UsageError(f"there is no folder {missing[0]}")
            error.hint = "type the path of an existing folder (in the file browser: right click, Copy Path)"
            raise error
        self.library = library([VARIANTS, *self.folders])

    @property
    def folder(self) -> Path:
        return self.folders[-1] if self.folders else VARIANTS / "house-rules"

    def open(self, text: str) -> None:
        import re
        # in an app, only the folders it was started with and those under them (see confined)
        folders = [Path(confined(p)).expanduser() for p in re.split(r"[,;\n]", text) if p.strip()]
        previous = self.folders
        self.folders = folders
        try:
            self._load()
        except ValueError:
            self.folders = previous
            raise
        self.changed()

    def describe(self) -> str:
        own = ", ".join(f"{f.name}/" for f in self.folders)
        return "the published games" + (f" and your folder{'s' * (len(self.folders) > 1)} {own}" if own else
                                         " and the example house rules (no folder of yours chosen)")

    def widget(self):
        """A line: the designer's folders, an *Open* button, and what is loaded (or why not)."""
        import ipywidgets as w

        banner = Banner()
        text = w.Text(value=", ".join(str(f) for f in self.folders), description="your folder",
                      placeholder="the folder with your YAML files (several: separate with commas)",
                      style={"description_width": "80px"}, layout=w.Layout(width="min(560px, 100%)"))
        button = w.Button(description="Open", icon="folder-open", tooltip="load the published games and your folder")
        status = w.HTML()

        def draw(*_):
            files = sum(1 for f in self.folders for _ in f.rglob("*.y*ml"))
            status.value = (f"<span class='wb-library' style='color:#555'>Working on {html.escape(self.describe())}"
                            + (f" ({files} file{'s' * (files != 1)} of yours)" if self.folders else "") + "</span>")

        button.on_click(shows_errors(banner)(lambda _: self.open(text.value)))
        self.observe(draw)
        draw()
        box = w.VBox([w.HBox([text, button], layout=w.Layout(flex_flow="row wrap")), status, banner.widget])
        box.add_class("wb-chooser")
        box.text, box.button, box.status, box.banner = text, button, status, banner
        return box

    def panel(self, make):
        """The chooser over a panel that ``make(library, folder)`` builds; opening other folders
        builds the panel again on the new library."""
        import ipywidgets as w

        holder = w.Box(layout=w.Layout(flex_flow="column"))
        chooser = self.widget()

        def build(*_):
            holder.children = [make(self.library, self.folder)]
        self.observe(build)
        build()
        box = w.VBox([chooser, holder])
        box.chooser, box.holder = chooser, holder
        box.current = lambda: holder.children[0]
        return box
