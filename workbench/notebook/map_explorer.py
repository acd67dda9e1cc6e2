"""Exploring a map: see what lies on a hex and why each piece is or is not legal there, place and
remove pieces, step a mobile mystery hex, compare random layouts, and see where a mobile hex goes."""
from __future__ import annotations

import random

from ..board.draw import draw
from ..board.geometry import pixel_to_hex
from ..board.graph import Board, Piece, board_from_library
from ..board.layout import fairness, random_layout, spread
from ..board.mobile import distribution, roll_move
from ..board.placement import Question, board_parameters, check_board, legal_placements, rules_in_force

PIECES = ("town", "city", "rail", "improved-town")


class MapExplorer:
    """The logic behind 03-map-explorer.

    >>> from workbench.notebook.common import library
    >>> explorer = MapExplorer(library(), "illustrative-territory")
    >>> explorer.select((0, 0))["legal"]["town"]["red"]
    True
    """

    def __init__(self, library, map_id: str, scenario: str | None = None, seed: int = 0):
        self.library = library
        self.map_id = map_id
        self.board = board_from_library(library, map_id)
        self.set_scenario(scenario)
        self.rng = random.Random(seed)
        self.player = self.board.players[0] if self.board.players else "red"
        self.piece = "town"
        self.selected = None
        self.history: list[str] = []

    def set_scenario(self, scenario: str | None) -> None:
        self.scenario = scenario
        data = self.library.data(self.board.game, "scenario", scenario) if scenario else None
        board_parameters(self.board, self.library, data)
        self.rules, self.rule_problems = rules_in_force(self.board, self.library, data)

    def legal(self, piece: str | None = None, player: str | None = None):
        return legal_placements(self.board, Question(piece or self.piece, player or self.player), self.rules)

    def select(self, node) -> dict:
        """Everything about one hex: terrain, pieces, and per piece and player, legal or why not."""
        node = tuple(node)
        if node not in self.board.graph:
            raise ValueError(f"{list(node)} is not on the map")
        self.selected = node
        attrs = self.board.effective(node)
        info = {"hex": list(node), "terrain": attrs["terrain"], "category": attrs["category"],
                "resource": attrs.get("resource"), "tokens": list(attrs.get("tokens") or []),
                "pieces": [p.describe() for p in self.board.pieces_at(node)], "legal": {}, "why": {}}
        for piece in PIECES:
            info["legal"][piece], info["why"][piece] = {}, {}
            for player in self.board.players or [self.player]:
                verdict = self.legal(piece, player)
                info["legal"][piece][player] = node in verdict.legal
                info["why"][piece][player] = [f"[{rule}] {why}" for rule, why in verdict.illegal.get(node, [])]
        return info

    def place(self, node, piece: str | None = None, player: str | None = None, *, force: bool = False) -> None:
        piece, player = piece or self.piece, player or self.player
        node = tuple(node)
        if piece == "rail":
            raise ValueError("lay rails in the YAML (from, to): a rail joins two hexes")
        if not force and node not in self.legal(piece, player).legal:
            reasons = self.legal(piece, player).illegal.get(node, [])
            raise ValueError(f"{player} may not place a {piece} on {list(node)}: " + "; ".join(w for _, w in reasons))
        self.board.pieces.append(Piece(piece, node, player))
        self.history.append(f"{player} places a {piece} on {list(node)}")

    def remove(self, node) -> None:
        node = tuple(node)
        mine = [p for p in self.board.pieces if p.at == node and p.piece in ("town", "city", "improved-town")]
        if not mine:
            raise ValueError(f"no town or city on {list(node)}")
        self.board.pieces.remove(mine[-1])
        self.history.append(f"removed {mine[-1].describe()}")

    def mobile_hexes(self) -> list[tuple]:
        return [p.at for p in self.board.pieces if p.piece == "mystery-hex" and p.face_up
                and self.board.hex_types.get(p.hex_type or "", {}).get("mobile")]

    def step_mobile(self, node, rolls=None):
        move = roll_move(self.board, tuple(node), rolls, self.rng, apply=True)
        self.history.append(move.reason)
        return move

    def problems(self):
        return list(check_board(self.board, self.rules))

    def compare_layouts(self, seeds, distance: int = 3):
        """Fairness rows for several seeded layouts, side by side (a pandas DataFrame)."""
        import pandas as pd

        template = self.board.document.data
        variant = self.library.data(self.board.game, "variant", "mystery-hexes") or {}
        tiles = self.board.parameters.get("resource_hex_tiles", {})
        rows = []
        for seed in seeds:
            data = random_layout(template, seed, tiles=tiles, mystery=list(variant.get("hex_types") or []),
                                 hex_types=self.board.hex_types)
            laid = Board.from_data(data, hex_types=self.board.hex_types)
            for row in fairness(laid, distance):
                rows.append({"seed": seed, **row})
            rows.append({"seed": seed, "start": "spread (max-min)", **spread(fairness(laid, distance))})
        return pd.DataFrame(rows)

    def distribution(self, node, moves: int):
        return distribution(self.board, tuple(node), moves)

    def figure(self, ax=None, highlight: bool = True):
        legal = self.legal().legal if highlight else None
        fig = draw(self.board, legal=legal, ax=ax,
                   title=f"{self.map_id}: {self.player}'s legal {self.piece}s outlined" if highlight else self.map_id)
        if self.selected is not None:
            from ..board.geometry import hex_to_pixel
            x, y = hex_to_pixel(self.selected)
            fig.axes[0].scatter([x], [y], s=500, facecolors="none", edgecolors="black", linewidths=2, zorder=6)
        return fig

    def heatmap(self, node, moves: int, ax=None):
        """The exact distribution of a mobile hex after ``moves`` moves, as a heat map."""
        import math

        from matplotlib import cm
        from matplotlib.figure import Figure
        from matplotlib.patches import Polygon

        from ..board.geometry import hex_to_pixel
        dist = self.distribution(node, moves)
        if ax is None:
            ax = Figure(figsize=(6, 6)).add_subplot()
        top = max(dist.values())
        for h in self.board.graph.nodes:
            x, y = hex_to_pixel(h)
            p = float(dist.get(h, 0))
            corners = [(x + math.cos(math.radians(60 * k)), y + math.sin(math.radians(60 * k))) for k in range(6)]
            ax.add_patch(Polygon(corners, facecolor=cm.viridis(p / float(top)) if p else "#eeeeee", edgecolor="white"))
            if p:
                ax.text(x, y, f"{p:.2f}", ha="center", va="center", fontsize=6, color="white" if p / float(top) < 0.6 else "black")
        ax.set_aspect("equal")
        ax.autoscale_view()
        ax.invert_yaxis()
        ax.axis("off")
        ax.set_title(f"where the mobile hex at {list(node)} is after {moves} move(s) (exact)")
        return ax.figure

    def on_click(self, x: float, y: float):
        """A click on the drawing at data coordinates (x, y) selects the hex under it."""
        node = pixel_to_hex(x, y)
        return self.select(node) if node in self.board.graph else None


