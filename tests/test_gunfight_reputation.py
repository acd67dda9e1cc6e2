"""Dark Horse: gunfights (exact and simulated) and reputation, from the Rebels & Rogues text."""
import json
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from workbench.cli import main
from workbench.app.validate import load_library
from workbench.games.dark_horse.gunfight import (OUTCOMES, GunfightRules, Side, exact_odds, fighters, matrix,
                                                 outcome_distribution, simulate, simulate_many, start)
from workbench.games.dark_horse.reputation import (Reputation, ReputationError, ReputationRules, buy_reputation,
                                                   can_collect, discard_opposite, gain, hire)

RR = ReputationRules.published()
WWW = GunfightRules.published("wild-wild-west")   # its Engineer tokens give +6 in a gunfight

WIN = Fraction(10, 36)   # one die beats another by 2 or more
DRAW = Fraction(16, 36)  # neither does


def test_one_die_each_by_hand():
    odds = exact_odds(Side(combat=1), Side(combat=1)).outcomes
    assert odds["a_wins"] == WIN + DRAW * WIN == odds["b_wins"]
    assert odds["draw"] == DRAW * DRAW
    assert odds["a_flees"] == odds["b_flees"] == 0


def test_duel_and_wounds_shift_the_roll():
    # +2 duel against a wounded side: A's die + 2 vs B's die - 2, so A wins unless B rolls 3+ more... by hand:
    a, b = Side(combat=1, duel=2), Side(combat=1, wounds=1)
    round_win = Fraction(sum(1 for x in range(1, 7) for y in range(1, 7) if x + 2 - (y - 2) >= 2), 36)
    round_loss = Fraction(sum(1 for x in range(1, 7) for y in range(1, 7) if (y - 2) - (x + 2) >= 2), 36)
    odds = exact_odds(a, b).outcomes
    assert odds["a_wins"] == round_win + (1 - round_win - round_loss) * round_win


def test_weak_kneed_rolls_when_challenged_and_entering_the_second_round():
    odds = exact_odds(Side(combat=1), Side(combat=1, weak_kneed=True)).outcomes
    half = Fraction(1, 2)
    assert odds["b_flees"] == half + half * DRAW * half
    assert odds["a_wins"] == half * (WIN + DRAW * half * WIN)
    challenger = exact_odds(Side(combat=1, weak_kneed=True), Side(combat=1)).outcomes
    assert challenger["a_flees"] == DRAW * half and challenger["b_flees"] == 0  # A is not the challenged side


def test_capture_on_the_second_wound_or_the_third_when_tough():
    odds = exact_odds(Side(combat=1), Side(combat=1, wounds=1))
    assert odds.captured["b"] == odds.outcomes["a_wins"] and odds.captured["a"] == 0
    tough = exact_odds(Side(combat=1), Side(combat=1, wounds=1, tough=True))
    assert tough.captured["b"] == 0
    assert exact_odds(Side(combat=1), Side(combat=1, wounds=2, tough=True)).captured["b"] > 0


def test_engineer_token_turns_every_lost_round():
    # Wild Wild West: +6 after the roll, once. With one die each A never loses the first round:
    # only a 1 against a 6 (d = -5) ends +6 as a mere draw, and B can then win the second round.
    odds = exact_odds(Side(combat=1, engineer_token=True), Side(combat=1), WWW).outcomes
    assert odds["b_wins"] == Fraction(1, 36) * WIN
    # outside Wild Wild West an Engineer token does nothing in a gunfight
    assert exact_odds(Side(combat=1, engineer_token=True), Side(combat=1)).outcomes["b_wins"] == WIN + DRAW * WIN


def test_deadly_helps():
    plain = exact_odds(Side(combat=2), Side(combat=2)).outcomes["a_wins"]
    assert exact_odds(Side(combat=2, deadly=True), Side(combat=2)).outcomes["a_wins"] > plain
    both = exact_odds(Side(combat=2, deadly=True), Side(combat=2, deadly=True)).outcomes
    assert both["a_wins"] != both["b_wins"]  # A decides first: the order matters


sides = st.builds(Side, combat=st.integers(0, 3), duel=st.integers(0, 3), tough=st.booleans(), deadly=st.booleans(),
                  weak_kneed=st.booleans(), wounds=st.integers(0, 2), engineer_token=st.booleans())


@settings(max_examples=150, deadline=None)
@given(sides, sides)
def test_outcomes_are_a_distribution(a, b):
    odds = exact_odds(a, b, WWW)
    assert sum(odds.outcomes.values()) == 1 and all(0 <= p <= 1 for p in odds.outcomes.values())
    assert odds.captured["a"] <= odds.outcomes["b_wins"] and odds.captured["b"] <= odds.outcomes["a_wins"]


@settings(max_examples=120, deadline=None)
@given(sides, sides, st.sampled_from(["challenger", "challenged"]),
       st.sampled_from(["lowest-when-not-winning", "lowest-always", "never"]), st.integers(1, 3))
def test_the_exact_walk_folds_rerolls_without_changing_the_odds(a, b, first, rerolls, rounds):
    # the exact odds walk each round's rolls as one node; walking every chance node as the game
    # plays it (each re-roll die on its own) must give the very same fractions
    rules = GunfightRules(**{**vars(WWW), "deadly_decides_first": first, "deadly_rerolls": rerolls, "rounds": rounds})
    assert outcome_distribution(start(a, b, rules)) == outcome_distribution(start(a, b, rules), fold=False)


