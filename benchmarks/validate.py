"""How fast is `workbench validate` where a pre-commit hook runs it?

Every figure compares whole processes (start-up, imports and all), run alternately so that a busy
machine slows all of them alike, and reports the median of several runs:

1. **One house-rule file against the published games** (what a hook does on a small commit):
   `workbench validate FILE --library published`, with a warm cache (the usual case) and with an
   empty one (the first run after an install or an upgrade), against a bare `python -c pass`.
   Target: under 150 ms warm.
2. **5,000 generated card files** (15-25 lines, 1 in 100 with a mistake) with `--jobs 1`, against
   the floor: a process that walks the folder and loads every file with bare libyaml
   (`yaml.load(..., CSafeLoader)`), no checks at all. Target: at most 1.2x the floor.
3. The same 5,000 files with the default worker count (workers inherit the compiled checks), and
   check-jsonschema on the same files against the same card schema, for scale.
4. **A library of every kind** (rules, scenarios, variants, maps, decks, cards, ...) replicated
   from the shipped content, each copy's ids renamed (and its references with them), at each
   size of ``--sizes`` (documents; default 500, 5,000 and 50,000), ``--jobs 1``, against the
   bare libyaml load of the same files. A copy declares no parameters (the first copy keeps
   the shipped declarations), so the library has no errors (the shipped content's few warnings,
   once per copy) and its rule checks, scenarios, maps and decks grow with it. Every size, its
   floor and the start-up (the workbench on one file) run in turn in each round, so the figures
   of all sizes are paired in one run. Targets: at most 1.5x the floor at 5,000 documents, and
   the time per document flat within 20 % from the smallest size to the largest (linear in the
   library's size): printed, in CPU time first (it holds better than wall time on a shared
   machine), as the time per document at each size with start-up taken off and their ratio, and
   as the time each further document costs from one size to the next (what linear means).
   The workbench runs with a warm cache (the kept answers of the map, Dark Horse setup and
   Western Legends content checks: a rerun on unchanged rules) and, up to 10,000 documents,
   without those answers (the first run after the rules changed). What the latter's imports of
   networkx and the Dark Horse engine cost is printed too (two processes differing only in
   those imports, in the same rounds): 12-02, loaded machine, 7 rounds, they were 163 of the
   181 ms of CPU it costs beyond a warm run at 5,043 documents (1.43x the floor; warm 1.18x).

    .venv/bin/python benchmarks/validate.py [--files 5000] [--repeat 5] [--skip-check-jsonschema]
                                            [--sizes 500,5000,50000] [--baseline OTHER-CHECKOUT]
                                            [--hook-only | --library-only]

50,000 documents take about a minute per run on a quiet machine: ``--sizes 500,5000`` for a
quick look, ``--sizes 0`` to leave part 4 out.

``--baseline`` runs another checkout's workbench (e.g. the main branch) in the same alternated
runs, for before/after figures.

Child processes run without PYTHONDONTWRITEBYTECODE (as an installed hook does: its bytecode is
compiled once) and with a cache folder of their own (WORKBENCH_CACHE_DIR).
"""
from __future__ import annotations

import argparse
import json
import math
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent

ICONS = ["scope", "lock", "bullet-wound", "spur", "hand", "star", "gravestone"]
WORDS = "kill draw gain place token card bandit location firepower turn attack phase opponent wound".split()

FLOOR = """
import os, sys, yaml
loaded = 0
for root, dirs, files in os.walk(sys.argv[1]):
    dirs[:] = sorted(d for d in dirs if not d.startswith("."))
    for name in sorted(files):
        if name.endswith((".yaml", ".yml")):
            with open(os.path.join(root, name), "rb") as handle:
                yaml.load(handle.read(), Loader=yaml.CSafeLoader)
            loaded += 1
print(loaded)
"""


#: The modules a warm `validate` imports (the two `imports` processes of part 4 add those of the cold run).
_IMPORTS = "import workbench.cli.content, workbench.app.validate, workbench.app.checks, workbench.app.resolve"

FLOOR_ALL = FLOOR.replace("yaml.load(handle.read(), Loader=yaml.CSafeLoader)",
                          "list(yaml.load_all(handle.read(), Loader=yaml.CSafeLoader))")
#: Kinds whose `parameters:` set values (or belong to the document): copies keep them.
_SETTING_KINDS = ("scenario", "variant", "map", "deck", "deck_rules")


