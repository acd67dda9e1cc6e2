"""The deck checks ``workbench validate`` runs over the whole library.

Every deck is checked by :func:`workbench.decks.rules.check_deck`, the same function
``workbench deck check`` calls, so the two never disagree. Deck-building rules documents are
checked against the declared size limits.
"""
from __future__ import annotations

from typing import Iterator

from ..content.problems import Problem
from ..core.limits import limit


def _schema_ok(document) -> bool:
    from ..content.schemas import schema_valid

    return schema_valid(document)     # answered from the check made when loading


def check_decks(library) -> Iterator[Problem]:
    """Deck legality of every deck (schema-broken decks are left to the schema's report).

    A deck whose problems would not be reported (a published deck behind a designer's files) is
    not checked: every problem of a deck is located in the deck itself."""
    for document in library.of_kind("deck"):
        if library.reported(document) and _schema_ok(document):
            yield from checked_once(library, document)


def checked_once(library, document) -> list[Problem]:
    """:func:`workbench.decks.rules.check_deck` of a deck, worked out once per library (the play
    judge asks it too, :mod:`workbench.games.judge`)."""
    from . import rules

    memo = getattr(library, "declared_memo", None)
    key = ("check_deck", id(document), len(library.documents))
    if memo is not None and key in memo:
        return memo[key]
    found = list(rules.check_deck(library, document))
    if memo is not None:
        memo[key] = found
    return found


def check_deck_rules(library) -> Iterator[Problem]:
    """A `deck_size` beyond the declared limit."""
    for document in library.of_kind("deck_rules"):
        size = document.data.get("deck_size")
        if isinstance(size, int) and not isinstance(size, bool) and size > limit("deck_size"):
            yield document.problem("size-limit", f"a deck of {size:,} cards is beyond the declared limit of"
                                   f" {limit('deck_size'):,}", ["deck_size"],
                                   hint="exact draw odds and checks are kept instant up to that size")


DECK_LIBRARY_CHECKS = [check_decks, check_deck_rules]
