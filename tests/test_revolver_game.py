"""The whole game of Revolver (workbench/games/revolver/engine.py): the sources' rules played inside
whole games, each expected value worked out by hand from the texts (public-facts.md 2.3-2.6, the
Revolver 1.2 text), never copied from what the engine printed."""
import copy
import shutil
from pathlib import Path

import pytest

from workbench.app.validate import validate_paths
from workbench.audit import audit, for_game
from workbench.core.errors import ContentError
from workbench.games.base import play
from workbench.games.conformance import audited_games
from workbench.games.revolver.engine import Action, Revolver, describe
from workbench.games.revolver.rules import RevolverPrison

from clitools import designer_folder, run

ROOT = Path(__file__).resolve().parent.parent
REVOLVER = ROOT / "variants" / "revolver"

DESIGNER = """\
kind: card
game: revolver
id: t-gun
name: Test gun
deck: colti
type: firepower
firepower: 2
source: {document: house-rule}
---
kind: card
game: revolver
id: t-deputy
name: Test deputy
deck: mcready
type: character
firepower: 3
source: {document: house-rule}
---
kind: card
game: revolver
id: t-rifle
name: Test rifle
deck: mcready
type: firepower
firepower: 2
source: {document: house-rule}
---
kind: card
game: revolver
id: t-shoot
name: Test shoot without warning
deck: colti
type: action
effects: [{effect: kill-star, count: 1}]
source: {document: house-rule}
---
kind: card
game: revolver
id: t-dynamite
name: Test dynamite
deck: colti
type: action
effects: [{effect: kill-points, points: 3}]
source: {document: house-rule}
---
kind: card
game: revolver
id: t-cancel
name: Test cancel
deck: mcready
type: action
effects: [{effect: cancel-card}]
source: {document: house-rule}
---
kind: card
game: revolver
id: t-undertaker
name: Test undertaker (as Brad Runyan - Undertaker)
deck: mcready
type: action
effects: [{effect: under-star, draws: 3, except: [maddened-bison]}]
source: {document: house-rule}
---
kind: deck
game: revolver
id: t-colti-guns
name: Guns only
faction: colti
source: {document: house-rule}
cards: [{card: t-gun, count: 62}]
---
kind: deck
game: revolver
id: t-colti-mixed
name: Guns and kill cards
faction: colti
source: {document: house-rule}
cards: [{card: t-gun, count: 56}, {card: t-shoot, count: 3}, {card: t-dynamite, count: 3}]
---
kind: deck
game: revolver
id: t-mcready-deputies
name: Deputies only
faction: mcready
source: {document: house-rule}
cards: [{card: t-deputy, count: 61}, {card: t-cancel, count: 1}]
---
kind: deck
game: revolver
id: t-mcready-rifles
name: Rifles only
faction: mcready
source: {document: house-rule}
cards: [{card: t-rifle, count: 62}]
---
kind: deck
game: revolver
id: t-mcready-scope
name: Charlie and the Marshals
faction: mcready
source: {document: house-rule}
cards: [{card: charlie-withers-first-deputy, count: 1}, {card: pinkerton-marshal, count: 4}, {card: t-deputy, count: 56},
        {card: t-undertaker, count: 1}]
"""


@pytest.fixture(scope="module")
def library(tmp_path_factory):
    folder = tmp_path_factory.mktemp("designer")
    (folder / "designer.yaml").write_text(DESIGNER)
    result = validate_paths([ROOT / "variants", folder])
    assert result.ok, [p.format_text() for p in result.errors][:3]
    return result.library


def game(library, colti="t-colti-guns", mcready="t-mcready-deputies", variants=(), **overrides):
    return Revolver.build(library, variants=list(variants),
                          overrides={"colti_base_deck": colti, "mcready_base_deck": mcready, **overrides})


def drive(state, script=(), draws=None):
    """Apply ``script`` (actions, in order) at the decisions; chance nodes draw from ``draws``
    (side -> cards, in order) or the first outcome. Stops at the first decision the script does
    not cover (or the end)."""
    draws = {side: list(cards) for side, cards in (draws or {}).items()}
    script = list(script)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = [o for o, _ in state.chance_outcomes()]
            side = state.prison.pending[0][1] if state.prison is not None else state.pending[0][1]
            wanted = draws.get(side) or []
            pick = wanted.pop(0) if wanted and wanted[0] in outcomes else outcomes[0]
            state = state.apply(pick)
        elif script:
            state = state.apply(script.pop(0))
        else:
            break
    return state


def events(state, kind):
    return [e for e in state.log if e["event"] == kind]


def play_n(card, n):
    return [Action("play", card)] * n + [Action("end")]


END = Action("end")
# a game turn in which Colti plays three guns (2 each) and McReady `n` deputies (3 each)
def turn(colti_guns, deputies):
    return play_n("t-gun", colti_guns) + play_n("t-deputy", deputies) + [END, END]


# -- the attack: firepower against firepower plus defence (public-facts.md 2.4) ----------------------

def test_a_tie_kills_nobody_and_a_border_token_leaves(library):
    # Colti 3 x 2 = 6 at the Bank (illustrative defence 0) against McReady 2 x 3 = 6: only a greater
    # McReady total kills; no kill this turn, so one of the 12 tokens leaves (11)
    state = drive(game(library).new_initial_state(), turn(3, 2))
    attack = events(state, "attack")[0]
    assert (attack["mcready"], attack["colti"], attack["kills"]) == (6, 6, 0)
    assert state.border == 11 and len(state.gang) == 16 and state.turn == 2


def test_a_greater_total_kills_one_bandit_chosen_by_colti_and_no_token_leaves(library):
    state = drive(game(library).new_initial_state(), turn(3, 3))       # 9 against 6
    assert state.current_player() == "colti"
    choices = state.legal_actions()
    assert {a.kind for a in choices} == {"kill"} and len(choices) == 16
    state = drive(state, [Action("kill", "cortez")])
    assert "cortez" in state.dead and len(state.gang) == 15 and state.border == 12


