"""The Western Legends location actions: what each location offers and how it plays.

The State's part that plays the rulebook's *Take a Location Action*, every activity named by its
location's YAML effects (no location id here): *Prospect for Gold* (``prospecting_dice``,
``symbol_rewards``, ``reroll_symbols``), *Deposit Nuggets* (``nugget_price``), *Heist*
(``heist_fight_cards_drawn`` against the bank guard, ``heist_win`` / ``heist_loss``), *Heal*
(``heal_cost``, ``heal_cards_per_wound``), *Revel* (``revel_options``), *Acquire Cattle*
(``cattle_tokens_taken``, ``max_cattle_tokens``); and a designer's plain location action: its
cost, gain and effects as written (what the vocabulary does not play is logged ``not-played``).
The General Store is in :mod:`.items`, the Saloon's poker in :mod:`.poker_actions`.
"""
from __future__ import annotations


from .pieces import VOCABULARY, Action, Player


class Locations:
    """Location actions (rulebook: *Take a Location Action*)."""

    def _offer_prospect(self, p: Player) -> list[Action]:
        return [Action("prospect")] if self.rules.prospecting_dice else []

    def _do_prospect(self, p: Player, _) -> None:
        self._push(*[("die", self.turn)] * self.rules.prospecting_dice)

    def _prospected(self, p: Player, face: str) -> None:
        self.event("prospect-die", p.name, face=face)
        self._gain(p, self.rules.symbol_rewards.get(face, {}))
        if face in self.rules.reroll_symbols:
            self._push(("die", self.players.index(p)))

    def _offer_deposit_nuggets(self, p: Player) -> list[Action]:
        return [Action("deposit")] if p.nuggets else []

    def _do_deposit(self, p: Player, _) -> None:
        n, p.nuggets = p.nuggets, 0
        price = self.rules.nugget_price
        self._gain(p, {good: amount * n for good, amount in price.items()})
        self.event("deposit", p.name, nuggets=n)

    def _offer_heist(self, p: Player) -> list[Action]:
        return [Action("heist")]

    def _do_heist(self, p: Player, _) -> None:
        self._push(*[("fight-card",)] * self.rules.heist_fight_cards_drawn, ("resolve-heist", self.turn))

    def _step_resolve_heist(self, seat: int) -> None:
        p = self.players[seat]
        drawn = self._fight_deck_card()
        guard = self._reduced(drawn, p)
        card = self._play_card(p)
        mine = self._fight_value(card, None)
        won = self._beats_fight_deck(mine, guard)
        self.event("heist", p.name, card=card, guard=guard, guard_card=drawn, weapon=p.weapon, drawn=list(self.drawn),
                   won=won)
        self._return_fight_cards()
        self._gain(p, self.rules.heist_win if won else self.rules.heist_loss)

    def _offer_heal(self, p: Player) -> list[Action]:
        return [Action("heal")] if p.wounds and p.money >= self.rules.heal_cost else []

    def _do_heal(self, p: Player, _) -> None:
        lost, p.wounds = p.wounds, 0
        self._money(p, -self.rules.heal_cost)
        self.event("heal", p.name, wounds_lost=lost)
        self._gain(p, {"poker-card": lost * self.rules.heal_cards_per_wound})

    def _offer_revel(self, p: Player) -> list[Action]:
        return [Action("revel", i) for i, option in enumerate(self.rules.revel_options) if p.money >= option["cost"]]

    def _do_revel(self, p: Player, index: int) -> None:
        option = self.rules.revel_options[index]
        self._money(p, -option["cost"])
        p.lp += option["lp"]
        self.event("revel", p.name, paid=option["cost"], lp=option["lp"])

    def _offer_take_cattle(self, p: Player) -> list[Action]:
        ok = len(p.cattle) < self.rules.max_cattle_tokens and any(self.cattle.get(p.at, ()))
        return [Action("take-cattle")] if ok else []

    def _do_take_cattle(self, p: Player, _) -> None:
        room = self.rules.max_cattle_tokens - len(p.cattle)
        for _ in range(min(self.rules.cattle_tokens_taken, room)):
            self._push(("cattle", self.turn, p.at))

    def _plain_playable(self, spec: dict) -> bool:
        """Whether anything of a plain action or ability is played (what is not is a ``not-played``
        warning of ``validate``; an action of which nothing is played is not offered)."""
        words = VOCABULARY
        return any(g in words.gainable for g in spec.get("gain") or {}) or \
            any(g in words.payable for g in spec.get("cost") or {}) or \
            any(isinstance(e, dict) and words.played(e.get("effect")) and e.get("effect") in words.handlers
                for e in spec.get("effects") or [])

    def _play_spec(self, p: Player, spec: dict, where: str) -> None:
        """Pay, gain and play the effects of a plain action or ability, as written."""
        self._pay(p, spec.get("cost") or {})
        self._gain_as_written(p, spec.get("gain") or {})
        for effect in spec.get("effects") or []:
            name = effect.get("effect") if isinstance(effect, dict) else None
            handler = VOCABULARY.handlers.get(name) if VOCABULARY.played(name) else None
            if handler is None:
                self.event("not-played", p.name, effect=name, at=where, why=VOCABULARY.why_not_played(name))
                continue
            handler(self, p, effect, where)

    def _do_location_action(self, p: Player, target) -> None:
        location, index = target
        spec = self.game.location_documents[location]["actions"][index]
        self.event("location-action", p.name, location=location, action=index, text=spec.get("text"),
                   cost=dict(spec.get("cost") or {}), gain=dict(spec.get("gain") or {}))
        self._play_spec(p, spec, location)
