"""Maps: the graph model, placement rules, mobile hexes, layouts."""
import random
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from workbench.board.geometry import DIRECTIONS, hex_distance, hexagon
from workbench.board.graph import Board
from workbench.board.layout import fairness, random_layout
from workbench.board.mobile import distribution, roll_move, transition
from workbench.board.placement import (RULES, Question, check_board, golden_spikes, legal_placements,
                                       rules_in_force)
from workbench.content.loader import load_text
from workbench.app.validate import load_library

# the shipped hex types, as the YAML declares them (mobile, takes_back, placement_rules)
HEX_TYPES = {d.id: d.data for d in load_library().of_kind("hex_type", "dark-horse")}
ALL_RULES = sorted(RULES)


def board(pieces=(), spaces=(), radius=3, terrain="non-resource", rails=(), **extra):
    data = {"kind": "map", "game": "dark-horse", "id": "t", "name": "T", "geometry": "hex",
            "shape": {"shape": "hexagon", "radius": radius, "terrain": terrain},
            "spaces": list(spaces), "pieces": list(pieces), "rails": list(rails), **extra}
    return Board.from_data(data, hex_types=HEX_TYPES)


def codes(board_, rules=ALL_RULES):
    return sorted((p.code, tuple(p.extra.get("hex") or ())) for p in check_board(board_, rules))


# -- geometry -------------------------------------------------------------------------------

def test_directions_are_numbered_clockwise_from_the_top():
    assert DIRECTIONS == {1: (0, -1), 2: (1, -1), 3: (1, 0), 4: (0, 1), 5: (-1, 1), 6: (-1, 0)}
    assert all(hex_distance((0, 0), step) == 1 for step in DIRECTIONS.values())


def test_generated_hexagon_sizes():
    assert len(hexagon(20)) == 1261
    b = board(radius=2)
    assert b.graph.number_of_nodes() == 19 and b.graph.degree[(0, 0)] == 6


def test_a_map_may_declare_its_own_numbering():
    b = board(directions={"1": [0, 1], "2": [-1, 1], "3": [-1, 0], "4": [0, -1], "5": [1, -1], "6": [1, 0]})
    assert b.step((0, 0), 1) == (0, 1)


def test_grid_maps_have_diagonal_neighbours_and_blocked_spaces():
    data = {"id": "g", "game": "western-legends", "geometry": "grid", "shape": {"shape": "rectangle", "width": 3, "height": 3},
            "spaces": [{"at": [1, 0], "blocked": True}]}
    g = Board.from_data(data)
    assert g.graph.degree[(1, 1)] == 8 and g.graph.nodes[(1, 0)]["blocked"]


# -- placement rules ------------------------------------------------------------------------

def test_towns_on_resource_hexes_and_cities_on_non_resource_hexes():
    b = board([{"piece": "town", "player": "red", "at": [0, 0]}, {"piece": "city", "player": "red", "at": [2, 0]}],
              spaces=[{"at": [2, 0], "terrain": "resource"}])
    assert codes(b, ["town-on-resource", "city-on-non-resource"]) == [("city-on-non-resource", (2, 0)), ("town-on-resource", (0, 0))]
    problem = next(p for p in check_board(b, ALL_RULES) if p.code == "town-on-resource")
    assert "only cities go there" in problem.message and problem.extra["player"] == "red"


def test_one_town_per_hex_except_where_any_number_may_build():
    spaces = [{"at": [0, 0], "terrain": "resource"}]
    taken = board([{"piece": "town", "player": "red", "at": [0, 0]}], spaces=spaces)
    v = legal_placements(taken, Question("town", "blue"), ["town-on-resource", "one-town-per-hex"])
    assert v.legal == [] and v.illegal[(0, 0)][-1][0] == "one-town-per-hex"
    ranch = board([{"piece": "mystery-hex", "hex_type": "cattle-ranch", "at": [0, 0]},
                   {"piece": "town", "player": "red", "at": [0, 0]}])
    assert legal_placements(ranch, Question("town", "blue"), ["town-on-resource", "one-town-per-hex"]).legal == [(0, 0)]
    assert legal_placements(ranch, Question("town", "red"), ["town-on-resource", "one-town-per-hex"]).legal == []


