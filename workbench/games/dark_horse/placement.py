"""The Placement Phase: placing dice on action spaces, and what is legal there (rulebook, Placement Phase).

Placing dice, singly or added together, on the action spaces (and Mystery Hexes) a player may
claim, what is legal there (claim requirements; Limited, Unlimited and claimed spaces; the special
dice and the Engineer token a placement uses), passing, and the turn going round until everyone has
passed (rulebook, Placement Phase and Action Spaces).
"""
from __future__ import annotations

import itertools

from ..base import Tally
from .actions import HEX, MEMO, Action, _action, made
from .players import Player


USES_ORDER = ("carnival-die", "engineer-token", "inventor-die")
PASS = _action("pass")


def _uses(uses) -> tuple[str, ...]:
    """Special dice and tokens of a placement, in one order (so equal placements compare equal)."""
    return tuple(sorted(set(uses), key=lambda u: USES_ORDER.index(u) if u in USES_ORDER else len(USES_ORDER)))


def claims(requirement: dict, dice: tuple[int, ...], unknown_claim: str) -> bool:
    """Whether ``dice`` claim a space with this claim requirement.

    >>> claims({"requirement": "at-least", "value": 6}, (2, 4), "any-die")   # a review's example: 2 + 4 claim Builder
    True
    >>> claims({"requirement": "any-die"}, (2, 4), "any-die")
    False
    """
    kind = requirement.get("requirement", "unknown")
    if kind == "unknown":
        kind = unknown_claim
    value = requirement.get("value", 0)
    if kind == "any-die":
        return len(dice) == 1
    if kind == "natural":
        return len(dice) == 1 and dice[0] >= value
    if kind == "exactly":
        return sum(dice) == value
    return sum(dice) >= value  # at-least, dice-total


