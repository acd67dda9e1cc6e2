"""What a Dark Horse seat may see: the type of every Mystery Hex lying face down is hidden
(nobody sees it until it is turned over). Cards in hand are a count in the engine (their faces
are not modelled), so there is nothing to hide there."""
from __future__ import annotations

import random
from dataclasses import replace

from ..visibility import Visibility


def view(state, seat: str) -> dict:
    view = state.snapshot()
    hidden = {f"{p.at[0]},{p.at[1]}" for p in state.pieces if p.piece == "mystery-hex" and not p.face_up}
    for key in hidden:
        view["pieces"][key] = [[owner, "mystery-hex"] if kind not in ("town", "city") else [owner, kind]
                               for owner, kind in view["pieces"].get(key, [])]
        if key in view["mystery"]:
            view["mystery"][key] = {**view["mystery"][key], "type": "face down"}
    view["steps"] = len(state.history)
    return view


def resample(state, seat: str, rng: random.Random):
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


VISIBILITY = Visibility(view, resample, "face-down Mystery Hexes")
