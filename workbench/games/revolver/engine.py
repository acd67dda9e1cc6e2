"""The whole game of Revolver, from the resolved ruleset and the library's cards and decks.

:class:`Revolver` (the game) holds what is fixed: the ruleset, the battlefields in order with their
turn counts and defence, the decks played (a designer's own deck or the base deck the ruleset
names), the cards' firepower, types and ``effects:``. :class:`State` is one moment (the state API of
:mod:`workbench.games.base`).

A game turn is a Colti turn, then a McReady turn (``first_player``):

* Colti advances the turn marker (past a battlefield's last turn space onto the next battlefield's
  space 1; the cards there move on or are discarded, ``cards_on_leaving``), draws ``turn_draws``
  (chance nodes: each card left comes up with its share) and plays cards one by one or ends; a
  firepower or character card stays on his side of the battlefield (at most ``colti_card_limit``),
  an action card's effects are carried out and it is discarded.
* McReady draws, reveals the battlefield's ambush card on its first turn (Module 1), plays cards,
  then attacks: each side may use its attack-phase cards (McReady first), McReady's firepower is
  compared with Colti's plus the battlefield's defence; strictly greater (``mcready_must_exceed``)
  kills ``casualties_per_attack`` bandits, chosen by Colti. A turn in which McReady kills none takes
  ``border_tokens_per_turn`` tokens off the Mexican Border card (``border_rule``).

The game ends when a victory condition holds (checked after every event that can make one true):
the whole gang dead or the bullet wound ``bullet_wounds_to_win`` (McReady); the border emptied, or
Jack Colti surviving the Express's turn space ``express_space_survived`` (``train_winner``)
(Colti); a bandit of ``mcready_wins_killing`` killed (McReady; none in the published reading).

With ``prison_in_play`` (Module 1), leaving the battlefield ``prison_between[0]`` Colti decides to
enter the San Manzanillo Prison or skip it; entering plays the Prison Phase of
:mod:`.rules` (one turn) on this game's hands, decks, discard piles, gang and bullet wounds (a deck
that runs out there does what ``deck_runs_out`` says, as everywhere), and its result comes back
into the game. The ambush cards: one of ``ambush_cards_total`` is returned to the box unseen
(chance), McReady places the rest opposite the locations (only the card whose text is known,
``ambush_effects``, is played; the others are logged as not modelled).

Nothing here invents a rule: what the sources leave open is a parameter (the published reading
the default, the others options) or designer data, and a card effect the vocabulary does not play
is logged as ``not-played``.
"""
from __future__ import annotations

import dataclasses
import random
from collections import Counter
from dataclasses import dataclass
from functools import cached_property
from fractions import Fraction
from pathlib import Path
from typing import Any

from ...content.badges import in_force
from ...core.errors import ContentError, UsageError
from ...rules.effects import vocabulary
from ...rules.revolver import SPEC, assumption_lines, content_problems, in_force_words, resolve_ruleset
from ...rules.ruleset import plain
from ..base import EffectNotReady, Game, Trail, one_step_lookahead
from .rules import Action as PrisonAction, RevolverPrison, State as PrisonState, label
from .state import SIDES, RevolverState, without

NAMES = {"colti": "Colti", "mcready": "McReady"}
CODE = "engine-requirement"
STAYS = ("firepower", "character")          # played to the battlefield, they stay there
ILLUSTRATIVE_NOTE = ("Values marked illustrative (the gang, the base decks, battlefield turns and defence) are"
                     " stand-ins, not the published game's.")


_NOTHING: frozenset = frozenset()


def other(side: str) -> str:
    return "mcready" if side == "colti" else "colti"


@dataclass(frozen=True)
class Action:
    """A decision: ``play`` a card, ``use`` an attack-phase card, ``end`` a phase, ``kill`` a
    bandit (Colti's choice), ``target`` a card (a kill effect's), ``under`` a card (Brad Runyan's),
    ``enter`` or ``skip`` the Prison, ``ambush`` (where McReady puts the known ambush card)."""

    kind: str
    card: str | None = None

    def __str__(self) -> str:
        return self.kind if self.card is None else f"{self.kind} {self.card}"


@dataclass(frozen=True)
class Card:
    id: str
    name: str
    type: str
    firepower: int
    effects: tuple
    icons: tuple
    cost: Any = None

    @property
    def stays(self) -> bool:
        return self.type in STAYS

    @cached_property
    def attack_only(self) -> bool:
        return any(e.get("effect") == "attack-firepower" for e in self.effects)

    @cached_property
    def under(self) -> dict | None:
        """The card's ``under-star`` effect (it goes under a [star icon] card), if it has one."""
        return next((e for e in self.effects if e.get("effect") == "under-star"), None)

    @cached_property
    def star(self) -> bool:
        # the [star icon] cards a kill effect hits: those printed with it, and characters (Example 1
        # kills Charlie Withers' First Deputy and the Pinkerton Marshal, both character cards)
        return "star" in self.icons or self.type == "character"


class Revolver(Game):
    """The whole game: a Colti deck and a McReady deck played to a result.

    Examples
    --------
    >>> from workbench.content.published import published_library
    >>> game = Revolver.build(published_library())
    >>> [b["id"] for b in game.battlefields][:2], game.decks["colti"].total(), game.player_range()
    (['bank-at-repentance-springs', 'whiskey-canyon'], 62, (2, 2))
    """

    id = "revolver"
    name = "Revolver"
    PARAMETERS = SPEC
    OPTIONS = {"rounds": "a cap on game turns (the game ends by its own rules well before)"}

    def __init__(self, library, ruleset, battlefields, decks, cards, deck_ids):
        self.library, self.ruleset = library, ruleset
        self.battlefields, self.decks, self.cards, self.deck_ids = battlefields, decks, cards, deck_ids
        self.prison = RevolverPrison(library, ruleset)
        self.words = vocabulary("revolver")

    # -- building -------------------------------------------------------------------------------
    @classmethod
    def build(cls, library, *, scenario: str | None = None, variants=(), overrides=None, decks=None,
              **_) -> "Revolver":
        """The game for the library; ``decks`` maps a side to a deck id (default: the ruleset's
        base decks). Raises :class:`ContentError` listing every value the game needs that is
        unknown, each located where it is written."""
        rules = resolve_ruleset(library, scenario=scenario, variants=variants, overrides=overrides)
        problems = content_problems(library, rules) if rules.prison_in_play else []
        battlefields, found = _battlefields(library, rules)
        problems += found
        chosen, counts, found = _decks(library, rules, decks or {})
        problems += found
        cards, found = _cards(library, rules, counts, chosen)
        problems += found
        problems += _gang(library, rules)
        if problems:
            raise ContentError("Revolver cannot be played: the values below are unknown or wrong", problems)
        return cls(library, rules, battlefields, counts, cards, chosen)

    @classmethod
    def problems(cls, library) -> list:
        try:
            cls.build(library)
        except ContentError as error:
            return list(error.problems)
        return []

    def player_range(self) -> tuple[int, int]:
        return (2, 2)

    def new_initial_state(self, players: int = 2, seed: int = 0, rounds: int = 200, **_) -> "State":
        if players != 2:
            raise UsageError(f"Revolver is for 2 players (Colti and McReady), not {players}")
        return State(self, {"players": 2, "seed": seed, "rounds": rounds})

    def label(self, identifier: str) -> str:
        """A card's, bandit's or deck's name as people read it (badged as its ``source:`` says)."""
        return label(self.library, identifier)

    def assumptions(self) -> list[str]:
        """The assumptions in force and the designer's choices where the texts are silent
        (``deck_runs_out``, ``cards_on_leaving``), each value in words, then the badged documents."""
        rules = self.ruleset
        return assumption_lines(rules, self.label, extra=("cards_on_leaving", "deck_runs_out")) + in_force_words(
            in_force(rules, self.library))

    def facts(self) -> dict:
        """The fixed facts the log's first event records (an audit reads them, not the engine)."""
        return {"battlefields": self.battlefields, "decks": dict(self.deck_ids),
                "cards": {c.id: {"type": c.type, "firepower": c.firepower, "star": c.star,
                                 "scope": "scope" in c.icons} for c in self.cards.values()}}


