"""The command line as a designer meets it: every command run as a fresh process from a folder of
their own outside the repository, with good, bad and hostile arguments.

Expected values come from the rules texts or small independent computations here, never from
what the workbench printed.
"""
import json
import stat
from fractions import Fraction
from itertools import product
from math import comb
from pathlib import Path

import pytest

from clitools import EXAMPLES, PROBLEM_FIELDS, ROOT, assert_no_traceback, designer_folder, outside_repository, run

CORPUS = ROOT / "tests" / "corpus"

MY_DECK = """\
kind: deck
game: revolver
id: my-deck
name: My deck
faction: mcready
base: illustrative-mcready-base
rules: custom-decks
source: {document: house-rule}
swaps:
  - {out: apache-scout, in: hidden-sniper}
"""


OPEN_RANGE = """\
kind: map
game: dark-horse
id: open-range
name: Open range
source: {document: house-rule}
geometry: hex
shape: {shape: hexagon, radius: 3, terrain: non-resource}
pieces:
  - {piece: mystery-hex, hex_type: buffalo-herd, at: [-1, 1]}
"""


@pytest.fixture
def home(tmp_path):
    """A designer's folder with a working library (a copy of the example house rules), a deck
    file and a map file of their own."""
    folder = designer_folder(tmp_path / "designer")
    (folder / "my-deck.yaml").write_text(MY_DECK)
    (folder / "open-range.yaml").write_text(OPEN_RANGE)
    return folder


@pytest.fixture
def bare(tmp_path):
    """A folder with nothing in it: no variants/."""
    folder = outside_repository(tmp_path / "bare")
    folder.mkdir()
    return folder


# -- which content a command sees ------------------------------------------------------------

def test_validate_without_a_path_checks_the_working_library(home):
    (home / "variants" / "broken.yaml").write_text("kind: card\ngame: revolver\nid: Bad Id\nname: x\n")
    result = run("validate", cwd=home)
    assert result.code == 1 and "broken.yaml:3:5: error schema:" in result.out
    checked = len(list((home / "variants").rglob("*.yaml")))
    assert f"checked {checked} file(s)" in result.out
    assert "checked the working library variants/" in result.err


def test_validate_without_a_path_or_variants_says_what_it_checked(bare):
    result = run("validate", cwd=bare)
    # no errors; the only warnings are the documented setup-impossible ones (Wild Wild West's
    # illustrative map holds its Safe Zone first cities for 2 players, README "Rules conformance")
    # and the two Mystery Hex effects, the base game's two special roles and the seven printed Hunt the
    # Man Down card effects the engine does not play (README "Effects", "The whole game of Revolver"),
    # and the four Rebels & Rogues scenarios none of whose end triggers is reachable (the base game's
    # building, production and Influence spaces are unknown in the texts: no-end-trigger)
    assert result.code == 0 and ": 0 error(s), 17 warning(s)" in result.out
    assert sorted(line.split(": ")[1].split(":")[0] for line in result.out.splitlines() if ": warning " in line) \
        == ["warning no-end-trigger"] * 4 + ["warning not-played"] * 11 + ["warning setup-impossible"] * 2
    assert "no variants/ folder here" in result.err and "checked the published games" in result.err
    published = sum(1 for folder in ("dark-horse", "revolver", "western-legends")
                    for _ in (ROOT / "variants" / folder).rglob("*.yaml"))
    assert f"checked {published} file(s)" in result.out  # the three games, not the examples


def test_a_copied_example_validates_against_published_without_duplicates(bare):
    (bare / "telegraph-office.yaml").write_text((EXAMPLES / "telegraph-office.yaml").read_text())
    for args in (["telegraph-office.yaml", "--library", "published"], ["telegraph-office.yaml"]):
        result = run("validate", *args, cwd=bare)
        assert result.code == 0, result.out
        assert "checked 1 file(s), 1 document(s): no problems" in result.out


