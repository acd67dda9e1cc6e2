"""What a player or chance does in Dark Horse, as data: decisions (:class:`Action`) and the rolls.

Also the ids every phase shares: a Mystery Hex as a space dice are placed on is ``hex@q,r``
(:data:`HEX`; rulebook, Mystery Hexes), and the size of the engine's memos (:data:`MEMO`).
"""
from __future__ import annotations

import functools
from dataclasses import dataclass, fields

#: Entries a memo of the engine keeps before it starts again (setup searches, placements, actions).
MEMO = 4096
HEX = "hex@"                 # a Mystery Hex as a space dice are placed on: "hex@q,r"


@dataclass(frozen=True)
class Action:
    """A decision. ``kind`` is one of build, place, pass, collect, skip, rob, challenge,
    turn-inventor-die, carnival, boot, trade-influence; ``uses`` names the special dice and
    tokens a placement uses (carnival-die, engineer-token, inventor-die, in that order);
    ``target`` is the opponent a Cowboy Boot forces off, the character challenged, or the
    Reputation type an Influence trade buys."""

    kind: str
    space: str | None = None
    dice: tuple[int, ...] = ()
    option: int | None = None
    character: str | None = None
    piece: str | None = None
    at: tuple[int, int] | None = None
    uses: tuple[str, ...] = ()
    target: str | None = None

    def __str__(self) -> str:
        if self.kind == "place":
            return f"place {'+'.join(map(str, self.dice))} on {self.space}" + (
                f" (using the {', '.join(u.replace('-', ' ') for u in self.uses)})" if self.uses else "")
        if self.kind == "rob":
            return f"{self.character} robs {self.space}"
        if self.kind == "challenge":
            return f"{self.character} challenges {self.target}"
        if self.kind == "turn-inventor-die":
            return f"turn the Inventor die to {self.dice[0]}"
        if self.kind == "boot":
            return f"force {self.target}'s dice off {self.space} (Cowboy Boot)"
        if self.kind == "trade-influence":
            return f"lose Influence to gain {self.target.title()} Hat Reputation"
        if self.kind == "carnival":
            return "pay to roll the Carnival die"
        if self.kind == "collect":
            return f"collect option {self.option + 1} of {self.space}"
        if self.kind == "build":
            return f"build a {self.piece} at {list(self.at)}"
        return self.kind if self.space is None else f"{self.kind} {self.space}"

    def __hash__(self) -> int:
        # the hash dataclass would compute (the fields' tuple), remembered: actions are keys of the
        # search's id tables and legal sets at every step
        value = self.__dict__.get("_hash")
        if value is None:
            value = hash((self.kind, self.space, self.dice, self.option, self.character, self.piece, self.at,
                          self.uses, self.target))
            object.__setattr__(self, "_hash", value)
        return value

    def __getstate__(self) -> dict:
        # a string's hash differs from process to process: a pickled action (a Dask worker's)
        # computes its hash again
        state = dict(self.__dict__)
        state.pop("_hash", None)
        return state

    def to_json(self) -> dict:
        # computed once per action (a rollout encodes every step into the history): a fresh dict
        # each time, so a history entry changed by its reader changes no other
        items = self.__dict__.get("_json")
        if items is None:
            items = tuple((name, (list(v) if isinstance(v, tuple) else v)) for name in _ACTION_FIELDS
                          if (v := getattr(self, name)) not in (None, ()))
            object.__setattr__(self, "_json", items)
        return {name: (list(v) if type(v) is list else v) for name, v in items}

    @classmethod
    def from_json(cls, data: dict) -> "Action":
        data = dict(data)
        for key in ("dice", "at", "uses"):
            if key in data:
                data[key] = tuple(data[key])
        return cls(**data)


@functools.lru_cache(maxsize=MEMO)
def _action(kind: str, space: str | None = None, option: int | None = None) -> Action:
    """A pass, skip, carnival or collect action, made once (Actions are immutable; a search lists
    them at every step)."""
    return Action(kind, space, option=option)


#: An action made once per its fields (Actions are immutable and equal by value): the listings a
#: search asks at every step hand out the same objects, so their hashes and encodings are
#: computed once and an id lookup finds them by identity.
made = functools.lru_cache(maxsize=MEMO)(Action)

#: Action's fields in order (read once: dataclasses.fields() per encoding was a tenth of a rollout's time)
_ACTION_FIELDS = tuple(f.name for f in fields(Action))


class Roll(tuple):
    """A chance outcome: dice rolled (sorted). Equal to the plain tuple of its values."""


class InventorRoll(tuple):
    """A roll of the Inventor token's holder: ``(the other dice, sorted), the Inventor die``."""


class FightRoll(tuple):
    """A gunfight roll outcome ``(difference, lowest_a, lowest_b)``, carrying the dice for the log."""

    dice: dict | None = None


def _below(rng, n: int) -> int:
    """``rng.randrange(n)`` as ``Random.choice`` and ``Random.randint`` draw it (their
    ``_randbelow``), without their frames of argument checks: the rollouts draw a die or a choice
    at every step. The same numbers from the same generator (a test compares them)."""
    if n < 1:
        raise ValueError(f"nothing to draw from ({n})")
    return rng._randbelow(n)


def _coord(key: str) -> tuple[int, int]:
    q, r = key.split(",")
    return int(q), int(r)
