"""The Dark Horse turn engine, driven entirely by the scenario's action space documents.

State API in the style of OpenSpiel: :meth:`State.legal_actions`, :meth:`State.apply` (returns a
new state, so a notebook can step back and forth), :attr:`State.log` (structured events, every die
included). A seeded :class:`random.Random` rolls the dice, so a game replays exactly.

What the engine plays comes from YAML: each action space's claim requirement, type and options
(costs, gains, effects from a closed vocabulary). Where the rules texts leave a fact unknown the
engine uses a *declared* designer parameter, printed at the top of every log (``assumptions``):

* ``unknown_claim``: how a space whose claim requirement is unknown is claimed (default ``any-die``);
* ``unknown_type``: the type of a space whose type is unknown (default ``limited``);
* spaces whose options are unknown cannot be collected, so they are left out of play;
* turn-order effects take effect from the next round.
"""
from __future__ import annotations

import itertools
import random
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Callable

from ..state import Replayable
from .reputation import Reputation, ReputationError, gain as gain_reputation

RESOURCES = ("food", "wood", "ore")
DEFAULTS = {"dice_rolled": 2, "unknown_claim": "any-die", "unknown_type": "limited", "silver_per_gold": 4,
            "starting_goods": {"food": 1, "wood": 1, "ore": 1, "wild-die-token": 1}}


@dataclass
class Hired:
    """A hired Rebels & Rogues character: its hat, gunfight icons and state."""

    id: str
    hat: str
    gunfight: dict
    wounds: int = 0
    wanted: bool = False
    captured: bool = False
    used_ability: bool = False   # this turn (rob, challenge)

    def side(self, name: str | None = None):
        from .gunfight import Side
        return Side.from_data(name or self.id, self.gunfight, wounds=self.wounds)


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
    characters: list["Hired"] = field(default_factory=list)


    def count(self, good: str) -> int:
        if good in ("white-hat", "black-hat"):
            return getattr(self.reputation, good.split("-")[0])
        if good == "any-reputation":
            return self.reputation.total
        if good == "influence":
            return self.reputation.influence
        if good == "silver":
            return self.goods.get("silver", 0) + self.reputation.silver
        return self.goods.get(good, 0)


@dataclass(frozen=True)
class Action:
    kind: str                 # "place", "pass", "collect", "skip", "rob"
    space: str | None = None
    dice: tuple[int, ...] = ()
    option: int | None = None
    character: str | None = None

    def __str__(self) -> str:
        if self.kind == "place":
            return f"place {'+'.join(map(str, self.dice))} on {self.space}"
        if self.kind == "rob":
            return f"{self.character} robs {self.space}"
        if self.kind == "collect":
            return f"collect option {self.option + 1} of {self.space}"
        return self.kind if self.space is None else f"{self.kind} {self.space}"


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
    state.next_order_moves.append((player.name, "first"))


@effect("move-last-in-turn-order")
def _last(state, player, spec):
    state.next_order_moves.append((player.name, "last"))


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
    state._build(player, spec.get("piece", "town"))


for _name in ("trade", "place-silver-for-robbery", "produce-resources", "claim-special-role-token", "unknown"):
    EFFECTS[_name] = lambda state, player, spec, _n=_name: state.event("effect-not-modelled", player.name, effect=_n)


