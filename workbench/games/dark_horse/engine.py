"""The Dark Horse turn engine, played from the resolved ruleset and the scenario's documents.

:class:`DarkHorse` (the game) holds what is fixed for a game: the ruleset resolved from the
library (game + scenario + variants + house-rule overrides), the action spaces in play, the
territory map and the placement rules in force. :class:`State` holds only what changes.

A round: each player in turn order rolls (a chance node: the dice, with their exact
probabilities), the Placement Phase (place dice singly or added together on action spaces a
player may claim; pass), then the Collection Phase (in turn order, each player collects the spaces
they claimed: an option, or skip; Black Hat characters may rob Robbery spaces, and a rival's
character or the Marshal token may challenge: the gunfight is played from
:mod:`.gunfight`'s chance nodes, in the same state). Setup and the ``build`` effect are decisions:
the player chooses a hex among the legal ones.

What the rules texts leave unknown is never invented: spaces with unknown options are left out of
play, unknown claim requirements and types are played by declared assumptions
(``unknown_claim``, ``unknown_type``), and every log starts with the assumptions in force. The
game ends by the published triggers (all of a player's towns and cities built, or the Influence
track's Game End space) or after ``rounds`` rounds, which the log says.

This module keeps the game, the state's data (what changes, its copy and snapshot) and the
dispatch of the state API (chance, legal actions, apply). Each phase's rules live in a module of
their own, named in the game's words, whose part of the state :class:`State` inherits:
:mod:`.rounds` (the phases in order, the rolls, turn order), :mod:`.placement` (the Placement
Phase), :mod:`.collection` (the Collection Phase), :mod:`.mystery_hexes`, :mod:`.robbery`,
:mod:`.challenges` (Challenges and the gunfights in play; the odds are :mod:`.gunfight`),
:mod:`.tokens` (Inventor, Carnival, Cowboy Boot, Engineer), :mod:`.effects` (the effect
vocabulary's handlers), :mod:`.goods` (paying, gaining, the Influence trade), :mod:`.setup`
(the setup and building) and :mod:`.game_end` (end triggers and scoring); the actions and rolls
are :mod:`.actions`, the seats :mod:`.players`, the bots :mod:`.bots`. Every public name is still
importable from here (``__all__``).
"""
from __future__ import annotations

import random
from fractions import Fraction

from ...core.errors import ContentError, NotFound, UsageError
from ...rules.dark_horse import SPEC, resolve_ruleset, unknown_amounts
from ...rules.ruleset import plain
from ..base import Game, State as BaseState, Tally, Trail
from .actions import HEX, MEMO, Action, FightRoll, InventorRoll, Roll, _below, made
from .bots import BOTS, VALUES, greedy_bot, random_bot
from .challenges import Challenges
from .collection import Collection
from .effects import EFFECTS, VOCABULARY, Effect, Effects, _plays_anything, effect
from .game_end import GameEnd
from .goods import Goods
from .gunfight import GunfightRules, GunfightState
from .mystery_hexes import MysteryHexes
from .placement import USES_ORDER, Placement, claims
from .players import _SEAT, PLAYER_NAMES, Hired, Player
from .reputation import ReputationRules
from .robbery import Robbery
from .rounds import Rounds, _is_roll, dice_outcomes
from .setup import Building, Setup, SetupCheck, _territory
from .tokens import Tokens

#: What the engine needs of the content and does not find (the code ``validate`` reports it under).
CODE = "engine-requirement"

#: The engine's public names, wherever their code lives in the package (every phase's module):
#: ``from workbench.games.dark_horse.engine import ...`` keeps working for each.
__all__ = ["PLAYER_NAMES", "MEMO", "HEX", "Hired", "Player", "Action", "Roll", "InventorRoll", "FightRoll", "VOCABULARY",
           "Effect", "EFFECTS", "effect", "DarkHorse", "SetupCheck", "USES_ORDER", "playable_options", "claims",
           "dice_outcomes", "State", "random_bot", "VALUES", "greedy_bot", "BOTS", "hire", "new_game", "play", "describe"]