def test_min_city_distance_is_a_parameter():
    pieces = [{"piece": "city", "player": "red", "at": [0, 0]}]
    near = board(pieces, parameters={"min_city_distance": 2})
    v = legal_placements(near, Question("city", "blue"), ["min-city-distance"])
    assert (1, 0) not in v.legal and (2, 0) in v.legal
    far = board(pieces, parameters={"min_city_distance": 4})
    v = legal_placements(far, Question("city", "blue"), ["min-city-distance"])
    assert (3, 0) not in v.legal and "at least 4 apart" in v.illegal[(3, 0)][0][1]


def test_improved_town_needs_own_town_matching_resource_and_a_city_each():
    spaces = [{"at": [1, 0], "terrain": "resource", "resource": "food"}, {"at": [0, 1], "terrain": "resource", "resource": "ore"}]
    pieces = [{"piece": "city", "player": "red", "at": [0, 0]}, {"piece": "town", "player": "red", "at": [1, 0]},
              {"piece": "town", "player": "red", "at": [0, 1]}]
    b = board(pieces, spaces)
    assert legal_placements(b, Question("improved-town", "red", "food"), ["improved-town"]).legal == [(1, 0)]
    assert legal_placements(b, Question("improved-town", "blue", "food"), ["improved-town"]).legal == []
    one_used = board(pieces + [{"piece": "improved-town", "player": "red", "at": [1, 0], "resource": "food"}], spaces)
    v = legal_placements(one_used, Question("improved-town", "red", "ore"), ["improved-town"])
    assert v.legal == [] and "one per city" in v.illegal[(0, 1)][0][1]
    wrong = board(pieces + [{"piece": "improved-town", "player": "red", "at": [0, 1], "resource": "food"}], spaces)
    assert codes(wrong, ["improved-town"]) == [("improved-town", (0, 1))]


def test_mystery_access_by_rail_or_by_a_city():
    mystery = {"piece": "mystery-hex", "hex_type": "cattle-ranch", "at": [3, 0]}
    no_access = board([mystery, {"piece": "city", "player": "red", "at": [0, 0]}])
    assert (3, 0) not in legal_placements(no_access, Question("town", "red"), ["town-on-resource", "mystery-access"]).legal
    by_rail = board([mystery, {"piece": "city", "player": "red", "at": [0, 0]}],
                    rails=[{"player": "red", "from": [0, 0], "to": [1, 0]}, {"player": "red", "from": [1, 0], "to": [2, 0]},
                           {"player": "red", "from": [2, 0], "to": [3, 0]}])
    assert legal_placements(by_rail, Question("town", "red"), ["town-on-resource", "mystery-access"]).legal == [(3, 0)]
    by_city = board([mystery, {"piece": "city", "player": "red", "at": [2, 0]}])
    assert legal_placements(by_city, Question("town", "red"), ["town-on-resource", "mystery-access"]).legal == [(3, 0)]


def test_tribe_tokens_and_mobile_hexes_block_building():
    b = board([{"piece": "mystery-hex", "hex_type": "buffalo-herd", "at": [1, 0]}, {"piece": "tribe-token", "at": [0, 1]}],
              spaces=[{"at": [1, 0], "terrain": "resource"}, {"at": [0, 1], "terrain": "resource"},
                      {"at": [2, 0], "terrain": "resource", "tokens": ["tribe-token"]}])
    v = legal_placements(b, Question("town", "red"), ["tribe-blocked", "mobile-hex-blocked"])
    assert {(1, 0), (0, 1), (2, 0)}.isdisjoint(v.legal)
    assert v.illegal[(1, 0)][0][0] == "mobile-hex-blocked" and v.illegal[(0, 1)][0][0] == "tribe-blocked"


