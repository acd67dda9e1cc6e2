"""One judge of whether content plays: what stops a playable unit (a game with a scenario, its
variants and overrides, and for Revolver the decks played) is what its engine's ``build`` finds,
each problem located where the designer can fix it.

``play`` (through :mod:`workbench.cli.engines`) and ``validate`` (through each game's
``requirements``, run by :func:`workbench.games.checks.check_rulesets`) both ask :func:`judge`, so
what ``validate`` calls clean is what ``play`` plays, with the same codes: there is no second list
of what an engine needs.
"""
from __future__ import annotations

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
    its base deck; ``None`` when it says no side, or when its list is not known (the deck check
    says so: ``base-list-unknown``; one mistake, one problem)."""
    from ..decks.rules import context_for

    faction = document.data.get("faction")
    if faction not in ("colti", "mcready"):
        return None
    try:
        complete = context_for(library, document).deck.complete
    except ContentError:
        return None             # the deck check reports why it cannot be read
    return {"overrides": {f"{faction}_base_deck": document.id}} if complete else None


def deck_play_problems(library, document, legal_problems, *, told: bool = False) -> list:
    """What stops a deck from being played, given its deck-building problems, as warnings (a deck
    is played only when chosen: the library plays without it; ``play --deck`` refuses it with the
    same problems as errors, as a Dark Horse player count whose setup cannot be made). None when
    it is not legal (``play --deck`` refuses it with those), else what :func:`judge` finds of its
    unit, less what a deck-building problem already tells at the same place (a card of unknown
    type: one mistake, one problem; ``told``: all of them, for ``play --deck``, which refuses the
    deck with them). ``deck check``, ``play --deck`` and ``validate`` all ask this."""
    import dataclasses

    if any(p.is_error for p in legal_problems):
        return []
    unit = deck_unit(library, document)
    if unit is None:
        return []
    places = set() if told else {(p.file, p.line, p.column) for p in legal_problems}
    return [dataclasses.replace(p, severity="warning") for p in judge(document.game, library, **unit)
            if (p.file, p.line, p.column) not in places]


def deck_units_problems(library, game: str) -> list:
    """:func:`deck_play_problems` of each of the designer's (reported) decks of ``game``, for ``validate``."""
    from ..decks.checks import _schema_ok, checked_once

    out = []
    for document in library.of_kind("deck", game):
        if library.reported(document) and _schema_ok(document):
            out += deck_play_problems(library, document, checked_once(library, document))
    return out