class DarkHorse(Setup, Game):
    """The fixed facts of one Dark Horse game: ruleset, action spaces, territory.

    Examples
    --------
    >>> from workbench.content.published import published_library
    >>> game = DarkHorse.build(published_library(), scenario="high-noon")
    >>> sorted(game.spaces), game.ruleset.win_margin
    (['marshal', 'saloon', 'stagecoach'], 2)
    """

    id = "dark-horse"
    name = "Dark Horse"
    PARAMETERS = SPEC
    # the reference player reads the scores 12 decisions after an action (about a round of placing
    # and collecting for two players): a die placed now scores only when collected. Measured against
    # random, 1-on-1, seats swapped (Pork Barrel, 6 rounds, seeds 4100-4129): 11-7-12 read just after
    # the action, where one step sees no placement's worth (see benchmarks/agents.py for the horizon's)
    LOOKAHEAD_HORIZON = 12
    OPTIONS = {"rounds": "rounds to play at most (the game ends earlier when an end trigger is met)",
               "characters": "Rebels & Rogues characters hired at the start, by seat"}

    def __init__(self, library, ruleset, scenario: str | None, spaces: dict[str, dict], left_out: list[str],
                 board, placement_rules: list[str], notes: list[str], players: tuple[int, int]):
        self.library = library
        # what the special role tokens let their holders do: their documents' `powers:` (the
        # vocabulary's ROLE_POWERS); the role that challenges Wanted characters fights with its icons
        self.powers: dict[str, list[str]] = {}
        for token in sorted(library.of_kind("token", "dark-horse"), key=lambda d: d.id):
            if token.data.get("special_role") is True:
                for power in token.data.get("powers") or []:
                    self.powers.setdefault(power, []).append(token.id)
        self.challenger = next(iter(self.powers.get("challenge-wanted", [])), None)
        self.ruleset = ruleset
        self.scenario = scenario
        self.spaces = spaces
        self.left_out = left_out
        self.board = board
        self.placement_rules = placement_rules
        self.notes = notes
        self.players = players
        self.gunfight_rules = GunfightRules.from_ruleset(ruleset)
        self.reputation_rules = ReputationRules.from_ruleset(ruleset)
        self.space_order = list(spaces)
        self.initial_outlaws = bool(self.outlaws())
        # Mystery Hexes whose abilities the text gives, when a variant in force brings them
        self.mystery_types: dict[str, dict] = mystery_types(library, ruleset)

    # -- making the game -------------------------------------------------------------------------
    @classmethod
    def build(cls, library, *, scenario: str | None = None, variants=(), overrides=None,
              map_id: str | None = None, **_) -> "DarkHorse":
        """The game of a scenario (with variants and overrides), on ``map_id`` or else the map the
        ruleset names (``territory``)."""
        scenario_doc = library.get("dark-horse", "scenario", scenario) if scenario else None
        if scenario and scenario_doc is None:
            raise NotFound("scenario", scenario, library.ids("dark-horse", "scenario"), "in dark-horse")
        named = None                  # the ruleset naming the map, when no map is given
        chosen_map = map_id
        if map_id is None:
            named = resolve_ruleset(library, scenario=scenario, variants=variants, overrides=overrides)
            map_id = named.territory
        if map_id and library.get("dark-horse", "map", map_id) is None:
            if named is not None:     # the content names it: a located problem, so validate reports it too
                raise ContentError(f"no map '{map_id}' in dark-horse", [_missing_map(library, named, map_id)])
            raise NotFound("map", map_id, library.ids("dark-horse", "map"), "in dark-horse")
        ruleset = resolve_ruleset(library, scenario=scenario, variants=variants, overrides=overrides, map_id=map_id)
        data = scenario_doc.data if scenario_doc else {}
        playable, left_out, notes = cls.spaces_in_play(library, data, ruleset)
        board, placement = _territory(library, map_id, data, ruleset)
        players = data.get("players") or (library.data("dark-horse", "game", "dark-horse") or {}).get("players") or {}
        game = cls(library, ruleset, scenario, playable, left_out, board, placement, notes,
                   (int(players.get("min", 1)), int(players.get("max", len(PLAYER_NAMES)))))
        # the unit as chosen: a setup it cannot make is searched again on the published content
        # (workbench.games.judge.told_at_designer)
        game.unit = {"scenario": scenario, "variants": list(variants), "overrides": dict(overrides or {}),
                     "map_id": chosen_map}
        problems = game.mystery_problems()
        if problems:
            raise ContentError(f"{scenario or 'Dark Horse'} cannot be played: a Mystery Hex in play has no options"
                               " the engine can offer", problems)
        return game

    @staticmethod
    def spaces_in_play(library, data: dict, ruleset) -> tuple[dict, list[str], list[str]]:
        """The action spaces a scenario (its document's ``data``) plays under ``ruleset``: the
        playable ones by id, the ids left out (options unknown, or on the map's hexes), and the
        notes saying why."""
        # the base game's spaces; a space that replaces another enters play only when a scenario or
        # a variant in force lists it (Marshal replaces Mayor in its scenarios, a designer's filled-in
        # Builder replaces Builder in their variant)
        spaces = {d.id: d.data for d in library.of_kind("action_space", "dark-horse")
                  if d.data.get("expansion") == "base" and not d.data.get("replaces")}
        chosen = [s for s in data.get("action_spaces") or [] if isinstance(s, str)]
        for variant in ruleset.variants:
            variant_data = library.data("dark-horse", "variant", variant) or {}
            chosen += [s for s in variant_data.get("action_spaces") or [] if isinstance(s, str) and s not in chosen]
        notes = []
        on_map = set()
        for variant in ruleset.variants:
            variant_data = library.data("dark-horse", "variant", variant) or {}
            if variant_data.get("hex_types") and variant_data.get("action_spaces"):
                on_map |= set(variant_data["action_spaces"])
        for space_id in chosen:
            space = library.data("dark-horse", "action_space", space_id)
            if space is None:
                raise ContentError(f"the action space '{space_id}' does not exist")
            if isinstance(space.get("replaces"), str):
                spaces.pop(space["replaces"], None)
            spaces[space_id] = space
        left_out = sorted(i for i, s in spaces.items() if not playable_options(s) or i in on_map)
        for space_id in sorted(on_map & set(spaces)):
            notes.append(f"{spaces[space_id]['name']} spaces sit on the map's hexes of their variant; the engine does"
                         " not play them yet, so they are left out")
        playable = {i: s for i, s in spaces.items() if i not in left_out}
        return playable, left_out, notes

    def mystery_problems(self) -> list:
        """The Mystery Hexes in play whose options are not written as a list (``options: unknown``
        passes the schema): the engine offers a Mystery Hex's options, so it cannot play one."""
        out = []
        for kind, data in self.mystery_types.items():
            if isinstance(data.get("options"), list):
                continue
            document = self.library.get("dark-horse", "hex_type", kind)
            setting = f"the scenario '{self.scenario}'" if self.scenario else "the variants in force"
            out.append(document.problem(
                CODE, f"{data.get('name', kind)}: its options are {data.get('options')!r}, and {setting} puts it in"
                " play as a Mystery Hex, whose options the engine offers", ["options"],
                hint="write its options as a list (`- text: ...` with `cost:`, `gain:` or `effects:`), as the"
                     " published hex types do"))
        return out

    def player_range(self) -> tuple[int, int]:
        return self.players[0], min(self.players[1], len(PLAYER_NAMES))

    def can_end(self) -> bool:
        """Whether any end trigger can be reached by what is in play (:func:`.ends.can_end`)."""
        from .ends import can_end
        return can_end(self)

    def assumptions(self) -> list[str]:
        lines = super().assumptions()
        if self.left_out:
            lines.append(f"{len(self.left_out)} action space(s) with unknown options are left out: {', '.join(self.left_out)}")
        lines += self.notes
        for kind, data in self.mystery_types.items():
            for i, option in enumerate(data["options"]):
                if not _plays_anything(option):
                    why = "; ".join(VOCABULARY.why_not_played(spec.get("effect")) for spec in option.get("effects") or []) \
                        or "it has only text"
                    lines.append(f"{data.get('name', kind)} option {i + 1} is not offered: nothing of it is played ({why})")
        if self.board is not None:
            lines.append(f"the territory is the map '{self.board.id}'")
        return lines

    def new_initial_state(self, players: int = 4, seed: int = 0, rounds: int = 3,
                          characters: dict[str, list[str]] | None = None) -> "State":
        low, high = self.player_range()
        if not low <= players <= high:
            raise UsageError(f"{self.scenario or 'Dark Horse'} is for {low} to {high} players, not {players}")
        if rounds < 1:
            raise UsageError(f"rounds must be at least 1, not {rounds}")
        check = self.setup_check(players)
        if check.possible is False:
            raise ContentError(f"{players} players cannot make the setup the rules require on this map",
                               [self.setup_problem(check)])
        state = State(self, PLAYER_NAMES[:players], seed, rounds)
        state.setup = {"players": players, "seed": seed, "rounds": rounds, "characters": characters or {}}
        for name, ids in (characters or {}).items():
            if name not in state.order:
                raise UsageError(f"no seat '{name}' in a {players}-player game; seats: {', '.join(state.order)}")
            for character_id in ids:
                hire(state, self.library, name, character_id)
        return state

    # -- facts the log records ------------------------------------------------------------------
    def space_facts(self) -> dict:
        """The spaces in play as the log records them: name, type (unknown types resolved by the
        ruleset), claim requirement, Robbery icon and options."""
        out = {}
        for space_id, space in self.spaces.items():
            kind = space.get("type", "unknown")
            out[space_id] = {"name": space.get("name", space_id),
                             "type": self.ruleset.unknown_type if kind == "unknown" else kind,
                             "claim": plain(space.get("claim") or {"requirement": "unknown"}),
                             "robbery": space.get("robbery") is True,
                             "options": [{k: plain(o[k]) for k in ("text", "cost", "gain", "effects") if k in o}
                                         for o in space.get("options") or []]}
        return out

    def territory_facts(self) -> dict | None:
        """The map as the log records it: its id and each hex's terrain category, by ``"q,r"``."""
        if self.board is None:
            return None
        return {"id": self.board.id, "hexes": {f"{q},{r}": attrs["category"]
                                               for (q, r), attrs in sorted(self.board.graph.nodes(data=True))}}

    def token_facts(self) -> dict:
        """The gunfight icons of the tokens that fight in this game (the Marshal token, and the
        scenario's fighting tokens), as the log records them."""
        out = {self.challenger: plain(self.marshal_gunfight())} if self.challenger else {}
        for token in self.ruleset.fighting_tokens:
            data = self.library.data("dark-horse", "token", token) or {}
            if isinstance(data.get("gunfight"), dict):
                out[token] = plain(data["gunfight"])
        return out

    def outlaws(self) -> dict[str, dict]:
        """Wild Wild West's outlaws on the board, by hex ``"q,r"``: each Wanted token ("2 Combat
        icons ... a Black Hat character for all game purposes") and the Outlaw Hideout and Ghost
        Town ("the same Gunfight Icons as the Marshal token"), when the ruleset's
        ``fighting_tokens`` names them."""
        if self.board is None:
            return {}
        tokens = self.token_facts()
        out = {}
        for piece in self.board.pieces:
            outlaw = (self.library.data("dark-horse", "hex_type", piece.hex_type) or {}).get("outlaw") \
                if piece.piece == "mystery-hex" and piece.hex_type else None
            kind = "wanted-token" if piece.piece == "wanted-token" else outlaw
            if kind in tokens and kind in self.ruleset.fighting_tokens:
                out[f"{piece.at[0]},{piece.at[1]}"] = {"kind": kind, "gunfight": dict(tokens[kind]), "wounds": 0}
        return out

    def holds(self, player, power: str) -> bool:
        """Whether ``player`` holds a special role token with ``power``."""
        roles = player.roles
        for role in self.powers.get(power, ()):       # any(), without a generator: asked at every step
            if role in roles:
                return True
        return False

    def marshal_gunfight(self) -> dict:
        """The Marshal token's gunfight icons (it "acts like a character" whose only ability is to
        Challenge)."""
        found = self.__dict__.get("_marshal_gunfight")
        if found is None:       # read once: a Marshal's holder asks at every collection
            data = (self.library.data("dark-horse", "token", self.challenger) if self.challenger else None) or {}
            found = self._marshal_gunfight = data.get("gunfight") if isinstance(data.get("gunfight"), dict) else {}
        return found

    def board_with(self, pieces):
        """The territory with ``pieces`` on it (the graph is shared, never copied)."""
        view = object.__new__(type(self.board))
        view.__dict__.update(self.board.__dict__)
        view.pieces = pieces
        return view


