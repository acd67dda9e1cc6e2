"""The search bots' names, read without importing OpenSpiel (the command line checks them first).

A name is a kind with an optional budget in playouts per decision: ``mcts``, ``mcts-50``,
``ismcts``, ``ismcts-400``.
"""
from __future__ import annotations

#: Playouts per decision when a name gives none.
PLAYOUTS = 200
KINDS = ("mcts", "ismcts")


def parse(name: str) -> tuple[str, int] | None:
    """``(kind, playouts)`` for a search bot's name, else ``None``.

    >>> parse("mcts"), parse("ismcts-50"), parse("greedy"), parse("mcts-0")
    (('mcts', 200), ('ismcts', 50), None, None)
    """
    kind, _, budget = name.partition("-")
    if kind not in KINDS:
        return None
    if not budget:
        return kind, PLAYOUTS
    return (kind, int(budget)) if budget.isdigit() and int(budget) > 0 else None


def is_search_bot(name) -> bool:
    return isinstance(name, str) and parse(name) is not None
