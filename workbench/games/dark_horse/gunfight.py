"""Gunfights (Rebels & Rogues) as one small state machine with explicit chance nodes.

The rules as written: up to ``gunfight_rounds`` rounds. Each side rolls its Combat dice and adds its
Duel, plus ``wound_modifier`` per Wound already taken. A roll ``win_margin`` or more above the
other's wounds the other and ends the gunfight; otherwise the round is a draw and, after the last
round, so is the gunfight. A Weak-Kneed side rolls a die when it is challenged and when it enters
a later round: on ``weak_kneed_flees_on`` or more it flees. A wound that brings a side to
``wounds_to_capture`` (``wounds_to_capture_tough`` when Tough) captures it.

Every number and every decision policy comes from the resolved ruleset (:class:`GunfightRules`):
the decisions the text leaves open (when a Deadly side re-rolls, who decides first, when an
Engineer token is spent) are declared assumptions in the YAML, not Python literals.

One implementation of the rules serves everything: :class:`GunfightState` says at each step which
chance outcomes can happen and with what probability, and what follows from each. The exact odds
(:func:`exact_odds`) walk those outcomes (memoised: the two dice rolls of a round are one chance
node whose outcomes are the difference of the totals and the lowest dice, so 30 dice a side take
milliseconds, not 6**60 paths); the seeded simulation (:func:`simulate`), and the Dark Horse turn
engine, sample them, logging every die.

Examples
--------
>>> rules = GunfightRules(rounds=2, win_margin=2, wound_modifier=-2, wounds_to_capture=2,
...                       wounds_to_capture_tough=3, weak_kneed_flees_on=4)
>>> odds = exact_odds(Side(combat=1), Side(combat=1), rules)
>>> odds.outcomes["a_wins"] == odds.outcomes["b_wins"], sum(odds.outcomes.values())
(True, Fraction(1, 1))
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import lru_cache

from ...core.errors import UsageError
from ...core.limits import limit

OUTCOMES = ("a_wins", "b_wins", "a_flees", "b_flees", "draw")
#: Not a rule: the largest fight the workbench computes exactly, to keep every command within
#: seconds (a declared limit, :mod:`workbench.core.limits`).
MAX_COMBAT_DICE = limit("combat_dice")
MAX_DUEL = 1000


@dataclass(frozen=True)
class GunfightRules:
    """The gunfight rules in force, read from the resolved Dark Horse ruleset."""

    rounds: int
    win_margin: int
    wound_modifier: int
    wounds_to_capture: int
    wounds_to_capture_tough: int
    weak_kneed_flees_on: int
    deadly_rerolls: str = "lowest-when-not-winning"
    deadly_decides_first: str = "challenger"
    engineer_bonus: int = 0
    engineer_use: str = "when-it-turns-the-round"

    @classmethod
    def from_ruleset(cls, rules) -> "GunfightRules":
        return cls(rounds=rules.gunfight_rounds, win_margin=rules.win_margin, wound_modifier=rules.wound_modifier,
                   wounds_to_capture=rules.wounds_to_capture, wounds_to_capture_tough=rules.wounds_to_capture_tough,
                   weak_kneed_flees_on=rules.weak_kneed_flees_on, deadly_rerolls=rules.deadly_rerolls,
                   deadly_decides_first=rules.deadly_decides_first, engineer_bonus=rules.engineer_gunfight_bonus,
                   engineer_use=rules.engineer_use)

    @classmethod
    def published(cls, scenario: str | None = None) -> "GunfightRules":
        """The rules of the published game (optionally a scenario), from the shipped library."""
        return _published(scenario)

    def result(self, d: int) -> str:
        """A round's result from the difference of the two rolls (A's minus B's)."""
        return "a" if d >= self.win_margin else "b" if d <= -self.win_margin else "draw"

    def flee_chance(self) -> Fraction:
        return Fraction(max(0, 7 - self.weak_kneed_flees_on), 6) if self.weak_kneed_flees_on > 1 else Fraction(1)