def test_references_resolve_into_the_published_games_from_any_folder(bare):
    (bare / "mine.yaml").write_text("kind: scenario\ngame: dark-horse\nid: my-night\nname: My Night\n"
                                    "source: {document: house-rule}\naction_spaces: [marshal, salon]\n")
    result = run("validate", "mine.yaml", "--format", "json", cwd=bare)
    assert result.code == 1
    [problem] = result.json()["problems"]
    assert (problem["code"], problem["line"], problem["hint"]) == ("unknown-ref", 6, "did you mean 'saloon'?")


def test_a_library_folder_adds_to_the_published_games(home, tmp_path):
    extra = outside_repository(tmp_path / "extra")
    extra.mkdir()
    (extra / "space.yaml").write_text((EXAMPLES / "telegraph-office.yaml").read_text()
                                      .replace("id: telegraph-office", "id: telephone-office"))
    (home / "scenario.yaml").write_text("kind: scenario\ngame: dark-horse\nid: wired\nname: Wired\n"
                                        "source: {document: house-rule}\naction_spaces: [telephone-office, saloon]\n")
    assert run("validate", "scenario.yaml", cwd=home).code == 1                          # not there alone
    assert run("validate", "scenario.yaml", "--library", str(extra), cwd=home).code == 0  # added, and saloon still known


def test_the_designers_copy_of_a_published_document_replaces_it(bare):
    """A published scenario copied and changed is a house rule, not a duplicate id."""
    import yaml
    scenarios = (ROOT / "variants" / "dark-horse" / "rebels-and-rogues" / "scenarios.yaml").read_text().split("\n---\n")
    [high_noon] = [s for s in scenarios if "\nid: high-noon\n" in f"\n{s}\n"]
    (bare / "variants").mkdir()
    (bare / "variants" / "high-noon.yaml").write_text(high_noon.replace("name: High Noon", "name: High Noon at Dusk"))
    assert yaml.safe_load(high_noon)["name"] == "High Noon"
    assert run("validate", cwd=bare).code == 0
    listing = run("list", "--kind", "scenario", "--format", "json", cwd=bare).json()
    [mine] = [d for d in listing["documents"] if d["id"] == "high-noon"]
    assert (mine["name"], mine["file"]) == ("High Noon at Dusk", str(Path("variants") / "high-noon.yaml"))


def test_a_copy_that_declares_a_game_is_that_whole_game(bare):
    """A copy of a published game (its game document included) stands alone: a document removed
    from it stays removed. --no-published leaves the published games out of any folder."""
    import shutil
    shutil.copytree(ROOT / "variants" / "dark-horse", bare / "variants" / "dark-horse")
    (bare / "variants" / "dark-horse" / "rebels-and-rogues" / "action-spaces.yaml").unlink()  # marshal was there
    (bare / "scenario.yaml").write_text("kind: scenario\ngame: dark-horse\nid: mine\nname: Mine\n"
                                        "source: {document: house-rule}\naction_spaces: [marshal]\n")
    removed = run("validate", "scenario.yaml", "--format", "json", cwd=bare)
    assert removed.code == 1 and [(p["code"], p["line"]) for p in removed.json()["problems"]] == [("unknown-ref", 6)]
    house_rules = outside_repository(bare / "house-rules")
    house_rules.mkdir()
    (house_rules / "scenario.yaml").write_text((bare / "scenario.yaml").read_text())
    assert run("validate", "scenario.yaml", cwd=house_rules).code == 0              # marshal: a published space
    alone = run("validate", "scenario.yaml", "--no-published", "--format", "json", cwd=house_rules)
    assert alone.code == 1 and "unknown-ref" in {p["code"] for p in alone.json()["problems"]}
    nothing = run("validate", "--no-published", cwd=house_rules)
    assert nothing.code == 2 and "nothing to check" in nothing.err


def test_hidden_files_are_not_content(bare):
    (bare / ".pre-commit-config.yaml").write_text("repos: []\n")
    (bare / "house-rules").mkdir()
    (bare / "house-rules" / "space.yaml").write_text((EXAMPLES / "telegraph-office.yaml").read_text())
    result = run("validate", ".", cwd=bare)
    assert result.code == 0 and "checked 1 file(s)" in result.out


