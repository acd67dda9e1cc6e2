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

from .games import END_KINDS, Played, capped_share, declared_share, end_kinds
from .table import MEASURES

#: Bookkeeping events that say nothing about what the players did.
BOOKKEEPING = frozenset({"start", "end", "final-scoring", "round", "collection", "setup", "start-of-turn",
                         "end-of-turn"})
#: Fields whose value names what was used (a space, a location, a card's ability...).
DETAIL_FIELDS = ("space", "location", "item", "ability", "deck", "character", "piece", "kind")
#: Fields that say how something came out.
OUTCOME_FIELDS = ("outcome", "won", "escaped", "winner")

FACT_COLUMNS = ["players", "rounds", "steps", "end", "winners", "spread", "margin"]
#: The Ludii-style game measures of each game (:func:`game_measures`); empty (NaN) for a game
#: stored before they were read.
MEASURE_COLUMNS = MEASURES


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


def game_measures(choices: list[int], standings: list[dict], winners: Iterable[str]) -> dict:
    """The Ludii-style measures of one game from what it showed as it was played.

    Parameters
    ----------
    choices : list of int
        The legal actions open at each decision, in order.
    standings : list of dict
        Every player's standing (``state.score()``) before each decision, then at the end.
    winners : iterable of str
        The players who won.

    Returns
    -------
    dict
        ``decisions``: decisions taken; ``branching``: the mean number of legal actions at a
        decision (Ludii's branching factor; NaN without a decision); ``lead_changes``: how many
        times the set of players with the best standing changed from one standing to the next
        (Ludii's lead change, counted rather than divided by the moves; a tie for the lead is a
        set of its own); ``decided_at``: the share of the decisions played before a winner's
        standing rose above the best any other player reached in the whole game and the result
        was out of their reach (Ludii's decisiveness in moves: near 1, decided at the very end;
        1 when it never was, a tie for instance).

    Examples
    --------
    Two players; the lead goes to red, to blue, back to red, who wins; blue's best is 2, which
    red first passes before the fourth decision (3 of 4 decisions played):

    >>> m = game_measures([3, 1, 2, 2], [{"red": 0, "blue": 0}, {"red": 1, "blue": 0}, {"red": 1, "blue": 2},
    ...                                  {"red": 3, "blue": 2}, {"red": 5, "blue": 2}], ["red"])
    >>> m == {"decisions": 4, "branching": 2.0, "lead_changes": 3, "decided_at": 0.75}
    True
    >>> game_measures([2], [{"red": 0, "blue": 0}, {"red": 1, "blue": 1}], ["red", "blue"])["decided_at"]
    1.0
    """
    winners = set(winners)
    decisions = len(choices)
    leaders = [frozenset(k for k, v in s.items() if v == max(s.values())) for s in standings if s]
    changes = sum(1 for before, after in zip(leaders, leaders[1:]) if before != after)
    # the others' best standing at any time: a winner above it has the game out of their reach
    others = [v for s in standings for k, v in s.items() if k not in winners]
    # every player among the winners (a tie all round): nothing was ever decided
    settled = decisions if not others else next(
        (i for i, s in enumerate(standings) if any(v > max(others) for k, v in s.items() if k in winners)), decisions)
    return {"decisions": decisions, "branching": sum(choices) / decisions if decisions else float("nan"),
            "lead_changes": changes, "decided_at": min(settled, decisions) / decisions if decisions else 1.0}


