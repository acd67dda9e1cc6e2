"""Every layer's library checks and problem codes, collected in one place: the validate
application runs them all over a library, so `validate`, `map check` and `deck check` judge by
the same code. Each check is a small generator yielding located problems; a layer registers its
checks in a list of its own (``CONTENT_CHECKS``, ``SCENARIO_CHECKS``, ``BOARD_LIBRARY_CHECKS``,
``DECK_LIBRARY_CHECKS``, the games' ruleset checks) and its codes in ``CODES``.
"""
from __future__ import annotations

import os
from typing import Callable, Iterator

from ..board.checks import BOARD_LIBRARY_CHECKS, check_maps
from ..content.library import CONTENT_CHECKS, Library
from ..content.problems import CODES, Problem
from ..content.scenarios import SCENARIO_CHECKS
from ..core.limits import check_amounts, check_dice, check_text
from ..decks.checks import DECK_LIBRARY_CHECKS
from ..games.checks import check_rulesets as games_rulesets
from ..rules.effects import problems as effect_problems
from .cache import Inputs, cached
from .setups import dark_horse_requirements, western_legends_requirements


def check_rulesets(library: Library) -> Iterator[Problem]:
    """Every game's rulesets in every setting, and what each engine needs of the content
    (:func:`workbench.games.checks.check_rulesets`), Dark Horse's setups each searched once and
    Western Legends' content checked once per distinct ruleset (:mod:`workbench.app.setups`);
    on the command line each engine's answer is kept between runs (:mod:`workbench.app.cache`)."""
    yield from games_rulesets(library, requirements={
        "dark-horse": lambda lib: list(cached("dark-horse-setups", lib, dark_horse_requirements, SETUP_INPUTS)
                                       if _setups_searched(lib) else dark_horse_requirements(lib)),
        "western-legends": lambda lib: list(cached("western-legends-content", lib, western_legends_requirements,
                                                   CONTENT_INPUTS))})


#: What each kept answer is keyed on (:class:`workbench.app.cache.Inputs`): the Dark Horse setup
#: search reads Dark Horse's documents (its engine reads every kind of them), the Western Legends
#: content check Western Legends'; the map check reads the maps, the hex types and what decides
#: the rules in force (the games, rules, variants and scenarios, and whatever declares a
#: parameter), never a card, a deck or a character as such.
SETUP_INPUTS = Inputs(game="dark-horse")
CONTENT_INPUTS = Inputs(game="western-legends")
MAP_INPUTS = Inputs(kinds=frozenset({"map", "hex_type", "game", "rule", "variant", "scenario"}), declaring=True)


def _setups_searched(library: Library) -> bool:
    """Whether a Dark Horse setup is searched (else there is nothing worth keeping, and a hook run
    on a card would only pay the key's working-out)."""
    from ..games.dark_horse.requirements import settings

    return bool(settings(library))


def check_effects(library: Library) -> Iterator[Problem]:
    """Every effect the engines do not play (a `not-played` warning) and every cost or gain in
    another game's resources (`foreign-resource`), from the games' effect vocabularies."""
    yield from effect_problems(library)


#: The library checks, in report order. Add a generator to a layer's list to add a check.
LIBRARY_CHECKS: list[Callable[[Library], Iterator[Problem]]] = [
    *CONTENT_CHECKS, check_rulesets, check_effects, *SCENARIO_CHECKS, *BOARD_LIBRARY_CHECKS, *DECK_LIBRARY_CHECKS, check_dice, check_text,
    check_amounts,
]


def _maps_checked(library: Library) -> bool:
    """Whether the map check may build a board: a map reported, or a map behind one of the
    game's reported rules (else it builds none, and keeping its answer would only cost a hook
    run the key's working-out). It decides only whether the answer is kept, never the answer."""
    from ..board.checks import MAP_RULE_KINDS

    touched = {d.game for d in library.documents if library.reported(d)
               and (d.kind in MAP_RULE_KINDS or isinstance(d.data.get("parameters"), dict))}
    return any(library.reported(d) or d.game in touched for d in library.of_kind("map"))


#: The library checks whose answers the command line keeps between runs (they build boards),
#: with when it is worth it.
CACHED_CHECKS = {check_maps: ("maps", _maps_checked, MAP_INPUTS)}


def library_problems(library: Library) -> Iterator[Problem]:
    """Every library check's problems; a bug in one check is reported and never hides the others'."""
    for check in LIBRARY_CHECKS:
        try:
            if check in CACHED_CHECKS and CACHED_CHECKS[check][1](library):
                name, _, inputs = CACHED_CHECKS[check]
                yield from cached(name, library, check, inputs)
            else:
                yield from check(library)
        except Exception as exc:  # noqa: BLE001 - a bug in one check must not hide the others' problems
            if os.environ.get("WORKBENCH_DEBUG"):
                raise
            yield Problem("internal-error", f"the library check '{check.__name__}' failed ({type(exc).__name__}:"
                          f" {exc}); this is a bug in the workbench", None, None, None, "$",
                          "please report it with the content; WORKBENCH_DEBUG=1 shows the traceback")


def all_codes() -> dict[str, str]:
    """Every problem code the workbench reports, with its one-line meaning: the loader's and the
    library's, the rules', the model checks' (scenarios, maps, decks, poker tables), and the
    placement rules' ids (a placement problem carries the id of the rule that forbids)."""
    from ..board.checks import CODES as BOARD
    from ..board.placement import RULES
    from ..content.scenarios import CODES as SCENARIOS
    from ..decks.rules import CODES as DECKS
    from ..decks.table import CODES as TABLE
    from ..games.western_legends.poker import CODES as POKER
    from ..rules.effects import CODES as EFFECTS
    from ..rules.ruleset import CODES as RULESET

    codes = {**CODES, **RULESET, **POKER, **SCENARIOS, **BOARD, **DECKS, **TABLE, **EFFECTS}
    codes.update({rule_id: f"placement: {rule.summary}" for rule_id, rule in RULES.items()})
    return codes