@dataclass
class Game:
    """Game facts: the scenario's action spaces and the parameters, read from the library."""

    scenario: str | None
    spaces: dict[str, dict]
    parameters: dict
    assumptions: list[str]
    left_out: list[str]
    board: object = None          # the territory: a workbench.board Board, its pieces cleared
    placement_rules: list = field(default_factory=list)

    @classmethod
    def from_library(cls, library, scenario_id: str | None = None, parameters: dict | None = None) -> "Game":
        game = library.data("dark-horse", "game", "dark-horse") or {}
        params = dict(DEFAULTS)
        setup = library.data("dark-horse", "rule", "setup-from-reviews") or {}
        params.update({k: v for k, v in (setup.get("parameters") or {}).items() if k in ("dice_rolled", "starting_goods")})
        params.update({k: v for k, v in (game.get("parameters") or {}).items() if k == "silver_per_gold"})
        scenario = library.data("dark-horse", "scenario", scenario_id) if scenario_id else {}
        if scenario_id and scenario is None:
            raise KeyError(scenario_id)
        params.update(scenario.get("parameters") or {})
        marshal = library.data("dark-horse", "token", "marshal-token") or {}
        params["marshal_gunfight"] = dict(marshal.get("gunfight") or {})
        params.update(parameters or {})
        spaces = {d.id: d.data for d in library.of_kind("action_space", "dark-horse") if d.data.get("expansion") == "base"}
        for space_id in scenario.get("action_spaces") or []:
            space = library.data("dark-horse", "action_space", space_id)
            spaces.pop(space.get("replaces"), None)
            spaces[space_id] = space
        left_out = sorted(i for i, s in spaces.items() if s.get("options") in (None, "unknown"))
        playable = {i: s for i, s in spaces.items() if i not in left_out}
        board, placement = _territory(library, params.get("map", "illustrative-territory"), scenario)
        assumptions = ["turn-order effects take effect from the next round",
                       f"dice rolled per round: {params['dice_rolled']} (secondary facts)"]
        if any((s.get("claim") or {}).get("requirement", "unknown") == "unknown" for s in playable.values()):
            assumptions.append(f"unknown claim requirements are played as '{params['unknown_claim']}'")
        if any(s.get("type", "unknown") == "unknown" for s in playable.values()):
            assumptions.append(f"unknown action space types are played as '{params['unknown_type']}'")
        if left_out:
            assumptions.append(f"{len(left_out)} action space(s) with unknown options are left out: {', '.join(left_out)}")
        if board is not None:
            assumptions.append(f"the territory is the map '{board.id}'; each player starts with a city and 2 towns placed"
                               " legally in reverse turn order (secondary facts)")
        return cls(scenario_id, playable, params, assumptions, left_out, board, placement)


def _territory(library, map_id: str | None, scenario: dict | None):
    """The map to play on, emptied of player pieces (mystery hexes and tokens stay)."""
    from ...board.graph import board_from_library
    from ...board.placement import board_parameters, rules_in_force

    if not map_id:
        return None, []
    try:
        board = board_from_library(library, map_id, "dark-horse")
    except KeyError:
        return None, []
    board.pieces = [p for p in board.pieces if p.piece not in ("town", "city", "improved-town")]
    for a, b in list(board.graph.edges):
        for player in list(board.graph.edges[a, b]["rails"]):
            board.remove_rail(player, a, b)
    board.players = []
    board_parameters(board, library, scenario or None)
    rules, _ = rules_in_force(board, library, scenario or None)
    return board, rules


def claims(requirement: dict, dice: tuple[int, ...], parameters: dict) -> bool:
    """Whether ``dice`` claim a space with this claim requirement.

    >>> claims({"requirement": "at-least", "value": 6}, (2, 4), {})   # a review's example: 2 + 4 claim Builder
    True
    >>> claims({"requirement": "any-die"}, (2, 4), {})
    False
    """
    kind = requirement.get("requirement", "unknown")
    if kind == "unknown":
        kind = parameters.get("unknown_claim", "any-die")
    value = requirement.get("value", 0)
    if kind == "any-die":
        return len(dice) == 1
    if kind == "natural":
        return len(dice) == 1 and dice[0] >= value
    if kind == "exactly":
        return sum(dice) == value
    return sum(dice) >= value  # at-least, dice-total


