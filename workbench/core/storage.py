"""Saving the designer's files so that nothing is lost.

What a save promises (the README repeats it for designers):

* **All or nothing.** Data goes to a temporary file in the same folder, is flushed to disk, then
  renamed over the target: a crash or a full disk never leaves half a file.
* **Never over a file it did not open.** :func:`create` refuses an existing file unless the caller
  passes ``overwrite``: the digest of the content the designer saw and agreed to replace (or
  ``True`` from a command line's explicit ``--overwrite``).
* **Never over someone else's change.** :func:`replace` compares the file on disk with the digest
  of what was opened and writes in one step under a lock on the folder, so of two saves racing on
  one file the second sees the first and is refused (:class:`ChangedOnDisk`). The digest is taken
  over the raw bytes: a file whose only change is its line endings has changed.
* **Through links, keeping modes.** A symbolic link is followed and its target written (the link
  stays a link); an existing file keeps its permission bits and a new file gets the ones the
  umask allows, as any editor would create it.
* **Ids checked before they become paths.** :func:`path_for_id` accepts only ids matching the
  schemas' id pattern, so no id can name a file outside its folder.

Spreadsheet exports go through :func:`neutralise_csv`, so a card named ``=HYPERLINK(...)`` is text
in a spreadsheet, not a formula.
"""
from __future__ import annotations

import contextlib
import csv
import errno
import hashlib
import io
import os
import re
import stat
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path

from .errors import UsageError

__all__ = ["SaveRefused", "FileExists", "ChangedOnDisk", "NoSuchFolder", "Snapshot", "digest", "read",
           "NotAFile", "environment_fault", "check_id", "path_for_id", "create", "replace", "locked", "atomic_write_bytes", "atomic_write_text",
           "replace_entry",
           "neutralise_cell", "neutralise_csv"]


# -- refusals ------------------------------------------------------------------------------------
class SaveRefused(UsageError):
    """A save that would lose data was not made; ``hint`` says what the designer can do. (A usage
    error: on the command line it exits 2 with its message.)"""

    def __init__(self, message: str, path, hint: str | None = None):
        super().__init__(message)
        self.path, self.hint = Path(path), hint


class FileExists(SaveRefused):
    """The target already exists and the caller did not open it. ``digest`` identifies the content
    found, so a confirmation ("replace this file") can be bound to exactly that content."""

    def __init__(self, path, found: bytes):
        self.digest = digest(found)
        super().__init__(f"{Path(path).name} already exists in {Path(path).parent.name or '.'}/",
                         path, "choose another id or file name, or confirm that you want to replace that file")


class ChangedOnDisk(SaveRefused):
    """The file changed (or vanished) since it was opened."""

    def __init__(self, path, found: bytes | None):
        self.digest = None if found is None else digest(found)
        what = "was deleted" if found is None else "changed on disk"
        super().__init__(f"{Path(path).name} {what} since you opened it", path,
                         "reload it to see the other change (or save yours as a new file)")


class NoSuchFolder(SaveRefused):
    """The folder to save into does not exist (it is not created: a typo would scatter files)."""

    def __init__(self, folder):
        folder = Path(folder)
        from .errors import did_you_mean
        siblings = []
        with contextlib.suppress(OSError):
            siblings = [p.name for p in folder.parent.iterdir() if p.is_dir()]
        near = did_you_mean(folder.name, siblings)
        super().__init__(f"there is no folder {folder.name!r}" + (f" in {folder.parent.name}/" if folder.parent.name else ""),
                         folder, f"did you mean {near!r}?" if near else "create the folder first, or pick an existing one")


# -- reading -------------------------------------------------------------------------------------
def digest(data: bytes) -> str:
    """The SHA-256 of raw bytes (line endings and a BOM count: they are part of the file).

    >>> digest(b"a\\n") == digest(b"a\\r\\n")
    False
    """
    return hashlib.sha256(data).hexdigest()


@dataclass(frozen=True)
class Snapshot:
    """A file's bytes as read, and their digest: what a later :func:`replace` compares against."""

    path: Path
    data: bytes

    @property
    def digest(self) -> str:
        return digest(self.data)


def read(path) -> Snapshot:
    """Read a file's raw bytes (no newline translation, BOM kept)."""
    path = Path(path)
    return Snapshot(path, path.read_bytes())


# -- ids and paths -------------------------------------------------------------------------------
_ID = None
#: Longest id that still makes a legal file name (255 bytes) with ``.yaml`` after it.
MAX_ID_LENGTH = 200


