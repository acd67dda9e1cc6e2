"""One judge of whether content plays: what stops a playable unit (a game with a scenario, its
variants and overrides, and for Revolver the decks played) is what its engine's ``build`` finds,
each problem located where the designer can fix it.

``play`` (through :mod:`workbench.cli.engines`) and ``validate`` (through each game's
``requirements``, run by :func:`workbench.games.checks.check_rulesets`) both ask :func:`judge`, so
what ``validate`` calls clean is what ``play`` plays, with the same codes: there is no second list
of what an engine needs.
"""
from __future__ import annotations

from ..core.errors import ContentError


def build(game: str, library, *, scenario: str | None = None, variants=(), overrides=None):
    """The registered game's ``Game`` for the unit; a ContentError with every problem that stops
    it, each located, when it cannot be played."""
    from . import GAMES

    return GAMES[game].load().build(library, scenario=scenario, variants=list(variants), overrides=dict(overrides or {}))


def judge(game: str, library, **unit) -> list:
    """What stops the unit from playing: the located problems of :func:`build` (none: it plays)."""
    try:
        build(game, library, **unit)
    except ContentError as error:
        return list(error.problems)
    return []


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


def deck_play_problems(library, document, legal_problems) -> list:
    """What stops a deck from being played, given its deck-building problems: none more when it is
    not legal (``play --deck`` refuses it with those, and so does ``validate``), else what
    :func:`judge` finds of its unit. ``deck check``, ``play --deck`` and ``validate`` all ask this."""
    if any(p.is_error for p in legal_problems):
        return []
    unit = deck_unit(library, document)
    return judge(document.game, library, **unit) if unit is not None else []


def deck_units(library, game: str = "revolver") -> list[dict]:
    """The playable units of the designer's (reported) decks that are legal, as ``play --deck``
    plays them."""
    from ..decks.rules import check_deck

    out = []
    for document in library.of_kind("deck", game):
        if not library.reported(document) or any(p.is_error for p in check_deck(library, document)):
            continue
        unit = deck_unit(library, document)
        if unit is not None:
            out.append(unit)
    return out
