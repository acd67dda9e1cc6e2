"""The workbench's own library of the published games, loaded once per process.

``published`` means the three published games as the rules texts give them (with the
illustrative designer data their engines need), not the example house rules shipped beside them.
Which folders those are is said once, in :func:`workbench.core.paths.published_folders`; the documents
come from :func:`published_documents` (cached by content).
"""
from __future__ import annotations

import hashlib
import json
import math
import sys
from functools import lru_cache
from pathlib import Path

from ..core.paths import SCHEMAS, VARIANTS, cache_dir, published_folders, read_own_entry
from .loader import Document, SourceFile

#: Bump when what the published-library cache holds changes shape.
_CACHE_FORMAT = 2
_CACHE_KEEP = 8

#: Folders of ``variants/`` that hold examples rather than the published games.
EXAMPLE_FOLDERS = ("house-rules",)


def published_paths() -> list[Path]:
    return published_folders()


@lru_cache(maxsize=1)
def published_library():
    """The published games as a :class:`~workbench.content.library.Library` (cached)."""
    from .library import Library
    from .schemas import load_schemas

    kinds = load_schemas()
    return Library.from_documents(d for d in published_documents() if d.kind in kinds)


def published_files() -> list[str]:
    from .validate import discover

    return discover([str(p) for p in published_folders()]) if published_folders() else []


def published_documents() -> list[Document]:
    """The published games' documents, from the cache when their content is unchanged."""
    files = published_files()
    texts = {}
    for name in files:
        try:
            texts[name] = Path(name).read_bytes()
        except OSError:
            texts[name] = b""
    loaded = _cached(texts)
    return [d for name in files for d in loaded[name]]


def _cache_key(texts: dict[str, bytes]) -> str:
    """A digest of everything the loaded published library depends on: its files (names and
    bytes), the schemas and the loading code (names, sizes and times: a stat, not a read), and
    the Python and PyYAML versions."""
    import yaml

    digest = hashlib.sha256(f"{_CACHE_FORMAT} {sys.version} {yaml.__version__} {VARIANTS}".encode())
    for path in sorted(Path(__file__).parent.glob("*.py")) + sorted(SCHEMAS.glob("*.json")):
        info = path.stat()
        digest.update(f"{path} {info.st_size} {info.st_mtime_ns}\0".encode())
    for name, raw in sorted(texts.items()):
        digest.update(name.encode() + b"\0" + raw + b"\0")
    return digest.hexdigest()[:24]


def _cached(texts: dict[str, bytes]) -> dict[str, list[Document]]:
    """Each published file's documents: read back from the cache, or loaded and checked (and
    then cached).

    The entry is data only (JSON, see :func:`_encode`), so reading it never runs code, whoever
    wrote into the cache folder, and it is read only when it is this user's own file that nobody
    else may write (:func:`workbench.core.paths.read_own_entry`), so no one else can make it say
    other text; an entry that is damaged, of another shape or of other content, or that someone
    else could have written, is loaded from the YAML again and written anew (0600), never trusted."""
    from .validate import check_file

    folder = cache_dir()
    key = _cache_key(texts)
    path = folder / f"published-{key}.json" if folder else None
    if path is not None:
        loaded = _read(path, key, texts)
        if loaded is not None:
            return loaded
    loaded = {name: check_file(name)[0] for name in texts}
    if path is not None:
        _store(path, key, loaded)
    return loaded


def _encode(key: str, loaded: dict[str, list[Document]]) -> bytes:
    """An entry: a header line (format, key and the SHA-256 of the rest) and the files as compact
    arrays, ``[path, text, [[index, line, column, data], ...]]`` each, in the files' order. A
    file's text is written once for all its documents (they share one :class:`SourceFile`, as
    after a load). ASCII JSON: any text survives."""
    files = []
    for name, documents in loaded.items():
        source = documents[0].source if documents else None
        text = source.text if source is not None else None
        if any(d.source is not source for d in documents):
            raise ValueError("documents of one file with different sources")
        files.append([name, text, [[d.index, d.line, d.column, d.data] for d in documents]])
    body = json.dumps(files, separators=(",", ":"), allow_nan=False).encode("ascii")
    header = json.dumps({"format": _CACHE_FORMAT, "key": key, "sha256": hashlib.sha256(body).hexdigest()})
    return header.encode("ascii") + b"\n" + body


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):  # `1e999`: the loader never gives one (nor NaN, see _no_constant)
        raise ValueError(text)
    return value


def _no_constant(text: str):
    raise ValueError(f"{text} is not content")


def _decode(raw: bytes, key: str, texts: dict[str, bytes]) -> dict[str, list[Document]] | None:
    """The documents an entry holds, or ``None`` when it is not exactly an entry of this key for
    these files (damaged, truncated, of another format or shape)."""
    header, newline, body = raw.partition(b"\n")
    if not newline:
        return None
    about = json.loads(header)
    if not isinstance(about, dict) or about.get("format") != _CACHE_FORMAT or about.get("key") != key \
            or about.get("sha256") != hashlib.sha256(body).hexdigest():
        return None
    files = json.loads(body, parse_float=_finite, parse_constant=_no_constant)
    if type(files) is not list or len(files) != len(texts):
        return None
    loaded: dict[str, list[Document]] = {}
    for entry in files:
        if type(entry) is not list or len(entry) != 3:
            return None
        name, text, rows = entry
        if name not in texts or name in loaded or type(rows) is not list or (rows and type(text) is not str):
            return None
        source = SourceFile(name, text) if rows else None
        documents = []
        for row in rows:
            if type(row) is not list or len(row) != 4:
                return None
            index, line, column, data = row
            if type(index) is not int or type(line) is not int or type(column) is not int \
                    or index < 0 or line < 1 or column < 1 or type(data) is not dict:
                return None
            documents.append(Document(data, source, index, line, column))
        loaded[name] = documents
    return loaded


def _read(path: Path, key: str, texts: dict[str, bytes]) -> dict[str, list[Document]] | None:
    try:
        # what the published games say: only from this user's own entry (its digest covers its
        # own body, so anyone else who could write it could write any text with a right digest);
        # a pipe, a device or a link planted there is never read
        raw = read_own_entry(path)
    except OSError:
        return None
    try:
        return _decode(raw, key, texts)
    except (ValueError, TypeError, RecursionError):  # not JSON, not ours, nested without end
        return None


def _store(path: Path, key: str, loaded: dict[str, list[Document]]) -> None:
    from ..core.storage import keep_own_entry

    try:
        raw = _encode(key, loaded)
        # kept only if it reads back as the very documents loaded: an entry is exact or not written
        if _decode(raw, key, {name: b"" for name in loaded}) != loaded:
            return
        keep_own_entry(path, raw, durable=False)   # 0600, read back only as this user's own
        # keep a few (several checkouts or versions may share the cache folder), not every one;
        # the pickles of earlier versions are never read, and removed
        for old in path.parent.glob("published-*.pickle"):
            old.unlink(missing_ok=True)
        kept = sorted(path.parent.glob("published-*.json"), key=lambda p: p.stat().st_mtime, reverse=True)
        for stale in kept[_CACHE_KEEP:]:
            stale.unlink(missing_ok=True)
    except (OSError, TypeError, ValueError, RecursionError):
        pass  # no cache: slower next time, never wrong
