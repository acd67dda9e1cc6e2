"""Seeded, audited games of every registered engine, for the rules-conformance suite.

The games are played here (this side imports the engines); :mod:`workbench.audit` reads their logs
alone and checks the invariants of the rules texts on them. The same settings serve the test suite
(a small budget) and ``benchmarks/conformance.py`` (a large one).

A setting is a scenario, a player count range and, for Dark Horse, characters hired at the start so
that robberies, challenges and gunfights happen (the published Rebels & Rogues characters' gunfight
icons are not in the texts; the test corpus's fixture characters have some).
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


ROBBERS = {"red": ["fixture-bandit", "fixture-rustler"], "blue": ["fixture-deputy"], "green": ["fixture-gunslinger"],
           "yellow": ["fixture-coward"]}

SETTINGS: dict[str, list[Setting]] = {
    "dark-horse": [
        Setting("dark-horse", "base game"),
        Setting("dark-horse", "High Noon", "high-noon"),
        Setting("dark-horse", "Wild Wild West", "wild-wild-west", players=(2,)),
        Setting("dark-horse", "Pork Barrel", "pork-barrel"),
        Setting("dark-horse", "How the West was Won", "how-the-west-was-won"),
        Setting("dark-horse", "robbers and challengers", "fixture-heist", players=(3, 4), characters=ROBBERS,
                needs=("fixture-heist",)),
        Setting("dark-horse", "two banks and a Marshal", "fixture-two-banks", players=(4, 3), characters=ROBBERS,
                needs=("fixture-two-banks",)),
        Setting("dark-horse", "a fair: Carnival, votes, Influence and Gold", "fixture-fair", rounds=8,
                needs=("fixture-fair",)),
        Setting("dark-horse", "a Builder and Improved Town hexes", "fixture-improvements", rounds=8,
                needs=("fixture-improvements",)),
        Setting("dark-horse", "a territory crowded with Mystery Hexes", "fixture-mysteries", players=(2, 3), rounds=8,
                needs=("fixture-mysteries",)),
        Setting("dark-horse", "Wild Wild West with a bank to rob", "wild-wild-west", players=(2,),
                characters={"red": ["fixture-bandit"], "blue": ["fixture-gunslinger"]},
                variants=("fixture-bank-in-play",), needs=("fixture-bank-in-play",)),
    ],
    "revolver": [
        Setting("revolver", "the whole game (illustrative decks)", players=(2,), rounds=200),
        Setting("revolver", "random bots", players=(2,), rounds=200, bots=("random",)),
        Setting("revolver", "Module 1: the Prison and the ambush card", players=(2,), rounds=200,
                variants=("hunt-the-man-down-module-1",), needs=("hunt-the-man-down-module-1",)),
    ],
    "western-legends": [
        Setting("western-legends", "short game", players=(2, 3, 4, 5, 6), rounds=60),
        Setting("western-legends", "long game", players=(3, 4), rounds=60, options=(("length", "long"),)),
        Setting("western-legends", "the goal card variant", players=(2, 3, 4), rounds=60, variants=("goal-cards",),
                needs=("goal-cards",)),
        Setting("western-legends", "random bots (heists, robberies, arrests)", players=(3, 4), rounds=30,
                bots=("random",)),
    ],
}


def settings(library, game: str) -> list[Setting]:
    """The settings of ``game`` this library can play (fixture settings need the fixtures)."""
    known = {d.id for d in library.documents}
    return [s for s in SETTINGS.get(game, []) if all(n in known for n in s.needs)]


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
