"""From paths to checked documents, one file at a time: discover, load, check each document's
kind and schema (the library-wide checks are the validate application's, :mod:`workbench.app.validate`).

Large inputs are loaded and schema-checked on all cores (one worker per core, files in chunks);
small ones in-process, where starting workers would cost more than it saves.
"""
from __future__ import annotations

import gc
import os
from contextlib import contextmanager
from pathlib import Path
from typing import Iterable, Iterator

from .loader import Document, load_file
from .problems import WARNING, Problem
from ..core.errors import UsageError, did_you_mean
from ..core.paths import no_such
from .schemas import _describe, kinds, load_schemas, schema_problems

#: Files with these endings (in any case: ``.YAML`` too) are content files.
YAML_SUFFIXES = (".yaml", ".yml")
PARALLEL_THRESHOLD = 400  # files; below this one process is faster than starting workers


def is_yaml_name(name: str) -> bool:
    """Whether a file name ends in ``.yaml`` or ``.yml``, in any case.

    >>> [is_yaml_name(n) for n in ("a.yaml", "B.YML", "c.Yaml", "d.yaml~", "e.json")]
    [True, True, True, False, False]
    """
    return name.lower().endswith(YAML_SUFFIXES)


def discover(paths: Iterable[str | Path], problems: list[Problem] | None = None) -> list[str]:
    """YAML files under ``paths`` (files are taken as given), sorted, without hidden files and
    folders (``.pre-commit-config.yaml``, ``.github/``: not content).

    A file reached twice (a folder and a file inside it) is loaded once. Whatever is left out is
    said in ``problems`` when a list is given: a folder that cannot be read (``io``) and a linked
    folder, which is not followed (``skipped``, a warning). Paths named like YAML files that are
    not regular files (pipes, devices) are returned too: loading reports them (``not-a-file``)
    without reading them.
    """
    problems = problems if problems is not None else []
    paths = list(paths)
    found: list[str] = []

    def unreadable(exc: OSError):
        problems.append(Problem("io", f"cannot read the folder: {exc.strerror or exc}; its files were not checked",
                                exc.filename, None, None, "$",
                                "give yourself read permission (chmod u+rx), or leave the folder out"))

    for path in map(Path, paths):
        if path.is_dir():
            for root, dirs, files in os.walk(path, onerror=unreadable):
                for name in sorted(dirs):
                    if not name.startswith(".") and os.path.islink(os.path.join(root, name)):
                        problems.append(Problem(
                            "skipped", "a linked folder is not followed; its files were not checked",
                            os.path.join(root, name), None, None, "$",
                            "name the folder itself on the command line to check it", WARNING))
                dirs[:] = sorted(d for d in dirs if not d.startswith("."))
                base = str(Path(root))  # normalised once per folder, not once per file
                found.extend(os.path.join(base, f) for f in sorted(files) if is_yaml_name(f) and not f.startswith("."))
        elif os.path.lexists(path):
            found.append(str(path))  # a file, or something loading will report (a pipe, a dangling link)
        else:
            raise no_such(path)
    if len(paths) < 2:
        return found  # one file or one folder walk cannot name a file twice
    identity = _identities()
    unique: dict[object, str] = {}
    for name in found:
        unique.setdefault(identity(name), name)
    return list(unique.values())


def document_problems(document: Document) -> Iterator[Problem]:
    """Kind and schema checks of one document.

    A ``kind`` that is not text (``kind: [character]``) is a schema problem and ends the checks
    of that document; ``game`` and ``id`` of the wrong type are reported by its kind's schema.
    Nothing here hashes or sorts an identity field before its type is known.
    """
    kind = document.data.get("kind")
    if kind is None:
        yield document.problem("missing-kind", "the document has no 'kind'", [],
                               hint="add a first line like 'kind: card'; kinds: " + ", ".join(kinds()))
        return
    if not isinstance(kind, str):
        meant = kind[0] if isinstance(kind, list) and len(kind) == 1 and isinstance(kind[0], str) else None
        yield document.problem("schema", f"'kind' should be text naming one kind, not {_describe(kind)}", ["kind"],
                               hint=f"write 'kind: {meant}'" if meant in load_schemas() else "kinds: " + ", ".join(kinds()))
        return
    if kind not in load_schemas():
        suggestion = did_you_mean(kind, kinds())
        yield document.problem("unknown-kind", f"'{kind}' is not a kind the workbench knows", ["kind"],
                               hint=f"did you mean '{suggestion}'?" if suggestion else "kinds: " + ", ".join(kinds()))
        return
    yield from schema_problems(document, kind)


