"""Exploring a map: see what lies on a hex and why each piece is or is not legal there, place and
remove pieces, step a mobile mystery hex, compare random layouts, and see where a mobile hex goes.

:class:`MapExplorer` is the panel's one state; the panel redraws from it whenever it changes,
whether a click or a cell changed it.
"""
from __future__ import annotations

import html
import random
import re

from ..board.geometry import hex_to_pixel, pixel_to_hex
from ..board.graph import Board, Piece, board_from_library
from ..board.layout import fairness, random_layout, resource_tiles, spread
from ..board.mobile import distribution, roll_move
from ..board.placement import Question, board_parameters, check_board, legal_placements, rules_in_force
from .common import HTML, Observable, Picture
from .maps import draw_heat, draw_map, plural, words

PIECES = ("town", "city", "rail", "improved-town")
#: Pieces whose placement only matters when a rule about them is in force.
NEEDS_RULE = {"improved-town": "improved-town"}


def plain_reason(message: str, node) -> str:
    """A placement rule's explanation for the hex ``node`` in plain words: the hex is "this hex"
    (it is the one selected), other hexes are written ``q,r`` as on the map.

    >>> plain_reason("[0, 0] (Safe food) is 2 step(s) from the city at [-2, 0]; cities must be at least 3 apart", (0, 0))
    'This hex is 2 steps from the city at -2,0; cities must be at least 3 apart'
    >>> plain_reason("[1, 1] (non resource) is 0 step(s) from the city at [1, 1]; cities must be at least 3 apart", (1, 1))
    'This hex already holds a city; cities must be at least 3 apart'
    """
    here = rf"\[{node[0]}, {node[1]}\]"
    text = re.sub(rf"^{here}( \([^)]*\))? ", "This hex ", message)
    text = re.sub(rf"is 0 step\(s\) from the city at {here}", "already holds a city", text)
    text = re.sub(rf"\b(on|at) {here}", "here", text)
    text = re.sub(here, "this hex", text)
    text = re.sub(r"\[(-?\d+), (-?\d+)\]", r"\1,\2", text)
    text = re.sub(r"\b1 step\(s\)", "1 step", text)
    text = re.sub(r"(\d+) step\(s\)", r"\1 steps", text)
    return text[:1].upper() + text[1:]


