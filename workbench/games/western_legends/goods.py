"""What a Western Legends player holds and pays: money, gold nuggets, wounds, poker cards.

The State's part that plays the rulebook's *General Rules* limits (``max_money``,
``max_gold_nuggets``, ``max_wounds``), every gain and cost as the YAML writes it (a goods bag: a
gain the vocabulary cannot give, or a cost it cannot pay, is logged ``not-played``), and the poker
cards a player discards (the lowest first, by the ``fight_card_played`` policy) into the discard pile.
"""
from __future__ import annotations


from .pieces import VOCABULARY, Player, _without


class Goods:
    """Goods gained, paid and discarded (rulebook: *General Rules*)."""

    def _money(self, p: Player, amount: int) -> None:
        p.money = max(0, min(self.rules.max_money, p.money + amount))

    def _nuggets(self, p: Player, amount: int) -> None:
        p.nuggets = max(0, min(self.rules.max_gold_nuggets, p.nuggets + amount))

    def _gain(self, p: Player, goods: dict) -> None:
        """Rewards and penalties as the YAML writes them (a goods bag)."""
        for good, amount in goods.items():
            if not amount:
                continue
            if good == "money":
                self._money(p, amount)
            elif good == "legend-points":
                p.lp += amount
            elif good == "gold-nugget":
                self._nuggets(p, amount)
            elif good == "wound":
                p.wounds = min(self.rules.max_wounds, p.wounds + amount)
            elif good == "poker-card":
                self._push(("draw", "hand", self.players.index(p), amount))
            elif good == "marshal-point":
                self._track(p, "marshal", amount)
            elif good == "wanted-point":
                self._track(p, "wanted", amount)

    def _affords(self, p: Player, cost: dict) -> bool:
        have = {"money": p.money, "legend-points": p.lp, "gold-nugget": p.nuggets, "poker-card": len(p.hand)}
        return all(not isinstance(n, int) or have.get(good, n) >= n for good, n in cost.items())

    def _pay(self, p: Player, cost: dict) -> None:
        for good, n in cost.items():
            if not isinstance(n, int) or not n:
                continue
            if good == "money":
                self._money(p, -n)
            elif good == "legend-points":
                p.lp -= n
            elif good == "gold-nugget":
                self._nuggets(p, -n)
            elif good == "poker-card":
                self._discard_from_hand(p, n)
            else:
                self.event("not-played", p.name, effect=f"paying {good}", why=VOCABULARY.unpayable_reason)

    def _gain_as_written(self, p: Player, gain: dict) -> None:
        """A gain (a plain action's, an ability's, a story card's reward): what the vocabulary can
        give is given, anything else is logged as not played (``validate`` warns at its line)."""
        gain = {g: n for g, n in gain.items() if isinstance(n, int)}
        for good in sorted(set(gain) - VOCABULARY.gainable):
            self.event("not-played", p.name, effect=f"gaining {good}", why=VOCABULARY.ungainable_reason)
        self._gain(p, {g: n for g, n in gain.items() if g in VOCABULARY.gainable})

    def _discard(self, cards) -> None:
        if not cards:
            return
        pile = self._pile("poker_discard")
        for card in cards:
            pile[card] = pile.get(card, 0) + 1

    def _discard_from_hand(self, p: Player, n: int) -> list[str]:
        """A player discards ``n`` cards: the ones they would play last."""
        worst = min if self.rules.fight_card_played == "highest" else max
        out = []
        for _ in range(min(n, len(p.hand))):
            card = worst(p.hand, key=lambda c: (self.game.value[c], c))
            p.hand = _without(p.hand, card)
            out.append(card)
        self._discard(out)
        return out