def test_wild_wild_west_wanted_exclusion_and_first_city():
    b = board([{"piece": "wanted-token", "at": [0, 0]}], spaces=[{"at": [3, 0], "terrain": "safe-zone"}])
    v = legal_placements(b, Question("city", "red"), ["wanted-exclusion", "first-city-safe-zone"])
    # in the safe zone's area, and neither on nor next to the Wanted token
    assert set(v.legal) == {h for h in b.graph.nodes if hex_distance(h, (3, 0)) <= 1 and hex_distance(h, (0, 0)) > 1}
    assert "next to a Wanted token" in v.illegal[(1, 0)][0][1]
    # the rule binds only the first city
    second = board([{"piece": "city", "player": "red", "at": [3, 0], "first": True}])
    assert len(legal_placements(second, Question("city", "red"), ["first-city-safe-zone"]).legal) == 37


def test_rails_connect_and_golden_spikes_are_detected():
    b = board([{"piece": "city", "player": "red", "at": [0, 0]}, {"piece": "city", "player": "blue", "at": [2, 0]}],
              rails=[{"player": "red", "from": [0, 0], "to": [1, 0]}, {"player": "blue", "from": [2, 0], "to": [1, 0]},
                     {"player": "blue", "from": [-2, 0], "to": [-3, 0]}])
    assert codes(b, ["rail-connected"]) == [("rail-connected", (-3, 0))]
    [spike] = golden_spikes(b)
    assert spike["players"] == ["blue", "red"] and spike["hex"] == [1, 0]
    reach = legal_placements(b, Question("rail", "red"), ["rail-connected"]).legal
    assert (2, -1) in reach and (3, 0) not in reach


def test_problems_point_at_the_piece_in_the_yaml_file():
    text = """kind: map
game: dark-horse
id: m
name: M
geometry: hex
shape: {shape: hexagon, radius: 2}
pieces:
  - {piece: city, player: red, at: [0, 0]}
  - {piece: city, player: blue, at: [1, 0]}
  - {piece: town, player: blue, at: [9, 9]}
rails:
  - {player: red, from: [0, 0], to: [2, 0]}
"""
    docs, _ = load_text(text, "m.yaml")
    b = Board.from_data(docs[0].data, hex_types=HEX_TYPES, document=docs[0])
    found = {(p.code, p.line, p.column) for p in check_board(b, ["min-city-distance"])}
    assert found == {("off-map", 10, 5), ("rail-not-adjacent", 12, 5), ("min-city-distance", 8, 5), ("min-city-distance", 9, 5)}


def test_unknown_rule_ids_are_reported_with_a_suggestion():
    b = board(rules=["town-on-resorce"])
    ids, problems = rules_in_force(b)
    assert ids == [] and problems[0].code == "unknown-rule" and "town-on-resource" in problems[0].hint


def test_scenario_and_variants_bring_their_rules():
    library = load_library()
    b = board()
    ids, _ = rules_in_force(b, library, library.data("dark-horse", "scenario", "wild-wild-west"))
    assert {"town-on-resource", "wanted-exclusion", "first-city-safe-zone"} <= set(ids)
    ids, _ = rules_in_force(b, library, library.data("dark-horse", "scenario", "high-noon"))
    assert {"mystery-access", "tribe-blocked", "mobile-hex-blocked"} <= set(ids) and "wanted-exclusion" not in ids
    ids, _ = rules_in_force(b, library, library.data("dark-horse", "scenario", "how-the-west-was-won"))
    assert {"improved-town", "golden-spike"} <= set(ids)


# -- mobile mystery hexes: the rulebook's own example ----------------------------------------

def buffalo_board():
    # the Buffalo Herd at the centre, towns to its south-west (5) and north-west (6)
    return board([{"piece": "mystery-hex", "hex_type": "buffalo-herd", "at": [0, 0]},
                  {"piece": "town", "player": "red", "at": [-1, 1]}, {"piece": "town", "player": "blue", "at": [-1, 0]}],
                 terrain="resource")