def test_the_pre_commit_hooks_documented_default_works_on_a_fresh_house_rules_repository(bare):
    import yaml
    [hook] = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text())
    assert hook["entry"].split() == ["workbench", "validate"] and hook["pass_filenames"] is False
    (bare / ".pre-commit-config.yaml").write_text("repos:\n  - repo: local\n    hooks: []\n")
    (bare / "iron-horse.yaml").write_text((EXAMPLES / "iron-horse-politics.yaml").read_text())
    (bare / "telegraph-office.yaml").write_text((EXAMPLES / "telegraph-office.yaml").read_text())
    result = run("validate", *hook.get("args", []), cwd=bare)
    # clean: no error; Iron Horse Politics, on the published spaces, cannot end by a trigger (a warning)
    assert result.code == 0 and "checked 2 file(s), 2 document(s): 0 error(s), 1 warning" in result.out
    assert "warning no-end-trigger" in result.out
    (bare / "iron-horse.yaml").write_text((EXAMPLES / "iron-horse-politics.yaml").read_text().replace("telegraph-office", "telegraf"))
    assert run("validate", *hook.get("args", []), cwd=bare).code == 1


# -- every command, from a designer's folder -----------------------------------------------------

def test_list(home):
    result = run("list", "--game", "dark-horse", "--kind", "scenario", cwd=home)
    assert result.code == 0
    lines = result.out.splitlines()
    assert lines[0].split()[:3] == ["NAME", "KIND", "ID"]
    assert any(line.startswith("Iron Horse Politics") for line in lines)      # the working library
    assert any(line.startswith("High Noon") for line in lines)                # the published games
    assert lines[-1] == "5 document(s)"  # four published scenarios and the example


def test_map_commands(home):
    check = run("map", "check", "illustrative-territory", cwd=home)
    assert check.code == 0 and "no problems" in check.out
    legal = run("map", "legal", "illustrative-territory", "--player", "red", "--piece", "improved-town",
                "--resource", "ore", cwd=home)
    assert legal.code == 0 and "red may place an improved town on" in legal.out
    # the rulebook's numbering: 1 north; the Buffalo Herd at -1,1 moves north to -1,0
    move = run("map", "move", "open-range.yaml", "--hex", "-1,1", "--roll", "1", "--format", "json", cwd=home)
    assert move.code == 0 and (move.json()["from"], move.json()["to"]) == ([-1, 1], [-1, 0])
    face_down = run("map", "move", "illustrative-territory", "--hex", "-3,3", "--roll", "1", cwd=home)
    assert face_down.code == 2 and "face down" in face_down.err  # the Native American there is not yet flipped


def test_map_odds_after_one_move_by_hand(home):
    """From -1,1 on an empty radius-3 map every direction is legal (no town, city or mystery hex
    next to it, none off the board), so each neighbour gets 1/6 and the hex never stays."""
    result = run("map", "odds", "open-range.yaml", "--hex", "-1,1", "--moves", "1", "--format", "json", cwd=home)
    assert result.code == 0
    rows = {tuple(r["hex"]): Fraction(r["fraction"]) for r in result.json()["distribution"]}
    assert rows == {(q, r): Fraction(1, 6) for q, r in [(-1, 0), (0, 0), (0, 1), (-1, 2), (-2, 2), (-2, 1)]}
    text = run("map", "odds", "open-range.yaml", "--hex", "-1,1", "--moves", "50", cwd=home)
    assert text.code == 0 and "%" in text.out and "/" not in text.out  # percentages, no 75-digit fractions


def test_map_draw_and_layout_write_files_with_the_umask(home):
    draw = run("map", "draw", "illustrative-territory", "-o", "map.svg", "--player", "red", cwd=home, umask=0o027)
    assert draw.code == 0 and (home / "map.svg").read_text().lstrip().startswith(("<?xml", "<svg"))
    layout = run("map", "layout", "illustrative-territory", "--seed", "7", "-o", "layout.yaml", cwd=home, umask=0o022)
    assert layout.code == 0 and run("validate", "layout.yaml", cwd=home).code == 0
    assert stat.S_IMODE((home / "map.svg").stat().st_mode) == 0o640
    assert stat.S_IMODE((home / "layout.yaml").stat().st_mode) == 0o644
    assert not list(home.glob(".*.tmp"))


