"""The deck as a table, validated by a pandera DataFrame model.

Per-card rules (a unique card's copies, a card's origin) are column checks here; pandera's lazy
validation collects every failure, and each failure case is mapped back to a problem at the
card's place in the YAML file.
"""
from __future__ import annotations

from ..content.problems import Problem

COLUMNS = ["card", "name", "count", "type", "origin", "deck", "unique", "cost", "firepower"]


def deck_table(ctx):
    """One row per card: the card's library facts and its count in the deck."""
    import pandas as pd

    rows = []
    for card_id, count in sorted(ctx.deck.counts.items()):
        card = ctx.card(card_id) or {}
        rows.append({"card": card_id, "name": card.get("name", card_id), "count": int(count),
                     "type": card.get("type", "unknown"), "origin": card.get("origin", "unknown"),
                     "deck": card.get("deck", "unknown"), "unique": bool(card.get("unique", False)),
                     "cost": card.get("cost") if isinstance(card.get("cost"), int) else None,
                     "firepower": card.get("firepower") if isinstance(card.get("firepower"), int) else None})
    table = pd.DataFrame(rows, columns=COLUMNS)
    return table.astype({"count": "int64", "unique": "bool", "cost": "Int64", "firepower": "Int64"})


def deck_schema(rules: dict):
    """The pandera model for a deck table under ``rules`` (built per rules document)."""
    import pandera.pandas as pa

    limit = rules.get("unique_max_copies")
    allowed = list(rules.get("allowed_origins") or [])

    class DeckTable(pa.DataFrameModel):
        card: str = pa.Field(unique=True)
        count: int = pa.Field(ge=1)
        origin: str = pa.Field(isin=allowed + ["unknown"] if allowed else None, nullable=False)
        unique: bool

        @pa.dataframe_check(name="unique-duplicate", element_wise=False)
        def unique_copies(cls, df):
            if limit is None:
                return df["count"] >= 0
            return ~(df["unique"] & (df["count"] > limit))

        class Config:
            strict = False

    return DeckTable


def pandera_problems(ctx) -> list[Problem]:
    """Unique copies and origins checked by pandera; failure cases become located problems."""
    import pandera.errors

    table = deck_table(ctx)
    try:
        deck_schema(ctx.rules).validate(table, lazy=True)
        return []
    except pandera.errors.SchemaErrors as errors:
        cases = errors.failure_cases
    problems = []
    limit = ctx.rules.get("unique_max_copies")
    allowed = ctx.rules.get("allowed_origins") or []
    for _, case in cases.iterrows():
        index = case.get("index")
        if index is None or index != index:  # NaN: a failure of the whole table
            continue
        row = table.iloc[int(index)]
        check = str(case.get("check"))
        if "unique-duplicate" in check:
            problems.append(ctx.problem("unique-duplicate", f"{row['name']} is unique: the deck may hold {limit}, it holds"
                                        f" {row['count']}", [row["card"]], ctx.path_of(row["card"]),
                                        hint="FAQ Q11: only one copy of a card with a unique name"))
        elif case.get("column") == "origin":
            problems.append(ctx.problem("source-not-allowed", f"{row['name']} comes from '{row['origin']}'; the rules allow"
                                        f" {', '.join(allowed)}", [row["card"]], ctx.path_of(row["card"])))
    # the same card can fail the frame-wide check once per column: keep one problem per card and code
    unique, seen = [], set()
    for problem in problems:
        key = (problem.code, tuple(problem.extra["cards"]))
        if key not in seen:
            seen.add(key)
            unique.append(problem)
    return unique
