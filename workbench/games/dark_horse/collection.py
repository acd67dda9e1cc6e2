"""The Collection Phase: collecting the action spaces claimed (rulebook, Collection Phase).

In turn order each player collects the spaces they claimed (the Outlaw Hideout and Ghost Town
first, "At the start of the Collection Phase"), taking an option they can pay for (its cost, gain
and effects) or skipping it; a Robbery space then holds more Silver to rob (rulebook, Collection
Phase; the order of collection is set in :mod:`.placement` when the last player passes; robbing and
challenging on a collection are in :mod:`.robbery` and :mod:`.challenges`).
"""
from __future__ import annotations

from ..base import Tally
from .actions import HEX, Action, _action
from .players import Player


class Collection:
    """The state's Collection Phase: the decisions on a claimed space, and an option collected."""

    def _collection_actions(self, player: Player) -> list[Action]:
        """The Collection Phase's decisions on the next space ``player`` claimed: an option they
        can pay for, or skip; a robbery, a Marshal's Challenge, an Influence trade."""
        space_id = self.to_collect[0][1]
        if space_id.startswith(HEX):
            return self._mystery_options(player, space_id)
        # each option's collect action and cost, and the skip, listed once per game (a search lists
        # them at every collection of every rollout)
        memo = self.game.__dict__.setdefault("_collection_memo", {})
        listed = memo.get(space_id)
        if listed is None:
            listed = memo[space_id] = (tuple((_action("collect", space_id, i), o.get("cost") or {})
                                             for i, o in enumerate(self.game.spaces[space_id]["options"])),
                                       _action("skip", space_id))
        options, skip = listed
        actions = [action for action, cost in options if not cost or self.can_pay(player, cost)]
        actions.append(skip)
        if self.robbery_silver and player.characters:       # else there is nothing to rob
            actions += self._robberies(player)
        if self.game.challenger in player.roles:            # else the Marshal token is not theirs
            actions += self._marshal_challenges(player)
        return actions + self._trades(player)

    def _collect(self, player: Player, space_id: str, option: dict) -> None:
        space = self.game.spaces[space_id]
        if self.log.__class__ is Tally:         # a rollout's log only counts its events
            self.log.n += 1
        else:
            self.event("collect", player.name, space=space_id, option=option.get("text"))
        cost = option.get("cost")
        if cost:
            for good, amount in cost.items():
                self._pay(player, good, amount)
        gain = option.get("gain")
        if gain:
            for good, amount in gain.items():
                self._gain(player, good, amount)
        if option.get("effects"):
            self._effects(player, option, space_id)
        if space.get("robbery") is True and self.rules.robbery_silver_per_collect:
            self.robbery_silver[space_id] = self.robbery_silver.get(space_id, 0) + self.rules.robbery_silver_per_collect
            self.event("robbery-silver", player.name, space=space_id, silver=self.robbery_silver[space_id])
        if self.rules.game_end_timing == "immediately":      # _check_immediate_end's own test, first
            self._check_immediate_end()
