"""Dark Horse plays the rules as the texts state them: each test quotes its sentence of the rules
and builds the situation it speaks of (fixtures in tests/corpus/dark-horse/robbers.yaml).

The first group are the deviations issue 17's conformance audit found in the engine of commit
2db69dc (each failed there and passes now)."""
from pathlib import Path

import pytest

from workbench.content.validate import validate_paths
from workbench.games.dark_horse.engine import Action, DarkHorse

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def library():
    return validate_paths([ROOT / "variants", ROOT / "tests" / "corpus" / "dark-horse"]).library


def to_placement(state, dice=(3, 3)):
    """Setup (first legal hex each time) and rolls (``dice`` for everyone) up to the Placement Phase."""
    while state.phase != "placement" and not state.done:
        if state.is_chance_node():
            state = state.apply(tuple(sorted(dice[:state._dice_count(state.player(state.to_roll[0]))])))
        else:
            state = state.apply(state.legal_actions()[0])
    return state


def place_round(state, placements, dice=(3, 3)):
    """One Placement Phase: each player places one die on the space ``placements`` names, or passes."""
    state = to_placement(state, dice)
    while state.phase == "placement":
        space = placements.get(state.current_player())
        move = next((a for a in state.legal_actions() if a.kind == "place" and a.space == space), Action("pass"))
        state = state.apply(move)
    return state


def collect_all(state, option=0):
    """Everyone collects option ``option`` (or skips what they cannot pay) to the end of the round."""
    while state.phase == "collection":
        actions = state.legal_actions()
        state = state.apply(next((a for a in actions if a.kind == "collect" and a.option == option),
                                 next(a for a in actions if a.kind == "skip")))
    return state


def events(state, kind, since=0):
    return [e for e in list(state.log)[since:] if e["event"] == kind]


# -- the deviations of commit 2db69dc ------------------------------------------------------------

def test_wild_wild_west_black_hat_characters_cannot_rob(library):
    # Wild Wild West, "Black Hat Character (Change/Restriction) – These characters cannot Rob Action
    # Spaces or perform any ability listed at the bottom of their card."
    game = DarkHorse.build(library, scenario="wild-wild-west", variants=["fixture-bank-in-play"])
    state = game.new_initial_state(players=2, rounds=3, characters={"red": ["fixture-bandit"]})
    state = collect_all(place_round(state, {"blue": "fixture-bank"}))
    assert state.robbery_silver == {"fixture-bank": 1}          # Silver to rob is there
    state = place_round(state, {"red": "fixture-bank"})
    assert state.current_player() == "red"
    assert not [a for a in state.legal_actions() if a.kind == "rob"]
    # the same situation in High Noon: the Black Hat character may rob (the restriction is the scenario's)
    game = DarkHorse.build(library, scenario="high-noon", variants=["fixture-bank-in-play"])
    state = game.new_initial_state(players=2, rounds=3, characters={"red": ["fixture-bandit"]})
    state = place_round(collect_all(place_round(state, {"blue": "fixture-bank"})), {"red": "fixture-bank"})
    assert Action("rob", "fixture-bank", character="fixture-bandit") in state.legal_actions()


def test_face_down_characters_do_not_challenge(library):
    # Rebels & Rogues: "If a player receives enough White/Black Hat tokens to change their Reputation
    # status to the opposite type, then all of his/her characters, of that opposite type, are turned
    # face down and become inactive."
    game = DarkHorse.build(library, scenario="fixture-heist")
    state = game.new_initial_state(players=2, rounds=3, characters={"red": ["fixture-bandit"],
                                                                    "blue": ["fixture-deputy"]})
    state = collect_all(place_round(state, {"blue": "fixture-bank"}))
    state = place_round(state, {"red": "fixture-bank"})
    blue = state.player("blue")
    blue.reputation.black = 2                     # a Black Hat status: the White Hat deputy is face down
    assert blue.reputation.active() == {"fixture-deputy": False}
    state = state.apply(Action("rob", "fixture-bank", character="fixture-bandit"))
    assert not events(state, "challenge") and state.phase == "collection"
    assert events(state, "robbed")[-1]["silver"] == 1
    # face up (no Black Hat tokens), the same deputy answers the same robbery
    state = game.new_initial_state(players=2, rounds=3, characters={"red": ["fixture-bandit"],
                                                                    "blue": ["fixture-deputy"]})
    state = place_round(collect_all(place_round(state, {"blue": "fixture-bank"})), {"red": "fixture-bank"})
    state = state.apply(Action("rob", "fixture-bank", character="fixture-bandit"))
    assert [e["challenger"] for e in events(state, "challenge")] == ["fixture-deputy"]