def _missing_map(library, ruleset, map_id: str):
    """The problem of a ``territory`` naming no map, located where the ruleset took it from."""
    from ...content.problems import Problem

    message = f"there is no Dark Horse map '{map_id}' (the `territory` played on)"
    hint = f"name one of the maps: {', '.join(sorted(library.ids('dark-horse', 'map')))}"
    origin = ruleset.origin("territory")
    if origin is None or origin.document is None:
        return Problem(CODE, message, hint=hint, extra={"parameter": "territory"})
    return origin.document.problem(CODE, message, list(origin.path), hint=hint, parameter="territory")


def mystery_types(library, ruleset) -> dict[str, dict]:
    """The Mystery Hexes whose abilities the text gives, when a variant in force brings them, and
    the types they can become, by hex type."""
    found: dict[str, dict] = {}
    for variant in ruleset.variants:
        for hex_type in (library.data("dark-horse", "variant", variant) or {}).get("hex_types") or []:
            data = library.data("dark-horse", "hex_type", hex_type) or {}
            if data.get("category") == "mystery" and data.get("options") and data.get("claim"):
                found[hex_type] = data
    for data in list(found.values()):     # the types a Mystery Hex can become
        for option in data["options"] if isinstance(data["options"], list) else []:
            for spec in option.get("effects") or []:
                target = spec.get("hex_type") if spec.get("effect") == "become-hex-type" else None
                became = library.data("dark-horse", "hex_type", target) if target else None
                if became and became.get("options") and target not in found:
                    found[target] = became
    return found


