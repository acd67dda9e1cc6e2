"""Writes schemas/*.schema.json. The JSON files are the source of truth that editors and the
workbench read; this script only keeps their shared parts identical. Run it after editing it:

    python tools/make_schemas.py

What a game adds to the schemas its registry entry says (``sources``: the rules texts its
documents cite; ``schema_parts``: its effect vocabulary and tables, by the part of the schemas they
fill): this script iterates the registry and names no game.
"""
import json
import sys
from importlib import import_module
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "schemas"
D = "https://json-schema.org/draft/2020-12/schema"

ID_PATTERN = "^[a-z0-9]+(-[a-z0-9]+)*$"
UNKNOWN = {"const": "unknown", "description": "The rules texts do not give this value."}


def ref(kinds, description):
    """A reference to another document; `x-ref` tells the cross-reference check what it names."""
    return {"type": "string", "pattern": ID_PATTERN, "x-ref": kinds, "description": description}


def refs(kinds, description):
    return {"type": "array", "items": ref(kinds, description), "uniqueItems": True, "description": description}


def text(description):
    return {"type": "string", "minLength": 1, "description": description}


def texts(description):
    return {"type": "array", "items": {"type": "string", "minLength": 1}, "description": description}


def count(description, minimum=0):
    return {"type": "integer", "minimum": minimum, "description": description}


def count_or_unknown(description, minimum=0):
    return {"oneOf": [{"type": "integer", "minimum": minimum}, UNKNOWN], "description": description}


def obj(properties, required=(), description=None, **more):
    out = {"type": "object", "additionalProperties": False, "properties": properties}
    if required:
        out["required"] = list(required)
    if description:
        out["description"] = description
    out.update(more)
    return out


