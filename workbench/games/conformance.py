"""Seeded, audited games of every registered engine, for the rules-conformance suite.

The games are played here (this side imports the engines); :mod:`workbench.audit` reads their logs
alone and checks the invariants of the rules texts on them. The same settings serve the test suite
(a small budget) and ``benchmarks/conformance.py`` (a large one).

A setting is a scenario, a player count range and characters hired at the start, the variants, the
bots; each game's own are in its package, named by its registry entry (``conformance_at``).
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Iterator

from . import GAMES
from .base import play


@dataclass(frozen=True)
class Setting:
    game: str
    label: str
    scenario: str | None = None
    players: tuple[int, ...] = (2, 3, 4)
    rounds: int = 6
    characters: dict = field(default_factory=dict)
    variants: tuple[str, ...] = ()
    needs: tuple[str, ...] = ()        # library ids the setting needs (fixtures): skipped without them
    options: tuple = ()                # more options of new_initial_state, as (name, value) pairs
    bots: tuple[str, ...] = ()         # the seats' bots (default: the engine's bots in turn)


def __getattr__(name: str):
    # ``SETTINGS``: every registered game's settings, by game id, each from its entry
    # (``conformance_at``); worked out when asked, as the games' modules import :class:`Setting`
    if name == "SETTINGS":
        return {entry.id: list(entry.conformance()) for entry in GAMES.values() if entry.conformance_at}
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def settings(library, game: str) -> list[Setting]:
    """The settings of ``game`` this library can play (fixture settings need the fixtures)."""
    known = {d.id for d in library.documents}
    entry = GAMES.get(game)
    return [s for s in (entry.conformance() if entry is not None else []) if all(n in known for n in s.needs)]


def audited_games(library, game: str, count: int, first_seed: int = 0, *,
                  audit: bool = True, bots: tuple = ()) -> Iterator[tuple[str, int, list[dict]]]:
    """``count`` seeded games of ``game`` spread over its settings, each as ``(label, seed,
    events)`` with the events as plain JSON (what ``play --log`` writes). ``audit=False`` plays the
    same games on the engines' fast path (events without deltas: a baseline for timing). ``bots``:
    the bots seated round the table where a setting names none (default: every bot of the engine but
    the reference player's search)."""
    chosen = settings(library, game)
    engine = GAMES[game].load()
    built: dict = {}
    # the reference player is a search over the same steps (its moves are among the fast players',
    # found at many times their cost): conformance plays the engine's own fast players
    from .base import one_step_lookahead
    bots = list(bots) or [name for name, bot in engine.BOTS.items() if bot is not one_step_lookahead]
    for n in range(count):
        setting = chosen[n % len(chosen)]
        seed = first_seed + n
        players = setting.players[(n // len(chosen)) % len(setting.players)]
        key = (setting.scenario, setting.variants)
        if key not in built:
            built[key] = engine.build(library, scenario=setting.scenario, variants=list(setting.variants))
        options = {"rounds": setting.rounds, **dict(setting.options)}
        if setting.characters:
            options["characters"] = {k: v for k, v in setting.characters.items()
                                     if k in ("red", "blue", "green", "yellow")[:players]}
        pool = list(setting.bots) or bots
        seats = [pool[(n // len(chosen) + i) % len(pool)] for i in range(players)]
        state = play(built[key], players, seed, seats, audit=audit, **options)
        yield setting.label, seed, json.loads(json.dumps(list(state.log))) if audit else list(state.log)
