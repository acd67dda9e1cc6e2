"""Gunfights (Rebels & Rogues), exactly and by seeded simulation.

Rules as written: up to two rounds. Each side rolls its Combat dice and adds its Duel, -2 per
Wound already taken. A roll 2 or more above the other's wounds the other and ends the gunfight;
otherwise the round is a draw and a second, final round follows; after it, the gunfight is a draw.
A Weak-Kneed side rolls a die when it is challenged and when it enters the second round: on 4+ it
flees, which ends the gunfight (and costs it 1 Reputation). A second wound (third when Tough)
captures.

Decisions the text leaves open are policies with documented defaults (:class:`Policy`):

* Deadly (re-roll one die once per round) re-rolls the lowest die when the side is not already
  winning the round; the challenger (side A) decides first when both are Deadly.
* The Wild Wild West Engineer token (+6 after the roll, once) is used when it turns the round:
  from a loss to a draw or a win, or from a draw to a win. A decides first.
* A Hideout token "counts as an additional icon": the caller says which (default +1 Combat).

Exact probabilities are computed with integer weights (every path has the same number of
virtual dice) and returned as :class:`fractions.Fraction`.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import lru_cache
from itertools import product

WIN_MARGIN = 2
WOUND_PENALTY = 2
WEAK_KNEED_FLEES_ON = 4
ENGINEER_BONUS = 6
OUTCOMES = ("a_wins", "b_wins", "a_flees", "b_flees", "draw")


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
    engineer_token: bool = False  # Wild Wild West: +6 after the roll, once

    @property
    def modifier(self) -> int:
        return self.duel - WOUND_PENALTY * self.wounds

    @property
    def wounds_to_capture(self) -> int:
        return 3 if self.tough else 2

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
        """
        values: dict = {}
        for part in filter(None, (p.strip() for p in spec.split(","))):
            key, _, value = part.partition("=")
            key = key.strip().replace("-", "_")
            if key in ("tough", "deadly", "weak_kneed", "engineer_token", "engineer"):
                values["engineer_token" if key == "engineer" else key] = value.strip().lower() not in ("0", "false", "no") if value else True
            elif key in ("combat", "duel", "wounds"):
                try:
                    values[key] = int(value)
                except ValueError:
                    raise ValueError(f"{key} needs a whole number, not {value!r}") from None
            else:
                raise ValueError(f"unknown gunfight icon {key!r}; use combat=N, duel=N, wounds=N, tough, deadly, "
                                 "weak-kneed, engineer")
        return cls(name=name or spec, **values)


@dataclass(frozen=True)
class Policy:
    deadly_rerolls_when_not_winning: bool = True
    engineer_when_it_turns_the_round: bool = True


DEFAULT_POLICY = Policy()


# -- exact -------------------------------------------------------------------------------------

@lru_cache(maxsize=None)
def _dice_table(n: int) -> tuple[tuple[int, tuple[tuple[int, int], ...]], ...]:
    """For n dice: per total, the count of rolls with each lowest die: ((total, ((low, count), ...)), ...)."""
    table: dict[int, dict[int, int]] = {}
    for roll in product(range(1, 7), repeat=n):
        lows = table.setdefault(sum(roll), {})
        low = min(roll) if roll else 0
        lows[low] = lows.get(low, 0) + 1
    return tuple((t, tuple(sorted(lows.items()))) for t, lows in sorted(table.items()))


@lru_cache(maxsize=None)
def _side_states(n: int, deadly: bool) -> tuple[tuple[int, int, tuple[tuple[int, int], ...]], ...]:
    """Per pre-reroll total: its weight (out of 6**n) and, if Deadly, the post-reroll totals'
    weights (out of 6**(n+1)). Non-Deadly sides carry their own total with weight 6."""
    out = []
    for total, lows in _dice_table(n):
        weight = sum(c for _, c in lows)
        if deadly and n:
            post: dict[int, int] = {}
            for low, count in lows:
                for r in range(1, 7):
                    post[total - low + r] = post.get(total - low + r, 0) + count
            out.append((total, weight, tuple(sorted(post.items()))))
        else:
            out.append((total, weight, ((total, 6 * weight),)))
    return tuple(out)


