"""Poker hands by the Western Legends ranking, saloon poker, and the odds of a saloon hand.

The rulebook ranks, highest first: royal flush, five of a kind (four of a value plus the Cheat
card), straight flush, four of a kind, full house, flush, straight, three of a kind, two pair,
pair, high card. Ties are broken by ranks in the usual way. Where the text is silent the choice is a
rule parameter (:class:`PokerRules`):

* ``ace_low``: may an ace be low in a straight (A-2-3-4-5)? Default yes, as in usual poker.
* ``cheat``: what the Cheat card does outside five of a kind. Default ``"five-of-a-kind-only"``
  (the only use the text gives: it is otherwise a card of no value); ``"wild"`` lets it stand for
  any card.

Cards are written ``AS``, ``10H``, ``QD`` (value then suit: S H D C) and ``CHEAT``.
"""
from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from typing import Iterable, Sequence

RANKING = ["royal-flush", "five-of-a-kind", "straight-flush", "four-of-a-kind", "full-house", "flush", "straight",
           "three-of-a-kind", "two-pair", "pair", "high-card"]
VALUES = {"2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10, "J": 11, "Q": 12, "K": 13, "A": 14}
SUITS = "SHDC"
CHEAT = "CHEAT"


class CardError(ValueError):
    """A card written in a way the workbench cannot read."""


@dataclass(frozen=True)
class PokerRules:
    ranking: tuple[str, ...] = tuple(RANKING)
    ace_low: bool = True
    cheat: str = "five-of-a-kind-only"


DEFAULT_RULES = PokerRules()


@lru_cache(maxsize=None)
def parse(card: str) -> tuple[int, str] | str:
    """``"10H"`` -> ``(10, "H")``; ``"cheat"`` -> ``"CHEAT"``.

    >>> parse("as"), parse("10h"), parse("Cheat")
    ((14, 'S'), (10, 'H'), 'CHEAT')
    """
    text = card.strip().upper()
    if text == CHEAT:
        return CHEAT
    value, suit = text[:-1], text[-1:]
    if value not in VALUES or suit not in SUITS:
        raise CardError(f"cannot read the card {card!r}: write a value (2-10, J, Q, K, A) then a suit (S, H, D, C), "
                        "like AS or 10H, or CHEAT")
    return VALUES[value], suit


def standard_deck(cheats: int = 1) -> list[str]:
    names = {v: k for k, v in VALUES.items()}
    return [f"{names[v]}{s}" for s in SUITS for v in range(2, 15)] + [CHEAT] * cheats


@dataclass(frozen=True, order=True)
class HandValue:
    """Comparable: higher is better. ``category`` indexes the ranking from the bottom."""

    category: int
    tiebreak: tuple[int, ...]
    name: str = ""

    def to_json(self) -> dict:
        return {"rank": self.name, "value": [self.category, *self.tiebreak]}


@lru_cache(maxsize=None)
def _orders(ranking: tuple[str, ...]) -> dict[str, int]:
    return {name: len(ranking) - 1 - i for i, name in enumerate(ranking)}


def _straight_high(values: set[int], ace_low: bool) -> int | None:
    """The top of a straight of five distinct values, or None."""
    if len(values) != 5:
        return None
    high, low = max(values), min(values)
    if high - low == 4:
        return high
    if ace_low and values == {14, 2, 3, 4, 5}:
        return 5
    return None


def _evaluate_five(cards: Sequence, rules: PokerRules) -> HandValue:
    """Value of up to five cards (no Cheat card inside)."""
    values = sorted((c[0] for c in cards), reverse=True)
    counts = Counter(values)
    groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    flush = len(cards) == 5 and len({c[1] for c in cards}) == 1
    high = _straight_high(set(values), rules.ace_low) if len(cards) == 5 and len(counts) == 5 else None
    order = _orders(rules.ranking).__getitem__
    if flush and high == 14:
        return HandValue(order("royal-flush"), (14,), "royal-flush")
    if flush and high:
        return HandValue(order("straight-flush"), (high,), "straight-flush")
    if groups[0][1] == 4:
        return HandValue(order("four-of-a-kind"), (groups[0][0], *[v for v in values if v != groups[0][0]]), "four-of-a-kind")
    if groups[0][1] == 3 and len(groups) > 1 and groups[1][1] >= 2:
        return HandValue(order("full-house"), (groups[0][0], groups[1][0]), "full-house")
    if flush:
        return HandValue(order("flush"), tuple(values), "flush")
    if high:
        return HandValue(order("straight"), (high,), "straight")
    if groups[0][1] == 3:
        return HandValue(order("three-of-a-kind"), (groups[0][0], *[v for v in values if v != groups[0][0]]), "three-of-a-kind")
    if groups[0][1] == 2 and len(groups) > 1 and groups[1][1] == 2:
        pairs = sorted((groups[0][0], groups[1][0]), reverse=True)
        return HandValue(order("two-pair"), (*pairs, *[v for v in values if v not in pairs]), "two-pair")
    if groups[0][1] == 2:
        return HandValue(order("pair"), (groups[0][0], *[v for v in values if v != groups[0][0]]), "pair")
    return HandValue(order("high-card"), tuple(values), "high-card")


def evaluate(cards: Iterable[str], rules: PokerRules = DEFAULT_RULES) -> HandValue:
    """The value of a hand of up to five cards (more: the best five of them).

    >>> evaluate(["AS", "KS", "QS", "JS", "10S"]).name
    'royal-flush'
    >>> evaluate(["7H", "7S", "7D", "7C", "CHEAT"]).name
    'five-of-a-kind'
    >>> evaluate(["AS", "2D", "3C", "4H", "5S"]).name, evaluate(["AS", "2D", "3C", "4H", "5S"], PokerRules(ace_low=False)).name
    ('straight', 'high-card')
    """
    parsed = [parse(c) for c in cards]
    if not parsed:
        raise CardError("a hand needs at least one card")
    if len(parsed) > 5:
        return max(evaluate(list(combo), rules) for combo in combinations([c if isinstance(c, str) else _name(c) for c in parsed], 5))
    cheats = sum(1 for c in parsed if c == CHEAT)
    plain = [c for c in parsed if c != CHEAT]
    order = _orders(rules.ranking).__getitem__
    if cheats:
        counts = Counter(c[0] for c in plain)
        four = [v for v, n in counts.items() if n == 4]
        best = None
        if four and cheats >= 1:
            best = HandValue(order("five-of-a-kind"), (max(four),), "five-of-a-kind")
        if rules.cheat == "wild":
            for stand_in in ((v, s) for v in range(2, 15) for s in SUITS):
                candidate = evaluate([_name(c) for c in plain] + [_name(stand_in)] + [CHEAT] * (cheats - 1), rules)
                best = candidate if best is None or candidate > best else best
        if best is None:
            best = _evaluate_five(plain, rules) if plain else HandValue(0, (0,), "high-card")
        return best
    return _evaluate_five(plain, rules)


def _name(card) -> str:
    if card == CHEAT:
        return CHEAT
    names = {v: k for k, v in VALUES.items()}
    return f"{names[card[0]]}{card[1]}"


def compare(a: Iterable[str], b: Iterable[str], rules: PokerRules = DEFAULT_RULES) -> int | str:
    """0 if hand ``a`` wins, 1 if ``b`` wins, ``"tie"`` otherwise."""
    va, vb = evaluate(a, rules), evaluate(b, rules)
    return 0 if va > vb else 1 if vb > va else "tie"


def best_saloon_hand(hand: Sequence[str], flop: Sequence[str], rules: PokerRules = DEFAULT_RULES,
                     max_from_hand: int = 2) -> HandValue:
    """The best hand from the flop plus up to two cards of the player's hand (no cards at all:
    the lowest possible value)."""
    best = evaluate(list(flop), rules) if flop else HandValue(-1, (), "no-cards")
    for k in range(1, max_from_hand + 1):
        for chosen in combinations(hand, k):
            value = evaluate(list(flop) + list(chosen), rules)
            best = value if best is None or value > best else best
    return best


def win_probability(hand: Sequence[str], deck: Sequence[str], flop: Sequence[str] | None = None, dealer_cards: int = 4,
                    rules: PokerRules = DEFAULT_RULES, samples: int | None = None, seed: int = 0) -> tuple[Fraction | float, bool]:
    """The chance that ``hand`` wins a saloon game against the dealer (the active player wins ties).

    With the flop known, every dealer hand of the unseen cards is enumerated: exact. Otherwise the
    flop and the dealer's cards are simulated ``samples`` times with ``seed``. Returns
    ``(probability, exact)``.
    """
    unseen = list(deck)
    for card in list(hand) + list(flop or []):
        unseen.remove(card.upper() if card.upper() == CHEAT else _name(parse(card)))
    if flop is not None and samples is None:
        mine = best_saloon_hand(hand, flop, rules)
        # the dealer's best hand is the flop plus its best one or two cards: value every single
        # card and pair of unseen cards once, then each dealer hand is a few look-ups
        single = {c: evaluate(list(flop) + [c], rules) for c in set(unseen)}
        pair = {}
        for a, b in combinations(sorted(set(unseen)), 2):
            pair[a, b] = pair[b, a] = evaluate(list(flop) + [a, b], rules)
        if unseen.count(CHEAT) > 1:
            pair[CHEAT, CHEAT] = evaluate(list(flop) + [CHEAT, CHEAT], rules)
        floor = evaluate(list(flop), rules)
        wins = total = 0
        for dealer in combinations(unseen, dealer_cards):
            best = floor
            for card in dealer:
                best = max(best, single[card])
            for a, b in combinations(dealer, 2):
                best = max(best, pair[a, b])
            total += 1
            wins += mine >= best
        return Fraction(wins, total), True
    rng = random.Random(seed)
    samples = samples or 2000
    wins = 0
    for _ in range(samples):
        drawn = rng.sample(unseen, (0 if flop is not None else 3) + dealer_cards)
        board = list(flop) if flop is not None else drawn[:3]
        dealer = drawn[len(drawn) - dealer_cards:]
        wins += best_saloon_hand(hand, board, rules) >= best_saloon_hand(dealer, board, rules)
    return wins / samples, False
