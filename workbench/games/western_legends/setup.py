"""Setting up a Western Legends game: the characters kept, the first player, the bandits.

The State's part that plays the rulebook's *Setup*: each player draws ``characters_drawn``
character cards (chance) and keeps one (a decision), starting on its space with its money, gold
nuggets, marshal or wanted points, items and poker cards; the most wanted player goes first (a
tie, or nobody wanted: a random one, chance); a bandit goes on each hideout no player stands on,
up to ``bandit_minis``; then the first round begins.
"""
from __future__ import annotations


class Setup:
    """Setup (rulebook: *Setup*): characters, first player, bandits."""

    def _choose_character(self, seat: int, character: str) -> None:
        p, rules = self.players[seat], self.rules
        start = self.game.characters[character]["start"]
        p.character = character
        p.at = tuple(start["space"])
        self._money(p, start.get("money", 0))
        self._nuggets(p, start.get("gold_nuggets", 0))
        p.marshal = min(rules.track_spaces, start.get("marshal_points", 0))
        p.wanted = 0 if p.marshal else min(rules.track_spaces, start.get("wanted_points", 0))
        for item in start.get("items") or []:
            p.with_item(item, 1, 0)
        if rules.goal_cards:
            p.goals = tuple(self.game.goals.get(character, {}))
        self.event("character", p.name, drew=list(self.dealt), kept=character, at=list(p.at))
        self.dealt = []        # the others go back to the box
        if start.get("poker_cards", 0):
            self._push(("draw", "hand", seat, start["poker_cards"]))

    def _step_first_player(self) -> None:
        """The most wanted player starts; on a tie, or with nobody wanted, a random one (chance)."""
        most = max(p.wanted for p in self.players)
        seats = tuple(i for i, p in enumerate(self.players) if p.wanted == most)
        if len(seats) == 1:
            self._set_first(seats[0])
        else:
            self._push(("pick-first", seats))

    def _set_first(self, seat: int) -> None:
        self.first = self.turn = seat

    def _step_place_bandits(self) -> None:
        occupied = {p.at for p in self.players}
        for hideout in self.game.hideouts:
            if hideout not in occupied and len(self.bandits) < self.rules.bandit_minis:
                self.bandits = self.bandits + [hideout]
        self.event("setup", None, first=self.players[self.first].name, bandits=[list(b) for b in self.bandits],
                   sheriff=list(self.sheriff))

    def _step_begin(self) -> None:
        self.step = "start"
        self.event("round", None, first=self.players[self.first].name)
