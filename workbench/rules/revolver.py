"""The Revolver (Hunt the Man Down) parameters the engine reads: their types, never their values.

The values live in ``variants/revolver/``: the Prison Phase's numbers in the rule
``san-manzanillo-prison``, the route and the ambush card in ``ambush-module``, bullet wounds in
``new-icons``, the FAQ's rulings in ``faq``; the decks at the Prison, which the texts do not give,
are ``unknown`` there and filled in by the illustrative ``illustrative-prison-decks``.
"""
from __future__ import annotations

from functools import lru_cache

from .ruleset import BOOLEAN, Parameter, choice, integer, playable, resolve

ID = {"type": "string", "pattern": "^[a-z0-9]+(-[a-z0-9]+)*$"}
OUTCOME = {"type": "string", "pattern": "^(santiago-joins|prisoner-joins|kill-[0-9]{1,2})$"}
UNKNOWN = {"const": "unknown"}
IDS = {"type": "array", "items": ID, "uniqueItems": True, "maxItems": 200}


def _or_unknown(schema: dict) -> dict:
    return {"anyOf": [schema, UNKNOWN]}


LIMIT = {"oneOf": [integer(0, 62), {"const": "none"}]}
BATTLEFIELD = {"type": "object", "additionalProperties": False,
               "properties": {"turns": integer(1, 20), "defence": integer(0, 50)}}
DECK = {"type": "object", "propertyNames": ID, "additionalProperties": integer(0, 200)}
CARD_TYPES = ["action", "character", "firepower", "location", "ambush", "bandit"]


def _p(name, schema, about, home):
    return Parameter(name, schema, about, home)


#: The sort of Revolver character card (a character's `role:`): the bandits of Colti's gang
#: (the schemas' `character-roles`).
CHARACTER_ROLES = ("bandit",)

