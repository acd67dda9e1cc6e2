"""Revolver 1.2 (Hunt the Man Down): scope targeting, bullet wounds, the Prison Phase as a game,
the route and the FAQ's rulings, every number from the resolved ruleset.

:class:`RevolverPrison` is the Prison Phase as a playable game (the state API of
:mod:`workbench.games.base`): Colti decides to enter the Prison or skip it; entering puts a bullet
wound on Jack Colti; each side draws (chance nodes: each card left in the deck comes up with its
share); the ambush card at the Prison is resolved (Colti chooses the bandits it kills, then draws);
the sides alternately place a card or pass, Colti first, until both pass; the lock cards are
turned over and the firepower totalled, and the outcome the ruleset gives for the result is
carried out. :func:`prison_phase` plays it with given hands, decks in a given order and a placing
policy, and returns the log as lines (the FAQ tests).

What the rules texts leave unknown is not invented: the base decks and what is left of them at the
Prison are illustrative designer data (``colti_deck``, ``mcready_deck``); only the one ambush card
whose text is known is played (others are logged as not modelled).
"""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable, Sequence

from ...core.errors import ContentError, RuleViolation, UsageError
from ..base import Game, Trail, one_step_lookahead
from ...content.badges import badged_name, in_force
from ...rules.revolver import SPEC, assumption_lines, content_problems, in_force_words, resolve_ruleset
from .state import SIDES, RevolverState


class RuleError(RuleViolation):
    """A move the rules do not allow, with the rulebook's reason."""


def label(library, identifier: str) -> str:
    """A card's, bandit's or deck's name as people read it (badged as its ``source:`` says)."""
    for kind in ("card", "character", "deck"):
        data = library.data("revolver", kind, identifier)
        if data:
            return badged_name(data, identifier)
    return identifier


def _rules(rules):
    # One rules object, passed explicitly: no published default behind the caller's back (a
    # designer's library would be played by the published numbers; issue 21)
    if rules is None:
        raise TypeError("pass the ruleset in force (rules=...), e.g. RevolverPrison.build(library).ruleset")
    return rules


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


def add_bullet_wound(colti: Colti, log: list[str], why: str, rules=None) -> bool:
    """Place a bullet wound on Jack Colti; returns True when that ends the game for McReady
    (``bullet_wounds_to_win``: "at the moment when a fifth such token would have to be placed")."""
    limit = _rules(rules).bullet_wounds_to_win
    colti.bullet_wounds += 1
    log.append(f"bullet wound on Jack Colti ({why}): {colti.bullet_wounds}")
    if colti.bullet_wounds >= limit:
        log.append(f"bullet wound {limit}: McReady immediately wins the game")
        return True
    return False


def remove_bullet_wound(colti: Colti, log: list[str], why: str) -> None:
    if colti.bullet_wounds:
        colti.bullet_wounds -= 1
        log.append(f"bullet wound removed from Jack Colti ({why}): {colti.bullet_wounds}")


# -- cards on the Prison ---------------------------------------------------------------------

@dataclass
class PrisonCard:
    card: str
    side: str  # "colti" or "mcready"
    firepower: int
    face_down: bool = False


def prison_card(library, card_id: str, side: str, *, face_down: bool = False, rules=None) -> PrisonCard:
    """A card placed on the Prison. Only cards of ``prison_card_type`` go there (FAQ Q1), face
    down only with the lock icon or when ``in_advance_as_lock`` names it (FAQ Q4); the ``colti_bonus`` cards are used for their bonus instead."""
    rules = _rules(rules)
    card = library.data("revolver", "card", card_id)
    if card is None:
        raise RuleError(f"no card '{card_id}'")
    if card_id in rules.colti_bonus:
        raise RuleError(f"{card['name']} is not placed as a firepower card: Colti uses it for +{rules.colti_bonus[card_id]}")
    if card.get("type") != rules.prison_card_type:
        raise RuleError(f"{card['name']} is not a {rules.prison_card_type} card: only {rules.prison_card_type} cards may"
                        " be placed on the Prison (FAQ Q1)")
    if face_down and "lock" not in (card.get("icons") or []) and card_id not in rules.in_advance_as_lock:
        raise RuleError(f"{card['name']} has no lock icon (nor is it in `in_advance_as_lock`): only lock cards go"
                        " face down on the Prison")
    if not isinstance(card.get("firepower"), int):
        raise RuleError(f"{card['name']}'s firepower is not known; give it `firepower:` to play it here")
    return PrisonCard(card_id, side, card["firepower"], face_down)


