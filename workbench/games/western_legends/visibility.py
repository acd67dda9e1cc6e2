"""What a Western Legends seat may see: the poker cards in the other players' hands are hidden (a
count is public), and so the make-up of the draw pile; the other players' goal cards still to
complete (goal variant)."""
from __future__ import annotations

import random

from ..visibility import Visibility, deal


def view(state, seat: str) -> dict:
    view = state.snapshot()
    for name, player in view["players"].items():
        if name != seat:
            player["hand"] = len(player["hand"])
    view["poker_pile"] = sum(state.poker_pile.values())
    view["steps"] = len(state.history)
    return view


def resample(state, seat: str, rng: random.Random):
    new = state.clone()
    others = [p for p in new.players if p.name != seat]
    pool = {c: n for c, n in new.poker_pile.items() if n}
    for p in others:
        for card in p.hand:
            pool[card] = pool.get(card, 0) + 1
    for p in others:
        p.hand = deal(pool, len(p.hand), rng)
    new.poker_pile = {c: pool.get(c, 0) for c in state.poker_pile}
    for card, n in pool.items():
        new.poker_pile[card] = n
    for p in others:
        if p.goals:
            unseen = [g for g in state.game.goals.get(p.character, {}) if g not in p.completed]
            chosen = set(rng.sample(unseen, len(p.goals)))
            p.goals = tuple(g for g in unseen if g in chosen)
    return new


VISIBILITY = Visibility(view, resample, "the other players' poker hands, the draw pile, goal cards")
