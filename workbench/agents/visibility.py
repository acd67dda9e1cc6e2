"""Hidden information made explicit (the search bots' side): what each seat may see and worlds
consistent with it, as each game declares them in its own package (``visibility.py``, named by
its registry entry's ``visibility_at``; :mod:`workbench.games.visibility` says what the two
functions promise). A game that declares none is played as perfect information.
"""
from __future__ import annotations

from ..games.visibility import PERFECT, Visibility  # noqa: F401  (the bots import Visibility from here)


def visibility(game_id: str) -> Visibility:
    """The game's hidden information; a game without a declaration is played as perfect information
    (every seat sees the snapshot)."""
    from ..games import GAMES
    entry = GAMES.get(game_id)
    return entry.visibility() if entry is not None else PERFECT