class State(Replayable):
    """One moment of a game. ``apply`` returns the next state; the old one is left unchanged."""

    def __init__(self, game: Game, players: list[str], seed: int, rounds: int):
        self.game = game
        self.rng = random.Random(seed)
        self.seed = seed
        self.rounds = rounds
        self.round = 0
        self.phase = "setup"
        self.players = [Player(n, dict(game.parameters.get("starting_goods") or {})) for n in players]
        for player in self.players:
            player.reputation.both_types = bool(game.parameters.get("reputation_both_types"))
        self.order = [p.name for p in self.players]
        self.next_order_moves: list[tuple[str, str]] = []
        self.robbery_silver: dict[str, int] = {}
        self.robbery_attempts: set[tuple[str, str]] = set()
        self.claims: dict[str, list[tuple[str, tuple[int, ...]]]] = {}
        self.to_collect: list[tuple[str, str]] = []
        self.turn = 0
        self.passed: set[str] = set()
        self.log: list[dict] = [{"event": "start", "scenario": game.scenario, "players": players, "seed": seed,
                                 "rounds": rounds, "assumptions": game.assumptions}]
        self.board = game.board.copy() if game.board is not None else None
        if self.board is not None:
            self.board.players = list(players)
            self._starting_pieces()
        self._start_round()

    def _starting_pieces(self) -> None:
        """Secondary facts: in reverse turn order, each player places a starting city and 2 towns."""
        gap = self.game.parameters.get("starting_city_min_gap")
        for name in reversed(self.order):
            self._build(self.player(name), "city", first=True, min_distance=gap + 1 if gap is not None else None)
            for _ in range(2):
                self._build(self.player(name), "town")

    def _build(self, player: Player, piece: str, *, first: bool = False, min_distance: int | None = None) -> None:
        """Place a piece on a legal hex (the engine's policy: a seeded choice among the legal hexes
        nearest the player's own pieces)."""
        from ...board.graph import Piece
        from ...board.placement import Question, legal_placements

        if self.board is None:
            self.event("effect-not-modelled", player.name, effect="build", reason="no map")
            return
        rules = list(self.game.placement_rules)
        saved = dict(self.board.parameters)
        if min_distance is not None:
            self.board.parameters["min_city_distance"] = min_distance
            rules = rules + ["min-city-distance"]
        try:
            legal = legal_placements(self.board, Question(piece, player.name, first_city=first or None), rules,
                                     explain=False).legal
        finally:
            self.board.parameters = saved
        if not legal:
            self.event("build-impossible", player.name, piece=piece)
            return
        mine = [p.at for p in self.board.pieces if p.player == player.name]
        if mine:
            nearest = min(min(self.board.distance(h, m) for m in mine) for h in legal)
            legal = [h for h in legal if min(self.board.distance(h, m) for m in mine) == nearest]
        at = self.rng.choice(legal)
        self.board.pieces.append(Piece(piece, at, player.name, first=first))
        self.event("build", player.name, piece=piece, at=list(at))

    # -- helpers ------------------------------------------------------------------------------
    def player(self, name: str) -> Player:
        return next(p for p in self.players if p.name == name)

    @property
    def current(self) -> Player | None:
        if self.phase == "placement":
            return self.player(self.order[self.turn])
        if self.phase == "collection" and self.to_collect:
            return self.player(self.to_collect[0][0])
        return None

    @property
    def done(self) -> bool:
        return self.phase == "done"

    def event(self, kind: str, player: str | None = None, **data) -> None:
        self.log.append({"event": kind, "round": self.round, "phase": self.phase, "player": player, **data})

    def _space_type(self, space_id: str) -> str:
        kind = self.game.spaces[space_id].get("type", "unknown")
        return self.game.parameters.get("unknown_type", "limited") if kind == "unknown" else kind

    def _start_round(self) -> None:
        self.round += 1
        if self.round > self.rounds:
            self.phase = "done"
            self.event("end", scores=self.scores())
            return
        for name, where in self.next_order_moves:
            self.order.remove(name)
            self.order.insert(0 if where == "first" else len(self.order), name)
        self.next_order_moves = []
        self.robbery_attempts = set()
        for player in self.players:
            for character in player.characters:
                character.used_ability = False
        self.phase = "placement"
        self.claims = {}
        self.passed = set()
        self.turn = 0
        self.event("round", order=list(self.order))
        for name in self.order:
            player = self.player(name)
            count = max(0, self.game.parameters["dice_rolled"] + player.bonus_dice_next - player.jailed_next)
            player.dice = sorted(self.rng.randint(1, 6) for _ in range(count))
            self.event("roll", name, dice=list(player.dice), jailed=player.jailed_next, bonus=player.bonus_dice_next)
            player.jailed_next = player.bonus_dice_next = 0

    # -- the state API ------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        player = self.current
        if player is None:
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
                        if claims(space.get("claim") or {}, dice, self.game.parameters):
                            actions.append(Action("place", space_id, dice))
            return actions
        space_id = self.to_collect[0][1]
        options = self.game.spaces[space_id]["options"]
        return [Action("collect", space_id, option=i) for i, o in enumerate(options) if self.can_pay(player, o.get("cost") or {})] \
            + [Action("skip", space_id)] + self._robberies(player)

    def _robberies(self, player: Player) -> list[Action]:
        """Robbing: a Black Hat character that has used no ability this turn may rob an action
        space with the Robbery icon and Silver on it; one attempt per player and space a round."""
        if self.game.parameters.get("black_hat_cannot_rob"):
            return []
        active = player.reputation.active()
        out = []
        for space_id, silver in sorted(self.robbery_silver.items()):
            if silver <= 0 or (player.name, space_id) in self.robbery_attempts:
                continue
            for character in player.characters:
                if character.hat == "black" and not character.captured and not character.used_ability \
                        and active.get(character.id, True):
                    out.append(Action("rob", space_id, character=character.id))
        return out

    def can_pay(self, player: Player, cost: dict) -> bool:
        return all(self._have(player, good) >= amount for good, amount in cost.items() if isinstance(amount, int))

    def _have(self, player: Player, good: str) -> int:
        if good == "silver":  # Gold converts to 4 Silver at any time
            return player.count("silver") + player.goods.get("gold", 0) * self.game.parameters["silver_per_gold"]
        return player.count(good)

    def _apply(self, action: Action) -> None:
        player = self.current
        if self.phase == "placement":
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
            return
        if action.kind == "rob":
            self._rob(player, action)
            return
        self.to_collect.pop(0)
        if action.kind == "skip":
            self.event("skip", player.name, space=action.space)
        else:
            self._collect(player, action.space, self.game.spaces[action.space]["options"][action.option])
        if not self.to_collect:
            self._start_round()

    def _next_placement(self) -> None:
        if len(self.passed) == len(self.players):
            self.phase = "collection"
            # in turn order, each player collects from the spaces they claimed, in board order
            board_order = list(self.game.spaces)
            self.to_collect = [(name, space) for name in self.order for space in board_order
                               if any(who == name for who, _ in self.claims.get(space, []))]
            self.event("collection", order=[f"{n}:{s}" for n, s in self.to_collect])
            if not self.to_collect:
                self._start_round()
            return
        for _ in range(len(self.order)):
            self.turn = (self.turn + 1) % len(self.order)
            if self.order[self.turn] not in self.passed:
                return

    def _collect(self, player: Player, space_id: str, option: dict) -> None:
        space = self.game.spaces[space_id]
        self.event("collect", player.name, space=space_id, option=option.get("text"))
        for good, amount in (option.get("cost") or {}).items():
            self._pay(player, good, amount)
        for good, amount in (option.get("gain") or {}).items():
            self._gain(player, good, amount)
        for spec in option.get("effects") or []:
            EFFECTS[spec["effect"]](self, player, spec)
        if space.get("robbery") is True:
            self.robbery_silver[space_id] = self.robbery_silver.get(space_id, 0) + 1
            self.event("robbery-silver", player.name, space=space_id, silver=self.robbery_silver[space_id])

    def _rob(self, player: Player, action: Action) -> None:
        from .gunfight import simulate

        robber = next(c for c in player.characters if c.id == action.character)
        robber.used_ability = True
        self.robbery_attempts.add((player.name, action.space))
        if not robber.wanted:
            robber.wanted = True
            self.event("wanted", player.name, character=robber.id, why="robbing")
        self.event("rob", player.name, character=robber.id, space=action.space)
        challenger = self._challenger(player, robber)
        if challenger is not None:
            owner, champion = challenger
            champion_side = champion.side("marshal-token" if champion.id == "marshal-token" else champion.id)
            fight = simulate(champion_side, robber.side(), self.rng)
            self.event("gunfight", owner.name, challenger=champion.id, challenged=robber.id, outcome=fight.outcome,
                       dice=[e for e in fight.log if e["event"] in ("die", "round", "engineer-token")])
            if champion.id != "marshal-token":
                champion.used_ability = True
            if fight.outcome in ("a_wins", "b_flees"):
                if fight.outcome == "a_wins":
                    self._wound(robber, player, owner)
                if fight.outcome == "b_flees":
                    self._lose_reputation(player)
                self.event("robbery-stopped", player.name, space=action.space)
                return
            if fight.outcome == "b_wins":
                self._wound(champion, owner, player)
            elif fight.outcome == "a_flees":
                self._lose_reputation(owner)
        taken = self.robbery_silver.pop(action.space, 0)
        player.goods["silver"] = player.goods.get("silver", 0) + taken
        self.event("robbed", player.name, space=action.space, silver=taken,
                   note="takes the Silver on the space (the text does not say what a robbery takes: a designer parameter)")

    def _challenger(self, victim_owner: Player, robber: "Hired"):
        """Who answers a robbery: the Marshal token (it may challenge any Wanted character), else a
        character with Combat icons that has used no ability this turn; the first player in turn
        order whose champion would win more often than not (exact odds) challenges."""
        from .gunfight import exact_odds

        for name in self.order:
            other = self.player(name)
            if other is victim_owner:
                continue
            champions = [c for c in other.characters if not c.captured and not c.used_ability and c.gunfight.get("combat")]
            if "marshal-token" in other.roles and robber.wanted and self.game.parameters.get("marshal_gunfight"):
                champions.insert(0, Hired("marshal-token", "white", self.game.parameters["marshal_gunfight"]))
            for champion in champions:
                if exact_odds(champion.side(), robber.side()).outcomes["a_wins"] > Fraction(1, 2):
                    return other, champion
        return None

    def _wound(self, character: "Hired", owner: Player, captor: Player) -> None:
        if character.id == "marshal-token":
            self.event("wound", owner.name, character=character.id, note="the Marshal token takes no wounds in the text")
            return
        character.wounds += 1
        limit = 3 if character.gunfight.get("tough") else 2
        self.event("wound", owner.name, character=character.id, wounds=character.wounds)
        if character.wounds >= limit:
            character.captured = True
            self.event("captured", captor.name, character=character.id, owner=owner.name)
            self._gain(captor, "any-reputation", 2)
            if character.wanted:
                character.wanted = False
                self._gain(captor, "wanted-token", 1)

    def _lose_reputation(self, player: Player) -> None:
        rep = player.reputation
        for hat in ("white", "black"):
            if getattr(rep, hat):
                setattr(rep, hat, getattr(rep, hat) - 1)
                self.event("flee-penalty", player.name, lost=f"{hat}-hat")
                return

    def _pay(self, player: Player, good: str, amount: int) -> None:
        if good == "silver":
            short = amount - player.goods.get("silver", 0)
            if short > 0:  # break Gold into Silver
                rate = self.game.parameters["silver_per_gold"]
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
        """What is known to score: reputation VP (1 per 4) and influence (x2 in Pork Barrel)."""
        per_influence = self.game.parameters.get("victory_points_per_influence", 0)
        return {p.name: {"reputation_vp": p.reputation.victory_points(), "influence": p.reputation.influence,
                         "influence_vp": p.reputation.influence * per_influence,
                         "goods": dict(sorted((k, v) for k, v in p.goods.items() if v)),
                         "white_hat": p.reputation.white, "black_hat": p.reputation.black, "roles": list(p.roles),
                         "cards_in_hand": p.hand,
                         "pieces": sorted(q.piece for q in (self.board.pieces if self.board else []) if q.player == p.name)}
                for p in self.players}


