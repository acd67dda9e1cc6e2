"""Setup and building: the starting pieces, whether they fit on the map, building in play (rulebook, Setup).

The map to play on, the starting pieces ("In reverse turn order each player places a starting city
and 2 towns", secondary facts; rulebook, Setup), whether a setup can be made on a map, and where a
town, city or Improved Town Hex may be built in play (the Builder's ``build`` effect; rulebook,
Improved Town Hexes).

:class:`Setup` is the game's part (:class:`~.engine.DarkHorse`), :class:`Building` the state's.
"""
from __future__ import annotations

from dataclasses import dataclass

from ...content.badges import badged_name
from .actions import MEMO, Action, made
from .players import PLAYER_NAMES


class _Undecided(Exception):
    """The setup search went past its budget."""


@dataclass(frozen=True)
class SetupCheck:
    """Whether the setup can be made: True, False, or None (the search gave up), and why not."""

    possible: bool | None
    players: int
    why: str


def _show_pieces(pieces: dict) -> str:
    return " and ".join(f"{n} {k}{'s' if n != 1 else ''}" for k, n in pieces.items() if n) or "nothing"


def _piece(piece: str, at, player: str, first: bool = False):
    from ...board.graph import Piece
    return Piece(piece, tuple(at), player, first=first)


def _territory(library, map_id: str | None, scenario: dict, ruleset):
    """The map to play on, emptied of player pieces (mystery hexes and tokens stay), with the
    ruleset's numbers as its parameters and the placement rules in force."""
    from ...board.graph import board_from_library
    from ...board.placement import rules_in_force

    if not map_id:
        return None, []
    board = board_from_library(library, map_id, "dark-horse")
    board.pieces = [p for p in board.pieces if p.piece not in ("town", "city", "improved-town")]
    for node, names in list(board.graph.nodes(data="tokens")):
        if "wanted-token" in (names or []):      # Wanted tokens leave the board in play: pieces, not hex marks
            board.pieces += [_piece("wanted-token", node, None)] * names.count("wanted-token")
            board.set_tokens(node, [n for n in names if n != "wanted-token"])
    for a, b in list(board.graph.edges):
        for player in list(board.graph.edges[a, b]["rails"]):
            board.remove_rail(player, a, b)
    board.players = []
    board.parameters = dict(ruleset)        # the placement rules read the resolved numbers
    board.index()                           # computed once: rails and tokens do not change in play
    rules, _ = rules_in_force(board, library, scenario or None)
    return board, rules


