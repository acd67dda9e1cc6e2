"""The Dark Horse parameters the engines read: their types, never their values.

The values live in ``variants/dark-horse/`` (each in the document of the rules that states it);
the ruleset resolved from them is what :mod:`.gunfight`, :mod:`.reputation`, :mod:`.engine` and the
board's placement rules play. A parameter listed here that no engine reads, or one read but not
listed, fails the test suite (``tests/test_rules_as_data.py``).
"""
from __future__ import annotations

from functools import lru_cache

from ..core.limits import limit
from .ruleset import BOOLEAN, Parameter, choice, integer, playable

GOODS = {"type": "object", "additionalProperties": integer(0, 100),
         "propertyNames": {"pattern": "^[a-z][a-z0-9-]*$"}}


#: A price that is never free: a roll the player may repeat "as many times as you wish" (the
#: Carnival die) at no cost would let a game loop for ever.
PRICED_GOODS = {**GOODS, "not": {"additionalProperties": {"const": 0}},
                "x-hint": "a mapping of goods to whole numbers with at least one above 0, e.g. {food: 1, silver: 1}",
                "x-why": "a roll that costs nothing can be repeated for ever, so a game never ends"}


def _p(name, schema, about, home, only_with=None):
    return Parameter(name, schema, about, home, only_with)


#: The sorts of Dark Horse character cards (a character's `role:`): the base game's player
#: characters and the Rebels & Rogues characters (the schemas' `character-roles`).
CHARACTER_ROLES = ("player-character", "rebels-and-rogues")

