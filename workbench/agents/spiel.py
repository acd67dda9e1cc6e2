"""Every registered game as an OpenSpiel Python game.

:func:`register_all` registers each game of :data:`workbench.games.GAMES` with OpenSpiel under
``workbench_<id>`` (dashes as underscores), so ``pyspiel.load_game`` gives the designer's resolved
ruleset, the scenario, variants and overrides being game parameters::

    import pyspiel
    from workbench.agents.spiel import register_all
    register_all()
    game = pyspiel.load_game("workbench_dark_horse", {"scenario": "high-noon", "players": 2, "rounds": 3})

Parameters: ``players``, ``seed`` (the engine's setup seed), ``scenario`` (an id, "" for none),
``variants`` (ids separated by commas), ``overrides`` (a JSON object of parameter values),
``library`` (folders separated by ``os.pathsep``, read by the ``load_library`` given to
:func:`register_all`; "" is the published games) and every
option of the engine's ``new_initial_state`` (a scalar as itself, anything else as JSON text).

Action ids
----------
An action (or chance outcome) is the engine's JSON encoding of it (``State.encode``); its id is a
hash of that text into ``[0, 2**20)`` (:func:`action_id`), so an id means the same action in every
state, process and run, and a history of ids replays anywhere (OpenSpiel's default serialization).
Two legal actions of one state whose hashes collide are told apart by probing to the next free id
in the order of their encodings (deterministic; never seen in the conformance games).

Returns
-------
At the end, +1 to a sole winner (the engine's ``ranking()`` with its tie-breakers, else the best
``returns()``), 0 to each winner of a shared win, -1 to every other seat; 0 before the end
(OpenSpiel's terminal reward model). :func:`value` reads a game not yet over from the engine's
own scoring (see :mod:`.bots`).

The information state string of a seat is its :mod:`.visibility` view (as JSON) with the number
of steps played: not perfect recall (earlier views are not kept), which information-set search
uses as its node key.
"""
from __future__ import annotations

import hashlib
import inspect
import json
import os
from fractions import Fraction
from functools import lru_cache

import numpy as np
import pyspiel

from ..core.errors import UsageError
from ..games import GAMES
from .visibility import visibility

ID_BITS = 20
ID_SPACE = 1 << ID_BITS


def short_name(game_id: str) -> str:
    return "workbench_" + game_id.replace("-", "_")


def canonical(encoded) -> str:
    return json.dumps(encoded, sort_keys=True, separators=(",", ":"))


def action_id(encoded) -> int:
    """The stable id of an encoded action: a hash of its canonical JSON.

    >>> action_id({"action": "pass"}) == action_id({"action": "pass"}), 0 <= action_id([1, 2]) < 2 ** 20
    (True, True)
    """
    return action_id_of_text(canonical(encoded))


_IDS: dict = {}      # (type, action) -> (encoding, id): an action's id is computed once per process


def _id_of(state, action) -> tuple[str, int]:
    try:
        key = (type(action), action)
        known = _IDS.get(key)
    except TypeError:           # an unhashable action: computed each time
        key, known = None, None
    if known is None:
        text = canonical(state.encode(action))
        known = (text, action_id_of_text(text))
        if key is not None:
            if len(_IDS) > 200_000:
                _IDS.clear()
            _IDS[key] = known
    return known