SPEC: dict[str, Parameter] = {p.name: p for p in [
    _p("bandits", integer(0, 100), "bandits in Colti's gang (the Prison game's gang unless given)", "game/revolver"),
    _p("bullet_wounds_to_win", integer(1, 50), "the bullet wound on Jack Colti that wins the game for McReady",
       "rule/new-icons"),
    _p("bullet_wounds_on_entry", integer(0, 50), "bullet wounds Colti takes entering the Prison",
       "rule/san-manzanillo-prison"),
    _p("colti_draws", integer(0, 62), "cards Colti draws in the Prison Phase", "rule/san-manzanillo-prison"),
    _p("mcready_draws", integer(0, 62), "cards McReady draws in the Prison Phase", "rule/san-manzanillo-prison"),
    _p("colti_bonus", {"type": "object", "propertyNames": ID, "additionalProperties": integer(0, 100)},
       "cards Colti uses at the Prison for a firepower bonus, and how much", "rule/san-manzanillo-prison"),
    _p("prison_outcomes", {"type": "object", "required": ["colti_greater", "mcready_greater", "tie"],
                           "additionalProperties": False,
                           "properties": {"colti_greater": OUTCOME, "mcready_greater": OUTCOME, "tie": OUTCOME}},
       "what each result of the Prison's firepower totals does", "rule/san-manzanillo-prison"),
    _p("prison_card_type", choice(*CARD_TYPES), "the only card type placed on the Prison", "rule/san-manzanillo-prison"),
    _p("prison_first", choice("colti", "mcready"), "who places a card on the Prison first", "rule/san-manzanillo-prison"),
    _p("colti_deck", DECK, "Colti's deck when he reaches the Prison (card -> copies)", "rule/san-manzanillo-prison"),
    _p("mcready_deck", DECK, "McReady's deck when Colti reaches the Prison (card -> copies)",
       "rule/san-manzanillo-prison"),
    _p("prison_location", ID, "the Prison location card", "rule/ambush-module"),
    _p("prison_between", {"type": "array", "items": ID, "minItems": 2, "maxItems": 2},
       "the locations the Prison lies between", "rule/ambush-module"),
    _p("ambush_effects", {"type": "object", "propertyNames": ID, "additionalProperties": {
        "type": "object", "additionalProperties": False,
        "properties": {"kill": integer(0, 20), "opponent_draws": integer(0, 20), "bullet_wounds": integer(0, 20)}}},
       "what an ambush card does when revealed", "rule/ambush-module"),
    _p("stagecoach_move_cost", integer(0, 20), "tokens a Stagecoach spends to move on", "rule/faq"),
    _p("bonus_bullet_wounds", {"type": "object", "propertyNames": ID, "additionalProperties": integer(0, 20)},
       "bullet wounds a bonus card gives Colti when used at the Prison", "rule/faq"),
    _p("in_advance_as_lock", {"type": "array", "items": ID, "uniqueItems": True, "maxItems": 200},
       "cards without the lock icon that may be placed on the Prison as lock cards are (face down, in advance)",
       "rule/faq"),
    _p("prisoner", ID, "the bandit lying under the Prison card, freed when Colti's firepower there is greater",
       "rule/san-manzanillo-prison"),
    _p("prisoner_killable", BOOLEAN, "whether the prisoner may be killed before he is freed (FAQ Q9: no)", "rule/faq"),
    # -- the whole game (workbench.games.revolver.engine) ------------------------------------------
    _p("starting_hand", integer(0, 62), "cards each player draws at the start", "rule/whole-game-setup"),
    _p("first_player", choice("colti", "mcready"), "who plays the first turn", "rule/whole-game-setup"),
    _p("border_tokens_at_start", integer(0, 50), "tokens on the Mexican Border card at the start",
       "rule/whole-game-setup"),
    _p("turn_draws", integer(0, 62), "cards a player draws at the start of his turn", "rule/whole-game-setup"),
    _p("gang", _or_unknown({**IDS, "minItems": 1}), "Colti's bandits at the start", "rule/whole-game-setup"),
    _p("colti_base_deck", _or_unknown(ID), "the deck Colti plays unless told", "rule/whole-game-setup"),
    _p("mcready_base_deck", _or_unknown(ID), "the deck McReady plays unless told", "rule/whole-game-setup"),
    _p("card_costs", choice("ignored", "discard-from-hand"), "how a card's cost is paid", "rule/whole-game-setup"),
    _p("first_turn_advances", BOOLEAN, "whether Colti advances the marker on the first turn too",
       "rule/whole-game-setup"),
    _p("battlefield_order", {**IDS, "minItems": 1, "maxItems": 20}, "the battlefields, left to right",
       "rule/whole-game-battlefields"),
    _p("battlefield_values", _or_unknown({"type": "object", "propertyNames": ID, "additionalProperties": BATTLEFIELD}),
       "turns and defence of battlefields whose card says `unknown` (designer data)", "rule/whole-game-battlefields"),
    _p("colti_card_limit", LIMIT, "Colti's cards on one battlefield at most (`none`: no limit)",
       "rule/whole-game-battlefields"),
    _p("mcready_card_limit", LIMIT, "McReady's cards on one battlefield at most (`none`: no limit)",
       "rule/whole-game-battlefields"),
    _p("cards_on_leaving", _or_unknown(choice("move-on", "discard")),
       "what happens to the cards on a battlefield when the marker leaves it", "rule/whole-game-battlefields"),
    _p("deck_runs_out", _or_unknown(choice("draw-nothing", "reshuffle-discard", "loses")),
       "what happens when a player must draw from an empty deck (not in the texts: the designer's choice)",
       "rule/whole-game-setup"),
    _p("mcready_must_exceed", BOOLEAN, "a kill only when McReady's total is strictly greater (false: equal kills too)",
       "rule/whole-game-attack"),
    _p("casualties_per_attack", integer(0, 20), "bandits a successful attack kills", "rule/whole-game-attack"),
    _p("border_rule", choice("no-kill", "colti-greater-no-kill"),
       "when a token leaves the Mexican Border card: each turn McReady kills none, or only when Colti's firepower is"
       " greater too", "rule/whole-game-attack"),
    _p("border_tokens_per_turn", integer(0, 50), "tokens leaving the Mexican Border card in such a turn",
       "rule/whole-game-attack"),
    _p("express", ID, "the battlefield of the 3:15 Express", "rule/whole-game-victory"),
    _p("express_space_survived", integer(1, 20), "the Express's turn space Jack Colty must survive",
       "rule/whole-game-victory"),
    _p("train_winner", choice("jack-colti", "any-bandit"),
       "who must reach the train for Colti to win: Jack Colty surviving its turn space, or any bandit reaching it",
       "rule/whole-game-victory"),
    _p("gang_leader", ID, "Jack Colty's bandit id", "rule/whole-game-victory"),
    _p("mcready_wins_killing", IDS, "bandits whose death wins the game for McReady at once (published: none)",
       "rule/whole-game-victory"),
    _p("prison_in_play", BOOLEAN, "whether the San Manzanillo Prison lies on the route (Module 1)",
       "rule/ambush-module"),
    _p("ambush_cards_total", integer(0, 50), "ambush cards, one of which is returned to the box unseen",
       "rule/ambush-module"),
]}


