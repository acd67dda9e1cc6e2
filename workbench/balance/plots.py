"""Figures a designer reads at a glance (matplotlib ``Figure`` objects, no global pyplot state).

Each function returns the figure; the numbers it draws come from :mod:`.metrics`, so a notebook
can print them beside it (and nbval checks them).
"""
from __future__ import annotations

from .metrics import length_by_end, measures_table, seat_table

COLOURS = ["#4c72b0", "#dd8452", "#55a868", "#c44e52", "#8172b3", "#937860", "#da8bc3", "#8c8c8c", "#ccb974",
           "#64b5cd"]


def _figure(width: float, height: float):
    from matplotlib.figure import Figure

    return Figure(figsize=(width, height), layout="constrained")


def seat_win_rates(table, alpha: float = 0.05):
    """Each seat's win rate per setting with its Wilson interval; the dashed line is a fair share."""
    seats = seat_table(table, alpha)
    settings = list(dict.fromkeys(seats["setting"]))
    players = int(seats["seat"].max())
    figure = _figure(max(5.0, 1.1 * players * max(1, len(settings)) / 2 + 2), 3.6)
    ax = figure.add_subplot()
    width = 0.8 / len(settings)
    for i, setting in enumerate(settings):
        rows = seats[seats["setting"] == setting]
        x = rows["seat"] - 0.4 + width * (i + 0.5)
        ax.bar(x, rows["win_rate"], width, label=setting, color=COLOURS[i % len(COLOURS)])
        ax.errorbar(x, rows["win_rate"], yerr=[rows["win_rate"] - rows["low"], rows["high"] - rows["win_rate"]],
                    fmt="none", ecolor="black", capsize=2, linewidth=0.8)
    for fair in sorted(set(seats["fair"])):
        ax.axhline(fair, color="grey", linestyle="--", linewidth=0.8)
    ax.set_xticks(range(1, players + 1), [f"seat {s}" for s in range(1, players + 1)])
    ax.set_ylabel("share of wins (ties split)")
    ax.set_title(f"who wins, by seat in turn order ({1 - alpha:.0%} Wilson intervals; dashed: a fair share)")
    ax.legend(fontsize=8, ncols=min(4, len(settings)))
    return figure


def length_column(table) -> str:
    """``rounds`` when the games' rounds differ, else ``steps`` (a capped game's rounds say little)."""
    return "rounds" if table["rounds"].nunique() > 1 else "steps"


def length_distributions(table, column: str | None = None):
    """How long games are (``rounds`` or ``steps``; default :func:`length_column`): the share of
    games of each length, per setting."""
    import numpy as np

    column = column or length_column(table)
    settings = list(dict.fromkeys(table["setting"]))
    figure = _figure(6.5, 3.4)
    ax = figure.add_subplot()
    values = table[column].to_numpy()
    low, high = int(values.min()), int(values.max())
    if high - low <= 30:                       # few whole numbers: bars side by side
        lengths = np.arange(low, high + 1)
        width = 0.8 / len(settings)
        for i, setting in enumerate(settings):
            games = table.loc[table["setting"] == setting, column]
            shares = games.value_counts(normalize=True).reindex(lengths, fill_value=0)
            ax.bar(lengths - 0.4 + width * (i + 0.5), shares.to_numpy(), width, color=COLOURS[i % len(COLOURS)],
                   label=f"{setting} (mean {games.mean():.1f})")
        if len(lengths) <= 15:
            ax.set_xticks(lengths)
    else:
        edges = np.histogram_bin_edges(values, bins=30)
        for i, setting in enumerate(settings):
            games = table.loc[table["setting"] == setting, column]
            ax.hist(games, bins=edges, weights=np.full(len(games), 1 / len(games)), histtype="step", linewidth=1.6,
                    label=f"{setting} (mean {games.mean():.1f})", color=COLOURS[i % len(COLOURS)])
    ax.set_xlabel(column)
    ax.set_ylabel("share of games")
    ax.set_title(f"how long games are ({column})")
    ax.legend(fontsize=8)
    return figure


