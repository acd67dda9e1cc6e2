"""Deck statistics, exact draw odds (hypergeometric) and a printable export."""
from __future__ import annotations

from collections import Counter
from fractions import Fraction
from math import comb


def at_least(deck_size: int, copies: int, draws: int, k: int = 1) -> Fraction:
    """Exact probability of holding at least ``k`` of ``copies`` cards after ``draws`` draws.

    >>> at_least(62, 4, 5)                 # a 4-of in a 62-card deck, 5 cards drawn
    Fraction(32567, 111569)
    >>> at_least(10, 10, 1), at_least(10, 0, 5), at_least(10, 3, 2, k=3)
    (Fraction(1, 1), Fraction(0, 1), Fraction(0, 1))
    """
    if not 0 <= copies <= deck_size or draws < 0:
        raise ValueError("need 0 <= copies <= deck size and draws >= 0")
    draws = min(draws, deck_size)
    total = comb(deck_size, draws)
    hits = sum(comb(copies, i) * comb(deck_size - copies, draws - i) for i in range(k, min(copies, draws) + 1))
    return Fraction(hits, total)


def exactly(deck_size: int, copies: int, draws: int, k: int) -> Fraction:
    return Fraction(comb(copies, k) * comb(deck_size - copies, draws - k), comb(deck_size, draws)) if k <= draws else Fraction(0)


def stats(ctx) -> dict:
    """Counts by type and origin, cost curve and firepower totals (unknowns counted apart)."""
    by_type, by_origin, curve = Counter(), Counter(), Counter()
    firepower, firepower_unknown = 0, 0
    for card_id, count in ctx.deck.counts.items():
        card = ctx.card(card_id) or {}
        by_type[card.get("type", "unknown")] += count
        by_origin[card.get("origin", "unknown")] += count
        cost = card.get("cost")
        curve[cost if isinstance(cost, int) else "unknown"] += count
        if isinstance(card.get("firepower"), int):
            firepower += card["firepower"] * count
        else:
            firepower_unknown += count
    return {"size": ctx.deck.size, "by_type": dict(sorted(by_type.items())), "by_source": dict(sorted(by_origin.items())),
            "cost_curve": {str(k): v for k, v in sorted(curve.items(), key=lambda kv: (isinstance(kv[0], str), kv[0]))},
            "firepower": {"total_known": firepower, "cards_with_unknown_firepower": firepower_unknown}}


def export_csv(ctx) -> str:
    """A printable list: one row per card (see :mod:`workbench.decks.table`)."""
    from .table import export_csv as table_csv

    return table_csv(ctx)
