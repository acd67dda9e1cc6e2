"""A map document as a :class:`networkx.Graph`.

One node per hex (axial ``(q, r)``) or grid space (``(x, y)``). What lies on a node is kept as
node attributes: ``terrain``, ``category`` (the hex type's family), ``allows`` (pieces that may be
built there), ``resource``, ``region``, ``tokens`` and ``pieces``. A rail is an edge attribute:
``graph.edges[a, b]["rails"]`` is the set of players with a rail there, so a player's rail
network is the subgraph of edges carrying that player's name.

Examples
--------
>>> board = Board.from_data({"kind": "map", "game": "dark-horse", "id": "tiny", "name": "Tiny",
...     "geometry": "hex", "shape": {"shape": "hexagon", "radius": 1, "terrain": "non-resource"}})
>>> board.graph.number_of_nodes(), board.graph.nodes[(0, 0)]["allows"]
(7, frozenset({'city'}))
>>> sorted(board.graph.neighbors((0, 0)))[:2]
[(-1, 0), (-1, 1)]
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import networkx as nx

from ..content.loader import Document
from ..content.problems import ERROR, WARNING, Problem
from . import geometry
from .geometry import Coord

#: What may be built on each hex family when no hex_type document says otherwise.
DEFAULT_ALLOWS = {"resource": {"town"}, "safe-zone": {"town"}, "rugged-resource": {"town"},
                  "non-resource": {"city"}}
RESOURCE_CATEGORIES = frozenset({"resource", "safe-zone", "rugged-resource"})
PLAYER_PIECES = ("town", "city", "improved-town")


@dataclass
class Piece:
    """A piece on the board and, when it came from a file, where it was written."""

    piece: str
    at: Coord
    player: str | None = None
    hex_type: str | None = None
    resource: str | None = None
    face_up: bool = True
    first: bool = False
    index: int | None = None  # position in the map document's `pieces` list
    location: tuple[str, int, int] | None = None

    def describe(self) -> str:
        owner = f"{self.player}'s " if self.player else ""
        kind = self.hex_type.replace("-", " ") if self.piece == "mystery-hex" and self.hex_type else self.piece
        return f"{owner}{kind} at {list(self.at)}"


@dataclass
class Board:
    """The graph plus the facts the rules need (geometry, pieces, parameters)."""

    id: str
    game: str
    geometry: str
    graph: nx.Graph
    directions: dict[int, Coord]
    pieces: list[Piece] = field(default_factory=list)
    parameters: dict[str, Any] = field(default_factory=dict)
    rules: list[str] = field(default_factory=list)
    players: list[str] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    document: Document | None = None
    hex_types: dict[str, dict] = field(default_factory=dict)
    # bumped by every change of rails or tokens, so derived indexes know when to rebuild
    version: int = 0
    _index: tuple | None = field(default=None, repr=False)
    _allowed: dict = field(default_factory=dict, repr=False)  # (piece, mystery hexes) -> hexes allowing it

    # -- changing the board (use these, so the indexes stay right) ---------------------------
    def add_rail(self, player: str, a: Coord, b: Coord) -> None:
        self.graph.edges[a, b]["rails"].add(player)
        self.version += 1

    def remove_rail(self, player: str, a: Coord, b: Coord) -> None:
        self.graph.edges[a, b]["rails"].discard(player)
        self.version += 1

    def set_tokens(self, node: Coord, tokens: list[str]) -> None:
        self.graph.nodes[node]["tokens"] = list(tokens)
        self.version += 1

    def index(self) -> dict:
        """Per-board facts the rules look up: node set, rail nodes per player, token hexes.

        Built once and rebuilt only after :meth:`add_rail`, :meth:`remove_rail` or
        :meth:`set_tokens` (a scan of every edge per question is what made placement slow).
        """
        if self._index is None or self._index[0] != self.version:
            rail_nodes: dict[str, set[Coord]] = {}
            for a, b, rails in self.graph.edges(data="rails"):
                for player in rails or ():
                    rail_nodes.setdefault(player, set()).update((a, b))
            tokens: dict[str, set[Coord]] = {}
            for node, names in self.graph.nodes(data="tokens"):
                for name in names or ():
                    tokens.setdefault(name, set()).add(node)
            self._index = (self.version, {"nodes": frozenset(self.graph.nodes), "rail_nodes": rail_nodes,
                                          "tokens": tokens})
        return self._index[1]

    # -- geometry ---------------------------------------------------------------------------
    def neighbours(self, node: Coord) -> list[Coord]:
        return list(self.graph.neighbors(node)) if node in self.graph else []

    def distance(self, a: Coord, b: Coord) -> int:
        return geometry.hex_distance(a, b) if self.geometry == "hex" else geometry.grid_distance(a, b)

    def step(self, node: Coord, direction: int) -> Coord:
        return geometry.add(node, self.directions[direction])

    # -- what is where ----------------------------------------------------------------------
    def pieces_at(self, node: Coord) -> list[Piece]:
        return [p for p in self.pieces if p.at == node]

    def describe(self, node: Coord) -> str:
        data = self.graph.nodes[node]
        what = data.get("name") or data["category"].replace("-", " ")
        return f"{list(node)} ({what})"

    def rail_graph(self, player: str) -> nx.Graph:
        """The player's rail network: the edges carrying one of their rails."""
        return self.graph.edge_subgraph(
            [(a, b) for a, b, rails in self.graph.edges(data="rails") if rails and player in rails]).copy()

    def copy(self) -> "Board":
        graph = self.graph.copy()
        for a, b in graph.edges:  # rails and tokens are mutable containers: copy them too
            graph.edges[a, b]["rails"] = set(self.graph.edges[a, b]["rails"])
        for node in graph.nodes:
            graph.nodes[node]["tokens"] = list(self.graph.nodes[node]["tokens"])
        return Board(self.id, self.game, self.geometry, graph, dict(self.directions),
                     [Piece(**vars(p)) for p in self.pieces], dict(self.parameters), list(self.rules),
                     list(self.players), list(self.problems), self.document, self.hex_types)

    # -- building ---------------------------------------------------------------------------
    @classmethod
    def from_data(cls, data: dict, *, hex_types: dict[str, dict] | None = None,
                  document: Document | None = None) -> "Board":
        """Build the board of a map document's data (``hex_types``: hex type documents by id)."""
        hex_types = hex_types or {}
        kind = data.get("geometry", "hex")
        directions = geometry.directions_from(data.get("directions"))
        graph = nx.Graph(map_id=data.get("id"))
        board = cls(data.get("id", "map"), data.get("game", ""), kind, graph, directions,
                    parameters=dict(data.get("parameters") or {}), rules=list(data.get("rules") or []),
                    players=list(data.get("players") or []), document=document, hex_types=hex_types)

        def where(path):
            if document is None:
                return None
            line, column = document.locate(path)
            return (document.file, line, column)

        def add_node(node: Coord, terrain: str):
            graph.add_node(node, **board._terrain_attrs(terrain), tokens=[], region=None, name=None,
                           blocked=False, resource=None, location=None, in_town=None, start_area=None,
                           mystery_spot=False)

        shape = data.get("shape")
        if shape:
            origin = tuple(shape.get("origin", (0, 0)))
            terrain = shape.get("terrain", "non-resource" if kind == "hex" else "plains")
            if shape["shape"] == "hexagon":
                coords = geometry.hexagon(shape.get("radius", 0), origin)
            else:
                coords = geometry.rectangle(shape.get("width", 1), shape.get("height", 1), origin)
            for node in coords:
                add_node(node, terrain)
        for i, space in enumerate(data.get("spaces") or []):
            node = tuple(space["at"])
            if node not in graph:
                add_node(node, space.get("terrain", "non-resource" if kind == "hex" else "plains"))
            attrs = graph.nodes[node]
            if "terrain" in space:
                attrs.update(board._terrain_attrs(space["terrain"]))
            for key in ("resource", "region", "name", "blocked", "location", "in_town", "start_area", "mystery_spot"):
                if key in space:
                    attrs[key] = space[key]
            attrs["tokens"] = list(space.get("tokens") or [])
            if space.get("terrain") and hex_types and space["terrain"] not in hex_types and kind == "hex" \
                    and space["terrain"] not in DEFAULT_ALLOWS:
                board.problems.append(_located(where(["spaces", i, "terrain"]), Problem(
                    "unknown-terrain", f"no hex type '{space['terrain']}' exists; nothing can be built there",
                    severity=WARNING, hint="add a hex_type document or use one of: " + ", ".join(sorted(hex_types)))))
        neighbours = geometry.hex_neighbours if kind == "hex" else geometry.grid_neighbours
        for node in graph.nodes:
            for other in neighbours(node):
                if other in graph:
                    graph.add_edge(node, other, rails=set())
        for i, raw in enumerate(data.get("pieces") or []):
            piece = Piece(raw["piece"], tuple(raw["at"]), raw.get("player"), raw.get("hex_type"), raw.get("resource"),
                          raw.get("face_up", True), raw.get("first", False), i, where(["pieces", i]))
            if piece.at not in graph:
                board.problems.append(_located(piece.location, Problem(
                    "off-map", f"{piece.describe()} is not on the map", extra={"hex": list(piece.at), "piece": piece.piece,
                                                                               "player": piece.player})))
                continue
            board.pieces.append(piece)
            if piece.player and piece.player not in board.players:
                board.players.append(piece.player)
        for i, rail in enumerate(data.get("rails") or []):
            a, b = tuple(rail["from"]), tuple(rail["to"])
            if not graph.has_edge(a, b):
                reason = "is off the map" if a not in graph or b not in graph else "joins hexes that are not adjacent"
                board.problems.append(_located(where(["rails", i]), Problem(
                    "rail-not-adjacent", f"{rail['player']}'s rail from {list(a)} to {list(b)} {reason}",
                    hint="a rail runs between two neighbouring hexes",
                    extra={"hex": list(a), "piece": "rail", "player": rail["player"]})))
                continue
            board.add_rail(rail["player"], a, b)
            if rail["player"] not in board.players:
                board.players.append(rail["player"])
        return board

    def _terrain_attrs(self, terrain: str) -> dict:
        hex_type = self.hex_types.get(terrain)
        if hex_type:
            category = hex_type.get("category", terrain)
            allows = set(hex_type.get("allows", DEFAULT_ALLOWS.get(category, ())))
            return {"terrain": terrain, "category": category, "allows": frozenset(allows),
                    "any_number_of_towns": bool(hex_type.get("any_number_of_towns")),
                    "mobile": bool(hex_type.get("mobile"))}
        return {"terrain": terrain, "category": terrain, "allows": frozenset(DEFAULT_ALLOWS.get(terrain, ())),
                "any_number_of_towns": False, "mobile": False}

    def effective(self, node: Coord) -> dict:
        """The node's attributes with a mystery hex lying on it taken into account."""
        piece = next((p for p in self.pieces if p.at == node and p.piece == "mystery-hex"), None)
        return self.overlay(dict(self.graph.nodes[node]), piece)

    def overlay(self, attrs: dict, mystery: "Piece | None") -> dict:
        """``attrs`` as changed by a mystery hex on the node: a face-up one brings its hex type's
        rules; a face-down one allows nothing until it is revealed."""
        if mystery is not None:
            if mystery.face_up and mystery.hex_type:
                attrs.update(self._terrain_attrs(mystery.hex_type))
            else:
                attrs.update(category="mystery", allows=frozenset(), terrain="face-down mystery hex")
            attrs["mystery"] = mystery
        return attrs


def _located(location, problem: Problem) -> Problem:
    if location is None:
        return problem
    file, line, column = location
    return Problem(problem.code, problem.message, file, line, column, problem.path, problem.hint,
                   problem.severity, problem.extra)


def board_from_library(library, map_id: str, game: str | None = None) -> Board:
    """Build a map of the library, with its game's hex types."""
    candidates = [d for d in library.of_kind("map") if d.id == map_id and (game is None or d.game == game)]
    if not candidates:
        raise KeyError(map_id)
    document = candidates[0]
    hex_types = {d.id: d.data for d in library.of_kind("hex_type", document.game)}
    return Board.from_data(document.data, hex_types=hex_types, document=document)
