"""Drawing a board with matplotlib: terrain colours, pieces, rails, tokens, coordinates, and
optionally the legal hexes for a player highlighted."""
from __future__ import annotations

import math

from .geometry import hex_to_pixel
from .graph import Board

TERRAIN_COLOURS = {"non-resource": "#f3ead3", "resource": "#cfe3b5", "safe-zone": "#9fd08c",
                   "rugged-resource": "#d9b38c", "mystery": "#b9a7d6", "whistle-stop": "#f2c6a0",
                   "plains": "#efe6cf", "canyon": "#8c6a4f"}
RESOURCE_COLOURS = {"food": "#e6d36b", "wood": "#5f9e4f", "ore": "#8f8f99"}
PLAYER_COLOURS = ["#c0392b", "#2471a3", "#229954", "#d68910", "#7d3c98", "#17202a"]
#: Maps of more spaces are drawn without each space's coordinates (too small to read).
COORDINATES_UP_TO = 400


def _colour_of(board: Board, node) -> str:
    attrs = board.effective(node)
    if attrs.get("blocked"):
        return TERRAIN_COLOURS["canyon"]
    if attrs.get("resource") in RESOURCE_COLOURS and attrs["category"] in ("resource", "rugged-resource", "safe-zone"):
        return RESOURCE_COLOURS[attrs["resource"]]
    return TERRAIN_COLOURS.get(attrs["category"], "#dddddd")


def draw(board: Board, *, legal=None, ax=None, coordinates: bool = True, title: str | None = None):
    """Draw ``board`` on a matplotlib Axes (a new figure when ``ax`` is None); returns the Figure.

    ``legal`` is an iterable of nodes to outline in gold (e.g. a player's legal town spots).
    """
    if ax is None:
        from matplotlib.figure import Figure  # no pyplot: no global state, no GUI backend needed
        fig = Figure(figsize=(8, 8))
        ax = fig.add_subplot()
    fig = ax.figure
    from matplotlib.collections import PolyCollection

    players = {name: PLAYER_COLOURS[i % len(PLAYER_COLOURS)] for i, name in enumerate(board.players)}
    legal = set(legal or ())
    # coordinates are unreadable on a large map (and its thousands of texts took minutes to draw)
    coordinates = coordinates and board.graph.number_of_nodes() <= COORDINATES_UP_TO
    centre, shapes, faces, edges, widths = {}, [], [], [], []
    hexagon = [(math.cos(math.radians(60 * k)), math.sin(math.radians(60 * k))) for k in range(6)]
    square = [(-0.9, -0.9), (0.9, -0.9), (0.9, 0.9), (-0.9, 0.9)]
    for node in board.graph.nodes:
        if board.geometry == "hex":
            x, y = hex_to_pixel(node)
            outline = hexagon
        else:
            x, y = float(node[0]) * 1.8, float(node[1]) * 1.8
            outline = square
        centre[node] = (x, y)
        shapes.append([(x + dx, y + dy) for dx, dy in outline])
        faces.append(_colour_of(board, node))
        edges.append("#c9a227" if node in legal else "#6b5b45")
        widths.append(3 if node in legal else 0.6)
        attrs = board.graph.nodes[node]
        label = attrs.get("name") or attrs.get("location") or ""
        if coordinates:
            ax.text(x, y + 0.55, f"{node[0]},{node[1]}", ha="center", va="center", fontsize=5, color="#555555")
        if label:
            ax.text(x, y - 0.5, label.replace("-", " ")[:14], ha="center", va="center", fontsize=5)
        for token in attrs.get("tokens") or []:
            ax.text(x + 0.45, y - 0.2, token[0].upper(), fontsize=6, color="#7b241c", ha="center")
    # one artist for every space: drawing 11,000 hexes as one collection takes seconds, not minutes
    ax.add_collection(PolyCollection(shapes, facecolors=faces, edgecolors=edges, linewidths=widths))
    for a, b, rails in board.graph.edges(data="rails"):
        for k, player in enumerate(sorted(rails or ())):
            (x1, y1), (x2, y2) = centre[a], centre[b]
            ax.plot([x1, x2], [y1 + 0.08 * k, y2 + 0.08 * k], color=players.get(player, "black"), linewidth=3,
                    solid_capstyle="round", zorder=3)
    markers = {"town": "s", "city": "p", "improved-town": "D", "mystery-hex": "h", "tribe-token": "^",
               "wanted-token": "X", "hideout-token": "v", "bandit": "x", "sheriff": "*", "player": "o"}
    for piece in board.pieces:
        x, y = centre[piece.at]
        colour = players.get(piece.player, "#4a235a" if piece.piece == "mystery-hex" else "#222222")
        marker = markers.get(piece.piece, "o")
        ax.scatter([x], [y], marker=marker, s=160 if piece.piece == "city" else 90, color=colour,
                   edgecolors=None if marker == "x" else "white", zorder=4)
        if piece.piece == "mystery-hex":
            ax.text(x, y + 0.3, (piece.hex_type or "?").replace("-", " ")[:12] if piece.face_up else "?",
                    fontsize=5, ha="center", color="#4a235a", zorder=5)
    ax.set_aspect("equal")
    ax.autoscale_view()
    ax.invert_yaxis()  # north (direction 1) at the top
    ax.axis("off")
    ax.set_title(title or board.id)
    if players:
        from matplotlib.lines import Line2D
        ax.legend(handles=[Line2D([], [], color=c, marker="o", linestyle="", label=p) for p, c in players.items()],
                  loc="upper right", fontsize=7, frameon=False)
    return fig
