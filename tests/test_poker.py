"""The Western Legends poker evaluator: its lookup tables against a peer library (treys) and against
the rules as written, the rulebook's ranking, rule parameters read from the library, the game's deck."""
import random
import shutil
from fractions import Fraction
from itertools import combinations
from pathlib import Path

import pytest
from treys import Card, Evaluator

from workbench.app.validate import load_library, validate_paths
from workbench.core.errors import ContentError
from workbench.games.western_legends import poker
from workbench.games.western_legends.poker import (PokerRules, PokerRulesError, best_saloon_hand, best_saloon_hand_reference,
                                                   compare, evaluate, evaluate_reference, win_probability)

ROOT = Path(__file__).resolve().parent.parent
VARIANTS = ROOT / "variants"
PLAIN_DECK = poker.standard_deck(cheats=0)
TREYS = Evaluator()
# treys writes ten as T and suits in lower case
TREYS_CARD = {c: Card.new(c.replace("10", "T")[0] + c[-1].lower()) for c in PLAIN_DECK}
TREYS_CLASS = {"Straight Flush": "straight-flush", "Four of a Kind": "four-of-a-kind", "Full House": "full-house",
               "Flush": "flush", "Straight": "straight", "Three of a Kind": "three-of-a-kind", "Two Pair": "two-pair",
               "Pair": "pair", "High Card": "high-card"}


@pytest.fixture(scope="module")
def library():
    return load_library([VARIANTS])


def treys_rank(cards) -> int:
    """treys' rank: 1 (royal flush) is best, 7462 worst."""
    codes = [TREYS_CARD[c] for c in cards]
    return TREYS.evaluate(codes[:2], codes[2:])


def treys_name(cards) -> str:
    rank = treys_rank(cards)
    return "royal-flush" if rank == 1 else TREYS_CLASS[TREYS.class_to_string(TREYS.get_rank_class(rank))]


def assert_same_order(hands, ours, theirs):
    """Our values and the peer's order the hands identically, ties included (treys: lower is better)."""
    by_peer = sorted(range(len(hands)), key=lambda i: theirs[i])
    for i, j in zip(by_peer, by_peer[1:]):
        if theirs[i] == theirs[j]:
            assert ours[i] == ours[j], (hands[i], hands[j])
        else:
            assert ours[i] > ours[j], (hands[i], hands[j])


# -- against a peer: standard rules (no Cheat card, an ace may be low, as treys plays) -------------------

@pytest.mark.parametrize("size, count", [(5, 20_000), (7, 5_000)])
def test_random_hands_rank_as_treys_ranks_them(size, count):
    rng = random.Random(20240516 + size)
    hands = [rng.sample(PLAIN_DECK, size) for _ in range(count)]
    ours = [evaluate(h) for h in hands]
    assert_same_order(hands, ours, [treys_rank(h) for h in hands])
    assert [v.name for v in ours] == [treys_name(h) for h in hands]


def test_every_hand_class_is_met_and_ranked_as_treys_ranks_it():
    # one hand of each class, plus the ties and near ties random hands seldom deal
    hands = [["AS", "KS", "QS", "JS", "10S"], ["KH", "QH", "JH", "10H", "9H"], ["5D", "4D", "3D", "2D", "AD"],
             ["9S", "9H", "9D", "9C", "2S"], ["9S", "9H", "9D", "9C", "3S"], ["8S", "8H", "8D", "AC", "AS"],
             ["8S", "8H", "8D", "KC", "KS"], ["2H", "7H", "9H", "JH", "KH"], ["2D", "7D", "9D", "JD", "KD"],
             ["6S", "5H", "4D", "3C", "2S"], ["5S", "4H", "3D", "2C", "AS"], ["AS", "KH", "QD", "JC", "10S"],
             ["7S", "7H", "7D", "KC", "2S"], ["JS", "JH", "4D", "4C", "9S"], ["JS", "JH", "4D", "4C", "8S"],
             ["AS", "AH", "4D", "7C", "9S"], ["AS", "QH", "9D", "6C", "3S"], ["7S", "5H", "4D", "3C", "2S"]]
    assert_same_order(hands, [evaluate(h) for h in hands], [treys_rank(h) for h in hands])


