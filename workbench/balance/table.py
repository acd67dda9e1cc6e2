"""The results table (one row per game), its pandera model, and where it is stored.

Every table is checked by :class:`GameTable` before any statistic is computed: types, ranges,
one row per game (sweep, sweep seed, setting, game number and seed), win shares that add up to one game. Stored results are
Parquet (CSV on request), written atomically; reading a file that fails the checks is a
:class:`~workbench.core.errors.ContentError` that says which row and column, never a wrong statistic.
"""
# no `from __future__ import annotations` here: pandera reads the model's annotations as objects
import io
from pathlib import Path

from ..content.problems import Problem
from ..core.errors import ContentError

#: The keys and facts every row has, in order (seat and count columns follow).
KEY_COLUMNS = ["sweep", "sweep_seed", "setting", "setting_key", "game_id", "game", "seed", "bots"]
CODE = "balance-results"
#: What decides a game, and so keys a stored row.
GAME_KEY = ["sweep", "sweep_seed", "setting_key", "game", "seed"]
#: The game measures' columns (:data:`workbench.balance.metrics.MEASURE_COLUMNS`; not imported
#: from there, which imports the engines' helpers).
MEASURES = ["decisions", "branching", "lead_changes", "decided_at"]


def _model():
    import pandera.pandas as pa
    from pandera.typing import Series

    class GameTable(pa.DataFrameModel):
        """One row per game of a sweep."""

        sweep: Series[str] = pa.Field(str_length={"min_value": 1})
        sweep_seed: Series[int] = pa.Field(ge=0)
        setting: Series[str] = pa.Field(str_length={"min_value": 1})
        setting_key: Series[str] = pa.Field(str_matches=r"^[0-9a-f]{16}$")
        game_id: Series[str]
        game: Series[int] = pa.Field(ge=0)
        seed: Series[int] = pa.Field(ge=0)
        bots: Series[str]
        players: Series[int] = pa.Field(ge=1, le=12)
        rounds: Series[int] = pa.Field(ge=0)
        steps: Series[int] = pa.Field(ge=0)
        end: Series[str]
        winners: Series[int] = pa.Field(ge=1)
        spread: Series[float] = pa.Field(ge=0)
        margin: Series[float] = pa.Field(ge=0)
        # the game measures (metrics.game_measures); empty for games stored before they were read
        decisions: Series[float] = pa.Field(ge=0, nullable=True)
        branching: Series[float] = pa.Field(ge=0, nullable=True)
        lead_changes: Series[float] = pa.Field(ge=0, nullable=True)
        decided_at: Series[float] = pa.Field(ge=0, le=1, nullable=True)
        score: Series[float] = pa.Field(alias=r"^score_\d+$", regex=True, nullable=True)
        win: Series[float] = pa.Field(alias=r"^win_\d+$", regex=True, ge=0, le=1, nullable=True)
        bot: Series[str] = pa.Field(alias=r"^bot_\d+$", regex=True, nullable=True)   # the bot in each seat
        counts: Series[int] = pa.Field(alias=r"^(use|out):", regex=True, ge=0)

        @pa.dataframe_check(name="one-row-per-game")
        def one_row_per_game(cls, df):
            # keyed by everything that decides a game: the sweep and its seed, the setting's key
            # (rules, content, players, bots, options) and the game's seed; the same game number
            # of another sweep seed (or of an older seeding) is another game
            return ~df.duplicated(GAME_KEY, keep=False)

        @pa.dataframe_check(name="winners-within-seats")
        def winners_within_seats(cls, df):
            return df["winners"] <= df["players"]

        @pa.dataframe_check(name="margin-within-spread")
        def margin_within_spread(cls, df):
            return df["margin"] <= df["spread"] + 1e-9

        @pa.dataframe_check(name="one-win-per-game")
        def one_win_per_game(cls, df):
            wins = df[[c for c in df.columns if c.startswith("win_")]]
            return (wins.sum(axis=1) - 1).abs() < 1e-9

        @pa.dataframe_check(name="seats-match-players")
        def seats_match_players(cls, df):
            ok = df["players"] == df["players"]
            for column in [c for c in df.columns if c.startswith("score_")]:
                seat = int(column.split("_")[1])
                present = df[column].notna() & df[f"win_{seat}"].notna()
                ok &= present == (seat <= df["players"])
            return ok

        class Config:
            strict = True
            unique = ["sweep", "sweep_seed", "setting_key", "seed"]
            name = "balance results"

    return GameTable


_MODEL = None


