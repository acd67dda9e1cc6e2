"""Random layouts of a template map and a fairness report per start position.

A template marks the spots to fill: resource hexes without a ``resource`` take the shuffled
resource tiles (Dark Horse: 7 food, 6 wood, 7 ore), spaces with ``mystery_spot: true`` take the
shuffled mystery hexes, face down. Spaces with a ``start_area`` name are the start positions the
report compares.
"""
from __future__ import annotations

import copy
import random
from collections import Counter

from .geometry import ball
from .graph import RESOURCE_CATEGORIES, Board

RESOURCES = ("food", "wood", "ore")


def resource_tiles(template: dict, game: dict | None = None) -> dict[str, int]:
    """The resource hex tiles a layout shuffles: the map's own count, else the game's.

    A count is a fact of the printed components (``facts: resource_hex_tiles``); a designer may
    also set it as a parameter, which then wins over the fact of the same document.

    >>> resource_tiles({"facts": {"resource_hex_tiles": {"food": 2}}})
    {'food': 2}
    >>> resource_tiles({}, {"facts": {"resource_hex_tiles": {"ore": 1}}})
    {'ore': 1}
    >>> resource_tiles({"parameters": {"resource_hex_tiles": {"wood": 3}}, "facts": {"resource_hex_tiles": {"wood": 1}}})
    {'wood': 3}
    """
    for data in (template, game or {}):
        for section in ("parameters", "facts"):
            tiles = (data.get(section) or {}).get("resource_hex_tiles")
            if isinstance(tiles, dict) and tiles:
                return dict(tiles)
    return {}


def random_layout(template: dict, seed: int, *, tiles: dict[str, int] | None = None,
                  mystery: list[str] | None = None, hex_types: dict | None = None) -> dict:
    """A copy of ``template`` with tiles and mystery hexes shuffled onto their spots.

    >>> t = {"id": "t", "game": "dark-horse", "geometry": "hex", "name": "T",
    ...      "spaces": [{"at": [0, 0], "terrain": "resource"}, {"at": [1, 0], "terrain": "resource"}]}
    >>> sorted(s["resource"] for s in random_layout(t, 1, tiles={"food": 1, "ore": 1})["spaces"])
    ['food', 'ore']
    >>> random_layout(t, 1, tiles={"food": 1, "ore": 1}) == random_layout(t, 1, tiles={"food": 1, "ore": 1})
    True
    """
    rng = random.Random(seed)
    data = copy.deepcopy(template)
    tiles = tiles if tiles is not None else resource_tiles(data)
    bag = [r for r, n in sorted(tiles.items()) for _ in range(int(n))]
    rng.shuffle(bag)
    hex_types = hex_types or {}
    spaces = data.setdefault("spaces", [])
    for space in spaces:
        category = hex_types.get(space.get("terrain", ""), {}).get("category", space.get("terrain"))
        # safe zones are printed on the board; every other resource hex takes a shuffled tile
        if category in ("resource", "rugged-resource") and not space.get("mystery_spot"):
            space["resource"] = bag.pop() if bag else "unknown"
    spots = [s for s in spaces if s.get("mystery_spot")]
    mystery = list(mystery or [])
    rng.shuffle(mystery)
    pieces = [p for p in data.get("pieces") or [] if p.get("piece") != "mystery-hex"]
    for spot, hex_type in zip(spots, mystery):
        pieces.append({"piece": "mystery-hex", "hex_type": hex_type, "at": list(spot["at"]), "face_up": False})
    data["pieces"] = pieces
    data["id"] = f"{template.get('id', 'layout')}-seed-{seed}"
    data["name"] = f"{template.get('name', 'Layout')} (seed {seed})"
    return data


def fairness(board: Board, distance: int = 3) -> list[dict]:
    """Per start position: resource hexes of each type and mystery hexes within ``distance``."""
    starts: dict[str, list] = {}
    for node, name in board.graph.nodes(data="start_area"):
        if name:
            starts.setdefault(name, []).append(node)
    mystery = {p.at for p in board.pieces if p.piece == "mystery-hex"}
    rows = []
    for name in sorted(starts):
        near = ball(starts[name], distance, board.neighbours, board.graph.nodes)
        counts = Counter()
        for node in near:
            attrs = board.graph.nodes[node]
            if attrs["category"] in RESOURCE_CATEGORIES and node not in mystery:
                counts[attrs.get("resource") or "unknown"] += 1
        row = {"start": name, **{r: counts.get(r, 0) for r in RESOURCES},
               "mystery": len(near & mystery), "hexes": len(near)}
        rows.append(row)
    return rows


def spread(rows: list[dict]) -> dict[str, int]:
    """How unequal the starts are: max minus min of each column (0 = perfectly even)."""
    if not rows:
        return {}
    return {k: max(r[k] for r in rows) - min(r[k] for r in rows) for k in (*RESOURCES, "mystery")}
