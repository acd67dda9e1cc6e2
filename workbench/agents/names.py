"""The search bots' names, read without importing OpenSpiel (the command line checks them first).

A name is a kind with an optional budget per decision, in playouts (``mcts``, ``mcts-50``,
``ismcts-400``) or in seconds of thinking (``mcts-2s``, ``ismcts-0.5s``).
"""
from __future__ import annotations

from ..core.limits import limit

#: Playouts per decision when a name gives none.
PLAYOUTS = 200
KINDS = ("mcts", "ismcts")
#: The most playouts a decision (the declared ``bot_playouts`` limit, :mod:`workbench.core.limits`).
MAX_PLAYOUTS = limit("bot_playouts")


def parse(name: str) -> tuple[str, int | None] | None:
    """``(kind, playouts)`` for a search bot's name (``playouts`` None for a seconds budget: see
    :func:`think_seconds`), else ``None``.

    >>> parse("mcts"), parse("ismcts-50"), parse("greedy"), parse("mcts-0"), parse("mcts-2s"), parse("mcts-0s")
    (('mcts', 200), ('ismcts', 50), None, None, ('mcts', None), None)
    """
    kind, _, budget = name.partition("-")
    if kind not in KINDS:
        return None
    if not budget:
        return kind, PLAYOUTS
    if think_seconds(name) is not None:
        return kind, None
    if not (budget.isdigit() and int(budget) > 0):
        return None
    if len(budget) > 9 or int(budget) > MAX_PLAYOUTS:
        # `mcts-99999999999` is a search bot asked to think for days a decision: refused in words
        from ..core.errors import UsageError
        raise UsageError(f"{name}: a search bot plays at most {MAX_PLAYOUTS:,} playouts a decision"
                         f" (or thinks at most 3600 seconds, as {kind}-2s), not {budget}")
    return kind, int(budget)


def think_seconds(name: str) -> float | None:
    """The seconds a decision may take for a name like ``mcts-2s`` or ``ismcts-0.5s`` (else None).

    >>> think_seconds("mcts-2s"), think_seconds("ismcts-0.5s"), think_seconds("mcts-50"), think_seconds("mcts-xs")
    (2.0, 0.5, None, None)
    """
    _, _, budget = name.partition("-")
    if not budget.endswith("s"):
        return None
    try:
        seconds = float(budget[:-1])
    except ValueError:
        return None
    return seconds if 0 < seconds <= 3600 else None


def is_search_bot(name) -> bool:
    return isinstance(name, str) and parse(name) is not None
