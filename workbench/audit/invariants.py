"""Rules-conformance invariants: sentences of the rules texts, each checked on a replayed log.

An :class:`Invariant` quotes its sentence and says where it is from; its check reads a
:class:`Played` game (the events and the state after each, rebuilt by :func:`.replay.replay`) and
yields what breaks the rule. The checks are written from the rules texts, apart from any engine's
own legality code, and read nothing but the log.
"""
from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from typing import Callable, Iterator

from .replay import replay


class Played:
    """A game read back from its audited log: ``events[i]`` and ``states[i]``, the state when
    event ``i`` was logged (after the changes that came with it)."""

    def __init__(self, events: list[dict]):
        from .replay import ReplayError
        if not events:
            raise ReplayError("the log holds no events: nothing to audit")
        self.events = events
        self.states = [state for _, state in replay(events)]
        self.start = events[0]
        self.rules = self.start.get("ruleset") or {}
        self.game = self.start.get("game")
        if not isinstance(self.rules, dict):
            raise ReplayError("the start event's 'ruleset' is not a JSON object", 0)
        load_registered()
        games = sorted({inv.game for inv in INVARIANTS.values()})
        if self.game not in games:  # an audit that checks nothing must not pass
            raise ReplayError(f"the log is of the game {json.dumps(self.game)[:60]}, which the audit has no rules for"
                              f" (it knows {', '.join(games)})", 0)

    def before(self, i: int) -> dict:
        return self.states[i - 1] if i > 0 else self.states[0]

    def each(self, *kinds: str) -> Iterator[tuple[int, dict]]:
        for i, event in enumerate(self.events):
            if event.get("event") in kinds:
                yield i, event

    def where(self, i: int) -> str:
        event = self.events[i]
        return f"event {i + 1} ({event.get('event')}, round {event.get('round')})"


@dataclass(frozen=True)
class Invariant:
    """A rule as an invariant: its id, its game, the sentence it checks and where that is."""

    id: str
    game: str
    quote: str
    source: str
    check: Callable[[Played], Iterator[str]]
    on: tuple[str, ...] = ()                       # the events whose situation it checks (coverage)
    when: Callable[["Played"], bool] | None = None  # the games it applies to (all when None)

    def applies(self, played: "Played") -> bool:
        return self.when is None or bool(self.when(played))

    def situations(self, played: "Played") -> int:
        """How many times the situation the rule speaks of came up in this game."""
        if not self.applies(played):
            return 0
        return sum(1 for e in played.events if e.get("event") in self.on)


INVARIANTS: dict[str, Invariant] = {}


def invariant(game: str, id: str, quote: str, source: str, on: tuple[str, ...] = (), when=None):
    """Register a check; the function yields one message per breach. ``on`` names the events
    whose situation it checks and ``when`` the rulesets it applies to (for coverage counts)."""
    def register(check):
        INVARIANTS[f"{game}/{id}"] = Invariant(id, game, quote, source, check, tuple(on), when)
        return check
    return register


def load_registered() -> None:
    """Import each registered game's audit module (its entry's ``audit``), which registers its
    invariants: the registry, not this layer, says which games are audited and by what."""
    from importlib import import_module

    from ..games import GAMES

    for entry in list(GAMES.values()):
        if entry.audit:
            import_module(entry.audit)


def for_game(game: str) -> list[Invariant]:
    """The invariants of ``game`` (its registry entry's audit module's)."""
    load_registered()
    return [inv for inv in INVARIANTS.values() if inv.game == game]


def check(played: Played, invariants: list[Invariant] | None = None, limit: int = 5) -> dict[str, list[str]]:
    """Every invariant of the game checked: ``{invariant id: [breaches]}`` (at most ``limit``
    each), with an empty list for those that hold."""
    out = {}
    for inv in invariants if invariants is not None else for_game(played.game):
        found = []
        if not inv.applies(played):
            out[inv.id] = found
            continue
        for message in inv.check(played):
            found.append(message)
            if len(found) >= limit:
                break
        out[inv.id] = found
    return out


def count(items) -> Counter:
    return Counter(items)