def test_deck_commands(home):
    check = run("deck", "check", "my-deck.yaml", cwd=home)
    assert check.code == 0, check.out          # legal: a swap of an expansion card for a base card
    assert "deck my-deck: 62 cards, legal" in check.out
    odds = run("deck", "odds", "my-deck.yaml", "--card", "Placeholder McReady firepower card", "--draws", "8",
               "--at-least", "2", "--format", "json", cwd=home).json()
    # 19 firepower placeholders in 62 cards, 8 drawn (hypergeometric, computed here)
    none = Fraction(comb(43, 8), comb(62, 8))
    one = Fraction(19 * comb(43, 7), comb(62, 8))
    assert Fraction(odds["fractions"]["at_least_one"]) == 1 - none
    assert Fraction(odds["fractions"]["at_least_k"]) == 1 - none - one
    stats = run("deck", "stats", "my-deck.yaml", "--format", "json", cwd=home).json()
    assert stats["size"] == 62 and stats["by_source"]["expansion"] == 1
    export = run("deck", "export", "my-deck.yaml", "-o", "deck.csv", cwd=home, umask=0o022)
    assert export.code == 0 and stat.S_IMODE((home / "deck.csv").stat().st_mode) == 0o644


def test_deck_whose_base_list_is_unknown_is_a_content_problem(home):
    odds = run("deck", "odds", "mcready-sharpshooters", "--card", "pinkerton-marshal", "--draws", "5", "--format", "json",
               cwd=home)
    assert odds.code == 1      # its cards are not known: what `play --deck` refuses it with, and validate notes
    assert [p["code"] for p in odds.json()["problems"]] == ["deck-list-unknown"]


def _round(a_dice: int, b_dice: int) -> tuple[Fraction, Fraction]:
    """P(A wins a round), P(draw): a roll 2 or more above the other's wins (Rebels & Rogues)."""
    wins = draws = total = 0
    for a in product(range(1, 7), repeat=a_dice):
        for b in product(range(1, 7), repeat=b_dice):
            d = sum(a) - sum(b)
            total += 1
            wins += d >= 2
            draws += -2 < d < 2
    return Fraction(wins, total), Fraction(draws, total)


def test_gunfight_exact_odds_by_hand(bare):
    result = run("gunfight", "--a", "combat=2", "--b", "combat=2", "--format", "json", cwd=bare)
    assert result.code == 0
    win, draw = _round(2, 2)
    # two rounds at most: a win in the first, or a draw and then a win; a draw after both
    fractions = result.json()["fractions"]["outcomes"]
    assert Fraction(fractions["a_wins"]) == win + draw * win == Fraction(fractions["b_wins"])
    assert Fraction(fractions["draw"]) == draw * draw
    text = run("gunfight", "--a", "marshal-token", "--b", "combat=2,duel=1,weak-kneed,wounds=1", cwd=bare)
    assert text.code == 0 and "Marshal" in text.out and "%" in text.out and "/" not in text.out.split("\n", 1)[1]


def test_a_house_rule_variant_from_the_working_library_changes_the_odds(home):
    """deadlier-gunfights (an example in the working library) wins on a margin of 1: for 2 dice
    against 2 the first round alone gives more wins than the published margin of 2."""
    published = run("gunfight", "--a", "combat=2", "--b", "combat=2", "--format", "json", cwd=home).json()
    deadlier = run("gunfight", "--a", "combat=2", "--b", "combat=2", "--variant", "deadlier-gunfights", "--format",
                   "json", cwd=home).json()
    wins = sum(1 for a in product(range(1, 7), repeat=2) for b in product(range(1, 7), repeat=2) if sum(a) - sum(b) >= 1)
    assert Fraction(deadlier["fractions"]["outcomes"]["a_wins"]) >= Fraction(wins, 6 ** 4)
    assert deadlier["outcomes"]["a_wins"] > published["outcomes"]["a_wins"]
    by_name = run("gunfight", "--a", "combat=2", "--b", "combat=2", "--set", "win_margin=1", "--format", "json", cwd=home)
    assert by_name.code == 0 and by_name.json()["outcomes"]["a_wins"] > published["outcomes"]["a_wins"]