# -- seats ------------------------------------------------------------------------------------

def random_bot(state: State, rng: random.Random) -> Action:
    """Any legal action, uniformly (passing only when nothing else is legal... or by chance)."""
    actions = state.legal_actions()
    useful = [a for a in actions if a.kind not in ("pass", "skip")]
    return rng.choice(useful or actions)


VALUES = {"gold": 4, "silver": 1, "influence": 5, "vote": 2, "white-hat": 1, "black-hat": 1, "any-reputation": 1,
          "wild-die-token": 2, "engineer-token": 2, "cowboy-boot-token": 1, "bonus-die": 2, "food": 1, "wood": 1, "ore": 1}


def greedy_bot(state: State, rng: random.Random) -> Action:
    """The action whose option gains the most value for its cost (fixed weights, ties by seed)."""
    actions = state.legal_actions()

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
        return 0 if action.kind == "skip" else -1
    best = max(value(a) for a in actions)
    return rng.choice([a for a in actions if value(a) == best])


BOTS = {"random": random_bot, "greedy": greedy_bot}


PLAYER_NAMES = ["red", "blue", "green", "yellow", "purple"]


def hire(state: State, library, player: str, character_id: str) -> None:
    """Give a seat a hired character from the library (its hat and gunfight icons from YAML)."""
    data = library.data("dark-horse", "character", character_id)
    if data is None:
        raise KeyError(character_id)
    character = Hired(character_id, data.get("hat", "unknown"), dict(data.get("gunfight") or {}))
    seat = state.player(player)
    seat.characters.append(character)
    seat.reputation.hired[character_id] = character.hat if character.hat in ("white", "black", "neutral") else "neutral"
    if character.gunfight.get("wanted"):
        character.wanted = True
    state.event("hire", player, character=character_id, hat=character.hat)


