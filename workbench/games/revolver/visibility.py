"""What a Revolver side may see: the other side's hand and what is left in its deck are hidden (a
count is public), and, in the Prison Phase, the cards it placed face down on the Prison; the cards
on the battlefield are face up."""
from __future__ import annotations

import random
from dataclasses import replace

from ..visibility import Visibility, deal


def prison_view(state, seat: str) -> dict:
    other = "mcready" if seat == "colti" else "colti"
    return {"wounds": state.wounds, "gang": list(state.gang), "killed": list(state.killed), "turn": state.turn,
            "outcome": state.outcome, "passed": dict(state.passed), "entered": state.entered,
            "hand": sorted(state.hands[seat]), "other_hand": len(state.hands[other]),
            "deck": dict(sorted(state.decks[seat].items())), "other_deck": sum(state.decks[other].values()),
            "placed": [[p.side, "face down", None] if p.face_down and p.side == other else [p.side, p.card, p.firepower]
                       for p in state.placed],
            "pending": [list(map(str, step)) for step in state.pending], "steps": len(state.history)}


def prison_resample(state, seat: str, rng: random.Random):
    new = state.clone()
    other = "mcready" if seat == "colti" else "colti"
    pool = dict(new.decks[other])
    for card in new.hands[other]:
        pool[card] = pool.get(card, 0) + 1
    down = [i for i, p in enumerate(new.placed) if p.side == other and p.face_down]
    for i in down:
        pool[new.placed[i].card] = pool.get(new.placed[i].card, 0) + 1
    for i in down:      # a face-down card is one that may be placed face down
        fits = {c: n for c, n in pool.items() if n and state.game.placeable(c, face_down=True)}
        card = deal(fits, 1, rng)[0]
        pool[card] -= 1
        new.placed[i] = replace(new.placed[i], card=card, firepower=state.game.firepower(card))
    new.hands[other] = deal(pool, len(new.hands[other]), rng)
    new.decks[other] = {c: n for c, n in pool.items() if n}
    return new


def view(state, seat: str) -> dict:
    other = "mcready" if seat == "colti" else "colti"
    view = state.snapshot()
    view["hands"] = {seat: sorted(state.hands[seat]), other: len(state.hands[other])}
    view["deck"] = dict(sorted(state.decks[seat].items()))
    view["pending"] = [list(map(str, step)) for step in state.pending]
    view["steps"] = len(state.history)
    if state.prison is not None:
        view["prison"] = prison_view(state.prison, seat)
    return view


def resample(state, seat: str, rng: random.Random):
    new = state.clone()
    other = "mcready" if seat == "colti" else "colti"
    if new.prison is not None:            # the hands and decks in play are the Prison's
        new.prison = prison_resample(new.prison, seat, rng)
        return new
    pool = dict(new.decks[other])
    for card in new.hands[other]:
        pool[card] = pool.get(card, 0) + 1
    new.hands[other] = deal(pool, len(new.hands[other]), rng)
    new.decks[other] = {c: n for c, n in pool.items() if n}
    return new


#: The whole game (the Prison inside it is seen as the Prison's own).
VISIBILITY = Visibility(view, resample, "the other side's hand and what is left in its deck")
#: The Prison Phase played on its own.
PRISON = Visibility(prison_view, prison_resample, "the other side's hand and deck, its face-down cards")
