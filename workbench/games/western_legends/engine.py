"""The Western Legends turn engine on a grid map, played from the resolved ruleset.

:class:`WesternLegends` (the game) holds what is fixed for a game: the ruleset resolved from the
library (the game's documents, its variants such as ``goal-cards``, house-rule overrides), the map,
the items, the characters, the decks' contents. :class:`State` holds only what changes: the players,
the piles, the sheriff and the bandits, whose turn it is, and what is still to resolve.

A turn: the start-of-turn choice, the actions, then the end of turn (story discs, hand size,
wanted LP by row, the end trigger, one final round). Every number comes from the ruleset: nothing
here is a rule constant.

This module holds the State's data, its copy, the chance nodes, what is legal (the dispatch to
each part's offers) and applying a step. The rules are in the State's parts, one module of this
package per phase or concern, each a mixin the State inherits: ``setup`` (characters, first
player, bandits), ``turn`` (start-of-turn choice, work, card actions, end of turn), ``goods``
(money, nuggets, wounds, poker cards gained, paid, discarded), ``movement`` (moving, cattle
delivered where a location takes it), ``locations`` (the location actions), ``items`` (the General Store, item
abilities), ``poker_actions`` (a poker game at the Saloon; the hands are ``poker``'s), ``fights``
(duels, robberies, arrests, bandits, the fight deck), ``tracks`` (marshal and wanted points),
``sheriff``, ``story`` (story cards), ``goals`` (the goal card variant) and ``scoring``.

Chance is explicit: every draw from a deck is a chance node whose outcomes are the cards that
can come up with their probabilities, and so is every other random event:

* a poker card: the draw pile is shuffled, so each card left in it comes up with its share; an
  empty pile is the discards reshuffled;
* a fight card: the deck is shuffled at the start and fight cards go back to the bottom in
  random order, so the deck is a run of piles: the shuffled rest, then each batch returned; a
  card comes up from the first pile that still holds cards;
* a prospecting die face, a cattle token from a ranch's pile, a legendary token from the supply,
  a character card dealt at setup, the random first player, the goal card discarded at random.

So a state is its setup and its history of decisions and chance outcomes; nothing random happens
inside a transition.

Where the text leaves a choice to the players, the ruleset names a policy (the assumptions shown
at the top of every log): ``fight_card_played`` (the highest card), ``fight_card_chosen`` (the
player to the right plays the highest fight card), ``poker_join_min_card`` (a player in town joins
poker with a card of 10 or better and the ante), ``robber_takes`` (money unless the nuggets are
worth more), ``bandit_reward_choice``, ``marshal_becomes_wanted``, ``sheriff_moves_toward``
(the nearest wanted player). Choices that follow from those without a rule: a player discards
their lowest cards (hand size, the sheriff's arrival), uses their best owned mount (most
movement) and weapon (largest reduction), keeps their best legendary tokens; a target declines a
fight only with no card; when the sheriff finds several wanted players in a space the first in
seat order faces it. The players' own decisions are the state's actions: the character kept, the
start-of-turn choice, every action, and which story card gets a disc.
"""
from __future__ import annotations

import random
from collections import deque
from fractions import Fraction
from typing import Any

from ...core.errors import ContentError, UsageError
from ..base import EffectNotReady, Game, State as BaseState, Trail, one_step_lookahead
from ...rules.ruleset import plain
from ...rules.western_legends import SPEC, resolve_ruleset
from .requirements import content_problems
from .poker import CHEAT, PokerRules, make_deck, parse
from .pieces import VOCABULARY, Action, Player, _less
from ...rules.western_legends_effects import ACTIVITIES
# the State's parts, one module per phase or concern (each a mixin of State; see the README's
# "Where each rule lives"); imported in this order, their effects' handlers register in it
from .setup import Setup
from .turn import Turn
from .goods import Goods
from .movement import Movement
from .locations import Locations
from .items import Items
from .poker_actions import PokerActions
from .fights import Fights
from .tracks import Tracks
from .sheriff import Sheriff
from .story import Story
from .goals import Goals
from .scoring import Scoring

ARRIVAL = "deliver-cattle"

NAMES = ["red", "blue", "green", "yellow", "purple", "black", "white", "orange"]
ILLUSTRATIVE_NOTE = "decks, dice, items, characters, story and goal cards and the board are illustrative designer data"