def test_best_saloon_hand_is_the_best_five_of_flop_and_two_hand_cards_by_treys():
    # with the rulebook's ranking five cards never rank below three or four of them, so the best
    # saloon hand of a hand of 2 to 5 cards is treys' best flop-plus-two
    rng = random.Random(7)
    deals = [rng.sample(PLAIN_DECK, 3 + rng.randint(2, 5)) for _ in range(2_000)]
    ours = [best_saloon_hand(d[3:], d[:3]) for d in deals]
    theirs = [min(treys_rank(d[:3] + list(two)) for two in combinations(d[3:], 2)) for d in deals]
    assert_same_order(deals, ours, theirs)


# -- against the rules as written (the reference), with the rules' own parameters -------------------------

RULESETS = [PokerRules(), PokerRules(cheat="wild"), PokerRules(ace_low=False),
            PokerRules(ranking=["royal-flush", "five-of-a-kind", "straight-flush", "four-of-a-kind", "flush", "full-house",
                                "straight", "three-of-a-kind", "two-pair", "pair", "high-card"]),
            PokerRules(ranking=list(reversed(poker.RANKING)), cheat="wild", ace_low=False)]


@pytest.mark.parametrize("rules", RULESETS, ids=lambda r: f"{r.cheat}-acelow{r.ace_low}-{r.ranking[0]}")
def test_tables_agree_with_the_rules_as_written(rules):
    rng = random.Random(11)
    deck = poker.standard_deck(cheats=1)
    for size in (1, 2, 3, 4, 5, 5, 5, 6, 7):
        for _ in range(600 if size <= 5 else 150):
            hand = rng.sample(deck, size)
            assert evaluate(hand, rules) == evaluate_reference(hand, rules), hand
    for _ in range(300):
        deal = rng.sample(deck, 3 + rng.randint(0, 5))
        assert best_saloon_hand(deal[3:], deal[:3], rules) == best_saloon_hand_reference(deal[3:], deal[:3], rules), deal
    # every four of a kind with the Cheat card, with and without a flush draw
    for value in ("2", "9", "A"):
        quads = [f"{value}{s}" for s in "SHDC"]
        assert evaluate(quads + ["CHEAT"], rules) == evaluate_reference(quads + ["CHEAT"], rules)
        assert evaluate(quads[:3] + ["CHEAT", "KS"], rules) == evaluate_reference(quads[:3] + ["CHEAT", "KS"], rules)


def test_two_cheat_cards_and_a_double_deck_are_still_valued_by_the_rules():
    # a designer's deck may hold several Cheat cards, or two of a card: shapes a single deck never deals
    for rules in (PokerRules(), PokerRules(cheat="wild")):
        for hand in (["CHEAT", "CHEAT", "9S", "9H", "9D"], ["AS", "AS", "AH", "AD", "AC"], ["AS", "AS", "KS", "QS", "JS"],
                     ["CHEAT", "CHEAT", "2S", "3S", "4S", "KD", "KC"], ["CHEAT"]):
            assert evaluate(hand, rules) == evaluate_reference(hand, rules), (rules.cheat, hand)


# -- the rulebook's ranking (rules text, "Poker Hands") ---------------------------------------------------

def test_the_rulebook_ranking_from_the_library(library):
    rules = poker.rules_from_library(library)
    assert rules.ranking == ("royal-flush", "five-of-a-kind", "straight-flush", "four-of-a-kind", "full-house", "flush",
                             "straight", "three-of-a-kind", "two-pair", "pair", "high-card")
    # the table's examples, highest first; five of a kind is four of a value plus the Cheat card
    table = [["AS", "KS", "QS", "JS", "10S"], ["2H", "2S", "2D", "2C", "CHEAT"], ["9C", "10C", "JC", "QC", "KC"],
             ["AS", "AH", "AD", "AC", "KS"], ["AS", "AH", "AD", "KC", "KS"], ["AS", "KS", "QS", "JS", "9S"],
             ["AS", "KH", "QS", "JS", "10S"], ["AS", "AH", "AD", "KC", "QS"], ["AS", "AH", "KD", "KC", "QS"],
             ["AS", "AH", "KD", "QC", "JS"], ["AS", "KH", "QD", "JC", "9S"]]
    values = [evaluate(hand, rules) for hand in table]
    assert [v.name for v in values] == list(rules.ranking)
    assert all(a > b for a, b in zip(values, values[1:]))


