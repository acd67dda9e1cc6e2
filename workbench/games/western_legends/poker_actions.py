"""Playing poker at the Western Legends Saloon: who joins, the draws, the pot.

The State's part that plays the rulebook's *Play Poker (Saloon)*: the active player pays
``poker_ante``; every other player in the same town with the ante and a card of
``poker_join_min_card`` or better joins; alone, the dealer plays (``dealer_draws``); each seat
draws ``ante_cards``, the flop is ``flop_cards``; the best saloon hand (at most
``hand_cards_used_max`` hand cards) wins the pot with ``house_adds`` and ``poker_win_lp`` LP (ties:
``poker_ties_to``, ``tied_pot_rounding``); the played cards and the flop are discarded. The hands
and their ranking are :mod:`.poker`'s.
"""
from __future__ import annotations

from itertools import combinations

from .pieces import Action, Player, _share, _without
from .poker import best_saloon_hand, evaluate


class PokerActions:
    """A poker game at the Saloon (rulebook: *Play Poker (Saloon)*)."""

    def _offer_play_poker(self, p: Player) -> list[Action]:
        return [Action("poker")] if p.money >= self.rules.poker_ante else []

    def _do_poker(self, p: Player, _) -> None:
        rules, game = self.rules, self.game
        town = game.in_town.get(p.at)
        self._money(p, -rules.poker_ante)
        seats = [self.turn]
        for i, other in enumerate(self.players):
            if other is not p and town and game.in_town.get(other.at) == town and other.money >= rules.poker_ante \
                    and any(game.value[c] >= rules.poker_join_min_card for c in other.hand):
                self._money(other, -rules.poker_ante)
                seats.append(i)
        pot = rules.poker_ante * len(seats) + rules.house_adds
        self.table = {"seats": tuple(seats), "pot": pot, "flop": (), "dealer": None if len(seats) > 1 else ()}
        steps = [("draw", "hand", seat, rules.ante_cards) for seat in seats]
        if len(seats) == 1:
            steps.append(("draw", "dealer", None, rules.dealer_draws))
        steps += [("draw", "flop", None, rules.flop_cards), ("resolve-poker",)]
        self._push(*steps)

    def _step_resolve_poker(self) -> None:
        rules, table = self.rules, self.table
        p = self.players[self.turn]
        flop = table["flop"]
        hands = {self.players[s].name: best_saloon_hand(self.players[s].hand, flop, self.game.poker_rules,
                                                        rules.hand_cards_used_max) for s in table["seats"]}
        if table["dealer"] is not None:
            hands["dealer"] = best_saloon_hand(table["dealer"], flop, self.game.poker_rules, rules.hand_cards_used_max)
        best = max(hands.values())
        winners = [n for n, v in hands.items() if v == best]
        pot = table["pot"]
        if p.name in winners and (len(winners) == 1 or rules.poker_ties_to == "active"):
            self._money(p, pot)
            p.lp += rules.poker_win_lp
            outcome = p.name
        elif winners == ["dealer"]:
            outcome = "dealer"       # nobody is rewarded; the money returns to the supply
        else:
            players = [n for n in winners if n != "dealer"]
            share = _share(pot, {"divide_by": len(players), "rounding": rules.tied_pot_rounding})
            for name in players:
                self._money(self.player(name), share)
            outcome = "+".join(players)
        # "all played poker cards are discarded, including the flop": each player's hand cards in
        # their best hand (the fewest that make it, lowest first), the dealer's cards and the flop
        for s in table["seats"]:
            seat = self.players[s]
            played = self._played_cards(seat.hand, flop, hands[seat.name])
            for card in played:
                seat.hand = _without(seat.hand, card)
            self._discard(played)
        self._discard((*flop, *(table["dealer"] or ())))
        dealer = None if table["dealer"] is None else list(table["dealer"])
        self.event("poker", p.name, seats=[self.players[s].name for s in table["seats"]], flop=list(flop),
                   dealer=dealer, hands={n: v.name for n, v in hands.items()}, pot=pot, winner=outcome)
        self.table = None

    def _played_cards(self, hand: list[str], flop: list[str], best) -> list[str]:
        for k in range(0, self.rules.hand_cards_used_max + 1):
            if k == 0 and not flop:
                continue
            for combo in combinations(sorted(hand, key=lambda c: (self.game.value[c], c)), k):
                if evaluate(list(flop) + list(combo), self.game.poker_rules) == best:
                    return list(combo)
        return []