def _at(rules, name, message, path=(), hint=None):
    origin = rules.origin(name)
    if origin is None or origin.document is None:
        from ...content.problems import Problem
        return Problem(CODE, message, hint=hint, extra={"parameter": name})
    return origin.document.problem(CODE, message, list(origin.path) + list(path), hint=hint, parameter=name)


def _battlefields(library, rules):
    out, problems = [], []
    fill = rules.battlefield_values if isinstance(rules.battlefield_values, dict) else {}
    for i, bf in enumerate(rules.battlefield_order):
        document = library.get("revolver", "card", bf)
        if document is None:
            problems.append(_at(rules, "battlefield_order", f"the battlefield '{bf}' is not a card of the library", [i]))
            continue
        values = {}
        for field in ("turns", "defence"):
            value = document.data.get(field)
            if not isinstance(value, int) or isinstance(value, bool):
                value = (fill.get(bf) or {}).get(field)
            if not isinstance(value, int):
                problems.append(document.problem(
                    CODE, f"{document.data.get('name', bf)}: its {field} is unknown, and Revolver needs it to play",
                    [field] if field in document.data else [], parameter="battlefield_values",
                    hint=f"write `{field}:` on the card, or give it under `battlefield_values:` of a rule of your own"))
            values[field] = value
        out.append({"id": bf, "name": document.data.get("name", bf), **values})
    if rules.express not in rules.battlefield_order:
        problems.append(_at(rules, "express", f"the Express '{rules.express}' is not in `battlefield_order`"))
    else:
        express = next((b for b in out if b["id"] == rules.express), None)
        if express and isinstance(express["turns"], int) and express["turns"] < rules.express_space_survived \
                and rules.train_winner == "jack-colti":
            problems.append(_at(rules, "express_space_survived",
                                f"the Express has {express['turns']} turn space(s), fewer than the space"
                                f" {rules.express_space_survived} Jack Colti must survive"))
    if rules.deck_runs_out == "unknown":
        problems.append(_at(rules, "deck_runs_out", "what happens when a player must draw from an empty deck is"
                            " unknown", hint="give `deck_runs_out: draw-nothing`, `reshuffle-discard` or `loses` in a"
                            " rule of your own (a designer's choice: the texts do not say)"))
    if rules.cards_on_leaving == "unknown":
        problems.append(_at(rules, "cards_on_leaving", "what happens to the cards on a battlefield when the marker leaves"
                            " it is unknown", hint="give `cards_on_leaving: move-on` or `discard` in a rule of your own"))
    if rules.prison_in_play and rules.prison_between[0] not in rules.battlefield_order:
        problems.append(_at(rules, "prison_between", f"the Prison comes after '{rules.prison_between[0]}', which is not"
                            " in `battlefield_order`", [0]))
    return out, problems


def _where_named(library, rules, name, deck, problem):
    """A published deck's problem told at the designer's parameter that names the deck (a
    variant's or scenario's ``colti_base_deck:``), where they choose another deck; the deck's own
    file is installed with the package. Left where it is when the deck is the designer's own (the
    fix is in it) or the parameter is not theirs."""
    origin = rules.origin(name)
    document = origin.document if origin is not None else None
    if document is None or not library.reported(document) or library.reported(deck) or problem.file is None:
        return problem
    return document.problem(problem.code, f"{problem.message} ({Path(problem.file).name}:{problem.line}, a published"
                            " document)", list(origin.path), hint=f"name here a deck that has a card list, or {problem.hint}",
                            **(problem.extra or {}))


def _decks(library, rules, given):
    from ...decks.rules import context_for, list_unknown

    chosen, counts, problems = {}, {}, []
    for side in SIDES:
        deck_id = given.get(side) or rules[f"{side}_base_deck"]
        if deck_id == "unknown":
            problems.append(_at(rules, f"{side}_base_deck", f"{NAMES[side]}'s base deck is unknown (the 62-card lists"
                                " are not in the sources)", hint="name a deck document of your own, or play --deck FILE"))
            continue
        document = library.get("revolver", "deck", deck_id)
        if document is None:
            problems.append(_at(rules, f"{side}_base_deck", f"no deck '{deck_id}' in the library"))
            continue
        if document.data.get("faction") not in (side, None):
            problems.append(document.problem(CODE, f"the deck '{deck_id}' is {document.data.get('faction')}'s, not"
                                             f" {NAMES[side]}'s", ["faction"]))
            continue
        try:
            resolved = context_for(library, document).deck
        except ContentError as error:
            problems += error.problems
            continue
        missing = list_unknown(document, resolved, reported=library.reported(document))
        if missing is not None:     # only its size, or swaps against a base of unknown list: no cards to deal
            problems.append(missing if side in given else _where_named(library, rules, f"{side}_base_deck", document, missing))
            continue
        chosen[side], counts[side] = deck_id, Counter(resolved.counts)
    return chosen, counts, problems


def _reached(library, deck_id, card_id):
    """Where a designer's deck reaches a card: the deck's entry naming it (``cards:`` or a swap's
    ``in:``), else its ``base:``; ``None`` when the deck is not the designer's (a published one)."""
    deck = library.get("revolver", "deck", deck_id) if deck_id else None
    if deck is None or not library.reported(deck):
        return None
    for field, key in (("cards", "card"), ("swaps", "in")):
        for i, entry in enumerate(deck.data.get(field) or []):
            if isinstance(entry, dict) and entry.get(key) == card_id:
                return deck, [field, i, key]
    return deck, ["base"] if "base" in deck.data else []


def _card_problem(library, document, deck_id, message, path, hint, *, unknown=None):
    """A card's problem where the designer can fix it: on the card when it is theirs; on their
    deck's entry naming it when it is a published card (its file is installed with the package,
    and the fix is a copy of it in the designer's own folder, which replaces it).

    ``unknown`` names the card's field whose value is missing or ``unknown`` (the texts do not
    give it): a fact to supply, not a mistake; a deck's check tells it as a note
    (:func:`workbench.games.judge.grade`)."""
    extra = {"unknown": unknown} if unknown else {}
    if library.reported(document):
        return document.problem(CODE, message, path, hint=hint, **extra)
    own = (f"copy the card into a file of your own folder (`kind: card`, `game: revolver`, `id: {document.id}`, the"
           f" rest as published), then {hint or 'change it there'}; your copy replaces the published card")
    reached = _reached(library, deck_id, document.id)
    if reached is None:     # a published deck plays it: where the card is, with the fix in your folder
        return document.problem(CODE, message, path, hint=own)
    deck, at = reached
    return deck.problem(CODE, f"{message} (the published card '{document.id}', which this deck plays)", at,
                        hint=own, card=document.id, **extra)