def test_the_battlefields_defence_is_added_to_coltis_side(library):
    values = {"bank-at-repentance-springs": {"turns": 5, "defence": 1}, "whiskey-canyon": {"turns": 4, "defence": 0},
              "buzzard-point": {"turns": 5, "defence": 1}, "rattlesnake-creek": {"turns": 4}, "express-3-15": {"turns": 5}}
    state = drive(game(library, battlefield_values=values).new_initial_state(), turn(3, 2))
    attack = events(state, "attack")[0]
    assert (attack["mcready"], attack["colti"], attack["kills"]) == (6, 7, 0)    # 6 + defence 1


def test_equal_kills_when_the_designer_says_so(library):
    state = drive(game(library, mcready_must_exceed=False).new_initial_state(), turn(3, 2))
    assert events(state, "attack")[0]["kills"] == 1 and state.current_player() == "colti"


def test_coltis_card_limit_is_three_and_mcready_has_none(library):
    state = drive(game(library).new_initial_state(), play_n("t-gun", 3)[:-1])
    assert [a.kind for a in state.legal_actions()] == ["end"]        # 4 guns left in hand, none playable
    assert state.hands["colti"].count("t-gun") == 4
    state = drive(state, [END] + [Action("play", "t-deputy")] * 6)
    assert len(state.field["mcready"]) == 6 and any(a.kind == "play" for a in state.legal_actions())


def test_the_reviews_border_wording_as_an_option(library):
    # colti-greater-no-kill: a tie (no kill, Colti not greater) keeps every token
    state = drive(game(library, border_rule="colti-greater-no-kill").new_initial_state(), turn(3, 2))
    assert state.border == 12 and events(state, "border-kept")


# -- victory (public-facts.md 2.5; Revolver 1.2 New Icons) ------------------------------------------

def test_the_border_emptied_wins_for_colti(library):
    state = drive(game(library, border_tokens_at_start=1).new_initial_state(), turn(3, 2))
    assert state.winner == "colti" and "Mexican Border" in state.ended and state.border == 0


def test_the_whole_gang_dead_wins_for_mcready(library):
    state = drive(game(library, gang=["jack-colti"]).new_initial_state(), turn(3, 3) + [Action("kill", "jack-colti")])
    assert state.winner == "mcready" and state.ended == "every member of the gang is dead"


def test_jack_colti_surviving_the_express_turn_space_4_wins(library):
    # only the Express (defence 1 from the sources, 5 illustrative turn spaces): the first turn is
    # played on space 1, so space 4 is game turn 4; McReady plays nothing, nobody dies
    g = game(library, battlefield_order=["express-3-15"], border_tokens_at_start=50)
    state = drive(g.new_initial_state(), [END, END, END, END] * 4)
    assert state.winner == "colti" and state.turn == 4 and state.space == 4
    assert state.ended == "Jack Colti survived the Express's turn space 4"


def test_the_review_reading_any_bandit_reaching_the_train(library):
    values = {"bank-at-repentance-springs": {"turns": 1, "defence": 0}, "express-3-15": {"turns": 5}}
    g = game(library, battlefield_order=["bank-at-repentance-springs", "express-3-15"], battlefield_values=values,
             train_winner="any-bandit")
    state = drive(g.new_initial_state(), [END] * 4)
    assert state.winner == "colti" and state.turn == 2 and state.battlefield["id"] == "express-3-15"


def test_the_summary_reading_killing_cortez_wins_for_mcready(library):
    state = drive(game(library, mcready_wins_killing=["jack-colti", "cortez"]).new_initial_state(),
                  turn(3, 3) + [Action("kill", "cortez")])
    assert state.winner == "mcready" and "Cortez was killed" in state.ended
    published = drive(game(library).new_initial_state(), turn(3, 3) + [Action("kill", "cortez")])
    assert published.winner is None and not published.is_terminal()


# -- the value of a game not over: each side's share of the way to its nearest victory condition ----
# (public-facts.md 2.5: the whole gang dead; all 12 border tokens gone; Jack Colty reaching the
# Express and surviving its turn space 4. The Revolver 1.2 text: a fifth bullet wound wins for McReady.)
# The route to the Express on the illustrative values: Bank 5, Whiskey Canyon 4, Buzzard Point 5,
# Rattlesnake Creek 4 turn spaces, then the Express's space 4: 5 + 4 + 5 + 4 + 4 = 22 spaces.

def test_returns_before_the_end_count_the_victory_conditions_progress(library):
    # turn 1: McReady 9 against 6 kills Cortez (1 of the 16 bandits), so no border token leaves;
    # turn 2 begins: the marker on the Bank's space 2, the 2nd of the 22 spaces
    state = drive(game(library).new_initial_state(), turn(3, 3) + [Action("kill", "cortez")])
    assert state.turn == 2 and state.space == 2 and not state.is_terminal()
    assert state.returns() == {"colti": 2 / 22, "mcready": 1 / 16}
    # three bullet wounds of the five: McReady's nearest condition is the wounds, 3/5
    wounded = state.clone()
    wounded.wounds = 3
    assert wounded.returns() == {"colti": 2 / 22, "mcready": 3 / 5}


def test_a_turn_without_a_kill_counts_toward_the_border(library):
    # two tokens at the start; a tie (6 against 6) kills nobody, so one leaves: half of the border
    # is gone, more than the 2 of 22 spaces to the Express
    state = drive(game(library, border_tokens_at_start=2).new_initial_state(), turn(3, 2))
    assert state.border == 1 and state.returns() == {"colti": 1 / 2, "mcready": 0.0}


