import json
import subprocess
import sys
from pathlib import Path

import pytest

from workbench.cli import main

MAPS = Path(__file__).parent / "corpus" / "maps"
CROWDED = str(MAPS / "crowded-frontier.yaml")


def run_json(capsys, *args):
    code = main(["map", *args, "--format", "json"])
    return code, json.loads(capsys.readouterr().out)


def test_check_reports_every_illegal_piece_with_its_location(capsys):
    code, report = run_json(capsys, "check", CROWDED, "--scenario", "wild-wild-west")
    assert code == 1
    assert report["map"] == "crowded-frontier" and report["spaces"] == 37
    found = {(p["code"], tuple(p["hex"]), p["player"], p["line"]) for p in report["problems"]}
    assert found == {
        ("town-on-resource", (-3, 0), "blue", 18),       # a town on a non-resource hex
        ("min-city-distance", (1, 0), "red", 15),        # the two cities are 2 apart
        ("min-city-distance", (-1, 0), "blue", 16),
        ("wanted-exclusion", (-1, 0), "blue", 16),       # next to the Wanted token
        ("wanted-exclusion", (-3, 0), "blue", 18),
    }
    for problem in report["problems"]:
        assert problem["file"].endswith("crowded-frontier.yaml") and problem["column"] == 5 and problem["message"]
    assert report["events"] == []  # golden spike is not in force in Wild Wild West


def test_check_in_a_scenario_with_golden_spike_reports_the_event(capsys):
    code, report = run_json(capsys, "check", CROWDED, "--scenario", "how-the-west-was-won")
    assert [e["hex"] for e in report["events"]] == [[0, 1]]


def test_the_shipped_illustrative_map_is_legal(capsys):
    assert main(["map", "check", "illustrative-territory"]) == 0
    assert "no problems" in capsys.readouterr().out


def test_legal_lists_legal_and_explained_illegal_hexes(capsys):
    code, report = run_json(capsys, "legal", "illustrative-territory", "--player", "blue", "--piece", "town")
    assert code == 0 and [0, 0] in report["legal"]
    illegal = {tuple(row["hex"]): row for row in report["illegal"]}
    assert illegal[(1, 0)]["rules"] == ["one-town-per-hex"]
    assert "only cities go there" in illegal[(-2, 0)]["reasons"][0]
    assert len(report["legal"]) + len(illegal) == 61


def test_move_with_given_rolls_and_with_a_seed(capsys):
    code, move = run_json(capsys, "move", "illustrative-territory", "--hex", "3,0", "--roll", "4")
    assert {k: move[k] for k in ("from", "to", "rolls", "moved", "reason", "picked_up")} == {
        "from": [3, 0], "to": [3, 1], "rolls": [4], "moved": True, "reason": "rolled 4: moved south", "picked_up": []}
    _, a = run_json(capsys, "move", "illustrative-territory", "--hex", "3,0", "--seed", "11")  # the same seed twice
    _, b = run_json(capsys, "move", "illustrative-territory", "--hex", "3,0", "--seed", "11")
    assert a == b


def test_move_needs_the_reroll_when_the_first_roll_is_illegal(capsys):
    code = main(["map", "move", "illustrative-territory", "--hex", "4,0", "--roll", "3"])
    assert code == 2  # no mystery hex there: a usage error
    code = main(["map", "move", CROWDED, "--hex", "0,3", "--roll", "4"])  # south is off the board
    assert code == 2 and "--reroll" in capsys.readouterr().err
    code, move = run_json(capsys, "move", CROWDED, "--hex", "0,3", "--roll", "4", "--reroll", "1")
    assert move["rolls"] == [4, 1] and move["to"] == [0, 2] and move["moved"]
    code, move = run_json(capsys, "move", CROWDED, "--hex", "0,3", "--roll", "4", "--reroll", "3")
    assert move["to"] == [0, 3] and not move["moved"] and "stays" in move["reason"]


def test_odds_are_exact_fractions_summing_to_one(capsys):
    from fractions import Fraction
    code, report = run_json(capsys, "odds", "illustrative-territory", "--hex", "3,0", "--moves", "3")
    assert sum(Fraction(row["fraction"]) for row in report["distribution"]) == 1


def test_draw_writes_svg_and_png(tmp_path, capsys):
    svg, png = tmp_path / "map.svg", tmp_path / "map.png"
    assert main(["map", "draw", "illustrative-territory", "-o", str(svg), "--player", "red"]) == 0
    assert svg.read_text().lstrip().startswith(("<?xml", "<svg"))
    assert main(["map", "draw", "illustrative-territory", "-o", str(png)]) == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert main(["map", "draw", "illustrative-territory", "-o", str(tmp_path / "map.gif")]) == 2
    assert list(tmp_path.iterdir()) and not list(tmp_path.glob(".*.tmp"))


def test_layout_report_and_saved_map_validate(tmp_path, capsys):
    out = tmp_path / "layout.yaml"
    code, report = run_json(capsys, "layout", "illustrative-territory", "--seed", "4", "-o", str(out))
    assert code == 0 and report["seed"] == 4 and len(report["starts"]) == 4 and set(report["spread"]) == {"food", "wood", "ore", "mystery"}
    assert main(["validate", "variants", str(out)]) == 0
    capsys.readouterr()
    _, again = run_json(capsys, "layout", "illustrative-territory", "--seed", "4")
    assert again["starts"] == report["starts"]


