"""Stepping through sample turns, forward and back (time travel), with bots or by hand.

:class:`TurnStepper` keeps every state (``state.apply(action)`` returns a new one, so going back
is free) and is the panel's one state: running steps in a cell redraws the panel. Playing a move
from a past step would discard the later steps, so it is refused unless asked for
(``discard=True``; the panel asks the designer first).

Everything this module asks of a game engine goes through the small functions under *Where this
module meets the engines*; an engine change re-points those and nothing else.
"""
from __future__ import annotations

import hashlib
import html
import random

from ..core.errors import UsageError
from ..games.view import generic
from .common import HTML, Observable

# -- where this module meets the engines ---------------------------------------------------------
# (re-point these, and only these, when the engines change). What differs from game to game is
# said by the game's registry entry (its View, :mod:`workbench.games.view`), never here.


def game_of(state) -> str:
    """The registered id of the game a state belongs to."""
    return state.game.id


def view_of(state):
    """What the panels show of the state's game (its registry entry's View)."""
    from ..games import GAMES
    entry = GAMES.get(game_of(state))
    if entry is None:
        from ..games.view import View
        return View()
    return entry.view()


def legal_moves(state) -> list:
    return list(state.legal_actions())


def play_move(state, action):
    """The state after ``action`` (a new state; ``state`` is left as it was)."""
    return state.apply(action)


def bot_move(bot, state, rng):
    return bot(state, rng)


def is_chance(state) -> bool:
    """Whether chance moves next (dice are rolled), not a seat."""
    return bool(getattr(state, "is_chance_node", lambda: False)())


def chance_move(state, rng):
    """Chance's outcome, drawn with its probability from the seeded ``rng``."""
    return state.sample_chance(rng)


def is_over(state) -> bool:
    return bool(state.done)


def to_move(state) -> str | None:
    """The seat whose move it is (None when chance moves, between phases, or at the end)."""
    if is_over(state) or is_chance(state):
        return None
    if hasattr(state, "current_player"):
        return state.current_player()
    return getattr(state.current, "name", None)


def log_of(state) -> list[dict]:
    return list(state.log)


def round_of(state) -> int:
    return view_of(state).round_of(state)


def winners(state) -> list[str] | None:
    """The winning seats at the end, or None when the engine cannot tell (Dark Horse: the rules
    texts do not give every victory-point value, so no total is made)."""
    return view_of(state).winners(state) if is_over(state) else None


def final_scores(state) -> dict:
    return view_of(state).final_scores(state)


def player_rows(state, names) -> list[dict]:
    """One row per seat, in the game's words."""
    return view_of(state).seat_rows(state, names)


def board_of(state):
    """The board to draw: Dark Horse's territory, or the Western Legends map with players,
    bandits and the sheriff placed on it (None when the game has no map)."""
    return view_of(state).board(state)


def move_place(state, action):
    """Where on the board a move is made: ``("hex", (q, r))`` for a hex or map space (build there,
    put dice on a mystery hex, move there), ``("space", id)`` for a Dark Horse action space, or
    None (pass, start-of-turn choices...): what a click on the board picks."""
    return view_of(state).move_place(state, action)


def action_spaces(state) -> list[str]:
    """The Dark Horse action spaces in play, in the scenario's order (none for other games)."""
    return view_of(state).action_spaces(state)


def on_space(state, space: str) -> list[tuple[str, tuple]]:
    """Who has dice on a Dark Horse action space (or mystery hex): (seat, dice) pairs."""
    return [(who, tuple(dice)) for who, dice, *_ in (getattr(state, "claims", {}) or {}).get(space, [])]


def describe_move(state, action, names) -> str:
    """A legal move in words."""
    return view_of(state).describe_move(state, action, names)


def describe_event(state, event: dict, names) -> str:
    """One log event as "what happened", in the game's words (the player is its own column). An
    event whose fields are not the ones expected is still shown, field by field."""
    try:
        return view_of(state).describe_event(state, event, names)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        return _generic(event)


_generic = generic