def playable_options(space: dict) -> bool:
    """Can a space be collected as written? Not when its options are unknown, nor when an option's
    cost or gain amount is ``unknown`` (the texts do not give it: nothing can be paid or gained),
    so such a space is left out of play and the log's assumptions say so."""
    options = space.get("options")
    if options in (None, "unknown") or not isinstance(options, list):
        return False
    return not unknown_amounts(space)


_CHANCE_PHASES = ("roll", "gunfight", "carnival", "move")      # the phases whose next step is chance


class State(Rounds, Placement, Collection, MysteryHexes, Robbery, Challenges, Tokens, Effects, Goods, Building, GameEnd,
            BaseState):
    """One moment of a game. ``apply`` returns the next state; the old one is left unchanged.

    Its data and the state API are here; the rules of each phase are its parts, one module each
    (the module docstring lists them)."""

    def __init__(self, game: DarkHorse, players: list[str], seed: int, rounds: int):
        self.game = game
        self.seed = seed
        self.rounds = rounds
        self.round = 0
        self.phase = "setup"
        rules = self.rules = game.ruleset
        self.players = [Player(n, dict(rules.starting_goods)) for n in players]
        for player in self.players:
            player.reputation.both_types = rules.reputation_both_types
        self.order = [p.name for p in self.players]
        self.next_order_moves: list[tuple[str, str]] = []
        self.robbery_silver: dict[str, int] = {}
        self.robbery_attempts: dict[tuple[str, str], int] = {}
        # each claim: (player, dice, the special dice and tokens that placed them)
        # replaced, never changed in place (a copy of the state shares it)
        self.claims: dict[str, list[tuple[str, tuple[int, ...], tuple[str, ...]]]] = {}
        self.to_collect: list[tuple[str, str]] = []
        self.to_roll: list[str] = []
        self.to_challenge: list[str] = []                  # Wild Wild West: who may still announce a Challenge
        self.turn = 0
        self.passed: set[str] = set()     # replaced, never changed in place (copies share it)
        # the map's own pieces (mystery hexes, Wanted tokens) stay where they are until removed; the
        # list is replaced, never changed in place (a copy of the state shares it)
        self.pieces: list = list(game.board.pieces) if game.board is not None else []
        self.outlaws: dict[str, dict] = game.outlaws()     # Wild Wild West's outlaws on the board, by hex
        # Mystery Hexes with abilities, by hex: their type, whether face up, tokens left, options taken
        self.mystery: dict[str, dict] = {}
        for piece in self.pieces:
            data = game.mystery_types.get(piece.hex_type or "") if piece.piece == "mystery-hex" else None
            if data is not None:
                count = (data.get("tokens") or {}).get("count")
                self.mystery[f"{piece.at[0]},{piece.at[1]}"] = {"type": piece.hex_type, "face_up": piece.face_up,
                                                                "tokens": count if piece.face_up else None,
                                                                "used": []}
        self.interrupt: tuple | None = None                # (kind, player, space, out of turn?): see _placement
        self.fight: dict | None = None
        self.ended: str | None = None
        self.log = Trail()
        self.history = Trail()
        self.pending: list[tuple[str, str, bool]] = game.setup_pieces(self.order)  # (player, piece, first city)
        # the rules in force and the spaces played, so the log alone can be audited
        self.event("start", game="dark-horse", scenario=game.scenario, players=players, seed=seed, rounds=rounds,
                   assumptions=game.assumptions(), ruleset=plain(dict(rules)), spaces=game.space_facts(),
                   fighters=game.token_facts(), powers={k: list(v) for k, v in sorted(game.powers.items())},
                   placement_rules=list(game.placement_rules), territory=game.territory_facts(),
                   mystery_types={k: plain({f: v[f] for f in ("claim", "options", "tokens", "mobile") if f in v})
                                  for k, v in game.mystery_types.items()})
        self._advance()

    # -- copying -----------------------------------------------------------------------------
    def clone(self) -> "State":
        new = object.__new__(State)
        d = new.__dict__ = self.__dict__.copy()
        d.pop("_legal", None)
        d["players"] = [p.clone() for p in self.players]
        d["order"], d["next_order_moves"], d["to_collect"] = self.order[:], self.next_order_moves[:], self.to_collect[:]
        # the pieces list is shared: replaced, never changed in place (and the memos keyed on it stay)
        d["to_roll"], d["to_challenge"], d["pending"] = self.to_roll[:], self.to_challenge[:], self.pending[:]
        d["robbery_silver"], d["robbery_attempts"] = self.robbery_silver.copy(), self.robbery_attempts.copy()
        if self.outlaws:
            d["outlaws"] = {k: v.copy() for k, v in self.outlaws.items()}
        if self.mystery:
            d["mystery"] = {k: {**v, "used": list(v["used"])} for k, v in self.mystery.items()}  # "used" grows in place
        if self.fight:          # its "dice" record grows in place (a shared list took a copy's rolls)
            d["fight"] = {**self.fight, "dice": self.fight["dice"][:]}
        d["log"] = self.log.fork()
        d["history"] = self.history.fork()
        return new

    # -- helpers ------------------------------------------------------------------------------
    #: the ruleset in force (``game.ruleset``): a plain attribute set in ``__init__``, not a
    #: property, since the phases read it at every step of a rollout (its copies share it)
    rules: object

    @property
    def seats(self) -> list[str]:
        return [p.name for p in self.players]

    def _while_pieces_stay(self, slot: str, build):
        """``build()``, remembered on the state (as ``slot``) while its pieces list stays the same:
        the list is replaced, never changed in place (a copy of the state shares it; one grown in
        place anyway has another length). The value is shared with copies: never change it, but
        for a memo of facts that depend on the pieces alone."""
        pieces = self.pieces
        known = self.__dict__.get(slot)
        if known is not None and known[0] is pieces and known[1] == len(pieces):
            return known[2]
        value = build()
        self.__dict__[slot] = (pieces, len(pieces), value)
        return value

    def player(self, name: str) -> Player:
        # the seats are PLAYER_NAMES in order: no search on the fast path
        try:
            found = self.players[_SEAT[name]]
            if found.name == name:
                return found
        except (KeyError, IndexError):
            pass
        return next(p for p in self.players if p.name == name)

    @property
    def board(self):
        return self.game.board_with(self.pieces) if self.game.board is not None else None

    @property
    def current(self) -> Player | None:
        phase = self.phase          # current_player() inlined for the two phases a rollout plays most
        if phase == "placement":
            name = self.interrupt[1] if self.interrupt else self.order[self.turn]
        elif phase == "collection":
            name = self.to_collect[0][0] if self.to_collect else None
        else:
            name = self.current_player()
        if not name:
            return None
        try:                        # player(), inlined
            found = self.players[_SEAT[name]]
        except (KeyError, IndexError):
            return self.player(name)
        return found if found.name == name else self.player(name)

    def current_player(self) -> str | None:
        if self.phase == "build":
            return self.pending[0][0] if self.pending else None
        if self.phase == "challenges":
            return self.to_challenge[0] if self.to_challenge else None
        if self.phase == "placement":
            return self.interrupt[1] if self.interrupt else self.order[self.turn]
        if self.phase == "collection" and self.to_collect:
            return self.to_collect[0][0]
        return None

    def is_terminal(self) -> bool:
        return self.phase == "done"

    def event(self, kind: str, player: str | None = None, **data) -> None:
        if self.log.__class__ is Tally:      # a rollout's: counted only (see base.Tally)
            self.log.n += 1
            return
        event = {"event": kind, "round": self.round, "phase": self.phase, "player": player, **data}
        if self.game.audit:
            self.record(event)
        else:                   # record()'s fast path, inlined: a search logs hundreds of thousands
            self.log.append(event)

    def _pieces_by_hex(self) -> dict:
        out: dict[str, list] = {}
        for p in self.pieces:
            out.setdefault(f"{p.at[0]},{p.at[1]}", []).append([p.player, p.hex_type or p.piece if p.piece == "mystery-hex"
                                                                 else p.piece])
        return out

    def snapshot(self) -> dict:
        """Everything that changes, as plain JSON (see :meth:`workbench.games.base.State.snapshot`)."""
        fight = self.fight
        return {
            "round": self.round, "phase": self.phase, "to_act": self.current_player(), "order": list(self.order),
            "players": {p.name: p.snapshot() for p in self.players},
            "claims": {space: [[who, list(dice), list(uses)] for who, dice, uses in taken]
                       for space, taken in self.claims.items()},
            "passed": sorted(self.passed),
            "to_roll": list(self.to_roll),
            "to_challenge": list(self.to_challenge),
            "to_collect": [[name, space] for name, space in self.to_collect],
            "robbery_silver": dict(self.robbery_silver),
            "robbery_attempts": {f"{name}/{space}": n for (name, space), n in sorted(self.robbery_attempts.items())},
            "next_order_moves": [list(m) for m in self.next_order_moves],
            "pending": [list(p) for p in self.pending],
            "pieces": self._pieces_by_hex(),
            "outlaws": {k: dict(v) for k, v in self.outlaws.items()},
            "mystery": {k: {**v, "used": list(v["used"])} for k, v in self.mystery.items()},
            "interrupt": list(self.interrupt) if self.interrupt else None,
            "fight": None if fight is None else {k: fight[k] for k in ("kind", "owner", "champion", "robber_owner",
                                                                      "robber", "space")},
            "ended": self.ended,
        }

    def element_name(self, space_id: str) -> str:
        """A space as the rules coverage names it: a Mystery Hex by its type (its place changes
        from game to game), any other space by its id."""
        if space_id.startswith(HEX) and space_id[len(HEX):] in self.mystery:
            return f"{self.mystery[space_id[len(HEX):]]['type']} (mystery hex)"
        return space_id

    # -- chance ----------------------------------------------------------------------------------
    def is_chance_node(self) -> bool:
        return self.phase in _CHANCE_PHASES

    def chance_outcomes(self) -> list[tuple[object, Fraction]]:
        if self.phase == "roll":
            player = self.player(self.to_roll[0])
            count = self._dice_count(player)
            if self._rolls_inventor_die(player):
                faces = self.rules.die_faces
                return [(InventorRoll((tuple(roll), face)), p / faces) for roll, p in dice_outcomes(count - 1, faces)
                        for face in range(1, faces + 1)]
            return dice_outcomes(count, self.rules.die_faces)
        if self.phase == "carnival":
            faces = self.rules.carnival_die_faces
            return [(face, Fraction(1, faces)) for face in range(1, faces + 1)]
        if self.phase == "move":
            return self._move_outcomes()
        if self.phase == "gunfight":
            return self.fight["state"].chance_outcomes()
        return []

    def sample_chance(self, rng: random.Random):
        if self.phase == "roll":
            player = self.player(self.to_roll[0])
            count = self._dice_count(player)
            faces = self.rules.die_faces
            if count > 0 and player.roles and self.game.holds(player, "inventor-die"):   # _rolls_inventor_die
                return InventorRoll((tuple(sorted([1 + _below(rng, faces) for _ in range(count - 1)])),
                                     1 + _below(rng, faces)))
            return Roll(sorted([1 + _below(rng, faces) for _ in range(count)]))     # rng.randint(1, faces) each
        if self.phase == "carnival":
            return 1 + _below(rng, self.rules.carnival_die_faces)
        if self.phase == "move":
            return super().sample_chance(rng)
        fight: GunfightState = self.fight["state"]
        dice: list[dict] = []
        outcome = fight.sample(rng, dice)
        if fight.phase == "roll":
            outcome = FightRoll(outcome)
            outcome.dice = {"a": [d["value"] for d in dice if d["side"] == "a"],
                            "b": [d["value"] for d in dice if d["side"] == "b"]}
        return outcome

    def is_legal(self, action) -> bool:
        """The same answer as ``action in legal_actions()``, checked directly for rolls and
        placements (so ``apply`` stays cheap); a test compares the two on every step of seeded games."""
        if self.phase == "roll":
            player = self.player(self.to_roll[0])
            count = self._dice_count(player)
            if self._rolls_inventor_die(player):
                faces = self.rules.die_faces
                return isinstance(action, tuple) and len(action) == 2 and _is_roll(action[0], count - 1, faces) \
                    and isinstance(action[1], int) and not isinstance(action[1], bool) and 1 <= action[1] <= faces
            return _is_roll(action, count, self.rules.die_faces)
        if isinstance(action, Action):
            kind = action.kind
            if self.phase == "placement":
                if kind == "place":
                    return self._place_legal(self.current, action)
                if kind == "pass":
                    return not self.interrupt and action == Action("pass")
            elif self.phase == "collection" and self.to_collect and kind in ("collect", "skip"):
                space = self.to_collect[0][1]
                if space.startswith(HEX):
                    return super().is_legal(action)
                if kind == "skip":
                    return action == Action("skip", space)
                options = self.game.spaces[space]["options"]
                return action == Action("collect", space, option=action.option) and isinstance(action.option, int) \
                    and 0 <= action.option < len(options) and self.can_pay(self.current, options[action.option].get("cost") or {})
            elif self.phase == "build" and kind == "build" and action.piece == self.pending[0][1]:
                name, piece, first = self.pending[0]
                return action == Action("build", piece=piece, at=action.at) and action.at in self._legal_hexes(name, piece, first)
        return super().is_legal(action)

    def playout(self, policy, rng: random.Random, decisions: float = float("inf")) -> int:
        """:meth:`workbench.games.base.State.playout` with is_terminal(), is_chance_node() and
        apply_in_place() inlined: the same steps in the same order (a rollout's loop)."""
        played = 0
        d = self.__dict__
        while True:
            phase = self.phase
            if phase == "done" or played >= decisions:
                return played
            if phase in _CHANCE_PHASES:
                action = self.sample_chance(rng)
            else:
                action = policy(self, rng)
                played += 1
            d.pop("_legal", None)
            history = self.history
            if history.__class__ is Tally:
                history.n += 1
            else:
                history.append(self.encode(action))
            self._apply(action)

    # -- the state API ------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == "placement":        # the phase a rollout lists most: current and is_chance_node() inlined
            return self._placement_actions(self.player(self.interrupt[1] if self.interrupt else self.order[self.turn]))
        if phase == "build":
            return self._build_actions()
        player = self.current
        if player is None or self.is_chance_node():
            return []
        if phase == "challenges":
            return [made("skip")] + self._outlaw_challenges(player)
        return self._collection_actions(player)

    # -- applying -------------------------------------------------------------------------------
    def encode(self, action):
        if isinstance(action, Action):
            return {"action": action.to_json()}
        if isinstance(action, FightRoll):
            return {"fight-roll": list(action), "dice": action.dice}
        if isinstance(action, InventorRoll):
            return {"roll": list(action[0]), "inventor": action[1]}
        if isinstance(action, tuple):
            return {"roll": list(action)}
        if self.phase == "carnival":
            return {"carnival-die": action}
        if self.phase == "move":
            return {"move": list(action)}
        return {"die": action}

    def decode(self, data):
        if "action" in data:
            return Action.from_json(data["action"])
        if "fight-roll" in data:
            roll = FightRoll(data["fight-roll"])
            roll.dice = data.get("dice")
            return roll
        if "inventor" in data:
            return InventorRoll((tuple(data["roll"]), data["inventor"]))
        if "roll" in data:
            return Roll(data["roll"])
        if "carnival-die" in data:
            return data["carnival-die"]
        if "move" in data:
            return tuple(data["move"])
        return data["die"]

    def _apply(self, action) -> None:
        phase = self.phase          # read once: no branch's test changes it
        if phase == "placement":    # the decisions a rollout plays most, first
            if action.kind == "mystery":
                self._mystery_ability(self.current, action)
            else:
                self._placement(self.current, action)
        elif phase == "roll":
            self._rolled(action)
        elif phase == "gunfight":
            self._fight_step(action)
        elif phase == "carnival":
            self._carnival_rolled(action)
        elif phase == "move":
            self._moved(tuple(action))
        elif phase == "build":
            name, piece, first = self.pending.pop(0)
            self._place_piece(name, action.piece or piece, action.at, first)
        elif phase == "challenges":
            name = self.to_challenge.pop(0)
            if action.kind == "challenge":
                self._challenge_outlaw(self.player(name), action)
            else:
                self.event("no-challenge", name)
        elif action.kind == "rob":
            self._rob(self.current, action)
        elif action.kind == "challenge":
            self._marshal_challenge(self.current, action)
        elif action.kind == "trade-influence":
            self._trade(self.current, action)
        elif action.kind == "mystery":
            player = self.current
            self.to_collect.pop(0)
            self._mystery_ability(player, action)
        else:
            player = self.current
            self.to_collect.pop(0)
            if action.kind == "skip":
                self.event("skip", player.name, space=action.space)
            else:
                self._collect(player, action.space, self.game.spaces[action.space]["options"][action.option])
        self._advance()