def test_with_jack_colti_dead_only_the_border_counts_for_colti(library):
    # Jack Colty must survive the Express: once he is dead, the marker's progress counts for nothing
    state = drive(game(library).new_initial_state(), turn(3, 3) + [Action("kill", "jack-colti")])
    assert state.returns() == {"colti": 0.0, "mcready": 1 / 16}
    # the review's reading (any bandit reaching the train wins): the Express's space 1, the 19th
    # space, with any bandit alive
    any_bandit = drive(game(library, train_winner="any-bandit").new_initial_state(),
                       turn(3, 3) + [Action("kill", "jack-colti")])
    assert any_bandit.returns() == {"colti": 2 / 19, "mcready": 1 / 16}


def test_returns_at_the_end_are_the_result(library):
    won = drive(game(library, border_tokens_at_start=1).new_initial_state(), turn(3, 2))
    assert won.winner == "colti" and won.returns() == {"colti": 1.0, "mcready": -1.0}
    lost = drive(game(library, gang=["jack-colti"]).new_initial_state(), turn(3, 3) + [Action("kill", "jack-colti")])
    assert lost.winner == "mcready" and lost.returns() == {"colti": -1.0, "mcready": 1.0}
    capped = drive(game(library).new_initial_state(rounds=1), turn(3, 2))
    assert capped.is_terminal() and capped.winner is None and capped.returns() == {"colti": 0.0, "mcready": 0.0}


# -- the scope examples inside a game (Revolver 1.2, New Icons) ---------------------------------------

def scope_position(library):
    """Charlie Withers' First Deputy (3) and a Pinkerton Marshal (1, scope) at McReady's side;
    Colti holds a kill-star and a kill-points card."""
    g = game(library, colti="t-colti-mixed", mcready="t-mcready-scope")
    draws = {"colti": ["t-shoot", "t-dynamite"], "mcready": ["charlie-withers-first-deputy", "pinkerton-marshal"]}
    script = [END, Action("play", "charlie-withers-first-deputy"), Action("play", "pinkerton-marshal"), END, END, END,
              Action("kill", "bullet")]
    state = drive(g.new_initial_state(), script, draws)
    assert [c for c, _ in state.field["mcready"]] == ["charlie-withers-first-deputy", "pinkerton-marshal"]
    return state


def test_example_1_the_scope_card_is_killed_first(library):
    state = drive(scope_position(library), [Action("play", "t-shoot")])
    assert state.legal_actions() == [Action("target", "pinkerton-marshal")]     # not Charlie
    state = drive(state, [Action("target", "pinkerton-marshal")])
    assert [c for c, _ in state.field["mcready"]] == ["charlie-withers-first-deputy"]


def test_example_2_the_dynamites_two_points_left_are_lost(library):
    state = drive(scope_position(library), [Action("play", "t-dynamite")])
    assert state.legal_actions() == [Action("target", "pinkerton-marshal")]
    state = drive(state, [Action("target", "pinkerton-marshal"), Action("target", "charlie-withers-first-deputy")])
    lost = events(state, "points-lost")[-1]
    assert lost["points"] == 2 and lost["firepower"] == 3      # 3 - 1 for the Marshal; Charlie costs 3
    assert [c for c, _ in state.field["mcready"]] == ["charlie-withers-first-deputy"]


def test_brad_runyan_under_a_killed_card_draws_3_and_goes_to_the_discard_pile(library):
    # Card List: "If this [star icon] is killed, remove [star icon] from the game and draw 3 cards";
    # FAQ Q3: the card above is returned to the box, Brad Runyan goes to the discard pile
    g = game(library, colti="t-colti-mixed", mcready="t-mcready-scope")
    draws = {"colti": ["t-shoot", "t-shoot"], "mcready": ["charlie-withers-first-deputy", "pinkerton-marshal",
                                                          "t-undertaker"]}
    script = [END, Action("play", "charlie-withers-first-deputy"), Action("play", "pinkerton-marshal"),
              Action("play", "t-undertaker")]
    state = drive(g.new_initial_state(), script, draws)
    assert state.legal_actions() == [Action("under", "charlie-withers-first-deputy"), Action("under", "pinkerton-marshal")]
    state = drive(state, [Action("under", "charlie-withers-first-deputy"), END, END, END, Action("kill", "bullet")])
    hand = len(state.hands["mcready"])
    state = drive(state, [Action("play", "t-shoot"), Action("target", "pinkerton-marshal"), Action("play", "t-shoot"),
                          Action("target", "charlie-withers-first-deputy")])
    killed = events(state, "card-killed")[-1]
    assert killed["card"] == "charlie-withers-first-deputy" and killed["removed_from_game"]
    assert len(state.hands["mcready"]) == hand + 3
    assert "t-undertaker" in state.discard["mcready"] and "charlie-withers-first-deputy" not in state.discard["mcready"]


# -- the Prison inside the game (Module 1) ------------------------------------------------------------

PRISON_ROUTE = {"battlefield_order": ["buzzard-point", "rattlesnake-creek", "express-3-15"],
                "battlefield_values": {"buzzard-point": {"turns": 1, "defence": 1}, "rattlesnake-creek": {"turns": 4},
                                       "express-3-15": {"turns": 5}}}


def at_the_prison(library, mcready="t-mcready-deputies", **overrides):
    g = game(library, mcready=mcready, variants=["hunt-the-man-down-module-1"], **PRISON_ROUTE, **overrides)
    state = g.new_initial_state()
    while state.pending[0][0] == "draw":                        # the starting hands
        state = state.apply(state.chance_outcomes()[0][0])
    assert state.is_chance_node() and dict(state.chance_outcomes()).keys() == {"kept", "returned"}
    assert dict(state.chance_outcomes())["returned"] == pytest.approx(1 / 7)        # one of 7 returned unseen
    state = drive(state.apply("returned"), turn(3, 0))           # 6 + 1 against 0: no kill
    assert state.legal_actions() == [Action("enter"), Action("skip")] and state.current_player() == "colti"
    return drive(state, [Action("enter")])