def _renamed(document: dict, copy: int) -> dict | None:
    """A copy of a shipped document with its id and every reference renamed (``-c<copy>``)."""
    import copy as copying

    from workbench.content.library import _values_at
    from workbench.content.schemas import reference_fields

    kind = document.get("kind")
    if kind == "game":
        return None                      # one `game` document per game
    document = copying.deepcopy(document)
    suffix = f"-c{copy}"
    if isinstance(document.get("id"), str):
        document["id"] += suffix
    for pattern, _ in reference_fields(kind):
        for path, value in list(_values_at(document, pattern, [])):
            if isinstance(value, str):
                target = document
                for part in path[:-1]:
                    target = target[part]
                target[path[-1]] = value + suffix
    if kind not in _SETTING_KINDS:       # each parameter is declared once, by the first copy
        document.pop("parameters", None)
        document.pop("assumptions", None)
    return document


def copies_for(documents: int, first: int, later: int) -> int:
    """The fewest copies that hold at least ``documents`` documents, when the first copy holds
    ``first`` and each later one ``later`` (at least one copy)."""
    return 1 + max(0, math.ceil((documents - first) / later))


def every_kind_library(folder: Path, documents: int, copies: int | None = None) -> int:
    """Write at least ``documents`` documents of every kind, whole copies of the shipped content
    (the fewest copies that reach it: a part copy would leave references dangling), or exactly
    ``copies`` copies; returns how many were written."""
    from workbench.content.loader import load_file

    shipped = ROOT / "variants"
    # read as the workbench reads (keys as written: ``on:`` is the text "on", not YAML 1.1's True)
    files = [(path.relative_to(shipped), [d.data for d in load_file(path)[0] if d.data])
             for path in sorted(shipped.rglob("*.yaml"))]
    first = sum(len(docs) for _, docs in files)
    later = sum(1 for _, docs in files for d in docs if d.get("kind") != "game")   # a copy has no `game`
    written = 0
    for copy in range(copies or copies_for(documents, first, later)):
        for relative, docs in files:
            out = docs if copy == 0 else [r for r in (_renamed(d, copy) for d in docs) if r is not None]
            if out:
                target = folder / f"copy-{copy:04d}" / relative
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_text(yaml.safe_dump_all(out, sort_keys=False, allow_unicode=True))
                written += len(out)
    return written


def card_text(i: int, rng: random.Random) -> tuple[str, bool]:
    faulty = i % 100 == 7
    lines = [
        "# yaml-language-server: $schema=../schemas/card.schema.json",
        "kind: card",
        "game: revolver",
        f"id: card-{i:05d}",
        f"name: Card {i}",
        "source:",
        "  document: house-rule",
        f"  section: Generated card {i}",
        f"deck: {rng.choice(['colti', 'mcready'])}",
        f"type: {rng.choice(['action', 'character', 'firepower'])}",
        f"copies: {rng.randint(1, 4) if not faulty else 'lots'}",
        f"cost: {rng.randint(0, 5)}",
        f"firepower: {rng.randint(0, 6)}",
        f"origin: {rng.choice(['base', 'expansion', 'promo'])}",
        "icons:",
    ]
    lines += [f"  - {icon}" for icon in rng.sample(ICONS, rng.randint(1, 4))]
    lines.append("effect: >-")
    lines += ["  " + " ".join(rng.choice(WORDS) for _ in range(8)) for _ in range(rng.randint(1, 4))]
    if faulty:
        lines.append("colour: red")  # an unknown field
    return "\n".join(lines) + "\n", faulty


def generate(folder: Path, count: int) -> int:
    rng = random.Random(1234)
    faulty = 0
    for i in range(count):
        text, bad = card_text(i, rng)
        faulty += bad
        (folder / f"card-{i:05d}.yaml").write_text(text)
    return faulty