# -- the stepper ---------------------------------------------------------------------------------
CHANCE = -1  # the "move" that lets chance decide, in the panel's list of moves
class Branching(UsageError):
    """Playing from a past step would discard the later steps: ask first (``discard=True``)."""

    def __init__(self, position: int, last: int):
        self.position, self.last = position, last
        later = f"step {last}" if last == position + 1 else f"steps {position + 1} to {last}"
        super().__init__(f"you are at step {position} of {last}: playing here discards {later}")
        self.hint = "go forward to the last step, or confirm discarding the later steps"


class TurnStepper(Observable):
    """A history of states; every step is ``state.apply(action)``, so going back is free.

    >>> from workbench.notebook.common import library
    >>> from workbench.games.dark_horse.engine import new_game, random_bot
    >>> stepper = TurnStepper(new_game(library(), "high-noon", 2, seed=1, rounds=1), {"red": random_bot, "blue": random_bot})
    >>> _ = stepper.step(); _ = stepper.step()
    >>> stepper.position, stepper.back().log == stepper.history[1].log
    (2, True)
    """

    def __init__(self, state, bots: dict, seed: int = 0):
        self.history = [state]
        self.position = 0
        self.bots = bots
        self.rng = random.Random(seed)

    @property
    def state(self):
        return self.history[self.position]

    @property
    def last(self) -> int:
        return len(self.history) - 1

    @property
    def done(self) -> bool:
        return is_over(self.state)

    def _push(self, state, discard: bool):
        if self.position < self.last:
            if not discard:
                raise Branching(self.position, self.last)
            del self.history[self.position + 1:]
        self.history.append(state)
        self.position += 1
        self.changed()
        return state

    def step(self, *, discard: bool = False):
        """The seat's bot plays one move, or chance rolls the dice (nothing when the game is over)."""
        state = self.state
        if is_over(state):
            return state
        if self.position < self.last and not discard:
            raise Branching(self.position, self.last)
        if is_chance(state):
            return self._push(play_move(state, chance_move(state, self.rng)), discard)
        seat = to_move(state)
        return self._push(play_move(state, bot_move(self.bots[seat], state, self.rng)), discard)

    def choose(self, action, *, discard: bool = False):
        """A person plays ``action`` (one of the legal moves)."""
        if self.position < self.last and not discard:
            raise Branching(self.position, self.last)
        return self._push(play_move(self.state, action), discard)

    def run(self, steps: int, *, discard: bool = False):
        """Bots play up to ``steps`` moves (the panel redraws once, at the end)."""
        with self.batch():
            for i in range(steps):
                if is_over(self.state):
                    break
                self.step(discard=discard and i == 0)
        return self.state

    def back(self):
        self.go(self.position - 1)
        return self.state

    def forward(self):
        self.go(self.position + 1)
        return self.state

    def go(self, position: int) -> None:
        position = max(0, min(self.last, position))
        if position != self.position:
            self.position = position
            self.changed()

    def new_events(self) -> list[dict]:
        """The events the current step added to the log."""
        before = len(log_of(self.history[self.position - 1])) if self.position else 0
        return log_of(self.state)[before:]

    def event_rows(self, names, limit: int | None = 14) -> list[dict]:
        """The log up to the current step as rows (round, player, what happened), newest last;
        ``new`` marks the events of the current step."""
        log = log_of(self.state)
        fresh = len(log) - len(self.new_events())
        rows = [{"round": e.get("round", ""), "player": e.get("player") or "", "what happened": describe_event(self.state, e, names),
                 "new": i >= fresh and self.position > 0} for i, e in enumerate(log)]
        rows = [r for r in rows if r["what happened"]]
        return rows[-limit:] if limit else rows


class _Empty:
    def data(self, *_):
        return None


BOARD_AXES = (0.01, 0.01, 0.74, 0.92)   # the map's place in the figure; the key sits to its right


def board_size(state) -> tuple[float, float]:
    """The board's figure size in inches (100 pixels each on screen)."""
    board = board_of(state)
    return (9, 6.2) if board is not None and board.geometry != "hex" else (7.6, 5.6)


