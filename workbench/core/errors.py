"""The workbench's one exception hierarchy, and the helpers every layer may use to build messages.

Content mistakes are never exceptions: they are :class:`~workbench.content.problems.Problem`
values in a report. Exceptions are for how the workbench was *called* (a usage error, an id that
names nothing) and for content that cannot be used at all (:class:`ContentError`, carrying its
problems). Anything else that escapes is a bug.

The command line maps each class to its exit code: :class:`ContentError` 1, :class:`UsageError`
(and so :class:`NotFound`) 2.

Examples
--------
>>> try:
...     raise NotFound("scenario", "hi-noon", ["high-noon", "pork-barrel"])
... except UsageError as exc:
...     print(exc)
no scenario 'hi-noon'; did you mean 'high-noon'?
"""
from __future__ import annotations

import difflib
from typing import Iterable


class WorkbenchError(Exception):
    """Base class of every error the workbench raises on purpose."""


class UsageError(WorkbenchError, ValueError):
    """A mistake in how the workbench was called (not in the content): exit code 2."""


class NotFound(UsageError, LookupError):
    """An id or name given by the caller names nothing; the message offers the closest match.

    Parameters
    ----------
    what : str
        What was looked for, in the designer's words ("scenario", "map", "card").
    name : str
        The id or name given.
    known : iterable of str, optional
        What exists, for a did-you-mean (and, when short, the list itself).
    where : str, optional
        Where it was looked for, e.g. "in dark-horse".

    Examples
    --------
    >>> print(NotFound("scenario", "hi-noon", ["high-noon", "pork-barrel"]))
    no scenario 'hi-noon'; did you mean 'high-noon'?
    >>> print(NotFound("parameter", "hire_cost", [f"rule_{n:02}" for n in range(30)]))
    no parameter 'hire_cost'; known: rule_00, rule_01, rule_02, rule_03, rule_04, rule_05, rule_06, rule_07, rule_08, rule_09 and 20 more
    """

    def __init__(self, what: str, name, known: Iterable[str] = (), where: str = ""):
        self.what, self.name, self.known = what, name, sorted({k for k in known if isinstance(k, str)})
        message = f"no {what} '{name}'" + (f" {where}" if where else "")
        suggestion = did_you_mean(name, self.known)
        if suggestion:
            message += f"; did you mean '{suggestion}'?"
        elif self.known and len(self.known) <= 12:
            message += f"; known: {', '.join(self.known)}"
        elif self.known:    # a long list is cut, but a designer still sees what kind of name is wanted
            message += f"; known: {', '.join(self.known[:10])} and {len(self.known) - 10} more"
        elif not self.known:
            message += f"; there is no {what} to choose from"
        super().__init__(message)


class RuleViolation(WorkbenchError, ValueError):
    """A move or action the rules do not allow, with the rulebook's reason (an engine's answer to
    a caller that asked for an illegal move; never a content mistake)."""


class ContentError(WorkbenchError):
    """Content that cannot be used (e.g. a ruleset with missing parameters): exit code 1.

    ``problems`` holds the located problems that explain why.
    """

    def __init__(self, message: str, problems=()):
        super().__init__(message)
        self.problems = list(problems)


def did_you_mean(word, choices) -> str | None:
    """A close match among ``choices`` for a misspelt ``word``, or ``None``.

    >>> did_you_mean("stagecoch", ["stagecoach", "saloon"])
    'stagecoach'
    >>> did_you_mean(3, ["stagecoach"]) is None
    True
    """
    if not isinstance(word, str):
        return None
    match = difflib.get_close_matches(word, [c for c in choices if isinstance(c, str)], n=1, cutoff=0.6)
    return match[0] if match else None
