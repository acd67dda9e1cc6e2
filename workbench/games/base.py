"""What every game engine shares: a :class:`Game` holding the fixed facts and the resolved
ruleset, and a :class:`State` holding only what changes (OpenSpiel's split).

The state API
-------------
``legal_actions()``
    The decisions open to :meth:`State.current_player` (empty at chance nodes and at the end).
``is_chance_node()`` / ``chance_outcomes()``
    Chance as explicit outcomes with exact probabilities (they sum to 1); a driver samples them
    with :meth:`State.sample_chance` (seeded), an exact computation walks them.
``apply(action)``
    The next state; the old one is left unchanged, so a notebook keeps every step. Cheap: the
    fixed facts are shared through the game, the log and the history are shared trails.
``returns()``
    The scores each player has (at the end: the result).
``playout(policy, rng, decisions)``
    Play on in place (a search's rollout): the same steps as ``apply_in_place`` in a loop; an
    engine may override it with a faster loop that plays the same (Dark Horse does).
``history`` / ``to_json()``
    Every action and chance outcome so far; a state is its game, its setup and its history, so
    :meth:`Game.state_from_json` rebuilds it by replaying.
``snapshot()``
    Everything that changes, as plain JSON (names as keys, so two snapshots diff path by path).

Auditable logs
--------------
Engines log events through :meth:`State.record`. With the game's audit on (:meth:`Game.audited`;
``play(..., audit=True)``; off by default, so balance sweeps pay one attribute test per event),
every event carries ``delta``: what changed since the previous event, as ``{path, from, to}``
entries (``path`` a JSON Pointer into the snapshot; ``from`` absent for something new, ``to``
absent for something gone). The first event and each round's start (the engine's
``ROUND_EVENT``) also carry the full ``snapshot``, so a game can be replayed and audited from its
log alone (:mod:`workbench.audit`, which imports no engine); ``schemas/log/log-event.schema.json``
documents the event.

:func:`play` drives any registered game with bots, seeded: the same seed, the same game.
"""
from __future__ import annotations

import copy
import random
from fractions import Fraction
from typing import Any, Callable, ClassVar, Iterable

from ..core.errors import UsageError


class EffectNotReady(UsageError):
    """A state at no moment one effect can be played alone (:meth:`State.play_effect`)."""


class Trail:
    """An append-only list shared between a state and the states after it.

    ``fork`` is O(1): the new trail shares the events. Appending to a trail that is not the tip of
    its list (a state stepped from twice: a branch) copies its prefix first, so branches never see
    each other's events.

    >>> a = Trail(); a.append(1); b = a.fork(); b.append(2); c = a.fork(); c.append(3)
    >>> list(a), list(b), list(c)
    ([1], [1, 2], [1, 3])
    """

    __slots__ = ("_items", "_n")

    def __init__(self, items: list | None = None, n: int | None = None):
        self._items = items if items is not None else []
        self._n = len(self._items) if n is None else n

    def append(self, item) -> None:
        if self._n != len(self._items):
            self._items = self._items[:self._n]
        self._items.append(item)
        self._n += 1

    def fork(self) -> "Trail":
        return Trail(self._items, self._n)

    def __len__(self) -> int:
        return self._n

    def __iter__(self):
        return iter(self._items[:self._n])

    def __getitem__(self, index):
        return self._items[:self._n][index]

    def __eq__(self, other) -> bool:
        return list(self) == list(other)

    def __repr__(self) -> str:
        return f"Trail({list(self)!r})"


class Tally:
    """Counts what is appended to it without keeping it: the log and history of a search's
    rollout, which nobody reads (an engine reads only their lengths). Reading one is an error,
    so code that would read a rollout's log fails instead of seeing nothing.

    >>> t = Tally(2); t.append({"event": "gain"}); len(t), len(t.fork())
    (3, 3)
    """

    #: ``n``: the count (a rollout's hot path adds to it directly: ``log.n += 1``, no call)
    __slots__ = ("n",)

    def __init__(self, n: int = 0):
        self.n = n

    def append(self, item) -> None:
        self.n += 1

    def fork(self) -> "Tally":
        return Tally(self.n)

    def __len__(self) -> int:
        return self.n

    def __iter__(self):
        raise TypeError("a rollout keeps no log or history (a Tally counts them only)")

    __getitem__ = __iter__


