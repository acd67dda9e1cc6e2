"""Placement rules: a registry of small named predicates, chosen per game, variant, scenario and map.

A rule answers one question for one player and one kind of piece: *which hexes does it forbid, and
why?* It returns the forbidden hexes as a set (so legality for a whole map is set algebra, not a
path search per hex) and explains any one of them in a sentence on demand.

>>> sorted(RULES)[:3]
['city-on-non-resource', 'first-city-safe-zone', 'improved-town']
"""
from __future__ import annotations

from collections.abc import Mapping, Set
from dataclasses import dataclass, field
from typing import Callable, Iterable, Iterator

from ..content.problems import ERROR, WARNING, Problem
from ..core.errors import did_you_mean
from . import geometry
from .geometry import Coord
from .graph import RESOURCE_CATEGORIES, Board, Piece, _located, describe
from .parameters import board_parameters, read_parameter  # noqa: F401  (board_parameters: the engines' entry point)

PIECES = ("town", "city", "rail", "improved-town")


@dataclass
class Question:
    """Where may ``player`` put a ``piece``? ``ignore`` leaves one placed piece out (map check)."""

    piece: str
    player: str
    resource: str | None = None
    first_city: bool | None = None
    ignore: Piece | None = None


class AllBut:
    """Every hex of the map except ``allowed``.

    A rule that permits few hexes (towns only on resource hexes) says which ones, instead of
    listing the thousands it forbids; membership is one lookup and legality is an intersection.
    """

    __slots__ = ("nodes", "allowed")

    def __init__(self, nodes, allowed):
        self.nodes, self.allowed = nodes, allowed

    def __contains__(self, node) -> bool:
        return node in self.nodes and node not in self.allowed

    def __iter__(self):
        return (n for n in self.nodes if n not in self.allowed)

    def __bool__(self) -> bool:
        return any(n not in self.allowed for n in self.nodes)


class Near:
    """Hexes within ``radius`` steps of any of ``centres``, walking the board.

    Asking about one hex walks out from that hex only (``map check`` asks about each placed
    piece); iterating computes the whole area once.
    """

    __slots__ = ("centres", "radius", "neighbours", "nodes", "_all")

    def __init__(self, centres, radius: int, neighbours, nodes):
        # a set or a table of hexes is used as it is: `map check` asks one Near per judged piece,
        # and copying the cities each time made the check grow with the square of the pieces
        self.centres = centres if isinstance(centres, (Set, Mapping)) else set(centres)
        self.radius, self.neighbours, self.nodes = radius, neighbours, nodes
        self._all: set | None = None

    def _area(self) -> set:
        if self._all is None:
            self._all = geometry.ball(self.centres, self.radius, self.neighbours, self.nodes)
        return self._all

    def __contains__(self, node) -> bool:
        if self._all is not None or len(self.centres) < 4:
            return node in self._area()
        centres = self.centres
        return node in self.nodes and any(
            n in centres for n in geometry.ball([node], self.radius, self.neighbours, self.nodes))

    def __iter__(self):
        return iter(self._area())

    def __bool__(self) -> bool:
        return bool(self.centres) and self.radius >= 0


class Where(Set):
    """The hexes of ``among`` that pass ``test``: asking about one hex tests that hex only (``map
    check`` asks about each placed piece); iterating tests them all, once."""

    __slots__ = ("among", "test", "_all")

    def __init__(self, among, test: Callable[[Coord], bool]):
        self.among, self.test = among, test
        self._all: set | None = None

    @classmethod
    def _from_iterable(cls, iterable):
        return set(iterable)        # set algebra on it gives plain sets

    def _members(self) -> set:
        if self._all is None:
            self._all = {h for h in self.among if self.test(h)}
        return self._all

    def __contains__(self, node) -> bool:
        if self._all is not None:
            return node in self._all
        return node in self.among and self.test(node)

    def __iter__(self):
        return iter(self._members())

    def __len__(self) -> int:
        return len(self._members())


