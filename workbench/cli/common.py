"""Shared pieces of the command line: options every command has, argument types, the library
every command loads, and output files."""
from __future__ import annotations

import argparse
import os
import stat
from pathlib import Path

from ..core.errors import ContentError, NotFound, UsageError
from ..core.paths import no_such
from .report import EXIT_INTERNAL, EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE  # noqa: F401  (the codes, in one place)


def add_options(parser: argparse.ArgumentParser, *, library: bool = True) -> None:
    """The options of every command: ``--format``, ``--debug``, and (for commands that read
    content) ``--library``."""
    if library:
        parser.add_argument("--library", action="append", default=[], metavar="DIR",
                            help="add the content of DIR to the library (repeatable); the published games and"
                                 " ./variants/ are always there")
        parser.add_argument("--no-published", action="store_true",
                            help="leave out the published games (for a library that is a whole game of its own)")
    parser.add_argument("--format", choices=("text", "json"), default="text",
                        help="text for people (default) or json: exactly one JSON object on standard output")
    parser.add_argument("--debug", action="store_true", help="on an internal error, show the traceback")


#: Bounds every command shares: a seed fits the 64-bit columns of stored results with room for
#: the games counted from it; rounds are those `play --rounds` accepts.
MAX_SEED = 2 ** 62
#: ``True`` in the `workbench` process (:func:`workbench.__main__.run`), which ends after its one
#: command: what a command leaves need not be freed (``False`` when :func:`main` is called in a
#: longer-lived process, a test or a notebook).
ONE_SHOT = False
ROUNDS = (1, 500)


