"""A longer fuzzing run of the loader, the schema checks and the library checks.

The suite runs the same grammar (tests/fuzz_grammar.py) with a small fixed budget; this runs it
with a big one and a seed you choose, so a new seed explores new inputs. A failure prints the
smallest input Hypothesis found; save it as a corpus case in tests/corpus/negative/ with the
problems it must produce (see tests/test_corpus.py).

    .venv/bin/python tools/fuzz.py [--examples 20000] [--seed 1] [--grammar yaml|content|both]

Exit status 0 when every input was only reported, 1 when one crashed or broke the property.
"""
from __future__ import annotations

import argparse
import sys
import time
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from hypothesis import HealthCheck, given, seed, settings  # noqa: E402

import fuzz_grammar  # noqa: E402


def run(name: str, strategy, examples: int, chosen_seed: int) -> bool:
    count = 0

    @seed(chosen_seed)
    @settings(max_examples=examples, derandomize=False, database=None, deadline=None, print_blob=True,
              suppress_health_check=list(HealthCheck))
    @given(strategy)
    def prop(text):
        nonlocal count
        count += 1
        fuzz_grammar.check_stream(text)

    started = time.perf_counter()
    try:
        prop()
    except Exception as exc:  # noqa: BLE001 - report any failure, then go on with the next grammar
        failures = exc.exceptions if isinstance(exc, BaseExceptionGroup) else [exc]
        print(f"{name}: FAILED after {count} inputs ({time.perf_counter() - started:.1f} s):"
              f" {len(failures)} distinct failure(s)", file=sys.stderr)
        for failure in failures:
            where = failure.__traceback__
            while where is not None and where.tb_next is not None:
                where = where.tb_next
            line = f" at {where.tb_frame.f_code.co_filename}:{where.tb_lineno}" if where else ""
            print(f"\n  {type(failure).__name__}: {str(failure).splitlines()[0] if str(failure) else ''}{line}",
                  file=sys.stderr)
            for note in getattr(failure, "__notes__", []):
                if "Falsifying" in note or "text=" in note:
                    print("   ", note.strip()[:3000], file=sys.stderr)
        return False
    print(f"{name}: {count} inputs, every one only reported ({time.perf_counter() - started:.1f} s)")
    return True


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=20_000, help="inputs per grammar")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--grammar", choices=("yaml", "content", "both"), default="both")
    args = parser.parse_args()
    warnings.filterwarnings("ignore", message="Generating overly large repr")
    grammars = {"yaml": fuzz_grammar.yaml_streams(), "content": fuzz_grammar.content_streams()}
    chosen = grammars if args.grammar == "both" else {args.grammar: grammars[args.grammar]}
    ok = all([run(name, strategy, args.examples, args.seed) for name, strategy in chosen.items()])
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