def test_entering_the_prison_wounds_jack_and_a_greater_colti_frees_santiago(library):
    state = at_the_prison(library)
    assert state.prison.wounds == 1 and state.snapshot()["prison"]["wounds"] == 1     # Prison Phase step 1
    # deputies are character cards: McReady has nothing to place (only firepower cards go there)
    state = drive(state, [Action("place", "t-gun"), Action("pass"), Action("pass")])
    result = events(state, "prison-result")[0]
    assert result["outcome"] == "santiago-joins" and result["totals"] == [2, 0] and state.wounds == 1
    assert "santiago" in state.gang and len(state.gang) == 17
    state = drive(state, [])
    assert state.battlefield["id"] == "rattlesnake-creek" and state.space == 1 and not state.at_prison
    # Buzzard Point was left once, on entering the Prison (the log said it twice)
    assert [e["battlefield"] for e in events(state, "leave")] == ["buzzard-point"]


def test_a_tie_at_the_prison_kills_one_and_a_greater_mcready_two(library):
    state = drive(at_the_prison(library, "t-mcready-rifles"), [Action("place", "t-gun"), Action("place", "t-rifle"),
                                                                Action("pass"), Action("pass")])
    assert events(state, "prison-result") == [] and state.current_player() == "colti"      # Colti chooses
    assert "santiago" not in {a.card for a in state.legal_actions()}                         # FAQ Q9
    state = drive(state, [Action("kill", "bullet")])
    assert events(state, "prison-result")[0]["outcome"] == "kill-1" and len(state.gang) == 15
    state = drive(at_the_prison(library, "t-mcready-rifles"), [Action("pass"), Action("place", "t-rifle"),
                                                                Action("pass"), Action("pass"),
                                                                Action("kill", "bullet"), Action("kill", "cortez")])
    assert events(state, "prison-result")[0]["outcome"] == "kill-2" and len(state.gang) == 14


# A deck that runs out at the Prison: the designer's `deck_runs_out`, as in the rest of the game.
# With a starting hand of 62 both decks are empty from the start; at Buzzard Point Colti plays 3
# guns, which go to his discard pile when he leaves it for the Prison (cards_on_leaving: discard).

def test_at_the_prison_an_empty_deck_reshuffles_the_discard_pile_when_the_designer_says_so(library):
    state = at_the_prison(library, starting_hand=62, deck_runs_out="reshuffle-discard")
    inner = [(e["event"], e["side"], e.get("cards"), e.get("short")) for e in state.prison.log
             if e["event"] in ("reshuffle", "draw", "deck-empty")]
    # Colti must draw 6: his 3 discarded guns become his deck, he draws them, 3 are short; McReady
    # (no discard pile: he played nothing) draws none of his 3
    assert inner == [("reshuffle", "colti", 3, None), ("draw", "colti", ["t-gun"] * 3, 3),
                     ("deck-empty", "colti", None, 3), ("draw", "mcready", [], 3), ("deck-empty", "mcready", None, 3)]
    state = drive(state, [Action("pass"), Action("pass"), Action("kill", "bullet")])   # 0 against 0: a tie
    assert events(state, "prison-result") and not state.at_prison and not state.is_terminal()
    # back in the game: the 3 guns are in his hand (62 - 3 + 3), his discard pile is empty
    assert len(state.hands["colti"]) == 62 and list(state.discard["colti"]) == []


def test_at_the_prison_an_empty_deck_draws_nothing_when_the_designer_says_so(library):
    state = at_the_prison(library, starting_hand=62, deck_runs_out="draw-nothing")
    inner = [(e["event"], e["side"], e.get("short")) for e in state.prison.log if e["event"] in ("reshuffle", "deck-empty")]
    assert inner == [("deck-empty", "colti", 6), ("deck-empty", "mcready", 3)]
    assert len(state.prison.hands["colti"]) == 59 and list(state.discard["colti"]) == ["t-gun"] * 3


def test_at_the_prison_an_empty_deck_loses_when_the_designer_says_so(library):
    # a starting hand of 58 leaves 4 in each deck; the turn at Buzzard Point draws 2 of them;
    # at the Prison Colti draws first (6 of the 2 left): he draws 2, then must draw from an empty
    # deck and loses; McReady does not draw
    state = at_the_prison(library, starting_hand=58, deck_runs_out="loses")
    assert state.is_terminal() and state.winner == "mcready" and "at the Prison" in state.ended
    result = events(state, "prison-result")[0]
    assert [(e["event"], e["side"]) for e in result["events"] if e["event"] in ("draw", "deck-empty")] == [
        ("draw", "colti"), ("deck-empty", "colti")]
    assert len(state.hands["colti"]) == 58 + 2 - 3 + 2 and len(state.hands["mcready"]) == 58 + 2


# -- effects the vocabulary does not play -----------------------------------------------------------

def test_a_card_with_an_effect_not_played_warns_and_logs_a_no_op(library, tmp_path):
    (tmp_path / "designer.yaml").write_text(DESIGNER)
    warnings = [p for p in validate_paths([REVOLVER, tmp_path]).problems
                if p.code == "not-played" and Path(p.file).name == "designer.yaml"]
    assert [(Path(p.file).name, p.path) for p in warnings] == [("designer.yaml", "$.effects[0].effect")]
    state = drive(game(library).new_initial_state(), play_n("t-gun", 3) + [Action("play", "t-cancel")],
                  {"mcready": ["t-cancel"]})
    assert events(state, "not-played")[0]["effect"] == "cancel-card"


# -- a deck that runs out: not in the texts, the designer's `deck_runs_out` ---------------------------