class Setup:
    """The setup of a game: the pieces placed before the first round and whether they fit on the map."""

    def setup_pieces(self, names: list[str]) -> list[tuple[str, str, bool]]:
        """What the players place before the first round, in order: in reverse turn order each
        places ``starting_pieces`` (secondary facts: "In reverse turn order each player places a
        starting city and 2 towns"), ``(player, piece, first city)``."""
        if self.board is None:
            return []
        pieces = self.ruleset.starting_pieces
        out = []
        for name in reversed(names):
            out += [(name, "city", i == 0) for i in range(pieces.get("city", 0))]
            out += [(name, "town", False) for _ in range(pieces.get("town", 0))]
        return out

    def legal_hexes(self, pieces: list, name: str, piece: str, first: bool) -> list:
        """Where ``name`` may put ``piece`` with ``pieces`` on the board (placement rules in force;
        a first city keeps ``starting_city_min_gap`` non-resource hexes from any other city)."""
        from ...board.placement import Question, legal_placements

        rules = list(self.placement_rules)
        board = self.board_with(pieces)
        if first:   # a starting city keeps its distance from any other city (secondary facts)
            board.parameters = dict(board.parameters, min_city_distance=self.ruleset.starting_city_min_gap + 1)
            rules.append("min-city-distance")
        return legal_placements(board, Question(piece, name, first_city=first or None), rules, explain=False).legal

    def cities_fit(self, pieces: list, later: list[tuple[str, str]]) -> bool:
        """Whether the first cities ``later`` (``(player, "city")`` in order) can all still be
        placed after ``pieces``: a depth-first search over every legal hex (exact, remembered per
        situation on the game). A town never changes where a city may go under the registered
        placement rules, so only cities are searched."""
        cities = frozenset((p.player, p.at) for p in pieces if p.piece == "city")
        key = (cities, tuple(later))
        memo = self.__dict__.setdefault("_fit", {})
        if key not in memo:
            if len(memo) > MEMO:
                memo.clear()
            towns = [p for p in pieces if p.piece != "city"]
            memo[key] = self._first_cities(towns + [p for p in pieces if p.piece == "city"], list(later)) is not None
        return memo[key]

    def _first_cities(self, pieces: list, later: list, budget: list | None = None, best: list | None = None):
        """A placement of the first cities ``later`` after ``pieces`` (the pieces, all placed), or
        None; ``best`` records the most of them placed on any branch."""
        if best is not None:
            best[0] = max(best[0], sum(1 for p in pieces if p.piece == "city" and p.first))
        if not later:
            return pieces
        if budget is not None:
            budget[0] -= 1
            if budget[0] < 0:
                raise _Undecided
        name, _ = later[0]
        for at in self.legal_hexes(pieces, name, "city", True):
            found = self._first_cities(pieces + [_piece("city", at, name, True)], later[1:], budget, best)
            if found is not None:
                return found
        return None

    def setup_check(self, players: int) -> "SetupCheck":
        """Whether ``players`` players can all make the setup the rules require on this map: a
        search over every combination of legal hexes, starting cities first (the scarce part:
        spacing, Safe Zones), then each set of cities' towns in turn order. Remembered per count."""
        cache = self.__dict__.setdefault("_setup_checks", {})
        if players not in cache:
            cache[players] = self._search_setup(players)
        return cache[players]

    def setup_problem(self, check: "SetupCheck", severity: str = "error"):
        """The located problem of a setup that cannot be made: at the scenario's player count
        (or the game's), naming the map and the placement rules in force; a published one's told
        at the designer's document behind it (:func:`workbench.games.judge.told_at_designer`), for
        ``play`` and ``validate`` alike."""
        from ..judge import told_at_designer

        unit = getattr(self, "unit", {"scenario": self.scenario})

        def published(library):     # the same unit's setup on the published content
            game = type(self).build(library, **{**unit, "scenario": self.scenario})
            found = game.setup_check(check.players) if game.board is not None else None
            return [game._setup_problem(found, severity)] if found is not None and found.possible is False else []

        problem = self._setup_problem(check, severity)
        return told_at_designer("dark-horse", self.library, [problem], scenario=self.scenario,
                                variants=unit.get("variants", ()), overrides=unit.get("overrides"),
                                published=published)[0]

    def _setup_problem(self, check: "SetupCheck", severity: str):
        from ...content.problems import Problem

        where = self.library.get("dark-horse", "scenario", self.scenario) if self.scenario else \
            self.library.get("dark-horse", "game", "dark-horse")
        name = (badged_name(where.data) if where is not None and where.data.get("name") else None) or self.scenario or "Dark Horse"
        message = (f"{name}: with {check.players} players the setup the rules require cannot be made on the map "
                   f"'{self.board.id}': {check.why} (each places {_show_pieces(self.ruleset.starting_pieces)}; "
                   f"placement rules in force: {', '.join(self.placement_rules)}; a starting city keeps "
                   f"{self.ruleset.starting_city_min_gap} non-resource hexes between it and any other city)")
        hint = "play with fewer players, or give the map more room where the first cities may go"
        if where is None:
            return Problem("setup-impossible", message, hint=hint, severity=severity)
        path = ["players"] if isinstance(where.data.get("players"), dict) else []
        return where.problem("setup-impossible", message, path, hint=hint, severity=severity,
                             players=check.players, map=self.board.id)

    def _search_setup(self, players: int, limit: int = 20_000) -> "SetupCheck":
        pending = self.setup_pieces(PLAYER_NAMES[:players])
        if not pending:
            return SetupCheck(True, players, "")
        cities = [(n, k) for n, k, f in pending if k == "city" and f]
        budget, best = [limit], [0]

        def city_solutions(pieces, later):
            if not later:
                yield pieces
                return
            budget[0] -= 1
            if budget[0] < 0:
                raise _Undecided
            name, _ = later[0]
            best[0] = max(best[0], len(cities) - len(later))
            for at in self.legal_hexes(pieces, name, "city", True):
                yield from city_solutions(pieces + [_piece("city", at, name, True)], later[1:])

        def towns(pieces, rest, failed):
            if not rest:
                return True
            key = (len(rest), frozenset((p.player, p.piece, p.at) for p in pieces))
            if key in failed:
                return False
            budget[0] -= 1
            if budget[0] < 0:
                raise _Undecided
            name, piece, first = rest[0]
            hexes = self.legal_hexes(pieces, name, piece, first)
            last = [p.at for p in pieces if p.player == name and p.piece == piece and not p.first]
            if last and piece != "city":       # a player's towns are alike: try each set once
                hexes = [h for h in hexes if h > max(last)]
            for at in hexes:
                if towns(pieces + [_piece(piece, at, name, first)], rest[1:], failed):
                    return True
            failed.add(key)
            return False

        others = [entry for entry in pending if not (entry[1] == "city" and entry[2])]
        try:
            placed_cities = False
            for solution in city_solutions([], cities):
                placed_cities = True
                if towns(solution, others, set()):
                    return SetupCheck(True, players, "")
        except _Undecided:
            return SetupCheck(None, players, f"the search gave up after {limit} steps")
        if not placed_cities:
            return SetupCheck(False, players, f"at most {best[0]} of the {players} players can place a starting city")
        return SetupCheck(False, players, "the starting cities fit, but not every player's starting towns")


