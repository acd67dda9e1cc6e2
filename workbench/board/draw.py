"""Drawing a board with matplotlib for a designer's eye: the map's name as its title, terrain with
a key, pieces by shape, whole place names, rails, coordinates, and optionally where a player may
build shaded (every other hex dimmed) and a selected hex ringed. ``workbench map draw`` and the
notebooks' panels draw the same picture (:func:`draw_map`); a map of thousands of hexes is drawn
as one collection (:func:`draw`), with the same title and key."""
from __future__ import annotations

import math

from collections import defaultdict

from ..core.text import words
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


#: Maps of more spaces than this are drawn as one collection, without a patch per hex (seconds, not minutes).
PATCHES_UP_TO = 1000


def map_name(board: Board) -> str:
    """The map's name as its document gives it (its id when it has none)."""
    data = board.document.data if board.document is not None else {}
    name = data.get("name") if isinstance(data, dict) else None
    return name if isinstance(name, str) and name.strip() else board.id


def draw(board: Board, *, legal=None, ax=None, coordinates: bool = True, title: str | None = None, library=None):
    """Draw ``board`` on a matplotlib Axes (a new figure when ``ax`` is None); returns the Figure.

    The title is ``title`` or the map's name; a key names the terrain, pieces and players drawn.
    ``legal`` is an iterable of nodes to outline in gold (e.g. a player's legal town spots).
    """
    if ax is None:
        from matplotlib.figure import Figure  # no pyplot: no global state, no GUI backend needed
        fig = Figure(figsize=(10, 8))
        ax = fig.add_axes((0.0, 0.0, 0.74, 0.94))   # the key sits to the map's right
    fig = ax.figure
    title = title or map_name(board)
    # coordinates are unreadable on a large map (and its thousands of texts took minutes to draw)
    coordinates = coordinates and board.graph.number_of_nodes() <= COORDINATES_UP_TO and board.geometry == "hex"
    if board.graph.number_of_nodes() <= PATCHES_UP_TO:
        draw_map(board, ax, legal=legal, title=title, coordinates=coordinates, library=library,
                 legal_label="may build here")
        return fig
    from matplotlib.collections import PolyCollection
    from matplotlib.patches import Patch

    players = player_colours(board.players)
    legal = set(legal or ())
    shapes, faces, edges, widths, seen = [], [], [], [], {}
    for node in board.graph.nodes:
        _, corners = _outline(board, node)
        colour, label = _terrain(board, node)
        seen.setdefault(label, colour)
        shapes.append(corners)
        faces.append(colour)
        edges.append("#c9a227" if node in legal else "#6b5b45")
        widths.append(3 if node in legal else 0.6)
    # one artist for every space: drawing 11,000 hexes as one collection takes seconds, not minutes
    ax.add_collection(PolyCollection(shapes, facecolors=faces, edgecolors=edges, linewidths=widths))
    for node, text in location_names(board, library).items():
        x, y = centre(board, node)
        ax.text(x, y - 0.5, _wrap(text, 12), ha="center", va="center", fontsize=5, linespacing=0.95)
    for a, b, rails in board.graph.edges(data="rails"):
        for k, player in enumerate(sorted(rails or ())):
            (x1, y1), (x2, y2) = centre(board, a), centre(board, b)
            ax.plot([x1, x2], [y1 + 0.08 * k, y2 + 0.08 * k], color=players.get(player, "black"), linewidth=3,
                    solid_capstyle="round", zorder=3)
    for piece in board.pieces:
        x, y = centre(board, piece.at)
        colour = players.get(piece.player, "#4a235a" if piece.piece == "mystery-hex" else "#222222")
        marker = MARKERS.get(piece.piece, ("o", piece.piece))[0]
        ax.scatter([x], [y], marker=marker, s=160 if piece.piece == "city" else 90, color=colour,
                   edgecolors=None if marker == "x" else "white", zorder=4)
    ax.set_aspect("equal")
    ax.autoscale_view()
    ax.invert_yaxis()  # north (direction 1) at the top
    ax.axis("off")
    ax.set_title(title, fontsize=11)
    handles = [Patch(facecolor=c, edgecolor="#6b5b45", label=label) for label, c in sorted(seen.items())]
    from matplotlib.lines import Line2D
    handles += [Line2D([], [], color=c, marker="o", linestyle="", label=p) for p, c in players.items()]
    ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize=8, frameon=False, title="key")
    return fig


