"""``workbench validate``'s checks that the content plays: each registered game's ruleset is
resolved for the base game, every scenario and every variant, and each engine's own requirements
are checked, so content that validates clean always plays.

A small generator per check, yielding located problems (as the library checks do).
"""
from __future__ import annotations

from typing import Callable, Iterator, Mapping

from ..content.problems import Problem


def _unique(problems) -> Iterator[Problem]:
    seen = set()
    for problem in problems:
        key = (problem.code, problem.file, problem.line, problem.column, problem.message)
        if key not in seen:
            seen.add(key)
            yield problem


def settings_problems(library, game: str, spec) -> list[Problem]:
    """Unknown names and wrong types in what scenarios, variants and maps set."""
    from ..rules.ruleset import Origin, _check_setting

    out: list[Problem] = []
    for document in library.documents:
        if document.game != game or document.kind not in ("scenario", "variant", "map"):
            continue
        params = document.data.get("parameters")
        if isinstance(params, dict):
            for name, value in params.items():
                if isinstance(name, str):
                    out += _check_setting(name, value, Origin(document, ("parameters", name), document.kind), spec)
    return out


#: The kinds that make up or select a ruleset (with any document that has `parameters:`).
RULESET_KINDS = frozenset({"game", "scenario", "variant", "map"})


def check_rulesets(library, requirements: Mapping[str, Callable] | None = None) -> Iterator[Problem]:
    """Resolve every registered game's ruleset in every setting the library offers, and check
    each engine's requirements (``requirements`` maps a game's registry id to a function doing the
    same as its entry's, e.g. with a cache: :mod:`workbench.app.checks`)."""
    from . import GAMES
    from .judge import told_at_designer
    from ..rules.ruleset import resolve

    problems: list[Problem] = []
    for entry in GAMES.values():
        game = entry.content_game
        mine = [d for d in library.documents if d.game == game]
        # a game none of whose documents is reported (the published games behind a designer's
        # files, known clean) is not checked: every problem found would be dropped
        seen = [d for d in mine if library.reported(d)]
        if not seen:
            continue
        spec = entry.spec()
        declares = any(d.game == game and d.kind not in ("scenario", "variant", "map", "deck", "deck_rules")
                       and isinstance(d.data.get("parameters"), dict) for d in library.documents)
        if not declares:
            # the game's own rules are not in this library (a designer's folder of house rules
            # checked alone): check only what its documents set against the declared types
            problems += settings_problems(library, game, spec)
            continue
        needs = (requirements or {}).get(entry.id, entry.requirements)
        if not any(d.kind in RULESET_KINDS or isinstance(d.data.get("parameters"), dict) for d in seen):
            # nothing reported sets or selects rules (a designer's card or action space): the
            # rulesets are those of clean content; only the engine's own requirements can change
            if needs is not None:
                problems += needs(library)
            continue
        # each unit's problems told as play tells them (a published document a designer's
        # override breaks: at the override)
        def told(found, spec=spec, game=game, entry=entry, **unit):
            return told_at_designer(entry.id, library, found, scenario=unit.get("scenario"),
                                    variants=unit.get("variants", ()),
                                    published=lambda content: resolve(content, game, spec, **unit)[1])

        problems += told(resolve(library, game, spec)[1])
        for scenario in library.of_kind("scenario", game):
            try:
                _, found = resolve(library, game, spec, scenario=scenario.id)
            except LookupError:      # a variant that does not exist: unknown-ref says so
                continue
            problems += told(found, scenario=scenario.id)
        for variant in library.of_kind("variant", game):
            problems += told(resolve(library, game, spec, variants=[variant.id])[1], variants=[variant.id])
        for document in library.of_kind("map", game):
            problems += told(resolve(library, game, spec, map_id=document.id)[1], map_id=document.id)
        if needs is not None:     # what else the engine needs of the content
            problems += needs(library)
    yield from _unique(problems)