def _result(d: int) -> str:
    return "a" if d >= WIN_MARGIN else "b" if d <= -WIN_MARGIN else "draw"


_RANK_A = {"b": 0, "draw": 1, "a": 2}


def _engineer(d: int, eng_a: bool, eng_b: bool, policy: Policy) -> tuple[str, bool, bool]:
    """Apply Engineer tokens after the roll (A first); returns (result, a_used, b_used)."""
    used_a = used_b = False
    if eng_a and policy.engineer_when_it_turns_the_round and _RANK_A[_result(d + ENGINEER_BONUS)] > _RANK_A[_result(d)]:
        d += ENGINEER_BONUS
        used_a = True
    if eng_b and policy.engineer_when_it_turns_the_round and _RANK_A[_result(d - ENGINEER_BONUS)] < _RANK_A[_result(d)]:
        d -= ENGINEER_BONUS
        used_b = True
    return _result(d), used_a, used_b


@lru_cache(maxsize=None)
def round_distribution(n_a: int, deadly_a: bool, n_b: int, deadly_b: bool, diff: int,
                       eng_a: bool, eng_b: bool, policy: Policy = DEFAULT_POLICY) -> dict[tuple, Fraction]:
    """One round: P(result, A's token still unused, B's token still unused), exactly.

    ``diff`` is A's modifier minus B's (duel and wounds). Weights use a common denominator of
    6**(n_a + 1) * 6**(n_b + 1): every path rolls one virtual re-roll die per side.
    """
    states_a, states_b = _side_states(n_a, deadly_a), _side_states(n_b, deadly_b)
    plain_a = {t: w * 6 for t, w, _ in states_a}
    counts: dict[tuple, int] = {}
    use_deadly = policy.deadly_rerolls_when_not_winning
    for tb, wb, post_b in states_b:
        for ta, wa, post_a in states_a:
            # A decides first: re-roll the lowest die unless already winning the round
            if deadly_a and use_deadly and _result(ta - tb + diff) != "a":
                a_options = post_a
            else:
                a_options = ((ta, wa * 6),)
            for ta2, wa2 in a_options:
                if deadly_b and use_deadly and _result(ta2 - tb + diff) != "b":
                    b_options = post_b
                else:
                    b_options = ((tb, wb * 6),)
                for tb2, wb2 in b_options:
                    result, used_a, used_b = _engineer(ta2 - tb2 + diff, eng_a, eng_b, policy)
                    key = (result, eng_a and not used_a, eng_b and not used_b)
                    counts[key] = counts.get(key, 0) + wa2 * wb2
    denominator = 6 ** (n_a + 1) * 6 ** (n_b + 1)
    return {k: Fraction(v, denominator) for k, v in counts.items()}


@dataclass
class Odds:
    outcomes: dict[str, Fraction]
    captured: dict[str, Fraction]

    def to_json(self) -> dict:
        return {"exact": True, "outcomes": {k: float(v) for k, v in self.outcomes.items()},
                "captured": {k: float(v) for k, v in self.captured.items()},
                "fractions": {"outcomes": {k: str(v) for k, v in self.outcomes.items()},
                              "captured": {k: str(v) for k, v in self.captured.items()}}}