def test_unknowns(bare):
    result = run("unknowns", "--game", "dark-horse", "--format", "json", cwd=bare)
    assert result.code == 0 and result.json()["unknowns"]
    assert run("unknowns", "--game", "dark-hors", cwd=bare).code == 2


def test_gunfight_matrix(bare):
    result = run("gunfight", "--matrix", "--scenario", "wild-wild-west", "--format", "json", cwd=bare)
    assert result.code == 0 and set(result.json()["a_wins"]) == {"wanted-token", "outlaw-town"}


@pytest.mark.parametrize("game", ["western-legends", "dark-horse"])
def test_a_log_file_does_not_change_what_is_printed(home, game):
    # issue 25: with --log the audit's state deltas ("delta path /players/...") reached the screen
    args = ["play", game, "--seed", "1", "--players", "2", "--rounds", "2"]
    plain, logged = run(*args, cwd=home), run(*args, "--log", f"{game}.jsonl", cwd=home)
    assert plain.code == logged.code == 0 and plain.out == logged.out and "delta" not in logged.out
    assert all("delta" in json.loads(line) for line in (home / f"{game}.jsonl").read_text().splitlines())


def test_play_both_games(home, tmp_path):
    dark = run("play", "dark-horse", "--scenario", "iron-horse-politics", "--players", "2", "--rounds", "1",
               "--seed", "3", "--log", "game.jsonl", cwd=home)
    assert dark.code == 0 and dark.out.startswith("Dark Horse, scenario Iron Horse Politics")
    events = [json.loads(line) for line in (home / "game.jsonl").read_text().splitlines()]
    assert events[0]["event"] == "start" and events[-1]["event"] == "end"
    western = run("play", "western-legends", "--players", "2", "--seed", "1", "--rounds", "2", "--format", "json",
                  cwd=home)
    report = western.json()
    assert western.code == 0 and report["events"][0]["event"] == "start" and report["length"] == "short"
    text = run("play", "western-legends", "--players", "3", "--seed", "5", "--rounds", "2", cwd=home).out
    assert "None" not in text and "{'" not in text and "['" not in text


def test_the_play_log_names_spaces_and_characters_not_ids(home):
    # issue 39: the command line's log read "places 5 on sheriffs-office", where a designer reads names
    import re
    import yaml
    spaces = {}
    for path in (ROOT / "variants" / "dark-horse").rglob("*.yaml"):
        for doc in yaml.safe_load_all(path.read_text()):
            if isinstance(doc, dict) and doc.get("kind") in ("action_space", "character"):
                spaces[doc["id"]] = doc["name"]
    out = run("play", "dark-horse", "--scenario", "high-noon", "--players", "3", "--rounds", "2", "--seed", "3",
              cwd=home).out
    placed = re.findall(r" places [0-9+]+ on (.+?)(?: \(with|$)", out, re.M)
    collected = re.findall(r" collects (.+?): ", out)
    assert placed and collected
    assert set(placed + collected) <= set(spaces.values()), set(placed + collected) - set(spaces.values())
    assert out.startswith("Dark Horse, scenario High Noon,")
    # issue 39: "(the limit given)" was said when no limit was given
    default = run("play", "dark-horse", "--scenario", "high-noon", "--players", "2", "--seed", "3", cwd=home).out
    assert "(the limit given)" not in default and "round(s) played (the declared length)" in default
    assert "round(s) played (the declared length, given)" in out


def test_poker_commands(bare):
    rank = run("poker", "rank", "AS", "KS", "QS", "JS", "10S", cwd=bare)
    assert rank.code == 0 and rank.out.strip().endswith("royal flush")
    compare = run("poker", "compare", "AS,AD,5C,6D,7H", "KH,KC,2S,3S,9D", cwd=bare)  # a pair of aces beats kings
    assert compare.code == 0 and "the first hand wins" in compare.out and "hand 0" not in compare.out
    odds = run("poker", "odds", "--hand", "AS,AD", "--flop", "7C,8D,KS", "--format", "json", cwd=bare).json()
    assert odds["exact"] and 0 < Fraction(odds["fraction"]) < 1 and odds["p_win"] == float(Fraction(odds["fraction"]))


