"""Search bots: what a game costs, where a playout's time goes, and a skill ladder per game.

    .venv/bin/python benchmarks/agents.py speed            # time per MCTS game and per playout, by part
    .venv/bin/python benchmarks/agents.py ladder --games 40

``speed`` plays one seeded game per game with ``mcts-200`` in every seat (Dark Horse High Noon,
2 players, 6 rounds; Western Legends 2 players, short game) on one core, and profiles it: the
share of the time in the engine's clone and step, the rollouts, the adapter (action ids) and
OpenSpiel's tree. Targets (issue 22): a 200-playout Dark Horse game <= 5 s, a Western Legends game
<= 60 s.

``ladder`` plays each pairing ``--games`` times 1-on-1, the seats swapped every other game (so the
first player's edge cancels), and prints the first bot's share of the points (a win 1, a shared
win 1/2) with a 95% Wilson interval. Rungs: MCTS against greedy and random, more playouts against
fewer, greedy against random.

The machine these figures come from is shared (2 cores, several engineers at once): absolute
times are indicative only; the ladder's win rates do not depend on the load.

Measured on 12-01 (load average ~8.6 on 2 cores; few games, so wide intervals):

* Western Legends, mcts-200 vs greedy: 70% of the points [40%, 89%] over 10 games; mcts-200 vs
  mcts-20: 90% [60%, 98%] over 10 games (all ended by the rules); a game with mcts-200 in both
  seats 26.9 s (228 steps).
* Dark Horse High Noon (6 rounds), mcts-200 vs greedy: 40% [22%, 61%] over 20 games; mcts-200 vs
  mcts-20: 68% [46%, 84%]; mcts-200 vs random: 95% [76%, 99%] (20 games each); every game ended at
  the round cap. One game with
  mcts-200 in one seat: 4.5 s. MCTS does not beat greedy here: the rollouts' value (Victory Points
  known so far) rarely moves within 8 decisions of High Noon.
"""
from __future__ import annotations

import argparse
import cProfile
import pstats
import time

from workbench.agents.seats import seat_bots
from workbench.content.published import published_library
from workbench.games import GAMES
from workbench.games.base import play

GAMES_PLAYED = {
    "dark-horse": {"scenario": "high-noon", "options": {"rounds": 6}},
    "western-legends": {"scenario": None, "options": {}},
}


def built(game: str):
    return GAMES[game].load().build(published_library(), scenario=GAMES_PLAYED[game]["scenario"])


def one_game(game: str, bots: list[str], seed: int):
    return play(built(game), 2, seed, seat_bots(bots), **GAMES_PLAYED[game]["options"])


PARTS = {   # (file fragment, function) whose cumulative time is reported
    "engine clone": ("games/", "clone"),
    "engine step (apply_in_place)": ("games/base.py", "apply_in_place"),
    "rollouts (cut off, incl. their steps)": ("agents/bots.py", "evaluate"),
    "adapter: action ids": ("agents/spiel.py", "id_table"),
    "OpenSpiel tree policy": ("algorithms/mcts.py", "_apply_tree_policy"),
    "OpenSpiel search (all)": ("algorithms/mcts.py", "mcts_search"),
}


def speed(seed: int) -> None:
    for game in GAMES_PLAYED:
        built(game)          # build and import outside the timing
        started = time.perf_counter()
        state = one_game(game, ["mcts-200"], seed)
        wall = time.perf_counter() - started
        profile = cProfile.Profile()
        profile.enable()
        one_game(game, ["mcts-200"], seed)
        profile.disable()
        stats = pstats.Stats(profile).stats
        searched = sum(n for (f, _, name), (_, n, *_rest) in stats.items() if f.endswith("algorithms/mcts.py")
                       and name == "mcts_search")
        total = sum(t for (_, _, _), (_, _, t, _, _) in stats.items())
        print(f"{game}: one game, mcts-200 in both seats: {wall:.1f} s ({len(state.history)} steps,"
              f" {searched} searched decisions, {wall / max(1, searched * 200) * 1e3:.2f} ms a playout)")
        for label, (where, function) in PARTS.items():
            cumulative = sum(ct for (f, _, name), (_, _, _, ct, _) in stats.items() if where in f and name == function
                             and not (function == "clone" and "agents" in f))
            print(f"  {label:<40}{cumulative:>8.2f} s (profiled; the profiler's own overhead included)")
        print(f"  {'profiled total (own time)':<40}{total:>8.2f} s")


def wilson(points: float, n: int) -> tuple[float, float]:
    from statsmodels.stats.proportion import proportion_confint

    low, high = proportion_confint(points, n, alpha=0.05, method="wilson")
    return float(low), float(high)


RUNGS = [("mcts-200", "greedy"), ("mcts-200", "random"), ("mcts-200", "mcts-20"), ("greedy", "random")]


def ladder(games: int, seed: int, only: list[str], rungs: list[tuple[str, str]]) -> None:
    for game in GAMES_PLAYED:
        if only and game not in only:
            continue
        for first, second in rungs:
            points, ended, started = 0.0, {}, time.perf_counter()
            for n in range(games):
                bots = [first, second] if n % 2 == 0 else [second, first]
                state = one_game(game, bots, seed + n)
                seat = state.seats[0] if n % 2 == 0 else state.seats[1]
                winners = list(state.ranking()[0]) if hasattr(state, "ranking") else \
                    [s for s, v in state.returns().items() if v == max(state.returns().values())]
                points += (1.0 / len(winners)) if seat in winners else 0.0
                why = next((e.get("why") for e in reversed(list(state.log)) if e.get("why")), "")
                capped = "(the limit given)" in (why or "")
                ended["cap" if capped else "rules"] = ended.get("cap" if capped else "rules", 0) + 1
                if (n + 1) % 5 == 0 and n + 1 < games:
                    print(f"  ... {game}: {first} vs {second}: {points:g} points of {n + 1} games", flush=True)
            low, high = wilson(points, games)
            print(f"{game}: {first} vs {second}: {points / games:.0%} of the points [{low:.0%}, {high:.0%}]"
                  f" over {games} games (ended by the rules {ended.get('rules', 0)}, at the cap {ended.get('cap', 0)};"
                  f" {time.perf_counter() - started:.0f} s)", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=["speed", "ladder"])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", action="append", default=[])
    parser.add_argument("--rung", action="append", default=[], metavar="BOT:BOT",
                        help="a pairing to play (default: " + ", ".join(f"{a}:{b}" for a, b in RUNGS) + ")")
    args = parser.parse_args()
    if args.what == "speed":
        speed(args.seed)
    else:
        rungs = [tuple(r.split(":")) for r in args.rung] or RUNGS
        ladder(args.games, args.seed, args.game, rungs)


if __name__ == "__main__":
    main()
