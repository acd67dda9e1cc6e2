"""Goods: paying, gaining, Gold into Silver, the Influence trade (rulebook, Reputation and Influence).

What a player has and can pay (Gold converts to Silver "at any time"), paying and gaining Silver,
Gold, Reputation, Influence, resources, tokens and bonus dice, and the Influence trade ("At any
time, players may lose 1 Influence to gain any 4 Reputation"; rulebook, Reputation and Influence;
the Reputation track's own rules are in :mod:`.reputation`).
"""
from __future__ import annotations

from ..base import Tally
from .actions import Action, made
from .players import Player
from .reputation import REPUTATION_GOODS as _HATS, ReputationError, buy_reputation, can_collect, gain as gain_reputation


class Goods:
    """The state's goods: what a player can pay, paying, gaining, and the Influence trade."""

    def _trades(self, player: Player) -> list[Action]:
        """"At any time, players may lose 1 Influence to gain any 4 Reputation" (offered on the
        player's own decisions in the Placement and Collection Phases)."""
        trade = self.rules.influence_for_reputation
        if player.reputation.influence < trade["pay_influence"] or not trade["gain_reputation"]:
            return []
        return [made("trade-influence", target=hat) for hat in ("white", "black")
                if can_collect(player.reputation, hat, trade["gain_reputation"])]

    def can_pay(self, player: Player, cost: dict) -> bool:
        for good, amount in cost.items():     # all(), without a generator: asked for every option listed
            if isinstance(amount, int) and self._have(player, good) < amount:
                return False
        return True

    def _have(self, player: Player, good: str) -> int:
        if good == "silver":  # Gold converts to Silver at any time
            return player.count("silver") + player.goods.get("gold", 0) * self.rules.silver_per_gold
        return player.count(good)

    def _trade(self, player: Player, action: Action) -> None:
        trade = self.rules.influence_for_reputation
        player.reputation = buy_reputation(player.reputation, action.target, self.game.reputation_rules)
        self.event("trade-influence", player.name, hat=action.target, influence=trade["pay_influence"],
                   reputation=trade["gain_reputation"])

    def _pay(self, player: Player, good: str, amount: int) -> None:
        if not amount:  # `cost: {silver: 0}`: nothing to pay (the player may hold no Silver at all)
            return
        if good == "silver":
            short = amount - player.goods.get("silver", 0)
            if short > 0:  # break Gold into Silver
                rate = self.rules.silver_per_gold
                gold = -(-short // rate)
                player.goods["gold"] -= gold
                player.goods["silver"] = player.goods.get("silver", 0) + gold * rate
                self.event("convert", player.name, gold=gold, silver=gold * rate)
            player.goods["silver"] = player.goods.get("silver", 0) - amount
        elif good in ("white-hat", "black-hat", "any-reputation"):
            rep = player.own_reputation()
            for _ in range(amount):
                hat = good.split("-")[0] if good != "any-reputation" else ("white" if rep.white else "black")
                setattr(rep, hat, getattr(rep, hat) - 1)
        elif good == "influence":
            player.own_reputation().influence -= amount
        else:
            player.goods[good] = player.goods.get(good, 0) - amount
        self.event("pay", player.name, good=good, amount=amount)

    def _gain(self, player: Player, good: str, amount: int) -> None:
        if not amount:
            return
        if good in _HATS:
            hat = _HATS[good] or player.reputation.status or "white"
            try:
                player.reputation = gain_reputation(player.reputation, hat, amount)
            except ReputationError as exc:
                self.event("refused", player.name, good=good, reason=str(exc))
                return
        elif good == "influence":
            player.own_reputation().influence += amount
        elif good == "bonus-die":
            player.bonus_dice_next += amount
        else:
            player.goods[good] = player.goods.get(good, 0) + amount
        if self.log.__class__ is Tally:         # a rollout's log only counts its events
            self.log.n += 1
        else:
            self.event("gain", player.name, good=good, amount=amount)
