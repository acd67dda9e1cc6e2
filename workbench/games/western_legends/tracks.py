"""The marshal and wanted tracks of Western Legends, and the legend points past their end.

The State's part that plays the rulebook's *Appendix: Marshal/Wanted Points*: each space gained
gives its reward (``marshal_rewards``, ``wanted_rewards``); past the last of ``track_spaces``,
``lp_past_last_space`` LP; a marshal who gains wanted points becomes wanted
(``marshal_becomes_wanted``) and a wanted player gains no marshal points; the track's row
(``row_of_space``) that the wanted LP and the marshal's final LP read. Also the vocabulary's
``living-legend`` effect (``living_legend_points`` on the track the player is on).
"""
from __future__ import annotations


from .pieces import VOCABULARY, Player


class Tracks:
    """The marshal and wanted tracks (rulebook: *Appendix: Marshal/Wanted Points*)."""

    def _track(self, p: Player, which: str, points: int) -> None:
        """Move up the marshal or wanted track, gaining each space's reward; past the last space, LP."""
        rules = self.rules
        if points <= 0:
            return
        if which == "wanted" and p.marshal:
            if rules.marshal_becomes_wanted == "never":
                self.event("no-wanted-points", p.name, reason="a marshal who stays a marshal", points=points)
                return
            self.event("switch-to-wanted", p.name, marshal_points_lost=p.marshal)
            p.marshal = 0
        if which == "marshal" and p.wanted:
            self.event("no-marshal-points", p.name, reason="a wanted player cannot gain marshal points")
            return
        rewards = rules.marshal_rewards if which == "marshal" else rules.wanted_rewards
        for _ in range(points):
            value = getattr(p, which)
            if value >= rules.track_spaces:
                p.lp += rules.lp_past_last_space
                continue
            setattr(p, which, value + 1)
            self._gain(p, rewards.get(str(value + 1), {}))
        self.event(which, p.name, points=points, now=getattr(p, which))

    def _row(self, value: int) -> int:
        return self.rules.row_of_space[min(value, len(self.rules.row_of_space) - 1)]


@VOCABULARY.handler("living-legend")
def _living_legend(state: Tracks, p: Player, spec: dict, where: str) -> None:
    state._track(p, "wanted" if p.wanted else "marshal", state.rules.living_legend_points)
