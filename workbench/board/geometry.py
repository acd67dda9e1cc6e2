"""Hex and grid geometry: coordinates, directions, neighbours, distances, generated shapes.

Hex maps use axial coordinates ``(q, r)`` with flat-topped hexes. Directions are numbered as the
Rebels & Rogues mobile mystery hexes use them: 1 at the top, then clockwise.

>>> DIRECTIONS[1], DIRECTIONS[4]
((0, -1), (0, 1))
>>> hex_distance((0, 0), (2, -1))
2
>>> len(hexagon(2))
19
"""
from __future__ import annotations

from typing import Iterable, Iterator

Coord = tuple[int, int]

#: Direction number -> axial step. 1 = north, 2 = north-east, 3 = south-east, 4 = south,
#: 5 = south-west, 6 = north-west (flat-topped hexes, clockwise from the top).
DIRECTIONS: dict[int, Coord] = {1: (0, -1), 2: (1, -1), 3: (1, 0), 4: (0, 1), 5: (-1, 1), 6: (-1, 0)}
DIRECTION_NAMES = {1: "north", 2: "north-east", 3: "south-east", 4: "south", 5: "south-west", 6: "north-west"}

#: Grid maps (Western Legends): orthogonal and diagonal moves.
GRID_STEPS: tuple[Coord, ...] = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))


def add(a: Coord, b: Coord) -> Coord:
    return (a[0] + b[0], a[1] + b[1])


def hex_neighbours(h: Coord) -> list[Coord]:
    return [add(h, step) for step in DIRECTIONS.values()]


def grid_neighbours(c: Coord) -> list[Coord]:
    return [add(c, step) for step in GRID_STEPS]


def hex_distance(a: Coord, b: Coord) -> int:
    """Steps between two hexes (axial coordinates)."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def grid_distance(a: Coord, b: Coord) -> int:
    """Moves between two grid spaces when diagonal moves are allowed (Chebyshev distance)."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def hexagon(radius: int, origin: Coord = (0, 0)) -> list[Coord]:
    """All hexes within ``radius`` of ``origin``: 3r(r+1)+1 of them."""
    out = []
    for q in range(-radius, radius + 1):
        for r in range(max(-radius, -q - radius), min(radius, -q + radius) + 1):
            out.append((origin[0] + q, origin[1] + r))
    return out


def rectangle(width: int, height: int, origin: Coord = (0, 0)) -> list[Coord]:
    return [(origin[0] + x, origin[1] + y) for y in range(height) for x in range(width)]


def hex_to_pixel(h: Coord, size: float = 1.0) -> tuple[float, float]:
    """Centre of a flat-topped hex, y growing downwards as on a page (north = up on screen)."""
    q, r = h
    x = size * 1.5 * q
    y = size * (3 ** 0.5) * (r + q / 2)
    return x, y


def parse_coord(text: str) -> Coord:
    """Parse ``"q,r"`` (spaces allowed).

    >>> parse_coord("3, -2")
    (3, -2)
    """
    parts = [p.strip() for p in text.split(",")]
    if len(parts) != 2:
        raise ValueError(f"expected two numbers like 3,-2, got {text!r}")
    return int(parts[0]), int(parts[1])


def ball(centres: Iterable[Coord], radius: int, neighbours, nodes) -> set[Coord]:
    """Every node within ``radius`` steps of any centre (breadth-first, on ``nodes`` only)."""
    frontier = {c for c in centres if c in nodes}
    seen = set(frontier)
    for _ in range(radius):
        nxt = set()
        for node in frontier:
            for n in neighbours(node):
                if n in nodes and n not in seen:
                    seen.add(n)
                    nxt.add(n)
        frontier = nxt
    return seen


def nearest(start: Coord, targets, radius: int, neighbours, nodes) -> Coord | None:
    """The nearest of ``targets`` within ``radius`` steps of ``start`` (walking ``nodes``), the
    smallest coordinates first among equals; ``None`` when none is that close."""
    frontier, seen = {start}, {start}
    for _ in range(radius + 1):
        found = sorted(n for n in frontier if n in targets)
        if found:
            return found[0]
        nxt = set()
        for node in frontier:
            for n in neighbours(node):
                if n in nodes and n not in seen:
                    seen.add(n)
                    nxt.add(n)
        frontier = nxt
    return None


def directions_from(spec: dict | None) -> dict[int, Coord]:
    """A map's direction numbering (``{"1": [0, -1], ...}``), or the default when it is missing or
    unusable (see :func:`check_directions`)."""
    if not spec:
        return dict(DIRECTIONS)
    table, reason = check_directions(spec)
    return dict(DIRECTIONS) if reason else table


def check_directions(spec) -> tuple[dict[int, Coord], str | None]:
    """Read a direction table and say what is wrong with it, if anything.

    A usable table numbers all six directions 1-6, each one step to a different neighbouring hex.

    >>> check_directions({"1": [0, -1]})[1]
    'gives directions 1 only: 2, 3, 4, 5, 6 are missing'
    >>> check_directions({str(d): list(s) for d, s in DIRECTIONS.items()})[1] is None
    True
    """
    table: dict[int, Coord] = {}
    if not isinstance(spec, dict):
        return table, "is not a mapping of direction numbers to steps"
    steps = set(DIRECTIONS.values())
    for key, value in spec.items():
        try:
            number = int(key)
            step = (int(value[0]), int(value[1]))
        except (TypeError, ValueError, IndexError, KeyError):
            return table, f"has an unreadable entry {key!r}: {value!r}"
        if number not in DIRECTIONS:
            return table, f"numbers a direction {number}; directions are 1-6"
        if step not in steps:
            return table, f"sends direction {number} to {list(step)}, which is not a neighbouring hex"
        table[number] = step
    missing = [d for d in DIRECTIONS if d not in table]
    if missing:
        return table, (f"gives directions {', '.join(map(str, sorted(table)))} only: "
                       f"{', '.join(map(str, missing))} {'is' if len(missing) == 1 else 'are'} missing")
    if len(set(table.values())) < len(table):
        return table, "sends two directions to the same neighbouring hex"
    return table, None


def hexagon_size(radius: int) -> int:
    """Hexes in a hexagon of ``radius``: 3r(r+1)+1."""
    return 3 * radius * (radius + 1) + 1


def iter_pairs(items: list) -> Iterator[tuple]:
    for i, a in enumerate(items):
        for b in items[i + 1:]:
            yield a, b


def pixel_to_hex(x: float, y: float, size: float = 1.0) -> Coord:
    """The hex under a point of the drawing (inverse of :func:`hex_to_pixel`, cube-rounded).

    >>> pixel_to_hex(*hex_to_pixel((3, -2)))
    (3, -2)
    """
    q = (2 / 3) * x / size
    r = y / (size * 3 ** 0.5) - q / 2
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return int(rq), int(rr)