def check_id(value) -> str:
    """Return ``value`` when it is a valid document id; raise :class:`UsageError` otherwise.

    >>> check_id("telegraph-office")
    'telegraph-office'
    >>> check_id("../../escaped")
    Traceback (most recent call last):
    ...
    workbench.core.errors.UsageError: '../../escaped' is not a valid id: use lowercase letters, digits and single dashes (like 'telegraph-office')
    >>> check_id("telegraph-office\\n")
    Traceback (most recent call last):
    ...
    workbench.core.errors.UsageError: 'telegraph-office\\n' is not a valid id: use lowercase letters, digits and single dashes (like 'telegraph-office')
    """
    global _ID
    if _ID is None:
        from .ids import ID_PATTERN
        _ID = re.compile(ID_PATTERN)
    # fullmatch: `$` alone would accept a final newline
    if not isinstance(value, str) or not _ID.fullmatch(value) or len(value) > MAX_ID_LENGTH:
        raise UsageError(f"{value!r} is not a valid id: use lowercase letters, digits and single dashes"
                         " (like 'telegraph-office')" + (f", at most {MAX_ID_LENGTH} characters"
                                                         if isinstance(value, str) and len(value) > MAX_ID_LENGTH else ""))
    return value


def path_for_id(folder, id: str, suffix: str = ".yaml") -> Path:
    """``folder/<id><suffix>``, after checking the id and that the folder exists.

    >>> import tempfile
    >>> path_for_id(tempfile.gettempdir(), "my-deck").name
    'my-deck.yaml'
    """
    check_id(id)
    folder = Path(folder)
    if not folder.is_dir():
        raise NoSuchFolder(folder)
    return folder / f"{id}{suffix}"


# -- locking -------------------------------------------------------------------------------------
_thread_locks: dict[str, threading.Lock] = {}
_thread_locks_guard = threading.Lock()


@contextlib.contextmanager
def locked(folder):
    """Hold an exclusive lock on ``folder`` (its directory inode, which a rename never replaces)
    for the time of a check-and-write. Works across processes (``flock``) and threads."""
    folder = Path(folder)
    key = os.path.realpath(folder)
    with _thread_locks_guard:
        thread_lock = _thread_locks.setdefault(key, threading.Lock())
    with thread_lock:
        try:
            import fcntl
        except ImportError:  # no flock (Windows): a lock file made with O_EXCL
            with _lock_file(folder):
                yield
            return
        fd = os.open(folder, os.O_RDONLY)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(fd, fcntl.LOCK_UN)
        finally:
            os.close(fd)


@contextlib.contextmanager
def _lock_file(folder: Path, attempts: int = 600):
    import time
    lock = folder / ".workbench-save.lock"
    for _ in range(attempts):
        try:
            fd = os.open(lock, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
            break
        except FileExistsError:
            time.sleep(0.05)  # another save is writing; it holds the lock for milliseconds
    else:
        raise SaveRefused(f"another save in {folder.name}/ did not finish", folder,
                          f"if no save is running, delete {lock.name}")
    try:
        yield
    finally:
        os.close(fd)
        os.unlink(lock)


# -- writing -------------------------------------------------------------------------------------
def _umask() -> int:
    with contextlib.suppress(OSError, ValueError):
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("Umask:"):
                return int(line.split()[1], 8)
    with _thread_locks_guard:  # os.umask can only be read by setting it
        mask = os.umask(0o022)
        os.umask(mask)
    return mask


def _target(path) -> Path:
    """Where bytes for ``path`` really go: a symbolic link's final target (a link that loops, or
    a path that cannot be looked up, is refused in words)."""
    try:
        os.stat(path)
    except FileNotFoundError:
        pass
    except OSError as exc:
        raise environment_fault(exc, path, "write") from None
    return Path(os.path.realpath(path))


_KINDS = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a named pipe"), (stat.S_ISCHR, "a device"),
          (stat.S_ISBLK, "a disk device"), (stat.S_ISSOCK, "a socket"))


def _not_a_file(mode: int) -> str | None:
    """What a file of ``mode`` is when it is not a regular file (``None`` for a regular file)."""
    return next((what for test, what in _KINDS if test(mode)), None if stat.S_ISREG(mode) else "not a regular file")


class NotAFile(SaveRefused):
    """The target is a named pipe, a device, a folder or a socket: a save never replaces it with a
    file (``--log /dev/null`` run as root must not delete the system's /dev/null), and never reads
    it (a named pipe would block the folder's lock until someone writes into it)."""

    def __init__(self, path, what: str):
        super().__init__(f"{Path(path)} is {what}, not a file: nothing was written", path,
                         "choose a file name (a command's output file may be a device or a named pipe that a program is reading)")