def test_the_cheat_card_makes_five_of_a_kind_and_nothing_else_by_default():
    assert evaluate(["7H", "7S", "7D", "7C", "CHEAT"]).name == "five-of-a-kind"
    assert compare(["2H", "2S", "2D", "2C", "CHEAT"], ["9H", "10H", "JH", "QH", "KH"]) == 0   # above a straight flush
    assert compare(["AH", "AS", "AD", "AC", "CHEAT"], ["10D", "JD", "QD", "KD", "AD"]) == 1   # below a royal flush
    assert evaluate(["7H", "7S", "7D", "CHEAT", "2C"]).name == "three-of-a-kind"
    assert evaluate(["7H", "8H", "9H", "10H", "CHEAT"]).name == "high-card"
    wild = PokerRules(cheat="wild")
    assert evaluate(["7H", "8H", "9H", "10H", "CHEAT"], wild).name == "straight-flush"
    assert evaluate(["7H", "7S", "7D", "CHEAT", "2C"], wild).name == "four-of-a-kind"
    # two wild Cheat cards: one stands for the fourth 7, the other is the Cheat card of five of a kind
    assert evaluate(["7H", "7S", "7D", "CHEAT", "CHEAT"], wild).name == "five-of-a-kind"


def test_an_ace_low_straight_is_a_rule_parameter():
    wheel = ["AS", "2D", "3C", "4H", "5S"]
    assert evaluate(wheel).name == "straight" and compare(wheel, ["2S", "3D", "4C", "5D", "6H"]) == 1
    assert evaluate(wheel, PokerRules(ace_low=False)).name == "high-card"
    assert evaluate(["AH", "2H", "3H", "4H", "5H"], PokerRules(ace_low=False)).name == "flush"


def test_high_card_is_the_highest_card_played():
    assert compare(["AS", "3H", "5D", "7C", "9S"], ["KS", "QH", "JD", "9C", "8S"]) == 0
    assert compare(["AS", "3H", "5D", "7C", "9S"], ["AH", "3S", "5C", "7D", "9H"]) == "tie"


# -- the ranking is a parameter a designer reorders ----------------------------------------------------

def _library_with(tmp_path, old: str, new: str, file: str = "game.yaml"):
    folder = tmp_path / "variants"
    shutil.copytree(VARIANTS, folder)
    path = folder / "western-legends" / file
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new))
    return validate_paths([folder]).library      # validate reports a bad ranking too (a parameter-type error)


def test_a_designer_who_puts_flush_above_full_house_sees_hands_compare_differently(tmp_path, library):
    house = _library_with(tmp_path, "four-of-a-kind, full-house, flush,", "four-of-a-kind, flush, full-house,")
    published, house_rules = poker.rules_from_library(library), poker.rules_from_library(house)
    full_house, flush = ["3S", "3H", "3D", "KC", "KS"], ["2D", "7D", "9D", "JD", "KD"]
    assert compare(full_house, flush, published) == 0
    assert compare(full_house, flush, house_rules) == 1
    # eight cards holding both (seven cannot): the best five are the full house by the book, the flush by the house rule
    eight = ["3D", "3H", "3S", "KD", "KS", "9D", "JD", "2D"]
    assert evaluate(eight, published).name == "full-house" and evaluate(eight, house_rules).name == "flush"


def test_a_reordered_ranking_changes_which_hand_cards_a_saloon_hand_uses():
    # straight above flush: from the same cards the best saloon hand is the straight
    straight_first = PokerRules(ranking=["royal-flush", "five-of-a-kind", "straight-flush", "four-of-a-kind", "full-house",
                                         "straight", "flush", "three-of-a-kind", "two-pair", "pair", "high-card"])
    flop, hand = ["5H", "6H", "7H"], ["2H", "3H", "8C", "9C"]
    assert best_saloon_hand(hand, flop).name == "flush"
    assert best_saloon_hand(hand, flop, straight_first) == evaluate(["5H", "6H", "7H", "8C", "9C"], straight_first)
    assert best_saloon_hand(hand, flop, straight_first).name == "straight"


