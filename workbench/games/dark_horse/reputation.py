"""Reputation (Rebels & Rogues): White and Black Hat tokens, status, characters and scoring.

Facts from the rules text:

* Tokens of the two types cancel one for one; a player never holds both (unless a scenario says so:
  Wild Wild West lets players keep both without cancelling).
* The status (White Hat, Black Hat or none) turns hired characters of the opposite type face down
  (inactive); Neutral characters never become inactive.
* 1 Victory Point per 4 Reputation at the end; at any time, 1 Influence buys any 4 Reputation.
* Discarding a character of the opposite type from hand gives 1 Reputation and 1 Silver, and a
  White Hat player discarding a Black Hat character also gets a Wanted token.

Every number above is a parameter of the resolved ruleset (:class:`ReputationRules`); the
published values are in ``variants/dark-horse/rebels-and-rogues/rules.yaml``.
* The Preacher may not collect Black Hat Reputation. The Charlatan may not *own* a type, but may
  take actions that make him collect it (FAQ 2). The FAQ names Black Hat, yet its example (with 2
  or 3 Black Hat tokens he may still claim Marshal, "as he will not have White Hat tokens when it
  resolves") only works for White Hat; the text contradicts itself, so the owned type is data
  (``may_not_own``) and the character document says so.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ...core.errors import RuleViolation

OPPOSITE = {"white": "black", "black": "white"}
#: the Reputation goods of a reward and the hat each gives (any-reputation: the player's status)
REPUTATION_GOODS = {"white-hat": "white", "black-hat": "black", "any-reputation": None}


@dataclass(frozen=True)
class ReputationRules:
    """The reputation numbers in force, from the resolved Dark Horse ruleset."""

    per_victory_point: int
    influence_pays: int
    influence_buys: int
    both_types: bool
    discard_reward: dict
    white_discarding_black_extra: dict

    @classmethod
    def from_ruleset(cls, rules) -> "ReputationRules":
        trade = rules.influence_for_reputation
        return cls(rules.reputation_per_victory_point, trade["pay_influence"], trade["gain_reputation"],
                   rules.reputation_both_types, dict(rules.discard_opposite_reward),
                   dict(rules.white_hat_discarding_black_hat_extra))

    @classmethod
    def published(cls) -> "ReputationRules":
        from ...rules.dark_horse import published_ruleset
        return cls.from_ruleset(published_ruleset())


class ReputationError(RuleViolation):
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
        new = object.__new__(Reputation)
        d = new.__dict__ = self.__dict__.copy()
        d["hired"] = self.hired.copy()
        return new

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

    def victory_points(self, rules: ReputationRules) -> int:
        """``rules.per_victory_point`` tokens make 1 victory point; the rest are ignored."""
        return self.total // rules.per_victory_point


def gain(rep: Reputation, hat: str, amount: int) -> Reputation:
    """Receive ``amount`` tokens of ``hat`` ("white" or "black"), cancelling the opposite type.

    The rulebook's example: 3 White Hat tokens, then 2 Black Hat tokens, leave 1 White Hat.

    >>> r = gain(Reputation(white=3), "black", 2)
    >>> (r.white, r.black)
    (1, 0)
    """
    other = OPPOSITE.get(hat)
    if other is None:
        raise ReputationError(f"a Reputation token is white or black, not {hat!r}")
    if hat == rep.may_not_collect:
        raise ReputationError(f"this player may not collect {hat.title()} Hat Reputation")
    rep = rep.copy()
    d = rep.__dict__            # the fields by name (a search gains Reputation at most steps)
    if d["both_types"]:
        d[hat] += amount
    else:
        have = d[other]
        cancelled = have if have < amount else amount
        d[other] = have - cancelled
        d[hat] += amount - cancelled
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


def buy_reputation(rep: Reputation, hat: str, rules: ReputationRules) -> Reputation:
    """Lose Influence to gain Reputation (allowed at any time): 1 buys any 4 in the published rules."""
    if rep.influence < rules.influence_pays:
        raise ReputationError("not enough Influence to spend")
    rep = gain(rep, hat, rules.influence_buys)
    rep.influence -= rules.influence_pays
    return rep


def discard_opposite(rep: Reputation, character_hat: str, rules: ReputationRules) -> Reputation:
    """Discard a character from hand whose hat is opposite the player's status: the reward, and
    the extra one for a White Hat discarding a Black Hat, come from the ruleset."""
    status = rep.status
    if character_hat == "neutral":
        raise ReputationError("Neutral characters cannot be discarded for a reward")
    if status is None or character_hat != OPPOSITE[status]:
        raise ReputationError(f"only a character opposite your status ({status or 'none'}) can be discarded this way")
    reward = dict(rules.discard_reward)
    if status == "white" and character_hat == "black":
        for good, amount in rules.white_discarding_black_extra.items():
            reward[good] = reward.get(good, 0) + amount
    rep = rep.copy()
    for good, hat in REPUTATION_GOODS.items():      # any-reputation: the player's status (one the discard requires)
        if reward.get(good):
            rep = gain(rep, hat or status, reward.pop(good))
        reward.pop(good, None)
    rep.silver += reward.pop("silver", 0)
    rep.wanted_tokens += reward.pop("wanted-token", 0)
    if reward:
        raise ReputationError(f"the discard reward names goods the reputation rules do not hold: {', '.join(reward)}")
    return rep


def hire(rep: Reputation, name: str, hat: str) -> Reputation:
    rep = rep.copy()
    rep.hired[name] = hat
    return rep
