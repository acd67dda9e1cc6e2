"""The checks that need a board or an engine, their answers kept on disk between runs.

Checking the maps and searching the Dark Horse setups build boards (networkx, ~0.15 s to import)
and engines: what any library with a map pays once per run, whatever its size. Their answers
depend on nothing but the content they read and the workbench's own code, so ``workbench
validate`` keeps them in the cache folder (:func:`workbench.core.paths.cache_dir`) keyed by

* the check, the workbench's code (every module's path, size and modification time), the
  schemas, the effects plugins installed, the Python and PyYAML versions;
* every document the check reads (:class:`Inputs`: the map check's maps, hex types and the
  documents deciding the rules in force; each engine check its game's documents), and the
  check is run on those documents alone, so its answer depends on nothing else: each with its
  file's path and text, its place in the file and among them, whether it is reported. A check
  that asks for a kind or game outside its inputs is keyed on the whole library instead.

A run on the same content gets the same problems, located the same, without importing networkx or
building an engine; content changed anywhere the check may look is checked again (editing a card
keeps the map check's answer; editing a map, a hex type or a rule checks it again). A damaged or
unreadable entry is checked again and written anew (atomically: a reader never sees half a file);
an unwritable cache folder (or ``WORKBENCH_CACHE_DIR=off``) means no cache, never a wrong answer.
An entry decides what ``validate`` says, so it is read only when it is this user's own file that
nobody else may write (:func:`workbench.core.paths.read_own_entry`, written 0600), and only for the
key it names: one planted in a shared cache folder (a map with errors said to have none), or one of
this user's moved under another key's name, is checked again and written anew.

Only the command line asks for it (:func:`using`); the library API (notebooks, tests that replace
a check) always checks.
"""
from __future__ import annotations

import contextlib
import contextvars
import hashlib
import os
import json
import sys
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Iterator

from ..content.library import Library

#: Bump when what an entry holds changes shape (2: the entry names its key).
_FORMAT = 2
#: Entries kept per check (several libraries or checkouts may share the cache folder).
_KEEP = 16

_ENABLED: contextvars.ContextVar[bool] = contextvars.ContextVar("workbench_results_cache", default=False)
#: Within :func:`using`: each library's content digest, worked out once for all the cached checks
#: (``id(library) -> (library, digest)``; the library is held, so its id is not reused meanwhile).
_DIGESTS: contextvars.ContextVar[dict | None] = contextvars.ContextVar("workbench_results_digests", default=None)


@contextlib.contextmanager
def using(enabled: bool = True):
    """Within the block, :func:`cached` checks keep their answers on disk."""
    token, digests = _ENABLED.set(enabled), _DIGESTS.set({})
    try:
        yield
    finally:
        _ENABLED.reset(token)
        _DIGESTS.reset(digests)


def stamped_files() -> list[Path]:
    """The files whose names, sizes and times the code stamp reads: every module of the
    workbench's package and every schema."""
    from ..core.paths import SCHEMAS

    package = Path(__file__).resolve().parent.parent
    files = []
    for root, dirs, names in os.walk(package):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__" and not d.startswith("."))
        files += [Path(root, name) for name in sorted(names) if name.endswith(".py")]
    return files + sorted(Path(SCHEMAS).glob("*.json"))


@lru_cache(maxsize=1)
def code_stamp() -> str:
    """A digest of the workbench's own code and schemas (:func:`stamped_files`: a stat, not a
    read), the effects plugins installed, and the Python and PyYAML versions."""
    import yaml

    from ..rules.effects import _installed, plugin_digest

    digest = hashlib.sha256(f"{_FORMAT} {sys.version} {yaml.__version__}".encode())
    for path in stamped_files():
        info = os.stat(path)
        digest.update(f"{path} {info.st_size} {info.st_mtime_ns}\0".encode())
    # a plugin's own code: its module's file, when it is loaded (the schemas load the plugins)
    for _, value, dist in _installed():
        module = sys.modules.get(value.partition(":")[0].strip())
        where = getattr(module, "__file__", None)
        stamp = os.stat(where).st_mtime_ns if where and os.path.exists(where) else None
        digest.update(f"{value} {dist} {where} {stamp}\0".encode())
    digest.update(plugin_digest().encode())
    return digest.hexdigest()