# Both sides draw their whole 62-card deck as the starting hand, so the first draw of a turn is
# from an empty deck. Turn 1: Colti plays one Test shoot (an action card: to his discard pile,
# nothing to kill) and ends; McReady plays nothing. Turn 2 begins with Colti's draw of 2.
RUNS_OUT = dict(colti="t-colti-mixed", starting_hand=62)
TURN_1 = [Action("play", "t-shoot"), END, END, END, END]


def test_a_deck_run_out_draws_nothing_when_the_designer_says_so(library):
    state = drive(game(library, deck_runs_out="draw-nothing", **RUNS_OUT).new_initial_state(), TURN_1)
    empty = [(e["player"], e["short"], e["round"]) for e in events(state, "deck-empty")]
    # turn 1: Colti 2 short, McReady 2 short; turn 2: Colti 2 short again (his discard is not drawn)
    assert empty == [("colti", 2, 1), ("mcready", 2, 1), ("colti", 2, 2)]
    assert events(state, "reshuffle") == [] and len(state.hands["colti"]) == 61 and not state.is_terminal()


def test_a_deck_run_out_reshuffles_the_discard_pile_when_the_designer_says_so(library):
    state = drive(game(library, deck_runs_out="reshuffle-discard", **RUNS_OUT).new_initial_state(), TURN_1)
    # turn 1: both discard piles are empty, nothing to shuffle; turn 2: Colti's one discarded card
    # becomes his deck, he draws it, and the second card is short
    assert [(e["player"], e["cards"], e["round"]) for e in events(state, "reshuffle")] == [("colti", 1, 2)]
    assert [(e["player"], e["short"], e["round"]) for e in events(state, "deck-empty")] == [
        ("colti", 2, 1), ("mcready", 2, 1), ("colti", 1, 2)]
    assert state.hands["colti"].count("t-shoot") == 3 and len(state.hands["colti"]) == 62
    assert list(state.discard["colti"]) == []


def test_a_deck_run_out_loses_when_the_designer_says_so(library):
    state = drive(game(library, deck_runs_out="loses", **RUNS_OUT).new_initial_state(), TURN_1)
    # Colti must draw first, from an empty deck: McReady wins before a card is played
    assert state.winner == "mcready" and state.turn == 1 and events(state, "play") == []
    assert "empty deck" in state.ended


# -- play refuses while a value it needs is unknown ---------------------------------------------------

def test_without_the_illustrative_values_play_lists_every_unknown_it_needs(tmp_path):
    folder = tmp_path / "revolver"
    shutil.copytree(REVOLVER, folder)
    (folder / "illustrative-whole-game.yaml").unlink()
    library = validate_paths([folder]).library
    with pytest.raises(ContentError) as raised:
        Revolver.build(library)
    problems = raised.value.problems
    # by hand from the sources: the gang, both base decks, what happens to the cards on leaving
    # a battlefield and what happens when a deck runs out are not found; no battlefield's turn
    # count is found, nor the defence of the Bank, Whiskey Canyon and Buzzard Point (Rattlesnake
    # Creek and the Express: 1)
    about = sorted((Path(p.file).name, p.extra.get("parameter")) for p in problems)
    assert len(problems) == 13 and all(p.line for p in problems)
    assert [a for a in about if a[0] == "whole-game.yaml"] == [
        ("whole-game.yaml", "cards_on_leaving"), ("whole-game.yaml", "colti_base_deck"),
        ("whole-game.yaml", "deck_runs_out"), ("whole-game.yaml", "gang"), ("whole-game.yaml", "mcready_base_deck")]
    cards = [p.message for p in problems if Path(p.file).name == "base-game.yaml"]
    assert sum("its turns is unknown" in m for m in cards) == 5 and sum("its defence is unknown" in m for m in cards) == 3
    RevolverPrison.build(library)       # the Prison game needs none of them


# -- the sources' invariants over seeded whole games ---------------------------------------------------

@pytest.fixture(scope="module")
def logs():
    library = validate_paths([ROOT / "variants"]).library
    return list(audited_games(library, "revolver", 9))


def test_every_invariant_holds_over_seeded_games_and_each_situation_comes_up(logs):
    seen = {inv.id: 0 for inv in for_game("revolver")}
    from workbench.audit import Played
    for label, seed, log in logs:
        assert {k: v for k, v in audit(log).items() if v} == {}, (label, seed)
        played = Played(log)
        for inv in for_game("revolver"):
            seen[inv.id] += inv.situations(played)
    assert all(seen.values()), seen
    ends = [log[-1] for _, _, log in logs]
    assert all(e["event"] == "end" for e in ends) and {e["winner"] for e in ends} >= {"colti"}


def test_the_audit_catches_a_broken_rule(logs):
    log = next(log for _, _, log in logs if any(e["event"] == "attack" and e["kills"] for e in log))
    tampered = copy.deepcopy(log)
    tampered[0]["ruleset"]["colti_card_limit"] = 2         # Colti has had 3 cards out
    assert audit(tampered)["card-limit"]
    tampered = copy.deepcopy(log)
    tampered[0]["ruleset"]["border_tokens_per_turn"] = 2
    assert audit(tampered)["border-token"]
    tampered = copy.deepcopy(log)
    attack = next(e for e in tampered if e["event"] == "attack" and e["kills"])
    attack["kills"] = 0
    assert audit(tampered)["kill-only-when-greater"]


def test_a_seeded_game_is_replayable_and_every_event_has_words(library):
    g = Revolver.build(validate_paths([ROOT / "variants"]).library)
    a, b = play(g, 2, 5, ["greedy"]), play(g, 2, 5, ["greedy"])
    assert list(a.history) == list(b.history) and a.winner == b.winner
    again = g.state_from_json(a.to_json())
    assert again.snapshot() == a.snapshot()
    assert all(isinstance(describe(e), str) and not describe(e).startswith("{") for e in a.log)


