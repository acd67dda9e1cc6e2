"""Information-set search against MCTS at equal playouts: where does ISMCTS lose its strength?

    .venv/bin/python benchmarks/ismcts.py nodes                    # who owns the tree's nodes, by keying
    .venv/bin/python benchmarks/ismcts.py ladder --playouts 30 --games 10 --out ismcts.jsonl
    .venv/bin/python benchmarks/ismcts.py --table ismcts.jsonl

``mcts-N`` searches the true state (it cheats: it sees the other side's cards). ``ismcts-N``
starts every playout from a world resampled from what the searching seat sees
(:mod:`workbench.games.visibility`) and keys its tree by information states. Three variants of
ISMCTS separate the suspects, a fault in the search and the cost of not cheating:

``before``
    OpenSpiel's ISMCTS as the bots played it before 12-04: a node is the view of the seat to
    move, and the most visited action is chosen with ties broken at random.
``random-ties``
    every node keyed by the searching seat's view (single-observer ISMCTS), ties at random.
``view-only``
    keyed by the searching seat's view, ties broken by the mean return as ``MCTSBot`` breaks them.
``seat-keyed``
    keyed by the searching seat's view and the decisions taken since the root (a tree, not a
    graph of positions merged by their view), ties by the mean return: the bots now.
``true-world``
    as the bots now, but every playout starts from the true state (no resampling): what is left
    between this and MCTS is the search's own; between this and ``seat-keyed``, the worlds.

``nodes`` searches one position per game (200 playouts) and counts each seat's nodes and how many
were visited more than once: a node never revisited never chooses (its seat plays the rollout's
random moves there).

``ladder`` plays each variant against ``mcts-N`` over the same seeds (seats swapped every other
game) in the games that hide something (Western Legends: the other hands and the pile; Revolver:
the other side's hand and deck), a JSON line a game to ``--out``.
"""
from __future__ import annotations

import argparse
import collections
import contextlib
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from agents import SETTINGS, built, one_game, result_of  # noqa: E402
from ladder import table  # noqa: E402
from open_spiel.python.algorithms import ismcts  # noqa: E402

from workbench.agents import bots  # noqa: E402

VARIANTS = ["before", "random-ties", "view-only", "seat-keyed", "true-world"]
HIDDEN = ["western-legends", "revolver"]


@contextlib.contextmanager
def variant(name: str):
    """The search bots' ISMCTS as ``name`` (see the module) while in the block."""
    key, final, make = bots.SeatKeyedISMCTS.get_state_key, bots.SeatKeyedISMCTS.get_final_policy, bots.make_searcher

    def true_world(*args, **kwargs):
        searcher = make(*args, **kwargs)
        if isinstance(searcher, ismcts.ISMCTSBot):
            searcher.set_resampler(lambda state, player: state.clone())
        return searcher

    try:
        if name == "before":
            bots.SeatKeyedISMCTS.get_state_key = ismcts.ISMCTSBot.get_state_key
        if name in ("random-ties", "view-only"):
            bots.SeatKeyedISMCTS.get_state_key = lambda self, state: (state.current_player(),
                                                                      state.information_state_string(self.observer))
        if name in ("before", "random-ties"):
            bots.SeatKeyedISMCTS.get_final_policy = ismcts.ISMCTSBot.get_final_policy
        if name == "true-world":
            bots.make_searcher = true_world
        yield
    finally:
        bots.SeatKeyedISMCTS.get_state_key, bots.SeatKeyedISMCTS.get_final_policy, bots.make_searcher = key, final, make


def position(setting: str, seed: int, decisions: int = 40):
    """A state of a random game after ``decisions`` decisions with more than 3 legal actions."""
    game = built(setting)
    state = game.new_initial_state(players=2, seed=seed, **SETTINGS[setting][2])
    rng, seen = random.Random(seed), 0
    while seen < decisions or state.is_chance_node() or len(state.legal_actions()) <= 3:
        if state.is_chance_node():
            state.apply_in_place(state.sample_chance(rng))
            continue
        seen += len(state.legal_actions()) > 3
        state.apply_in_place(game.BOTS["random"](state, rng))
    return state


def nodes(seed: int) -> None:
    for setting in HIDDEN:
        state = position(setting, seed)
        for name in VARIANTS:
            with variant(name):
                game = bots._spiel(state)
                searcher = bots.make_searcher("ismcts", game, state, 1, 200)
                cpu = time.process_time()
                searcher.run_search(game.wrap(state))
                made, revisited = collections.Counter(), collections.Counter()
                for (player, *_), node in searcher._nodes.items():
                    made[player] += 1
                    revisited[player] += node.total_visits > 0
                me = state.seats.index(state.current_player())
                print(f"{setting}, {name}: nodes of the searching seat {made[me]} ({revisited[me]} visited more than"
                      f" once), of the other seat {made[1 - me]} ({revisited[1 - me]});"
                      f" {time.process_time() - cpu:.1f} s of CPU", flush=True)


def ladder(playouts: int, games: int, seed: int, out: Path, settings: list[str], names: list[str]) -> None:
    rival = f"mcts-{playouts}"
    for setting in settings:
        game = built(setting)
        for name in names:
            for n in range(games):
                seats = [f"ismcts-{playouts}", rival] if n % 2 == 0 else [rival, f"ismcts-{playouts}"]
                cpu = time.process_time()
                with variant(name):
                    state = one_game(setting, seats, seed + n, game)
                row = {"setting": setting, "bot": f"ismcts-{playouts} {name}", "against": rival, "seed": seed + n,
                       "seat": n % 2 + 1, "result": result_of(state, state.seats[n % 2]),
                       "cpu": round(time.process_time() - cpu, 2)}
                with out.open("a") as f:
                    f.write(json.dumps(row) + "\n")
                print(json.dumps(row), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", nargs="?", choices=["nodes", "ladder"], default="nodes")
    parser.add_argument("--playouts", type=int, default=30)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=6000)
    parser.add_argument("--setting", action="append", default=[], choices=HIDDEN)
    parser.add_argument("--variant", action="append", default=[], choices=VARIANTS)
    parser.add_argument("--out", type=Path, default=Path("ismcts.jsonl"))
    parser.add_argument("--table", type=Path, help="print the table of a results file and stop")
    args = parser.parse_args()
    if args.table:
        print(table([json.loads(line) for line in args.table.read_text().splitlines() if line.strip()]))
    elif args.what == "nodes":
        nodes(args.seed)
    else:
        ladder(args.playouts, args.games, args.seed, args.out, args.setting or HIDDEN, args.variant or VARIANTS)


if __name__ == "__main__":
    main()
