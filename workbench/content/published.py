"""The workbench's own library of the published games, loaded once per process.

``published`` means the three published games as the rules texts give them (with the
illustrative designer data their engines need), not the example house rules shipped beside them.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from ..paths import VARIANTS

#: Folders of ``variants/`` that hold examples rather than the published games.
EXAMPLE_FOLDERS = ("house-rules",)


def published_paths() -> list[Path]:
    return sorted(p for p in VARIANTS.iterdir() if p.is_dir() and p.name not in EXAMPLE_FOLDERS
                  and not p.name.startswith("."))


@lru_cache(maxsize=1)
def published_library():
    """The published games as a :class:`~workbench.content.library.Library` (cached)."""
    from .validate import validate_paths
    return validate_paths([str(p) for p in published_paths()], workers=1).library
