"""The Dark Horse turn engine: driven by the action space documents, seeded, replayable."""
import json
import os
import random
from pathlib import Path

from fractions import Fraction

import pytest

from workbench.cli import main
from workbench.app.validate import load_library, validate_paths
from workbench.core.errors import UsageError
from workbench.games.dark_horse.engine import (EFFECTS, Action, DarkHorse, State, claims, effect, new_game, play)

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"


@pytest.fixture(scope="module")
def library():
    return validate_paths([ROOT / "variants", ROOT / "tests" / "corpus" / "dark-horse"]).library


def test_the_scenario_decides_the_action_spaces(library):
    game = DarkHorse.build(library, scenario="high-noon")
    # base spaces minus those replaced, plus the scenario's; unknown options are left out (and said so)
    assert set(game.spaces) == {"stagecoach", "marshal", "saloon"}
    assert "trader-new" in game.left_out and "pioneer" not in game.left_out and "mayor" not in game.left_out
    assert any("left out" in a for a in game.assumptions())
    pork = DarkHorse.build(library, scenario="pork-barrel")
    assert set(pork.spaces) == {"campaign", "barnstorming", "carnival"}
    assert pork.ruleset.victory_points_per_influence == 2
    # Pork Barrel's Whistle-Stop spaces sit on the map's hexes: left out, and the log says why
    assert "whistle-stop" in pork.left_out and any("Whistle-Stop" in a for a in pork.assumptions())


def test_claim_requirements():
    assert claims({"requirement": "any-die"}, (3,), "any-die") and not claims({"requirement": "any-die"}, (3, 4), "any-die")
    assert claims({"requirement": "at-least", "value": 6}, (2, 4), "any-die")  # dice added together (a review's example)
    assert not claims({"requirement": "at-least", "value": 7}, (2, 4), "any-die")
    assert claims({"requirement": "exactly", "value": 5}, (5,), "any-die") and not claims({"requirement": "exactly", "value": 5}, (6,), "any-die")
    assert claims({"requirement": "natural", "value": 5}, (6,), "any-die") and not claims({"requirement": "natural", "value": 5}, (2, 3), "any-die")
    assert claims({"requirement": "unknown"}, (1,), "any-die") and not claims({"requirement": "unknown"}, (1, 2), "any-die")
    assert claims({"requirement": "unknown"}, (1, 2), "dice-total")


def _to_placement(state, seed=0):
    """Play the setup (first legal hex) and the dice rolls (seeded) up to the Placement Phase."""
    rng = random.Random(seed)
    while state.phase != "placement":
        state = state.apply(state.sample_chance(rng) if state.is_chance_node() else state.legal_actions()[0])
    return state


def test_setup_places_a_city_and_two_towns_each_in_reverse_turn_order(library):
    state = new_game(library, "high-noon", 3, seed=3, rounds=1)
    assert state.phase == "build" and state.current_player() == "green"   # reverse turn order
    assert {a.piece for a in state.legal_actions()} == {"city"}
    state = _to_placement(state)
    pieces = [(p.player, p.piece) for p in state.pieces if p.player]      # the map's mystery hexes stay too
    assert pieces == [(n, k) for n in ("green", "blue", "red") for k in ("city", "town", "town")]


def test_each_player_rolls_the_ruleset_s_dice_as_a_chance_node(library):
    state = _to_placement(new_game(library, "high-noon", 2, seed=3, rounds=1)).clone()
    rolls = [e for e in state.log if e["event"] == "roll"]
    assert [len(e["dice"]) for e in rolls] == [2, 2]        # dice_rolled: 2 (secondary facts)
    more = DarkHorse.build(library, scenario="high-noon", overrides={"dice_rolled": 3})
    state = more.new_initial_state(players=2, rounds=1)
    while not state.is_chance_node():
        state = state.apply(state.legal_actions()[0])
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 56 and sum(p for _, p in outcomes) == 1     # multisets of 3 dice
    assert dict((tuple(o), p) for o, p in outcomes)[(1, 1, 1)] == Fraction(1, 216)


