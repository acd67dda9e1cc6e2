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
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Mapping

from ..content.loader import Document
from ..content.problems import ERROR, WARNING, Problem
from ..core.errors import did_you_mean
from ..core.limits import limit
from . import geometry
from .geometry import Coord

if TYPE_CHECKING:
    # networkx is imported where a board is built (:meth:`Board.from_data`): importing it takes
    # ~0.1 s, which a run that builds no board (a hook run, a check of placement rule ids) skips
    import networkx as nx

#: What may be built on each hex family when no hex_type document says otherwise.
DEFAULT_ALLOWS = {"resource": {"town"}, "safe-zone": {"town"}, "rugged-resource": {"town"},
                  "non-resource": {"city"}}
RESOURCE_CATEGORIES = frozenset({"resource", "safe-zone", "rugged-resource"})
PLAYER_PIECES = ("town", "city", "improved-town")
#: Hex type families a mystery-hex piece may be (Whistle-Stop hexes use the mystery hexes' layout).
MYSTERY_CATEGORIES = frozenset({"mystery", "whistle-stop"})


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
    """The graph plus the facts the rules need (geometry, pieces, parameters).

    ``problems`` holds what is wrong with the map's structure, located in its YAML (pieces off
    the map, rails between hexes that are not neighbours, unknown terrain or hex types,
    incomplete direction tables, sizes beyond the declared limits). A map beyond a size limit
    is built empty (``sound`` is false) rather than exhausting memory.
    """

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
    own_parameters: dict[str, Any] = field(default_factory=dict)  # the map's own, before layering
    sound: bool = True             # false when a size limit was passed: the board is empty
    directions_ok: bool = True     # false when the map's direction table is unusable
    rail_locations: dict = field(default_factory=dict, repr=False)  # (player, a, b) -> where it is written
    # bumped by every change of rails or tokens, so derived indexes know when to rebuild
    version: int = 0
    _index: tuple | None = field(default=None, repr=False)
    _allowed: dict = field(default_factory=dict, repr=False)  # (piece, mystery hexes) -> hexes allowing it
    _labels: dict = field(default_factory=dict, repr=False)   # hex -> "[q, r] (what)", hexes without a mystery hex

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
        """Per-board facts the rules look up: node set, rail nodes per player, the rails (each
        player's edges), token hexes.

        Built once and rebuilt only after :meth:`add_rail`, :meth:`remove_rail` or
        :meth:`set_tokens` (a scan of every edge per question is what made placement slow).
        """
        if self._index is None or self._index[0] != self.version:
            rail_nodes: dict[str, set[Coord]] = {}
            rail_edges: dict[str, list[tuple[Coord, Coord]]] = {}
            for a, b, rails in self.rails():
                for player in rails:
                    rail_nodes.setdefault(player, set()).update((a, b))
                    rail_edges.setdefault(player, []).append((a, b))
            tokens: dict[str, set[Coord]] = {}
            for node, names in self.graph.nodes(data="tokens"):
                for name in names or ():
                    tokens.setdefault(name, set()).add(node)
            self._index = (self.version, {"nodes": frozenset(self.graph.nodes), "rail_nodes": rail_nodes,
                                          "rails": rail_edges, "tokens": tokens})
        return self._index[1]

    def rails(self):
        """``(a, b, players)`` for every edge carrying a rail, each edge once.

        Read from networkx's own adjacency dicts: a scan through its edge view (an object per
        edge) took most of a whole-map check of the largest map.
        """
        done: set[Coord] = set()
        for a, neighbours in self.graph._adj.items():
            for b, data in neighbours.items():
                players = data.get("rails")
                if players and b not in done:
                    yield a, b, players
            done.add(a)

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

    def mystery_at(self, node: Coord) -> "Piece | None":
        return next((p for p in self.pieces if p.at == node and p.piece == "mystery-hex"), None)

    def is_mobile(self, piece: "Piece | None") -> bool:
        """A face-up mystery hex whose hex type is declared mobile (``mobile: true``)."""
        return (piece is not None and piece.piece == "mystery-hex" and piece.face_up
                and bool(self.hex_types.get(piece.hex_type or "", {}).get("mobile")))

    def describe(self, node: Coord) -> str:
        return describe(node, self.effective(node))

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
                     list(self.players), list(self.problems), self.document, self.hex_types,
                     dict(self.own_parameters), self.sound, self.directions_ok, dict(self.rail_locations))

    # -- building ---------------------------------------------------------------------------
    @classmethod
    def from_data(cls, data: dict, *, hex_types: dict[str, dict] | None = None,
                  document: Document | None = None) -> "Board":
        """Build the board of a map document's data (``hex_types``: hex type documents by id).

        The data is expected to pass the map schema; what the schema cannot see is checked here
        and recorded in ``problems``.
        """
        hex_types = hex_types or {}
        import networkx as nx

        kind = data.get("geometry", "hex")
        graph = nx.Graph(map_id=data.get("id"))
        own = dict(data.get("parameters") or {})
        board = cls(data.get("id", "map"), data.get("game", ""), kind, graph, dict(geometry.DIRECTIONS),
                    parameters=dict(own), rules=list(data.get("rules") or []),
                    players=list(data.get("players") or []), document=document, hex_types=hex_types,
                    own_parameters=own)

        def where(path):
            if document is None:
                return None
            line, column = document.locate(path)
            return (document.file, line, column)

        def report(path, code, message, hint=None, severity=ERROR, **extra):
            board.problems.append(_located(where(path), Problem(code, message, hint=hint, severity=severity,
                                                                 extra=extra)))

        if not board._within_limits(data, report):
            board.sound = False
            return board
        board._check_players(data.get("players"), report)
        if kind == "hex" and data.get("directions"):
            table, reason = geometry.check_directions(data["directions"])
            if reason:
                board.directions_ok = False
                report(["directions"], "map-directions", f"the direction table {reason}",
                       hint="number all six directions 1-6, each one step to a different neighbouring hex")
            else:
                board.directions = table
        known_terrain = set(hex_types) | set(DEFAULT_ALLOWS)

        def check_terrain(terrain, path):
            if kind == "hex" and terrain not in known_terrain:
                suggestion = did_you_mean(terrain, known_terrain)
                report(path, "unknown-terrain", f"no hex type '{terrain}' exists; nothing can be built there",
                       hint=f"did you mean '{suggestion}'?" if suggestion else
                       "use one of: " + ", ".join(sorted(known_terrain)))

        def add_node(node: Coord, terrain: str):
            graph.add_node(node, **board._terrain_attrs(terrain), tokens=[], region=None, name=None,
                           blocked=False, resource=None, location=None, in_town=None, start_area=None,
                           mystery_spot=False)

        default_terrain = "non-resource" if kind == "hex" else "plains"
        shape = data.get("shape")
        if shape:
            origin = tuple(shape.get("origin", (0, 0)))
            terrain = shape.get("terrain", default_terrain)
            check_terrain(terrain, ["shape", "terrain"])
            if shape["shape"] == "hexagon":
                coords = geometry.hexagon(shape.get("radius", 0), origin)
            else:
                coords = geometry.rectangle(shape.get("width", 1), shape.get("height", 1), origin)
            for node in coords:
                add_node(node, terrain)
        listed: dict[Coord, int] = {}
        for i, space in enumerate(data.get("spaces") or []):
            node = tuple(space["at"])
            if node in listed:
                report(["spaces", i], "duplicate-space", f"{list(node)} is listed twice in `spaces` (first as item"
                       f" {listed[node] + 1}); this entry changes what the first one said", severity=WARNING,
                       hint="describe each space once", hex=list(node))
            listed.setdefault(node, i)
            if "terrain" in space:
                check_terrain(space["terrain"], ["spaces", i, "terrain"])
            if node not in graph:
                add_node(node, space.get("terrain", default_terrain))
            attrs = graph.nodes[node]
            if "terrain" in space:
                attrs.update(board._terrain_attrs(space["terrain"]))
            for key in ("resource", "region", "name", "blocked", "location", "in_town", "start_area", "mystery_spot"):
                if key in space:
                    attrs[key] = space[key]
            attrs["tokens"] = list(space.get("tokens") or [])
        if graph.number_of_nodes() > limit("map_spaces"):
            report(["spaces"], "size-limit", f"the map has {graph.number_of_nodes():,} spaces; the declared limit is"
                   f" {limit('map_spaces'):,}", hint="make the map smaller")
            graph.clear()
            board.sound = False
            return board
        neighbours = geometry.hex_neighbours if kind == "hex" else geometry.grid_neighbours
        adjacent = graph._adj   # networkx's own dicts, read without a view per lookup
        graph.add_edges_from((node, other, {"rails": set()}) for node in list(adjacent)
                             for other in neighbours(node)
                             # each edge once (a second visit would only give it a new rail set)
                             if other in adjacent and other not in adjacent[node])
        mystery_types = sorted(t for t, d in hex_types.items() if d.get("category") in MYSTERY_CATEGORIES)
        for i, raw in enumerate(data.get("pieces") or []):
            piece = Piece(raw["piece"], tuple(raw["at"]), raw.get("player"), raw.get("hex_type"), raw.get("resource"),
                          raw.get("face_up", True), raw.get("first", False), i, where(["pieces", i]))
            if piece.at not in graph:
                report(["pieces", i], "off-map", f"{piece.describe()} is not on the map",
                       hint="use the coordinates of a space of the map", hex=list(piece.at), piece=piece.piece,
                       player=piece.player)
                continue
            if piece.piece == "mystery-hex" and piece.hex_type is not None and hex_types:
                category = hex_types.get(piece.hex_type, {}).get("category")
                if category not in MYSTERY_CATEGORIES:
                    suggestion = did_you_mean(piece.hex_type, mystery_types)
                    what = "is not a mystery hex type" if category else "is not a hex type"
                    report(["pieces", i, "hex_type"], "unknown-hex-type", f"'{piece.hex_type}' {what}",
                           hint=f"did you mean '{suggestion}'?" if suggestion else
                           "mystery hex types: " + ", ".join(mystery_types), hex=list(piece.at), piece=piece.piece)
                    piece.hex_type = None  # an unknown type has no rules: treated as not revealed
            board.pieces.append(piece)
            if piece.player and piece.player not in board.players:
                board.players.append(piece.player)
        for i, rail in enumerate(data.get("rails") or []):
            a, b = tuple(rail["from"]), tuple(rail["to"])
            if not graph.has_edge(a, b):
                reason = "is off the map" if a not in graph or b not in graph else "joins hexes that are not adjacent"
                report(["rails", i], "rail-not-adjacent", f"{rail['player']}'s rail from {list(a)} to {list(b)} {reason}",
                       hint="a rail runs between two neighbouring hexes", hex=list(a), piece="rail",
                       player=rail["player"])
                continue
            board.add_rail(rail["player"], a, b)
            board.rail_locations.setdefault((rail["player"], a, b), where(["rails", i]))
            if rail["player"] not in board.players:
                board.players.append(rail["player"])
        return board

    @staticmethod
    def _check_players(players, report) -> None:
        """A map's ``players:`` (its seats, in turn order) names each player once, and at least one:
        an empty list declares no seat, and a name twice is two seats no one can tell apart."""
        if not isinstance(players, list):
            return      # absent (any player), or not a list: the schema's to say
        if not players:
            report(["players"], "map-players", "`players: []` lists no player: the map has no seats",
                   hint="name the players in turn order (players: [red, blue]), or leave `players` out")
            return
        first: dict = {}
        for i, name in enumerate(players):
            if isinstance(name, str) and name in first:
                report(["players", i], "map-players", f"'{name}' is listed twice in `players` (first as item"
                       f" {first[name] + 1}): two seats of one name cannot be told apart",
                       hint="give each player a name of their own", player=name)
            elif isinstance(name, str):
                first[name] = i

    @staticmethod
    def _within_limits(data: dict, report) -> bool:
        """Check the declared size limits before anything is generated."""
        ok = True
        shape = data.get("shape") or {}
        if shape.get("shape") == "hexagon" and shape.get("radius", 0) > limit("map_radius"):
            report(["shape", "radius"], "size-limit", f"radius {shape['radius']:,} is beyond the declared limit of"
                   f" {limit('map_radius')} ({geometry.hexagon_size(limit('map_radius')):,} hexes)",
                   hint="a larger map would make every question slow; make it smaller")
            ok = False
        elif shape.get("shape") == "rectangle" and shape.get("width", 1) * shape.get("height", 1) > limit("map_spaces"):
            report(["shape"], "size-limit", f"{shape.get('width', 1):,} x {shape.get('height', 1):,} spaces is beyond"
                   f" the declared limit of {limit('map_spaces'):,}", hint="make the map smaller")
            ok = False
        for key, name in (("spaces", "map_spaces"), ("pieces", "map_pieces"), ("rails", "map_rails")):
            if len(data.get(key) or ()) > limit(name):
                report([key], "size-limit", f"the map lists {len(data[key]):,} {key}; the declared limit is"
                       f" {limit(name):,}", hint=f"use fewer {key}")
                ok = False
        return ok

    def _terrain_attrs(self, terrain: str) -> dict:
        hex_type = self.hex_types.get(terrain)
        if hex_type:
            category = hex_type.get("category", terrain)
            allows = set(hex_type.get("allows", DEFAULT_ALLOWS.get(category, ())))
            return {"terrain": terrain, "category": category, "allows": frozenset(allows),
                    "any_number_of_towns": bool(hex_type.get("any_number_of_towns")),
                    "mobile": bool(hex_type.get("mobile")), "type_name": hex_type.get("name"),
                    "builds_here": builds_here(hex_type)}
        return {"terrain": terrain, "category": terrain, "allows": frozenset(DEFAULT_ALLOWS.get(terrain, ())),
                "any_number_of_towns": False, "mobile": False, "type_name": None, "builds_here": frozenset()}

    def effective(self, node: Coord) -> Mapping:
        """The node's attributes with a mystery hex lying on it taken into account (read-only)."""
        mystery = self.mystery_at(node)
        if mystery is None:
            return MappingProxyType(self.graph.nodes[node])
        return self.overlay(dict(self.graph.nodes[node]), mystery)

    def overlay(self, attrs: dict, mystery: "Piece | None") -> dict:
        """``attrs`` as changed by a mystery hex on the node.

        A face-up mobile hex (Native American, Buffalo Herd) lies on the hex without changing it:
        what it forbids is the block rule's to say ("this blocks all players from building a
        Town or City on that specific hex"). Any other face-up mystery hex brings its hex type's
        rules; a face-down one allows nothing until it is revealed.
        """
        if mystery is not None:
            if self.is_mobile(mystery):
                attrs["mobile"] = True
            elif mystery.face_up and mystery.hex_type:
                attrs.update(self._terrain_attrs(mystery.hex_type))
            else:
                attrs.update(category="mystery", allows=frozenset(), terrain="face-down mystery hex",
                             type_name="face-down mystery hex")
            attrs["mystery"] = mystery
        return attrs


