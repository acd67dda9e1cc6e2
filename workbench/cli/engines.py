"""Every call the command line makes into a game engine, in one place.

The commands (:mod:`workbench.cli.games`) validate arguments against the game documents and
format the results; everything that knows an engine's Python API is here, in small functions, so
that a new engine interface (a ``GAMES`` registry, a resolved ruleset) is re-pointed here alone.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

# -- play ---------------------------------------------------------------------------------------

def playable() -> dict[str, frozenset]:
    """The games `workbench play` plays, and the options each one takes (from the registry)."""
    from ..games import GAMES
    return {entry.id: entry.play_options for entry in GAMES.values() if entry.play_options}


def content_game(game: str) -> str:
    """The `game:` of the documents the registered game reads (``revolver-prison``: revolver)."""
    from ..games import GAMES
    return GAMES[game].content_game


def default_rounds(game: str) -> int | None:
    """Rounds played unless told (Western Legends ends by its own rule, with this cap)."""
    from ..games import GAMES
    return GAMES[game].default_rounds


def default_bot(game: str) -> str:
    from ..games import GAMES
    return GAMES[game].default_bot


def build(game: str, library, *, scenario: str | None = None, variants=(), overrides=None):
    """The registered game's ``Game`` for the library, a scenario, variants and overrides (a
    ContentError with located problems when the library cannot be played)."""
    from ..games.judge import build as build_
    return build_(game, library, scenario=scenario, variants=variants, overrides=overrides)


def player_range(built) -> tuple[int, int]:
    """The fewest and most players (the game's or scenario's, within the seats the engine has)."""
    return built.player_range()


def game_lengths(built) -> dict:
    """The game lengths a game offers (Western Legends: LP by length), else none."""
    return dict(getattr(built.ruleset, "game_lengths", None) or {}) if "length" in built.OPTIONS else {}


def seats(game: str) -> list[str]:
    """The seat (player colour) names the engine has, in order."""
    from ..games import GAMES
    return GAMES[game].seats()


def bots(built) -> list[str]:
    """The engine's bots, then the search bots (``mcts``, ``ismcts``; ``mcts-50``: 50 playouts a decision)."""
    from ..agents.names import KINDS
    return list(built.BOTS) + list(KINDS)


def is_bot(built, name: str) -> bool:
    from ..agents.names import is_search_bot
    return name in built.BOTS or is_search_bot(name)


@dataclass
class Played:
    events: list[dict]
    describe: Callable[[dict], str]
    state: object = None     # the game at its end (a describer may read its map's names)


def play(game: str, built, *, players: int, seed: int, rounds: int, bots: list[str], length: str | None = None,
         characters: dict[str, list[str]] | None = None, audit: bool = False) -> Played:
    """Play a seeded game with bots; the arguments are already checked."""
    from ..games.base import play as play_game

    options = {"rounds": rounds}
    if "characters" in built.OPTIONS:
        options["characters"] = characters or {}
    if "length" in built.OPTIONS and length is not None:
        options["length"] = length
    # an audited log (each event's state delta, round snapshots) is what `workbench audit` reads
    from ..agents.seats import seat_bots
    state = play_game(built, players, seed, seat_bots(bots), audit=audit, **options)
    from ..games import GAMES
    return Played(list(state.log), GAMES[game].describe(), state)


def parse_overrides(items: list[str]) -> dict:
    """``--set NAME=VALUE`` items as rule-parameter overrides (a usage error when unreadable)."""
    from ..rules.ruleset import parse_overrides as parse
    return parse(items)