class _Without(Mapping):
    """A table ``hex -> pieces`` with one placed piece left out, read through without copying
    (the piece judged by ``map check`` is judged with the others in place)."""

    __slots__ = ("table", "at", "rest")

    def __init__(self, table: dict, piece: Piece):
        self.table, self.at = table, piece.at
        self.rest = [p for p in table.get(piece.at, ()) if p is not piece]

    def __getitem__(self, node):
        if node == self.at:
            if not self.rest:
                raise KeyError(node)
            return self.rest
        return self.table[node]

    def __contains__(self, node) -> bool:
        return bool(self.rest) if node == self.at else node in self.table

    def __iter__(self):
        at, rest = self.at, self.rest
        return (n for n in self.table if rest or n != at)

    def __len__(self) -> int:
        return len(self.table) - (1 if self.at in self.table and not self.rest else 0)


class _SetWithout(Set):
    """A set of hexes with one hex left out, read through without copying."""

    __slots__ = ("base", "node")

    def __init__(self, base, node):
        self.base, self.node = base, node

    @classmethod
    def _from_iterable(cls, iterable):
        return set(iterable)

    def __contains__(self, node) -> bool:
        return node != self.node and node in self.base

    def __iter__(self):
        return (n for n in self.base if n != self.node)

    def __len__(self) -> int:
        return len(self.base) - (1 if self.node in self.base else 0)


class PieceIndex:
    """Where the pieces are, by kind and by player: built once per board state and shared by the
    questions asked about it (``map check`` asks one per placed piece)."""

    def __init__(self, board: Board):
        index = board.index()
        self.towns: dict[Coord, list[Piece]] = {}
        self.cities: dict[Coord, list[Piece]] = {}
        self.improved: dict[Coord, list[Piece]] = {}
        self.mystery: dict[Coord, Piece] = {}
        self.tribes: set[Coord] = set(index["tokens"].get("tribe-token", ()))
        self.wanted: set[Coord] = set(index["tokens"].get("wanted-token", ()))
        self.by_kind = {"town": self.towns, "city": self.cities, "improved-town": self.improved}
        for p in board.pieces:
            if p.piece in self.by_kind:
                self.by_kind[p.piece].setdefault(p.at, []).append(p)
            elif p.piece == "mystery-hex":
                self.mystery.setdefault(p.at, p)
            elif p.piece == "tribe-token":
                self.tribes.add(p.at)
            elif p.piece == "wanted-token":
                self.wanted.add(p.at)
        self.mobile = {h for h, p in self.mystery.items() if board.is_mobile(p)}
        self.mystery_key = tuple(sorted((h, p.hex_type, p.face_up) for h, p in self.mystery.items()))
        self.improved_count: dict[str | None, int] = {}
        for ps in self.improved.values():
            for p in ps:
                self.improved_count[p.player] = self.improved_count.get(p.player, 0) + 1
        self.wanted_or_mystery = self.wanted | set(self.mystery)   # what Wild Wild West keeps towns away from
        self._mine: dict[tuple[str, str], set[Coord]] = {}

    def mine(self, kind: str, player: str) -> set[Coord]:
        """Hexes holding a ``kind`` piece of ``player``'s."""
        key = (kind, player)
        if key not in self._mine:
            self._mine[key] = {h for h, ps in self.by_kind[kind].items() if any(p.player == player for p in ps)}
        return self._mine[key]


