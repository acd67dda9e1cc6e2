"""What the library leaves unknown that an engine needs: a designer's to-do list.

Three sources, per registered game:

* parameters whose value is ``unknown`` (the engine plays without them, e.g. Influence victory
  points) or comes from illustrative designer data (the rules texts do not give it);
* the assumptions in force where the texts are silent (each with its reason), and the readings a
  document declares of its own values (``assumptions:`` naming no parameter, e.g. a hex type's
  untyped Reputation);
* what the game's own ``unknowns(library)`` hook reports (Dark Horse: base action spaces left out of
  play because their options are unknown);
* the effects its vocabulary does not play, where they are written, and costs or gains in another
  game's resources (:mod:`workbench.rules.effects`);
* every other value written ``unknown`` in the game's documents (a card's copies, a battlefield's
  defence or turns), located, with the document's ``source:`` and notes that say why.
"""
from __future__ import annotations

import re
from importlib import import_module


def _where(origin) -> str:
    if origin is None or origin.document is None:
        return ""
    line, _ = origin.document.locate(list(origin.path))
    return f"{origin.document.file}:{line}"


def _declaring(library, game: str, name: str):
    """The first document of ``game`` whose ``assumptions:`` name ``name`` (None when none does)."""
    for document in library.documents:
        if document.game == game and isinstance(document.data.get("assumptions"), dict) \
                and name in document.data["assumptions"]:
            return document
    return None


def _declared_at(library, game: str, name: str) -> str:
    document = _declaring(library, game, name)
    if document is None:
        return ""
    line, _ = document.locate(["assumptions", name])
    return f"{document.file}:{line}"


#: Words that mark a note as stating an assumption (or a reading) of the workbench.
ASSUMPTION_WORDS = re.compile(r"assum|reading", re.IGNORECASE)


def undeclared_assumptions(library) -> list[dict]:
    """Notes that state an assumption or a reading which no ``assumptions:`` declares, so that
    neither ``workbench unknowns`` nor a play log would show it. A note passes when its document
    declares ``assumptions:``, or when it names (in backticks) a declared assumption or a document
    that declares some. Rows ``{file, line, kind, id, note}``."""
    declared: dict[str, set[str]] = {}
    for document in library.documents:
        reasons = document.data.get("assumptions")
        if isinstance(reasons, dict) and reasons:
            declared.setdefault(document.game, set()).update(str(n) for n in reasons)
            declared[document.game].add(document.id)
    rows = []
    for document in library.documents:
        if isinstance(document.data.get("assumptions"), dict) and document.data["assumptions"]:
            continue
        notes = document.data.get("notes")
        for index, note in enumerate([notes] if isinstance(notes, str) else notes if isinstance(notes, list) else []):
            if not isinstance(note, str) or not ASSUMPTION_WORDS.search(note):
                continue
            named = set(re.findall(r"`([^`]+)`", note))
            if named & declared.get(document.game, set()):
                continue
            line, _ = document.locate(["notes"] if isinstance(notes, str) else ["notes", index])
            rows.append({"file": document.file, "line": line, "kind": document.kind, "id": document.id, "note": note})
    return rows


def _source_text(source) -> str:
    if not isinstance(source, dict):
        return "no source given"
    parts = [str(source[k]) for k in ("document", "section", "fact") if source.get(k)]
    confidence = f" ({source['confidence']})" if source.get("confidence") else ""
    return ", ".join(parts) + confidence if parts else "no source given"


def _unknown_paths(value, path: list):
    if value == "unknown":
        yield path
    elif isinstance(value, dict):
        for key, item in value.items():
            if key not in ("notes", "source"):       # prose and the citation, not values
                yield from _unknown_paths(item, [*path, key])
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _unknown_paths(item, [*path, index])


def unknown_values(library, game: str, listed: set[str] = frozenset()) -> list[dict]:
    """Every value written ``unknown`` in ``game``'s documents, in file order: rows ``{kind:
    "unknown value", name, value, where, why, todo, document, field, source, notes}``, where
    ``why`` is the document's source and notes (which say what the texts give and what not).
    Values at a location in ``listed`` (a parameter or effect already reported there) are left out.

    >>> from workbench.content.loader import load_text
    >>> docs, _ = load_text("kind: card\\ngame: g\\nid: c\\nname: C\\ncopies: unknown\\n"
    ...                     "source: {document: public-facts, section: '2.8'}\\nnotes: 'Name only.'\\n", "c.yaml")
    >>> from workbench.content.library import Library
    >>> [(r["name"], r["where"], r["why"]) for r in unknown_values(Library.from_documents(docs), "g")]
    [("card 'c': copies", 'c.yaml:5', 'source: public-facts, 2.8. Name only.')]
    """
    rows = []
    for document in library.documents:
        if document.game != game or not isinstance(document.data, dict):
            continue
        notes = document.data.get("notes")
        notes = [notes] if isinstance(notes, str) else [str(n) for n in notes] if isinstance(notes, list) else []
        source = _source_text(document.data.get("source"))
        for path in _unknown_paths(document.data, []):
            line, _ = document.locate(path)
            where = f"{document.file}:{line}"
            if where in listed:
                continue
            field = ".".join(str(p) for p in path)
            rows.append({"kind": "unknown value", "name": f"{document.kind} '{document.id}': {field}", "value": "unknown",
                         "where": where, "why": " ".join([f"source: {source}.", *notes]),
                         "todo": "give the printed value in a document of your own if you know it",
                         "document": f"{document.kind} '{document.id}'", "field": field, "source": source, "notes": notes})
    return rows


