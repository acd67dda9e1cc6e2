"""Decks as card counts: a deck document's two forms (a full list or swaps against a base deck)
and the conversion between them."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field


@dataclass
class Swap:
    out: str
    into: str
    index: int | None = None  # position in the document's `swaps`, for locating problems


@dataclass
class DeckList:
    """A deck resolved to counts, with the swaps that turn its base into it."""

    id: str
    faction: str | None
    counts: Counter
    base_id: str | None = None
    base_counts: Counter | None = None
    swaps: list[Swap] = field(default_factory=list)
    form: str = "cards"  # which form the document used: "cards", "swaps", or "declared" (neither)
    unpaired_in: Counter = field(default_factory=Counter)   # added with nothing taken out
    unpaired_out: Counter = field(default_factory=Counter)  # taken out with nothing added
    missing_out: list[Swap] = field(default_factory=list)   # swaps taking out a card the base lacks

    @property
    def size(self) -> int:
        return sum(self.counts.values())

    @property
    def complete(self) -> bool:
        """Whether ``counts`` is the whole deck: its own list, or its base's list plus swaps.
        (Swaps against a base without a list give only the cards swapped in.)"""
        return self.form == "cards" or (self.form == "swaps" and self.base_counts is not None)

    def incoming(self) -> list[tuple[str, Swap | None]]:
        """Cards brought in as replacements, each with its swap (``None`` for a card added with
        nothing taken out). Empty when the base list is unknown and the deck lists all its cards."""
        out = [(s.into, s) for s in self.swaps]
        out += [(card, None) for card, count in sorted(self.unpaired_in.items()) for _ in range(count)]
        return out


def counts_of(deck: dict) -> Counter:
    """How many of each card a deck's ``cards:`` list holds. A card named twice counts every
    entry (``deck check`` reports the repeated entry as a problem): every reader of the list, the
    checks, the odds and the export, counts the same cards.

    >>> counts_of({"cards": [{"card": "a", "count": 6}, {"card": "b", "count": 1}, {"card": "a", "count": 7}]})
    Counter({'a': 13, 'b': 1})
    """
    counts: Counter = Counter()
    for entry in deck.get("cards") or []:
        counts[entry["card"]] += entry["count"]
    return counts


def resolve(deck: dict, base: dict | None, card_type=lambda card_id: None) -> DeckList:
    """Resolve a deck document (and its base deck's document) to card counts and swaps.

    ``card_type(card_id)`` is used to pair removed and added cards by type when a full list has to
    be turned into swaps.

    >>> base = {"id": "b", "cards": [{"card": "a", "count": 2}, {"card": "b", "count": 1}]}
    >>> d = resolve({"id": "d", "base": "b", "swaps": [{"out": "a", "in": "c"}]}, base)
    >>> sorted(d.counts.items()), d.size
    ([('a', 1), ('b', 1), ('c', 1)], 3)
    >>> [(s.out, s.into) for s in resolve({"id": "e", "base": "b", "cards": [{"card": "a", "count": 1},
    ...     {"card": "b", "count": 1}, {"card": "c", "count": 1}]}, base).swaps]
    [('a', 'c')]
    """
    base_counts = counts_of(base) if base and base.get("cards") else None
    result = DeckList(deck.get("id", "deck"), deck.get("faction"), Counter(), deck.get("base"), base_counts)
    if deck.get("swaps") is not None and not deck.get("cards"):
        result.form = "swaps"
        counts = Counter(base_counts or {})
        for i, raw in enumerate(deck.get("swaps") or []):
            swap = Swap(raw["out"], raw["in"], i)
            result.swaps.append(swap)
            if base_counts is not None:
                if counts[swap.out] <= 0:
                    result.missing_out.append(swap)
                else:
                    counts[swap.out] -= 1
            counts[swap.into] += 1
        result.counts = +counts
        return result
    result.counts = counts_of(deck)
    if deck.get("cards") is None:
        # neither a list nor swaps: only a declared `size`, if any (`cards: []` is a list of no
        # cards, whose size is known: 0)
        result.form = "declared"
        return result
    if base_counts is not None:
        added = result.counts - base_counts
        removed = base_counts - result.counts
        result.swaps, result.unpaired_out, result.unpaired_in = pair_swaps(removed, added, card_type)
    return result


def pair_swaps(removed: Counter, added: Counter, card_type) -> tuple[list[Swap], Counter, Counter]:
    """Pair removed with added cards, same type first, so a legal deck reads as legal swaps."""
    outs = sorted(removed.elements())
    ins = sorted(added.elements())
    swaps: list[Swap] = []
    for kind_first in (True, False):
        for card_in in list(ins):
            match = next((o for o in outs if not kind_first or
                          (card_type(o) is not None and card_type(o) == card_type(card_in))), None)
            if match is not None:
                swaps.append(Swap(match, card_in))
                outs.remove(match)
                ins.remove(card_in)
    return swaps, Counter(outs), Counter(ins)


def to_swaps_document(deck: DeckList) -> list[dict]:
    return [{"out": s.out, "in": s.into} for s in deck.swaps]


def to_cards_document(deck: DeckList) -> list[dict]:
    return [{"card": card, "count": count} for card, count in sorted(deck.counts.items())]
