"""What the engines assume is declared where `workbench unknowns` lists it, and what the texts give
is not left unknown (issue #38, the content audit's findings).

One `workbench unknowns --format json` run, as a designer types it outside the repository, is read
by every test; the expected readings and values come from the rules texts, quoted here.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from clitools import outside_repository, run
from test_content_sources import quoted

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def rows(tmp_path_factory) -> list[dict]:
    result = run("unknowns", "--format", "json", cwd=outside_repository(tmp_path_factory.mktemp("designer")))
    assert result.code == 0, result.err
    return result.json()["unknowns"]


def _assumption(rows, game: str, name: str) -> dict:
    found = [r for r in rows if r["game"] == game and r["kind"] == "assumption" and r["name"] == name]
    assert len(found) == 1, f"{game}: no assumption row '{name}'"
    return found[0]


def _unknown_fields(rows, card: str) -> set[str]:
    return {r["field"] for r in rows if r["game"] == "revolver" and r["kind"] == "unknown value"
            and r["document"] == f"card '{card}'"}


def test_the_discard_rewards_untyped_reputation_is_declared_as_its_sisters_are(rows):
    quoted("rnr", "Reputation status to receive 1 Reputation and 1 Silver.")
    row = _assumption(rows, "dark-horse", "discard_opposite_reward")
    assert row["value"] == {"any-reputation": 1, "silver": 1}          # "1 Reputation and 1 Silver"
    assert row["where"].endswith("rebels-and-rogues/rules.yaml:" + row["where"].rsplit(":", 1)[1])
    # declared the way the three sister rewards are: the type the engine gives is said
    for sister in ("capture_reward", "wanted_token_capture_reward", "outlaw_town_capture_reward", "discard_opposite_reward"):
        assert "`any-reputation`" in _assumption(rows, "dark-horse", sister)["why"]


def test_the_discard_gives_the_players_own_hat_through_the_declared_good():
    from workbench.games.dark_horse.reputation import Reputation, ReputationRules, discard_opposite

    rules = ReputationRules.published()
    assert rules.discard_reward == {"any-reputation": 1, "silver": 1}
    rep = discard_opposite(Reputation(black=2), "white", rules)          # a Black Hat discards a White Hat card
    assert (rep.white, rep.black, rep.silver, rep.wanted_tokens) == (0, 3, 1, 0)


def test_the_outlaw_hideout_and_tribe_token_readings_are_listed(rows):
    quoted("rnr", "Receive 3 Reputation and 1 Silver.")
    quoted("rnr", "Place a Tribe token on any Revealed or Un-revealed Resource Hex that does not have a Town on it.")
    hideout = _assumption(rows, "dark-horse", "outlaw_hideout_reputation_type")
    assert "hex type 'outlaw-hideout'" in hideout["why"] and "'Receive 3 Reputation'" in hideout["why"]
    tribe = _assumption(rows, "dark-horse", "tribe_token_excluded_hexes")
    assert "hex type 'native-american'" in tribe["why"] and "does not have a Town on it" in tribe["why"]
    for row in (hideout, tribe):
        assert row["where"].split(":")[0].endswith("rebels-and-rogues/hex-types.yaml")


def test_an_arrest_moving_the_sheriff_is_a_declared_assumption(rows):
    quoted("wl", "The arrested player is placed in the sheriff's office space with the sheriff")
    row = _assumption(rows, "western-legends", "arrest_moves_sheriff")
    assert row["value"] is True and row["where"].split(":")[0].endswith("western-legends/game.yaml")


def test_what_public_facts_gives_of_the_revolver_cards_is_filled_in_and_no_more(rows):
    quoted("public", 'Names of base Colty cards that the project\'s the Revolver 1.2 text already uses '
           '(not from public pages): Stick of\nDynamite, "Shoot Without Warning, Boys!", Gatling Gun.')
    quoted("public", "Unique McReady names from the Revolver 1.2 text that no public\npage confirmed: "
           'Josie "Dead-eye" Logan, Quincy "Spider" Whitmore, Elijah Hooker, Brady Logan.')
    from workbench.content.published import published_library

    library = published_library()
    shoot = library.data("revolver", "card", "shoot-without-warning-boys")
    assert (shoot["deck"], shoot["origin"]) == ("colti", "base")
    assert _unknown_fields(rows, "shoot-without-warning-boys") == {"type", "copies"}     # not given: still unknown
    for card in ("josie-dead-eye-logan", "quincy-spider-whitmore", "elijah-hooker", "brady-logan"):
        data = library.data("revolver", "card", card)
        assert data["deck"] == "mcready" and data["unique"] is True and "public-facts.md 2.8" in str(data["notes"])
        assert _unknown_fields(rows, card) == {"type", "copies", "effect"}
    # the box is given only for Josie (the card list's notes); the others keep no `origin`
    assert [library.data("revolver", "card", c).get("origin") for c in
            ("josie-dead-eye-logan", "quincy-spider-whitmore", "elijah-hooker", "brady-logan")] == ["base", None, None, None]
