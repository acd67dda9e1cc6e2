"""The Dark Horse effect vocabulary (with Rebels & Rogues): its resources and every effect an action
space's or a hex type's option may carry, each with the rule text it comes from and whether the
engine plays it. The framework is :mod:`workbench.rules.effects`; the engine's handlers are in
:mod:`workbench.games.dark_horse.effects`.
"""
from __future__ import annotations

from .effects import Vocabulary

BASE = "dark-horse-base-excerpt"
RR = "dark-horse-rebels-and-rogues"

#: What a Dark Horse cost or gain may name (the published components and their tokens).
RESOURCES = {
    "food": "a Food resource", "wood": "a Wood resource", "ore": "an Ore resource",
    "gold": "Gold (converts to Silver at any time)", "silver": "Silver", "resource": "a resource of the player's choice",
    "vote": "a Vote", "influence": "Influence on the Influence track", "victory-points": "Victory Points, scored at the end",
    "white-hat": "White Hat Reputation", "black-hat": "Black Hat Reputation",
    "any-reputation": "Reputation of the player's choice", "wild-die-token": "a Wild Die token",
    "engineer-token": "an Engineer token", "stock-token": "a Stock token", "loan-token": "a Loan token",
    "trader-token": "a Trader token", "cowboy-boot-token": "a Cowboy Boot token", "hideout-token": "a Hideout token",
    "tribe-token": "a Tribe token", "wanted-token": "a Wanted token", "bonus-die": "a bonus die next round",
    "rail": "a rail", "card": "a card",
}

PIECES = ["town", "city", "rail", "improved-town"]

#: What a special role token lets its holder do (a token's ``powers:``), each from its rule text. A
#: designer's own role token with one of these plays it; a special role token with none is a
#: ``not-played`` warning (the base game's Sheriff and Mayor: their powers are not in the excerpt).
ROLE_POWERS = {
    "challenge-wanted": f"{RR}: Marshal ('acts like a character whose only ability is to Challenge, and it can"
                        " Challenge any character with a Wanted token'), with the token's own `gunfight:` icons",
    "inventor-die": f"{RR}: Inventor ('swaps one of his/her dice for the grey colored Inventor die ... may turn it one"
                    " lower or higher')",
    "carnival-die": f"{RR}: Carnival ('pay 1 Food and 1 Silver to claim and roll the white four-sided Carnival Die')",
}


def _ref(kind: str, description: str) -> dict:
    return {"type": "string", "pattern": "^[a-z0-9]+(-[a-z0-9]+)*$", "x-ref": [kind], "description": description}


