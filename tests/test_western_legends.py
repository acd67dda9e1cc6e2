"""Western Legends: poker by the rulebook's ranking, and the turn engine on the grid map."""
import json
import os
import random
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from workbench.cli import main
from workbench.content.validate import load_library
from workbench.games.western_legends import poker
from workbench.games.western_legends.engine import (Action, State, draw_legendary_tokens, legendary_supply, play)
from workbench.games.western_legends.poker import PokerRules, compare, evaluate, win_probability

GOLDEN = Path(__file__).parent / "golden"


@pytest.fixture(scope="module")
def library():
    return load_library()


# -- poker ----------------------------------------------------------------------------------

EXAMPLES = [  # one hand per rank of the rulebook's table, highest first
    ["AS", "KS", "QS", "JS", "10S"], ["9H", "9S", "9D", "9C", "CHEAT"], ["5H", "6H", "7H", "8H", "9H"],
    ["QS", "QH", "QD", "QC", "2S"], ["3S", "3H", "3D", "KC", "KS"], ["2D", "7D", "9D", "JD", "KD"],
    ["4S", "5H", "6D", "7C", "8S"], ["8S", "8H", "8D", "KC", "2S"], ["JS", "JH", "4D", "4C", "9S"],
    ["AS", "AH", "4D", "7C", "9S"], ["AS", "QH", "9D", "6C", "3S"],
]


def test_the_rulebook_ranking_highest_first(library):
    ranking = library.data("western-legends", "rule", "poker-hands")["parameters"]["ranking"]
    values = [evaluate(hand) for hand in EXAMPLES]
    assert [v.name for v in values] == ranking
    assert values == sorted(values, reverse=True) and len(set(values)) == len(values)


def test_ties_are_broken_by_ranks():
    assert compare(["AS", "AD", "5C", "6D", "9H"], ["AH", "AC", "5S", "6S", "8D"]) == 0   # kicker 9 over 8
    assert compare(["KS", "KD", "2C", "2D", "9H"], ["KH", "KC", "3S", "3H", "4D"]) == 1   # second pair 3 over 2
    assert compare(["2S", "3D", "4C", "5D", "6H"], ["2H", "3C", "4S", "5S", "6D"]) == "tie"
    assert compare(["AS", "2D", "3C", "4H", "5S"], ["2S", "3D", "4C", "5D", "6H"]) == 1    # the wheel is the lowest straight


def test_silent_rules_are_parameters():
    wheel = ["AS", "2D", "3C", "4H", "5S"]
    assert evaluate(wheel).name == "straight" and evaluate(wheel, PokerRules(ace_low=False)).name == "high-card"
    assert evaluate(["9H", "9S", "2D", "CHEAT"]).name == "pair"            # the Cheat card alone adds nothing
    assert evaluate(["9H", "9S", "2D", "CHEAT"], PokerRules(cheat="wild")).name == "three-of-a-kind"
    with pytest.raises(poker.CardError):
        evaluate(["1S"])


def test_saloon_hand_uses_at_most_two_hand_cards():
    flop = ["2H", "3H", "4H"]
    assert poker.best_saloon_hand(["5H", "6H", "AS"], flop).name == "straight-flush"
    assert poker.best_saloon_hand(["AH", "KH", "QH"], flop).name == "flush"  # only two of the three hearts count


def test_exact_saloon_odds_match_a_brute_force_on_a_small_deck():
    deck = ["AS", "AH", "KS", "KH", "QS", "2D", "3C", "7D", "9C"]
    p, exact = win_probability(["AS", "AH"], deck, flop=["KS", "2D", "7D"])
    assert exact
    from itertools import combinations
    rest = [c for c in deck if c not in ("AS", "AH", "KS", "2D", "7D")]
    mine = poker.best_saloon_hand(["AS", "AH"], ["KS", "2D", "7D"])
    wins = [mine >= poker.best_saloon_hand(list(d), ["KS", "2D", "7D"]) for d in combinations(rest, 4)]
    assert p == Fraction(sum(wins), len(wins))


def test_simulated_odds_are_seeded():
    a = win_probability(["AS", "AD"], poker.standard_deck(), samples=300, seed=4)
    assert a == win_probability(["AS", "AD"], poker.standard_deck(), samples=300, seed=4) and a[1] is False


