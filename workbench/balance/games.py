"""One game as the balance lab plays it, through the registry's one interface.

A :class:`Runner` builds a game for a setting (``Game.build(library, scenario=, variants=,
overrides=)``), plays one seeded game with bots (:func:`workbench.games.base.play`) and reads what
it says into a :class:`Played`: the seats in starting turn order, each seat's score
(``state.returns()``), the winners, the length and the log. Every registered game gets a
:class:`RegistryRunner`; nothing here knows a game by name except the temporary adapter below.

Western Legends is being moved onto the registry. Until it is there, :class:`WesternLegendsAdapter`
plays it through ``western_legends.engine`` (game lengths, players and bots; no house rules, which
that engine cannot take yet). Once ``GAMES["western-legends"]`` exists, :func:`runner` uses the
registry and the adapter can be deleted.
"""
from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from typing import Any

from ..errors import NotFound, UsageError


@dataclass
class Played:
    """What one finished game says, with seats named in starting turn order."""

    order: list[str]                 # seat 1 (the first player), seat 2, ...
    returns: dict[str, float]        # each seat's score at the end
    winners: list[str]               # more than one when tied
    rounds: int
    steps: int                       # decisions and chance outcomes the engine applied
    end: str                         # what ended the game, with seat names taken out
    log: list[dict] = field(repr=False, default_factory=list)


def end_reason(text: str | None, seats) -> str:
    """The end trigger in words shared by every game it ended (seat names replaced).

    >>> end_reason("blue has built all their towns and cities", ["red", "blue"])
    'a player has built all their towns and cities'
    """
    if not text:
        return "unknown"
    for name in seats:
        text = re.sub(rf"\b{re.escape(name)}\b", "a player", text)
    return text


def rounds_played(log) -> int:
    """Rounds seen in the log: the distinct round numbers of its events, the final event aside
    (some engines count the round on after the last one before they score)."""
    seen = {e.get("round") for e in list(log)[:-1]}
    return sum(1 for r in seen if isinstance(r, int) and not isinstance(r, bool) and r > 0)


def winners_of(returns: dict[str, float]) -> list[str]:
    """The seats with the best score (all of them when tied)."""
    best = max(returns.values())
    return [name for name, score in returns.items() if score == best]


class Runner:
    """How the lab plays one game (subclasses: one for the registry, one temporary adapter)."""

    id: str = ""
    name: str = ""
    content_game: str = ""           # the `game:` of its documents
    bots: list[str] = []
    default_bots: list[str] = []
    options: dict[str, str] = {}

    def build(self, library, setting) -> Any:
        raise NotImplementedError

    def player_range(self, built) -> tuple[int, int]:
        raise NotImplementedError

    def play(self, built, setting, seed: int) -> Played:
        raise NotImplementedError

    def check(self, setting) -> None:
        """Bots and option names given by the caller exist (a usage error otherwise)."""
        for bot in setting.bots:
            if bot not in self.bots:
                raise NotFound("bot", bot, self.bots, f"for {self.name}")
        for name in setting.options:
            if name not in self.options:
                raise NotFound("option", name, self.options, f"of {self.name}")


class RegistryRunner(Runner):
    """Any game of :data:`workbench.games.GAMES`: ``Game.build`` + ``base.play`` + ``returns``."""

    def __init__(self, entry):
        self.entry = entry
        self.game_class = entry.load()
        self.id, self.name = entry.id, entry.name
        self.content_game = getattr(entry, "content_game", entry.id)
        self.bots = list(self.game_class.BOTS)
        self.default_bots = self.bots[:1]
        self.options = {k: v for k, v in self.game_class.OPTIONS.items()}

    def build(self, library, setting):
        return self.game_class.build(library, scenario=setting.scenario, variants=list(setting.variants),
                                     overrides=dict(setting.overrides) or None)

    def player_range(self, built) -> tuple[int, int]:
        return built.player_range()

    def play(self, built, setting, seed: int) -> Played:
        from ..games.base import play

        state = play(built, setting.players, seed, list(setting.bots or self.default_bots), **setting.options)
        returns = {name: float(score) for name, score in state.returns().items()}
        # the starting turn order, where an engine says it (else seat order is turn order)
        order = list(getattr(state, "starting_order", None) or state.seats)
        ranking = getattr(state, "ranking", None)
        winners = list(ranking()[0]) if callable(ranking) else winners_of(returns)
        log = list(state.log)
        why = next((e.get("why") for e in reversed(log) if e.get("why")), None)
        return Played(order, returns, winners, rounds_played(log), len(state.history), end_reason(why, order), log)