def int_range(low: int | None = None, high: int | None = None):
    """An argparse type: a whole number within ``[low, high]``, with a message saying the range."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if (low is not None and value < low) or (high is not None and value > high):
            if high is None:
                bound = f"at least {low}"
            elif low is None:
                bound = f"at most {high}"
            else:
                bound = f"from {low} to {high}"
            raise argparse.ArgumentTypeError(f"must be {bound}, not {value}")
        return value
    parse.__name__ = "number"  # argparse names the type in its messages
    return parse


def output_file(text: str, suffixes: tuple[str, ...] = (), *, overwrite: bool = False,
                what: str = "the output file", makes_folder: bool = False) -> Path:
    """Check an output path before any work is done: the one rule of every file a command writes.

    Its name ends in one of ``suffixes`` (``--csv R.parquet`` is no CSV), its folder exists (a
    missing one is a usage error naming the folder, not a hidden temporary file), it is no folder,
    and it replaces no existing file unless ``overwrite`` (the command's ``--overwrite``): a
    house rule's YAML given as ``--log`` stays the house rule. A device or a named pipe a program
    reads (``--log /dev/null``) is written into, never replaced, whatever its name. With
    ``makes_folder`` a missing folder is no error: the command makes it (the balance lab's store)."""
    path = Path(text)
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        mode = None
    except OSError as exc:  # a looping link, a part of the path that is no folder: said in words
        from ..core.storage import environment_fault
        raise environment_fault(exc, path) from None
    if mode is not None and (stat.S_ISCHR(mode) or stat.S_ISFIFO(mode)):
        return path
    if suffixes and path.suffix.lower() not in suffixes:
        raise UsageError(f"{what} must end in {' or '.join(suffixes)}: {text}")
    if path.is_dir():
        raise UsageError(f"{text} is a folder; give a file name")
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        if makes_folder:
            return path
        raise UsageError(f"no such folder: {folder} (for the output file {text}); create it first")
    if not os.access(folder, os.W_OK):
        raise UsageError(f"cannot write into the folder {folder}")
    if mode is not None and not overwrite:
        raise UsageError(f"{text} already exists: give --overwrite to replace it,"
                         " or another file name")
    return path


def output_folder(text: str, names, *, overwrite: bool = False, what: str = "--plots") -> Path:
    """A folder a command writes ``names`` into (made when missing): no file of that name (then
    nothing would be written after all the work), and none of ``names`` replaced unless
    ``overwrite``, each under :func:`output_file`'s rule."""
    folder = Path(text)
    if folder.exists() and not folder.is_dir():
        raise UsageError(f"{what} {text}: a file of that name exists; give a folder (it is made when missing)")
    if folder.is_dir():
        for name in names:
            output_file(str(folder / name), overwrite=overwrite, what=what)
    return folder


def write_output(path, data: bytes | str, *, overwrite: bool = False) -> None:
    """Write a checked output file (:func:`output_file`) all at once: into a device or a named
    pipe, else as a new file, replacing one that appeared meanwhile only with ``overwrite``."""
    from ..core import storage

    data = data.encode("utf-8") if isinstance(data, str) else data
    try:
        mode = os.stat(path).st_mode
    except OSError:
        mode = None
    if mode is not None and (stat.S_ISCHR(mode) or stat.S_ISFIFO(mode)):
        storage.atomic_write_bytes(path, data)
    else:
        storage.create(path, data, overwrite=overwrite)


def content_file(text: str) -> bool:
    """Is this argument a YAML file (rather than an id)?"""
    return text.lower().endswith((".yaml", ".yml"))


def load_library(args, named: list[str] = (), *, what: str = "the content", games=None, rep=None):
    """The library a command runs on (published games, ./variants/, --library, named files).

    Errors anywhere but in the published games stop the command with exit 1 and every problem
    located: an engine must not run on broken content. With ``games`` (the games whose documents
    the command reads), only errors in those games' documents (or in none known) stop it; the
    others are counted in a note on ``rep`` pointing at ``workbench validate``, which lists them.
    Returns the validation result.
    """
    result = load_result(args, named)
    refuse_errors(result, games, rep, what)
    return result


def refuse_errors(result, games=None, rep=None, what: str = "the content") -> None:
    """Stop (exit 1, every problem located) on the errors of ``result`` in the documents of
    ``games`` (all games: ``None``); the others are counted in a note on ``rep``."""
    errors = result.errors
    if games is not None:
        errors, elsewhere = used_problems(result, errors, games)
        if elsewhere and rep is not None:
            rep.note(f"{len(elsewhere)} error(s) in documents of other games, which this command does not read"
                     " (`workbench validate` lists them)")
    if errors:
        raise ContentError(f"{what} has {len(errors)} error(s); fix them first"
                           " (workbench validate shows them too)", errors)


def used_problems(result, problems, games) -> tuple[list, list]:
    """``problems`` split into those a command reading the documents of ``games`` meets, and those
    located only in documents of other games (a problem with no document, or in a document whose
    game is not known, is met: the command cannot tell it will not read it)."""
    starts: dict = {}
    for document in result.documents + list(result.library.documents):
        starts.setdefault(document.file, set()).add((document.line, document.game))
    ordered = {file: sorted(found, key=lambda item: item[0]) for file, found in starts.items()}
    used, elsewhere = [], []
    for problem in problems:
        game = None
        for line, document_game in ordered.get(problem.file, []):
            if problem.line is not None and line <= problem.line:
                game = document_game
        (elsewhere if game is not None and game not in games else used).append(problem)
    return used, elsewhere


def load_result(args, named: list[str] = (), *, own_folders: bool = False):
    """:func:`load_library` without the stop on errors.

    ``own_folders``: each named file is read with its own folder as its library (as ``validate
    FOLDER`` reads it): a deck file sees the base deck in the file beside it. Those folders' other
    problems are not the command's (:func:`workbench.cli.decks._deck_in` keeps the deck's own)."""
    from ..app import resolve

    libraries = list(args.library)
    if own_folders:
        seen = {Path(p).resolve() for p in libraries} | {Path(resolve.WORKING_LIBRARY).resolve()}
        for name in named:
            folder = Path(name).parent
            if folder.resolve() not in seen and not _inside_any(folder.resolve(), seen):
                seen.add(folder.resolve())
                libraries.append(str(folder))
    src = resolve.sources(list(named), libraries, published=not args.no_published)
    result = resolve.load(src, report_added=True)
    extra = [Path(f).resolve() for f in libraries[len(args.library):]]
    if extra:       # the other files of a named file's folder are read, not checked
        mine = {Path(n).resolve() for n in named}
        # ... unless they are also in a library the command reports (./variants/, --library)
        reported = [Path(f).resolve() for f in list(args.library) + [resolve.WORKING_LIBRARY]]

        def elsewhere(problem) -> bool:
            where = Path(problem.file).resolve() if problem.file else None
            return where is not None and where not in mine and _inside_any(where, extra) \
                and not _inside_any(where, reported)

        result.problems = [p for p in result.problems if not elsewhere(p)]
    return result


def _inside_any(folder: Path, folders) -> bool:
    return any(folder == f or f in folder.parents for f in folders)


def find_document(library, kind: str, name: str, *, what: str | None = None, game: str | None = None,
                  problems=()):
    """The document of ``kind`` named by ``name``: an id from the library, or a YAML file (its
    first document of that kind). Unknown ids get a did-you-mean. A named file that holds none
    because of its own errors (among ``problems``: too large, not YAML) is refused with them."""
    what = what or kind.replace("_", " ")
    if content_file(name):
        target = Path(name)
        if not target.is_file():
            raise no_such(name, "file")
        same = _same_file(target)
        found = [d for d in library.of_kind(kind, game) if same(d.file)]
        if not found:
            own = [p for p in problems if p.is_error and p.file and same(p.file)]
            if own:
                raise ContentError(f"{name} could not be read as content ({len(own)} error(s)); fix them first", own)
            raise UsageError(f"{name} holds no {what} document")
        return found[0]
    found = [d for d in library.of_kind(kind, game) if d.id == name]
    if not found:
        raise NotFound(what, name, [d.id for d in library.of_kind(kind, game)])
    return found[0]


def _same_file(target: Path):
    try:
        info = target.stat()
    except OSError:
        return lambda other: False

    def same(other: str) -> bool:
        try:
            other_info = os.stat(other)
        except OSError:
            return False
        return (other_info.st_dev, other_info.st_ino) == (info.st_dev, info.st_ino)

    return same


def words(identifier) -> str:
    """An id in words: ``'improved-town'`` -> ``'improved town'``."""
    return str(identifier).replace("-", " ").replace("_", " ")


def article(noun: str) -> str:
    """``'a town'``, ``'an improved town'``."""
    return ("an " if noun[:1].lower() in "aeiou" else "a ") + noun