# -- the Prison Phase as a game --------------------------------------------------------------

@dataclass(frozen=True)
class Action:
    kind: str            # enter, skip, place, place-face-down, use, pass, kill
    card: str | None = None

    def __str__(self) -> str:
        return self.kind if self.card is None else f"{self.kind} {self.card}"


class RevolverPrison(Game):
    """The Prison Phase of Module 1, from the ruleset and the library's cards.

    Examples
    --------
    >>> from workbench.content.published import published_library
    >>> game = RevolverPrison.build(published_library())
    >>> game.ruleset.colti_draws, game.ruleset.mcready_draws, game.player_range()
    (6, 3, (2, 2))
    """

    id = "revolver-prison"
    name = "Revolver: the Prison Phase"
    PARAMETERS = SPEC
    OPTIONS = {"bullet_wounds": "bullet wounds on Jack Colti when he reaches the Prison",
               "gang": "Colti's bandits (default: `bandits` of them)",
               "colti_hand": "Colti's hand", "mcready_hand": "McReady's hand",
               "placed": "cards placed on the Prison in advance: [card, side, firepower, face_down]",
               "ambush": "the ambush card at the Prison",
               "colti_deck": "Colti's deck as a list (default: `colti_deck`)",
               "mcready_deck": "McReady's deck as a list (default: `mcready_deck`)",
               "colti_discard": "Colti's discard pile (what `deck_runs_out: reshuffle-discard` shuffles)",
               "mcready_discard": "McReady's discard pile"}

    def __init__(self, library, ruleset):
        self.library, self.ruleset = library, ruleset
        self.cards = {d.id: d.data for d in library.of_kind("card", "revolver")}
        game = library.data("revolver", "game", "revolver") or {}
        players = game.get("players") or {}
        self.players = (int(players.get("min", 2)), int(players.get("max", 2)))

    @classmethod
    def build(cls, library, *, scenario: str | None = None, variants=(), overrides=None, **_) -> "RevolverPrison":
        ruleset = resolve_ruleset(library, scenario=scenario, variants=variants, overrides=overrides)
        problems = content_problems(library, ruleset)
        if problems:
            raise ContentError("the library's Revolver content cannot be played", problems)
        return cls(library, ruleset)

    def player_range(self) -> tuple[int, int]:
        return self.players

    def assumptions(self) -> list[str]:
        """The assumptions in force, each value in words, then the badged documents."""
        return assumption_lines(self.ruleset, lambda i: label(self.library, i)) + in_force_words(
            in_force(self.ruleset, self.library))

    def firepower(self, card: str) -> int | None:
        value = (self.cards.get(card) or {}).get("firepower")
        return value if isinstance(value, int) else None

    def placeable(self, card: str, face_down: bool = False) -> bool:
        """Whether ``card`` may be placed on the Prison (as :func:`prison_card` says, without raising)."""
        try:
            prison_card(self.library, card, "colti", face_down=face_down, rules=self.ruleset)
        except RuleError:
            return False
        return True

    def new_initial_state(self, players: int = 2, seed: int = 0, bullet_wounds: int = 0, gang=None, colti_hand=(),
                          mcready_hand=(), placed=(), ambush: str | None = None, colti_deck=None,
                          mcready_deck=None, colti_discard=(), mcready_discard=()) -> "State":
        low, high = self.player_range()
        if not low <= players <= high:
            raise UsageError(f"the Prison Phase is for {low} to {high} players (Colti and McReady), not {players}")
        rules = self.ruleset
        gang = [f"bandit-{i + 1}" for i in range(rules.bandits)] if gang is None else list(gang)
        decks = {}
        for side, given in (("colti", colti_deck), ("mcready", mcready_deck)):
            if given is None:
                given = [card for card, n in rules[f"{side}_deck"].items() for _ in range(n)]
            decks[side] = list(given)
        placed = [list(p) if not isinstance(p, PrisonCard) else [p.card, p.side, p.firepower, p.face_down] for p in placed]
        setup = {"players": players, "seed": seed, "bullet_wounds": bullet_wounds, "gang": gang,
                 "colti_hand": list(colti_hand), "mcready_hand": list(mcready_hand), "placed": placed, "ambush": ambush,
                 "colti_deck": decks["colti"], "mcready_deck": decks["mcready"],
                 "colti_discard": list(colti_discard), "mcready_discard": list(mcready_discard)}
        return State(self, setup)


