"""Shared helpers for the notebook front ends."""
from __future__ import annotations

import functools
import traceback
from pathlib import Path

from ..content.validate import validate_paths

from ..paths import VARIANTS  # noqa: E402  (the published library, wherever the package is installed)


def library(paths=None):
    """The validated library of ``paths`` (default: the shipped variants/)."""
    return validate_paths(paths or [VARIANTS]).library


def shows_errors(output):
    """Decorate a widget callback so any exception is printed in ``output`` (a widgets.Output),
    where the designer sees it, instead of vanishing into the kernel's log."""
    def decorate(callback):
        @functools.wraps(callback)
        def wrapper(*args, **kwargs):
            try:
                return callback(*args, **kwargs)
            except Exception as exc:  # noqa: BLE001 - shown to the person, not swallowed
                # append_stdout works with or without a live front end (and in tests)
                output.append_stdout(f"error: {exc}\n")
                output.append_stdout("".join(traceback.format_exception(exc)[-2:]))
                return None
        return wrapper
    return decorate


def problems_table(problems) -> str:
    """Problems as a small HTML table (file:line:column, code, message, hint)."""
    import html

    if not problems:
        return "<p style='color:#1e7e34'>✔ no problems</p>"
    rows = "".join(
        f"<tr><td>{html.escape(Path(p.file or '').name)}:{p.line}:{p.column}</td><td><b>{html.escape(p.severity)}</b>"
        f" {html.escape(p.code)}</td><td>{html.escape(p.message)}</td><td><i>{html.escape(p.hint or '')}</i></td></tr>"
        for p in problems)
    return ("<table><tr><th>where</th><th>code</th><th>message</th><th>hint</th></tr>" + rows + "</table>")