def untracked(state) -> None:
    """Make ``state`` (a copy a rollout plays on) count its log and history instead of keeping
    them: no action encoded, no event built. What happens in the game is unchanged."""
    for name in ("log", "history"):
        trail = getattr(state, name, None)
        if trail is not None:
            setattr(state, name, Tally(len(trail)))


class Game:
    """A game's fixed facts: the resolved ruleset and what the library says (spaces, map, decks).

    Subclasses set ``id``, ``name``, ``PARAMETERS`` (the ruleset's declared types) and ``BOTS``,
    and implement :meth:`build` and :meth:`new_initial_state`.
    """

    id: ClassVar[str] = ""
    name: ClassVar[str] = ""
    PARAMETERS: ClassVar[dict] = {}
    BOTS: ClassVar[dict[str, Callable]] = {}
    #: Decisions the reference player (:func:`one_step_lookahead`) plays on after each action, by
    #: the game's own random player, before it reads the scores: 0 reads them just after the action
    #: (TAG's OSLA); a game whose actions pay off a few decisions later sets more (Dark Horse: a die
    #: placed now is collected in the Collection Phase).
    LOOKAHEAD_HORIZON: ClassVar[int] = 0
    #: Options of new_initial_state beyond players and seed, with what they mean (for the CLI).
    OPTIONS: ClassVar[dict[str, str]] = {}

    ruleset: Any
    library: Any
    #: With audit on, every logged event carries its state delta (see the module docstring).
    audit: bool = False

    @classmethod
    def build(cls, library, *, scenario: str | None = None, variants: Iterable[str] = (),
              overrides: dict | None = None, **options) -> "Game":
        """The game for a scenario, variants and overrides; raises
        :class:`~workbench.core.errors.ContentError` (with located problems) when the library cannot
        be played."""
        raise NotImplementedError

    @classmethod
    def problems(cls, library) -> list:
        """Everything that would stop the library's content from playing (for ``validate``)."""
        return []

    def player_range(self) -> tuple[int, int]:
        raise NotImplementedError

    def new_initial_state(self, players: int, seed: int = 0, **options) -> "State":
        raise NotImplementedError

    def state_from_json(self, data: dict) -> "State":
        """Rebuild a state from :meth:`State.to_json` by replaying its history."""
        state = self.new_initial_state(**data["setup"])
        for encoded in data["history"]:
            state.apply_in_place(state.decode(encoded))
        return state

    def assumptions(self) -> list[str]:
        """The assumptions in force, one line each (logs and notebooks show them), then the house
        rules and illustrative data in force, each with its badge."""
        from ..content.badges import in_force
        return self.ruleset.assumption_lines() + in_force(self.ruleset, getattr(self, "library", None))

    def can_end(self) -> bool | None:
        """Whether a game can end by a trigger of its rules, read from the ruleset and the content
        in play without playing (``None``: the engine does not say; Dark Horse does,
        :mod:`workbench.games.dark_horse.ends`). The balance lab tells a game stopped at its rounds
        from one that ended by this."""
        return None

    def audited(self) -> "Game":
        """This game with audit on: a shallow copy (the facts and the ruleset are shared), so the
        game others hold keeps its fast path."""
        game = copy.copy(self)
        game.audit = True
        return game


