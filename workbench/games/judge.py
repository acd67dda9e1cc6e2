"""One judge of whether content plays: what stops a playable unit (a game with a scenario, its
variants and overrides, and for Revolver the decks played) is what its engine's ``build`` finds,
each problem located where the designer can fix it.

``play`` (through :mod:`workbench.cli.engines`) and ``validate`` (through each game's
``requirements``, run by :func:`workbench.games.checks.check_rulesets`) both ask :func:`judge`, so
what ``validate`` calls clean is what ``play`` plays, with the same codes: there is no second list
of what an engine needs.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..content.overrides import at_overrides
from ..core.errors import ContentError


def build(game: str, library, *, scenario: str | None = None, variants=(), overrides=None):
    """The registered game's ``Game`` for the unit; a ContentError with every problem that stops
    it, each located, when it cannot be played."""
    from . import GAMES

    unit = {"scenario": scenario, "variants": list(variants), "overrides": dict(overrides or {})}
    try:
        return GAMES[game].load().build(library, **unit)
    except ContentError as error:   # told where the unit was chosen, for play as for validate
        told = told_at_designer(game, library, list(error.problems), **unit,
                                published=lambda content: _build_problems(game, content, unit))
        if told == error.problems:
            raise
        raise ContentError(str(error), told) from None


def _build_problems(game: str, library, unit: dict) -> list:
    """What stops the unit's ``build`` on ``library``, as found (none: it builds)."""
    from . import GAMES

    try:
        GAMES[game].load().build(library, **unit)
    except ContentError as error:
        return list(error.problems)
    return []


def judge(game: str, library, **unit) -> list:
    """What stops the unit from playing: the located problems of :func:`build` (none: it plays).

    A problem located in a document whose problems are not reported (a published card a
    designer's variant makes unplayable) is told at the designer's document that chose the unit
    (its scenario, variant or deck), or else at the designer's document replacing a published
    one (:func:`told_at_designer`), naming where it is: ``validate`` shows what ``play`` would."""
    try:
        build(game, library, **unit)
    except ContentError as error:
        return list(error.problems)
    return []


def told_at_designer(game: str, library, problems: list, *, scenario: str | None = None, variants=(),
                     overrides=None, published=None) -> list:
    """``problems`` of the unit (``game`` with ``scenario``, ``variants`` and ``overrides``) as
    the designer is told them: each one located in a document whose problems are not reported (a
    published one) is moved to the designer's document behind it, the published place named in
    the message. That document is the one that chose the unit (its scenario, variant or deck),
    else the designer's document replacing a published one of the game (an override), when the
    same check on the published content (``published``) does not find the problem: the override
    is then what stops it. Problems with no such document stay where they are (a published
    scenario's own warnings among them). ``play`` (:func:`build`) and ``validate`` (each game's
    requirement check) both tell a unit's problems through this, so they agree on the place and
    the code.

    Parameters
    ----------
    game : str
        The registry id of the game played (or its content game).
    library : Library
        The library played.
    problems : list of Problem
        What stops the unit, located where it was found.
    scenario, variants, overrides
        The unit, as :func:`build` takes it.
    published : callable, optional
        ``published(library) -> problems``: the same check of the same unit, run on the
        published content (:meth:`workbench.content.library.Library.published`); without it no
        problem is moved to an override.

    Returns
    -------
    list of Problem
        The same problems, in the same order, each at a place the designer can fix.
    """
    from . import GAMES

    if not problems:        # asked of every unit validate resolves: most have none
        return problems
    quiet = {d.file for d in library.documents if not library.reported(d)}
    if not any(p.file in quiet for p in problems):
        return problems
    content = GAMES[game].content_game if game in GAMES else game
    chosen = [library.get(content, "scenario", scenario) if scenario else None]
    chosen += [library.get(content, "variant", v) for v in variants or ()]
    chosen += [library.get(content, "deck", d) for d in (overrides or {}).values() if isinstance(d, str)]
    chooser = next((d for d in chosen if d is not None and library.reported(d)), None)
    if chooser is None:
        return at_overrides(library, content, problems, published)
    return [chooser.problem(p.code, f"with {chooser.kind} '{chooser.id}': {p.message} ({Path(p.file).name}:{p.line}, a"
                            " published document)", [], hint=p.hint, **(p.extra or {}))
            if p.file in quiet else p for p in problems]