#: Errors of the machine, not of the workbench or the content: said in words, exit 2 on the command line.
_ENVIRONMENT = {errno.ENOSPC: "the disk is full", errno.EDQUOT: "the disk quota is used up",
                errno.EROFS: "the file system is read-only", errno.EACCES: "permission denied",
                errno.EPERM: "the operation is not permitted", errno.ELOOP: "a symbolic link in the path loops",
                errno.EIO: "the disk reported an input/output error", errno.ENAMETOOLONG: "the name is too long",
                errno.ENOTDIR: "a part of the path is not a folder", errno.EISDIR: "it is a folder",
                errno.EMFILE: "too many files are open", errno.ENXIO: "no program is reading the named pipe",
                errno.EFBIG: "the file would be too large for the file system"}


def environment_fault(exc: OSError, path=None, doing: str = "write") -> SaveRefused:
    """An :class:`OSError` of the machine (full disk, read-only folder, looping link) as a refusal
    in words. Errors this module does not know keep their system message.

    >>> print(environment_fault(OSError(errno.ENOSPC, "No space left on device"), "/tmp/x.log"))
    could not write /tmp/x.log: the disk is full
    """
    where = path if path is not None else exc.filename
    reason = _ENVIRONMENT.get(exc.errno) or (exc.strerror or str(exc)).lower()
    return SaveRefused(f"could not {doing} {where}: {reason}" if where is not None else f"could not {doing}: {reason}",
                       where or ".", "free some space, or choose another place to write" if exc.errno in
                       (errno.ENOSPC, errno.EDQUOT, errno.EFBIG) else "choose another place to write, or fix the folder's permissions")


def _temporary(target: Path, data: bytes, mode: int, durable: bool = True) -> str:
    fd, temp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            if durable:
                os.fsync(handle.fileno())
        os.chmod(temp, mode)
    except BaseException:
        _unlink(temp)
        raise
    return temp


def _unlink(path) -> None:
    with contextlib.suppress(FileNotFoundError):
        os.unlink(path)


def _sync_folder(folder: Path) -> None:
    with contextlib.suppress(OSError):  # not every platform can fsync a directory
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def _current(target: Path) -> bytes | None:
    """The bytes of the file a save would replace (``None`` when there is none); never blocks on
    or replaces a named pipe or a device (:class:`NotAFile`)."""
    try:
        fd = os.open(target, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise environment_fault(exc, target, "read") from None
    with os.fdopen(fd, "rb") as handle:
        what = _not_a_file(os.fstat(fd).st_mode)
        if what:
            raise NotAFile(target, what)
        return handle.read()


def _check_folder(target: Path) -> None:
    if not target.parent.is_dir():
        raise NoSuchFolder(target.parent)


def create(path, data: bytes | str, *, overwrite: bool | str = False) -> Path:
    """Write a file the caller did not open (a new scenario, deck, layout or export).

    Parameters
    ----------
    path : path-like
        The file to write; a symbolic link is followed.
    data : bytes or str
        The content (text is written as UTF-8, newlines as given).
    overwrite : bool or str
        ``False`` (default): refuse when the file exists (:class:`FileExists`, whose ``digest``
        names what was found). A digest string: replace the file only while it still holds that
        content (the designer confirmed replacing what they were shown). ``True``: replace whatever
        is there (a command line's explicit ``--overwrite``).

    Returns
    -------
    Path
        The path written (the link's target when ``path`` is a link).

    Examples
    --------
    >>> import tempfile, pathlib
    >>> target = pathlib.Path(tempfile.mkdtemp()) / "deck.yaml"
    >>> _ = create(target, "id: mine\\n")
    >>> create(target, "id: theirs\\n")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    workbench.core.storage.FileExists: deck.yaml already exists in ...
    >>> _ = create(target, "id: theirs\\n", overwrite=digest(b"id: mine\\n")); target.read_text()
    'id: theirs\\n'
    """
    data = data.encode("utf-8") if isinstance(data, str) else data
    target = _target(path)
    _check_folder(target)
    with locked(target.parent):
        found = _current(target)
        if found is not None:
            if overwrite is False or (isinstance(overwrite, str) and overwrite != digest(found)):
                raise FileExists(path, found)
            return _write(target, data, _mode_of(target))
        try:
            temp = _temporary(target, data, 0o666 & ~_umask())
        except OSError as exc:
            raise environment_fault(exc, target) from None
        try:
            try:
                os.link(temp, target)  # atomic "create only if absent", whoever else writes there
            except FileExistsError:
                raise FileExists(path, _current(target) or b"") from None
            except OSError as exc:  # a file system without hard links: the folder lock still holds
                if exc.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EMLINK, errno.EXDEV):
                    raise environment_fault(exc, target) from None
                try:
                    os.replace(temp, target)
                except OSError as again:
                    raise environment_fault(again, target) from None
        finally:
            _unlink(temp)
        _sync_folder(target.parent)
    return target


