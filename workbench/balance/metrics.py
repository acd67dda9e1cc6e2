"""From a finished game to one tidy row, and from the rows of a setting to what a designer reads.

A row holds the game's facts (seats, scores, winners, length, end trigger) and counts read from
its log, by one rule for every engine that logs events as ``{"event": kind, "player": seat,
...}``:

``use:EVENT``
    how many times the event happened (a placement, a poker game, a duel...);
``use:EVENT:VALUE``
    the same, per value of the event's action space, location, item, card ability, deck,
    character, piece or kind (``use:place:saloon`` = dice placed on the Saloon);
``out:EVENT.FIELD:VALUE``
    outcomes: a gunfight's ``outcome``, whether a fight was ``won`` or an arrest ``escaped``,
    who a ``winner`` was (``active player``, ``another player``, ``split``, ``dealer``...).

Win shares split ties: each of k tied winners gets 1/k, so a game hands out exactly one win and a
fair seat wins 1/players of the games.
"""
from __future__ import annotations

from collections import Counter
from typing import Iterable

from .games import Played

#: Bookkeeping events that say nothing about what the players did.
BOOKKEEPING = frozenset({"start", "end", "final-scoring", "round", "collection", "setup", "start-of-turn",
                         "end-of-turn"})
#: Fields whose value names what was used (a space, a location, a card's ability...).
DETAIL_FIELDS = ("space", "location", "item", "ability", "deck", "character", "piece", "kind")
#: Fields that say how something came out.
OUTCOME_FIELDS = ("outcome", "won", "escaped", "winner")

FACT_COLUMNS = ["players", "rounds", "steps", "end", "winners", "spread", "margin"]


def seat_columns(players: int) -> list[str]:
    return [f"{kind}_{i}" for kind in ("score", "win") for i in range(1, players + 1)]


def _scalar(value) -> str | None:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (str, int)):
        return str(value)
    return None


def _who(value, event: dict, seats: set[str]) -> str | None:
    """A winner named by seat, in words every game shares."""
    if not isinstance(value, str):
        return _scalar(value)
    if value == event.get("player"):
        return "active player"
    if "+" in value and all(part in seats for part in value.split("+")):
        return "split"
    if value in seats:
        return "another player"
    return value


def log_counts(log: Iterable[dict], seats: Iterable[str]) -> Counter:
    """The ``use:`` and ``out:`` counts of one game's log.

    >>> log = [{"event": "place", "player": "red", "space": "saloon"}, {"event": "place", "player": "blue",
    ...        "space": "marshal"}, {"event": "poker", "player": "red", "winner": "dealer"}]
    >>> dict(log_counts(log, ["red", "blue"]))
    {'use:place': 2, 'use:place:saloon': 1, 'use:place:marshal': 1, 'use:poker': 1, 'out:poker.winner:dealer': 1}
    """
    seats = set(seats)
    counts: Counter = Counter()
    for event in log:
        kind = event.get("event")
        if not isinstance(kind, str) or kind in BOOKKEEPING:
            continue
        counts[f"use:{kind}"] += 1
        for name in DETAIL_FIELDS:
            value = _scalar(event.get(name)) if name in event else None
            if value is not None:
                counts[f"use:{kind}:{value}"] += 1
        for name in OUTCOME_FIELDS:
            if name in event:
                value = _who(event[name], event, seats) if name == "winner" else _scalar(event[name])
                if value is not None:
                    counts[f"out:{kind}.{name}:{value}"] += 1
    return counts


def game_row(played: Played) -> dict:
    """One finished game as one row (without the sweep's keys, which the sweep adds)."""
    order = played.order
    scores = [played.returns[name] for name in order]
    ranked = sorted(scores, reverse=True)
    share = 1.0 / len(played.winners)
    row = {"players": len(order), "rounds": played.rounds, "steps": played.steps, "end": played.end,
           "winners": len(played.winners), "spread": ranked[0] - ranked[-1],
           "margin": ranked[0] - ranked[1] if len(ranked) > 1 else 0.0}
    for i, name in enumerate(order, 1):
        row[f"score_{i}"] = float(played.returns[name])
        row[f"win_{i}"] = share if name in played.winners else 0.0
    row.update(log_counts(played.log, order))
    return row


# -- per setting ------------------------------------------------------------------------------

def seats_in(table) -> int:
    return max((int(c.split("_")[1]) for c in table.columns if c.startswith("win_")), default=0)


def wilson(successes: float, n: float, alpha: float = 0.05) -> tuple[float, float]:
    """Wilson score interval for a proportion (statsmodels), as (low, high).

    25 wins in 100 games; by hand, with z = 1.96: centre (0.25 + z²/200) / (1 + z²/100) = 0.2592,
    half-width z·sqrt(0.25·0.75/100 + z²/40000) / (1 + z²/100) = 0.0838:

    >>> [round(x, 3) for x in wilson(25, 100)]
    [0.175, 0.343]
    """
    from statsmodels.stats.proportion import proportion_confint

    if n == 0:
        return (0.0, 1.0)
    low, high = proportion_confint(successes, n, alpha=alpha, method="wilson")
    return float(low), float(high)


