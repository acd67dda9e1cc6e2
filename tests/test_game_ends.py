"""Can a Dark Horse game end by its rules? The static check (:mod:`workbench.games.dark_horse.ends`),
its `validate` warning, and the house-rule example whose games end (examples/dark-horse-complete/)."""
from __future__ import annotations

from pathlib import Path

import pytest

from workbench.app.validate import validate_paths
from workbench.content.published import published_library
from workbench.games.base import play
from workbench.games.dark_horse.engine import DarkHorse
from workbench.games.dark_horse.ends import can_end, reachable_ends

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "dark-horse-complete"


@pytest.fixture(scope="module")
def example():
    return validate_paths([EXAMPLE], context=[ROOT / "variants"])


def test_published_high_noon_cannot_end():
    # High Noon plays Stagecoach, Marshal and Saloon (Trader's options are unknown) and the Mystery
    # Hexes: none builds a city (the Ghost Town builds a town on its hex), none gains Influence,
    # and there are no outlaws (Wild Wild West's alone)
    ends = {e.trigger: e for e in reachable_ends(DarkHorse.build(published_library(), scenario="high-noon"))}
    assert {t: e.reachable for t, e in ends.items()} == {"towns-and-cities": False, "influence": False, "outlaws": False}
    assert ends["towns-and-cities"].why == "nothing in play builds a city"
    assert DarkHorse.build(published_library(), scenario="high-noon").can_end() is False
    assert "nothing in play gains Influence" in ends["influence"].why


SCENARIO = """kind: scenario
game: dark-horse
id: my-frontier
name: My Frontier
source: {document: house-rule, section: test}
action_spaces: [saloon]
variants: [my-spaces]
---
kind: variant
game: dark-horse
id: my-spaces
name: My spaces
source: {document: house-rule, section: test}
action_spaces: [my-builder%s]
---
kind: action_space
game: dark-horse
id: my-builder
name: My Builder
replaces: builder
expansion: base
type: unlimited
claim: {requirement: any-die}
source: {document: house-rule, section: test}
options:
  - {text: "a town for a Wood", cost: {wood: 1}, effects: [{effect: build, piece: town}]}
  - {text: "a city for a Wood", cost: {wood: 1}, effects: [{effect: build, piece: city}]}
---
kind: action_space
game: dark-horse
id: my-crew
name: My Work Crew
replaces: work-crew
expansion: base
type: unlimited
claim: {requirement: any-die}
source: {document: house-rule, section: test}
options:
  - {text: "a Wood", gain: {wood: 1}}
"""


def test_a_builder_whose_cost_nothing_produces_cannot_end_and_validate_says_so(tmp_path):
    # the starting Wood pays one build, not the six a player needs: nothing in play gains Wood
    (tmp_path / "mine.yaml").write_text(SCENARIO % "")
    result = validate_paths([tmp_path], context=[ROOT / "variants"])
    [problem] = [p for p in result.problems if p.code == "no-end-trigger"]
    assert problem.severity == "warning" and problem.line == 1 and "My Frontier (house rule)" in problem.message
    assert "My Builder builds a town but nothing in play produces what it costs" in problem.message
    assert not result.errors
    game = DarkHorse.build(result.library, scenario="my-frontier")
    assert not can_end(game)


def test_a_builder_paid_by_a_work_crew_can_end(tmp_path):
    (tmp_path / "mine.yaml").write_text(SCENARIO % ", my-crew")
    result = validate_paths([tmp_path], context=[ROOT / "variants"])
    assert [p.code for p in result.problems if p.code == "no-end-trigger"] == []
    ends = {e.trigger: e for e in reachable_ends(DarkHorse.build(result.library, scenario="my-frontier"))}
    assert ends["towns-and-cities"].reachable and ends["towns-and-cities"].why == "built by My Builder"


def test_the_example_validates_clean(example):
    assert [p.format_text() for p in example.problems] == []
    assert can_end(DarkHorse.build(example.library, scenario="complete-high-noon"))


def test_the_examples_games_end_by_a_trigger(example):
    game = DarkHorse.build(example.library, scenario="complete-high-noon")
    for seed in range(3):
        state = play(game, 3, seed, ["random"], rounds=30)
        assert state.ended.endswith("has built all their towns and cities"), state.ended


def test_every_filled_in_value_is_listed_as_the_designers_assumption(example):
    from workbench.games.unknowns import unknowns

    rows = [r for r in unknowns(example.library, "dark-horse") if r["kind"] == "designer's assumption"
            and Path(r["where"].rpartition(":")[0]).parent == EXAMPLE]
    assert sorted(r["name"] for r in rows) == ["builder-house-rule", "produce-resources-house-rule",
                                               "scenario complete-high-noon: territory", "work-crew-house-rule"]
    assert all(r["value"] == "house rule" for r in rows if r["name"].endswith("house-rule"))
    [builder] = [r for r in rows if r["name"] == "builder-house-rule"]
    assert "fills in 'builder'" in builder["why"] and "claim at-least 3" in builder["why"]