class MapExplorer(Observable):
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
        with self.batch():
            self.set_scenario(scenario)
            self.rng = random.Random(seed)
            self.player = self.board.players[0] if self.board.players else "red"
            self.piece = "town"
            self.selected = None
            self.history: list[str] = []
            self.heat: tuple | None = None  # (start hex, moves) of the heat map shown

    def __setattr__(self, name, value):
        old = self.__dict__.get(name, object())
        super().__setattr__(name, value)
        if name in ("player", "piece", "selected", "heat") and old != value:
            self.changed()

    @property
    def players(self) -> list[str]:
        return self.board.players or ["red", "blue"]

    def set_scenario(self, scenario: str | None) -> None:
        self.scenario = scenario
        data = self.library.data(self.board.game, "scenario", scenario) if scenario else None
        board_parameters(self.board, self.library, data)
        self.rules, self.rule_problems = rules_in_force(self.board, self.library, data)
        self.changed()

    def pieces(self) -> list[str]:
        """The pieces the rules in force say something about (improved towns only with their variant)."""
        return [p for p in PIECES if p not in NEEDS_RULE or NEEDS_RULE[p] in self.rules]

    def legal(self, piece: str | None = None, player: str | None = None):
        return legal_placements(self.board, Question(piece or self.piece, player or self.player), self.rules)

    def hex_name(self, node) -> str:
        """What a designer calls the hex: its terrain (or mystery hex) and name."""
        attrs = self.board.effective(node)
        mystery = attrs.get("mystery")
        if mystery is not None:
            if not mystery.face_up:
                return "a face-down mystery hex"
            return (self.board.hex_types.get(mystery.hex_type or "", {}).get("name") or words(mystery.hex_type)) + " (mystery hex)"
        category = attrs.get("category")
        resource = attrs.get("resource")
        kind = {"safe-zone": "Safe Zone", "rugged-resource": "rugged resource hex", "resource": "resource hex",
                "non-resource": "non-resource hex"}.get(category, words(category or "hex"))
        name = self.board.graph.nodes[node].get("name")
        return kind + (f" ({resource})" if resource else "") + (f", “{name}”" if name else "")

    def select(self, node) -> dict:
        """Select the hex ``node`` and return :meth:`describe` of it."""
        info = self.describe(node)
        self.selected = tuple(node)
        return info

    def describe(self, node) -> dict:
        """Everything about one hex: what it is, its pieces, and per piece and player whether it
        may be built there and, if not, each reason in plain words."""
        node = tuple(node)
        if node not in self.board.graph:
            raise ValueError(f"{node[0]},{node[1]} is not on the map")
        attrs = self.board.effective(node)
        info = {"hex": list(node), "name": self.hex_name(node), "terrain": attrs["terrain"], "category": attrs["category"],
                "resource": attrs.get("resource"), "tokens": list(attrs.get("tokens") or []),
                "pieces": [self.piece_name(p) for p in self.board.pieces_at(node)], "legal": {}, "why": {}, "rules": {}}
        for piece in self.pieces():
            info["legal"][piece], info["why"][piece], info["rules"][piece] = {}, {}, {}
            for player in self.players:
                verdict = self.legal(piece, player)
                reasons = verdict.illegal.get(node, [])
                info["legal"][piece][player] = node in verdict.legal
                info["why"][piece][player] = [plain_reason(why, node) for _, why in reasons]
                info["rules"][piece][player] = [rule for rule, _ in reasons]
        return info

    def piece_name(self, piece: Piece) -> str:
        if piece.piece == "mystery-hex":
            if not piece.face_up:
                return "a face-down mystery hex"
            return self.board.hex_types.get(piece.hex_type or "", {}).get("name") or words(piece.hex_type)
        return (f"{piece.player}'s " if piece.player else "") + words(piece.piece)

    def place(self, node, piece: str | None = None, player: str | None = None, *, force: bool = False) -> None:
        piece, player = piece or self.piece, player or self.player
        node = tuple(node)
        if piece == "rail":
            raise ValueError("lay rails in the map's YAML (from, to): a rail joins two hexes")
        if not force and node not in self.legal(piece, player).legal:
            reasons = self.legal(piece, player).illegal.get(node, [])
            raise ValueError(f"{player} may not build a {words(piece)} on {node[0]},{node[1]}: "
                             + "; ".join(plain_reason(w, node) for _, w in reasons))
        self.board.pieces.append(Piece(piece, node, player))
        self.history.append(f"{player} builds a {words(piece)} on {node[0]},{node[1]}")
        self.changed()

    def remove(self, node) -> None:
        node = tuple(node)
        mine = [p for p in self.board.pieces if p.at == node and p.piece in ("town", "city", "improved-town")]
        if not mine:
            raise ValueError(f"there is no town or city on {node[0]},{node[1]}")
        self.board.pieces.remove(mine[-1])
        self.history.append(f"removed {self.piece_name(mine[-1])} from {node[0]},{node[1]}")
        self.changed()

    def mobile_hexes(self) -> list[tuple]:
        return [p.at for p in self.board.pieces if p.piece == "mystery-hex" and p.face_up
                and self.board.hex_types.get(p.hex_type or "", {}).get("mobile")]

    def step_mobile(self, node, rolls=None):
        """Move the mobile hex on ``node`` by the rules (seeded dice, or ``rolls`` given)."""
        move = roll_move(self.board, tuple(node), rolls, self.rng, apply=True)
        moved = next((p for p in self.board.pieces if p.at == tuple(move.end) and p.piece == "mystery-hex"), None)
        what = self.piece_name(moved) if moved else "the mobile hex"
        self.history.append(f"{what} from {node[0]},{node[1]}: " + (plain_reason(move.reason, move.end) if move.reason else "moved")
                            + (f", now on {move.end[0]},{move.end[1]}" if tuple(move.end) != tuple(node) else ", stays"))
        with self.batch():  # the heat map's hex and the board: one redraw
            if self.heat is not None and tuple(self.heat[0]) == tuple(node):
                self.heat = (move.end, self.heat[1])
            self.changed()
        return move

    def problems(self):
        return list(check_board(self.board, self.rules))

    def layout_rows(self, seeds, distance: int = 3) -> list[dict]:
        """Fairness of several seeded random layouts: per layout and start area, the resource hexes
        of each type and the mystery hexes within ``distance``, and the spread (max - min)."""
        rows = []
        for seed in seeds:
            starts = fairness(self.random_board(seed), distance)
            rows += [{"layout": seed, **row} for row in starts]
            rows.append({"layout": seed, "start": "spread (max - min)", **spread(starts)})
        return rows

    def random_board(self, seed: int) -> Board:
        """The map with its resource tiles (and the mystery hexes variant's hexes) dealt at random
        from ``seed``: the layout :meth:`layout_rows` measures and :meth:`layout_figure` draws."""
        template = self.board.document.data
        variant = self.library.data(self.board.game, "variant", "mystery-hexes") or {}
        tiles = resource_tiles(template, self.library.data(self.board.game, "game", self.board.game))
        data = random_layout(template, seed, tiles=tiles, mystery=list(variant.get("hex_types") or []),
                             hex_types=self.board.hex_types)
        return Board.from_data(data, hex_types=self.board.hex_types)

    def layout_figure(self, seed: int):
        """The random layout of ``seed`` drawn as a map (a matplotlib Figure)."""
        from matplotlib.figure import Figure

        figure = Figure(figsize=MAP_SIZE)
        draw_map(self.random_board(seed), figure.add_axes(MAP_AXES), library=self.library,
                 title=f"Random layout {seed}: where the tiles were dealt")
        return figure

    def compare_layouts(self, seeds, distance: int = 3):
        """:meth:`layout_rows` as a pandas DataFrame (for scripts)."""
        import pandas as pd

        return pd.DataFrame(self.layout_rows(seeds, distance)).rename(columns={"layout": "seed"})

    def distribution(self, node, moves: int):
        return distribution(self.board, tuple(node), moves)

    def title(self) -> str:
        return f"Where {self.player} may build {plural(self.piece)}: the bright hexes"

    def draw(self, ax, highlight: bool = True):
        legal = self.legal().legal if highlight else None
        return draw_map(self.board, ax, legal=legal, selected=self.selected, library=self.library,
                        legal_label=f"{self.player} may build a {words(self.piece)}", title=self.title() if highlight else self.map_id)

    def figure(self, figure=None, highlight: bool = True):
        """The map drawn on ``figure`` (a new matplotlib Figure when None)."""
        from matplotlib.figure import Figure

        figure = figure or Figure(figsize=MAP_SIZE)
        figure.clear()
        ax = figure.add_axes(MAP_AXES)
        self.draw(ax, highlight)
        return figure

    def heatmap(self, node=None, moves: int | None = None) -> Picture:
        """The exact distribution of a mobile hex after ``moves`` moves, as a heat map (an image
        in a notebook; ``.figure`` is the matplotlib Figure)."""
        from matplotlib.figure import Figure

        if node is None:
            node, moves = self.heat or ((self.mobile_hexes() or [None])[0], moves or 3)
        if node is None:
            raise ValueError("there is no face-up mobile mystery hex on the map")
        node, moves = tuple(node), int(moves or 3)
        piece = next((p for p in self.board.pieces if p.at == node and p.piece == "mystery-hex"), None)
        name = "the " + self.piece_name(piece) if piece else "the mobile hex"
        figure = Figure(figsize=(7.5, 6))
        draw_heat(self.board, self.distribution(node, moves), node, figure.add_subplot(), moves=moves, name=name)
        return Picture(figure, f"heat map: {name} after {moves} moves")

    def on_click(self, x: float, y: float):
        """A click on the drawing at data coordinates (x, y) selects the hex under it."""
        node = pixel_to_hex(x, y)
        return self.select(node) if node in self.board.graph else None


