"""Map checks at the declared limits: `map check` judges every piece in time linear in the pieces,
with the same problems as judging each piece on its own; the size limits agree with each other."""
import random

import pytest

from workbench.board.geometry import hexagon
from workbench.board.graph import Board
from workbench.board.placement import RULES, Question, check_board, legal_placements
from workbench.app.validate import load_library

HEX_TYPES = {d.id: d.data for d in load_library().of_kind("hex_type", "dark-horse")}
ALL_RULES = sorted(RULES)


def seeded_map(seed: int, radius: int = 4, pieces: int = 40) -> dict:
    """A crowded map of every kind of piece the rules look at: several players' towns, cities
    (some marked first) and improved towns, stacked on shared hexes now and then, mystery hexes
    face up and down (any-number-of-towns, mobile), Tribe and Wanted tokens, rails."""
    rng = random.Random(seed)
    cells = hexagon(radius)
    terrains = ["resource", "non-resource", "safe-zone", "rugged-resource"]
    spaces = [{"at": list(h), "terrain": rng.choice(terrains), "resource": rng.choice(["food", "wood", "ore"])}
              for h in cells if rng.random() < 0.6]
    players = ["red", "blue", "green"]
    marked: set = set()     # at most one city marked first a player
    placed = []
    for _ in range(pieces):
        at = list(rng.choice(cells))
        kind = rng.choice(["town", "town", "city", "city", "improved-town", "mystery-hex", "tribe-token",
                           "wanted-token"])
        piece = {"piece": kind, "at": at}
        if kind in ("town", "city", "improved-town"):
            piece["player"] = rng.choice(players)
        if kind == "city" and rng.random() < 0.3 and piece["player"] not in marked:
            piece["first"] = True
            marked.add(piece["player"])
        if kind == "improved-town" and rng.random() < 0.5:
            piece["resource"] = rng.choice(["food", "wood", "ore"])
        if kind == "mystery-hex":
            piece["hex_type"] = rng.choice(["cattle-ranch", "silver-mines", "buffalo-herd", "native-american",
                                            "outlaw-hideout"])
            piece["face_up"] = rng.random() < 0.7
        placed.append(piece)
    rails = []
    for _ in range(pieces // 2):
        a = rng.choice(cells)
        b = rng.choice([n for n in cells if abs(n[0] - a[0]) + abs(n[1] - a[1]) + abs(n[0] + n[1] - a[0] - a[1]) == 2])
        rails.append({"player": rng.choice(players), "from": list(a), "to": list(b)})
    return {"kind": "map", "game": "dark-horse", "id": f"seeded-{seed}", "name": "Seeded", "geometry": "hex",
            "shape": {"shape": "hexagon", "radius": radius, "terrain": "non-resource"}, "spaces": spaces,
            "pieces": placed, "rails": rails, "parameters": {"min_city_distance": rng.choice([2, 3])}}


def judged_one_by_one(data: dict, rules: list[str]) -> list[tuple]:
    """The problems of every placed piece found the slow, plain way: each piece asked about as a
    new placement on a map built afresh without it (what "judged with the others in place" means)."""
    board = Board.from_data(data, hex_types=HEX_TYPES)
    firsts: dict = {}       # a player's first city: the one marked first, else the first listed
    for p in board.pieces:
        if p.piece == "city" and (p.first or p.player not in firsts):
            firsts[p.player] = p
    found = []
    for p in board.pieces:
        if p.piece not in ("town", "city", "improved-town") or not p.player:
            continue
        without = dict(data, pieces=[raw for i, raw in enumerate(data["pieces"]) if i != p.index])
        alone = Board.from_data(without, hex_types=HEX_TYPES)
        question = Question(p.piece, p.player, p.resource,
                            first_city=(firsts.get(p.player) is p) if p.piece == "city" else None)
        verdict = legal_placements(alone, question, rules)
        for rule_id, text in (verdict.illegal[p.at] if p.at in verdict.illegal else []):
            found.append((rule_id, f"{p.describe()}: {text}", p.at, p.player))
    return found


@pytest.mark.parametrize("seed", range(6))
def test_check_board_finds_what_judging_each_piece_alone_finds(seed):
    data = seeded_map(seed)
    rules = [r for r in ALL_RULES if r != "rail-connected"]
    board = Board.from_data(data, hex_types=HEX_TYPES)
    got = [(p.code, p.message, tuple(p.extra["hex"]), p.extra["player"]) for p in check_board(board, rules)
           if p.code in RULES]
    expected = judged_one_by_one(data, rules)
    assert got == expected
    assert len(expected) > 3      # the seeded maps are crowded: a test of something


def test_a_rail_is_loose_when_no_path_of_its_players_rails_reaches_their_town_or_city():
    import networkx as nx

    for seed in range(4):
        data = seeded_map(seed)
        expected = set()
        for rail in data["rails"]:
            player, a, b = rail["player"], tuple(rail["from"]), tuple(rail["to"])
            network = nx.Graph([(tuple(r["from"]), tuple(r["to"])) for r in data["rails"] if r["player"] == player])
            anchors = {tuple(p["at"]) for p in data["pieces"] if p.get("player") == player and p["piece"] in ("town", "city")}
            if not any(n in anchors for n in nx.node_connected_component(network, a)):
                expected.add((player, min(a, b)))
        board = Board.from_data(data, hex_types=HEX_TYPES)
        got = [(p.extra["player"], tuple(p.extra["hex"])) for p in check_board(board, ["rail-connected"])
               if p.code == "rail-connected"]
        assert set(got) == expected and len(got) == len(set(got)) and got == sorted(got)
        assert expected


def _map_yaml(data: dict) -> str:
    """A map document as a designer writes a large one: one flow mapping a line."""
    lines = ["kind: map", "game: dark-horse", "id: crowded", "name: Crowded", "source: {document: illustrative}",
             "geometry: hex", "shape: {shape: hexagon, radius: %d, terrain: non-resource}" % data["shape"]["radius"],
             "spaces:"]
    lines += ["  - {at: [%d, %d], terrain: %s}" % (*s["at"], s["terrain"]) for s in data["spaces"]]
    lines += ["pieces:"] + ["  - {piece: %s, player: %s, at: [%d, %d]}" % (p["piece"], p["player"], *p["at"])
                            for p in data["pieces"]]
    lines += ["rails:"] + ["  - {player: %s, from: [%d, %d], to: [%d, %d]}" % (r["player"], *r["from"], *r["to"])
                           for r in data["rails"]]
    return "\n".join(lines) + "\n"


def test_a_map_at_the_pieces_and_rails_limits_is_within_a_documents_values():
    """The rails limit is reachable: a radius-60 map with the pieces limit's pieces and the rails
    limit's rails (and a third of its hexes listed as resource hexes) loads, and is checked by
    the map checks; one rail more is the rails limit's `size-limit`, not the loader's."""
    from clitools import benchmark
    from workbench.content.loader import load_text
    from workbench.core.limits import limit

    data = benchmark("board").limit_map(limit("map_radius"), limit("map_pieces"), limit("map_rails"))
    assert len(data["rails"]) == limit("map_rails") and len(data["spaces"]) > 3000
    documents, problems = load_text(_map_yaml(data))
    assert problems == [] and len(documents) == 1
    board = Board.from_data(documents[0].data, hex_types=HEX_TYPES)
    assert board.sound and not [p for p in board.problems if p.code == "size-limit"]
    assert board.index()["rail_nodes"]
    more = dict(data, rails=data["rails"] + [{"player": "p0", "from": [0, 0], "to": [0, 1]}])
    over = Board.from_data(more, hex_types=HEX_TYPES)
    assert [p.code for p in over.problems] == ["size-limit"] and "8,001 rails" in over.problems[0].message


@pytest.mark.parametrize("cache", ["off", "a folder"])
def test_a_map_command_builds_and_judges_its_map_once(cache, tmp_path, monkeypatch, capsys):
    """`map check` runs the library's checks (the map's among them, with the cache on the documents
    a map check reads) and then answers for the map: both read one board and one judgement of its
    pieces, not two."""
    import shutil
    from pathlib import Path

    from workbench.board import placement
    from workbench.cli import main

    source = Path(__file__).parent / "corpus" / "maps" / "crowded-frontier.yaml"
    shutil.copy(source, tmp_path / "crowded-frontier.yaml")
    monkeypatch.chdir(tmp_path)     # outside the repository
    monkeypatch.setenv("WORKBENCH_CACHE_DIR", "off" if cache == "off" else str(tmp_path / "cache"))
    built, judged = [], []
    from_data, check_board_ = Board.from_data.__func__, placement.check_board

    def counting_build(cls, data, **options):
        if data.get("id") == "crowded-frontier":
            built.append(1)
        return from_data(cls, data, **options)

    def counting_check(board, rule_ids):
        if board.id == "crowded-frontier":
            judged.append(1)
        return check_board_(board, rule_ids)

    monkeypatch.setattr(Board, "from_data", classmethod(counting_build))
    monkeypatch.setattr(placement, "check_board", counting_check)
    assert main(["map", "check", "crowded-frontier.yaml", "--format", "json"]) == 1
    assert {p["code"] for p in __import__("json").loads(capsys.readouterr().out)["problems"]} >= {"min-city-distance"}
    assert (len(built), len(judged)) == (1, 1)