class State:
    """One moment of a game; subclasses hold only what changes and point at their :class:`Game`."""

    game: Game
    log: Trail
    history: Trail
    setup: dict
    seats: list[str]          # the players' names, in seat order
    #: The event that opens a round: with audit on it carries a full snapshot.
    ROUND_EVENT: ClassVar[str] = "round"

    # -- to implement --------------------------------------------------------------------------
    def legal_actions(self) -> list:
        raise NotImplementedError

    def current_player(self) -> str | None:
        raise NotImplementedError

    def is_terminal(self) -> bool:
        raise NotImplementedError

    def returns(self) -> dict[str, float]:
        raise NotImplementedError

    def clone(self) -> "State":
        raise NotImplementedError

    def _apply(self, action) -> None:
        raise NotImplementedError

    def encode(self, action) -> Any:
        """An action or chance outcome as JSON."""
        return action

    def decode(self, data) -> Any:
        return data

    def snapshot(self) -> dict:
        """Everything that changes, as plain JSON (dicts with text keys, lists, numbers, text,
        booleans, null): what an audit diffs and a reader replays. Engines implement it."""
        raise NotImplementedError

    # -- the log -----------------------------------------------------------------------------------
    def record(self, event: dict) -> None:
        """Append ``event`` to the log; with audit on, first attach its ``delta`` (and the full
        ``snapshot`` on the first event and at each round's start)."""
        if self.log.__class__ is Tally:      # a rollout: counted, not kept (nor audited)
            self.log.n += 1
            return
        if self.game.audit:
            now = self.snapshot()
            before = self.__dict__.get("_audited")
            if before is None:
                event["delta"] = []
                event["snapshot"] = now
            else:
                event["delta"] = diff(before, now)
                if event.get("event") == self.ROUND_EVENT:
                    event["snapshot"] = now
            self._audited = now      # never mutated afterwards: states stepped from share it
        self.log.append(event)

    # -- chance ------------------------------------------------------------------------------------
    def is_chance_node(self) -> bool:
        return False

    def chance_outcomes(self) -> list[tuple[Any, Fraction]]:
        return []

    def sample_chance(self, rng: random.Random):
        """A chance outcome drawn with its probability (subclasses may roll dice one by one)."""
        outcomes = self.chance_outcomes()
        pick = rng.random()
        for outcome, p in outcomes:
            pick -= p
            if pick < 0:
                return outcome
        return outcomes[-1][0]

    # -- shared --------------------------------------------------------------------------------------
    @property
    def done(self) -> bool:
        return self.is_terminal()

    def is_legal(self, action) -> bool:
        if self.is_chance_node():
            return any(action == outcome for outcome, _ in self.chance_outcomes())
        cached = self.__dict__.get("_legal")
        if cached is None:      # a bot usually asked just before: legal_actions() is remembered
            cached = self.__dict__["_legal"] = set(self.legal_actions())
        return action in cached

    def apply(self, action) -> "State":
        """The state after ``action`` (a decision, or a chance outcome at a chance node); this
        state is left unchanged. Raises :class:`~workbench.core.errors.UsageError` for an action that
        is not legal now."""
        if not self.is_legal(action):
            raise UsageError(f"{self.describe_action(action)} is not legal now")
        state = self.clone()
        state.__dict__.pop("_legal", None)
        state.apply_in_place(action)
        return state

    def apply_in_place(self, action) -> None:
        """Apply without keeping the old state (whole games need no history of states)."""
        self.__dict__.pop("_legal", None)
        history = self.history
        if history.__class__ is Tally:      # a rollout's: counted, the action not encoded
            history.n += 1
        else:
            history.append(self.encode(action))
        self._apply(action)

    def playout(self, policy, rng: random.Random, decisions: float = float("inf")) -> int:
        """Play on in place, ``policy(state, rng)`` deciding and chance sampled from ``rng``, until
        the end or ``decisions`` decisions (chance outcomes not counted); returns the decisions
        played. A search's rollout; an engine may override it with a faster loop that plays the
        same."""
        played = 0
        while not self.is_terminal() and played < decisions:
            if self.is_chance_node():
                self.apply_in_place(self.sample_chance(rng))
            else:
                self.apply_in_place(policy(self, rng))
                played += 1
        return played

    # -- one effect alone (the docs' effect reference) ------------------------------------------
    def play_effect(self, spec: dict, where: str | None = None) -> None:
        """Play one effect of the game's vocabulary, in place, as the engine plays it in a game:
        ``spec`` an entry of ``effects:`` (``{"effect": NAME, ...parameters}``) written on the
        document ``where`` (an action space, a hex type, a location, a card: its id), for the
        player whose moment it is; then the steps it leaves (dice, draws, a choice) are carried
        out to their end, each decision the first legal one and each chance outcome the first.
        What it writes is in :attr:`log`.

        Raises
        ------
        EffectNotReady
            When this state is at no moment the effect can be played (setup not done, a choice
            pending, no such hex on the board): play on and ask again.
        NotImplementedError
            When the engine cannot play one effect on its own.
        """
        raise NotImplementedError(f"{type(self.game).__name__} does not play one effect on its own")

    def _settle(self, busy: Callable[[], bool], limit: int = 200) -> None:
        """Carry out what is left while ``busy()``: the first chance outcome, the first legal decision."""
        for _ in range(limit):
            if not busy() or self.is_terminal():
                return
            if self.is_chance_node():
                self.apply_in_place(self.chance_outcomes()[0][0])
            else:
                legal = self.legal_actions()
                if not legal:
                    return
                self.apply_in_place(legal[0])

    def score(self) -> dict[str, float]:
        """Each player's standing by the ruleset's own scoring, for a player that looks one step
        ahead (:func:`one_step_lookahead`): :meth:`returns`, unless an engine can say more by the
        ruleset's own rates (Dark Horse: the Reputation tokens on the way to the next Victory
        Point, at the ruleset's tokens a point)."""
        return self.returns()

    def describe_action(self, action) -> str:
        return str(action)

    def to_json(self) -> dict:
        return {"game": self.game.id, "setup": dict(self.setup), "history": list(self.history)}