def test_rulebook_example_a_4_moves_the_buffalo_herd_down_one_hex():
    move = roll_move(buffalo_board(), (0, 0), [4])
    assert (move.end, move.moved, move.rolls) == ((0, 1), True, [4])


@pytest.mark.parametrize("first,second", [(5, 6), (6, 5), (5, 5)])
def test_rulebook_example_5_or_6_into_a_town_is_rerolled_then_stays(first, second):
    move = roll_move(buffalo_board(), (0, 0), [first, second])
    assert (move.end, move.moved, move.rolls) == ((0, 0), False, [first, second])
    assert "stays" in move.reason and "City or Town" in move.reason


def test_an_illegal_roll_then_a_legal_reroll_moves():
    move = roll_move(buffalo_board(), (0, 0), [5, 1])
    assert (move.end, move.moved) == ((0, -1), True) and "reroll" in move.reason


def test_off_the_board_is_illegal():
    b = board([{"piece": "mystery-hex", "hex_type": "buffalo-herd", "at": [0, -3]}])
    move = roll_move(b, (0, -3), [1, 1])
    assert not move.moved and "off the board" in move.reason


def test_native_american_hex_picks_up_a_tribe_token():
    b = board([{"piece": "mystery-hex", "hex_type": "native-american", "at": [0, 0]}],
              spaces=[{"at": [0, 1], "terrain": "resource", "tokens": ["tribe-token"]}])
    move = roll_move(b, (0, 0), [4], apply=True)
    assert move.picked_up == ["tribe-token"] and b.graph.nodes[(0, 1)]["tokens"] == []
    assert [p.at for p in b.pieces if p.piece == "mystery-hex"] == [(0, 1)]


def test_exact_one_move_distribution_by_hand():
    dist = transition(buffalo_board(), (0, 0))
    legal = Fraction(1, 6) + Fraction(2, 6) * Fraction(1, 6)
    assert dist == {(0, -1): legal, (1, -1): legal, (1, 0): legal, (0, 1): legal, (0, 0): Fraction(4, 36)}


def test_seeded_moves_agree_with_the_exact_distribution():
    b = buffalo_board()
    exact = distribution(b, (0, 0), 3)
    assert sum(exact.values()) == 1
    rng = random.Random(2024)
    trials = 6000
    counts = Counter()
    for _ in range(trials):
        sim = b.copy()
        at = (0, 0)
        for _ in range(3):
            at = roll_move(sim, at, rng=rng, apply=True).end
        counts[at] += 1
    for hex_, p in exact.items():
        sigma = (float(p) * (1 - float(p)) / trials) ** 0.5
        assert abs(counts[hex_] / trials - float(p)) < 5 * sigma + 1e-9, hex_


def test_moves_replay_exactly_from_a_seed():
    a = roll_move(buffalo_board(), (0, 0), rng=random.Random(7))
    b = roll_move(buffalo_board(), (0, 0), rng=random.Random(7))
    assert a.to_json() == b.to_json()


# -- layouts --------------------------------------------------------------------------------

def test_layout_is_seeded_and_uses_every_spot():
    library = load_library()
    template = library.data("dark-horse", "map", "illustrative-territory")
    hex_types = {d.id: d.data for d in library.of_kind("hex_type", "dark-horse")}
    a = random_layout(template, 5, tiles={"food": 7, "wood": 6, "ore": 7}, mystery=["cattle-ranch", "ghost-town", "buffalo-herd"], hex_types=hex_types)
    b = random_layout(template, 5, tiles={"food": 7, "wood": 6, "ore": 7}, mystery=["cattle-ranch", "ghost-town", "buffalo-herd"], hex_types=hex_types)
    c = random_layout(template, 6, tiles={"food": 7, "wood": 6, "ore": 7}, mystery=["cattle-ranch", "ghost-town", "buffalo-herd"], hex_types=hex_types)
    assert a == b and a != c
    mystery = [p for p in a["pieces"] if p["piece"] == "mystery-hex"]
    assert sorted(p["hex_type"] for p in mystery) == ["buffalo-herd", "cattle-ranch", "ghost-town"]
    assert all(not p["face_up"] for p in mystery)
    rows = fairness(Board.from_data(a, hex_types=hex_types), 3)
    assert [r["start"] for r in rows] == ["north", "north-east", "south", "south-west"]
    assert all(r["food"] + r["wood"] + r["ore"] + r["mystery"] <= r["hexes"] for r in rows)