class WesternLegends(Game):
    """The fixed facts of one Western Legends game: ruleset, map, items, characters, decks.

    Examples
    --------
    >>> from workbench.content.published import published_library
    >>> game = WesternLegends.build(published_library())
    >>> game.ruleset.work_money, game.player_range(), game.office
    (10, (2, 6), (4, 3))
    """

    id = "western-legends"
    name = "Western Legends"
    PARAMETERS = SPEC
    OPTIONS = {"length": "game length: a key of `game_lengths` (short, average, long)",
               "rounds": "rounds to play at most (the game ends earlier by its own rule)"}

    def __init__(self, library, ruleset, board_document, variants=()):
        from ...board.graph import Board

        self.library, self.ruleset, self.variants = library, ruleset, tuple(variants)
        rules = ruleset
        self.board = Board.from_data(board_document.data, document=board_document)
        self.map_id = board_document.id
        graph = self.board.graph
        self.location = {n: d["location"] for n, d in graph.nodes(data=True) if d.get("location")}
        self.in_town = {n: d["in_town"] for n, d in graph.nodes(data=True) if d.get("in_town")}
        self.blocked = frozenset(n for n, d in graph.nodes(data=True) if d.get("blocked"))
        self.neighbours = {n: tuple(m for m in graph.neighbors(n) if m not in self.blocked) for n in graph.nodes}
        spaces: dict[str, list] = {}
        for node in sorted(self.location):
            spaces.setdefault(self.location[node], []).append(node)
        self.spaces = spaces
        # what each location does comes from its document: its actions (effects of the Western
        # Legends vocabulary, workbench/rules/western_legends_effects.py) and its roles
        documents = {d.id: d.data for d in library.of_kind("location", "western-legends")}
        self.location_documents = documents
        self.location_actions: dict[str, list] = {}      # location -> [(index, spec, activity or None)]
        self.arrival: dict[str, list] = {}               # location -> the deliver-cattle specs (a free action)
        roles: dict[str, list] = {}
        for location_id, data in documents.items():
            for role in data.get("roles") or []:
                roles.setdefault(role, []).append(location_id)
            for index, spec in enumerate(data.get("actions") or []):
                names = [e.get("effect") for e in spec.get("effects") or [] if isinstance(e, dict)]
                activity = next((n for n in names if n in ACTIVITIES or n == ARRIVAL), None)
                if activity == ARRIVAL:
                    self.arrival.setdefault(location_id, []).append(
                        next(e for e in spec["effects"] if e.get("effect") == ARRIVAL))
                else:
                    self.location_actions.setdefault(location_id, []).append((index, spec, activity))

        def spaces_of(locations):
            return sorted(node for location_id in locations for node in spaces.get(location_id, []))
        self.hideouts = spaces_of(roles.get("bandit-spawn", []))
        self.office = spaces_of(roles.get("sheriff", []))[0]
        self.ranches = spaces_of(sorted(loc for loc, acts in self.location_actions.items()
                                        if any(a == "take-cattle" for _, _, a in acts)))
        self.items = {d.id: d.data for d in library.of_kind("item", "western-legends")}
        self.characters = {d.id: d.data for d in sorted(library.of_kind("character", "western-legends"), key=lambda d: d.id)
                           if isinstance(d.data.get("start"), dict)}
        # the poker deck: its cards in deck order, and each card's value in a fight
        self.poker_deck = make_deck(rules.poker_values, rules.suits, rules.cheat_cards)
        self.cards = list(dict.fromkeys(self.poker_deck))
        self.value = {c: (rules.cheat_fight_value if c == CHEAT else parse(c)[0]) for c in self.cards}
        self.poker_rules = PokerRules(ranking=tuple(rules.ranking), ace_low=rules.ace_low_straights, cheat=rules.cheat_rule)
        self.fight_values = sorted(set(rules.fight_card_values))
        self.fight_index = {v: i for i, v in enumerate(self.fight_values)}
        self.faces = list(dict.fromkeys(rules.die_faces))
        self.face_weight = {f: rules.die_faces.count(f) for f in self.faces}
        self.tokens = sorted({int(v) for v, n in rules.legendary_tokens.items() if n})
        self.story = {card["id"]: card for card in rules.story_cards}
        self.goals = {}
        for character in self.characters:
            own = rules.character_goals.get(character, rules.character_goals.get("any", []))
            self.goals[character] = {g["id"]: g["needs"] for g in own[:rules.goals_per_character]}
        self.reach_cache: dict = {}     # (space, movement, bandits, sheriff if wanted) -> spaces reached
        self.store = sorted(i for i, d in self.items.items() if isinstance(d.get("cost"), int)
                            and d.get("type") in ("mount", "weapon", "misc"))

    # -- building ---------------------------------------------------------------------------------
    @classmethod
    def build(cls, library, *, scenario: str | None = None, variants=(), overrides=None, map_id: str | None = None,
              **_) -> "WesternLegends":
        """The game for the library, its variants and overrides; :class:`~workbench.core.errors.ContentError`
        with located problems when the library cannot be played."""
        ruleset = resolve_ruleset(library, scenario=scenario, variants=variants, overrides=overrides, map_id=map_id)
        problems = content_problems(library, ruleset, map_id)
        if problems:
            raise ContentError("the library's Western Legends content cannot be played", problems)
        map_id = map_id or ruleset.get("territory")      # the designer's own map: `--set territory=ID`
        maps = library.of_kind("map", "western-legends")
        document = library.get("western-legends", "map", map_id) if map_id else maps[0]
        return cls(library, ruleset, document, ruleset.variants)

    @classmethod
    def problems(cls, library) -> list:
        from .requirements import requirements
        return requirements(library)

    def player_range(self) -> tuple[int, int]:
        count = self.ruleset.player_count
        return count["min"], min(count["max"], len(NAMES))

    def assumptions(self) -> list[str]:
        lines = super().assumptions()
        illustrative = sorted({o.document.id for name in self.ruleset if (o := self.ruleset.origin(name)) and o.document
                               is not None and (o.document.data.get("source") or {}).get("document") == "illustrative"})
        lines.append(f"illustrative designer data, not from the rules text: {', '.join(illustrative)}, the items, the "
                     f"characters and the map '{self.map_id}'")
        return lines

    def new_initial_state(self, players: int = 3, seed: int = 0, length: str = "short", rounds: int = 60) -> "State":
        low, high = self.player_range()
        if not low <= players <= high:
            raise UsageError(f"Western Legends is for {low} to {high} players, not {players}")
        if length not in self.ruleset.game_lengths:
            raise UsageError(f"no game length '{length}'; lengths: {', '.join(self.ruleset.game_lengths)}")
        if rounds < 1:
            raise UsageError(f"rounds must be at least 1, not {rounds}")
        return State(self, players, seed, length, rounds)

    def facts(self) -> dict:
        """What the log records of the game's fixed facts, so the log alone can be audited: the map's
        spaces (location, town, blocked), the items and the poker cards' fight values."""
        spaces = {f"{x},{y}": {k: v for k, v in (("location", d.get("location")), ("in_town", d.get("in_town")),
                                                 ("blocked", d.get("blocked") or None)) if v}
                  for (x, y), d in sorted(self.board.graph.nodes(data=True))}
        items = {i: {k: d[k] for k in ("type", "cost", "movement", "fight_reduction", "upgradable", "upgrade_lp")
                     if k in d} for i, d in sorted(self.items.items())}
        return {"board": {"spaces": spaces, "office": list(self.office), "hideouts": [list(h) for h in self.hideouts]},
                "items": plain(items), "card_values": dict(self.value)}

    # -- what the map says ---------------------------------------------------------------------------
    def path(self, start, goal, avoid=frozenset()) -> list | None:
        """A shortest path over open spaces (breadth first, neighbours in map order)."""
        parent = {start: None}
        frontier = deque([start])
        while frontier:
            node = frontier.popleft()
            if node == goal:
                out = []
                while node is not None:
                    out.append(node)
                    node = parent[node]
                return out[::-1]
            for other in self.neighbours[node]:
                if other not in parent and other not in avoid:
                    parent[other] = node
                    frontier.append(other)
        return None