class State(RevolverState):
    """One moment of the Prison Phase; ``apply`` returns the next state."""

    ACTION = Action
    COPIED = {"gang": list, "killed": list, "drawn": list, "pending": list, "bonus": list, "passed": dict,
              "hands": lambda hands: {s: list(h) for s, h in hands.items()},
              "decks": lambda decks: {s: dict(d) for s, d in decks.items()},
              "discard": lambda discard: {s: list(d) for s, d in discard.items()},
              "placed": lambda placed: [PrisonCard(p.card, p.side, p.firepower, p.face_down) for p in placed]}

    def __init__(self, game: RevolverPrison, setup: dict):
        self.game, self.setup = game, setup
        self.wounds = setup["bullet_wounds"]
        self.gang = list(setup["gang"])
        self.start_gang = len(self.gang)
        self.hands = {"colti": list(setup["colti_hand"]), "mcready": list(setup["mcready_hand"])}
        self.decks = {}
        for side in SIDES:
            counts: dict[str, int] = {}
            for card in setup[f"{side}_deck"]:
                counts[card] = counts.get(card, 0) + 1
            self.decks[side] = counts
        # the discard piles a designer's `deck_runs_out: reshuffle-discard` shuffles into a new deck
        self.discard = {side: list(setup.get(f"{side}_discard") or ()) for side in SIDES}
        self.lost: str | None = None        # the side that had to draw from an empty deck (`loses`)
        self.placed = [PrisonCard(c, s, f, d) for c, s, f, d in setup["placed"]]
        self.bonus: list[tuple[str, int]] = []
        self.passed = {"colti": False, "mcready": False}
        self.turn = self.game.ruleset.prison_first
        self.outcome: str | None = None
        self.killed: list[str] = []
        self.totals = (0, 0)
        self.entered: bool | None = None
        self.drawn: list[str] = []
        self.pending: list[tuple] = [("enter?",)]
        self.log, self.history = Trail(), Trail()
        self.event("start", bullet_wounds=self.wounds, gang=len(self.gang), assumptions=game.assumptions(),
                   ambush=setup["ambush"])

    def killable(self) -> list[str]:
        """The bandits an ambush card or the Prison's outcome may kill: not the prisoner before he is
        freed, unless ``prisoner_killable`` (FAQ Q9: "Only members of Colti's gang can be killed")."""
        rules = self.rules
        if rules.prisoner_killable or self.outcome in ("santiago-joins", "prisoner-joins"):
            return list(self.gang)
        return [b for b in self.gang if b != rules.prisoner]

    def event(self, kind: str, side: str | None = None, **data) -> None:
        self.log.append({"event": kind, "side": side, **data})

    # -- the state API ------------------------------------------------------------------------
    def is_terminal(self) -> bool:
        return not self.pending

    def is_chance_node(self) -> bool:
        return bool(self.pending) and self.pending[0][0] == "draw"

    def current_player(self) -> str | None:
        if not self.pending or self.is_chance_node():
            return None
        step = self.pending[0][0]
        return self.turn if step == "turn" else "colti"       # Colti decides to enter and whom he loses

    def chance_outcomes(self) -> list[tuple[Any, Fraction]]:
        if not self.is_chance_node():
            return []
        deck = self.decks[self.pending[0][1]]
        total = sum(deck.values())
        return [(card, Fraction(n, total)) for card, n in sorted(deck.items()) if n]

    def legal_actions(self) -> list[Action]:
        if not self.pending or self.is_chance_node():
            return []
        kind = self.pending[0][0]
        if kind == "enter?":
            return [Action("enter"), Action("skip")]
        if kind == "kill?":
            return [Action("kill", b) for b in dict.fromkeys(self.killable())]
        side, game, rules = self.turn, self.game, self.rules
        actions = [Action("pass")]
        for card in sorted(set(self.hands[side])):
            if side == "colti" and card in rules.colti_bonus:
                actions.append(Action("use", card))
            elif game.placeable(card):
                actions.append(Action("place", card))
                if game.placeable(card, face_down=True):
                    actions.append(Action("place-face-down", card))
        return actions

    def returns(self) -> dict[str, float]:
        """In bandits: Santiago freed +1 for Colti, each bandit lost -1; a game-ending bullet wound
        (or Colti drawing from an empty deck under ``deck_runs_out: loses``) counts as Colti's whole
        gang lost, McReady drawing from an empty deck as Colti's whole gang won."""
        if self.outcome == "mcready-wins":
            colti = -float(self.start_gang)
        elif self.outcome == "colti-wins":
            colti = float(self.start_gang)
        else:
            colti = float(len(self.gang) - self.start_gang)
        return {"colti": colti, "mcready": -colti}

    def is_legal(self, action) -> bool:
        if self.is_chance_node():
            return isinstance(action, str) and self.decks[self.pending[0][1]].get(action, 0) > 0
        return isinstance(action, Action) and super().is_legal(action)

    # -- applying -------------------------------------------------------------------------------
    def _apply(self, action) -> None:
        step = self.pending[0]
        kind = step[0]
        if kind == "draw":
            _, side, n, why = step
            self.decks[side][action] -= 1
            self.hands[side].append(action)
            self.drawn.append(action)
            if n > 1:
                self.pending[0] = ("draw", side, n - 1, why)
            else:
                self.pending.pop(0)
                self._drew(side, why)
        elif kind == "enter?":
            self.pending.pop(0)
            self._enter(action.kind == "enter")
        elif kind == "kill?":
            _, n, why = step
            self.pending.pop(0)
            self.gang.remove(action.card)
            self.killed.append(action.card)
            self.event("killed", "colti", bandit=action.card, why=why)
            if n > 1:
                self.pending.insert(0, ("kill", n - 1, why))
        else:
            self._turn(action)
        self._run()

    def _run(self) -> None:
        while self.pending:
            step = self.pending[0]
            kind = step[0]
            if kind in ("enter?", "kill?", "turn"):
                return
            if kind == "draw":
                _, side, n, why = step
                if n > 0 and not any(self.decks[side].values()) and self._reshuffled(side, why):
                    continue                # the discard pile is the new deck: the draws go on from it
                if n > 0 and any(self.decks[side].values()):
                    return
                self.pending.pop(0)
                self._drew(side, why, short=n)
                if n > 0:
                    self._deck_ran_out(side, n, why)
                continue
            self.pending.pop(0)
            getattr(self, "_" + kind.replace("-", "_"))(*step[1:])

    def _drew(self, side: str, why: str, short: int = 0) -> None:
        want = self.rules[f"{side}_draws"] if why == "prison" else self.rules.ambush_effects.get(why, {}).get(
            "opponent_draws", 0)
        self.event("draw", side, count=want, cards=list(self.drawn), short=short, why=why)
        self.drawn = []

    def _reshuffled(self, side: str, why: str) -> bool:
        """A card is to be drawn from an empty deck and the designer's ``deck_runs_out`` is
        ``reshuffle-discard``: the discard pile, if any, becomes the deck (the chance nodes then draw
        from it, shuffled), as in the rest of the game."""
        if self.rules.deck_runs_out != "reshuffle-discard" or not self.discard[side]:
            return False
        self.decks[side] = dict(Counter(self.discard[side]))
        self.event("reshuffle", side, cards=len(self.discard[side]), why=why)
        self.discard[side] = []
        return True

    def _deck_ran_out(self, side: str, n: int, why: str) -> None:
        """``n`` cards could not be drawn: the designer's ``deck_runs_out`` says what follows
        (``loses``: that side loses the game; otherwise nothing is drawn; while it is ``unknown``,
        which only the Prison game alone allows, nothing is drawn and the log says it is unknown)."""
        rule = self.rules.deck_runs_out
        name = {"colti": "Colti", "mcready": "McReady"}[side]
        outcome = f"{name} loses" if rule == "loses" else "nothing is drawn" if rule != "unknown" else \
            "nothing is drawn (what happens is unknown: the texts do not say, and deck_runs_out is not given)"
        self.event("deck-empty", side, short=n, why=why, outcome=outcome, rule=rule)
        if rule == "loses":
            self.lost = side
            self.outcome = "mcready-wins" if side == "colti" else "colti-wins"
            self.pending = []

    def _enter(self, enter: bool) -> None:
        rules = self.rules
        self.entered = enter
        if not enter:
            # Q6, Q7: the cards and the ambush card stay face down where they are
            self.event("skip", "colti", remaining=len(self.placed))
            self.pending = []
            return
        self.event("enter", "colti")
        self.pending = [("wound", rules.bullet_wounds_on_entry, "entering the Prison"),
                        ("draw", "colti", rules.colti_draws, "prison"), ("draw", "mcready", rules.mcready_draws, "prison"),
                        ("ambush",), ("turn",), ("reveal",), ("discard",)]

    def _wound(self, n: int, why: str) -> None:
        for _ in range(n):
            self.wounds += 1
            self.event("bullet-wound", "colti", why=why, wounds=self.wounds)
            if self.wounds >= self.rules.bullet_wounds_to_win:
                self.outcome = "mcready-wins"
                self.event("mcready-wins", "mcready", wounds=self.wounds)
                self.pending = []
                return

    def _kill(self, n: int, why: str) -> None:
        """Colti chooses which bandits he loses (Santiago, not yet freed, cannot be killed: FAQ Q9)."""
        if n > 0 and self.killable():
            self.pending.insert(0, ("kill?", n, why))
        elif n > 0:
            self.event("killed", "colti", bandit=None, why=why, note="no bandit left to kill")

    def _ambush(self) -> None:
        card = self.setup["ambush"]
        if not card:
            return
        effect = self.rules.ambush_effects.get(card)
        if effect is None:
            self.event("ambush", "mcready", card=card, note="its effect is not modelled by the workbench")
            return
        self.event("ambush", "mcready", card=card, **effect)
        self.pending[0:0] = [("kill", effect.get("kill", 0), f"the ambush card {card}"),
                             ("draw", "colti", effect.get("opponent_draws", 0), card),
                             ("wound", effect.get("bullet_wounds", 0), "the ambush card")]

    def _turn(self, action: Action) -> None:
        side, rules = self.turn, self.rules
        if action.kind == "pass":
            self.passed[side] = True
            self.event("pass", side)
        else:
            self.passed[side] = False
            self.hands[side].remove(action.card)
            if action.kind == "use":
                points = rules.colti_bonus[action.card]
                self.bonus.append((action.card, points))
                self.event("use", side, card=action.card, firepower=points)
                wounds = rules.bonus_bullet_wounds.get(action.card, 0)
                if wounds:
                    self._wound(wounds, f"{action.card} (FAQ Q8)")
                    if not self.pending:          # it ended the game
                        return
            else:
                face_down = action.kind == "place-face-down"
                self.placed.append(PrisonCard(action.card, side, self.game.firepower(action.card), face_down))
                self.event("place", side, card=action.card, face_down=face_down)
        if all(self.passed.values()):
            self.pending.pop(0)
            return
        self.turn = "mcready" if side == "colti" else "colti"

    def _reveal(self) -> None:
        rules = self.rules
        for card in self.placed:
            if card.face_down:
                card.face_down = False
                self.event("reveal", card.side, card=card.card, firepower=card.firepower)
        colti = sum(c.firepower for c in self.placed if c.side == "colti") + sum(p for _, p in self.bonus)
        mcready = sum(c.firepower for c in self.placed if c.side == "mcready")
        self.totals = (colti, mcready)
        result = "colti_greater" if colti > mcready else "mcready_greater" if mcready > colti else "tie"
        self.outcome = rules.prison_outcomes[result]
        self.event("totals", None, colti=colti, mcready=mcready, outcome=self.outcome, prisoner=rules.prisoner)
        if self.outcome in ("santiago-joins", "prisoner-joins"):
            self.gang.append(rules.prisoner)
        else:
            self._kill(int(self.outcome.split("-")[1]), "the Prison")

    def _discard(self) -> None:
        self.event("discard", None, cards=len(self.placed) + len(self.bonus))


