"""Reputation (Rebels & Rogues): White and Black Hat tokens, status, characters and scoring.

Facts from the rules text:

* Tokens of the two types cancel one for one; a player never holds both (unless a scenario says so:
  Wild Wild West lets players keep both without cancelling).
* The status (White Hat, Black Hat or none) turns hired characters of the opposite type face down
  (inactive); Neutral characters never become inactive.
* 1 Victory Point per 4 Reputation at the end; at any time, 1 Influence buys any 4 Reputation.
* Discarding a character of the opposite type from hand gives 1 Reputation and 1 Silver, and a
  White Hat player discarding a Black Hat character also gets a Wanted token.
* The Preacher may not collect Black Hat Reputation. The Charlatan may not *own* a type, but may
  take actions that make him collect it (FAQ 2). The FAQ names Black Hat, yet its example (with 2
  or 3 Black Hat tokens he may still claim Marshal, "as he will not have White Hat tokens when it
  resolves") only works for White Hat; the text contradicts itself, so the owned type is data
  (``may_not_own``) and the character document says so.
"""
from __future__ import annotations

from dataclasses import dataclass, field

TOKENS_PER_VICTORY_POINT = 4
REPUTATION_PER_INFLUENCE = 4
OPPOSITE = {"white": "black", "black": "white"}


class ReputationError(ValueError):
    """An action the reputation rules forbid."""


@dataclass
class Reputation:
    """A player's Reputation tokens and hired characters (id -> hat)."""

    white: int = 0
    black: int = 0
    influence: int = 0
    silver: int = 0
    wanted_tokens: int = 0
    hired: dict[str, str] = field(default_factory=dict)
    may_not_collect: str | None = None  # the Preacher: "black"
    may_not_own: str | None = None      # the Charlatan (see the module note)
    both_types: bool = False            # Wild Wild West: keep both types, no cancelling

    def copy(self) -> "Reputation":
        return Reputation(self.white, self.black, self.influence, self.silver, self.wanted_tokens, dict(self.hired),
                          self.may_not_collect, self.may_not_own, self.both_types)

    @property
    def status(self) -> str | None:
        if self.both_types:
            return None
        return "white" if self.white else "black" if self.black else None

    @property
    def total(self) -> int:
        return self.white + self.black

    def active(self) -> dict[str, bool]:
        """Which hired characters are face up: those not of the opposite type (Neutral always)."""
        status = self.status
        return {name: hat == "neutral" or status is None or hat == status or self.both_types
                for name, hat in self.hired.items()}

    def victory_points(self) -> int:
        return self.total // TOKENS_PER_VICTORY_POINT


def gain(rep: Reputation, hat: str, amount: int) -> Reputation:
    """Receive ``amount`` tokens of ``hat`` ("white" or "black"), cancelling the opposite type.

    The rulebook's example: 3 White Hat tokens, then 2 Black Hat tokens, leave 1 White Hat.

    >>> r = gain(Reputation(white=3), "black", 2)
    >>> (r.white, r.black)
    (1, 0)
    """
    if hat not in OPPOSITE:
        raise ReputationError(f"a Reputation token is white or black, not {hat!r}")
    if hat == rep.may_not_collect:
        raise ReputationError(f"this player may not collect {hat.title()} Hat Reputation")
    rep = rep.copy()
    if rep.both_types:
        setattr(rep, hat, getattr(rep, hat) + amount)
    else:
        other = OPPOSITE[hat]
        cancelled = min(getattr(rep, other), amount)
        setattr(rep, other, getattr(rep, other) - cancelled)
        setattr(rep, hat, getattr(rep, hat) + amount - cancelled)
    if rep.may_not_own and getattr(rep, rep.may_not_own):
        raise ReputationError(f"this player cannot own {rep.may_not_own.title()} Hat Reputation")
    return rep


def can_collect(rep: Reputation, hat: str, amount: int) -> bool:
    """Whether collecting ``amount`` of ``hat`` is allowed: not for a type the player may not
    collect, nor when the player would end up owning a type they may not own.

    >>> can_collect(Reputation(black=2, may_not_own="white"), "white", 2)   # FAQ 2's example
    True
    >>> can_collect(Reputation(black=1, may_not_own="white"), "white", 2)
    False
    """
    try:
        gain(rep, hat, amount)
    except ReputationError:
        return False
    return True


def buy_reputation(rep: Reputation, hat: str) -> Reputation:
    """Lose 1 Influence to gain any 4 Reputation (allowed at any time)."""
    if rep.influence < 1:
        raise ReputationError("no Influence to spend")
    rep = gain(rep, hat, REPUTATION_PER_INFLUENCE)
    rep.influence -= 1
    return rep


def discard_opposite(rep: Reputation, character_hat: str) -> Reputation:
    """Discard a character from hand whose hat is opposite the player's status."""
    status = rep.status
    if character_hat == "neutral":
        raise ReputationError("Neutral characters cannot be discarded for a reward")
    if status is None or character_hat != OPPOSITE[status]:
        raise ReputationError(f"only a character opposite your status ({status or 'none'}) can be discarded this way")
    rep = gain(rep, status, 1)
    rep.silver += 1
    if status == "white" and character_hat == "black":
        rep.wanted_tokens += 1
    return rep


def hire(rep: Reputation, name: str, hat: str) -> Reputation:
    rep = rep.copy()
    rep.hired[name] = hat
    return rep
