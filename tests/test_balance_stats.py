"""The balance lab's statistics on a synthetic game whose answer is known by hand.

Dice duel: every seat rolls one die, the highest total wins, ties share the win. A house rule
``seat_one_bonus`` adds to seat 1's roll. With 3 seats and a bonus of 1, seat 1 wins with the
probability computed below by enumerating the 216 rolls (an independent computation, not the
lab's); a bonus of 0 changes nothing, and the lab must say so at its stated error rate. The house
rule ``mirror`` reads every die upside down (7 - face): the same game in distribution, other games
from the same seeds, so paired tests meet a change that changes nothing while every game differs.

The known-answer part (the fast version of benchmarks/balance_stats.py) feeds the statistics
simulated games whose answer is known: no-op sweeps whose games share events (correlated within a
game, as Western Legends' poker hands are) must keep the stated level, and real changes must be found.
"""
from __future__ import annotations

import gc
import itertools
import random
from fractions import Fraction
from types import SimpleNamespace

import pytest

from workbench.balance import games as balance_games
from workbench.balance.stats import compare
from workbench.balance.sweep import compare as sweep_of, run
from workbench.games.base import Game, State, Trail


class DiceDuelState(State):
    def __init__(self, game, players, seed):
        self.game, self.seats, self.rolls = game, ["red", "blue", "green", "yellow"][:players], []
        self.log, self.history, self.setup = Trail(), Trail(), {"players": players, "seed": seed}

    def clone(self):
        new = object.__new__(DiceDuelState)
        new.__dict__.update(self.__dict__, rolls=list(self.rolls), log=self.log.fork(), history=self.history.fork())
        return new

    def is_terminal(self):
        return len(self.rolls) == len(self.seats)

    def is_chance_node(self):
        return not self.is_terminal()

    def chance_outcomes(self):
        return [(face, Fraction(1, 6)) for face in range(1, 7)]

    def current_player(self):
        return None

    def legal_actions(self):
        return []

    def _apply(self, face):
        seat = self.seats[len(self.rolls)]
        face = 7 - face if self.game.mirror else face
        self.rolls.append(face)
        self.log.append({"event": "roll", "round": 1, "player": seat, "face": face})
        if self.is_terminal():
            self.log.append({"event": "end", "round": 1, "why": "every seat rolled"})

    def returns(self):
        bonus = self.game.bonus
        return {seat: roll + (bonus if i == 0 else 0) for i, (seat, roll) in enumerate(zip(self.seats, self.rolls))}


class DiceDuel(Game):
    id, name = "dice-duel", "Dice duel"
    BOTS = {"none": lambda state, rng: None}

    def __init__(self, bonus, mirror=False):
        self.bonus, self.mirror = bonus, mirror

    @classmethod
    def build(cls, library, *, scenario=None, variants=(), overrides=None, **_):
        overrides = overrides or {}
        return cls(overrides.get("seat_one_bonus", 0), overrides.get("mirror", False))

    def player_range(self):
        return 2, 4

    def new_initial_state(self, players=3, seed=0, **_):
        return DiceDuelState(self, players, seed)


@pytest.fixture(scope="module", autouse=True)
def dice_duel():
    entry = SimpleNamespace(id="dice-duel", name="Dice duel", content_game="dice-duel", load=lambda: DiceDuel)
    balance_games.add_runner(balance_games.RegistryRunner(entry))
    yield
    balance_games._RUNNERS.pop("dice-duel", None)


def exact_seat_one_share(bonus: int, players: int = 3) -> Fraction:
    """Seat 1's expected share of the win (ties split), by enumerating every roll."""
    total = Fraction(0)
    for rolls in itertools.product(range(1, 7), repeat=players):
        scores = [rolls[0] + bonus] + list(rolls[1:])
        best = max(scores)
        if scores[0] == best:
            total += Fraction(1, scores.count(best))
    return total / 6 ** players


def test_the_hand_computation_is_sound():
    assert exact_seat_one_share(0) == Fraction(1, 3)          # symmetric: a fair share
    # two seats by hand: seat 1 rolls X, gets X + 1; it beats Y <= X (21 of 36 rolls) and ties
    # Y = X + 1 (5 rolls, half a win each): 23.5 / 36
    assert exact_seat_one_share(1, players=2) == Fraction(47, 72)


def test_a_rule_that_hands_seat_one_an_extra_point_is_detected():
    sweep = sweep_of("dice-duel", overrides={"seat_one_bonus": 1}, games=600, seed=11, bots=["none"])
    report = run(sweep, None, cluster="in-process", progress=False)
    result = compare(report.table)
    seat_one = result.tests[(result.tests["metric"] == "seat 1 win rate")].iloc[0]
    assert bool(seat_one["significant"])
    exact = float(exact_seat_one_share(1))
    # the estimate agrees with the exact value (5 standard errors of a proportion over 600 games)
    assert abs(seat_one["value"] - exact) < 5 * (exact * (1 - exact) / 600) ** 0.5
    assert abs(seat_one["baseline"] - 1 / 3) < 5 * (1 / 3 * 2 / 3 / 600) ** 0.5
    verdict = result.verdicts["seat_one_bonus=1"]
    assert "seat 1 wins" in verdict and "significant" in verdict


def test_a_change_that_changes_nothing_is_not_detected_at_the_stated_error_rate():
    """40 sweeps of a no-op change (dice read upside down: every paired game differs) at alpha =
    5%: each setting's primary family is Holm-corrected, so about 2 may report a difference. More
    than 6 would happen with probability ~0.8% if the error rate were 5% (binomial)."""
    alpha, sweeps = 0.05, 40
    rng = random.Random(2024)
    reported = []
    gc.freeze()      # statsmodels' corrections run gc.collect() on every call: keep it cheap here
    try:
        for _ in range(sweeps):
            sweep = sweep_of("dice-duel", overrides={"mirror": True}, games=100, seed=rng.randrange(2 ** 31),
                             bots=["none"])
            result = compare(run(sweep, None, cluster="in-process", progress=False), alpha=alpha)
            primary = result.tests[result.tests["primary"]]
            assert len(primary) >= 6          # seats, scores, spread, margin: the games differ
            reported.append(bool(primary["significant"].any()))
    finally:
        gc.unfreeze()
    assert sum(reported) <= 6, f"{sum(reported)} of {sweeps} no-op sweeps reported a difference"


def test_the_no_op_verdict_says_so_in_plain_words():
    sweep = sweep_of("dice-duel", overrides={"mirror": True}, games=300, seed=5, bots=["none"])
    result = compare(run(sweep, None, cluster="in-process", progress=False).table)
    verdict = result.verdicts["mirror=true"]
    assert "no significant difference" in verdict and "300 paired by seed" in verdict
    assert "would go unnoticed" in verdict and "Holm-corrected over" in verdict


def test_a_change_that_changes_no_game_says_it_does_nothing():
    """A bonus of 0 plays every game exactly as the baseline's (the same seeds): nothing to test."""
    sweep = sweep_of("dice-duel", overrides={"seat_one_bonus": 0}, games=50, seed=5, bots=["none"])
    result = compare(run(sweep, None, cluster="in-process", progress=False).table)
    assert len(result.tests) == 0
    assert "came out the same as its baseline game" in result.verdicts["seat_one_bonus=0"]