#: The containers a clone shares with its original until either writes to them (State._pile).
SHARED_PILES = frozenset({"poker_pile", "poker_discard"})
#: Pending steps that are chance nodes (the others are decisions or run at once).
CHANCE_STEPS = frozenset({"draw", "fight-card", "die", "cattle", "legendary", "character", "pick-first", "goal-discard"})
DECISION_STEPS = frozenset({"choose-character"})


class State(Setup, Turn, Goods, Movement, Locations, Items, PokerActions, Fights, Tracks, Sheriff, Story, Goals,
            Scoring, BaseState):
    """One moment of a game. ``apply`` returns the next state; the old one is left unchanged."""

    def __init__(self, game: WesternLegends, players: int, seed: int, length: str, rounds: int):
        rules = game.ruleset
        self.game = game
        self.setup = {"players": players, "seed": seed, "length": length, "rounds": rounds}
        self.end_lp = rules.game_lengths[length]
        self.max_rounds = rounds
        self.players = [Player(n) for n in NAMES[:players]]
        for p in self.players:
            p.lp, p.discs = rules.starting_lp, rules.story_discs_per_player
        self.round, self.turn, self.first = 1, 0, 0
        self.step, self.actions_left = "setup", 0
        self.final_round: int | None = None
        self.ended: str | None = None
        self.sheriff = game.office
        self.bandits: list = []
        # the poker piles change at nearly every draw: copied on their first write after a clone
        # (see _pile); everything else below is replaced when it changes, never changed in place
        self.poker_pile = {c: game.poker_deck.count(c) for c in game.cards}
        self.poker_discard: dict[str, int] = {}
        self._shared = frozenset()                # which of SHARED_PILES a clone shares
        # piles of counts (immutable, replaced when they change: a copy of the state shares them)
        self.fight_deck = (tuple(rules.fight_card_values.count(v) for v in game.fight_values),)
        self.cattle = {r: (1,) * len(rules.cattle_tokens) for r in game.ranches}
        self.supply = {v: int(rules.legendary_tokens.get(str(v), 0)) for v in game.tokens}
        self.story_discs = {card: () for card in game.story}
        self.pool = list(game.characters)         # characters not dealt yet
        self.dealt: list[str] = []                # dealt to the seat choosing now
        self.table: dict | None = None            # a poker game in progress (replaced on a change)
        self.drawn: list = []                     # fight cards drawn in the fight in progress
        self.tokens_drawn: list[int] = []         # legendary tokens drawn for a goal just completed
        self.pending: list[tuple] = []
        self._staged: list[tuple] = []
        self.log = Trail()
        self.history = Trail()
        self.event("start", None, game="western-legends", players=players, seed=seed, length=length,
                   end_lp=self.end_lp, map=game.map_id, assumptions=game.assumptions(), note=ILLUSTRATIVE_NOTE,
                   variants=list(game.variants), ruleset=plain(dict(rules)), **game.facts())
        for seat in range(players):
            self.pending += [("character", seat)] * rules.characters_drawn + [("choose-character", seat)]
        self.pending.append(("first-player",))
        self.pending.append(("place-bandits",))
        if rules.goal_cards:
            self.pending += [("goal-discard", seat) for seat in range(players) for _ in range(rules.goals_discarded)]
        self.pending.append(("begin",))
        self._run()

    # -- copying -----------------------------------------------------------------------------
    def clone(self) -> "State":
        """An independent copy, cheap because it shares what neither copy changes in place: the
        players' goods are tuples and replaced dicts, the other piles (bandits, cattle, supply,
        story discs, the fight deck, the poker table...) are replaced when they change; the two
        poker piles are copied on their first write by either state (:meth:`_pile`); ``pending``
        changes at every step and is copied; the log and the history are forked trails."""
        new = object.__new__(State)
        d = new.__dict__ = self.__dict__.copy()
        d.pop("_legal", None)
        d["players"] = [p.clone() for p in self.players]
        d["pending"] = self.pending[:]
        d["_shared"] = self._shared = SHARED_PILES
        d["log"] = self.log.fork()
        d["history"] = self.history.fork()
        return new

    def _pile(self, name: str) -> dict:
        """The poker pile ``name`` to change in place: this state's own (copied first if a clone shares it)."""
        pile = self.__dict__[name]
        if name in self._shared:
            pile = self.__dict__[name] = pile.copy()
            self._shared = self._shared - {name}
        return pile

    # -- helpers ------------------------------------------------------------------------------
    @property
    def rules(self):
        return self.game.ruleset

    @property
    def seats(self) -> list[str]:
        return [p.name for p in self.players]

    @property
    def board(self):
        return self.game.board

    @property
    def done(self) -> bool:
        return self.step == "done"

    @property
    def current(self) -> Player:
        name = self.current_player()
        return self.player(name) if name else self.players[self.turn]

    def player(self, name: str) -> Player:
        return next(p for p in self.players if p.name == name)

    def event(self, event: str, player: str | None = None, **data) -> None:
        self.record({"event": event, "round": self.round, "player": player, **data})

    def snapshot(self) -> dict:
        """Everything that changes, as plain JSON (see :meth:`workbench.games.base.State.snapshot`)."""
        return {
            "round": self.round, "turn": self.players[self.turn].name, "step": self.step,
            "actions_left": self.actions_left, "to_act": self.current_player(), "final_round": self.final_round,
            "ended": self.ended, "sheriff": list(self.sheriff), "bandits": sorted(list(b) for b in self.bandits),
            "players": {p.name: {
                "character": p.character, "at": list(p.at) if p.at else None, "money": p.money, "nuggets": p.nuggets,
                "wounds": p.wounds, "marshal": p.marshal, "wanted": p.wanted, "lp": p.lp, "hand": sorted(p.hand),
                "items": {i: list(n) for i, n in sorted(p.items.items())}, "mount": p.mount, "weapon": p.weapon,
                "cattle": len(p.cattle), "fought": list(p.fought), "discs": p.discs,
                "discs_this_turn": p.discs_this_turn, "reputation_cards_played": p.reputation_cards_played,
                "goals": len(p.goals), "completed": list(p.completed), "legendary": list(p.legendary)}
                for p in self.players},
            "poker_pile": {c: n for c, n in self.poker_pile.items() if n},
            "poker_discard": {c: n for c, n in self.poker_discard.items() if n},
            "fight_deck": [list(pile) for pile in self.fight_deck],
            "story_discs": {card: list(discs) for card, discs in self.story_discs.items()},
            "cattle": {f"{r[0]},{r[1]}": list(pile) for r, pile in self.cattle.items()},
            "supply": {str(v): n for v, n in self.supply.items()},
        }

    def right_of(self, player: Player) -> Player:
        i = self.players.index(player)
        return self.players[(i - 1) % len(self.players)]

    def card_value(self, card: str) -> int:
        return self.game.value[card]

    def play_effect(self, spec: dict, where: str | None = None) -> None:
        """One effect played alone by the player whose turn it is, in their actions
        (:meth:`workbench.games.base.State.play_effect`): an activity as its first offer now (where
        none is offered, not now), any other effect as written on the location or item ``where``;
        then its dice, draws and choices carried out."""
        if self.step != "actions" or self.pending or self._staged:
            raise EffectNotReady("not in a player's actions")
        p = self.players[self.turn]
        name = spec.get("effect")
        if name in OFFERS:
            offered = OFFERS[name](self, p)
            if not offered:
                raise EffectNotReady(f"{name} is not offered now")
            getattr(self, "_do_" + offered[0].kind.replace("-", "_"))(p, offered[0].target)
        else:
            self._play_spec(p, {"effects": [spec]}, where or "")
        self._flush()
        self._run()
        self._settle(lambda: bool(self.pending))

    def _push(self, *steps) -> None:
        """Steps to run right after the one running now (in this order)."""
        self._staged = self._staged + list(steps)     # a new list: a clone may share the old one

    # -- the state API ------------------------------------------------------------------------
    def current_player(self) -> str | None:
        if self.step == "done" or self.is_chance_node():
            return None
        if self.pending and self.pending[0][0] in DECISION_STEPS:
            return self.players[self.pending[0][1]].name
        return self.players[self.turn].name

    def is_terminal(self) -> bool:
        return self.step == "done"

    def is_chance_node(self) -> bool:
        return bool(self.pending) and self.pending[0][0] in CHANCE_STEPS

    def _weights(self) -> list[tuple[Any, int]]:
        """The outcomes of the chance node with their weights (whole numbers, in a fixed order)."""
        step = self.pending[0]
        kind = step[0]
        if kind == "draw":
            return [(c, n) for c in self.game.cards if (n := self.poker_pile.get(c, 0))]
        if kind == "fight-card":
            pile = next(p for p in self.fight_deck if any(p))
            return [(v, n) for v, n in zip(self.game.fight_values, pile) if n]
        if kind == "die":
            return [(f, self.game.face_weight[f]) for f in self.game.faces]
        if kind == "cattle":
            return [(i, n) for i, n in enumerate(self.cattle[step[2]]) if n]
        if kind == "legendary":
            return [(v, n) for v in self.game.tokens if (n := self.supply.get(v, 0))]
        if kind == "character":
            return [(c, 1) for c in self.pool]
        if kind == "pick-first":
            return [(seat, 1) for seat in step[1]]
        if kind == "goal-discard":
            return [(g, 1) for g in self.players[step[1]].goals]
        raise AssertionError(kind)

    def chance_outcomes(self) -> list[tuple[Any, Fraction]]:
        if not self.is_chance_node():
            return []
        weights = self._weights()
        total = sum(n for _, n in weights)
        return [(outcome, Fraction(n, total)) for outcome, n in weights]

    def sample_chance(self, rng: random.Random):
        weights = self._weights()
        pick = rng.randrange(sum(n for _, n in weights))
        for outcome, n in weights:
            pick -= n
            if pick < 0:
                return outcome
        raise AssertionError("unreachable")

    def is_legal(self, action) -> bool:
        if self.is_chance_node():
            if isinstance(action, Action) or isinstance(action, bool):
                return False
            if self.pending[0][0] == "draw":            # the common case, without listing the pile
                return isinstance(action, str) and self.poker_pile.get(action, 0) > 0
            return any(action == o for o, _ in self._weights())
        if not isinstance(action, Action):
            return False
        if self.step != "actions" or (self.pending and self.pending[0][0] == "choose-character"):
            return action in self.legal_actions()      # a few actions: the list itself
        # an action of the turn: only the part of legal_actions() that offers its kind (the same
        # methods list them, so the two agree: tests/test_western_legends.py checks it on whole games)
        p = self.players[self.turn]
        try:
            if action.kind == "move":
                return isinstance(action.target, tuple) and action.target in self._reachable(p)
            return action in PARTS.get(action.kind, State._location_offers)(self, p)
        except TypeError:       # an unhashable target (a list): no action of the game
            return False

    def legal_actions(self) -> list[Action]:
        if self.step == "done" or self.is_chance_node():
            return []
        if self.pending and self.pending[0][0] == "choose-character":
            return [Action("character", c) for c in self.dealt]
        p = self.players[self.turn]
        rules = self.rules
        if self.step == "start":
            return [Action("start", i) for i in range(len(rules.start_of_turn_choices))]
        if self.step == "end":
            # a delivery costs no action: still offered when the last action moved the player there
            actions = [Action("end-turn"), *self._deliveries(p)]
            if p.discs and p.discs_this_turn < rules.story_discs_per_turn:
                actions += [Action("disc", card) for card, card_data in self.game.story.items()
                            if card in self.story_discs and len(self.story_discs[card]) < card_data["discs"]]
            return actions
        return self._actions(p)

    def _actions(self, p: Player) -> list[Action]:
        """The actions of a turn, in a fixed order (a seeded bot picks by position)."""
        return [Action("work"), *self._card_actions(p), *self._moves(p), *self._location_offers(p),
                *self._deliveries(p), *self._item_abilities(p), *self._fights(p)]

    def _offered(self, effect: str, p: Player) -> bool:
        """Whether the effect, as an action of its own, is offered now: every condition its
        declaration's ``offered_when`` names holds (the Manhunt card: while a player is wanted)."""
        declared = VOCABULARY.effects.get(effect)
        return declared is None or all(CONDITIONS[c](self, p) for c in declared.offered_when)

    def _location_offers(self, p: Player) -> list[Action]:
        """What the location of the player's space offers: its activities' actions and its plain actions."""
        game, actions = self.game, []
        location = game.location.get(p.at)
        for index, spec, activity in game.location_actions.get(location, ()):
            if activity is not None:
                actions += OFFERS[activity](self, p)
            elif self._plain_playable(spec) and self._affords(p, spec.get("cost") or {}):
                actions.append(Action("location-action", (location, index)))
        return actions

    # -- the outcome ------------------------------------------------------------------------------
    def returns(self) -> dict[str, float]:
        scores = self.final_scores()
        return {name: float(s["total"]) for name, s in scores.items()}

    def describe_action(self, action) -> str:
        return str(action)

    # -- history ---------------------------------------------------------------------------------
    def encode(self, action):
        if isinstance(action, Action):
            target = list(action.target) if isinstance(action.target, tuple) else action.target
            return {"action": action.kind, "target": target}
        return {"chance": action}

    def decode(self, data):
        if "action" in data:
            target = data.get("target")
            return Action(data["action"], tuple(target) if isinstance(target, list) else target)
        return data["chance"]

    # -- applying -------------------------------------------------------------------------------
    def _apply(self, action) -> None:
        if self.is_chance_node():
            self._chance(action)
        else:
            self._decide(action)
        self._flush()
        self._run()

    def _flush(self) -> None:
        if self._staged:
            self.pending[0:0] = self._staged
            self._staged = []

    def _run(self) -> None:
        """Carry out pending steps until a decision or a chance node is reached."""
        while True:
            while self.pending:
                step = self.pending[0]
                kind = step[0]
                if kind in DECISION_STEPS:
                    return
                if kind in CHANCE_STEPS:
                    if self._chance_ready(step):
                        return
                    self.pending.pop(0)
                    continue
                self.pending.pop(0)
                getattr(self, "_step_" + kind.replace("-", "_"))(*step[1:])
                self._flush()
            if self.step == "done":
                return
            if self.rules.goal_cards and self._check_goals():
                continue
            if self.step == "actions" and self.actions_left <= 0:
                self.step = "end"
            return

    def _chance_ready(self, step) -> bool:
        """Whether a chance step has outcomes (a pile to draw from); an empty poker pile is the
        discards reshuffled first."""
        kind = step[0]
        if kind == "draw":
            if not any(self.poker_pile.values()) and any(self.poker_discard.values()):
                self.poker_pile, self.poker_discard = {c: n for c, n in self.poker_discard.items() if n}, {}
                self._shared = self._shared - SHARED_PILES        # both new: this state's own
                self.event("reshuffle", None, deck="poker", cards=sum(self.poker_pile.values()))
            if step[3] <= 0 or not any(self.poker_pile.values()):
                if step[3] > 0:
                    self.event("deck-empty", None, deck="poker", missed=step[3])
                return False
            return True
        if kind == "fight-card":
            return any(any(pile) for pile in self.fight_deck)
        if kind == "die":
            return bool(self.game.faces)
        if kind == "cattle":
            return any(self.cattle[step[2]])
        if kind == "legendary":
            return any(self.supply.values())
        if kind == "character":
            return bool(self.pool)
        if kind == "goal-discard":
            return bool(self.players[step[1]].goals)
        return True

    def _chance(self, outcome) -> None:
        step = self.pending[0]
        kind = step[0]
        if kind == "draw":
            _, dest, seat, n = step
            self._pile("poker_pile")[outcome] -= 1
            if n > 1:
                self.pending[0] = (kind, dest, seat, n - 1)
            else:
                self.pending.pop(0)
            if dest == "hand":
                p = self.players[seat]
                p.hand = (*p.hand, outcome)
                self.event("draw", p.name, card=outcome)
            else:
                self.table = {**self.table, dest: (*self.table[dest], outcome)}
            return
        self.pending.pop(0)
        if kind == "fight-card":
            deck = self.fight_deck
            at = next(i for i, p in enumerate(deck) if any(p))
            deck = deck[:at] + (_less(deck[at], self.game.fight_index[outcome]),) + deck[at + 1:]
            while len(deck) > 1 and not any(deck[0]):
                deck = deck[1:]
            self.fight_deck = deck
            self.drawn = self.drawn + [outcome]
        elif kind == "die":
            self._prospected(self.players[step[1]], outcome)
        elif kind == "cattle":
            p, ranch = self.players[step[1]], step[2]
            self.cattle = {**self.cattle, ranch: _less(self.cattle[ranch], outcome)}
            p.cattle = (*p.cattle, (outcome, ranch))
            self.event("take-cattle", p.name, ranch=list(ranch))
        elif kind == "legendary":
            self.supply = {**self.supply, outcome: self.supply[outcome] - 1}
            self.tokens_drawn = self.tokens_drawn + [outcome]
        elif kind == "character":
            self.pool = [c for c in self.pool if c != outcome]
            self.dealt = self.dealt + [outcome]
        elif kind == "pick-first":
            self._set_first(outcome)
        elif kind == "goal-discard":
            p = self.players[step[1]]
            p.goals = tuple(g for g in p.goals if g != outcome)
            self.event("goal-discarded", p.name)

    def _decide(self, action: Action) -> None:
        if self.pending and self.pending[0][0] == "choose-character":
            self._choose_character(self.pending.pop(0)[1], action.target)
            return
        p = self.players[self.turn]
        if action.kind == "start":
            self._start_turn(p, action.target)
        elif action.kind == "disc":
            self.story_discs = {**self.story_discs, action.target: self.story_discs[action.target] + (p.name,)}
            p.discs -= 1
            p.discs_this_turn += 1
            self.event("story-disc", p.name, card=action.target, discs=len(self.story_discs[action.target]))
        elif action.kind == "deliver-cattle":           # "This does not cost an action"
            self._do_deliver_cattle(p)
        elif action.kind == "end-turn":
            seat = self.turn
            self._push(("resolve-stories", seat), ("hand-limit", seat), ("wanted-lp", seat), ("end-check", seat),
                       ("next-turn",))
        else:
            self.actions_left -= 1
            getattr(self, "_do_" + action.kind.replace("-", "_"))(p, action.target)


