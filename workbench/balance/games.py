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
    seat_bots: list[str] = field(default_factory=list)   # the bot in seat 1, seat 2, ... (starting turn order)
    # what the game looked like as it was played (:class:`Trace`): the choices open at each
    # decision and the standings then; empty for a game played without a trace
    choices: list[int] = field(repr=False, default_factory=list)
    standings: list[dict] = field(repr=False, default_factory=list)


class Trace:
    """What :func:`workbench.games.base.play` shows an observer, kept for the game measures: the
    number of legal actions at each decision, and every player's standing by the ruleset's own
    scoring (``state.score()``) before each decision and at the end. Read during the game already
    played (no game is played for it)."""

    __slots__ = ("choices", "standings")

    def __init__(self):
        self.choices: list[int] = []
        self.standings: list[dict] = []

    def __call__(self, state) -> None:
        if not state.is_terminal():
            self.choices.append(len(state.legal_actions()))
        self.standings.append({name: float(v) for name, v in state.score().items()})


#: The lab's player for a game not registered; a registered game's is its registry entry's
#: (``Entry.lab_player()``, chosen by benchmarks/ladder.py against the reference player and
#: random in its published scenarios). ``--bots`` chooses others.
LAB_BOT = "mcts-20"
#: The words of an engine's end reason when it stopped at a limit on its length rather than by
#: its rules: rounds (Dark Horse, Western Legends) or game turns (Revolver).
LIMIT_WORDS = ("(the limit given)", "(the cap)")
#: What the lab writes instead (the engines said "the limit given" also when none was given).
DECLARED_WORDS = "(the declared length)"
CAP_WORDS = "(the safety cap)"
#: How a game ended, in three kinds: by one of its end triggers, after the declared number of
#: rounds (a length the game declares, standing in for an end the texts do not give), or at the
#: safety cap (a limit that only stops a game whose end never came).
END_KINDS = ("trigger", "rounds", "cap")


def limit_words(text: str, declared_length: bool, given: bool) -> str:
    """An engine's end reason in the lab's words: a stop at a limit says whether the limit is the
    game's declared length or a safety cap, and whether the designer gave it (``given``).

    >>> limit_words("3 round(s) played (the limit given); no end trigger was met", True, False)
    '3 round(s) played (the declared length); no end trigger was met'
    >>> limit_words("60 round(s) played (the limit given); the end was not triggered", False, False)
    "60 round(s) played (the safety cap, the game's default); the end was not triggered"
    >>> limit_words("a player has built all their towns and cities", True, True)
    'a player has built all their towns and cities'
    """
    for words in LIMIT_WORDS:
        if words in text:
            if declared_length:
                said = DECLARED_WORDS if not given else DECLARED_WORDS[:-1] + ", given)"
            else:
                said = CAP_WORDS[:-1] + (", given)" if given else ", the game's default)")
            return text.replace(words, said)
    return text


def end_kind(text: str, declared_length: bool = False) -> str:
    """``trigger``, ``rounds`` or ``cap`` (:data:`END_KINDS`) for an end reason in the lab's words;
    an engine's own words (results stored before the lab wrote its own) are read with
    ``declared_length``, whether the game's limit is its declared length.

    >>> [end_kind(t) for t in ("3 round(s) played (the declared length)", "12 game turn(s) (the safety cap, given)",
    ...                        "the last outlaw was captured")]
    ['rounds', 'cap', 'trigger']
    """
    if DECLARED_WORDS[:-1] in text:
        return "rounds"
    if CAP_WORDS[:-1] in text:
        return "cap"
    if any(words in text for words in LIMIT_WORDS):
        return "rounds" if declared_length else "cap"
    return "trigger"


def _declared(game_id) -> bool:
    try:
        return bool(getattr(runner(str(game_id)), "declared_length", False))
    except NotFound:
        return False


def end_kinds(table):
    """The kind of end (:func:`end_kind`) of each game of ``table``, as a Series."""
    import pandas as pd

    if table is None or not len(table):
        return pd.Series([], dtype=object)
    games = table["game_id"] if "game_id" in table else pd.Series([""] * len(table), index=table.index)
    declared = {g: _declared(g) for g in set(games)}
    return pd.Series([end_kind(str(e), declared[g]) for e, g in zip(table["end"], games)], index=table.index)


