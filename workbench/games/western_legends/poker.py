"""Poker hands by the Western Legends ranking, saloon poker, and the odds of a saloon hand.

The rulebook ranks, highest first: royal flush, five of a kind (four of a value plus the Cheat
card), straight flush, four of a kind, full house, flush, straight, three of a kind, two pair,
pair, high card. Ties are broken by ranks in the usual way. The ranking and the choices the text
leaves open are rule parameters (:class:`PokerRules`), read from the library's ``poker-hands``
and ``poker-deck`` documents by :func:`rules_from_library`:

* ``ranking``: the order of the hands, highest first (a house rule may reorder it).
* ``ace_low``: may an ace be low in a straight (A-2-3-4-5)? Default yes, as in usual poker.
* ``cheat``: what the Cheat card does outside five of a kind. Default ``"five-of-a-kind-only"``
  (the only use the text gives: it is otherwise a card of no value); ``"wild"`` lets it stand for
  any card.

Cards are written ``AS``, ``10H``, ``QD`` (value then suit: S H D C) and ``CHEAT``.

How hands are valued
--------------------
:func:`evaluate_reference` is the rules as written, card by card: it is the specification, and
slow. :func:`evaluate` and :func:`best_saloon_hand` give the same values from tables built once
per :class:`PokerRules` *from* the reference: a hand's value depends only on how many cards of
each value and how many Cheat cards it holds, plus whether a flush is possible. Each card is
coded as one integer whose fields count values, Cheat cards and suits, so a hand's code is the
sum of its cards' codes and a lookup gives its strength. A table entry is computed by the
reference the first time its hand shape is seen (about 10,000 shapes of up to five cards in a
52-card deck with one Cheat card, a fraction of a millisecond each), then reused for the life of
the process; other rules (a reordered ``ranking``, another ``ace_low`` or ``cheat``) have their
own tables.
"""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import combinations
from typing import Callable, Iterable, Sequence

from ...core.errors import ContentError, did_you_mean

# the poker vocabulary (hands, values, suits, what the Cheat card may do) is declared with the
# rules, which name them in their parameters
from ...rules.western_legends import CHEAT, CHEAT_RULES, RANKING, SUITS, VALUES  # noqa: E402,F401

#: Problem codes of :func:`poker_problems` (the poker documents of a library).
CODES = {
    "poker-ranking": "the poker ranking does not list each hand exactly once",
    "poker-deck": "the poker deck names a value or suit the poker engine cannot read",
    "poker-rule": "a poker rule choice is not one the poker engine knows",
}


class CardError(ContentError, ValueError):
    """A card written in a way the workbench cannot read."""


class PokerRulesError(ContentError, ValueError):
    """Poker rule parameters that cannot be played (a ranking that misses a hand, an unknown choice)."""


@dataclass(frozen=True)
class PokerRules:
    """The poker rule parameters; equal rules share their lookup tables.

    >>> PokerRules(cheat="wlid")
    Traceback (most recent call last):
    ...
    workbench.games.western_legends.poker.PokerRulesError: unknown Cheat card rule 'wlid'; did you mean 'wild'?
    """

    ranking: tuple[str, ...] = tuple(RANKING)
    ace_low: bool = True
    cheat: str = "five-of-a-kind-only"

    def __post_init__(self):
        object.__setattr__(self, "ranking", tuple(self.ranking))   # a list from YAML is fine
        problem = ranking_problem(self.ranking)
        if problem:
            raise PokerRulesError(problem)
        if self.cheat not in CHEAT_RULES:
            hint = did_you_mean(self.cheat, CHEAT_RULES)
            raise PokerRulesError(f"unknown Cheat card rule {self.cheat!r}; "
                                  + (f"did you mean {hint!r}?" if hint else f"choose one of {', '.join(CHEAT_RULES)}"))

    def __hash__(self) -> int:
        # the tables are looked up by these rules on every hand: hash once per object (not
        # pickled: string hashes differ between processes)
        try:
            return self.__dict__["_hash"]
        except KeyError:
            value = hash((self.ranking, bool(self.ace_low), self.cheat))
            object.__setattr__(self, "_hash", value)
            return value

    def __getstate__(self):
        return {k: v for k, v in self.__dict__.items() if k != "_hash"}


