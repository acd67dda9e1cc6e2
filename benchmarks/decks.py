"""How fast is checking custom decks?

Builds a complete 62-card base deck (fixture cards of known types, as the tests do) and 1,000
random custom decks of 1-8 swaps each (some legal, many not), then checks them all:

* resolving only: each deck turned into card counts against its base (the baseline);
* deck checks: every deck-building check (`check_deck`, what `validate` and `deck check` run);
* table round trip: a deck exported as a CSV table and read back (pandera checks the table),
  timed on the first 100 decks.

Reports decks per second and the ratio to the baseline (target: checks at least 1,000 decks/s).

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
from workbench.app.validate import validate_paths
from workbench.decks.rules import check_deck, context_for
from workbench.decks.table import export_csv, read_csv

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

    def timed(function, count=len(documents)):
        function(documents[0])  # warm imports and caches
        started = time.perf_counter()
        results = [function(d) for d in documents[:count]]
        return (time.perf_counter() - started) * len(documents) / count, results

    def round_trip(document):
        return read_csv(export_csv(context_for(library, document)))

    resolve_s, _ = timed(lambda d: context_for(library, d))
    check_s, problems = timed(lambda d: check_deck(library, d))
    table_s, tables = timed(round_trip, min(100, len(documents)))  # a table a person exports: 100 are plenty
    legal = sum(1 for ps in problems if not any(p.is_error for p in ps))
    print(f"decks: {args.decks} ({legal} legal), against a 62-card base")
    print(f"resolving only:     {args.decks / resolve_s:8.0f} decks/s  ({resolve_s * 1000:.0f} ms)  baseline")
    print(f"deck checks:        {args.decks / check_s:8.0f} decks/s  ({check_s * 1000:.0f} ms), {check_s / resolve_s:.1f}x the baseline")
    print(f"CSV table and back: {args.decks / table_s:8.0f} decks/s  ({table_s * 1000:.0f} ms), {table_s / resolve_s:.1f}x the baseline;"
          f" every table read back clean: {all(not ps for _, ps in tables)}")
    print(f"target >= 1,000 decks/s (checks): {'MET' if args.decks / check_s >= 1000 else 'MISSED'}")


if __name__ == "__main__":
    main()
