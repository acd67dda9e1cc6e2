"""`workbench poker`: Western Legends' poker hands ranked and compared, and a saloon hand's odds
against the dealer. Western Legends contributes the command through its registry entry
(:class:`workbench.games.Command`); its calls into the engine are the small functions under
*Where this command meets the engine*.
"""
from __future__ import annotations

from collections import Counter

from ..core.errors import UsageError
from .common import EXIT_OK, add_options, int_range, load_library, words
from .report import percent

MAX_SIMULATED = 1_000_000


def add_commands(sub) -> None:
    """Declare the command's parser under the subparsers ``sub`` (read from the entry by the command line)."""
    poker = sub.add_parser("poker", help="Western Legends poker: rank a hand, compare two, saloon odds")
    actions = poker.add_subparsers(dest="action", metavar="ACTION", parser_class=poker.__class__)
    actions.required = True
    rank = actions.add_parser("rank", help="the rank of a hand, e.g. AS KS QS JS 10S")
    rank.add_argument("cards", nargs="+", metavar="CARD")
    compare = actions.add_parser("compare", help="which of two hands wins, e.g. AS,AD,5C,6D,7H KH,KC,2S,3S,9D")
    compare.add_argument("hands", nargs=2, metavar="HAND")
    odds = actions.add_parser("odds", help="chance a saloon hand beats the dealer")
    odds.add_argument("--hand", required=True, metavar="CARDS", help="comma-separated hand cards")
    odds.add_argument("--flop", metavar="CARDS", help="the flop, if known (then the odds are exact)")
    odds.add_argument("--samples", type=int_range(1, MAX_SIMULATED), default=None,
                      help="simulate this many deals instead of enumerating")
    odds.add_argument("--seed", type=int, default=None, help="seed of the simulation (default 0)")
    for parser in (rank, compare, odds):
        parser.add_argument("--ace-low", choices=("yes", "no"), default=None,
                            help="may an ace be low in a straight (default: the library's poker-deck rule)")
        parser.add_argument("--cheat", choices=("five-of-a-kind-only", "wild"), default=None,
                            help="what the Cheat card does (default: the library's poker-deck rule)")
        add_options(parser)



# -- where this command meets the engine ---------------------------------------------------------

def _poker():
    from ..games.western_legends import poker
    return poker


def poker_rules(library, *, ace_low: bool | None = None, cheat: str | None = None):
    """The poker rules the library holds (ranking, ace-low straights, the Cheat card), with the
    command line's --ace-low and --cheat over them when given."""
    import dataclasses

    rules = _poker().rules_from_library(library)
    changes = {k: v for k, v in (("ace_low", ace_low), ("cheat", cheat)) if v is not None}
    return dataclasses.replace(rules, **changes) if changes else rules


def card_name(card: str) -> str:
    """The card as the deck writes it (``as`` -> ``AS``); raises ValueError for unreadable cards."""
    poker = _poker()
    parsed = poker.parse(card)
    if isinstance(parsed, str):
        return parsed
    names = {number: written for written, number in poker.VALUES.items()}
    return f"{names[parsed[0]]}{parsed[1]}"


def poker_deck(library) -> list[str]:
    """The game's poker deck, which the cards given must come from."""
    return _poker().deck_from_library(library)


def saloon_parameters(library) -> dict:
    """Saloon poker's numbers from the library's resolved ruleset, as the game plays them (flop
    size, the dealer's cards, hand cards used, hand size); a ContentError when it cannot be."""
    from ..rules.western_legends import resolve_ruleset
    rules = resolve_ruleset(library)
    return {"flop": rules.flop_cards, "dealer_cards": rules.dealer_draws, "hand_cards_used": rules.hand_cards_used_max,
            "hand_size": rules.hand_size}


def rank(cards: list[str], rules) -> dict:
    return _poker().evaluate(cards, rules).to_json()


def compare(a: list[str], b: list[str], rules):
    return _poker().compare(a, b, rules)


def saloon_odds(hand, flop, rules, deck, *, saloon: dict, samples: int | None, seed: int):
    return _poker().win_probability(hand, deck, flop, dealer_cards=saloon["dealer_cards"], rules=rules,
                                    samples=samples, seed=seed, flop_cards=saloon["flop"],
                                    hand_cards_used=saloon["hand_cards_used"])



# -- the command ----------------------------------------------------------------------------------

def _cards(text_or_list, what: str) -> list[str]:
    items = text_or_list if isinstance(text_or_list, list) else [text_or_list]
    cards = [c for item in items for c in item.replace(" ", ",").split(",") if c]
    if not cards:
        raise UsageError(f"{what}: no cards given")
    out = []
    for card in cards:
        try:
            out.append(card_name(card))
        except ValueError as exc:
            raise UsageError(f"{what}: {exc}") from None
    return out


