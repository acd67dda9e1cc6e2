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


def check_rulesets(library: Library) -> Iterator[Problem]:
    """Every game's rulesets in every setting, and what each engine needs of the content
    (:func:`workbench.games.checks.check_rulesets`), each by its registry entry's requirement
    check; on the command line the answer of an entry that says so (``requirements_kept``) is
    kept between runs, keyed on its game's documents alone (:mod:`workbench.app.cache`)."""
    from ..games import GAMES

    yield from games_rulesets(library, requirements={entry.id: _kept(entry) for entry in GAMES.values()
                                                     if entry.requirements_kept})


def _kept(entry) -> Callable[[Library], list]:
    """``entry``'s requirement check, its answer kept between runs when worth it."""
    def check(library: Library) -> list:
        if entry.requirements_worth_keeping(library):
            return list(cached(entry.requirements_kept, library, entry.requirements, requirement_inputs(entry)))
        return entry.requirements(library)
    return check


def requirement_inputs(entry) -> Inputs:
    """What a kept requirement answer is keyed on (:class:`workbench.app.cache.Inputs`): the
    documents of the entry's game (its engine reads every kind of them, never another game's)."""
    return Inputs(game=entry.content_game)


#: What the map check's kept answer is keyed on: the maps, the hex types and what decides the
#: rules in force (the games, rules, variants and scenarios, and whatever declares a parameter),
#: never a card, a deck or a character as such.
MAP_INPUTS = Inputs(kinds=frozenset({"map", "hex_type", "game", "rule", "variant", "scenario"}), declaring=True)


def check_effects(library: Library) -> Iterator[Problem]:
    """Every effect the engines do not play (a `not-played` warning) and every cost or gain in
    another game's resources (`foreign-resource`), from the games' effect vocabularies."""
    yield from effect_problems(library)


#: The codes of the checks made here, from the registry (every game's entry at once).
APP_CODES = {
    "scenario-not-played": "a scenario of a game that plays no scenarios (a warning: no command reads it, so nothing"
                           " it sets changes a game)",
}


def check_scenarios_played(library: Library) -> Iterator[Problem]:
    """A scenario of a game none of whose registry entries plays scenarios: `play --scenario` would
    refuse it as a usage error and every other command ignores it, so the designer hears it here,
    at the document, rather than finding their changes silently absent from every game."""
    from ..games import GAMES

    games: dict[str, list] = {}
    for entry in GAMES.values():
        games.setdefault(entry.content_game, []).append(entry)
    for document in library.of_kind("scenario"):
        entries = games.get(document.game)
        if not entries or not library.reported(document) or any("scenario" in e.play_options for e in entries):
            continue
        entry = next((e for e in entries if e.id == document.game), entries[0])   # the game, not its phases
        variants = any("variant" in e.play_options for e in entries)
        yield document.problem("scenario-not-played", f"{entry.name} plays no scenarios: nothing reads this one, so"
                               " what it sets changes no game", ["kind"], severity="warning",
                               hint="write what it changes as a variant (`kind: variant`), which `play --variant` and"
                               " `balance --variant` play" if variants else None)


#: The library checks, in report order. Add a generator to a layer's list to add a check.
LIBRARY_CHECKS: list[Callable[[Library], Iterator[Problem]]] = [
    *CONTENT_CHECKS, check_rulesets, check_effects, *SCENARIO_CHECKS, check_scenarios_played, *BOARD_LIBRARY_CHECKS, *DECK_LIBRARY_CHECKS, check_dice, check_text,
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
    from ..games import GAMES
    from ..rules.effects import CODES as EFFECTS
    from ..rules.ruleset import CODES as RULESET

    games = {code: what for entry in GAMES.values() for code, what in entry.codes().items()}
    codes = {**CODES, **RULESET, **games, **SCENARIOS, **BOARD, **DECKS, **TABLE, **EFFECTS, **APP_CODES}
    codes.update({rule_id: f"placement: {rule.summary}" for rule_id, rule in RULES.items()})
    return codes
