"""One judge (issue 38): what `validate` calls clean is what `play`, `deck check` and the other
commands accept, with the same codes and exit statuses, because they ask the same function
(:mod:`workbench.games.judge`) for each playable unit (a game with its scenario, each deck).

Each case is a designer's folder outside the repository, run with the commands as a designer runs
them (in this process, for speed: `main` is the whole command line, exit code included)."""
import json
from pathlib import Path

import pytest

from clitools import ROOT, outside_repository
from workbench.cli import main

PUBLISHED = ROOT / "variants"


@pytest.fixture
def folder(tmp_path, monkeypatch):
    """A designer's folder with an empty working library, as the current folder (no kept answers
    from other tests: each command checks afresh)."""
    base = outside_repository(tmp_path)
    (base / "variants").mkdir()
    monkeypatch.chdir(base)
    monkeypatch.setenv("WORKBENCH_CACHE_DIR", "off")
    return base


def command(capsys, *argv) -> tuple[int, dict]:
    """Exit code and the one JSON object of ``workbench ARGV --format json``."""
    capsys.readouterr()
    code = main([*argv, "--format", "json"])
    out = capsys.readouterr().out
    return code, json.loads(out)


def located(report: dict, code: str) -> list[tuple[str, int, int]]:
    return [(Path(p["file"]).name, p["line"], p["column"]) for p in report["problems"] if p["code"] == code]


def published_document(path: Path, doc_id: str) -> str:
    """The text of one document of a published file (a designer's copy starts from it)."""
    for text in path.read_text().split("\n---\n"):
        if f"\nid: {doc_id}\n" in f"\n{text}\n":
            return text.strip() + "\n"
    raise AssertionError(f"no {doc_id} in {path}")


def line_of(path: Path, text: str) -> int:
    return next(i for i, line in enumerate(path.read_text().splitlines(), 1) if text in line)


# -- clean, then refused or crashing in play ------------------------------------------------------

def test_a_copied_rule_without_its_parameters_is_the_same_located_problem_in_validate_and_play(folder, capsys):
    rule = published_document(PUBLISHED / "dark-horse" / "game.yaml", "setup-from-reviews")
    start = rule.index("parameters:")
    mine = folder / "variants" / "setup.yaml"
    mine.write_text(rule[:start] + "parameters: {}\n")
    checked, report = command(capsys, "validate")
    played, refusal = command(capsys, "play", "dark-horse")
    # the rule declares dice_rolled, starting_goods, pieces_per_player and starting_city_min_gap
    # (README "Rules as data"): each missing one is told at the copy's `parameters:`
    where = ("setup.yaml", line_of(mine, "parameters:"), len("parameters: ") + 1)
    assert checked == played == 1
    assert located(report, "missing-parameter") == located(refusal, "missing-parameter") == [where] * 4
    assert all(p["file"].startswith("variants") for p in refusal["problems"])     # never the installed file


def test_a_card_of_unknown_type_in_a_played_deck_is_refused_by_validate_as_by_play(folder, capsys):
    card = published_document(PUBLISHED / "revolver" / "base-game.yaml", "cowboy")
    mine = folder / "variants" / "cowboy.yaml"
    mine.write_text(card.replace("type: character", "type: unknown"))
    checked, report = command(capsys, "validate")
    played, refusal = command(capsys, "play", "revolver")
    where = ("cowboy.yaml", line_of(mine, "type: unknown"), len("type: ") + 1)
    assert checked == played == 1
    assert located(report, "engine-requirement") == located(refusal, "engine-requirement") == [where]


def test_a_mystery_hex_with_unknown_options_is_a_located_problem_not_a_crash(folder, capsys):
    hex_type = published_document(PUBLISHED / "dark-horse" / "rebels-and-rogues" / "hex-types.yaml", "ghost-town")
    mine = folder / "variants" / "ghost-town.yaml"
    mine.write_text(hex_type[:hex_type.index("options:")] + "options: unknown\n")   # the schema allows it
    checked, report = command(capsys, "validate")
    played, refusal = command(capsys, "play", "dark-horse", "--scenario", "high-noon")
    where = ("ghost-town.yaml", line_of(mine, "options: unknown"), len("options: ") + 1)
    assert checked == played == 1                                                   # not 3, an internal error
    assert where in located(report, "engine-requirement")
    assert located(refusal, "engine-requirement") == [where]


# -- decks ---------------------------------------------------------------------------------------

DECK = """\
kind: deck
game: revolver
id: {id}
name: My deck
faction: mcready
rules: custom-decks
source: {{document: house-rule}}
"""