#: How each of the rulebook's location activities is offered (its action kinds, with their rules).
OFFERS = {name: getattr(State, "_offer_" + name.replace("-", "_")) for name in ACTIVITIES}
#: How the engine evaluates each condition an effect's ``offered_when`` may name (the vocabulary's
#: ``conditions``, declared in workbench/rules/western_legends_effects.py with their rule text).
CONDITIONS = {"a-player-is-wanted": lambda state, p: any(o.wanted for o in state.players)}
#: The part of a turn's actions that offers each action kind (is_legal asks only that part); any
#: other kind comes from the location (State._location_offers: OFFERS and plain location actions).
PARTS = {"work": State._work, "card-action": State._card_actions, "move": State._moves,
         "location-action": State._location_offers, "item-ability": State._item_abilities,
         "duel": State._fights, "rob": State._fights, "arrest": State._fights, "deliver-cattle": State._deliveries}


# -- seats ------------------------------------------------------------------------------------

def random_bot(state: State, rng: random.Random) -> Action:
    return rng.choice(state.legal_actions())


def greedy_bot(state: State, rng: random.Random) -> Action:
    """Prefers what scores (the bot's own weights, not rules): revel, deposit, duels, poker, buying;
    else moves toward money; adds a story disc to the card nearest completion."""
    actions = state.legal_actions()
    if actions[0].kind == "character":
        return actions[0]
    weights = {"card-action": 2.5, "revel": 6, "deposit": 5, "duel": 4, "arrest": 4, "upgrade": 3, "poker": 3,
               "prospect": 3, "buy": 2, "heal": 2, "take-cattle": 2, "deliver-cattle": 3, "work": 1, "move": 1.5, "rob": 1, "heist": 0.5,
               "start": 1, "end-turn": 1, "disc": 2, "location-action": 3, "item-ability": 3}
    p = state.current
    location, offered = state.game.location, state.game.location_actions
    pulls = {"revel": 2 if p.money >= 30 else 0, "deposit-nuggets": 2 if p.nuggets else 0, "prospect": 1,
             "buy-items": 1 if p.money >= 40 else 0, "play-poker": 1 if p.money >= 20 else 0,
             "heal": 2 if p.wounds else 0}

    def pull(space):
        """How much the bot wants to go to a space: by what its location's actions do."""
        return max((pulls.get(activity, 0) if activity else 1 if spec.get("gain") else 0
                    for _, spec, activity in offered.get(location.get(space), ())), default=0)

    def value(a):
        w = weights.get(a.kind, 0)
        if a.kind == "revel":
            w += a.target
        elif a.kind == "start":
            w += 1 if (a.target == 0 and p.money < 60) or (a.target == 1 and len(p.hand) < 2) else 0
        elif a.kind == "disc":
            card = state.game.story[a.target]
            w += len(state.story_discs[a.target]) / card["discs"]
        elif a.kind == "move":
            w += pull(a.target)
        return w
    best = max(value(a) for a in actions)
    return rng.choice([a for a in actions if value(a) == best])