def model():
    """The pandera ``DataFrameModel`` of a results table (built on first use: pandera is slow to
    import)."""
    global _MODEL
    if _MODEL is None:
        _MODEL = _model()
    return _MODEL


def check(table, source: str | None = None):
    """``table`` checked by :func:`model` (all failures at once), returned unchanged; a
    :class:`~workbench.core.errors.ContentError` listing each failure otherwise."""
    import pandera.errors

    try:
        return model().validate(table, lazy=True)
    except pandera.errors.SchemaErrors as errors:
        problems = []
        for case in errors.failure_cases.head(50).itertuples():
            column = case.column if isinstance(case.column, str) else "(row)"
            row = "" if case.index != case.index or case.index is None else f" in row {int(case.index)}"
            problems.append(Problem(CODE, f"{column}{row}: fails {case.check} (found {case.failure_case!r})",
                                    source, path=f"$[{'' if not row else int(case.index)}].{column}",
                                    hint="results are written by `workbench balance`; a file edited by hand or from"
                                         " another version can be moved away and the sweep run again"))
        raise ContentError(f"the balance results{' in ' + source if source else ''} do not pass their checks",
                           problems) from None


def tidy(rows: list[dict]):
    """Rows as a table with the columns in a fixed order and the counts filled with 0 where a
    game never saw that event."""
    import pandas as pd

    table = pd.DataFrame(rows)
    return normalize(table)


def normalize(table):
    import pandas as pd

    if table is None or not len(table.columns):
        return pd.DataFrame(columns=KEY_COLUMNS)
    counted = sorted(c for c in table.columns if c.startswith(("use:", "out:")))
    seats = max((int(c.split("_")[1]) for c in table.columns if c.startswith("win_")), default=0)
    seat_columns = [f"score_{i}" for i in range(1, seats + 1)] + [f"win_{i}" for i in range(1, seats + 1)]
    bot_columns = sorted((c for c in table.columns if c.startswith("bot_")), key=lambda c: int(c.split("_")[1]))
    for column in bot_columns:
        table[column] = table[column].astype(object)
    facts = ["players", "rounds", "steps", "end", "winners", "spread", "margin"] + MEASURES
    for column in MEASURES:       # games stored before the measures were read have none
        table[column] = table[column].astype("float64") if column in table.columns else float("nan")
    for column in counted:
        table[column] = table[column].fillna(0).astype("int64")
    for column in seat_columns:
        if column not in table.columns:
            table[column] = float("nan")
        table[column] = table[column].astype("float64")
    for column in ("sweep_seed", "game", "seed", "players", "rounds", "steps", "winners"):
        if column in table.columns:
            table[column] = table[column].astype("int64")
    for column in ("spread", "margin"):
        if column in table.columns:
            table[column] = table[column].astype("float64")
    for column in ("sweep", "setting", "setting_key", "game_id", "bots", "end"):
        if column in table.columns:
            table[column] = table[column].astype(object)
    order = [c for c in KEY_COLUMNS + facts + seat_columns + bot_columns + counted if c in table.columns]
    return table[order].reset_index(drop=True)


def combine(*tables):
    """Tables of one store concatenated, counts filled, rows ordered by sweep, setting and game."""
    import pandas as pd

    parts = [t for t in tables if t is not None and len(t)]
    if not parts:
        return normalize(None)
    table = normalize(pd.concat(parts, ignore_index=True))
    return table


# -- storage ----------------------------------------------------------------------------------

def read(path: str | Path):
    """The stored results at ``path`` (Parquet, or CSV by extension), checked; ``None`` when
    there is no such file."""
    import pandas as pd

    path = Path(path)
    if not path.exists():
        return None
    try:
        table = pd.read_csv(path) if path.suffix.lower() == ".csv" else pd.read_parquet(path, engine="pyarrow")
    except Exception as exc:  # noqa: BLE001 - any unreadable file is the same problem for a designer
        raise ContentError(f"cannot read the balance results in {path}",
                           [Problem(CODE, f"not a results table: {exc}", str(path),
                                    hint="move the file away or give another --out")]) from None
    return check(normalize(table), str(path))


def write(table, path: str | Path) -> Path:
    """Write ``table`` (checked first) atomically: Parquet, or CSV when ``path`` ends in .csv."""
    from ..core.storage import atomic_write_bytes

    path = Path(path)
    check(table, str(path))
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.suffix.lower() == ".csv":
        data = table.to_csv(index=False).encode("utf-8")
    else:
        buffer = io.BytesIO()
        table.to_parquet(buffer, engine="pyarrow", index=False)
        data = buffer.getvalue()
    atomic_write_bytes(path, data)
    return path
