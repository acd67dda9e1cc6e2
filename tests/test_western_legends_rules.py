"""Western Legends plays the rules as the text states them: the deviations issue 17's conformance
audit found (each test quotes its sentence; each failed on the engine of commit 2db69dc and passes
now). Helpers from tests/rules_probes_western_legends.py set a player's turn up on the illustrative
map; chance outcomes are chosen with ``settle(state, picks)``."""
from pathlib import Path

import pytest

from workbench.app.validate import validate_paths
from workbench.games.western_legends.engine import Action, WesternLegends

from rules_probes_western_legends import BANK, SALOON, acting, after, me, other, settle

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def library():
    return validate_paths([ROOT / "variants"]).library


@pytest.fixture(scope="module")
def build(library):
    def make(overrides=None, variants=()):
        return WesternLegends.build(library, overrides=overrides, variants=variants)
    return make


def test_the_hand_cards_played_at_poker_are_discarded(build):
    # Play Poker: "6. Using up to 2 cards in their hand, players make the best poker hand they can ...
    # 8. All played poker cards are discarded, including 'the flop'." Red holds 2D and 4S, draws the
    # 5H for the ante; the dealer draws 3C 7D 8H JS; the flop is 5S 9C KD: red's best five cards are
    # 5H 5S KD 9C 4S (a pair of fives, the 4 the best kicker in hand), so 5H and 4S are played and
    # discarded with the flop and the dealer's cards; the 2D stays.
    state = acting(build, at=SALOON)
    me(state).hand = ["2D", "4S"]
    deck = state.game.poker_deck                       # a fresh pile: every card but red's
    state.poker_pile = {c: deck.count(c) - me(state).hand.count(c) for c in state.game.cards}
    state.poker_discard = {}
    state = after(state, Action("poker"), ["5H", "3C", "7D", "8H", "JS", "5S", "9C", "KD"])
    poker = next(e for e in state.log if e["event"] == "poker")
    assert poker["hands"] == {"red": "pair", "dealer": "high-card"} and poker["winner"] == "red"
    assert list(me(state).hand) == ["2D"]
    played = ("5H", "4S", "5S", "9C", "KD", "3C", "7D", "8H", "JS")
    assert {c: state.poker_discard.get(c, 0) for c in played + ("2D",)} == {**dict.fromkeys(played, 1), "2D": 0}


@pytest.mark.parametrize("weapon,won", [(None, False), ("rifle", True)])
def test_the_active_weapon_applies_in_a_bandit_fight(build, weapon, won):
    # Fighting a Bandit: "3. Reveal both cards and then apply effects from characters, items, etc."
    # ... "6. The highest value wins the fight with the active player losing ties." Red plays a 9;
    # the bandit's card is a 10, which the rifle (illustrative: reduce the opponent's card by 2, never
    # below 2) makes an 8.
    state = acting(build)
    red = me(state)
    red.hand, red.weapon = ["9S"], weapon
    state.bandits = [(6, 1)]
    state = after(state, Action("move", (6, 1)), (10, 10))
    fight = next(e for e in state.log if e["event"] == "bandit-fight")
    assert (fight["bandit"], fight["won"]) == ((8 if weapon else 10), won)


@pytest.mark.parametrize("weapon,won", [(None, False), ("rifle", True)])
def test_the_active_weapon_applies_in_a_heist(build, weapon, won):
    # Heist: "3. Reveal both cards. 4. Apply effects from characters, items, etc. ... 6. The highest
    # value wins. The active player loses ties." The guard's best of three fight cards is a 10; red's 9
    # beats it only with the rifle's -2.
    state = acting(build, at=BANK)
    red = me(state)
    red.hand, red.weapon = ["9S"], weapon
    state = after(state, Action("heist"), (10, 4, 5))
    heist = next(e for e in state.log if e["event"] == "heist")
    assert (heist["guard"], heist["won"]) == ((8 if weapon else 10), won)


def test_the_end_is_triggered_when_anyone_crosses_the_line(build):
    # End of Turn Phase: "4. If anyone meets or exceeds the amount of LP set for game end, the end game
    # is triggered. 1. Finish the current round. 2. Play 1 additional final round." Blue, not the
    # active player, holds the game's LP when red ends the turn.
    state = acting(build)
    for _ in range(3):
        state = after(state, Action("work"))
    other(state).lp = state.end_lp
    assert me(state).lp < state.end_lp
    state = settle(state.apply(Action("end-turn")))
    trigger = [e for e in state.log if e["event"] == "end-triggered"]
    assert [(e["player"], e["final_round"]) for e in trigger] == [("blue", state.round + 1)]


def test_the_round_cap_never_cuts_a_triggered_end(library):
    # "If anyone meets or exceeds the amount of LP set for game end, the end game is triggered.
    # 1. Finish the current round. 2. Play 1 additional final round." The checker's case: with 4
    # random bots on the short game, red reaches 15 LP in round 60 of a 60-round cap; the game
    # must still finish round 60 and play round 61, and say the end was triggered.
    from workbench.games.western_legends.engine import play

    state = play(library, 4, seed=122, rounds=60, bots=["random"], length="short")
    events = list(state.log)
    [trigger] = [e for e in events if e["event"] == "end-triggered"]
    rounds = [e["round"] for e in events if e["event"] == "round"]
    assert trigger["round"] == 60 and trigger["final_round"] == 61     # the cap is reached in the trigger round
    assert max(rounds) == 61                                           # the final round is played
    assert "the end was triggered" in state.ended and "not triggered" not in state.ended
