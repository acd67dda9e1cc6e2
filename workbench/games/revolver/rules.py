"""Revolver 1.2 rules as pure functions.

Game facts (module-level data, as the rulebook states them):
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Callable, Sequence

#: New Icons, Bullet wound: "At the moment when a fifth such token would have to be placed on
#: Jack Colti, McReady immediately wins the game!"
BULLET_WOUNDS_TO_WIN = 5
#: Prison Phase steps 1-3 and the note to step 6.
PRISON_ENTRY_WOUNDS = 1
COLTI_DRAWS, MCREADY_DRAWS = 6, 3
PRISON_BONUS = {"stick-of-dynamite": 3, "nitroglycerin": 5}
#: Setup 1: the Prison lies between Hawk's Nest and Rattlesnake Creek; it is optional (Q5).
PRISON = "san-manzanillo-prison"
ROUTE_AROUND_PRISON = ("hawks-nest", PRISON, "rattlesnake-creek")


class RuleError(ValueError):
    """A move the rules do not allow, with the rulebook's reason."""


# -- scope targeting (New Icons: Scope, Examples 1 and 2) ------------------------------------

@dataclass(frozen=True)
class Target:
    """A McReady card in play that a Colti kill effect may hit."""

    card: str
    firepower: int
    scope: bool = False


@dataclass
class KillResult:
    killed: list[str]
    points_lost: int = 0
    log: list[str] = field(default_factory=list)


def _choose(choices: list[Target], preference: Sequence[str]) -> Target:
    # the attacker (Colti) chooses: the first of his preferences that is allowed, else the first
    for wanted in preference:
        for target in choices:
            if target.card == wanted:
                return target
    return choices[0]


def kill_one(targets: Sequence[Target], preference: Sequence[str] = ()) -> KillResult:
    """A card that kills one [star icon] card: a scope card must be killed first.

    >>> charlie, marshal = Target("charlie-withers-first-deputy", 3), Target("pinkerton-marshal", 1, scope=True)
    >>> kill_one([charlie, marshal], preference=["charlie-withers-first-deputy"]).killed
    ['pinkerton-marshal']
    """
    if not targets:
        return KillResult([], 0, ["no [star icon] card to kill"])
    scoped = [t for t in targets if t.scope]
    choice = _choose(scoped or list(targets), preference)
    why = "the scope icon makes it the first target" if scoped else "chosen by the attacker"
    return KillResult([choice.card], 0, [f"kill {choice.card}: {why}"])


def kill_with_points(points: int, targets: Sequence[Target], preference: Sequence[str] = ()) -> KillResult:
    """Kill points (e.g. Stick of Dynamite) spent on targets, scope cards first; a target costs
    its firepower. Points that cannot pay for the next target are lost (Example 2).

    >>> charlie, marshal = Target("charlie-withers-first-deputy", 3), Target("pinkerton-marshal", 1, scope=True)
    >>> r = kill_with_points(3, [charlie, marshal], preference=["charlie-withers-first-deputy"])
    >>> r.killed, r.points_lost
    (['pinkerton-marshal'], 2)
    """
    remaining, pool, result = points, list(targets), KillResult([])
    while pool:
        scoped = [t for t in pool if t.scope]
        target = _choose(scoped or pool, preference)
        if target.firepower > remaining:
            result.log.append(f"{remaining} point(s) left cannot kill {target.card} (firepower {target.firepower}): lost")
            break
        remaining -= target.firepower
        pool.remove(target)
        result.killed.append(target.card)
        result.log.append(f"kill {target.card} for {target.firepower} point(s)"
                          + (" (scope: it must go first)" if target.scope else ""))
    result.points_lost = remaining
    return result


# -- bullet wounds ---------------------------------------------------------------------------

@dataclass
class Colti:
    bullet_wounds: int = 0
    gang: list[str] = field(default_factory=list)

    @property
    def mcready_won(self) -> bool:
        return self.bullet_wounds >= BULLET_WOUNDS_TO_WIN


def add_bullet_wound(colti: Colti, log: list[str], why: str) -> bool:
    """Place a bullet wound on Jack Colti; returns True when that ends the game for McReady."""
    colti.bullet_wounds += 1
    log.append(f"bullet wound on Jack Colti ({why}): {colti.bullet_wounds}")
    if colti.mcready_won:
        log.append("a fifth bullet wound: McReady immediately wins the game")
        return True
    return False


