"""Maps drawn for a designer's eye in the notebooks: the map itself is :func:`workbench.board.draw.draw_map`
(the same picture ``workbench map draw`` writes); here, heat maps of where a mobile hex goes with a
colour bar, coordinates and the start marked.

Drawing is done on a plain matplotlib Axes (no pyplot), so the same code serves images and the
clickable canvas of the map explorer.
"""
from __future__ import annotations

from ..board.draw import (  # noqa: F401  (the panels import them from here)
    DIM, HATCHES, LOCATION_COLOUR, MARKERS, PLURALS, _outline, _terrain, _wrap, centre, draw_map, location_names, plural,
    player_colours,
)
from ..core.text import words  # noqa: F401  (the notebooks import it from here)


def draw_heat(board, distribution: dict, start, ax, *, moves: int, name: str = "the mobile hex"):
    """Where a mobile hex is after ``moves`` moves: each hex's probability as colour and as a
    percentage, a colour bar, coordinates, and the start marked."""
    from matplotlib import cm, colors
    from matplotlib.patches import Polygon

    top = max((float(p) for p in distribution.values()), default=1.0) or 1.0
    scale = colors.Normalize(vmin=0, vmax=top)
    cmap = cm.viridis
    for node in board.graph.nodes:
        (x, y), corners = _outline(board, node)
        p = float(distribution.get(node, 0))
        ax.add_patch(Polygon(corners, closed=True, facecolor=cmap(scale(p)) if p else "#eeeeee", edgecolor="white",
                             linewidth=0.8, zorder=1))
        ax.text(x, y + 0.6, f"{node[0]},{node[1]}", ha="center", va="center", fontsize=6, color="#777777" if not p else
                ("white" if scale(p) < 0.6 else "black"), zorder=3)
        if p:
            ax.text(x, y, f"{p * 100:.0f}%" if p >= 0.01 else "<1%", ha="center", va="center", fontsize=7.5,
                    color="white" if scale(p) < 0.6 else "black", zorder=3)
    (x, y), corners = _outline(board, start)
    ax.add_patch(Polygon(corners, closed=True, facecolor="none", edgecolor="#d62728", linewidth=3, zorder=4))
    ax.text(x, y - 0.5, "start", ha="center", va="center", fontsize=7, color="#d62728", fontweight="bold", zorder=5)
    ax.set_aspect("equal")
    ax.autoscale_view()
    ax.invert_yaxis()
    ax.axis("off")
    mappable = cm.ScalarMappable(norm=colors.Normalize(vmin=0, vmax=top * 100), cmap=cmap)
    ax.figure.colorbar(mappable, ax=ax, fraction=0.04, pad=0.02, label="chance of being there (%)")
    ax.set_title(f"Where {name} goes from {start[0]},{start[1]} in {moves} move{'s' * (moves != 1)} (exact chances)", fontsize=10)
    return ax
