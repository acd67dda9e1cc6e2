"""Game End and End Game scoring (rulebook, Game End and End Game Scoring).

The end triggers (all of a player's towns and cities built, the Influence track's Game End space,
Wild Wild West's last outlaw captured; at the end of the round or at once, by ``game_end_timing``)
or the rounds played, and the Victory Points known to score (Reputation, Influence, Improved Town
Hexes, Victory Points gained; rulebook, Game End and End Game Scoring).
"""
from __future__ import annotations

from ..base import Tally


class GameEnd:
    """The state's end: the triggers, the end itself, and the scores."""

    def returns(self) -> dict[str, float]:
        # scores()'s known_vp without the rest of its report (search reads returns() every step)
        rules = self.rules
        per_influence = rules.victory_points_per_influence
        if not isinstance(per_influence, int):
            per_influence = 0
        improved = rules.improved_town_victory_points
        per_vp = self.game.reputation_rules.per_victory_point
        out = {}
        for p in self.players:
            rep = p.reputation
            vp = (rep.white + rep.black) // per_vp + rep.influence * per_influence + p.goods.get("victory-points", 0)
            if improved:
                name = p.name
                vp += improved * sum(1 for q in self.pieces if q.player == name and q.piece == "improved-town")
            out[p.name] = vp
        return out

    def score(self) -> dict[str, float]:
        """The Victory Points of :meth:`returns` and the Reputation tokens on the way to the next
        one, at the ruleset's rate ("every 4 Reputation tokens ... 1 VP": 3 tokens are 3/4 of a
        point): what a one-step lookahead plays for (a token is worth nothing in ``returns`` until
        the 4th)."""
        out = self.returns()
        per_vp = self.game.reputation_rules.per_victory_point
        for p in self.players:
            rep = p.reputation
            out[p.name] += ((rep.white + rep.black) % per_vp) / per_vp
        return out

    def _end_round(self) -> None:
        trigger = self._end_trigger()
        if trigger:
            self._finish(trigger)
        else:
            self._start_round()

    def _end_trigger(self) -> str | None:
        rules = self.rules
        target = rules.influence_game_end
        built = self._while_pieces_stay("_built", self._towns_and_cities)
        for player in self.players:
            if isinstance(target, int) and player.reputation.influence >= target:
                return f"{player.name} reached the Game End space ({target}) of the Influence track"
            if self.game.board is not None and built.get(player.name, 0) >= rules.pieces_per_player["town"] \
                    + rules.pieces_per_player["city"]:
                return f"{player.name} has built all their towns and cities"
        if self.game.initial_outlaws and not self.outlaws:
            # Wild Wild West: "the game ends if all Wanted tokens and both the Outlaw Hideout and
            # Ghost Town Mystery Hex is removed"
            return "every outlaw on the board has been captured"
        return None

    def _check_immediate_end(self) -> None:
        if self.rules.game_end_timing == "immediately" and self.phase != "done":
            trigger = self._end_trigger()
            if trigger:
                self._finish(trigger)

    def _towns_and_cities(self) -> dict[str, int]:
        """Each player's towns and cities on the map, in one pass over the pieces."""
        built: dict[str, int] = {}
        for p in self.pieces:
            if p.piece in ("town", "city"):
                built[p.player] = built.get(p.player, 0) + 1
        return built

    def _finish(self, why: str) -> None:
        self.phase = "done"
        self.ended = why
        if self.log.__class__ is Tally:         # a rollout's log only counts its events: no report to make
            self.log.n += 1
        else:
            self.event("end", why=why, scores=self.scores())

    def scores(self) -> dict[str, dict]:
        """What is known to score: Reputation VP, Influence VP where the ruleset gives its value,
        Improved Town VP, and Victory Points gained as such; ``known_vp`` is their sum."""
        rules = self.game.reputation_rules
        per_influence = self.rules.victory_points_per_influence
        out = {}
        for p in self.players:
            influence_vp = p.reputation.influence * per_influence if isinstance(per_influence, int) else None
            reputation_vp = p.reputation.victory_points(rules)
            # "Players also receive 1 VP during End Game scoring for each of these hexes"
            improved_vp = self.rules.improved_town_victory_points * sum(
                1 for q in self.pieces if q.player == p.name and q.piece == "improved-town")
            # Victory Points gained as such (an option's `gain: {victory-points: n}`): scored as gained
            gained_vp = p.goods.get("victory-points", 0)
            out[p.name] = {"reputation_vp": reputation_vp, "influence": p.reputation.influence,
                           "influence_vp": influence_vp if influence_vp is not None else "unknown",
                           "improved_town_vp": improved_vp, "gained_vp": gained_vp,
                           "known_vp": reputation_vp + (influence_vp or 0) + improved_vp + gained_vp,
                           "goods": dict(sorted((k, v) for k, v in p.goods.items() if v)),
                           "white_hat": p.reputation.white, "black_hat": p.reputation.black, "roles": list(p.roles),
                           "cards_in_hand": p.hand,
                           "pieces": sorted(q.piece for q in self.pieces if q.player == p.name)}
        return out
