"""The workbench's own library of the published games, loaded once per process.

``published`` means the three published games as the rules texts give them (with the
illustrative designer data their engines need), not the example house rules shipped beside them.
Which folders those are is said once, in :func:`workbench.paths.published_folders`; the documents
come from :func:`workbench.content.resolve.published_documents` (cached by content).
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from ..paths import published_folders

#: Folders of ``variants/`` that hold examples rather than the published games.
EXAMPLE_FOLDERS = ("house-rules",)


def published_paths() -> list[Path]:
    return published_folders()


@lru_cache(maxsize=1)
def published_library():
    """The published games as a :class:`~workbench.content.library.Library` (cached)."""
    from .library import Library
    from .resolve import published_documents
    from .schemas import load_schemas

    kinds = load_schemas()
    return Library.from_documents(d for d in published_documents() if d.kind in kinds)
