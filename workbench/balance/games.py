"""One game as the balance lab plays it, through the registry's one interface.

A :class:`Runner` builds a game for a setting (``Game.build(library, scenario=, variants=,
overrides=)``), plays one seeded game with bots (:func:`workbench.games.base.play`) and reads what
it says into a :class:`Played`: the seats in starting turn order, each seat's score
(``state.returns()``), the winners, the length and the log. Every registered game gets a
:class:`RegistryRunner`; nothing here knows a game by name except the temporary adapter below.

Seats are numbered in starting turn order: ``state.starting_order`` when an engine gives it,
else the seats rotated to ``state.first`` (the first player's index) when it has one, else seat
order. Winners come from ``state.ranking()`` (tie-breakers) when it exists, else the best
``returns``; the end trigger is the last logged event's ``why``.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ..core.errors import NotFound, UsageError


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


def starting_order(state) -> list[str]:
    """The seats in starting turn order: the engine's ``starting_order``, else the seats from
    its ``first`` player's index, else seat order."""
    given = getattr(state, "starting_order", None)
    if given:
        return list(given)
    seats = list(state.seats)
    first = getattr(state, "first", None)
    if isinstance(first, int) and not isinstance(first, bool) and 0 <= first < len(seats):
        return seats[first:] + seats[:first]
    return seats


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
        order = starting_order(state)
        ranking = getattr(state, "ranking", None)
        winners = list(ranking()[0]) if callable(ranking) else winners_of(returns)
        log = list(state.log)
        why = next((e.get("why") for e in reversed(log) if e.get("why")), None)
        return Played(order, returns, winners, rounds_played(log), len(state.history), end_reason(why, order), log)


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
        else:
            raise NotFound("game", game, known_games())
    return _RUNNERS[game]


def known_games() -> list[str]:
    from ..games import GAMES

    return sorted(GAMES)
