"""Hidden information made explicit: what each seat may see, and worlds consistent with it.

Every registered game has a :class:`Visibility`: ``view(state, seat)`` is the state as ``seat``
sees it (plain JSON; what it cannot see replaced by what it can: a count, "face down"), and
``resample(state, seat, rng)`` is a copy of ``state`` in which everything ``seat`` cannot see is
dealt again at random from what is unseen, so ``view`` is unchanged (information-set search
explores these worlds instead of the true one: it does not cheat).

What is hidden, per game (boardgame.io's *playerView*):

* **Dark Horse**: the type of every Mystery Hex lying face down (nobody sees it until it is
  turned over). Cards in hand are a count in the engine (their faces are not modelled), so there
  is nothing to hide there.
* **Western Legends**: the poker cards in the other players' hands (a count is public) and so the
  make-up of the draw pile; the other players' goal cards still to complete (goal variant).
* **Revolver (Prison Phase)**: the other side's hand and what is left in its deck (a count is
  public), and the cards it placed face down on the Prison.
* **Revolver (the whole game)**: the same, the cards on the battlefield being face up (inside the
  Prison, the Prison's).

Resampling deals the unseen cards uniformly from the pool of everything the seat has not seen,
keeping every count it has seen (hand sizes, pile sizes). A card a seat once saw in a rival's
hand (a poker showdown) and that is still there is not remembered: it is dealt as unseen.
"""
from __future__ import annotations

import random
from dataclasses import replace
from typing import Callable


class Visibility:
    """A game's hidden information: ``view`` and ``resample`` (see the module docstring)."""

    def __init__(self, view: Callable, resample: Callable, hidden: str):
        self.view, self.resample, self.hidden = view, resample, hidden


def _deal(pool: dict, count: int, rng: random.Random) -> list:
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


# -- Dark Horse ---------------------------------------------------------------------------------

def _dh_view(state, seat: str) -> dict:
    view = state.snapshot()
    hidden = {f"{p.at[0]},{p.at[1]}" for p in state.pieces if p.piece == "mystery-hex" and not p.face_up}
    for key in hidden:
        view["pieces"][key] = [[owner, "mystery-hex"] if kind not in ("town", "city") else [owner, kind]
                               for owner, kind in view["pieces"].get(key, [])]
        if key in view["mystery"]:
            view["mystery"][key] = {**view["mystery"][key], "type": "face down"}
    view["steps"] = len(state.history)
    return view


def _dh_resample(state, seat: str, rng: random.Random):
    new = state.clone()
    down = [i for i, p in enumerate(new.pieces) if p.piece == "mystery-hex" and not p.face_up]
    types = [new.pieces[i].hex_type for i in down]
    rng.shuffle(types)
    pieces = list(new.pieces)
    mystery = dict(new.mystery)
    for i, hex_type in zip(down, types):
        piece = pieces[i] = replace(pieces[i], hex_type=hex_type)
        key = f"{piece.at[0]},{piece.at[1]}"
        if hex_type in state.game.mystery_types:
            mystery[key] = {"type": hex_type, "face_up": False, "tokens": None, "used": []}
        else:
            mystery.pop(key, None)
    new.pieces, new.mystery = pieces, mystery
    return new


# -- Western Legends ----------------------------------------------------------------------------

def _wl_view(state, seat: str) -> dict:
    view = state.snapshot()
    for name, player in view["players"].items():
        if name != seat:
            player["hand"] = len(player["hand"])
    view["poker_pile"] = sum(state.poker_pile.values())
    view["steps"] = len(state.history)
    return view


def _wl_resample(state, seat: str, rng: random.Random):
    new = state.clone()
    others = [p for p in new.players if p.name != seat]
    pool = {c: n for c, n in new.poker_pile.items() if n}
    for p in others:
        for card in p.hand:
            pool[card] = pool.get(card, 0) + 1
    for p in others:
        p.hand = _deal(pool, len(p.hand), rng)
    new.poker_pile = {c: pool.get(c, 0) for c in state.poker_pile}
    for card, n in pool.items():
        new.poker_pile[card] = n
    for p in others:
        if p.goals:
            unseen = [g for g in state.game.goals.get(p.character, {}) if g not in p.completed]
            chosen = set(rng.sample(unseen, len(p.goals)))
            p.goals = tuple(g for g in unseen if g in chosen)
    return new


# -- Revolver ------------------------------------------------------------------------------------

def _rv_view(state, seat: str) -> dict:
    other = "mcready" if seat == "colti" else "colti"
    return {"wounds": state.wounds, "gang": list(state.gang), "killed": list(state.killed), "turn": state.turn,
            "outcome": state.outcome, "passed": dict(state.passed), "entered": state.entered,
            "hand": sorted(state.hands[seat]), "other_hand": len(state.hands[other]),
            "deck": dict(sorted(state.decks[seat].items())), "other_deck": sum(state.decks[other].values()),
            "placed": [[p.side, "face down", None] if p.face_down and p.side == other else [p.side, p.card, p.firepower]
                       for p in state.placed],
            "pending": [list(map(str, step)) for step in state.pending], "steps": len(state.history)}


def _rv_resample(state, seat: str, rng: random.Random):
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
        card = _deal(fits, 1, rng)[0]
        pool[card] -= 1
        new.placed[i] = replace(new.placed[i], card=card, firepower=state.game.firepower(card))
    new.hands[other] = _deal(pool, len(new.hands[other]), rng)
    new.decks[other] = {c: n for c, n in pool.items() if n}
    return new


def _whole_view(state, seat: str) -> dict:
    other = "mcready" if seat == "colti" else "colti"
    view = state.snapshot()
    view["hands"] = {seat: sorted(state.hands[seat]), other: len(state.hands[other])}
    view["deck"] = dict(sorted(state.decks[seat].items()))
    view["pending"] = [list(map(str, step)) for step in state.pending]
    view["steps"] = len(state.history)
    if state.prison is not None:
        view["prison"] = _rv_view(state.prison, seat)
    return view


def _whole_resample(state, seat: str, rng: random.Random):
    new = state.clone()
    other = "mcready" if seat == "colti" else "colti"
    if new.prison is not None:            # the hands and decks in play are the Prison's
        new.prison = _rv_resample(new.prison, seat, rng)
        return new
    pool = dict(new.decks[other])
    for card in new.hands[other]:
        pool[card] = pool.get(card, 0) + 1
    new.hands[other] = _deal(pool, len(new.hands[other]), rng)
    new.decks[other] = {c: n for c, n in pool.items() if n}
    return new


VISIBILITY: dict[str, Visibility] = {
    "revolver": Visibility(_whole_view, _whole_resample, "the other side's hand and what is left in its deck"),
    "dark-horse": Visibility(_dh_view, _dh_resample, "face-down Mystery Hexes"),
    "western-legends": Visibility(_wl_view, _wl_resample, "the other players' poker hands, the draw pile, goal cards"),
    "revolver-prison": Visibility(_rv_view, _rv_resample, "the other side's hand and deck, its face-down cards"),
}


def visibility(game_id: str) -> Visibility:
    """The game's hidden information; a game without an entry is played as perfect information
    (every seat sees the snapshot)."""
    if game_id in VISIBILITY:
        return VISIBILITY[game_id]
    return Visibility(lambda state, seat: {**state.snapshot(), "steps": len(state.history)},
                      lambda state, seat, rng: state.clone(), "nothing")
