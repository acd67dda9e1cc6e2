"""A state that play produces passes the map checks: the Ghost Town's own option builds a town on
it, and seeded Dark Horse games (pieces built, tokens placed, mystery hexes revealed, moved and
removed) leave boards the checks find nothing wrong with."""
import random
from pathlib import Path

import pytest

from workbench.app.validate import load_library, validate_paths
from workbench.board.graph import Board
from workbench.board.placement import RULES, Question, check_board, legal_placements
from workbench.games.dark_horse.engine import DarkHorse

ROOT = Path(__file__).resolve().parent.parent
HEX_TYPES = {d.id: d.data for d in load_library().of_kind("hex_type", "dark-horse")}


def ghost_town_map(face_up=True, town="red"):
    """A Ghost Town (on a resource hex, as the fixture territory lays it) with red's city next to
    it, and a town of ``town``'s on it."""
    pieces = [{"piece": "city", "player": "red", "at": [0, 0], "first": True},
              {"piece": "mystery-hex", "hex_type": "ghost-town", "at": [1, 0], "face_up": face_up}]
    if town:
        pieces.append({"piece": "town", "player": town, "at": [1, 0]})
    return Board.from_data({"kind": "map", "game": "dark-horse", "id": "ghost", "name": "Ghost", "geometry": "hex",
                            "shape": {"shape": "hexagon", "radius": 2, "terrain": "non-resource"},
                            "spaces": [{"at": [0, 0], "terrain": "safe-zone", "resource": "food"},
                                       {"at": [1, 0], "terrain": "resource", "resource": "wood"}],
                            "pieces": pieces}, hex_types=HEX_TYPES)


def test_the_ghost_town_s_own_option_builds_a_town_the_checks_accept():
    # "Place one of your unused Town tokens on this hex for free" (Rebels & Rogues: Ghost Town)
    rules = [r for r in sorted(RULES) if r not in ("rail-connected", "first-city-safe-zone", "min-city-distance")]
    found = [(p.code, p.message) for p in check_board(ghost_town_map(), rules) if p.extra.get("player") == "red"
             and p.extra.get("hex") == [1, 0]]
    assert found == []


def test_a_ghost_town_is_no_place_for_a_standard_town():
    # the option places a town; a town built the standard way goes on a resource hex, and the
    # Ghost Town is none (Territory Map: towns on resource hexes)
    verdict = legal_placements(ghost_town_map(town=None), Question("town", "red"), ["town-on-resource"])
    assert (1, 0) not in verdict.legal and verdict.illegal[(1, 0)][0][0] == "town-on-resource"
    # face down, it is not revealed: nothing is built on it, by option or otherwise
    found = [p.code for p in check_board(ghost_town_map(face_up=False), ["town-on-resource"])]
    assert found == ["town-on-resource"]


def test_wild_wild_west_keeps_standard_towns_off_a_mystery_hex_but_not_the_ghost_town_s_own():
    # "Following standard placement rules, players cannot build a Town/City next to, or on top
    # of, a hex with a Wanted token or a Mystery Hex": the option's town is no standard placement
    found = [(p.code, p.extra["piece"]) for p in check_board(ghost_town_map(), ["wanted-exclusion"])]
    assert found == [("wanted-exclusion", "city")]     # red's city next to it was a standard placement
    verdict = legal_placements(ghost_town_map(town=None), Question("town", "blue"), ["wanted-exclusion"])
    assert (1, 0) not in verdict.legal


@pytest.fixture(scope="module")
def library():
    return validate_paths([ROOT / "variants", ROOT / "tests" / "corpus" / "dark-horse"]).library


GAMES = [("fixture-mysteries", 3, range(6)), ("wild-wild-west", 2, range(2)), ("high-noon", 3, range(2)),
         (None, 2, range(1))]


def test_seeded_games_leave_boards_the_map_checks_accept(library):
    """Short seeded games of random moves, the board checked under the rules in force after every
    move: whatever play builds, places, reveals, moves or removes is no problem to the checks."""
    seen = set()
    for scenario, players, seeds in GAMES:
        game = DarkHorse.build(library, scenario=scenario)
        for seed in seeds:
            state = game.new_initial_state(players=players, seed=seed, rounds=6)
            rng = random.Random(seed)
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_in_place(state.sample_chance(rng))
                    continue
                state.apply_in_place(rng.choice(state.legal_actions()))
                problems = list(check_board(state.board, game.placement_rules))
                assert problems == [], (scenario, seed, len(state.history), [p.message for p in problems])
            seen |= {e["event"] for e in state.log}
            seen |= {("option", e["type"], e["option"][:20]) for e in state.log if e["event"] == "mystery"}
    # the games did change the boards: pieces built, mystery hexes revealed, moved and removed,
    # and the Ghost Town's own town built
    assert {"build", "mystery-revealed", "mystery-moved", "mystery-removed"} <= seen
    assert ("option", "ghost-town", "Place one of your un") in seen