# -- usage errors: exit 2, a reason, no traceback ------------------------------------------------

USAGE = [
    (["gunfight", "--a", "combat=-1", "--b", "combat=2"], "combat must be a whole number from 0 to"),
    (["gunfight", "--a", "combat=2"], "give both --a and --b"),
    (["gunfight", "--a", "marshal-tokn", "--b", "combat=1"], "did you mean 'marshal-token'"),
    (["gunfight", "--a", "combat=1", "--b", "combat=1", "--seed", "3"], "--seed is for --simulate"),
    (["gunfight", "--matrix", "--scenario", "hi-noon"], "did you mean 'high-noon'"),
    (["poker", "odds", "--hand", "AS,AD", "--flop", "AS,8D,KS"], "AS is given 2 times"),
    (["poker", "rank", "AS", "AS", "QS", "JS", "10S"], "AS is given 2 times"),
    (["poker", "rank", "XX"], "cannot read the card"),
    (["poker", "odds", "--hand", "AS,AD", "--flop", "7C,8D"], "the flop is 3 cards"),
    (["play", "dark-horse", "--rounds", "0"], "must be from 1 to 500, not 0"),
    (["play", "dark-horse", "--rounds", "-1"], "must be from 1 to 500, not -1"),
    (["play", "dark-horse", "--players", "9"], "--players must be from 1 to 4"),
    (["play", "dark-horse", "--scenario", "high-noon", "--players", "1"], "from 2 to 4"),
    (["play", "dark-horse", "--length", "long"], "--length does not apply to dark-horse"),
    (["play", "western-legends", "--scenario", "high-noon"], "--scenario does not apply to western-legends"),
    (["play", "western-legends", "--length", "shrt"], "did you mean 'short'"),
    (["play", "revolver-prison"], "no game with a turn engine 'revolver-prison'"),
    (["play", "revolver", "--scenario", "x"], "--scenario does not apply to revolver"),
    (["gunfight", "--a", "combat=2", "--b", "combat=2", "--variant", "deadlier-gunfght"], "did you mean 'deadlier-gunfights'"),
    (["gunfight", "--a", "combat=2", "--b", "combat=2", "--set", "win_margn=3"], "did you mean 'win_margin'"),
    (["play", "western-legends", "--variant", "deadlier-gunfights"], "no variant 'deadlier-gunfights' in western-legends"),
    (["play", "western-legends", "--hire", "red=sam-bass"], "--hire does not apply to western-legends"),
    (["play", "dark-horse", "--hire", "red=sam-bas"], "did you mean 'sam-bass'"),
    (["play", "dark-horse", "--bots", "clever"], "no bot 'clever'"),
    (["map", "odds", "illustrative-territory", "--hex", "9,9"], "9,9 is not on the map"),
    (["map", "odds", "illustrative-territory", "--hex", "0,0"], "no mystery hex at [0, 0]"),
    (["map", "legal", "illustrative-territory", "--player", "green", "--piece", "town"], "no player 'green'"),
    (["map", "check", "illustrative-teritory"], "did you mean 'illustrative-territory'"),
    (["map", "move", "illustrative-territory", "--hex", "3,0", "--roll", "4", "--reroll", "2"], "leave out --reroll"),
    (["map", "draw", "illustrative-territory", "-o", "missing/folder/map.svg"], "no such folder: missing/folder"),
    (["map", "layout", "illustrative-territory", "--seed", "1", "-o", "missing/l.yaml"], "no such folder: missing"),
    (["deck", "export", "my-deck.yaml", "-o", "nowhere/deck.csv"], "no such folder: nowhere"),
    (["deck", "odds", "my-deck.yaml", "--card", "Hiden Sniper", "--draws", "3"], "did you mean 'Hidden Sniper'"),
    (["deck", "odds", "my-deck.yaml", "--card", "hidden-sniper", "--draws", "99"], "from 0 to the deck's 62 cards"),
    (["play", "dark-horse", "--log", "no/such/game.jsonl"], "no such folder: no/such"),
    (["validate", "does/not/exist"], "no such file or folder"),
    (["validate", "--bogus"], "unrecognized arguments: --bogus (see 'workbench validate --help')"),
    (["map", "check", "illustrative-territory", "--nope"], "unrecognized arguments: --nope (see 'workbench map check --help')"),
    (["--format", "json"], "the command comes first, before --format"),
    (["map", "--format", "json"], "the action comes first, before --format"),
    (["validate", "--form", "json"], "unrecognized arguments"),
    (["frobnicate"], "invalid choice"),
    ([], "the following arguments are required"),
]


