"""Audit a game from its log alone: replay the deltas from the first snapshot, check that every
round snapshot is reached exactly, and check the rules-conformance invariants (each a sentence of
the rules texts) on the replayed game.

Imports no engine: a log is checked by what it records, not by the code that wrote it.

    python -m workbench.audit game.jsonl [more.jsonl ...]     # exit 0 when every log conforms
"""
from __future__ import annotations

from .invariants import INVARIANTS, Invariant, Played, check, for_game, load_registered
from .replay import ReplayError, apply_delta, read_log, replay


# every registered game's invariants, named by its registry entry (``audit``), in INVARIANTS
load_registered()


def audit(events: list[dict]) -> dict[str, list[str]]:
    """Replay ``events`` and check every invariant of their game: ``{invariant id: [breaches]}``.
    Raises :class:`ReplayError` when the log does not replay."""
    return check(Played(events))


def audit_file(path) -> dict[str, list[str]]:
    return audit(read_log(path))


__all__ = ["INVARIANTS", "Invariant", "Played", "ReplayError", "apply_delta", "audit", "audit_file", "check",
           "for_game", "load_registered", "read_log", "replay"]