def exact_odds(a: Side, b: Side, policy: Policy = DEFAULT_POLICY) -> Odds:
    """Exact outcome probabilities of a gunfight; A is the challenger, B the challenged.

    >>> odds = exact_odds(Side(combat=1), Side(combat=1))
    >>> odds.outcomes["a_wins"] == odds.outcomes["b_wins"], sum(odds.outcomes.values())
    (True, Fraction(1, 1))
    """
    out = {k: Fraction(0) for k in OUTCOMES}
    flee = Fraction(6 - WEAK_KNEED_FLEES_ON + 1, 6)
    stay = 1 - flee
    start = Fraction(1)
    if b.weak_kneed:  # rolls when challenged
        out["b_flees"] += start * flee
        start *= stay
    diff = a.modifier - b.modifier
    first = round_distribution(a.combat, a.deadly, b.combat, b.deadly, diff, a.engineer_token, b.engineer_token, policy)
    for (result, eng_a, eng_b), p in first.items():
        p *= start
        if result != "draw":
            out[f"{result}_wins"] += p
            continue
        # entering the second round: each Weak-Kneed side rolls, A first
        if a.weak_kneed:
            out["a_flees"] += p * flee
            p *= stay
        if b.weak_kneed:
            out["b_flees"] += p * flee
            p *= stay
        second = round_distribution(a.combat, a.deadly, b.combat, b.deadly, diff, eng_a, eng_b, policy)
        for (result2, _, _), q in second.items():
            out["draw" if result2 == "draw" else f"{result2}_wins"] += p * q
    captured = {"a": out["b_wins"] if a.wounds + 1 >= a.wounds_to_capture else Fraction(0),
                "b": out["a_wins"] if b.wounds + 1 >= b.wounds_to_capture else Fraction(0)}
    return Odds(out, captured)


# -- seeded simulation ------------------------------------------------------------------------

@dataclass
class Fight:
    outcome: str
    log: list[dict] = field(default_factory=list)
    captured: str | None = None


def simulate(a: Side, b: Side, rng: random.Random, policy: Policy = DEFAULT_POLICY) -> Fight:
    """One gunfight, step by step, every die in the log (replays exactly from the seed)."""
    log: list[dict] = []

    def d6(who: str, why: str) -> int:
        value = rng.randint(1, 6)
        log.append({"event": "die", "side": who, "why": why, "value": value})
        return value

    def flees(side: Side, who: str, why: str) -> bool:
        return side.weak_kneed and d6(who, f"weak-kneed ({why})") >= WEAK_KNEED_FLEES_ON

    if flees(b, "b", "challenged"):
        return Fight("b_flees", log)
    eng = {"a": a.engineer_token, "b": b.engineer_token}
    for round_no in (1, 2):
        if round_no == 2:
            if flees(a, "a", "second round"):
                return Fight("a_flees", log)
            if flees(b, "b", "second round"):
                return Fight("b_flees", log)
        dice = {"a": [d6("a", f"round {round_no}") for _ in range(a.combat)],
                "b": [d6("b", f"round {round_no}") for _ in range(b.combat)]}
        total = lambda who: sum(dice[who]) + (a if who == "a" else b).modifier
        for who, side, good in (("a", a, "a"), ("b", b, "b")):
            if side.deadly and dice[who] and policy.deadly_rerolls_when_not_winning and _result(total("a") - total("b")) != good:
                low = dice[who].index(min(dice[who]))
                dice[who][low] = d6(who, f"deadly re-roll of a {dice[who][low]}")
        result, used_a, used_b = _engineer(total("a") - total("b"), eng["a"], eng["b"], policy)
        for who, used in (("a", used_a), ("b", used_b)):
            if used:
                eng[who] = False
                log.append({"event": "engineer-token", "side": who, "bonus": ENGINEER_BONUS})
        log.append({"event": "round", "round": round_no, "a": total("a"), "b": total("b"), "result": result})
        if result != "draw":
            loser = b if result == "a" else a
            captured = ("b" if result == "a" else "a") if loser.wounds + 1 >= loser.wounds_to_capture else None
            return Fight(f"{result}_wins", log, captured)
    return Fight("draw", log)


def simulate_many(a: Side, b: Side, fights: int, seed: int, policy: Policy = DEFAULT_POLICY) -> dict[str, float]:
    """Share of each outcome over ``fights`` seeded gunfights."""
    rng = random.Random(seed)
    counts = {k: 0 for k in OUTCOMES}
    for _ in range(fights):
        counts[simulate(a, b, rng, policy).outcome] += 1
    return {k: v / fights for k, v in counts.items()}


