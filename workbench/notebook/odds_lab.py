"""The odds lab: gunfight win-probability heat maps and Monte Carlo balance runs."""
from __future__ import annotations

from ..games.dark_horse.gunfight import Side, fighters, matrix


def gunfight_heatmap(sides: list[Side], ax=None):
    """P(challenger wins) for every ordered pair, as a heat map (exact values)."""
    from matplotlib.figure import Figure

    table = matrix(sides)
    names = [s.name for s in sides]
    values = [[float(table[a][b]) for b in names] for a in names]
    if ax is None:
        ax = Figure(figsize=(1.2 * len(names) + 3, 1.0 * len(names) + 2)).add_subplot()
    image = ax.imshow(values, cmap="RdYlGn", vmin=0, vmax=1)
    ax.set_xticks(range(len(names)), names, rotation=45, ha="right")
    ax.set_yticks(range(len(names)), names)
    ax.set_xlabel("challenged")
    ax.set_ylabel("challenger")
    for i, row in enumerate(values):
        for j, p in enumerate(row):
            ax.text(j, i, f"{p:.2f}", ha="center", va="center", fontsize=8)
    ax.figure.colorbar(image, ax=ax, label="P(challenger wins)")
    ax.set_title("gunfights: exact win probabilities")
    return ax.figure


def inline_sides(specs: dict[str, str]) -> list[Side]:
    return [Side.parse(spec, name) for name, spec in specs.items()]


def balance(library, seeds, players: int = 3, progress=None):
    """Western Legends balance runs: one seeded game per seed; who won by seat after the first
    player, and the spread of final scores. ``progress(done, total)`` is called after each game."""
    import pandas as pd

    from ..games.western_legends.engine import play

    rows = []
    seeds = list(seeds)
    for i, seed in enumerate(seeds):
        state = play(library, players, seed)
        scores = state.final_scores()
        winners = state.ranking()[0]
        for seat_after_first in range(players):
            player = state.players[(state.first + seat_after_first) % players]
            rows.append({"seed": seed, "seat": seat_after_first + 1, "player": player.name,
                         "score": scores[player.name]["total"], "won": player.name in winners,
                         "rounds": state.round - 1})
        if progress:
            progress(i + 1, len(seeds))
    table = pd.DataFrame(rows)
    summary = table.groupby("seat").agg(win_rate=("won", "mean"), mean_score=("score", "mean"), games=("seed", "nunique"))
    spread = table.groupby("seed")["score"].agg(lambda s: s.max() - s.min()).describe()
    return table, summary, spread
