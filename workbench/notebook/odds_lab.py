"""The odds lab: gunfight win chances as a heat map and a table of exact fractions, and Monte
Carlo balance runs (does the first seat win more often, how spread are the scores).

Whose gunfights (Dark Horse's) and whose balance runs (Western Legends') the registry says: the
first registered game whose entry names its ``gunfights_at``, and its ``balance_runs_at``.
Everything this module asks of a game engine goes through the small functions under *Where this
module meets the engines*; an engine change re-points those and nothing else.
"""
from __future__ import annotations

from fractions import Fraction

from ..content.badges import badged_name
from .common import HTML, Observable, Picture

# -- where this module meets the engines ---------------------------------------------------------
# (re-point these, and only these, when the engines change)


def _first(field: str):
    """The first registered game's entry that names ``field``."""
    from ..games import GAMES
    return next(entry for entry in GAMES.values() if getattr(entry, field))


def _gunfights():
    """The gunfight odds module of the game the lab's gunfights are."""
    from importlib import import_module
    return import_module(_first("gunfights_at").gunfights_at)


def library_fighters(library, scenario: str | None = None) -> list:
    """The gunfighters a scenario brings (characters and tokens with a gunfight block)."""
    return _gunfights().fighters(library, scenario)


def parse_fighter(spec: str, name: str):
    """A fighter written inline, like ``combat=2,duel=1,deadly``."""
    return _gunfights().Side.parse(spec, name)


def gunfight_rules(library, scenario: str | None = None):
    """The gunfight rules the library resolves to (as `workbench gunfight` plays them: the same
    ruleset, never the published one behind a designer's back)."""
    return _gunfights().rules_for(library, scenario)


def win_matrix(sides, rules) -> dict[str, dict[str, Fraction]]:
    """P(challenger wins) for every ordered pair of fighters, exact, under ``rules``."""
    return _gunfights().matrix(sides, rules)


def fighter_id(side) -> str:
    return side.name


def play_balance_game(library, players: int, seed: int) -> dict:
    """One seeded game of the balance runs with bots: per seat after the first player, the seat's
    player, final score and whether it won; and the number of rounds played."""
    from importlib import import_module
    module, _, name = _first("balance_runs_at").balance_runs_at.partition(":")
    return getattr(import_module(module), name)(library, players, seed)


# -- gunfights -----------------------------------------------------------------------------------
def fighter_name(library, side) -> str:
    """A fighter's name from the library (a token or character), else its own name."""
    for kind in ("token", "character"):
        data = library.data(_first("gunfights_at").content_game, kind, fighter_id(side)) if library is not None else None
        if data and data.get("name"):
            return badged_name(data)
    return fighter_id(side).replace("-", " ")


def gunfight_heatmap(sides: list, library, rules=None) -> Picture:
    """P(challenger wins) for every ordered pair under the library's rules (or ``rules``), as a
    heat map with a colour bar (an image in a notebook; ``.figure`` is the matplotlib Figure)."""
    from matplotlib.figure import Figure

    table = win_matrix(sides, rules if rules is not None else gunfight_rules(library))
    ids = [fighter_id(s) for s in sides]
    import textwrap
    labels = ["\n".join(textwrap.wrap(fighter_name(library, s), 18)) for s in sides]
    values = [[float(table[a][b]) * 100 for b in ids] for a in ids]
    figure = Figure(figsize=(1.0 * len(ids) + 4, 0.8 * len(ids) + 2.6))
    ax = figure.add_subplot()
    image = ax.imshow(values, cmap="RdYlGn", vmin=0, vmax=100)
    ax.set_xticks(range(len(ids)), labels, rotation=35, ha="right")
    ax.set_yticks(range(len(ids)), labels)
    ax.set_xlabel("challenged")
    ax.set_ylabel("challenger")
    for i, row in enumerate(values):
        for j, p in enumerate(row):
            ax.text(j, i, f"{p:.0f}%", ha="center", va="center", fontsize=9, color="black")
    figure.colorbar(image, ax=ax, label="chance the challenger wins (%)")
    ax.set_title("Gunfights: the challenger's exact chance to win")
    figure.tight_layout()
    return Picture(figure, "gunfight heat map")


def gunfight_table(sides: list, library, rules=None) -> str:
    """The same chances as an HTML table: percentages, the exact fraction on hover."""
    from .common import html_table, percent
    table = win_matrix(sides, rules if rules is not None else gunfight_rules(library))
    rows = []
    for a in sides:
        row = {"challenger ↓ / challenged →": fighter_name(library, a)}
        for b in sides:
            row[fighter_name(library, b)] = percent(table[fighter_id(a)][fighter_id(b)])
        rows.append(row)
    return html_table(rows, css_class="wb-odds")


def inline_sides(specs: dict[str, str]) -> list:
    return [parse_fighter(spec, name) for name, spec in specs.items()]


# -- balance runs --------------------------------------------------------------------------------
def balance(library, seeds, players: int = 3, progress=None):
    """Western Legends balance runs: one seeded game per seed; who won by seat after the first
    player, and the spread of final scores. ``progress(done, total)`` is called after each game.

    Returns ``(games, by_seat, spread)``: every seat of every game (a DataFrame), win rate and
    mean score per seat, and a summary of each game's score spread (max - min)."""
    import pandas as pd

    rows = []
    seeds = list(seeds)
    for i, seed in enumerate(seeds):
        game = play_balance_game(library, players, seed)
        rows += [{"seed": seed, **seat, "rounds": game["rounds"]} for seat in game["seats"]]
        if progress:
            progress(i + 1, len(seeds))
    table = pd.DataFrame(rows)
    summary = table.groupby("seat").agg(win_rate=("won", "mean"), mean_score=("score", "mean"), games=("seed", "nunique"))
    spread = table.groupby("seed")["score"].agg(lambda s: s.max() - s.min()).describe()
    return table, summary, spread