def simulate_numpy(a: Side, b: Side, fights: int, seed: int) -> dict[str, float]:
    """Vectorised Monte Carlo (numpy) under the default policy, Engineer tokens excluded."""
    import numpy as np

    if a.engineer_token or b.engineer_token:
        raise ValueError("the numpy simulation does not model Engineer tokens; use simulate_many")
    rng = np.random.default_rng(seed)
    n = fights
    outcome = np.full(n, 4, dtype=np.int8)  # index into OUTCOMES; 4 = draw
    alive = np.ones(n, dtype=bool)
    if b.weak_kneed:
        fled = rng.integers(1, 7, n) >= WEAK_KNEED_FLEES_ON
        outcome[fled] = 3
        alive &= ~fled
    diff = a.modifier - b.modifier
    for round_no in (1, 2):
        if round_no == 2:
            for side, code in ((a, 2), (b, 3)):
                if side.weak_kneed:
                    fled = alive & (rng.integers(1, 7, n) >= WEAK_KNEED_FLEES_ON)
                    outcome[fled] = code
                    alive &= ~fled
        da = rng.integers(1, 7, (n, max(a.combat, 1))) if a.combat else np.zeros((n, 1), dtype=np.int64)
        db = rng.integers(1, 7, (n, max(b.combat, 1))) if b.combat else np.zeros((n, 1), dtype=np.int64)
        ta, tb = da.sum(1), db.sum(1)
        if a.deadly and a.combat:
            redo = (ta - tb + diff) < WIN_MARGIN
            ta = np.where(redo, ta - da.min(1) + rng.integers(1, 7, n), ta)
        if b.deadly and b.combat:
            redo = (tb - ta - diff) < WIN_MARGIN
            tb = np.where(redo, tb - db.min(1) + rng.integers(1, 7, n), tb)
        d = ta - tb + diff
        a_won = alive & (d >= WIN_MARGIN)
        b_won = alive & (d <= -WIN_MARGIN)
        outcome[a_won] = 0
        outcome[b_won] = 1
        alive &= ~(a_won | b_won)
    counts = np.bincount(outcome, minlength=5)
    return {k: float(counts[i] / n) for i, k in enumerate(OUTCOMES)}


def fighters(library, scenario_id: str | None = None) -> list[Side]:
    """Everyone with gunfight icons in the library (characters and tokens such as the Marshal
    token), or those a scenario brings: its decks' characters, the Marshal token if its action
    spaces hand it out, and the tokens its ``fighting_tokens`` parameter names (Wild Wild West)."""
    sides = []
    for kind in ("character", "token"):
        for doc in library.of_kind(kind, "dark-horse"):
            if doc.data.get("gunfight"):
                sides.append((doc, Side.from_data(doc.id, doc.data["gunfight"])))
    if scenario_id is None:
        return [s for _, s in sides]
    scenario = library.data("dark-horse", "scenario", scenario_id)
    if scenario is None:
        raise KeyError(scenario_id)
    roles = set()
    for space_id in scenario.get("action_spaces") or []:
        space = library.data("dark-horse", "action_space", space_id) or {}
        if space.get("special_role"):
            roles.add(space["special_role"])
    roles |= set((scenario.get("parameters") or {}).get("fighting_tokens") or [])
    chosen = []
    for doc, side in sides:
        if doc.kind == "character" and doc.data.get("role") == "rebels-and-rogues" and "rebels-and-rogues" in (scenario.get("decks") or []):
            chosen.append(side)
        elif doc.kind == "token" and doc.id in roles:
            chosen.append(side)
    return chosen


def matrix(sides: list[Side], policy: Policy = DEFAULT_POLICY) -> dict[str, dict[str, Fraction]]:
    """P(challenger wins) for every ordered pair: rows challenge, columns are challenged."""
    return {a.name: {b.name: exact_odds(a, b, policy).outcomes["a_wins"] for b in sides} for a in sides}