BOTS = {"random": random_bot, "greedy": greedy_bot, "osla": one_step_lookahead}   # osla: the reference player of every game
WesternLegends.BOTS = BOTS


def new_game(library, players: int, seed: int = 0, *, length: str = "short", rounds: int = 60, variants=(),
             overrides=None) -> State:
    """A new game's first state (the same seed, the same game when played with :func:`play`)."""
    game = WesternLegends.build(library, variants=variants, overrides=overrides)
    return game.new_initial_state(players=players, seed=seed, length=length, rounds=rounds)


def play(library, players: int, seed: int, rounds: int = 60, bots: list[str] | None = None, length: str = "short",
         variants=(), overrides=None, audit: bool = False) -> State:
    """A whole seeded game with bots, to its end (or ``rounds`` rounds at the most). ``audit`` logs
    every event with its state delta and each round with a snapshot (``play --log``)."""
    from ..base import play as play_game

    game = WesternLegends.build(library, variants=variants, overrides=overrides)
    return play_game(game, players, seed, bots or ["greedy"], length=length, rounds=rounds, audit=audit)


def balance_run_game(library, players: int, seed: int) -> dict:
    """One seeded game with the greedy bots, for the odds lab's balance runs: per seat after the
    first player, the seat's player, final score and whether it won; and the rounds played."""
    state = play(library, players, seed)
    scores, winners = state.final_scores(), state.ranking()[0]
    seats = []
    for after_first in range(players):
        player = state.players[(state.first + after_first) % players]
        seats.append({"seat": after_first + 1, "player": player.name, "score": scores[player.name]["total"],
                      "won": player.name in winners})
    return {"seats": seats, "rounds": state.round - 1}