SPEC: dict[str, Parameter] = {p.name: p for p in [
    # gunfights (Rebels & Rogues: Gunfight Overview; Gunfights)
    _p("gunfight_rounds", integer(1, 10), "rounds a gunfight lasts at most", "rule/gunfight"),
    _p("win_margin", integer(1, 100), "how much higher a roll must be to wound the other side", "rule/gunfight"),
    _p("wound_modifier", integer(-100, 0), "added to a side's gunfight roll per Wound it has", "rule/gunfight"),
    _p("wounds_to_capture", integer(1, 20), "the Wound that captures a character", "rule/gunfight"),
    _p("wounds_to_capture_tough", integer(1, 20), "the Wound that captures a Tough character", "rule/gunfight"),
    _p("weak_kneed_flees_on", integer(1, 7), "a Weak-Kneed character flees on this roll or more (7: never)",
       "rule/gunfight"),
    _p("flee_reputation_loss", integer(0, 20), "Reputation a player loses when their character flees",
       "rule/gunfight"),
    _p("deadly_rerolls", choice("lowest-when-not-winning", "lowest-always", "never"),
       "when a Deadly side re-rolls its lowest die", "rule/gunfight"),
    _p("deadly_decides_first", choice("challenger", "challenged"), "who decides first to re-roll when both are Deadly",
       "rule/gunfight"),
    _p("engineer_gunfight_bonus", integer(0, 100), "added to a gunfight roll by an Engineer token (0: no such use)",
       "rule/gunfight"),
    _p("engineer_use", choice("when-it-turns-the-round", "never"), "when a player spends an Engineer token in a gunfight",
       "rule/gunfight"),
    _p("fighting_tokens", {"type": "array", "items": {"type": "string"}, "uniqueItems": True},
       "tokens that fight as Black Hat characters", "rule/gunfight"),
    # capturing, robbing, challenging
    _p("capture_reward", GOODS, "what the captor receives", "rule/capturing"),
    _p("capture_takes_wanted_token", BOOLEAN, "whether the captor also takes the captured character's Wanted token",
       "rule/capturing"),
    _p("robbery_silver_per_collect", integer(0, 20), "Silver placed on a Robbery space each time it is collected",
       "rule/robbing"),
    _p("robbery_attempts_per_space", integer(1, 20), "Robbery attempts a player may make per action space",
       "rule/robbing"),
    _p("robbery_attempts_reset", choice("round", "never"), "when the Robbery attempts per action space are counted"
       " afresh: each round, or never (once for the whole game)", "rule/robbing"),
    _p("black_hat_can_rob", BOOLEAN, "whether Black Hat characters may rob action spaces", "rule/robbing"),
    _p("robber_takes", choice("silver-on-space", "nothing"), "what a successful robbery takes", "rule/robbing"),
    _p("abilities_per_turn", integer(1, 20), "times a character may use an ability (rob, challenge) each turn",
       "rule/card-timing"),
    # tokens and special dice
    _p("engineer_shares_limited", BOOLEAN, "an Engineer token lets a player place dice on a Limited action space "
       "someone else has claimed", "rule/action-space-types"),
    _p("engineer_token_spent", BOOLEAN, "an Engineer token is spent when used", "rule/action-space-types"),
    _p("inventor_die_turn", integer(0, 5), "how far the Inventor die may be turned, up or down, once a round "
       "(never 1 to 6 or 6 to 1)", "rule/inventor-token"),
    _p("inventor_never_turns_between", {"type": "array", "items": integer(1, 20), "minItems": 2, "maxItems": 2,
                                        "uniqueItems": True},
       "two results the Inventor die is never turned between ('cannot modify a result of 1 to a 6 and vice versa')",
       "rule/inventor-token"),
    _p("inventor_turned_die_alone", BOOLEAN, "a turned Inventor die must be used by itself", "rule/inventor-token"),
    _p("carnival_roll_cost", PRICED_GOODS, "what each roll of the Carnival die costs", "rule/carnival-token"),
    _p("carnival_die_faces", integer(2, 20), "faces of the Carnival die", "rule/carnival-token"),
    _p("carnival_die_moves", BOOLEAN, "rolling the Carnival die again takes it off the space it claimed",
       "rule/carnival-token"),
    _p("boot_token_spent", BOOLEAN, "a Cowboy Boot token is spent when used", "rule/cowboy-boot-token"),
    # Mystery Hexes
    _p("mystery_ability_hats", {"type": "object", "additionalProperties": {"type": "array", "items": choice(
        "white", "black", "any"), "maxItems": 10}, "propertyNames": {"pattern": "^[a-z][a-z0-9-]*$"}},
       "the Reputation each Mystery Hex ability needs, by hex type, one per option (white, black, any)",
       "rule/mobile-hexes"),
    # Improved Town Hexes
    _p("improved_town_tiles", integer(0, 50), "Improved Town hexes in play (0: the variant is not)",
       "rule/improved-town-hexes"),
    _p("improved_town_victory_points", integer(0, 20), "victory points for each Improved Town hex at the end",
       "rule/improved-town-hexes"),
    # Wild Wild West's outlaws
    _p("placement_challenges_per_player", integer(0, 10), "Challenges each player may announce against the outlaws "
       "on the board at the start of each Placement Phase", "rule/outlaws-on-the-board"),
    _p("wanted_token_capture_reward", GOODS, "what capturing a Wanted token on the board gives",
       "rule/outlaws-on-the-board"),
    _p("outlaw_town_capture_reward", GOODS, "what capturing the Outlaw Hideout or Ghost Town gives",
       "rule/outlaws-on-the-board"),
    # reputation
    _p("reputation_per_victory_point", integer(1, 100), "Reputation tokens worth 1 victory point", "rule/reputation"),
    _p("influence_for_reputation", {"type": "object", "required": ["pay_influence", "gain_reputation"],
                                    "additionalProperties": False,
                                    "properties": {"pay_influence": integer(1, 20), "gain_reputation": integer(0, 100)}},
       "what 1 Influence buys", "rule/reputation"),
    _p("reputation_both_types", BOOLEAN, "players keep White and Black Hat tokens without cancelling",
       "rule/reputation"),
    _p("discard_opposite_reward", GOODS, "reward for discarding a character opposite your status",
       "rule/rebels-and-rogues-deck"),
    _p("white_hat_discarding_black_hat_extra", GOODS, "extra reward when a White Hat discards a Black Hat character",
       "rule/rebels-and-rogues-deck"),
    # setup, turn and end (reviews and public pages; assumptions where silent)
    # its maximum is the declared limit of dice a turn (core/limits.py): a value over it is refused
    # with that limit named, so the title a designer reads stays the rule's own words
    _p("dice_rolled", integer(0, limit("dice_a_turn")), "dice each player rolls a round", "rule/setup-from-reviews"),
    _p("starting_goods", GOODS, "what each player starts with", "rule/setup-from-reviews"),
    _p("starting_pieces", {"type": "object", "additionalProperties": integer(0, 20),
                           "propertyNames": {"enum": ["city", "town"]}}, "pieces each player places at setup",
       "game/dark-horse"),
    _p("starting_city_min_gap", integer(0, 50), "non-resource hexes between a starting city and any other city",
       "rule/setup-from-reviews"),
    _p("pieces_per_player", {"type": "object", "required": ["town", "city"],
                             "properties": {"town": integer(0, 100), "city": integer(0, 100)}},
       "towns and cities each player has (building them all ends the game)", "rule/setup-from-reviews"),
    _p("influence_game_end", {"oneOf": [integer(1, 100), {"const": "unknown"}]},
       "the Influence track space of the Game End token", "rule/end-of-game"),
    _p("game_end_timing", choice("end-of-round", "immediately"), "when a met end trigger ends the game", "rule/end-of-game"),
    _p("victory_points_per_influence", {"oneOf": [integer(0, 100), {"const": "unknown"}]},
       "victory points per Influence point at the end", "rule/end-of-game"),
    _p("silver_per_gold", integer(1, 100), "Silver one Gold is worth", "game/dark-horse"),
    _p("die_faces", integer(2, 20), "faces of each die a player rolls (and of the Inventor die)", "game/dark-horse"),
    _p("unknown_claim", choice("any-die", "natural", "at-least", "exactly", "dice-total"),
       "how a space whose claim requirement is unknown is claimed", "rule/action-space-types"),
    _p("unknown_type", choice("limited", "unlimited"), "how a space whose type is unknown is played",
       "rule/action-space-types"),
    _p("turn_order_change_takes_effect", choice("next-round", "immediately"), "when a turn-order effect applies",
       "rule/turn-structure"),
    # the territory (placement rules' numbers)
    _p("territory", {"type": "string", "pattern": "^[a-z0-9][a-z0-9-]*$", "maxLength": 80},
       "the map played on (a map id)", "rule/territory-placement"),
    _p("min_city_distance", integer(1, 50), "hexes between cities under the min-city-distance rule",
       "rule/territory-placement"),
    _p("safe_zone_area_distance", integer(0, 50), "hexes around a Safe Zone that count as its area",
       "rule/territory-placement"),
    _p("rerolls_on_illegal_move", integer(0, 10), "re-rolls after an illegal mobile-hex roll before the hex stays",
       "rule/mobile-hexes"),
    _p("mobile_hex_may_stack", BOOLEAN, "two mystery hexes may share a hex", "rule/mobile-hexes"),
]}