# -- properties -----------------------------------------------------------------------------

coords = st.tuples(st.integers(-3, 3), st.integers(-3, 3)).filter(lambda h: hex_distance(h, (0, 0)) <= 3)
piece_lists = st.lists(st.tuples(st.sampled_from(["town", "city", "mystery-hex", "tribe-token", "wanted-token"]),
                                 st.sampled_from(["red", "blue"]), coords), max_size=8)
terrains = st.dictionaries(coords, st.sampled_from(["resource", "safe-zone", "non-resource"]), max_size=15)


def _random_board(pieces, terrain):
    raw = []
    for kind, player, at in pieces:
        item = {"piece": kind, "at": list(at)}
        if kind in ("town", "city"):
            item["player"] = player
        if kind == "mystery-hex":
            item["hex_type"] = "buffalo-herd"
        raw.append(item)
    return board(raw, spaces=[{"at": list(h), "terrain": t} for h, t in terrain.items()])


@settings(max_examples=150, deadline=None, derandomize=True)
@given(piece_lists, terrains, st.sampled_from(["town", "city", "improved-town"]), st.sampled_from(["red", "blue"]))
def test_a_legal_placement_never_breaks_a_rule_in_force(pieces, terrain, piece, player):
    b = _random_board(pieces, terrain)
    rules = [r for r in ALL_RULES if r != "first-city-safe-zone"]
    verdict = legal_placements(b, Question(piece, player, "food" if piece == "improved-town" else None), rules)
    for spot in verdict.legal[:5]:
        placed = b.copy()
        from workbench.board.graph import Piece
        placed.pieces.append(Piece(piece, spot, player, resource="food" if piece == "improved-town" else None))
        new = [p for p in check_board(placed, rules) if p.extra.get("hex") == list(spot) and p.extra.get("player") == player
               and p.extra.get("piece") == piece]
        assert new == [], (spot, [p.message for p in new])


@settings(max_examples=150, deadline=None, derandomize=True)
@given(piece_lists, st.lists(st.integers(1, 6), min_size=2, max_size=2), coords)
def test_a_mobile_hex_never_lands_on_a_city_or_town(pieces, rolls, start):
    b = _random_board(pieces, {})
    b.pieces = [p for p in b.pieces if p.at != start]
    from workbench.board.graph import Piece
    b.pieces.append(Piece("mystery-hex", start, hex_type="buffalo-herd"))
    move = roll_move(b, start, rolls)
    occupied = {p.at for p in b.pieces if p.piece in ("town", "city")}
    assert move.end == start or move.end not in occupied
    assert move.end in b.graph
    assert sum(distribution(b, start, 1).values()) == 1


# -- mobile hexes are the hex types declared mobile, nothing else -----------------------------

from workbench.core.errors import ContentError, UsageError  # noqa: E402


@pytest.mark.parametrize("pieces,at,words", [
    ([{"piece": "mystery-hex", "hex_type": "cattle-ranch", "at": [0, 0]}], (0, 0), "not a mobile hex"),
    ([{"piece": "mystery-hex", "hex_type": "buffalo-herd", "at": [0, 0], "face_up": False}], (0, 0), "face down"),
    ([{"piece": "town", "player": "red", "at": [0, 0]}], (0, 0), "no mystery hex"),
    ([], (1, 1), "no mystery hex"),
    ([], (9, 9), "not on the map"),
])
def test_only_face_up_mobile_hexes_move_or_have_odds(pieces, at, words):
    b = board(pieces, terrain="resource")
    for ask in (lambda: roll_move(b, at, [1]), lambda: distribution(b, at, 1)):
        with pytest.raises(UsageError, match=words):
            ask()


