"""Western Legends speed figures, measured in this run:

* poker hands ranked per second (random 5-card hands from a 52-card deck plus the Cheat card;
  target: at least 100,000/s), against a baseline of ranking by full 7-card enumeration;
* exact saloon odds with a known flop (every dealer hand of the unseen cards);
* whole random-bot games per second (3 players, a short game to its end, greedy bots).

    .venv/bin/python benchmarks/western_legends.py
"""
from __future__ import annotations

import random
import time

from workbench.content.validate import load_library
from workbench.games.western_legends import poker
from workbench.games.western_legends.engine import play


def main() -> None:
    deck = poker.standard_deck()
    rng = random.Random(1)
    hands = [rng.sample(deck, 5) for _ in range(50_000)]
    started = time.perf_counter()
    for hand in hands:
        poker.evaluate(hand)
    rank_s = time.perf_counter() - started
    sevens = [rng.sample(deck, 7) for _ in range(2_000)]
    started = time.perf_counter()
    for hand in sevens:
        poker.evaluate(hand)  # best 5 of 7: 21 five-card evaluations
    seven_s = time.perf_counter() - started
    print(f"hands ranked: {len(hands) / rank_s:,.0f} five-card hands/s; {len(sevens) / seven_s:,.0f} seven-card hands/s"
          f"   target >= 100,000/s: {'MET' if len(hands) / rank_s >= 100_000 else 'MISSED'}")

    started = time.perf_counter()
    p, exact = poker.win_probability(["AS", "AD"], deck, flop=["7C", "8D", "KS"])
    print(f"exact saloon odds (AS AD on 7C 8D KS, every dealer hand): {float(p):.4f} = {p} in {time.perf_counter() - started:.2f} s")

    library = load_library()
    games = 30
    started = time.perf_counter()
    rounds = sum(play(library, 3, seed).round for seed in range(games))
    play_s = time.perf_counter() - started
    print(f"whole 3-player games (greedy bots, short game to its end): {games / play_s:.1f} games/s, {rounds / games:.1f} rounds each")


if __name__ == "__main__":
    main()
