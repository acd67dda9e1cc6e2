"""Western Legends final scoring and the ranking.

The State's part that plays the rulebook's *End of Game: Final Scoring*: the LP in play, the
upgraded items' ``upgrade_lp``, money (``money_per_lp`` up to ``max_money_lp``), wounds
(``lp_per_wound``), the most wanted (``most_wanted_lp``, ``tied_most_wanted_lp``,
``other_wanted_lp``), the marshal's row (``marshal_row_lp``), the legendary tokens; the ranking
with ``tie_breakers`` (still tied: shared).
"""
from __future__ import annotations


class Scoring:
    """Final scoring and the ranking (rulebook: *End of Game: Final Scoring*)."""

    def _finish(self, why: str) -> None:
        self.step = "done"
        self.ended = why
        self.pending = []
        self.event("final-scoring", None, why=why, scores=self.final_scores(), ranking=self.ranking())

    def final_scores(self) -> dict[str, dict]:
        rules, items = self.rules, self.game.items
        most = max((p.wanted for p in self.players), default=0)
        top = [p for p in self.players if p.wanted == most and most > 0]
        out = {}
        for p in self.players:
            upgraded = sum(u * items[i]["upgrade_lp"] for i, (_, u) in p.items.items()
                           if isinstance(items[i].get("upgrade_lp"), int))
            money = min(rules.max_money_lp, p.money // rules.money_per_lp)
            wounds = rules.lp_per_wound * p.wounds
            wanted = 0
            if p.wanted:
                wanted = (rules.most_wanted_lp if len(top) == 1 else rules.tied_most_wanted_lp) if p in top \
                    else rules.other_wanted_lp
            marshal = rules.marshal_row_lp[self._row(p.marshal)] if p.marshal else 0
            legendary = sum(p.legendary)
            out[p.name] = {"lp_in_play": p.lp, "items": upgraded, "money": money, "wounds": wounds, "wanted": wanted,
                           "marshal": marshal, "legendary": legendary,
                           "total": p.lp + upgraded + money + wounds + wanted + marshal + legendary}
        return out

    def ranking(self) -> list[list[str]]:
        """Players by total, ties broken by ``tie_breakers`` in order; still tied: shared."""
        scores = self.final_scores()
        keys = {"most-track-points": lambda p: p.marshal + p.wanted, "most-gold-nuggets": lambda p: p.nuggets,
                "fewest-wounds": lambda p: -p.wounds}
        breakers = []
        for name in self.rules.tie_breakers:
            if name == "shared":
                break
            breakers.append(keys[name])

        def key(p):
            return (scores[p.name]["total"], *(b(p) for b in breakers))
        groups: list[list[str]] = []
        last = None
        for p in sorted(self.players, key=key, reverse=True):
            if groups and key(p) == last:
                groups[-1].append(p.name)
            else:
                groups.append([p.name])
            last = key(p)
        return groups
