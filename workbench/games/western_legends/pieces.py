"""What every part of the Western Legends :class:`~.engine.State` uses: a seat (:class:`Player`),
an action (:class:`Action`), the effect vocabulary the engine plays by, and the helpers that
make new tuples of counts (piles and hands are shared between a state and its copies, so they
are replaced, never changed in place).

No rule lives here: the rules are in the State's parts, one module per phase or concern
(see the package's modules and the README's "Where each rule lives").
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...rules.effects import vocabulary

#: The Western Legends effect vocabulary (with the installed plugins' effects): a plain location
#: action or an item ability plays its effects by the handlers registered on it.
VOCABULARY = vocabulary("western-legends")


class Player:
    """One seat's position, goods and cards.

    Everything a player holds is an immutable value (numbers, text, tuples) or a dict that is
    replaced, never changed in place (``items``), so ``clone`` is one copy of the attributes and a
    state's copy shares the rest: the engine writes ``p.hand = _without(p.hand, card)``, never
    ``p.hand.remove(card)``.
    """

    def __init__(self, name: str):
        self.name, self.character, self.at = name, None, None
        self.money = self.nuggets = self.wounds = self.marshal = self.wanted = self.lp = 0
        self.hand: tuple[str, ...] = ()
        self.items: dict[str, tuple[int, int]] = {}  # item id -> (copies, upgraded copies); replaced on a change
        self.mount = self.weapon = None
        self.cattle: tuple[tuple[int, tuple], ...] = ()   # (token, ranch it came from)
        self.fought: tuple[str, ...] = ()           # players fought this turn
        self.discs = self.discs_this_turn = self.reputation_cards_played = 0
        self.goals: tuple[str, ...] = ()            # goal cards not completed (goal variant)
        self.completed: tuple[str, ...] = ()
        self.legendary: tuple[int, ...] = ()        # legendary tokens held (their LP)

    def clone(self) -> "Player":
        new = object.__new__(Player)
        new.__dict__ = self.__dict__.copy()
        return new

    def with_item(self, item: str, copies: int, upgraded: int) -> None:
        self.items = {**self.items, item: (copies, upgraded)}

    def owns(self, item: str) -> int:
        return self.items.get(item, (0, 0))[0]

    def __repr__(self) -> str:
        return f"Player({self.name}, {self.character}, at {self.at}, ${self.money}, {self.lp} LP)"


@dataclass(frozen=True)
class Action:
    kind: str
    target: Any = None

    def __str__(self) -> str:
        return self.kind if self.target is None else f"{self.kind} {self.target}"


def _without(cards, card) -> tuple:
    """``cards`` (a hand, cattle tokens) without the first ``card``: a new tuple (shared between states)."""
    i = cards.index(card)
    return (*cards[:i], *cards[i + 1:])


def _less(counts: tuple, index: int, n: int = 1) -> tuple:
    """A pile of counts with ``n`` fewer at ``index`` (a new tuple: piles are shared between states)."""
    return counts[:index] + (counts[index] - n,) + counts[index + 1:]


def _share(amount: int, share: dict) -> int:
    """``amount`` divided as a ``rob_steal`` / ``arrest_loss`` share says, rounded as it says."""
    d = share["divide_by"]
    return -(-amount // d) if share["rounding"] == "up" else amount // d