def _cards(library, rules, counts, chosen=None):
    cards, problems = {}, []
    for side, deck in counts.items():
        deck_id = (chosen or {}).get(side)
        for card_id in sorted(deck):
            document = library.get("revolver", "card", card_id)
            if document is None:
                continue        # the deck check reports it where the deck names it
            data = document.data
            label = data.get("name", card_id)

            def problem(message, path, hint=None, document=document, deck_id=deck_id, unknown=None):
                return _card_problem(library, document, deck_id, message, path, hint, unknown=unknown)

            def missing(field, data=data):
                """``field`` when the card does not give it (absent or ``unknown``), else ``None``."""
                return field if data.get(field, "unknown") == "unknown" else None

            if data.get("deck") not in (side, "unknown", None):
                problems.append(problem(f"{label} belongs to the {data.get('deck')} deck, and is in {NAMES[side]}'s"
                                        " deck", ["deck"], hint=f"write `deck: {side}` on the card, or play another"))
                continue
            kind = data.get("type")
            if kind not in STAYS + ("action",):
                problems.append(problem(f"{label}: its type is {kind or 'not given'}; Revolver plays firepower,"
                                        " character and action cards", ["type"] if kind else [],
                                        hint="write `type: firepower`, `character` or `action`",
                                        unknown=missing("type")))
                continue
            firepower = data.get("firepower", 0 if kind == "action" else None)
            if kind in STAYS and not (isinstance(firepower, int) and not isinstance(firepower, bool)):
                problems.append(problem(f"{label}: its firepower is unknown, and it stays on the battlefield",
                                        ["firepower"] if "firepower" in data else [],
                                        hint="write `firepower:` on the card (your box's value)",
                                        unknown=missing("firepower")))
                continue
            effects = tuple(e for e in data.get("effects") or [] if isinstance(e, dict))
            if kind == "action" and not effects:
                problems.append(problem(f"{label}: an action card, but what it does is not written as `effects:`",
                                        ["effect"] if "effect" in data else [],
                                        hint="write its effects from the Revolver vocabulary (docs: Effect vocabularies)",
                                        unknown=missing("effect")))
                continue
            cost = data.get("cost")
            if rules.card_costs == "discard-from-hand" and not isinstance(cost, int):
                problems.append(problem(f"{label}: its cost is unknown, and `card_costs` is discard-from-hand",
                                        ["cost"] if "cost" in data else [], hint="write `cost:` on the card",
                                        unknown=missing("cost")))
                continue
            if not isinstance(firepower, int):
                firepower = 0
            cards[card_id] = Card(card_id, label, kind, firepower, effects, tuple(data.get("icons") or ()), cost)
    return cards, problems


def _gang(library, rules):
    if rules.gang == "unknown":
        return [_at(rules, "gang", "Colti's gang is unknown (the sources name 4 of the 16 bandits)",
                    hint="list the bandits under `gang:` of a rule of your own")]
    out = []
    for i, bandit in enumerate(rules.gang):
        if library.get("revolver", "character", bandit) is None and library.get("revolver", "card", bandit) is None:
            out.append(_at(rules, "gang", f"the bandit '{bandit}' is not a character of the library", [i]))
    return out