def share_interval(shares, alpha: float = 0.05) -> tuple[float, float]:
    """An interval for the mean of per-game win shares (a shared win counts 1/k): Wilson's, on
    the effective number of games, ``n * p(1 - p) / variance of the shares`` (the design effect,
    as Rao and Scott correct a proportion for its clusters). Without ties the shares are 0 or 1,
    their variance is p(1 - p) and this is Wilson's interval of the wins; with ties it is
    narrower, as it should be (counting a shared win as a whole one made it ~1.85 times too wide
    in Dark Horse).

    >>> [round(x, 3) for x in share_interval([1.0] * 25 + [0.0] * 75)]     # Wilson's, as by hand
    [0.175, 0.343]
    """
    import numpy as np

    values = np.asarray(shares, float)
    n = len(values)
    if n == 0:
        return (0.0, 1.0)
    p = float(values.mean())
    variance = float(values.var())
    if p in (0.0, 1.0):
        effective = float(n)            # every game lost (or won) outright: Wilson's interval
    elif variance <= 0:
        effective = 1e9                 # every game the same fraction of a win: no doubt left
    else:
        effective = n * p * (1 - p) / variance
    return wilson(p * effective, effective, alpha)


def seat_table(table, alpha: float = 0.05):
    """Per setting and seat: games, win share (ties split) with its interval
    (:func:`share_interval`), mean score, and the difference from a fair share (1/players)."""
    import pandas as pd

    rows = []
    for setting, games in table.groupby("setting", sort=False):
        n = len(games)
        players = int(games["players"].iloc[0])
        for seat in range(1, players + 1):
            shares = games[f"win_{seat}"].to_numpy()
            wins = float(shares.sum())
            low, high = share_interval(shares, alpha)
            rows.append({"setting": setting, "seat": seat, "games": n, "win_rate": wins / n, "low": low, "high": high,
                         "fair": 1 / players, "advantage": wins / n - 1 / players,
                         "mean_score": float(games[f"score_{seat}"].mean())})
    return pd.DataFrame(rows)


def counted_columns(table, prefix: str) -> list[str]:
    return [c for c in table.columns if c.startswith(prefix)]


def usage_table(table):
    """Mean uses per game of every ``use:`` count, one column per setting."""
    columns = counted_columns(table, "use:")
    return table.groupby("setting", sort=False)[columns].mean().T


def outcome_table(table):
    """Outcome shares within each outcome (e.g. a gunfight's outcomes), per setting."""
    import pandas as pd

    rows = []
    for setting, games in table.groupby("setting", sort=False):
        totals = games[counted_columns(table, "out:")].sum()
        for column, count in totals.items():
            group, value = column[4:].rsplit(":", 1)
            rows.append({"setting": setting, "what": group, "value": value, "count": int(count)})
    frame = pd.DataFrame(rows, columns=["setting", "what", "value", "count"])
    if len(frame):
        frame["share"] = frame["count"] / frame.groupby(["setting", "what"])["count"].transform("sum").where(
            lambda s: s > 0)
    else:
        frame["share"] = []
    return frame


def end_table(table):
    """How the games ended, as shares per setting."""
    shares = table.groupby("setting", sort=False)["end"].value_counts(normalize=True)
    return shares.rename("share").reset_index()


def summary(table, alpha: float = 0.05) -> dict:
    """Every setting's metrics as plain JSON-able values."""
    seats = seat_table(table, alpha)
    outcomes = outcome_table(table)
    out = {}
    for setting, games in table.groupby("setting", sort=False):
        mine = seats[seats["setting"] == setting]
        usage = games[counted_columns(games, "use:")].mean()
        out[setting] = {
            "games": len(games),
            "players": int(games["players"].iloc[0]),
            "seats": [{"seat": int(r.seat), "win_rate": r.win_rate, "interval": [r.low, r.high],
                       "mean_score": r.mean_score} for r in mine.itertuples()],
            "first_player_advantage": float(mine["advantage"].iloc[0]) if len(mine) else None,
            "tie_rate": float((games["winners"] > 1).mean()),
            "score_spread": _describe(games["spread"]),
            "margin": _describe(games["margin"]),
            "rounds": _describe(games["rounds"]),
            "steps": _describe(games["steps"]),
            "end": {k: float(v) for k, v in games["end"].value_counts(normalize=True).items()},
            "usage_per_game": {k[4:]: float(v) for k, v in usage.items() if v > 0},
            "outcomes": {what: {r.value: {"count": int(r.count), "share": None if r.share != r.share else float(r.share)}
                                for r in group.itertuples()}
                         for what, group in outcomes[outcomes["setting"] == setting].groupby("what")
                         if group["count"].sum() > 0},
        }
    return out


def _describe(values) -> dict:
    return {"mean": float(values.mean()), "median": float(values.median()), "min": float(values.min()),
            "max": float(values.max())}
