"""The balance lab's report (issue 41, "a verdict that holds"): verdicts checked against a second
kind of player, the sweep's cost known before it is paid, and the Ludii-style game measures.

Every expected value is worked out by hand (or by an independent formula) from the inputs the
test builds, never copied from what the lab printed."""
from __future__ import annotations

import json

import pandas as pd
import pytest

from workbench.cli import main

pytest.importorskip("statsmodels")


def game_measures(*args):
    from workbench.balance.metrics import game_measures
    return game_measures(*args)


def planned_detectable(*args):
    from workbench.balance.stats import planned_detectable
    return planned_detectable(*args)


def players_check(*args):
    from workbench.balance.stats import players_check
    return players_check(*args)


def seats_check(*args):
    from workbench.balance.stats import seats_check
    return seats_check(*args)


# -- the game measures, on a hand-made game ---------------------------------------------------

def test_game_measures_of_a_hand_made_three_player_game():
    # standings before each of 3 decisions, then at the end:
    #   all level (leaders a, b, c) -> a ahead -> b ahead (4 over c's 3) -> b further ahead (end)
    # the lead changes twice (abc -> a -> b); b wins; the others' best all game is c's 3,
    # which b first passes before the third decision: 2 of 3 decisions played, 2/3
    standings = [{"a": 0, "b": 0, "c": 0}, {"a": 2, "b": 0, "c": 0}, {"a": 2, "b": 4, "c": 3},
                 {"a": 2, "b": 5, "c": 3}]
    measures = game_measures([4, 2, 6], standings, ["b"])
    assert measures["decisions"] == 3
    assert measures["branching"] == pytest.approx((4 + 2 + 6) / 3)
    assert measures["lead_changes"] == 2
    assert measures["decided_at"] == pytest.approx(2 / 3)


def test_a_game_won_only_at_its_last_standing_or_tied_is_decided_at_its_end():
    # b passes a's best (3) only at the end: every decision was played before it was decided
    late = game_measures([2, 2], [{"a": 3, "b": 0}, {"a": 3, "b": 2}, {"a": 3, "b": 4}], ["b"])
    assert late["decided_at"] == 1.0 and late["lead_changes"] == 1
    # a tie for the win: nobody is ever out of reach
    tied = game_measures([5], [{"a": 0, "b": 0}, {"a": 1, "b": 1}], ["a", "b"])
    assert tied["decided_at"] == 1.0 and tied["lead_changes"] == 0


# -- verdicts checked against the players ------------------------------------------------------

def _comparison(*rows):
    """A comparison whose tests are ``rows`` (setting, family, metric, effect, corrected p)."""
    from workbench.balance.stats import Comparison

    tests = pd.DataFrame([{"setting": s, "family": f, "metric": m, "effect": e, "p_adjusted": p,
                           "significant": p < 0.05, "primary": f in ("seats", "scores", "length", "end")}
                          for s, f, m, e, p in rows])
    return Comparison(tests, {}, 0.05, "holm")


def test_a_difference_found_with_both_kinds_of_player_holds_with_both_figures():
    mcts = _comparison(("house", "seats", "seat 1 win rate", 0.12, 0.0004), ("house", "length", "rounds", 0.1, 0.6))
    greedy = _comparison(("house", "seats", "seat 1 win rate", 0.09, 0.03), ("house", "length", "rounds", -0.2, 0.7),
                         ("house", "usage", "pass", 2.0, 0.001))     # secondary: not a verdict's
    check = players_check("house", mcts, greedy, "mcts-20", "greedy")
    assert check.holds
    assert check.words == ("house vs baseline: holds with mcts-20 and greedy: seat 1 win rate +12.0 points with"
                           " mcts-20 (p<0.001), +9.0 points with greedy (p=0.03)")


def test_a_difference_that_vanishes_or_appears_with_other_players_depends_on_them():
    mcts = _comparison(("house", "seats", "seat 1 win rate", 0.12, 0.0004))
    greedy = _comparison(("house", "seats", "seat 1 win rate", -0.02, 0.8))
    check = players_check("house", mcts, greedy, "mcts-20", "greedy")
    assert not check.holds
    assert check.words == ("house vs baseline: depends on the players: seat 1 win rate +12.0 points with mcts-20"
                           " (p<0.001), -2.0 points with greedy (p=0.8, not significant)")
    # found only with the second kind of player: it depends on them too
    appears = players_check("house", greedy, mcts, "greedy", "mcts-20")
    assert not appears.holds and appears.words.startswith("house vs baseline: depends on the players: ")
    # found with neither: holds
    neither = players_check("house", greedy, greedy, "greedy", "random")
    assert neither.holds and "holds with greedy and random" in neither.words


