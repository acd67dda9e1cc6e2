"""What the Dark Horse engine needs of the content beyond its parameters, for ``validate``: every
scenario's starting setup can be made on its map (this searches a setup with the engine, so it
lives with the engine, above the rules it reads)."""
from __future__ import annotations

#: The kinds of document a starting setup depends on (with any that sets `parameters:`).
SETUP_KINDS = frozenset({"game", "scenario", "variant", "map", "rule", "hex_type", "token"})


def requirements(library) -> list:
    """What the engine needs of the content beyond the parameters (``validate`` runs it): every
    scenario's setup can be made on the map it is played on, for each player count it names, and
    its games can end by a trigger (:func:`end_problems`).

    A count that cannot is a warning (the content plays with the other counts), located at the
    scenario's ``players``; ``play`` refuses that count with the same problem as an error.
    (``validate`` runs the same through :mod:`.setups`, which searches each distinct
    setup once.)
    """
    from ...core.errors import ContentError, WorkbenchError
    from ..judge import build  # the engine only when a setup is searched (a hook run needs none)

    problems = []
    for scenario in settings(library):
        try:
            game = build("dark-horse", library, scenario=scenario)
        except ContentError as error:   # what stops play stops validate, with the same problems
            problems += error.problems
            continue
        except WorkbenchError:
            continue            # a missing scenario or map: unknown-ref reports it where it is named
        problems += setup_problems(game) + end_problems(game)
    return problems


def end_problems(game) -> list:
    """A ``no-end-trigger`` warning when no end trigger of a scenario's game can be reached
    (:mod:`.ends`); none for the base game without a scenario (there is no scenario to put it at)."""
    if game.scenario is None:
        return []
    from .ends import end_problem

    problem = end_problem(game)
    return [problem] if problem is not None else []


def settings(library) -> list:
    """The settings whose starting setup is searched: the base game (``None``) and every
    scenario's id; none when no reported document could change a setup, or when a Dark Horse
    document fails its schema."""
    from ...content.schemas import schema_valid

    mine = [d for d in library.documents if d.game == "dark-horse"]
    # the setup depends on the map, the placement rules and the player counts: when no reported
    # document is of a kind that holds them, the search would only repeat a clean result
    if not any(library.reported(d) and (d.kind in SETUP_KINDS or isinstance(d.data.get("parameters"), dict))
               for d in mine):
        return []
    # a setup is searched only on content that passes its schemas: a broken document's schema
    # problem is the one to fix first (and the engine is promised only clean content)
    if not all(schema_valid(d) for d in mine):
        return []
    return [None] + [d.id for d in library.of_kind("scenario", "dark-horse")]


def setup_problems(game, checks: dict | None = None) -> list:
    """A warning for each player count of ``game`` whose setup cannot be made (the content plays
    with the other counts); errors when no count's can (nothing of it plays: ``play`` refuses every
    count). ``checks`` (the setup checks by player count, found for an equal setup) spares the
    search."""
    if game.board is None:
        return []
    low, high = game.player_range()
    failed = []
    for players in range(low, high + 1):
        check = checks[players] if checks is not None else game.setup_check(players)
        if check.possible is False:
            failed.append(check)
    severity = "error" if failed and len(failed) == high - low + 1 else "warning"
    return [game.setup_problem(check, severity=severity) for check in failed]