def test_a_black_hat_character_challenges_a_robber_and_then_robs_the_same_space(library):
    # Rebels & Rogues, Challenging Characters: "A character making a Challenge must not have performed
    # ANY abilities this turn, however, they may perform abilities after the Gunfight following standard
    # timing rules. Because characters can perform abilities after a Challenge, this means a Black Hat
    # character can Challenge another character robbing an Action Space, and then turn around and rob
    # the same Action Space!"
    game = DarkHorse.build(library, scenario="fixture-heist")
    state = game.new_initial_state(players=2, rounds=3, characters={"red": ["fixture-bandit"],
                                                                    "blue": ["fixture-gunslinger"]})
    state = collect_all(place_round(state, {"red": "fixture-bank"}))
    state = place_round(state, {"red": "saloon", "blue": "fixture-bank"})
    state = state.apply(Action("rob", "fixture-bank", character="fixture-bandit"))
    state = state.apply((5, 0, 0))
    assert events(state, "robbery-stopped")
    while state.current_player() == "red":
        state = state.apply(next(a for a in state.legal_actions() if a.kind == "skip"))
    # blue collects next, in the same turn: its gunslinger challenged, and may now rob the same space
    assert state.current_player() == "blue"
    assert Action("rob", "fixture-bank", character="fixture-gunslinger") in state.legal_actions()
    state = state.apply(Action("rob", "fixture-bank", character="fixture-gunslinger"))
    assert events(state, "robbed")[-1]["player"] == "blue"


def test_the_marshal_token_challenges_once_a_turn(library):
    # Rebels & Rogues, Card Abilities and Timing: "Each player may only use an ability on a card, token
    # or Action Space ONCE per turn"; Marshal Token: "This token acts like a character but its only
    # ability is to Challenge ... against any character with a Wanted token".
    game = DarkHorse.build(library, scenario="fixture-two-banks")
    state = game.new_initial_state(players=3, rounds=3, characters={"red": ["fixture-bandit", "fixture-rustler"]})
    state = place_round(state, {"blue": "marshal", "green": "fixture-bank", "red": "fixture-vault"})
    state = collect_all(state)
    assert state.player("blue").roles == ["marshal-token"]
    assert state.robbery_silver == {"fixture-bank": 1, "fixture-vault": 1}
    state = place_round(state, {"red": "saloon"})
    assert state.current_player() == "red"
    state = state.apply(Action("rob", "fixture-bank", character="fixture-bandit"))
    assert [(e["player"], e["challenger"]) for e in events(state, "challenge")] == [("blue", "marshal-token")]
    state = state.apply((4, 0, 0))           # the Marshal token wins: 4 + 2 - 1 >= 2
    assert events(state, "robbery-stopped")
    state = state.apply(Action("rob", "fixture-vault", character="fixture-rustler"))
    # the rustler is Wanted now (it robs), yet the Marshal token has challenged this turn
    assert len(events(state, "challenge")) == 1 and state.phase == "collection"
    assert events(state, "robbed")[-1]["space"] == "fixture-vault"


def _largest_spaced_set(hexes, gap):
    """The size of the largest set of ``hexes`` pairwise at least ``gap`` apart (brute force)."""
    from itertools import combinations

    def distance(a, b):
        dq, dr = a[0] - b[0], a[1] - b[1]
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2
    best = 0
    for size in range(1, len(hexes) + 1):
        if any(all(distance(a, b) >= gap for a, b in combinations(group, 2)) for group in combinations(hexes, size)):
            best = size
    return best


