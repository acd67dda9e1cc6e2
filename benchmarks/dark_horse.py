"""Dark Horse speed figures, all measured in this run:

* exact gunfight odds for every pair of sides with 1-3 Combat dice, Duel 0-2, with and without
  Deadly (18 x 18 = 324 matchups; target: all under one second together, cold caches);
* Monte Carlo gunfights per second with numpy (target: at least 1 million per second), against the
  step-by-step Python simulation as the baseline;
* whole 4-player rounds per second with random bots on one core (High Noon).

    .venv/bin/python benchmarks/dark_horse.py
"""
from __future__ import annotations

import time
from itertools import product

from workbench.content.validate import load_library
from workbench.games.dark_horse import gunfight
from workbench.games.dark_horse.engine import play


def main() -> None:
    sides = [gunfight.Side(name=f"c{c}d{d}{'D' if deadly else ''}", combat=c, duel=d, deadly=deadly)
             for c, d, deadly in product((1, 2, 3), (0, 1, 2), (False, True))]
    gunfight.round_distribution.cache_clear()
    started = time.perf_counter()
    for a in sides:
        for b in sides:
            gunfight.exact_odds(a, b)
    exact_s = time.perf_counter() - started
    print(f"exact odds, {len(sides) ** 2} matchups (cold cache): {exact_s * 1000:.0f} ms"
          f"   target < 1 s: {'MET' if exact_s < 1 else 'MISSED'}")

    a, b = gunfight.Side(combat=3, duel=1, deadly=True), gunfight.Side(combat=2, duel=2, weak_kneed=True, tough=True)
    fights = 2_000_000
    started = time.perf_counter()
    gunfight.simulate_numpy(a, b, fights, seed=1)
    numpy_s = time.perf_counter() - started
    python_fights = 20_000
    started = time.perf_counter()
    gunfight.simulate_many(a, b, python_fights, seed=1)
    python_s = time.perf_counter() - started
    print(f"Monte Carlo (numpy): {fights / numpy_s / 1e6:.2f} million fights/s; step-by-step Python:"
          f" {python_fights / python_s / 1e3:.0f} thousand/s ({(fights / numpy_s) / (python_fights / python_s):.0f}x)"
          f"   target >= 1 million/s: {'MET' if fights / numpy_s >= 1e6 else 'MISSED'}")

    library = load_library()
    rounds, games = 10, 20
    started = time.perf_counter()
    for seed in range(games):
        play(library, "high-noon", 4, seed, rounds, ["random"])
    play_s = time.perf_counter() - started
    print(f"4-player rounds with random bots (High Noon, one core): {rounds * games / play_s:.0f} rounds/s")


if __name__ == "__main__":
    main()
