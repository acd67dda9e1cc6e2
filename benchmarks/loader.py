"""How does the loader cope with hostile and bulky input?

Measures, each in a fresh process with a time limit (so a hang is reported, not suffered):

* locating problems: one file of N card documents, each missing two required fields, checked with
  ``check_file`` for N = 1,000 and N = 4,000. Finding every problem's line must be linear in the
  number of documents: the ratio of the two times should be near 4 (a quadratic locator gives ~16);
* a billion-laughs file (nine levels of nine aliases): time and peak traced memory until it is
  refused with ``alias-limit``;
* a merge-key bomb (each level merges ten copies of the one below, bottom ``{}``; 8 levels is
  ~600 bytes): time until it is refused with ``alias-limit``;
* a 5,000-digit integer: time until it is reported.

    .venv/bin/python benchmarks/loader.py [--timeout 300]

The figures are printed with the ratio to a baseline measured in the same run (the time to load
one clean 1,000-document file); none of them is a unit test.
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path


def missing_fields_stream(count: int) -> str:
    """``count`` card documents, each without its required ``name`` and ``source``."""
    return "".join(f"---\nkind: card\ngame: revolver\nid: card-{i:05d}\ncopies: 2\n" for i in range(count))


def clean_stream(count: int) -> str:
    return "".join(f"---\nkind: card\ngame: revolver\nid: card-{i:05d}\nname: Card {i}\n"
                   f"source: {{document: house-rule}}\ncopies: 2\n" for i in range(count))


def billion_laughs(levels: int = 9) -> str:
    text = 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n'
    previous = "a"
    for name in "bcdefghijklmnop"[:levels - 1]:
        text += f"{name}: &{name} [" + ",".join([f"*{previous}"] * 9) + "]\n"
        previous = name
    return text


def merge_bomb(levels: int = 8) -> str:
    """Each level merges ten copies of the level below; the bottom is an empty mapping."""
    text = "l0: &l0 {}\n"
    for level in range(1, levels + 1):
        text += f"l{level}: &l{level} {{<<: [" + ", ".join([f"*l{level - 1}"] * 10) + "]}\n"
    return text


def _measure(case: str, argument: str, folder: str) -> dict:
    """Run in the child process: one measurement, printed as JSON."""
    from workbench.content.loader import load_text
    from workbench.content.validate import check_file

    if case in ("locate", "clean"):
        check_file(str(Path(__file__)))  # warm up: imports, schema compilation
        path = Path(folder) / f"{case}-{argument}.yaml"
        path.write_text((missing_fields_stream if case == "locate" else clean_stream)(int(argument)))
        started = time.perf_counter()
        documents, problems = check_file(str(path))
        elapsed = time.perf_counter() - started
        return {"seconds": elapsed, "documents": len(documents), "problems": len(problems),
                "codes": sorted({p.code for p in problems})}
    text = {"laughs": billion_laughs, "merge": merge_bomb}.get(case, lambda n: f"n: {'9' * int(n)}\n")(int(argument))
    started = time.perf_counter()
    documents, problems = load_text(text, f"{case}.yaml")
    elapsed = time.perf_counter() - started
    tracemalloc.start()  # a second run for memory: tracing slows the first several times over
    load_text(text, f"{case}.yaml")
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return {"seconds": elapsed, "bytes": len(text.encode()), "peak_mb": peak / 2**20,
            "problems": len(problems), "codes": sorted({p.code for p in problems})}


def run(case: str, argument: str, folder: str, timeout: float) -> dict:
    try:
        proc = subprocess.run([sys.executable, __file__, "--one", case, argument, folder],
                              capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"error": f"did not finish in {timeout:.0f} s"}
    if proc.returncode != 0:
        return {"error": (proc.stderr.strip().splitlines() or ["failed"])[-1]}
    return json.loads(proc.stdout)


def show(label: str, result: dict) -> None:
    if "error" in result:
        print(f"{label:<44} {result['error']}")
        return
    extra = f"   peak {result['peak_mb']:.1f} MB traced" if "peak_mb" in result else ""
    size = f"   {result['bytes']:,} bytes" if "bytes" in result else ""
    print(f"{label:<44} {result['seconds']:8.3f} s   {result['problems']:>5} problem(s) {result['codes']}{size}{extra}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--timeout", type=float, default=300.0, help="seconds before a case counts as hung")
    parser.add_argument("--one", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        print(json.dumps(_measure(*args.one)))
        return

    with tempfile.TemporaryDirectory(prefix="wb-loader-bench-") as folder:
        baseline = run("clean", "1000", folder, args.timeout)
        show("baseline: 1,000 clean documents", baseline)
        small = run("locate", "1000", folder, args.timeout)
        show("1,000 documents, two missing fields each", small)
        large = run("locate", "4000", folder, args.timeout)
        show("4,000 documents, two missing fields each", large)
        if "error" not in small and "error" not in large:
            ratio = large["seconds"] / small["seconds"]
            print(f"  4,000 / 1,000 documents: {ratio:.1f}x the time (linear ~4x, quadratic ~16x)")
        if "error" not in small and "error" not in baseline:
            print(f"  1,000 documents with problems: {small['seconds'] / baseline['seconds']:.1f}x the clean baseline")
        show("billion laughs (9 levels of 9)", run("laughs", "9", folder, args.timeout))
        for levels in (7, 8):
            show(f"merge bomb ({levels} levels of 10)", run("merge", str(levels), folder, args.timeout))
        show("a 5,000-digit integer", run("digits", "5000", folder, args.timeout))


if __name__ == "__main__":
    main()
