"""Known-answer benchmark of the balance lab's statistics, on games really played.

For each game (Dark Horse: High Noon, 3 players, random bots; Western Legends: short game, 3
players, greedy bots):

* **false-positive rate**: the baseline is played twice from two sweep seeds; a simulated no-op
  sweep pairs game ``i`` of one with game ``i`` of the other (the same rules, other games: what a
  change that changes nothing but the dice looks like to the paired tests). The pool is cut into
  disjoint sweeps of 25, 50, 100, 200 and 400 pairs (at most 40 of each size: no game is in two
  sweeps, so every sweep is a fresh one; resampling a small pool with replacement makes the
  pool's own chance difference look real). The share of sweeps whose primary family (Holm)
  reports any difference must be within the stated level (5%); its Wilson interval is printed,
  and the same for the secondary family (usage and outcomes, Benjamini-Hochberg, which for a
  sweep with no true difference bounds the chance of any report);
* **power**: a small, a moderate and a large change of a rule number (Dark Horse
  ``reputation_per_victory_point`` 4 -> 5, 3, 2; Western Legends ``starting_lp`` 0 -> 1, 2, 4),
  each played from the baseline's seeds; the share of disjoint sweeps of 25, 50, 100, 200 and
  400 paired games whose primary family reports a difference;
* **the detectable change** the verdict states when it finds nothing (a seat's win rate, 80%
  power, for the paired test the lab runs), the median over the no-op sweeps of each size, next
  to the figure for unpaired games of the same sizes.

Every figure comes from this one run (the machine may be loaded: timings are not the point).

    .venv/bin/python benchmarks/balance_stats.py --workers 2 --jobs 2   # the README's table (about 40 minutes, loaded)
    .venv/bin/python benchmarks/balance_stats.py --quick       # a smaller pool and fewer resamples
"""
from __future__ import annotations

import argparse
import gc
import os
import time

import numpy as np
import pandas as pd

from workbench.balance.metrics import wilson
from workbench.balance.stats import _detectable, compare
from workbench.balance.sweep import Setting, Sweep, run
from workbench.balance.table import normalize
from workbench.app.validate import validate_paths
from workbench.core.paths import VARIANTS

GAMES = {
    "Dark Horse": (Setting("baseline", "dark-horse", "high-noon", players=3, bots=("random",)),
                   "reputation_per_victory_point", [5, 3, 2]),    # (parameter, values), or None and (parameter, value)s
    # the greedy bots never take the Work action in the short game (work_money changes no game);
    # starting with Legend Points brings every game's end nearer: a real change of every game
    "Western Legends": (Setting("baseline", "western-legends", options={"length": "short"}, players=3,
                                bots=("greedy",)), "starting_lp", [1, 2, 4]),
}
SIZES = (25, 50, 100, 200, 400)
LABELS = ("small", "moderate", "large")


def chunk(base, other, part: slice, name: str):
    """A sweep's table from the pairs ``part`` of the pool (renumbered)."""
    a, b = base.iloc[part].copy(), other.iloc[part].copy()
    n = len(a)
    for frame, label, key in ((a, "baseline", "0" * 16), (b, name, "1" * 16)):
        frame["game"] = np.arange(n)
        frame["seed"] = np.arange(n)
        frame["setting"], frame["setting_key"], frame["sweep_seed"] = label, key, 0
    table = normalize(pd.concat([a, b], ignore_index=True))
    counted = [c for c in table.columns if c.startswith(("use:", "out:"))]
    return table.drop(columns=[c for c in counted if not table[c].any()])


def one_sweep(table, name: str) -> tuple[bool, bool, float, float]:
    """One simulated sweep: whether its primary and secondary families report a difference, and
    the detectable change its verdict states, paired and unpaired."""
    comparison = compare(table)
    tests = comparison.tests
    a, b = table[table["setting"] == name], table[table["setting"] == "baseline"]
    return (bool(tests[tests["primary"]]["significant"].any()), bool(tests[~tests["primary"]]["significant"].any()),
            comparison.detectable[name], _detectable(a, b, False, 0.05, 2 * 3 + 2 + 1))


POOL = None     # processes testing the simulated sweeps (--jobs)