def test_poker_commands(capsys):
    assert main(["poker", "rank", "AS", "KS", "QS", "JS", "10S", "--format", "json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert (report["rank"], report["value"]) == ("royal-flush", [10, 14])
    assert main(["poker", "compare", "AS,AD,5C,6D,7H", "KH,KC,2S,3S,9D", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["winner"] == 0
    assert main(["poker", "compare", "2S,3D,4C,5D,6H", "2H,3C,4S,5S,6D", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["winner"] == "tie"
    assert main(["poker", "rank", "XX"]) == 2


# -- engine ---------------------------------------------------------------------------------

def test_setup_follows_the_rules(library):
    state = State(library, 3, seed=3)
    assert len({p.character for p in state.players}) == 3
    assert state.sheriff == state.office
    assert all(b not in {p.at for p in state.players} for b in state.bandits) and len(state.bandits) <= 6
    drew = [e for e in state.log if e["event"] == "character"]
    assert all(len(e["drew"]) == 2 and e["kept"] in e["drew"] for e in drew)
    # the most wanted player starts (the Outlaw starts wanted in the illustrative characters)
    wanted = [p for p in state.players if p.wanted]
    if len(wanted) == 1:
        assert state.players[state.first] is wanted[0]


def test_start_of_turn_choices_and_three_actions(library):
    state = State(library, 2, seed=1)
    assert [a.target for a in state.legal_actions()] == [0, 1, 2]
    money, cards = state.current.money, len(state.current.hand)
    after = state.apply(Action("start", 2))  # $10 and 1 card
    assert after.current.money == min(120, money + 10) and len(after.current.hand) == cards + 1
    assert state.current.money == money  # apply leaves the old state alone
    for _ in range(3):
        after = after.apply(Action("work"))
    assert after.legal_actions() == [Action("end-turn")]


def test_movement_is_two_spaces_diagonal_and_around_canyons(library):
    state = State(library, 2, seed=1)
    p = state.current
    p.at = (5, 4)
    reach = state._reachable(p)
    # the canyon at x = 6 (rows 3-5) cannot be entered: only its ends are within two moves
    assert (6, 2) in reach and (6, 6) in reach and {(6, 3), (6, 4), (6, 5), (7, 4)}.isdisjoint(reach)
    assert all(max(abs(x - 5), abs(y - 4)) <= 2 for x, y in reach)
    p.wanted, state.sheriff = 1, (4, 4)
    assert (4, 4) not in state._reachable(p)


def test_fights_ties_go_to_the_active_player_and_the_loser_is_wounded(library):
    state = State(library, 2, seed=1)
    a, b = state.players
    b.at = a.at
    a.hand, b.hand = ["7S"], ["7H"]
    state._player_fight(a, b.name, "duel")
    assert b.wounds == 1 and len(b.hand) == 1 and a.lp == 2
    a.hand, b.hand = ["3S"], []
    state._player_fight(a, b.name, "rob")   # b declines (no card) and loses
    assert b.wounds == 2 and a.wanted == 1


def test_arrest_takes_half_rounded_up_and_clears_wanted(library):
    state = State(library, 2, seed=1)
    a, b = state.players
    a.marshal, a.wanted, b.wanted, b.money, b.nuggets = 1, 0, 3, 45, 3
    a.hand, b.hand = ["KS"], ["2H"]
    state._player_fight(a, b.name, "arrest")
    assert (b.wanted, b.money, b.nuggets, b.at) == (0, 22, 1, state.office) and a.marshal == 2


def test_the_ninth_space_gives_legend_points_instead(library):
    state = State(library, 2, seed=1)
    p = state.players[0]
    p.marshal, p.wanted, p.lp = 8, 0, 0
    state._track(p, "marshal", 3)
    assert p.marshal == 9 and p.lp == 2  # to the 9th space, then 1 LP for each point beyond it


def test_final_scoring_and_tie_breakers(library):
    state = State(library, 3, seed=1)
    a, b, c = state.players
    for p in state.players:
        p.lp, p.money, p.wounds, p.marshal, p.wanted, p.nuggets, p.items = 10, 0, 0, 0, 0, 0, {}
    a.money, b.money = 130, 119            # 2 LP at most; 1 LP per $60
    a.wounds = 1                            # -1
    c.wanted, b.wanted = 4, 4               # tied most wanted: 1 LP each
    scores = state.final_scores()
    assert (scores["red"]["money"], scores["blue"]["money"], scores["red"]["wounds"]) == (2, 1, -1)
    assert scores["blue"]["wanted"] == scores["green"]["wanted"] == 1
    b.wanted = 2
    assert state.final_scores()["green"]["wanted"] == 3 and state.final_scores()["blue"]["wanted"] == 1
    # red 11, blue 12, green 13 now; make a tie broken by nuggets
    for p in state.players:
        p.lp = 10
    a.money = b.money = c.money = 0
    a.wounds = b.wanted = c.wanted = 0
    b.nuggets = 2
    assert state.ranking()[0] == ["blue"] and state.ranking()[1] == ["red", "green"]
    # goal variant: legendary tokens held score at the end
    a.legendary = [3, 2]
    assert state.final_scores()["red"]["legendary"] == 5 and state.ranking()[0] == ["red"]


def test_legendary_tokens(library):
    supply = legendary_supply(library.data("western-legends", "rule", "goal-card-variant")["parameters"]["legendary_tokens"])
    assert sorted(supply) == [1] * 6 + [2] * 9 + [3] * 3
    held, rest = draw_legendary_tokens(supply, [], 1, random.Random(1))
    assert len(held) == 1 and len(rest) == 17
    held, rest = draw_legendary_tokens(rest, held, 2, random.Random(2))
    assert len(held) == 2 and len(rest) == 16 and sorted(held + rest) == sorted(supply)


def _invariants(state):
    limits = state.rules.limits
    for p in state.players:
        assert 0 <= p.money <= limits["max_money"] and 0 <= p.nuggets <= limits["max_gold_nuggets"]
        assert 0 <= p.wounds <= limits["max_wounds"]
        assert sum(1 for i in p.items if state.rules.items[i]["type"] == "misc") <= limits["max_misc_items"]
        assert not (p.marshal and p.wanted)
        assert p.marshal <= 9 and p.wanted <= 9


LIBRARY = load_library()


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.integers(2, 6), st.sampled_from(["random", "greedy"]))
def test_general_limits_hold_after_every_action(seed, players, bot):
    from workbench.games.western_legends.engine import BOTS
    state = State(LIBRARY, players, seed, max_rounds=12)
    rng = random.Random(seed)
    while not state.done:
        state._apply(BOTS[bot](state, rng))
        _invariants(state)
        if state.step == "start":  # hand size is enforced at the end of each turn
            previous = state.players[(state.turn - 1) % players]
            assert len(previous.hand) <= state.rules.limits["hand_size"] - previous.wounds


def test_a_seeded_three_player_game_to_its_end_matches_its_golden_playthrough(library):
    state = play(library, 3, seed=5)
    assert state.done and state.log[-1]["event"] == "final-scoring" and state.final_round is not None
    lines = [json.dumps(event, sort_keys=True) for event in state.log]
    path = GOLDEN / "western-legends-3p-seed-5.jsonl"
    if os.environ.get("WORKBENCH_UPDATE_GOLDEN"):
        path.write_text("\n".join(lines) + "\n")
    assert lines == path.read_text().splitlines()


def test_play_command(capsys):
    assert main(["play", "western-legends", "--players", "3", "--seed", "5", "--format", "json"]) == 0
    events = json.loads(capsys.readouterr().out)["events"]
    assert events == [json.loads(line) for line in (GOLDEN / "western-legends-3p-seed-5.jsonl").read_text().splitlines()]
    assert main(["play", "western-legends", "--players", "9"]) == 2


def test_card_actions_and_one_reputation_card_a_turn(library):
    state = State(library, 2, seed=1)
    state = state.apply(Action("start", 0))
    p = state.current
    p.hand = ["QS", "QS", "KD"]
    p.wanted, p.marshal = 0, 0
    actions = state.legal_actions()
    assert Action("card-action", "QS") in actions
    assert Action("card-action", "KD") not in actions  # Manhunt needs a wanted player
    state = state.apply(Action("card-action", "QS"))   # Living Legend: a marshal point
    assert state.current.marshal == 1
    assert Action("card-action", "QS") not in state.legal_actions()  # one Reputation card a turn


def test_starting_items_come_from_the_character(library):
    rancher = library.data("western-legends", "character", "rancher")
    assert rancher["start"]["items"] == ["mustang"]
    for seed in range(40):
        state = State(library, 4, seed=seed)
        owners = [p for p in state.players if p.character == "rancher"]
        if owners:
            assert owners[0].items == {"mustang": False}
            break
    else:
        pytest.fail("no seed dealt the Rancher")
