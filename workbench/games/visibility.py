"""Hidden information made explicit, the part every game shares: a game's :class:`Visibility`
says what each seat may see and deals worlds consistent with it. Each game declares its own in
its package (``visibility.py``), named by its registry entry (``visibility_at``); a game without
one is played as perfect information (:data:`PERFECT`).

``view(state, seat)`` is the state as ``seat`` sees it (plain JSON; what it cannot see replaced by
what it can: a count, "face down"), and ``resample(state, seat, rng)`` is a copy of ``state`` in
which everything ``seat`` cannot see is dealt again at random from what is unseen, so ``view`` is
unchanged (information-set search explores these worlds instead of the true one: it does not
cheat). Resampling deals the unseen cards uniformly from the pool of everything the seat has not
seen, keeping every count it has seen (hand sizes, pile sizes). A card a seat once saw in a
rival's hand (a poker showdown) and that is still there is not remembered: it is dealt as unseen.
"""
from __future__ import annotations

import random
from typing import Callable


class Visibility:
    """A game's hidden information: ``view``, ``resample`` and, in words, what is ``hidden``."""

    def __init__(self, view: Callable, resample: Callable, hidden: str):
        self.view, self.resample, self.hidden = view, resample, hidden


def deal(pool: dict, count: int, rng: random.Random) -> list:
    """``count`` cards drawn without replacement from a pool of counts (the pool is changed)."""
    drawn = []
    for _ in range(count):
        total = sum(pool.values())
        pick = rng.randrange(total)
        for card in sorted(pool):
            pick -= pool[card]
            if pick < 0:
                drawn.append(card)
                pool[card] -= 1
                break
    return drawn


#: A game that hides nothing: every seat sees the snapshot, and there is nothing to deal again.
PERFECT = Visibility(lambda state, seat: {**state.snapshot(), "steps": len(state.history)},
                     lambda state, seat, rng: state.clone(), "nothing")

