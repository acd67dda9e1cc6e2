"""Revolver 1.2 Hunt the Man Down: the rulebook's examples and the FAQ as tests."""
from pathlib import Path

import pytest

from workbench.app.validate import load_library, validate_paths
from workbench.rules.revolver import published_ruleset
from workbench.games.revolver.rules import (Action, Colti, Location, PrisonCard, RevolverPrison, RuleError, Target,
                                            add_bullet_wound, kill_one, kill_with_points, move_character,
                                            move_stagecoach, next_locations, prison_card, prison_phase,
                                            remove_bullet_wound, remove_from_game)

ROOT = Path(__file__).resolve().parent.parent
PUBLISHED = published_ruleset()   # the published rules, passed explicitly (there is no default)
CHARLIE = Target("charlie-withers-first-deputy", 3)
MARSHAL = Target("pinkerton-marshal", 1, scope=True)


@pytest.fixture(scope="module")
def library():
    return load_library()


def test_example_1_the_scope_card_must_be_shot_first():
    # Colti plays "Shoot Without Warning, Boys!" wanting Charlie: Pinkerton Marshal goes instead
    result = kill_one([CHARLIE, MARSHAL], preference=["charlie-withers-first-deputy"])
    assert result.killed == ["pinkerton-marshal"]
    assert kill_one([CHARLIE], preference=["charlie-withers-first-deputy"]).killed == ["charlie-withers-first-deputy"]


def test_example_2_leftover_dynamite_points_are_lost():
    result = kill_with_points(3, [CHARLIE, MARSHAL], preference=["charlie-withers-first-deputy"])
    assert result.killed == ["pinkerton-marshal"] and result.points_lost == 2


def test_colti_chooses_among_several_scope_cards():
    second = Target("pinkerton-marshal-2", 1, scope=True)
    assert kill_one([MARSHAL, second], preference=["pinkerton-marshal-2"]).killed == ["pinkerton-marshal-2"]


def test_the_library_knows_the_example_cards(library):
    assert "scope" in library.data("revolver", "card", "pinkerton-marshal")["icons"]
    assert library.data("revolver", "card", "pinkerton-marshal")["firepower"] == 1
    assert library.data("revolver", "card", "charlie-withers-first-deputy")["firepower"] == 3


def test_the_fifth_bullet_wound_ends_the_game_for_mcready():
    colti, log = Colti(3), []
    assert add_bullet_wound(colti, log, "test", rules=PUBLISHED) is False
    assert add_bullet_wound(colti, log, "test", rules=PUBLISHED) is True and colti.bullet_wounds == 5     # "a fifth such token"
    remove_bullet_wound(colti, log, "Lakota Medicine Man")
    assert colti.bullet_wounds == 4


GANG = ["bandit-a", "bandit-b", "bandit-c"]


def scouts(side="mcready", n=1, face_down=True):
    return [PrisonCard("apache-scout", side, 2, face_down) for _ in range(n)]


def test_prison_colti_stronger_frees_santiago(library):
    result = prison_phase(library, Colti(0, GANG), colti_uses=["stick-of-dynamite"], placed_in_advance=scouts(n=1))
    assert (result.colti_total, result.mcready_total, result.outcome) == (3, 2, "santiago-joins")
    assert "santiago" in result.colti.gang and result.colti.bullet_wounds == 1


def test_prison_mcready_stronger_kills_two_and_a_tie_kills_one(library):
    result = prison_phase(library, Colti(0, GANG), placed_in_advance=scouts(n=2), colti_uses=["stick-of-dynamite"])
    assert (result.outcome, result.killed) == ("kill-2", ["bandit-a", "bandit-b"])
    tie = prison_phase(library, Colti(0, GANG), placed_in_advance=scouts(n=1))
    assert (tie.colti_total, tie.mcready_total) == (0, 2) and tie.outcome == "kill-2"
    even = prison_phase(library, Colti(0, GANG), placed_in_advance=scouts(n=1), colti_uses=["stick-of-dynamite"],
                        mcready_hand=[], colti_hand=[])
    assert even.outcome == "santiago-joins"
    level = prison_phase(library, Colti(0, GANG), placed_in_advance=scouts(n=1) + scouts("colti", 1, False))
    assert (level.colti_total, level.mcready_total, level.outcome, level.killed) == (2, 2, "kill-1", ["bandit-a"])


def test_prison_players_alternate_colti_first_until_both_pass(library):
    result = prison_phase(library, Colti(0, GANG), colti_hand=["quick-draw"], mcready_hand=["apache-scout", "apache-scout"])
    placing = [line for line in result.log if "places" in line or "passes" in line]
    assert placing == ["Colti passes", "McReady places apache-scout", "Colti passes", "McReady places apache-scout",
                       "Colti passes", "McReady passes"]
    assert result.mcready_total == 4


