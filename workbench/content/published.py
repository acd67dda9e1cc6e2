"""The workbench's own library of the published games, loaded once per process.

``published`` means the three published games as the rules texts give them (with the
illustrative designer data their engines need), not the example house rules shipped beside them.
Which folders those are is said once, in :func:`workbench.core.paths.published_folders`; the documents
come from :func:`published_documents` (cached by content).
"""
from __future__ import annotations

import hashlib
import pickle
import sys
from functools import lru_cache
from pathlib import Path

from ..core.paths import SCHEMAS, VARIANTS, cache_dir, published_folders
from .loader import Document

#: Bump when what the published-library cache holds changes shape.
_CACHE_FORMAT = 1
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
    """Each published file's documents: unpickled from the cache, or loaded and checked (and
    then cached). The cache is the designer's own folder, trusted like their own files."""
    from .validate import check_file

    folder = cache_dir()
    path = folder / f"published-{_cache_key(texts)}.pickle" if folder else None
    if path is not None:
        try:
            with open(path, "rb") as handle:
                loaded = pickle.load(handle)
            if isinstance(loaded, dict) and set(loaded) == set(texts):
                return loaded
        except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError, TypeError, ValueError):
            pass
    loaded = {name: check_file(name)[0] for name in texts}
    if path is not None:
        _store(path, loaded)
    return loaded


def _store(path: Path, loaded) -> None:
    from ..core.storage import atomic_write_bytes

    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_bytes(path, pickle.dumps(loaded, protocol=pickle.HIGHEST_PROTOCOL))
        # keep a few (several checkouts or versions may share the cache folder), not every one
        old = sorted(path.parent.glob("published-*.pickle"), key=lambda p: p.stat().st_mtime, reverse=True)
        for stale in old[_CACHE_KEEP:]:
            stale.unlink(missing_ok=True)
    except OSError:
        pass  # no cache: slower next time, never wrong