def _merge_implicit(problems: list[Problem]) -> list[Problem]:
    # A YAML-1.1 boolean where text is wanted is reported once, as the schema-aware error.
    errors_at = {(p.file, p.line, p.column) for p in problems if p.code == "implicit-type" and p.is_error}
    return [p for p in problems
            if not (p.code == "implicit-type" and not p.is_error and (p.file, p.line, p.column) in errors_at)]


def check_file(path: str) -> tuple[list[Document], list[Problem]]:
    """Load one file and check each of its documents on its own (no cross-file checks)."""
    documents, problems = load_file(path)
    for document in documents:
        problems.extend(document_problems(document))
    return documents, _merge_implicit(problems)


class WorkersLost(UsageError):
    """A worker process of a parallel validation ended before sending its files back (the
    machine's fault, not the content's): exit 2, in words, never a hang."""


def _check_one(path: str) -> tuple[list[Document], list[Problem]]:
    # A content mistake is a problem, never an exception. Anything that escapes anyway is a bug
    # in the workbench: it is reported against its file (so every other file's problems are
    # still reported, in workers too) unless WORKBENCH_DEBUG asks for the traceback.
    try:
        return check_file(path)
    except Exception as exc:  # noqa: BLE001
        if os.environ.get("WORKBENCH_DEBUG"):
            raise
        return [], [Problem("internal-error", f"the workbench failed on this file ({type(exc).__name__}: {exc});"
                            " this is a bug in the workbench, not in the file", path, 1, 1, "$",
                            "please report it with the file; WORKBENCH_DEBUG=1 shows the traceback")]


@contextmanager
def gc_paused():
    """Pause the cyclic garbage collector (restored after, as it was).

    Loading and checking a library create many small objects and hardly any reference cycles,
    so the collector would only re-scan the growing library again and again: ~20 % of a bulk
    load, and ~35 ms of the library checks after loading 5,000 files. Memory is still freed by
    reference counting; the few cycles wait for the next collection.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def _check_chunk(paths: list[str]):
    with gc_paused():  # in worker processes too
        return [_check_one(p) for p in paths]


def _check_files(paths: list[str], workers: int | None) -> list[tuple[list[Document], list[Problem]]]:
    workers = workers if workers is not None else (os.cpu_count() or 1)
    if workers <= 1 or len(paths) < PARALLEL_THRESHOLD:
        return _check_chunk(paths)
    import multiprocessing

    from .schemas import warm_validators

    warm_validators()  # the workers inherit the built checks instead of each building them again
    # The parent checks the first share itself while workers check the rest: one process fewer
    # to start, and a share fewer of results to send back (unpickling is serial work).
    share = -(-len(paths) // workers)
    shares = [paths[i:i + share] for i in range(0, len(paths), share)]
    # concurrent.futures, not multiprocessing.Pool: a Pool replaces a worker that dies (killed for
    # memory, say) and waits forever for the lost share; the executor reports it (BrokenProcessPool).
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    pool = ProcessPoolExecutor(len(shares) - 1, mp_context=multiprocessing.get_context("fork"))
    try:
        pending = [pool.submit(_check_chunk, chunk) for chunk in shares[1:]]
        results = _check_chunk(shares[0])
        for job in pending:
            results.extend(job.result())
    except BrokenProcessPool:
        pool.shutdown(wait=False, cancel_futures=True)
        raise WorkersLost(f"a worker process checking these {len(paths):,} files ended before it was done"
                          " (killed: often the machine ran out of memory), so the files it held were not"
                          " checked; run again, or with --jobs 1 to check them in one process") from None
    except BaseException:
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown(wait=True)
    return results


def _identities():
    """A function naming a file's identity (device and inode, so links and other spellings of one
    file agree), remembered per path. A stat is ~5x cheaper than ``os.path.realpath``."""
    known: dict[str, object] = {}

    def identity(path: str):
        if path not in known:
            try:
                info = os.stat(path)
                known[path] = (info.st_dev, info.st_ino)
            except OSError:
                known[path] = os.path.realpath(path)
        return known[path]

    return identity
