"""The Revolver (Hunt the Man Down) parameters the engine reads: their types, never their values.

The values live in ``variants/revolver/``: the Prison Phase's numbers in the rule
``san-manzanillo-prison``, the route and the ambush card in ``ambush-module``, bullet wounds in
``new-icons``, the FAQ's rulings in ``faq``; the decks at the Prison, which the texts do not give,
are ``unknown`` there and filled in by the illustrative ``illustrative-prison-decks``.
"""
from __future__ import annotations

from functools import lru_cache

from .ruleset import Parameter, choice, integer, playable, resolve

ID = {"type": "string", "pattern": "^[a-z0-9]+(-[a-z0-9]+)*$"}
OUTCOME = {"type": "string", "pattern": "^(santiago-joins|kill-[0-9]{1,2})$"}
DECK = {"type": "object", "propertyNames": ID, "additionalProperties": integer(0, 200)}
CARD_TYPES = ["action", "character", "firepower", "location", "ambush", "bandit"]


def _p(name, schema, about, home):
    return Parameter(name, schema, about, home)


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
]}


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