def game_row(played: Played) -> dict:
    """One finished game as one row (without the sweep's keys, which the sweep adds)."""
    order = played.order
    scores = [played.returns[name] for name in order]
    ranked = sorted(scores, reverse=True)
    share = 1.0 / len(played.winners)
    row = {"players": len(order), "rounds": played.rounds, "steps": played.steps, "end": played.end,
           "winners": len(played.winners), "spread": ranked[0] - ranked[-1],
           "margin": ranked[0] - ranked[1] if len(ranked) > 1 else 0.0}
    if played.standings:     # a game played with a trace (every registered game's)
        row.update(game_measures(played.choices, played.standings, played.winners))
    for i, name in enumerate(order, 1):
        row[f"score_{i}"] = float(played.returns[name])
        row[f"win_{i}"] = share if name in played.winners else 0.0
    for i, bot in enumerate(played.seat_bots, 1):
        row[f"bot_{i}"] = bot
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
    """An interval for the mean of per-game win shares (a shared win counts 1/k), valid when
    games tie: Wilson's, on the effective number of games ``n * p(1 - p) / variance``, the
    variance taken with z²/2 games won outright and z²/2 lost added (as Agresti and Coull add
    them to a proportion; z is the normal quantile of the level).

    The shares are bounded in [0, 1]; without ties they are 0 or 1 and this is Wilson's interval
    of the wins, as before. With ties the plain variance of the shares was the weak point: with
    most games tied it rests on the few decided games, and with every game tied it is 0, so the
    interval shrank to a point (coverage 83% at 90% ties and 30 games, 27% at 99% ties). The
    added games keep the variance from collapsing when decided games are few and weigh nothing
    once they are many. The simulation of :func:`coverage_table` (50%, 90% and 99% ties at 30 and
    300 games, fair and unfair seats, two- and three-way ties) keeps it at 94% or more.

    >>> [round(x, 3) for x in share_interval([1.0] * 25 + [0.0] * 75)]     # Wilson's, as by hand
    [0.175, 0.343]
    >>> low, high = share_interval([1 / 3] * 30)          # every game tied three ways: not a point
    >>> low < 0.3 and high > 0.36
    True
    """
    low, high = share_intervals([shares], alpha)
    return float(low[0]), float(high[0])


def share_intervals(shares, alpha: float = 0.05):
    """:func:`share_interval` of each row of ``shares`` (samples x games), vectorised (the
    coverage simulation computes thousands at once): arrays of the lows and the highs. Wilson's
    interval is written out here; statsmodels' gives the same (tested)."""
    import numpy as np
    from scipy.stats import norm

    values = np.atleast_2d(np.asarray(shares, float))
    n = values.shape[-1]
    if n == 0:
        return np.zeros(len(values)), np.ones(len(values))
    z = float(norm.ppf(1 - alpha / 2))
    p = values.mean(-1)
    added = z ** 2 / 2
    total = n + 2 * added
    mean = (values.sum(-1) + added) / total
    variance = (np.square(values).sum(-1) + added) / total - mean ** 2
    with np.errstate(divide="ignore", invalid="ignore"):
        effective = np.where(variance > 0, np.minimum(n * mean * (1 - mean) / variance, 1e9), 1e9)
    # every game lost (or won) outright: Wilson's interval of the n games
    effective = np.where((p == 0) | (p == 1), n, effective)
    centre = (p + z ** 2 / (2 * effective)) / (1 + z ** 2 / effective)
    half = z * np.sqrt(p * (1 - p) / effective + z ** 2 / (4 * effective ** 2)) / (1 + z ** 2 / effective)
    return np.clip(centre - half, 0.0, 1.0), np.clip(centre + half, 0.0, 1.0)


#: The coverage simulation's cells: shares of tied games, and games per setting.
COVERAGE_TIES = (0.5, 0.9, 0.99)
COVERAGE_GAMES = (30, 300)
#: The lines it plays: the chances of each seat's outright win (fair, one seat ahead, one behind,
#: one far ahead), and the share of tied games tied by all three seats (the rest by two). Every
#: tie three-way is High Noon's case: nobody scores, and the shares of tied games never vary.
COVERAGE_SEATS = (((1, 1, 1), 1.0), ((2, 1, 1), 0.7), ((1, 1, 3), 1.0), ((1, 0.2, 0.2), 0.7))


def coverage_table(samples: int = 4000, seed: int = 0, alpha: float = 0.05):
    """How often :func:`share_interval` covers a seat's true win share, simulated (seeded).

    Three-player games are tied with the cell's chance; a tied game is tied by all three seats
    (a third of a win each) or by two (a half each, the third seat chosen at random), as each
    line of :data:`COVERAGE_SEATS` says; a decided game is won outright by a seat with the
    line's chances. The true share of a seat is then known exactly. Per cell (a tie share
    of :data:`COVERAGE_TIES` and a game count of :data:`COVERAGE_GAMES`), ``samples`` sweeps per
    line of chances: the worst coverage over the seats and lines, their mean, and the mean width
    (the worst of 12 estimates is a little below the true coverage by chance alone: at 4,000
    sweeps each is within about 0.7 points of it). Returns a DataFrame (ties, games, worst, mean,
    width).
    """
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(seed)
    players = 3
    rows = []
    for ties in COVERAGE_TIES:
        for n in COVERAGE_GAMES:
            covered, widths = [], []
            for chances, all_three in COVERAGE_SEATS:
                tied_share = all_three / players + (1 - all_three) * (1 - 1 / players) / 2
                chance = np.asarray(chances, float) / sum(chances)
                tied = rng.random((samples, n)) < ties
                # one uniform draw says who wins a decided game, another how a tied one is tied
                winner = np.searchsorted(np.cumsum(chance)[:-1], rng.random((samples, n)), side="right")
                how = rng.random((samples, n))
                three = how < all_three
                left_out = np.minimum(((how - all_three) / max(1 - all_three, 1e-9) * players).astype(int),
                                      players - 1)
                for seat in range(players):
                    share_if_tied = np.where(three, 1 / players, np.where(left_out == seat, 0.0, 0.5))
                    shares = np.where(tied, share_if_tied, (winner == seat).astype(float))
                    truth = ties * tied_share + (1 - ties) * chance[seat]
                    low, high = share_intervals(shares, alpha)
                    covered.append(float(((low <= truth + 1e-12) & (truth - 1e-12 <= high)).mean()))
                    widths.append(float((high - low).mean()))
            rows.append({"ties": ties, "games": n, "worst": min(covered), "mean": float(np.mean(covered)),
                         "width": float(np.mean(widths))})
    return pd.DataFrame(rows)