def unknowns(library, game: str | None = None) -> list[dict]:
    """Rows ``{game, kind, name, value, where, why, todo}``, games and kinds in order."""
    from . import GAMES
    from ..rules.effects import unknown_rows as effect_rows
    from ..rules.ruleset import READING_FIELDS, declarations, resolve

    rows: list[dict] = []
    for entry in GAMES.values():
        if game and entry.content_game != game and entry.id != game:
            continue
        if not any(d.game == entry.content_game for d in library.documents):
            continue
        spec = entry.spec()
        rules, _ = resolve(library, entry.content_game, spec)
        declared, assumed, _ = declarations(library, entry.content_game)
        for name in sorted(spec):
            value = rules[name] if rules is not None and name in rules else declared.get(name) and declared[name].value
            origin = rules.origin(name) if rules is not None else None
            source = (origin.document.data.get("source") or {}).get("document") if origin and origin.document else None
            if value == "unknown":
                rows.append({"game": entry.id, "kind": "parameter", "name": name, "value": "unknown", "where": _where(origin),
                             "why": f"{spec[name].about}: the rules texts do not give it; the engine plays without it",
                             "todo": "give its value in a variant of your own (parameters:) if you know it"})
            elif source == "illustrative":
                rows.append({"game": entry.id, "kind": "parameter", "name": name, "value": value, "where": _where(origin),
                             "why": f"{spec[name].about}: an illustrative value, not from the rules texts",
                             "todo": "replace it with the printed value in a variant of your own"})
        if rules is not None:
            for name, reason in sorted(rules.assumptions.items()):
                rows.append({"game": entry.id, "kind": "assumption", "name": name,
                             "value": rules[name] if name in rules else "(a reading of the texts)",
                             "where": _where(rules.origin(name)) or _declared_at(library, entry.content_game, name),
                             "why": reason,
                             "todo": "override it in a variant if your rulebook says otherwise" if name in rules else
                             "write the rules your rulebook prints (a map's or scenario's `placement_rules:`)"})
        # a reading of a document's own values (a hex type's untyped Reputation), no parameter: it
        # is in force wherever its document is, so it is listed as the parameters' assumptions are
        for name, reason in sorted(assumed.items()):
            if name in spec or name in READING_FIELDS:
                continue
            document = _declaring(library, entry.content_game, name)
            label = f"{document.kind.replace('_', ' ')} '{document.id}'"
            rows.append({"game": entry.id, "kind": "assumption", "name": name,
                         "value": "(a reading of the texts)", "where": _declared_at(library, entry.content_game, name),
                         "why": f"{label}: {reason}",
                         "todo": f"write what your rulebook prints in a document of your own in place of {label}"})
        hook = getattr(import_module(entry.parameters), "unknowns", None)
        if hook is not None:
            rows += [{"game": entry.id, **row} for row in hook(library)]
        # what the effect vocabulary says the engine does not play, and resources of another game
        rows += [{"game": entry.id, **row} for row in effect_rows(library, entry.content_game)]
    # every value written `unknown`, by the game its documents belong to (played by an engine or not)
    listed = {row["where"] for row in rows if row.get("where")}   # a parameter or effect row already locates it
    wanted = {e.content_game for e in GAMES.values() if game in (e.id, e.content_game)} | {game}
    for content_game in sorted(g for g in library.games() if isinstance(g, str)):
        if game is None or content_game in wanted:
            rows += [{"game": content_game, **row} for row in unknown_values(library, content_game, listed)]
    content_of = {e.id: e.content_game for e in GAMES.values()}
    rows.sort(key=lambda row: content_of.get(row["game"], row["game"]))   # stable: kinds stay in order
    return rows


def parameter_table(library, game: str | None = None) -> list[dict]:
    """Every declared parameter: its type, published value and where it is declared."""
    from . import GAMES
    from ..rules.ruleset import _type_hint, resolve

    rows = []
    for entry in GAMES.values():
        if game and entry.content_game != game and entry.id != game:
            continue
        spec = entry.spec()
        rules, _ = resolve(library, entry.content_game, spec)
        for name, parameter in sorted(spec.items()):
            origin = rules.origin(name) if rules is not None else None
            rows.append({"game": entry.id, "name": name, "type": _type_hint(parameter), "about": parameter.about,
                         "value": rules[name] if rules is not None and name in rules else None,
                         "where": _where(origin), "only_with": parameter.only_with})
    return rows