def _pointer(parts) -> str:
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in parts)


def diff(before, after, path: tuple = ()) -> list[dict]:
    """What changed from ``before`` to ``after`` (plain JSON), as ``{path, from, to}`` entries.

    Mappings are compared key by key; anything else (lists included) is one value.

    >>> diff({"a": 1, "b": {"c": [1]}}, {"a": 2, "b": {"c": [1], "d": 0}})
    [{'path': '/a', 'from': 1, 'to': 2}, {'path': '/b/d', 'to': 0}]
    """
    if isinstance(before, dict) and isinstance(after, dict):
        out: list[dict] = []
        for key, value in before.items():
            if key not in after:
                out.append({"path": _pointer(path + (key,)), "from": value})
            elif after[key] != value or type(after[key]) is not type(value):
                out += diff(value, after[key], path + (key,))
        for key, value in after.items():
            if key not in before:
                out.append({"path": _pointer(path + (key,)), "to": value})
        return out
    if before == after and type(before) is type(after):
        return []
    return [{"path": _pointer(path), "from": before, "to": after}]


#: Chance outcomes a lookahead weighs exactly (more are sampled, :data:`LOOKAHEAD_SAMPLES` of them,
#: as many as the continuations played past a ``LOOKAHEAD_HORIZON``).
LOOKAHEAD_EXACT = 64
LOOKAHEAD_SAMPLES = 4


def _lead(scores: dict, me: str) -> float:
    """``me``'s score less the best other player's (the standing a player plays for)."""
    mine = float(scores[me])
    return mine - max((float(v) for k, v in scores.items() if k != me), default=0.0)


def _expected_lead(state: "State", me: str, rng: random.Random, depth: int = 2) -> float:
    """``me``'s lead in ``state``, chance resolved by expectation: each outcome weighed by its
    probability when there are at most :data:`LOOKAHEAD_EXACT` of them, else the mean of
    :data:`LOOKAHEAD_SAMPLES` drawn from ``rng`` (or the continuations of a horizon); ``depth``
    chance steps at most."""
    if state.is_terminal() or not state.is_chance_node() or depth == 0:
        return _lead(state.score(), me)
    outcomes = state.chance_outcomes()
    if len(outcomes) > LOOKAHEAD_EXACT:
        drawn = [state.sample_chance(rng) for _ in range(LOOKAHEAD_SAMPLES)]
        outcomes = [(o, Fraction(1, len(drawn))) for o in drawn]
    total = 0.0
    for outcome, p in outcomes:
        after = state.clone()
        untracked(after)
        after.apply_in_place(outcome)
        total += float(p) * _expected_lead(after, me, rng, depth - 1)
    return total


