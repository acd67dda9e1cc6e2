"""The reference player of every game: a one-step lookahead on the ruleset's own scoring
(:func:`workbench.games.base.one_step_lookahead`, ``greedy`` / ``osla``). It has no weights of its
own: what the rules score decides its play, so a house rule that changes the scores changes it."""
from __future__ import annotations

import random
from pathlib import Path

from workbench.app.validate import validate_paths
from workbench.games.base import Game, State, one_step_lookahead
from workbench.games.dark_horse.bots import BOTS

ROOT = Path(__file__).resolve().parent.parent


class Pick(State):
    """A one-decision game: the player takes "gold" or "cattle", each worth what the rules say."""

    def __init__(self, game, taken=None):
        self.game, self.taken, self.seats = game, taken, ["me", "you"]

    def legal_actions(self):
        return [] if self.taken else ["gold", "cattle"]

    def current_player(self):
        return None if self.taken else "me"

    def is_terminal(self):
        return self.taken is not None

    def returns(self):
        return {"me": self.game.ruleset[self.taken] if self.taken else 0, "you": 0}

    def clone(self):
        return Pick(self.game, self.taken)

    def apply_in_place(self, action):
        self.taken = action


class PickGame(Game):
    BOTS = {}

    def __init__(self, ruleset):
        self.ruleset = ruleset


def test_the_rules_scores_decide_its_choice():
    assert one_step_lookahead(Pick(PickGame({"gold": 3, "cattle": 1})), random.Random(0)) == "gold"
    # a house rule that makes cattle worth more: the same player now takes cattle
    assert one_step_lookahead(Pick(PickGame({"gold": 3, "cattle": 5})), random.Random(0)) == "cattle"


SPACE = """kind: scenario
game: dark-horse
id: two-prizes
name: Two Prizes
source: {document: house-rule, section: test}
action_spaces: [prize-office]
---
kind: action_space
game: dark-horse
id: prize-office
name: Prize Office
type: unlimited
claim: {requirement: any-die}
source: {document: house-rule, section: test}
options:
  - {text: "2 Reputation", gain: {any-reputation: 2}}
  - {text: "1 Victory Point", gain: {victory-points: 1}}
"""


def _first_collection(game):
    """The first decision between the Prize Office's two options (random players up to it)."""
    state, rng = game.new_initial_state(players=2, seed=3, rounds=2), random.Random(4)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_in_place(state.sample_chance(rng))
            continue
        actions = state.legal_actions()
        if sum(1 for a in actions if a.kind == "collect" and a.space == "prize-office") == 2:
            return state
        state.apply_in_place(BOTS["random"](state, rng))
    raise AssertionError("no collection reached")


def test_a_house_rule_that_changes_the_scores_changes_its_dark_horse_play(tmp_path):
    from workbench.games.dark_horse.engine import DarkHorse

    (tmp_path / "prizes.yaml").write_text(SPACE)
    library = validate_paths([tmp_path], context=[ROOT / "variants"]).library
    # the published rate: 4 Reputation tokens a Victory Point, so 2 tokens are half a point and the
    # Victory Point is worth more; a house rule of 1 token a point makes the 2 tokens 2 points
    for rate, option in ((4, 1), (1, 0)):
        game = DarkHorse.build(library, scenario="two-prizes", overrides={"reputation_per_victory_point": rate})
        chosen = BOTS["greedy"](_first_collection(game), random.Random(0))
        assert (chosen.kind, chosen.space, chosen.option) == ("collect", "prize-office", option), rate
    assert BOTS["greedy"] is BOTS["osla"] is one_step_lookahead