def test_thirty_dice_a_side_are_computed_exactly():
    # 6**60 rolls cannot be enumerated; the chance nodes are convolved instead
    odds = exact_odds(Side(combat=30, deadly=True), Side(combat=30, duel=1, deadly=True, weak_kneed=True)).outcomes
    assert sum(odds.values()) == 1 and odds["a_wins"] > 0 and odds["b_flees"] >= Fraction(1, 2)


@pytest.mark.parametrize("a,b", [
    (Side(combat=2, duel=1, deadly=True, weak_kneed=True), Side(combat=3, tough=True, weak_kneed=True, wounds=1)),
    (Side(combat=1, deadly=True, engineer_token=True), Side(combat=2, duel=2, deadly=True, engineer_token=True)),
])
def test_seeded_simulation_agrees_with_the_exact_odds(a, b):
    fights = 20000
    simulated = simulate_many(a, b, fights, seed=12, rules=WWW)
    exact = exact_odds(a, b, WWW).outcomes
    for key in OUTCOMES:
        p = float(exact[key])
        sigma = (p * (1 - p) / fights) ** 0.5
        assert abs(simulated[key] - p) <= 5 * sigma + 1e-9, key


def test_a_fight_replays_exactly_from_its_seed_and_logs_every_die():
    a, b = Side(combat=2, deadly=True), Side(combat=2, weak_kneed=True)
    first, second = simulate(a, b, random.Random(99)), simulate(a, b, random.Random(99))
    assert first.outcome == second.outcome and first.log == second.log
    assert all(e["value"] in range(1, 7) for e in first.log if e["event"] == "die")


def test_fighters_come_from_the_library():
    library = load_library()
    names = {s.name for s in fighters(library)}
    assert {"marshal-token", "wanted-token", "outlaw-town"} <= names
    assert {s.name for s in fighters(library, "high-noon")} == {"marshal-token"}
    www = {s.name for s in fighters(library, "wild-wild-west")}
    assert www == {"wanted-token", "outlaw-town"}
    table = matrix(fighters(library, "wild-wild-west"))
    assert table["outlaw-town"]["wanted-token"] > table["wanted-token"]["outlaw-town"]


def test_gunfight_command_json(capsys):
    assert main(["gunfight", "--a", "marshal-token", "--b", "combat=2,duel=1,weak-kneed", "--format", "json",
                 "--simulate", "2000", "--seed", "1"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["exact"] is True and set(report["outcomes"]) == set(OUTCOMES) and set(report["captured"]) == {"a", "b"}
    assert sum(Fraction(v) for v in report["fractions"]["outcomes"].values()) == 1
    assert report["simulation"]["fights"] == 2000
    assert main(["gunfight", "--matrix", "--scenario", "wild-wild-west", "--format", "json"]) == 0
    assert set(json.loads(capsys.readouterr().out)["a_wins"]) == {"wanted-token", "outlaw-town"}


@pytest.mark.parametrize("args", [["--a", "annie-and-britches", "--b", "wanted-token"], ["--a", "combat=x", "--b", "combat=1"],
                                  ["--a", "combat=1"], ["--matrix", "--scenario", "nope"]])
def test_gunfight_usage_errors(args):
    assert main(["gunfight", *args]) == 2


# -- reputation -----------------------------------------------------------------------------

def test_rulebook_example_three_white_then_two_black_leaves_one_white():
    rep = gain(Reputation(white=3), "black", 2)
    assert (rep.white, rep.black, rep.status) == (1, 0, "white")


def test_status_flips_hired_characters_but_never_neutral_ones():
    rep = hire(hire(hire(Reputation(white=1), "lawman", "white"), "outlaw", "black"), "drifter", "neutral")
    assert rep.active() == {"lawman": True, "outlaw": False, "drifter": True}
    rep = gain(rep, "black", 3)
    assert rep.status == "black" and rep.active() == {"lawman": False, "outlaw": True, "drifter": True}


def test_scoring_and_buying_reputation():
    assert Reputation(white=7).victory_points(RR) == 1 and Reputation(black=8).victory_points(RR) == 2
    rep = buy_reputation(Reputation(influence=2, white=1), "white", RR)
    assert (rep.white, rep.influence) == (5, 1)
    with pytest.raises(ReputationError):
        buy_reputation(Reputation(), "white", RR)


def test_discarding_an_opposite_character():
    rep = discard_opposite(Reputation(white=2), "black", RR)
    assert (rep.white, rep.silver, rep.wanted_tokens) == (3, 1, 1)
    rep = discard_opposite(Reputation(black=1), "white", RR)
    assert (rep.black, rep.silver, rep.wanted_tokens) == (2, 1, 0)
    for hat in ("neutral", "white"):
        with pytest.raises(ReputationError):
            discard_opposite(Reputation(white=1), hat, RR)


def test_preacher_and_charlatan_restrictions():
    with pytest.raises(ReputationError):
        gain(Reputation(may_not_collect="black"), "black", 1)
    # FAQ 2's example: 2 or 3 Black Hats, then the Marshal's 2 White Hats, leave no White Hat
    assert can_collect(Reputation(black=2, may_not_own="white"), "white", 2)
    assert can_collect(Reputation(black=3, may_not_own="white"), "white", 2)
    assert not can_collect(Reputation(black=1, may_not_own="white"), "white", 2)


def test_wild_wild_west_keeps_both_types():
    rep = gain(gain(Reputation(both_types=True), "white", 3), "black", 2)
    assert (rep.white, rep.black, rep.victory_points(RR)) == (3, 2, 1)