def test_a_ranking_that_misses_a_hand_is_a_located_problem(tmp_path):
    house = _library_with(tmp_path, "four-of-a-kind, full-house, flush,", "four-of-a-kind, full-hose, flush,")
    problems = poker.poker_problems(house)
    assert [p.code for p in problems] == ["poker-ranking"]
    problem = problems[0]
    assert problem.file.endswith("game.yaml") and problem.path == "$.parameters.ranking"
    line = Path(problem.file).read_text().splitlines()[problem.line - 1]
    assert "ranking:" in line
    assert "'full-hose'" in problem.message and "did you mean 'full-house'" in problem.message
    with pytest.raises(ContentError) as caught:
        poker.rules_from_library(house)
    assert caught.value.problems == problems


def test_cards_are_read_as_the_designer_writes_them():
    assert evaluate(["as", " ks", "qs", "js", "10s"]).name == "royal-flush"
    assert evaluate(c for c in ["9S", "9H", "cheat", "9D", "9C"]).name == "five-of-a-kind"
    assert best_saloon_hand(("9s", "9h"), ("9d", "9c", "Cheat")).name == "five-of-a-kind"
    for hand in (["AS", "KS", "QS", "JS", "1S"], ["AS", "KS", "QS", "JS", "10S", "ZZ"], []):
        with pytest.raises(poker.CardError):
            evaluate(hand)


def test_unplayable_rules_are_refused_with_a_clear_message():
    with pytest.raises(PokerRulesError, match="missing: flush"):
        PokerRules(ranking=[n for n in poker.RANKING if n != "flush"])
    with pytest.raises(PokerRulesError, match="listed twice: pair"):
        PokerRules(ranking=poker.RANKING + ["pair"])
    with pytest.raises(PokerRulesError, match="did you mean 'wild'"):
        PokerRules(cheat="wyld")


def test_rules_survive_a_copy_and_share_their_tables():
    import copy
    import pickle
    rules = PokerRules(ranking=list(reversed(poker.RANKING)))
    hash(rules)
    for twin in (copy.deepcopy(rules), pickle.loads(pickle.dumps(rules))):
        assert twin == rules and hash(twin) == hash(rules) and "_hash" not in pickle.loads(pickle.dumps(rules)).__dict__
        assert evaluate(["2S", "2H"], twin) == evaluate(["2S", "2H"], rules)


# -- the game's deck -------------------------------------------------------------------------------------

def test_the_deck_comes_from_the_library(library):
    deck = poker.deck_from_library(library)
    params = library.data("western-legends", "rule", "poker-deck")["parameters"]
    assert len(deck) == len(params["poker_values"]) * len(params["suits"]) + params["cheat_cards"] == 53
    assert deck.count("CHEAT") == 1 and len(set(deck) - {"CHEAT"}) == 52


def test_odds_are_taken_over_the_deck_given(tmp_path):
    # a designer's deck without the 2s to 5s: the dealer's chances change
    house = _library_with(tmp_path, 'values: ["2", "3", "4", "5", "6"', 'values: ["6"', "illustrative-content.yaml")
    house_deck = poker.deck_from_library(house)
    assert len(house_deck) == 37 and not any(c[0] in "2345" for c in house_deck if c != "CHEAT")
    hand, flop = ["AS", "AD"], ["7C", "8D", "KS"]
    standard, _ = win_probability(hand, poker.standard_deck(), flop=flop)
    assert win_probability(hand, flop=flop) == (standard, True)   # no deck: the standard one, as before
    short, exact = win_probability(hand, house_deck, flop=flop)
    assert exact and short != standard
    # against every dealer hand of the house deck's unseen cards
    unseen = [c for c in house_deck if c not in hand + flop]
    mine = best_saloon_hand(hand, flop)
    wins = [mine >= best_saloon_hand(list(d), flop) for d in combinations(unseen, 4)]
    assert short == Fraction(sum(wins), len(wins))


def test_odds_refuse_a_card_the_deck_does_not_hold():
    with pytest.raises(poker.CardError, match="not in the deck"):
        win_probability(["AS", "AS"], flop=["2C", "3C", "4C"])
    with pytest.raises(poker.CardError, match="not in the deck"):
        win_probability(["2S"], ["AS", "KS", "QS", "JS", "10S"], flop=["AS", "KS", "QS"])


def test_simulated_odds_with_the_game_deck_are_seeded(library):
    deck = poker.deck_from_library(library)
    a = win_probability(["AS", "AD"], deck, samples=300, seed=4)
    assert a == win_probability(["AS", "AD"], deck, samples=300, seed=4) and a[1] is False and 0.5 < a[0] < 1
