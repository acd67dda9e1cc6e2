"""The Dark Horse turn engine: driven by the action space documents, seeded, replayable."""
import json
import os
import random
from pathlib import Path

import pytest

from workbench.cli import main
from workbench.content.validate import load_library, validate_paths
from workbench.games.dark_horse.engine import (EFFECTS, Action, Game, State, claims, effect, new_game, play)

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"


@pytest.fixture(scope="module")
def library():
    return validate_paths([ROOT / "variants", ROOT / "tests" / "corpus" / "dark-horse"]).library


def test_the_scenario_decides_the_action_spaces(library):
    game = Game.from_library(library, "high-noon")
    # base spaces minus those replaced, plus the scenario's; unknown options are left out (and said so)
    assert set(game.spaces) == {"stagecoach", "marshal", "saloon"}
    assert "trader-new" in game.left_out and "pioneer" not in game.left_out and "mayor" not in game.left_out
    assert any("left out" in a for a in game.assumptions)
    pork = Game.from_library(library, "pork-barrel")
    assert set(pork.spaces) == {"campaign", "barnstorming", "carnival"}
    assert pork.parameters["victory_points_per_influence"] == 2


def test_claim_requirements():
    assert claims({"requirement": "any-die"}, (3,), {}) and not claims({"requirement": "any-die"}, (3, 4), {})
    assert claims({"requirement": "at-least", "value": 6}, (2, 4), {})  # dice added together (a review's example)
    assert not claims({"requirement": "at-least", "value": 7}, (2, 4), {})
    assert claims({"requirement": "exactly", "value": 5}, (5,), {}) and not claims({"requirement": "exactly", "value": 5}, (6,), {})
    assert claims({"requirement": "natural", "value": 5}, (6,), {}) and not claims({"requirement": "natural", "value": 5}, (2, 3), {})
    assert claims({"requirement": "unknown"}, (1,), {"unknown_claim": "any-die"})


def test_apply_returns_a_new_state_and_rejects_illegal_actions(library):
    state = new_game(library, "high-noon", 2, seed=3, rounds=1)
    actions = state.legal_actions()
    assert Action("pass") in actions and all(a.kind in ("place", "pass") for a in actions)
    nxt = state.apply(next(a for a in actions if a.kind == "place"))
    assert nxt is not state and len(state.log) < len(nxt.log) and state.current.name == "red" and nxt.current.name == "blue"
    with pytest.raises(ValueError):
        state.apply(Action("place", "market", (1,)))


def test_limited_spaces_take_one_player(library):
    state = new_game(library, "high-noon", 2, seed=3, rounds=1)
    first = next(a for a in state.legal_actions() if a.kind == "place" and a.space == "marshal")
    state = state.apply(first)
    assert all(a.space != "marshal" for a in state.legal_actions())


def _play_until(state, predicate, rng):
    while not state.done and not predicate(state):
        actions = state.legal_actions()
        state = state.apply(rng.choice([a for a in actions if a.kind not in ("pass", "skip")] or actions))
    return state


def test_marshal_then_saloon_cancel_reputation_and_move_turn_order(library):
    # blue takes Marshal (2 White Hats, first next round); then Saloon's Black Hats cancel them
    state = new_game(library, "high-noon", 2, seed=5, rounds=2)
    state = state.apply(Action("pass"))                                   # red passes
    marshal = next(a for a in state.legal_actions() if a.space == "marshal")
    state = state.apply(marshal)
    while state.phase == "placement":
        state = state.apply(state.legal_actions()[0])
    state = state.apply(next(a for a in state.legal_actions() if a.kind == "collect"))
    blue = state.player("blue")
    assert (blue.reputation.white, blue.roles) == (2, ["marshal-token"])
    assert state.order[0] == "blue" and state.round == 2
    from workbench.games.dark_horse.reputation import gain
    assert gain(blue.reputation, "black", 2).white == 0


def test_jail_and_bonus_dice_change_next_round(library):
    state = play(library, "high-noon", 3, seed=2, rounds=2)
    rolls = [e for e in state.log if e["event"] == "roll" and e["round"] == 2]
    jailed = {e["player"]: e["jailed"] for e in rolls}
    assert any(jailed.values())
    for e in rolls:
        assert len(e["dice"]) == 2 - e["jailed"] + e["bonus"]


def test_gold_breaks_into_silver_to_pay(library):
    state = new_game(library, "pork-barrel", 1, seed=1, rounds=1)
    player = state.player("red")
    player.goods.update({"gold": 1, "silver": 1})
    assert state.can_pay(player, {"silver": 5}) and not state.can_pay(player, {"silver": 6})
    state._pay(player, "silver", 3)
    assert (player.goods["gold"], player.goods["silver"]) == (0, 2)


