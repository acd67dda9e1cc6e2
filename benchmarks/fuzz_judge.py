"""The one-judge differential fuzz, long run (issue 38): mutants of every kind of the published
documents and the examples (tests/fuzz_mutants.py), each validated and, where a unit reads it,
played with seeded games, in this process through the command line's own ``main``.

The suite runs a small seeded sample (tests/test_fuzz_judge.py); this runs thousands, within a
time limit, and writes its figures: mutants, validated clean, plays (and how many exited 0,
refused, or refused with what validate had reported), disagreements, by kind and by operator.
Each disagreement is printed with the call that rebuilds its mutant (``mutant_of(key, seed)``).

    .venv/bin/python benchmarks/fuzz_judge.py [--mutants 3000] [--seed 1] [--minutes 15]
                                              [--skip 0] [--out fuzz_judge.json]

``--skip N`` leaves out the first N mutants of the seed's sequence: it goes on with a run that
stopped at its time limit (the same mutants, in the same order, as one longer run).

Exit status 0 when there was no disagreement, 1 otherwise.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

import fuzz_mutants  # noqa: E402


def run(count: int, seed: int, minutes: float, skip: int = 0) -> dict:
    os.environ["WORKBENCH_CACHE_DIR"] = "off"   # every mutant checked afresh, no kept answers on disk
    figures = Counter()
    kinds, operators = Counter(), Counter()
    disagreements = []
    wall, cpu = time.perf_counter(), time.process_time()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "designer"
        for place, mutant in enumerate(fuzz_mutants.mutants(count, seed)):
            if place < skip:
                continue
            if time.perf_counter() - wall > minutes * 60:
                figures["stopped at the time limit"] = 1
                break
            try:
                outcome = fuzz_mutants.judge_mutant(mutant, folder)
            except Exception as error:  # noqa: BLE001  (the fuzz's own failure is a finding too, with its mutant)
                outcome = fuzz_mutants.Outcome(mutant, disagreements=[f"the fuzz failed: {error!r}"])
            figures["mutants"] += 1
            kinds[mutant.source.kind] += 1
            operators[mutant.operator] += 1
            figures["validated clean"] += outcome.clean
            figures["plays"] += len(outcome.plays)
            figures["plays exit 0"] += sum(code == 0 for _, code in outcome.plays)
            figures["plays refused"] += sum(code != 0 for _, code in outcome.plays)
            figures["mutants played (clean and every unit exit 0)"] += outcome.clean and bool(outcome.plays) \
                and all(code == 0 for _, code in outcome.plays)
            if outcome.disagreements:
                figures["disagreements"] += 1
                disagreements.append({"mutant": mutant.describe(), "found": outcome.disagreements})
                print(mutant.describe(), *outcome.disagreements, sep="\n    ", flush=True)
            if figures["mutants"] % 100 == 0:
                print(f"{figures['mutants']} mutants, {figures['disagreements']} disagreement(s),"
                      f" {time.perf_counter() - wall:.0f} s", flush=True)
    figures["disagreements"] += 0
    return {"seed": seed, "skipped": skip, "figures": dict(figures), "kinds": dict(sorted(kinds.items())),
            "operators": dict(sorted(operators.items())), "wall_s": round(time.perf_counter() - wall, 1),
            "cpu_s": round(time.process_time() - cpu, 1), "disagreements": disagreements}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mutants", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--minutes", type=float, default=15)
    parser.add_argument("--skip", type=int, default=0, help="leave out the first SKIP mutants (go on with a run)")
    parser.add_argument("--out", type=Path, default=Path("fuzz_judge.json"), help="where the figures go (JSON)")
    args = parser.parse_args(argv)
    result = run(args.mutants, args.seed, args.minutes, args.skip)
    args.out.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    figures = result["figures"]
    print(json.dumps({k: result[k] for k in ("figures", "kinds", "operators", "wall_s", "cpu_s")}, indent=2))
    return 1 if figures["disagreements"] else 0


if __name__ == "__main__":
    sys.exit(main())