MAP_SIZE = (7.5, 5.9)        # inches; 100 dpi on screen
MAP_AXES = (0.0, 0.0, 0.70, 0.94)  # the map's place in the figure; the key sits to its right


def hex_pixel(explorer: MapExplorer, node) -> tuple[float, float]:
    """Where ``node``'s centre is drawn, in pixels from the figure's top-left corner (at 100 dpi):
    what a click on the canvas must hit. Used by the browser test."""
    figure = explorer.figure()
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    FigureCanvasAgg(figure).draw()
    x, y = figure.axes[0].transData.transform(hex_to_pixel(node))
    return float(x), float(figure.bbox.height - y)


def info_html(explorer: MapExplorer, data: dict) -> str:
    """The selected hex in words: what it is, what is on it, and per piece and player ✔ or each
    reason on its own line."""
    q, r = data["hex"]
    pieces = ", ".join(data["pieces"]) or "nothing built"
    tokens = ", ".join(words(t) for t in data["tokens"])
    head = (f"<div class='wb-hex-info'><h4 style='margin:2px 0'>Hex {q},{r}: {html.escape(data['name'])}</h4>"
            f"<p style='margin:2px 0'>On it: {html.escape(pieces)}" + (f"; tokens: {html.escape(tokens)}" if tokens else "") + "</p>")
    players = explorer.players
    rows = ""
    for piece, verdicts in data["legal"].items():
        cells = ""
        for who in players:
            if verdicts[who]:
                cells += "<td style='color:#1e7e34'>✔ may build</td>"
            else:
                reasons = "".join(f"<li title='rule: {html.escape(rule)}'>{html.escape(why)}</li>"
                                  for why, rule in zip(data["why"][piece][who], data["rules"][piece][who]))
                # a reason is a sentence: at 1280 px the panel's column squeezed it to a word a line
                cells += (f"<td style='color:#8b1a1a;min-width:15em'>✘ may not:<ul class='wb-reasons' "
                          f"style='margin:0;padding-left:16px'>{reasons}</ul></td>")
        rows += f"<tr><th>{html.escape(words(piece))}</th>{cells}</tr>"
    from .common import TABLE_STYLE
    return (head + TABLE_STYLE + "<div style='overflow-x:auto'><table class='wb-table'><tr><th></th>" + "".join(f"<th>{html.escape(w)}</th>" for w in players)
            + f"</tr>{rows}</table></div></div>")