def test_a_designer_effect_is_registered_and_played(library):
    @effect("unknown")
    def shout(state, player, spec):
        state.event("shout", player.name)
    try:
        assert EFFECTS["unknown"] is shout
    finally:
        EFFECTS["unknown"] = lambda state, player, spec: state.event("effect-not-modelled", player.name, effect="unknown")


def test_robbery_challenge_and_capture(library):
    state = play(library, "fixture-heist", 3, seed=21, rounds=6, characters={"red": ["fixture-bandit"], "blue": ["fixture-deputy"]})
    kinds = [e["event"] for e in state.log]
    assert "rob" in kinds and "gunfight" in kinds and "robbed" in kinds  # one robbery succeeds, one is stopped
    rob = next(e for e in state.log if e["event"] == "rob")
    assert any(e["event"] == "wanted" and e["character"] == rob["character"] for e in state.log)
    assert any(e["event"] == "captured" for e in state.log)
    captured = next(e for e in state.log if e["event"] == "captured")
    assert any(e["event"] == "gain" and e["player"] == captured["player"] and e["good"] == "any-reputation" and e["amount"] == 2
               for e in state.log)


def test_a_game_replays_exactly_from_its_seed(library):
    a = play(library, "high-noon", 4, seed=11, rounds=3, bots=["random", "greedy"])
    b = play(library, "high-noon", 4, seed=11, rounds=3, bots=["random", "greedy"])
    c = play(library, "high-noon", 4, seed=12, rounds=3, bots=["random", "greedy"])
    assert a.log == b.log and a.log != c.log


@pytest.mark.parametrize("name,scenario,players,seed,rounds,bots,characters", [
    ("dark-horse-high-noon-seed-7", "high-noon", 4, 7, 3, ["random", "greedy"], None),
    ("dark-horse-fixture-heist-seed-21", "fixture-heist", 3, 21, 6, ["random"], {"red": ["fixture-bandit"], "blue": ["fixture-deputy"]}),
])
def test_golden_playthroughs(library, name, scenario, players, seed, rounds, bots, characters):
    state = play(library, scenario, players, seed, rounds, bots, characters=characters)
    lines = [json.dumps(event, sort_keys=True) for event in state.log]
    path = GOLDEN / f"{name}.jsonl"
    if os.environ.get("WORKBENCH_UPDATE_GOLDEN"):
        path.write_text("\n".join(lines) + "\n")
    assert lines == path.read_text().splitlines(), f"the engine's behaviour changed; if on purpose, rerun with WORKBENCH_UPDATE_GOLDEN=1"


def test_play_command(tmp_path, capsys):
    log = tmp_path / "game.jsonl"
    assert main(["play", "dark-horse", "--scenario", "high-noon", "--players", "3", "--seed", "2", "--rounds", "2",
                 "--log", str(log)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Dark Horse, scenario high-noon, seed 2") and "assumption:" in out and "-- end:" in out
    events = [json.loads(line) for line in log.read_text().splitlines()]
    assert events[0]["event"] == "start" and events[-1]["event"] == "end"
    assert main(["play", "dark-horse", "--scenario", "high-noon", "--players", "3", "--seed", "2", "--rounds", "2",
                 "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["events"] == events


@pytest.mark.parametrize("args", [["--scenario", "nope"], ["--players", "9"], ["--bots", "clever"], ["--hire", "red"]])
def test_play_usage_errors(args):
    assert main(["play", "dark-horse", *args]) == 2


def test_pieces_on_the_map_start_legal_and_build_effects_place_legal_towns(library):
    from workbench.board.placement import check_board
    state = play(library, "fixture-boomtown", 3, seed=4, rounds=3)
    builds = [e for e in state.log if e["event"] == "build"]
    starting = [e for e in builds if e["round"] == 0 or e["phase"] == "setup"]
    assert [e["piece"] for e in starting] == ["city", "town", "town"] * 3
    assert [e["player"] for e in starting[::3]] == ["green", "blue", "red"]  # reverse turn order
    assert len(builds) > len(starting)  # the Builder fixture's build effect
    assert list(check_board(state.board, state.game.placement_rules)) == []
    cities = [p.at for p in state.board.pieces if p.piece == "city"]
    assert all(state.board.distance(a, b) >= 3 for i, a in enumerate(cities) for b in cities[i + 1:])
    assert state.scores()["red"]["pieces"].count("city") == 1