def builds_here(hex_type: Mapping) -> frozenset:
    """The pieces a hex type's own options build on the hex itself (``effect: build``, ``on:
    this-hex``): the Ghost Town's "Place one of your unused Town tokens on this hex". Such a piece
    stands there by the option, not by a standard placement."""
    out = set()
    options = hex_type.get("options")
    for option in options if isinstance(options, list) else ():
        effects = option.get("effects") if isinstance(option, dict) else None
        for spec in effects if isinstance(effects, list) else ():
            if isinstance(spec, dict) and spec.get("effect") == "build" and spec.get("on") == "this-hex":
                out.add(spec.get("piece", "town"))
    return frozenset(out)


def describe(node: Coord, attrs: Mapping) -> str:
    """``[q, r] (what is there)`` in the designer's words: a location's name, the hex type's name, or
    its family."""
    what = attrs.get("name") or attrs.get("type_name") or attrs["category"].replace("-", " ")
    return f"[{node[0]}, {node[1]}] ({what})"


def _located(location, problem: Problem) -> Problem:
    if location is None:
        return problem
    file, line, column = location
    return Problem(problem.code, problem.message, file, line, column, problem.path, problem.hint,
                   problem.severity, problem.extra)


def board_from_library(library, map_id: str, game: str | None = None) -> Board:
    """Build a map of the library, with its game's hex types."""
    candidates = [d for d in (library.of_kind("map") if game is None else library.of_kind("map", game)) if d.id == map_id]
    if not candidates:
        raise KeyError(map_id)
    document = candidates[0]
    hex_types = {d.id: d.data for d in library.of_kind("hex_type", document.game)}
    return Board.from_data(document.data, hex_types=hex_types, document=document)
