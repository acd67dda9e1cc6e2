"""Western Legends fights and wounds: duels, robberies, arrests, bandits, fight cards.

The State's part that plays the rulebook's *Fight Another Player* (duel, rob, arrest: the cards
played by ``fight_card_played``, values reduced by the opponent's weapon to no less than
``minimum_reduced_value``, ties ``fight_ties_to``, the loser's ``fight_loser``; the rewards
``duel_reward_lp``, ``rob_reward_wanted`` with ``rob_steal`` / ``robber_takes`` /
``rob_steals_cattle``, ``arrest_reward_marshal`` with ``arrest_loss`` and ``arrest_moves_sheriff``), the fight deck (drawn
cards chosen by ``fight_card_chosen``, ties ``fight_deck_ties_to``, returned to the bottom in
random order), *Fighting a Bandit* (``bandit_loser``, ``bandit_reward_choice``) and the
vocabulary's ``lose-wounds`` effect.
"""
from __future__ import annotations


from .pieces import VOCABULARY, Action, Player, _less, _share, _without


class Fights:
    """Fights, the fight deck and wounds (rulebook: *Fight Another Player*, *Bandits*)."""

    def _fights(self, p: Player) -> list[Action]:
        actions = []
        for other in self.players:
            if other is not p and other.at == p.at and other.name not in p.fought:
                actions.append(Action("duel", other.name))
                actions.append(Action("rob", other.name))
                if p.marshal >= 1 and other.wanted >= 1:
                    actions.append(Action("arrest", other.name))
        return actions

    def _do_duel(self, p, target):
        self._player_fight(p, target, "duel")

    def _do_rob(self, p, target):
        self._player_fight(p, target, "rob")

    def _do_arrest(self, p, target):
        self._player_fight(p, target, "arrest")

    def _player_fight(self, p: Player, target_name: str, kind: str) -> None:
        rules = self.rules
        target = self.player(target_name)
        p.fought += (target.name,)
        a_card = self._play_card(p)
        b_card = self._play_card(target)          # the target declines only with no card
        a, b = self._fight_value(a_card, target), self._fight_value(b_card, p)
        won = b_card is None or a > b or (a == b and rules.fight_ties_to == "active")
        self.event("fight", p.name, kind=kind, target=target.name, cards=[a_card, b_card], values=[a, b],
                   winner=p.name if won else target.name)
        self._gain(target if won else p, rules.fight_loser)
        if not won:
            return
        if kind == "duel":
            p.lp += rules.duel_reward_lp
        elif kind == "rob":
            self._track(p, "wanted", rules.rob_reward_wanted)
            self._rob(p, target)
        elif kind == "arrest":
            self._track(p, "marshal", rules.arrest_reward_marshal)
            self._arrested(target, sheriff_too=rules.arrest_moves_sheriff)

    def _rob(self, p: Player, target: Player) -> None:
        rules = self.rules
        money, nuggets = _share(target.money, rules.rob_steal), _share(target.nuggets, rules.rob_steal)
        worth = nuggets * rules.nugget_price.get("money", 0)
        takes = rules.robber_takes
        if takes == "more-valuable":
            takes = "money" if money >= worth else "gold-nuggets"
        if takes == "money":
            self._money(target, -money)
            self._money(p, money)
        else:
            self._nuggets(target, -nuggets)
            self._nuggets(p, nuggets)
        cattle = []
        for _ in range(rules.rob_steals_cattle):
            if target.cattle and len(p.cattle) < rules.max_cattle_tokens:
                cattle.append(target.cattle[0])
                target.cattle = target.cattle[1:]
        p.cattle = (*p.cattle, *cattle)
        self.event("robbed", p.name, target=target.name, took=takes, money=money if takes == "money" else 0,
                   nuggets=nuggets if takes != "money" else 0, cattle=len(cattle))

    def _arrested(self, target: Player, sheriff_too: bool = True) -> None:
        """The arrested player goes to the sheriff's office; ``sheriff_too``: the sheriff with them
        (always after the sheriff's own arrest, which takes the sheriff back either way)."""
        rules = self.rules
        target.at = self.game.office
        if sheriff_too:
            self.sheriff = self.game.office
        target.wanted = 0
        for token, ranch in target.cattle:         # cattle go back to their ranches
            self.cattle = {**self.cattle, ranch: _less(self.cattle[ranch], token, -1)}
        target.cattle = ()
        self._money(target, -_share(target.money, rules.arrest_loss))
        self._nuggets(target, -_share(target.nuggets, rules.arrest_loss))
        self.event("arrested", target.name, money=target.money, nuggets=target.nuggets)

    def _play_card(self, p: Player) -> str | None:
        """The card a player plays in a fight (the ``fight_card_played`` policy)."""
        if not p.hand:
            return None
        pick = max if self.rules.fight_card_played == "highest" else min
        card = pick(p.hand, key=lambda c: (self.game.value[c], c))
        p.hand = _without(p.hand, card)
        self._discard([card])
        return card

    def _fight_value(self, card: str | None, opponent: Player | None) -> int:
        if card is None:
            return 0
        value = self.game.value[card]
        weapon = self.game.items.get(opponent.weapon) if opponent is not None and opponent.weapon else None
        reduction = weapon.get("fight_reduction", 0) if weapon else 0
        floor = self.rules.minimum_reduced_value
        return max(floor, value - reduction) if value > floor else value

    def _reduced(self, value: int, holder: Player) -> int:
        """A fight card's value after ``holder``'s active weapon: "Reveal both cards and then apply
        effects from characters, items, etc." (bandits, the bank guard, the sheriff); values are
        never reduced below ``minimum_reduced_value`` ("Values can only be reduced to the rank of 2")."""
        weapon = self.game.items.get(holder.weapon) if holder.weapon else None
        reduction = weapon.get("fight_reduction", 0) if weapon else 0
        floor = self.rules.minimum_reduced_value
        return max(floor, value - reduction) if value > floor else value

    def _fight_deck_card(self) -> int:
        """The fight card played from those drawn (``fight_card_chosen``); 0 when none was drawn."""
        if not self.drawn:
            return 0
        return max(self.drawn) if self.rules.fight_card_chosen == "highest" else min(self.drawn)

    def _return_fight_cards(self) -> None:
        """Drawn fight cards go to the bottom of the deck in random order: a new pile."""
        if self.drawn:
            self.fight_deck = self.fight_deck + (tuple(self.drawn.count(v) for v in self.game.fight_values),)
            self.drawn = []

    def _beats_fight_deck(self, mine: int, theirs: int) -> bool:
        return mine > theirs or (mine == theirs and self.rules.fight_deck_ties_to == "player")

    def _step_resolve_bandit(self, seat: int) -> None:
        rules = self.rules
        p = self.players[seat]
        drawn = self._fight_deck_card()
        bandit = self._reduced(drawn, p)
        card = self._play_card(p)
        mine = self._fight_value(card, None)
        won = self._beats_fight_deck(mine, bandit)
        self.bandits = [b for b in self.bandits if b != p.at]      # removed whatever the outcome
        self.event("bandit-fight", p.name, card=card, bandit=bandit, bandit_card=drawn, weapon=p.weapon,
                   drawn=list(self.drawn), won=won)
        self._return_fight_cards()
        if not won:
            self._gain(p, rules.bandit_loser)
        elif rules.bandit_reward_choice == "marshal-point-unless-wanted" and not p.wanted:
            self._track(p, "marshal", rules.bandit_reward_marshal)
        else:
            p.lp += rules.bandit_reward_lp


@VOCABULARY.handler("lose-wounds")
def _lose_wounds(state: Fights, p: Player, spec: dict, where: str) -> None:
    lost, p.wounds = p.wounds, 0
    state.event("lose-wounds", p.name, wounds_lost=lost, at=where)