def ranking_problem(ranking: Sequence) -> str | None:
    """Why ``ranking`` cannot order the hands (``None`` if it can): it must name each hand once.

    >>> ranking_problem(RANKING) is None
    True
    >>> ranking_problem(["royal-flush", "royal-flush"] + RANKING[2:])
    'the poker ranking must list every hand once; listed twice: royal-flush; missing: five-of-a-kind'
    """
    names = list(ranking)
    unknown = [n for n in names if n not in RANKING]
    twice = sorted({n for n in names if names.count(n) > 1 and n in RANKING}, key=RANKING.index)
    missing = [n for n in RANKING if n not in names]
    if not (unknown or twice or missing):
        return None
    parts = []
    for name in unknown:
        hint = did_you_mean(name, RANKING)
        parts.append(f"unknown hand {name!r}" + (f" (did you mean {hint!r}?)" if hint else ""))
    if twice:
        parts.append("listed twice: " + ", ".join(twice))
    if missing:
        parts.append("missing: " + ", ".join(missing))
    return "the poker ranking must list every hand once; " + "; ".join(parts)


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
    """52 cards plus ``cheats`` Cheat cards (the game's own deck: :func:`deck_from_library`)."""
    names = {v: k for k, v in VALUES.items()}
    return [f"{names[v]}{s}" for s in SUITS for v in range(2, 15)] + [CHEAT] * cheats


def make_deck(values: Iterable, suits: Iterable, cheat_cards: int = 0) -> list[str]:
    """The poker deck of a ``poker-deck`` document: every value in every suit, then the Cheat cards.

    >>> make_deck(["A", 10], "SH", 1)
    ['AS', '10S', 'AH', '10H', 'CHEAT']
    >>> make_deck(["1"], "S")
    Traceback (most recent call last):
    ...
    workbench.games.western_legends.poker.CardError: cannot read the card '1S': write a value (2-10, J, Q, K, A) then a suit (S, H, D, C), like AS or 10H, or CHEAT
    """
    deck = [_name(parse(f"{v}{s}")) for s in suits for v in values]
    if not isinstance(cheat_cards, int) or isinstance(cheat_cards, bool) or cheat_cards < 0:
        raise CardError(f"the number of Cheat cards must be a whole number 0 or more, not {cheat_cards!r}")
    return deck + [CHEAT] * cheat_cards


@dataclass(frozen=True, order=True)
class HandValue:
    """Comparable: higher is better. ``category`` indexes the ranking from the bottom."""

    category: int
    tiebreak: tuple[int, ...]
    name: str = ""

    def to_json(self) -> dict:
        return {"rank": self.name, "value": [self.category, *self.tiebreak]}


NO_CARDS = HandValue(-1, (), "no-cards")


@lru_cache(maxsize=None)
def _orders(ranking: tuple[str, ...]) -> dict[str, int]:
    return {name: len(ranking) - 1 - i for i, name in enumerate(ranking)}


_NAMES = {v: k for k, v in VALUES.items()}


def _name(card) -> str:
    return CHEAT if card == CHEAT else f"{_NAMES[card[0]]}{card[1]}"


# -- the rules as written (the specification the tables are built from) -------------------------

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


def _stand_ins(plain: Sequence) -> list[tuple[int, str]]:
    """The cards a wild Cheat card may usefully stand for: a stand-in's suit matters only for a
    flush, so every value in the plain cards' common suit (if they share one) and in one other."""
    suits = {c[1] for c in plain}
    first = suits.pop() if len(suits) == 1 else "S"
    other = next(s for s in SUITS if s != first)
    return [(v, s) for v in range(2, 15) for s in (first, other)]


def evaluate_reference(cards: Iterable[str], rules: PokerRules = DEFAULT_RULES) -> HandValue:
    """The value of a hand, computed card by card as the rules read (slow; :func:`evaluate` gives
    the same values from tables). Up to five cards; more: the best five of them.

    >>> evaluate_reference(["7H", "7S", "7D", "7C", "CHEAT"]).name
    'five-of-a-kind'
    """
    parsed = [parse(c) for c in cards]
    if not parsed:
        raise CardError("a hand needs at least one card")
    if len(parsed) > 5:
        return max(evaluate_reference([_name(c) for c in combo], rules) for combo in combinations(parsed, 5))
    cheats = sum(1 for c in parsed if c == CHEAT)
    plain = [c for c in parsed if c != CHEAT]
    order = _orders(rules.ranking).__getitem__
    if cheats:
        counts = Counter(c[0] for c in plain)
        four = [v for v, n in counts.items() if n == 4]
        best = None
        if four:
            best = HandValue(order("five-of-a-kind"), (max(four),), "five-of-a-kind")
        if rules.cheat == "wild":
            # one Cheat card stands for a card, the others are valued with it (so one may stand
            # for a fourth 9 and another make five of a kind)
            for stand_in in _stand_ins(plain):
                candidate = evaluate_reference([_name(c) for c in plain] + [_name(stand_in)] + [CHEAT] * (cheats - 1), rules)
                best = candidate if best is None or candidate > best else best
        if best is None:
            # the Cheat card alone is a card of no value
            best = _evaluate_five(plain, rules) if plain else HandValue(order("high-card"), (0,), "high-card")
        return best
    return _evaluate_five(plain, rules)


