"""Challenges and the gunfights played in the state (rulebook, Challenges and Gunfights).

The Marshal token's Challenge against a Wanted character, Wild Wild West's Challenges against the
outlaws on the board at the start of the Placement Phase, a robbery answered (:mod:`.robbery`), the
gunfight stepped through :mod:`.gunfight`'s chance nodes with the Engineer token's bonus, and what
it ends in: wounds, capture and its reward, the Reputation lost by fleeing (rulebook, Challenges
and Gunfights).
"""
from __future__ import annotations

from dataclasses import replace

from .actions import Action, FightRoll, made
from .gunfight import GunfightState, Side, finish, start as start_fight
from .players import Hired, Player


class Challenges:
    """The state's Challenges and gunfights."""

    def _marshal_challenges(self, player: Player) -> list[Action]:
        """Marshal Token: "The token can announce a Challenge against any character with a Wanted
        token, following standard timing rules ... you do not have to wait for a Black Hat
        character to Rob" (on its holder's collection, once a turn)."""
        if self.game.challenger not in player.roles or not self.game.marshal_gunfight() \
                or player.marshal_challenges >= self.rules.abilities_per_turn:
            return []
        return [made("challenge", character=self.game.challenger, target=c.id) for other in self.players
                if other is not player for c in other.characters if c.wanted and not c.captured]

    def _outlaw_challenges(self, player: Player) -> list[Action]:
        """Wild Wild West: "each player may announce one Challenge against a Wanted token or the
        Mystery Hexes ... Challenges follow standard Challenge and Gunfight rules": with a face-up
        character with Combat icons that has used no ability this turn, or the Marshal token."""
        if not self.outlaws:
            return []
        active = player.reputation.active()
        champions = [c.id for c in player.characters if not c.captured and c.abilities_used == 0 and not c.challenged
                     and active.get(c.id, True) and c.gunfight.get("combat")]
        if self.game.challenger in player.roles and self.game.marshal_gunfight() \
                and player.marshal_challenges < self.rules.abilities_per_turn:
            champions.append(self.game.challenger)
        return [made("challenge", character=c, target=at) for c in champions for at in sorted(self.outlaws)]

    def _side(self, owner: Player | None, hired: Hired) -> Side:
        """A gunfight side, with the Engineer token its owner may spend (Wild Wild West: "During a
        Gunfight, after the dice have been rolled, a player may use an Engineer token to receive a
        +6 to the result")."""
        side = hired.side()
        if owner is not None and self.rules.engineer_gunfight_bonus and self._token_free(owner, "engineer-token"):
            side = replace(side, engineer_token=True)
        return side

    def _start_fight(self, kind: str, owner: Player, champion: Hired, target_owner: Player | None, target: Hired,
                     **data) -> None:
        fight = start_fight(self._side(owner, champion), self._side(target_owner, target), self.game.gunfight_rules)
        self.fight = {"kind": kind, "state": fight, "owner": owner.name, "champion": champion.id,
                      "robber_owner": target_owner.name if target_owner else None, "robber": target.id,
                      "space": None, "dice": [], **data}
        self.phase = "gunfight"

    def _marshal_challenge(self, player: Player, action: Action) -> None:
        target_owner = next(p for p in self.players if any(c.id == action.target for c in p.characters))
        target = next(c for c in target_owner.characters if c.id == action.target)
        player.marshal_challenges += 1
        self.event("challenge", player.name, challenger=self.game.challenger, challenged=target.id)
        self._start_fight("challenge", player, self._champion(player, self.game.challenger), target_owner, target)

    def _challenge_outlaw(self, player: Player, action: Action) -> None:
        outlaw = self.outlaws[action.target]
        champion = self._champion(player, action.character)
        if champion.id == self.game.challenger:
            player.marshal_challenges += 1
        else:       # a Challenge is the character's ability this turn
            champion.challenged = True
        self.event("challenge", player.name, challenger=champion.id, challenged=f"{outlaw['kind']}@{action.target}")
        target = Hired(f"{outlaw['kind']}@{action.target}", "black", dict(outlaw["gunfight"]), outlaw["wounds"])
        self._start_fight("outlaw", player, champion, None, target, at=action.target)

    def _champion(self, owner: Player, champion_id: str) -> Hired:
        if champion_id == self.game.challenger:
            return Hired(self.game.challenger, "white", dict(self.game.marshal_gunfight()))
        return next(c for c in owner.characters if c.id == champion_id)

    def _fight_step(self, outcome) -> None:
        fight = self.fight
        state: GunfightState = fight["state"]
        if isinstance(outcome, FightRoll) and outcome.dice is not None:
            fight["dice"].append({"round": state.round, **outcome.dice})
        elif state.phase != "roll":
            fight["dice"].append({"round": state.round, "phase": state.phase, "die": outcome})
        before = state
        fight["state"] = state = state.child(outcome)
        for who in ("a", "b"):      # an Engineer token spent shows in the round it turned
            if getattr(before, f"eng_{who}") and not getattr(state, f"eng_{who}"):
                fight["dice"].append({"round": before.round, "engineer": who, "bonus": self.game.gunfight_rules.engineer_bonus})
        if not state.is_terminal():
            return
        self.phase = "challenges" if fight["kind"] == "outlaw" else "collection"
        self.fight = None
        result = finish(state, [])
        owner = self.player(fight["owner"])
        champion = self._champion(owner, fight["champion"])
        self.event("gunfight", owner.name, challenger=champion.id, challenged=fight["robber"], outcome=result.outcome,
                   dice=fight["dice"], engineer_tokens=list(result.engineer_used))
        target_owner = self.player(fight["robber_owner"]) if fight["robber_owner"] else None
        for who in result.engineer_used:
            spender = owner if who == "a" else target_owner
            if spender is not None:
                self._use_token(spender, "engineer-token", True, "+" f"{self.game.gunfight_rules.engineer_bonus} in a gunfight")
        if fight["kind"] == "outlaw":
            self._outlaw_fought(owner, champion, fight["at"], result.outcome)
            return
        target = next(c for c in target_owner.characters if c.id == fight["robber"])
        if result.outcome in ("a_wins", "b_flees"):
            if result.outcome == "a_wins":
                self._wound(target, target_owner, owner)
            else:
                self._lose_reputation(target_owner)
            if fight["kind"] == "robbery":
                self.event("robbery-stopped", target_owner.name, space=fight["space"])
            return
        if result.outcome == "b_wins":
            self._wound(champion, owner, target_owner)
        elif result.outcome == "a_flees":
            self._lose_reputation(owner)
        if fight["kind"] == "robbery":
            self._robbed(target_owner, fight["space"])

    def _outlaw_fought(self, owner: Player, champion: Hired, at: str, outcome: str) -> None:
        """Wild Wild West: outlaws "receive Wound tokens and can be Captured like a regular Black
        Hat character for a reward" (Wanted tokens: 1 Reputation, 1 Silver and the token itself;
        the Outlaw Hideout and Ghost Town: 2 Reputation and 3 Silver); a captured outlaw leaves the
        board, and its hex with it."""
        outlaw = self.outlaws[at]
        if outcome == "b_wins":
            self._wound(champion, owner, None)
        elif outcome == "a_flees":
            self._lose_reputation(owner)
        if outcome != "a_wins":
            return
        outlaw["wounds"] += 1
        self.event("wound", None, character=f"{outlaw['kind']}@{at}", wounds=outlaw["wounds"])
        gunfight = self.game.gunfight_rules
        limit = gunfight.wounds_to_capture_tough if outlaw["gunfight"].get("tough") else gunfight.wounds_to_capture
        if outlaw["wounds"] < limit:
            return
        del self.outlaws[at]
        where = tuple(int(x) for x in at.split(","))
        self.pieces = [p for p in self.pieces if not (p.at == where and p.player is None
                                                      and p.piece in ("wanted-token", "mystery-hex"))]
        self.event("captured", owner.name, character=f"{outlaw['kind']}@{at}", owner=None)
        reward = self.rules.wanted_token_capture_reward if outlaw["kind"] == "wanted-token" \
            else self.rules.outlaw_town_capture_reward
        for good, amount in reward.items():
            self._gain(owner, good, amount)
        self._check_immediate_end()

    def _wound(self, character: Hired, owner: Player, captor: Player | None) -> None:
        if character.id == self.game.challenger:
            self.event("wound", owner.name, character=character.id, note="the Marshal token takes no wounds in the text")
            return
        character.wounds += 1
        rules = self.game.gunfight_rules
        limit = rules.wounds_to_capture_tough if character.gunfight.get("tough") else rules.wounds_to_capture
        self.event("wound", owner.name, character=character.id, wounds=character.wounds)
        if character.wounds >= limit:
            character.captured = True
            self.event("captured", captor.name if captor else None, character=character.id, owner=owner.name)
            if captor is None:       # captured by an outlaw: nobody collects
                return
            for good, amount in self.rules.capture_reward.items():
                self._gain(captor, good, amount)
            if character.wanted and self.rules.capture_takes_wanted_token:
                character.wanted = False
                self._gain(captor, "wanted-token", 1)

    def _lose_reputation(self, player: Player) -> None:
        rep = player.own_reputation()
        for _ in range(self.rules.flee_reputation_loss):
            for hat in ("white", "black"):
                if getattr(rep, hat):
                    setattr(rep, hat, getattr(rep, hat) - 1)
                    self.event("flee-penalty", player.name, lost=f"{hat}-hat")
                    break