#: Which engine reads which parameters: the two Revolver engines share one ruleset (one set of
#: documents), the Prison game reads the first group, the whole game all of them (the Prison inside).
PRISON_PARAMETERS = frozenset(list(SPEC)[:list(SPEC).index("starting_hand")])
READ_BY = {"revolver-prison": PRISON_PARAMETERS, "revolver": frozenset(SPEC) - PRISON_PARAMETERS}


@lru_cache(maxsize=4)
def published_ruleset():
    """The published ruleset, from the shipped library."""
    from ..content.published import published_library
    return resolve_ruleset(published_library())


def resolve_ruleset(library, *, scenario: str | None = None, variants=(), overrides=None, map_id: str | None = None):
    """The Revolver ruleset, or :class:`~workbench.core.errors.ContentError` with the problems."""
    rules = playable(library, "revolver", "Revolver", SPEC, scenario=scenario, variants=variants, overrides=overrides,
                     map_id=map_id)
    return rules


CODE = "engine-requirement"


def content_problems(library, rules) -> list:
    """Cards the ruleset names that the library lacks, or that are on the wrong side."""
    out = []

    def at(name, message, path=()):
        origin = rules.origin(name)
        if origin is None or origin.document is None:
            from ..content.problems import Problem
            return Problem(CODE, message, extra={"parameter": name})
        return origin.document.problem(CODE, message, list(origin.path) + list(path), parameter=name)

    cards = {d.id: d.data for d in library.of_kind("card", "revolver")}
    for name, side in (("colti_deck", "colti"), ("mcready_deck", "mcready")):
        for card in rules[name]:
            if card not in cards:
                out.append(at(name, f"the card '{card}' in {side.title()}'s deck is not a card of the library", [card]))
            elif cards[card].get("deck") not in (side, "unknown"):
                out.append(at(name, f"'{card}' belongs to the {cards[card].get('deck')} deck, not {side.title()}'s", [card]))
    for card in list(rules.colti_bonus) + list(rules.bonus_bullet_wounds):
        name = "colti_bonus" if card in rules.colti_bonus else "bonus_bullet_wounds"
        if card not in cards:
            out.append(at(name, f"the card '{card}' is not a card of the library", [card]))
    for card in rules.in_advance_as_lock:
        if card not in cards:
            out.append(at("in_advance_as_lock", f"the card '{card}' is not a card of the library", [card]))
    for card in rules.ambush_effects:
        if card not in cards:
            out.append(at("ambush_effects", f"the ambush card '{card}' is not a card of the library", [card]))
    if rules.prison_location not in cards:
        out.append(at("prison_location", f"the Prison location '{rules.prison_location}' is not a card of the library"))
    return out


def requirements(library) -> list:
    """What besides the parameters would stop the Prison game from playing (for ``validate``)."""
    if not any(d.game == "revolver" for d in library.documents):
        return []
    rules, _ = resolve(library, "revolver", SPEC)
    return content_problems(library, rules) if rules is not None else []


# -- the parameters' values in words (the play log's assumption lines) -------------------------------

