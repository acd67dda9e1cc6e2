"""Rules coverage: which parts of a ruleset the bots actually exercise (like code coverage).

Over a set of seeded games, every decision is read twice: what was *legal* (each kind of action
open to the seat) and what was *taken*; and the log says what *happened* (robberies, gunfights,
captures, each effect played). One reading serves every game: an action is labelled by its
engine encoding (``State.encode``), by its kind and the names in it (an action space, a
location, a card, a character, a piece, a token used), the numbers (dice, coordinates) dropped;
Dark Horse's option index is shown from 1, as the rules number them::

    place on saloon           use wild-die-token        collect saloon option 2
    rob fixture-bank          challenge marshal-token   disc cattle-drive

An element that was legal but never taken is listed (``never_taken``): a rule a designer wrote
that no bot uses, so a verdict cannot be about it. For an engine whose game lists its action
spaces (Dark Horse's ``spaces``), the spaces and options in play that were never even legal are
listed too (``never_legal``).

:func:`sweep` plays the games (the engines' ``play``, bots by name or callables, search bots
included) and returns a :class:`Coverage`; ``benchmarks/agents.py coverage`` prints it.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

#: Events that are bookkeeping, not something the rules made happen.
BOOKKEEPING = frozenset({"start", "end", "round", "placement", "collection", "roll", "setup", "start-of-turn",
                         "end-of-turn", "final-scoring", "challenges"})
#: Fields of an encoded action whose text names a part of the ruleset.
NAMED = ("space", "location", "item", "card", "character", "piece", "target")


def decision_labels(encoded, name=None, seats=()) -> list[str]:
    """The ruleset elements an encoded action uses (its first label is the action itself);
    ``name`` names a space as the engine's ``element_name`` does (a Mystery Hex by its type);
    a seat's name (``seats``: the target of a Cowboy Boot) is not a rule and is dropped.

    >>> decision_labels({"action": {"kind": "place", "space": "saloon", "dice": [3], "uses": ["wild-die-token"]}})
    ['place on saloon', 'use wild-die-token']
    >>> decision_labels({"action": {"kind": "collect", "space": "marshal", "option": 0}})
    ['collect marshal option 1']
    >>> decision_labels({"action": "move", "target": [3, 1]}), decision_labels({"action": "kill", "card": "bandit-12"})
    (['move'], ['kill bandit-12'])
    """
    data = encoded.get("action", encoded) if isinstance(encoded, dict) else encoded
    if isinstance(data, str):              # {"action": kind, ...}: the kind, the rest beside it
        data = {**encoded, "kind": data}
    if not isinstance(data, dict):
        return [str(data)]
    kind = str(data.get("kind", "action"))
    words = [kind]
    space = data.get("space")
    if isinstance(space, str) and name is not None:
        data = {**data, "space": name(space)}
    if kind == "place" and isinstance(data.get("space"), str):
        words = ["place on", data["space"]]
    else:
        for field_name in NAMED:
            value = data.get(field_name)
            if isinstance(value, str) and value not in seats:
                words.append(value)
        option = data.get("option")
        if isinstance(option, int) and not isinstance(option, bool):
            words.append(f"option {option + 1}")
    labels = [" ".join(words)]
    for used in data.get("uses") or ():
        labels.append(f"use {used}")
    return labels


def event_labels(event: dict) -> list[str]:
    """What an event says happened: its kind, with the effect played or the outcome reached.

    >>> event_labels({"event": "effect", "effect": "jail-die-next-turn", "space": "saloon"})
    ['effect jail-die-next-turn']
    >>> event_labels({"event": "gunfight", "outcome": "a-wins"}), event_labels({"event": "round"})
    (['gunfight', 'gunfight: a-wins'], [])
    """
    kind = event.get("event")
    if not isinstance(kind, str) or kind in BOOKKEEPING:
        return []
    if kind == "effect" and isinstance(event.get("effect"), str):
        return [f"effect {event['effect']}"]
    labels = [kind]
    outcome = event.get("outcome")
    if isinstance(outcome, (str, bool)):
        labels.append(f"{kind}: {outcome}")
    return labels


@dataclass
class Coverage:
    """Counts over a sweep of games (see the module)."""

    games: int = 0
    decisions: int = 0
    legal: Counter = field(default_factory=Counter)    # label -> decisions where it was legal
    taken: Counter = field(default_factory=Counter)    # label -> decisions where it was taken
    events: Counter = field(default_factory=Counter)   # label -> times it happened
    event_games: Counter = field(default_factory=Counter)  # label -> games where it happened
    in_play: list[str] = field(default_factory=list)   # labels the content puts in play (when known)
    left_out: list[str] = field(default_factory=list)  # content the engine leaves out (not played)

    def record(self, state, chosen) -> None:
        """One decision: what ``state`` had legal and what was ``chosen``."""
        self.decisions += 1
        name, seats = getattr(state, "element_name", None), set(state.seats)
        seen: set[str] = set()
        for action in state.legal_actions():
            seen.update(decision_labels(state.encode(action), name, seats))
        self.legal.update(seen)
        self.taken.update(set(decision_labels(state.encode(chosen), name, seats)))

    def add_log(self, log) -> None:
        self.games += 1
        happened: Counter = Counter()
        for event in log:
            happened.update(event_labels(event))
        self.events.update(happened)
        self.event_games.update(set(happened))

    def never_taken(self) -> list[str]:
        """Elements legal at some decision that no bot ever took."""
        return sorted(label for label in self.legal if not self.taken[label])

    def never_legal(self) -> list[str]:
        """Elements the content puts in play that were never legal (empty when not known)."""
        return sorted(label for label in self.in_play if not self.legal[label])

    def text(self) -> str:
        lines = [f"rules coverage over {self.games} games ({self.decisions} decisions)", "",
                 f"{'decision':<52}{'legal':>8}{'taken':>8}{'taken when legal':>18}"]
        for label in sorted(self.legal, key=lambda x: (-self.taken[x], x)):
            share = self.taken[label] / self.legal[label]
            lines.append(f"{label:<52}{self.legal[label]:>8}{self.taken[label]:>8}{share:>17.0%}")
        lines += ["", f"{'what happened':<52}{'times':>8}{'games':>8}"]
        for label in sorted(self.events, key=lambda x: (-self.events[x], x)):
            lines.append(f"{label:<52}{self.events[label]:>8}{self.event_games[label]:>8}")
        lines += ["", "legal but never taken: " + (", ".join(self.never_taken()) or "none")]
        if self.in_play:
            lines.append("in play but never legal: " + (", ".join(self.never_legal()) or "none"))
        if self.left_out:
            lines.append("left out by the engine (not played; validate says why): "
                         + ", ".join(self.left_out))
        return "\n".join(lines)

    def as_json(self) -> dict:
        return {"games": self.games, "decisions": self.decisions,
                "decisions_by_element": {k: {"legal": self.legal[k], "taken": self.taken[k]} for k in sorted(self.legal)},
                "events": {k: {"times": self.events[k], "games": self.event_games[k]} for k in sorted(self.events)},
                "never_taken": self.never_taken(), "never_legal": self.never_legal(), "left_out": list(self.left_out)}


def content_elements(built) -> list[str]:
    """The placements and options a game's content puts in play, for games that list their action
    spaces (``built.spaces``: id -> document with ``options``); empty for the others."""
    spaces = getattr(built, "spaces", None)
    if not isinstance(spaces, dict):
        return []
    out = []
    for space_id, doc in spaces.items():
        out.append(f"place on {space_id}")
        options = doc.get("options") if isinstance(doc, dict) else None
        if isinstance(options, list):
            out += [f"collect {space_id} option {n + 1}" for n in range(len(options))]
    return out


def recording(bot, coverage: Coverage):
    """``bot`` (a callable ``bot(state, rng)``) that records each decision in ``coverage``."""
    def recorded(state, rng):
        chosen = bot(state, rng)
        coverage.record(state, chosen)
        return chosen
    recorded.__name__ = getattr(bot, "__name__", "bot")
    return recorded


def sweep(built, players: int, seeds, bots: list, **options) -> Coverage:
    """Play a seeded game per seed with ``bots`` (names of the game's bots or search bots, or
    callables, by seat) and count what they exercised."""
    from ..games.base import play
    from .seats import seat_bots

    coverage = Coverage(in_play=content_elements(built), left_out=sorted(getattr(built, "left_out", None) or []))
    callables = [b if callable(b) else built.BOTS[b] if b in built.BOTS else b for b in seat_bots(bots)]
    for bot in callables:
        if not callable(bot):
            from ..core.errors import NotFound
            raise NotFound("bot", bot, list(built.BOTS))
    wrapped = [recording(b, coverage) for b in callables]
    for seed in seeds:
        state = play(built, players, seed, wrapped, **options)
        coverage.add_log(state.log)
    return coverage