def remove_bullet_wound(colti: Colti, log: list[str], why: str) -> None:
    if colti.bullet_wounds:
        colti.bullet_wounds -= 1
        log.append(f"bullet wound removed from Jack Colti ({why}): {colti.bullet_wounds}")


# -- the Prison (Module 1) -------------------------------------------------------------------

@dataclass
class PrisonCard:
    card: str
    side: str  # "colti" or "mcready"
    firepower: int
    face_down: bool = False


@dataclass
class PrisonResult:
    entered: bool
    outcome: str | None = None  # "santiago-joins", "kill-2", "kill-1", or "mcready-wins"
    colti_total: int = 0
    mcready_total: int = 0
    killed: list[str] = field(default_factory=list)
    colti: Colti = field(default_factory=Colti)
    remaining_on_prison: list[PrisonCard] = field(default_factory=list)
    log: list[str] = field(default_factory=list)


def prison_card(library, card_id: str, side: str, *, face_down: bool = False) -> PrisonCard:
    """A card placed on the Prison. Only firepower cards go there (Q1), face down only with the
    lock icon; Stick of Dynamite and Nitroglycerin are used for their bonus instead."""
    card = library.data("revolver", "card", card_id)
    if card is None:
        raise RuleError(f"no card '{card_id}'")
    if card_id in PRISON_BONUS:
        raise RuleError(f"{card['name']} is not placed as a firepower card: Colti uses it for +{PRISON_BONUS[card_id]}")
    if card.get("type") != "firepower":
        raise RuleError(f"{card['name']} is not a firepower card: only firepower cards may be placed on the Prison (FAQ Q1)")
    if face_down and "lock" not in (card.get("icons") or []):
        raise RuleError(f"{card['name']} has no lock icon: only lock cards go face down on the Prison")
    if not isinstance(card.get("firepower"), int):
        raise RuleError(f"{card['name']}'s firepower is not known; give it `firepower:` to play it here")
    return PrisonCard(card_id, side, card["firepower"], face_down)


Policy = Callable[[str, list[PrisonCard], list[str]], "str | None"]


def place_highest(side: str, placed: list[PrisonCard], playable: list[str]) -> str | None:
    """Default policy: place the first playable card offered (callers sort by firepower), or pass."""
    return playable[0] if playable else None