def one_step_lookahead(state: "State", rng: random.Random):
    """The reference player of every game: a one-step lookahead on the ruleset's own scoring (as
    TAG's OSLA). Each legal action is applied to a copy, which is valued by the acting player's lead
    in :meth:`State.score` (the points the rules give, over the best other player's), chance after
    it by expectation; the best action is played, ties broken by the game's own ``random`` player
    where its choice is among them, else uniformly (``rng``: seeded either way). It has no
    weights of its own: an authored space that scores is used, and a house rule that changes the
    scores changes its play.

    One step sees only what an action scores at once. A game whose actions pay off later declares
    ``Game.LOOKAHEAD_HORIZON``: each action is then valued after that many more decisions played
    by the game's own random player, the mean of :data:`LOOKAHEAD_SAMPLES` continuations, the same
    continuations' seeds for every action (so two actions differ by what they change, not by the
    luck of their samples)."""
    actions = state.legal_actions()
    if len(actions) == 1:
        return actions[0]
    me = state.current_player()
    game = state.game
    horizon = game.LOOKAHEAD_HORIZON
    own = game.BOTS.get("random")
    if horizon:
        policy = own or (lambda s, r: r.choice(s.legal_actions()))
        seeds = [rng.getrandbits(32) for _ in range(LOOKAHEAD_SAMPLES)]
    values = []
    for action in actions:
        after = state.clone()
        untracked(after)
        after.__dict__.pop("_legal", None)
        after.apply_in_place(action)
        if not horizon:
            values.append(_expected_lead(after, me, rng))
            continue
        total = 0.0
        for seed in seeds:
            played = after.clone()
            played.playout(policy, random.Random(seed), horizon)
            total += _lead(played.score(), me)
        values.append(total / len(seeds))
    best = max(values)
    tied = [a for a, v in zip(actions, values) if v >= best - 1e-9]
    if len(tied) == 1:
        return tied[0]
    # ties broken as the game's own random player would (Dark Horse's never passes while it can
    # place a die: a pass looks level one step ahead), else uniformly; seeded either way
    if own is not None:
        pick = own(state, rng)
        if pick in tied:
            return pick
    return tied[rng.randrange(len(tied))]


def play(game: Game, players: int, seed: int, bots: list[str] | None = None, *, max_steps: int = 200_000,
         audit: bool = False, observe: Callable[[State], None] | None = None, **options) -> State:
    """A whole seeded game with bots: chance from ``Random(seed)``, the bots' choices from
    ``Random(seed + 1)``, so the same seed gives the same game. ``audit`` logs every event with
    its state delta (see the module docstring). ``observe(state)`` is called before each decision
    (not at chance nodes) and once at the end: what a measure of the game reads as it is played
    (the balance lab's choices and standings); it must not change the state."""
    if audit:
        game = game.audited()
    state = game.new_initial_state(players=players, seed=seed, **options)
    chance, chooser = random.Random(seed), random.Random(seed + 1)
    names = list(game.BOTS)
    bots = bots or names[:1]
    for bot in bots:
        if not callable(bot) and bot not in game.BOTS:
            from ..core.errors import NotFound
            raise NotFound("bot", bot, game.BOTS)
    # a bot is a name of the game's bots or a callable bot(state, rng) (the search bots of agents/)
    seats = {name: (bot if callable(bot) else game.BOTS[bot])
             for name, bot in ((name, bots[i % len(bots)]) for i, name in enumerate(state.seats))}
    for _ in range(max_steps):
        if state.is_terminal():
            if observe is not None:
                observe(state)
            return state
        if state.is_chance_node():
            state.apply_in_place(state.sample_chance(chance))
        else:
            if observe is not None:
                observe(state)
            state.apply_in_place(seats[state.current_player()](state, chooser))
    raise RuntimeError(f"{game.id}: no end after {max_steps} steps")  # a bug, not a content problem