def declare() -> Vocabulary:
    """A fresh Dark Horse vocabulary (the plugins are added by :func:`workbench.rules.effects.vocabulary`)."""
    v = Vocabulary("dark-horse", RESOURCES)
    v.declare("move-first-in-turn-order", "the player moves to the first place of the turn order", f"{RR}: Marshal, Stagecoach")
    v.declare("move-last-in-turn-order", "the player moves to the last place of the turn order", f"{RR}: Saloon")
    v.declare("jail-die-next-turn", "one of the player's dice is in Jail next round", f"{RR}: Campaign, Saloon")
    v.declare("bonus-die-next-turn", "the player rolls one more die next round", f"{RR}: Player Characters ('a bonus Die next turn')")
    v.declare("take-special-role", "the player takes a special role token from whoever holds it",
              f"{RR}: Marshal, Carnival, Inventor",
              {"role": _ref("token", "For take-special-role: the special role token taken.")}, required=("role",))
    v.declare("draw-cards", "the player draws cards and keeps some (their faces are not modelled)",
              f"{RR}: Stagecoach; {BASE}: Pioneer",
              {"deck": _ref("deck", "For draw-cards: the deck drawn from."),
               "draw": {"type": "integer", "minimum": 1, "description": "For draw-cards: cards drawn."},
               "keep": {"type": "integer", "minimum": 0, "description": "For draw-cards: cards kept."}})
    v.declare("build", "the player builds a piece: on a hex they choose among the legal ones, or on this hex",
              f"{BASE}: Builder; {RR}: Mystery Hexes: Ghost Town",
              {"piece": {"enum": PIECES, "description": "For build: the piece built."},
               "on": {"enum": ["chosen-hex", "this-hex"],
                      "description": "For build: a hex the player chooses among the legal ones (default), or the hex"
                                     " whose option this is (the Ghost Town's 'Place one of your unused Town tokens on"
                                     " this hex')."}})
    # -- Mystery Hexes ------------------------------------------------------------------------
    v.declare("remove-hex", "the hex whose option this is is removed from the game",
              f"{RR}: Mystery Hexes: Ghost Town ('Remove the Ghost Town hex from the game')", kinds=("hex_type",))
    v.declare("become-hex-type", "the hex whose option this is becomes another hex type, with tokens on it",
              f"{RR}: Mystery Hexes: Ghost Town ('Place 2 Hideout tokens on the Ghost Town hex: it is now an Outlaw"
              " Hideout for all game purposes')",
              {"hex_type": _ref("hex_type", "For become-hex-type: the hex type it becomes."),
               "tokens": {"type": "integer", "minimum": 0, "description": "For become-hex-type: the tokens placed on it."}},
              kinds=("hex_type",), required=("hex_type",))
    v.declare("place-token", "the player places a token on a hex they choose: one of the given categories, with none"
              " of the given pieces on it",
              f"{RR}: Mystery Hexes: Native American ('Place a Tribe token on any Revealed or Un-revealed Resource Hex"
              " that does not have a Town on it')",
              {"token": _ref("token", "For place-token: the token placed."),
               "categories": {"type": "array", "items": {"enum": ["resource", "safe-zone", "rugged-resource", "non-resource",
                                                                  "mystery", "whistle-stop", "improved-town"]},
                              "minItems": 1, "uniqueItems": True,
                              "description": "For place-token: the hex categories it may go on."},
               "not_with": {"type": "array", "items": {"type": "string", "minLength": 1}, "uniqueItems": True,
                            "description": "For place-token: pieces or tokens none of which may be on that hex."}},
              kinds=("hex_type",), required=("token",))
    v.declare("hideout-token-on-character", "a Hideout token on a Black Hat character with 1 or 2 icons: an additional icon",
              f"{RR}: Mystery Hexes: Outlaw Hideout", played=False,
              reason="the text says 'an additional icon' without saying which (Combat, Duel ...), so the engine cannot"
                     " add it to a gunfight")
    v.declare("look-at-cards", "the player looks at an opponent's cards", f"{RR}: Mystery Hexes: Native American",
              played=False, reason="cards in hand and Hidden Agendas are not modelled (only how many are drawn), so"
                                   " looking at them changes nothing the engine plays")
    # -- named by the published cards, not played ----------------------------------------------
    v.declare("trade", "the player trades goods at the space's rates", f"{BASE}: Trader; {RR}: Trader (New)", played=False,
              reason="the trade rates are not given in the rules texts")
    v.declare("place-silver-for-robbery", "Silver is placed on a Robbery space", f"{RR}: Robbery", played=False,
              reason="the engine places Robbery Silver only when a Robbery space is collected"
                     " (robbery_silver_per_collect); an effect that places it elsewhere has no rule for where")
    v.declare("produce-resources", "the player's towns and cities produce resources", f"{BASE}: Produce Resources",
              played=False, reason="production (which hexes produce what, Additional Effort) is not in the excerpt the"
                                   " engine plays from")
    v.declare("claim-special-role-token", "the player claims a special role token", f"{RR}: Special Role Tokens",
              played=False, reason="which token is claimed is not said; write take-special-role with its role")
    v.declare("unknown", "what happens is not given", "the rules texts do not give it", played=False,
              reason="the rules texts do not give the effect")
    v.checks.append(check)
    return v


#: Why ``build`` with ``on: this-hex`` is not played on an action space (the engine logs it as a
#: no-op there: it never falls back to a hex of the player's choosing).
THIS_HEX_ON_A_SPACE = "an action space is no hex, so there is no 'this hex' to build on"


def check(document, words):
    """``build`` ``on: this-hex`` written on an action space, and a special role token without a
    power the engine plays: located ``not-played`` warnings."""
    if document.kind == "token" and document.data.get("special_role") is True and not document.data.get("powers"):
        yield ("not-played", "warning", ["special_role"],
               f"{document.data.get('name') or document.id}: the special role's power is not played: it lists "
               f"none of the powers the engine plays ({', '.join(ROLE_POWERS)}); holding it changes nothing in play",
               "list under powers: the ones it has, if it does what one of them does, or add the effect with a plugin")
    if document.kind != "action_space":
        return
    label = document.data.get("name") or document.id
    for i, option in enumerate(document.data.get("options") or []):
        for j, spec in enumerate(option.get("effects") or [] if isinstance(option, dict) else []):
            if isinstance(spec, dict) and spec.get("effect") == "build" and spec.get("on") == "this-hex":
                yield ("not-played", "warning", ["options", i, "effects", j, "on"],
                       f"{label}: 'build on: this-hex' is not played: {THIS_HEX_ON_A_SPACE}; a game that reaches it"
                       " logs a no-op (it builds nothing)", "write `on: chosen-hex` (a hex the player chooses)")