# -- the route (Setup 1; FAQ Q5) -------------------------------------------------------------

def next_locations(location: str, prison_in_play: bool = True, rules=None) -> list[str]:
    """Where cards (or a Stagecoach) may move on to: from the location before the Prison, the
    Prison or past it (Q5).

    >>> from workbench.rules.revolver import published_ruleset
    >>> next_locations("hawks-nest", rules=published_ruleset())
    ['san-manzanillo-prison', 'rattlesnake-creek']
    """
    rules = _rules(rules)
    before, after = rules.prison_between
    if location == before:
        return [rules.prison_location, after] if prison_in_play else [after]
    if location == rules.prison_location:
        return [after]
    raise RuleError(f"the route after {location} is not in the Hunt the Man Down text")


def move_stagecoach(tokens: int, location: str, destination: str, rules=None) -> int:
    """Moving the Stagecoach on costs ``stagecoach_move_cost`` tokens, to the Prison or past it alike (Q5)."""
    rules = _rules(rules)
    if destination not in next_locations(location, rules=rules):
        raise RuleError(f"the Stagecoach cannot move from {location} to {destination}")
    if tokens < rules.stagecoach_move_cost:
        raise RuleError("the Stagecoach needs a token to move")
    return tokens - rules.stagecoach_move_cost


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


