"""The public step against the in-place step, for every game of the registry that `play` plays.

``state.apply(action)`` returns a new state and keeps the old one (what the notebooks' time travel
and the search bots need); ``state.apply_in_place(action)`` changes the state itself (what whole
games in a balance sweep use). Target (issue 21): the public step within 2x of the in-place step.

Each game is recorded once (a seeded game with its bots), then replayed both ways in interleaved
pairs (:mod:`benchmarks.paired`): the figure is the median of the per-pair ratios, with its spread,
so a busy machine moves both sides of a pair alike. Run on a shared, loaded machine the absolute
times mean little; the ratio is what to read.

    .venv/bin/python benchmarks/state_api.py [--repeats 21]
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from paired import paired  # noqa: E402

from workbench.content.published import published_library  # noqa: E402
from workbench.games import GAMES  # noqa: E402
from workbench.games.base import play  # noqa: E402

TARGET = 2.0
#: The game each engine plays here (the earlier benchmarks' games: High Noon, 4 players, 10 rounds;
#: Western Legends 3 players; Revolver's two sides), by registry id; anything else: its defaults.
GAME = {"dark-horse": ({"scenario": "high-noon"}, 4, 10), "western-legends": ({}, 3, 60), "revolver": ({}, 2, 200)}
#: Each timed run replays the recorded game this often at least, and lasts at least MIN_S seconds,
#: so the timer's resolution and a stray interrupt are small against it.
MIN_S = 0.05


def recorded(entry, library):
    """The game, its setup and its recorded actions: one seeded game with the entry's default bot."""
    build, players, rounds = GAME.get(entry.id, ({}, None, entry.default_rounds or 3))
    game = entry.load().build(library, **build)
    players = players or game.player_range()[0]
    state = play(game, players, 5, [entry.default_bot], rounds=rounds)
    setup = dict(state.setup)
    fresh = game.new_initial_state(**setup)
    return game, setup, [fresh.decode(h) for h in state.history]


def replays(function) -> int:
    """How many replays make one timed run last about MIN_S (measured once, on the baseline)."""
    started = time.perf_counter()
    function()
    once = max(time.perf_counter() - started, 1e-6)
    return max(1, round(MIN_S / once))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=21, help="interleaved pairs per game (default 21)")
    args = parser.parse_args(argv)
    library = published_library()
    print(f"public step / in-place step, median of {args.repeats} interleaved pairs per game (target <= {TARGET:g}x):")
    missed = []
    for entry in GAMES.values():
        if not entry.play_options:
            continue
        game, setup, steps = recorded(entry, library)

        def in_place_once(game=game, setup=setup, steps=steps):
            s = game.new_initial_state(**setup)
            for action in steps:
                s.apply_in_place(action)

        n = replays(in_place_once)

        def in_place(game=game, setup=setup, steps=steps, n=n):
            for _ in range(n):
                s = game.new_initial_state(**setup)
                for action in steps:
                    s.apply_in_place(action)

        def public(game=game, setup=setup, steps=steps, n=n):
            for _ in range(n):
                s = game.new_initial_state(**setup)
                for action in steps:
                    s = s.apply(action)

        result = paired(in_place, public, repeats=args.repeats)
        verdict = "MET" if result.median <= TARGET else "MISSED"
        print(f"  {entry.name:<16} {len(steps):>5} steps x {n:>3} replays: {result.line(1e6 / (n * len(steps)), 'us a step')}"
              f"   {verdict}")
        if result.median > TARGET:
            missed.append(entry.name)
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