def board_figure(state, title: str = "", library=None, figure=None, legal=None, legal_label: str = ""):
    """The state's board drawn on ``figure`` (a new matplotlib Figure when None; None when the
    game has no map). ``legal`` hexes are the bright ones (where the seat to move may play)."""
    from matplotlib.figure import Figure

    from .maps import draw_map
    board = board_of(state)
    if board is None:
        return None
    figure = figure or Figure(figsize=board_size(state))
    figure.clear()
    ax = figure.add_axes(BOARD_AXES)
    draw_map(board, ax, title=title, library=library, legal=legal, legal_label=legal_label)
    return figure


def draw_board(state, names, library, figure):
    """The board as the sample-turns panel draws it: the map with the hexes (or spaces) where the
    seat to move may play bright."""
    seat = to_move(state)
    moves = [] if is_chance(state) else legal_moves(state)
    bright = sorted({p[1] for p in (move_place(state, a) for a in moves) if p and p[0] == "hex"})
    title = f"Round {round_of(state)} · {names.name('map', board_of(state).id)}"
    return board_figure(state, title, library, figure, legal=bright or None,
                        legal_label=f"{seat} may play here (click)" if seat else "")


def board_pixel(state, node, library) -> tuple[float, float]:
    """Where ``node``'s centre is drawn on the panel's board, in pixels from its top-left corner
    (at 100 dpi): what a click must hit. Used by the browser test."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    from ..board.geometry import hex_to_pixel
    from .common import Names
    figure = draw_board(state, Names(library, game_of(state)), library, None)
    FigureCanvasAgg(figure).draw()
    point = hex_to_pixel(node) if board_of(state).geometry == "hex" else (node[0] * 1.8, node[1] * 1.8)
    x, y = figure.axes[0].transData.transform(point)
    return float(x), float(figure.bbox.height - y)


def board_node(state, x: float, y: float):
    """The hex or grid space under the point (x, y) of the drawn board, or None."""
    from ..board.geometry import pixel_to_hex
    board = board_of(state)
    if board is None:
        return None
    node = pixel_to_hex(x, y) if board.geometry == "hex" else (round(x / 1.8), round(y / 1.8))
    return node if node in board.graph else None


def dark_horse_board(state, ax=None):
    """The territory with the players' towns and cities."""
    from .maps import draw_map
    if ax is None:
        return board_figure(state, f"round {round_of(state)}: the territory")
    draw_map(board_of(state), ax, title=f"round {round_of(state)}: the territory")
    return ax.figure


def western_legends_board(state, ax=None):
    """The grid map with the players, bandits and the sheriff on it."""
    from .maps import draw_map
    if ax is None:
        return board_figure(state, f"round {round_of(state)}")
    draw_map(board_of(state), ax, title=f"round {round_of(state)}")
    return ax.figure