# -- the tables ------------------------------------------------------------------------------------
# A card's code: 3 bits counting each value 2..A (bits 0-38), 3 bits counting Cheat cards (39-41),
# 3 bits counting each suit (42-53); a wild Cheat card counts in every suit. The code of up to 7
# cards is the sum of theirs, no field overflowing: its low 42 bits (values and Cheat cards) key the
# value tables, its suit fields tell whether five of the cards can be a flush (for five cards: when
# the AND of their codes keeps a suit bit).
_CHEAT_SHIFT, _SUIT_SHIFT = 39, 42
_LOW = (1 << _SUIT_SHIFT) - 1
_FIELD = 7
_MAX_FAST = 7   # up to 7 cards no field can overflow


def _strength(value: HandValue) -> int:
    """An integer ordered as the hand values: category, then the tie-break values in turn (a
    shorter tie-break that is a prefix of a longer one is lower, as tuples compare)."""
    digits = 0
    for i, v in enumerate(value.tiebreak):
        digits |= (v + 1) << (4 * (4 - i))
    return ((value.category + 1) << 20) | digits


class _Table(dict):
    """A dict that computes a missing entry once, by ``fill``."""

    __slots__ = ("fill",)

    def __init__(self, fill: Callable):
        super().__init__()
        self.fill = fill

    def __missing__(self, key):
        value = self[key] = self.fill(key)
        return value


def _five_of_a_suit(suits: int) -> bool:
    """Do the suit fields (a hand code shifted down to its suits) count five of one suit?"""
    return any((suits >> 3 * i) & _FIELD >= 5 for i in range(len(SUITS)))


#: The suit fields of a hand code in which five cards can be a flush: a set, the cheapest test.
_FIVE_OF_A_SUIT = frozenset(s for s in range(1 << 3 * len(SUITS)) if _five_of_a_suit(s))


class _Tables:
    """The lookup tables of one :class:`PokerRules`, keyed by a hand code's low bits.

    ``plain`` and ``flush`` hold strengths (:func:`_strength`) of hands that cannot, or can, be a
    flush; ``plain_value`` and ``flush_value`` the :class:`HandValue` of the same hands; ``best``
    the strength of the best five of six or seven cards none five of which can be a flush.
    """

    def __init__(self, rules: PokerRules):
        self.rules = rules
        wild_suits = sum(1 << (_SUIT_SHIFT + 3 * i) for i in range(len(SUITS))) if rules.cheat == "wild" else 0
        self.code = {CHEAT: (1 << _CHEAT_SHIFT) | wild_suits}
        for text, v in VALUES.items():
            for i, s in enumerate(SUITS):
                self.code[f"{text}{s}"] = (1 << 3 * (v - 2)) | (1 << (_SUIT_SHIFT + 3 * i))
        self.get_code = self.code.__getitem__
        self.value: dict[int, HandValue] = {0: NO_CARDS}   # strength -> the hand value it stands for
        self.plain = _Table(self._plain)
        self.flush = _Table(self._flush)
        self.plain_value = _Table(lambda key: self.value[self.plain[key]])
        self.flush_value = _Table(lambda key: self.value[self.flush[key]])
        self.best = _Table(self._best_of_more)

    @staticmethod
    def _values(key: int) -> list[int]:
        return [v for v in range(2, 15) for _ in range((key >> 3 * (v - 2)) & _FIELD)]

    def _record(self, value: HandValue) -> int:
        strength = _strength(value)
        self.value.setdefault(strength, value)
        return strength

    def _plain(self, key: int) -> int:
        # the suits are dealt round so that the plain cards do not all share one: no flush
        values, cheats = self._values(key), (key >> _CHEAT_SHIFT) & _FIELD
        cards = [f"{_NAMES[v]}{SUITS[i % 4]}" for i, v in enumerate(values)] + [CHEAT] * cheats
        return self._record(evaluate_reference(cards, self.rules))

    def _flush(self, key: int) -> int:
        values, cheats = self._values(key), (key >> _CHEAT_SHIFT) & _FIELD
        return self._record(evaluate_reference([f"{_NAMES[v]}S" for v in values] + [CHEAT] * cheats, self.rules))

    def _best_of_more(self, key: int) -> int:
        codes = [1 << 3 * (v - 2) for v in self._values(key)] + [1 << _CHEAT_SHIFT] * ((key >> _CHEAT_SHIFT) & _FIELD)
        plain = self.plain
        return max(plain[sum(five)] for five in combinations(codes, 5))

    def codes(self, cards: Iterable) -> list[int]:
        if not isinstance(cards, (list, tuple)):
            cards = list(cards)
        try:
            return list(map(self.get_code, cards))
        except (KeyError, TypeError):
            return [self.code[_name(parse(c))] for c in cards]   # lower case, spaces; or a clear CardError

    def strength(self, codes: list[int]) -> int:
        n = len(codes)
        if not n:
            raise CardError("a hand needs at least one card")
        key = sum(codes)
        if n <= 5:
            return (self.flush if key >> _SUIT_SHIFT in _FIVE_OF_A_SUIT else self.plain)[key & _LOW]
        if n <= _MAX_FAST and key >> _SUIT_SHIFT not in _FIVE_OF_A_SUIT:
            return self.best[key & _LOW]
        flush, plain = self.flush, self.plain
        best = 0
        for a, b, c, d, e in combinations(codes, 5):
            s = (flush if (a & b & c & d & e) >> _SUIT_SHIFT else plain)[(a + b + c + d + e) & _LOW]
            if s > best:
                best = s
        return best