# -- the Prison Phase with given hands, decks and policy (the FAQ's situations) ---------------------

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
    state: Any = None


Policy = Callable[[str, list[PrisonCard], list[str]], "str | None"]


def place_highest(side: str, placed: list[PrisonCard], playable: list[str]) -> str | None:
    """Default policy: place the first playable card offered (callers sort by firepower), or pass."""
    return playable[0] if playable else None


def _outcome_words(outcome: str, name, prisoner: str | None = None) -> str:
    """A Prison outcome (``prison_outcomes``' values) in words; ``prisoner``: the ruleset's."""
    if outcome in ("santiago-joins", "prisoner-joins"):
        return f"{name(prisoner)} joins Colti's gang" if prisoner else "the prisoner joins Colti's gang"
    if isinstance(outcome, str) and outcome.startswith("kill-"):
        return f"{outcome[5:]} bandit(s) to be killed"
    return str(outcome)


def describe(event: dict, names: dict | None = None) -> str:
    """One line per event of the Prison game; ``names`` maps ids to the names people read."""
    name = (lambda i: names.get(i, i) if isinstance(i, str) else i) if names else (lambda i: i)
    kind, side = event["event"], {"colti": "Colti", "mcready": "McReady"}.get(event.get("side"), event.get("side"))
    if kind == "start":
        return f"the Prison: Jack Colti has {event['bullet_wounds']} bullet wound(s), {event['gang']} bandit(s)"
    if kind == "skip":
        return "Colti skips the Prison: its ambush card and the cards on it stay face down"
    if kind == "enter":
        return "Colti enters the Prison"
    if kind == "bullet-wound":
        return f"bullet wound on Jack Colti ({name(event['why'])}): {event['wounds']}"
    if kind == "mcready-wins":
        return f"bullet wound {event['wounds']}: McReady immediately wins the game"
    if kind == "draw":
        drawn = ", ".join(name(c) for c in event["cards"])
        if event["why"] != "prison":
            return f"{side} draws {event['count']} (the ambush card)" + (f": {drawn}" if drawn else "")
        return f"{side} draws {event['count']}" + (f": {drawn}" if drawn else " (no deck given)" if not event.get(
            "short") else ": none")
    if kind == "deck-empty":
        return f"{side}'s deck is empty: {event['short']} card(s) not drawn ({event['outcome']})"
    if kind == "reshuffle":
        return f"{side}'s deck is empty: the discard pile ({event['cards']} card(s)) is shuffled into a new deck"
    if kind == "ambush":
        if "note" in event:
            return f"ambush {name(event['card'])}: {event['note']}"
        return f"ambush '{name(event['card'])}': kill {event.get('kill', 0)}, Colti draws {event.get('opponent_draws', 0)}"
    if kind == "killed":
        why, ambush = event["why"], "the ambush card "
        why = ambush + name(why[len(ambush):]) if why.startswith(ambush) else why
        return f"kill {name(event['bandit'])} ({why})" if event["bandit"] else f"nobody left to kill ({why})"
    if kind == "pass":
        return f"{side} passes"
    if kind == "place":
        return f"{side} places {name(event['card'])}" + (" face down" if event["face_down"] else "")
    if kind == "use":
        return f"Colti uses {name(event['card'])}: +{event['firepower']}"
    if kind == "reveal":
        return f"reveal {name(event['card'])} ({event['firepower']})"
    if kind == "totals":
        return f"Colti {event['colti']} vs McReady {event['mcready']}: {_outcome_words(event['outcome'], name, event.get('prisoner'))}"
    if kind == "discard":
        return "discard all cards from the Prison"
    return str(event)


