"""Whether a speed change to the Dark Horse engine plays the same games: one line per seeded game
(scenario, players, seats, seed, steps, events, and a SHA-256 of its whole history and log JSON).

    .venv/bin/python benchmarks/dark_horse_same_games.py > after.txt     # in the changed checkout
    (cd ../main && .venv/bin/python benchmarks/dark_horse_same_games.py) > before.txt   # or a copy of this script
    cmp before.txt after.txt

60 games: the base game and every published scenario (High Noon, Pork Barrel, How the West was
Won), 3 seeds each, five seatings of ``random``, ``greedy`` and ``mcts-5`` (2 to 4 players, within
each scenario's range); 6 rounds, 4 with a search seat. About 4 s of CPU: too slow for a unit test
(the fixed-seed replay test in tests/test_agents.py is the quick check).
"""
from __future__ import annotations

import hashlib
import json

from workbench.agents.seats import seat_bots
from workbench.content.published import published_library
from workbench.games import GAMES
from workbench.games.base import play

SCENARIOS = [None, "high-noon", "pork-barrel", "how-the-west-was-won"]
SEATINGS = [["random"], ["greedy"], ["mcts-5", "random"], ["greedy", "mcts-5"], ["random", "greedy", "mcts-5"]]


def games():
    library = published_library()
    dark_horse = GAMES["dark-horse"].load()
    built = {scenario: dark_horse.build(library, scenario=scenario) for scenario in SCENARIOS}
    for seed in range(1, 4):
        for scenario in SCENARIOS:
            game = built[scenario]
            low, high = game.player_range()
            for i, bots in enumerate(SEATINGS):
                players = max(low, min(high, (2, 3, 4)[(seed + i) % 3]))
                state = play(game, players, seed * 7 + i, seat_bots(bots), rounds=4 if "mcts-5" in bots else 6)
                text = json.dumps({"h": list(state.history), "l": list(state.log)}, sort_keys=True, default=str)
                yield (f"{scenario} {players} {bots} {seed} {len(state.history)} {len(state.log)}"
                       f" {hashlib.sha256(text.encode()).hexdigest()}")


if __name__ == "__main__":
    for line in games():
        print(line)
