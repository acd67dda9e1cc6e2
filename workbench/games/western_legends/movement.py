"""Moving on the Western Legends map, and delivering cattle on arrival.

The State's part that plays the rulebook's *Action Phase: Move*: up to the mount's ``movement``
(or ``movement_without_mount``) spaces, around blocked spaces; a bandit's space stops the move
and starts a bandit fight (``bandit_fight_cards_drawn``); a wanted player may not enter the
sheriff's space. Entering a space of a location with the ``deliver-cattle`` effect delivers every
cattle token not taken there (*Acquire and Deliver Cattle*: the parameter the effect names, and
the token's own reward).
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
        self._deliver_cattle(p)
        if target in self.bandits:
            self._push(*[("fight-card",)] * self.rules.bandit_fight_cards_drawn, ("resolve-bandit", self.turn))

    def _deliver_cattle(self, p: Player) -> None:
        """Free, on entering a space of a location with ``deliver-cattle`` (the rail station:
        wrangling; a ranch: rustling): every token not taken on this very space, for the reward of
        the parameter the effect names and the token's own."""
        location = self.game.location.get(p.at)
        delivery = self.game.arrival.get(location)
        if not delivery:
            return
        extra = self.rules[delivery[0]["reward"]]
        for token, ranch in list(p.cattle):
            if p.at == ranch:
                continue
            how = location
            p.cattle = _without(p.cattle, (token, ranch))
            self.cattle = {**self.cattle, ranch: _less(self.cattle[ranch], token, -1)}   # shuffled into its ranch's pile
            reward = self.rules.cattle_tokens[token]
            self.event("deliver-cattle", p.name, at=how, reward=dict(reward))
            self._gain(p, extra)
            self._gain(p, reward)