#: What each piece looks like (matplotlib marker) and its name in the legend.
MARKERS = {"town": ("s", "town"), "city": ("p", "city"), "improved-town": ("D", "improved town"),
           "tribe-token": ("^", "Tribe token"), "wanted-token": ("X", "Wanted token"), "hideout-token": ("v", "Hideout token"),
           "player": ("o", "player"), "bandit": ("x", "bandit"), "sheriff": ("*", "sheriff")}
PLURALS = {"town": "towns", "city": "cities", "rail": "rails", "improved-town": "improved towns"}
LOCATION_COLOUR = "#ead9b5"
DIM = "#ffffff"


def plural(piece: str) -> str:
    """>>> plural("city")
    'cities'
    """
    return PLURALS.get(piece, piece.replace("-", " ") + "s")


def player_colours(players) -> dict[str, str]:
    return {name: PLAYER_COLOURS[i % len(PLAYER_COLOURS)] for i, name in enumerate(players)}


HATCHES = {"safe-zone": "..", "rugged-resource": "///"}


def _terrain(board, node) -> tuple[str, str]:
    """(colour, legend label) of a hex (its hatch comes from :data:`HATCHES`)."""
    attrs = board.effective(node)
    category = attrs.get("category")
    if attrs.get("blocked"):
        return TERRAIN_COLOURS["canyon"], "canyon (blocked)"
    if attrs.get("mystery") is not None:
        return TERRAIN_COLOURS["mystery"], "mystery hex"
    if board.graph.nodes[node].get("location"):
        return LOCATION_COLOUR, "town location"
    resource = attrs.get("resource")
    if resource in RESOURCE_COLOURS and category in ("resource", "rugged-resource", "safe-zone"):
        label = {"resource": f"{resource} hex", "rugged-resource": f"rugged {resource} hex",
                 "safe-zone": f"{resource} Safe Zone"}[category]
        return RESOURCE_COLOURS[resource], label
    if category == "resource":
        return TERRAIN_COLOURS["resource"], "resource hex (no tile yet)"
    return TERRAIN_COLOURS.get(category, "#dddddd"), words(category or "unknown")


def _outline(board, node):
    if board.geometry == "hex":
        x, y = hex_to_pixel(node)
        return (x, y), [(x + math.cos(math.radians(60 * k)), y + math.sin(math.radians(60 * k))) for k in range(6)]
    x, y = float(node[0]) * 1.8, float(node[1]) * 1.8
    return (x, y), [(x - 0.9, y - 0.9), (x + 0.9, y - 0.9), (x + 0.9, y + 0.9), (x - 0.9, y + 0.9)]


def centre(board, node) -> tuple[float, float]:
    return _outline(board, node)[0]


def location_names(board, library=None) -> dict:
    """One label per named place: a node's own ``name``, else its location's name (once per
    location, at its first cell)."""
    labels, seen = {}, set()
    for node in sorted(board.graph.nodes, key=lambda n: (n[1], n[0])):
        attrs = board.graph.nodes[node]
        if attrs.get("name"):
            labels[node] = attrs["name"]
        elif attrs.get("location") and attrs["location"] not in seen:
            seen.add(attrs["location"])
            data = library.data(board.game, "location", attrs["location"]) if library is not None else None
            labels[node] = (data or {}).get("name") or words(attrs["location"]).capitalize()
    return labels