_TABLES: dict[PokerRules, _Tables] = {}
# the last call's rules and tables, one tuple so that threads read a matching pair: most callers
# play one ruleset, and an identity test is cheaper than hashing the rules
_last: tuple = (None, None)


def _tables(rules: PokerRules) -> _Tables:
    global _last
    tables = _TABLES.get(rules)
    if tables is None:
        if not isinstance(rules, PokerRules):
            raise TypeError(f"rules must be PokerRules, not {type(rules).__name__}")
        tables = _TABLES[rules] = _Tables(rules)
    _last = (rules, tables)
    return tables


def evaluate(cards: Iterable[str], rules: PokerRules = DEFAULT_RULES) -> HandValue:
    """The value of a hand of up to five cards (more: the best five of them).

    >>> evaluate(["AS", "KS", "QS", "JS", "10S"]).name
    'royal-flush'
    >>> evaluate(["7H", "7S", "7D", "7C", "CHEAT"]).name
    'five-of-a-kind'
    >>> evaluate(["AS", "2D", "3C", "4H", "5S"]).name, evaluate(["AS", "2D", "3C", "4H", "5S"], PokerRules(ace_low=False)).name
    ('straight', 'high-card')
    """
    last_rules, tables = _last
    if rules is not last_rules:
        tables = _tables(rules)
    try:
        if len(cards) == 5:
            # the common case, inlined: a hand's code is the sum of its cards' codes
            a, b, c, d, e = cards
            code = tables.code
            key = code[a] + code[b] + code[c] + code[d] + code[e]
            if key >> _SUIT_SHIFT in _FIVE_OF_A_SUIT:
                return tables.flush_value[key & _LOW]
            return tables.plain_value[key & _LOW]
    except (TypeError, KeyError):
        pass   # cards without a length, or to be read (lower case, spaces, a mistake): the long way
    return tables.value[tables.strength(tables.codes(cards))]


def strength(cards: Iterable[str], rules: PokerRules = DEFAULT_RULES) -> int:
    """:func:`evaluate` as one integer, higher for a better hand (cheap to compare and store).

    >>> strength(["9S", "9H", "2C"]) > strength(["8S", "8H", "AC"])
    True
    """
    last_rules, tables = _last
    if rules is not last_rules:
        tables = _tables(rules)
    return tables.strength(tables.codes(cards))


def hand_value(strength_: int, rules: PokerRules = DEFAULT_RULES) -> HandValue:
    """The :class:`HandValue` a :func:`strength` (of these rules) stands for."""
    return _tables(rules).value[strength_]


def compare(a: Iterable[str], b: Iterable[str], rules: PokerRules = DEFAULT_RULES) -> int | str:
    """0 if hand ``a`` wins, 1 if ``b`` wins, ``"tie"`` otherwise."""
    va, vb = strength(a, rules), strength(b, rules)
    return 0 if va > vb else 1 if vb > va else "tie"


