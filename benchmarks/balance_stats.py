"""Known-answer benchmark of the balance lab's statistics, on games really played.

For each game (Dark Horse: High Noon, 3 players, random bots; Western Legends: short game, 3
players, greedy bots):

* **false-positive rate**: the baseline is played twice, from two sweep seeds (every game its
  own seed: no seed is in both). A simulated no-op sweep pairs game ``i`` of one with game ``i``
  of the other (the same rules, other games: what a change that changes nothing but the dice
  looks like to the paired tests). Every no-op sweep, of whatever size, has **games of its own**:
  the pool is cut once into consecutive blocks, ``FP_SWEEPS[n]`` blocks of ``n`` pairs for each
  size ``n``, so no game is in two sweeps and the sweeps are independent (the earlier version cut
  the pool again for each size, so the sweeps of different sizes shared games and the pooled
  interval was too narrow). The share of sweeps whose primary family (Holm) reports any
  difference must be within the stated level (5%): its Wilson interval is printed, per size and
  over all sizes, with the share of sweeps in which each primary test alone has p < 5% (a test
  that is not valid on its own shows there);
* **power**: changes of a rule number from smallest to large (Dark Horse
  ``reputation_per_victory_point`` 4 -> 5, 3, 2; Western Legends ``house_adds`` 50 -> 40 and 0,
  ``starting_lp`` 0 -> 1 and 4), each played from the baseline's seeds; the share of disjoint
  sweeps of 25, 50, 100, 200 and 400 paired games whose primary family reports a difference
  (each cell on its own blocks of the pool; the cells of one change share games);
* **the detectable change** the verdict states when it finds nothing (a seat's win rate, 80%
  power, for the paired test the lab runs), the median over the smallest change's sweeps of each
  size, next to the figure for unpaired games of the same sizes.

Every figure comes from this one run (the machine may be loaded: timings are not the point).

    .venv/bin/python benchmarks/balance_stats.py --jobs 2 --store games.parquet   # the README's tables
    .venv/bin/python benchmarks/balance_stats.py --quick       # fewer sweeps and smaller pools

Only the primary family is tested (what the false-positive rate is about; the usage and outcome
columns are left out of the simulated sweeps) unless ``--secondary``. The games are cheap (a few
milliseconds each); the tests are most of the time, about half a second of one core a sweep.
"""
from __future__ import annotations

import argparse
import gc
import os
import tempfile
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
                   [("smallest", "reputation_per_victory_point", 5), ("small", "reputation_per_victory_point", 3),
                    ("large", "reputation_per_victory_point", 2)]),
    # the greedy bots never take the Work action in the short game (work_money changes no game).
    # The money the house adds to a poker pot changes only the games with a poker hand won after
    # it: 50 -> 40 leaves most games as they were; starting with Legend Points brings every
    # game's end nearer
    "Western Legends": (Setting("baseline", "western-legends", options={"length": "short"}, players=3,
                                bots=("greedy",)),
                        [("smallest", "house_adds", 40), ("small", "house_adds", 0), ("moderate", "starting_lp", 1),
                         ("large", "starting_lp", 4)]),
}
SIZES = (25, 50, 100, 200, 400)
#: independent no-op sweeps of each size (each on games of its own), per game
FP_SWEEPS = {"Dark Horse": {25: 280, 50: 40, 100: 12, 200: 4, 400: 1},
             "Western Legends": {25: 280, 50: 40, 100: 12, 200: 4, 400: 1}}
POWER_POOL = 1200       # paired games of each change (the power sweeps of one size are disjoint)
POWER_SWEEPS = 20       # at most, per change and size


SECONDARY = False       # --secondary: test the usage and outcome columns too (slower)


def chunk(base, other, part: slice, name: str):
    """A sweep's table from the pairs ``part`` of the pool (renumbered); without ``--secondary``,
    only what the primary family tests (the usage and outcome columns left out)."""
    a, b = base.iloc[part], other.iloc[part]
    counted = [c for c in a.columns if c.startswith(("use:", "out:"))]
    if not SECONDARY:
        # a results table has a counted column: one is kept, all zero, so nothing secondary is tested
        keep = [c for c in a.columns if c not in counted]
        a, b = a[keep].assign(**{counted[0]: 0}), b[keep].assign(**{counted[0]: 0})
    a, b = a.copy(), b.copy()
    n = len(a)
    for frame, label, key in ((a, "baseline", "0" * 16), (b, name, "1" * 16)):
        frame["game"] = np.arange(n)
        frame["seed"] = np.arange(n)
        frame["setting"], frame["setting_key"], frame["sweep_seed"] = label, key, 0
    table = normalize(pd.concat([a, b], ignore_index=True))
    return table.drop(columns=[c for c in table.columns if c.startswith(("use:", "out:")) and not table[c].any()
                               and SECONDARY])


