"""How fast is checking custom decks?

Builds a complete 62-card base deck (fixture cards of known types, as the tests do) and 1,000
random custom decks of 1-8 swaps each (some legal, many not), then checks them all:

* plain path: the deck checks in Python;
* pandera path: the per-card checks as a pandera DataFrame model with lazy validation.

Reports decks per second for each (target: plain at least 1,000/s) and the pandera path's cost.

    .venv/bin/python benchmarks/decks.py [--decks 1000]
"""
from __future__ import annotations

import argparse
import random
import time
from pathlib import Path

import yaml

from workbench.content.library import Library
from workbench.content.loader import load_text
from workbench.content.validate import validate_paths
from workbench.decks.rules import check_deck

ROOT = Path(__file__).resolve().parent.parent


def make_decks(count: int, seed: int = 3) -> list[str]:
    rng = random.Random(seed)
    base_cards = ["charlie-withers-first-deputy", "apache-scout", "fixture-deputy", "fixture-rifle", "fixture-order"]
    incoming = ["fixture-ranger", "fixture-promo-order", "fixture-bootleg", "pinkerton-marshal", "hidden-sniper",
                "estella-morales", "fixture-outlaw", "apache-scout", "fixture-rifle"]
    texts = []
    for i in range(count):
        swaps = [{"out": rng.choice(base_cards), "in": rng.choice(incoming)} for _ in range(rng.randint(1, 8))]
        doc = {"kind": "deck", "game": "revolver", "id": f"bench-{i}", "name": f"Bench {i}", "faction": "mcready",
               "base": "mcready-fixture-base", "rules": "custom-decks", "source": {"document": "house-rule"},
               "swaps": swaps}
        texts.append(yaml.safe_dump(doc, sort_keys=False))
    return texts


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--decks", type=int, default=1000)
    args = parser.parse_args()
    base = validate_paths([ROOT / "variants", ROOT / "tests" / "corpus" / "decks"])
    documents = [load_text(text, f"bench-{i}.yaml")[0][0] for i, text in enumerate(make_decks(args.decks))]
    library = Library.from_documents(base.library.documents + documents)

    results = {}
    for engine in ("plain", "pandera"):
        check_deck(library, documents[0], engine=engine)  # warm imports and caches
        started = time.perf_counter()
        problems = [check_deck(library, d, engine=engine) for d in documents]
        elapsed = time.perf_counter() - started
        results[engine] = (elapsed, problems)
    plain_s, plain_problems = results["plain"]
    pandera_s, pandera_problems = results["pandera"]
    legal = sum(1 for ps in plain_problems if not any(p.is_error for p in ps))
    same = [[(p.code, p.line) for p in ps] for ps in plain_problems] == [[(p.code, p.line) for p in ps] for ps in pandera_problems]
    print(f"decks: {args.decks} ({legal} legal), against a 62-card base")
    print(f"plain path:   {args.decks / plain_s:8.0f} decks/s  ({plain_s * 1000:.0f} ms)")
    print(f"pandera path: {args.decks / pandera_s:8.0f} decks/s  ({pandera_s * 1000:.0f} ms), {pandera_s / plain_s:.1f}x the plain path")
    print(f"both paths report the same problems: {same}")
    print(f"target >= 1,000 decks/s (plain): {'MET' if args.decks / plain_s >= 1000 else 'MISSED'}")


if __name__ == "__main__":
    main()
