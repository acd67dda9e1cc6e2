"""The Dark Horse setup search of ``validate`` (the registry entry's requirement check), each
distinct setup searched once.

:func:`workbench.games.dark_horse.requirements.requirements` builds the engine for the base game
and for every scenario and searches a starting setup for each player count. In a large library
most of those settings are the same setup: scenarios that play the same resolved ruleset on the
same map under the same placement rules. The search reads nothing else (the map and the hex
types, the ruleset's numbers, the placement rules in force, the player counts), so here it runs
once per distinct

    (resolved ruleset values, map, placement rule ids in force, player counts)

and the engine is built once per distinct setup too. A scenario whose setup was already searched
gets its warnings from that search, worded by the engine (``setup_problem``) for that scenario.
A setting whose key cannot be told without the engine (its ruleset or map does not resolve, a
reference in the scenario or its variants names nothing) goes through the engine as before: the
problems are the same either way (``tests/test_validate_scaling.py`` compares them on a
replicated library).
"""
from __future__ import annotations

import copy
import json

from ...content.problems import Problem

GAME = "dark-horse"


def searched(library) -> bool:
    """Whether a setup is searched (else there is nothing worth keeping between runs, and a hook
    run on a card would only pay the key's working-out): the registry entry's
    ``requirements_worth_keeping_at``."""
    from .requirements import settings

    return bool(settings(library))


def requirements(library) -> list[Problem]:
    """The engine's requirements (:mod:`workbench.games.dark_horse.requirements`), searched once
    per distinct setup; the same problems, in the same order."""
    from .requirements import end_problems, settings, setup_problems

    found = settings(library)
    if not found:
        return []
    from ...core.errors import ContentError, WorkbenchError
    from ..judge import build  # the engine only when a setup is searched (a hook run needs none)

    problems: list[Problem] = []
    searched: dict = {}        # setup key -> (a game of that setup, its setup checks by player count)
    boards: dict = {}          # map id -> the map's board, read for its placement rules
    for scenario in found:
        key = _setup_key(library, scenario, boards)
        if key is not None and key in searched:
            game, checks = searched[key]
            problems += setup_problems(_as_scenario(game, scenario), checks)
            # the end triggers read the spaces in play too, which the setup key leaves out
            try:
                problems += end_problems(_with_spaces(game, library, scenario))
            except WorkbenchError:
                pass            # a space that does not exist: the ruleset checks say so
            continue
        try:
            game = build(GAME, library, scenario=scenario)
        except ContentError as error:   # what stops play stops validate, with the same problems
            problems += error.problems
            continue
        except WorkbenchError:
            continue            # a missing scenario or map: unknown-ref reports it where it is named
        problems += setup_problems(game) + end_problems(game)
        if key is not None:
            low, high = game.player_range()   # searched above; the engine remembers its checks
            checks = {n: game.setup_check(n) for n in range(low, high + 1)} if game.board is not None else {}
            searched[key] = (game, checks)
    return problems


def _with_spaces(game, library, scenario):
    """``game`` as the game of ``scenario`` (an equal setup) with that scenario's own ruleset, action
    spaces and Mystery Hexes: what its end triggers read (:mod:`workbench.games.dark_horse.ends`),
    without building the engine again."""
    from .engine import DarkHorse, mystery_types
    from ...rules.dark_horse import resolve_ruleset

    other = _as_scenario(game, scenario)
    document = library.get(GAME, "scenario", scenario) if scenario else None
    other.ruleset = resolve_ruleset(library, scenario=scenario, map_id=game.board.id if game.board is not None else None)
    other.spaces, other.left_out, other.notes = DarkHorse.spaces_in_play(
        library, document.data if document is not None else {}, other.ruleset)
    other.mystery_types = mystery_types(library, other.ruleset)
    return other


def _as_scenario(game, scenario):
    """``game`` as the game of ``scenario``, an equal setup: what a setup warning names of the
    scenario (its name, where it is written) is read from ``game.scenario``."""
    other = copy.copy(game)
    other.scenario = scenario
    return other


def _setup_key(library, scenario, boards: dict):
    """What the setup search of ``scenario`` reads, as a hashable key; ``None`` when it cannot be
    told without building the engine (the engine then decides, as it would without the cache)."""
    from ...board.graph import board_from_library
    from ...board.placement import rules_in_force
    from ...rules.dark_horse import resolve_ruleset

    try:
        document = library.get(GAME, "scenario", scenario) if scenario else None
        if scenario and document is None:
            return None
        map_id = resolve_ruleset(library, scenario=scenario).territory
        ruleset = resolve_ruleset(library, scenario=scenario, map_id=map_id)
        data = document.data if document is not None else {}
        variants = [library.get(GAME, "variant", v) for v in ruleset.variants]
        if not _references_resolve(library, ([document] if document is not None else []) + variants):
            return None
        rules: tuple = ()
        if map_id:
            if library.get(GAME, "map", map_id) is None:
                return None
            if map_id not in boards:
                boards[map_id] = board_from_library(library, map_id, GAME)
            rules = tuple(rules_in_force(boards[map_id], library, data or None)[0])
        players = data.get("players") or (library.data(GAME, "game", GAME) or {}).get("players") or {}
        return ruleset.key(), map_id, rules, json.dumps(players, sort_keys=True, default=str)
    except Exception:  # noqa: BLE001 - whatever stops the key stops nothing: the engine decides
        return None


def _references_resolve(library, documents) -> bool:
    """Whether every reference of ``documents`` names a document (a dangling one may stop the
    engine's build, which then has its say)."""
    from ...content.library import _values_at
    from ...content.schemas import reference_fields

    for document in documents:
        if document is None:
            return False
        for pattern, kinds in reference_fields(document.kind):
            for _, value in _values_at(document.data, pattern, []):
                if isinstance(value, str) and not any(library.get(document.game, kind, value) for kind in kinds):
                    return False
    return True