def test_apply_returns_a_new_state_and_rejects_illegal_actions(library):
    state = _to_placement(new_game(library, "high-noon", 2, seed=3, rounds=1))
    actions = state.legal_actions()
    assert Action("pass") in actions and all(a.kind in ("place", "pass") for a in actions)
    nxt = state.apply(next(a for a in actions if a.kind == "place"))
    assert nxt is not state and len(state.log) < len(nxt.log) and state.current.name == "red" and nxt.current.name == "blue"
    with pytest.raises(UsageError):
        state.apply(Action("place", "market", (1,)))


def test_limited_spaces_take_one_player(library):
    state = _to_placement(new_game(library, "high-noon", 2, seed=3, rounds=1))
    first = next(a for a in state.legal_actions() if a.kind == "place" and a.space == "marshal")
    state = state.apply(first)
    assert all(a.space != "marshal" for a in state.legal_actions())


def _play_until(state, predicate, rng):
    while not state.done and not predicate(state):
        if state.is_chance_node():
            state = state.apply(state.sample_chance(rng))
            continue
        actions = state.legal_actions()
        state = state.apply(rng.choice([a for a in actions if a.kind not in ("pass", "skip")] or actions))
    return state


def test_marshal_then_saloon_cancel_reputation_and_move_turn_order(library):
    # blue takes Marshal (2 White Hats, first next round); then Saloon's Black Hats cancel them
    state = _to_placement(new_game(library, "high-noon", 2, seed=5, rounds=2))
    state = state.apply(Action("pass"))                                   # red passes
    marshal = next(a for a in state.legal_actions() if a.space == "marshal")
    state = state.apply(marshal)
    while state.phase == "placement":
        state = state.apply(state.legal_actions()[0])
    state = state.apply(next(a for a in state.legal_actions() if a.kind == "collect"))
    state = _to_placement(state)
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
    state = new_game(library, "pork-barrel", 2, seed=1, rounds=1)
    player = state.player("red")
    player.goods.update({"gold": 1, "silver": 1})
    assert state.can_pay(player, {"silver": 5}) and not state.can_pay(player, {"silver": 6})
    state._pay(player, "silver", 3)
    assert (player.goods["gold"], player.goods["silver"]) == (0, 2)


def test_a_designer_effect_is_registered_and_played(library):
    # an effect registered from a notebook is declared for this process and played by its handler
    # (for validate and other processes to know it, it is installed as a plugin: tests/test_effects.py)
    from workbench.games.dark_horse.engine import VOCABULARY

    @effect("fixture-shout")
    def shout(state, player, spec, where):
        state.event("shout", player.name, where=where)
    try:
        assert EFFECTS["fixture-shout"] is shout and VOCABULARY.played("fixture-shout")
        state = new_game(library, "high-noon", 2, seed=1, rounds=1)
        state._effects(state.player("red"), {"text": "shout", "effects": [{"effect": "fixture-shout"}]}, "saloon")
        assert list(state.log)[-1] == {**list(state.log)[-1], "event": "shout", "player": "red", "where": "saloon"}
    finally:
        VOCABULARY.effects.pop("fixture-shout", None)
        VOCABULARY.handlers.pop("fixture-shout", None)


def _round_with(state, placements):
    """Play one round: each player places as ``placements`` says (a space, or pass) and collects
    option 1 of what they placed on; dice are fixed to 3s (any-die claims)."""
    while state.phase != "placement":
        state = state.apply((3, 3) if state.is_chance_node() else state.legal_actions()[0])
    while state.phase == "placement":
        space = placements.get(state.current_player())
        move = next((a for a in state.legal_actions() if a.kind == "place" and a.space == space), Action("pass"))
        state = state.apply(move)
    return state