def describe(event: dict, names: dict | None = None) -> str:
    """One line per event; ``names`` (document names by id) puts locations, items and cards in the
    game's words where a line names one."""
    kind, who = event["event"], event.get("player")
    if kind == "not-played":      # what validate warned of, in words (an effect by its name, where it is written)
        at = (names or {}).get(event.get("at"), event.get("at"))
        return (f"[{event['round']}] {who}: {str(event['effect']).replace('-', ' ')}" + (f" ({at})" if at else "")
                + f" is not played: {event['why']}")
    if kind == "start":
        lines = [f"Western Legends, {event['players']} players, seed {event['seed']}, game to {event['end_lp']} LP on"
                 f" {event['map']}" + (f", variants {', '.join(event['variants'])}" if event.get("variants") else "")]
        lines += [f"  assumption: {a}" for a in event["assumptions"]]
        return "\n".join(lines)
    if kind == "final-scoring":
        lines = [f"-- final scoring ({event['why']})"]
        lines += [f"  {n}: {s['total']} LP ({', '.join(f'{k} {v}' for k, v in s.items() if k != 'total')})"
                  for n, s in event["scores"].items()]
        lines.append("  ranking: " + " > ".join("=".join(g) for g in event["ranking"]))
        return "\n".join(lines)
    if kind == "prospect-die":
        return ""
    if kind == "round":
        return f"-- round {event['round']} ({event['first']} first)"
    details = ", ".join(f"{k} {v}" for k, v in event.items()
                        if k not in ("event", "round", "player", "delta", "snapshot"))
    return f"[{event['round']}] {who or ''} {kind}: {details}".replace("  ", " ")