def content_key(name: str, library) -> str:
    """The key of check ``name`` on ``library``: the code stamp and every document with its
    file's path and text, in the library's order."""
    digests = _DIGESTS.get()
    known = digests.get(id(library)) if digests is not None else None
    if known is None or known[0] is not library:
        texts = digests.setdefault("texts", {}) if digests is not None else None
        known = (library, _library_digest(library, texts))
        if digests is not None:
            digests[id(library)] = known
    return hashlib.sha256(f"{name}\0{code_stamp()}\0{known[1]}".encode()).hexdigest()[:32]


def _library_digest(library, texts: dict | None = None) -> str:
    """The digest of every document's place, file and text; ``texts`` keeps each file's text
    digest (``id(source) -> (source, digest)``) for the other libraries of the run."""
    digest = hashlib.sha256()
    texts = {} if texts is None else texts
    for place, document in enumerate(library.documents):
        source = document.source
        known = texts.get(id(source))
        if known is not None and known[0] is source:
            text_digest = known[1]
        else:
            text_digest = hashlib.blake2b(source.text.encode("utf-8", "surrogatepass"), digest_size=16).hexdigest()
            texts[id(source)] = (source, text_digest)
        digest.update(f"{place} {document.index} {library.reported(document)} {len(source.path)}:{source.path}"
                      f" {text_digest}\0".encode("utf-8", "surrogatepass"))
    return digest.hexdigest()


@dataclass(frozen=True)
class Inputs:
    """The documents a check reads, so that its kept answer is keyed on them alone (editing a
    card does not make the map check's answer cold).

    The check is then run on a library of these documents only (:class:`InputLibrary`): what it
    answers depends on nothing else, so the key covers it by construction. Asked for a kind or
    game outside them, that library says so, and the check is run (and keyed) on the whole
    library instead, as before; the tests show, with every document's data watched, that the
    checks read nothing else of the shipped content, and that the answers are the same.

    kinds : the kinds whose documents the check looks up (``None``: every kind); every document
        of these kinds is an input.
    game : the one game whose documents the check reads (``None``: every game).
    declaring : also every document with ``parameters:`` or ``assumptions:`` (what a ruleset is
        resolved from, whatever its kind), and the first document of a game without a `game`
        document (a ruleset's missing parameters are located there then).
    """

    kinds: frozenset | None = None
    game: str | None = None
    declaring: bool = False

    def describe(self) -> str:
        """What the inputs are, in words that are the same in every run (part of the key)."""
        kinds = None if self.kinds is None else sorted(self.kinds)
        return f"inputs kinds={kinds} game={self.game} declaring={self.declaring}"

    def allows(self, kind, game) -> bool:
        return (self.kinds is None or kind in self.kinds) and (self.game is None or game == self.game)

    def documents(self, library) -> list:
        firsts: set = set()
        if self.declaring:      # the first document of each game that has no `game` document
            seen: set = set()
            for document in library.documents:
                if document.game not in seen:
                    seen.add(document.game)
                    if not isinstance(document.game, str) or library.get(document.game, "game", document.game) is None:
                        firsts.add(id(document))
        return [d for d in library.documents
                if (self.game is None or d.game == self.game)
                and ((self.kinds is None or d.kind in self.kinds) or id(d) in firsts
                     or (self.declaring and ("parameters" in d.data or "assumptions" in d.data)))]


