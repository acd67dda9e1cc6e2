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

import re
from typing import Any, Iterator

from .problems import WARNING, Problem

#: ``source.document`` -> the badge shown after the name.
BADGES = {"house-rule": "house rule", "illustrative": "illustrative"}

#: ``source.document`` -> what the source is, in words (the schemas' list of source documents).
SOURCE_TITLES = {
    "dark-horse-base-excerpt": "Dark Horse rulebook (base game excerpt)",
    "dark-horse-rebels-and-rogues": "Dark Horse: Rebels & Rogues rulebook",
    "revolver-1-2-hunt-the-man-down": "Revolver 1.2: Hunt the Man Down",
    "western-legends": "Western Legends rulebook",
    "secondary-facts": "reviews (secondary facts)",
    "public-facts": "public pages (public facts)",
    "illustrative": "illustrative example data",
    "house-rule": "house rules",
}


def source_title(document: Any) -> str:
    """The source document ``document`` in words, e.g. for a table of where content comes from.

    >>> source_title("dark-horse-rebels-and-rogues")
    'Dark Horse: Rebels & Rogues rulebook'
    >>> source_title(None)
    'no source given'
    """
    if not document:
        return "no source given"
    return SOURCE_TITLES.get(str(document), str(document))


#: A mark written into a name by hand (the badge's words, or "not the published ..."): the source
#: decides the badge, so a name that says it is a mistake or a fake.
HAND_MARK = re.compile(r"illustrat|house[ -]rule|not the published", re.IGNORECASE)


def badge(data: Any) -> str | None:
    """The badge of a document's data (``house rule``, ``illustrative``), or None."""
    source = data.get("source") if isinstance(data, dict) else None
    return BADGES.get(source.get("document")) if isinstance(source, dict) else None


def badged_name(data: Any, fallback: str = "") -> str:
    """The document's name followed by its badge in parentheses, if it has one."""
    name = str((data.get("name") if isinstance(data, dict) else None) or fallback)
    mark = badge(data)
    # a name that already says it is reported (`badge-in-name`), and not marked twice
    return f"{name} ({mark})" if mark and mark not in name.lower() else name


def check_badges_in_names(library) -> Iterator[Problem]:
    """``badge-in-name`` (a warning): a document's name marks it "(house rule)", "(illustrative)"
    or "not the published ..." by hand. The badge comes from ``source:`` alone, so the mark would
    show twice, or claim what the source does not.

    >>> from workbench.content.loader import load_text
    >>> from workbench.content.library import Library
    >>> docs, _ = load_text("kind: variant\\ngame: g\\nid: v\\nname: Fast (house rule)\\n"
    ...                     "source: {document: house-rule}\\n", "v.yaml")
    >>> [(p.code, p.line, p.message) for p in check_badges_in_names(Library.from_documents(docs))]
    [('badge-in-name', 4, "the name 'Fast (house rule)' marks the document by hand: its badge (house rule) comes from `source:`")]
    """
    for document in library.documents:
        name = document.data.get("name") if isinstance(document.data, dict) else None
        if isinstance(name, str) and HAND_MARK.search(name):
            mark = badge(document.data)
            yield document.problem(
                "badge-in-name", f"the name '{name}' marks the document by hand: " +
                (f"its badge ({mark}) comes from `source:`" if mark else
                 "only `source: {document: house-rule}` or `{document: illustrative}` marks it"),
                ["name"], severity=WARNING,
                hint="drop the mark from `name:`; the lists, choosers and logs add the badge from `source:`")


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
