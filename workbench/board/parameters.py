"""The rule parameters the board reads, read in one place and never trusted blindly.

The placement rules and mobile hexes read four Dark Horse parameters: ``min_city_distance``,
``safe_zone_area_distance``, ``mobile_hex_may_stack`` and ``rerolls_on_illegal_move``. Their types
are declared once, with the game's other parameters (the module its registry entry names as its
``parameters``; the entry's ``board_rules`` hands the game and that module down to this layer,
which cannot import the registry: :func:`declare_board_rules`), and their values live in YAML (the ``territory-placement`` and ``mobile-hexes`` rules; a map,
variant or scenario may set them). :func:`board_parameters` resolves them as play does
(:func:`workbench.rules.ruleset.resolve`), so ``map check`` judges with the numbers the game plays.

Every value the board uses goes through :func:`read_parameter`: a value that does not fit its
declared type is ignored and the published value applies, so nothing the board does can crash or
hang on it (``workbench validate`` reports the value where it is written).

Why the published value is kept as this fallback (issue 21 asks for no published fallback): it is
reached only by a board built from data alone, without a library (tests, doctests, a notebook
sketch), or by a bad value that ``validate`` already reports as an error. Play never reaches it
(the engines set ``board.parameters`` to the whole resolved ruleset, which refuses a bad value),
nor do ``map check`` and the map explorer (they resolve the parameters from the library with
:func:`board_parameters`); tests/test_board.py checks that a game and ``map check`` never read it.

>>> read_parameter({"min_city_distance": "three"}, "min_city_distance")   # the published value
3
>>> parameter_problem("min_city_distance", float("nan"))
'nan is not a finite number'
"""
from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

#: The parameters the board reads.
BOARD_PARAMETERS = ("min_city_distance", "safe_zone_area_distance", "mobile_hex_may_stack", "rerolls_on_illegal_move")
#: The game whose placement rules and mobile hexes these are (the ``game:`` of its documents) and
#: the module declaring its parameters (``SPEC``, ``published_ruleset()``), told by the games'
#: registry (:func:`declare_board_rules`), in the order they were declared.
DECLARED: dict[str, str] = {}


def declare_board_rules(game: str, module: str) -> None:
    """Say that the board's placement rules and mobile hexes are those of ``game``, whose parameters
    ``module`` declares (called by the games' registry for an entry with ``board_rules``)."""
    if DECLARED and next(iter(DECLARED)) != game:
        raise ValueError(f"the board's placement rules are {next(iter(DECLARED))}'s, not {game}'s")
    DECLARED[game] = module
    _checked.clear()
    published_values.cache_clear()


def forget_board_rules(game: str) -> None:
    """Forget that the board's rules are ``game``'s (its entry is gone)."""
    if DECLARED.pop(game, None) is not None:
        _checked.clear()
        published_values.cache_clear()


def _board_game() -> tuple[str, str]:
    """The game whose parameters the board reads and the module declaring them."""
    if not DECLARED:
        raise LookupError("no registered game declares the board's placement rules (an entry's `board_rules`)")
    return next(iter(DECLARED.items()))


def _spec() -> dict:
    from importlib import import_module

    return import_module(_board_game()[1]).SPEC


_checked: dict[tuple[str, object], str | None] = {}  # (name, value): its problem


def parameter_problem(name: str, value) -> str | None:
    """Why ``value`` does not fit the declared type of the board parameter ``name`` (``None`` when it fits)."""
    from ..rules.ruleset import type_problems

    try:
        key = (name, type(value), value)
        hash(key)
    except TypeError:  # a list or mapping: check it each time
        key = None
    if key is not None and key in _checked:
        return _checked[key]
    reasons = type_problems(value, _spec()[name])
    found = reasons[0] if reasons else None
    if key is not None and len(_checked) < 4096:
        _checked[key] = found
    return found


@lru_cache(maxsize=1)
def published_values() -> dict:
    """The published game's values, for a board read without a library (a map built in a test or
    a notebook from data alone)."""
    from importlib import import_module

    rules = import_module(_board_game()[1]).published_ruleset()
    return {name: rules[name] for name in BOARD_PARAMETERS}


def read_parameter(parameters: Mapping, name: str):
    """The value of a board parameter, or the published value when it is missing or does not fit."""
    if isinstance(parameters, Mapping) and name in parameters and parameter_problem(name, parameters[name]) is None:
        return parameters[name]
    return published_values()[name]


def _scenario_id(library, board, scenario) -> str | None:
    if scenario is None:
        return None
    if not isinstance(scenario, Mapping):
        return scenario.id  # a Document
    for document in library.of_kind("scenario", board.game):
        if document.data is scenario:
            return document.id
    return None


def board_parameters(board, library=None, scenario=None) -> list:
    """Set ``board.parameters`` to the parameters in force for ``scenario`` (its data or document)
    and return the problems found resolving them.

    With the game's rules in ``library`` they are resolved as play resolves them: the declared
    values, the map's own, the scenario's variants', the scenario's. Otherwise (a board outside a
    library, a scenario that is not in it) the map's own, then the scenario's, layered by hand.
    """
    from ..rules.ruleset import resolve

    scenario_data = getattr(scenario, "data", scenario)
    scenario_id = _scenario_id(library, board, scenario) if library is not None else None
    game = next(iter(DECLARED), None)
    if library is not None and board.game == game and library.get(game, "game", game) is not None \
            and (scenario is None or scenario_id is not None):
        in_library = board.document is not None and library.get(game, "map", board.id) is board.document
        try:
            rules, problems = resolve(library, game, _spec(), scenario=scenario_id,
                                      map_id=board.id if in_library else None)
        except LookupError:  # a variant that does not exist: `unknown-ref` says so where it is named
            rules, problems = None, []
        if rules is not None:
            board.parameters = dict(rules)
            if not in_library:
                board.parameters.update(board.own_parameters)
            return problems
    else:
        problems = []
    merged = dict(board.own_parameters)
    if isinstance(scenario_data, Mapping) and isinstance(scenario_data.get("parameters"), Mapping):
        merged.update(scenario_data["parameters"])
    board.parameters = merged
    return problems