def _registry():
    """The games' registry (each game's package registers its entry and its vocabulary)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from workbench.games import GAMES

    return GAMES


GAMES = _registry()
#: The games' own document sets (the ``game:`` of their documents), in the order they registered.
CONTENT_GAMES = list(dict.fromkeys(entry.content_game for entry in GAMES.values()))

SOURCE_DOCUMENTS = [
    *dict.fromkeys(source for entry in GAMES.values() for source in entry.sources),
    "secondary-facts", "public-facts", "illustrative", "house-rule",
]

COMMON = {
    "game": {"type": "string", "pattern": ID_PATTERN, "x-ref": ["game"],
             "description": f"The game this belongs to: {', '.join(CONTENT_GAMES)}, or a designer's own game id declared by a `game` document."},
    "id": {"type": "string", "pattern": ID_PATTERN,
           "description": "Lowercase words joined by dashes, unique per game and kind, e.g. `trader-new`."},
    "name": text("The name as printed in the rules."),
    "source": obj({
        "document": {"enum": SOURCE_DOCUMENTS,
                     "description": "Which rules text this comes from (files in shared/rules), `secondary-facts` for review-only facts, `public-facts` for facts from public pages, `illustrative` for example data that is no claim about the published game, or `house-rule` for a designer's own content."},
        "section": text("The section of that text, e.g. 'New Action Spaces: Marshal'."),
        "fact": text("For secondary facts: which fact of secondary-facts.md is used."),
        "confidence": {"enum": ["stated", "inferred", "secondary"],
                       "description": "How sure the fact is: `stated` plainly by the source, `inferred` from two or more statements (say how in `notes`), or `secondary` (known only from reviews and public pages)."},
    }, ["document"], "Where in the rules this content comes from."),
    "notes": {"oneOf": [text("A note."), texts("Notes.")],
              "description": "Notes for designers, including what the rules texts leave unknown."},
    "expansion": text("The product that introduced it, e.g. 'base', 'rebels-and-rogues', 'hunt-the-man-down'."),
}

def _vocabularies():
    """The games' effect vocabularies as their registry entries name them (``effects``; without
    installed plugins: those are added when the schemas are loaded, see
    workbench.rules.effects.extend_schema)."""
    from workbench.rules.effects import builtin, declared

    return {game: builtin(game) for game in declared()}


VOCABULARIES = _vocabularies()
#: What each part of the schemas takes from the game whose entry gives it (``schema_parts``).
PARTS = import_module("workbench.games").schema_parts()


def _table(entry, where):
    if not where:
        return VOCABULARIES[entry.content_game]
    module, _, table = where.partition(":")
    return getattr(import_module(module), table)


def part(name):
    """The table the one game that gives the part ``name`` of the schemas gives, or its effect vocabulary."""
    (given,) = PARTS[name]   # two games giving one vocabulary's place: the schemas cannot say whose
    return _table(*given)


def parts(name):
    """The lists every game that gives the part ``name`` of the schemas gives, together in registry order."""
    return [item for given in PARTS[name] for item in _table(*given)]


def part_game(name):
    """The name of the game that gives the part ``name`` of the schemas."""
    return PARTS[name][0][0].name


ROLE_POWERS, LOCATION_ROLES, ITEM_TIMINGS = part("role-powers"), part("location-roles"), part("item-timings")
#: Every game's declared resources (a cost or gain in another game's resource is a located
#: `foreign-resource` error, checked per document by its `game:`).
GOODS = [good for words in VOCABULARIES.values() for good in words.resources]
GOODS_BAG = {"type": "object", "propertyNames": {"enum": GOODS},
             "additionalProperties": {"oneOf": [{"type": "integer", "minimum": 0}, UNKNOWN]},
             "description": "Goods and amounts, e.g. {silver: 2, vote: 1}. `any-reputation` is reputation of the player's choice."}

#: One entry of an action space's or hex type's option's `effects:`, generated from the vocabulary
#: of the game that gives the `option-effects` (Dark Horse's: workbench/rules/dark_horse_effects.py).
EFFECT = part("option-effects").effect_schema(only_builtin=True)

OPTION = obj({
    "text": text("The option as the rules word it."),
    "cost": {**GOODS_BAG, "description": "What the player pays."},
    "gain": {**GOODS_BAG, "description": "What the player receives."},
    "effects": {"type": "array", "items": EFFECT, "description": "Effects besides paying and gaining."},
}, ["text"])

#: One entry of a location's or item's `effects:`, generated from the vocabulary of the game that
#: gives the `location-effects` (Western Legends': workbench/rules/western_legends_effects.py).
WL_EFFECT = part("location-effects").effect_schema(only_builtin=True)


def _wl_bag(what):
    return {**GOODS_BAG, "description": what + f" ({part_game('location-effects')} goods: "
            + ", ".join(part("location-effects").resources) + ")."}


WL_OPTION = obj({
    "text": text("The action as the rules word it."),
    "cost": _wl_bag("What the player pays"),
    "gain": _wl_bag("What the player receives"),
    "effects": {"type": "array", "items": WL_EFFECT,
                "description": "Effects besides paying and gaining, from the Western Legends vocabulary: one of the"
                               " rulebook's activities (buy-items, play-poker ...) makes the action that activity."},
}, ["text"])

HEX_OPTION = obj({**OPTION["properties"],
                  "exclusive": {"type": "boolean",
                                "description": "Once this option is taken at a hex, its other options can no longer be"
                                               " taken there, and once another is taken, this one cannot (the Ghost"
                                               " Town's hideout option)."}}, ["text"])

CLAIM = obj({
    "requirement": {"enum": ["any-die", "natural", "at-least", "exactly", "dice-total", "unknown"],
                    "description": "How dice claim it: any die, a natural (unmodified) roll, a value of at least `value`, exactly `value`, or dice added together."},
    "value": count("The die value or threshold.", 1),
    "text": text("The claim requirement as the rules word it."),
}, ["requirement"], "The dice needed to claim it.")

GUNFIGHT = obj({
    "combat": count("Combat icons: dice rolled in a gunfight."),
    "duel": count("Duel: added to the gunfight roll."),
    "tough": {"type": "boolean", "description": "Captured on the third wound instead of the second."},
    "deadly": {"type": "boolean", "description": "Once per round, re-roll one die."},
    "wanted": {"type": "boolean", "description": "Receives a Wanted token when hired."},
    "weak_kneed": {"type": "boolean", "description": "Rolls when challenged and when entering a second round; flees on 4+."},
}, description="Gunfight icons (Rebels & Rogues). Omit the whole block when the rules text does not give them.")

PLACEMENT_RULES = {"type": "array", "uniqueItems": True,
                   "items": {"type": "string", "pattern": ID_PATTERN},
                   "description": "Board placement rules this brings into force (ids from the workbench's rule registry, e.g. `town-on-resource`)."}

PARAMETERS = {"type": "object", "description": "Named rule parameters that engines read (limits, counts, tables). Keys are lowercase_with_underscores.",
              "propertyNames": {"pattern": "^[a-z][a-z0-9_]*$"}}

ASSUMPTIONS = {"type": "object", "propertyNames": {"pattern": "^[a-z][a-z0-9_]*$"},
               "additionalProperties": text("Why the value is an assumption: what the rules texts leave unsaid."),
               "description": "Parameters of this document whose values are the workbench's assumptions where the rules texts are silent, each with the reason. Shown at the top of every play log."}

FACTS = {"type": "object", "propertyNames": {"pattern": "^[a-z][a-z0-9_]*$"},
         "description": "Numbers and lists the rules state that no engine plays (yet): kept for designers, never read by an engine. Move one to `parameters` when an engine plays it."}

COUNTED = obj({"name": text("Component name."), "count": count_or_unknown("How many."),
               "notes": COMMON["notes"], "per_player": count("How many each player has.")}, ["name"])

SCHEMAS = {}


def kind(name, description, properties, required=(), **more):
    props = {"kind": {"const": name, "description": "The document kind."}}
    props.update({k: COMMON[k] for k in ("game", "id", "name")})
    props.update(properties)
    for k in ("source", "notes", "expansion"):
        props.setdefault(k, COMMON[k])
    schema = {"$schema": D, "title": name, "description": description, **obj(props, ["kind", "game", "id", "name", *required]), **more}
    SCHEMAS[name] = schema


kind("game", "A game: players, components and the rule parameters its engines read.", {
    "players": obj({"min": count("Fewest players.", 1), "max": count("Most players.", 1), "notes": COMMON["notes"]}, ["min", "max"], "Player count."),
    "age": count("Minimum age."),
    "playing_time": obj({"min": count("Minutes."), "max": count("Minutes."), "per_player": count("Minutes per player."),
                         "text": text("As printed.")}, description="Playing time in minutes."),
    "components": {"type": "array", "items": COUNTED, "description": "Components and counts."},
    "parameters": PARAMETERS,
    "assumptions": ASSUMPTIONS,
    "facts": FACTS,
    "placement_rules": PLACEMENT_RULES,
    "designer": text("Who designed it."),
}, ["source"])

kind("action_space", "A Dark Horse action space (or a designer's own).", {
    "replaces": ref(["action_space"], "The action space this one replaces (same game)."),
    "type": {"enum": ["limited", "reserved", "restricted", "unlimited", "unknown"],
             "description": "Limited: one player claims it; reserved and restricted are kinds of limited; unlimited: any number."},
    "robbery": {"oneOf": [{"type": "boolean"}, UNKNOWN],
                "description": "Has the Robbery icon: collecting places 1 Silver on it, Black Hat characters may rob it. `unknown` where only the card's picture shows it."},
    "claim": CLAIM,
    "options": {"oneOf": [{"type": "array", "items": OPTION, "minItems": 1}, UNKNOWN],
                "description": "The choices a player collecting from it has, or `unknown`."},
    "special_role": ref(["token"], "The special role token a player collecting it takes."),
    "large": {"type": "boolean", "description": "A large action space card."},
    "text": text("The rules text describing it."),
}, ["source"])

kind("card", "A card: Revolver deck cards, Dark Horse action/progress/hidden agenda cards.", {
    "deck": text("The deck it belongs to, e.g. 'colti', 'mcready', 'progress', 'rebels-and-rogues', 'hidden-agenda'."),
    "type": {"enum": ["action", "character", "firepower", "location", "ambush", "bandit", "building-technology", "goal",
                      "poker", "fight", "story", "unknown"],
             "description": "The card type. Revolver's deck-building rules replace a card only by one of the same type."},
    "copies": count_or_unknown("Copies in one box.", 1),
    "effect": text("The effect as printed; `unknown` when the texts do not give it, `none listed` when the card list prints none."),
    "icons": {"type": "array", "uniqueItems": True,
              "items": {"enum": ["scope", "lock", "bullet-wound", "spur", "hand", "star", "gravestone", "robbery", "jail"]},
              "description": "Icons printed on the card."},
    "unique": {"type": "boolean", "description": "A unique card: may not be replaced, one copy per deck (Revolver FAQ Q10)."},
    "origin": {"enum": ["base", "expansion", "promo"], "description": "Where the card comes from, for deck-building source rules."},
    "cost": count_or_unknown("Cost to play."),
    "firepower": count_or_unknown("Firepower value."),
    "survival_rating": count("Survival rating (Revolver bandits)."),
    "effects": {"type": "array", "items": part("card-effects").effect_schema(only_builtin=True),
                "description": "What the card does when played, from the Revolver effect vocabulary"
                               " (workbench/rules/revolver_effects.py): `workbench play revolver` plays it."},
    "defence": count_or_unknown("A Revolver battlefield's defence firepower (the black poker chip at its bottom left), added to Colti's firepower in the attack."),
    "turns": count_or_unknown("How many turns (rounds) are fought at a Revolver battlefield.", 1),
    "position": count("Where a Revolver battlefield lies in the row, counted from 1 at the left.", 1),
}, ["source"])

kind("character", "A character: Dark Horse player characters, Rebels & Rogues characters, bandits.", {
    "role": {"enum": parts("character-roles"),
             "description": "What sort of character card it is."},
    "hat": {"enum": ["white", "black", "neutral", "unknown"], "description": "Reputation side of a Rebels & Rogues character."},
    "gunfight": GUNFIGHT,
    "abilities": texts("Abilities as printed."),
    "start": {"type": "object", "description": "What the character starts with (Start Game box)."},
    "survival_rating": count("Survival rating (Revolver bandits)."),
}, ["source", "role"])

kind("token", "A token or special role.", {
    "count": count_or_unknown("How many in the box."),
    "special_role": {"type": "boolean", "description": "A special role token (Marshal, Inventor, Carnival, Sheriff, Mayor)."},
    "powers": {"type": "array", "uniqueItems": True, "minItems": 1, "items": {"enum": list(ROLE_POWERS)},
               "description": "What holding this special role lets a player do, as the engine plays it: "
                              + "; ".join(f"`{k}`: {v}" for k, v in ROLE_POWERS.items()) + "."},
    "limited": {"type": "boolean", "description": "A Limited token."},
    "gunfight": GUNFIGHT,
    "text": text("What it does, as the rules word it."),
    "capture_reward": GOODS_BAG,
}, ["source"])

kind("hex_type", "A type of hex on the territory map (Dark Horse), including mystery and whistle-stop hexes.", {
    "category": {"enum": ["resource", "safe-zone", "rugged-resource", "non-resource", "mystery", "whistle-stop", "improved-town"],
                 "description": "Which family of hex it is."},
    "allows": {"type": "array", "items": {"enum": ["town", "city"]}, "uniqueItems": True,
               "description": "Pieces that may be built on it."},
    "any_number_of_towns": {"type": "boolean", "description": "Any number of players with access may build a Town here."},
    "mobile": {"type": "boolean", "description": "A mobile mystery hex that moves by die roll after collecting (the rules text's '(Mobile Hex)')."},
    "takes_back": refs(["token"], "For a mobile hex: tokens it picks up from the hex it moves onto (the Native American takes back Tribe tokens)."),
    "placement_rules": {**PLACEMENT_RULES, "description": "Board placement rules in force wherever a hex of this type lies on the map (the Mobile Hexes' block rule)."},
    "tokens": obj({"name": text("Token placed on it when revealed."), "count": count("How many.")},
                  description="Tokens placed on it when it is first used."),
    "claim": CLAIM,
    "options": {"oneOf": [{"type": "array", "items": HEX_OPTION}, UNKNOWN], "description": "What a player using it may do."},
    "used": {"enum": ["on-placement", "start-of-collection"],
             "description": "When a die placed on it takes its option: at once ('Placing a die immediately removes one"
                            " token ... then perform one action'), or at the start of the Collection Phase (the default)."},
    "outlaw": ref(["token"], "The fighting token it is on the board when a scenario's `fighting_tokens` names that token"
                             " (Wild Wild West: the Outlaw Hideout and Ghost Town are outlaws)."),
    "rules": texts("Its rules as written."),
    "reputation": texts("Which abilities tie to which reputation."),
    "assumptions": {**ASSUMPTIONS, "description": "The workbench's readings of this hex type's own values where the"
                    " rules texts are silent (the type of an untyped Reputation, the hexes an option leaves out),"
                    " each named and with the reason; listed by `workbench unknowns`."},
}, ["source", "category"])

kind("variant", "A variant or card deck a scenario can add.", {
    "rules": texts("The variant's rules as written."),
    "examples": texts("The rules text's own worked examples."),
    "components": {"type": "array", "items": COUNTED, "description": "Components the variant brings."},
    "hex_types": refs(["hex_type"], "Hex types this variant brings."),
    "action_spaces": refs(["action_space"], "Action spaces this variant brings."),
    "placement_rules": PLACEMENT_RULES,
    "parameters": PARAMETERS,
    "assumptions": ASSUMPTIONS,
    "facts": FACTS,
}, ["source"])

kind("scenario", "A scenario: which action spaces, variants and decks are used together.", {
    "players": obj({"min": count("Fewest players.", 1), "max": count("Most players.", 1), "notes": COMMON["notes"]}, ["min", "max"], "Player count."),
    "playing_time": obj({"base": count("Minutes."), "per_player": count("Minutes per player."), "text": text("As printed.")}, description="Playing time in minutes."),
    "action_spaces": refs(["action_space"], "Action spaces added; each replaces the space it names."),
    "variants": refs(["variant"], "Variants added."),
    "decks": refs(["deck"], "Card decks added."),
    "optional_variants": refs(["action_space", "variant", "deck"], "Recommended optional action spaces, variants and decks."),
    "excluded_characters": refs(["character"], "Player characters not available."),
    "hidden_agenda_removed_symbols": {"oneOf": [texts("Symbols."), UNKNOWN],
                                      "description": "Hidden Agenda cards with these symbols are removed (the symbols are pictures the text does not give)."},
    "setup": texts("Special setup."),
    "special_rules": texts("Special rules."),
    "end_game": texts("End-game changes."),
    "placement_rules": PLACEMENT_RULES,
    "parameters": PARAMETERS,
    "assumptions": ASSUMPTIONS,
    "facts": FACTS,
    "text": text("The scenario's introduction."),
}, ["source"])

HEX_OR_CELL = {"type": "array", "items": {"type": "integer"}, "minItems": 2, "maxItems": 2,
               "description": "[q, r] on a hex map (axial, flat-topped) or [x, y] on a grid."}
kind("map", "A map: hexes (Dark Horse) or grid spaces (Western Legends), with pieces and rails.", {
    "geometry": {"enum": ["hex", "grid"], "description": "Hexes in axial [q, r], or grid spaces [x, y] with diagonal moves."},
    "directions": {"type": "object", "propertyNames": {"enum": ["1", "2", "3", "4", "5", "6"]},
                   "additionalProperties": HEX_OR_CELL,
                   "description": "Direction numbering for mobile hexes; default 1 = [0,-1] north, clockwise."},
    "shape": obj({"shape": {"enum": ["hexagon", "rectangle"], "description": "Generated shape."}, "radius": count("Hexagon radius."),
                  "width": count("Columns.", 1), "height": count("Rows.", 1),
                  "terrain": text("Terrain of generated spaces."),
                  "origin": {**HEX_OR_CELL, "description": "Centre (hexagon) or corner (rectangle)."}}, ["shape"], "Generate spaces instead of listing them."),
    "spaces": {"type": "array", "items": obj({
        "at": HEX_OR_CELL, "terrain": text("Hex type id or terrain name."),
        "resource": {"enum": ["food", "wood", "ore", "unknown"], "description": "The resource a resource hex produces."}, "region": text("Region or town name."),
        "name": text("A location's name."), "blocked": {"type": "boolean", "description": "Cannot be entered."},
        "tokens": {"type": "array", "items": text("Token id."), "description": "Tokens lying on the space."},
        "location": text("Location id (Western Legends)."), "in_town": text("Town the space belongs to."),
        "start_area": text("Start position name."),
        "mystery_spot": {"type": "boolean", "description": "A spot where a mystery hex may be laid."},
    }, ["at"]), "description": "Hexes or grid spaces, listed one by one (added to generated ones)."},
    "pieces": {"type": "array", "items": obj({
        "piece": {"enum": ["town", "city", "improved-town", "mystery-hex", "tribe-token", "wanted-token",
                           "hideout-token", "bandit", "sheriff", "player"], "description": "What is placed."},
        "player": text("Owner."), "at": HEX_OR_CELL, "hex_type": text("For mystery hexes: its hex type id."),
        "resource": {"enum": ["food", "wood", "ore"], "description": "For improved towns: the resource of the tile."},
        "face_up": {"type": "boolean", "description": "For mystery hexes: revealed (default true)."},
        "first": {"type": "boolean", "description": "For cities: the player's first (starting) city."}},
        ["piece", "at"]), "description": "Pieces on the map."},
    "rails": {"type": "array", "items": obj({"player": text("Owner."), "from": HEX_OR_CELL, "to": HEX_OR_CELL},
                                            ["player", "from", "to"]), "description": "Rails, each between two adjacent hexes."},
    "rules": PLACEMENT_RULES,
    "players": {"type": "array", "items": text("Player name."), "description": "Players (seats) on this map, in turn order."},
    "parameters": PARAMETERS,
    "assumptions": ASSUMPTIONS,
    "facts": FACTS,
}, ["source", "geometry"])

kind("deck", "A card deck: a published deck (possibly only its size) or a designer's custom deck.", {
    "faction": text("For Revolver: colti or mcready."),
    "base": ref(["deck"], "The deck this one is built from."),
    "rules": ref(["deck_rules"], "The deck-building rules it must follow."),
    "size": count_or_unknown("Number of cards."),
    "cards": {"type": "array", "items": obj({"card": ref(["card"], "Card id."), "count": count("Copies.", 1)}, ["card", "count"]),
              "description": "The full card list."},
    "swaps": {"type": "array", "items": obj({"out": ref(["card"], "Card taken out."), "in": ref(["card"], "Card put in.")}, ["out", "in"]),
              "description": "Replacements against the base deck."},
    "text": text("How the deck is used."),
}, ["source"])

kind("deck_rules", "Deck-building rules as parameters.", {
    "deck_size": count("Exact number of cards in a deck.", 1),
    "base_decks": {"type": "object", "additionalProperties": ref(["deck"], "Base deck id."),
                   "description": "Faction → the base deck a custom deck starts from."},
    "replacements_only": {"type": "boolean", "description": "Cards come in only as replacements of base cards."},
    "same_type": {"type": "boolean", "description": "A replacement must be of the same card type."},
    "ignored_when_replacing": texts("Card attributes not taken into account when replacing."),
    "unique_not_replaceable": {"type": "boolean", "description": "Unique cards may not be replaced."},
    "unique_max_copies": count("Most copies of a unique name in one deck.", 1),
    "allowed_origins": {"type": "array", "items": {"enum": ["base", "expansion", "promo"]}, "uniqueItems": True,
                        "description": "Where replacement cards may come from."},
    "rules": texts("The rules as written."),
}, ["source"])

kind("location", "A Western Legends location and its actions.", {
    "town": text("The town it lies in, if any."),
    "actions": {"type": "array", "items": WL_OPTION,
                "description": "The location actions: each one of the player's actions on a space of the location"
                               " (an activity effect, or a plain cost and gain)."},
    "roles": {"type": "array", "uniqueItems": True, "items": {"enum": list(LOCATION_ROLES)},
              "description": "What its spaces are for besides actions: " + "; ".join(f"`{k}`: {v}" for k, v in LOCATION_ROLES.items()) + "."},
    "rules": texts("Its rules as written."),
    "parameters": PARAMETERS,
    "assumptions": ASSUMPTIONS,
    "facts": FACTS,
}, ["source"])

kind("item", "A Western Legends item card.", {
    "type": {"enum": ["mount", "weapon", "misc", "unknown"], "description": "Mount, weapon or misc. item; `unknown` where the texts do not say."},
    "cost": count_or_unknown("Price at the general store."),
    "upgradable": {"type": "boolean", "description": "Can be upgraded by paying its cost a second time."},
    "movement": count("Mount movement value."),
    "fight_reduction": count("Weapon: how much it reduces the opponent's card value in a fight between players (never below the rule's minimum)."),
    "upgrade_lp": count_or_unknown("LP for the upgraded item at the end."),
    "effect": text("What it does."),
    "abilities": {"type": "array", "description": "What the item does, as the engine plays it (misc. items: 'These provide a"
                                                 " variety of effects').",
                  "items": obj({**WL_OPTION["properties"],
                                "when": {"enum": list(ITEM_TIMINGS),
                                         "description": "When it is played: " + "; ".join(f"`{k}`: {v}" for k, v in ITEM_TIMINGS.items()) + "."}},
                               ["text", "when"])},
}, ["source", "type"])

kind("rule", "A rule of a game as text plus the parameters engines read.", {
    "topic": text("What the rule is about, e.g. 'reputation', 'gunfight'."),
    "rules": texts("The rule as written, one statement a line."),
    "examples": texts("The rules text's own worked examples."),
    "parameters": PARAMETERS,
    "assumptions": ASSUMPTIONS,
    "facts": FACTS,
}, ["source", "rules"])

#: For files that mix kinds: picks the kind's schema by the document's `kind`. Editors use it via
#: the modeline; the workbench itself validates each document against its kind's schema.
ANY_DOCUMENT = {
    "$schema": D, "title": "any workbench document",
    "description": "Any Frontier Workbench document; the `kind` field selects its schema.",
    "type": "object", "required": ["kind"],
    "properties": {"kind": {"enum": sorted(SCHEMAS), "description": "The document kind."}},
    "allOf": [{"if": {"properties": {"kind": {"const": name}}, "required": ["kind"]},
               "then": {"$ref": f"{name}.schema.json"}} for name in sorted(SCHEMAS)],
}
ANY_DOCUMENT_FILE = "document.schema.json"

if __name__ == "__main__":
    OUT.mkdir(exist_ok=True)
    for name, schema in SCHEMAS.items():
        (OUT / f"{name}.schema.json").write_text(json.dumps(schema, indent=2) + "\n")
    (OUT / ANY_DOCUMENT_FILE).write_text(json.dumps(ANY_DOCUMENT, indent=2) + "\n")
    print(f"wrote {len(SCHEMAS)} kind schemas and {ANY_DOCUMENT_FILE} to {OUT}")