def prison_phase(library, colti: Colti, *, enter: bool = True, placed_in_advance: Sequence[PrisonCard] = (),
                 colti_hand: Sequence[str] = (), mcready_hand: Sequence[str] = (),
                 colti_deck: Sequence[str] = (), mcready_deck: Sequence[str] = (), ambush: str | None = None,
                 colti_uses: Sequence[str] = (), policy: Policy = place_highest, rng: random.Random | None = None,
                 choose_killed: Callable[[list[str], int], list[str]] | None = None) -> PrisonResult:
    """The Prison Phase, steps 1-7, on copies of the given state.

    ``colti_uses`` lists the bonus cards Colti uses here (``stick-of-dynamite``,
    ``nitroglycerin``). Draws come from the given decks in order (shuffle them with ``rng``
    beforehand for a random game). ``choose_killed(gang, n)`` is Colti's choice of bandits to lose
    (default: the first ``n``).
    """
    colti = Colti(colti.bullet_wounds, list(colti.gang))
    result = PrisonResult(enter, colti=colti, log=[])
    log = result.log
    if not enter:
        # Q6, Q7: the cards and the ambush card stay face down where they are
        result.remaining_on_prison = list(placed_in_advance)
        log.append("Colti skips the Prison: its ambush card and the cards on it stay face down")
        return result
    choose_killed = choose_killed or (lambda gang, n: gang[:n])
    placed = list(placed_in_advance)
    hands = {"colti": list(colti_hand), "mcready": list(mcready_hand)}
    # 1. a bullet wound on Jack Colti
    if add_bullet_wound(colti, log, "entering the Prison"):
        result.outcome = "mcready-wins"
        return result
    # 2-3. draws
    for side, deck, count in (("colti", list(colti_deck), COLTI_DRAWS), ("mcready", list(mcready_deck), MCREADY_DRAWS)):
        drawn = deck[:count]
        hands[side] += drawn
        log.append(f"{side} draws {count}" + (f": {', '.join(drawn)}" if drawn else " (no deck given)"))
    # 4. the ambush card at this location
    if ambush == "its-too-darn-quiet":
        victims = choose_killed([b for b in colti.gang if b != "santiago"], 2)  # Q9: Santiago is not in the gang yet
        for bandit in victims:
            colti.gang.remove(bandit)
        result.killed += victims
        log.append(f"ambush 'It's too darn quiet…': kill {', '.join(victims) or 'nobody'}; Colti draws 2")
        if add_bullet_wound(colti, log, "the ambush card"):
            result.outcome = "mcready-wins"
            return result
    elif ambush:
        log.append(f"ambush {ambush}: its effect is not modelled by the workbench")
    # 5. alternate placement, Colti first, until both pass
    passed = {"colti": False, "mcready": False}
    side = "colti"
    while not all(passed.values()):
        playable = []
        for card_id in hands[side]:
            try:
                prison_card(library, card_id, side)
                playable.append(card_id)
            except RuleError:
                continue
        playable.sort(key=lambda c: -library.data("revolver", "card", c)["firepower"])
        choice = policy(side, placed, playable)
        if choice is None:
            passed[side] = True
            log.append(f"{side} passes")
        else:
            passed[side] = False
            hands[side].remove(choice)
            placed.append(prison_card(library, choice, side))
            log.append(f"{side} places {choice}")
        side = "mcready" if side == "colti" else "colti"
    # 6. reveal the lock cards and total the firepower
    for card in placed:
        if card.face_down:
            card.face_down = False
            log.append(f"reveal {card.card} ({card.firepower})")
    colti_total = sum(c.firepower for c in placed if c.side == "colti")
    for bonus in colti_uses:
        if bonus not in PRISON_BONUS:
            raise RuleError(f"{bonus} gives no Prison bonus")
        colti_total += PRISON_BONUS[bonus]
        log.append(f"Colti uses {bonus}: +{PRISON_BONUS[bonus]}")
        if bonus == "nitroglycerin" and add_bullet_wound(colti, log, "Nitroglycerin (FAQ Q8)"):
            result.outcome = "mcready-wins"
            return result
    mcready_total = sum(c.firepower for c in placed if c.side == "mcready")
    result.colti_total, result.mcready_total = colti_total, mcready_total
    if colti_total > mcready_total:
        result.outcome = "santiago-joins"
        colti.gang.append("santiago")
        log.append(f"Colti {colti_total} > McReady {mcready_total}: Santiago joins Colti's gang")
    else:
        n = 2 if mcready_total > colti_total else 1
        victims = choose_killed([b for b in colti.gang if b != "santiago"], n)
        for bandit in victims:
            colti.gang.remove(bandit)
        result.killed += victims
        result.outcome = f"kill-{n}"
        log.append(f"Colti {colti_total} vs McReady {mcready_total}: kill {n} bandit(s): {', '.join(victims) or 'none left'}")
    # 7. the Prison is emptied
    log.append("discard all cards from the Prison")
    return result


# -- locations (Q2, Q3, Q5) ------------------------------------------------------------------

def next_locations(location: str, prison_in_play: bool = True) -> list[str]:
    """Where cards (or a Stagecoach) may move on to: from Hawk's Nest, the Prison or past it (Q5).

    >>> next_locations("hawks-nest")
    ['san-manzanillo-prison', 'rattlesnake-creek']
    """
    if location == "hawks-nest":
        return [PRISON, "rattlesnake-creek"] if prison_in_play else ["rattlesnake-creek"]
    if location == PRISON:
        return ["rattlesnake-creek"]
    raise RuleError(f"the route after {location} is not in the Hunt the Man Down text")


def move_stagecoach(tokens: int, location: str, destination: str) -> int:
    """Moving the Stagecoach on costs one token, to the Prison or past it alike (Q5)."""
    if destination not in next_locations(location):
        raise RuleError(f"the Stagecoach cannot move from {location} to {destination}")
    if tokens < 1:
        raise RuleError("the Stagecoach needs a token to move")
    return tokens - 1


@dataclass
class Location:
    """Cards at a location, with cards lying under a character (Brad Runyan)."""

    cards: list[str] = field(default_factory=list)
    under: dict[str, list[str]] = field(default_factory=dict)


def move_character(card: str, source: Location, target: Location) -> None:
    """Move a character; the cards under it move with it (Q2)."""
    source.cards.remove(card)
    target.cards.append(card)
    if card in source.under:
        target.under[card] = source.under.pop(card)


def remove_from_game(card: str, location: Location, discard: list[str], box: list[str]) -> None:
    """Return a card to the box; a Brad Runyan under it goes to the discard pile (Q3)."""
    location.cards.remove(card)
    box.append(card)
    discard.extend(location.under.pop(card, []))
