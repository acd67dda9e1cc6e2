"""The command line's one way of reporting: a text reporter for people and a JSON reporter for
machines, chosen by ``--format``, used by every command.

The JSON contract (the README's "The JSON contract"): with ``--format json`` standard output is
exactly one JSON object, whatever happens (usage errors and internal errors included)::

    {"command": "map check", "exit_code": 1, "problems": [PROBLEM, ...],
     "counts": {"errors": 1, "warnings": 0, "notes": 0}, ...the command's fields}

and every problem has one shape: ``severity, code, file, line, column, path, message, hint``, plus
typed fields where they apply (``hex``, ``piece``, ``player``, ``cards``, ...). Exact numbers are
fractions as strings (``"fraction": "1/6"``) beside their float.

The text reporter writes as it goes: problems as ``FILE:LINE:COLUMN: severity CODE: message``
(with a ``hint:`` line), the command's lines, and errors on standard error.
"""
from __future__ import annotations

import json
import math
import sys
from fractions import Fraction
from typing import Any, Iterable, Sequence

EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE, EXIT_INTERNAL = 0, 1, 2, 3
PROBLEM_FIELDS = ("severity", "code", "file", "line", "column", "path", "message", "hint")


def jsonable(value: Any) -> Any:
    """``value`` made of JSON types only: tuples and sets become lists, fractions their text,
    NaN and infinities ``null`` (JSON has no such numbers), anything else its text."""
    if isinstance(value, str):
        return _text(value)
    if value is None or isinstance(value, (bool, int)):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, Fraction):
        return str(value)
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [jsonable(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted((jsonable(v) for v in value), key=str)
    return str(value)


def _text(value: str) -> str:
    """Text JSON can hold: a file name that is not UTF-8 (its bytes kept by Python as lone
    surrogates) shows its bad bytes as ``\\xff``, never as raw bytes inside a JSON string.

    >>> _text("caf\\udce9.yaml")
    'caf\\\\xe9.yaml'
    """
    try:
        value.encode("utf-8")
        return value
    except UnicodeEncodeError:
        try:
            return value.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
        except UnicodeEncodeError:  # a lone surrogate that stands for no byte
            return value.encode("utf-8", "backslashreplace").decode("utf-8")


def problem_json(problem) -> dict:
    """A :class:`~workbench.content.problems.Problem` in the one JSON shape."""
    data = {name: getattr(problem, name) for name in PROBLEM_FIELDS}
    for key, value in (problem.extra or {}).items():
        if key not in data:
            data[key] = value
    return jsonable(data)


def usage_problem(message: str, code: str = "usage", hint: str | None = None) -> dict:
    return {"severity": "error", "code": code, "file": None, "line": None, "column": None, "path": "$",
            "message": message, "hint": hint}


def percent(p, digits: int = 2) -> str:
    """A probability for people: ``'37.50%'``; tiny non-zero values are not shown as zero.

    >>> percent(Fraction(3, 8)), percent(Fraction(1, 10**9)), percent(0), percent(1)
    ('37.50%', '<0.01%', '0%', '100%')
    """
    if p == 0:
        return "0%"
    if p == 1:
        return "100%"
    value = float(p) * 100
    floor = 10 ** -digits
    if value < floor:
        return f"<{floor:.{digits}f}%"
    if value > 100 - floor:
        return f">{100 - floor:.{digits}f}%"
    return f"{value:.{digits}f}%"


#: A table column is never padded wider than this many characters.
COLUMN_WIDTH = 60


def table(headers: Sequence[str], rows: Iterable[Sequence[Any]], right: Iterable[int] = ()) -> list[str]:
    """Rows aligned in columns under ``headers`` (columns in ``right`` aligned right).

    >>> print("\\n".join(table(["name", "n"], [["a", 1], ["bb", 10]], right=[1])))
    name   n
    a      1
    bb    10
    """
    rows = [["" if c is None else str(c) for c in row] for row in rows]
    right = set(right)
    # a column is padded to its widest cell up to COLUMN_WIDTH; a longer cell is written whole and
    # pushes its own line only (padding every row to one huge name would fill the memory)
    widths = [max([len(h)] + [min(len(r[i]), COLUMN_WIDTH) for r in rows]) for i, h in enumerate(headers)]

    def line(cells):
        return "  ".join(c.rjust(w) if i in right else c.ljust(w) for i, (c, w) in enumerate(zip(cells, widths))).rstrip()

    return [line(list(headers))] + [line(r) for r in rows]


class Reporter:
    """What a command says. Commands call :meth:`problems`, :meth:`line` and :meth:`set`; the
    entry point calls :meth:`finish` (or :meth:`fail`) exactly once."""

    json = False

    def __init__(self, command: str, out=None, err=None):
        self.command = command
        self.out = out or sys.stdout
        self.err = err or sys.stderr
        self.fields: dict[str, Any] = {}
        self.reported: list = []

    # -- what commands call ------------------------------------------------------------------
    def problems(self, problems: Iterable) -> None:
        """Report content problems (shown in text; listed under ``problems`` in JSON)."""
        for problem in problems:
            self.reported.append(problem)
            self._problem(problem)

    def line(self, text: str = "") -> None:
        """A line of the command's text output (the JSON reporter ignores it)."""

    def lines(self, texts: Iterable[str]) -> None:
        for text in texts:
            self.line(text)

    def set(self, **fields) -> None:
        """The command's result fields (the text reporter ignores them)."""
        self.fields.update(fields)

    def note(self, text: str) -> None:
        """A remark for people (standard error in text; ``notes`` in JSON)."""
        self.fields.setdefault("notes", []).append(text)
        self._note(text)

    # -- what the entry point calls ----------------------------------------------------------
    def fail(self, message: str, code: str, exit_code: int, hint: str | None = None) -> int:
        """End with an error that is no content problem (usage, internal)."""
        raise NotImplementedError

    def finish(self, exit_code: int) -> int:
        raise NotImplementedError

    def stop(self, message: str, exit_code: int, problems=()) -> int:
        """End early because of content problems: they are why the command could not do its work,
        so a person reads them on standard error (and, in JSON, under ``problems``)."""
        self.fields["message"] = message
        for problem in problems:
            self.reported.append(problem)
            print(problem.format_text(), file=self.err)
        print(f"workbench: {message}", file=self.err)
        return self.finish(exit_code)

    def _problem(self, problem) -> None:
        pass

    def _note(self, text: str) -> None:
        pass


class TextReporter(Reporter):
    def _problem(self, problem) -> None:
        print(problem.format_text(), file=self.out)

    def line(self, text: str = "") -> None:
        print(text, file=self.out)

    def _note(self, text: str) -> None:
        print(f"note: {text}", file=self.err)

    def fail(self, message: str, code: str, exit_code: int, hint: str | None = None) -> int:
        print(f"workbench: error: {message}", file=self.err)
        if hint:
            print(f"  hint: {hint}", file=self.err)
        return exit_code

    def finish(self, exit_code: int) -> int:
        self.out.flush()
        return exit_code


class JsonReporter(Reporter):
    json = True

    def __init__(self, command: str, out=None, err=None):
        super().__init__(command, out, err)
        self.errors: list[dict] = []
        self.done = False

    def fail(self, message: str, code: str, exit_code: int, hint: str | None = None) -> int:
        self.errors.append(usage_problem(message, code, hint))
        print(f"workbench: error: {message}", file=self.err)  # for a person reading a CI log
        return self.finish(exit_code)

    def finish(self, exit_code: int) -> int:
        if self.done:  # one object, whatever happens
            return exit_code
        self.done = True
        from ..content.problems import counts

        problems = [problem_json(p) for p in self.reported] + self.errors
        # the summary line's counts, for every command (a usage error is an error)
        counted = counts(self.reported)
        counted["errors"] += len(self.errors)
        body = {"command": self.command, "exit_code": exit_code, "problems": problems, "counts": counted}
        for key, value in self.fields.items():
            body.setdefault(key, jsonable(value))
        print(json.dumps(body, indent=2, ensure_ascii=False, allow_nan=False), file=self.out)
        self.out.flush()
        return exit_code


def reporter(fmt: str, command: str, out=None, err=None) -> Reporter:
    return (JsonReporter if fmt == "json" else TextReporter)(command, out, err)
