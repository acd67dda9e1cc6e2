"""The round: the phases in order, the rolls and turn order (rulebook, Game Play and Turn Order).

The game's phases in their order (setup, then each round: every player in turn order rolls, the
Placement Phase, the Collection Phase, until the game ends), the dice each player rolls (Jail and
bonus dice, the Inventor token's grey die) with their exact probabilities, and turn order changes
(now or next round; rulebook, Game Play and Turn Order).
"""
from __future__ import annotations

import functools
import itertools
import math
from fractions import Fraction

from ...core.errors import ContentError
from ...core.limits import limit
from ..base import Tally
from .actions import MEMO, InventorRoll, Roll
from .players import Player


def _is_roll(action, count: int, faces: int) -> bool:
    return isinstance(action, tuple) and len(action) == count and list(action) == sorted(action) \
        and all(isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= faces for d in action)


def dice_outcomes(count: int, faces: int) -> list[tuple[Roll, Fraction]]:
    """Every sorted roll of ``count`` dice of ``faces`` faces (``die_faces``) with its exact probability.

    >>> [(tuple(r), str(p)) for r, p in dice_outcomes(2, 6)][:2]
    [((1, 1), '1/36'), ((1, 2), '1/18')]
    """
    return list(_dice_outcomes(count, faces))


@functools.lru_cache(maxsize=MEMO)
def _dice_outcomes(count: int, faces: int) -> tuple:
    # remembered: every roll of a search asks (the outcomes are immutable: tuples and Fractions)
    out = []
    for roll in itertools.combinations_with_replacement(range(1, faces + 1), count):
        ways = math.factorial(count)
        for face in set(roll):
            ways //= math.factorial(roll.count(face))
        out.append((Roll(roll), Fraction(ways, faces ** count)))
    return tuple(out)


class Rounds:
    """The state's round: what comes next, the rolls, and turn order."""

    def _move_in_order(self, name: str, where: str) -> None:
        if self.rules.turn_order_change_takes_effect == "immediately":
            self.order.remove(name)
            self.order.insert(0 if where == "first" else len(self.order), name)
            # what is still to collect this round follows the new order
            self.to_collect.sort(key=lambda entry: self.order.index(entry[0]))
            self.event("turn-order", name, order=list(self.order))
        else:
            self.next_order_moves.append((name, where))

    def _dice_count(self, player: Player) -> int:
        count = max(0, self.rules.dice_rolled + player.bonus_dice_next - player.jailed_next)
        if count > limit("dice_a_turn"):  # its placements would take hours: stop, and say why
            raise ContentError(f"{player.name} would roll {count} dice this turn ({self.rules.dice_rolled} rolled and"
                               f" {player.bonus_dice_next} bonus dice), beyond the declared limit of"
                               f" {limit('dice_a_turn')} dice a turn; the game stops here (round {self.round})")
        return count

    def _rolls_inventor_die(self, player: Player) -> bool:
        # "The player with this Special Role swaps one of his/her dice for the grey colored Inventor die"
        return bool(player.roles) and self.game.holds(player, "inventor-die") and self._dice_count(player) > 0

    def _advance(self) -> None:
        """Move on to whatever comes next when nobody has a decision or a chance left here."""
        phase = self.phase
        if (phase == "placement" or (phase == "collection" and self.to_collect)) and not self.pending:
            return                      # a decision here (the loop's answer, the two a rollout meets most)
        while True:
            if self.phase == "done" or self.phase in ("roll", "gunfight", "carnival"):
                return
            if self.pending:
                name = self.pending[0][0]
                if self._legal_hexes(name, self.pending[0][1], self.pending[0][2]):
                    self.phase = "build"
                    return
                self.event("build-impossible", name, piece=self.pending[0][1])
                self.pending.pop(0)
                continue
            if self.phase in ("setup", "build"):
                if self.round == 0:
                    self.phase = "between"
                    self._start_round()
                else:                 # a build during the Collection Phase: the phase goes on
                    self.phase = "collection"
                continue
            if self.phase == "challenges":
                while self.to_challenge and len(self.legal_actions()) == 1:
                    self.to_challenge.pop(0)        # nothing to challenge with: no decision to make
                if self.to_challenge:
                    return
                self._start_placement()
                continue
            if self.phase == "placement" or (self.phase == "collection" and self.to_collect):
                return
            if self.phase == "collection":   # everything collected
                self._end_round()
                continue
            return

    def _start_round(self) -> None:
        if self.round >= self.rounds:
            self._finish(f"{self.rounds} round(s) played (the limit given); no end trigger was met")
            return
        self.round += 1
        for name, where in self.next_order_moves:
            self.order.remove(name)
            self.order.insert(0 if where == "first" else len(self.order), name)
        self.next_order_moves = []
        if self.rules.robbery_attempts_reset == "round":
            self.robbery_attempts = {}
        for player in self.players:
            player.marshal_challenges = 0
            player.tokens_used = {}
            player.inventor_die, player.inventor_value, player.inventor_turned = None, None, False
            player.carnival_die, player.carnival_at = None, None
            for character in player.characters:
                character.abilities_used, character.challenged = 0, False
        self.claims = {}
        self.passed = set()
        self.interrupt = None
        self.turn = 0
        self.phase = "roll"
        if self.log.__class__ is Tally:         # a rollout's log only counts its events
            self.log.n += 1
        else:
            self.event("round", order=list(self.order))
        self.to_roll = list(self.order)
        self._skip_empty_rolls()

    def _skip_empty_rolls(self) -> None:
        while self.phase == "roll" and self.to_roll and self._dice_count(self.player(self.to_roll[0])) == 0:
            self._rolled(Roll(()))

    def _rolled(self, dice) -> None:
        name = self.to_roll.pop(0)
        player = self.player(name)
        if self._rolls_inventor_die(player):
            dice = InventorRoll((tuple(dice[0]), dice[1]))
        log = self.log
        if isinstance(dice, InventorRoll):
            player.dice, player.inventor_die, player.inventor_value = sorted(dice[0]), dice[1], dice[1]
            if log.__class__ is Tally:         # a rollout's log only counts its events
                log.n += 1
            else:
                self.event("roll", name, dice=sorted(list(dice[0]) + [dice[1]]), inventor=dice[1],
                           jailed=player.jailed_next, bonus=player.bonus_dice_next)
        else:
            player.dice = sorted(dice)
            if log.__class__ is Tally:
                log.n += 1
            else:
                self.event("roll", name, dice=list(player.dice), jailed=player.jailed_next,
                           bonus=player.bonus_dice_next)
        player.jailed_next = player.bonus_dice_next = 0
        if self.to_roll:
            self._skip_empty_rolls()
            return
        if self.rules.placement_challenges_per_player and self.outlaws:
            # Wild Wild West: "At the start of the Placement Phase, before any dice have been placed,
            # each player may announce one Challenge against a Wanted token or the Mystery Hexes"
            self.phase = "challenges"
            self.to_challenge = [n for n in self.order for _ in range(self.rules.placement_challenges_per_player)]
            self.event("challenges", order=list(self.to_challenge))
            return
        self._start_placement()