def new_game(library, scenario: str | None, players: int, seed: int, rounds: int, parameters: dict | None = None,
             characters: dict[str, list[str]] | None = None) -> State:
    game = Game.from_library(library, scenario, parameters)
    state = State(game, PLAYER_NAMES[:players], seed, rounds)
    for name, ids in (characters or {}).items():
        for character_id in ids:
            hire(state, library, name, character_id)
    return state


def play(library, scenario: str | None, players: int, seed: int, rounds: int, bots: list[str] | None = None,
         parameters: dict | None = None, characters: dict[str, list[str]] | None = None) -> State:
    """A whole sample game with bots; the seed drives the dice and the bots' choices."""
    state = new_game(library, scenario, players, seed, rounds, parameters, characters)
    names = [p.name for p in state.players]
    chooser = random.Random(seed + 1)
    bots = bots or ["random"]
    seats = {name: BOTS[bots[i % len(bots)]] for i, name in enumerate(names)}
    while not state.done:
        state._apply(seats[state.current.name](state, chooser))  # in place: a whole game needs no history
    return state


def describe(event: dict) -> str:
    """One readable line per event (the JSON log has everything)."""
    kind, who = event["event"], event.get("player")
    if kind == "start":
        lines = [f"Dark Horse, scenario {event['scenario'] or 'base'}, seed {event['seed']}, {event['rounds']} round(s),"
                 f" players {', '.join(event['players'])}"]
        lines += [f"  assumption: {a}" for a in event["assumptions"]]
        return "\n".join(lines)
    if kind == "round":
        return f"-- round {event['round']}: turn order {', '.join(event['order'])}"
    if kind == "roll":
        extra = (f" ({event['jailed']} in Jail)" if event["jailed"] else "") + (f" (+{event['bonus']} bonus)" if event["bonus"] else "")
        return f"{who} rolls {event['dice']}{extra}"
    if kind == "place":
        return f"{who} places {'+'.join(map(str, event['dice']))} on {event['space']}"
    if kind == "pass":
        return f"{who} passes"
    if kind == "collection":
        return "-- collection"
    if kind == "collect":
        return f"{who} collects {event['space']}: {event['option']}"
    if kind in ("gain", "pay"):
        return f"   {who} {'gains' if kind == 'gain' else 'pays'} {event['amount']} {event['good']}"
    if kind == "gunfight":
        return f"   gunfight: {event['challenger']} ({who}) challenges {event['challenged']}: {event['outcome']}"
    if kind == "end":
        return "-- end: " + "; ".join(f"{name}: reputation VP {s['reputation_vp']}, influence {s['influence']}"
                                      for name, s in event["scores"].items())
    details = ", ".join(f"{k} {v}" for k, v in event.items() if k not in ("event", "round", "phase", "player"))
    return f"   {kind} {who or ''} {details}".rstrip()
