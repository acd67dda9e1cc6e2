"""Small text helpers every layer that shows something to a designer shares: an id or a field
name in words, and text that is already HTML (a front end does not escape it again)."""
from __future__ import annotations


def words(text) -> str:
    """An id or a field name in words: ``"mystery-hex"`` is "mystery hex"."""
    return str(text).replace("-", " ").replace("_", " ")


class Html(str):
    """Text that is already HTML (not escaped again by the notebooks' tables)."""