def decided(table) -> int:
    """Games of ``table`` won outright (not tied)."""
    return int((table["winners"] == 1).sum())


def too_few_decided(games_decided: int, players: int, alpha: float = 0.05) -> bool:
    """Whether so few games were decided that no seat could be told from a fair share: even a
    seat winning none of them would not differ at ``alpha`` by the exact binomial test of the
    decided games (tied games say nothing of who wins). Three players: 8 decided games are too
    few (a seat winning none of 8 has p = 0.059), 9 are not (p = 0.037).

    >>> too_few_decided(8, 3), too_few_decided(9, 3), too_few_decided(5, 2), too_few_decided(6, 2)
    (True, False, True, False)
    """
    from scipy.stats import binomtest

    if games_decided == 0 or players < 2:
        return True
    return bool(binomtest(0, games_decided, 1 / players).pvalue > alpha)


def seat_table(table, alpha: float = 0.05):
    """Per setting and seat: games, win share (ties split) with its interval
    (:func:`share_interval`), mean score, the difference from a fair share (1/players), the
    games decided (won outright) and the verdict in a word: ``favoured``, ``disfavoured``,
    ``fair`` (the fair share is inside the interval) or ``cannot tell`` (too few decided games,
    :func:`too_few_decided`)."""
    import pandas as pd

    rows = []
    for setting, games in table.groupby("setting", sort=False):
        n = len(games)
        players = int(games["players"].iloc[0])
        won_outright = decided(games)
        unsure = too_few_decided(won_outright, players, alpha)
        for seat in range(1, players + 1):
            shares = games[f"win_{seat}"].to_numpy()
            wins = float(shares.sum())
            low, high = share_interval(shares, alpha)
            fair = 1 / players
            verdict = ("cannot tell" if unsure else "favoured" if low > fair else "disfavoured" if high < fair
                       else "fair")
            rows.append({"setting": setting, "seat": seat, "games": n, "win_rate": wins / n, "low": low, "high": high,
                         "fair": fair, "advantage": wins / n - fair,
                         "mean_score": float(games[f"score_{seat}"].mean()), "decided": won_outright,
                         "verdict": verdict})
    return pd.DataFrame(rows)


def cannot_tell(games, alpha: float = 0.05) -> str | None:
    """The words saying a setting's seats cannot be told apart from a fair share because too few
    of its games were decided, or None when enough were."""
    n, won_outright = len(games), decided(games)
    players = int(games["players"].iloc[0])
    if not too_few_decided(won_outright, players, alpha):
        return None
    return (f"cannot tell whether a seat is favoured: only {won_outright} of {n:,} games were won outright"
            f" ({n - won_outright:,} tied), too few for any seat to differ from a fair share of"
            f" {1 / players:.1%} (even a seat winning none of them would not, at {alpha:.0%})")


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
    """How the games ended, as shares per setting, each end with its kind (``trigger``,
    ``rounds``: after the declared number of rounds, ``cap``: at the safety cap)."""
    shares = table.groupby("setting", sort=False)["end"].value_counts(normalize=True)
    frame = shares.rename("share").reset_index()
    kinds = end_kinds(table.drop_duplicates("end")).set_axis(table.drop_duplicates("end")["end"].to_numpy())
    frame["kind"] = frame["end"].map(kinds.to_dict())
    return frame