def explorer_widget(explorer: MapExplorer):
    import ipywidgets as w
    import matplotlib.pyplot as plt

    from .common import problems_table, shows_errors

    messages, info, plot = w.Output(), w.HTML(), w.Output()
    players = explorer.board.players or ["red", "blue"]
    player = w.Dropdown(options=players, value=explorer.player, description="player")
    piece = w.Dropdown(options=list(PIECES), value=explorer.piece, description="piece")
    scenarios = [""] + sorted(d.id for d in explorer.library.of_kind("scenario", explorer.board.game))
    scenario = w.Dropdown(options=scenarios, value=explorer.scenario or "", description="scenario")
    hexes = sorted(explorer.board.graph.nodes)
    picker = w.Dropdown(options=[(f"{q},{r}", (q, r)) for q, r in hexes], description="hex")
    place, remove, step = w.Button(description="Place piece"), w.Button(description="Remove piece"), w.Button(description="Move mobile hex")
    problems = w.HTML()
    figure = {"fig": None}

    def render():
        plot.clear_output(wait=True)
        with plot:
            plt.close("all")
            fig, ax = plt.subplots(figsize=(7, 7))
            explorer.figure(ax=ax)
            fig.canvas.mpl_connect("button_press_event", clicked)
            figure["fig"] = fig
            plt.show()
        problems.value = problems_table(explorer.problems())

    def show(data):
        if data is None:
            return
        rows = "".join(f"<tr><td>{p}</td>" + "".join(
            f"<td>{'✔' if data['legal'][p][who] else '✘ ' + '<br>'.join(data['why'][p][who])}</td>" for who in players) + "</tr>"
            for p in PIECES)
        info.value = (f"<b>{data['hex']}</b>: {data['category']} ({data['terrain']}), resource {data['resource']},"
                      f" tokens {data['tokens']}, pieces {data['pieces']}<table><tr><th></th>"
                      + "".join(f"<th>{who}</th>" for who in players) + f"</tr>{rows}</table>")

    @shows_errors(messages)
    def clicked(event):
        if event.xdata is not None:
            data = explorer.on_click(event.xdata, event.ydata)
            if data:
                picker.value = tuple(data["hex"])

    @shows_errors(messages)
    def picked(change):
        show(explorer.select(change["new"]))
        render()

    @shows_errors(messages)
    def settings(_):
        explorer.player, explorer.piece = player.value, piece.value
        explorer.set_scenario(scenario.value or None)
        render()

    @shows_errors(messages)
    def on_place(_):
        explorer.place(picker.value)
        show(explorer.select(picker.value))
        render()

    @shows_errors(messages)
    def on_remove(_):
        explorer.remove(picker.value)
        show(explorer.select(picker.value))
        render()

    @shows_errors(messages)
    def on_step(_):
        at = picker.value if picker.value in explorer.mobile_hexes() else (explorer.mobile_hexes() or [None])[0]
        if at is None:
            raise ValueError("no face-up mobile mystery hex on the map")
        move = explorer.step_mobile(at)
        messages.append_stdout(move.reason + "\n")
        picker.value = move.end
        render()

    picker.observe(picked, names="value")
    for widget in (player, piece, scenario):
        widget.observe(settings, names="value")
    place.on_click(on_place)
    remove.on_click(on_remove)
    step.on_click(on_step)
    render()
    show(explorer.select(picker.value))
    box = w.VBox([w.HBox([scenario, player, piece]), w.HBox([picker, place, remove, step]), plot, info, problems, messages])
    box.explorer, box.picker, box.place_button, box.remove_button, box.step_button = explorer, picker, place, remove, step
    box.player, box.piece, box.scenario, box.messages, box.info, box.on_canvas_click = player, piece, scenario, messages, info, clicked
    return box