@lru_cache(maxsize=16)
def published_ruleset(scenario: str | None = None):
    """The published game's ruleset (optionally a scenario's), from the shipped library."""
    from ..content.published import published_library
    return resolve_ruleset(published_library(), scenario=scenario)


def resolve_ruleset(library, *, scenario: str | None = None, variants=(), overrides=None, map_id: str | None = None):
    """The Dark Horse ruleset, or :class:`~workbench.core.errors.ContentError` with the problems."""
    rules = playable(library, "dark-horse", "Dark Horse", SPEC, scenario=scenario, variants=variants, overrides=overrides,
                     map_id=map_id)
    return rules


#: Rules the engine does not play because the texts do not give them (a designer's to-do list),
#: by the document that names them: (kind, id, what is missing).
NOT_PLAYED = [
    ("token", "wild-die-token", "its rules are in the base rulebook's 'Wild Die Token' section, which the excerpt "
     "does not reach: players collect Wild Die tokens, the engine never uses them"),
    ("token", "stock-token", "what it does is not in the texts"),
    ("token", "loan-token", "what it does is not in the texts"),
    ("token", "trader-token", "what it does is not in the texts"),
    ("token", "snake-oil-token", "what it does is not in the texts"),
    ("token", "sam-bass-token", "what it does is not in the texts"),
    ("variant", "county-bank", "how the County Bank earns Silver and defends itself (its gunfight icons) is not "
     "given: its space is left out"),
    ("variant", "golden-spike", "rails are not built: the Rails Overview is not in the excerpt, so no rails ever "
     "connect and the Golden Spike tokens never move"),
    ("variant", "whistle-stop-hexes", "Whistle-Stops are claimed 'by rail' and rails are not built (see golden-spike): "
     "left out"),
    ("variant", "county-seat", "named as an optional variant, described in neither text"),
    ("hex_type", "outlaw-hideout", "the option 'Place a Hideout token on a Black Hat character ... This token will "
     "count as an additional icon' does not say which icon: that option is not offered"),
    ("hex_type", "cattle-ranch", "its Silver comes with producing Food, and production (Produce Resources) is unknown"),
    ("hex_type", "silver-mines", "its Silver comes with producing, and production (Produce Resources) is unknown"),
    ("rule", "rebels-and-rogues-deck", "the cards' faces are not modelled (a hand is a count): hiring from hand and "
     "discarding a character opposite your status for 1 Reputation and 1 Silver are not played"),
    ("rule", "hidden-agenda-deck", "the Hidden Agenda cards' goals are not in the texts"),
]


def unknown_amounts(space: dict) -> list[list]:
    """The paths (``["options", i, "cost", good]``) of a space's cost and gain amounts written
    ``unknown``: the texts do not give them, so the space cannot be collected as written.

    >>> unknown_amounts({"options": [{"cost": {"silver": 1}}, {"gain": {"vote": "unknown"}}]})
    [['options', 1, 'gain', 'vote']]
    """
    options = space.get("options")
    return [["options", i, field, good] for i, option in enumerate(options if isinstance(options, list) else ())
            if isinstance(option, dict) for field in ("cost", "gain") if isinstance(option.get(field), dict)
            for good, amount in option[field].items() if not isinstance(amount, int)]


