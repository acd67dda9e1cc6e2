"""The one problem type the whole workbench reports.

Every check in the project (YAML loading, schemas, cross-references, board rules, deck rules)
yields :class:`Problem` values instead of raising, so a designer sees every mistake at once.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

ERROR = "error"
WARNING = "warning"
#: Neither an error nor a warning: the content is as complete as the rules texts allow, and a
#: fact they do not give (a deck's card list, a card's firepower) is missing. Nothing counts it;
#: a command that needs the fact refuses the content with the same code, as an error.
NOTE = "note"
SEVERITIES = (ERROR, WARNING, NOTE)

#: Stable problem codes with a one-line meaning. Front ends and tests rely on these names.
CODES = {
    "yaml-syntax": "the file is not well-formed YAML",
    "encoding": "the file is not UTF-8 text",
    "duplicate-key": "a key appears twice in one mapping",
    "alias-limit": "anchors and aliases expand past the safety limit",
    "implicit-type": "YAML 1.1 read an unquoted value as another type than the one written",
    "not-a-document": "the file or document is empty, or its top level is not a mapping",
    "missing-kind": "the document has no `kind`",
    "unknown-kind": "the `kind` is not one the workbench knows",
    "schema": "the document breaks its kind's JSON Schema",
    "effect-parameter": "an effect carries a parameter it does not take: another effect's, or a misspelt one (each"
                        " effect's parameters are its own, declared in its game's effect vocabulary)",
    "duplicate-id": "two documents of one game and kind share an id",
    "unknown-ref": "a reference names a document that does not exist",
    "unknown-game": "the document names a game that no `game` document declares",
    "replacement-conflict": "two action spaces used together replace the same space",
    "badge-in-name": "a name marks its document (house rule, illustrative) by hand: the badge comes from source:",
    "io": "a file or folder could not be read",
    "bad-value": "a value cannot be read as what its form or tag says (`!!int abc`, the date 2024-13-45), "
                 "or has no JSON equivalent (`.inf`, `.nan`, a number of more than 1,000 characters)",
    "yaml-tag": "an explicit tag content files do not use (`!!binary`, `!!set`, `!mine`, a tag that does not fit"
                " its value); the value is read as plain text, list or mapping",
    "too-deep": "lists and mappings nest deeper than the loader follows",
    "not-a-file": "a path named like a YAML file is not a regular file (a pipe, a device); it is not read",
    "skipped": "a path inside the given folders was not checked (a linked folder is not followed)",
    "internal-error": "the workbench itself failed on this file: a bug, reported so no other problem is lost",
}


def is_model_problem(problem: Problem) -> bool:
    """A problem found by a model check (a map, deck or scenario), not by loading, the schemas or
    the references. The `map` and `deck` commands report these instead of refusing to start."""
    return problem.code not in CODES


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with the content, located where a designer can find it.

    Parameters
    ----------
    code : str
        Stable identifier, e.g. ``"duplicate-key"`` (see :data:`CODES`).
    message : str
        A sentence for a person.
    file, line, column : str, int, int
        Where the problem is; line and column are 1-based. ``None`` when unknown.
    path : str
        JSON-path-like location inside the document, e.g. ``$.options[1].cost``.
    hint : str or None
        How to fix it, where a hint helps.
    severity : str
        ``"error"``, ``"warning"`` or ``"note"`` (:data:`NOTE`: counted as neither).

    Examples
    --------
    >>> p = Problem("duplicate-key", "key 'cost' appears twice", "a.yaml", 3, 5, "$.cost")
    >>> p.format_text()
    "a.yaml:3:5: error duplicate-key: key 'cost' appears twice"
    """

    code: str
    message: str
    file: str | None = None
    line: int | None = None
    column: int | None = None
    path: str = "$"
    hint: str | None = None
    severity: str = ERROR
    extra: dict[str, Any] = field(default_factory=dict, compare=False)

    def __post_init__(self):
        # Messages quote content, and content can hold terminal escape sequences or invisible
        # characters: show them escaped (\x1b, \n, \u202e), never raw.
        for name in ("message", "hint"):
            text = getattr(self, name)
            if isinstance(text, str) and not text.isprintable():
                object.__setattr__(self, name, printable(text))

    @property
    def is_error(self) -> bool:
        return self.severity == ERROR

    @property
    def is_warning(self) -> bool:
        return self.severity == WARNING

    def sort_key(self) -> tuple:
        return (self.file or "", self.line or 0, self.column or 0, self.code, self.message)

    def format_text(self) -> str:
        where = printable(self.file) if self.file else "<input>"
        if self.line is not None:
            where += f":{self.line}:{self.column or 1}"
        text = f"{where}: {self.severity} {self.code}: {self.message}"
        if self.hint:
            text += f"\n    hint: {self.hint}"
        return text

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        extra = data.pop("extra")
        data.update(extra)
        return data


def counts(problems) -> dict:
    """How many problems of each severity: what a summary line says, and ``--format json`` carries.

    >>> counts([Problem("a", "m"), Problem("b", "m", severity=NOTE)])
    {'errors': 1, 'warnings': 0, 'notes': 1}
    """
    problems = list(problems)
    errors = sum(1 for p in problems if p.is_error)
    warnings = sum(1 for p in problems if p.is_warning)
    return {"errors": errors, "warnings": warnings, "notes": len(problems) - errors - warnings}


def tally(problems) -> str:
    """How many errors, warnings and notes, for a verdict line (each counted apart, a note never
    as a warning).

    >>> tally([Problem("a", "m"), Problem("b", "m", severity=NOTE)])
    '1 error(s), 0 warning(s), 1 note(s)'
    """
    counted = counts(problems)
    return f"{counted['errors']} error(s), {counted['warnings']} warning(s), {counted['notes']} note(s)"


def printable(text: str) -> str:
    """``text`` with every non-printable character escaped, so it prints as one plain line.

    >>> print(printable("\\x1b[31mred\\x1b[0m\\n"))
    \\x1b[31mred\\x1b[0m\\n
    """
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in text)


def json_path(parts) -> str:
    """Render a key path as ``$.a.b[2].c``.

    >>> json_path(["options", 1, "cost"])
    '$.options[1].cost'
    """
    out = "$"
    for part in parts:
        if isinstance(part, int):
            out += f"[{part}]"
        elif part.replace("_", "").replace("-", "").isalnum():
            out += f".{part}"
        else:
            out += f"[{part!r}]"
    return out