# -- the command line, from a designer's folder ------------------------------------------------------

MY_DECK = """\
kind: deck
game: revolver
id: my-mcready
name: My McReady deck
faction: mcready
base: illustrative-mcready-whole-game
source: {document: house-rule}
swaps:
  - {out: cowboy, in: my-gunslinger}
---
kind: card
game: revolver
id: my-gunslinger
name: My gunslinger
deck: mcready
type: character
origin: expansion
firepower: FIREPOWER
source: {document: house-rule}
"""


def test_play_revolver_with_a_designers_deck_from_outside_the_repository(tmp_path):
    folder = designer_folder(tmp_path, examples=False)
    (folder / "my-deck.yaml").write_text(MY_DECK.replace("FIREPOWER", "unknown"))
    refused = run("play", "revolver", "--deck", "my-deck.yaml", cwd=folder)
    assert refused.code == 1 and "Traceback" not in refused.err
    assert "my-deck.yaml:18:" in refused.err and "My gunslinger: its firepower is unknown" in refused.err
    (folder / "my-deck.yaml").write_text(MY_DECK.replace("FIREPOWER", "4"))
    played = run("play", "revolver", "--deck", "my-deck.yaml", "--seed", "3", cwd=folder)
    assert played.code == 0, played.err
    assert "McReady plays My McReady deck (house rule)" in played.out
    assert played.out.strip().splitlines()[-1].startswith("== ")
    twice = run("play", "revolver", "--deck", "my-deck.yaml", "--deck", "illustrative-mcready-whole-game", cwd=folder)
    assert twice.code == 2 and "two decks for mcready" in twice.err


def _ids_and_choices(library):
    from workbench.rules.revolver import CHOICES
    ids = {d.id for d in library.documents if d.game == "revolver"}
    return ids, set().union(*CHOICES.values())


def _assumption_problems(lines, ids, choices):
    """What of ``lines`` (the log's assumption lines: ``name = value in words — reason``) is
    written as in YAML: in the value, an id or a written choice as an item, or a hyphenated one
    anywhere; in the reason, a hyphenated one outside the backticks that quote what to write."""
    import re
    hyphenated = {w for w in ids | choices if "-" in w}
    found = []
    for line in lines:
        if " = " not in line:        # a document in force, or an assumption with no value
            found += [(line, w) for w in re.findall(r"[\w-]+", re.sub(r"`[^`]*`", "", line)) if w in hyphenated]
            found += [(line, w) for w in re.findall(r"'([^']*)'", line) if w in ids | choices]
            continue
        name, _, rest = line.partition(" = ")
        value, _, reason = rest.partition(" \u2014 ")
        items = [item.strip() for item in re.split(r"[,;:]", value)]
        found += [(name, item) for item in items if item in ids | choices]
        found += [(name, w) for w in re.findall(r"[\w-]+", value) if w in hyphenated]
        found += [(name, w) for w in re.findall(r"[\w-]+", re.sub(r"`[^`]*`", "", reason)) if w in hyphenated]
    return found


def test_the_play_log_names_cards_bandits_battlefields_and_decks_never_their_ids(tmp_path):
    import re

    from workbench.cli.games import _names, describe_event

    folder = designer_folder(tmp_path, examples=False)
    (folder / "my-deck.yaml").write_text(MY_DECK.replace("FIREPOWER", "4"))
    (folder / "my-border.yaml").write_text("kind: variant\ngame: revolver\nid: my-border\nname: My border\n"
                                           "source: {document: house-rule}\nparameters:\n  border_tokens_at_start: 10\n")
    # seed 0, greedy: Colti enters the Prison (its phase is described inside the log) and cards
    # are killed, placed under others, drawn by effects
    played = run("play", "revolver", "--deck", "my-deck.yaml", "--variant", "hunt-the-man-down-module-1",
                 "--seed", "0", "--bots", "greedy", cwd=folder)
    assert played.code == 0, played.err
    library = validate_paths([ROOT / "variants", folder]).library
    ids, choices = _ids_and_choices(library)
    assumptions = [line.split("assumption: ", 1)[1] for line in played.out.splitlines() if line.startswith("  assumption:")]
    assert len(assumptions) >= 8 and _assumption_problems(assumptions, ids, choices) == []
    assert "deck_runs_out = an empty deck draws nothing \u2014 " in played.out          # the illustrative value
    lines = [line for line in played.out.splitlines() if not line.startswith("  assumption:")]
    hyphenated = {w for w in ids | choices if "-" in w}
    found = sorted({w for line in lines for w in re.findall(r"[\w-]+", line) if w in hyphenated})
    assert found == [], found
    text = "\n".join(lines)
    assert "the Prison Phase:" in text and "Santiago joins Colti's gang" in text
    for name in ("Colti base deck (illustrative)", "My McReady deck (house rule)", "The Bank at Repentance Springs",
                 "Colti gunman (illustrative)", "Hail of Bullets"):
        assert name in text, name
    assert any(re.search(r"Bandit \d+ \(illustrative\) is killed", line) for line in lines)

    # One-word ids (`bullet`, `cortez`, `santiago`) read as words, so every id an event holds is
    # renamed to a token no word has; the CLI's describer, given the same names for the tokens,
    # must write the same lines: a token in a line is an id printed as written.
    token = {i: f"zqx{n}qz" for n, i in enumerate(sorted(ids))}
    names = _names(library, "revolver")
    renamed_names = {token[i]: n for i, n in names.items() if i in token}

    def rename(value):
        if isinstance(value, str):
            return token.get(value, value) if value not in ("colti", "mcready") else value   # sides, not content
        if isinstance(value, list):
            return [rename(v) for v in value]
        if isinstance(value, dict):
            return {k: v if k in ("event", "assumptions") else rename(v) for k, v in value.items()}
        return value

    overrides = [{}, {"border_rule": "colti-greater-no-kill", "deck_runs_out": "reshuffle-discard"},
                 {"deck_runs_out": "loses", "train_winner": "any-bandit", "mcready_wins_killing": ["cortez"]}]
    kinds = set()
    for seed, changed in enumerate(overrides):
        house = ["my-border"] if seed == 1 else []          # a designer's variant: in force, by its name
        g = Revolver.build(library, variants=["hunt-the-man-down-module-1", *house], decks={"mcready": "my-mcready"},
                           overrides=changed)
        assert _assumption_problems(g.assumptions(), ids, choices) == []
        assert ("house rule in force: the variant My border (house rule)" in g.assumptions()) == bool(house)
        for event in play(g, 2, seed, ["greedy"]).log:
            kinds.add(event["event"])
            shown = describe_event(event, describe, names)
            hidden = describe_event(rename(event), describe, renamed_names)
            assert "zqx" not in hidden and hidden == shown, (event["event"], hidden)
            assert not {w for w in re.findall(r"[\w-]+", re.sub(r"`[^`]*`", "", shown)) if w in hyphenated}, shown
    assert {"prison-result", "killed", "card-killed", "under", "border-kept"} <= kinds, kinds