def draw_map(board, ax, *, legal=None, legal_label: str = "", selected=None, title: str = "", coordinates=None,
             library=None, legend: bool = True):
    """Draw ``board`` on ``ax``. ``legal`` (hexes) shades every other hex; ``selected`` is ringed."""
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch, Polygon

    coordinates = board.geometry == "hex" if coordinates is None else coordinates
    legal = set(legal) if legal is not None else None
    colours = player_colours(board.players)
    terrain_seen: dict[str, tuple] = {}
    for node in board.graph.nodes:
        (x, y), corners = _outline(board, node)
        colour, label = _terrain(board, node)
        hatch = None if board.effective(node).get("mystery") is not None else HATCHES.get(board.effective(node).get("category"))
        terrain_seen.setdefault(label, (colour, hatch))
        ax.add_patch(Polygon(corners, closed=True, facecolor=colour, edgecolor="#6b5b45", linewidth=0.6, zorder=1,
                             hatch=hatch))
        if legal is not None and node not in legal:
            ax.add_patch(Polygon(corners, closed=True, facecolor=DIM, alpha=0.62, edgecolor="none", zorder=2))
        if legal is not None and node in legal:
            ax.add_patch(Polygon(corners, closed=True, facecolor="none", edgecolor="#c9a227", linewidth=2.4, zorder=3))
        if coordinates:
            ax.text(x, y + 0.62, f"{node[0]},{node[1]}", ha="center", va="center", fontsize=6.5, color="#4d4d4d", zorder=5)
    for node, text in location_names(board, library).items():
        x, y = centre(board, node)
        size = 7 if board.geometry == "hex" else 6.5
        ax.text(x, y - (0.55 if board.geometry == "hex" else 0.55), _wrap(text, 12), ha="center", va="center",
                fontsize=size, zorder=7, linespacing=0.95,
                bbox={"boxstyle": "round,pad=0.12", "facecolor": "white", "alpha": 0.75, "edgecolor": "none"})
    for a, b, rails in board.graph.edges(data="rails"):
        for k, player in enumerate(sorted(rails or ())):
            (x1, y1), (x2, y2) = centre(board, a), centre(board, b)
            ax.plot([x1, x2], [y1 + 0.08 * k, y2 + 0.08 * k], color=colours.get(player, "black"), linewidth=3,
                    solid_capstyle="round", zorder=4)
    pieces_seen = set()
    stacked = defaultdict(int)
    for piece in board.pieces:
        x, y = centre(board, piece.at)
        if piece.piece == "mystery-hex":
            name = words(piece.hex_type or "").capitalize() if piece.face_up else "?"
            ax.text(x, y - 0.3 if piece.face_up else y, _wrap(name, 10), fontsize=7 if piece.face_up else 12, ha="center",
                    va="center", color="#3b1f5e", zorder=7, fontweight="bold")
            continue
        marker, _ = MARKERS.get(piece.piece, ("o", piece.piece))
        pieces_seen.add(piece.piece)
        shift = 0.32 * stacked[piece.at]
        stacked[piece.at] += 1
        colour = colours.get(piece.player, "#222222")
        ax.scatter([x + shift], [y + 0.2 + shift * 0.4], marker=marker, s=190 if piece.piece == "city" else 110, color=colour,
                   edgecolors=None if marker == "x" else "white", linewidths=1.2, zorder=6)
    if selected is not None and selected in board.graph:
        (x, y), corners = _outline(board, selected)
        ax.add_patch(Polygon(corners, closed=True, facecolor="none", edgecolor="#111111", linewidth=3.2, zorder=8))
    ax.set_aspect("equal")
    ax.autoscale_view()
    ax.invert_yaxis()  # north (direction 1) at the top
    ax.axis("off")
    if title:
        ax.set_title(title, fontsize=11)
    if legend:
        handles = [Patch(facecolor=c, edgecolor="#6b5b45", hatch=h, label=label) for label, (c, h) in sorted(terrain_seen.items())]
        handles += [Line2D([], [], color="#555555", marker=MARKERS[p][0], linestyle="", markersize=8, label=MARKERS[p][1])
                    for p in sorted(pieces_seen) if p in MARKERS]
        handles += [Line2D([], [], color=c, marker="o", linestyle="", markersize=8, label=p) for p, c in colours.items()]
        if legal is not None:
            handles.append(Patch(facecolor="white", edgecolor="#c9a227", linewidth=2.4, label=legal_label or "legal here"))
        if selected is not None:
            handles.append(Patch(facecolor="none", edgecolor="#111111", linewidth=2.4, label="selected hex"))
        ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize=8, frameon=False,
                  title="key", title_fontsize=9, alignment="left")
    return ax


def _wrap(text: str, width: int) -> str:
    import textwrap
    return "\n".join(textwrap.wrap(str(text), width)) or str(text)
