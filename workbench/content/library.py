"""The validated library: every document indexed by game, kind and id, plus the cross-file
checks that need the whole library (duplicate ids, unknown references, replacement conflicts).

Each check is a small generator yielding :class:`~workbench.content.problems.Problem` values,
so all problems are collected, never only the first.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Callable, Iterable, Iterator

from .badges import check_badges_in_names
from .loader import Document
from .problems import Problem
from ..core.errors import did_you_mean
from .schemas import reference_fields

#: Games the workbench ships rules for; a designer adds more with a `game` document.
BUILTIN_GAMES = ("dark-horse", "revolver", "western-legends")


@dataclass
class Library:
    """Documents by ``(game, kind, id)``.

    Examples
    --------
    >>> from workbench.content.loader import load_text
    >>> docs, _ = load_text("kind: game\\ngame: dark-horse\\nid: dark-horse\\nname: Dark Horse\\n")
    >>> lib = Library.from_documents(docs)
    >>> lib.get("dark-horse", "game", "dark-horse").data["name"]
    'Dark Horse'
    """

    documents: list[Document] = field(default_factory=list)
    index: dict[tuple[str, str, str], Document] = field(default_factory=dict)
    # kind -> its documents, rebuilt when documents are added (every check asks for a kind)
    _by_kind: tuple = field(default=(-1, {}), repr=False, compare=False)
    # ids of documents whose problems nobody will see (the published games behind a designer's
    # files: checked clean by the workbench's own tests); see :meth:`reported`
    quiet: frozenset = field(default=frozenset(), repr=False, compare=False)
    # the published documents a designer's (reported) documents replace, by the replacing
    # document's id(): a published unit that fails because of one is told there (see
    # :meth:`replacing`)
    replaced: dict = field(default_factory=dict, repr=False, compare=False)
    # what is worked out once per library and kept while no document is added (the declared
    # parameters of each game: :func:`workbench.rules.ruleset.resolve`)
    declared_memo: dict = field(default_factory=dict, repr=False, compare=False)

    def reported(self, document: Document) -> bool:
        """Will problems located in ``document`` be reported? A check that works per document may
        skip the others (their problems would be dropped); it must still report what it finds
        in a reported document while looking at another."""
        return id(document) not in self.quiet

    def replacing(self, game: str) -> list[Document]:
        """The reported documents of ``game`` that replace a published one (a designer's
        override: same game, kind and id), in the library's order."""
        return [d for d in self.documents if d.game == game and id(d) in self.replaced and self.reported(d)]

    def published(self) -> "Library":
        """This library as published: each designer's document replacing a published one swapped
        back for it (:attr:`replaced`), the designer's other documents kept, every document quiet.
        Kept on the library while no document is added (a check asks it once per problem)."""
        if not self.replaced:
            return self
        found = self.declared_memo.get("published")
        if found is None or found[0] != len(self.documents):
            view = Library.from_documents(self.replaced.get(id(d), d) for d in self.documents)
            view.quiet = frozenset(id(d) for d in view.documents)
            found = (len(self.documents), view)
            self.declared_memo["published"] = found
        return found[1]

    def reverting(self, document: Document) -> "Library":
        """This library with the published document ``document`` replaces put back in its place
        (the designer's other documents kept, as reported as they are)."""
        original = self.replaced[id(document)]
        view = Library.from_documents(original if d is document else d for d in self.documents)
        view.quiet = self.quiet | {id(original)}
        view.replaced = {k: v for k, v in self.replaced.items() if k != id(document)}
        return view

    @classmethod
    def from_documents(cls, documents: Iterable[Document]) -> "Library":
        library = cls()
        for document in documents:
            library.documents.append(document)
            key = (document.game, document.kind, document.id)
            library.index.setdefault(key, document)
        return library

    def get(self, game: str, kind: str, id: str) -> Document | None:
        return self.index.get((game, kind, id))

    def data(self, game: str, kind: str, id: str) -> dict | None:
        document = self.get(game, kind, id)
        return document.data if document else None

    def of_kind(self, kind: str, game: str | None = None) -> list[Document]:
        if self._by_kind[0] != len(self.documents):
            by_kind: dict = {}
            for d in self.documents:
                try:
                    indexed = self.index.get((d.game, d.kind, d.id)) is d
                except TypeError:  # a list or mapping as an identity field: the schema reports it
                    continue
                if indexed:
                    by_kind.setdefault(d.kind, []).append(d)
                    by_kind.setdefault((d.kind, d.game), []).append(d)
            self._by_kind = (len(self.documents), by_kind)
        return list(self._by_kind[1].get(kind if game is None else (kind, game), ()))

    def ids(self, game: str, kind: str) -> list[str]:
        return [d.id for d in self.of_kind(kind, game) if d.id is not None]

    def games(self) -> set[str]:
        # Document.id is None unless the id is text, so this set always sorts
        return set(BUILTIN_GAMES) | {d.id for d in self.of_kind("game") if d.id is not None}

    def __len__(self) -> int:
        return len(self.documents)