class State(RevolverState):
    """One moment of the whole game; ``apply`` returns the next state.

    The piles (hands, discard piles, the cards on the battlefield with those under them), the gang
    and the dead are tuples, and the attack bonus and the ambush cards placed are dicts, all
    replaced when they change, so a clone shares them; a deck is copied
    the first time a state draws from it after a clone (``_own``: the sides whose deck this state
    owns)."""

    ROUND_EVENT = "turn"
    ACTION = Action
    COPIED = {"hands": dict.copy, "decks": dict.copy, "discard": dict.copy, "field": dict.copy, "pending": list.copy}

    def __init__(self, game: Revolver, setup: dict):
        rules = game.ruleset
        self.game, self.setup = game, setup
        self.max_turns = setup["rounds"]
        self.turn = 0                       # game turns begun
        self.bf, self.space = 0, 1          # the marker: battlefield index and turn space
        self.at_prison = False
        self.started = False                # the marker has not been advanced yet
        self.first_turn_at = (False,) * len(game.battlefields)   # a battlefield's first turn was played
        self.hands: dict[str, tuple] = {s: () for s in SIDES}
        self.decks = {s: dict(game.decks[s]) for s in SIDES}
        self._own = frozenset(SIDES)
        self.discard: dict[str, tuple] = {s: () for s in SIDES}
        self.field: dict[str, tuple] = {s: () for s in SIDES}  # cards on the battlefield: (card, (cards under it))
        self.bonus = {s: 0 for s in SIDES}   # attack-phase firepower this turn
        self.gang = tuple(rules.gang)
        self.dead: tuple = ()
        self.wounds = 0
        self.border = rules.border_tokens_at_start
        self.killed_this_turn = 0
        self.ambush: dict[str, str] = {}     # location -> the known ambush card placed there
        self.known_ambush_in_play = None
        self.winner: str | None = None
        self.ended: str | None = None
        self.prison: PrisonState | None = None
        self.pending: list[tuple] = []
        self.log, self.history = Trail(), Trail()
        self.event("start", None, game="revolver", seed=setup["seed"], assumptions=game.assumptions(),
                   note=ILLUSTRATIVE_NOTE, ruleset=plain(dict(rules)), **game.facts())
        for side in (rules.first_player, other(rules.first_player)):
            self.pending.append(("draw", side, rules.starting_hand, "starting hand"))
        if rules.prison_in_play and rules.ambush_effects:
            self.pending.append(("ambush-setup",))
        self.pending.append(("game-turn",))
        self._run()

    # -- copying ------------------------------------------------------------------------------
    def clone(self) -> "State":
        new = super().clone()
        # the decks are shared now: whichever state draws next copies the deck it draws from
        self.__dict__["_own"] = new.__dict__["_own"] = _NOTHING
        if self.prison is not None:
            new.__dict__["prison"] = self.prison.clone()
        return new

    def _deck(self, side: str) -> dict:
        """``side``'s deck, this state's own (copied first if a clone shares it)."""
        if side not in self._own:
            self.decks[side] = dict(self.decks[side])
            self._own = self._own | {side}
        return self.decks[side]

    @property
    def battlefield(self) -> dict:
        return self.game.battlefields[self.bf]

    def event(self, kind: str, side: str | None = None, **data) -> None:
        self.record({"event": kind, "player": side, "round": self.turn, **data})

    def snapshot(self) -> dict:
        return {"turn": self.turn, "battlefield": self.battlefield["id"], "space": self.space,
                "at_prison": self.at_prison, "hands": {s: sorted(h) for s, h in self.hands.items()},
                "decks": {s: sum(d.values()) for s, d in self.decks.items()},
                "field": {s: [c for c, _ in f] for s, f in self.field.items()},
                "under": {c: list(u) for s in SIDES for c, u in self.field[s] if u},
                "gang": list(self.gang), "dead": list(self.dead), "wounds": self.wounds, "border": self.border,
                "bonus": dict(self.bonus), "winner": self.winner, "ended": self.ended,
                "prison": None if self.prison is None else {
                    "wounds": self.prison.wounds, "gang": list(self.prison.gang),
                    "placed": [[p.side, p.card, p.face_down] for p in self.prison.placed],
                    "hands": {s: len(h) for s, h in self.prison.hands.items()}, "outcome": self.prison.outcome}}

    # -- the state API ------------------------------------------------------------------------
    def is_terminal(self) -> bool:
        return self.ended is not None

    def is_chance_node(self) -> bool:
        if self.prison is not None:
            return self.prison.is_chance_node()
        return bool(self.pending) and self.pending[0][0] in ("draw", "ambush-draw") and not self.ended

    def current_player(self) -> str | None:
        if self.ended or self.is_chance_node():
            return None
        if self.prison is not None:
            return self.prison.current_player()
        return self.pending[0][1] if self.pending else None

    def chance_outcomes(self) -> list[tuple[Any, Fraction]]:
        if not self.is_chance_node():
            return []
        if self.prison is not None:
            return self.prison.chance_outcomes()
        if self.pending[0][0] == "ambush-draw":
            total = self.rules.ambush_cards_total
            return [("kept", Fraction(total - 1, total)), ("returned", Fraction(1, total))]
        deck = self.decks[self.pending[0][1]]
        total = sum(deck.values())
        return [(card, Fraction(n, total)) for card, n in sorted(deck.items()) if n]

    def returns(self) -> dict[str, float]:
        """At the end, the result: +1 the winner, -1 the other (0 each when the game ended with no
        result). Before, each side's share of the way to the nearest of its own victory
        conditions, as the rules count them (public-facts.md 2.5; the Revolver 1.2 text):

        * McReady: the bandits killed of the gang ("every member of the gang is dead"; a freed
          Santiago joins the gang), or the bullet wounds on Jack Colti of ``bullet_wounds_to_win``
          ("a fifth such token ... McReady immediately wins");
        * Colti: the tokens taken off the Mexican Border card of ``border_tokens_at_start`` ("all
          12 border tokens are gone"), or the battlefields' turn spaces the marker has reached of
          those up to the Express's space ``express_space_survived`` ("reaches the 3:15 Express
          and survives its turn space 4"; its space 1 under ``train_winner: any-bandit``), while
          Jack Colti lives (the Prison, off the battlefields' row, adds no space).

        Each share is the rules' own counter over the rules' own threshold, and a side's value the
        greatest of its shares (the first condition met ends the game): no weights. Search reads
        it to value a rollout it cuts off (:mod:`workbench.agents.bots`).

        >>> from workbench.content.published import published_library
        >>> state = Revolver.build(published_library()).new_initial_state()
        >>> state.returns()                   # the starting hands drawn, the marker not yet on the Bank
        {'colti': 0.0, 'mcready': 0.0}
        """
        if self.ended is not None:
            if self.winner is None:
                return {"colti": 0.0, "mcready": 0.0}
            return {self.winner: 1.0, other(self.winner): -1.0}
        gang, dead, wounds = self.gang, self.dead, self.wounds
        if self.prison is not None:       # the Prison Phase's own count, until its result comes back
            gang, dead, wounds = self.prison.gang, (*dead, *self.prison.killed), self.prison.wounds
        return {"colti": self._colti_share(gang), "mcready": self._mcready_share(gang, dead, wounds)}

    def _mcready_share(self, gang, dead, wounds) -> float:
        killed = len(dead) / (len(dead) + len(gang)) if gang or dead else 0.0
        return max(killed, wounds / self.rules.bullet_wounds_to_win)

    def _colti_share(self, gang) -> float:
        rules, fields = self.rules, self.game.battlefields
        start = rules.border_tokens_at_start
        border = (start - self.border) / start if start else 0.0    # Devil's River can add tokens: below 0
        ids = [b["id"] for b in fields]
        jack = rules.train_winner == "jack-colti"
        if rules.express not in ids or (jack and rules.gang_leader not in gang):
            return border                 # no train to reach, or Jack Colti dead: only the border is left
        at = ids.index(rules.express)
        goal = sum(b["turns"] for b in fields[:at]) + (rules.express_space_survived if jack else 1)
        passed = sum(b["turns"] for b in fields[:self.bf]) + self.space if self.started else 0
        return max(border, passed / goal)

    def legal_actions(self) -> list:
        if self.ended or self.is_chance_node():
            return []
        if self.prison is not None:        # the Prison's decisions, as this game's actions
            return [Action(a.kind, a.card) for a in self.prison.legal_actions()]
        step = self.pending[0]
        kind, side = step[0], step[1]
        if kind == "play":
            return [Action("end")] + [Action("play", c) for c in sorted(set(self.hands[side])) if self._playable(side, c)]
        if kind == "attack-use":
            return [Action("end")] + [Action("use", c) for c in sorted(set(self.hands[side]))
                                      if self.game.cards[c].attack_only and self._affordable(side, c)]
        if kind == "kill?":
            return [Action("kill", b) for b in dict.fromkeys(self.gang)]
        if kind in ("target?", "points?"):
            return [Action("target", c) for c in dict.fromkeys(self._targets(other(side)))]
        if kind == "under?":
            return [Action("under", c) for c in dict.fromkeys(self._under_targets(side, step[2]))]
        if kind == "enter?":
            return [Action("enter"), Action("skip")]
        if kind == "ambush?":
            places = [b["id"] for b in self.game.battlefields] + [self.rules.prison_location]
            return [Action("ambush", p) for p in places]
        raise AssertionError(kind)      # a bug: every decision step is listed above

    def is_legal(self, action) -> bool:
        """Whether ``action`` may be applied now: what :meth:`legal_actions` and
        :meth:`chance_outcomes` list, checked directly for a draw and a card played or used
        (the public step's check, without listing every legal action)."""
        if self.ended:
            return False
        if self.prison is not None:
            if self.prison.is_chance_node():
                return self.prison.is_legal(action)
            return isinstance(action, Action) and self.prison.is_legal(PrisonAction(action.kind, action.card))
        if not self.pending:
            return False
        step = self.pending[0]
        kind = step[0]
        if kind == "draw":
            return isinstance(action, str) and self.decks[step[1]].get(action, 0) > 0
        if kind == "ambush-draw":
            return action in ("kept", "returned")
        if not isinstance(action, Action):
            return False
        if action.kind == "end":
            return kind in ("play", "attack-use") and action.card is None
        card = self.game.cards.get(action.card)
        if kind == "play":
            return (action.kind == "play" and card is not None and action.card in self.hands[step[1]]
                    and self._playable(step[1], action.card))
        if kind == "attack-use":
            return (action.kind == "use" and card is not None and action.card in self.hands[step[1]]
                    and card.attack_only and self._affordable(step[1], action.card))
        return super().is_legal(action)

    def describe_action(self, action) -> str:
        return str(action)

    # -- what may be played -----------------------------------------------------------------------
    def _affordable(self, side: str, card: str) -> bool:
        if self.rules.card_costs != "discard-from-hand":
            return True
        return len(self.hands[side]) - 1 >= (self.game.cards[card].cost or 0)

    def _limit(self, side: str):
        limit = self.rules[f"{side}_card_limit"]
        return None if limit == "none" else limit

    def _playable(self, side: str, card_id: str) -> bool:
        card = self.game.cards[card_id]
        if card.attack_only or not self._affordable(side, card_id):
            return False
        if card.under is not None:
            return bool(self._under_targets(side, card_id))
        if card.stays:
            limit = self._limit(side)
            return limit is None or len(self.field[side]) < limit
        return True

    def _targets(self, side: str) -> list[str]:
        """The [star icon] cards of ``side`` a kill may hit now: a scope card first (New Icons: Scope)."""
        stars = [c for c, _ in self.field[side] if self.game.cards[c].star]
        scoped = [c for c in stars if "scope" in self.game.cards[c].icons]
        return scoped or stars

    def _under_targets(self, side: str, card_id: str) -> list[str]:
        excepted = set(self.game.cards[card_id].under.get("except") or [])
        return [c for c, _ in self.field[side] if self.game.cards[c].star and c not in excepted]

    # -- applying -------------------------------------------------------------------------------
    def _apply(self, action) -> None:
        if self.prison is not None:
            self.prison.apply_in_place(PrisonAction(action.kind, action.card) if isinstance(action, Action) else action)
            if self.prison.is_terminal():
                self._left_prison()
            self._run()
            return
        step = self.pending[0]
        kind = step[0]
        if kind == "draw":
            _, side, n, why = step
            self._deck(side)[action] -= 1
            self.hands[side] = (*self.hands[side], action)
            self.pending[0] = ("draw", side, n - 1, why)
            self.event("draw", side, card=action, why=why)
        elif kind == "ambush-draw":
            self.pending.pop(0)
            self.event("ambush-setup", None, known_card_kept=action == "kept")
            if action == "kept":
                self.pending.insert(0, ("ambush?", "mcready"))
        elif kind == "ambush?":
            self.pending.pop(0)
            card = next(iter(self.rules.ambush_effects))
            self.ambush = {**self.ambush, action.card: card}
            self.event("ambush-placed", "mcready", card=card, location=action.card)
        elif kind == "play":
            self._play(step[1], action)
        elif kind == "attack-use":
            self._use(step[1], action)
        elif kind == "kill?":
            self.pending.pop(0)
            self._kill_bandit(action.card, step[3])
            if step[2] > 1:
                self.pending.insert(0, ("kill", "colti", step[2] - 1, step[3]))
        elif kind == "target?":
            self.pending.pop(0)
            self._kill_card(other(step[1]), action.card, step[1])
            if step[2] > 1:
                self.pending.insert(0, ("kill-star", step[1], step[2] - 1))
        elif kind == "points?":
            self.pending.pop(0)
            self._spend_points(step[1], step[2], action.card)
        elif kind == "under?":
            self.pending.pop(0)
            field = list(self.field[step[1]])
            i = next(i for i, (c, _) in enumerate(field) if c == action.card)
            field[i] = (action.card, (*field[i][1], step[2]))
            self.field[step[1]] = tuple(field)
            self.event("under", step[1], card=step[2], above=action.card)
        elif kind == "enter?":
            self.pending.pop(0)
            self._prison_decision(action.kind == "enter")
        self._run()

    def _run(self) -> None:
        """Carry out the automatic steps up to the next decision or chance node."""
        while self.pending and not self.ended and self.prison is None:
            step = self.pending[0]
            kind = step[0]
            if kind in ("play", "attack-use", "kill?", "target?", "points?", "under?", "enter?", "ambush?",
                        "ambush-draw"):
                return
            if kind == "draw":
                _, side, n, why = step
                if n > 0 and not any(self.decks[side].values()):
                    self._deck_ran_out(side, n, why)
                    if self.ended:
                        return
                if n > 0 and any(self.decks[side].values()):
                    return
                self.pending.pop(0)
                continue
            self.pending.pop(0)
            getattr(self, "_" + kind.replace("-", "_"))(*step[1:])

    def _deck_ran_out(self, side: str, n: int, why) -> None:
        """A card is to be drawn from an empty deck. The texts do not say what happens: the
        designer's ``deck_runs_out`` says (``draw-nothing``, ``reshuffle-discard``, ``loses``)."""
        rule = self.rules.deck_runs_out
        if rule == "reshuffle-discard" and self.discard[side]:
            # the discard pile becomes the deck; the chance nodes then draw from it, shuffled
            self.decks[side] = dict(Counter(self.discard[side]))
            self._own = self._own | {side}
            self.event("reshuffle", side, cards=len(self.discard[side]), why=why)
            self.discard[side] = ()
            return
        outcome = f"{NAMES[side]} loses" if rule == "loses" else "nothing is drawn"
        self.event("deck-empty", side, short=n, why=why, outcome=outcome, rule=rule)
        if rule == "loses":
            self._end(other(side), f"{NAMES[side]} must draw from an empty deck, and the designer's rule for a deck"
                                   " that runs out says that player loses")

    # -- the turn -------------------------------------------------------------------------------
    def _game_turn(self) -> None:
        if self.turn >= self.max_turns:
            self._end(None, f"{self.turn} game turn(s) played (the cap): no result")
            return
        self.turn += 1
        self.bonus = {s: 0 for s in SIDES}
        self.killed_this_turn = 0
        first = self.rules.first_player
        self.event("turn", None, turn=self.turn)
        steps = {"colti": [("colti-turn",)], "mcready": [("mcready-turn",)]}
        self.pending[0:0] = steps[first] + steps[other(first)] + [("end-turn",), ("game-turn",)]

    def _colti_turn(self) -> None:
        rules = self.rules
        if self.at_prison:                   # the Prison lasts one turn: on to the location after it
            self.at_prison = False           # (the battlefield before it was left on entering)
            self._arrive(self.game.battlefields.index(next(b for b in self.game.battlefields
                                                          if b["id"] == rules.prison_between[1])), leave=False)
        elif self.started or rules.first_turn_advances:
            self._advance()
        self.started = True
        if self.ended or self.at_prison or (self.pending and self.pending[0][0] == "enter?"):
            return
        self.event("marker", "colti", battlefield=self.battlefield["id"], space=self.space)
        self.pending[0:0] = [("draw", "colti", rules.turn_draws, "turn"), ("play", "colti")]

    def _advance(self) -> None:
        if self.space < self.battlefield["turns"]:
            self.space += 1
            return
        here = self.battlefield["id"]
        if self.bf + 1 >= len(self.game.battlefields):
            self._end(None, f"the marker passed the last battlefield's last turn space ({self.game.label(here)}): no victory"
                            " condition of the sources holds")
            return
        if self.rules.prison_in_play and here == self.rules.prison_between[0]:
            self.pending.insert(0, ("enter?", "colti"))
            return
        self._arrive(self.bf + 1)

    def _arrive(self, index: int, leave: bool = True) -> None:
        if leave:
            self._leave()
        self.bf, self.space = index, 1
        self.event("battlefield", None, battlefield=self.battlefield["id"], turns=self.battlefield["turns"],
                   defence=self.battlefield["defence"])
        if self.rules.train_winner == "any-bandit" and self.battlefield["id"] == self.rules.express and self.gang:
            self._end("colti", f"a gang member reached {self.game.label(self.battlefield['id'])} (the reading in force:"
                               " any bandit reaching the Express wins)")

    def _leave(self) -> None:
        if self.rules.cards_on_leaving == "discard":
            for side in SIDES:
                for card, under in self.field[side]:
                    self.discard[side] = (*self.discard[side], card, *under)
                self.field[side] = ()
            self.event("leave", None, battlefield=self.battlefield["id"], cards="discarded")
        else:
            self.event("leave", None, battlefield=self.battlefield["id"], cards="moved on")

    def _mcready_turn(self) -> None:
        steps = [("draw", "mcready", self.rules.turn_draws, "turn")]
        bf = self.battlefield["id"]
        if not self.first_turn_at[self.bf]:
            self.first_turn_at = tuple(True if i == self.bf else seen for i, seen in enumerate(self.first_turn_at))
            if bf in self.ambush:
                steps.append(("reveal-ambush", bf))
        steps += [("play", "mcready"), ("attack-use", "mcready"), ("attack-use", "colti"), ("attack",)]
        self.pending[0:0] = steps

    def _reveal_ambush(self, location: str) -> None:
        card = self.ambush[location]
        self.ambush = {k: v for k, v in self.ambush.items() if k != location}
        effect = self.rules.ambush_effects[card]
        self.event("ambush", "mcready", card=card, location=location, **effect)
        # the ambush card (Card List): "Kill two [gravestone icon]. Then your opponent draws two cards
        # and +[bullet wound token]." It is then removed from the game (Gameplay with Module 1)
        self.pending[0:0] = [("kill", "colti", effect.get("kill", 0), card),
                             ("draw", "colti", effect.get("opponent_draws", 0), card),
                             ("wound", effect.get("bullet_wounds", 0), card)]

    def _attack(self) -> None:
        rules, bf = self.rules, self.battlefield
        mcready = sum(self.game.cards[c].firepower for c, _ in self.field["mcready"]) + self.bonus["mcready"]
        colti_cards = sum(self.game.cards[c].firepower for c, _ in self.field["colti"]) + self.bonus["colti"]
        colti = colti_cards + bf["defence"]
        hits = mcready > colti or (not rules.mcready_must_exceed and mcready == colti)
        kills = rules.casualties_per_attack if hits else 0
        self.event("attack", "mcready", mcready=mcready, colti=colti, defence=bf["defence"], kills=kills,
                   battlefield=bf["id"])
        if kills:
            self.pending.insert(0, ("kill", "colti", kills, "McReady's attack"))
        self.pending.insert(1 if kills else 0, ("border", colti > mcready))

    def _border(self, colti_greater: bool) -> None:
        rules = self.rules
        if self.killed_this_turn:
            return
        if rules.border_rule == "colti-greater-no-kill" and not colti_greater:
            self.event("border-kept", None, border=self.border, why="no kill, but Colti's firepower is not greater"
                                                                    ", and the border rule in force wants it greater")
            return
        taken = min(self.border, rules.border_tokens_per_turn)
        self.border -= taken
        self.event("border", None, taken=taken, border=self.border)
        if self.border == 0:
            self._end("colti", "the last token left the Mexican Border card: the gang escapes across the border")

    def _end_turn(self) -> None:
        rules = self.rules
        if self.ended:
            return
        bf = self.battlefield
        if (rules.train_winner == "jack-colti" and bf["id"] == rules.express and not self.at_prison
                and self.space == rules.express_space_survived and rules.gang_leader in self.gang):
            self._end("colti", f"{self.game.label(rules.gang_leader)} survived the Express's turn space {self.space}")

    def _ambush_setup(self) -> None:
        # Setup 3: one of the ambush cards is returned to the box unseen (chance); Setup 4: McReady
        # places the rest, one opposite each location (only the known card's place is a decision)
        self.pending.insert(0, ("ambush-draw", None))

    # -- effects ----------------------------------------------------------------------------------
    def _pay(self, side: str, card_id: str) -> None:
        self.hands[side] = without(self.hands[side], card_id)
        if self.rules.card_costs == "discard-from-hand":
            cost = self.game.cards[card_id].cost or 0
            paid = sorted(self.hands[side])[:cost]
            for card in paid:
                self.hands[side] = without(self.hands[side], card)
                self.discard[side] = (*self.discard[side], card)
            if paid:
                self.event("pay", side, card=card_id, discarded=paid)

    def _play(self, side: str, action: Action) -> None:
        if action.kind == "end":
            self.pending.pop(0)
            self.event("end-play", side)
            return
        card = self.game.cards[action.card]
        self._pay(side, card.id)
        if card.under is not None:
            pass                       # it goes under a card (the under? step), not to the field
        elif card.stays:
            self.field[side] = (*self.field[side], (card.id, ()))
        else:
            self.discard[side] = (*self.discard[side], card.id)
        self.event("play", side, card=card.id, type=card.type, firepower=card.firepower if card.stays else None,
                   battlefield=self.battlefield["id"], on_field=len(self.field[side]))
        self._effects(side, card)

    def _use(self, side: str, action: Action) -> None:
        if action.kind == "end":
            self.pending.pop(0)
            return
        card = self.game.cards[action.card]
        self._pay(side, card.id)
        self.discard[side] = (*self.discard[side], card.id)
        self.event("use", side, card=card.id)
        self._effects(side, card)

    def _effects(self, side: str, card: Card) -> None:
        """The card's effects, in order, through the vocabulary's handlers (a plugin's too)."""
        steps = []
        for spec in card.effects:
            name = spec.get("effect")
            handler = self.game.words.handlers.get(name) if self.game.words.played(name) else None
            if handler is None:
                self.event("not-played", side, card=card.id, effect=name, why=self.game.words.why_not_played(name))
                continue
            steps += handler(self, side, card, spec) or []
        self.pending[0:0] = steps

    def play_effect(self, spec: dict, where: str | None = None) -> None:
        """One effect played alone (:meth:`workbench.games.base.State.play_effect`): written on the
        card ``where`` (else a card in play that writes it, else the first card), played by the side to play a card now,
        then its steps (draws, kills, a card to go under) carried out."""
        if self.ended or self.prison is not None or not self.pending or self.pending[0][0] != "play":
            raise EffectNotReady("no side is about to play a card")
        # the card itself, else a card in play that writes the effect (a later step reads the card)
        name = spec.get("effect")
        if where is not None and where not in self.game.cards:
            raise EffectNotReady("that card is not in play")
        card = self.game.cards.get(where) or next(
            (c for c in self.game.cards.values() if any(e.get("effect") == name for e in c.effects)),
            next(iter(self.game.cards.values())))
        before = len(self.pending)
        self._effects(self.pending[0][1], dataclasses.replace(card, effects=(spec,)))
        self._run()
        self._settle(lambda: len(self.pending) > before)

    def _wound(self, n: int, why: str) -> None:
        for _ in range(max(0, n)):
            self.wounds += 1
            self.event("bullet-wound", "colti", wounds=self.wounds, why=why)
            if self.wounds >= self.rules.bullet_wounds_to_win:
                self._end("mcready", f"bullet wound {self.wounds} on Jack Colti")
                return
        for _ in range(max(0, -n)):
            if self.wounds:
                self.wounds -= 1
                self.event("bullet-wound-removed", "colti", wounds=self.wounds, why=why)

    def _kill(self, side: str, n: int, why: str) -> None:
        if n > 0 and self.gang:
            self.pending.insert(0, ("kill?", "colti", n, why))

    def _kill_bandit(self, bandit: str, why: str) -> None:
        self.gang = without(self.gang, bandit)
        self.dead = (*self.dead, bandit)
        self.killed_this_turn += 1
        self.event("killed", "colti", bandit=bandit, why=why, gang=len(self.gang))
        if not self.gang:
            self._end("mcready", "every member of the gang is dead")
        elif bandit in self.rules.mcready_wins_killing:
            self._end("mcready", f"{self.game.label(bandit)} was killed (a bandit whose death wins the game for McReady)")

    def _kill_star(self, side: str, n: int) -> None:
        if n > 0 and self._targets(other(side)):
            self.pending.insert(0, ("target?", side, n))
        elif n > 0:
            self.event("no-target", side, why="no [star icon] card to kill")

    def _points(self, side: str, points: int) -> None:
        if points > 0 and self._targets(other(side)):
            self.pending.insert(0, ("points?", side, points))
        elif points > 0:
            self.event("points-lost", side, points=points, why="no [star icon] card to kill")

    def _spend_points(self, side: str, points: int, target: str) -> None:
        cost = self.game.cards[target].firepower
        if cost > points:
            # Example 2: "the 2 remaining points of the Stick of Dynamite are lost"
            self.event("points-lost", side, points=points, target=target, firepower=cost)
            return
        self._kill_card(other(side), target, side)
        self._points(side, points - cost)

    def _kill_card(self, owner: str, card_id: str, by: str) -> None:
        field = self.field[owner]
        index = next(i for i, (c, _) in enumerate(field) if c == card_id)
        card, under = field[index]
        self.field[owner] = field[:index] + field[index + 1:]
        if under:
            # Brad Runyan (Card List; FAQ Q3): the card above is removed from the game, its player
            # draws, and the card under it goes to the discard pile
            self.discard[owner] = (*self.discard[owner], *under)
            under = list(under)
            draws = sum(next((e.get("draws", 0) for e in self.game.cards[u].effects
                              if e.get("effect") == "under-star"), 0) for u in under)
            self.event("card-killed", by, card=card, owner=owner, removed_from_game=True, under=under)
            self.pending.insert(0, ("draw", owner, draws, under[0]))
        else:
            self.discard[owner] = (*self.discard[owner], card)
            self.event("card-killed", by, card=card, owner=owner)

    def _end(self, winner: str | None, why: str) -> None:
        if self.ended:
            return
        self.winner, self.ended = winner, why
        self.pending = []
        self.event("end", winner, why=why, winner=winner, gang=len(self.gang), border=self.border, wounds=self.wounds)

    # -- the Prison (Module 1) -------------------------------------------------------------------
    def _prison_decision(self, enter: bool) -> None:
        rules = self.rules
        if not enter:
            self.event("prison-skipped", "colti", why="Colti skips the Prison")
            self._arrive(self.game.battlefields.index(next(b for b in self.game.battlefields
                                                          if b["id"] == rules.prison_between[1])))
            if not self.ended:
                self.event("marker", "colti", battlefield=self.battlefield["id"], space=self.space)
                self.pending[0:0] = [("draw", "colti", rules.turn_draws, "turn"), ("play", "colti")]
            return
        self._leave()
        self.at_prison = True
        # the Prison Phase replaces the turn's phases (San Manzanillo Prison): drop this turn's
        # McReady turn, the Prison Phase is the whole game turn
        self.pending = [s for s in self.pending if s[0] != "mcready-turn"]
        decks = {s: [c for c, n in sorted(self.decks[s].items()) for _ in range(n)] for s in SIDES}
        setup = {"players": 2, "seed": self.setup["seed"], "bullet_wounds": self.wounds, "gang": list(self.gang),
                 "colti_hand": list(self.hands["colti"]), "mcready_hand": list(self.hands["mcready"]), "placed": [],
                 "ambush": self.ambush.get(rules.prison_location), "colti_deck": decks["colti"],
                 "mcready_deck": decks["mcready"], "colti_discard": list(self.discard["colti"]),
                 "mcready_discard": list(self.discard["mcready"])}
        self.ambush = {k: v for k, v in self.ambush.items() if k != rules.prison_location}
        self.event("prison", "colti", why="Colti enters the San Manzanillo Prison")
        inner = PrisonState(self.game.prison, setup)
        inner.apply_in_place(_enter_action())
        self.prison = inner
        if inner.is_terminal():
            self._left_prison()

    def _left_prison(self) -> None:
        inner, self.prison = self.prison, None
        self.wounds = inner.wounds
        self.killed_this_turn += len(inner.killed)
        self.dead = (*self.dead, *inner.killed)
        self.gang = tuple(inner.gang)
        self.hands = {s: tuple(h) for s, h in inner.hands.items()}
        self.decks = {s: dict(d) for s, d in inner.decks.items()}
        self.discard = {s: tuple(d) for s, d in inner.discard.items()}   # a reshuffle there emptied it
        self._own = frozenset(SIDES)
        for placed in inner.placed:
            self.discard[placed.side] = (*self.discard[placed.side], placed.card)
        for card, _ in inner.bonus:
            self.discard["colti"] = (*self.discard["colti"], card)
        self.event("prison-result", None, outcome=inner.outcome, totals=list(inner.totals), killed=list(inner.killed),
                   events=[dict(e) for e in inner.log if e["event"] != "start"])
        if inner.lost:
            self._end(other(inner.lost), f"{NAMES[inner.lost]} must draw from an empty deck at the Prison, and the"
                                         " designer's rule for a deck that runs out says that player loses")
        elif inner.outcome == "mcready-wins":
            self._end("mcready", f"bullet wound {self.wounds} on Jack Colti (at the Prison)")
        elif not self.gang:
            self._end("mcready", "every member of the gang is dead")
        elif any(b in self.rules.mcready_wins_killing for b in inner.killed):
            self._end("mcready", "a bandit whose death wins the game for McReady was killed (at the Prison)")