def usage_columns(table, top: int = 15) -> list[str]:
    """The ``use:`` counts worth a bar: the most used, the events broken down by value shown by
    their values only."""
    columns = [c for c in table.columns if c.startswith("use:")]
    broken_down = {c.rsplit(":", 1)[0] for c in columns if c.count(":") == 2}
    columns = [c for c in columns if c not in broken_down]
    means = table.groupby("setting", sort=False)[columns].mean().max()
    return list(means[means > 0].sort_values(ascending=False).index[:top])


def action_usage(table, top: int = 15):
    """Uses per game of the most used action spaces, locations, cards and actions, per setting."""
    import numpy as np

    columns = usage_columns(table, top)
    settings = list(dict.fromkeys(table["setting"]))
    means = table.groupby("setting", sort=False)[columns].mean() if columns else None
    figure = _figure(7.0, max(2.5, 0.32 * len(columns) * max(1, len(settings)) / 1.6 + 1.2))
    ax = figure.add_subplot()
    if not columns:
        ax.text(0.5, 0.5, "nothing was used", ha="center", va="center")
        return figure
    y = np.arange(len(columns))
    height = 0.8 / len(settings)
    for i, setting in enumerate(settings):
        ax.barh(y - 0.4 + height * (i + 0.5), means.loc[setting, columns], height, label=setting,
                color=COLOURS[i % len(COLOURS)])
    ax.set_yticks(y, [c[4:].replace(":", ": ") for c in columns], fontsize=8)
    ax.invert_yaxis()
    ax.set_xlabel("times per game")
    ax.set_title("what the players use")
    ax.legend(fontsize=8)
    return figure


#: The game measures a figure shows, with their labels.
MEASURE_LABELS = {"branching": "choices at a decision\n(branching factor)", "lead_changes": "lead changes\na game",
                  "decided_at": "decided after this share\nof the game"}


def game_measures(table):
    """The Ludii-style game measures per setting (:func:`~workbench.balance.metrics.game_measures`):
    branching factor, lead changes, how late games are decided, and game length (decisions) by
    how the game ended, one panel each."""
    import numpy as np

    measures = measures_table(table)
    settings = list(measures["setting"])
    colours = [COLOURS[i % len(COLOURS)] for i in range(len(settings))]
    figure = _figure(max(10.0, 0.9 * len(settings) + 7), 3.6)
    axes = figure.subplots(1, len(MEASURE_LABELS) + 1)
    for ax, (column, label) in zip(axes, MEASURE_LABELS.items()):
        ax.bar(range(len(settings)), measures[column].fillna(0), color=colours)
        ax.set_xticks(range(len(settings)), settings, rotation=30, ha="right", fontsize=8)
        ax.set_title(label, fontsize=9)
    axes[list(MEASURE_LABELS).index("decided_at")].set_ylim(0, 1)
    ax = axes[-1]
    ends = length_by_end(table)
    kinds = list(dict.fromkeys(ends["kind"]))
    width = 0.8 / max(1, len(settings))
    for i, setting in enumerate(settings):
        mine = ends[ends["setting"] == setting].set_index("kind").reindex(kinds)
        length = mine["decisions"].where(mine["decisions"].notna(), mine["steps"])
        ax.bar(np.arange(len(kinds)) - 0.4 + width * (i + 0.5), length.fillna(0), width, color=colours[i],
               label=setting)
    ax.set_xticks(range(len(kinds)), [f"ended: {k}" for k in kinds], fontsize=8)
    ax.set_title("decisions a game,\nby how it ended", fontsize=9)
    ax.legend(fontsize=7)
    figure.suptitle("game measures (means per game)", fontsize=10)
    return figure