def stepper_widget(stepper: TurnStepper, game: str | None = None, library=None):
    """The sample-turns panel: back / forward, bots, your move, the seats, the board and the log,
    drawn from ``stepper`` whenever it changes. Playing from a past step asks first.

    A move is made by clicking the board as well as from *your move*: a hex or map space on the
    drawn map (the bright ones are where the seat to move may play), or a Dark Horse action space
    on the action board. One move there is played at once; several are offered under *your move*."""
    import ipywidgets as w
    from matplotlib.figure import Figure

    from .common import (Banner, Confirm, Html, Names, Redraw, html_table, image_widget, png, send_drawing,
                         shows_errors, whole_frame_canvas)

    from ..games import GAMES
    game = game or game_of(stepper.state)
    names = Names(library or _Empty(), GAMES[game].content_game if game in GAMES else game)
    banner = Banner()
    confirm = Confirm(banner)
    guarded = shows_errors(banner)
    whole = {"layout": w.Layout(width="auto", min_width="120px")}   # every button shows its whole label
    back, forward = w.Button(description="◀ back", **whole), w.Button(description="forward ▶", **whole)
    step, run = w.Button(description="bot plays one move", **whole), w.Button(description="bots play 25 moves", **whole)
    actions = w.Dropdown(description="your move", layout=w.Layout(width="min(560px, 100%)"), style={"description_width": "70px"})
    play = w.Button(description="Play it", button_style="primary")
    where, winner, seats, log = HTML(), HTML(), HTML(), HTML()
    spaces_title = HTML("<b>Action board</b> (click a space to put your dice there or to collect)")
    spaces = w.HBox(layout=w.Layout(flex_flow="row wrap"))
    spaces.add_class("wb-action-board")

    # the board: a canvas that takes clicks when ipympl is there (as in the map explorer), else an image
    width, height = board_size(stepper.state)
    figure = Figure(figsize=(width, height), dpi=100)
    try:
        canvas = whole_frame_canvas(figure)
        canvas.header_visible = canvas.footer_visible = False
        canvas.toolbar_visible = False
        canvas.resizable = False
        canvas.layout = w.Layout(width=f"{int(width * 100)}px", height=f"{int(height * 100)}px")
        board = canvas
    except ImportError:  # pragma: no cover - ipympl is a dependency
        canvas, board = None, image_widget(width="760px")
    board.add_class("wb-board")
    drawn, space_buttons = {}, {}

    def here(place) -> str:
        return view_of(stepper.state).place_words(stepper.state, place, names)

    def draw():
        state = stepper.state
        seat = to_move(state)
        moves = [] if is_chance(state) else legal_moves(state)
        places = [move_place(state, a) for a in moves]
        bright = sorted({p[1] for p in places if p and p[0] == "hex"})
        key = board_key(state, bright)
        if board_of(state) is not None and drawn.get("key") != key:  # a step that changed nothing is not redrawn
            draw_board(state, names, library, figure)
            if canvas is not None:  # sent now, before the step's words below
                pixels = send_drawing(canvas)
            else:
                board.value = png(figure, tight=False)
                pixels = board.value
            drawn["key"], drawn["image"] = key, hashlib.sha256(bytes(pixels)).hexdigest()
        options = [(describe_move(state, a, names), i) for i, a in enumerate(moves)]
        if is_chance(state):
            options = [("roll the dice (chance decides)", CHANCE)]
        if list(actions.options) != options:
            actions.options = options
        actions.index = 0 if options else None  # ipywidgets 8 leaves a new list unselected
        buttons = []
        for space in action_spaces(state):
            if space not in space_buttons:  # one button per space, made once
                space_buttons[space] = button = w.Button(layout=w.Layout(width="auto"))
                button.add_class("wb-space")
                button.on_click(guarded(lambda _, space=space: pick(("space", space))))
            button, dice = space_buttons[space], on_space(state, space)
            button.description = names.name("action_space", space) + (": " + ", ".join(
                f"{who} {'+'.join(map(str, d))}" for who, d in dice) if dice else "")
            count = places.count(("space", space))
            button.tooltip = f"{count} move{'s' * (count != 1)} here now" if seat else ""
            button.button_style = "info" if count else ""
            buttons.append(button)
        if list(spaces.children) != buttons:
            spaces.children = buttons
        spaces.layout.display = spaces_title.layout.display = "flex" if buttons else "none"
        board.layout.display = "none" if board_of(state) is None else ""
        if is_over(state):
            headline, more = view_of(state).result(state)
            winner.value = ("<div class='wb-banner wb-winner' style='background:#fff4d6;border-left:4px solid #c9a227;"
                            f"padding:6px 10px;font-size:15px'><b>{html.escape(headline)}</b>{html.escape(more)}</div>")
        else:
            winner.value = ""
        seats.value = html_table(player_rows(state, names))
        rows = stepper.event_rows(names)
        log.value = ("<b>What happened</b> (newest last; this step's events highlighted)"
                     + html_table([{"round": r["round"], "player": r["player"],
                                    "what happened": Html(f"<b>{html.escape(r['what happened'])}</b>" if r["new"]
                                                          else html.escape(r["what happened"]))} for r in rows],
                                  css_class="wb-log"))
        # the step's label last: once it says step N, the board, the moves, the action board, the seats
        # and the log show step N (a click on a highlighted space read from an older step was refused).
        # data-board names what the board shows at this step, so a reader (or a test) can tell when it
        # changed; data-image is the SHA-256 of the board's pixels (RGBA) drawn for it
        where.value = (f"<b class='wb-step' data-board='{hashlib.sha256(repr(key).encode()).hexdigest()}'"
                       f" data-image='{drawn.get('image', '')}'>Step {stepper.position} of"
                       f" {stepper.last}</b> · round {round_of(state)}"
                       + (" · <b>game over</b>" if is_over(state) else f" · {seat} to move" if seat
                          else " · the dice roll" if is_chance(state) else ""))

    def board_key(state, bright):
        shown = board_of(state)
        if shown is None:
            return None
        return (round_of(state), tuple(bright), tuple((p.piece, p.at, p.player, p.hex_type, p.face_up) for p in shown.pieces),
                tuple(sorted((a, b, tuple(sorted(r))) for a, b, r in shown.graph.edges(data="rails") if r)))

    redraw = Redraw(draw, banner)

    def move(function, describe):
        """Run a move; from a past step, ask before discarding the later steps."""
        def run_it():
            confirm.cancel()
            try:
                function(False)
            except Branching as exc:
                banner.warning(f"Not played: {exc}", "the later steps are still there")
                confirm.ask(f"Discard {exc.last - exc.position} later step(s) and {describe}?", "Discard and play",
                            guarded(lambda: function(True)))
        return run_it

    def pick(place):
        """A click on the board at ``place``: its one move is played, several are offered."""
        state = stepper.state
        if is_over(state):
            raise ValueError("the game is over: step back to play from an earlier step")
        if is_chance(state):
            raise ValueError("the dice roll first: press Play it (or let a bot play)")
        moves = legal_moves(state)
        there = [i for i, a in enumerate(moves) if move_place(state, a) == place]
        if not there:
            banner.warning(f"{to_move(state)} has no move on {here(place)} now",
                           "the bright hexes and the highlighted action spaces are where a move can be made")
            return
        if len(there) > 1:
            actions.index = there[0]
            banner.info(f"{len(there)} moves on {here(place)}: choose one under “your move” and press Play it")
            return
        action = moves[there[0]]
        said = describe_move(state, action, names)
        move(lambda discard: stepper.choose(action, discard=discard), f"play {said}")()
        if stepper.state is not state:
            banner.info(f"{to_move(state)} played: {said}")

    def clicked(event):
        if event.xdata is not None and event.inaxes is not None and event.inaxes is figure.axes[0]:
            node = board_node(stepper.state, event.xdata, event.ydata)
            if node is not None:
                guarded(lambda: pick(("hex", node)))()

    back.on_click(guarded(lambda _: (confirm.cancel(), stepper.back())))
    forward.on_click(guarded(lambda _: (confirm.cancel(), stepper.forward())))
    step.on_click(guarded(lambda _: move(lambda discard: stepper.step(discard=discard), "let the bot play")()))
    run.on_click(guarded(lambda _: move(lambda discard: stepper.run(25, discard=discard), "let the bots play")()))

    def play_chosen(discard):
        if actions.value is None:
            raise ValueError("there is no move to play: the game is over")
        if actions.value == CHANCE:
            stepper.step(discard=discard)
        else:
            stepper.choose(legal_moves(stepper.state)[actions.value], discard=discard)

    play.on_click(guarded(lambda _: move(play_chosen, "play your move")()))
    if canvas is not None:
        canvas.mpl_connect("button_press_event", clicked)
    stepper.observe(redraw)
    redraw()
    box = w.VBox([w.HBox([back, forward, step, run], layout=w.Layout(flex_flow="row wrap")), where,
                  w.HBox([actions, play], layout=w.Layout(flex_flow="row wrap")), banner.widget, confirm.widget, winner,
                  spaces_title, spaces, board, seats, log])
    box.stepper, box.back_button, box.forward_button, box.step_button, box.run_button, box.play_button = (
        stepper, back, forward, step, run, play)
    box.actions, box.messages, box.banner, box.confirm, box.where, box.winner, box.board, box.event_log, box.seats = (
        actions, banner, banner, confirm, where, winner, board, log, seats)
    box.redraw, box.figure, box.canvas, box.action_board, box.pick = redraw, figure, canvas, spaces, pick
    box.on_canvas_click = clicked
    box.board_png = lambda: png(figure, tight=False)
    return box


