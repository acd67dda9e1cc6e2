"""Replay an audited game log from its events alone: start from the first event's snapshot, apply
each event's delta, and check that every snapshot the log carries is reached exactly.

Plain JSON in, plain JSON out; nothing here knows any engine (the log documents itself: its first
event carries the rules in force).

Examples
--------
>>> events = [{"event": "start", "delta": [], "snapshot": {"gold": 1, "dice": []}},
...           {"event": "roll", "delta": [{"path": "/dice", "from": [], "to": [3, 5]}]},
...           {"event": "round", "delta": [{"path": "/gold", "from": 1, "to": 2}],
...            "snapshot": {"gold": 2, "dice": [3, 5]}}]
>>> [state["gold"] for _, state in replay(events)]
[1, 1, 2]
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Iterable, Iterator

from ..core.errors import WorkbenchError


class ReplayError(WorkbenchError, ValueError):
    """The log cannot be replayed: a delta that does not apply, or a snapshot not reached."""

    def __init__(self, message: str, index: int | None = None):
        super().__init__(message if index is None else f"event {index + 1}: {message}")
        self.index = index


def _parts(pointer: str) -> list[str]:
    if pointer == "":
        return []
    if not pointer.startswith("/"):
        raise ReplayError(f"{pointer!r} is not a JSON Pointer")
    return [p.replace("~1", "/").replace("~0", "~") for p in pointer[1:].split("/")]


def _same(a, b) -> bool:
    """Equal as JSON: 1 and true differ, as do 1 and 1.0 only by type where JSON keeps it."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    return a == b


def apply_delta(state: dict, delta: list[dict], index: int | None = None) -> dict:
    """The state after ``delta``; ``state`` is left unchanged (dicts along each path are copied,
    everything else is shared, so a whole game's states cost little).

    Each entry's ``from`` must match what is there (absent ``from``: the path must be new), so a
    log whose deltas and snapshots disagree is caught at the first wrong step.
    """
    root = dict(state)
    copied: set[int] = {id(root)}
    if not isinstance(delta, list):
        raise ReplayError("a delta is not a list of changes", index)
    for change in delta:
        if not isinstance(change, dict) or not isinstance(change.get("path"), str):
            raise ReplayError(f"a change of the delta is not a mapping with a text 'path': {json.dumps(change)[:80]}", index)
        parts = _parts(change["path"])
        if not parts:
            raise ReplayError("a delta may not replace the whole state", index)
        node = root
        for key in parts[:-1]:
            child = node.get(key) if isinstance(node, dict) else None
            if not isinstance(child, dict):
                raise ReplayError(f"{change['path']}: no mapping at {key!r}", index)
            if id(child) not in copied:
                child = dict(child)
                node[key] = child
                copied.add(id(child))
            node = child
        key = parts[-1]
        if "from" in change:
            if key not in node or not _same(node[key], change["from"]):
                raise ReplayError(f"{change['path']}: the log says it was {json.dumps(change['from'])}, the replay has"
                                  f" {json.dumps(node.get(key, '(nothing)'))}", index)
        elif key in node:
            raise ReplayError(f"{change['path']}: the log adds it, but it is already there", index)
        if "to" in change:
            node[key] = change["to"]
        else:
            del node[key]
    return root


def replay(events: Iterable[dict]) -> Iterator[tuple[dict, dict]]:
    """Each event with the state after it, checked against every snapshot on the way.

    Raises :class:`ReplayError` when the log is not an audited log (no snapshot to start from, an
    event without its delta) or when the replay does not reach a snapshot exactly.
    """
    state = None
    for index, event in enumerate(events):
        if not isinstance(event, dict):
            raise ReplayError(f"an event is not a JSON object: {json.dumps(event)[:80]}", index)
        if "delta" not in event:
            raise ReplayError("an event without a delta: was the game logged with audit on?", index)
        if state is None:
            if not isinstance(event.get("snapshot"), dict):
                raise ReplayError("the first event carries no snapshot (a JSON object) to start from", index)
            state = event["snapshot"]
        else:
            state = apply_delta(state, event["delta"], index)
            if "snapshot" in event and not _same(state, event["snapshot"]):
                wrong = _first_difference(state, event["snapshot"])
                raise ReplayError(f"the replay does not reach the snapshot of this {event.get('event')} event: {wrong}",
                                  index)
        yield event, state


def _first_difference(replayed, logged, path: str = "") -> str:
    if isinstance(replayed, dict) and isinstance(logged, dict):
        for key in sorted(set(replayed) | set(logged)):
            if key not in logged:
                return f"{path}/{key} is in the replay only"
            if key not in replayed:
                return f"{path}/{key} is in the snapshot only"
            if not _same(replayed[key], logged[key]):
                return _first_difference(replayed[key], logged[key], f"{path}/{key}")
    return f"{path or '/'}: replayed {json.dumps(replayed)}, logged {json.dumps(logged)}"


def read_log(path) -> list[dict]:
    """The events of a JSON Lines log (one event a line; blank lines ignored); ``-`` reads
    standard input (`workbench play ... --log - | python -m workbench.audit -`)."""
    import sys

    events = []
    text = sys.stdin.read() if str(path) == "-" else Path(path).read_text(encoding="utf-8")
    for number, line in enumerate(text.splitlines(), 1):
        if line.strip():
            try:
                event = json.loads(line)
            except json.JSONDecodeError as exc:
                raise ReplayError(f"{path}:{number}: not JSON ({exc.msg})") from None
            except ValueError as exc:  # a number of more digits than Python converts (4,300)
                raise ReplayError(f"{path}:{number}: not a log line ({exc})") from None
            except RecursionError:  # `[[[[...` thousands deep: no event nests like that
                raise ReplayError(f"{path}:{number}: not a log line (its lists or objects are nested too deeply"
                                  " to read)") from None
            if not isinstance(event, dict):
                raise ReplayError(f"{path}:{number}: an event is a JSON object, not {type(event).__name__}")
            events.append(event)
    if not events:
        raise ReplayError(f"{path}: the log holds no events")
    return events