# -- seats ------------------------------------------------------------------------------------
DarkHorse.BOTS = BOTS             # the bots (bots.py) every front end seats


def hire(state: State, library, player: str, character_id: str) -> None:
    """Give a seat a hired character from the library (its hat and gunfight icons from YAML)."""
    data = library.data("dark-horse", "character", character_id)
    if data is None:
        raise NotFound("character", character_id, library.ids("dark-horse", "character"), "in dark-horse")
    holder = next((p.name for p in state.players if any(c.id == character_id for c in p.characters)), None)
    if holder is not None:  # one card of each character: two seats cannot hold it (nor one seat twice)
        raise UsageError(f"{data.get('name', character_id)} ('{character_id}') is already hired by {holder}:"
                         " there is one card of each character")
    gunfight = data.get("gunfight") if isinstance(data.get("gunfight"), dict) else {}
    character = Hired(character_id, data.get("hat", "unknown"), dict(gunfight))
    seat = state.player(player)
    seat.characters.append(character)
    seat.own_reputation().hired[character_id] = character.hat if character.hat in ("white", "black", "neutral") else "neutral"
    if character.gunfight.get("wanted"):
        character.wanted = True
    state.event("hire", player, character=character_id, hat=character.hat)


def new_game(library, scenario: str | None, players: int, seed: int, rounds: int, variants=(), overrides=None,
             characters: dict[str, list[str]] | None = None) -> State:
    game = DarkHorse.build(library, scenario=scenario, variants=variants, overrides=overrides)
    return game.new_initial_state(players=players, seed=seed, rounds=rounds, characters=characters)