#: ``play_chooser``'s scenario unless told: the one the game's view offers first.
THE_VIEWS = "the game's view's"


def play_chooser(library, *, game: str | None = None, scenario: str | None = THE_VIEWS):
    """Which game to play, chosen without code: the game, (where the game has them) the scenario
    and the map, the seed, the players, each seat's bot, and the rounds; *Start* puts a new
    :func:`stepper_widget` under the form (its stepper is ``box.stepper()``). A person plays any
    seat with *your move*; the bot of a seat plays it on *bot plays*. What differs between the
    games (seats, bots, rounds, choosers) is read from each game's registry entry: the game first
    shown is the registry's first (:func:`workbench.games.default_game`), its scenario the one its
    view offers first (``sample_scenario``; ``scenario=None``: the base game)."""
    import html

    import ipywidgets as w

    from ..games import GAMES, default_game
    from .common import Banner, Names, shows_errors

    game = game or default_game()
    if scenario is THE_VIEWS:
        scenario = GAMES[game].view().sample_scenario
    banner = Banner()
    wide = {"description_width": "90px"}
    playable = {e.id: e for e in GAMES.values() if e.play_options}   # the games `workbench play` plays
    which = w.ToggleButtons(options=[(e.name, e.id) for e in playable.values()], value=game)
    names = lambda: Names(library, playable[which.value].content_game)  # noqa: E731

    def documents(kind: str, none: str) -> list:
        return [(none, "")] + [(names().name(kind, d.id), d.id)
                               for d in library.of_kind(kind, playable[which.value].content_game)]

    scenarios = documents("scenario", "(the base game)")
    scenario_box = w.Dropdown(options=scenarios, value=scenario if scenario in [v for _, v in scenarios] else "",
                              description="scenario", style=wide, layout=w.Layout(width="min(420px, 100%)"))
    map_box = w.Dropdown(options=documents("map", "(the scenario's map)"), description="map", style=wide,
                         layout=w.Layout(width="min(420px, 100%)"))
    players = w.BoundedIntText(value=3, min=2, max=5, description="players", style=wide, layout=w.Layout(width="180px"))
    seed = w.BoundedIntText(value=7, min=0, max=10**9, description="seed", style=wide, layout=w.Layout(width="200px"),
                            tooltip="the same seed plays the same game")
    rounds = w.BoundedIntText(value=playable[game].view().sample_rounds, min=1, max=60, description="rounds", style=wide,
                              layout=w.Layout(width="180px"),
                              tooltip="rounds to play at most (a cap where the game ends by its own rule)")
    seats = w.HBox(layout=w.Layout(flex_flow="row wrap"))
    start = w.Button(description="Start", button_style="primary", icon="play")
    holder = w.Box(layout=w.Layout(flex_flow="column"))
    state = {"stepper": None}

    def seat_names():
        entry = playable[which.value]
        return entry.view().seat_names(entry.seats(), players.value)

    def draw_seats(*_):
        bots = list(playable[which.value].load().BOTS)
        old = {b.description: b.value for b in seats.children}
        # a seat keeps its bot when the game chosen has one of that name (a game's own bots differ)
        seats.children = [w.Dropdown(options=bots, value=old[n] if old.get(n) in bots else bots[0] if i else bots[-1],
                                     description=n,
                                     style={"description_width": "50px"}, layout=w.Layout(width="170px"))
                          for i, n in enumerate(seat_names())]

    def game_chosen(*_):
        view = playable[which.value].view()
        scenario_box.layout.display = map_box.layout.display = "flex" if view.scenario_and_map else "none"
        if view.scenario_and_map:   # the game's own scenarios and maps, a choice still there kept
            for box, kind, none in ((scenario_box, "scenario", "(the base game)"), (map_box, "map", "(the scenario's map)")):
                kept, box.options = box.value, documents(kind, none)
                box.value = kept if kept in [v for _, v in box.options] else ""
        if view.every_seat_plays:
            players.value = len(playable[which.value].seats())
        rounds.value = view.sample_rounds
        draw_seats()

    @shows_errors(banner)
    def on_start(_):
        entry = playable[which.value]
        view = entry.view()
        bots_table = entry.load().BOTS
        bots = {b.description: bots_table[b.value] for b in seats.children}
        chosen = {"scenario": scenario_box.value or None, "map_id": map_box.value or None} if view.scenario_and_map else {}
        built = entry.load().build(library, **chosen)
        low, high = built.player_range()
        if not low <= players.value <= high:
            what = names().name("scenario", scenario_box.value) if chosen.get("scenario") else entry.name
            seated = f"{low}" if low == high else f"{low} to {high}"
            raise ValueError(f"{what} is for {seated} players"
                             + (f": {' and '.join(view.seat_names(entry.seats(), high))}" if view.every_seat_plays else ""))
        first = built.new_initial_state(players=players.value, seed=seed.value, rounds=rounds.value)
        state["stepper"] = TurnStepper(first, bots, seed=seed.value)
        what = view.playing(built, names())
        playing = HTML(f"<p class='wb-playing'><b>Playing {html.escape(what)}</b>: {players.value} players, "
                       f"{rounds.value} round{'s' * (rounds.value != 1)} at most, seed {seed.value}</p>")
        holder.children = [playing, stepper_widget(state["stepper"], which.value, library=library)]

    which.observe(game_chosen, names="value")
    players.observe(draw_seats, names="value")
    start.on_click(on_start)
    game_chosen()
    box = w.VBox([which, w.HBox([scenario_box, map_box], layout=w.Layout(flex_flow="row wrap")),
                  w.HBox([players, rounds, seed], layout=w.Layout(flex_flow="row wrap")),
                  HTML("<b>Who plays each seat</b> (a bot; you can play any seat's move yourself below)"), seats,
                  start, banner.widget, holder])
    box.add_class("wb-play-chooser")
    box.game, box.scenario, box.map, box.players, box.seed, box.rounds, box.seats = which, scenario_box, map_box, players, seed, rounds, seats
    box.start_button, box.banner, box.holder = start, banner, holder
    box.stepper = lambda: state["stepper"]
    on_start(None)
    return box