def _published(scenario):
    from ...rules.dark_horse import published_ruleset
    return GunfightRules.from_ruleset(published_ruleset(scenario))


@dataclass(frozen=True)
class Side:
    """A character in a gunfight: its icons and its state."""

    name: str = "?"
    combat: int = 1
    duel: int = 0
    tough: bool = False
    deadly: bool = False
    weak_kneed: bool = False
    wounds: int = 0
    engineer_token: bool = False  # Wild Wild West: a bonus after the roll, once

    def modifier(self, rules: GunfightRules) -> int:
        return self.duel + rules.wound_modifier * self.wounds

    def wounds_to_capture(self, rules: GunfightRules) -> int:
        return rules.wounds_to_capture_tough if self.tough else rules.wounds_to_capture

    def captured_by_a_wound(self, rules: GunfightRules) -> bool:
        return self.wounds + 1 >= self.wounds_to_capture(rules)

    @classmethod
    def from_data(cls, name: str, gunfight: dict, **state) -> "Side":
        """From a character or token document's ``gunfight`` block."""
        return cls(name=name, combat=int(gunfight.get("combat", 0)), duel=int(gunfight.get("duel", 0)),
                   tough=bool(gunfight.get("tough")), deadly=bool(gunfight.get("deadly")),
                   weak_kneed=bool(gunfight.get("weak_kneed")), **state)

    @classmethod
    def parse(cls, spec: str, name: str | None = None) -> "Side":
        """Parse an inline spec like ``combat=2,duel=2,tough,deadly,weak-kneed,wounds=1``.

        >>> Side.parse("combat=3,duel=1,deadly").deadly
        True
        >>> Side.parse("combat=-1")
        Traceback (most recent call last):
        ...
        workbench.core.errors.UsageError: combat must be a whole number from 0 to 60, not -1
        """
        values: dict = {}
        limits = {"combat": MAX_COMBAT_DICE, "duel": MAX_DUEL, "wounds": 20}
        for part in filter(None, (p.strip() for p in spec.split(","))):
            key, _, value = part.partition("=")
            key = key.strip().lower().replace("-", "_")
            named = "engineer_token" if key == "engineer" else key
            if named in values:  # `combat=2,combat=3`: which one was meant? (never the last silently)
                raise UsageError(f"{key.replace('_', '-')} is given twice; give it once")
            if key in ("tough", "deadly", "weak_kneed", "engineer_token", "engineer"):
                flag = value.strip().lower()
                if flag not in ("", "1", "0", "yes", "no", "true", "false"):
                    raise UsageError(f"{key.replace('_', '-')} takes no value (or yes/no), not {value!r}")
                values["engineer_token" if key == "engineer" else key] = flag not in ("0", "false", "no")
            elif key in limits:
                try:
                    number = int(value)
                except ValueError:
                    raise UsageError(f"{key} needs a whole number, not {value!r}") from None
                if not 0 <= number <= limits[key]:
                    raise UsageError(f"{key} must be a whole number from 0 to {limits[key]}, not {number}")
                values[key] = number
            else:
                raise UsageError(f"unknown gunfight icon {key!r}; use combat=N, duel=N, wounds=N, tough, deadly, "
                                 "weak-kneed, engineer")
        return cls(name=name or spec, **values)


# -- dice distributions ------------------------------------------------------------------------

@lru_cache(maxsize=256)
def roll_table(n: int, keep_lowest: bool) -> tuple[tuple[int, int, int], ...]:
    """For ``n`` six-sided dice: ``(total, lowest die, count)`` out of ``6**n`` rolls.

    The lowest die is kept only when needed (a Deadly side re-rolls it), else it is 0; built die
    by die, so it costs O(n**2), not 6**n.

    >>> roll_table(2, False)[:3]
    ((2, 0, 1), (3, 0, 2), (4, 0, 3))
    >>> sum(c for _, _, c in roll_table(3, True)) == 6 ** 3
    True
    """
    table: dict[tuple[int, int], int] = {(0, 7 if keep_lowest else 0): 1}
    for _ in range(n):
        grown: dict[tuple[int, int], int] = {}
        for (total, low), count in table.items():
            for face in range(1, 7):
                key = (total + face, min(low, face) if keep_lowest else 0)
                grown[key] = grown.get(key, 0) + count
        table = grown
    if n == 0:
        return ((0, 0, 1),)
    return tuple(sorted((t, low, c) for (t, low), c in table.items()))


