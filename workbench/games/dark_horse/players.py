"""The seats of a Dark Horse game and the characters they hire (rulebook, Rebels & Rogues characters).

Each player's goods, dice, roles and Reputation (:class:`Player`),
and the Rebels & Rogues characters they hire (:class:`Hired`; rulebook, Rebels & Rogues
characters).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .gunfight import Side
from .reputation import Reputation

PLAYER_NAMES = ["red", "blue", "green", "yellow", "purple"]
_SEAT = {name: i for i, name in enumerate(PLAYER_NAMES)}


@dataclass
class Hired:
    """A hired Rebels & Rogues character: its hat, gunfight icons and state."""

    id: str
    hat: str
    gunfight: dict
    wounds: int = 0
    wanted: bool = False
    captured: bool = False
    abilities_used: int = 0      # this turn (robs); challenging needs none used
    challenged: bool = False     # this turn: "A character making a Challenge must not have performed ANY abilities"

    def side(self, name: str | None = None) -> Side:
        return Side.from_data(name or self.id, self.gunfight, wounds=self.wounds)

    def clone(self) -> "Hired":
        new = object.__new__(Hired)         # every field a value (gunfight is never changed): one copy
        new.__dict__ = self.__dict__.copy()
        return new


@dataclass
class Player:
    name: str
    goods: dict[str, int] = field(default_factory=dict)
    #: shared by a state's copies: replaced, never changed in place (reputation.py's functions
    #: return a new one; the engine writes through Player.own_reputation)
    reputation: Reputation = field(default_factory=Reputation)
    #: dice and roles too are shared by copies: replaced, never changed in place
    dice: list[int] = field(default_factory=list)       # this round's unplaced dice
    jailed_next: int = 0                                 # dice in Jail next round
    bonus_dice_next: int = 0
    roles: list[str] = field(default_factory=list)
    hand: int = 0                                        # cards drawn and kept (their faces are not modelled)
    characters: list[Hired] = field(default_factory=list)
    marshal_challenges: int = 0                          # this turn
    inventor_die: int | None = None                      # this round's Inventor die, not yet placed
    inventor_value: int | None = None                    # its value, placed or not
    inventor_turned: bool = False                        # its special ability used this round
    carnival_die: int | None = None                      # the Carnival die's last roll
    carnival_at: str | None = None                       # the space it claims (None: not placed)
    tokens_used: dict[str, int] = field(default_factory=dict)   # token types used this turn (replaced, shared)

    def clone(self) -> "Player":
        # a state is copied on every public step: copy what changes in place (the goods: an effects
        # plugin writes them so), share what is replaced (reputation, dice, roles, tokens_used)
        new = object.__new__(Player)
        d = new.__dict__ = self.__dict__.copy()
        d["goods"] = self.goods.copy()
        d["characters"] = [c.clone() for c in self.characters] if self.characters else []
        return new

    def own_reputation(self) -> Reputation:
        """The player's Reputation to change in place: a copy of it, put in its place (copies of the
        state share the old one)."""
        self.reputation = self.reputation.copy()
        return self.reputation

    def snapshot(self) -> dict:
        rep = self.reputation
        active = rep.active()
        return {"goods": {k: v for k, v in sorted(self.goods.items())}, "white_hat": rep.white, "black_hat": rep.black,
                "influence": rep.influence, "status": rep.status, "dice": list(self.dice), "jailed_next": self.jailed_next,
                "bonus_dice_next": self.bonus_dice_next, "roles": list(self.roles), "hand": self.hand,
                "marshal_challenges": self.marshal_challenges, "inventor_die": self.inventor_die,
                "inventor_turned": self.inventor_turned, "carnival_die": self.carnival_die, "carnival_at": self.carnival_at,
                "tokens_used": dict(self.tokens_used),
                "characters": {c.id: {"hat": c.hat, "gunfight": dict(c.gunfight), "wounds": c.wounds, "wanted": c.wanted,
                                      "captured": c.captured, "abilities_used": c.abilities_used,
                                      "challenged": c.challenged,
                                      "face_up": active.get(c.id, True) and not c.captured}
                               for c in self.characters}}

    def has_dice(self) -> bool:
        """Whether anything is left to place: a die, the Inventor die, a Carnival die not placed."""
        return bool(self.dice) or self.inventor_die is not None or (self.carnival_die is not None
                                                                    and self.carnival_at is None)

    def count(self, good: str) -> int:
        if good in ("white-hat", "black-hat"):
            return getattr(self.reputation, good.split("-")[0])
        if good == "any-reputation":
            return self.reputation.total
        if good == "influence":
            return self.reputation.influence
        if good == "silver":
            return self.goods.get("silver", 0) + self.reputation.silver
        if good == "wanted-token":
            return self.goods.get("wanted-token", 0) + self.reputation.wanted_tokens
        return self.goods.get(good, 0)
