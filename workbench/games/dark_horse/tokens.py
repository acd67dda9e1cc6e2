"""The tokens' abilities: Inventor, Carnival, Cowboy Boot, Engineer (rulebook, Special Role tokens).

Each once a turn ("one Engineer token, one Wild Die token ...": Card Abilities and Timing): the
Inventor die turned one up or down, the Carnival die rolled and re-rolled, the Cowboy Boot forcing
a rival's dice off a space, and the Engineer token used and spent (rulebook, Special Role tokens;
Wild Wild West for the Engineer's gunfight bonus, in :mod:`.challenges`).
"""
from __future__ import annotations

from .actions import Action, made
from .players import Player


class Tokens:
    """The state's part of the tokens: what each lets its holder do now, and doing it."""

    def _token_free(self, player: Player, token: str) -> bool:
        """Whether ``player`` holds ``token`` and may still use one this turn ("one Engineer token,
        one Wild Die token ..." once per turn: Card Abilities and Timing)."""
        return player.goods.get(token, 0) > 0 and player.tokens_used.get(token, 0) < self.rules.abilities_per_turn

    def _use_token(self, player: Player, token: str, spent: bool, why: str) -> None:
        player.tokens_used = {**player.tokens_used, token: player.tokens_used.get(token, 0) + 1}   # shared by copies
        if spent:
            player.goods[token] -= 1
        self.event("token", player.name, token=token, spent=spent, why=why)

    def _inventor_turns(self, player: Player) -> list[Action]:
        """Inventor Token: "a player may physically turn the die to a result that is one lower or
        higher ... Players cannot modify a result of 1 to a 6 and vice versa"; once (rule 3)."""
        value = player.inventor_die
        if value is None or player.inventor_turned:
            return []
        steps = self.rules.inventor_die_turn
        faces = [value + d for d in range(-steps, steps + 1) if d and 1 <= value + d <= self.rules.die_faces]
        never = set(self.rules.inventor_never_turns_between)
        return [made("turn-inventor-die", dice=(face,)) for face in faces if {face, value} != never]

    def _boots(self, player: Player) -> list[Action]:
        """Cowboy Boot: "force an opponent's die/dice off an Action Space that you are claiming"."""
        if not self._token_free(player, "cowboy-boot-token"):
            return []
        out = []
        for space_id, taken in self.claims.items():
            if any(who == player.name for who, *_ in taken):
                out += [made("boot", space_id, target=who) for who in sorted({w for w, *_ in taken} - {player.name})]
        return out

    def _boot(self, player: Player, action: Action) -> None:
        """Cowboy Boot: "The player forced off the Action Space takes his/her die/dice, as well as
        any tokens used to place those dice. That player immediately claims a new Action Space"."""
        other = self.player(action.target)
        _, dice, uses = self._unclaim(action.space, other.name)
        rest = list(dice)
        if "carnival-die" in uses:
            other.carnival_at = None
            rest = []
        if "inventor-die" in uses:
            rest.remove(other.inventor_value)
            other.inventor_die = other.inventor_value
        if "engineer-token" in uses:
            other.tokens_used = {**other.tokens_used, "engineer-token": other.tokens_used["engineer-token"] - 1}
            if self.rules.engineer_token_spent:
                other.goods["engineer-token"] = other.goods.get("engineer-token", 0) + 1
        other.dice = sorted(other.dice + rest)
        self.event("boot", player.name, space=action.space, forced=other.name, dice=list(dice), uses=list(uses))
        self._use_token(player, "cowboy-boot-token", self.rules.boot_token_spent, f"to force {action.target} off")
        self.interrupt = ("forced", other.name, action.space, True)

    def _turn_inventor_die(self, player: Player, action: Action) -> None:
        before, player.inventor_turned = player.inventor_die, True
        player.inventor_die = player.inventor_value = action.dice[0]
        self.event("turn-inventor-die", player.name, **{"from": before, "to": action.dice[0]})

    def _roll_carnival(self, player: Player) -> None:
        """Carnival token: pay to roll the Carnival die (a chance node), which then claims by itself."""
        for good, amount in self.rules.carnival_roll_cost.items():
            self._pay(player, good, amount)
        away = player.carnival_at
        if away is not None and self.rules.carnival_die_moves:    # one die: rolling it takes it off its space
            self._unclaim(away, player.name)
            self.event("carnival-die-off", player.name, space=away)
        player.carnival_at, player.carnival_die = None, None
        self.interrupt = ("carnival-place", player.name, away, True)
        self.phase = "carnival"

    def _carnival_rolled(self, face: int) -> None:
        _, name, away, _ = self.interrupt
        player = self.player(name)
        player.carnival_die, player.carnival_at = face, None
        self.phase = "placement"
        self.event("carnival-die", name, die=face, away=away)