class Placement:
    """The state's Placement Phase: the placements legal now, and a placement decision played."""

    def _space_type(self, space_id: str) -> str:
        if space_id.startswith(HEX):                 # a Mystery Hex: its type is not given
            return self.rules.unknown_type
        kind = self.game.spaces[space_id].get("type", "unknown")
        return self.rules.unknown_type if kind == "unknown" else kind

    def _claim_of(self, space_id: str) -> dict:
        if space_id.startswith(HEX):
            return self.game.mystery_types[self.mystery[space_id[len(HEX):]]["type"]].get("claim") or {}
        return self.game.spaces[space_id].get("claim") or {}

    def _groups(self, player: Player, only_carnival: bool = False):
        """What ``player`` may place together: (dice, special dice used), sorted, each once."""
        if player.carnival_die is not None and player.carnival_at is None:
            yield (player.carnival_die,), ("carnival-die",)     # the Carnival die is rolled to claim by itself
        if only_carnival:
            return
        seen = set()
        for size in range(1, len(player.dice) + 1):
            for dice in itertools.combinations(player.dice, size):
                if dice not in seen:
                    seen.add(dice)
                    yield dice, ()
        if player.inventor_die is not None:
            if player.inventor_turned and self.rules.inventor_turned_die_alone:
                yield (player.inventor_die,), ("inventor-die",)
            else:
                yield (player.inventor_die,), ("inventor-die",)
                for dice in seen:
                    yield tuple(sorted(dice + (player.inventor_die,))), ("inventor-die",)

    def _placements(self, player: Player, away: str | None = None, only_carnival: bool = False) -> list[Action]:
        return list(self._placements_of(player, away, only_carnival))

    def _placements_of(self, player: Player, away: str | None = None, only_carnival: bool = False) -> tuple:
        """:meth:`_placements` as the remembered tuple (shared: never change it)."""
        # What each space admits from this player now ("": a claim; "engineer": only with an
        # Engineer token; None: nothing), then the placements of the player's dice, remembered on
        # the game for the same dice and the same admissions (a search lists them at every step).
        engineer = self.rules.engineer_shares_limited and player.goods.get("engineer-token", 0) > 0 \
            and self._token_free(player, "engineer-token")
        name = player.name
        admits = []
        claimed, mystery = self.claims, self.mystery
        # each space with whether it is a Mystery Hex and its type (_space_type), found once per game
        spaces = self.game.__dict__.get("_space_facts")
        if spaces is None:
            spaces = self.game._space_facts = tuple((s, s.startswith(HEX), self._space_type(s))
                                                    for s in self.game.space_order)
        if mystery:
            spaces = spaces + self._mystery_access(player)[1]
        for space_id, is_hex, kind in spaces:
            if space_id == away:
                continue
            taken = claimed.get(space_id)
            if taken:
                mine = False
                for claim in taken:         # any(), without a generator
                    if claim[0] == name:
                        mine = True
                        break
                if mine:
                    continue
                if kind != "unlimited":
                    # "no one else may place dice there unless they have an Engineer token"
                    if engineer and kind == "limited":
                        admits.append((space_id, self._claim_key(space_id), "engineer"))
                    continue
            admits.append((space_id, mystery[space_id[len(HEX):]]["type"] if is_hex else None, ""))
        key = (tuple(player.dice), player.inventor_die, player.inventor_turned, player.carnival_die,
               player.carnival_at is None, only_carnival, tuple(admits))
        memo = self.game.__dict__.setdefault("_placement_memo", {})
        found = memo.get(key)
        if found is None:
            if len(memo) > MEMO:
                memo.clear()
            found = memo[key] = tuple(self._list_placements(player, admits, only_carnival))
        return found

    def _claim_key(self, space_id: str):
        """What decides a space's claim requirement: the space, or a Mystery Hex's type (inlined
        in _placements)."""
        return self.mystery[space_id[len(HEX):]]["type"] if space_id.startswith(HEX) else None

    def _list_placements(self, player: Player, admits: list, only_carnival: bool) -> list[Action]:
        out = []
        unknown = self.rules.unknown_claim
        for dice, uses in self._groups(player, only_carnival):
            for space_id, _, admission in admits:
                if not claims(self._claim_of(space_id), dice, unknown):
                    continue
                if admission == "engineer":
                    out.append(Action("place", space_id, dice, uses=_uses(uses + ("engineer-token",))))
                else:
                    out.append(Action("place", space_id, dice, uses=uses))
        return out

    def _place_legal(self, player: Player, action: Action) -> bool:
        """``action in self.legal_actions()`` for a placement, without listing them all."""
        if (action.space not in self.game.spaces and action.space not in self._mystery_spaces(player)) \
                or not action.dice or list(action.dice) != sorted(action.dice) \
                or tuple(action.uses) != _uses(action.uses) or action != Action("place", action.space, action.dice,
                                                                               uses=action.uses):
            return False
        uses = set(action.uses)
        if uses - {"carnival-die", "engineer-token", "inventor-die"}:
            return False
        away, only_carnival = None, False
        if self.interrupt:
            kind, _, away, _ = self.interrupt
            only_carnival = kind == "carnival-place"
            if action.space == away or kind == "mystery":
                return False
        rest = list(action.dice)
        if "carnival-die" in uses:
            if player.carnival_die is None or player.carnival_at is not None or action.dice != (player.carnival_die,) \
                    or "inventor-die" in uses:
                return False
            rest = []
        elif only_carnival:
            return False
        if "inventor-die" in uses:
            if player.inventor_die is None or player.inventor_die not in rest:
                return False
            if player.inventor_turned and self.rules.inventor_turned_die_alone and len(rest) != 1:
                return False
            rest.remove(player.inventor_die)
        left = list(player.dice)
        for die in rest:
            if die not in left:
                return False
            left.remove(die)
        taken = self.claims.get(action.space, [])
        if any(who == player.name for who, *_ in taken):
            return False
        kind = self._space_type(action.space)
        shared = bool(taken) and kind != "unlimited"
        if shared != ("engineer-token" in uses):
            return False
        if shared and not (kind == "limited" and self.rules.engineer_shares_limited
                           and self._token_free(player, "engineer-token")):
            return False
        return claims(self._claim_of(action.space), action.dice, self.rules.unknown_claim)

    def _placement(self, player: Player, action: Action) -> None:
        kind = action.kind
        if kind == "place":
            self._place(player, action)
            if action.space.startswith(HEX) and self._used_on_placement(action.space[len(HEX):]):
                # Buffalo Herd, Native American: "to immediately remove one token ... and perform
                # one of the actions" (then the hex moves); the turn goes on afterwards
                self._flip(action.space)
                self.interrupt = ("mystery", player.name, action.space, bool(self.interrupt))
                return
            if self.interrupt:                  # a free claim (Carnival die, forced off): the turn stays
                self.interrupt = None
                if not player.has_dice():
                    self.passed = self.passed | {player.name}
                return
            if not player.has_dice():
                self.passed = self.passed | {player.name}
            self._next_placement()
        elif kind == "skip" and self.interrupt and self.interrupt[0] == "mystery":
            self._mystery_done(player, action.space)
        elif kind == "skip":                    # nothing the interrupting claim can claim
            self.event("no-claim", player.name, why=self.interrupt[0])
            self.interrupt = None
        elif kind == "pass":
            self.passed = self.passed | {player.name}
            self.event("pass", player.name)
            self._next_placement()
        elif kind == "turn-inventor-die":
            self._turn_inventor_die(player, action)
        elif kind == "carnival":
            self._roll_carnival(player)
        elif kind == "boot":
            self._boot(player, action)
        elif kind == "trade-influence":
            self._trade(player, action)

    def _place(self, player: Player, action: Action) -> None:
        rest = list(action.dice)
        if "carnival-die" in action.uses:
            player.carnival_at = action.space
            rest = []
        if "inventor-die" in action.uses:
            rest.remove(player.inventor_die)
            player.inventor_die = None
        dice = player.dice[:]            # a new list: the dice are shared by the state's copies
        for die in rest:
            dice.remove(die)
        player.dice = dice
        claim = (player.name, action.dice, action.uses)       # a new dict and list: copies share the claims
        self.claims = {**self.claims, action.space: [*self.claims.get(action.space, ()), claim]}
        if self.log.__class__ is Tally:         # a rollout's log only counts its events
            self.event("place")
        else:
            self.event("place", player.name, space=action.space, dice=list(action.dice), uses=list(action.uses))
        if "engineer-token" in action.uses:
            self._use_token(player, "engineer-token", self.rules.engineer_token_spent,
                            f"to place on {action.space}, a Limited space someone else claims")

    def _unclaim(self, space: str, name: str) -> tuple:
        taken = list(self.claims.get(space, []))        # new lists: copies of the state share the claims
        entry = next(e for e in taken if e[0] == name)
        taken.remove(entry)
        claims = dict(self.claims)
        if taken:
            claims[space] = taken
        else:
            del claims[space]
        self.claims = claims
        return entry

    def _start_placement(self) -> None:
        self.phase = "placement"
        self.turn = 0
        if self.log.__class__ is Tally:         # a rollout's log only counts its events
            self.log.n += 1
        else:
            self.event("placement", order=list(self.order))
        if all(not self.player(n).has_dice() for n in self.order):
            self.passed = set(self.order)
            self._next_placement()
        elif not self.player(self.order[0]).has_dice():
            self.passed = self.passed | {self.order[0]}
            self._next_placement()

    def _next_placement(self) -> None:
        if len(self.passed) == len(self.players):
            self.phase = "collection"
            # in turn order, each player collects from the spaces they claimed, in board order
            # "At the start of the Collection Phase" the Outlaw Hideout and Ghost Town, then the spaces
            hexes = [s for s in self.claims if s.startswith(HEX) and s[len(HEX):] in self.mystery
                     and not self._used_on_placement(s[len(HEX):])]
            claimers = {space: {who for who, *_ in taken} for space, taken in self.claims.items()}
            spaces = hexes + self.game.space_order
            self.to_collect = [(name, space) for name in self.order for space in spaces
                               if name in claimers.get(space, ())]
            if self.log.__class__ is Tally:     # a rollout's log only counts its events: no order to spell out
                self.event("collection")
            else:
                self.event("collection", order=[f"{n}:{s}" for n, s in self.to_collect])
            return
        seats = len(self.order)
        for _ in range(seats):
            self.turn = (self.turn + 1) % seats
            name = self.order[self.turn]
            if name not in self.passed:
                if not self.player(name).has_dice():
                    self.passed = self.passed | {name}
                    continue
                return
        if len(self.passed) == len(self.players):
            self._next_placement()

    def _placement_actions(self, player: Player) -> list[Action]:
        """The Placement Phase's decisions of the player to act: a claim in turn (or a free claim
        that interrupts it), passing, and the tokens' abilities."""
        if self.interrupt:
            kind, _, away, _ = self.interrupt
            if kind == "mystery":
                return self._mystery_options(player, away)
            placed = self._placements(player, away, only_carnival=kind == "carnival-place")
            return placed or [made("skip")]
        actions = [PASS, *self._placements_of(player)]
        # each listing asked only when its token or die can be in play (the calls are most of a
        # rollout step's cost); each method checks the same again
        if player.inventor_die is not None:
            actions += self._inventor_turns(player)
        if player.goods.get("cowboy-boot-token", 0) > 0:
            actions += self._boots(player)
        actions += self._trades(player)
        if player.roles and self.game.holds(player, "carnival-die") and self.can_pay(player, self.rules.carnival_roll_cost):
            actions.append(_action("carnival"))
        return actions
