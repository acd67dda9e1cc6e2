"""The Western Legends goal card variant: goals met, legendary tokens drawn and kept.

The State's part that plays the ``goal-cards`` variant: a goal card whose needs are met is
revealed at once (no action); the player draws as many legendary tokens as goals completed
(chance) and keeps that many (``legendary_tokens_kept``), the rest shuffled back into the supply.
"""
from __future__ import annotations


from .pieces import Player


class Goals:
    """The goal card variant (``goal-cards``): goals and legendary tokens."""

    def _needs_met(self, p: Player, needs: dict) -> bool:
        have = {"money": p.money, "legend-points": p.lp, "gold-nuggets": p.nuggets, "marshal-points": p.marshal,
                "wanted-points": p.wanted, "items": sum(n for n, _ in p.items.values()),
                "upgraded-items": sum(u for _, u in p.items.values())}
        return all(have[k] >= v for k, v in needs.items())

    def _check_goals(self) -> bool:
        """Reveal the first goal met (no action needed); its legendary tokens are drawn next."""
        for seat, p in enumerate(self.players):
            goals = self.game.goals.get(p.character, {})
            for goal in p.goals:
                if self._needs_met(p, goals[goal]):
                    p.goals = tuple(g for g in p.goals if g != goal)
                    p.completed += (goal,)
                    self.tokens_drawn = []
                    n = len(p.completed)
                    self.event("goal-completed", p.name, goal=goal, completed=n)
                    self.pending[0:0] = [("legendary", seat)] * n + [("keep-legendary", seat)]
                    return True
        return False

    def _step_keep_legendary(self, seat: int) -> None:
        p = self.players[seat]
        pool = list(p.legendary) + self.tokens_drawn
        if self.rules.legendary_tokens_kept == "best":
            pool.sort(reverse=True)
        keep, back = pool[:len(p.completed)], pool[len(p.completed):]
        supply = dict(self.supply)
        for value in back:               # the excess is shuffled back into the supply
            supply[value] = supply.get(value, 0) + 1
        self.supply = supply
        p.legendary = tuple(keep)
        self.tokens_drawn = []
        self.event("legendary-tokens", p.name, held=len(keep))