def capped_share(table) -> float:
    """The share of games that ended at the safety cap (0 for an empty table); games stopped
    after their declared rounds are not counted: raising the cap would not change them."""
    if table is None or not len(table):
        return 0.0
    return float((end_kinds(table) == "cap").mean())


def declared_share(table) -> float:
    """The share of games that stopped after the declared number of rounds."""
    if table is None or not len(table):
        return 0.0
    return float((end_kinds(table) == "rounds").mean())


def cap_warning(table, limit: float = 0.05) -> str | None:
    """A warning for the verdict when more than ``limit`` of the games ended at the safety cap:
    the numbers then say how far the game got, not who wins by the rules. Only the cap: a game
    stopped after its declared rounds is said by :func:`rounds_note`."""
    share = capped_share(table)
    if share > limit:
        return (f"{share:.0%} of the games ended at the safety cap, not by the rules (more than {limit:.0%}):"
                " raise the cap (--option rounds=N) or read the verdict as about a game cut short")
    return None


def rounds_note(table) -> str | None:
    """What a designer should know when games stopped after the declared number of rounds: the
    length stands in for an end the rules texts do not give (raising it only plays more rounds)."""
    kinds = end_kinds(table)
    stopped = kinds == "rounds"
    if table is None or not len(table) or not stopped.any():
        return None
    lengths = sorted({int(r) for r in table.loc[stopped, "rounds"]})
    said = ", ".join(map(str, lengths))
    return (f"{stopped.mean():.0%} of the games stop after the declared number of rounds ({said}), which stands in"
            " for an end the texts do not give: no end trigger was met, and the verdict is about games of that"
            " length")


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
    declared_length: bool = False    # its rounds limit is the game's declared length, not a safety cap

    def build(self, library, setting) -> Any:
        raise NotImplementedError

    def player_range(self, built) -> tuple[int, int]:
        raise NotImplementedError

    def play(self, built, setting, seed: int) -> Played:
        raise NotImplementedError

    def second_player(self, bots) -> str | None:
        """A second kind of player to check a verdict with (``--check-bots``): the game's own
        player that its registry entry seats unless told (a fast one, no search), else its
        ``greedy`` or ``random`` player, whichever is not among ``bots`` (the sweep's); None
        when the game has no other."""
        entry = getattr(self, "entry", None)
        for bot in (getattr(entry, "default_bot", None), "greedy", "random"):
            if bot and bot in self.bots and bot not in bots:
                return bot
        return None

    def check(self, setting) -> None:
        """Bots and option names given by the caller exist (a usage error otherwise)."""
        from ..agents.names import is_search_bot

        for bot in setting.bots:
            if bot not in self.bots and not (isinstance(self, RegistryRunner) and is_search_bot(bot)):
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
        from ..agents.names import KINDS

        self.bots = list(self.game_class.BOTS) + list(KINDS)
        self.default_bots = [entry.lab_player() if hasattr(entry, "lab_player") else LAB_BOT]
        self.options = {k: v for k, v in self.game_class.OPTIONS.items()}
        # whether the game's rounds are its declared length (a stop there is no cut-short game)
        self.declared_length = bool(getattr(entry, "declared_length", False))

    def build(self, library, setting):
        return self.game_class.build(library, scenario=setting.scenario, variants=list(setting.variants),
                                     overrides=dict(setting.overrides) or None)

    def player_range(self, built) -> tuple[int, int]:
        return built.player_range()

    def play(self, built, setting, seed: int) -> Played:
        from ..games.base import play

        from ..agents.seats import seat_bots

        names = list(setting.bots or self.default_bots)
        trace = Trace()
        state = play(built, setting.players, seed, seat_bots(names), observe=trace, **setting.options)
        returns = {name: float(score) for name, score in state.returns().items()}
        order = starting_order(state)
        ranking = getattr(state, "ranking", None)
        winners = list(ranking()[0]) if callable(ranking) else winners_of(returns)
        log = list(state.log)
        why = next((e.get("why") for e in reversed(log) if e.get("why")), None)
        bot_of = {name: names[i % len(names)] for i, name in enumerate(state.seats)}
        end = limit_words(end_reason(why, order), self.declared_length, "rounds" in setting.options)
        return Played(order, returns, winners, rounds_played(log), len(state.history), end, log,
                      [bot_of[name] for name in order], trace.choices, trace.standings)


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
