"""Scenario consistency: the checks that need a scenario's action spaces and what they replace.

A scenario's ``action_spaces`` (and those its variants bring) are added to the board, each taking
the place of the space it ``replaces`` ("Marshal replaces Mayor"). So a scenario may not use a
space together with the space it replaces, and a chain of replacements may not loop back on
itself. (Two spaces replacing the same one are the ``replacement-conflict`` check in
:mod:`workbench.content.library`.)
"""
from __future__ import annotations

from typing import Iterator

from .problems import Problem
from ..core.limits import limit

CODES = {
    "replaced-space-used": "a scenario uses an action space together with the space it replaces",
    "replacement-cycle": "action spaces replace each other in a loop",
    "player-range": "a scenario's or game's players: min is above its max, so no player count can play it",
}


def _spaces_used(library, scenario) -> list[tuple[str, list]]:
    """The action spaces a scenario puts on the board, each with where the scenario names it:
    its own ``action_spaces`` item, or the ``variants`` item of the variant that brings it."""
    used: list[tuple[str, list]] = []
    for i, space_id in enumerate(_list(scenario.data.get("action_spaces"))):
        if isinstance(space_id, str):
            used.append((space_id, ["action_spaces", i]))
    for i, variant_id in enumerate(_list(scenario.data.get("variants"))):
        variant = library.data(scenario.game, "variant", variant_id) if isinstance(variant_id, str) else None
        for space_id in _list((variant or {}).get("action_spaces")):
            if isinstance(space_id, str):
                used.append((space_id, ["variants", i]))
    return used


def _list(value) -> list:
    # a schema mistake (a text where a list belongs) is the schema check's to report
    return value if isinstance(value, list) else []


def check_replaced_spaces_used(library) -> Iterator[Problem]:
    """A scenario that uses both a space and the space it replaces (Marshal and Mayor)."""
    for scenario in library.of_kind("scenario"):
        used = _spaces_used(library, scenario)
        where = {}
        for space_id, path in used:
            where.setdefault(space_id, path)
        for space_id, _ in used:
            space = library.data(scenario.game, "action_space", space_id) or {}
            replaced = space.get("replaces")
            if isinstance(replaced, str) and replaced in where and replaced != space_id:
                name = space.get("name", space_id)
                other = (library.data(scenario.game, "action_space", replaced) or {}).get("name", replaced)
                yield scenario.problem(
                    "replaced-space-used",
                    f"{name} ('{space_id}') replaces {other} ('{replaced}'), so the scenario cannot use both:"
                    f" {other} is no longer on the board once {name} is", where[replaced],
                    hint=f"remove '{replaced}' (or '{space_id}') from the scenario", spaces=[space_id, replaced])


def check_replacement_cycles(library) -> Iterator[Problem]:
    """Action spaces whose ``replaces`` lead back to themselves (A replaces B, B replaces A).
    Reported once per loop, at the first space of the loop in file order.

    Every space is walked once in all (a chain of 5,000 spaces, each replacing the next, took
    minutes when each space walked its whole chain through a list): a walk stops at a space an
    earlier walk finished, and a space met again in the same walk closes a loop.
    """
    finished: set[tuple] = set()
    for space in library.of_kind("action_space"):
        path: list[str] = []
        on_path: dict[str, int] = {}
        current = space.id
        while isinstance(current, str) and (space.game, current) not in finished and current not in on_path:
            on_path[current] = len(path)
            path.append(current)
            nxt = library.data(space.game, "action_space", current)
            current = nxt.get("replaces") if nxt else None
        finished.update((space.game, i) for i in path)
        if not isinstance(current, str) or current not in on_path:
            continue  # the chain ends, or runs into one an earlier walk checked
        chain = path[on_path[current]:]
        members = [library.get(space.game, "action_space", i) for i in chain]
        first = min((m for m in members if m is not None), key=lambda m: (m.file, m.locate(["replaces"])))
        start = chain.index(first.id)
        order = chain[start:] + chain[:start]
        yield first.problem(
            "replacement-cycle",
            "these action spaces replace each other in a loop: " + " -> ".join(f"'{i}'" for i in order + [order[0]])
            + "; a replacement must end at a space that replaces nothing", ["replaces"],
            hint="remove one `replaces:` of the loop", spaces=order)


def check_player_counts(library) -> Iterator[Problem]:
    """A ``players: {min, max}`` whose minimum is above its maximum: no count can be played."""
    for document in library.documents:
        players = document.data.get("players") if isinstance(document.data, dict) else None
        if isinstance(players, dict):
            low, high = players.get("min"), players.get("max")
            if (isinstance(low, int) and isinstance(high, int) and not isinstance(low, bool)
                    and not isinstance(high, bool) and low > high):
                yield document.problem("player-range", f"players: min {low} is above max {high}, so no player count"
                                       " can play it", ["players", "min"], hint=f"write min: {high} or max: {low}")


def check_replacement_chains(library) -> Iterator[Problem]:
    """A chain of ``replaces:`` longer than the declared ``replacement_chain`` limit, reported once
    at the space that starts it (the one nothing replaces). Each space's chain length is found
    once (linear in the spaces); a loop is :func:`check_replacement_cycles`' to report.
    """
    most = limit("replacement_chain")
    length: dict[tuple, int] = {}  # spaces after this one in its chain (0: replaces nothing)
    replaced: set[tuple] = set()
    for space in library.of_kind("action_space"):
        target = space.data.get("replaces")
        if isinstance(target, str):
            replaced.add((space.game, target))
        path: list[str] = []
        current = space.id
        while isinstance(current, str) and (space.game, current) not in length and current not in path:
            path.append(current)
            nxt = library.data(space.game, "action_space", current)
            current = nxt.get("replaces") if nxt else None
        if isinstance(current, str) and current in path:  # a loop: counted as ending here
            after = 0
        else:
            after = length.get((space.game, current), -1) + 1 if isinstance(current, str) else 0
        for i in reversed(path):
            length[(space.game, i)] = after
            after += 1
    for space in library.of_kind("action_space"):
        links = length.get((space.game, space.id), 0)
        if links > most and (space.game, space.id) not in replaced:
            yield space.problem(
                "size-limit", f"this space starts a chain of {links:,} replacements (`replaces:` after"
                f" `replaces:`), beyond the declared limit of {most:,}", ["replaces"],
                hint="replace the original space directly instead of through a long chain")


SCENARIO_CHECKS = [check_replaced_spaces_used, check_replacement_cycles, check_replacement_chains,
                   check_player_counts]
