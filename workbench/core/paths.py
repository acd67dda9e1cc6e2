"""Where the schemas, the published library and the cache are.

The schemas and the library live beside the package in a checkout (or an editable install) and
inside it (``workbench/_data``) when installed from a wheel. ``variants/`` holds the three
published games and, in ``variants/house-rules/``, *examples* of house rules: the examples are not
part of the published library (a designer who copies one into their own folder must not get a
``duplicate-id`` against the original).
"""
from __future__ import annotations

import os
import stat
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent.parent   # workbench/, this file is in workbench/core/


def _find(name: str) -> Path:
    checkout = _PACKAGE.parent / name
    return checkout if checkout.is_dir() else _PACKAGE / "_data" / name


SCHEMAS = _find("schemas")
VARIANTS = _find("variants")
#: The example house rules shipped beside the published games (not part of ``published``).
EXAMPLES = VARIANTS / "house-rules"
#: The folder a designer's working library is in, relative to the current folder.
WORKING_LIBRARY = "variants"


def published_folders() -> list[Path]:
    """The folders of the published games: every folder of ``VARIANTS`` but the examples.

    >>> [p.name for p in published_folders()]
    ['dark-horse', 'revolver', 'western-legends']
    """
    if not VARIANTS.is_dir():
        return []
    return sorted(p for p in VARIANTS.iterdir()
                  if p.is_dir() and not p.name.startswith(".") and p.resolve() != EXAMPLES.resolve())


def cache_dir() -> Path | None:
    """Where the workbench keeps what it can rebuild (compiled validators, the loaded published
    library): ``$WORKBENCH_CACHE_DIR``, else ``$XDG_CACHE_HOME/frontier-workbench``, else
    ``~/.cache/frontier-workbench``. ``WORKBENCH_CACHE_DIR=off`` (or an empty value) turns the cache
    off; ``None`` then.
    """
    configured = os.environ.get("WORKBENCH_CACHE_DIR")
    if configured is not None:
        return None if configured.strip() in ("", "off", "0", "no") else Path(configured)
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "frontier-workbench"


def read_own_entry(path) -> bytes:
    """The bytes of a cache entry, only if the user running the workbench wrote it: a regular
    file, not a symbolic link, owned by this user and writable by nobody else, in a folder of this
    user's (or root's) that others may not write into (unless it is sticky, as ``/tmp`` is).
    Anything else raises :class:`OSError`, as a missing entry does (the caller builds the entry
    again and writes it anew), so whoever else can write into the cache folder (a shared or
    world-writable ``WORKBENCH_CACHE_DIR``) can make a run neither execute code of theirs (the
    compiled schema checks, the effects plugins to import) nor give another answer (the published
    games, the kept answers of the map and engine checks): every entry that changes what a run
    says is read here. It is the trust Python gives ``__pycache__``: the user's own files. (No
    owner on this platform: only the link check.)
    """
    import stat

    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise OSError(f"{path} is not a regular file")
        if hasattr(os, "getuid"):
            if info.st_uid != os.getuid() or info.st_mode & 0o022:
                raise OSError(f"{path} is not this user's own file, or others may write it")
            # anyone who may write into the folder could rename this user's entry of other content
            # (another key) to this name: it must be this user's (or root's) and closed to others
            # unless sticky (its group may write: a user's private group, as a umask of 002 makes)
            folder = os.stat(os.path.dirname(os.path.abspath(path)))
            if folder.st_uid not in (os.getuid(), 0) or (folder.st_mode & 0o002 and not folder.st_mode & stat.S_ISVTX):
                raise OSError(f"{path} is in a folder others may write into")
        chunks = []
        while True:
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                return b"".join(chunks)
            chunks.append(chunk)
    finally:
        os.close(fd)


def modeline(kind: str, folder) -> str:
    """The editor modeline for a new file of ``kind`` saved in ``folder`` (a relative path to the
    schema when one exists, so the file keeps working when the repository moves).

    >>> modeline("map", VARIANTS / "house-rules")
    '# yaml-language-server: $schema=../../schemas/map.schema.json'
    """
    schema = SCHEMAS / f"{kind}.schema.json"
    try:
        target = os.path.relpath(schema, Path(folder).resolve())
    except ValueError:  # another drive (Windows)
        target = str(schema)
    return f"# yaml-language-server: $schema={Path(target).as_posix()}"


def no_such(path, what: str = "file or folder"):
    """The error for a named ``path`` that cannot be opened, in words: a symbolic link that loops
    or leads nowhere is said so (``os.stat`` calls both "no such file").

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> (folder / "a.yaml").symlink_to("b.yaml"); (folder / "b.yaml").symlink_to("a.yaml")
    >>> str(no_such(folder / "a.yaml", "file")).endswith("b.yaml back to itself), so there is no file to read")
    True
    """
    from .errors import UsageError

    path = Path(path)
    if path.is_symlink():
        seen, step = [], path
        while step.is_symlink() and step not in seen and len(seen) < 40:
            seen.append(step)
            target = Path(os.readlink(step))
            step = target if target.is_absolute() else step.parent / target
        if step in seen or len(seen) >= 40:
            return UsageError(f"{path} is a symbolic link that loops (through {' -> '.join(map(str, seen[1:])) or path}"
                              f" back to itself), so there is no {what} to read")
        return UsageError(f"{path} is a symbolic link to {step}, which does not exist")
    try:
        mode = os.stat(path).st_mode
    except OSError:
        mode = None
    if mode is not None and not stat.S_ISREG(mode) and what == "file":
        # a named pipe or a device is there, but is no file to read (and a pipe would block)
        from .storage import _not_a_file
        return UsageError(f"{path} is {_not_a_file(mode)}, not a regular file; it was not read")
    return UsageError(f"no such {what}: {path}")
