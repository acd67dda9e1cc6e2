"""One rules object, passed explicitly (issue 21, issue 25): on a designer's own library the
notebook panels and the CLI give the same gunfight, poker and map answers, and those answers are
the designer's rules, not the published ones (no published fallback anywhere)."""
import json
import shutil
from pathlib import Path

import pytest

from workbench.cli import main

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def designer(tmp_path_factory):
    """A copy of the shipped library whose designer set win_margin 4, flop_cards 4 and
    min_city_distance 4 where the rules declare them."""
    folder = tmp_path_factory.mktemp("designer") / "library"
    shutil.copytree(ROOT / "variants", folder)
    for relative, before, after in (("dark-horse/rebels-and-rogues/rules.yaml", "  win_margin: 2", "  win_margin: 4"),
                                    ("western-legends/game.yaml", "  flop_cards: 3", "  flop_cards: 4"),
                                    ("dark-horse/game.yaml", "  min_city_distance: 3", "  min_city_distance: 4"),
                                    ("dark-horse/illustrative-territory.yaml", "  min_city_distance: 3",
                                     "  min_city_distance: 4")):
        path = folder / relative
        text = path.read_text()
        assert text.count(before) == 1, (relative, before)
        path.write_text(text.replace(before, after))
    return folder


def cli(capsys, monkeypatch, tmp_path, *args):
    monkeypatch.chdir(tmp_path)          # a designer's folder, outside the repository
    code = main([*args, "--format", "json"])
    out = capsys.readouterr().out
    return code, json.loads(out)


def test_gunfight_notebook_and_cli_agree_on_a_designer_library(designer, capsys, monkeypatch, tmp_path):
    from workbench.notebook.common import library
    from workbench.notebook.odds_lab import OddsLab, gunfight_table, win_matrix

    args = ["gunfight", "--a", "combat=2,duel=2,tough", "--b", "combat=2"]
    code, mine = cli(capsys, monkeypatch, tmp_path, *args, "--library", str(designer), "--no-published")
    assert code == 0
    _, published = cli(capsys, monkeypatch, tmp_path, *args)
    lab = OddsLab(library([designer]))
    assert lab.rules.win_margin == 4
    sides = [lab.sides[0].parse("combat=2,duel=2,tough", "a"), lab.sides[0].parse("combat=2", "b")]
    panel = win_matrix(sides, lab.rules)["a"]["b"]
    assert str(panel) == mine["fractions"]["outcomes"]["a_wins"] != published["fractions"]["outcomes"]["a_wins"]
    assert f"exactly {panel.numerator}/{panel.denominator}" in gunfight_table(sides, lab.library, lab.rules)


def test_a_gunfight_needs_its_rules():
    from workbench.games.dark_horse.gunfight import Side, exact_odds
    with pytest.raises(TypeError):
        exact_odds(Side(combat=1), Side(combat=1))          # no published default behind the caller's back
    with pytest.raises(TypeError, match="GunfightRules"):
        exact_odds(Side(combat=1), Side(combat=1), None)


def test_poker_odds_read_the_flop_from_the_ruleset(designer, capsys, monkeypatch, tmp_path):
    # flop_cards: 4 in the designer's rules: a flop of four cards is the flop (it read `flop`,
    # which no document declares, and wanted 3)
    args = ["poker", "odds", "--hand", "AH,AS", "--flop", "KH,KD,KC,2S"]
    code, mine = cli(capsys, monkeypatch, tmp_path, *args, "--library", str(designer), "--no-published")
    assert code == 0 and mine["exact"]
    assert main(args) == 2 and "the flop is 3 cards" in capsys.readouterr().err
    # the exact chance, by an independent count: every dealer hand of four unseen cards, each
    # hand the flop and up to two of its own cards, ties to the active player
    from itertools import combinations

    from workbench.games.western_legends.poker import best_saloon_hand, deck_from_library
    from workbench.notebook.common import library
    lib = library([designer])
    deck = [c for c in deck_from_library(lib) if c not in ("AH", "AS", "KH", "KD", "KC", "2S")]
    flop = ["KH", "KD", "KC", "2S"]
    mine_hand = best_saloon_hand(["AH", "AS"], flop, max_from_hand=2)
    wins = total = 0
    for dealer in combinations(deck, 4):
        total += 1
        wins += not (best_saloon_hand(list(dealer), flop, max_from_hand=2) > mine_hand)
    from fractions import Fraction
    assert Fraction(mine["fraction"]) == Fraction(wins, total)


def test_map_answers_notebook_and_cli_agree_on_a_designer_library(designer, capsys, monkeypatch, tmp_path):
    from workbench.notebook.common import library
    from workbench.notebook.map_explorer import MapExplorer

    args = ["map", "legal", "illustrative-territory", "--player", "red", "--piece", "city"]
    code, mine = cli(capsys, monkeypatch, tmp_path, *args, "--library", str(designer), "--no-published")
    _, published = cli(capsys, monkeypatch, tmp_path, *args)
    explorer = MapExplorer(library([designer]), "illustrative-territory")
    panel = sorted(list(h) for h in explorer.legal("city", "red").legal)
    assert panel == sorted(mine["legal"])
    assert mine["legal"] != published["legal"]       # the designer's spacing is the one played


def test_revolver_rules_are_passed_not_assumed():
    from workbench.games.revolver.rules import Colti, add_bullet_wound, next_locations
    with pytest.raises(TypeError, match="ruleset in force"):
        next_locations("hawks-nest")
    with pytest.raises(TypeError, match="ruleset in force"):
        add_bullet_wound(Colti(0), [], "test")