@pytest.mark.parametrize("args, reason", USAGE, ids=[" ".join(a)[:60] or "nothing" for a, _ in USAGE])
def test_usage_errors_exit_2_with_a_reason(home, args, reason):
    result = run(*args, cwd=home)
    assert_no_traceback(result)
    assert result.code == 2, result.out + result.err
    assert reason in result.err
    assert not list(home.rglob(".*.tmp"))


def test_a_coordinate_may_start_with_a_dash_in_every_spelling(home):
    for args in (["--hex", "-1,1"], ["--hex=-1,1"], ["--hex", "-1, 1"]):
        result = run("map", "odds", "open-range.yaml", *args, "--format", "json", cwd=home)
        assert result.code == 0 and result.json()["from"] == [-1, 1]


def test_map_check_exits_0_on_warnings_alone(home):
    # a space listed twice is a warning (the second entry changes what the first said)
    (home / "quiet.yaml").write_text(OPEN_RANGE.replace("id: open-range", "id: quiet")
                                     + "spaces:\n  - {at: [1, 1], terrain: resource, resource: ore}\n"
                                       "  - {at: [1, 1], terrain: resource, resource: wood}\n")
    result = run("map", "check", "quiet.yaml", "--format", "json", cwd=home)
    problems = result.json()["problems"]
    assert problems and {p["severity"] for p in problems} == {"warning"}
    assert result.code == 0


# -- the JSON contract ---------------------------------------------------------------------------

JSON_CASES = [
    (["validate"], 0), (["validate", "broken-deck.yaml"], 1), (["validate", "--bogus"], 2), (["list"], 0),
    (["map", "check", "broken-map.yaml"], 1), (["map", "check", "nope"], 2), (["map", "odds", "open-range.yaml",
                                                                               "--hex", "-1,1"], 0),
    (["deck", "check", "broken-deck.yaml"], 1), (["deck", "check", "my-deck.yaml"], 0), (["deck", "stats", "my-deck.yaml"], 0),
    (["gunfight", "--a", "combat=-1", "--b", "combat=1"], 2), (["gunfight", "--matrix"], 0),
    (["play", "western-legends", "--players", "2", "--rounds", "1"], 0), (["play", "dark-horse", "--players", "9"], 2),
    (["poker", "rank", "AS", "AS"], 2), (["poker", "compare", "AS", "KS"], 0), (["poker"], 2), (["--help"], 0),
    (["map", "--help"], 0), ([], 2),
]


@pytest.mark.parametrize("args, code", JSON_CASES, ids=[" ".join(a)[:50] or "nothing" for a, _ in JSON_CASES])
def test_json_is_exactly_one_object_in_every_case(home, args, code):
    (home / "broken-deck.yaml").write_text(MY_DECK.replace("faction: mcready", "faction: [mcready]"))
    (home / "broken-map.yaml").write_text("kind: map\ngame: dark-horse\nid: broken\nname: Broken\ngeometry: hexx\n"
                                          "source: {document: house-rule}\n")
    result = run(*args, "--format", "json", cwd=home)
    assert_no_traceback(result)
    assert result.code == code, result.err
    report = result.json()
    assert report["exit_code"] == code and isinstance(report["command"], str)
    for problem in report["problems"]:
        assert PROBLEM_FIELDS <= set(problem), problem
    if code == 1:  # content problems, located
        assert any(p["file"] and p["line"] for p in report["problems"])
    if code == 2:
        assert [p["code"] for p in report["problems"]] in (["usage"], ["not-found"])


