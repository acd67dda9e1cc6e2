"""Robbing: who may rob where, the robbery, and who answers it (rulebook, Robbing).

A Black Hat character that has used no ability this turn robs an action space with the Robbery icon
and Silver on it (it gets a Wanted token), a limited number of attempts per space; who answers with
a Challenge (a documented policy on the exact odds); what a successful robbery takes (rulebook,
Robbing; the Silver each collection leaves is in :mod:`.collection`, the gunfight in
:mod:`.challenges`).
"""
from __future__ import annotations

from fractions import Fraction

from .actions import Action, made
from .gunfight import exact_odds
from .players import Hired, Player


class Robbery:
    """The state's robberies: who may rob where, the robbery, and who answers it."""

    def _robberies(self, player: Player) -> list[Action]:
        """Robbing: a Black Hat character that has used no ability this turn may rob an action
        space with the Robbery icon and Silver on it; a limited number of attempts per space."""
        if not self.rules.black_hat_can_rob or not self.robbery_silver or not player.characters:
            return []
        active = player.reputation.active()
        out = []
        for space_id, silver in sorted(self.robbery_silver.items()):
            if silver <= 0 or self.robbery_attempts.get((player.name, space_id), 0) >= self.rules.robbery_attempts_per_space:
                continue
            for character in player.characters:
                if character.hat == "black" and not character.captured \
                        and character.abilities_used < self.rules.abilities_per_turn and active.get(character.id, True):
                    out.append(made("rob", space_id, character=character.id))
        return out

    def _rob(self, player: Player, action: Action) -> None:
        robber = next(c for c in player.characters if c.id == action.character)
        robber.abilities_used += 1
        key = (player.name, action.space)
        self.robbery_attempts[key] = self.robbery_attempts.get(key, 0) + 1
        if not robber.wanted:
            robber.wanted = True
            self.event("wanted", player.name, character=robber.id, why="robbing")
        self.event("rob", player.name, character=robber.id, space=action.space)
        challenger = self._challenger(player, robber)
        if challenger is None:
            self._robbed(player, action.space)
            return
        owner, champion = challenger
        if champion.id == self.game.challenger:
            owner.marshal_challenges += 1
        else:       # "A character making a Challenge must not have performed ANY abilities this turn": a
            champion.challenged = True      # Challenge is one (abilities after the Gunfight stay allowed)
        self.event("challenge", owner.name, challenger=champion.id, challenged=robber.id)
        self._start_fight("robbery", owner, champion, player, robber, space=action.space)

    def _robbed(self, player: Player, space: str) -> None:
        taken = self.robbery_silver.pop(space, 0) if self.rules.robber_takes == "silver-on-space" else 0
        player.goods["silver"] = player.goods.get("silver", 0) + taken
        self.event("robbed", player.name, space=space, silver=taken)

    def _challenger(self, victim_owner: Player, robber: Hired):
        """Who answers a robbery (the rivals' decision, made by a documented policy): the Marshal
        token, which may challenge any Wanted character once a turn, else a face-up character with
        Combat icons that has used no ability this turn; the first rival in turn order whose
        champion would win more often than not (exact odds) challenges."""
        gunfight = self.game.gunfight_rules
        for name in self.order:
            other = self.player(name)
            if other is victim_owner:
                continue
            active = other.reputation.active()
            champions = [c for c in other.characters if not c.captured and c.abilities_used == 0 and not c.challenged
                         and active.get(c.id, True) and c.gunfight.get("combat")]
            marshal = self.game.marshal_gunfight()
            if self.game.challenger in other.roles and robber.wanted and marshal \
                    and other.marshal_challenges < self.rules.abilities_per_turn:
                champions.insert(0, Hired(self.game.challenger, "white", dict(marshal)))
            for champion in champions:
                if exact_odds(champion.side(), robber.side(), gunfight).outcomes["a_wins"] > Fraction(1, 2):
                    return other, champion
        return None