def _values_at(data, pattern: tuple, path: list) -> Iterator[tuple[list, object]]:
    if not pattern:
        yield path, data
        return
    head, rest = pattern[0], pattern[1:]
    if head == "*":
        if isinstance(data, list):
            for i, item in enumerate(data):
                yield from _values_at(item, rest, path + [i])
        elif isinstance(data, dict):
            for key, item in data.items():
                yield from _values_at(item, rest, path + [key])
    elif isinstance(data, dict) and head in data:
        yield from _values_at(data[head], rest, path + [head])


def check_duplicate_ids(library: Library) -> Iterator[Problem]:
    first: dict[tuple, Document] = {}
    for document in library.documents:
        if not (document.kind and document.id and document.game):
            continue
        key = (document.game, document.kind, document.id)
        if key in first and first[key] is not document:
            other = first[key]
            line, _ = other.locate(["id"])
            yield document.problem(
                "duplicate-id",
                f"another {document.kind.replace('_', ' ')} of {document.game} already has the id '{document.id}'"
                f" ({other.file}:{line})", ["id"], hint="give each document its own id")
        else:
            first.setdefault(key, document)


def check_games(library: Library) -> Iterator[Problem]:
    games = library.games()
    for document in library.documents:
        if document.game and document.game not in games and document.kind != "game":
            suggestion = did_you_mean(document.game, games)
            yield document.problem(
                "unknown-game", f"no game '{document.game}' is known", ["game"],
                hint=f"did you mean '{suggestion}'?" if suggestion else
                f"use one of {', '.join(sorted(games))}, or add a `game` document declaring it")


def check_references(library: Library) -> Iterator[Problem]:
    for document in library.documents:
        if not document.kind or not document.game:
            continue
        try:
            fields = reference_fields(document.kind)
        except KeyError:
            continue
        for pattern, kinds in fields:
            for path, value in _values_at(document.data, pattern, []):
                if not isinstance(value, str):
                    continue
                if document.kind == "deck" and path[:1] in (["cards"], ["swaps"]):
                    continue    # the deck check's `unknown-card` tells it (one mistake, one problem)
                if any(library.get(document.game, kind, value) for kind in kinds):
                    continue
                known = [i for kind in kinds for i in library.ids(document.game, kind)]
                suggestion = did_you_mean(value, known)
                what = " or ".join(k.replace("_", " ") for k in kinds)
                yield document.problem(
                    "unknown-ref", f"no {what} '{value}' exists in {document.game}", path,
                    hint=f"did you mean '{suggestion}'?" if suggestion else f"add a document of kind {' or '.join(kinds)} with id '{value}'")


def check_replacement_conflicts(library: Library) -> Iterator[Problem]:
    """Two action spaces used together in one scenario may not replace the same space."""
    for scenario in library.of_kind("scenario"):
        by_target: dict[str, list[tuple[int, str]]] = defaultdict(list)
        spaces = scenario.data.get("action_spaces")
        if not isinstance(spaces, list):  # `action_spaces: 3` (or on, .inf): a schema problem already
            continue
        for i, space_id in enumerate(spaces):
            space = library.data(scenario.game, "action_space", space_id) if isinstance(space_id, str) else None
            # only text can be replaced; `replaces: [politics]` is a schema problem of the space
            if space and isinstance(space.get("replaces"), str):
                by_target[space["replaces"]].append((i, space_id))
        for target, users in by_target.items():
            if len(users) < 2:
                continue
            (_, first), rest = users[0], users[1:]
            for i, other in rest:
                yield scenario.problem(
                    "replacement-conflict",
                    f"'{first}' and '{other}' both replace the action space '{target}'; one scenario can use only one of them",
                    ["action_spaces", i], hint=f"remove '{first}' or '{other}' from the scenario's action spaces",
                    spaces=[first, other], replaces=target)


#: The content's own cross-file checks, in report order; the validate application
#: (:mod:`workbench.app.checks`) runs them with the model checks of the layers above.
CONTENT_CHECKS: list[Callable[[Library], Iterator[Problem]]] = [
    check_duplicate_ids, check_games, check_references, check_replacement_conflicts, check_badges_in_names,
]