def test_an_empty_card_list_is_a_deck_of_no_cards_not_a_legal_deck(folder, capsys):
    (folder / "variants" / "deck.yaml").write_text(DECK.format(id="empty") + "cards: []\n")
    checked, report = command(capsys, "validate")
    deck, verdict = command(capsys, "deck", "check", "empty")
    played, _ = command(capsys, "play", "revolver", "--deck", "empty")
    assert checked == deck == played == 1
    assert (verdict["legal"], verdict["size"]) == (False, 0)                      # Module 2 A: 62 cards
    # one mistake, one problem: the size, in both
    assert [p["code"] for p in report["problems"]] == [p["code"] for p in verdict["problems"]] == ["deck-size"]


def published_base_cards_deck(folder: Path) -> Path:
    """A McReady deck of 62 legal by Module 2 that plays the published Deputy and Bounty Hunter,
    whose firepower the texts do not give (public-facts.md 2.8 names them, without values)."""
    mine = folder / "variants" / "my-deck.yaml"
    mine.write_text(DECK.format(id="lawmen") + "cards:\n  - {card: cowboy, count: 58}\n"
                    "  - {card: deputy, count: 2}\n  - {card: bounty-hunter, count: 2}\n")
    return mine


def test_a_deck_playing_published_cards_without_firepower_shows_every_problem_in_the_designers_folder(
        folder, capsys):
    mine = published_base_cards_deck(folder)
    checked, report = command(capsys, "validate")
    deck, verdict = command(capsys, "deck", "check", "lawmen")
    played, refusal = command(capsys, "play", "revolver", "--deck", "lawmen")
    expected = sorted([("my-deck.yaml", line_of(mine, "deputy"), 12), ("my-deck.yaml", line_of(mine, "bounty-hunter"), 12)])
    # a deck is played only when chosen: validate and deck check warn (the library plays without
    # it), play --deck refuses, with the same problems, as for a Dark Horse player count whose setup
    # cannot be made
    assert (checked, deck, played) == (0, 0, 1)
    for found, severity in ((report, "warning"), (verdict, "warning"), (refusal, "error")):
        assert sorted(located(found, "engine-requirement")) == expected     # both at once, at the deck's entries
        for problem in found["problems"]:
            assert problem["severity"] == severity
            assert "copy the card into a file of your own folder" in problem["hint"]
            assert "site-packages" not in problem["hint"] and str(PUBLISHED) not in problem["hint"]
    assert verdict["legal"] is True and verdict["playable"] is False
    # the fix the hint gives: copies of the two cards in the designer's own folder replace them
    copies = [published_document(PUBLISHED / "revolver" / "base-game.yaml", card).replace("copies: unknown\n", "")
              for card in ("deputy", "bounty-hunter")]
    copies = [c.replace("firepower: unknown", "firepower: 2") if "firepower:" in c else c + "firepower: 2\n"
              for c in copies]
    (folder / "variants" / "lawmen.yaml").write_text("---\n".join(copies))
    assert command(capsys, "validate")[1]["problems"] == command(capsys, "deck", "check", "lawmen")[1]["problems"] == []
    assert command(capsys, "play", "revolver", "--deck", "lawmen")[0] == 0


def test_an_unknown_card_is_one_problem(folder, capsys):
    (folder / "variants" / "deck.yaml").write_text(DECK.format(id="typo") + "cards:\n  - {card: cowboy, count: 61}\n"
                                                  "  - {card: cowbay, count: 1}\n")
    checked, report = command(capsys, "validate")
    deck, verdict = command(capsys, "deck", "check", "typo")
    assert checked == deck == 1
    assert [p["code"] for p in report["problems"]] == [p["code"] for p in verdict["problems"]] == ["unknown-card"]


def test_deck_check_of_a_file_sees_the_base_deck_beside_it(folder, capsys, monkeypatch):
    decks = folder / "decks"
    decks.mkdir()
    (decks / "base.yaml").write_text(DECK.format(id="my-base") + "cards:\n  - {card: cowboy, count: 62}\n")
    (decks / "my-deck.yaml").write_text(DECK.format(id="my-deck") + "base: my-base\n"
                                        "swaps:\n  - {out: cowboy, in: pinkerton-marshal}\n")
    monkeypatch.chdir(decks)
    checked, report = command(capsys, "validate", ".")
    deck, verdict = command(capsys, "deck", "check", "my-deck.yaml")
    assert checked == deck == 0 and report["problems"] == verdict["problems"] == []
    assert (verdict["legal"], verdict["size"]) == (True, 62)


# -- scope ---------------------------------------------------------------------------------------

