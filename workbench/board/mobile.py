"""Mobile Mystery Hexes (Rebels & Rogues): rolled moves, rerolls, and the exact distribution.

After a player collects from a mobile hex they roll a die and move the hex one step in the
direction of that number. Moving onto a City or Town (or off the board) is illegal: roll once
more; if that is illegal too, the hex stays. A hex moved onto an unoccupied resource hex blocks it;
a Native American hex moving onto a Tribe token takes the token back.

Rolls come from a seeded :class:`random.Random` or are given, so every move replays exactly.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from fractions import Fraction

from .geometry import DIRECTION_NAMES, Coord
from .graph import Board, Piece

DIE = range(1, 7)


@dataclass
class Move:
    start: Coord
    end: Coord
    rolls: list[int] = field(default_factory=list)
    moved: bool = False
    reason: str = ""
    picked_up: list[str] = field(default_factory=list)

    def to_json(self) -> dict:
        return {"from": list(self.start), "to": list(self.end), "rolls": self.rolls, "moved": self.moved,
                "reason": self.reason, "picked_up": self.picked_up}


def illegal_reason(board: Board, start: Coord, direction: int, *, mover: Piece | None = None) -> str | None:
    """Why moving from ``start`` in ``direction`` is illegal, or ``None`` when it is legal."""
    target = board.step(start, direction)
    name = DIRECTION_NAMES.get(direction, f"direction {direction}")
    if target not in board.graph:
        return f"{name} leads off the board"
    for piece in board.pieces:
        if piece.at == target and piece is not mover:
            if piece.piece in ("town", "city", "improved-town"):
                return f"{name} leads onto {piece.describe()}: moving onto a City or Town is illegal"
            if piece.piece == "mystery-hex" and board.parameters.get("mobile_hex_may_stack") is not True:
                # Two tiles cannot share a hex; the rules do not say, so this is a parameter.
                return f"{name} leads onto {piece.describe()}: two mystery hexes cannot share a hex"
    return None


def legal_directions(board: Board, start: Coord, mover: Piece | None = None) -> list[int]:
    return [d for d in DIE if illegal_reason(board, start, d, mover=mover) is None]


def roll_move(board: Board, start: Coord, rolls: list[int] | None = None, rng: random.Random | None = None,
              *, apply: bool = False) -> Move:
    """Move the mobile hex at ``start`` by the rules: one roll, one reroll if illegal.

    ``rolls`` gives the dice (one or two numbers); otherwise they come from ``rng``. With
    ``apply=True`` the board is changed (the piece moves, a Tribe token is picked up).

    Examples
    --------
    The rulebook's example: rolling a 4 moves the Buffalo Herd down one hex.

    >>> b = Board.from_data({"id": "m", "game": "dark-horse", "geometry": "hex",
    ...     "shape": {"shape": "hexagon", "radius": 2, "terrain": "resource"},
    ...     "pieces": [{"piece": "mystery-hex", "hex_type": "buffalo-herd", "at": [0, 0]}]})
    >>> roll_move(b, (0, 0), [4]).to_json()["to"]
    [0, 1]
    """
    mover = next((p for p in board.pieces if p.at == start and p.piece == "mystery-hex"), None)
    rolls = list(rolls or [])
    rng = rng or random.Random()
    move = Move(start, start)
    reasons = []
    rerolls = int(board.parameters.get("rerolls_on_illegal_move", 1))   # the ruleset's number
    for attempt in range(1 + rerolls):
        roll = rolls[attempt] if attempt < len(rolls) else rng.randint(1, 6)
        move.rolls.append(roll)
        reason = illegal_reason(board, start, roll, mover=mover)
        if reason is None:
            move.end, move.moved = board.step(start, roll), True
            move.reason = f"rolled {roll}: moved {DIRECTION_NAMES[roll]}" + (" on the reroll" if attempt else "")
            break
        reasons.append(f"rolled {roll}: {reason}")
    else:
        move.reason = "; ".join(reasons) + ("; the reroll was illegal too, so the hex stays" if rerolls else
                                            "; no reroll is allowed, so the hex stays")
    if move.moved:
        tokens = board.graph.nodes[move.end].get("tokens") or []
        if mover is not None and mover.hex_type == "native-american":
            move.picked_up = [t for t in tokens if t == "tribe-token"]
            tribe_pieces = [p for p in board.pieces if p.at == move.end and p.piece == "tribe-token"]
            move.picked_up += ["tribe-token"] * len(tribe_pieces)
        if apply and mover is not None:
            mover.at = move.end
            if move.picked_up:
                board.set_tokens(move.end, [t for t in tokens if t != "tribe-token"])
                board.pieces = [p for p in board.pieces if not (p.at == move.end and p.piece == "tribe-token")]
    return move


def transition(board: Board, start: Coord, mover: Piece | None = None) -> dict[Coord, Fraction]:
    """Exact one-move distribution from ``start``: roll, and on an illegal roll reroll once.

    >>> b = Board.from_data({"id": "m", "game": "g", "geometry": "hex",
    ...     "shape": {"shape": "hexagon", "radius": 0, "terrain": "resource"}})
    >>> transition(b, (0, 0))      # a one-hex board: every direction is off the board
    {(0, 0): Fraction(1, 1)}
    """
    good = legal_directions(board, start, mover)
    out: dict[Coord, Fraction] = {}
    p_illegal = Fraction(6 - len(good), 6)
    rerolls = int(board.parameters.get("rerolls_on_illegal_move", 1))   # the ruleset's number
    # reached on the first roll, or on a reroll after illegal rolls
    reach = sum((p_illegal ** k for k in range(rerolls + 1)), Fraction(0)) * Fraction(1, 6)
    for d in good:
        target = board.step(start, d)
        out[target] = out.get(target, Fraction(0)) + reach
    stay = p_illegal ** (rerolls + 1)
    if stay:
        out[start] = out.get(start, Fraction(0)) + stay
    return out


def distribution(board: Board, start: Coord, moves: int) -> dict[Coord, Fraction]:
    """The exact distribution of a mobile hex's position after ``moves`` moves (a Markov chain
    on the board graph; the other pieces stay where they are).

    >>> b = Board.from_data({"id": "m", "game": "g", "geometry": "hex",
    ...     "shape": {"shape": "hexagon", "radius": 3, "terrain": "resource"},
    ...     "pieces": [{"piece": "mystery-hex", "hex_type": "buffalo-herd", "at": [0, 0]}]})
    >>> d = distribution(b, (0, 0), 2)
    >>> sum(d.values())
    Fraction(1, 1)
    """
    mover = next((p for p in board.pieces if p.at == start and p.piece == "mystery-hex"), None)
    current = {start: Fraction(1)}
    cache: dict[Coord, dict[Coord, Fraction]] = {}
    for _ in range(moves):
        nxt: dict[Coord, Fraction] = {}
        for node, p in current.items():
            if node not in cache:
                cache[node] = transition(board, node, mover)
            for target, q in cache[node].items():
                nxt[target] = nxt.get(target, Fraction(0)) + p * q
        current = nxt
    return current