#: Every choice of a Revolver parameter in words, as the log shows it (``CHOICES`` lists them all:
#: a test keeps the two together). The words say what the value does, never how it is written.
CHOICE_WORDS: dict[str, dict[str, str]] = {
    "first_player": {"colti": "Colti", "mcready": "McReady"},
    "prison_first": {"colti": "Colti", "mcready": "McReady"},
    "prison_card_type": {t: f"{t} cards only" for t in CARD_TYPES},
    "card_costs": {"ignored": "costs are not paid",
                   "discard-from-hand": "a card's cost is paid by discarding that many other cards from the hand"},
    "cards_on_leaving": {"move-on": "the cards there move on with the marker", "discard": "the cards there are discarded",
                         "unknown": "unknown (the texts do not say)"},
    "deck_runs_out": {"draw-nothing": "an empty deck draws nothing",
                      "reshuffle-discard": "the discard pile is shuffled into a new deck",
                      "loses": "the player who must draw from an empty deck loses",
                      "unknown": "unknown (the texts do not say)"},
    "border_rule": {"no-kill": "a token leaves the card each turn McReady kills no bandit",
                    "colti-greater-no-kill": "a token leaves the card when McReady kills no bandit and Colti's"
                                             " firepower is greater"},
    "train_winner": {"jack-colti": "Jack Colti must survive the Express's turn space",
                     "any-bandit": "any bandit reaching the Express wins"},
    "colti_card_limit": {"none": "no limit"},
    "mcready_card_limit": {"none": "no limit"},
    "gang": {"unknown": "unknown (the texts name 4 of the 16)"},
    "colti_base_deck": {"unknown": "unknown (the 62-card lists are not in the texts)"},
    "mcready_base_deck": {"unknown": "unknown (the 62-card lists are not in the texts)"},
    "battlefield_values": {"unknown": "unknown (designer data)"},
}


def choices(schema) -> set:
    """The written choices (``enum`` and ``const`` values) a parameter's schema allows."""
    found: set = set()
    if isinstance(schema, dict):
        found.update(v for v in schema.get("enum") or () if isinstance(v, str))
        if isinstance(schema.get("const"), str):
            found.add(schema["const"])
        for key in ("anyOf", "oneOf", "allOf"):
            for part in schema.get(key) or ():
                found |= choices(part)
    return found


#: Parameter -> its written choices (what ``CHOICE_WORDS`` must put in words).
CHOICES = {name: choices(p.schema) for name, p in SPEC.items() if choices(p.schema)}


def _outcome(value: str, label) -> str:
    if value in ("santiago-joins", "prisoner-joins"):
        return "the prisoner joins Colti's gang"
    return f"{value[5:]} bandit(s) killed" if value.startswith("kill-") else value


def value_words(name: str, value, label=str) -> str:
    """``value`` of the parameter ``name`` in words: a choice as :data:`CHOICE_WORDS` says, a
    content id by its document's name (``label``), a number as a number, a mapping key by key.

    >>> value_words("deck_runs_out", "reshuffle-discard"), value_words("first_turn_advances", False)
    ('the discard pile is shuffled into a new deck', 'no')
    """
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, str):
        if value in CHOICE_WORDS.get(name, {}):
            return CHOICE_WORDS[name][value]
        if name == "prison_outcomes":
            return _outcome(value, label)
        return label(value)
    if isinstance(value, (list, tuple)):
        return ", ".join(value_words(name, v, label) for v in value) or "none listed"
    if isinstance(value, dict):
        parts = []
        for key, item in value.items():
            if isinstance(item, dict):
                item = ", ".join(f"{k.replace('_', ' ')} {value_words(name, v, label)}" for k, v in item.items())
                parts.append(f"{label(key)}: {item}")
            elif name == "prison_outcomes":
                parts.append(f"{key.replace('_', ' ')}: {_outcome(item, label)}")
            else:
                parts.append(f"{label(key)}: {value_words(name, item, label)}")
        return "; ".join(parts) or "none listed"
    return str(value)


def assumption_lines(rules, label=str, extra=()) -> list[str]:
    """``name = value in words — reason`` for every assumption in force (a log's and a notebook's
    lines), then for each parameter of ``extra`` (a designer's choice the texts leave open)."""
    lines = [f"{name} = {value_words(name, rules[name], label)} \u2014 {reason}" if name in rules else
             f"{name}: {reason}" for name, reason in sorted(rules.assumptions.items())]
    lines += [f"{name} = {value_words(name, rules[name], label)} \u2014 {SPEC[name].about}" for name in extra
              if name in rules and name not in rules.assumptions]
    return lines


def in_force_words(lines) -> list[str]:
    """The badged documents in force (``content.badges.in_force``'s lines) by their names only:
    "house rule in force: variant 'my-rule' (My rule (house rule))" becomes "house rule in force:
    the variant My rule (house rule)"."""
    import re
    out = []
    for line in lines:
        found = re.fullmatch(r"(.*) in force: ([\w ]+) '[^']*' \((.*)\)", line)
        out.append(f"{found[1]} in force: the {found[2]} {found[3]}" if found else line)
    return out