def play(library, scenario: str | None, players: int, seed: int, rounds: int, bots: list[str] | None = None,
         variants=(), overrides=None, characters: dict[str, list[str]] | None = None, audit: bool = False) -> State:
    """A whole sample game with bots; the seed drives the dice and the bots' choices. ``audit``
    logs every event with its state delta and each round with a snapshot (``play --log``)."""
    from ..base import play as play_game

    game = DarkHorse.build(library, scenario=scenario, variants=variants, overrides=overrides)
    return play_game(game, players, seed, bots or ["random"], rounds=rounds, characters=characters, audit=audit)


def describe(event: dict, names: dict | None = None) -> str:
    """One readable line per event (the JSON log has everything); ``names`` (document names by id)
    puts spaces, characters and scenarios in the game's words."""
    kind, who = event["event"], event.get("player")
    known = names or {}

    def n(ident):
        return known.get(ident, ident) if isinstance(ident, str) else ident
    if kind == "start":
        lines = [f"Dark Horse, scenario {n(event['scenario']) or 'base'}, seed {event['seed']}, at most {event['rounds']}"
                 f" round(s), players {', '.join(event['players'])}"]
        lines += [f"  assumption: {a}" for a in event["assumptions"]]
        return "\n".join(lines)
    if kind == "round":
        return f"-- round {event['round']}: turn order {', '.join(event['order'])}"
    if kind == "roll":
        extra = (f" ({event['jailed']} in Jail)" if event["jailed"] else "") + (f" (+{event['bonus']} bonus)" if event["bonus"] else "")
        return f"{who} rolls {', '.join(map(str, event['dice'])) or 'no dice'}{extra}"
    if kind == "place":
        uses = event.get("uses") or []
        return f"{who} places {'+'.join(map(str, event['dice']))} on {n(event['space'])}" + (
            f" (with the {', '.join(u.replace('-', ' ') for u in uses)})" if uses else "")
    if kind == "challenges":
        return "-- challenges against the outlaws on the board"
    if kind == "challenge":
        return f"   {who}'s {n(event['challenger'])} challenges {n(event['challenged'])}"
    if kind == "turn-inventor-die":
        return f"{who} turns the Inventor die from {event['from']} to {event['to']}"
    if kind == "carnival-die":
        return f"{who} rolls the Carnival die: {event['die']}"
    if kind == "boot":
        return f"{who} forces {event['forced']} off {n(event['space'])} (Cowboy Boot)"
    if kind == "trade-influence":
        return f"{who} loses {event['influence']} Influence to gain {event['reputation']} {event['hat'].title()} Hat Reputation"
    if kind == "token":
        token = event["token"].replace("-", " ")
        return f"   {who} uses {'an' if token[:1] in 'aeiou' else 'a'} {token} {event['why']}"
    if kind == "pass":
        return f"{who} passes"
    if kind == "effect":
        return f"   {who}: {event['effect'].replace('-', ' ')} ({n(event['space'])})"
    if kind == "not-played":
        return f"   {who}: {event['effect'].replace('-', ' ')} ({n(event['space'])}) is not played: {event['why']}"
    if kind == "robbery-silver":
        return f"   {n(event['space'])} now holds {event['silver']} Silver to rob"
    if kind == "hire":
        return f"{who} hires {n(event['character'])} ({event['hat']} hat)"
    if kind == "build":
        return f"{who} builds a {event['piece']} at {event['at'][0]},{event['at'][1]}"
    # an effect's own events (workbench/games/dark_horse/effects.py): in words, never as fields
    if kind == "draw":
        what = n(event["deck"]) if event.get("deck") else "card"
        return f"   {who} draws {event['draw']} {what}{'s' if event['draw'] != 1 and not event.get('deck') else ''}," \
               f" keeps {event['keep']}"
    if kind == "mystery-revealed":
        return f"   the Mystery Hex at {event['hex']} becomes the {n(event['type'])}" + (
            f" with {event['tokens']} token(s)" if isinstance(event.get("tokens"), int) else "")
    if kind == "mystery-removed":
        return f"   the Mystery Hex at {event['hex']} leaves the board: {event['why']}"
    if kind == "place-token":
        token = n(event["token"])
        return f"   {who} places {'an' if token[:1].lower() in 'aeiou' else 'a'} {token} at {event['at'][0]},{event['at'][1]}"
    if kind == "collection":
        return "-- collection"
    if kind == "placement":
        return "-- placement"
    if kind == "collect":
        return f"{who} collects {n(event['space'])}: {event['option']}"
    if kind == "skip" and "space" in event:
        return f"   {who} takes nothing from {n(event['space'])}"
    if kind in ("gain", "pay"):
        return f"   {who} {'gains' if kind == 'gain' else 'pays'} {event['amount']} {event['good'].replace('-', ' ')}"
    if kind == "gunfight":
        return f"   gunfight: {n(event['challenger'])} ({who}) challenges {n(event['challenged'])}: {event['outcome']}"
    if kind == "end":
        return f"-- end ({event['why']}): " + "; ".join(
            f"{name}: {s.get('known_vp', s['reputation_vp'])} VP known (reputation {s['reputation_vp']}"
            + (f", gained {s['gained_vp']}" if s.get("gained_vp") else "") + f"), influence {s['influence']}"
            for name, s in event["scores"].items())
    details = ", ".join(f"{k} {v}" for k, v in event.items()
                        if k not in ("event", "round", "phase", "player", "delta", "snapshot"))
    return f"   {kind} {who or ''} {details}".rstrip()