def _enter_action():
    return PrisonAction("enter")


# -- the effects the engine plays (the vocabulary's handlers) -------------------------------------

def _register() -> None:
    words = vocabulary("revolver")

    @words.handler("attack-firepower")
    def attack_firepower(state, side, card, spec):
        state.bonus = {**state.bonus, side: state.bonus[side] + int(spec.get("amount", 0))}
        state.event("attack-firepower", side, card=card.id, amount=int(spec.get("amount", 0)))

    @words.handler("kill-star")
    def kill_star(state, side, card, spec):
        return [("kill-star", side, max(1, int(spec.get("count", 1))))]

    @words.handler("kill-points")
    def kill_points(state, side, card, spec):
        return [("points", side, int(spec.get("points", 0)))]

    @words.handler("draw")
    def draw(state, side, card, spec):
        who = other(side) if spec.get("who") == "opponent" else side
        return [("draw", who, max(0, int(spec.get("count", 1))), card.id)]

    @words.handler("bullet-wound")
    def bullet_wound(state, side, card, spec):
        return [("wound", int(spec.get("count", 1)), card.id)]

    @words.handler("kill-bandit")
    def kill_bandit(state, side, card, spec):
        return [("kill", "colti", max(1, int(spec.get("count", 1))), card.id)]

    @words.handler("border-tokens")
    def border_tokens(state, side, card, spec):
        state.border = max(0, state.border + int(spec.get("count", 0)))
        state.event("border-tokens", side, card=card.id, count=int(spec.get("count", 0)), border=state.border)
        if state.border == 0:
            state._end("colti", "the last token left the Mexican Border card: the gang escapes across the border")

    @words.handler("under-star")
    def under_star(state, side, card, spec):
        return [("under?", side, card.id)]