def _saloon_strength(tables: _Tables, hand: list[int], flop: list[int], max_from_hand: int) -> int:
    """The strength of the best hand from the flop plus up to ``max_from_hand`` hand cards."""
    if len(flop) == 3 and max_from_hand == 2:
        # the game's own case, unrolled: flop alone, with one hand card, with two
        plain, flush = tables.plain, tables.flush
        f = flop[0] + flop[1] + flop[2]
        suited = flop[0] & flop[1] & flop[2]
        best = plain[f & _LOW]
        for x in hand:
            s = plain[(f + x) & _LOW]
            if s > best:
                best = s
        for x, y in combinations(hand, 2):
            s = (flush if (suited & x & y) >> _SUIT_SHIFT else plain)[(f + x + y) & _LOW]
            if s > best:
                best = s
        return best
    best = tables.strength(flop) if flop else 0
    for k in range(1, max_from_hand + 1):
        for chosen in combinations(hand, k):
            s = tables.strength(flop + list(chosen))
            if s > best:
                best = s
    return best


def best_saloon_hand(hand: Sequence[str], flop: Sequence[str], rules: PokerRules = DEFAULT_RULES,
                     max_from_hand: int = 2) -> HandValue:
    """The best hand from the flop plus up to two cards of the player's hand (no cards at all:
    the lowest possible value).

    >>> best_saloon_hand(["AH", "KH", "QH"], ["10H", "JH", "2C"]).name   # a royal flush takes three hand cards
    'high-card'
    """
    last_rules, tables = _last
    if rules is not last_rules:
        tables = _tables(rules)
    return tables.value[_saloon_strength(tables, tables.codes(hand), tables.codes(flop), max_from_hand)]


def best_saloon_hand_reference(hand: Sequence[str], flop: Sequence[str], rules: PokerRules = DEFAULT_RULES,
                               max_from_hand: int = 2) -> HandValue:
    """:func:`best_saloon_hand` by :func:`evaluate_reference` (slow; for tests and benchmarks)."""
    best = evaluate_reference(list(flop), rules) if flop else NO_CARDS
    for k in range(1, max_from_hand + 1):
        for chosen in combinations(hand, k):
            best = max(best, evaluate_reference(list(flop) + list(chosen), rules))
    return best


def win_probability(hand: Sequence[str], deck: Sequence[str] | None = None, flop: Sequence[str] | None = None,
                    dealer_cards: int = 4, rules: PokerRules = DEFAULT_RULES, samples: int | None = None,
                    seed: int = 0) -> tuple[Fraction | float, bool]:
    """The chance that ``hand`` wins a saloon game against the dealer (the active player wins ties).

    ``deck`` is the whole poker deck the cards come from (the game's: :func:`deck_from_library`;
    default :func:`standard_deck`, 52 cards and one Cheat card). With the flop known, every dealer
    hand of the unseen cards is enumerated: exact. Otherwise the flop and the dealer's cards are
    simulated ``samples`` times with ``seed``. Returns ``(probability, exact)``.
    """
    tables = _tables(rules)
    unseen = [_name(parse(c)) for c in (standard_deck() if deck is None else deck)]
    for card in list(hand) + list(flop or []):
        name = _name(parse(card))
        if name not in unseen:
            raise CardError(f"the card {card} is not in the deck, or is named twice")
        unseen.remove(name)
    code = tables.code
    mine_codes = [code[_name(parse(c))] for c in hand]
    if flop is not None and samples is None:
        flop_codes = [code[_name(parse(c))] for c in flop]
        mine = _saloon_strength(tables, mine_codes, flop_codes, 2)
        # the dealer's best hand is the flop plus its best one or two cards: value every single
        # card and pair of unseen cards once, then each dealer hand is a few look-ups
        single = {c: tables.strength(flop_codes + [code[c]]) for c in set(unseen)}
        pair = {}
        for a, b in combinations(sorted(set(unseen)), 2):
            pair[a, b] = pair[b, a] = tables.strength(flop_codes + [code[a], code[b]])
        if unseen.count(CHEAT) > 1:
            pair[CHEAT, CHEAT] = tables.strength(flop_codes + [code[CHEAT]] * 2)
        floor = tables.strength(flop_codes) if flop_codes else 0
        wins = total = 0
        for dealer in combinations(unseen, dealer_cards):
            best = max([floor, *map(single.__getitem__, dealer), *map(pair.__getitem__, combinations(dealer, 2))])
            total += 1
            wins += mine >= best
        return Fraction(wins, total), True
    rng = random.Random(seed)
    samples = samples or 2000
    unseen_codes = [code[c] for c in unseen]
    known_flop = [code[_name(parse(c))] for c in flop] if flop is not None else None
    wins = 0
    for _ in range(samples):
        drawn = rng.sample(unseen_codes, (0 if flop is not None else 3) + dealer_cards)
        board = known_flop if flop is not None else drawn[:3]
        dealer = drawn[len(drawn) - dealer_cards:]
        wins += _saloon_strength(tables, mine_codes, board, 2) >= _saloon_strength(tables, dealer, board, 2)
    return wins / samples, False