def test_a_layout_deals_the_maps_resource_tiles(tmp_path, capsys):
    """The territory's facts say 7 food, 6 wood, 7 ore tiles; every resource spot of the template
    (a resource hex without a printed resource, not a mystery spot) takes one of them."""
    import yaml

    from workbench.core.paths import VARIANTS
    template = yaml.safe_load((VARIANTS / "dark-horse" / "illustrative-territory.yaml").read_text())
    spots = [s for s in template["spaces"] if s.get("terrain") in ("resource", "rugged-resource") and not s.get("mystery_spot")]
    out = tmp_path / "layout.yaml"
    code, report = run_json(capsys, "layout", "illustrative-territory", "--seed", "4", "-o", str(out))
    assert code == 0
    laid = yaml.safe_load(out.read_text())
    dealt = [s["resource"] for s in laid["spaces"] if s.get("terrain") in ("resource", "rugged-resource") and not s.get("mystery_spot")]
    assert len(dealt) == len(spots) and "unknown" not in dealt
    assert all(dealt.count(r) <= n for r, n in {"food": 7, "wood": 6, "ore": 7}.items())
    assert all(row["food"] + row["wood"] + row["ore"] > 0 for row in report["starts"])


@pytest.mark.parametrize("args", [["check", "no-such-map"], ["legal", "illustrative-territory", "--player", "red"],
                                  ["check", "illustrative-territory", "--scenario", "nope"], ["move", "x.yaml", "--hex", "1,1", "--seed", "1"]])
def test_map_usage_errors_exit_2(args):
    result = subprocess.run([sys.executable, "-m", "workbench", "map", *args], capture_output=True, text=True)
    assert result.returncode == 2 and "Traceback" not in result.stderr


def test_a_saved_layout_points_its_editor_at_the_schema(tmp_path):
    out = tmp_path / "deep" / "layout.yaml"
    out.parent.mkdir()
    assert main(["map", "layout", "illustrative-territory", "--seed", "2", "-o", str(out)]) == 0
    first = out.read_text().splitlines()[0]
    schema = (out.parent / first.split("=", 1)[1]).resolve()
    assert first.startswith("# yaml-language-server: $schema=") and schema.name == "map.schema.json" and schema.exists()


# -- validate and map check never disagree ------------------------------------------------------

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("path", [CROWDED, str(ROOT / "variants" / "dark-horse" / "illustrative-territory.yaml"),
                                  str(ROOT / "variants" / "western-legends" / "illustrative-map.yaml")],
                         ids=lambda p: Path(p).name)
def test_validate_and_map_check_report_the_same_problems(path, capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # outside the repository
    main(["validate", path, "--library", "published", "--format", "json"])
    from_validate = sorted((p["code"], p["line"], p["column"], p["message"]) for p in json.loads(capsys.readouterr().out)["problems"]
                           if Path(p["file"]).resolve() == Path(path).resolve())
    main(["map", "check", path, "--library", str(ROOT / "variants"), "--format", "json"])
    from_check = sorted((p["code"], p["line"], p["column"], p["message"]) for p in json.loads(capsys.readouterr().out)["problems"])
    assert from_check == from_validate


def test_legal_states_each_reason_once_with_its_hexes(capsys):
    assert main(["map", "legal", "illustrative-territory", "--player", "blue", "--piece", "town"]) == 0
    lines = [line.strip() for line in capsys.readouterr().out.splitlines()[2:]]
    assert len(lines) == len(set(lines))
    [terrain] = [line for line in lines if line.startswith("[town-on-resource] is not a resource hex")]
    hexes = terrain.split(": ", 2)[-1].split()
    # the illustrative territory: 61 hexes, of which 17 are listed as resource, safe-zone or rugged hexes
    assert "-2,0" in hexes and "0,0" not in hexes and len(set(hexes)) == len(hexes) == 61 - 17


def test_a_piece_written_off_the_map_is_counted_and_located(tmp_path, capsys):
    # a radius-1 hexagon has 7 hexes; [5, 5] is none of them, [0, 0] is the centre
    path = tmp_path / "small.yaml"
    path.write_text("kind: map\ngame: dark-horse\nid: small\nname: Small\ngeometry: hex\nsource: {document: house-rule}\n"
                    "shape: {shape: hexagon, radius: 1, terrain: non-resource}\n"
                    "pieces:\n  - {piece: city, player: red, at: [0, 0]}\n  - {piece: city, player: blue, at: [5, 5]}\n")
    code, report = run_json(capsys, "check", str(path))
    assert code == 1 and (report["spaces"], report["pieces"], report["off_map"]) == (7, 1, 1)
    assert [(p["code"], p["line"]) for p in report["problems"] if p["code"] == "off-map"] == [("off-map", 10)]
    assert main(["map", "check", str(path)]) == 1
    assert "7 spaces, 1 piece on it (1 more off the map)" in capsys.readouterr().out
