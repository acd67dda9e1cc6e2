"""The rules-coverage table (workbench/agents/coverage.py): what was legal, what was taken, what
happened. Expected counts come from the games' own logs and histories, read independently."""
import json
from collections import Counter
from pathlib import Path

import pytest

from workbench.agents.coverage import Coverage, decision_labels, sweep
from workbench.app.validate import validate_paths
from workbench.games import GAMES
from workbench.games.base import play

ROOT = Path(__file__).resolve().parent.parent
HEIST = {"red": ["fixture-bandit"], "blue": ["fixture-deputy"]}


@pytest.fixture(scope="module")
def library():
    return validate_paths([ROOT / "variants", ROOT / "tests" / "corpus" / "dark-horse"]).library


def test_taken_counts_are_the_placements_and_collections_of_the_histories(library):
    built = GAMES["dark-horse"].load().build(library, scenario="high-noon")
    # the fixed-weight bot: a quick player (the counts are the subject, not the player)
    coverage = sweep(built, 2, range(4), ["fixed-weights", "random"], rounds=3)
    placed, collected = Counter(), Counter()
    for seed in range(4):      # the same games again, read from their histories
        state = play(built, 2, seed, ["fixed-weights", "random"], rounds=3)
        for encoded in state.history:
            action = encoded.get("action") if isinstance(encoded, dict) else None
            if action and action["kind"] == "place" and not action["space"].startswith("hex@"):
                placed[action["space"]] += 1
            if action and action["kind"] == "collect":
                collected[(action["space"], action["option"] + 1)] += 1
    assert coverage.games == 4 and placed and collected
    for space, n in placed.items():
        assert coverage.taken[f"place on {space}"] == n and coverage.legal[f"place on {space}"] >= n
    for (space, option), n in collected.items():
        assert coverage.taken[f"collect {space} option {option}"] == n
    # every label taken was legal at least as often; what was legal and never taken is listed
    assert all(coverage.legal[k] >= v for k, v in coverage.taken.items())
    assert set(coverage.never_taken()) == {k for k in coverage.legal if coverage.taken[k] == 0}
    # a Mystery Hex is named by its type, not by where it lies this game
    assert not any("hex@" in k for k in coverage.legal) and any("(mystery hex)" in k for k in coverage.legal)
    # the spaces High Noon puts in play, and those the engine leaves out, are named
    assert "place on saloon" in coverage.in_play and "trader-new" in coverage.left_out


def test_robberies_and_gunfights_show_where_the_content_makes_them_possible(library):
    """High Noon as published: no robbery and no gunfight can happen (no bot can hire; see the
    README); the heist fixture with two hired characters: both happen and are counted."""
    high_noon = GAMES["dark-horse"].load().build(library, scenario="high-noon")
    published = sweep(high_noon, 2, range(3), ["fixed-weights"], rounds=3)
    assert not {"rob", "gunfight"} & set(published.events)
    assert not any(k.startswith(("rob ", "challenge ")) for k in published.legal)
    heist = GAMES["dark-horse"].load().build(library, scenario="fixture-heist")
    coverage = sweep(heist, 2, range(3), ["fixed-weights"], rounds=3, characters=HEIST)
    logged = Counter()
    for seed in range(3):
        logged.update(e["event"] for e in play(heist, 2, seed, ["fixed-weights"], rounds=3, characters=HEIST).log)
    assert coverage.events["rob"] == logged["rob"] > 0 and coverage.events["gunfight"] == logged["gunfight"] > 0
    assert coverage.legal["rob fixture-bank fixture-bandit"] > 0
    out = coverage.as_json()
    assert json.loads(json.dumps(out)) == out and out["events"]["gunfight"]["games"] <= 3


def test_labels_name_rules_not_seats_or_numbers():
    assert decision_labels({"action": {"kind": "boot", "space": "saloon", "target": "red"}}, seats={"red"}) == \
        ["boot saloon"]
    assert decision_labels({"action": {"kind": "place", "space": "hex@1,2", "dice": [4]}},
                           name=lambda s: "ghost-town (mystery hex)") == ["place on ghost-town (mystery hex)"]
    assert decision_labels({"action": "disc", "target": "cattle-drive"}) == ["disc cattle-drive"]
    empty = Coverage()
    assert empty.never_taken() == [] and "0 games" in empty.text()


def test_every_registered_game_gets_a_table(library):
    for game, options in (("western-legends", {"rounds": 4}), ("revolver-prison", {})):
        built = GAMES[game].load().build(library)
        coverage = sweep(built, 2, [1], ["random"], **options)
        assert coverage.decisions > 0 and sum(coverage.taken.values()) >= coverage.decisions
        assert "rules coverage over 1 games" in coverage.text()