def test_a_designers_own_mobile_hex_type_moves_and_takes_back_its_tokens():
    # no id is special: the behaviour comes from `mobile` and `takes_back` in the hex type
    types = {**HEX_TYPES, "stampede": {"category": "mystery", "mobile": True, "takes_back": ["wanted-token"]}}
    data = {"id": "t", "game": "dark-horse", "geometry": "hex", "shape": {"shape": "hexagon", "radius": 2, "terrain": "resource"},
            "spaces": [{"at": [0, 1], "tokens": ["wanted-token", "tribe-token"]}],
            "pieces": [{"piece": "mystery-hex", "hex_type": "stampede", "at": [0, 0]}]}
    b = Board.from_data(data, hex_types=types)
    move = roll_move(b, (0, 0), [4], apply=True)
    assert move.picked_up == ["wanted-token"] and b.graph.nodes[(0, 1)]["tokens"] == ["tribe-token"]
    # the Buffalo Herd takes nothing back: its YAML declares no `takes_back`
    herd = board([{"piece": "mystery-hex", "hex_type": "buffalo-herd", "at": [0, 0]}],
                 spaces=[{"at": [0, 1], "terrain": "resource", "tokens": ["tribe-token"]}])
    assert roll_move(herd, (0, 0), [4], apply=True).picked_up == []


def test_rerolls_follow_the_parameter():
    # every direction but north (1) is blocked by towns; a roll of 4 is illegal
    towns = [{"piece": "town", "player": "red", "at": list(h)} for h in [(1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)]]
    mover = {"piece": "mystery-hex", "hex_type": "buffalo-herd", "at": [0, 0]}
    none = board([mover, *towns], terrain="resource", parameters={"rerolls_on_illegal_move": 0})
    move = roll_move(none, (0, 0), [4])
    assert (move.moved, move.rolls) == (False, [4])
    # by hand: with r rerolls, north is reached with 1/6 (1 + 5/6 + ... + (5/6)^r); stays (5/6)^(r+1)
    for rerolls in (0, 1, 2):
        b = board([mover, *towns], terrain="resource", parameters={"rerolls_on_illegal_move": rerolls})
        stay = Fraction(5, 6) ** (rerolls + 1)
        assert transition(b, (0, 0)) == {(0, -1): 1 - stay, (0, 0): stay}
    two = board([mover, *towns], terrain="resource", parameters={"rerolls_on_illegal_move": 2})
    assert roll_move(two, (0, 0), [4, 5, 1]).end == (0, -1)


def test_odds_moves_have_a_declared_limit():
    b = buffalo_board()
    with pytest.raises(UsageError, match="declared limit"):
        distribution(b, (0, 0), 101)


# -- explanations name the rule that forbids, once per reason --------------------------------

def test_a_mobile_hex_on_a_resource_hex_is_forbidden_by_the_block_rule_only():
    library = load_library()
    scenario = library.data("dark-horse", "scenario", "high-noon")
    b = board([{"piece": "mystery-hex", "hex_type": "buffalo-herd", "at": [1, 0]},
               {"piece": "city", "player": "red", "at": [0, 0]}], spaces=[{"at": [1, 0], "terrain": "resource"}])
    rules, _ = rules_in_force(b, library, scenario)
    verdict = legal_placements(b, Question("town", "red"), rules)
    reasons = verdict.illegal[(1, 0)]
    assert [r for r, _ in reasons] == ["mobile-hex-blocked"]
    assert "blocks all players from building a Town or City" in reasons[0][1] and "Buffalo Herd" in reasons[0][1]
    assert "(Resource Hex)" in reasons[0][1]  # the hex keeps its terrain under the mobile hex