def replace(path, data: bytes | str, expected: str) -> Path:
    """Write back a file the caller opened, only if it still holds what was opened.

    ``expected`` is the :func:`digest` of the bytes read when the file was opened. The comparison
    and the rename happen under :func:`locked`, so no other save can slip in between.

    Raises
    ------
    ChangedOnDisk
        The file's bytes differ from ``expected`` (or it was deleted).

    Examples
    --------
    >>> import tempfile, pathlib
    >>> target = pathlib.Path(tempfile.mkdtemp()) / "card.yaml"
    >>> _ = target.write_bytes(b"name: Ace\\r\\n")
    >>> opened = read(target)
    >>> _ = target.write_bytes(b"name: Ace\\n")          # someone changed only the line endings
    >>> replace(target, b"name: King\\r\\n", opened.digest)
    Traceback (most recent call last):
    ...
    workbench.core.storage.ChangedOnDisk: card.yaml changed on disk since you opened it
    """
    data = data.encode("utf-8") if isinstance(data, str) else data
    target = _target(path)
    _check_folder(target)
    with locked(target.parent):
        found = _current(target)
        if found is None or digest(found) != expected:
            raise ChangedOnDisk(path, found)
        return _write(target, data, _mode_of(target))


def _mode_of(target: Path) -> int:
    try:
        return target.stat().st_mode & 0o7777
    except FileNotFoundError:
        return 0o666 & ~_umask()


def _write(target: Path, data: bytes, mode: int, durable: bool = True) -> Path:
    try:
        temp = _temporary(target, data, mode, durable)
    except OSError as exc:
        raise environment_fault(exc, target) from None
    try:
        os.replace(temp, target)
    except BaseException as exc:
        _unlink(temp)
        if isinstance(exc, OSError):
            raise environment_fault(exc, target) from None
        raise
    if durable:
        _sync_folder(target.parent)
    return target


