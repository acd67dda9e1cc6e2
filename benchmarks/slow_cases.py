"""The cases issue 28 found slow within the declared limits, each against its old way in the same run.

* `map odds`: the distribution of a mobile hex after N moves at radius 60, whole numbers over one
  denominator a move (the workbench) against Fractions added hex by hex (the old way). Both must
  give the same answer.
* `map draw`: a radius-60 hexagon (10,981 hexes) drawn as one collection without coordinates (the
  workbench) against one patch and one text per hex (the old way), saved as PNG.

    .venv/bin/python benchmarks/slow_cases.py [--moves 30]

Times on a shared machine are indicative only; the ratio is the figure.
"""
from __future__ import annotations

import argparse
import io
import math
import time
from fractions import Fraction

from workbench.board import mobile
from workbench.board.draw import _colour_of, draw
from workbench.board.geometry import hex_to_pixel
from workbench.board.graph import Board


def board(radius: int) -> Board:
    return Board.from_data({"id": "m", "game": "g", "geometry": "hex",
                            "shape": {"shape": "hexagon", "radius": radius, "terrain": "resource"},
                            "pieces": [{"piece": "mystery-hex", "hex_type": "buffalo-herd", "at": [0, 0]}]},
                           hex_types={"buffalo-herd": {"category": "mystery", "mobile": True}})


def fractions_way(b: Board, start, moves: int):
    mover = mobile.mobile_piece(b, start)
    current, cache = {mover.at: Fraction(1)}, {}
    for _ in range(moves):
        nxt = {}
        for node, p in current.items():
            if node not in cache:
                cache[node] = mobile.transition(b, node, mover)
            for target, q in cache[node].items():
                nxt[target] = nxt.get(target, Fraction(0)) + p * q
        current = nxt
    return current


def patches_way(b: Board):
    from matplotlib.figure import Figure
    from matplotlib.patches import Polygon

    fig = Figure(figsize=(8, 8))
    ax = fig.add_subplot()
    for node in b.graph.nodes:
        x, y = hex_to_pixel(node)
        patch = Polygon([(x + math.cos(math.radians(60 * k)), y + math.sin(math.radians(60 * k))) for k in range(6)])
        patch.set_facecolor(_colour_of(b, node))
        ax.add_patch(patch)
        ax.text(x, y + 0.55, f"{node[0]},{node[1]}", ha="center", va="center", fontsize=5)
    ax.set_aspect("equal")
    ax.autoscale_view()
    return fig


def timed(call):
    start = time.perf_counter()
    result = call()
    return result, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--moves", type=int, default=30)
    args = parser.parse_args()
    b = board(60)
    new, t_new = timed(lambda: mobile.distribution(b, (0, 0), args.moves))
    old, t_old = timed(lambda: fractions_way(b, (0, 0), args.moves))
    assert new == old
    print(f"map odds, radius 60, {args.moves} moves: {t_new:.2f} s vs {t_old:.2f} s with Fractions"
          f" ({t_old / t_new:.1f}x)")
    _, t_new = timed(lambda: draw(b).savefig(io.BytesIO(), format="png"))
    _, t_old = timed(lambda: patches_way(b).savefig(io.BytesIO(), format="png"))
    print(f"map draw, radius 60 (PNG): {t_new:.2f} s vs {t_old:.2f} s one patch and text a hex ({t_old / t_new:.1f}x)")


if __name__ == "__main__":
    main()
