"""The one rule that marks content which is not the published game's: a badge from ``source:``.

A document whose ``source: {document: house-rule}`` is a designer's house rule; one whose
``source: {document: illustrative}`` is example data that makes no claim about the published game.
Names are never marked by hand: every list, chooser and log that shows a document's name shows it
through :func:`badged_name`, so the mark follows the source and cannot be forgotten or faked.

>>> badged_name({"name": "Telegraph Office", "source": {"document": "house-rule"}})
'Telegraph Office (house rule)'
>>> badged_name({"name": "Saloon", "source": {"document": "dark-horse-rebels-and-rogues"}})
'Saloon'
>>> badged_name({"name": "Poker deck (illustrative)", "source": {"document": "illustrative"}})
'Poker deck (illustrative)'
"""
from __future__ import annotations

from typing import Any

#: ``source.document`` -> the badge shown after the name.
BADGES = {"house-rule": "house rule", "illustrative": "illustrative"}


def badge(data: Any) -> str | None:
    """The badge of a document's data (``house rule``, ``illustrative``), or None."""
    source = data.get("source") if isinstance(data, dict) else None
    return BADGES.get(source.get("document")) if isinstance(source, dict) else None


def badged_name(data: Any, fallback: str = "") -> str:
    """The document's name followed by its badge in parentheses, if it has one."""
    name = str((data.get("name") if isinstance(data, dict) else None) or fallback)
    mark = badge(data)
    # a name that already says it (an older file's "(house rule)") is not marked twice
    return f"{name} ({mark})" if mark and mark not in name.lower() else name


def in_force(ruleset, library=None) -> list[str]:
    """One line per badged document in force in ``ruleset``, for the top of a play log: the
    variants and the scenario played, and every house rule a value comes from. (Illustrative
    values the published rules are filled in with are listed by ``workbench unknowns``.)"""
    seen: dict[tuple, Any] = {}
    for name in ruleset:
        origin = ruleset.origin(name)
        if origin is not None and origin.document is not None and badge(origin.document.data) == BADGES["house-rule"]:
            seen.setdefault((origin.document.kind, origin.document.id), origin.document.data)
    if library is not None:
        for kind, ids in (("variant", ruleset.variants), ("scenario", [ruleset.scenario] if ruleset.scenario else [])):
            for id_ in ids:
                data = library.data(ruleset.game, kind, id_)
                if data is not None:
                    seen.setdefault((kind, id_), data)
    return [f"{badge(data)} in force: {kind.replace('_', ' ')} '{id_}' ({badged_name(data, id_)})"
            for (kind, id_), data in sorted(seen.items()) if badge(data)]