def test_faq_q1_quick_draw_cannot_go_on_the_prison(library):
    with pytest.raises(RuleError, match="only firepower cards"):
        prison_card(library, "quick-draw", "colti", rules=PUBLISHED)


def test_faq_q4_lock_cards_placed_in_advance_count_when_colti_enters(library):
    assert prison_card(library, "apache-scout", "mcready", face_down=True, rules=PUBLISHED).face_down
    fixtures = validate_paths([ROOT / "variants", ROOT / "tests" / "corpus" / "decks"]).library
    assert not prison_card(fixtures, "fixture-rifle", "mcready", rules=PUBLISHED).face_down  # a firepower card, face up
    with pytest.raises(RuleError, match="no lock icon"):
        prison_card(fixtures, "fixture-rifle", "mcready", face_down=True, rules=PUBLISHED)
    result = prison_phase(library, Colti(0, GANG), placed_in_advance=scouts(n=3))
    assert result.mcready_total == 6 and any(line.startswith("reveal apache-scout") for line in result.log)


def test_faq_q6_q7_skipping_the_prison_wastes_the_cards_and_keeps_them_face_down(library):
    result = prison_phase(library, Colti(2, GANG), enter=False, placed_in_advance=scouts(n=3), ambush="its-too-darn-quiet")
    assert result.outcome is None and result.colti.bullet_wounds == 2 and result.colti.gang == GANG
    assert all(card.face_down for card in result.remaining_on_prison) and len(result.remaining_on_prison) == 3


def test_faq_q8_nitroglycerin_at_the_prison_gives_a_bullet_wound(library):
    result = prison_phase(library, Colti(0, GANG), colti_uses=["nitroglycerin"])
    assert result.colti_total == 5 and result.colti.bullet_wounds == 2  # entering + Nitroglycerin


def test_faq_q9_the_ambush_at_the_prison_cannot_kill_santiago(library):
    result = prison_phase(library, Colti(0, ["santiago", "bandit-a"]), ambush="its-too-darn-quiet")
    assert result.killed[:1] == ["bandit-a"] and "santiago" in result.colti.gang


def test_entering_with_four_wounds_ends_the_game(library):
    result = prison_phase(library, Colti(4, GANG))
    assert result.outcome == "mcready-wins" and result.colti.bullet_wounds == 5


def test_prison_draws_come_from_the_decks_in_order(library):
    result = prison_phase(library, Colti(0, GANG), colti_deck=[f"c{i}" for i in range(10)], mcready_deck=["m1", "m2", "m3", "m4"])
    assert "Colti draws 6: c0, c1, c2, c3, c4, c5" in result.log and "McReady draws 3: m1, m2, m3" in result.log


def test_faq_q2_q3_brad_runyan_moves_with_his_character_and_is_discarded_with_it():
    here, there = Location(["charlie"], {"charlie": ["brad-runyan-undertaker"]}), Location()
    move_character("charlie", here, there)
    assert there.under == {"charlie": ["brad-runyan-undertaker"]} and here.under == {}
    discard, box = [], []
    remove_from_game("charlie", there, discard, box)
    assert box == ["charlie"] and discard == ["brad-runyan-undertaker"]


def test_faq_q5_the_stagecoach_chooses_prison_or_past_it_for_one_token():
    assert next_locations("hawks-nest", rules=PUBLISHED) == ["san-manzanillo-prison", "rattlesnake-creek"]
    assert move_stagecoach(2, "hawks-nest", "san-manzanillo-prison", rules=PUBLISHED) == 1
    assert move_stagecoach(2, "hawks-nest", "rattlesnake-creek", rules=PUBLISHED) == 1
    with pytest.raises(RuleError):
        move_stagecoach(0, "hawks-nest", "rattlesnake-creek", rules=PUBLISHED)


def test_faq_q10_unique_cards_cannot_be_replaced(library):
    rules = library.data("revolver", "deck_rules", "custom-decks")
    assert rules["unique_not_replaceable"]
    uniques = {d.id for d in library.of_kind("card", "revolver") if d.data.get("unique")}
    assert {"estella-morales", "douglas-mortimer", "brad-runyan-undertaker", "captain-james-barclay-mantooth"} <= uniques


# -- the Prison Phase as a game, played from the ruleset -------------------------------------------

import rules_probes_revolver as probes  # noqa: E402
from fractions import Fraction  # noqa: E402


def builder(library, **overrides):
    return lambda overrides_=None, variants=(), **kw: RevolverPrison.build(
        library, variants=variants, overrides={**overrides, **(kw.get("overrides") or overrides_ or {})})


