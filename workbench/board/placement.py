"""Placement rules: a registry of small named predicates, chosen per game, variant, scenario and map.

A rule answers one question for one player and one kind of piece: *which hexes does it forbid, and
why?* It returns the forbidden hexes as a set (so legality for a whole map is set algebra, not a
path search per hex) and explains any one of them in a sentence on demand.

>>> sorted(RULES)[:3]
['city-on-non-resource', 'first-city-safe-zone', 'improved-town']
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Iterable, Iterator

import networkx as nx

from ..content.problems import ERROR, WARNING, Problem
from ..errors import did_you_mean
from . import geometry
from .geometry import Coord
from .graph import RESOURCE_CATEGORIES, Board, Piece, _located

PIECES = ("town", "city", "rail", "improved-town")


@dataclass
class Question:
    """Where may ``player`` put a ``piece``? ``ignore`` leaves one placed piece out (map check)."""

    piece: str
    player: str
    resource: str | None = None
    first_city: bool | None = None
    ignore: Piece | None = None


class Situation:
    """Everything the rules look up, computed once per question (sets and dicts, no searches)."""

    def __init__(self, board: Board, question: Question):
        self.board = board
        self.q = question
        index = board.index()
        self.nodes = index["nodes"]
        pieces = [p for p in board.pieces if p is not question.ignore]
        self.pieces = pieces
        self.towns: dict[Coord, list[Piece]] = {}
        self.cities: dict[Coord, list[Piece]] = {}
        self.improved: dict[Coord, list[Piece]] = {}
        self.mystery: dict[Coord, Piece] = {}
        self.tribes: set[Coord] = set(index["tokens"].get("tribe-token", ()))
        self.wanted: set[Coord] = set(index["tokens"].get("wanted-token", ()))
        by_kind = {"town": self.towns, "city": self.cities, "improved-town": self.improved}
        for p in pieces:
            if p.piece in by_kind:
                by_kind[p.piece].setdefault(p.at, []).append(p)
            elif p.piece == "mystery-hex":
                self.mystery[p.at] = p
            elif p.piece == "tribe-token":
                self.tribes.add(p.at)
            elif p.piece == "wanted-token":
                self.wanted.add(p.at)
        player = question.player
        self.my_cities = {h for h, ps in self.cities.items() if any(p.player == player for p in ps)}
        self.my_towns = {h for h, ps in self.towns.items() if any(p.player == player for p in ps)}
        self.my_improved = [p for ps in self.improved.values() for p in ps if p.player == player]
        self.mobile = {h for h, p in self.mystery.items()
                       if p.face_up and board.hex_types.get(p.hex_type or "", {}).get("mobile")}
        self.rail_nodes = index["rail_nodes"].get(player, set())
        self.network = self.rail_nodes | self.my_cities | self.my_towns
        self._effective: dict[Coord, dict] = {}

    def effective(self, node: Coord) -> dict:
        if node not in self._effective:
            self._effective[node] = self.board.overlay(dict(self.board.graph.nodes[node]), self.mystery.get(node))
        return self._effective[node]

    def allowed(self, piece: str) -> set[Coord]:
        """Hexes whose (effective) type allows ``piece``; cached on the board, keyed by where the
        mystery hexes lie (the only pieces that change what a hex allows)."""
        cache = self.board._allowed
        key = (piece, tuple(sorted((h, p.hex_type, p.face_up) for h, p in self.mystery.items())))
        if key not in cache:
            if len(cache) > 64:
                cache.clear()
            cache[key] = {n for n in self.nodes if piece in self.effective(n)["allows"]}
        return cache[key]

    def describe(self, node: Coord) -> str:
        attrs = self.effective(node)
        what = attrs.get("name") or attrs["category"].replace("-", " ")
        return f"{list(node)} ({what})"

    def is_first_city(self) -> bool:
        return self.q.first_city if self.q.first_city is not None else not self.my_cities

    def param(self, name: str, default=None):
        return self.board.parameters.get(name, default)


Forbidden = tuple[set[Coord], Callable[[Coord], str]]


@dataclass
class Rule:
    id: str
    pieces: frozenset[str]
    summary: str
    forbid: Callable[[Situation], Forbidden]
    source: str = ""


RULES: dict[str, Rule] = {}


def rule(rule_id: str, pieces: Iterable[str], summary: str, source: str = ""):
    """Register a placement rule. A designer can add one from a notebook the same way.

    The decorated function takes a :class:`Situation` and returns ``(forbidden hexes, why)``
    where ``why(hex)`` is a sentence a designer understands.
    """
    def register(function: Callable[[Situation], Forbidden]):
        RULES[rule_id] = Rule(rule_id, frozenset(pieces), summary, function, source)
        return function
    return register


@rule("town-on-resource", ["town"], "Towns go only on resource hexes (safe zones and rugged hexes are resource hexes).",
      "Dark Horse: Territory Map")
def _town_on_resource(s: Situation) -> Forbidden:
    allowed = s.allowed("town")
    return set(s.nodes) - allowed, lambda h: (
        f"{s.describe(h)} is not a resource hex: only cities go there" if "city" in s.effective(h)["allows"]
        else f"{s.describe(h)} does not allow towns")


@rule("city-on-non-resource", ["city"], "Cities go only on non-resource hexes.", "Dark Horse: Territory Map")
def _city_on_non_resource(s: Situation) -> Forbidden:
    allowed = s.allowed("city")
    return set(s.nodes) - allowed, lambda h: (
        f"{s.describe(h)} is a resource hex: only towns go there" if "town" in s.effective(h)["allows"]
        else f"{s.describe(h)} does not allow cities")


@rule("one-town-per-hex", ["town"], "One town per hex, unless the hex lets any number of players build there "
      "(Cattle Ranch, Silver Mines: one town per player).", "Rebels & Rogues: Cattle Ranch, Silver Mines")
def _one_town(s: Situation) -> Forbidden:
    bad = set()
    for h, towns in s.towns.items():
        if not s.effective(h).get("any_number_of_towns") or any(t.player == s.q.player for t in towns):
            bad.add(h)

    def why(h):
        owners = ", ".join(sorted({t.player or "someone" for t in s.towns[h]}))
        if s.effective(h).get("any_number_of_towns"):
            return f"{s.q.player} already has a town on {s.describe(h)}"
        return f"{s.describe(h)} already holds {owners}'s town"
    return bad, why


@rule("one-city-per-hex", ["city"], "One city per hex.")
def _one_city(s: Situation) -> Forbidden:
    return set(s.cities), lambda h: f"{s.describe(h)} already holds {s.cities[h][0].player}'s city"


@rule("min-city-distance", ["city"], "Cities keep a distance: at least `min_city_distance` steps between any two "
      "(a designer's spacing parameter; reviews give 2 hexes between starting cities, i.e. 3).",
      "designer parameter; secondary-facts: starting cities")
def _min_city_distance(s: Situation) -> Forbidden:
    distance = int(s.param("min_city_distance", 3))
    neighbours = s.board.neighbours
    bad = geometry.ball(s.cities, distance - 1, neighbours, s.nodes)

    def why(h):
        nearest = min(s.cities, key=lambda c: s.board.distance(c, h))
        return (f"{s.describe(h)} is {s.board.distance(nearest, h)} step(s) from the city at {list(nearest)};"
                f" cities must be at least {distance} apart")
    return bad, why


@rule("improved-town", ["improved-town"], "An Improved Town goes on a resource hex of its own resource where the "
      "player has a Town, at most one per City the player controls.", "Rebels & Rogues: Variant: Improved Town Hexes")
def _improved_town(s: Situation) -> Forbidden:
    resource = s.q.resource
    cities = len(s.my_cities)
    used = len(s.my_improved)
    good = {h for h in s.my_towns
            if s.effective(h)["category"] in RESOURCE_CATEGORIES and h not in s.improved
            and (resource is None or s.effective(h).get("resource") in (resource, None))
            and used < cities}
    # a hex with no known resource cannot be checked for a match; it is accepted above only when
    # no resource is asked for or the hex's resource is not recorded

    def why(h):
        if used >= cities:
            return f"{s.q.player} controls {cities} city(ies) and already has {used} improved town(s): one per city"
        if h not in s.my_towns:
            return f"{s.q.player} has no town on {s.describe(h)}"
        if s.effective(h)["category"] not in RESOURCE_CATEGORIES:
            return f"{s.describe(h)} is not a resource hex"
        if h in s.improved:
            return f"{s.describe(h)} already has an improved town"
        return f"{s.describe(h)} produces {s.effective(h).get('resource')}, not {resource}"
    return set(s.nodes) - good, why


def access(s: Situation) -> set[Coord]:
    """Hexes the player reaches by rail (an end of one of their rails) or by a City they control
    (the city's hex and its neighbours)."""
    near_cities = set(s.my_cities)
    for c in s.my_cities:
        near_cities.update(s.board.neighbours(c))
    return s.rail_nodes | near_cities


@rule("mystery-access", ["town", "city", "improved-town"], "A Mystery Hex is used only with access by rail or by a "
      "City the player controls.", "Rebels & Rogues: Variant: Mystery Hexes, rule 1")
def _mystery_access(s: Situation) -> Forbidden:
    reach = access(s)
    bad = {h for h in s.mystery if h not in reach}
    return bad, lambda h: (f"{s.describe(h)} is a mystery hex and {s.q.player} has no access to it:"
                           " no rail of theirs ends there and no city of theirs is on or next to it")


@rule("tribe-blocked", ["town", "city", "improved-town"], "No towns or cities on a hex holding a Tribe token.",
      "Rebels & Rogues: Native American")
def _tribe(s: Situation) -> Forbidden:
    return set(s.tribes), lambda h: f"{s.describe(h)} holds a Tribe token: it cannot be accessed or built on"


@rule("mobile-hex-blocked", ["town", "city", "improved-town"], "No towns or cities on a hex holding a Mobile Mystery "
      "Hex.", "Rebels & Rogues: Moving on Resource Hexes")
def _mobile(s: Situation) -> Forbidden:
    return set(s.mobile), lambda h: (f"the {s.mystery[h].hex_type.replace('-', ' ')} mobile hex is on {list(h)}:"
                                     " it blocks building there until it moves")


@rule("wanted-exclusion", ["town", "city"], "Wild Wild West: no town or city on or next to a hex with a Wanted token "
      "or a Mystery Hex still on the board.", "Rebels & Rogues: Wild Wild West, Town/City (Restriction)")
def _wanted(s: Situation) -> Forbidden:
    sources = set(s.wanted) | set(s.mystery)
    bad = geometry.ball(sources, 1, s.board.neighbours, s.nodes)

    def why(h):
        near = min(sources, key=lambda c: s.board.distance(c, h))
        what = "a Wanted token" if near in s.wanted else "a mystery hex"
        where = "on" if near == h else "next to"
        return f"{s.describe(h)} is {where} {what} at {list(near)} (Wild Wild West)"
    return bad, why


@rule("first-city-safe-zone", ["city"], "Wild Wild West: a player's first city goes in a Safe Zone area (within "
      "`safe_zone_area_distance` steps of a Safe Zone hex, default 1, since cities go only on non-resource hexes).",
      "Rebels & Rogues: Wild Wild West, Setup")
def _first_city(s: Situation) -> Forbidden:
    if not s.is_first_city():
        return set(), str
    distance = int(s.param("safe_zone_area_distance", 1))
    zones = {n for n in s.nodes if s.effective(n)["category"] == "safe-zone"}
    area = geometry.ball(zones, distance, s.board.neighbours, s.nodes)
    return set(s.nodes) - area, lambda h: (f"{s.describe(h)} is not in a Safe Zone area (within {distance} of a safe"
                                           f" zone): {s.q.player}'s first city must be")


@rule("rail-connected", ["rail"], "A new rail extends the player's network: it ends next to one of their rails, "
      "towns or cities.", "workbench reading of Dark Horse: Rails Overview (not in the excerpt)")
def _rail(s: Situation) -> Forbidden:
    reach = set()
    for n in s.network:
        reach.update(s.board.neighbours(n))
    return set(s.nodes) - reach, lambda h: f"{s.describe(h)} is not next to {s.q.player}'s rails, towns or cities"


# -- rules in force ------------------------------------------------------------------------

def rules_in_force(board: Board, library=None, scenario: dict | None = None) -> tuple[list[str], list[Problem]]:
    """The game's rules, plus the scenario's variants' and the scenario's own, plus the map's."""
    ids: list[str] = []
    sources: list[list[str]] = []
    if library is not None:
        game = library.data(board.game, "game", board.game)
        if game:
            sources.append(game.get("placement_rules") or [])
        if scenario:
            for variant_id in scenario.get("variants") or []:
                variant = library.data(board.game, "variant", variant_id) or {}
                sources.append(variant.get("placement_rules") or [])
            sources.append(scenario.get("placement_rules") or [])
    sources.append(board.rules)
    for rule_ids in sources:
        ids.extend(r for r in rule_ids if r not in ids)
    problems = []
    for rule_id in ids:
        if rule_id not in RULES and rule_id not in EVENT_RULES:
            suggestion = did_you_mean(rule_id, list(RULES) + list(EVENT_RULES))
            problems.append(Problem("unknown-rule", f"no placement rule '{rule_id}' is registered",
                                    hint=f"did you mean '{suggestion}'?" if suggestion else "rules: " + ", ".join(sorted(RULES))))
    return [r for r in ids if r in RULES or r in EVENT_RULES], problems


def board_parameters(board: Board, library=None, scenario: dict | None = None) -> None:
    """Layer parameters: game < scenario < map (the map's own win)."""
    merged = {}
    if library is not None:
        game = library.data(board.game, "game", board.game) or {}
        merged.update(game.get("parameters") or {})
    if scenario:
        merged.update(scenario.get("parameters") or {})
    merged.update(board.parameters)
    board.parameters = merged


# -- questions ------------------------------------------------------------------------------

@dataclass
class Verdict:
    legal: list[Coord]
    illegal: dict[Coord, list[tuple[str, str]]] = field(default_factory=dict)  # hex -> [(rule, why)]


def legal_placements(board: Board, question: Question, rule_ids: Iterable[str], *, explain: bool = True) -> Verdict:
    """Every hex where ``question.player`` may put ``question.piece``, and why the others are not.

    >>> b = Board.from_data({"id": "m", "game": "g", "geometry": "hex",
    ...     "shape": {"shape": "hexagon", "radius": 1, "terrain": "non-resource"},
    ...     "pieces": [{"piece": "city", "player": "red", "at": [0, 0]}]})
    >>> v = legal_placements(b, Question("city", "blue"), ["city-on-non-resource", "min-city-distance"])
    >>> v.legal, v.illegal[(0, 0)][0][0]
    ([], 'min-city-distance')
    """
    situation = Situation(board, question)
    forbidden_by: list[tuple[str, set[Coord], Callable]] = []
    for rule_id in rule_ids:
        rule_ = RULES.get(rule_id)
        if rule_ is None or question.piece not in rule_.pieces:
            continue
        bad, why = rule_.forbid(situation)
        if bad:
            forbidden_by.append((rule_id, bad, why))
    blocked: set[Coord] = set().union(*(bad for _, bad, _ in forbidden_by)) if forbidden_by else set()
    if board.geometry == "grid":
        blocked |= {n for n, b in board.graph.nodes(data="blocked") if b}
    legal = sorted(n for n in board.graph.nodes if n not in blocked)
    verdict = Verdict(legal)
    if explain:
        for rule_id, bad, why in forbidden_by:
            for h in bad:
                verdict.illegal.setdefault(h, []).append((rule_id, why(h)))
    return verdict


def check_board(board: Board, rule_ids: list[str]) -> Iterator[Problem]:
    """Every placed piece against the rules in force (each judged with the others in place)."""
    yield from board.problems
    # a player's first city is the one marked `first`, else the first one listed
    firsts: dict[str, Piece] = {}
    for piece in board.pieces:
        if piece.piece == "city" and piece.player:
            if piece.first or piece.player not in firsts:
                firsts.setdefault(piece.player, piece)
                if piece.first:
                    firsts[piece.player] = piece
    for piece in board.pieces:
        if piece.piece not in ("town", "city", "improved-town") or not piece.player:
            continue
        question = Question(piece.piece, piece.player, piece.resource,
                            first_city=(firsts.get(piece.player) is piece) if piece.piece == "city" else None,
                            ignore=piece)
        situation = Situation(board, question)
        for rule_id in rule_ids:
            rule_ = RULES.get(rule_id)
            if rule_ is None or piece.piece not in rule_.pieces:
                continue
            bad, why = rule_.forbid(situation)
            if piece.at in bad:
                yield _located(piece.location, Problem(
                    rule_id, f"{piece.describe()}: {why(piece.at)}", hint=rule_.summary,
                    extra={"hex": list(piece.at), "piece": piece.piece, "player": piece.player}))
    if "rail-connected" in rule_ids:
        yield from _check_rails(board)


def _check_rails(board: Board) -> Iterator[Problem]:
    """A rail is connected when its component of the player's rail network touches one of their
    towns or cities; components are computed once per player, not once per rail."""
    players = sorted({p for _, _, rails in board.graph.edges(data="rails") for p in rails or ()})
    for player in players:
        anchors = {p.at for p in board.pieces if p.player == player and p.piece in ("town", "city")}
        network = board.rail_graph(player)
        for component in nx.connected_components(network):
            if component & anchors:
                continue
            for a, b in sorted(tuple(sorted(edge)) for edge in network.subgraph(component).edges):
                yield Problem("rail-connected", f"{player}'s rail {list(a)}–{list(b)} is not connected to any of their"
                              " towns or cities", hint=RULES["rail-connected"].summary,
                              extra={"hex": list(a), "piece": "rail", "player": player})


# -- events (not illegal, but worth telling) -------------------------------------------------

def golden_spikes(board: Board) -> list[dict]:
    """Golden Spike: pairs of players whose rail networks meet (share a hex).

    Each player's network is its rails' connected components, computed once.
    """
    owners: dict[Coord, set[str]] = {}
    for a, b, rails in board.graph.edges(data="rails"):
        for player in rails or ():
            owners.setdefault(a, set()).add(player)
            owners.setdefault(b, set()).add(player)
    events, seen = [], set()
    for node in sorted(owners):
        players = sorted(owners[node])
        for i, first in enumerate(players):
            for second in players[i + 1:]:
                if (first, second) not in seen:
                    seen.add((first, second))
                    events.append({"event": "golden-spike", "players": [first, second], "hex": list(node),
                                   "message": f"{first}'s and {second}'s rails meet at {list(node)}: whoever connected takes"
                                              " the other's Golden Spike token (Variant: Golden Spike)"})
    return events


EVENT_RULES = {"golden-spike": golden_spikes}