def test_robbery_challenge_wound_and_capture(library):
    # Rebels & Rogues: collecting a Robbery space puts 1 Silver on it; a Black Hat character may rob
    # it and "immediately receives a Wanted token"; a character with Combat icons may challenge; a
    # roll 2 or more above the other's wounds it; "Characters that receive a second Wound token ...
    # are Captured"; the captor "receives 2 Reputation tokens and the Wanted token on the character".
    state = new_game(library, "fixture-heist", 3, seed=0, rounds=4,
                     characters={"red": ["fixture-bandit"], "blue": ["fixture-deputy"]})
    state = _round_with(state, {"blue": "fixture-bank"})
    state = state.apply(Action("collect", "fixture-bank", option=0))
    assert state.robbery_silver == {"fixture-bank": 1}
    for wound in (1, 2):
        state = _round_with(state, {"red": "saloon"})
        rob = Action("rob", "fixture-bank", character="fixture-bandit")
        assert rob in state.legal_actions()
        state = state.apply(rob)
        # the deputy (3 dice, Duel 2, Tough) challenges the bandit (2 dice, Duel 1): a gunfight
        assert state.phase == "gunfight" and state.is_chance_node()
        bandit = next(c for c in state.player("red").characters if c.id == "fixture-bandit")
        assert bandit.wanted
        # dice 4 higher: 4 + 2 - (1 - 2 per wound) >= 2, the deputy wins the first round
        state = state.apply((4, 0, 0))
        bandit = next(c for c in state.player("red").characters if c.id == "fixture-bandit")
        assert bandit.wounds == wound and state.phase == "collection"
        assert any(e["event"] == "robbery-stopped" for e in state.log)
        while state.phase == "collection":
            state = state.apply(next(a for a in state.legal_actions() if a.kind == "skip"))
    captured = [e for e in state.log if e["event"] == "captured"]
    assert [(e["player"], e["character"]) for e in captured] == [("blue", "fixture-bandit")]
    gains = [(e["good"], e["amount"]) for e in state.log if e["event"] == "gain" and e["player"] == "blue"
             and e["round"] == captured[0]["round"]]
    assert ("any-reputation", 2) in gains and ("wanted-token", 1) in gains


def test_seeded_games_with_robbers_rob_challenge_and_capture(library):
    # over a handful of seeded games the random bots reach every branch at least once
    kinds = []
    for seed in range(10):
        state = play(library, "fixture-heist", 3, seed, 6, characters={"red": ["fixture-bandit"], "blue": ["fixture-deputy"]})
        kinds += [e["event"] for e in state.log]
    assert {"rob", "gunfight", "robbed", "robbery-stopped", "captured"} <= set(kinds)


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
    assert out.startswith("Dark Horse, scenario High Noon, seed 2") and "assumption:" in out and "-- end (" in out
    events = [json.loads(line) for line in log.read_text().splitlines()]
    assert events[0]["event"] == "start" and events[-1]["event"] == "end"
    assert all("delta" in e for e in events) and "snapshot" in events[0]      # --log is audited
    assert main(["play", "dark-horse", "--scenario", "high-noon", "--players", "3", "--seed", "2", "--rounds", "2",
                 "--format", "json"]) == 0
    plain = [{k: v for k, v in e.items() if k not in ("delta", "snapshot")} for e in events]
    assert json.loads(capsys.readouterr().out)["events"] == plain


@pytest.mark.parametrize("args", [["--scenario", "nope"], ["--players", "9"], ["--bots", "clever"], ["--hire", "red"]])
def test_play_usage_errors(args):
    assert main(["play", "dark-horse", *args]) == 2


def test_pieces_on_the_map_start_legal_and_build_effects_place_legal_towns(library):
    from workbench.board.placement import check_board
    state = play(library, "fixture-boomtown", 3, seed=4, rounds=3)
    builds = [e for e in state.log if e["event"] == "build"]
    starting = [e for e in builds if e["round"] == 0]
    assert [e["piece"] for e in starting] == ["city", "town", "town"] * 3
    assert [e["player"] for e in starting[::3]] == ["green", "blue", "red"]  # reverse turn order
    assert len(builds) > len(starting)  # the Builder fixture's build effect
    assert list(check_board(state.board, state.game.placement_rules)) == []
    cities = [p.at for p in state.board.pieces if p.piece == "city"]
    assert all(state.board.distance(a, b) >= 3 for i, a in enumerate(cities) for b in cities[i + 1:])
    assert state.scores()["red"]["pieces"].count("city") == 1