_register()


# -- bots ------------------------------------------------------------------------------------------

def random_bot(state: State, rng: random.Random):
    return rng.choice(state.legal_actions())


def greedy_bot(state: State, rng: random.Random):
    """Plays every card it can (strongest first), uses its attack cards when the attack is close,
    loses the bandit it values least (lowest survival rating, never Jack Colti while others
    live), targets the strongest card. The bot's own choices, not rules."""
    actions = state.legal_actions()
    if state.prison is not None:
        from .rules import greedy_bot as prison_greedy
        chosen = prison_greedy(state.prison, rng)
        return Action(chosen.kind, chosen.card)
    kinds = {a.kind for a in actions}
    game = state.game
    if "kill" in kinds:
        leader = state.rules.gang_leader
        def rating(bandit):
            doc = game.library.data("revolver", "character", bandit) or {}
            value = doc.get("survival_rating")
            return (bandit == leader, value if isinstance(value, int) else 0, bandit)
        return min(actions, key=lambda a: rating(a.card))
    if "target" in kinds:
        return max(actions, key=lambda a: (game.cards[a.card].firepower, a.card))
    if "enter" in kinds:
        return Action("enter")
    if "under" in kinds or "ambush" in kinds:
        return actions[0]
    plays = [a for a in actions if a.kind in ("play", "use")]
    if not plays:
        return Action("end")
    return max(plays, key=lambda a: (game.cards[a.card].firepower, a.card))


