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