def test_pork_barrels_first_seat_depends_on_the_players():
    """The issue's background: 2-player Pork Barrel, the first seat wins 92.5% [81.6, 97.2] with
    mcts-20 (favoured: the interval is above a fair 50%) and 55.5% [48.6, 62.2] with greedy
    (fair: 50% is inside it)."""
    def seats(rows):
        return pd.DataFrame([{"setting": "baseline", "seat": seat, "win_rate": w, "low": lo, "high": hi,
                              "verdict": v} for seat, w, lo, hi, v in rows])
    mcts = seats([(1, 0.925, 0.816, 0.972, "favoured"), (2, 0.075, 0.028, 0.184, "disfavoured")])
    greedy = seats([(1, 0.555, 0.486, 0.622, "fair"), (2, 0.445, 0.378, 0.514, "fair")])
    check = seats_check(mcts, greedy, "mcts-20", "greedy")
    assert not check.holds
    assert check.words == ("baseline's seats: depends on the players: seat 1 favoured with mcts-20 (92.5% [81.6%,"
                           " 97.2%]), fair with greedy (55.5% [48.6%, 62.2%]); seat 2 disfavoured with mcts-20 (7.5%"
                           " [2.8%, 18.4%]), fair with greedy (44.5% [37.8%, 51.4%])")
    assert seats_check(greedy, greedy, "greedy", "random").words.startswith(
        "baseline's seats: holds with greedy and random: ")


# -- the cost known before it is paid ----------------------------------------------------------

def test_the_smallest_detectable_change_agrees_with_the_normal_power_formula():
    """Two players: 2 seats x (win rate, score) + 4 length and score measures + how games end = 9
    primary comparisons, so Bonferroni's level is 0.05 / 9. By hand (normal approximation of the
    t-test's power at 1,000 games): (z(1 - 0.05 / 18) + z(0.8)) * sqrt(2 * 0.5 * 0.5 / 1000)."""
    from scipy.stats import norm

    by_hand = (norm.ppf(1 - 0.05 / 18) + norm.ppf(0.8)) * (2 * 0.25 / 1000) ** 0.5
    assert by_hand == pytest.approx(0.0808, abs=5e-4)
    assert planned_detectable(1000, 2) == pytest.approx(by_hand, rel=0.01)
    # three players: 11 comparisons, a fair share of 1/3
    three = (norm.ppf(1 - 0.05 / 22) + norm.ppf(0.8)) * (2 * (1 / 3) * (2 / 3) / 1000) ** 0.5
    assert planned_detectable(1000, 3) == pytest.approx(three, rel=0.01)


@pytest.fixture
def in_process(monkeypatch, tmp_path):
    from workbench.balance import sweep as lab_sweep

    played_here = lab_sweep.run
    monkeypatch.setattr(lab_sweep, "run", lambda *a, **k: played_here(*a, **{**k, "cluster": "in-process"}))
    monkeypatch.chdir(tmp_path)
    return lab_sweep


def test_the_pilots_estimate_is_in_the_json_report(in_process, capsys):
    code = main(["balance", "dark-horse", "--scenario", "high-noon", "--set", "dice_rolled=3", "--games", "3",
                 "--no-store", "--progress", "no", "--bots", "random", "--no-check-bots", "--format", "json"])
    out = capsys.readouterr().out
    assert code == 0, out
    data = json.loads(out)
    estimate = data["estimate"]
    # 2 settings x 3 games, none stored; one timed game a setting; played in this one process
    assert estimate["games"] == 6 and estimate["reused"] == 0 and estimate["pilot_games_a_setting"] == 1
    assert set(estimate["seconds_a_game"]) == {"baseline", "dice_rolled=3"}
    assert estimate["core_seconds"] == pytest.approx(3 * sum(estimate["seconds_a_game"].values()))
    assert estimate["workers"] == 1 and estimate["seconds"] == pytest.approx(estimate["core_seconds"])
    assert data["detectable_change"]["planned"] == pytest.approx(planned_detectable(3, 3))
    assert data["check"] is None
    # every game measured as it was played
    measures = data["summary"]["baseline"]["measures"]
    assert measures["measured"] == 3 and measures["decisions"] > 0 and measures["branching"] >= 1


def test_without_a_game_count_the_pilot_chooses_it_and_says_so(in_process, capsys, monkeypatch):
    chosen = []

    def within(budget, seconds, check_seconds=0.0):
        chosen.append((budget, seconds, check_seconds))
        return 2
    monkeypatch.setattr(in_process, "games_within", within)
    code = main(["balance", "dark-horse", "--scenario", "high-noon", "--set", "dice_rolled=3", "--no-store",
                 "--progress", "no", "--bots", "random", "--check-bots", "fixed-weights", "--format", "json"])
    out = capsys.readouterr().out
    assert code == 0, out
    data = json.loads(out)
    # about 5 minutes on 2 cores; the pilot times 3 games of each setting, the check's too
    assert [c[0] for c in chosen] == [600]
    assert len(data["estimate"]["seconds_a_game"]) == 4 and data["estimate"]["pilot_games_a_setting"] == 3
    assert data["estimate"]["games_a_setting"] == 2 == data["sweep"]["games"]
    assert data["estimate"]["chosen_within_seconds"] == 600
    assert data["check"]["check_bots"] == "fixed-weights" and data["check"]["bots"] == "random"
    assert set(data["check"]["verdicts"]) == {"dice_rolled=3"}
