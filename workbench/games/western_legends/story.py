"""Western Legends story cards: completing a card, its rewards, its bandits and the sheriff.

The State's part that plays the rulebook's *Appendix: Story Cards* at the end of a turn: a card
with its ``discs`` placed is completed; the discs go back; each contributor gets the reward once
(as written: what the vocabulary cannot give is logged ``not-played``); the card stays or leaves
(``completed_story_card``); its bandits spawn on free hideouts (``bandit_minis``) and the sheriff
moves its ``sheriff_moves``. Placing a disc is an end-of-turn action (``story_discs_per_turn``) in
:mod:`.engine`.
"""
from __future__ import annotations


class Story:
    """Story cards (rulebook: *Appendix: Story Cards*)."""

    def _step_resolve_stories(self, seat: int) -> None:
        for card_id, card in self.game.story.items():
            discs = self.story_discs.get(card_id)
            if discs is not None and len(discs) >= card["discs"]:
                self._complete_story(card)

    def _complete_story(self, card: dict) -> None:
        discs = self.story_discs[card["id"]]
        contributors = sorted(set(discs), key=self.seats.index)
        for name in discs:                      # the discs go back to their owners
            self.player(name).discs += 1
        if self.rules.completed_story_card == "leaves-play":
            self.story_discs = {c: d for c, d in self.story_discs.items() if c != card["id"]}
        else:
            self.story_discs = {**self.story_discs, card["id"]: ()}
        for name in contributors:               # one reward each, however many discs
            self._gain_as_written(self.player(name), card["reward"])
        spawned = []
        for index in card["spawn"]:
            hideout = self.game.hideouts[index]
            if hideout not in self.bandits and hideout != self.sheriff and all(p.at != hideout for p in self.players) \
                    and len(self.bandits) < self.rules.bandit_minis:
                self.bandits = self.bandits + [hideout]
                spawned.append(list(hideout))
        self.event("story-completed", None, card=card["id"], rewarded=contributors, spawned=spawned)
        self._move_sheriff(card["sheriff_moves"])