def filled_in(library) -> list[dict]:
    """What a designer's house rule (or illustrative data) fills in where the texts are silent: each
    action space that replaces a published one, its type, claim and options, and each value a
    house-rule scenario or variant sets, listed as the designer's assumption (never the printed
    game's)."""
    from ..content.badges import badge

    rows = []
    for document in library.documents:
        data = document.data
        mark = badge(data)
        if document.game != "dark-horse" or mark is None:
            continue
        if document.kind == "action_space" and isinstance(data.get("replaces"), str) \
                and isinstance(data.get("options"), list) and not unknown_amounts(data):   # else left out: listed below
            claim = data.get("claim") if isinstance(data.get("claim"), dict) else {}
            options = data.get("options") if isinstance(data.get("options"), list) else []
            said = "; ".join(str(o.get("text") or o) for o in options if isinstance(o, dict))
            rows.append({"kind": "designer's assumption", "name": document.id, "value": mark,
                         "where": f"{document.file}:{document.line}",
                         "why": f"{data.get('name', document.id)} ({mark}) fills in '{data['replaces']}' as the designer's"
                                f" assumption: type {data.get('type', 'unknown')}, claim"
                                f" {claim.get('requirement', 'unknown')} {claim.get('value', '')}".rstrip()
                                + f", options: {said or 'none'}",
                         "todo": "replace it with the printed space if you have the rulebook"})
        elif document.kind in ("scenario", "variant") and isinstance(data.get("parameters"), dict):
            for name, value in data["parameters"].items():
                line, _ = document.locate(["parameters", name])
                rows.append({"kind": "designer's assumption", "name": f"{document.kind} {document.id}: {name}", "value": value,
                             "where": f"{document.file}:{line}",
                             "why": f"set by {data.get('name', document.id)} ({mark}): the designer's assumption",
                             "todo": "replace it with the printed value if you have the rulebook"})
    return rows


def unknowns(library) -> list[dict]:
    """Base action spaces the engine leaves out (options unknown) unless a space replaces them,
    the unknown claim requirements and types it plays by assumption, and the rules the texts name
    without giving them (``NOT_PLAYED``)."""
    rows = []
    for kind, name, why in NOT_PLAYED:
        document = library.get("dark-horse", kind, name)
        if document is None:
            continue
        rows.append({"kind": "rule", "name": f"{kind.replace('_', ' ')} {name}", "value": "not played",
                     "where": f"{document.file}:{document.line}", "why": why,
                     "todo": "write what your rulebook says in a document of your own; the engine needs code for it"})
    spaces = library.of_kind("action_space", "dark-horse")
    replaced = {d.data.get("replaces") for d in spaces if isinstance(d.data.get("replaces"), str)}
    rows += filled_in(library)
    for document in spaces:
        data = document.data
        where = f"{document.file}:{document.locate(['options'])[0] if 'options' in data else document.line}"
        missing = unknown_amounts(data)
        if missing and data.get("options") not in (None, "unknown"):
            path = missing[0]
            rows.append({"kind": "action space", "name": document.id, "value": "amount unknown",
                         "where": f"{document.file}:{document.locate(path)[0]}",
                         "why": f"{data.get('name', document.id)}: "
                                + ", ".join(f"option {p[1] + 1}'s {p[2]} of {p[3]}" for p in missing)
                                + " unknown, so nothing can be paid or gained and it is left out of play",
                         "todo": "give the amounts as printed (or a designer's value in a variant's space)"})
        elif data.get("options") in (None, "unknown"):
            rows.append({"kind": "action space", "name": document.id, "value": "options unknown", "where": where,
                         "why": f"{data.get('name', document.id)} cannot be collected, so it is left out of play"
                                + (" (a space in the library replaces it)" if document.id in replaced else ""),
                         "todo": "write it as printed with `replaces: " + document.id + "` and play it in a variant"
                                 " (example: variants/house-rules/my-base-rulebook.yaml)"})
        else:
            claim = (data.get("claim") or {}).get("requirement", "unknown")
            if claim == "unknown" or data.get("type", "unknown") == "unknown":
                rows.append({"kind": "action space", "name": document.id,
                             "value": ", ".join(k for k, v in (("claim", claim), ("type", data.get("type", "unknown")))
                                                if v == "unknown") + " unknown",
                             "where": f"{document.file}:{document.line}",
                             "why": "played by the assumptions unknown_claim / unknown_type",
                             "todo": "give `claim:` and `type:` as printed on the card"})
    return rows