def rates(base, other, n: int, most: int, name: str) -> tuple[int, int, int, list, list]:
    """(sweeps, of which the primary family reported a difference, the secondary, each sweep's
    detectable change paired, the same unpaired) over disjoint sweeps of ``n`` pairs (each pair
    in one sweep only: every sweep is a fresh one)."""
    sweeps = min(most, len(base) // n)
    tables = [chunk(base, other, slice(k * n, (k + 1) * n), name) for k in range(sweeps)]
    results = list(POOL.map(one_sweep, tables, [name] * sweeps) if POOL else map(one_sweep, tables, [name] * sweeps))
    return (sweeps, sum(r[0] for r in results), sum(r[1] for r in results), [r[2] for r in results],
            [r[3] for r in results])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--pool", type=int, default=None, help="paired games per setting (a smoke run: 50)")
    parser.add_argument("--workers", type=int, default=None, help="play on a local Dask cluster of this many workers"
                        " (default: in this process); the games are the same either way")
    parser.add_argument("--store", metavar="FILE.parquet", help="keep the games here (a rerun plays only the missing)")
    parser.add_argument("--jobs", type=int, default=1, help="processes testing the simulated sweeps (default 1)")
    args = parser.parse_args()
    global POOL
    if args.jobs > 1:
        from concurrent.futures import ProcessPoolExecutor
        POOL = ProcessPoolExecutor(args.jobs)
    where = {"cluster": "in-process"} if args.workers is None else {"workers": args.workers}
    where["store"] = args.store
    pool, most = (600, 12) if args.quick else (3000, 40)
    pool = args.pool or pool
    library = validate_paths([VARIANTS]).library
    print(f"load average before: {os.getloadavg()[0]:.1f} (2 cores shared)")
    gc.freeze()
    rows = []
    for title, (base, parameter, values) in GAMES.items():
        start = time.perf_counter()
        pairs = [(parameter, v) for v in values] if parameter else values
        changes = [base.but(f"{k}={v}", overrides={k: v}) for k, v in pairs]
        first = run(Sweep(f"known-{base.game}", base, changes, games=pool, seed=1), library, progress=False, **where)
        second = run(Sweep(f"known-{base.game}", base, [], games=pool, seed=2), library, progress=False, **where)
        played, again = first.table, second.table
        print(f"{title}: played {first.played + second.played:,} games in {time.perf_counter() - start:.0f} s"
              f" ({first.reused + second.reused:,} more found in --store)")
        baseline = played[played["setting"] == "baseline"].reset_index(drop=True)
        other = again.reset_index(drop=True)
        total = hits = hits2 = 0
        cells, detect = {}, {}
        for n in SIZES:
            sweeps, primary, secondary, paired, unpaired = rates(baseline, other, n, most, "no-op")
            total, hits, hits2 = total + sweeps, hits + primary, hits2 + secondary
            cells[str(n)] = f"{primary}/{sweeps}"
            detect[str(n)] = f"{np.median(paired):.0%} ({np.median(unpaired):.0%})" if sweeps else "-"
        low, high = wilson(hits, total)
        slow, shigh = wilson(hits2, total)
        print(f"  no-op: {total} sweeps of 25-400 paired games: the primary family reports a difference in"
              f" {hits / total:.1%} [{low:.1%}, {high:.1%}]; the secondary {hits2 / total:.1%} [{slow:.1%}, {shigh:.1%}]")
        rows.append({"game": title, "change": "none (no-op: false positives)", **cells,
                     "any difference": f"{hits / total:.1%} [{low:.1%}, {high:.1%}]"})
        print("  detectable change in a seat's win rate on no-op pairs (other seeds), paired (unpaired): "
              + ", ".join(f"{k}: {v}" for k, v in detect.items()))
        for label, change in zip(LABELS, changes):
            mine = played[played["setting"] == change.name].reset_index(drop=True)
            spread = (f"spread {baseline['spread'].mean():.2f} -> {mine['spread'].mean():.2f}, rounds"
                      f" {baseline['rounds'].mean():.1f} -> {mine['rounds'].mean():.1f}")
            power, detect = {}, {}
            for n in SIZES:
                sweeps, primary, _, paired, unpaired = rates(baseline, mine, n, most, change.name)
                power[str(n)] = f"{primary / sweeps:.0%}" if sweeps else "-"
                detect[str(n)] = f"{np.median(paired):.0%} ({np.median(unpaired):.0%})" if sweeps else "-"
            print(f"  {label} ({change.name}, {spread}): power " + ", ".join(f"{k}: {v}" for k, v in power.items()))
            print("    detectable change in a seat's win rate on these pairs, paired (unpaired): "
                  + ", ".join(f"{k}: {v}" for k, v in detect.items()))
            rows.append({"game": title, "change": f"{label}: {change.name} ({spread})", **power, "any difference": ""})
            if label == "small":
                rows.append({"game": title, "change": f"detectable seat win-rate change on the {label} change's pairs,"
                             " paired (unpaired)", **detect, "any difference": ""})
    gc.unfreeze()
    print(f"load average after: {os.getloadavg()[0]:.1f}")
    print()
    print(pd.DataFrame(rows).to_markdown(index=False) if _has_tabulate() else pd.DataFrame(rows).to_string(index=False))


def _has_tabulate() -> bool:
    from importlib.util import find_spec

    return find_spec("tabulate") is not None


if __name__ == "__main__":
    main()