def test_a_mobile_hex_brings_its_block_rule_wherever_it_lies():
    # the map's game rules alone do not name the block rule; the Buffalo Herd's hex type does
    library = load_library()
    b = board([{"piece": "mystery-hex", "hex_type": "buffalo-herd", "at": [1, 0]}],
              spaces=[{"at": [1, 0], "terrain": "resource"}])
    rules, _ = rules_in_force(b, library)
    assert "mobile-hex-blocked" in rules and "tribe-blocked" not in rules
    assert (1, 0) not in legal_placements(b, Question("town", "red"), rules).legal


def test_explanations_are_lazy_and_the_same_whichever_way_they_are_read():
    b = board([{"piece": "city", "player": "red", "at": [0, 0]}, {"piece": "wanted-token", "at": [3, 0]},
               {"piece": "mystery-hex", "hex_type": "cattle-ranch", "at": [-3, 0]}],
              spaces=[{"at": [2, 0], "terrain": "resource"}])
    a = legal_placements(b, Question("city", "blue"), ALL_RULES)
    one_by_one = {h: a.illegal[h] for h in list(a.illegal)}
    c = legal_placements(b, Question("city", "blue"), ALL_RULES)
    assert dict(c.illegal.items()) == one_by_one and len(c.illegal) == len(one_by_one)
    assert set(one_by_one) | set(a.legal) == set(b.graph.nodes) and not set(one_by_one) & set(a.legal)
    groups = c.illegal.by_reason()
    # every hex's reasons appear in the groups, each reason stated once
    assert sum(len(hexes) for *_, hexes in groups) == sum(len(r) for r in one_by_one.values())
    assert len({(rule, text) for rule, text, _ in groups}) == len(groups)
    for reasons in one_by_one.values():
        assert len({text for _, text in reasons}) == len(reasons)


def test_the_first_city_explanation_is_a_whole_sentence():
    b = board([], spaces=[{"at": [3, 0], "terrain": "safe-zone"}])
    why = legal_placements(b, Question("city", "red"), ["first-city-safe-zone"]).illegal[(-3, 0)][0][1]
    assert why.endswith("where red's first city must go")


# -- parameters never crash the board ---------------------------------------------------------

@pytest.mark.parametrize("value", ["three", float("nan"), [1], 2.5, True, None, 10 ** 9, -4, {"a": 1}])
def test_bad_distance_parameters_fall_back_to_the_default(value):
    pieces = [{"piece": "city", "player": "red", "at": [0, 0]}]
    b = board(pieces, parameters={"min_city_distance": value, "safe_zone_area_distance": value,
                                  "mobile_hex_may_stack": value, "rerolls_on_illegal_move": value})
    v = legal_placements(b, Question("city", "blue"), ["min-city-distance"])  # the default: 3 apart
    assert (2, 0) not in v.legal and (3, 0) in v.legal and "at least 3 apart" in v.illegal[(2, 0)][0][1]
    assert [p.code for p in check_board(b, ALL_RULES)] == ["first-city-safe-zone"]  # no safe zone on this map
    assert sum(transition(board([{"piece": "mystery-hex", "hex_type": "buffalo-herd", "at": [0, 0]}],
                                parameters={"rerolls_on_illegal_move": value}), (0, 0)).values()) == 1


# -- structure --------------------------------------------------------------------------------

def structure(text):
    docs, problems = load_text(text, "m.yaml")
    assert not problems
    b = Board.from_data(docs[0].data, hex_types=HEX_TYPES, document=docs[0])
    return b, sorted((p.code, p.line) for p in b.problems)


HEADER = "kind: map\ngame: dark-horse\nid: m\nname: M\ngeometry: hex\n"


def test_a_huge_radius_is_refused_before_anything_is_generated():
    b, found = structure(HEADER + "shape: {shape: hexagon, radius: 1000000}\n")
    assert found == [("size-limit", 6)] and not b.sound and b.graph.number_of_nodes() == 0


