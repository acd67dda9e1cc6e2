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
"""
from __future__ import annotations

import itertools
import math
import random
from dataclasses import dataclass, field, fields
from fractions import Fraction
from typing import Callable

from ...errors import ContentError, NotFound, UsageError
from ..base import Game, State as BaseState, Trail
from .gunfight import GunfightRules, GunfightState, Side, exact_odds, finish, start as start_fight
from .parameters import SPEC, resolve_ruleset
from .reputation import Reputation, ReputationError, ReputationRules, gain as gain_reputation

PLAYER_NAMES = ["red", "blue", "green", "yellow", "purple"]


@dataclass
class Hired:
    """A hired Rebels & Rogues character: its hat, gunfight icons and state."""

    id: str
    hat: str
    gunfight: dict
    wounds: int = 0
    wanted: bool = False
    captured: bool = False
    abilities_used: int = 0      # this turn (rob); challenging needs none used

    def side(self, name: str | None = None) -> Side:
        return Side.from_data(name or self.id, self.gunfight, wounds=self.wounds)

    def clone(self) -> "Hired":
        return Hired(self.id, self.hat, self.gunfight, self.wounds, self.wanted, self.captured, self.abilities_used)


@dataclass
class Player:
    name: str
    goods: dict[str, int] = field(default_factory=dict)
    reputation: Reputation = field(default_factory=Reputation)
    dice: list[int] = field(default_factory=list)       # this round's unplaced dice
    jailed_next: int = 0                                 # dice in Jail next round
    bonus_dice_next: int = 0
    roles: list[str] = field(default_factory=list)
    hand: int = 0                                        # cards drawn and kept (their faces are not modelled)
    characters: list[Hired] = field(default_factory=list)
    marshal_challenges: int = 0                          # this turn

    def clone(self) -> "Player":
        # a state is copied on every public step: copy the containers, not through __init__
        new = object.__new__(Player)
        new.__dict__.update(self.__dict__)
        new.goods, new.reputation, new.dice, new.roles = (dict(self.goods), self.reputation.copy(), list(self.dice),
                                                          list(self.roles))
        if self.characters:
            new.characters = [c.clone() for c in self.characters]
        else:
            new.characters = []
        return new

    def count(self, good: str) -> int:
        if good in ("white-hat", "black-hat"):
            return getattr(self.reputation, good.split("-")[0])
        if good == "any-reputation":
            return self.reputation.total
        if good == "influence":
            return self.reputation.influence
        if good == "silver":
            return self.goods.get("silver", 0) + self.reputation.silver
        if good == "wanted-token":
            return self.goods.get("wanted-token", 0) + self.reputation.wanted_tokens
        return self.goods.get(good, 0)


@dataclass(frozen=True)
class Action:
    kind: str                 # "build", "place", "pass", "collect", "skip", "rob"
    space: str | None = None
    dice: tuple[int, ...] = ()
    option: int | None = None
    character: str | None = None
    piece: str | None = None
    at: tuple[int, int] | None = None

    def __str__(self) -> str:
        if self.kind == "place":
            return f"place {'+'.join(map(str, self.dice))} on {self.space}"
        if self.kind == "rob":
            return f"{self.character} robs {self.space}"
        if self.kind == "collect":
            return f"collect option {self.option + 1} of {self.space}"
        if self.kind == "build":
            return f"build a {self.piece} at {list(self.at)}"
        return self.kind if self.space is None else f"{self.kind} {self.space}"

    def to_json(self) -> dict:
        return {f.name: (list(v) if isinstance(v, tuple) else v) for f in fields(self)
                if (v := getattr(self, f.name)) not in (None, ())}

    @classmethod
    def from_json(cls, data: dict) -> "Action":
        data = dict(data)
        for key in ("dice", "at"):
            if key in data:
                data[key] = tuple(data[key])
        return cls(**data)


class Roll(tuple):
    """A chance outcome: dice rolled (sorted). Equal to the plain tuple of its values."""


class FightRoll(tuple):
    """A gunfight roll outcome ``(difference, lowest_a, lowest_b)``, carrying the dice for the log."""

    dice: dict | None = None


Effect = Callable[["State", Player, dict], None]
EFFECTS: dict[str, Effect] = {}


def effect(name: str):
    """Register the Python function that carries out an effect of the YAML vocabulary. A designer
    adds a new effect from a notebook the same way (and lists it in the schema's vocabulary)."""
    def register(function: Effect) -> Effect:
        EFFECTS[name] = function
        return function
    return register


@effect("move-first-in-turn-order")
def _first(state, player, spec):
    state._move_in_order(player.name, "first")


@effect("move-last-in-turn-order")
def _last(state, player, spec):
    state._move_in_order(player.name, "last")


@effect("jail-die-next-turn")
def _jail(state, player, spec):
    player.jailed_next += 1


@effect("bonus-die-next-turn")
def _bonus(state, player, spec):
    player.bonus_dice_next += 1


@effect("take-special-role")
def _role(state, player, spec):
    role = spec.get("role")
    for other in state.players:
        if role in other.roles:
            other.roles.remove(role)
    player.roles.append(role)


@effect("draw-cards")
def _draw(state, player, spec):
    keep = spec.get("keep", spec.get("draw", 1))
    player.hand += keep
    state.event("draw", player.name, deck=spec.get("deck"), draw=spec.get("draw", 1), keep=keep)


@effect("build")
def _build_effect(state, player, spec):
    state.pending.append((player.name, spec.get("piece", "town"), False))


for _name in ("trade", "place-silver-for-robbery", "produce-resources", "claim-special-role-token", "unknown"):
    EFFECTS[_name] = lambda state, player, spec, _n=_name: state.event("effect-not-modelled", player.name, effect=_n)


class DarkHorse(Game):
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
    OPTIONS = {"rounds": "rounds to play at most (the game ends earlier when an end trigger is met)",
               "characters": "Rebels & Rogues characters hired at the start, by seat"}

    def __init__(self, library, ruleset, scenario: str | None, spaces: dict[str, dict], left_out: list[str],
                 board, placement_rules: list[str], notes: list[str], players: tuple[int, int]):
        self.library = library
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

    # -- building ---------------------------------------------------------------------------------
    @classmethod
    def build(cls, library, *, scenario: str | None = None, variants=(), overrides=None,
              map_id: str | None = "illustrative-territory", **_) -> "DarkHorse":
        scenario_doc = library.get("dark-horse", "scenario", scenario) if scenario else None
        if scenario and scenario_doc is None:
            raise NotFound("scenario", scenario, library.ids("dark-horse", "scenario"), "in dark-horse")
        if map_id and library.get("dark-horse", "map", map_id) is None:
            raise NotFound("map", map_id, library.ids("dark-horse", "map"), "in dark-horse")
        ruleset = resolve_ruleset(library, scenario=scenario, variants=variants, overrides=overrides, map_id=map_id)
        data = scenario_doc.data if scenario_doc else {}
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
        left_out = sorted(i for i, s in spaces.items() if s.get("options") in (None, "unknown") or i in on_map)
        for space_id in sorted(on_map & set(spaces)):
            notes.append(f"{spaces[space_id]['name']} spaces sit on the map's hexes of their variant; the engine does"
                         " not play them yet, so they are left out")
        playable = {i: s for i, s in spaces.items() if i not in left_out}
        board, placement = _territory(library, map_id, data, ruleset)
        players = data.get("players") or (library.data("dark-horse", "game", "dark-horse") or {}).get("players") or {}
        game = cls(library, ruleset, scenario, playable, left_out, board, placement, notes,
                   (int(players.get("min", 1)), int(players.get("max", len(PLAYER_NAMES)))))
        return game

    def player_range(self) -> tuple[int, int]:
        return self.players[0], min(self.players[1], len(PLAYER_NAMES))

    def assumptions(self) -> list[str]:
        lines = super().assumptions()
        if self.left_out:
            lines.append(f"{len(self.left_out)} action space(s) with unknown options are left out: {', '.join(self.left_out)}")
        lines += self.notes
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
        state = State(self, PLAYER_NAMES[:players], seed, rounds)
        state.setup = {"players": players, "seed": seed, "rounds": rounds, "characters": characters or {}}
        for name, ids in (characters or {}).items():
            if name not in state.order:
                raise UsageError(f"no seat '{name}' in a {players}-player game; seats: {', '.join(state.order)}")
            for character_id in ids:
                hire(state, self.library, name, character_id)
        return state

    def marshal_gunfight(self) -> dict:
        """The Marshal token's gunfight icons (it "acts like a character" whose only ability is to
        Challenge)."""
        data = self.library.data("dark-horse", "token", "marshal-token") or {}
        return data.get("gunfight") if isinstance(data.get("gunfight"), dict) else {}

    def board_with(self, pieces):
        """The territory with ``pieces`` on it (the graph is shared, never copied)."""
        view = object.__new__(type(self.board))
        view.__dict__.update(self.board.__dict__)
        view.pieces = pieces
        return view


def _territory(library, map_id: str | None, scenario: dict, ruleset):
    """The map to play on, emptied of player pieces (mystery hexes and tokens stay), with the
    ruleset's numbers as its parameters and the placement rules in force."""
    from ...board.graph import board_from_library
    from ...board.placement import rules_in_force

    if not map_id:
        return None, []
    board = board_from_library(library, map_id, "dark-horse")
    board.pieces = [p for p in board.pieces if p.piece not in ("town", "city", "improved-town")]
    for a, b in list(board.graph.edges):
        for player in list(board.graph.edges[a, b]["rails"]):
            board.remove_rail(player, a, b)
    board.players = []
    board.parameters = dict(ruleset)        # the placement rules read the resolved numbers
    board.index()                           # computed once: rails and tokens do not change in play
    rules, _ = rules_in_force(board, library, scenario or None)
    return board, rules


def claims(requirement: dict, dice: tuple[int, ...], unknown_claim: str) -> bool:
    """Whether ``dice`` claim a space with this claim requirement.

    >>> claims({"requirement": "at-least", "value": 6}, (2, 4), "any-die")   # a review's example: 2 + 4 claim Builder
    True
    >>> claims({"requirement": "any-die"}, (2, 4), "any-die")
    False
    """
    kind = requirement.get("requirement", "unknown")
    if kind == "unknown":
        kind = unknown_claim
    value = requirement.get("value", 0)
    if kind == "any-die":
        return len(dice) == 1
    if kind == "natural":
        return len(dice) == 1 and dice[0] >= value
    if kind == "exactly":
        return sum(dice) == value
    return sum(dice) >= value  # at-least, dice-total


def dice_outcomes(count: int) -> list[tuple[Roll, Fraction]]:
    """Every sorted roll of ``count`` dice with its exact probability.

    >>> [(tuple(r), str(p)) for r, p in dice_outcomes(2)][:2]
    [((1, 1), '1/36'), ((1, 2), '1/18')]
    """
    out = []
    for roll in itertools.combinations_with_replacement(range(1, 7), count):
        ways = math.factorial(count)
        for face in set(roll):
            ways //= math.factorial(roll.count(face))
        out.append((Roll(roll), Fraction(ways, 6 ** count)))
    return out


class State(BaseState):
    """One moment of a game. ``apply`` returns the next state; the old one is left unchanged."""

    def __init__(self, game: DarkHorse, players: list[str], seed: int, rounds: int):
        self.game = game
        self.seed = seed
        self.rounds = rounds
        self.round = 0
        self.phase = "setup"
        rules = game.ruleset
        self.players = [Player(n, dict(rules.starting_goods)) for n in players]
        for player in self.players:
            player.reputation.both_types = rules.reputation_both_types
        self.order = [p.name for p in self.players]
        self.next_order_moves: list[tuple[str, str]] = []
        self.robbery_silver: dict[str, int] = {}
        self.robbery_attempts: dict[tuple[str, str], int] = {}
        self.claims: dict[str, list[tuple[str, tuple[int, ...]]]] = {}
        self.to_collect: list[tuple[str, str]] = []
        self.to_roll: list[str] = []
        self.turn = 0
        self.passed: set[str] = set()
        self.pieces: list = []
        self.pending: list[tuple[str, str, bool]] = []     # builds to place: (player, piece, first city)
        self.fight: dict | None = None
        self.ended: str | None = None
        self.log = Trail()
        self.history = Trail()
        self.event("start", scenario=game.scenario, players=players, seed=seed, rounds=rounds,
                   assumptions=game.assumptions())
        if game.board is not None:
            pieces = rules.starting_pieces
            for name in reversed(self.order):   # reverse turn order (secondary facts)
                for i in range(pieces.get("city", 0)):
                    self.pending.append((name, "city", i == 0))
                for _ in range(pieces.get("town", 0)):
                    self.pending.append((name, "town", False))
        self._advance()

    # -- copying -----------------------------------------------------------------------------
    def clone(self) -> "State":
        new = object.__new__(State)
        new.__dict__.update(self.__dict__)
        new.players = [p.clone() for p in self.players]
        new.order = list(self.order)
        new.next_order_moves = list(self.next_order_moves)
        new.robbery_silver = dict(self.robbery_silver)
        new.robbery_attempts = dict(self.robbery_attempts)
        new.claims = {k: list(v) for k, v in self.claims.items()}
        new.to_collect = list(self.to_collect)
        new.to_roll = list(self.to_roll)
        new.passed = set(self.passed)
        new.pieces = list(self.pieces)
        new.pending = list(self.pending)
        new.fight = dict(self.fight) if self.fight else None
        new.log = self.log.fork()
        new.history = self.history.fork()
        return new

    # -- helpers ------------------------------------------------------------------------------
    @property
    def rules(self):
        return self.game.ruleset

    @property
    def seats(self) -> list[str]:
        return [p.name for p in self.players]

    def player(self, name: str) -> Player:
        return next(p for p in self.players if p.name == name)

    @property
    def board(self):
        return self.game.board_with(self.pieces) if self.game.board is not None else None

    @property
    def current(self) -> Player | None:
        name = self.current_player()
        return self.player(name) if name else None

    def current_player(self) -> str | None:
        if self.phase == "build":
            return self.pending[0][0]
        if self.phase == "placement":
            return self.order[self.turn]
        if self.phase == "collection" and self.to_collect:
            return self.to_collect[0][0]
        return None

    def is_terminal(self) -> bool:
        return self.phase == "done"

    def event(self, kind: str, player: str | None = None, **data) -> None:
        self.log.append({"event": kind, "round": self.round, "phase": self.phase, "player": player, **data})

    def _space_type(self, space_id: str) -> str:
        kind = self.game.spaces[space_id].get("type", "unknown")
        return self.rules.unknown_type if kind == "unknown" else kind

    def _move_in_order(self, name: str, where: str) -> None:
        if self.rules.turn_order_change_takes_effect == "immediately":
            self.order.remove(name)
            self.order.insert(0 if where == "first" else len(self.order), name)
            # what is still to collect this round follows the new order
            self.to_collect.sort(key=lambda entry: self.order.index(entry[0]))
            self.event("turn-order", name, order=list(self.order))
        else:
            self.next_order_moves.append((name, where))

    # -- chance ----------------------------------------------------------------------------------
    def is_chance_node(self) -> bool:
        return self.phase in ("roll", "gunfight")

    def _dice_count(self, player: Player) -> int:
        return max(0, self.rules.dice_rolled + player.bonus_dice_next - player.jailed_next)

    def chance_outcomes(self) -> list[tuple[object, Fraction]]:
        if self.phase == "roll":
            return dice_outcomes(self._dice_count(self.player(self.to_roll[0])))
        if self.phase == "gunfight":
            return self.fight["state"].chance_outcomes()
        return []

    def sample_chance(self, rng: random.Random):
        if self.phase == "roll":
            count = self._dice_count(self.player(self.to_roll[0]))
            return Roll(sorted(rng.randint(1, 6) for _ in range(count)))
        fight: GunfightState = self.fight["state"]
        dice: list[dict] = []
        outcome = fight.sample(rng, dice)
        if fight.phase == "roll":
            outcome = FightRoll(outcome)
            outcome.dice = {"a": [d["value"] for d in dice if d["side"] == "a"],
                            "b": [d["value"] for d in dice if d["side"] == "b"]}
        return outcome

    def is_legal(self, action) -> bool:
        """The same answer as ``action in legal_actions()``, checked directly (so ``apply`` stays
        cheap); tests compare the two on every step of seeded games."""
        if self.phase == "roll":
            return isinstance(action, tuple) and len(action) == self._dice_count(self.player(self.to_roll[0])) \
                and all(isinstance(d, int) and 1 <= d <= 6 for d in action) and list(action) == sorted(action)
        if not isinstance(action, Action) or self.is_chance_node() or self.phase in ("done", "build"):
            return super().is_legal(action)
        player = self.current
        if self.phase == "placement":
            if action.kind == "pass":
                return action == Action("pass")
            if action.kind != "place" or action.space not in self.game.spaces or not action.dice \
                    or action != Action("place", action.space, action.dice):
                return False
            left = list(player.dice)
            for die in action.dice:
                if die not in left:
                    return False
                left.remove(die)
            if list(action.dice) != sorted(action.dice):
                return False
            taken = self.claims.get(action.space, [])
            if (self._space_type(action.space) != "unlimited" and taken) or any(w == player.name for w, _ in taken):
                return False
            return claims(self.game.spaces[action.space].get("claim") or {}, action.dice, self.rules.unknown_claim)
        return super().is_legal(action)

    # -- the state API ------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        if self.phase == "build":
            name, piece, first = self.pending[0]
            return [Action("build", piece=piece, at=at) for at in self._legal_hexes(name, piece, first)]
        player = self.current
        if player is None or self.is_chance_node():
            return []
        if self.phase == "placement":
            actions = [Action("pass")]
            seen = set()
            for size in range(1, len(player.dice) + 1):
                for dice in itertools.combinations(player.dice, size):
                    if dice in seen:
                        continue
                    seen.add(dice)
                    for space_id, space in self.game.spaces.items():
                        taken = self.claims.get(space_id, [])
                        if self._space_type(space_id) != "unlimited" and taken:
                            continue
                        if any(who == player.name for who, _ in taken):
                            continue
                        if claims(space.get("claim") or {}, dice, self.rules.unknown_claim):
                            actions.append(Action("place", space_id, dice))
            return actions
        space_id = self.to_collect[0][1]
        options = self.game.spaces[space_id]["options"]
        return [Action("collect", space_id, option=i) for i, o in enumerate(options) if self.can_pay(player, o.get("cost") or {})] \
            + [Action("skip", space_id)] + self._robberies(player)

    def _legal_hexes(self, name: str, piece: str, first: bool) -> list:
        from ...board.placement import Question, legal_placements

        rules = list(self.game.placement_rules)
        board = self.board
        if first:   # a starting city keeps its distance from any other city (secondary facts)
            board.parameters = dict(board.parameters, min_city_distance=self.rules.starting_city_min_gap + 1)
            rules.append("min-city-distance")
        return legal_placements(board, Question(piece, name, first_city=first or None), rules, explain=False).legal

    def _robberies(self, player: Player) -> list[Action]:
        """Robbing: a Black Hat character that has used no ability this turn may rob an action
        space with the Robbery icon and Silver on it; a limited number of attempts per space."""
        if not self.rules.black_hat_can_rob:
            return []
        active = player.reputation.active()
        out = []
        for space_id, silver in sorted(self.robbery_silver.items()):
            if silver <= 0 or self.robbery_attempts.get((player.name, space_id), 0) >= self.rules.robbery_attempts_per_space:
                continue
            for character in player.characters:
                if character.hat == "black" and not character.captured \
                        and character.abilities_used < self.rules.abilities_per_turn and active.get(character.id, True):
                    out.append(Action("rob", space_id, character=character.id))
        return out

    def can_pay(self, player: Player, cost: dict) -> bool:
        return all(self._have(player, good) >= amount for good, amount in cost.items() if isinstance(amount, int))

    def _have(self, player: Player, good: str) -> int:
        if good == "silver":  # Gold converts to Silver at any time
            return player.count("silver") + player.goods.get("gold", 0) * self.rules.silver_per_gold
        return player.count(good)

    def returns(self) -> dict[str, float]:
        return {name: score["known_vp"] for name, score in self.scores().items()}

    # -- applying -------------------------------------------------------------------------------
    def encode(self, action):
        if isinstance(action, Action):
            return {"action": action.to_json()}
        if isinstance(action, FightRoll):
            return {"fight-roll": list(action), "dice": action.dice}
        if isinstance(action, tuple):
            return {"roll": list(action)}
        return {"die": action}

    def decode(self, data):
        if "action" in data:
            return Action.from_json(data["action"])
        if "fight-roll" in data:
            roll = FightRoll(data["fight-roll"])
            roll.dice = data.get("dice")
            return roll
        if "roll" in data:
            return Roll(data["roll"])
        return data["die"]

    def _apply(self, action) -> None:
        if self.phase == "roll":
            self._rolled(action)
        elif self.phase == "gunfight":
            self._fight_step(action)
        elif self.phase == "build":
            name, piece, first = self.pending.pop(0)
            self._place_piece(name, piece, action.at, first)
        elif self.phase == "placement":
            player = self.current
            if action.kind == "pass":
                self.passed.add(player.name)
                self.event("pass", player.name)
            else:
                for die in action.dice:
                    player.dice.remove(die)
                self.claims.setdefault(action.space, []).append((player.name, action.dice))
                self.event("place", player.name, space=action.space, dice=list(action.dice))
                if not player.dice:
                    self.passed.add(player.name)
            self._next_placement()
        elif action.kind == "rob":
            self._rob(self.current, action)
        else:
            player = self.current
            self.to_collect.pop(0)
            if action.kind == "skip":
                self.event("skip", player.name, space=action.space)
            else:
                self._collect(player, action.space, self.game.spaces[action.space]["options"][action.option])
        self._advance()

    def _advance(self) -> None:
        """Move on to whatever comes next when nobody has a decision or a chance left here."""
        while True:
            if self.phase == "done" or self.phase in ("roll", "gunfight"):
                return
            if self.pending:
                name = self.pending[0][0]
                if self._legal_hexes(name, self.pending[0][1], self.pending[0][2]):
                    self.phase = "build"
                    return
                self.event("build-impossible", name, piece=self.pending[0][1])
                self.pending.pop(0)
                continue
            if self.phase in ("setup", "build"):
                self.phase = "between"
                self._start_round()
                continue
            if self.phase == "placement" or (self.phase == "collection" and self.to_collect):
                return
            if self.phase == "collection":   # everything collected
                self._end_round()
                continue
            return

    def _start_round(self) -> None:
        if self.round >= self.rounds:
            self._finish(f"{self.rounds} round(s) played (the limit given); no end trigger was met")
            return
        self.round += 1
        for name, where in self.next_order_moves:
            self.order.remove(name)
            self.order.insert(0 if where == "first" else len(self.order), name)
        self.next_order_moves = []
        self.robbery_attempts = {}
        for player in self.players:
            player.marshal_challenges = 0
            for character in player.characters:
                character.abilities_used = 0
        self.claims = {}
        self.passed = set()
        self.turn = 0
        self.phase = "roll"
        self.event("round", order=list(self.order))
        self.to_roll = list(self.order)
        self._skip_empty_rolls()

    def _skip_empty_rolls(self) -> None:
        while self.phase == "roll" and self.to_roll and self._dice_count(self.player(self.to_roll[0])) == 0:
            self._rolled(Roll(()))

    def _rolled(self, dice) -> None:
        name = self.to_roll.pop(0)
        player = self.player(name)
        player.dice = sorted(dice)
        self.event("roll", name, dice=list(player.dice), jailed=player.jailed_next, bonus=player.bonus_dice_next)
        player.jailed_next = player.bonus_dice_next = 0
        if self.to_roll:
            self._skip_empty_rolls()
            return
        self.phase = "placement"
        self.turn = 0
        if all(not self.player(n).dice for n in self.order):
            self.passed = set(self.order)
            self._next_placement()
        elif not self.player(self.order[0]).dice:
            self.passed.add(self.order[0])
            self._next_placement()

    def _next_placement(self) -> None:
        if len(self.passed) == len(self.players):
            self.phase = "collection"
            # in turn order, each player collects from the spaces they claimed, in board order
            self.to_collect = [(name, space) for name in self.order for space in self.game.space_order
                               if any(who == name for who, _ in self.claims.get(space, []))]
            self.event("collection", order=[f"{n}:{s}" for n, s in self.to_collect])
            return
        for _ in range(len(self.order)):
            self.turn = (self.turn + 1) % len(self.order)
            if self.order[self.turn] not in self.passed:
                return

    def _end_round(self) -> None:
        trigger = self._end_trigger()
        if trigger:
            self._finish(trigger)
        else:
            self._start_round()

    def _end_trigger(self) -> str | None:
        rules = self.rules
        target = rules.influence_game_end
        for player in self.players:
            if isinstance(target, int) and player.reputation.influence >= target:
                return f"{player.name} reached the Game End space ({target}) of the Influence track"
            built = sum(1 for p in self.pieces if p.player == player.name and p.piece in ("town", "city"))
            if self.game.board is not None and built >= rules.pieces_per_player["town"] + rules.pieces_per_player["city"]:
                return f"{player.name} has built all their towns and cities"
        return None

    def _check_immediate_end(self) -> None:
        if self.rules.game_end_timing == "immediately" and self.phase != "done":
            trigger = self._end_trigger()
            if trigger:
                self._finish(trigger)

    def _finish(self, why: str) -> None:
        self.phase = "done"
        self.ended = why
        self.event("end", why=why, scores=self.scores())

    def _place_piece(self, name: str, piece: str, at, first: bool) -> None:
        from ...board.graph import Piece

        self.pieces.append(Piece(piece, tuple(at), name, first=first))
        self.event("build", name, piece=piece, at=list(at))
        self._check_immediate_end()

    def _collect(self, player: Player, space_id: str, option: dict) -> None:
        space = self.game.spaces[space_id]
        self.event("collect", player.name, space=space_id, option=option.get("text"))
        for good, amount in (option.get("cost") or {}).items():
            self._pay(player, good, amount)
        for good, amount in (option.get("gain") or {}).items():
            self._gain(player, good, amount)
        for spec in option.get("effects") or []:
            EFFECTS[spec["effect"]](self, player, spec)
        if space.get("robbery") is True and self.rules.robbery_silver_per_collect:
            self.robbery_silver[space_id] = self.robbery_silver.get(space_id, 0) + self.rules.robbery_silver_per_collect
            self.event("robbery-silver", player.name, space=space_id, silver=self.robbery_silver[space_id])
        self._check_immediate_end()

    # -- robbery and gunfights --------------------------------------------------------------------
    def _rob(self, player: Player, action: Action) -> None:
        robber = next(c for c in player.characters if c.id == action.character)
        robber.abilities_used += 1
        key = (player.name, action.space)
        self.robbery_attempts[key] = self.robbery_attempts.get(key, 0) + 1
        if not robber.wanted:
            robber.wanted = True
            self.event("wanted", player.name, character=robber.id, why="robbing")
        self.event("rob", player.name, character=robber.id, space=action.space)
        challenger = self._challenger(player, robber)
        if challenger is None:
            self._robbed(player, action.space)
            return
        owner, champion = challenger
        if champion.id == "marshal-token":
            owner.marshal_challenges += 1
        self.event("challenge", owner.name, challenger=champion.id, challenged=robber.id)
        fight = start_fight(champion.side(), robber.side(), self.game.gunfight_rules)
        self.fight = {"state": fight, "owner": owner.name, "champion": champion.id, "robber_owner": player.name,
                      "robber": robber.id, "space": action.space, "dice": []}
        self.phase = "gunfight"

    def _champion(self, owner: Player, champion_id: str) -> Hired:
        if champion_id == "marshal-token":
            return Hired("marshal-token", "white", dict(self.game.marshal_gunfight()))
        return next(c for c in owner.characters if c.id == champion_id)

    def _fight_step(self, outcome) -> None:
        fight = self.fight
        state: GunfightState = fight["state"]
        if isinstance(outcome, FightRoll) and outcome.dice is not None:
            fight["dice"].append({"round": state.round, **outcome.dice})
        elif state.phase != "roll":
            fight["dice"].append({"round": state.round, "phase": state.phase, "die": outcome})
        fight["state"] = state = state.child(outcome)
        if not state.is_terminal():
            return
        self.phase = "collection"
        self.fight = None
        result = finish(state, [])
        owner, robber_owner = self.player(fight["owner"]), self.player(fight["robber_owner"])
        champion = self._champion(owner, fight["champion"])
        robber = next(c for c in robber_owner.characters if c.id == fight["robber"])
        self.event("gunfight", owner.name, challenger=champion.id, challenged=robber.id, outcome=result.outcome,
                   dice=fight["dice"], engineer_tokens=list(result.engineer_used))
        if result.outcome in ("a_wins", "b_flees"):
            if result.outcome == "a_wins":
                self._wound(robber, robber_owner, owner)
            else:
                self._lose_reputation(robber_owner)
            self.event("robbery-stopped", robber_owner.name, space=fight["space"])
            return
        if result.outcome == "b_wins":
            self._wound(champion, owner, robber_owner)
        elif result.outcome == "a_flees":
            self._lose_reputation(owner)
        self._robbed(robber_owner, fight["space"])

    def _robbed(self, player: Player, space: str) -> None:
        taken = self.robbery_silver.pop(space, 0) if self.rules.robber_takes == "silver-on-space" else 0
        player.goods["silver"] = player.goods.get("silver", 0) + taken
        self.event("robbed", player.name, space=space, silver=taken)

    def _challenger(self, victim_owner: Player, robber: Hired):
        """Who answers a robbery (the rivals' decision, made by a documented policy): the Marshal
        token, which may challenge any Wanted character once a turn, else a face-up character with
        Combat icons that has used no ability this turn; the first rival in turn order whose
        champion would win more often than not (exact odds) challenges."""
        gunfight = self.game.gunfight_rules
        for name in self.order:
            other = self.player(name)
            if other is victim_owner:
                continue
            active = other.reputation.active()
            champions = [c for c in other.characters if not c.captured and c.abilities_used == 0
                         and active.get(c.id, True) and c.gunfight.get("combat")]
            marshal = self.game.marshal_gunfight()
            if "marshal-token" in other.roles and robber.wanted and marshal \
                    and other.marshal_challenges < self.rules.abilities_per_turn:
                champions.insert(0, Hired("marshal-token", "white", dict(marshal)))
            for champion in champions:
                if exact_odds(champion.side(), robber.side(), gunfight).outcomes["a_wins"] > Fraction(1, 2):
                    return other, champion
        return None

    def _wound(self, character: Hired, owner: Player, captor: Player) -> None:
        if character.id == "marshal-token":
            self.event("wound", owner.name, character=character.id, note="the Marshal token takes no wounds in the text")
            return
        character.wounds += 1
        rules = self.game.gunfight_rules
        limit = rules.wounds_to_capture_tough if character.gunfight.get("tough") else rules.wounds_to_capture
        self.event("wound", owner.name, character=character.id, wounds=character.wounds)
        if character.wounds >= limit:
            character.captured = True
            self.event("captured", captor.name, character=character.id, owner=owner.name)
            for good, amount in self.rules.capture_reward.items():
                self._gain(captor, good, amount)
            if character.wanted and self.rules.capture_takes_wanted_token:
                character.wanted = False
                self._gain(captor, "wanted-token", 1)

    def _lose_reputation(self, player: Player) -> None:
        rep = player.reputation
        for _ in range(self.rules.flee_reputation_loss):
            for hat in ("white", "black"):
                if getattr(rep, hat):
                    setattr(rep, hat, getattr(rep, hat) - 1)
                    self.event("flee-penalty", player.name, lost=f"{hat}-hat")
                    break

    # -- goods ------------------------------------------------------------------------------------
    def _pay(self, player: Player, good: str, amount: int) -> None:
        if good == "silver":
            short = amount - player.goods.get("silver", 0)
            if short > 0:  # break Gold into Silver
                rate = self.rules.silver_per_gold
                gold = -(-short // rate)
                player.goods["gold"] -= gold
                player.goods["silver"] = player.goods.get("silver", 0) + gold * rate
                self.event("convert", player.name, gold=gold, silver=gold * rate)
            player.goods["silver"] -= amount
        elif good in ("white-hat", "black-hat", "any-reputation"):
            rep = player.reputation
            for _ in range(amount):
                hat = good.split("-")[0] if good != "any-reputation" else ("white" if rep.white else "black")
                setattr(rep, hat, getattr(rep, hat) - 1)
        elif good == "influence":
            player.reputation.influence -= amount
        else:
            player.goods[good] = player.goods.get(good, 0) - amount
        self.event("pay", player.name, good=good, amount=amount)

    def _gain(self, player: Player, good: str, amount: int) -> None:
        if good in ("white-hat", "black-hat", "any-reputation"):
            hat = good.split("-")[0] if good != "any-reputation" else (player.reputation.status or "white")
            try:
                player.reputation = gain_reputation(player.reputation, hat, amount)
            except ReputationError as exc:
                self.event("refused", player.name, good=good, reason=str(exc))
                return
        elif good == "influence":
            player.reputation.influence += amount
        elif good == "bonus-die":
            player.bonus_dice_next += amount
        else:
            player.goods[good] = player.goods.get(good, 0) + amount
        self.event("gain", player.name, good=good, amount=amount)

    def scores(self) -> dict[str, dict]:
        """What is known to score: Reputation VP, and Influence VP where the ruleset gives its value."""
        rules = self.game.reputation_rules
        per_influence = self.rules.victory_points_per_influence
        out = {}
        for p in self.players:
            influence_vp = p.reputation.influence * per_influence if isinstance(per_influence, int) else None
            reputation_vp = p.reputation.victory_points(rules)
            out[p.name] = {"reputation_vp": reputation_vp, "influence": p.reputation.influence,
                           "influence_vp": influence_vp if influence_vp is not None else "unknown",
                           "known_vp": reputation_vp + (influence_vp or 0),
                           "goods": dict(sorted((k, v) for k, v in p.goods.items() if v)),
                           "white_hat": p.reputation.white, "black_hat": p.reputation.black, "roles": list(p.roles),
                           "cards_in_hand": p.hand,
                           "pieces": sorted(q.piece for q in self.pieces if q.player == p.name)}
        return out


# -- seats ------------------------------------------------------------------------------------

def random_bot(state: State, rng: random.Random) -> Action:
    """Any legal action, uniformly (passing only when nothing else is legal... or by chance)."""
    actions = state.legal_actions()
    useful = [a for a in actions if a.kind not in ("pass", "skip")]
    return rng.choice(useful or actions)


VALUES = {"gold": 4, "silver": 1, "influence": 5, "vote": 2, "white-hat": 1, "black-hat": 1, "any-reputation": 1,
          "wild-die-token": 2, "engineer-token": 2, "cowboy-boot-token": 1, "bonus-die": 2, "food": 1, "wood": 1, "ore": 1}


def greedy_bot(state: State, rng: random.Random) -> Action:
    """The action whose option gains the most value for its cost (the bot's own fixed weights,
    not rules); builds next to its own pieces; ties broken by the seed."""
    actions = state.legal_actions()
    if state.phase == "build":
        mine = [p.at for p in state.pieces if p.player == state.current_player()]
        if not mine:
            return rng.choice(actions)
        board = state.game.board
        distance = {a: min(board.distance(a.at, m) for m in mine) for a in actions}
        nearest = min(distance.values())
        return rng.choice([a for a in actions if distance[a] == nearest])

    def value(action: Action) -> float:
        if action.kind == "collect":
            option = state.game.spaces[action.space]["options"][action.option]
            return (sum(VALUES.get(g, 1) * n for g, n in (option.get("gain") or {}).items() if isinstance(n, int))
                    - sum(VALUES.get(g, 1) * n for g, n in (option.get("cost") or {}).items() if isinstance(n, int))
                    + len(option.get("effects") or []))
        if action.kind == "place":
            options = state.game.spaces[action.space]["options"]
            best = max(sum(VALUES.get(g, 1) * n for g, n in (o.get("gain") or {}).items() if isinstance(n, int)) for o in options)
            return best - 0.1 * sum(action.dice)  # keep high dice for demanding spaces
        if action.kind == "rob":
            return 1
        return 0 if action.kind == "skip" else -1
    best = max(value(a) for a in actions)
    return rng.choice([a for a in actions if value(a) == best])


BOTS = {"random": random_bot, "greedy": greedy_bot}
DarkHorse.BOTS = BOTS


def hire(state: State, library, player: str, character_id: str) -> None:
    """Give a seat a hired character from the library (its hat and gunfight icons from YAML)."""
    data = library.data("dark-horse", "character", character_id)
    if data is None:
        raise NotFound("character", character_id, library.ids("dark-horse", "character"), "in dark-horse")
    gunfight = data.get("gunfight") if isinstance(data.get("gunfight"), dict) else {}
    character = Hired(character_id, data.get("hat", "unknown"), dict(gunfight))
    seat = state.player(player)
    seat.characters.append(character)
    seat.reputation.hired[character_id] = character.hat if character.hat in ("white", "black", "neutral") else "neutral"
    if character.gunfight.get("wanted"):
        character.wanted = True
    state.event("hire", player, character=character_id, hat=character.hat)


def new_game(library, scenario: str | None, players: int, seed: int, rounds: int, variants=(), overrides=None,
             characters: dict[str, list[str]] | None = None) -> State:
    game = DarkHorse.build(library, scenario=scenario, variants=variants, overrides=overrides)
    return game.new_initial_state(players=players, seed=seed, rounds=rounds, characters=characters)


def play(library, scenario: str | None, players: int, seed: int, rounds: int, bots: list[str] | None = None,
         variants=(), overrides=None, characters: dict[str, list[str]] | None = None) -> State:
    """A whole sample game with bots; the seed drives the dice and the bots' choices."""
    from ..base import play as play_game

    game = DarkHorse.build(library, scenario=scenario, variants=variants, overrides=overrides)
    return play_game(game, players, seed, bots or ["random"], rounds=rounds, characters=characters)


def describe(event: dict) -> str:
    """One readable line per event (the JSON log has everything)."""
    kind, who = event["event"], event.get("player")
    if kind == "start":
        lines = [f"Dark Horse, scenario {event['scenario'] or 'base'}, seed {event['seed']}, at most {event['rounds']}"
                 f" round(s), players {', '.join(event['players'])}"]
        lines += [f"  assumption: {a}" for a in event["assumptions"]]
        return "\n".join(lines)
    if kind == "round":
        return f"-- round {event['round']}: turn order {', '.join(event['order'])}"
    if kind == "roll":
        extra = (f" ({event['jailed']} in Jail)" if event["jailed"] else "") + (f" (+{event['bonus']} bonus)" if event["bonus"] else "")
        return f"{who} rolls {', '.join(map(str, event['dice'])) or 'no dice'}{extra}"
    if kind == "place":
        return f"{who} places {'+'.join(map(str, event['dice']))} on {event['space']}"
    if kind == "pass":
        return f"{who} passes"
    if kind == "build":
        return f"{who} builds a {event['piece']} at {event['at']}"
    if kind == "collection":
        return "-- collection"
    if kind == "collect":
        return f"{who} collects {event['space']}: {event['option']}"
    if kind in ("gain", "pay"):
        return f"   {who} {'gains' if kind == 'gain' else 'pays'} {event['amount']} {event['good']}"
    if kind == "gunfight":
        return f"   gunfight: {event['challenger']} ({who}) challenges {event['challenged']}: {event['outcome']}"
    if kind == "end":
        return f"-- end ({event['why']}): " + "; ".join(
            f"{name}: reputation VP {s['reputation_vp']}, influence {s['influence']}" for name, s in event["scores"].items())
    details = ", ".join(f"{k} {v}" for k, v in event.items() if k not in ("event", "round", "phase", "player"))
    return f"   {kind} {who or ''} {details}".rstrip()