def blocks(counts: dict[int, int]) -> dict[int, list[slice]]:
    """Consecutive, non-overlapping blocks of the pool: ``counts[n]`` blocks of ``n`` pairs for
    each size ``n`` (every pair in one block at most: the no-op sweeps share no game).

    >>> blocks({2: 2, 3: 1})
    {2: [slice(0, 2, None), slice(2, 4, None)], 3: [slice(4, 7, None)]}
    """
    start, cut = 0, {}
    for n, k in counts.items():
        cut[n] = [slice(start + i * n, start + (i + 1) * n) for i in range(k)]
        start += n * k
    return cut


def one_sweep(table, name: str, detect: bool = True) -> tuple[bool, bool, float, float, dict]:
    """One simulated sweep: whether its primary and secondary families report a difference, the
    detectable change its verdict states, paired and unpaired (when ``detect``), and each primary
    test's own p. The table is a slice of games the runs checked (not checked again)."""
    comparison = compare(table, checked=True, detectable=detect)
    tests = comparison.tests
    a, b = table[table["setting"] == name], table[table["setting"] == "baseline"]
    primary = tests[tests["primary"]]
    return (bool(primary["significant"].any()), bool(tests[~tests["primary"]]["significant"].any()),
            comparison.detectable[name], _detectable(a, b, False, 0.05, 2 * 3 + 2 + 1) if detect else float("nan"),
            dict(zip(primary["metric"], primary["p"])))


POOL = None     # processes testing the simulated sweeps (--jobs)


def sweeps_of(base, other, parts: list[slice], name: str, detect: bool = True) -> list[tuple]:
    tables = [chunk(base, other, part, name) for part in parts]
    flags = [detect] * len(tables)
    return list(POOL.map(one_sweep, tables, [name] * len(tables), flags) if POOL else
                map(one_sweep, tables, [name] * len(tables), flags))


