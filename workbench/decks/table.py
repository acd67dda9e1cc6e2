"""A deck as a table: the shape a spreadsheet gives and takes.

``deck_table`` lays a resolved deck out one row per card with the card's library facts; it is what
``deck export`` writes. ``read_csv`` reads such a table back (from the workbench or from a
designer's spreadsheet) into a deck's ``cards:`` list. pandera checks the table's shape (columns,
types, a count of at least 1, each card once) with lazy validation, so every bad cell is reported
at once, located at its row and column of the CSV file.

The deck-building rules themselves are not checked here: a deck read from a table is checked
like any other deck (:func:`workbench.decks.rules.check_deck`).
"""
from __future__ import annotations

import io

from ..content.problems import Problem
from ..core.limits import limit

CODES = {"deck-table": "a deck table (CSV) row that cannot be read as a card and its count"}

#: The columns of an exported deck; only ``count`` and ``card`` are needed to read one back.
COLUMNS = ["count", "card", "name", "type", "origin", "cost", "firepower", "unique"]
REQUIRED = ["count", "card"]


def deck_table(ctx):
    """One row per card, sorted by card id: its count and its library facts (a pandas DataFrame)."""
    import pandas as pd

    rows = []
    for card_id, count in sorted(ctx.deck.counts.items()):
        card = ctx.card(card_id) or {}
        rows.append({"count": int(count), "card": card_id, "name": card.get("name", card_id),
                     "type": card.get("type", "unknown"), "origin": card.get("origin", ""),
                     "cost": card.get("cost") if isinstance(card.get("cost"), int) else None,
                     "firepower": card.get("firepower") if isinstance(card.get("firepower"), int) else None,
                     "unique": "yes" if card.get("unique") else ""})
    table = pd.DataFrame(rows, columns=COLUMNS)
    # the text columns typed too: a table without rows would otherwise hold untyped columns
    return table.astype({"count": "int64", "cost": "Int64", "firepower": "Int64", "card": "str", "name": "str",
                         "type": "str", "origin": "str", "unique": "str"})


def table_schema():
    """The pandera schema of a deck table: what a spreadsheet must hold to be read as a deck."""
    import pandera.pandas as pa

    return pa.DataFrameSchema({
        "count": pa.Column(int, pa.Check.in_range(1, limit("deck_size")), coerce=True),
        # each card on one row: a repeat is reported, its first row is not
        "card": pa.Column(str, pa.Check.str_matches(r"^[a-z0-9]+(-[a-z0-9]+)*$"), unique=True,
                          report_duplicates="exclude_first"),
    }, strict=False)  # the other columns are for people; they are not read back


def export_csv(ctx) -> str:
    """A printable list: one row per card (checked against :func:`table_schema`, so it reads back)."""
    table = deck_table(ctx)
    table_schema().validate(table)
    return table.to_csv(index=False, lineterminator="\n")


def read_csv(text: str, path: str = "<csv>") -> tuple[list[dict], list[Problem]]:
    """Read a deck table back into a ``cards:`` list; every bad row is a problem at its line.

    >>> cards, problems = read_csv("count,card\\n2,apache-scout\\n0,hidden-sniper\\n")
    >>> cards, [(p.code, p.line, p.column) for p in problems]
    ([{'card': 'apache-scout', 'count': 2}], [('deck-table', 3, 1)])
    """
    import pandas as pd
    import pandera.errors

    try:
        table = pd.read_csv(io.StringIO(text), dtype=str, keep_default_na=False)
    except (pd.errors.ParserError, pd.errors.EmptyDataError, UnicodeDecodeError) as exc:
        return [], [Problem("deck-table", f"not a readable CSV table: {str(exc).splitlines()[0]}", path, 1, 1,
                            hint="save the sheet as CSV with a header row: count,card,...")]
    missing = [c for c in REQUIRED if c not in table.columns]
    if missing:
        return [], [Problem("deck-table", f"the table has no {' or '.join(repr(c) for c in missing)} column", path, 1, 1,
                            hint="the header row needs at least: count,card")]
    bad_rows: dict[int, Problem] = {}
    try:
        table_schema().validate(table, lazy=True)
    except pandera.errors.SchemaErrors as errors:
        for _, case in errors.failure_cases.iterrows():
            index = case.get("index")
            column = case.get("column")
            if index is None or index != index or column not in table.columns:
                continue
            row = int(index)
            value = table.iloc[row][column]
            why = {"count": f"the count {value!r} is not a whole number from 1 to {limit('deck_size'):,}",
                   "card": (f"the card {value!r} is listed twice" if "unique" in str(case.get("check"))
                            else f"{value!r} is not a card id (lowercase words joined by dashes)")}[column]
            # a row's line: the header is line 1; its column: the field's position in the header
            bad_rows.setdefault(row, Problem("deck-table", why, path, row + 2, list(table.columns).index(column) + 1,
                                             hint="fix the cell in the spreadsheet and export it again"))
    cards = [{"card": str(r["card"]), "count": int(r["count"])} for i, r in table.iterrows() if i not in bad_rows]
    return cards, sorted(bad_rows.values(), key=Problem.sort_key)
