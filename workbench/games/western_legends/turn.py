"""A Western Legends turn's frame: the start-of-turn choice, work, card actions, the end of turn.

The State's part that plays the rulebook's *Start of Turn Phase* (one of
``start_of_turn_choices``; the mount and weapon in use), the *Action Phase*'s *Work* (``work_money``)
and *Use A Card Action* (a poker card's ``card_actions`` ability, played by the vocabulary's
handler; at most ``max_reputation_cards_per_turn`` reputation cards), and the *End of Turn Phase*:
the hand size (``hand_size``, ``hand_size_per_wound``), the wanted row's LP
(``wanted_row_lp_per_turn``), the end trigger at ``game_lengths`` LP and its ``final_rounds``, the
next turn and the round cap given to the game.
"""
from __future__ import annotations


from .pieces import VOCABULARY, Action, Player, _without


class Turn:
    """The turn's frame (rulebook: *Gameplay*: Start of Turn, Work, card actions, End of Turn)."""

    def _start_turn(self, p: Player, index: int) -> None:
        rules, items = self.rules, self.game.items
        choice = rules.start_of_turn_choices[index]
        self._money(p, choice.get("money", 0))
        if choice.get("poker-card"):
            self._push(("draw", "hand", self.turn, choice["poker-card"]))
        mounts = [i for i in p.items if items[i].get("type") == "mount"]
        weapons = [i for i in p.items if items[i].get("type") == "weapon"]
        p.mount = max(mounts, key=lambda i: (items[i].get("movement", 0), i), default=None)
        p.weapon = max(weapons, key=lambda i: (items[i].get("fight_reduction", 0), i), default=None)
        p.fought, p.reputation_cards_played, p.discs_this_turn = (), 0, 0
        self.event("start-of-turn", p.name, choice=dict(choice), mount=p.mount, weapon=p.weapon)
        self.step, self.actions_left = "actions", rules.actions_per_turn

    def _work(self, p: Player) -> list[Action]:
        return [Action("work")]

    def _do_work(self, p: Player, _) -> None:
        self._money(p, self.rules.work_money)
        self.event("work", p.name, money=p.money)

    def _card_actions(self, p: Player) -> list[Action]:
        rules, actions = self.rules, []
        for card in sorted(set(p.hand)):
            ability = rules.card_actions.get(card)
            if ability is None:
                continue
            if ability in rules.reputation_cards and p.reputation_cards_played >= rules.max_reputation_cards_per_turn:
                continue
            if not self._offered(ability, p):
                continue
            actions.append(Action("card-action", card))
        return actions

    def _do_card_action(self, p: Player, card: str) -> None:
        rules = self.rules
        ability = rules.card_actions[card]
        p.hand = _without(p.hand, card)
        self._discard([card])
        if ability in rules.reputation_cards:
            p.reputation_cards_played += 1
        self.event("card-action", p.name, card=card, ability=ability)
        handler = VOCABULARY.handlers.get(ability) if VOCABULARY.played(ability) else None
        if handler is None:         # the ruleset's schema allows only played ones; never silent all the same
            self.event("not-played", p.name, effect=ability, at=card, why=VOCABULARY.why_not_played(ability))
            return
        handler(self, p, {"effect": ability}, card)

    def _step_hand_limit(self, seat: int) -> None:
        p = self.players[seat]
        limit = max(0, self.rules.hand_size + self.rules.hand_size_per_wound * p.wounds)
        if len(p.hand) > limit:
            self._discard_from_hand(p, len(p.hand) - limit)

    def _step_wanted_lp(self, seat: int) -> None:
        p = self.players[seat]
        if p.wanted:
            p.lp += self.rules.wanted_row_lp_per_turn[self._row(p.wanted)]
        self.event("end-of-turn", p.name, lp=p.lp, money=p.money, wounds=p.wounds, marshal=p.marshal, wanted=p.wanted)

    def _step_end_check(self, seat: int) -> None:
        """End of Turn Phase, step 4: "If anyone meets or exceeds the amount of LP set for game end,
        the end game is triggered" (anyone: LP also come on other players' turns, e.g. a story card)."""
        if self.final_round is not None:
            return
        reached = [p for p in self.players if p.lp >= self.end_lp]
        if reached:
            self.final_round = self.round + self.rules.final_rounds
            self.event("end-triggered", reached[0].name, final_round=self.final_round,
                       reached=[p.name for p in reached], turn_of=self.players[seat].name)

    def _step_next_turn(self) -> None:
        self.turn = (self.turn + 1) % len(self.players)
        self.step = "start"
        if self.turn == self.first:
            self.round += 1
            if self.final_round is not None:
                # a triggered end plays its final round(s) whatever the cap: the cap only stops a
                # game whose end never comes
                if self.round > self.final_round:
                    self._finish("the end was triggered and the final round played")
                else:
                    self.event("round", None, first=self.players[self.first].name)
            elif self.round > self.max_rounds:
                self._finish(f"{self.max_rounds} round(s) played (the limit given); the end was not triggered")
            else:
                self.event("round", None, first=self.players[self.first].name)