def run_once(argv: list[str], cwd: Path, env: dict) -> tuple[float, int, str, int, float]:
    """Wall time, peak memory (KiB), standard output, exit code and CPU time (user + system, its
    workers included) of one process (an argv whose first item is a dict runs with that
    environment added)."""
    if isinstance(argv[0], dict):
        env, argv = {**env, **argv[0]}, argv[1:]
    started = time.perf_counter()
    proc = subprocess.Popen(argv, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    out = proc.stdout.read()
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - started
    proc.returncode = os.waitstatus_to_exitcode(status)
    return elapsed, usage.ru_maxrss, out, proc.returncode, usage.ru_utime + usage.ru_stime


def alternate(commands: dict[str, list[str]], cwd: Path, env: dict, repeat: int, before=None) -> dict[str, dict]:
    """Run every command ``repeat`` times, alternating; ``before(name)`` runs before each run."""
    runs: dict[str, list] = {name: [] for name in commands}
    for _ in range(repeat):
        for name, argv in commands.items():
            if before:
                before(name)
            runs[name].append(run_once(argv, cwd, env))
    return {name: {"median": statistics.median(r[0] for r in rs), "rss": max(r[1] for r in rs), "out": rs[-1][2],
                   "code": rs[-1][3], "cpu": statistics.median(r[4] for r in rs)} for name, rs in runs.items()}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--files", type=int, default=5000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--skip-check-jsonschema", action="store_true")
    parser.add_argument("--sizes", default="500,5000,50000",
                        help="documents in the every-kind libraries, comma-separated (0: leave them out)")
    parser.add_argument("--baseline", type=Path, help="another checkout whose workbench to measure alongside")
    parser.add_argument("--library-only", action="store_true", help="only part 4, the every-kind libraries")
    parser.add_argument("--hook-only", action="store_true", help="only part 1, one house-rule file")
    args = parser.parse_args()

    work = Path(tempfile.mkdtemp(prefix="wb-bench-"))
    cache = work / "cache"
    env = {**os.environ, "WORKBENCH_CACHE_DIR": str(cache)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    python, workbench = sys.executable, [sys.executable, "-m", "workbench"]
    try:
        if args.library_only:
            every_kind(work, env, [int(n) for n in args.sizes.split(",") if int(n) > 0], args.repeat,
                       [{"PYTHONPATH": str(args.baseline.resolve())}] if args.baseline else None)
            return
        # -- 1. one house-rule file --------------------------------------------------------
        house = work / "house"
        house.mkdir()
        shutil.copy(ROOT / "variants" / "house-rules" / "telegraph-office.yaml", house / "telegraph-office.yaml")
        one = [*workbench, "validate", "telegraph-office.yaml", "--library", "published"]
        run_once(one, house, env)  # compiles this interpreter's bytecode of the workbench once
        print("1. one house-rule file checked against --library published"
              f" (median of {args.repeat}, alternated, whole processes)")

        # the baseline keeps a cache folder of its own (its entries may differ in name and form), and
        # runs warm and cold like the workbench: clearing one folder never makes the other cold
        baseline_cache = work / "cache-baseline"
        folders = {"cold cache": cache, "baseline cold": baseline_cache}

        def clear(name):
            if name in folders:
                shutil.rmtree(folders[name], ignore_errors=True)

        cases = {"python -c pass": [python, "-c", "pass"], "warm cache": one}
        baseline = [{"PYTHONPATH": str(args.baseline.resolve())}] if args.baseline else None
        if baseline:
            hook_baseline = [{**baseline[0], "WORKBENCH_CACHE_DIR": str(baseline_cache)}] + one
            run_once(hook_baseline, house, env)
            cases["baseline warm"] = hook_baseline
        cases["cold cache"] = one
        if baseline:
            cases["baseline cold"] = hook_baseline
        one_file = alternate(cases, house, env, args.repeat, before=clear)
        run_once(one, house, env)  # leave the cache warm
        bare = one_file["python -c pass"]["median"]
        for name, r in one_file.items():
            print(f"   {name:<20} {r['median'] * 1000:7.0f} ms   (CPU {r['cpu'] * 1000:5.0f} ms)"
                  f"   peak RSS {r['rss'] / 1024:5.0f} MB   exit {r['code']}")
        warm = one_file["warm cache"]["median"]
        print(f"   target < 150 ms with a warm cache: {'MET' if warm < 0.150 else 'MISSED'}"
              f" ({warm * 1000:.0f} ms; {(warm - bare) * 1000:.0f} ms above a bare interpreter)")
        if baseline:
            print(f"   against the baseline {args.baseline.name} in the same run: warm"
                  f" {warm / one_file['baseline warm']['median']:.2f}x (CPU"
                  f" {one_file['warm cache']['cpu'] / one_file['baseline warm']['cpu']:.2f}x), cold"
                  f" {one_file['cold cache']['median'] / one_file['baseline cold']['median']:.2f}x")

        if args.hook_only:
            return
        # -- 2. and 3. 5,000 files ---------------------------------------------------------------
        cards = work / "cards"
        cards.mkdir()
        faulty = generate(cards, args.files)
        files = sorted(cards.glob("*.yaml"))
        run_once([python, "-c", FLOOR, str(cards)], work, env)  # warm the page cache
        commands = {"floor (libyaml)": [python, "-c", FLOOR, str(cards)],
                    "workbench --jobs 1": [*workbench, "validate", "--jobs", "1", "--format", "json", str(cards)],
                    "workbench (default jobs)": [*workbench, "validate", "--format", "json", str(cards)]}
        if baseline:
            commands[f"baseline {args.baseline.name} --jobs 1"] = baseline + commands["workbench --jobs 1"]
            commands[f"baseline {args.baseline.name} (default)"] = baseline + commands["workbench (default jobs)"]
        many = alternate(commands, work, env, args.repeat)
        report = json.loads(many["workbench --jobs 1"]["out"])
        located = all(p["line"] and p["column"] for p in report["problems"])
        floor = many["floor (libyaml)"]["median"]
        print(f"\n2. {len(files)} card files ({faulty} with a mistake), median of {args.repeat}, alternated")
        for name, r in many.items():
            print(f"   {name:<32} {r['median']:6.2f} s   {r['median'] / floor:4.2f}x the floor"
                  f"   (CPU {r['cpu']:5.2f} s, {r['cpu'] / many['floor (libyaml)']['cpu']:4.2f}x)"
                  f"   peak RSS {r['rss'] / 1024:5.0f} MB   exit {r['code']}")
        files_with = len({p["file"] for p in report["problems"]})
        print(f"   problems reported: {len(report['problems'])} in {files_with} files ({faulty} files have a mistake),"
              f" every one with line and column: {located}")
        ratio = many["workbench --jobs 1"]["median"] / floor
        print(f"   target <= 1.2x the floor with --jobs 1: {'MET' if ratio <= 1.2 else 'MISSED'} ({ratio:.2f}x)")

        if not args.skip_check_jsonschema and (BIN / "check-jsonschema").exists():
            cj = alternate({"check-jsonschema": [str(BIN / "check-jsonschema"), "--schemafile",
                                                 str(ROOT / "schemas" / "card.schema.json"), *map(str, files)]},
                           work, env, max(1, args.repeat // 2))["check-jsonschema"]
            print(f"\n3. check-jsonschema on the same files: {cj['median']:6.2f} s   workbench --jobs 1 is"
                  f" {cj['median'] / many['workbench --jobs 1']['median']:4.1f}x faster   peak RSS {cj['rss'] / 1024:.0f} MB")
        sizes = [int(n) for n in args.sizes.split(",") if int(n) > 0]
        if sizes:
            every_kind(work, env, sizes, args.repeat, baseline)
        print("\n(this machine is shared: expect +-20% between runs; the ratios hold better than the times)")
    finally:
        shutil.rmtree(work, ignore_errors=True)


def every_kind(work: Path, env: dict, sizes: list[int], repeat: int, baseline) -> None:
    """Part 4: every size's library, its floor and the one-file start-up measured in the same
    rounds (each round runs each of them once, in turn), so a busy spell of the shared machine
    falls on every size alike; the largest sizes (over 10,000 documents) run in the first third
    of the rounds only. Figures are medians of CPU time (user + system), then wall time.

    The workbench runs with a warm cache (its kept answers of the map, setup and content checks
    of the same library: what a hook run on unchanged rules meets) and, at sizes up to 10,000,
    also without those answers ("no kept answers": the first run on changed rules), in its own
    cache folder whose ``results/`` is emptied before each of its runs."""
    python, workbench = sys.executable, [sys.executable, "-m", "workbench"]
    one = ROOT / "variants" / "revolver" / "game.yaml"
    start_argv = [*workbench, "validate", "--jobs", "1", "--no-published", str(one)]
    counts, commands, size_of = {}, {"start-up": start_argv}, {"start-up": 0}
    # what the cold run imports beyond a warm one (networkx for the boards, the Dark Horse engine
    # for the setup search), measured as two processes that differ only in those imports
    # (the collector paused during the command and what is left frozen at its end, as `validate` does)
    commands["imports"] = [python, "-c", _IMPORTS + "; import gc; gc.disable(); gc.freeze()"]
    commands["imports + boards"] = [python, "-c", _IMPORTS + "; import gc; gc.disable()"
                                    "; import networkx, workbench.games.dark_horse.engine; gc.freeze()"]
    size_of.update({"imports": 0, "imports + boards": 0})
    if baseline:
        commands["baseline start-up"] = baseline + start_argv
        size_of["baseline start-up"] = 0
    cold_cache = work / "cache-no-answers"
    cold = {"WORKBENCH_CACHE_DIR": str(cold_cache)}
    base_cold_cache = work / "cache-baseline-no-answers"
    base_cold = {"WORKBENCH_CACHE_DIR": str(base_cold_cache)}
    for size in sizes:
        folder = work / f"library-{size}"
        counts[size] = every_kind_library(folder, size)
        commands[f"floor {size}"] = [python, "-c", FLOOR_ALL, str(folder)]
        commands[f"workbench {size}"] = [*workbench, "validate", "--jobs", "1", "--no-published", "--format", "json",
                                         str(folder)]
        if size <= 10_000:
            commands[f"cold {size}"] = [cold, *commands[f"workbench {size}"]]
        if baseline:
            commands[f"baseline {size}"] = baseline + commands[f"workbench {size}"]
            if size <= 10_000:
                commands[f"baseline cold {size}"] = [{**baseline[0], **base_cold}, *commands[f"workbench {size}"]]
        size_of.update({f"floor {size}": size, f"workbench {size}": size, f"baseline {size}": size,
                        f"cold {size}": size, f"baseline cold {size}": size})
    for argv in commands.values():   # the page cache, bytecode and the compiled checks of every kind, warm
        run_once(argv, work, env)
    runs: dict[str, list] = {name: [] for name in commands}
    large = max(1, repeat // 3)
    for round_ in range(repeat):
        for name, argv in commands.items():
            if round_ >= large and size_of[name] > 10_000:
                continue
            if name.startswith("cold "):
                shutil.rmtree(cold_cache / "results", ignore_errors=True)
            if name.startswith("baseline cold "):
                shutil.rmtree(base_cold_cache / "results", ignore_errors=True)
            runs[name].append(run_once(argv, work, env))
    med = {name: {"wall": statistics.median(r[0] for r in rs), "cpu": statistics.median(r[4] for r in rs),
                  "rss": max(r[1] for r in rs), "out": rs[-1][2], "code": rs[-1][3], "n": len(rs)}
           for name, rs in runs.items()}
    start = med["start-up"]
    print(f"\n4. a library of every kind replicated from the shipped content, --jobs 1; each size, its floor"
          f" (bare libyaml load_all of the same files) and the start-up (the workbench on one file) run in turn"
          f" in each of {repeat} rounds (sizes over 10,000 in {large}), medians. Start-up: CPU"
          f" {start['cpu'] * 1000:.0f} ms (wall {start['wall'] * 1000:.0f} ms). CPU time (user + system) first:"
          f" on a shared machine it holds better than wall time. 'workbench': a warm cache (the kept answers"
          f" of the map, setup and content checks of this library); 'no kept answers': those checks run")
    per_cpu, per_wall, floor_per, whole = {}, {}, {}, {}
    for size in sizes:
        floor, count = med[f"floor {size}"], counts[size]
        floor_per[size] = floor["cpu"] / count
        for label, name in (("workbench", f"workbench {size}"), ("no kept answers", f"cold {size}")):
            if name not in med:
                continue
            mine = med[name]
            report = json.loads(mine["out"])
            errors = sum(1 for p in report["problems"] if p["severity"] == "error")
            if label == "workbench":
                per_cpu[size] = (mine["cpu"] - start["cpu"]) / count
                per_wall[size] = (mine["wall"] - start["wall"]) / count
                whole[size] = mine["cpu"] / count
            extra = ""
            other = med.get(f"baseline {size}" if label == "workbench" else f"baseline cold {size}")
            if other:
                extra = (f"   baseline CPU {other['cpu']:6.2f} s = {other['cpu'] / floor['cpu']:4.2f}x"
                         f" (wall {other['wall'] / floor['wall']:4.2f}x)")
            print(f"   {count:6d} documents, {label:<15}: CPU floor {floor['cpu']:6.2f} s, workbench {mine['cpu']:6.2f} s ="
                  f" {mine['cpu'] / floor['cpu']:4.2f}x the floor (wall {floor['wall']:6.2f} s / {mine['wall']:6.2f} s ="
                  f" {mine['wall'] / floor['wall']:4.2f}x)   CPU per document: {mine['cpu'] / count * 1e6:5.0f} us,"
                  f" start-up off {(mine['cpu'] - start['cpu']) / count * 1e6:5.0f} us"
                  f" (the floor's: {floor_per[size] * 1e6:4.0f} us)   peak RSS {mine['rss'] / 1024:5.0f} MB"
                  f"   {errors} error(s), {len(report['problems']) - errors} warning(s), exit {mine['code']}"
                  f"   [{mine['n']} runs]{extra}")
    if 5000 in sizes:
        for label, name in (("warm cache", "workbench 5000"), ("no kept answers", "cold 5000")):
            cpu = med[name]["cpu"] / med["floor 5000"]["cpu"]
            wall = med[name]["wall"] / med["floor 5000"]["wall"]
            print(f"   target <= 1.5x the floor at 5,000 documents, {label}: CPU {'MET' if cpu <= 1.5 else 'MISSED'}"
                  f" ({cpu:.2f}x), wall {'MET' if wall <= 1.5 else 'MISSED'} ({wall:.2f}x)")
        imports = med["imports + boards"]["cpu"] - med["imports"]["cpu"]
        cold, warm, floor = med["cold 5000"]["cpu"], med["workbench 5000"]["cpu"], med["floor 5000"]["cpu"]
        print(f"   of the {(cold - warm) * 1000:.0f} ms CPU the run without kept answers costs beyond the warm one,"
              f" {imports * 1000:.0f} ms are the imports of networkx (the boards) and the Dark Horse engine (the"
              f" setup search), {imports / floor:.2f}x the floor: without them it would be"
              f" {(cold - imports) / floor:.2f}x")
    if len(sizes) > 1:
        low, high = min(sizes), max(sizes)
        tables = [("CPU", per_cpu), ("wall", per_wall), ("CPU, start-up included,", whole)]
        if baseline:
            for label, prefix in (("baseline CPU", "baseline "), ("baseline CPU, no kept answers,", "baseline cold ")):
                if all(f"{prefix}{size}" in med for size in (low, high)):
                    tables.append((label, {size: (med[f"{prefix}{size}"]["cpu"] - med["baseline start-up"]["cpu"])
                                           / counts[size] for size in (low, high)}))
        for label, prefix in (("no kept answers, CPU", "cold "),):
            if all(f"{prefix}{size}" in med for size in (low, high)):
                tables.append((label, {size: (med[f"{prefix}{size}"]["cpu"] - start["cpu"]) / counts[size]
                                       for size in (low, high)}))
        for what, per in tables:
            growth = per[low] / per[high]
            shown = ", ".join(f"{counts[size]}: {per[size] * 1e6:.0f} us" for size in sizes if size in per)
            off = "" if "included" in what else ", start-up off"
            print(f"   {what} time per document{off} ({shown}): {low} / {high} documents x{growth:.2f}"
                  f" (target within 20 %: {'MET' if abs(growth - 1) <= 0.2 else 'MISSED'})")
        print("   (what a run costs once whatever the library's size counts per document here, most at the"
              " smallest size: start-up included, that is the interpreter, the imports and the compiled"
              " checks, as for the floor's own interpreter and libyaml import)")
        # linear means each further document costs the same: the cost of the documents added from
        # one size to the next, per document, first step against last
        steps = sorted(sizes)
        for what in ("cpu", "wall"):
            marginal = [(med[f"workbench {b}"][what] - med[f"workbench {a}"][what]) / (counts[b] - counts[a])
                        for a, b in zip(steps, steps[1:])]
            shown = ", ".join(f"{counts[a]}->{counts[b]}: {m * 1e6:.0f} us" for (a, b), m in zip(zip(steps, steps[1:]), marginal))
            growth = marginal[-1] / marginal[0] if len(marginal) > 1 and marginal[0] > 0 else None
            verdict = (f"; last step / first step x{growth:.2f} (within 20 %:"
                       f" {'MET' if abs(growth - 1) <= 0.2 else 'MISSED'})") if growth is not None else ""
            print(f"   {what.upper() if what == 'cpu' else what} time per document added: {shown}{verdict}")
    for size in sizes:
        shutil.rmtree(work / f"library-{size}", ignore_errors=True)


if __name__ == "__main__":
    main()