@lru_cache(maxsize=4096)
def _both_rolls(n_a: int, low_a: bool, n_b: int, low_b: bool) -> tuple[tuple[tuple[int, int, int], int], ...]:
    """The one chance node of a round's two rolls: ``((total_a - total_b, lowest_a, lowest_b), count)``
    out of ``6**(n_a + n_b)``, by convolving the two sides' tables per pair of lowest dice."""
    by_low_a: dict[int, dict[int, int]] = {}
    for total, low, count in roll_table(n_a, low_a):
        by_low_a.setdefault(low, {})[total] = count
    by_low_b: dict[int, dict[int, int]] = {}
    for total, low, count in roll_table(n_b, low_b):
        by_low_b.setdefault(low, {})[total] = count
    out: dict[tuple[int, int, int], int] = {}
    for la, totals_a in by_low_a.items():
        for lb, totals_b in by_low_b.items():
            for ta, ca in totals_a.items():
                for tb, cb in totals_b.items():
                    key = (ta - tb, la, lb)
                    out[key] = out.get(key, 0) + ca * cb
    return tuple(sorted(out.items()))


# -- the state machine -------------------------------------------------------------------------

@dataclass(frozen=True)
class GunfightState:
    """One moment of a gunfight. Every non-terminal state is a chance node: the decisions the
    text leaves open are made by the ruleset's declared policies as the state moves on.

    ``d`` is A's roll minus B's (modifiers included) once the dice are down; ``low_a``/``low_b``
    the lowest dice a Deadly side may re-roll.
    """

    rules: GunfightRules
    a: Side
    b: Side
    phase: str = "challenged"        # challenged, flee-a, flee-b, roll, reroll-a, reroll-b, over
    round: int = 1
    d: int = 0
    low_a: int = 0
    low_b: int = 0
    eng_a: bool = False
    eng_b: bool = False
    rerolled: frozenset = frozenset()
    settled: int = field(default=0, compare=False)   # the last round's final difference, for the log only
    outcome: str | None = None

    # -- the state API ---------------------------------------------------------------------------
    def is_terminal(self) -> bool:
        return self.phase == "over"

    def _with(self, **changes) -> "GunfightState":
        # dataclasses.replace re-runs __init__ and was 3/4 of the exact walk's time
        new = object.__new__(GunfightState)
        new.__dict__.update(self.__dict__)
        new.__dict__.update(changes)
        return new

    def key(self) -> tuple:
        """What distinguishes this state within one fight (the sides and rules are fixed)."""
        return (self.phase, self.round, self.d, self.low_a, self.low_b, self.eng_a, self.eng_b, self.rerolled,
                self.outcome)

    def is_chance_node(self) -> bool:
        return not self.is_terminal()

    def chance_weights(self) -> tuple[list[tuple[object, int]], int]:
        """Outcomes with integer weights, and their total (the exact walk's fast path)."""
        if self.phase in ("challenged", "flee-a", "flee-b", "reroll-a", "reroll-b"):
            return [(face, 1) for face in range(1, 7)], 6
        if self.phase == "roll":
            rows = _both_rolls(self.a.combat, self.a.deadly, self.b.combat, self.b.deadly)
            return list(rows), 6 ** (self.a.combat + self.b.combat)
        return [], 1

    def chance_outcomes(self) -> list[tuple[object, Fraction]]:
        """Each chance outcome with its probability (they sum to 1)."""
        outcomes, total = self.chance_weights()
        return [(o, Fraction(w, total)) for o, w in outcomes]

    def child(self, outcome) -> "GunfightState":
        """The state after a chance outcome, with the policies' decisions that follow it applied."""
        r = self.rules
        if self.phase in ("challenged", "flee-a", "flee-b"):
            who = "a" if self.phase == "flee-a" else "b"
            if outcome >= r.weak_kneed_flees_on:
                return self._with(phase="over", outcome=f"{who}_flees")
            if self.phase == "flee-a" and self.b.weak_kneed:
                return self._with(phase="flee-b")
            return self._with(phase="roll")
        if self.phase == "roll":
            diff, low_a, low_b = outcome
            state = self._with(d=diff + self.a.modifier(r) - self.b.modifier(r), low_a=low_a, low_b=low_b,
                            rerolled=frozenset())
            return state._decide()
        if self.phase in ("reroll-a", "reroll-b"):
            who = self.phase[-1]
            delta = outcome - (self.low_a if who == "a" else self.low_b)
            state = self._with(d=self.d + delta if who == "a" else self.d - delta,
                            rerolled=self.rerolled | {who}, **{f"low_{who}": 0})
            return state._decide()
        raise ValueError(f"no chance outcome in phase {self.phase}")

    # -- the declared policies -------------------------------------------------------------------
    def _wants_reroll(self, who: str) -> bool:
        side = self.a if who == "a" else self.b
        if not side.deadly or side.combat == 0 or who in self.rerolled or self.rules.deadly_rerolls == "never":
            return False
        if self.rules.deadly_rerolls == "lowest-always":
            return True
        return self.rules.result(self.d) != who   # lowest-when-not-winning

    def folded_weights(self) -> tuple[list[tuple["GunfightState", int]], int]:
        """A roll node's outcomes with the policies' re-roll decisions and the re-roll dice folded
        in: the states that end the round, with integer weights. Only the exact walk uses it, to
        skip the fine-grained re-roll nodes; a test proves both walks give the same odds."""
        if self.phase != "roll":
            outcomes, total = self.chance_weights()
            return [(self.child(o), w) for o, w in outcomes], total
        r = self.rules
        base = self.a.modifier(r) - self.b.modifier(r)
        order = ("a", "b") if r.deadly_decides_first == "challenger" else ("b", "a")
        rolled = {"a": self.a.deadly and self.a.combat > 0, "b": self.b.deadly and self.b.combat > 0}
        # stage by stage: (d, lowest of each side still to decide) -> weight
        stage: dict[tuple[int, int, int], int] = {}
        for (diff, low_a, low_b), w in _both_rolls(self.a.combat, self.a.deadly, self.b.combat, self.b.deadly):
            key = (diff + base, low_a, low_b)
            stage[key] = stage.get(key, 0) + w
        probe = self._with(rerolled=frozenset())
        for who in order:
            if not rolled[who]:
                continue
            grown: dict[tuple[int, int, int], int] = {}
            for (d, low_a, low_b), w in stage.items():
                low = low_a if who == "a" else low_b
                if probe._with(d=d)._wants_reroll(who):
                    sign = 1 if who == "a" else -1
                    for face in range(1, 7):
                        key = (d + sign * (face - low), 0 if who == "a" else low_a, 0 if who == "b" else low_b)
                        grown[key] = grown.get(key, 0) + w
                else:   # the re-roll die not rolled counts 6 ways, keeping one denominator
                    key = (d, 0 if who == "a" else low_a, 0 if who == "b" else low_b)
                    grown[key] = grown.get(key, 0) + 6 * w
            stage = grown
        total = 6 ** (self.a.combat + self.b.combat + rolled["a"] + rolled["b"])
        done = self._with(rerolled=frozenset("ab"), low_a=0, low_b=0)
        return [(done._with(d=d)._resolve(), w) for (d, _, _), w in stage.items()], total

    def _decide(self) -> "GunfightState":
        order = ("a", "b") if self.rules.deadly_decides_first == "challenger" else ("b", "a")
        for who in order:
            if who not in self.rerolled:
                if self._wants_reroll(who):
                    return self._with(phase=f"reroll-{who}")
                # a side that does not re-roll now will not later in this round: its lowest die
                # no longer matters (forgetting it lets the exact walk share these states)
                self = self._with(rerolled=self.rerolled | {who}, **{f"low_{who}": 0})
        return self._resolve()

    def _engineer(self) -> tuple[int, bool, bool]:
        r, d = self.rules, self.d
        eng_a, eng_b = self.eng_a, self.eng_b
        rank = {"b": 0, "draw": 1, "a": 2}
        if r.engineer_use == "when-it-turns-the-round" and r.engineer_bonus:
            if eng_a and rank[r.result(d + r.engineer_bonus)] > rank[r.result(d)]:
                d, eng_a = d + r.engineer_bonus, False
            if eng_b and rank[r.result(d - r.engineer_bonus)] < rank[r.result(d)]:
                d, eng_b = d - r.engineer_bonus, False
        return d, eng_a, eng_b

    def _resolve(self) -> "GunfightState":
        d, eng_a, eng_b = self._engineer()
        result = self.rules.result(d)
        if result != "draw":
            return self._with(phase="over", d=d, settled=d, eng_a=eng_a, eng_b=eng_b, outcome=f"{result}_wins")
        if self.round >= self.rules.rounds:
            return self._with(phase="over", d=d, settled=d, eng_a=eng_a, eng_b=eng_b, outcome="draw")
        # entering the next round: each Weak-Kneed side rolls, A first
        nxt = self._with(round=self.round + 1, d=0, settled=d, low_a=0, low_b=0, eng_a=eng_a, eng_b=eng_b,
                      rerolled=frozenset())
        if self.a.weak_kneed:
            return nxt._with(phase="flee-a")
        if self.b.weak_kneed:
            return nxt._with(phase="flee-b")
        return nxt._with(phase="roll")

    # -- sampling ----------------------------------------------------------------------------------
    def sample(self, rng: random.Random, log: list | None = None):
        """Roll the dice of this chance node one by one (logging each) and return the outcome."""
        def d6(side: str, why: str) -> int:
            value = rng.randint(1, 6)
            if log is not None:
                log.append({"event": "die", "side": side, "why": why, "value": value})
            return value

        if self.phase == "challenged":
            return d6("b", "weak-kneed (challenged)")
        if self.phase in ("flee-a", "flee-b"):
            return d6(self.phase[-1], f"weak-kneed (round {self.round})")
        if self.phase in ("reroll-a", "reroll-b"):
            who = self.phase[-1]
            return d6(who, f"deadly re-roll of a {self.low_a if who == 'a' else self.low_b}")
        if self.phase == "roll":
            dice_a = [d6("a", f"round {self.round}") for _ in range(self.a.combat)]
            dice_b = [d6("b", f"round {self.round}") for _ in range(self.b.combat)]
            low = lambda dice, keep: min(dice) if keep and dice else 0
            return (sum(dice_a) - sum(dice_b), low(dice_a, self.a.deadly), low(dice_b, self.b.deadly))
        raise ValueError("a terminal state has no chance outcome")