def _into_stream(target: Path, data: bytes) -> bool:
    """Write ``data`` into ``target`` when it is a character device or a named pipe (a command's
    output may be ``/dev/null``, ``/dev/stdout`` or a pipe a program reads); ``False`` when it is a
    regular file or absent (it is then replaced as a whole). Anything else is refused."""
    try:
        mode = os.stat(target).st_mode
    except FileNotFoundError:
        return False
    except OSError as exc:
        raise environment_fault(exc, target) from None
    if stat.S_ISREG(mode):
        return False
    if not (stat.S_ISCHR(mode) or stat.S_ISFIFO(mode)):
        raise NotAFile(target, _not_a_file(mode))
    try:
        # non-blocking open: a named pipe nobody reads is refused (ENXIO) instead of waiting forever
        fd = os.open(target, os.O_WRONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except OSError as exc:
        raise environment_fault(exc, target) from None
    try:
        os.set_blocking(fd, True)
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
    except OSError as exc:
        raise environment_fault(exc, target) from None
    finally:
        os.close(fd)
    return True


def atomic_write_bytes(path, data: bytes, *, durable: bool = True) -> None:
    """Write an output file (a drawing, a game log) all at once or not at all, replacing any file
    of that name: for files the designer named as the output of a command. A character device or
    a named pipe is written into, never replaced (``--log /dev/null``); a pipe that no program
    reads, a folder or a socket is refused (:class:`NotAFile`). Content the designer
    keeps goes through :func:`create` or :func:`replace`.

    ``durable=False`` leaves out the flushes to disk (``fsync``): only for a cache entry whose
    reader checks it whole, as a crash of the machine may then leave it empty or cut short.

    >>> import tempfile, pathlib
    >>> target = pathlib.Path(tempfile.mkdtemp()) / "a.txt"
    >>> atomic_write_bytes(target, b"hello"); target.read_bytes()
    b'hello'
    """
    target = _target(path)
    if _into_stream(target, data):
        return
    _check_folder(target)
    _write(target, data, _mode_of(target), durable)


def atomic_write_text(path, text: str) -> None:
    atomic_write_bytes(path, text.encode("utf-8"))


def replace_entry(path, data: bytes, *, mode: int | None = None, durable: bool = False) -> None:
    """Write a file the workbench keeps for itself and can always rebuild (an entry of the cache
    folder) all at once, replacing whatever has that name: a symbolic link, a named pipe or a
    device found there is replaced, never followed or written into, so whoever could write into
    that folder cannot make the workbench write elsewhere. Raises :class:`OSError` (the caller
    does without the entry). ``mode``: the file's permissions (else as the umask says);
    ``durable``: flushed to disk.

    >>> import tempfile, pathlib
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> (folder / "entry").symlink_to(folder / "elsewhere")
    >>> replace_entry(folder / "entry", b"kept"); (folder / "entry").is_symlink(), (folder / "elsewhere").exists()
    (False, False)
    """
    target = Path(path)
    temp = _temporary(target, data, 0o666 & ~_umask() if mode is None else mode, durable)
    try:
        os.replace(temp, target)
    except BaseException:
        _unlink(temp)
        raise
    if durable:
        _sync_folder(target.parent)



def keep_own_entry(path, data: bytes, *, durable: bool = True) -> None:
    """Write a cache entry as :func:`workbench.core.paths.read_own_entry` will read it back: this
    user's file that nobody else may write (0600), written all at once, replacing whatever has
    that name (:func:`replace_entry`); its folder made first (0700). ``durable``: flushed to disk
    (an entry that decides what code runs); ``False`` only for an entry whose reader checks it
    whole (a crash may leave it cut short). Raises :class:`OSError`."""
    Path(path).parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    replace_entry(path, data, mode=0o600, durable=durable)

# -- spreadsheet exports -------------------------------------------------------------------------
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r", "\n", "\uff1d", "\uff0b", "\uff0d", "\uff20")
_NUMBER = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?")


#: Characters a spreadsheet may split a line at: the separators of every locale's CSV import (a
#: European spreadsheet splits at ``;``), a tab, a bar, and the line breaks a reader that ignores
#: quotes would start a new row at. A formula start right after one of them (after spaces or
#: quotes) starts a cell too.
_SPLITS = ",;\t|\r\n"
_INNER_FORMULA = re.compile(r"(?<=[" + re.escape(_SPLITS) + r"])([ \u00a0\"]*)([=+\-@\uff1d\uff0b\uff0d\uff20])")
_SEGMENT = re.compile(r"[^" + re.escape(_SPLITS) + r"]*")


def neutralise_cell(value):
    """A CSV cell a spreadsheet shows as text, never runs as a formula, whatever separator it
    splits the line at: a text starting with ``=``, ``+``, ``-``, ``@``, a tab or a line break (or
    their full-width forms) gets a leading apostrophe, and so does every formula start that follows
    a separator a spreadsheet might split at (``,`` ``;`` tab ``|`` or a line break, after spaces or
    quotes). Numbers (``-1``, ``+2.5``, ``3;-1``) are left alone.

    >>> [neutralise_cell(v) for v in ["=HYPERLINK(\\"x\\")", "+cmd|' /C calc'!A0", "@SUM(A1)", "-1", "Ace", 3]]
    ['\\'=HYPERLINK("x")', "'+cmd|' /C calc'!A0", "'@SUM(A1)", '-1', 'Ace', 3]
    >>> neutralise_cell("Quick Draw;=cmd|' /C calc'!A0")
    "Quick Draw;'=cmd|' /C calc'!A0"
    >>> neutralise_cell('Ace, "=1+1"'), neutralise_cell("2;-1")
    ('Ace, "\\'=1+1"', '2;-1')
    """
    if not isinstance(value, str):
        return value
    if value.startswith(_FORMULA_START) and not _NUMBER.fullmatch(value):
        value = "'" + value

    def defuse(match):
        segment = _SEGMENT.match(value, match.start(2)).group()
        return match.group() if _NUMBER.fullmatch(segment.rstrip(' "')) else match.group(1) + "'" + match.group(2)
    return _INNER_FORMULA.sub(defuse, value)


def neutralise_csv(text: str) -> str:
    """Every cell of a CSV text passed through :func:`neutralise_cell` (same dialect, same line
    ending).

    >>> neutralise_csv('count,card\\n1,=cmd()\\n')
    "count,card\\n1,'=cmd()\\n"
    """
    ending = "\r\n" if "\r\n" in text else "\n"
    out = io.StringIO()
    writer = csv.writer(out, lineterminator=ending)
    for row in csv.reader(io.StringIO(text, newline="")):
        writer.writerow([neutralise_cell(cell) for cell in row])
    return out.getvalue()