def test_remembered_placements_are_the_listing_made_afresh_at_every_step(library):
    """The placements and Mystery Hex reach a game remembers (per dice and space admissions, for the
    search's speed) are the same list, in the same order, as a listing with nothing remembered, at
    every decision of seeded games of every scenario (Mystery Hexes, Engineer, Inventor and Carnival
    dice among them): a remembered key that missed something would hand one situation another's."""
    scenarios = [None, *sorted(s.id for s in library.of_kind("scenario") if s.game == "dark-horse")]
    checked = set()
    for scenario in scenarios:
        game = DarkHorse.build(library, scenario=scenario)
        low, _ = game.player_range()
        try:
            state = game.new_initial_state(players=max(low, 2), seed=5, rounds=6)
        except Exception:       # a setup the map cannot make (tested elsewhere)
            continue
        rng = random.Random(5)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_in_place(state.sample_chance(rng))
                continue
            remembered = state.legal_actions()          # the memos grow over the whole game
            warm = {k: game.__dict__.pop(k, None) for k in ("_placement_memo", "_mystery_memo", "_hexes_memo")}
            for k in ("_mystery_seen", "_hexes"):           # the state's own memos (hexes' access, build hexes)
                state.__dict__.pop(k, None)
            assert state.legal_actions() == remembered, (scenario, state.phase, len(state.history))
            game.__dict__.update({k: v for k, v in warm.items() if v is not None})
            checked |= {a.uses for a in remembered if a.kind == "place"}
            state.apply_in_place(rng.choice(remembered))
    assert {(), ("inventor-die",), ("engineer-token",)} <= checked


def test_an_action_pickled_computes_its_hash_again():
    """An action remembers its hash (a search hashes it at every step); a string's hash differs
    from process to process, so the remembered hash is not pickled (a Dask worker computes its own)."""
    import pickle

    action = Action("place", "saloon", (2, 5), uses=("inventor-die",))
    hash(action), action.to_json()
    copy = pickle.loads(pickle.dumps(action))
    assert "_hash" not in copy.__dict__ and copy == action and hash(copy) == hash(action)
    assert copy.to_json() == {"kind": "place", "space": "saloon", "dice": [2, 5], "uses": ["inventor-die"]}
    copy.to_json()["dice"].append(6)            # a reader's change to one encoding changes no other
    assert copy.to_json()["dice"] == [2, 5]


def test_a_state_and_its_game_pickle_and_play_on_the_same(library):
    # a state sent to another process (a Dask worker, a notebook saved) plays on as the original:
    # the same legal actions at each step and the same log to the end
    import pickle

    game = DarkHorse.build(library, scenario="fixture-heist")
    state = game.new_initial_state(players=3, seed=4, rounds=2, characters={"red": ["fixture-bandit"],
                                                                            "blue": ["fixture-deputy"]})
    rng = random.Random(4)
    for _ in range(30):
        state = state.apply(state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
    assert not state.is_terminal()
    copy = pickle.loads(pickle.dumps(state))
    assert pickle.loads(pickle.dumps(game)).ruleset.win_margin == game.ruleset.win_margin
    rng, copy_rng = random.Random(5), random.Random(5)
    while not state.is_terminal():
        assert copy.legal_actions() == state.legal_actions()
        state = state.apply(state.sample_chance(rng) if state.is_chance_node() else rng.choice(state.legal_actions()))
        copy = copy.apply(copy.sample_chance(copy_rng) if copy.is_chance_node() else copy_rng.choice(copy.legal_actions()))
    assert copy.is_terminal() and list(copy.log) == list(state.log) and copy.returns() == state.returns()


def test_the_rollouts_draws_are_the_generators_own():
    """The engine draws a die and the random bot's choice with ``actions._below`` (Random's
    ``_randbelow`` without ``randint``'s and ``choice``'s argument checks): the same numbers as
    ``randint`` and ``choice`` from the same seed, for every size a game meets."""
    from workbench.games.dark_horse.actions import _below

    for n in (1, 2, 3, 4, 6, 7, 20, 37, 64, 100):
        mine, theirs = random.Random(n), random.Random(n)
        assert [1 + _below(mine, n) for _ in range(200)] == [theirs.randint(1, n) for _ in range(200)]
        items = list(range(n))
        assert [items[_below(mine, n)] for _ in range(200)] == [theirs.choice(items) for _ in range(200)]
    with pytest.raises(ValueError):
        _below(random.Random(1), 0)         # nothing to draw from: an error, not an endless loop