def describe_assumption(text: str, game: str, library=None) -> str:
    """An engine's assumption (first line of every log) in a designer's words: a parameter by its
    declared description, not its name; maps and action spaces by their names.

    >>> describe_assumption("robber_takes = silver-on-space: What a robbery takes is not stated.", "dark-horse")
    'What a successful robbery takes (here: silver-on-space): What a robbery takes is not stated.'
    """
    import re

    from ..games import for_content
    from .common import Names

    names = Names(library, game) if library is not None else None
    spec = {}
    for entry in for_content(game):
        spec.update(entry.spec())
    text = re.sub(r"`([^`]*)`", r"\1", text)  # a value marked as code reads as the value itself
    match = re.match(r"^([a-z][a-z0-9_]*) = (\{.*?\}|\[.*?\]|[^:]*?): (.*)$", text, flags=re.S)
    if match and match.group(1) in spec:
        about = spec[match.group(1)].about
        value = match.group(2)
        if names is not None and match.group(1) == "territory":
            value = names.name("map", value)
        return f"{about[:1].upper()}{about[1:]} (here: {value}): {match.group(3)}"
    text = re.sub(r"^([a-z]+(?:_[a-z]+)+): ", lambda m: m.group(1).replace("_", " ").capitalize() + ": ", text)
    if names is not None:
        text = re.sub(r"the map '([^']+)'", lambda m: names.name("map", m.group(1)), text)
        text = re.sub(r"(left out: )(.*)$", lambda m: m.group(1) + ", ".join(
            names.name("action_space", i.strip()) for i in m.group(2).split(",")), text)
    return text