def test_the_prison_numbers_are_the_texts(library):
    game = RevolverPrison.build(library)
    rules = game.ruleset
    # Prison Phase steps 1-3 and the note to step 6; New Icons: the fifth bullet wound
    assert (rules.bullet_wounds_on_entry, rules.colti_draws, rules.mcready_draws, rules.bullet_wounds_to_win) == (1, 6, 3, 5)
    assert rules.colti_bonus == {"stick-of-dynamite": 3, "nitroglycerin": 5}
    state = probes.entered(builder(library))
    hands = {side: len(state.hands[side]) for side in ("colti", "mcready")}
    assert hands == {"colti": 6, "mcready": 3} and state.wounds == 1


def test_a_prison_number_changed_by_a_house_rule_changes_the_game(library, tmp_path):
    # through the engine API: Colti draws 4, McReady 5
    state = probes.entered(builder(library, colti_draws=4, mcready_draws=5))
    assert (len(state.hands["colti"]), len(state.hands["mcready"])) == (4, 5)
    # in a designer's copy of the YAML: the Stick of Dynamite adds 4 instead of 3
    import shutil
    copy = tmp_path / "variants"
    shutil.copytree(ROOT / "variants", copy)
    path = copy / "revolver" / "rules.yaml"
    text = path.read_text()
    assert "colti_bonus: {stick-of-dynamite: 3, nitroglycerin: 5}" in text
    path.write_text(text.replace("stick-of-dynamite: 3,", "stick-of-dynamite: 4,"))
    house = validate_paths([copy]).library
    published = prison_phase(library, Colti(0, GANG), colti_uses=["stick-of-dynamite"], placed_in_advance=scouts(n=2))
    changed = prison_phase(house, Colti(0, GANG), colti_uses=["stick-of-dynamite"], placed_in_advance=scouts(n=2))
    assert (published.colti_total, published.outcome) == (3, "kill-2")     # 3 < 4: McReady greater
    assert (changed.colti_total, changed.outcome) == (4, "kill-1")         # 4 = 4: a tie kills 1


def test_draws_are_chance_nodes_over_the_cards_left(library):
    game = RevolverPrison.build(library)
    state = game.new_initial_state(colti_deck=["a", "a", "b"], mcready_deck=["m"]).apply(Action("enter"))
    assert state.is_chance_node() and state.chance_outcomes() == [("a", Fraction(2, 3)), ("b", Fraction(1, 3))]
    state = state.apply("a")
    assert state.chance_outcomes() == [("a", Fraction(1, 2)), ("b", Fraction(1, 2))]


# A deck that runs out in the Prison Phase: the designer's `deck_runs_out` (not in the texts).
# Colti must draw 6 from a deck of 2 with 3 cards in his discard pile; McReady 3 from a deck of 3.

def _runs_out(library, rule, colti_deck=("a", "a"), mcready_deck=("m", "m", "m")):
    game = RevolverPrison.build(library, overrides={"deck_runs_out": rule})
    state = game.new_initial_state(gang=GANG, colti_deck=list(colti_deck), mcready_deck=list(mcready_deck),
                                   colti_discard=["b", "b", "c"])
    return probes.finish(state.apply(Action("enter")))


def _empty(state):
    return [(e["event"], e["side"], e.get("short"), e.get("cards")) for e in state.log
            if e["event"] in ("reshuffle", "deck-empty")]


def test_in_the_prison_an_empty_deck_reshuffles_the_discard_pile_when_the_designer_says_so(library):
    state = _runs_out(library, "reshuffle-discard")
    # 2 from the deck, then the discard pile (3) is the deck: 3 more, then 1 short
    assert _empty(state) == [("reshuffle", "colti", None, 3), ("deck-empty", "colti", 1, None)]
    assert sorted(state.hands["colti"]) == ["a", "a", "b", "b", "c"] and state.discard["colti"] == []
    assert sorted(state.hands["mcready"]) == ["m", "m", "m"] and state.outcome == "kill-1"      # 0 against 0


def test_in_the_prison_an_empty_deck_draws_nothing_when_the_designer_says_so(library):
    state = _runs_out(library, "draw-nothing")
    assert _empty(state) == [("deck-empty", "colti", 4, None)]
    assert state.hands["colti"] == ["a", "a"] and state.discard["colti"] == ["b", "b", "c"]


