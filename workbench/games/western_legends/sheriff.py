"""The Western Legends sheriff: its movement toward the wanted and the arrest attempt.

The State's part that plays the rulebook's *Appendix: Bandits/Sheriff*: the sheriff moves toward a
wanted player (``sheriff_moves_toward``) along the shortest path; meeting a wanted player, it makes
them discard ``sheriff_discard`` cards and draws ``arrest_fight_cards_drawn`` fight cards: escaped,
it goes back to the office; else ``arrested_penalty`` and the arrest. Also the vocabulary's
``manhunt`` (``manhunt_sheriff_moves``) and ``move-sheriff`` effects.
"""
from __future__ import annotations


from .pieces import VOCABULARY, Player


class Sheriff:
    """The sheriff (rulebook: *Appendix: Bandits/Sheriff*)."""

    def _move_sheriff(self, steps: int) -> None:
        """Queue the sheriff's movement (as long as someone is wanted)."""
        wanted = [p for p in self.players if p.wanted]
        if not wanted or steps <= 0:
            return
        paths = []
        for p in wanted:
            path = self.game.path(self.sheriff, p.at)
            if path is not None:
                paths.append((p, path))
        if not paths:
            return
        if self.rules.sheriff_moves_toward == "most-wanted":
            _, path = min(paths, key=lambda pp: (-pp[0].wanted, len(pp[1]), self.players.index(pp[0])))
        else:
            _, path = min(paths, key=lambda pp: (len(pp[1]), self.players.index(pp[0])))
        self._push(("sheriff", tuple(path[1:steps + 1])))

    def _step_sheriff(self, path: tuple) -> None:
        for node in path:
            self.sheriff = node
            here = [p for p in self.players if p.at == node and p.wanted]
            if here:
                victim = here[0]
                discarded = self._discard_from_hand(victim, self.rules.sheriff_discard)
                self.event("sheriff", None, at=list(node), meets=victim.name, discarded=len(discarded))
                self._push(*[("fight-card",)] * self.rules.arrest_fight_cards_drawn,
                           ("resolve-arrest", self.players.index(victim)))
                return           # an arrest attempt ends the movement
        self.event("sheriff", None, at=list(self.sheriff))

    def _step_resolve_arrest(self, seat: int) -> None:
        p = self.players[seat]
        drawn = self._fight_deck_card()
        law = self._reduced(drawn, p)
        card = self._play_card(p)
        mine = self._fight_value(card, None)
        escaped = self._beats_fight_deck(mine, law)
        self.event("arrest-attempt", p.name, card=card, sheriff=law, sheriff_card=drawn, weapon=p.weapon,
                   drawn=list(self.drawn), escaped=escaped)
        self._return_fight_cards()
        if escaped:
            self.sheriff = self.game.office
        else:
            self._gain(p, self.rules.arrested_penalty)
            self._arrested(p)


@VOCABULARY.handler("manhunt")
def _manhunt(state: Sheriff, p: Player, spec: dict, where: str) -> None:
    state._move_sheriff(state.rules.manhunt_sheriff_moves)


@VOCABULARY.handler("move-sheriff")
def _move_sheriff(state: Sheriff, p: Player, spec: dict, where: str) -> None:
    state._move_sheriff(spec.get("steps", state.rules.manhunt_sheriff_moves))