def measures_table(table):
    """The game measures' means per setting (the games stored before they were read left out):
    decisions, branching factor, lead changes, the share of the game played before it was
    decided, and the games measured."""
    import pandas as pd

    rows = []
    for setting, games in table.groupby("setting", sort=False):
        measured = games.dropna(subset=["decisions"]) if "decisions" in games else games.iloc[:0]
        rows.append({"setting": setting, "measured": len(measured),
                     **{c: float(measured[c].mean()) if len(measured) else float("nan") for c in MEASURE_COLUMNS}})
    return pd.DataFrame(rows, columns=["setting", "measured", *MEASURE_COLUMNS])


def length_by_end(table):
    """Game length by how the game ended (``trigger``, ``rounds``, ``cap``: :data:`END_KINDS`),
    per setting: the share of games, their mean rounds, steps and decisions."""
    import pandas as pd

    kinds = end_kinds(table)
    rows = []
    for setting, games in table.groupby("setting", sort=False):
        for kind in END_KINDS:
            ended = games[kinds[games.index] == kind]
            if not len(ended):
                continue
            decisions = ended["decisions"].mean() if "decisions" in ended else float("nan")
            rows.append({"setting": setting, "kind": kind, "games": len(ended), "share": len(ended) / len(games),
                         "rounds": float(ended["rounds"].mean()), "steps": float(ended["steps"].mean()),
                         "decisions": float(decisions)})
    return pd.DataFrame(rows, columns=["setting", "kind", "games", "share", "rounds", "steps", "decisions"])


def summary(table, alpha: float = 0.05) -> dict:
    """Every setting's metrics as plain JSON-able values."""
    seats = seat_table(table, alpha)
    outcomes = outcome_table(table)
    kinds = end_kinds(table)
    measures = measures_table(table).set_index("setting")
    by_end = length_by_end(table)
    out = {}
    for setting, games in table.groupby("setting", sort=False):
        mine = seats[seats["setting"] == setting]
        ended = by_end[by_end["setting"] == setting]
        usage = games[counted_columns(games, "use:")].mean()
        out[setting] = {
            "games": len(games),
            "players": int(games["players"].iloc[0]),
            "seats": [{"seat": int(r.seat), "win_rate": r.win_rate, "interval": [r.low, r.high],
                       "mean_score": r.mean_score, "verdict": r.verdict} for r in mine.itertuples()],
            "first_player_advantage": float(mine["advantage"].iloc[0]) if len(mine) else None,
            "tie_rate": float((games["winners"] > 1).mean()),
            "decided_games": decided(games),
            "seat_verdict": cannot_tell(games, alpha),
            "score_spread": _describe(games["spread"]),
            "margin": _describe(games["margin"]),
            "rounds": _describe(games["rounds"]),
            "steps": _describe(games["steps"]),
            "end": {k: float(v) for k, v in games["end"].value_counts(normalize=True).items()},
            "end_kinds": {kind: float((kinds[games.index] == kind).mean()) for kind in END_KINDS},
            "triggers": {k: float(v) for k, v in games.loc[kinds[games.index] == "trigger", "end"]
                         .value_counts().div(len(games)).items()},
            "measures": {c: _number(measures.loc[setting, c]) for c in ["measured", *MEASURE_COLUMNS]},
            "length_by_end": {r.kind: {"games": int(r.games), "share": r.share, "rounds": r.rounds, "steps": r.steps,
                                       "decisions": _number(r.decisions)} for r in ended.itertuples()},
            "ended_at_cap": capped_share(games),
            "ended_after_declared_rounds": declared_share(games),
            "bots_by_seat": {f"seat {i}": sorted(games[f"bot_{i}"].dropna().unique().tolist())
                             for i in range(1, int(games["players"].max()) + 1) if f"bot_{i}" in games},
            "usage_per_game": {k[4:]: float(v) for k, v in usage.items() if v > 0},
            "outcomes": {what: {r.value: {"count": int(r.count), "share": None if r.share != r.share else float(r.share)}
                                for r in group.itertuples()}
                         for what, group in outcomes[outcomes["setting"] == setting].groupby("what")
                         if group["count"].sum() > 0},
        }
    return out


def _number(value):
    """A plain number for JSON: None for NaN (nothing measured)."""
    value = float(value)
    return None if value != value else value


def _describe(values) -> dict:
    return {"mean": float(values.mean()), "median": float(values.median()), "min": float(values.min()),
            "max": float(values.max())}