def interval(hits: int, total: int) -> str:
    low, high = wilson(hits, total)
    return f"{hits / total:.1%} [{low:.1%}, {high:.1%}]" if total else "-"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a tenth of the sweeps and a smaller power pool")
    parser.add_argument("--workers", type=int, default=None, help="play on a local Dask cluster of this many workers"
                        " (default: in this process); the games are the same either way")
    parser.add_argument("--store", metavar="FILE.parquet", help="keep the games here (a rerun plays only the missing)")
    parser.add_argument("--jobs", type=int, default=1, help="processes testing the simulated sweeps (default 1)")
    parser.add_argument("--only", choices=list(GAMES), help="one game only")
    parser.add_argument("--secondary", action="store_true", help="test the usage and outcome columns too (the"
                        " secondary family's rate is printed; slower)")
    args = parser.parse_args()
    global POOL, SECONDARY
    SECONDARY = args.secondary
    if args.jobs > 1:
        from concurrent.futures import ProcessPoolExecutor
        POOL = ProcessPoolExecutor(args.jobs)
    where = {"cluster": "in-process"} if args.workers is None else {"workers": args.workers}
    # the power sweeps find the baseline's games in the store (played once)
    where["store"] = args.store or os.path.join(tempfile.mkdtemp(prefix="balance-stats-"), "games.parquet")
    power_pool = 300 if args.quick else POWER_POOL
    library = validate_paths([VARIANTS]).library
    print(f"load average before: {os.getloadavg()[0]:.1f} (2 cores shared)")
    gc.freeze()
    rows = []
    for title, (base, changes_of) in GAMES.items():
        if args.only and title != args.only:
            continue
        counts = {n: k // 10 if args.quick else k for n, k in FP_SWEEPS[title].items()}
        counts = {n: k for n, k in counts.items() if k}
        fp_pool = sum(n * k for n, k in counts.items())
        start = time.perf_counter()
        changes = [base.but(f"{k}={v}", overrides={k: v}) for _, k, v in changes_of]
        pool = max(fp_pool, power_pool)
        first = run(Sweep(f"known-{base.game}", base, [], games=pool, seed=1), library, progress=False, **where)
        second = run(Sweep(f"known-{base.game}", base, [], games=fp_pool, seed=2), library, progress=False, **where)
        third = run(Sweep(f"known-{base.game}", base, changes, games=power_pool, seed=1), library, progress=False,
                    **where)
        played = pd.concat([first.table, third.table[third.table["setting"] != "baseline"]], ignore_index=True)
        print(f"{title}: played {first.played + second.played + third.played:,} games in"
              f" {time.perf_counter() - start:.0f} s ({first.reused + second.reused + third.reused:,} more found"
              " in --store)")
        baseline = played[played["setting"] == "baseline"].sort_values("game").reset_index(drop=True)
        other = second.table.sort_values("game").reset_index(drop=True)
        if len(baseline) < fp_pool or len(other) < fp_pool:       # a run interrupted (its games are kept)
            raise SystemExit(f"{title}: {min(len(baseline), len(other)):,} of {fp_pool:,} pairs played; run again"
                             " with the same --store to play the rest")
        # independence: every game of the no-op sweeps has its own seed
        used = np.concatenate([baseline["seed"].to_numpy()[:fp_pool], other["seed"].to_numpy()[:fp_pool]])
        assert len(set(used.tolist())) == 2 * fp_pool, "a seed is in two no-op games"
        gc.freeze()      # the played tables too: statsmodels' corrections run gc.collect() on every call
        cells, total, hits, hits2, alone = {}, 0, 0, 0, {}
        for n, parts in blocks(counts).items():
            results = sweeps_of(baseline, other, parts, "no-op", detect=False)
            k = sum(r[0] for r in results)
            total, hits, hits2 = total + len(results), hits + k, hits2 + sum(r[1] for r in results)
            cells[str(n)] = f"{k}/{len(results)}"
            for r in results:
                for metric, p in r[4].items():
                    seen = alone.setdefault(metric, [0, 0])
                    seen[0], seen[1] = seen[0] + (p < 0.05), seen[1] + 1
            print(f"  no-op, {len(results)} sweeps of {n} paired games: {interval(k, len(results))}")
        print(f"  no-op: {total} independent sweeps ({fp_pool:,} pairs, {2 * fp_pool:,} games, none in two sweeps):"
              f" the primary family reports a difference in {interval(hits, total)}"
              + (f"; the secondary {interval(hits2, total)}" if SECONDARY else ""))
        print("  each primary test alone, p < 5% in: " + ", ".join(f"{m} {interval(*v)}" for m, v in alone.items()))
        rows.append({"game": title, "change": f"none ({total} independent no-op sweeps)", **cells,
                     "false positives (all sizes)": interval(hits, total)})
        small_detect = None
        for (label, _, _), change in zip(changes_of, changes):
            mine = played[played["setting"] == change.name].sort_values("game").reset_index(drop=True)
            spread = (f"spread {baseline['spread'][:power_pool].mean():.2f} -> {mine['spread'].mean():.2f}, rounds"
                      f" {baseline['rounds'][:power_pool].mean():.1f} -> {mine['rounds'].mean():.1f}")
            power, detect = {}, {}
            for n in SIZES:
                parts = [slice(k * n, (k + 1) * n) for k in range(min(POWER_SWEEPS, power_pool // n))]
                results = sweeps_of(baseline, mine, parts, change.name)
                power[str(n)] = f"{sum(r[0] for r in results) / len(results):.0%} ({len(results)})" if results else "-"
                detect[str(n)] = (f"{np.median([r[2] for r in results]) * 100:.0f}"
                                  f" ({np.median([r[3] for r in results]) * 100:.0f})") if results else "-"
            print(f"  {label} ({change.name}, {spread}): power (sweeps) " + ", ".join(f"{k}: {v}" for k, v in power.items()))
            print("    detectable change in a seat's win rate on these pairs, points, paired (unpaired): "
                  + ", ".join(f"{k}: {v}" for k, v in detect.items()))
            rows.append({"game": title, "change": f"{label}: `{change.name}` ({spread})", **power,
                         "false positives (all sizes)": ""})
            small_detect = small_detect or detect
        rows.append({"game": title, "change": "detectable change of a seat's win rate, points, paired (unpaired)",
                     **small_detect, "false positives (all sizes)": ""})
    gc.unfreeze()
    print(f"load average after: {os.getloadavg()[0]:.1f}")
    print()
    print(pd.DataFrame(rows).to_markdown(index=False) if _has_tabulate() else pd.DataFrame(rows).to_string(index=False))


def _has_tabulate() -> bool:
    from importlib.util import find_spec

    return find_spec("tabulate") is not None


if __name__ == "__main__":
    main()