def explorer_widget(explorer: MapExplorer):
    """The map explorer panel: the clickable map, what the selected hex allows and why, pieces,
    the mobile hex's moves and heat map, and random layouts compared."""
    import ipywidgets as w
    from matplotlib.figure import Figure

    from .common import (Banner, Html, Names, Redraw, html_table, image_widget, percent, png, problems_table, send_drawing,
                         shows_errors, whole_frame_canvas)

    banner = Banner()
    guarded = shows_errors(banner)
    names = Names(explorer.library, explorer.board.game)
    wide = {"description_width": "70px"}
    scenarios = [("(base game)", "")] + [(names.name("scenario", d.id), d.id)
                                         for d in explorer.library.of_kind("scenario", explorer.board.game)]
    scenario = w.Dropdown(options=scenarios, description="scenario", style=wide, layout=w.Layout(width="340px"))
    player = w.Dropdown(options=explorer.players, description="player", style=wide, layout=w.Layout(width="200px"))
    piece = w.Dropdown(description="piece", style=wide, layout=w.Layout(width="220px"))
    hexes = sorted(explorer.board.graph.nodes, key=lambda n: (n[0], n[1]))
    picker = w.Dropdown(options=[("(click the map)", None)] + [(f"{q},{r}", (q, r)) for q, r in hexes], description="hex",
                        style=wide, layout=w.Layout(width="200px"))
    place, remove = w.Button(description="Build here", icon="plus"), w.Button(description="Remove piece", icon="minus")
    step = w.Button(description="Move a mobile hex", icon="random", layout=w.Layout(width="auto"),
                    tooltip="roll a seeded die for the selected mobile hex (or the first one)")
    info, problems = HTML(layout=w.Layout(width="380px", margin="0 0 0 8px")), HTML()

    # the map: a clickable canvas when ipympl is there, else an image
    figure = Figure(figsize=MAP_SIZE, dpi=100)
    try:
        canvas = whole_frame_canvas(figure)
        canvas.header_visible = False
        canvas.footer_visible = False
        canvas.toolbar_visible = "fade-in-fade-out"
        canvas.resizable = False
        canvas.layout = w.Layout(width=f"{int(MAP_SIZE[0] * 100)}px", height=f"{int(MAP_SIZE[1] * 100)}px")
        view = canvas
    except ImportError:  # pragma: no cover - ipympl is a dependency
        canvas, view = None, image_widget()
    view.add_class("wb-map")

    heat_hex = w.Dropdown(description="mobile hex", style={"description_width": "80px"}, layout=w.Layout(width="320px"))
    heat_moves = w.IntSlider(value=3, min=1, max=8, description="moves", style=wide)
    heat_image = image_widget(width="620px")
    heat_image.add_class("wb-heat")
    heat_table = HTML()
    seeds = w.Text(value="1, 2, 3", description="layouts", tooltip="seeds of the random layouts, separated by commas",
                   style=wide, layout=w.Layout(width="260px"))
    distance = w.IntSlider(value=3, min=1, max=6, description="within", style=wide)
    compare = w.Button(description="Compare layouts", icon="balance-scale", layout=w.Layout(width="auto"))
    layouts = HTML()
    # one compared layout drawn on the map (the table says how fair it is; the drawing shows where)
    layout_pick = w.Dropdown(description="draw layout", style={"description_width": "90px"}, layout=w.Layout(width="220px"))
    layout_image = image_widget(width=f"{int(MAP_SIZE[0] * 100)}px")
    layout_image.add_class("wb-layout-map")
    layout_image.layout.display = "none"
    layout_banner = Banner()  # a layout's message under its own button, not at the top of the panel
    happened = HTML()

    cache = {}

    def draw():
        if scenario.value != (explorer.scenario or ""):
            scenario.value = explorer.scenario or ""
        options = [(words(p), p) for p in explorer.pieces()]
        if list(piece.options) != options:
            piece.options = options
        if explorer.piece not in explorer.pieces():
            explorer.piece = "town"
        piece.value, player.value = explorer.piece, explorer.player
        if picker.value != explorer.selected:
            picker.value = explorer.selected
        explorer.figure(figure)
        if canvas is not None:  # sent now, before the words below (draw_idle's picture came after them)
            send_drawing(canvas)
        else:
            view.value = png(figure, tight=False)
        info.value = (info_html(explorer, explorer.describe(explorer.selected)) if explorer.selected is not None
                      else "<p><i>Click a hex on the map (or pick it in the list) to see what may be built there and why.</i></p>")
        problems.value = "<b>Pieces on the map against the rules in force</b>" + problems_table(explorer.problems())
        happened.value = ("<div class='wb-happened' style='color:#333;margin:2px 0'><b>What happened:</b> "
                          + html.escape(explorer.history[-1]) + "</div>") if explorer.history else ""
        mobiles = explorer.mobile_hexes()
        options = [(f"{explorer.piece_name(p)} at {p.at[0]},{p.at[1]}", p.at) for p in explorer.board.pieces
                   if p.at in mobiles and p.piece == "mystery-hex"]
        if list(heat_hex.options) != options:
            heat_hex.options = options
        if explorer.heat is None and mobiles:
            explorer.heat = (mobiles[0], heat_moves.value)
        heat_image.layout.display = heat_hex.layout.display = heat_moves.layout.display = (
            "" if explorer.heat is not None else "none")   # never an empty image
        if explorer.heat is None:
            heat_table.value = "<p class='wb-no-mobile' style='margin:2px 0'>No face-up mobile mystery hex on this map.</p>"
            cache.pop("heat", None)
        if explorer.heat is not None:
            heat_hex.value, heat_moves.value = tuple(explorer.heat[0]), explorer.heat[1]
            key = (tuple(explorer.heat[0]), explorer.heat[1], tuple((p.piece, p.at) for p in explorer.board.pieces))
            if cache.get("heat") != key:  # the exact distribution is worth computing once per board
                heat_image.value = png(explorer.heatmap(*explorer.heat).figure)
                likely = sorted(explorer.distribution(*explorer.heat).items(), key=lambda kv: (-kv[1], kv[0]))[:6]
                heat_table.value = ("<p style='margin:2px 0'><b>Most likely hexes</b> (hover for the exact chance)</p>"
                                    + html_table([{"hex": f"{h[0]},{h[1]}", "chance": percent(p)} for h, p in likely]))
                cache["heat"] = key

    redraw = Redraw(draw, banner)
    user = redraw.user

    @user
    def picked(change):
        if change["new"] is not None:
            explorer.select(change["new"])

    @user
    def settings(_):
        with explorer.batch():
            explorer.player, explorer.piece = player.value, piece.value or "town"
            if (scenario.value or None) != explorer.scenario:
                explorer.set_scenario(scenario.value or None)

    def clicked(event):
        if event.xdata is not None and event.inaxes is not None and event.inaxes is figure.axes[0]:
            guarded(lambda: explorer.on_click(event.xdata, event.ydata))()

    @guarded
    def on_place(_):
        if explorer.selected is None:
            raise ValueError("select a hex first (click the map)")
        explorer.place(explorer.selected)
        banner.saved(f"{explorer.player} built a {words(explorer.piece)} on {explorer.selected[0]},{explorer.selected[1]}")

    @guarded
    def on_remove(_):
        if explorer.selected is None:
            raise ValueError("select a hex first (click the map)")
        explorer.remove(explorer.selected)

    @guarded
    def on_step(_):
        mobiles = explorer.mobile_hexes()
        at = explorer.selected if explorer.selected in mobiles else (mobiles or [None])[0]
        if at is None:
            raise ValueError("there is no face-up mobile mystery hex on the map")
        with explorer.batch():  # the move and the hex it ends on: one redraw, not three
            move = explorer.step_mobile(at)
            explorer.select(move.end)
        banner.info(plain_reason(move.reason, move.end) if move.reason else "moved")

    @user
    def heat_changed(_):
        if heat_hex.value is not None:
            explorer.heat = (heat_hex.value, heat_moves.value)

    @shows_errors(layout_banner)
    def on_compare(_):
        layouts.value = ""  # never a stale table or drawing under an error
        layout_image.layout.display, layout_pick.options = "none", []
        try:
            chosen = [int(s) for s in re.split(r"[,\s]+", seeds.value.strip()) if s]
        except ValueError:
            raise ValueError("write the layouts' seeds as whole numbers separated by commas, like 1, 2, 3") from None
        if not chosen or len(chosen) > 12:
            raise ValueError("compare between 1 and 12 layouts")
        rows = explorer.layout_rows(chosen, distance.value)
        table = [{"layout": r["layout"], "start area": Html(f"<b>{html.escape(r['start'])}</b>") if r["start"].startswith("spread")
                  else words(r["start"]), **{k: r.get(k) for k in ("food", "wood", "ore", "mystery")}} for r in rows]
        layouts.value = (f"<p>Resource and mystery hexes within {distance.value} of each start area, per random layout;"
                         " the spread row shows how unequal the starts are (0 = even).</p>" + html_table(table))
        layout_pick.options = [(f"layout {seed}", seed) for seed in chosen]
        layout_pick.value = chosen[0]
        draw_layout()

    @shows_errors(layout_banner)
    def draw_layout(*_):
        if layout_pick.value is None:
            return
        layout_image.value = png(explorer.layout_figure(layout_pick.value), tight=False)
        layout_image.layout.display = ""

    picker.observe(picked, names="value")
    for widget in (player, piece, scenario):
        widget.observe(settings, names="value")
    heat_hex.observe(heat_changed, names="value")
    heat_moves.observe(heat_changed, names="value")
    place.on_click(on_place)
    remove.on_click(on_remove)
    step.on_click(on_step)
    compare.on_click(on_compare)
    layout_pick.observe(draw_layout, names="value")
    if canvas is not None:
        canvas.mpl_connect("button_press_event", clicked)
    explorer.observe(redraw)
    redraw()
    box = w.VBox([
        w.HBox([scenario, player, piece], layout=w.Layout(flex_flow="row wrap")),
        w.HBox([picker, place, remove, step], layout=w.Layout(flex_flow="row wrap")), banner.widget, happened,
        w.HBox([view, info], layout=w.Layout(flex_flow="row wrap", align_items="flex-start")),
        problems,
        HTML("<h4 style='margin:8px 0 2px'>Where a mobile hex goes</h4>"), w.HBox([heat_hex, heat_moves]),
        w.HBox([heat_image, heat_table], layout=w.Layout(align_items="flex-start")),
        HTML("<h4 style='margin:8px 0 2px'>Compare random layouts</h4>"), w.HBox([seeds, distance, compare]),
        layout_banner.widget, layouts, layout_pick, layout_image])
    box.explorer, box.picker, box.place_button, box.remove_button, box.step_button = explorer, picker, place, remove, step
    box.player, box.piece, box.scenario, box.banner, box.messages, box.info = player, piece, scenario, banner, banner, info
    box.on_canvas_click, box.canvas, box.figure, box.problems = clicked, canvas, figure, problems
    box.heat_hex, box.heat_moves, box.heat_image, box.heat_table = heat_hex, heat_moves, heat_image, heat_table
    box.seeds, box.distance, box.compare_button, box.layouts, box.redraw = seeds, distance, compare, layouts, redraw
    box.layout_banner, box.happened, box.layout_pick, box.layout_image = layout_banner, happened, layout_pick, layout_image
    return box
