"""Mobile Mystery Hexes (Rebels & Rogues): rolled moves, rerolls, and the exact distribution.

Only hex types declared mobile (``mobile: true`` in their hex_type document: the rules text's
"(Mobile Hex)" types, Native American and Buffalo Herd) move, and only once face up. After a
player collects from one they roll a die and move the hex one step in the direction of that
number. Moving onto a City or Town (or off the board) is illegal: roll once more
(``rerolls_on_illegal_move``, default 1); if that is illegal too, the hex stays. A hex moved onto
an unoccupied resource hex blocks it; a hex type that ``takes_back`` tokens (the Native American
takes back Tribe tokens) picks them up where it lands.

Rolls come from a seeded :class:`random.Random` or are given, so every move replays exactly.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from fractions import Fraction

from ..core.errors import ContentError, UsageError
from ..core.limits import limit
from .geometry import DIRECTION_NAMES, Coord
from .graph import Board, Piece
from .parameters import read_parameter

DIE = range(1, 7)


def mobile_piece(board: Board, start: Coord) -> Piece:
    """The mobile hex at ``start``, or a :class:`~workbench.core.errors.UsageError` saying why there is
    none (off the map, nothing there, not a mobile type, still face down); a
    :class:`~workbench.core.errors.ContentError` when the map's direction table is unusable."""
    start = tuple(start)
    where = f"[{start[0]}, {start[1]}]"
    if start not in board.graph:
        raise UsageError(f"{where} is not on the map '{board.id}'")
    piece = board.mystery_at(start)
    if piece is None:
        raise UsageError(f"there is no mystery hex at {where}: only mobile mystery hexes move")
    mobile = sorted(t for t, d in board.hex_types.items() if d.get("mobile"))
    if not piece.face_up:
        raise UsageError(f"the mystery hex at {where} is face down: a mobile hex moves only once it is flipped face up")
    if not board.hex_types.get(piece.hex_type or "", {}).get("mobile"):
        name = board.hex_types.get(piece.hex_type or "", {}).get("name") or piece.hex_type or "mystery hex"
        raise UsageError(f"the {name} at {where} is not a mobile hex: only hex types marked mobile move"
                         f" ({', '.join(mobile) or 'none in this game'})")
    if not board.directions_ok:
        raise ContentError(f"the map '{board.id}' has an unusable direction table, so no hex can be moved on it",
                           [p for p in board.problems if p.code == "map-directions"])
    return piece


def _rerolls(board: Board) -> int:
    return read_parameter(board.parameters, "rerolls_on_illegal_move")


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
            if piece.piece == "mystery-hex" and not read_parameter(board.parameters, "mobile_hex_may_stack"):
                # Two tiles cannot share a hex; the rules do not say, so this is a parameter.
                return f"{name} leads onto {piece.describe()}: two mystery hexes cannot share a hex"
    return None


def legal_directions(board: Board, start: Coord, mover: Piece | None = None) -> list[int]:
    return [d for d in DIE if illegal_reason(board, start, d, mover=mover) is None]


