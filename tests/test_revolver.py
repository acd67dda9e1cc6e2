"""Revolver 1.2 Hunt the Man Down: the rulebook's examples and the FAQ as tests."""
from pathlib import Path

import pytest

from workbench.content.validate import load_library, validate_paths
from workbench.games.revolver.rules import (BULLET_WOUNDS_TO_WIN, Colti, Location, PrisonCard, RuleError, Target,
                                            add_bullet_wound, kill_one, kill_with_points, move_character,
                                            move_stagecoach, next_locations, prison_card, prison_phase,
                                            remove_bullet_wound, remove_from_game)

ROOT = Path(__file__).resolve().parent.parent
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
    assert add_bullet_wound(colti, log, "test") is False
    assert add_bullet_wound(colti, log, "test") is True and colti.bullet_wounds == BULLET_WOUNDS_TO_WIN
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
    assert placing == ["colti passes", "mcready places apache-scout", "colti passes", "mcready places apache-scout",
                       "colti passes", "mcready passes"]
    assert result.mcready_total == 4


def test_faq_q1_quick_draw_cannot_go_on_the_prison(library):
    with pytest.raises(RuleError, match="only firepower cards"):
        prison_card(library, "quick-draw", "colti")


def test_faq_q4_lock_cards_placed_in_advance_count_when_colti_enters(library):
    assert prison_card(library, "apache-scout", "mcready", face_down=True).face_down
    fixtures = validate_paths([ROOT / "variants", ROOT / "tests" / "corpus" / "decks"]).library
    assert not prison_card(fixtures, "fixture-rifle", "mcready").face_down  # a firepower card, face up
    with pytest.raises(RuleError, match="no lock icon"):
        prison_card(fixtures, "fixture-rifle", "mcready", face_down=True)
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
    assert "colti draws 6: c0, c1, c2, c3, c4, c5" in result.log and "mcready draws 3: m1, m2, m3" in result.log


def test_faq_q2_q3_brad_runyan_moves_with_his_character_and_is_discarded_with_it():
    here, there = Location(["charlie"], {"charlie": ["brad-runyan-undertaker"]}), Location()
    move_character("charlie", here, there)
    assert there.under == {"charlie": ["brad-runyan-undertaker"]} and here.under == {}
    discard, box = [], []
    remove_from_game("charlie", there, discard, box)
    assert box == ["charlie"] and discard == ["brad-runyan-undertaker"]


def test_faq_q5_the_stagecoach_chooses_prison_or_past_it_for_one_token():
    assert next_locations("hawks-nest") == ["san-manzanillo-prison", "rattlesnake-creek"]
    assert move_stagecoach(2, "hawks-nest", "san-manzanillo-prison") == 1
    assert move_stagecoach(2, "hawks-nest", "rattlesnake-creek") == 1
    with pytest.raises(RuleError):
        move_stagecoach(0, "hawks-nest", "rattlesnake-creek")


def test_faq_q10_unique_cards_cannot_be_replaced(library):
    rules = library.data("revolver", "deck_rules", "custom-decks")
    assert rules["unique_not_replaceable"]
    uniques = {d.id for d in library.of_kind("card", "revolver") if d.data.get("unique")}
    assert {"estella-morales", "douglas-mortimer", "brad-runyan-undertaker", "captain-james-barclay-mantooth"} <= uniques