def wilson(wins: int, games: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval of a win rate (95% by default): where the true rate likely is.

    >>> [round(x, 3) for x in wilson(5, 20)]
    [0.112, 0.469]
    """
    import math
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def balance_html(games) -> str:
    """Win rate per seat (exact fractions on hover) and mean scores, as an HTML table."""
    from .common import html_table, percent
    rows = []
    for seat, group in games.groupby("seat"):
        n, wins = group["seed"].nunique(), int(group["won"].sum())
        rows.append({"seat after the first player": "first player" if seat == 1 else f"{seat - 1} after the first",
                     "games": n, "won": wins, "win rate": percent(Fraction(wins, n), title=f"{wins} of {n} games"),
                     "likely between (95%)": "{:.0%} and {:.0%}".format(*wilson(wins, n)),
                     "mean score (LP)": round(float(group["score"].mean()), 1)})
    spreads = games.groupby("seed")["score"].agg(lambda s: s.max() - s.min())
    return (html_table(rows, css_class="wb-balance")
            + f"<p>Score spread per game (winner minus last): mean {spreads.mean():.1f} LP, from {spreads.min()} to {spreads.max()}."
              " Shared wins count for every winner.</p>")


class OddsLab(Observable):
    """The odds lab's one state: the fighters compared, and the last balance run."""

    def __init__(self, library, sides: list | None = None):
        self.library = library
        self.rules = gunfight_rules(library)      # resolved once, as `workbench gunfight` does
        self.sides = list(sides if sides is not None else library_fighters(library))
        self.games = None

    def add_fighter(self, name: str, spec: str) -> None:
        name = name.strip()
        if not name:
            raise ValueError("give the fighter a name")
        if any(fighter_id(s) == name for s in self.sides):
            raise ValueError(f"there is a fighter called {name!r} already")
        self.sides.append(parse_fighter(spec, name))
        self.changed()

    def remove_fighter(self, name: str) -> None:
        self.sides = [s for s in self.sides if fighter_id(s) != name]
        self.changed()

    def run_balance(self, games: int, players: int, progress=None) -> None:
        self.games, _, _ = balance(self.library, range(games), players=players, progress=progress)
        self.changed()


def odds_widget(lab: OddsLab):
    """The odds lab panel: the heat map and its table, fighters added inline, balance runs with a
    progress bar."""
    import ipywidgets as w

    from .common import Banner, Redraw, image_widget, png, shows_errors

    banner = Banner()
    guarded = shows_errors(banner)
    heat = image_widget(width="720px")
    heat.add_class("wb-heatmap")
    table = HTML()
    name = w.Text(placeholder="a name", description="fighter", style={"description_width": "60px"})
    spec = w.Text(value="combat=2,duel=1", description="icons", style={"description_width": "50px"},
                  tooltip="combat=N, duel=N, tough, deadly, weak-kneed, wounds=N, engineer")
    add = w.Button(description="Add fighter", icon="plus")
    gone = w.Dropdown(description="remove", style={"description_width": "60px"}, layout=w.Layout(width="320px"))
    remove = w.Button(description="Remove fighter", icon="minus")
    games = w.IntSlider(value=20, min=5, max=200, step=5, description="games")
    players = w.IntSlider(value=3, min=2, max=6, description="players")
    run = w.Button(description="Run balance games", button_style="primary", icon="play", layout=w.Layout(width="auto"))
    bar = w.IntProgress(min=0, max=1, description="games")
    results = HTML()

    def draw():
        options = [(fighter_name(lab.library, side), fighter_id(side)) for side in lab.sides]
        if list(gone.options) != options:
            gone.options = options
        heat.value = png(gunfight_heatmap(lab.sides, lab.library, lab.rules).figure)
        table.value = ("<b>The same chances</b> (hover a percentage for the exact fraction)"
                       + gunfight_table(lab.sides, lab.library, lab.rules))
        results.value = balance_html(lab.games) if lab.games is not None else "<p><i>No balance run yet.</i></p>"

    redraw = Redraw(draw, banner)

    @guarded
    def on_add(_):
        lab.add_fighter(name.value, spec.value)
        banner.saved(f"Added {name.value}")

    @guarded
    def on_run(_):
        bar.max, bar.value = games.value, 0

        def progress(done, total):
            bar.value = done
        lab.run_balance(games.value, players.value, progress)

    @guarded
    def on_remove(_):
        if gone.value is None:
            raise ValueError("there is no fighter to remove")
        if len(lab.sides) <= 1:
            raise ValueError("keep at least one fighter to compare")
        label = gone.label
        lab.remove_fighter(gone.value)
        banner.saved(f"Removed {label}")

    remove.on_click(on_remove)
    add.on_click(on_add)
    run.on_click(on_run)
    lab.observe(redraw)
    redraw()
    box = w.VBox([heat, w.HBox([name, spec, add], layout=w.Layout(flex_flow="row wrap")),
                  w.HBox([gone, remove], layout=w.Layout(flex_flow="row wrap")), banner.widget, table,
                  HTML("<h4 style='margin:8px 0 2px'>Western Legends balance runs</h4>"), w.HBox([games, players, run]), bar,
                  results])
    box.lab, box.heat, box.table, box.fighter_name, box.fighter_spec, box.add_button = lab, heat, table, name, spec, add
    box.games, box.players, box.run_button, box.bar, box.results, box.banner, box.redraw = (
        games, players, run, bar, results, banner, redraw)
    box.remove_pick, box.remove_button = gone, remove
    return box
