"""Where the schemas and the published library are: beside the package in a checkout (or an
editable install), inside it (``workbench/_data``) when installed from a wheel."""
from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def _find(name: str) -> Path:
    checkout = _PACKAGE.parent / name
    return checkout if checkout.is_dir() else _PACKAGE / "_data" / name


SCHEMAS = _find("schemas")
VARIANTS = _find("variants")


def modeline(kind: str, folder) -> str:
    """The editor modeline for a new file of ``kind`` saved in ``folder`` (a relative path to the
    schema when one exists, so the file keeps working when the repository moves).

    >>> modeline("map", VARIANTS / "house-rules")
    '# yaml-language-server: $schema=../../schemas/map.schema.json'
    """
    import os

    schema = SCHEMAS / f"{kind}.schema.json"
    try:
        target = os.path.relpath(schema, Path(folder).resolve())
    except ValueError:  # another drive (Windows)
        target = str(schema)
    return f"# yaml-language-server: $schema={Path(target).as_posix()}"
