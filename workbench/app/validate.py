"""From paths to a validated :class:`Library`: discover, load, check schemas (per file, on all
cores for large inputs: :mod:`workbench.content.validate`), then every layer's library checks
(:mod:`workbench.app.checks`).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

from ..content.library import Library
from ..content.loader import Document
from ..content.problems import Problem
from ..content.schemas import load_schemas
from ..content.validate import _check_files, _identities, discover, gc_paused
from ..core import errors
from ..rules import effects as _effects  # noqa: F401  (registers the plugins' effects in the schemas)
from .checks import library_problems


@dataclass
class Result:
    """What validating some paths found."""

    files: int
    documents: list[Document]
    problems: list[Problem]
    library: Library = field(default_factory=Library)

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.is_error]

    @property
    def ok(self) -> bool:
        return not self.errors


def validate_paths(paths: Iterable[str | Path], *, workers: int | None = None, context: Iterable[str | Path] = (),
                   background: Iterable[Document] = (), report_context: bool = False) -> Result:
    """Validate files and folders as one library.

    ``context`` names more content that references may point into (e.g. the published games when
    checking a designer's house rules), without reporting its own problems unless
    ``report_context``; ``background`` is such content already loaded, never reported.

    Content comes in layers, each overriding the ones behind it: ``background``, then each item of
    ``context`` in order, then ``paths``. A document is left out when a later layer has its game,
    kind and id; a background document also when a later layer declares its game (a `game`
    document: that content is then the whole game). Two documents with one id within a layer are
    a ``duplicate-id``.

    Examples
    --------
    >>> result = validate_paths(["tests/corpus/negative/duplicate-id"])
    >>> result.files, len(result.documents), [p.code for p in result.problems]
    (2, 2, ['duplicate-id'])
    """
    with gc_paused():
        return _validate_paths(paths, workers, context, background, report_context)


def _validate_paths(paths, workers, context, background, report_context) -> Result:
    problems: list[Problem] = []
    files = discover(paths, problems)
    layers = [discover([item]) for item in context]
    if any(layers):  # content given twice is loaded once, in its latest layer
        identity = _identities()
        later = {identity(f) for f in files}
        for i in range(len(layers) - 1, -1, -1):
            layers[i] = [f for f in layers[i] if identity(f) not in later]
            later |= {identity(f) for f in layers[i]}
    documents: list[Document] = []
    for docs, probs in _check_files(files, workers):
        documents.extend(docs)
        problems.extend(probs)
    own = {_key(d) for d in documents} - {None}
    loaded: list[Document] = []
    shadowed: dict = {}     # what a later layer replaces, by its key (the first seen: the latest layer's)
    for layer in reversed(layers):  # the latest layer first: it wins
        found = _check_files(layer, workers)
        layer_docs = [d for docs, _ in found for d in docs]
        if not report_context:      # a quiet layer's document replaced by a later one
            shadowed.update({_key(d): d for d in layer_docs if _key(d) in own and _key(d) not in shadowed})
        loaded = [d for d in layer_docs if _key(d) not in own] + loaded
        own |= {_key(d) for d in layer_docs} - {None}  # after the layer: duplicates within it stay
        if report_context:
            problems.extend(p for _, probs in found for p in probs)
    # content that declares a game (its `game` document) is that game, whole: a document removed
    # from a copy of the published games stays removed
    games = {d.id for d in documents + loaded if d.kind == "game" and isinstance(d.id, str)}
    behind = [d for d in background if _key(d) not in own and d.game not in games]
    library = Library.from_documents(d for d in behind + loaded + documents if d.kind in load_schemas())
    quiet = {d.file for d in behind} | (set() if report_context else {f for layer in layers for f in layer})
    # a document whose problems are dropped is quiet: a check reaching it from a reported document
    # tells the problem there (a designer's deck playing a published card)
    library.quiet = frozenset(id(d) for d in behind + ([] if report_context else loaded))
    # a reported document replacing a quiet one (a designer's override of a published document):
    # what the replacement breaks in the quiet documents is told at it (workbench.games.judge)
    shadowed.update({_key(d): d for d in background if _key(d) in own and d.game not in games
                     and _key(d) not in shadowed})
    library.replaced = {id(d): shadowed[_key(d)] for d in library.documents
                        if _key(d) in shadowed and library.reported(d)}
    problems.extend(p for p in library_problems(library) if not p.file or p.file not in quiet)
    problems.sort(key=Problem.sort_key)
    return Result(len(files), documents, problems, library)


def _key(document: Document):
    key = (document.game, document.kind, document.id)
    return key if all(isinstance(part, str) for part in key) else None


def load_library(paths: Iterable[str | Path] = ("variants",)) -> Library:
    """The library of ``paths`` for engines and notebooks; raises if the content has errors."""
    result = validate_paths(paths)
    if not result.ok:
        raise ContentError(result.errors)
    return result.library


class ContentError(errors.ContentError):
    """The content has errors; ``problems`` lists them (the one hierarchy's ContentError)."""

    def __init__(self, problems: list[Problem]):
        lines = "\n".join(p.format_text() for p in problems[:10])
        more = f"\n... and {len(problems) - 10} more" if len(problems) > 10 else ""
        super().__init__(f"{len(problems)} problem(s) in the content:\n{lines}{more}", problems)