BOTS = {"greedy": greedy_bot, "random": random_bot, "osla": one_step_lookahead}   # osla: the reference player of every game
Revolver.BOTS = BOTS


def describe(event: dict, names: dict | None = None) -> str:
    """One line per event of the whole game; ``names`` maps ids (cards, bandits, battlefields,
    decks) to the names people read (the CLI's, badged as ``source:`` says); ids without one stay."""
    name = (lambda i: names.get(i, i) if isinstance(i, str) else i) if names else (lambda i: i)
    kind, side = event["event"], event.get("player")
    who = {"colti": "Colti", "mcready": "McReady"}.get(side, "")
    card = name(event.get("card"))
    if kind == "start":
        lines = [f"Revolver, seed {event['seed']}: Colti plays {name(event['decks'].get('colti'))}, McReady plays"
                 f" {name(event['decks'].get('mcready'))}"]
        lines += [f"  assumption: {a}" for a in event["assumptions"]]
        return "\n".join(lines)
    if kind == "turn":
        return f"-- game turn {event['turn']}"
    if kind == "marker":
        return f"Colti moves the marker to {name(event['battlefield'])}, space {event['space']}"
    if kind == "battlefield":
        return f"on to {name(event['battlefield'])} ({event['turns']} turn(s), defence {event['defence']})"
    if kind == "leave":
        return f"leaving {name(event['battlefield'])}: the cards there are {event['cards']}"
    if kind == "draw":
        why = event["why"]
        return f"{who} draws {card}" + (f" ({name(why)})" if why != "turn" else "")
    if kind == "deck-empty":
        return f"{who}'s deck is empty: {event['short']} card(s) not drawn" + (
            f" ({event['outcome']})" if event.get("outcome") else "")
    if kind == "reshuffle":
        return f"{who}'s deck is empty: the discard pile ({event['cards']} card(s)) is shuffled into a new deck"
    if kind == "play":
        return f"{who} plays {card}" + (f" (firepower {event['firepower']})" if event.get("firepower") is not None
                                        else "")
    if kind == "use":
        return f"{who} uses {card}"
    if kind == "end-play":
        return ""
    if kind == "attack-firepower":
        return f"{who} gains {event['amount']} firepower this attack ({card})"
    if kind == "attack":
        verdict = f"{event['kills']} bandit(s) killed" if event["kills"] else "no kill"
        return f"attack at {name(event['battlefield'])}: McReady {event['mcready']} vs Colti {event['colti']}" \
               f" (defence {event['defence']} included): {verdict}"
    if kind == "killed":
        return f"{name(event['bandit'])} is killed ({name(event['why'])}); {event['gang']} bandit(s) left"
    if kind == "card-killed":
        return f"{who} kills {NAMES.get(event['owner'], event['owner'])}'s {card}" + (
            " (removed from the game)" if event.get("under") else "")
    if kind == "points-lost":
        return f"{event['points']} kill point(s) lost"
    if kind == "no-target":
        return f"{who}: no [star icon] card to kill"
    if kind == "under":
        return f"{who} places {card} under {name(event['above'])}"
    if kind == "border":
        return f"a Mexican Border token leaves the card: {event['border']} left"
    if kind == "border-kept":
        return f"no Mexican Border token leaves ({event['why']})"
    if kind == "border-tokens":
        return f"{card}: Mexican Border tokens {event['count']:+d}, {event['border']} on the card"
    if kind == "bullet-wound":
        return f"bullet wound on Jack Colti ({name(event['why'])}): {event['wounds']}"
    if kind == "bullet-wound-removed":
        return f"a bullet wound removed from Jack Colti ({name(event['why'])}): {event['wounds']}"
    if kind == "not-played":
        return f"{card}: the effect '{event['effect']}' is not played ({event['why']})"
    if kind == "pay":
        return f"{who} pays for {card}: discards {', '.join(name(c) for c in event['discarded'])}"
    if kind == "ambush-setup":
        return "the known ambush card is kept" if event["known_card_kept"] else \
            "the known ambush card was returned to the box unseen"
    if kind == "ambush-placed":
        return f"McReady places an ambush card face down opposite {name(event['location'])}"
    if kind == "ambush":
        return f"ambush at {name(event['location'])}: {card}"
    if kind == "prison":
        return "Colti enters the San Manzanillo Prison"
    if kind == "prison-skipped":
        return "Colti skips the San Manzanillo Prison"
    if kind == "prison-result":
        from .rules import describe as describe_prison
        return "\n".join(["the Prison Phase:"] + [f"  {describe_prison(e, names)}" for e in event["events"]])
    if kind == "end":
        winner = {"colti": "Colti wins", "mcready": "McReady wins"}.get(event["winner"], "no winner")
        return f"== {winner}: {event['why']} ({event['gang']} bandit(s) left, {event['border']} border token(s),"\
               f" {event['wounds']} bullet wound(s))"
    return str(event)