# A newcomer's two broken McReady decks. By hand from Module 2 (deck-building.yaml): a deck has
# exactly 62 cards (3 is short: deck-size); a replacement comes from an expansion or promo cards
# (Hail of Bullets is a base card: source-not-allowed), keeps the card type (Cowboy is a character,
# Hail of Bullets a firepower card: type-mismatch) and the faction (Hail of Bullets is Colti's:
# wrong-faction).
BROKEN_DECKS = {
    "short.yaml": ("kind: deck\ngame: revolver\nid: my-short\nname: Short\nfaction: mcready\n"
                   "source: {document: house-rule}\ncards:\n  - {card: cowboy, count: 3}\n",
                   [("deck-size", 8)]),
    "swapped.yaml": ("kind: deck\ngame: revolver\nid: my-swapped\nname: Swapped\nfaction: mcready\n"
                     "base: illustrative-mcready-whole-game\nsource: {document: house-rule}\nswaps:\n"
                     "  - {out: cowboy, in: hail-of-bullets}\n",
                     [("source-not-allowed", 9), ("type-mismatch", 9), ("wrong-faction", 9)]),
}


def test_play_checks_the_deck_building_rules_first_as_deck_check_does(tmp_path):
    folder = designer_folder(tmp_path, examples=False)
    for file, (text, expected) in BROKEN_DECKS.items():
        (folder / file).write_text(text)
        checked = run("deck", "check", file, "--format", "json", cwd=folder)
        played = run("play", "revolver", "--deck", file, "--format", "json", cwd=folder)
        assert checked.code == played.code == 1, played.out
        located = lambda report: sorted((p["code"], p["line"]) for p in report["problems"])  # noqa: E731
        assert located(checked.json()) == located(played.json()) == expected
        assert "events" not in played.json() and "NOT legal" in played.json()["message"]
    text_run = run("play", "revolver", "--deck", "short.yaml", cwd=folder)
    assert text_run.code == 1 and text_run.out == "" and "short.yaml:8:" in text_run.err
    assert "Traceback" not in text_run.err


# -- does my deck win more? the balance lab, seat = side ---------------------------------------------

def test_balance_refuses_a_deck_file_that_breaks_the_deck_building_rules_before_a_game(tmp_path):
    folder = designer_folder(tmp_path, examples=False)
    text, expected = BROKEN_DECKS["swapped.yaml"]
    (folder / "swapped.yaml").write_text(text)
    refused = run("balance", "revolver", "--deck", "swapped.yaml", "--players", "2", "--games", "2", "--workers", "1",
                  "--format", "json", cwd=folder)
    assert refused.code == 1, refused.out
    assert sorted((p["code"], p["line"]) for p in refused.json()["problems"]) == expected
    assert not (folder / "balance-results").exists()          # nothing played, nothing stored
    usage = run("balance", "dark-horse", "--deck", "swapped.yaml", "--games", "2", cwd=folder)
    assert usage.code == 2 and "--deck does not apply to dark-horse" in usage.err


def test_balance_compares_a_designers_deck_file_with_the_deck_it_is_built_on(tmp_path, monkeypatch, capsys):
    import json

    from workbench.balance import sweep as lab_sweep
    from workbench.cli import main

    folder = designer_folder(tmp_path, examples=False)
    (folder / "my-deck.yaml").write_text(MY_DECK.replace("FIREPOWER", "4"))
    played_here = lab_sweep.run
    monkeypatch.setattr(lab_sweep, "run", lambda *a, **k: played_here(*a, **{**k, "cluster": "in-process"}))
    monkeypatch.chdir(folder)
    # no --players: Revolver's two sides are the default
    code = main(["balance", "revolver", "--deck", "my-deck.yaml", "--bots", "greedy", "--games", "2",
                 "--no-store", "--progress", "no", "--format", "json"])
    report = json.loads(capsys.readouterr().out)
    assert code == 0, report
    settings = {s["name"]: s["overrides"] for s in report["sweep"]["settings"]}
    # the deck's own `base:` is what it is compared with (seat 1 Colti, seat 2 McReady)
    assert settings == {"baseline": {"mcready_base_deck": "illustrative-mcready-whole-game"},
                        "deck my-mcready": {"mcready_base_deck": "my-mcready"}}
    assert report["played"] == 4 and any("deck my-mcready" in str(v) for v in report["comparison"].values())




