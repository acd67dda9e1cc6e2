"""The rules-conformance suite with a large budget: many seeded, audited games of every registered
engine, each replayed from its log alone and checked against every invariant of its rules texts.

Prints, per game: the games played per setting, the events replayed, for each invariant how many
times its situation came up and how many games break it, and the time to play (audit on, and off
as a baseline measured in the same run) and to replay and check.

    .venv/bin/python benchmarks/conformance.py                 # 2,000 Dark Horse games
    .venv/bin/python benchmarks/conformance.py --games 200 --markdown   # the README's table
"""
from __future__ import annotations

import argparse
import time
from collections import Counter
from pathlib import Path

from workbench.audit import Played, check, for_game
from workbench.app.validate import validate_paths
from workbench.games import GAMES
from workbench.games.conformance import audited_games, settings

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2000, help="games per registered engine")
    parser.add_argument("--markdown", action="store_true", help="print the invariants as a Markdown table")
    parser.add_argument("--game", action="append", help="only this registered game (repeatable)")
    args = parser.parse_args()
    library = validate_paths([ROOT / "variants", ROOT / "tests" / "corpus" / "dark-horse"]).library
    for game in sorted(GAMES):
        if not settings(library, game) or (args.game and game not in args.game):
            continue
        labels: Counter = Counter()
        situations: Counter = Counter()
        broken: Counter = Counter()
        examples: dict[str, str] = {}
        events = 0
        play_s = audit_s = 0.0
        started = time.perf_counter()
        for label, seed, log in audited_games(library, game, args.games):
            play_s += time.perf_counter() - started
            labels[label] += 1
            events += len(log)
            started = time.perf_counter()
            played = Played(log)
            for name, found in check(played).items():
                if found:
                    broken[name] += 1
                    examples.setdefault(name, f"{label}, seed {seed}: {found[0]}")
            for inv in for_game(game):
                situations[inv.id] += inv.situations(played)
            audit_s += time.perf_counter() - started
            started = time.perf_counter()
        # the baseline: the same games (settings, seeds, bots) with audit off, the engines' hot path
        baseline = min(args.games, 200)
        started = time.perf_counter()
        for _ in audited_games(library, game, baseline, audit=False):
            pass
        plain_s = (time.perf_counter() - started) / baseline * args.games
        started = time.perf_counter()
        for _ in audited_games(library, game, baseline, audit=True):
            pass
        audited_s = (time.perf_counter() - started) / baseline * args.games
        invariants = for_game(game)
        print(f"{game}: {args.games} games ({', '.join(f'{n} {label}' for label, n in labels.items())})")
        print(f"  {events:,} events replayed from their logs alone; {len(invariants)} invariants; "
              f"{sum(situations.values()):,} situations checked; {sum(broken.values())} breach(es)")
        print(f"  playing the games with audit: {play_s:.1f} s; the first {baseline} again, audit off vs on (scaled to "
              f"{args.games}): {plain_s:.1f} s vs {audited_s:.1f} s ({audited_s / plain_s:.1f}x); replaying and checking "
              f"{audit_s:.1f} s ({events / audit_s:,.0f} events/s)")
        for name, example in examples.items():
            print(f"  BROKEN {name} in {broken[name]} game(s), e.g. {example}")
        if args.markdown:
            print()
            print("| invariant | the rule's words | source | situations | games breaking it |")
            print("|---|---|---|---:|---:|")
            for inv in invariants:
                quote = inv.quote.replace("|", "\\|")
                print(f"| `{inv.id}` | \"{quote}\" | {inv.source} | {situations[inv.id]:,} | {broken[inv.id]} |")


if __name__ == "__main__":
    main()