def prison_phase(library, colti: Colti, *, enter: bool = True, placed_in_advance: Sequence[PrisonCard] = (),
                 colti_hand: Sequence[str] = (), mcready_hand: Sequence[str] = (),
                 colti_deck: Sequence[str] = (), mcready_deck: Sequence[str] = (), ambush: str | None = None,
                 colti_uses: Sequence[str] = (), policy: Policy = place_highest, rng: random.Random | None = None,
                 choose_killed: Callable[[list[str], int], list[str]] | None = None, overrides=None) -> PrisonResult:
    """The Prison Phase, steps 1-7, played by :class:`RevolverPrison` on copies of the given state.

    ``colti_uses`` lists the bonus cards Colti uses here (``stick-of-dynamite``,
    ``nitroglycerin``), used before any other card. Draws come from the given decks in order
    (shuffle them with ``rng`` beforehand for a random game). ``choose_killed(gang, n)`` is Colti's
    choice of bandits to lose (default: the first ``n``); ``policy`` places cards.
    """
    game = RevolverPrison.build(library, overrides=overrides)
    decks = {"colti": list(colti_deck), "mcready": list(mcready_deck)}
    if rng is not None:
        for deck in decks.values():
            rng.shuffle(deck)
    state = game.new_initial_state(bullet_wounds=colti.bullet_wounds, gang=list(colti.gang),
                                   colti_hand=list(colti_hand) + list(colti_uses), mcready_hand=list(mcready_hand),
                                   placed=placed_in_advance, ambush=ambush, colti_deck=decks["colti"],
                                   mcready_deck=decks["mcready"])
    choose_killed = choose_killed or (lambda gang, n: gang[:n])
    uses = list(colti_uses)
    while not state.is_terminal():
        if state.is_chance_node():
            side = state.pending[0][1]
            state = state.apply(decks[side].pop(0))
            continue
        kind = state.pending[0][0]
        if kind == "enter?":
            action = Action("enter" if enter else "skip")
        elif kind == "kill?":
            victims = choose_killed(state.killable(), state.pending[0][1])
            action = Action("kill", victims[0])
        else:
            legal = state.legal_actions()
            use = next((a for a in legal if a.kind == "use" and a.card in uses), None)
            if use is not None:
                uses.remove(use.card)
                action = use
            else:
                playable = sorted({a.card for a in legal if a.kind == "place"}, key=lambda c: -game.firepower(c))
                choice = policy(state.turn, list(state.placed), playable)
                action = Action("pass") if choice is None else Action("place", choice)
        state = state.apply(action)
    result = PrisonResult(bool(state.entered), state.outcome, state.totals[0], state.totals[1], list(state.killed),
                          Colti(state.wounds, list(state.gang)), state=state)
    if not state.entered:
        result.remaining_on_prison = list(state.placed)
    result.log = [describe(e) for e in state.log if e["event"] != "start"]
    return result