# -- from the library ------------------------------------------------------------------------------

def poker_problems(library) -> list:
    """What in the library's ``poker-hands`` and ``poker-deck`` documents the poker engine cannot
    play, as located problems (codes in :data:`CODES`)."""
    problems = []
    hands = library.get("western-legends", "rule", "poker-hands")
    if hands is not None:
        ranking = (hands.data.get("parameters") or {}).get("ranking")
        message = ranking_problem(ranking) if isinstance(ranking, list) else "the poker ranking must be a list of hands"
        if ranking is not None and message:
            problems.append(hands.problem("poker-ranking", message, ["parameters", "ranking"],
                                          hint="list each of: " + ", ".join(RANKING) + ", highest first"))
    deck = library.get("western-legends", "rule", "poker-deck")
    if deck is not None:
        params = deck.data.get("parameters") or {}
        for field, known in (("poker_values", list(VALUES)), ("suits", list(SUITS))):
            for i, item in enumerate(params.get(field) or []):
                if str(item).upper() not in known:
                    hint = did_you_mean(str(item), known)
                    problems.append(deck.problem("poker-deck", f"the poker deck's {field} hold {item!r}, which is not a card "
                                                 f"{field[:-1]} the poker engine reads", ["parameters", field, i],
                                                 hint=f"did you mean {hint!r}?" if hint else "known: " + ", ".join(known)))
        rule = params.get("cheat_rule", CHEAT_RULES[0])
        if rule not in CHEAT_RULES:
            hint = did_you_mean(str(rule), CHEAT_RULES)
            problems.append(deck.problem("poker-rule", f"unknown Cheat card rule {rule!r}", ["parameters", "cheat_rule"],
                                         hint=f"did you mean {hint!r}?" if hint else "choose one of " + ", ".join(CHEAT_RULES)))
        if not isinstance(params.get("ace_low_straights", True), bool):
            problems.append(deck.problem("poker-rule", "ace_low_straights must be true or false",
                                         ["parameters", "ace_low_straights"]))
        cheats = params.get("cheat_cards", 0)
        if not isinstance(cheats, int) or isinstance(cheats, bool) or cheats < 0:
            problems.append(deck.problem("poker-rule", f"cheat_cards must be a whole number 0 or more, not {cheats!r}",
                                         ["parameters", "cheat_cards"]))
    return problems


def rules_from_library(library) -> PokerRules:
    """The poker rules the library holds: ``poker-hands`` ``ranking``, and ``poker-deck``
    ``ace_low_straights`` and ``cheat_rule`` (each defaulting to :class:`PokerRules`' own where a
    document or parameter is absent). Raises :class:`~workbench.core.errors.ContentError` with located
    problems if they cannot be played."""
    problems = poker_problems(library)
    if problems:
        raise ContentError("the poker rules in the library cannot be played", problems)
    hands = library.data("western-legends", "rule", "poker-hands") or {}
    deck = library.data("western-legends", "rule", "poker-deck") or {}
    hands, deck = hands.get("parameters") or {}, deck.get("parameters") or {}
    return PokerRules(ranking=tuple(hands.get("ranking") or RANKING), ace_low=deck.get("ace_low_straights", True),
                      cheat=deck.get("cheat_rule", CHEAT_RULES[0]))


def deck_from_library(library) -> list[str]:
    """The game's poker deck from the library's ``poker-deck`` document (``poker_values`` x ``suits``, then the
    Cheat cards); the standard values or suits where it gives none, a standard deck with one Cheat
    card where the library has no such document."""
    params = (library.data("western-legends", "rule", "poker-deck") or {}).get("parameters")
    if not params:
        return standard_deck()
    problems = poker_problems(library)
    if problems:
        raise ContentError("the poker deck in the library cannot be played", problems)
    return make_deck(params.get("poker_values") or list(VALUES), params.get("suits") or SUITS, params.get("cheat_cards", 0))