def test_in_the_prison_an_empty_deck_loses_when_the_designer_says_so(library):
    state = _runs_out(library, "loses")
    # Colti draws first: 2, then he must draw from an empty deck and loses; McReady draws nothing
    assert _empty(state) == [("deck-empty", "colti", 4, None)] and state.is_terminal()
    assert state.outcome == "mcready-wins" and state.hands["mcready"] == []
    assert state.returns() == {"colti": -3.0, "mcready": 3.0}          # the whole gang of 3 lost
    state = _runs_out(library, "loses", colti_deck=["a"] * 6, mcready_deck=["m"])
    assert _empty(state) == [("deck-empty", "mcready", 2, None)] and state.outcome == "colti-wins"
    assert state.returns() == {"colti": 3.0, "mcready": -3.0}


def test_its_too_darn_quiet_makes_colti_draw_two_cards(library):
    deck = [f"c{i}" for i in range(10)]
    result = prison_phase(library, Colti(0, GANG), ambush="its-too-darn-quiet", colti_deck=deck)
    state = result.state
    # 6 for the Prison Phase, then 2 for the ambush card ("your opponent draws two cards")
    assert state.hands["colti"] == deck[:8]
    assert "Colti draws 2 (the ambush card): c6, c7" in result.log
    assert result.killed[:2] == ["bandit-a", "bandit-b"] and result.colti.bullet_wounds == 2


def test_colti_chooses_the_bandits_he_loses(library):
    game = RevolverPrison.build(library)
    state = game.new_initial_state(gang=["santiago", "x", "y"], colti_deck=[], mcready_deck=[], ambush="its-too-darn-quiet")
    state = state.apply(Action("enter"))
    assert state.current_player() == "colti" and state.legal_actions() == [Action("kill", "x"), Action("kill", "y")]
    state = state.apply(Action("kill", "y"))
    assert state.legal_actions() == [Action("kill", "x")]


def test_a_whole_prison_game_replays_from_its_history(library):
    import json
    from workbench.games.revolver.rules import play
    for seed in range(4):
        state = play(library, seed, ["greedy", "random"])
        again = state.game.state_from_json(json.loads(json.dumps(state.to_json())))
        assert list(again.log) == list(state.log) and again.returns() == state.returns()
        assert state.outcome in ("santiago-joins", "kill-2", "kill-1", "mcready-wins")


def test_removing_the_illustrative_decks_is_a_located_validate_problem(tmp_path):
    import json
    import shutil
    import subprocess
    import sys
    copy = tmp_path / "variants"
    shutil.copytree(ROOT / "variants", copy)
    (copy / "revolver" / "illustrative-prison.yaml").unlink()
    out = subprocess.run([sys.executable, "-m", "workbench", "validate", str(copy), "--format", "json"],
                         capture_output=True, text=True, cwd=tmp_path)
    assert out.returncode == 1 and "Traceback" not in out.stderr
    problems = [p for p in json.loads(out.stdout)["problems"] if p["severity"] == "error"]
    assert {p["code"] for p in problems} == {"parameter-unknown"}
    assert all(p["file"].endswith("rules.yaml") and p["line"] for p in problems)
    assert sorted(p["path"] for p in problems) == ["$.parameters.colti_deck", "$.parameters.mcready_deck"]


def test_the_route_comes_from_the_ruleset(library):
    assert next_locations("hawks-nest", rules=RevolverPrison.build(library).ruleset) == [
        "san-manzanillo-prison", "rattlesnake-creek"]
    assert next_locations("hawks-nest", prison_in_play=False, rules=PUBLISHED) == ["rattlesnake-creek"]


def test_the_content_audit(library):
    cards = {d.id: d.data for d in library.of_kind("card", "revolver")}
    for card in ("cherokee-freedman", "dragged-behind-a-horse", "stagecoach",
                 "maddened-bison", "quincy-spider-whitmore", "elijah-hooker", "brady-logan", "hawks-nest"):
        assert "origin" not in cards[card], card     # the texts do not place them
    # public-facts.md 2.8: "Names of base Colty cards that the project's the Revolver 1.2 text already uses"
    assert (cards["shoot-without-warning-boys"]["deck"], cards["shoot-without-warning-boys"]["origin"]) == ("colti", "base")
    for card in ("colonel-ned-mcready", "jackson-clan"):   # public pages list them in the base McReady deck (2.8)
        assert cards[card]["origin"] == "base" and cards[card]["deck"] == "mcready", card
        assert cards[card]["source"] == {"document": "public-facts", "confidence": "secondary",
                                         "section": "2. Revolver, 2.8 Card names found: Colonel McReady deck"}
    assert cards["hawks-nest"]["type"] == "location" and cards["mexican-border"]["copies"] == 1
    icons = library.data("revolver", "rule", "card-list-icons")
    assert icons["facts"]["defined"] == ["scope", "lock", "bullet-wound"]
    notes = " ".join(library.data("revolver", "game", "revolver")["notes"])
    assert "Revolver 1.1" not in notes and "not in the base-game rulebook" in notes
