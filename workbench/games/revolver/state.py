"""What the two Revolver states share: the whole game's :class:`~.engine.State` and the Prison
Phase's :class:`~.rules.State` are both one moment of a two-sided game (Colti and McReady) played
by the resolved ruleset, with their actions as ``{action, card}`` and their draws as card ids.

A clone shares the game, the setup and every value it holds as an immutable tuple; it copies only
the containers a step changes in place (``COPIED``, each with its copier), and forks the log and
the history (O(1), see :class:`~workbench.games.base.Trail`).
"""
from __future__ import annotations

from typing import Any, Callable, ClassVar

from ...core.errors import UsageError
from ..base import State as BaseState

SIDES = ("colti", "mcready")


class RevolverState(BaseState):
    """One moment of a Revolver game: Colti against McReady, the ruleset in force."""

    #: The decision class of the game (``Action(kind, card)``): what :meth:`decode` builds.
    ACTION: ClassVar[type]
    #: Attribute -> copier: the containers a step changes in place, copied by :meth:`clone`.
    COPIED: ClassVar[dict[str, Callable[[Any], Any]]] = {}

    @property
    def rules(self):
        return self.game.ruleset

    @property
    def seats(self) -> list[str]:
        return list(SIDES)

    def clone(self) -> "RevolverState":
        new = object.__new__(type(self))
        d = new.__dict__ = self.__dict__.copy()
        d.pop("_legal", None)
        for name, copier in self.COPIED.items():
            d[name] = copier(d[name])
        d["log"], d["history"] = self.log.fork(), self.history.fork()
        return new

    def apply(self, action) -> "RevolverState":
        """The state after ``action``; this state is left unchanged. An action that is not legal
        now raises :class:`~workbench.core.errors.UsageError` (checked once, before the copy)."""
        if not self.is_legal(action):
            raise UsageError(f"{self.describe_action(action)} is not legal now")
        state = self.clone()
        state.history.append(self.encode(action))
        state._apply(action)
        return state

    def encode(self, action):
        if isinstance(action, self.ACTION):
            return {"action": action.kind, "card": action.card}
        return {"draw": action}

    def decode(self, data):
        return self.ACTION(data["action"], data.get("card")) if "action" in data else data["draw"]


def without(cards: tuple, card) -> tuple:
    """``cards`` less one copy of ``card`` (a tuple: the piles states share are never changed in place)."""
    i = cards.index(card)
    return cards[:i] + cards[i + 1:]