class InputLibrary(Library):
    """The documents of a library a check reads (:class:`Inputs`), in the library's order, with
    the library's reported documents. ``strayed`` becomes true when the check looks up a kind or
    game outside them (then its answer here may differ from the whole library's)."""

    def __init__(self, library, inputs: Inputs):
        Library.__init__(self)
        built = Library.from_documents(inputs.documents(library))
        self.documents, self.index, self.quiet = built.documents, built.index, library.quiet
        self.replaced = library.replaced
        self.inputs, self.strayed = inputs, False

    def get(self, game, kind, id):
        if not self.inputs.allows(kind, game):
            self.strayed = True
        return Library.get(self, game, kind, id)

    def of_kind(self, kind, game=None):
        if not self.inputs.allows(kind, game):
            self.strayed = True
        return Library.of_kind(self, kind, game)


def cached(name: str, library, check, inputs: Inputs | None = None) -> Iterator:
    """``check(library)``'s problems, from the cache when :func:`using` is on and an entry for
    this content and code exists; else checked, yielded as found (a check that fails half-way
    has said what it found, as without the cache) and, once complete, kept.

    With ``inputs`` the entry is keyed on those documents only and the check run on them
    (:class:`Inputs`); a check that strays outside them is keyed on the whole library, and its
    entry for those inputs says so."""
    from ..core.paths import cache_dir, read_own_entry

    folder = cache_dir() if _ENABLED.get() else None
    if folder is None:
        yield from check(library)
        return
    part = InputLibrary(library, inputs) if inputs is not None else library
    key = content_key(name if inputs is None else f"{name} {inputs.describe()}", part)
    path = folder / "results" / f"{name}-{key}.json"
    try:
        # JSON, not pickle: reading the cache folder never runs code, whoever wrote into it; and
        # only this user's own entry, of this very key, is an answer (see read_own_entry)
        found = json.loads(read_own_entry(path).decode("ascii"))
        ours = isinstance(found, dict) and found.get("format") == _FORMAT and found.get("key") == key
        if ours and found.get("whole") is True:
            yield from cached(name, library, check)
            return
        if ours and isinstance(found.get("problems"), list):
            from ..content.problems import Problem

            kept = [Problem(**fields) for fields in found["problems"]]
            yield from kept
            return
    except Exception:  # noqa: BLE001 - missing, damaged or from elsewhere: checked again, never trusted
        pass
    problems = []
    if part is library:
        for problem in check(library):
            problems.append(problem)
            yield problem
    else:
        try:
            for problem in check(part):
                problems.append(problem)
        except Exception:
            yield from problems     # what it found before failing, as without the cache
            raise
        if part.strayed:            # its answer is the whole library's: keyed on it, as without inputs
            _store(path, name, key, None)
            yield from cached(name, library, check)
            return
        yield from problems
    _store(path, name, key, problems)


def _store(path: Path, name: str, key: str, problems: list | None) -> None:
    """Keep ``problems`` at ``path`` (``None``: the check strays outside its inputs)."""
    from dataclasses import asdict

    from ..content.problems import Problem
    from ..core.storage import keep_own_entry

    try:
        if problems is None:
            text = json.dumps({"format": _FORMAT, "key": key, "whole": True})
        else:
            fields = [asdict(problem) for problem in problems]
            text = json.dumps({"format": _FORMAT, "key": key, "problems": fields})  # ASCII: a lone surrogate survives
            # Kept only if it reads back as the very problems found (a tuple in `extra` would come
            # back a list): an entry is exact or not written.
            back = [Problem(**kept) for kept in json.loads(text)["problems"]]
            if [asdict(problem) for problem in back] != fields or back != problems:
                return
        # 0600, read back only as this user's own; no flush to disk: an entry a crash cut short is
        # no JSON, or not the shape read back
        keep_own_entry(path, text.encode("ascii"), durable=False)
        entries = sorted(path.parent.glob(f"{name}-*.json"), key=lambda p: p.stat().st_mtime, reverse=True)
        for stale in entries[_KEEP:]:
            stale.unlink(missing_ok=True)
    except (OSError, TypeError, ValueError, AttributeError):
        pass  # no cache: slower next time, never wrong