class Situation:
    """Everything the rules look up, computed once per question (sets and dicts, no searches)."""

    def __init__(self, board: Board, question: Question, pieces: PieceIndex | None = None):
        self.board = board
        self.q = question
        index = board.index()
        self.nodes = index["nodes"]
        # the nodes' own attribute dicts, read without copying (networkx keeps them in `_node`)
        self._attrs = board.graph._node
        pieces = pieces or PieceIndex(board)
        self.pieces = pieces
        self.towns, self.cities, self.improved = pieces.towns, pieces.cities, pieces.improved
        self.mystery, self.tribes, self.wanted = pieces.mystery, pieces.tribes, pieces.wanted
        player = question.player
        self.my_cities = pieces.mine("city", player)
        self.my_towns = pieces.mine("town", player)
        self.improved_used = pieces.improved_count.get(player, 0)
        ignore = question.ignore
        if ignore is not None and ignore.piece in pieces.by_kind:
            # judge a placed piece with the others in place: its own hex's list is read without
            # it, through a view (a copy of the table per judged piece made `map check` quadratic)
            table = _Without(pieces.by_kind[ignore.piece], ignore)
            setattr(self, {"town": "towns", "city": "cities", "improved-town": "improved"}[ignore.piece], table)
            if ignore.player == player:
                if ignore.piece == "improved-town":
                    self.improved_used -= 1
                elif not any(p.player == player for p in table.rest):
                    if ignore.piece == "city":
                        self.my_cities = _SetWithout(self.my_cities, ignore.at)
                    else:
                        self.my_towns = _SetWithout(self.my_towns, ignore.at)
        self.mobile = pieces.mobile
        self.rail_nodes = index["rail_nodes"].get(player, set())
        self._network: set | None = None
        self._overlaid: dict[Coord, dict] = {}
        self._mystery_key = pieces.mystery_key

    @property
    def by_its_hex(self) -> Coord | None:
        """The judged piece's hex when the piece stands there by the hex's own option (the Ghost
        Town's "Place one of your unused Town tokens on this hex"), not by a standard placement;
        else ``None``. Only a placed piece is judged so (a new build is a standard placement)."""
        piece = self.q.ignore
        if piece is None or piece.at not in self.mystery or piece.at not in self.nodes:
            return None
        return piece.at if piece.piece in self.effective(piece.at).get("builds_here", ()) else None

    @property
    def network(self) -> set[Coord]:
        """The hexes of the player's rails, towns and cities (made when a rule asks: only a new
        rail's question needs it)."""
        if self._network is None:
            self._network = set(self.rail_nodes) | set(self.my_cities) | set(self.my_towns)
        return self._network

    @property
    def my_improved(self) -> list[Piece]:
        return [p for ps in self.improved.values() for p in ps if p.player == self.q.player]

    def effective(self, node: Coord) -> dict:
        """The node's attributes as the rules see them (a mystery hex on it taken into account).

        Only the few hexes holding a mystery hex are copied; every other hex is read as it is.
        """
        mystery = self.mystery.get(node)
        if mystery is None:
            return self._attrs[node]
        if node not in self._overlaid:
            self._overlaid[node] = self.board.overlay(dict(self._attrs[node]), mystery)
        return self._overlaid[node]

    def _cached(self, key, test) -> set[Coord]:
        """Hexes whose attributes pass ``test``, cached on the board by ``key`` and where the
        mystery hexes lie (the only pieces that change what a hex is)."""
        cache = self.board._allowed
        full = (key, self._mystery_key)
        if full not in cache:
            if len(cache) > 64:
                cache.clear()
            found = {n for n, a in self._attrs.items() if test(a)}
            for h in self.mystery:  # the few overlaid hexes, judged by their effective attributes
                found.discard(h)
                if h in self.nodes and test(self.effective(h)):
                    found.add(h)
            cache[full] = found
        return cache[full]

    def area(self, category: str, distance: int) -> set[Coord]:
        """Hexes within ``distance`` steps of a hex of family ``category``, cached on the board
        like :meth:`allowed` (each judged first city asks it)."""
        cache = self.board._allowed
        full = (("area", category, distance), self._mystery_key)
        if full not in cache:
            if len(cache) > 64:
                cache.clear()
            cache[full] = geometry.ball(self.of_category(category), distance, self.board.neighbours, self.nodes)
        return cache[full]

    def allowed(self, piece: str) -> set[Coord]:
        """Hexes whose (effective) type allows ``piece``."""
        return self._cached(("allows", piece), lambda a: piece in a["allows"])

    def of_attribute(self, name: str) -> set[Coord]:
        """Hexes whose (effective) attribute ``name`` is true."""
        return self._cached(("attribute", name), lambda a: bool(a.get(name)))

    def of_category(self, category: str) -> set[Coord]:
        """Hexes whose (effective) family is ``category``."""
        return self._cached(("category", category), lambda a: a["category"] == category)

    def describe(self, node: Coord) -> str:
        if node in self.mystery:
            return describe(node, self.effective(node))
        labels = self.board._labels
        label = labels.get(node)
        if label is None:
            label = labels[node] = describe(node, self._attrs[node])
        return label

    def is_first_city(self) -> bool:
        return self.q.first_city if self.q.first_city is not None else not self.my_cities

    def param(self, name: str):
        """A board parameter in force, read tolerantly (a bad value falls back to the default)."""
        return read_parameter(self.board.parameters, name)