def roll_move(board: Board, start: Coord, rolls: list[int] | None = None, rng: random.Random | None = None,
              *, apply: bool = False) -> Move:
    """Move the mobile hex at ``start`` by the rules: one roll, and a reroll (or
    ``rerolls_on_illegal_move`` of them) while the roll is illegal.

    ``rolls`` gives the dice; otherwise they come from ``rng``. With ``apply=True`` the board is
    changed (the piece moves, tokens its type takes back are picked up). A hex that is not a
    face-up mobile hex is refused (:func:`mobile_piece`).

    Examples
    --------
    The rulebook's example: rolling a 4 moves the Buffalo Herd down one hex.

    >>> b = Board.from_data({"id": "m", "game": "dark-horse", "geometry": "hex",
    ...     "shape": {"shape": "hexagon", "radius": 2, "terrain": "resource"},
    ...     "pieces": [{"piece": "mystery-hex", "hex_type": "buffalo-herd", "at": [0, 0]}]},
    ...     hex_types={"buffalo-herd": {"category": "mystery", "mobile": True}})
    >>> roll_move(b, (0, 0), [4]).to_json()["to"]
    [0, 1]
    """
    mover = mobile_piece(board, start)
    start = mover.at
    rolls = list(rolls or [])
    rng = rng or random.Random()
    move = Move(start, start)
    reasons = []
    attempts = 1 + _rerolls(board)
    for attempt in range(attempts):
        roll = rolls[attempt] if attempt < len(rolls) else rng.randint(1, 6)
        move.rolls.append(roll)
        reason = illegal_reason(board, start, roll, mover=mover)
        if reason is None:
            move.end, move.moved = board.step(start, roll), True
            move.reason = f"rolled {roll}: moved {DIRECTION_NAMES[roll]}" + (" on the reroll" if attempt else "")
            break
        reasons.append(f"rolled {roll}: {reason}")
    else:
        move.reason = "; ".join(reasons) + ("; the reroll was illegal too, so the hex stays" if attempts > 1
                                            else "; no reroll, so the hex stays")
    if move.moved:
        taken = set(board.hex_types.get(mover.hex_type or "", {}).get("takes_back") or ())
        tokens = board.graph.nodes[move.end].get("tokens") or []
        if taken:
            move.picked_up = [t for t in tokens if t in taken]
            move.picked_up += [p.piece for p in board.pieces if p.at == move.end and p.piece in taken]
        if apply:
            mover.at = move.end
            if move.picked_up:
                board.set_tokens(move.end, [t for t in tokens if t not in taken])
                board.pieces = [p for p in board.pieces if not (p.at == move.end and p.piece in taken)]
    return move


def transition(board: Board, start: Coord, mover: Piece | None = None) -> dict[Coord, Fraction]:
    """Exact one-move distribution from ``start``: roll, and on an illegal roll reroll
    (``rerolls_on_illegal_move`` times, default once).

    >>> b = Board.from_data({"id": "m", "game": "g", "geometry": "hex",
    ...     "shape": {"shape": "hexagon", "radius": 0, "terrain": "resource"}})
    >>> transition(b, (0, 0))      # a one-hex board: every direction is off the board
    {(0, 0): Fraction(1, 1)}
    """
    good = legal_directions(board, start, mover)
    rerolls = _rerolls(board)
    out: dict[Coord, Fraction] = {}
    p_illegal = Fraction(6 - len(good), 6)
    # reached on the first roll, or on a reroll after illegal rolls before it
    reach = sum(p_illegal ** k for k in range(rerolls + 1)) * Fraction(1, 6)
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

    ``moves`` is at most the declared limit ``odds_moves`` (exact fractions grow with each move).

    >>> b = Board.from_data({"id": "m", "game": "g", "geometry": "hex",
    ...     "shape": {"shape": "hexagon", "radius": 3, "terrain": "resource"},
    ...     "pieces": [{"piece": "mystery-hex", "hex_type": "buffalo-herd", "at": [0, 0]}]},
    ...     hex_types={"buffalo-herd": {"category": "mystery", "mobile": True}})
    >>> d = distribution(b, (0, 0), 2)
    >>> sum(d.values())
    Fraction(1, 1)
    """
    mover = mobile_piece(board, start)
    if not 0 <= moves <= limit("odds_moves"):
        raise UsageError(f"moves must be between 0 and {limit('odds_moves')} (the declared limit), not {moves}")
    start = mover.at
    # whole numbers over one denominator per move instead of Fractions: no gcd in the inner loop
    # (a radius-60 map and 100 moves took two minutes with Fractions), the same exact values
    counts, denominator = {start: 1}, 1
    cache: dict[Coord, dict[Coord, Fraction]] = {}
    below: dict[Coord, int] = {}  # a node's moves' common denominator
    weights: dict[tuple[Coord, int], list[tuple[Coord, int]]] = {}
    for _ in range(moves):
        for node in counts:
            if node not in cache:
                cache[node] = transition(board, node, mover)
                below[node] = math.lcm(*(q.denominator for q in cache[node].values()))
        step = math.lcm(*{below[node] for node in counts}) if counts else 1
        nxt: dict[Coord, int] = {}
        get = nxt.get
        for node, count in counts.items():
            moved = weights.get((node, step))
            if moved is None:
                moved = weights[(node, step)] = [(target, int(q * step)) for target, q in cache[node].items()]
            for target, weight in moved:
                nxt[target] = get(target, 0) + count * weight
        counts, denominator = nxt, denominator * step
    return {node: Fraction(count, denominator) for node, count in counts.items()}