def test_a_partial_direction_table_is_reported_and_moves_are_refused():
    b, found = structure(HEADER + "shape: {shape: hexagon, radius: 2, terrain: resource}\ndirections: {'1': [0, -1]}\n"
                         "pieces:\n  - {piece: mystery-hex, hex_type: buffalo-herd, at: [0, 0]}\n")
    assert found == [("map-directions", 7)] and "2, 3, 4, 5, 6 are missing" in b.problems[0].message
    with pytest.raises(ContentError):
        roll_move(b, (0, 0), [3])


def test_unknown_terrain_and_hex_types_get_a_suggestion():
    b, found = structure(HEADER + "shape: {shape: hexagon, radius: 2}\nspaces:\n  - {at: [1, 0], terrain: resourse}\n"
                         "  - {at: [1, 0], terrain: resource}\npieces:\n  - {piece: mystery-hex, hex_type: bufalo-herd, at: [0, 0]}\n"
                         "  - {piece: mystery-hex, hex_type: resource, at: [0, 1]}\n")
    assert found == [("duplicate-space", 9), ("unknown-hex-type", 11), ("unknown-hex-type", 12), ("unknown-terrain", 8)]
    hints = {p.code: p.hint for p in b.problems}
    assert "'resource'" in hints["unknown-terrain"] and "buffalo-herd" in b.problems[2].hint
    assert "not a mystery hex type" in b.problems[3].message
    with pytest.raises(UsageError, match="not a mobile hex"):  # an unknown type has no rules: it does not move
        roll_move(b, (0, 0), [1])


def test_rule_ids_are_located_where_they_are_written(tmp_path):
    from workbench.app.validate import validate_paths
    path = tmp_path / "s.yaml"
    path.write_text("kind: scenario\ngame: dark-horse\nid: typo\nname: Typo\nsource: {document: house-rule}\n"
                    "placement_rules:\n  - town-on-resource\n  - wanted-exclusoin\n")
    result = validate_paths([path], context=["variants"])
    [problem] = [p for p in result.problems if p.code != "no-end-trigger"]    # (its games cannot end either)
    assert (problem.code, problem.line, problem.column) == ("unknown-rule", 8, 5) and "wanted-exclusion" in problem.hint
    library = result.library
    _, problems = rules_in_force(board(), library, library.get("dark-horse", "scenario", "typo"))
    assert [(p.file, p.line) for p in problems] == [(str(path), 8)]


# -- the cheap containers agree with the sets they stand for ----------------------------------

@settings(max_examples=100, deadline=None, derandomize=True)
@given(st.sets(coords, max_size=6), st.integers(0, 3), coords)
def test_near_agrees_with_the_ball_it_stands_for(centres, radius, probe):
    from workbench.board.geometry import ball
    from workbench.board.placement import Near
    b = board()
    near = Near(centres, radius, b.neighbours, b.index()["nodes"])
    area = ball(centres, radius, b.neighbours, b.index()["nodes"])
    assert (probe in near) == (probe in area)
    assert set(near) == area


def test_play_and_map_check_never_read_the_published_board_parameters(monkeypatch):
    # the published values are the fallback of a board built from data alone (no library: tests,
    # doctests, a notebook sketch); the engines, `map check` and the map explorer resolve every
    # board parameter from the library, so none of them may reach it (README "Rules as data")
    import workbench.board.parameters as parameters
    from workbench.games.dark_horse.engine import DarkHorse
    from workbench.games.base import play

    def refuse():
        raise AssertionError("a published board parameter was read in place of the library's")
    monkeypatch.setattr(parameters, "published_values", refuse)
    library = load_library()
    for scenario in ("high-noon", "wild-wild-west"):
        game = DarkHorse.build(library, scenario=scenario)
        play(game, 2, 3, ["random", "random"], rounds=2)
    from workbench.cli import main
    assert main(["map", "check", "illustrative-wild-wild-west", "--format", "json"]) in (0, 1)
