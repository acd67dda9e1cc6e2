"""A designer's override of a published document (same game, kind and id, in the designer's
folder: :attr:`workbench.content.library.Library.replaced`) and what it breaks: a problem found in
a published document, whose problems ``validate`` does not report, is told at the override that
causes it, when the same check on the published content does not find it. ``play``, ``validate``
and the ``map`` commands ask this through their one check of each unit
(:func:`workbench.games.judge.told_at_designer`, :func:`workbench.board.checks.map_report`).
"""
from __future__ import annotations

from pathlib import Path

from ..core.errors import WorkbenchError


def at_overrides(library, game: str, problems: list, published) -> list:
    """``problems`` with each one located in a quiet (published) document told at the designer's
    override of ``game`` behind it.

    Parameters
    ----------
    library : Library
        The library checked.
    game : str
        The content game whose overrides may be behind the problems.
    problems : list of Problem
        What a check found, located where it was found.
    published : callable or None
        ``published(library) -> problems``: the same check run on the published content
        (:meth:`workbench.content.library.Library.published`); a problem it finds too is the
        published content's own and stays where it is. Without it nothing is moved.

    Returns
    -------
    list of Problem
        The same problems, in the same order.
    """
    if not problems or published is None:
        return problems
    replacing = library.replacing(game)
    if not replacing:
        return problems
    quiet = {d.file for d in library.documents if not library.reported(d)}
    if not any(p.file in quiet for p in problems):
        return problems
    try:
        before = {_place(p) for p in published(library.published())}
    except (WorkbenchError, LookupError):   # the published content does not get as far: not the override's doing
        return problems
    moved = [p for p in problems if p.file in quiet and _place(p) not in before]
    causes = _causes(library, replacing, published, {_place(p) for p in moved}) if moved else {}
    return [_at_override(causes.get(_place(p), replacing), library, p) if p in moved else p for p in problems]


def _place(problem) -> tuple:
    """What makes two problems the same one: the code, the place and the facts it carries (a
    player count), not its words (a count of cities that fit)."""
    return (problem.code, problem.file, problem.line, problem.column, problem.path,
            tuple(sorted((k, str(v)) for k, v in (problem.extra or {}).items())))


#: The most overrides of a game searched one by one for the one behind a problem (past it, the
#: problem is told at the first, the others named).
MOST_SEARCHED = 8


def _causes(library, replacing: list, published, places: set) -> dict:
    """Of several overrides, the one behind each problem at ``places``: the first whose published
    document, put back alone, makes the same check (``published``) lose the problem (as a list of
    it alone). A problem no single override explains is left out (told at the first, the others
    named)."""
    if len(replacing) < 2 or len(replacing) > MOST_SEARCHED:
        return {}
    out: dict = {}
    for document in replacing:
        try:
            found = {_place(p) for p in published(library.reverting(document))}
        except (WorkbenchError, LookupError):
            continue
        for place in places - found - set(out):
            out[place] = [document]
    return out


def _at_override(replacing: list, library, problem):
    """``problem``, found in a published document, told at the first of the designer's documents
    in ``replacing`` (each replaces a published one), at its first top-level key that differs from
    the published document's (what was changed); the others are named in the message."""
    override = replacing[0]
    published = library.replaced[id(override)]
    changed = [key for key in override.data if override.data.get(key) != published.data.get(key)]
    changed += [key for key in published.data if key not in override.data]
    path = [changed[0]] if changed and changed[0] in override.data else []
    what = override.kind.replace("_", " ")
    others = "".join(f"; your {d.kind.replace('_', ' ')} {_name(d)} ({Path(d.file).name}:{d.line}) replaces a"
                     " published one too" for d in replacing[1:])
    hint = (f"the published {what} {_name(published)} lets this play: change yours back where it stops it, or"
            f" leave it out of your folder to play the published one{others}")
    if problem.hint:
        hint += f"; or, with documents of your own in your folder: {problem.hint}"
    return override.problem(problem.code, f"with your {what} {_name(override)} (it replaces the published one): {problem.message}"
                            f" ({Path(problem.file).name}:{problem.line}, a published document)", path, hint=hint,
                            severity=problem.severity, **(problem.extra or {}))


def _name(document) -> str:
    """A document as a person reads it: its name (its id, quoted, when it has none)."""
    name = document.data.get("name")
    return name if isinstance(name, str) and name else f"'{document.id}'"