def _no_more_than_the_deck(groups: list[tuple[str, list[str]]], deck_cards: list[str]) -> None:
    """Cards come from one deck: no card more often than the deck holds it."""
    deck = Counter(deck_cards)
    used = Counter(card for _, cards in groups for card in cards)
    for card, count in used.items():
        if count > deck[card]:
            where = " and ".join(what for what, cards in groups if card in cards)
            times = {0: "not at all", 1: "once"}.get(deck[card], f"{deck[card]} times")
            raise UsageError(f"{card} is given {count} times ({where}), but the poker deck holds it {times}")


def _hand_size(cards: list[str], what: str, low: int = 1, high: int = 7) -> None:
    if not low <= len(cards) <= high:
        raise UsageError(f"{what}: {len(cards)} cards; give {low} to {high}")


_VALUE_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine", 10: "ten",
                11: "jack", 12: "queen", 13: "king", 14: "ace"}


def _plural(value: int) -> str:
    word = _VALUE_WORDS.get(value, str(value))
    return word + ("es" if word == "six" else "s")


def _rank_words(report: dict) -> str:
    """``{"rank": "pair", "value": [1, 14, ...]}`` -> ``'pair of aces'``."""
    rank, values = report["rank"], list(report.get("value") or [])[1:]
    top = values[0] if values else None
    if top is None or rank == "royal-flush":
        return words(rank)
    if rank in ("pair", "three-of-a-kind", "four-of-a-kind", "five-of-a-kind"):
        return f"{words(rank)} ({_plural(top)})" if rank != "pair" else f"pair of {_plural(top)}"
    if rank == "two-pair" and len(values) > 1:
        return f"two pair, {_plural(values[0])} and {_plural(values[1])}"
    if rank == "full-house" and len(values) > 1:
        return f"full house, {_plural(values[0])} over {_plural(values[1])}"
    if rank in ("straight", "straight-flush"):
        return f"{words(rank)} to the {_VALUE_WORDS.get(top, top)}"
    return f"{words(rank)}, {_VALUE_WORDS.get(top, top)} high"


def cmd_poker(args, rep) -> int:
    library = load_library(args, games={"western-legends"}, rep=rep).library
    rules = poker_rules(library, ace_low=None if args.ace_low is None else args.ace_low == "yes",
                                cheat=args.cheat)
    deck = poker_deck(library)
    if args.action == "rank":
        cards = _cards(args.cards, "the hand")
        _hand_size(cards, "the hand")
        _no_more_than_the_deck([("the hand", cards)], deck)
        report = rank(cards, rules)
        rep.set(cards=cards, **report)
        rep.line(f"{' '.join(cards)}: {_rank_words(report)}")
        return EXIT_OK
    if args.action == "compare":
        a, b = _cards(args.hands[0], "the first hand"), _cards(args.hands[1], "the second hand")
        _hand_size(a, "the first hand")
        _hand_size(b, "the second hand")
        _no_more_than_the_deck([("the first hand", a), ("the second hand", b)], deck)
        winner = compare(a, b, rules)
        ranks = [rank(a, rules), rank(b, rules)]
        rep.set(winner=winner, hands=ranks)
        rep.line(f"first hand  {' '.join(a)}: {_rank_words(ranks[0])}")
        rep.line(f"second hand {' '.join(b)}: {_rank_words(ranks[1])}")
        rep.line("a tie" if winner == "tie" else f"the {'first' if winner == 0 else 'second'} hand wins"
                 f" ({_rank_words(ranks[winner])})")
        return EXIT_OK
    saloon = saloon_parameters(library)
    hand = _cards(args.hand, "--hand")
    _hand_size(hand, "--hand", 1, saloon["hand_size"])
    flop = _cards(args.flop, "--flop") if args.flop is not None else None
    if flop is not None and len(flop) != saloon["flop"]:
        raise UsageError(f"--flop: the flop is {saloon['flop']} cards, not {len(flop)}")
    _no_more_than_the_deck([("--hand", hand)] + ([("--flop", flop)] if flop else []), deck)
    exact = flop is not None and args.samples is None
    if exact and args.seed is not None:
        raise UsageError("--seed is for simulations (--samples, or no --flop); with --flop the odds are exact")
    seed = args.seed if args.seed is not None else 0
    p, exact = saloon_odds(hand, flop, rules, deck, saloon=saloon, samples=args.samples, seed=seed)
    samples = None if exact else (args.samples or 2000)
    rep.set(hand=hand, flop=flop, p_win=float(p), exact=exact, fraction=str(p) if exact else None,
            samples=samples, seed=None if exact else seed)
    how = "exact" if exact else f"simulated: {samples:,} deals, seed {seed}"
    rep.line(f"{' '.join(hand)} beats the saloon dealer {percent(p)} of the time ({how})")
    return EXIT_OK

