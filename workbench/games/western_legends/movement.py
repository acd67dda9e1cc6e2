"""Moving on the Western Legends map, and delivering cattle where a location takes it.

The State's part that plays the rulebook's *Action Phase: Move*: up to the mount's ``movement``
(or ``movement_without_mount``) spaces, around blocked spaces; a bandit's space stops the move
and starts a bandit fight (``bandit_fight_cards_drawn``); a wanted player may not enter the
sheriff's space. On a space of a location with the ``deliver-cattle`` effect the player *may*
deliver their cattle tokens not taken there (*Acquire and Deliver Cattle*: "You may deliver your
cattle token ... This does not cost an action"): a free action of their turn, never forced, for
the parameter the effect names and the token's own reward.
"""
from __future__ import annotations

from collections import deque

from .pieces import Action, Player, _less, _without


class Movement:
    """Moving on the map (rulebook: *Action Phase: Move*)."""

    def _moves(self, p: Player) -> list[Action]:
        return [Action("move", target) for target in sorted(self._reachable(p))]

    def _reachable(self, p: Player) -> frozenset:
        """Spaces within the mount's (or the default) movement, around blocked spaces; a bandit stops
        movement; a wanted player may not enter the sheriff's space."""
        steps = self.rules.movement_without_mount
        if p.mount:
            steps = self.game.items[p.mount].get("movement", steps)
        key = (p.at, steps, tuple(self.bandits), self.sheriff if p.wanted else None)
        cache = self.game.reach_cache
        if key not in cache:
            if len(cache) > 4096:
                cache.clear()
            neighbours, bandits, sheriff = self.game.neighbours, set(self.bandits), key[3]
            seen, frontier = {p.at: 0}, deque([p.at])
            while frontier:
                node = frontier.popleft()
                if seen[node] == steps or (node in bandits and node != p.at):
                    continue
                for n in neighbours[node]:
                    if n in seen or n == sheriff:
                        continue
                    seen[n] = seen[node] + 1
                    frontier.append(n)
            cache[key] = frozenset(seen) - {p.at}
        return cache[key]

    def _do_move(self, p: Player, target) -> None:
        p.at = target
        self.event("move", p.name, to=list(target))
        if target in self.bandits:
            self._push(*[("fight-card",)] * self.rules.bandit_fight_cards_drawn, ("resolve-bandit", self.turn))

    def _deliverable(self, p: Player) -> list:
        """The player's cattle tokens that the location of their space takes: a location with
        ``deliver-cattle`` (the rail station: wrangling; a ranch: rustling), never the space the
        token was taken from ("Ranch of opposing color")."""
        if not p.cattle or not self.game.arrival.get(self.game.location.get(p.at)):
            return []
        return [(token, ranch) for token, ranch in p.cattle if ranch != p.at]

    def _deliveries(self, p: Player) -> list[Action]:
        """"You may deliver your cattle token": offered, free, while the player is on such a space
        on their turn; not choosing it (any other action, or ending the turn) keeps the token."""
        return [Action("deliver-cattle")] if self._deliverable(p) else []

    def _do_deliver_cattle(self, p: Player, _=None) -> None:
        """Deliver every token the space takes, for the reward of the parameter the location's
        effect names and the token's own; each is shuffled back into its ranch's pile."""
        location = self.game.location[p.at]
        extra = self.rules[self.game.arrival[location][0]["reward"]]
        for token, ranch in self._deliverable(p):
            how = location
            p.cattle = _without(p.cattle, (token, ranch))
            self.cattle = {**self.cattle, ranch: _less(self.cattle[ranch], token, -1)}   # shuffled into its ranch's pile
            reward = self.rules.cattle_tokens[token]
            self.event("deliver-cattle", p.name, at=how, reward=dict(reward))
            self._gain(p, extra)
            self._gain(p, reward)
