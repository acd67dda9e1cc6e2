"""Dark Horse speed figures, all measured in this run against a baseline measured beside them:

* exact gunfight odds for every pair of sides with 1-3 Combat dice, Duel 0-2, with and without
  Deadly (18 x 18 = 324 matchups, cold caches; target: under one second together);
* exact odds as the dice grow (the chance nodes are convolved: polynomial, not 6**dice), against
  brute-force enumeration of every roll for the sizes where that is still possible;
* the seeded step-by-step gunfight simulation (fights per second);
* the state API's cost: a public ``apply`` (returns a new state, the old one kept) against the
  in-place step ``apply_in_place`` on the same game (target: within 2x);
* whole 4-player rounds per second with random bots on one core (High Noon).

    .venv/bin/python benchmarks/dark_horse.py
"""
from __future__ import annotations

import random
import time
from fractions import Fraction
from itertools import product

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from paired import paired  # noqa: E402

from workbench.content.published import published_library  # noqa: E402
from workbench.games.base import play  # noqa: E402
from workbench.games.dark_horse import gunfight  # noqa: E402
from workbench.games.dark_horse.engine import DarkHorse  # noqa: E402


def brute_force_round(n_a: int, n_b: int, margin: int) -> Fraction:
    """P(A wins one round) by enumerating every roll: the baseline that grows as 6**dice."""
    wins = total = 0
    for roll in product(range(1, 7), repeat=n_a + n_b):
        total += 1
        wins += sum(roll[:n_a]) - sum(roll[n_a:]) >= margin
    return Fraction(wins, total)


def timed(function, *args):
    started = time.perf_counter()
    result = function(*args)
    return result, time.perf_counter() - started


def main() -> None:
    rules = gunfight.GunfightRules.published()
    sides = [gunfight.Side(name=f"c{c}d{d}{'D' if deadly else ''}", combat=c, duel=d, deadly=deadly)
             for c, d, deadly in product((1, 2, 3), (0, 1, 2), (False, True))]
    gunfight.roll_table.cache_clear()
    gunfight._both_rolls.cache_clear()
    _, exact_s = timed(gunfight.matrix, sides, rules)
    print(f"exact odds, {len(sides) ** 2} matchups (cold cache): {exact_s * 1000:.0f} ms"
          f"   target < 1 s: {'MET' if exact_s < 1 else 'MISSED'}")

    print("exact odds as the dice grow (one round, plain sides) vs enumerating every roll:")
    for n in (2, 3, 4, 10, 30):
        a, b = gunfight.Side(combat=n), gunfight.Side(combat=n)
        _, fast = timed(gunfight.exact_odds, a, b, gunfight.GunfightRules(**{**vars(rules), "rounds": 1}))
        if n <= 4:
            _, slow = timed(brute_force_round, n, n, rules.win_margin)
            print(f"  {n:>2} dice a side: {fast * 1000:7.1f} ms   enumeration {slow * 1000:8.1f} ms   ({slow / fast:.0f}x)")
        else:
            print(f"  {n:>2} dice a side: {fast * 1000:7.1f} ms   enumeration: 6**{2 * n} rolls, not attempted")
    deadly = gunfight.Side(combat=30, deadly=True)
    _, both = timed(gunfight.exact_odds, deadly, gunfight.Side(combat=30, duel=1, deadly=True, weak_kneed=True), rules)
    print(f"  30 Deadly dice a side, two rounds, Weak-Kneed: {both * 1000:.0f} ms   target < 1 s: {'MET' if both < 1 else 'MISSED'}")

    a, b = gunfight.Side(combat=3, duel=1, deadly=True), gunfight.Side(combat=2, duel=2, weak_kneed=True, tough=True)
    fights = 20_000
    _, sim_s = timed(gunfight.simulate_many, a, b, fights, 1, rules)
    print(f"seeded step-by-step simulation: {fights / sim_s / 1e3:.0f} thousand fights/s")

    library = published_library()
    game = DarkHorse.build(library, scenario="high-noon")
    # the same game twice: once in place, once through the public apply that keeps every state
    steps = []
    state = game.new_initial_state(players=4, rounds=10)
    chance, chooser = random.Random(3), random.Random(4)
    while not state.is_terminal():
        action = state.sample_chance(chance) if state.is_chance_node() else chooser.choice(state.legal_actions())
        steps.append(action)
        state.apply_in_place(action)

    def in_place():
        s = game.new_initial_state(players=4, rounds=10)
        for action in steps:
            s.apply_in_place(action)

    def public():
        s = game.new_initial_state(players=4, rounds=10)
        for action in steps:
            s = s.apply(action)

    # interleaved pairs, the median ratio and its spread (benchmarks/paired.py): robust on a loaded machine
    result = paired(in_place, public, repeats=15)
    print(f"state API, {len(steps)} steps, public apply / in place: {result.line(1e6 / len(steps), 'us/step')}"
          f"   target <= 2x: {'MET' if result.median <= 2 else 'MISSED'}")

    rounds, games = 10, 20
    started = time.perf_counter()
    for seed in range(games):
        play(game, 4, seed, ["random"], rounds=rounds)
    play_s = time.perf_counter() - started
    print(f"4-player rounds with random bots (High Noon, one core): {rounds * games / play_s:.0f} rounds/s")


if __name__ == "__main__":
    main()