class WesternLegendsAdapter(Runner):
    """TEMPORARY: Western Legends through its engine module until it is on the registry.

    It plays exactly what ``workbench play western-legends`` plays (the loop of
    ``engine.play``, counting the decisions), with the published game lengths as settings.
    Scenarios, variants and ``--set`` overrides are refused: that engine reads its numbers from
    the library directly and cannot take them yet. Delete this class when
    ``GAMES["western-legends"]`` exists (then :func:`runner` no longer reaches it).
    """

    id = "western-legends"
    name = "Western Legends"
    content_game = "western-legends"

    def __init__(self):
        from ..games.western_legends import engine

        self.engine = engine
        self.bots = list(engine.BOTS)
        self.default_bots = ["greedy"]      # as `workbench play western-legends`
        self.options = {"length": "the game length: short, average or long (the LP that trigger the end)",
                        "rounds": "a cap on rounds (default 60); a game ends by its own rule before"}

    def build(self, library, setting):
        if setting.scenario or setting.variants or setting.overrides:
            raise UsageError("Western Legends takes no scenario, variant or --set yet: its engine is being moved onto"
                             " the rules-as-data registry; compare game lengths (--option length=...), players or bots")
        game = library.data("western-legends", "game", "western-legends")
        if game is None:
            raise NotFound("game", "western-legends", [], "in the library")
        lengths = (game.get("parameters") or {}).get("game_lengths") or {}
        length = setting.options.get("length", "short")
        if length not in lengths:
            raise NotFound("game length", length, lengths, "of Western Legends")
        rounds = setting.options.get("rounds", 60)
        if not isinstance(rounds, int) or isinstance(rounds, bool) or rounds < 1:
            raise UsageError(f"--option rounds: a whole number of at least 1, not {rounds!r}")
        return library

    def player_range(self, built) -> tuple[int, int]:
        pool = sum(1 for d in built.of_kind("character", "western-legends") if d.data.get("start"))
        return 2, min(len(self.engine.NAMES), pool // 2)

    def play(self, built, setting, seed: int) -> Played:
        engine = self.engine
        state = engine.State(built, setting.players, seed, length=setting.options.get("length", "short"),
                             max_rounds=setting.options.get("rounds", 60))
        chooser = random.Random(seed + 1)      # as engine.play
        names = list(setting.bots or self.default_bots)
        seats = [engine.BOTS[names[i % len(names)]] for i in range(setting.players)]
        steps = 0
        while not state.done:
            state._apply(seats[state.turn](state, chooser))
            steps += 1
        players = [p.name for p in state.players]
        order = players[state.first:] + players[:state.first]
        scores = state.final_scores()
        log = list(state.log)
        triggered = next((e for e in log if e["event"] == "end-triggered"), None)
        end = (f"a player reached {state.rules.end_lp} LP (then one final round)" if triggered else
               f"the cap of {state.max_rounds} rounds was reached")
        return Played(order, {n: float(scores[n]["total"]) for n in order}, list(state.ranking()[0]),
                      rounds_played(log), steps, end, log)


_RUNNERS: dict[str, Runner] = {}


def add_runner(game_runner: Runner) -> Runner:
    """Play a game that is not registered (one defined in a notebook, a test's synthetic game) in
    this process. Workers of a Dask cluster import the registry, so such a game runs in-process
    only (``run(..., cluster="in-process")``)."""
    _RUNNERS[game_runner.id] = game_runner
    return game_runner


def runner(game: str) -> Runner:
    """The runner for a game id: the registry's when the game is registered."""
    from ..games import GAMES

    if game not in _RUNNERS:
        if game in GAMES:
            _RUNNERS[game] = RegistryRunner(GAMES[game])
        elif game == WesternLegendsAdapter.id:
            _RUNNERS[game] = WesternLegendsAdapter()
        else:
            raise NotFound("game", game, known_games())
    return _RUNNERS[game]


def known_games() -> list[str]:
    from ..games import GAMES

    return sorted(set(GAMES) | {WesternLegendsAdapter.id})