#: What a heat map cell can show: a name and how it is computed from one setting's games.
MEASURES = {
    "first-player advantage": lambda g: g["win_1"].mean() - 1 / g["players"].iloc[0],
    "seat 1 win rate": lambda g: g["win_1"].mean(),
    "rounds": lambda g: g["rounds"].mean(),
    "steps": lambda g: g["steps"].mean(),
    "score spread": lambda g: g["spread"].mean(),
    "winning margin": lambda g: g["margin"].mean(),
    "tie rate": lambda g: (g["winners"] > 1).mean(),
}


def grid_values(table, sweep, measure: str = "first-player advantage"):
    """The measure over a two-parameter grid, as a table (rows: the first parameter's values)."""
    import pandas as pd

    from ..core.errors import NotFound, UsageError

    if not sweep.grid or len(sweep.grid) != 2:
        raise UsageError("a heat map needs a grid of exactly two parameters")
    if measure not in MEASURES and measure not in table.columns:
        raise NotFound("measure", measure, list(MEASURES) + [c for c in table.columns if c.startswith(("use:", "out:"))])
    compute = MEASURES.get(measure, lambda g: g[measure].mean())
    first, second = list(sweep.grid)
    grid = pd.DataFrame(index=pd.Index(sweep.grid[first], name=first),
                        columns=pd.Index(sweep.grid[second], name=second), dtype=float)
    for setting in sweep.settings:
        chosen = {**setting.options, **setting.overrides}
        if first not in chosen or second not in chosen or setting.variants != sweep.baseline.variants:
            continue
        games = table[table["setting"] == setting.name]
        if len(games):
            grid.loc[chosen[first], chosen[second]] = float(compute(games))
    return grid


def heatmap(table, sweep, measure: str = "first-player advantage"):
    """A measure over a two-parameter grid, cell by cell, with the baseline's value in the title."""
    grid = grid_values(table, sweep, measure)
    base = table[table["setting"] == sweep.baseline.name]
    compute = MEASURES.get(measure, lambda g: g[measure].mean())
    figure = _figure(1.1 * len(grid.columns) + 3, 0.8 * len(grid.index) + 2)
    ax = figure.add_subplot()
    values = grid.to_numpy(dtype=float)
    diverging = measure == "first-player advantage"
    limit = max(abs(values[values == values]).max(), 1e-9) if diverging and (values == values).any() else None
    image = ax.imshow(values, cmap="RdBu_r" if diverging else "viridis", vmin=-limit if limit else None,
                      vmax=limit, aspect="auto")
    ax.set_xticks(range(len(grid.columns)), [str(c) for c in grid.columns])
    ax.set_yticks(range(len(grid.index)), [str(i) for i in grid.index])
    ax.set_xlabel(grid.columns.name)
    ax.set_ylabel(grid.index.name)
    for i in range(values.shape[0]):
        for j in range(values.shape[1]):
            if values[i, j] == values[i, j]:
                ax.text(j, i, f"{values[i, j]:.2f}", ha="center", va="center", fontsize=9,
                        color="white" if not diverging else "black")
    figure.colorbar(image, ax=ax, label=measure)
    title = measure + (f" (baseline {float(compute(base)):.2f})" if len(base) else "")
    ax.set_title(title)
    return figure


def save_all(table, sweep, folder, measure: str = "first-player advantage") -> list:
    """Every figure that fits the sweep, as PNG files in ``folder`` (written atomically)."""
    import io
    from pathlib import Path

    from ..core.storage import atomic_write_bytes

    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    figures = {"seats.png": seat_win_rates(table), "length.png": length_distributions(table),
               "usage.png": action_usage(table), "measures.png": game_measures(table)}
    if sweep.grid and len(sweep.grid) == 2:
        figures["heatmap.png"] = heatmap(table, sweep, measure)
    written = []
    for name, figure in figures.items():
        buffer = io.BytesIO()
        figure.savefig(buffer, format="png", dpi=110)
        atomic_write_bytes(folder / name, buffer.getvalue())
        written.append(folder / name)
    return written
