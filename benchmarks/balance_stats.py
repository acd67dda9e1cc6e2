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
  ``reputation_per_victory_point`` 4 -> 5, 3, 2; Western Legends ``work_money`` 10 -> 12, 15,
  20), each played from the baseline's seeds; the share of disjoint sweeps of 25, 50, 100, 200
  and 400 paired games whose primary family reports a difference.

Every figure comes from this one run (the machine may be loaded: timings are not the point).

    .venv/bin/python benchmarks/balance_stats.py            # about 15 minutes on a loaded machine
    .venv/bin/python benchmarks/balance_stats.py --quick    # a smaller pool and fewer resamples
"""
from __future__ import annotations

import argparse
import gc
import os
import time

import numpy as np
import pandas as pd

from workbench.balance.metrics import wilson
from workbench.balance.stats import compare
from workbench.balance.sweep import Setting, Sweep, run
from workbench.balance.table import normalize
from workbench.app.validate import validate_paths
from workbench.core.paths import VARIANTS

GAMES = {
    "Dark Horse": (Setting("baseline", "dark-horse", "high-noon", players=3, bots=("random",)),
                   "reputation_per_victory_point", [5, 3, 2]),
    "Western Legends": (Setting("baseline", "western-legends", options={"length": "short"}, players=3,
                                bots=("greedy",)), "work_money", [12, 15, 20]),
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


def rates(base, other, n: int, most: int, name: str) -> tuple[int, int, int]:
    """(sweeps, of which the primary family reported a difference, the secondary) over disjoint
    sweeps of ``n`` pairs (each pair in one sweep only: every sweep is a fresh one)."""
    sweeps = min(most, len(base) // n)
    primary = secondary = 0
    for k in range(sweeps):
        tests = compare(chunk(base, other, slice(k * n, (k + 1) * n), name)).tests
        primary += bool(tests[tests["primary"]]["significant"].any())
        secondary += bool(tests[~tests["primary"]]["significant"].any())
    return sweeps, primary, secondary


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    pool, most = (600, 12) if args.quick else (3000, 40)
    library = validate_paths([VARIANTS]).library
    print(f"load average before: {os.getloadavg()[0]:.1f} (2 cores shared)")
    gc.freeze()
    rows = []
    for title, (base, parameter, values) in GAMES.items():
        start = time.perf_counter()
        changes = [base.but(f"{parameter}={v}", overrides={parameter: v}) for v in values]
        played = run(Sweep(f"known-{base.game}", base, changes, games=pool, seed=1), library, cluster="in-process",
                     progress=False).table
        again = run(Sweep(f"known-{base.game}", base, [], games=pool, seed=2), library, cluster="in-process",
                    progress=False).table
        print(f"{title}: played {len(played) + len(again):,} games in {time.perf_counter() - start:.0f} s")
        baseline = played[played["setting"] == "baseline"].reset_index(drop=True)
        other = again.reset_index(drop=True)
        total = hits = hits2 = 0
        cells = {}
        for n in SIZES:
            sweeps, primary, secondary = rates(baseline, other, n, most, "no-op")
            total, hits, hits2 = total + sweeps, hits + primary, hits2 + secondary
            cells[str(n)] = f"{primary}/{sweeps}"
        low, high = wilson(hits, total)
        slow, shigh = wilson(hits2, total)
        print(f"  no-op: {total} sweeps of 25-400 paired games: the primary family reports a difference in"
              f" {hits / total:.1%} [{low:.1%}, {high:.1%}]; the secondary {hits2 / total:.1%} [{slow:.1%}, {shigh:.1%}]")
        rows.append({"game": title, "change": "none (no-op: false positives)", **cells,
                     "any difference": f"{hits / total:.1%} [{low:.1%}, {high:.1%}]"})
        for label, change in zip(LABELS, changes):
            mine = played[played["setting"] == change.name].reset_index(drop=True)
            spread = f"spread {baseline['spread'].mean():.2f} -> {mine['spread'].mean():.2f}"
            power = {}
            for n in SIZES:
                sweeps, primary, _ = rates(baseline, mine, n, most, change.name)
                power[str(n)] = f"{primary / sweeps:.0%}"
            print(f"  {label} ({change.name}, {spread}): power " + ", ".join(f"{k}: {v}" for k, v in power.items()))
            rows.append({"game": title, "change": f"{label}: {change.name} ({spread})", **power, "any difference": ""})
    gc.unfreeze()
    print(f"load average after: {os.getloadavg()[0]:.1f}")
    print()
    print(pd.DataFrame(rows).to_markdown(index=False) if _has_tabulate() else pd.DataFrame(rows).to_string(index=False))


def _has_tabulate() -> bool:
    from importlib.util import find_spec

    return find_spec("tabulate") is not None


if __name__ == "__main__":
    main()