def deck_unit(library, document) -> dict | None:
    """The playable unit of a deck document: its side plays it (``play --deck``), the other side
    its base deck; ``None`` when it says no side, or when it cannot be read (the deck check says
    why). A deck whose cards are not known is a unit too: the engine refuses it with
    ``deck-list-unknown`` (:func:`workbench.decks.rules.list_unknown`), which ``validate`` shows."""
    from ..decks.rules import context_for

    try:
        ctx = context_for(library, document)
    except ContentError:
        return None             # the deck check reports why it cannot be read
    faction = document.data.get("faction")
    sides = ctx.rules.get("base_decks")
    if not isinstance(faction, str) or not isinstance(sides, dict) or faction not in sides:
        return None             # the deck check's deck-side says so
    return {"overrides": {f"{faction}_base_deck": document.id}}


def _legality_unknown(library, document) -> bool:
    from ..decks.rules import context_for, legality_unknown

    try:
        return legality_unknown(context_for(library, document).deck)
    except ContentError:
        return False            # beyond the size limits: the deck check's error says so


def grade(problem, *, playing: bool):
    """The one grading of what stops a legal deck from being played, for every command.

    Where the deck is played (``play --deck``, ``balance --deck``) everything that stops it is an
    error: the command refuses it (exit 1). Where it is only checked (``validate``, ``deck
    check``), a fact the content does not give (a problem marked ``unknown``: the deck's card list,
    a card's firepower or type left ``unknown`` as the rules texts leave it) is a note: the content
    is as complete as the texts allow, so the check stays clean (exit 0); anything else (a card of
    a type Revolver does not play) is an error there too (exit 1). The code and the place are the
    same in both.
    """
    import dataclasses

    from ..content.problems import ERROR, NOTE

    severity = NOTE if not playing and (problem.extra or {}).get("unknown") else ERROR
    return problem if problem.severity == severity else dataclasses.replace(problem, severity=severity)


@dataclass
class DeckVerdict:
    """What every command says of one deck: its problems, graded by :func:`grade`, whether it is
    legal by the deck-building rules (``None``: cannot be shown) and whether it can be played.

    Attributes
    ----------
    problems : list of Problem
        The deck-building problems, then what stops play, sorted by place.
    legal : bool or None
    playable : bool
    stops : list of Problem
        What stops play (graded), a part of ``problems``.
    """

    problems: list
    legal: bool | None
    playable: bool
    stops: list = field(default_factory=list)

    @property
    def errors(self) -> list:
        return [p for p in self.problems if p.is_error]


def deck_verdict(library, document, references=(), *, playing: bool = False) -> DeckVerdict:
    """The one verdict on a deck document, which ``validate``, ``deck check``, ``deck odds``,
    ``play --deck`` and ``balance --deck`` all ask, so they give the same codes at the same places
    and exit alike (1 when any problem is an error).

    Parameters
    ----------
    library : Library
        The library the deck is read in.
    document : Document
        The deck.
    references : sequence of Problem
        The deck's own unknown references (a misspelt ``base:``), reported as deck problems.
    playing : bool
        Whether the command plays the deck (what stops it is then an error, :func:`grade`).

    Returns
    -------
    DeckVerdict
        A deck that is not legal is not judged further (its deck-building errors say why; one
        mistake, one problem); a legal one with what :func:`judge` finds of its unit, all of it:
        a swap bringing in a card of unknown type is a ``type-unknown`` warning (Module 2 C cannot
        be checked) and the ``engine-requirement`` note ``play --deck`` refuses it with, at the
        same place, so the code ``play`` gives is one ``validate`` showed.
    """
    from ..content.problems import Problem
    from ..decks.checks import checked_once

    legal_problems = [*checked_once(library, document), *references]
    if any(p.is_error for p in legal_problems):
        return DeckVerdict(sorted(legal_problems, key=Problem.sort_key), False, False)
    legal = None if _legality_unknown(library, document) else True
    base = document.data.get("base")
    if isinstance(base, str) and library.get(document.game, "deck", base) is None:
        # a misspelt `base:` is the reference check's unknown-ref, in `validate` as in `deck check`
        # (which passes it in ``references``): one mistake, one problem
        return DeckVerdict(sorted(legal_problems, key=Problem.sort_key), legal, False)
    unit = deck_unit(library, document)
    found = judge(document.game, library, **unit) if unit is not None else []
    stops = [grade(p, playing=playing) for p in found]
    return DeckVerdict(sorted(legal_problems + stops, key=Problem.sort_key), legal, not found, stops)


def deck_units_problems(library, game: str) -> list:
    """What stops each of the designer's (reported) decks of ``game`` from playing, graded as
    :func:`deck_verdict` grades it for ``deck check`` (its deck-building problems are the deck
    check's, :func:`workbench.decks.checks.check_decks`), for ``validate``."""
    from ..decks.checks import _schema_ok

    out = []
    for document in library.of_kind("deck", game):
        if library.reported(document) and _schema_ok(document):
            out += deck_verdict(library, document).stops
    return out