class Building:
    """Building in play: the legal hexes of the piece to build now, and the piece built."""

    def _legal_hexes(self, name: str, piece: str, first: bool) -> list:
        key = (name, piece, first, len(self.pieces), len(self.history))
        cached = self.__dict__.get("_hexes")
        if cached is not None and cached[0] == key:    # _advance asked just before legal_actions / apply
            return cached[1]
        legal = self._find_hexes(name, piece, first)
        self._hexes = (key, legal)
        return legal

    def _find_hexes(self, name: str, piece: str, first: bool) -> list:
        later = [(n, k) for n, k, f in self.pending[1:] if k == "city" and f] if piece == "city" and first else []
        # remembered on the game per the pieces on the board (every field of each) and what is still
        # to place: the map and the placement rules never change in play, and a search asks at every
        # setup step of every rollout
        key = (name, piece, first, tuple(later), tuple(tuple(p.__dict__.values()) for p in self.pieces))
        memo = self.game.__dict__.setdefault("_hexes_memo", {})
        found = memo.get(key)
        if found is None:
            if len(memo) > MEMO:
                memo.clear()
            legal = self.game.legal_hexes(self.pieces, name, piece, first)
            if later:
                # every player must start with a city: a first city goes only where the first cities
                # still to place keep room (an exact search; see DarkHorse.cities_fit)
                legal = [at for at in legal if self.game.cities_fit(self.pieces + [_piece("city", at, name, True)], later)]
            found = memo[key] = tuple(legal)
        return list(found)

    def _improved_towns_left(self) -> int:
        return max(0, self.rules.improved_town_tiles - sum(1 for p in self.pieces if p.piece == "improved-town"))

    def _place_piece(self, name: str, piece: str, at, first: bool) -> None:
        from ...board.graph import Piece

        resource = self.game.board.graph.nodes[tuple(at)].get("resource") if piece == "improved-town" else None
        self.pieces = [*self.pieces, Piece(piece, tuple(at), name, first=first, resource=resource)]   # copies share it
        self.event("build", name, piece=piece, at=list(at), **({"resource": resource} if resource else {}))
        self._check_immediate_end()

    def _build_actions(self) -> list[Action]:
        """Where the piece to build now may go (a setup piece, or a build effect's)."""
        name, piece, first = self.pending[0]
        actions = [made("build", piece=piece, at=at) for at in self._legal_hexes(name, piece, first)]   # made once each
        if piece == "town" and self.round > 0 and self._improved_towns_left():
            # Improved Town Hexes: "a player claims the Builder Action Space ... then builds a town.
            # Instead of placing the Town, the player places an Improved Town hex"
            actions += [Action("build", piece="improved-town", at=at)
                        for at in self.game.legal_hexes(self.pieces, name, "improved-town", False)]
        return actions