Forbidden = tuple[set[Coord], Callable[[Coord], str]]
FACE_DOWN = "is a face-down mystery hex: nothing is built on it until it is revealed"


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
    where ``why(hex)`` says what is wrong with the hex, in words that follow the hex's
    description ("is not a resource hex: only cities go there"); the forbidden hexes may be any
    container supporting ``in`` and iteration (a set, :class:`AllBut`, :class:`Near`).
    """
    def register(function: Callable[[Situation], Forbidden]):
        RULES[rule_id] = Rule(rule_id, frozenset(pieces), summary, function, source)
        return function
    return register


@rule("town-on-resource", ["town"], "Towns go only on resource hexes (safe zones and rugged hexes are resource hexes).",
      "Dark Horse: Territory Map")
def _town_on_resource(s: Situation) -> Forbidden:
    def why(h):
        attrs = s.effective(h)
        if attrs["terrain"] == "face-down mystery hex":
            return FACE_DOWN
        if "city" in attrs["allows"]:
            return "is not a resource hex: only cities go there"
        return "does not allow towns"
    return _but_by_its_hex(s, AllBut(s.nodes, s.allowed("town"))), why


def _but_by_its_hex(s: Situation, bad):
    """``bad`` without the judged piece's hex when the hex's own option put the piece there: the
    option places it ("Place one of your unused Town tokens on this hex"), so the standard
    placement rules (which hexes allow towns, Wild Wild West's distance from mystery hexes) do not
    judge it."""
    own = s.by_its_hex
    return bad if own is None else Where(bad, lambda h: h != own)


@rule("city-on-non-resource", ["city"], "Cities go only on non-resource hexes.", "Dark Horse: Territory Map")
def _city_on_non_resource(s: Situation) -> Forbidden:
    def why(h):
        attrs = s.effective(h)
        if attrs["terrain"] == "face-down mystery hex":
            return FACE_DOWN
        if "town" in attrs["allows"]:
            return "is a resource hex: only towns go there"
        return "does not allow cities"
    return AllBut(s.nodes, s.allowed("city")), why


@rule("one-town-per-hex", ["town"], "One town per hex, unless the hex lets any number of players build there "
      "(Cattle Ranch, Silver Mines: one town per player).", "Rebels & Rogues: Cattle Ranch, Silver Mines")
def _one_town(s: Situation) -> Forbidden:
    # every hex with a town, except those where any number may build and the player has none yet
    shared = s.of_attribute("any_number_of_towns")
    bad = Where(s.towns, lambda h: h not in shared or any(t.player == s.q.player for t in s.towns[h]))

    def why(h):
        owners = ", ".join(sorted({t.player or "someone" for t in s.towns[h]}))
        if s.effective(h).get("any_number_of_towns"):
            return f"already holds {s.q.player}'s town: any number of players may build here, one town each"
        return f"already holds {owners}'s town"
    return bad, why


@rule("one-city-per-hex", ["city"], "One city per hex.")
def _one_city(s: Situation) -> Forbidden:
    return s.cities.keys(), lambda h: f"already holds {s.cities[h][0].player}'s city"


@rule("min-city-distance", ["city"], "Cities keep a distance: at least `min_city_distance` steps between any two "
      "(a designer's spacing parameter; reviews give 2 hexes between starting cities, i.e. 3).",
      "designer parameter; secondary-facts: starting cities")
def _min_city_distance(s: Situation) -> Forbidden:
    distance = s.param("min_city_distance")
    bad = Near(s.cities, distance - 1, s.board.neighbours, s.nodes)

    def why(h):
        nearest = geometry.nearest(h, s.cities, distance - 1, s.board.neighbours, s.nodes)
        steps = s.board.distance(nearest, h)
        return (f"is {steps} step{'s' if steps != 1 else ''} from the city at {list(nearest)};"
                f" cities must be at least {distance} apart")
    return bad, why


@rule("improved-town", ["improved-town"], "An Improved Town goes on a resource hex of its own resource where the "
      "player has a Town, at most one per City the player controls.", "Rebels & Rogues: Variant: Improved Town Hexes")
def _improved_town(s: Situation) -> Forbidden:
    resource = s.q.resource
    cities = len(s.my_cities)
    used = s.improved_used
    good = Where(s.my_towns if used < cities else (), lambda h: (
        s.effective(h)["category"] in RESOURCE_CATEGORIES and h not in s.improved
        and (resource is None or s.effective(h).get("resource") in (resource, None))))
    # a hex with no known resource cannot be checked for a match; it is accepted above only when
    # no resource is asked for or the hex's resource is not recorded

    def why(h):
        if used >= cities:
            return (f"cannot take another improved town: {s.q.player} controls {cities}"
                    f" {'city' if cities == 1 else 'cities'} and already has {used} (one per city)")
        if h not in s.my_towns:
            return f"holds no town of {s.q.player}'s"
        if s.effective(h)["category"] not in RESOURCE_CATEGORIES:
            return "is not a resource hex"
        if h in s.improved:
            return "already has an improved town"
        return f"produces {s.effective(h).get('resource')}, not {resource}"
    return AllBut(s.nodes, good), why


def has_access(s: Situation, node: Coord) -> bool:
    """Whether the player reaches ``node`` by rail (an end of one of their rails) or by a City they
    control (on it or next to it)."""
    return (node in s.rail_nodes or node in s.my_cities
            or any(n in s.my_cities for n in s.board.neighbours(node)))


@rule("mystery-access", ["town", "city", "improved-town"], "A Mystery Hex is used only with access by rail or by a "
      "City the player controls.", "Rebels & Rogues: Variant: Mystery Hexes, rule 1")
def _mystery_access(s: Situation) -> Forbidden:
    bad = Where(s.mystery, lambda h: not has_access(s, h))
    return bad, lambda h: (f"is a mystery hex {s.q.player} has no access to: no rail of theirs ends there"
                           " and no city of theirs is on or next to it")


@rule("tribe-blocked", ["town", "city", "improved-town"], "No towns or cities on a hex holding a Tribe token.",
      "Rebels & Rogues: Native American")
def _tribe(s: Situation) -> Forbidden:
    return s.tribes, lambda h: "holds a Tribe token: it cannot be accessed or built on"


@rule("mobile-hex-blocked", ["town", "city", "improved-town"], "No towns or cities on a hex holding a Mobile Mystery "
      "Hex.", "Rebels & Rogues: Moving on Resource Hexes")
def _mobile(s: Situation) -> Forbidden:
    def why(h):
        mover = s.mystery[h]
        name = (s.board.hex_types.get(mover.hex_type or "", {}).get("name") or mover.hex_type or "").split(" (")[0]
        return f"holds the {name}, a mobile hex: it blocks all players from building a Town or City there"
    return s.mobile, why


@rule("wanted-exclusion", ["town", "city"], "Wild Wild West: no town or city on or next to a hex with a Wanted token "
      "or a Mystery Hex still on the board.", "Rebels & Rogues: Wild Wild West, Town/City (Restriction)")
def _wanted(s: Situation) -> Forbidden:
    sources = s.pieces.wanted_or_mystery
    bad = _but_by_its_hex(s, Near(sources, 1, s.board.neighbours, s.nodes))

    def why(h):
        near = min((c for c in [h, *s.board.neighbours(h)] if c in sources), key=lambda c: (s.board.distance(c, h), c not in s.wanted, c))
        what = "a Wanted token" if near in s.wanted else "a mystery hex"
        where = "on" if near == h else "next to"
        return f"is {where} {what} at {list(near)} (Wild Wild West)"
    return bad, why


@rule("first-city-safe-zone", ["city"], "Wild Wild West: a player's first city goes in a Safe Zone area (within "
      "`safe_zone_area_distance` steps of a Safe Zone hex, default 1, since cities go only on non-resource hexes).",
      "Rebels & Rogues: Wild Wild West, Setup")
def _first_city(s: Situation) -> Forbidden:
    if not s.is_first_city():
        return set(), str
    distance = s.param("safe_zone_area_distance")
    return AllBut(s.nodes, s.area("safe-zone", distance)), lambda h: (
        f"is not in a Safe Zone area (within {distance} step{'s' if distance != 1 else ''} of a Safe Zone hex),"
        f" where {s.q.player}'s first city must go")


@rule("rail-connected", ["rail"], "A new rail extends the player's network: it ends next to one of their rails, "
      "towns or cities.", "workbench reading of Dark Horse: Rails Overview (not in the excerpt)")
def _rail(s: Situation) -> Forbidden:
    reach = set()
    for n in s.network:
        reach.update(s.board.neighbours(n))
    return AllBut(s.nodes, reach), lambda h: f"is not next to {s.q.player}'s rails, towns or cities"


# -- rules in force ------------------------------------------------------------------------

def _scenario_document(library, board: Board, scenario):
    """The scenario's document (located problems need it) and its data, from either."""
    if scenario is None:
        return None, None
    if isinstance(scenario, Mapping):
        if library is not None:
            for document in library.of_kind("scenario", board.game):
                if document.data is scenario:
                    return document, scenario
        return None, scenario
    return scenario, scenario.data  # a Document


def rule_id_problems(document, ids, path_key: str) -> Iterator[Problem]:
    """``unknown-rule`` for each id in ``ids`` (the list under ``path_key``) that names no rule,
    located at the list item in ``document`` when there is one."""
    known = list(RULES) + list(EVENT_RULES)
    for i, rule_id in enumerate(ids):
        if not isinstance(rule_id, str) or rule_id in RULES or rule_id in EVENT_RULES:
            continue
        suggestion = did_you_mean(rule_id, known)
        message = f"no placement rule '{rule_id}' is registered"
        hint = f"did you mean '{suggestion}'?" if suggestion else "rules: " + ", ".join(sorted(known))
        if document is not None:
            yield document.problem("unknown-rule", message, [path_key, i], hint=hint, rule=rule_id)
        else:
            yield Problem("unknown-rule", message, hint=hint, extra={"rule": rule_id})


def documents_in_force(board: Board, library=None, scenario=None) -> list[tuple[object, dict, str]]:
    """The documents whose placement rules are in force, in layering order, each as
    ``(document or None, data, key of its rule list)``: the game, the scenario's variants, the
    scenario, the hex types of the mystery hexes on the map (a Mobile Hex brings its block rule
    wherever it lies), the map."""
    out = []
    if library is not None:
        game = library.get(board.game, "game", board.game)
        if game is not None:
            out.append((game, game.data, "placement_rules"))
        document, data = _scenario_document(library, board, scenario)
        if data:
            for variant_id in data.get("variants") or []:
                variant = library.get(board.game, "variant", variant_id) if isinstance(variant_id, str) else None
                if variant is not None:
                    out.append((variant, variant.data, "placement_rules"))
            out.append((document, data, "placement_rules"))
    elif isinstance(scenario, Mapping):
        out.append((None, scenario, "placement_rules"))
    for type_id in sorted({p.hex_type for p in board.pieces if p.piece == "mystery-hex" and p.hex_type}):
        document = library.get(board.game, "hex_type", type_id) if library is not None else None
        data = document.data if document is not None else board.hex_types.get(type_id)
        if data and data.get("placement_rules"):
            out.append((document, data, "placement_rules"))
    out.append((board.document, {"rules": board.rules}, "rules"))
    return out


def rules_in_force(board: Board, library=None, scenario=None) -> tuple[list[str], list[Problem]]:
    """The game's rules, plus the scenario's variants' and the scenario's own, plus the map's.

    ``scenario`` is a scenario's data or its document. Rule ids that name nothing are returned as
    ``unknown-rule`` problems located where they are written.
    """
    ids: list[str] = []
    problems: list[Problem] = []
    for document, data, key in documents_in_force(board, library, scenario):
        rule_ids = data.get(key) or []
        if not isinstance(rule_ids, list):
            continue
        problems.extend(rule_id_problems(document, rule_ids, key))
        ids.extend(r for r in rule_ids if isinstance(r, str) and (r in RULES or r in EVENT_RULES) and r not in ids)
    return ids, problems


# -- questions ------------------------------------------------------------------------------

class Explanations(Mapping):
    """Why each illegal hex is illegal: ``hex -> [(rule id, sentence), ...]``, one entry per reason.

    Sentences are written only for the hexes asked about, so a question costs about the same
    with explanations as without. ``items()`` explains every illegal hex in one pass, rule by rule.
    """

    def __init__(self, situation: Situation, forbidden_by: list, legal: set, blocked_spaces: set):
        self._s = situation
        self._forbidden_by = forbidden_by
        self._legal = legal
        self._blocked_spaces = blocked_spaces
        self._done: dict = {}
        self._all = False

    def __getitem__(self, node):
        if node in self._done:
            return self._done[node]
        if self._all or node not in self._s.nodes or node in self._legal:
            raise KeyError(node)
        label = self._s.describe(node)
        reasons: list = []
        for rule_id, bad, why in self._forbidden_by:
            if node in bad:
                _add(reasons, rule_id, f"{label} {why(node)}")
        if node in self._blocked_spaces:
            reasons.append(("blocked", f"{label} cannot be entered"))
        self._done[node] = reasons
        return reasons

    def _explain_all(self) -> dict:
        if not self._all:
            describe = self._s.describe
            done: dict = {}
            for rule_id, bad, why in self._forbidden_by:
                for node in _members(bad):
                    text = f"{describe(node)} {why(node)}"
                    reasons = done.get(node)
                    if reasons is None:
                        done[node] = [(rule_id, text)]
                    else:
                        _add(reasons, rule_id, text)
            for node in self._blocked_spaces:
                done.setdefault(node, []).append(("blocked", f"{describe(node)} cannot be entered"))
            self._done, self._all = done, True
        return self._done

    def by_reason(self) -> list[tuple[str, str, list]]:
        """Every reason once: ``(rule id, what is wrong, the hexes it applies to)``, most hexes first.

        This is the cheap way to explain a whole map: one sentence per reason, not per hex.
        """
        groups: dict[tuple[str, str], list] = {}
        for rule_id, bad, why in self._forbidden_by:
            for node in _members(bad):
                groups.setdefault((rule_id, why(node)), []).append(node)
        if self._blocked_spaces:
            groups[("blocked", "cannot be entered")] = list(self._blocked_spaces)
        return sorted(((rule_id, text, sorted(nodes)) for (rule_id, text), nodes in groups.items()),
                      key=lambda row: (-len(row[2]), row[0], row[1]))

    def items(self):
        return self._explain_all().items()

    def values(self):
        return self._explain_all().values()

    def __iter__(self):
        if self._all:
            return iter(self._done)
        return (n for n in self._s.nodes if n not in self._legal)

    def __len__(self) -> int:
        return len(self._s.nodes) - len(self._legal)

    def __contains__(self, node) -> bool:
        return node in self._s.nodes and node not in self._legal


def _members(bad):
    # an AllBut's members as one set difference rather than a walk over every hex
    return bad.nodes - bad.allowed if isinstance(bad, AllBut) else bad


def _add(reasons: list, rule_id: str, text: str) -> None:
    # one entry per reason: two rules saying the same thing about a hex are said once
    if all(text != said for _, said in reasons):
        reasons.append((rule_id, text))


@dataclass
class Verdict:
    legal: list[Coord]
    illegal: Mapping = field(default_factory=dict)  # hex -> [(rule, why)]


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
    forbidden_by: list[tuple[str, object, Callable]] = []
    candidates: set | None = None  # None: every hex
    blocked: set[Coord] = set()
    for rule_id in rule_ids:
        rule_ = RULES.get(rule_id)
        if rule_ is None or question.piece not in rule_.pieces:
            continue
        bad, why = rule_.forbid(situation)
        if not bad:
            continue
        forbidden_by.append((rule_id, bad, why))
        if isinstance(bad, AllBut):
            candidates = (bad.allowed & situation.nodes) if candidates is None else (candidates & bad.allowed)
        else:
            blocked.update(bad)
    blocked_spaces: set[Coord] = set()
    if board.geometry == "grid":
        blocked_spaces = {n for n, b in board.graph.nodes(data="blocked") if b}
        blocked |= blocked_spaces
    pool = situation.nodes if candidates is None else candidates
    allowed = pool - blocked if blocked else pool
    legal = sorted(allowed)
    if not explain:
        return Verdict(legal)
    return Verdict(legal, Explanations(situation, forbidden_by, allowed, blocked_spaces))


def check_board(board: Board, rule_ids: list[str]) -> Iterator[Problem]:
    """Every placed piece against the rules in force (each judged with the others in place),
    after the map's structure problems."""
    yield from board.problems
    # a player's first city is the one marked `first`, else the first one listed
    firsts: dict[str, Piece] = {}
    for piece in board.pieces:
        if piece.piece == "city" and piece.player:
            if piece.first or piece.player not in firsts:
                firsts.setdefault(piece.player, piece)
                if piece.first:
                    firsts[piece.player] = piece
    # the rules that judge each kind of piece, in the order given
    judging = {kind: [(rule_id, RULES[rule_id]) for rule_id in rule_ids
                      if rule_id in RULES and kind in RULES[rule_id].pieces]
               for kind in ("town", "city", "improved-town")}
    shared = PieceIndex(board) if any(judging.values()) else None
    for piece in board.pieces:
        if not judging.get(piece.piece) or not piece.player:
            continue
        question = Question(piece.piece, piece.player, piece.resource,
                            first_city=(firsts.get(piece.player) is piece) if piece.piece == "city" else None,
                            ignore=piece)
        situation = Situation(board, question, shared)
        said = set()
        for rule_id, rule_ in judging[piece.piece]:
            bad, why = rule_.forbid(situation)
            if piece.at in bad:
                text = f"{situation.describe(piece.at)} {why(piece.at)}"
                if text in said:
                    continue
                said.add(text)
                yield _located(piece.location, Problem(
                    rule_id, f"{piece.describe()}: {text}", hint=rule_.summary,
                    extra={"hex": list(piece.at), "piece": piece.piece, "player": piece.player}))
    if "rail-connected" in rule_ids:
        yield from _check_rails(board)


def _check_rails(board: Board) -> Iterator[Problem]:
    """A rail is connected when its component of the player's rail network touches one of their
    towns or cities; every player's network is made in one pass over the edges, and its
    components once."""
    import networkx as nx   # here, not at the top: the rule registry is read without it

    networks = {player: nx.Graph(edges) for player, edges in board.index()["rails"].items()}
    anchors: dict[str, set[Coord]] = {}
    for p in board.pieces:
        if p.piece in ("town", "city") and p.player in networks:
            anchors.setdefault(p.player, set()).add(p.at)
    for player in sorted(networks):
        network, mine = networks[player], anchors.get(player, set())
        loose = []      # the player's rails out of reach, in the order of their hexes
        for component in nx.connected_components(network):
            if mine.isdisjoint(component):
                loose += (tuple(sorted(edge)) for edge in network.subgraph(component).edges)
        for a, b in sorted(loose):
            yield _located(board.rail_locations.get((player, a, b)) or board.rail_locations.get((player, b, a)),
                           Problem("rail-connected", f"{player}'s rail {list(a)}–{list(b)} is not connected to any"
                                   " of their towns or cities", hint=RULES["rail-connected"].summary,
                                   extra={"hex": list(a), "piece": "rail", "player": player}))


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