def test_a_broken_deck_of_one_game_does_not_stop_another_game(folder, capsys):
    (folder / "variants" / "deck.yaml").write_text(DECK.format(id="typo") + "cards:\n  - {card: cowbay, count: 62}\n")
    checked, report = command(capsys, "validate")
    played, game = command(capsys, "play", "dark-horse", "--rounds", "1")
    refused, _ = command(capsys, "play", "revolver", "--deck", "typo")
    assert (checked, played, refused) == (1, 0, 1)
    assert [p["code"] for p in report["problems"]] == ["unknown-card"]
    assert game["events"] and any("1 error(s) in documents of other games" in n and "workbench validate" in n
                                  for n in game.get("notes", []))


def test_a_variant_that_makes_published_cards_unplayable_is_told_at_the_variant(folder, capsys):
    # `card_costs: discard-from-hand` is a house rule (README, Revolver): every card played then
    # needs a `cost:`, which most published cards do not give
    mine = folder / "variants" / "costs.yaml"
    mine.write_text("kind: variant\ngame: revolver\nid: my-costs\nname: Costs paid\nsource: {document: house-rule}\n"
                    "parameters:\n  card_costs: discard-from-hand\n")
    checked, report = command(capsys, "validate")
    played, refusal = command(capsys, "play", "revolver", "--variant", "my-costs")
    assert checked == played == 1
    found = located(report, "engine-requirement")
    assert found and set(found) == {("costs.yaml", 1, 1)} and found == located(refusal, "engine-requirement")
    assert all("with variant 'my-costs'" in p["message"] and "your own folder" in p["hint"] for p in report["problems"])


def test_of_several_overrides_the_one_that_breaks_a_published_unit_is_told(folder, capsys):
    # two of the published hex types replaced: the Resource Hex only renamed, the Non-Resource Hex
    # allowing a town instead of a city ("Only cities can be placed on this type of hex",
    # rulebook, Territory Map; it is the only one allowing a city). No starting city fits, so the
    # base game's setup fails, and the renamed Resource Hex, first in the file, is not why
    text = (PUBLISHED / "dark-horse" / "hex-types.yaml").read_text(encoding="utf-8").split("\n---\n")
    resource = next(t for t in text if "\nid: resource\n" in t).replace("name: Resource Hex", "name: Resource Hex (mine)")
    non_resource = next(t for t in text if "\nid: non-resource\n" in t).replace("allows: [city]", "allows: [town]")
    (folder / "variants" / "hexes.yaml").write_text(resource + "\n---\n" + non_resource + "\n", encoding="utf-8")
    allows = len((resource + "\n---\n").split("\n")) + non_resource.split("\n").index("allows: [town]")
    checked, validated = command(capsys, "validate")
    played, refused = command(capsys, "play", "dark-horse", "--seed", "1")
    base = [(Path(p["file"]).name, p["line"]) for p in validated["problems"]
            if p["code"] == "setup-impossible" and "Dark Horse: with 4 players" in p["message"]]
    assert checked == 1 and base == [("hexes.yaml", allows)]
    assert played == 1 and {(Path(p["file"]).name, p["line"]) for p in refused["problems"]
                            if p["code"] == "setup-impossible"} == {("hexes.yaml", allows)}


def test_a_published_map_an_override_breaks_is_told_at_it_by_validate_and_map_check(folder, capsys):
    # the Safe Zone allowing a city instead of a town (the rulebook's Territory Map: resource hexes,
    # safe zones among them, take only towns): a town the published map pre-places on a safe zone
    # is now misplaced, which `map check` refused at the published map while validate dropped it
    # (told at the override now, by both)
    import yaml

    text = (PUBLISHED / "dark-horse" / "hex-types.yaml").read_text(encoding="utf-8").split("\n---\n")
    safe_zone = next(t for t in text if "\nid: safe-zone\n" in t).replace("allows: [town]", "allows: [city]")
    (folder / "variants" / "safe-zone.yaml").write_text(safe_zone + "\n", encoding="utf-8")
    allows = 1 + safe_zone.split("\n").index("allows: [city]")
    territory = yaml.safe_load((PUBLISHED / "dark-horse" / "illustrative-territory.yaml").read_text(encoding="utf-8"))
    safe = {tuple(h["at"]) for h in territory["spaces"] if h.get("terrain") == "safe-zone"}
    towns = [p for p in territory["pieces"] if p.get("piece") == "town" and tuple(p["at"]) in safe]
    checked, validated = command(capsys, "validate")
    mapped, report = command(capsys, "map", "check", "illustrative-territory")
    assert checked == 1 and mapped == 1 and len(towns) == 1
    for found in (validated, report):
        assert [(p["code"], Path(p["file"]).name, p["line"]) for p in found["problems"]
                if p["severity"] == "error"] == [("town-on-resource", "safe-zone.yaml", allows)] * len(towns)
        assert all("illustrative-territory.yaml" in p["message"] for p in found["problems"])