def action_id_of_text(text: str) -> int:
    digest = hashlib.blake2b(text.encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") % ID_SPACE


def id_table(state, actions) -> dict[int, object]:
    """Ids for ``actions`` of ``state`` (collisions probed in encoding order), id -> action."""
    ids = []
    known_ids = _IDS.get
    for a in actions:                   # _id_of's remembered answer, looked up without its frame
        try:
            known = known_ids((type(a), a))
        except TypeError:
            known = None
        ids.append((known or _id_of(state, a))[1])
    if len(set(ids)) < len(ids):        # a collision: probe in encoding order
        keyed = [_id_of(state, a) for a in actions]
        taken: set[int] = set()
        for n in sorted(range(len(keyed)), key=lambda n: keyed[n][0]):
            i = keyed[n][1]
            while i in taken:
                i = (i + 1) % ID_SPACE
            taken.add(i)
            ids[n] = i
    return dict(zip(ids, actions))      # in the order of ``actions``


def _options(engine) -> dict:
    """The engine's new_initial_state options with their defaults (scalars as they are, anything
    else as JSON text, "" meaning the default)."""
    out = {}
    for name, p in inspect.signature(engine.new_initial_state).parameters.items():
        if name in ("self", "seed"):
            continue
        default = p.default
        out[name] = default if isinstance(default, (bool, int, float, str)) else ""
    return out


_LOADER = None      # folders -> Library, given to register_all (the validate application is above this layer)


@lru_cache(maxsize=32)
def _library(folders: str):
    named = [f for f in folders.split(os.pathsep) if f]
    if not named:
        from ..content.published import published_library
        return published_library()
    if _LOADER is None:
        raise UsageError("a game parameter 'library' needs register_all(load_library=...) to read the folders")
    return _LOADER(named)


@lru_cache(maxsize=64)
def _built(game_id: str, folders: str, scenario: str, variants: str, overrides: str):
    engine = GAMES[game_id].load()
    return engine.build(_library(folders), scenario=scenario or None, variants=[v for v in variants.split(",") if v],
                        overrides=json.loads(overrides) if overrides else None)


def outcome_returns(state) -> list[float]:
    """+1 to a sole winner, 0 to each of tied winners, -1 to the others (seat order)."""
    ranking = getattr(state, "ranking", None)
    if callable(ranking):
        winners = set(ranking()[0])
    else:
        scores = state.returns()
        best = max(scores.values())
        winners = {n for n, s in scores.items() if s == best}
    won = 1.0 if len(winners) == 1 else 0.0
    return [won if name in winners else -1.0 for name in state.seats]


class _Box:
    """What a :class:`SpielState` holds. pyspiel's C++ side clones a Python state by deep-copying
    its ``__dict__``: copying this box clones the engine state the engine's way (cheap; the game's
    fixed facts shared) instead of copying the whole game."""

    __slots__ = ("inner", "table", "saved", "seat_of", "decided")

    def __init__(self, inner, table=None, seat_of=None, decided=()):
        # seat_of: each seat's index (the seats never change in a game): shared by the copies;
        # decided: the decisions' ids applied since this state was wrapped (its path in a search)
        self.inner, self.table, self.saved, self.seat_of, self.decided = inner, table, None, seat_of, decided

    def __deepcopy__(self, memo):
        return _Box(self.inner.clone(), self.table, self.seat_of, self.decided)

    # pyspiel serializes a Python state by pickling its __dict__: the engine's own replay format
    # (setup and history as JSON), rebuilt from the game on first use
    def __getstate__(self):
        return {"saved": json.dumps(self.inner.to_json())}

    def __setstate__(self, data):
        self.inner, self.table, self.saved, self.seat_of, self.decided = None, None, json.loads(data["saved"]), None, ()


def _float(p) -> float:
    """``float(p)``; a Fraction's as ``Rational.__float__`` computes it (numerator / denominator,
    correctly rounded) without its frames: the search asks at every chance node."""
    return p.numerator / p.denominator if type(p) is Fraction else float(p)


class SpielState(pyspiel.State):
    """An engine state seen through OpenSpiel (``inner`` is the engine's state)."""

    def __init__(self, game: "SpielGame", inner):
        super().__init__(game)
        self._box = _Box(inner)

    @property
    def inner(self):
        box = self._box
        if box.inner is None:
            box.inner, box.saved = self.get_game().built.state_from_json(box.saved), None
        return box.inner

    @property
    def _table(self):
        return self._box.table

    @_table.setter
    def _table(self, value):
        self._box.table = value

    # the engine's action for an id, and back
    def table(self) -> dict:
        if self._table is None:
            inner = self.inner
            if inner.is_chance_node():
                self._table = id_table(inner, [o for o, _ in inner.chance_outcomes()])
            else:
                self._table = id_table(inner, inner.legal_actions())
        return self._table

    def engine_action(self, action: int):
        return self.table()[action]

    def id_of(self, engine_action) -> int:
        wanted = canonical(self.inner.encode(engine_action))
        return next(i for i, a in self.table().items() if canonical(self.inner.encode(a)) == wanted)

    def current_player(self):
        inner = self.inner
        if inner.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        if inner.is_chance_node():
            return pyspiel.PlayerId.CHANCE
        box = self._box
        seat_of = box.seat_of
        if seat_of is None:         # inner.seats.index(...), the seats listed once per game
            seat_of = box.seat_of = {seat: i for i, seat in enumerate(inner.seats)}
        return seat_of[inner.current_player()]

    def _legal_actions(self, player):
        return sorted(self.table())

    def chance_outcomes(self):
        outcomes = self.inner.chance_outcomes()
        table = id_table(self.inner, [o for o, _ in outcomes])
        self._table = table
        return sorted(zip(table, (_float(p) for _, p in outcomes)))

    def _apply_action(self, action):
        inner = self.inner
        if not inner.is_chance_node():
            self._box.decided += (action,)
        inner.apply_in_place(self.table()[action])
        self._table = None

    @property
    def decided(self) -> tuple:
        """The ids of the decisions (not chance outcomes) applied since this state was wrapped."""
        return self._box.decided

    def _action_to_string(self, player, action):
        return self.inner.describe_action(self.table()[action]) if action in self.table() else f"action {action}"

    def is_terminal(self):
        return self.inner.is_terminal()

    def returns(self):
        if not self.inner.is_terminal():
            return [0.0] * len(self.inner.seats)
        return outcome_returns(self.inner)

    def information_state_string(self, player=None):
        seat = self.inner.seats[self.current_player() if player is None else player]
        return canonical(self.get_game().visibility.view(self.inner, seat))

    def observation_string(self, player=None):
        return self.information_state_string(player)

    def resample_from_infostate(self, player_id, probability_sampler=None):
        game = self.get_game()
        rng = game.rng
        return SpielState(game, game.visibility.resample(self.inner, self.inner.seats[player_id], rng))

    def clone(self):
        new = SpielState(self.get_game(), self.inner.clone())
        box, mine = new._box, self._box
        box.table, box.seat_of, box.decided = mine.table, mine.seat_of, mine.decided
        return new

    def __str__(self):
        digest = hashlib.blake2b(canonical(list(self.inner.history)).encode(), digest_size=12).hexdigest()
        return f"{self.inner.game.id} after {len(self.inner.history)} steps ({digest})"


class _Observer:
    """The observer pyspiel asks for information state and observation strings."""

    def __init__(self):
        self.tensor = np.zeros(0, np.float32)
        self.dict = {}

    def set_from(self, state, player):
        pass

    def string_from(self, state, player):
        return state.information_state_string(player)


class SpielGame(pyspiel.Game):
    """A registered game with its parameters resolved (``built``: the engine's Game)."""

    game_id = ""

    def __init__(self, params=None, *, built=None):
        params = dict(params or {})
        engine = GAMES[self.game_id].load()
        spec = game_type(self.game_id).parameter_specification
        values = {**spec, **params}
        self.built = built or _built(self.game_id, values["library"], values["scenario"], values["variants"],
                                     values["overrides"])
        self.options = {}
        for name, default in _options(engine).items():
            if name in ("players",):
                continue
            value = values.get(name, default)
            if isinstance(default, str) and default == "" and value != "":
                value = json.loads(value)
            if value != "" or default != "":
                self.options[name] = value
        self.players = int(values["players"])
        low, high = self.built.player_range()
        if not low <= self.players <= high:
            raise UsageError(f"{engine.name} is for {low} to {high} players, not {self.players}")
        self.seed = int(values["seed"])
        self.visibility = visibility(self.game_id)
        self.rng = __import__("random").Random(self.seed)
        info = pyspiel.GameInfo(num_distinct_actions=ID_SPACE, max_chance_outcomes=ID_SPACE, num_players=self.players,
                                min_utility=-1.0, max_utility=1.0, utility_sum=None, max_game_length=200_000)
        super().__init__(game_type(self.game_id), info, {k: v for k, v in params.items()})

    def new_initial_state(self):
        return SpielState(self, self.built.new_initial_state(players=self.players, seed=self.seed, **self.options))

    def wrap(self, inner) -> SpielState:
        """An engine state of this game as an OpenSpiel state (a clone: the caller's is untouched)."""
        return SpielState(self, inner.clone())

    def make_py_observer(self, iig_obs_type=None, params=None):
        return _Observer()


@lru_cache(maxsize=None)
def game_type(game_id: str) -> pyspiel.GameType:
    entry = GAMES[game_id]
    engine = entry.load()
    options = _options(engine)
    spec = {"players": int(options.pop("players", 2)), "seed": 0, "scenario": "", "variants": "", "overrides": "",
            "library": "", **options}
    return pyspiel.GameType(
        short_name=short_name(game_id), long_name=f"Frontier Workbench: {entry.name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=8, min_num_players=1,
        provides_information_state_string=True, provides_information_state_tensor=False,
        provides_observation_string=True, provides_observation_tensor=False,
        parameter_specification=spec)


_CLASSES: dict[str, type] = {}


def game_class(game_id: str) -> type:
    if game_id not in _CLASSES:
        _CLASSES[game_id] = type(f"Spiel_{game_id.replace('-', '_')}", (SpielGame,), {"game_id": game_id})
    return _CLASSES[game_id]


def register_all(load_library=None) -> list[str]:
    """Register every game of the registry with OpenSpiel (once); returns their short names.

    ``load_library`` reads the ``library`` parameter's folders into a Library (for example
    ``lambda folders: workbench.app.validate.validate_paths(folders).library``); without it a game
    is played on the published games."""
    global _LOADER
    if load_library is not None:
        _LOADER = load_library
        _library.cache_clear()
        _built.cache_clear()
    names = []
    registered = {t.short_name for t in pyspiel.registered_games()}
    for game_id in GAMES:
        name = short_name(game_id)
        if name not in registered:
            pyspiel.register_game(game_type(game_id), game_class(game_id))
        names.append(name)
    return names


def spiel_game(built, players: int, seed: int = 0, **options) -> SpielGame:
    """An engine's built Game (any ruleset, library or content) as an OpenSpiel game, without
    going through the parameter text."""
    params = {"players": players, "seed": seed}
    for name, value in options.items():
        params[name] = value if isinstance(value, (bool, int, float, str)) else json.dumps(value)
    return game_class(built.id)(params, built=built)