def test_the_problem_shape_is_one_everywhere(home):
    (home / "crowded.yaml").write_text((CORPUS / "maps" / "crowded-frontier.yaml").read_text())
    shapes = []
    for args in (["map", "check", "crowded.yaml", "--scenario", "wild-wild-west"],
                 ["deck", "check", "mcready-sharpshooters"], ["validate", str(CORPUS / "negative" / "schema-errors")]):
        report = run(*args, "--format", "json", cwd=home).json()
        assert report["exit_code"] in (0, 1) and report["problems"]  # the example deck: warnings only
        shapes += [set(p) for p in report["problems"]]
    assert all(PROBLEM_FIELDS <= shape for shape in shapes)
    map_report = run("map", "check", "crowded.yaml", "--scenario", "wild-wild-west", "--format", "json", cwd=home).json()
    # typed fields beside the common ones: the rules text's "town on a non-resource hex" at -3,0
    assert {"code": "town-on-resource", "hex": [-3, 0], "player": "blue", "piece": "town"}.items() <= \
        next(p for p in map_report["problems"] if p["code"] == "town-on-resource").items()


# -- internal errors -------------------------------------------------------------------------------

def test_an_internal_error_says_please_report_and_hides_the_traceback_unless_asked(monkeypatch, capsys):
    from workbench import cli
    from workbench.cli import content

    def broken(args, rep):
        raise KeyError("boom")  # a bug, not a usage error: no "no scenario" disguise

    monkeypatch.setattr(content, "cmd_validate", broken)
    assert cli.main(["validate"]) == 3
    err = capsys.readouterr().err
    assert "internal error, please report: KeyError" in err and "Traceback" not in err and "--debug" in err
    assert cli.main(["validate", "--debug"]) == 3
    assert "Traceback" in capsys.readouterr().err
    assert cli.main(["validate", "--format", "json"]) == 3
    report = json.loads(capsys.readouterr().out)
    assert report["exit_code"] == 3 and report["problems"][0]["code"] == "internal-error"


def test_a_closed_pipe_is_not_an_error(bare):
    import subprocess
    import sys
    proc = subprocess.run(f"{sys.executable} -m workbench list | head -1", shell=True, cwd=bare, capture_output=True,
                          text=True)
    assert proc.stdout.startswith("NAME") and "Traceback" not in proc.stderr


def test_module_and_console_script_agree(bare):
    import subprocess
    import sys
    script = Path(sys.executable).parent / "workbench"
    a = subprocess.run([str(script), "poker", "rank", "AS", "KS"], capture_output=True, text=True, cwd=bare)
    b = run("poker", "rank", "AS", "KS", cwd=bare)
    assert (a.returncode, a.stdout) == (b.code, b.out) and a.returncode == 0


# -- the validator's report ------------------------------------------------------------------------

def test_clean_content_exits_0(bare):
    result = run("validate", str(CORPUS / "positive"), cwd=bare)
    # no error; the one warning is the scenario's that cannot end by a trigger on the published spaces
    assert result.code == 0 and " 0 error(s), 1 warning" in result.out and "warning no-end-trigger" in result.out


def test_content_problems_exit_1_with_file_line_column(bare):
    result = run("validate", str(CORPUS / "negative" / "duplicate-key-nested"), cwd=bare)
    assert result.code == 1
    assert "card.yaml:7:3: error duplicate-key:" in result.out and "hint:" in result.out


def test_every_negative_case_is_reported_without_traceback(bare):
    result = run("validate", str(CORPUS / "negative"), cwd=bare)
    assert result.code == 1
    assert_no_traceback(result)


def test_a_file_inside_a_given_folder_is_loaded_once(bare):
    folder = CORPUS / "positive" / "minimal-card"
    result = run("validate", str(folder), str(folder / "card.yaml"), cwd=bare)
    assert result.code == 0 and "checked 1 file(s), 1 document(s): no problems" in result.out


def test_validate_json_counts_and_paths(bare):
    report = run("validate", "--format", "json", str(CORPUS / "negative" / "schema-errors"), cwd=bare).json()
    assert report["checked"] == {"files": 1, "documents": 1} and report["exit_code"] == 1
    assert any(p["path"] == "$.options[0].cost.silver" for p in report["problems"])
