"""Balance-lab speed figures, all measured in this run:

* where one game's time goes, per game, in this process (cProfile over a few dozen games, the
  time grouped by part of the workbench: the engine's rules, the board, poker, the bots, the
  driver, reading the log into a row);
* games per second of a sweep on a local Dask cluster of 1 worker, then of 2 workers, playing
  the very same games (same sweep, same seeds), the clusters started beforehand and warmed up
  (each worker has imported the engines and built the game); the scaling (2 workers over 1; the
  target is at least 1.7x) and its efficiency (scaling / 2);
* the scheduler's overhead: the share of the workers' time not spent inside a task
  (1 - time in tasks / (wall time x workers)), and the round trip of an empty task.

Dark Horse (High Noon, 3 players, random bots) and Western Legends (short game, 3 players,
greedy bots, through the lab's temporary adapter until it is on the registry). The machine is
shared: the load average is printed before and after, and each rate is the best of two passes.

    .venv/bin/python benchmarks/balance.py            # about 3 minutes
    .venv/bin/python benchmarks/balance.py --quick    # fewer games
"""
from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import time

from workbench.balance.games import runner
from workbench.balance.metrics import game_row
from workbench.balance.sweep import LocalLab, Setting, Sweep, bind, game_seed, run
from workbench.app.validate import validate_paths
from workbench.core.paths import VARIANTS

GAMES = {
    "Dark Horse": Setting("baseline", "dark-horse", "high-noon", players=3, bots=("random",)),
    "Western Legends": Setting("baseline", "western-legends", options={"length": "short"}, players=3,
                               bots=("greedy",)),
}

#: Where time goes: a function's file, by the first matching part of its path.
AREAS = [("balance/metrics", "reading the log into a row"), ("western_legends/poker", "poker hands"),
         ("dark_horse/gunfight", "gunfights"), ("board/", "the board (placement, graph)"), ("networkx", "the board (placement, graph)"),
         ("games/base", "the driver (play, chance)"), ("random.py", "dice and shuffles (random)"),
         ("fractions.py", "exact chance (fractions)"), ("western_legends/engine", "the engine's rules"),
         ("dark_horse/engine", "the engine's rules"), ("dark_horse/reputation", "the engine's rules"),
         ("balance/games", "the lab's runner")]


def area(filename: str) -> str:
    for part, name in AREAS:
        if part in filename:
            return name
    return "other (Python, copies, dataclasses)"


def where_time_goes(library, setting: Setting, games: int) -> tuple[float, dict[str, float]]:
    """Seconds per game in this process, and each area's share of that time (own time of its
    functions)."""
    game = runner(setting.game)
    built = game.build(library, setting)
    seeds = [game_seed(0, setting.seed_key(), i) for i in range(games)]
    game_row(game.play(built, setting, seeds[0]))        # warm: imports, tables
    started = time.perf_counter()
    for seed in seeds:
        game_row(game.play(built, setting, seed))
    per_game = (time.perf_counter() - started) / games
    profile = cProfile.Profile()
    profile.enable()
    for seed in seeds:
        game_row(game.play(built, setting, seed))
    profile.disable()
    totals: dict[str, float] = {}
    for (filename, _, _), (_, _, own, _, _) in pstats.Stats(profile).stats.items():
        totals[area(filename)] = totals.get(area(filename), 0.0) + own
    whole = sum(totals.values())
    return per_game, {k: v / whole for k, v in sorted(totals.items(), key=lambda kv: -kv[1])}


def sweep_rate(library, lab: LocalLab, setting: Setting, games: int, passes: int = 2) -> dict:
    """The best of ``passes`` sweeps of the same games on ``lab``: games/s and the overhead."""
    sweep = Sweep("benchmark", setting, [], games, seed=1)
    best = None
    for _ in range(passes):
        report = run(sweep, library, client=lab.client, progress=False)
        timing = report.timing
        rate = timing["games"] / timing["compute"]
        overhead = 1 - timing["busy"] / (timing["compute"] * timing["workers"])
        if best is None or rate > best["rate"]:
            best = {"rate": rate, "overhead": overhead, "batch": timing["batch"], "tasks": timing["tasks"],
                    "table": report.table}
    return best


def round_trip(lab: LocalLab, tasks: int = 200) -> float:
    """Seconds for an empty task, submitted ``tasks`` at a time and gathered."""
    client = lab.client
    started = time.perf_counter()
    client.gather(client.map(int, range(tasks), pure=False))
    return (time.perf_counter() - started) / tasks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer games (a smoke run)")
    args = parser.parse_args()
    scale = 0.25 if args.quick else 1.0
    library = validate_paths([VARIANTS]).library
    print(f"load average before: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    sweeps = {}
    for name, spec in GAMES.items():
        setting = bind(Sweep("benchmark", spec, [], 1), library).baseline
        per_game, shares = where_time_goes(library, setting, max(10, int(40 * scale)))
        print(f"\n{name}: {per_game * 1000:.1f} ms a game in this process ({1 / per_game:.1f} games/s on one core)")
        for part, share in shares.items():
            if share >= 0.01:
                print(f"  {share:6.1%}  {part}  ({share * per_game * 1000:.1f} ms)")
        sweeps[name] = (spec, max(40, int(round(12 / per_game * scale))))   # about 12 s of play on one core
    results: dict[str, dict[int, dict]] = {name: {} for name in GAMES}
    trips = {}
    for workers in (1, 2):
        started = time.perf_counter()
        with LocalLab(workers=workers, dashboard=False) as lab:
            start = time.perf_counter() - started
            for name, (spec, games) in sweeps.items():       # warm up: imports and builds on every worker
                warm = Sweep("warm-up", spec, [], 4 * workers, seed=99)
                run(warm, library, client=lab.client, progress=False, batch=1)
            trips[workers] = round_trip(lab)
            for name, (spec, games) in sweeps.items():
                results[name][workers] = sweep_rate(library, lab, spec, games)
        print(f"\n{workers} worker(s): cluster started in {start:.1f} s; an empty task's round trip"
              f" {trips[workers] * 1000:.1f} ms")
    print("\ngames per second of a sweep (the same games on 1 and 2 workers)")
    print(f"  {'game':<16}{'games':>7}{'1 worker':>11}{'2 workers':>11}{'scaling':>9}{'efficiency':>12}"
          f"{'overhead 1/2':>15}{'batch':>7}")
    for name, (spec, games) in sweeps.items():
        one, two = results[name][1], results[name][2]
        same = one["table"].equals(two["table"])
        scaling = two["rate"] / one["rate"]
        print(f"  {name:<16}{games:>7}{one['rate']:>11.1f}{two['rate']:>11.1f}{scaling:>8.2f}x{scaling / 2:>12.0%}"
              f"{one['overhead']:>8.1%} /{two['overhead']:>5.1%}{two['batch']:>7}"
              + ("" if same else "   (tables differ!)"))
    print("\n  scaling target: at least 1.70x on 2 workers; overhead target: under 10% of the workers' time")
    print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