def test_a_setup_the_map_cannot_hold_is_a_located_problem_before_play(library, tmp_path):
    # Wild Wild West, Setup: "Players must place their first city in a Safe Zone area." Reviews
    # (secondary facts): "In reverse turn order each player places a starting city and 2 towns; a
    # starting city needs at least 2 non-resource hexes between it and any other city". Town/City
    # (Restriction): "players cannot build a Town/City next to, or on top of, a hex with a Wanted
    # token or a Mystery Hex". Base: "Only cities can be placed on this type of hex" (non-resource).
    import json
    import subprocess
    import sys

    import yaml

    from workbench.errors import ContentError

    territory = yaml.safe_load((ROOT / "variants" / "dark-horse" / "illustrative-territory.yaml").read_text())
    radius = territory["shape"]["radius"]
    listed = {tuple(s["at"]): s for s in territory["spaces"]}
    mystery = [tuple(p["at"]) for p in territory["pieces"] if p["piece"] == "mystery-hex"]
    board = [(q, r) for q in range(-radius, radius + 1) for r in range(-radius, radius + 1) if abs(q + r) <= radius]

    def distance(a, b):
        dq, dr = a[0] - b[0], a[1] - b[1]
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2
    non_resource = [h for h in board if listed.get(h, {}).get("terrain", "non-resource") == "non-resource"]
    safe = [h for h, s in listed.items() if s.get("terrain") == "safe-zone"]
    # the Safe Zone area: the safe zone hexes and those next to them (the declared reading, distance 1)
    first_city = [h for h in non_resource if min(distance(h, z) for z in safe) <= 1
                  and min(distance(h, m) for m in mystery) > 1]
    fits = _largest_spaced_set(first_city, 2 + 1)
    assert fits == 2

    game = DarkHorse.build(library, scenario="wild-wild-west")
    for players in (3, 4):
        with pytest.raises(ContentError) as caught:
            game.new_initial_state(players=players, seed=19)
        problem, = caught.value.problems
        text = (ROOT / "variants" / "dark-horse" / "rebels-and-rogues" / "scenarios.yaml").read_text().splitlines()
        players_line = next(i for i, line in enumerate(text, 1) if line.startswith("players:")
                            and i > next(j for j, l in enumerate(text, 1) if l == "id: wild-wild-west"))
        assert (problem.code, problem.file.endswith("scenarios.yaml"), problem.line) == ("setup-impossible", True,
                                                                                         players_line)
        assert f"at most {fits} of the {players} players can place a starting city" in problem.message
    # two players fit, whatever the bots choose: each starts with 1 city and 2 towns
    for seed in range(8):
        state = game.new_initial_state(players=2, seed=seed)
        rng = __import__("random").Random(seed)
        while state.phase == "build":
            state = state.apply(rng.choice(state.legal_actions()))
        assert sorted((p.player, p.piece) for p in state.pieces) == sorted(
            [(n, k) for n in ("red", "blue") for k in ("city", "town", "town")])
    # before play: validate warns (the content plays with 2 players), and `play` refuses 3 (seed 19)
    out = subprocess.run([sys.executable, "-m", "workbench", "validate", str(ROOT / "variants"), "--format", "json"],
                         capture_output=True, text=True, cwd=tmp_path)
    warned = [(p["severity"], p["line"]) for p in json.loads(out.stdout)["problems"] if p["code"] == "setup-impossible"]
    assert out.returncode == 0 and warned == [("warning", players_line)] * 2
    out = subprocess.run([sys.executable, "-m", "workbench", "play", "dark-horse", "--scenario", "wild-wild-west",
                          "--players", "3", "--seed", "19", "--library", str(ROOT / "variants")],
                         capture_output=True, text=True, cwd=tmp_path)
    assert out.returncode == 1 and "Traceback" not in out.stderr and "setup-impossible" in out.stderr
