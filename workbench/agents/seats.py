"""Bot names as :func:`workbench.games.base.play` takes them (OpenSpiel imported only when a
search bot is named)."""
from __future__ import annotations

from .names import is_search_bot


def seat_bots(bots, **search) -> list:
    """Bot names as ``play`` takes them: a search bot's name becomes the bot itself."""
    if not any(is_search_bot(b) for b in bots):
        return list(bots)
    from .bots import search_bot
    return [search_bot(b, **search) if is_search_bot(b) else b for b in bots]