def play(library, seed: int = 0, bots: list[str] | None = None, variants=(), overrides=None, **options) -> State:
    """A seeded Prison Phase with bots."""
    from ..base import play as play_game
    game = RevolverPrison.build(library, variants=variants, overrides=overrides)
    return play_game(game, 2, seed, bots or ["greedy"], **options)


def random_bot(state: State, rng: random.Random) -> Action:
    return rng.choice(state.legal_actions())


def greedy_bot(state: State, rng: random.Random) -> Action:
    """Enters, places the strongest card it has (bonus cards first for Colti) while behind or level,
    else passes; loses bandits in gang order. The bot's own choices, not rules."""
    actions = state.legal_actions()
    kinds = {a.kind for a in actions}
    if "enter" in kinds:
        return Action("enter")
    if "kill" in kinds:
        return actions[0]
    game, side = state.game, state.turn
    mine = sum(c.firepower for c in state.placed if c.side == side) + (sum(p for _, p in state.bonus) if side == "colti" else 0)
    theirs = sum(c.firepower for c in state.placed if c.side != side) + (sum(p for _, p in state.bonus) if side != "colti" else 0)
    if mine > theirs:
        return Action("pass")
    uses = [a for a in actions if a.kind == "use"]
    if uses:
        return max(uses, key=lambda a: state.rules.colti_bonus[a.card])
    places = [a for a in actions if a.kind == "place"]
    return max(places, key=lambda a: (game.firepower(a.card), a.card)) if places else Action("pass")


BOTS = {"greedy": greedy_bot, "random": random_bot, "osla": one_step_lookahead}   # osla: the reference player of every game
RevolverPrison.BOTS = BOTS