def start(a: Side, b: Side, rules: GunfightRules) -> GunfightState:
    """The state when A challenges B (Weak-Kneed B rolls first)."""
    for side in (a, b):
        if side.combat > MAX_COMBAT_DICE:
            raise UsageError(f"{side.name} rolls {side.combat} Combat dice; the workbench computes gunfights of up to"
                             f" {MAX_COMBAT_DICE} dice a side")
    engineer = rules.engineer_bonus > 0
    state = GunfightState(rules, a, b, eng_a=a.engineer_token and engineer, eng_b=b.engineer_token and engineer)
    return state if b.weak_kneed else state._with(phase="roll")


# -- exact odds --------------------------------------------------------------------------------

@dataclass
class Odds:
    outcomes: dict[str, Fraction]
    captured: dict[str, Fraction]

    def to_json(self) -> dict:
        return {"exact": True, "outcomes": {k: float(v) for k, v in self.outcomes.items()},
                "captured": {k: float(v) for k, v in self.captured.items()},
                "fractions": {"outcomes": {k: str(v) for k, v in self.outcomes.items()},
                              "captured": {k: str(v) for k, v in self.captured.items()}}}


def outcome_distribution(state: GunfightState, *, fold: bool = True) -> dict[str, Fraction]:
    """The exact distribution of terminal outcomes below ``state``, by a memoised walk of its
    chance outcomes (integer numerators over a common denominator until the end).

    ``fold`` walks each round's rolls and re-rolls as one node (:meth:`GunfightState.folded_weights`);
    ``fold=False`` walks every chance node as the game plays it (slower; the tests compare both).
    """
    memo: dict[tuple, tuple[tuple[int, ...], int]] = {}
    index = {name: i for i, name in enumerate(OUTCOMES)}

    def walk(s: GunfightState) -> tuple[tuple[int, ...], int]:
        key = s.key()
        if key in memo:
            return memo[key]
        if s.is_terminal():
            value = tuple(1 if i == index[s.outcome] else 0 for i in range(len(OUTCOMES))), 1
        else:
            if fold:
                outcomes, total = s.folded_weights()
                children = [(w, walk(child)) for child, w in outcomes]
            else:
                outcomes, total = s.chance_weights()
                children = [(w, walk(s.child(o))) for o, w in outcomes]
            common = 1
            for _, (_, den) in children:
                common = math.lcm(common, den)
            sums = [0] * len(OUTCOMES)
            for w, (nums, den) in children:
                scale = w * (common // den)
                for i, n in enumerate(nums):
                    if n:
                        sums[i] += n * scale
            value = tuple(sums), total * common
        memo[key] = value
        return value

    nums, den = walk(state)
    return {name: Fraction(nums[i], den) for name, i in index.items()}


def _required(rules) -> None:
    # One rules object, passed explicitly: a default of the published rules made a notebook and
    # the CLI give different odds on one designer library (issue 21)
    if not isinstance(rules, GunfightRules):
        raise TypeError("pass the GunfightRules in force (GunfightRules.from_ruleset(ruleset)), not "
                        f"{type(rules).__name__}: the odds depend on the library's rules")


def exact_odds(a: Side, b: Side, rules: GunfightRules) -> Odds:
    """Exact outcome probabilities of a gunfight; A is the challenger, B the challenged.

    ``captured`` gives the chance that each side ends captured (a lost fight that brings it to
    its capture wound count).
    """
    _required(rules)
    out = outcome_distribution(start(a, b, rules))
    captured = {"a": out["b_wins"] if a.captured_by_a_wound(rules) else Fraction(0),
                "b": out["a_wins"] if b.captured_by_a_wound(rules) else Fraction(0)}
    return Odds(out, captured)


# -- seeded simulation ------------------------------------------------------------------------

@dataclass
class Fight:
    outcome: str
    log: list[dict] = field(default_factory=list)
    captured: str | None = None
    engineer_used: tuple[str, ...] = ()


def finish(state: GunfightState, log: list[dict]) -> Fight:
    """The :class:`Fight` a terminal state stands for (who is captured, tokens spent)."""
    r = state.rules
    used = tuple(who for who, had, has in (("a", state.a.engineer_token, state.eng_a), ("b", state.b.engineer_token,
                                                                                          state.eng_b))
                 if had and r.engineer_bonus and not has)
    for who in used:
        log.append({"event": "engineer-token", "side": who, "bonus": r.engineer_bonus})
    captured = None
    if state.outcome == "a_wins" and state.b.captured_by_a_wound(r):
        captured = "b"
    elif state.outcome == "b_wins" and state.a.captured_by_a_wound(r):
        captured = "a"
    return Fight(state.outcome, log, captured, used)


def simulate(a: Side, b: Side, rng: random.Random, rules: GunfightRules) -> Fight:
    """One gunfight sampled step by step from the same chance nodes, every die in the log."""
    _required(rules)
    state, log = start(a, b, rules), []
    while not state.is_terminal():
        before = state
        state = state.child(state.sample(rng, log))
        if before.phase in ("roll", "reroll-a", "reroll-b") and (state.round != before.round or state.is_terminal()):
            log.append({"event": "round", "round": before.round, "difference": state.settled,
                        "result": state.outcome or "draw"})
    return finish(state, log)


def simulate_many(a: Side, b: Side, fights: int, seed: int, rules: GunfightRules) -> dict[str, float]:
    """Share of each outcome over ``fights`` seeded gunfights: at most the ``simulated_fights``
    limit, and their dice (fights times both sides' combat dice) at most ``simulated_dice``."""
    _required(rules)
    dice = max(1, a.combat + b.combat)
    if not 1 <= fights <= limit("simulated_fights") or fights * dice > limit("simulated_dice"):
        most = min(limit("simulated_fights"), limit("simulated_dice") // dice)
        raise UsageError(f"{fights:,} simulated fights of {dice} combat dice is beyond the declared limits"
                         f" ({limit('simulated_fights'):,} fights, {limit('simulated_dice'):,} dice in all):"
                         f" at most {most:,} fights here; the exact odds need no simulation")
    rng = random.Random(seed)
    counts = {k: 0 for k in OUTCOMES}
    for _ in range(fights):
        counts[simulate(a, b, rng, rules).outcome] += 1
    return {k: v / fights for k, v in counts.items()}


def rules_for(library, scenario: str | None = None) -> GunfightRules:
    """The gunfight rules ``library`` resolves to for ``scenario`` (as `workbench gunfight` plays
    them: the library's ruleset, never the published one behind a designer's back)."""
    from ...rules.dark_horse import resolve_ruleset

    return GunfightRules.from_ruleset(resolve_ruleset(library, scenario=scenario))


# -- who fights -------------------------------------------------------------------------------

def fighters(library, scenario_id: str | None = None, fighting_tokens=None) -> list[Side]:
    """Everyone with gunfight icons in the library (characters and tokens such as the Marshal
    token), or those a scenario brings: its decks' characters, the tokens its action spaces hand
    out as special roles, and the tokens its ruleset's ``fighting_tokens`` names (Wild Wild West)."""
    from ...core.errors import NotFound

    sides = []
    for kind in ("character", "token"):
        for doc in library.of_kind(kind, "dark-horse"):
            if isinstance(doc.data.get("gunfight"), dict):
                sides.append((doc, Side.from_data(doc.id, doc.data["gunfight"])))
    if scenario_id is None:
        return [s for _, s in sides]
    scenario = library.data("dark-horse", "scenario", scenario_id)
    if scenario is None:
        raise NotFound("scenario", scenario_id, library.ids("dark-horse", "scenario"), "in dark-horse")
    if fighting_tokens is None:
        from ...rules.dark_horse import resolve_ruleset
        fighting_tokens = resolve_ruleset(library, scenario=scenario_id).fighting_tokens
    roles = set(fighting_tokens)
    for space_id in scenario.get("action_spaces") or []:
        space = library.data("dark-horse", "action_space", space_id) or {}
        if space.get("special_role"):
            roles.add(space["special_role"])
    chosen = []
    for doc, side in sides:
        if doc.kind == "character" and doc.data.get("role") == "rebels-and-rogues" and "rebels-and-rogues" in (scenario.get("decks") or []):
            chosen.append(side)
        elif doc.kind == "token" and doc.id in roles:
            chosen.append(side)
    return chosen


def matrix(sides: list[Side], rules: GunfightRules) -> dict[str, dict[str, Fraction]]:
    """P(challenger wins) for every ordered pair: rows challenge, columns are challenged."""
    _required(rules)
    return {a.name: {b.name: exact_odds(a, b, rules).outcomes["a_wins"] for b in sides} for a in sides}