def test_the_balance_lab_compares_a_designers_deck_with_the_base_deck(library):
    from workbench.balance.sweep import compare as sweep_of, run
    from workbench.balance.stats import paired_share_test

    # sixty-one firepower-3 deputies against the illustrative McReady deck (firepower 1 to 3, a
    # third of it action cards): McReady (seat 2) should win more, and the verdict say so
    sweep = sweep_of("revolver", overrides={"mcready_base_deck": "t-mcready-deputies"}, players=2, bots=["greedy"],
                     games=12, seed=0)
    report = run(sweep, library, cluster="in-process", progress=False)
    table = report.table
    wins = table.groupby("setting")["win_2"].mean()
    assert wins["mcready_base_deck=t-mcready-deputies"] > wins["baseline"]
    paired = table.pivot(index="seed", columns="setting", values="win_2")      # the same seeds, paired
    p = paired_share_test(paired["mcready_base_deck=t-mcready-deputies"], paired["baseline"])
    assert p is not None and p < 0.05


# -- 05 sample turns: the whole game stepped in the notebook panel ------------------------------------

def test_the_turn_stepper_plays_revolver_in_the_designers_words():
    from workbench.notebook.common import library as notebook_library
    from workbench.notebook.turns import play_chooser

    box = play_chooser(notebook_library())
    box.game.value = "revolver"
    assert [s.description for s in box.seats.children] == ["colti", "mcready"] and box.players.value == 2
    box.start_button.click()
    assert box.banner.kind is None, box.banner.text
    stepper = box.stepper()
    stepper.run(2000)
    assert stepper.done
    panel = box.holder.children[-1]
    panel.redraw()
    shown = panel.event_log.value + panel.seats.value + panel.winner.value
    assert "Colti gunman (illustrative)" in shown and "illustrative-colti-gunman" not in shown
    assert ("wins</b>" in panel.winner.value) == (stepper.state.winner is not None)
    assert "Game over" in panel.event_log.value


# -- the public step: clones share only what never changes, the legality check is the listed one -------

def _inside(state):
    """Everything a step may change, deep-copied (the piles, decks, gang, pending steps, the Prison)."""
    seen = {k: copy.deepcopy(getattr(state, k)) for k in ("hands", "decks", "discard", "field", "bonus", "ambush",
                                                           "gang", "dead", "pending", "first_turn_at", "wounds",
                                                           "border", "turn", "bf", "space")}
    if state.prison is not None:
        seen["prison"] = {k: copy.deepcopy(getattr(state.prison, k)) for k in ("hands", "decks", "placed", "gang",
                                                                               "pending", "bonus", "passed")}
    return repr(seen)


def _random_step(state, rng):
    if state.is_chance_node():
        return state.sample_chance(rng)
    actions = state.legal_actions()
    return Action("enter") if Action("enter") in actions else rng.choice(actions)     # into the Prison if offered


@pytest.mark.parametrize("variants", [(), ("hunt-the-man-down-module-1",)])
def test_a_clone_and_its_original_step_on_without_changing_each_other(library, variants):
    import random

    g = Revolver.build(validate_paths([ROOT / "variants"]).library, variants=list(variants))
    rng = random.Random(7)
    state, at_prison = g.new_initial_state(seed=7), 0
    while not state.is_terminal():
        at_prison += state.prison is not None
        before = _inside(state)
        twin = state.clone()
        twin_before = _inside(twin)
        for _ in range(3):              # the clone steps on: the original is as it was
            if not twin.is_terminal():
                twin.apply_in_place(_random_step(twin, rng))
        assert _inside(state) == before
        after_twin = _inside(twin)
        state.apply_in_place(_random_step(state, rng))       # and the original steps: the clone is unchanged
        assert _inside(twin) == after_twin and twin_before == before
    assert at_prison or not variants, "the seeded game never entered the Prison"


def test_the_public_steps_legality_check_is_exactly_the_listed_actions(library):
    import random

    from workbench.core.errors import UsageError

    g = Revolver.build(validate_paths([ROOT / "variants"]).library, variants=["hunt-the-man-down-module-1"])
    cards = sorted(g.cards) + ["not-a-card"]
    kinds = ("play", "use", "end", "kill", "target", "under", "enter", "skip", "ambush", "place", "pass")
    inside = 0
    for seed in (1, 2):
        rng = random.Random(seed)
        state = g.new_initial_state(seed=seed)
        while not state.is_terminal():
            inside += state.prison is not None
            if state.is_chance_node():
                outcomes = {o for o, _ in state.chance_outcomes()}
                assert all(state.is_legal(o) for o in outcomes)
                assert not any(state.is_legal(c) for c in cards + ["kept", "returned"] if c not in outcomes)
                assert not state.is_legal(Action("end"))
            else:
                listed = set(state.legal_actions())
                here = set(state.gang) | {c for f in state.field.values() for c, _ in f} | set(state.hands["colti"]) \
                    | set(state.hands["mcready"]) | {b["id"] for b in g.battlefields} | {None, "not-a-card"}
                candidates = {Action(k, c) for k in kinds for c in here}
                assert {a for a in candidates | listed if state.is_legal(a)} == listed
                illegal = next(iter(candidates - listed))
                with pytest.raises(UsageError, match="is not legal now"):
                    state.apply(illegal)
                assert not state.is_legal(rng.choice(cards))          # a card id is no decision
            state = state.apply(_random_step(state, rng))
    assert inside, "the seeded games never entered the Prison"


def test_every_choice_of_every_revolver_parameter_has_words_that_are_not_written_values(library):
    from workbench.rules.revolver import CHOICE_WORDS, CHOICES, value_words
    ids, choices = _ids_and_choices(library)
    for name, written in CHOICES.items():
        assert written <= set(CHOICE_WORDS.get(name, {})), (name, written - set(CHOICE_WORDS.get(name, {})))
        for value in written:
            words = value_words(name, value)
            assert words not in choices | ids and not any(w in words.split() for w in choices | ids if "-" in w), \
                (name, value, words)
