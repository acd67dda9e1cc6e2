"""The Western Legends effect vocabulary: its resources (what a location action's or an item
ability's cost or gain may name) and the effects a location action or an item ability may carry,
each with the rule text it comes from and whether the engine plays it. The framework is
:mod:`workbench.rules.effects`; the engine plays them in :mod:`workbench.games.western_legends.engine`.

A location action is one of the player's actions taken on a space of that location ("To take a
location action, you must be in the space of the location"). It is either

* an *activity* of the rulebook (one effect of :data:`ACTIVITIES`: buying at the general store,
  poker, prospecting ...), played with the ruleset's parameters for it (``heal_cost``,
  ``revel_options`` ...), or
* a *plain* action: its ``cost`` is paid and its ``gain`` received (a designer's church with
  ``gain: {marshal-point: 1}``), with the vocabulary's other played effects.

``deliver-cattle`` costs no action: a player on a space of the location *may* deliver their cattle
("You may deliver your cattle token ... This does not cost an action"), a free action of their turn. A location's ``roles`` say what the setup and the arrests use it for.
"""
from __future__ import annotations

from .effects import Vocabulary

WL = "western-legends"

RESOURCES = {
    "money": "dollars", "legend-points": "Legend Points (LP)", "marshal-point": "a step on the Marshal track",
    "wanted-point": "a step on the Wanted track", "gold-nugget": "a gold nugget", "poker-card": "a poker card",
    "wound": "a wound", "fight-card": "a fight card", "cattle-token": "a cattle token",
}

#: What the engine can pay and what it can give, of :data:`RESOURCES` (anything else in a cost or a
#: gain is a ``not-played`` warning at its line). Paying marshal or wanted points, wounds, fight
#: cards or cattle tokens has no rule in the text (the tracks only move up; wounds are healed by the
#: doctor); gaining a fight card or a cattle token (other than at a ranch) neither.
PAYABLE = {"money": "p.money", "legend-points": "p.lp", "gold-nugget": "p.nuggets", "poker-card": "cards in hand"}
GAINABLE = {"money", "legend-points", "gold-nugget", "poker-card", "wound", "marshal-point", "wanted-point"}
NOT_PAYABLE = "the rules texts give no way to pay it (tracks only move up, wounds are healed at the doctor's)"
NOT_GAINABLE = "the rules texts give no way to gain it outside its own action (fight cards are drawn in fights, " \
               "cattle tokens taken at a ranch)"

#: The rulebook's location activities: each is one action of its own, played with its rule's
#: parameters. ``take-cattle`` also gives the location's spaces their cattle tokens.
ACTIVITIES = ("buy-items", "play-poker", "prospect", "deposit-nuggets", "heist", "heal", "revel", "take-cattle")

#: What a location's spaces are for, besides its actions (``roles:``): the sheriff's office is
#: ``roles: [sheriff]``, the bandit hideouts ``roles: [bandit-spawn]`` (their spaces in map order
#: are the hideouts a story card's ``spawn`` counts from 0).
ROLES = {"sheriff": "the sheriff starts here, and arrested players are placed here with the sheriff"
                            f" ({WL}: Setup; Arrest)",
         "bandit-spawn": f"bandits start here (one on each hideout without a player) and spawn here ({WL}: Setup;"
                           " Bandits)"}

#: The conditions an effect's ``offered_when`` may name (the engine evaluates each when it lists a
#: player's actions), with what each means and the text it comes from.
CONDITIONS = {
    "a-player-is-wanted": f"at least one player has wanted points ({WL}: The Sheriff, 'as long as there is at least"
                          " 1 wanted player')",
}

#: The poker cards' ACTIONs the text names ("Use A Card Action": a card with the word ACTION is used
#: as an action and discarded), each with what it does, where the text says so, and when it is
#: offered (conditions of :data:`CONDITIONS`, all of which must hold; none: always).
POKER_CARD_ACTIONS = (
    ("living-legend", "the player gains living_legend_points points on their track: wanted points when wanted,"
                      " marshal points otherwise", f"{WL}: Marshal/Wanted Points ('Use the action on the \"Living"
                      " Legend\" poker card: 1 point')", ()),
    ("manhunt", "the sheriff moves manhunt_sheriff_moves spaces; offered only while a player is wanted",
     f"{WL}: The Sheriff ('The sheriff can also be moved via the Manhunt poker card (again, as long as there is at"
     " least 1 wanted player)')", ("a-player-is-wanted",)),
)

#: A story card's reward (rule `story_cards`: "Story card rewards: as stated on the card") is a gain
#: as a plain action's is: any resource may be written, and one the engine cannot give is a
#: ``not-played`` warning at its line (:func:`check`) and a no-op the game logs.
STORY_REWARD = "story card rewards ('Resolve the reward for all players that contributed')"

#: When an item's ability is played (``when:``): on buying it, or as an action of its owner.
ITEM_TIMINGS = {"bought": "once, when the item is bought", "action": "as one of its owner's actions, at any space",
                "fight": "during a fight", "unknown": "the texts do not say"}
NOT_PLAYED_TIMINGS = {"fight": "items' fight effects are not modelled (only a weapon's fight_reduction)",
                      "unknown": "the rules texts do not say when it is played"}


def _parameter(description: str) -> dict:
    return {"type": "string", "pattern": "^[a-z][a-z0-9_]*$", "description": description}


def declare() -> Vocabulary:
    """A fresh Western Legends vocabulary (the plugins are added by :func:`workbench.rules.effects.vocabulary`)."""
    v = Vocabulary(WL, RESOURCES)
    v.conditions = dict(CONDITIONS)
    on = ("location",)
    v.declare("buy-items", "buy or upgrade the library's items with cost (max_copies_per_item, max_misc_items)",
              f"{WL}: General Store", kinds=on)
    v.declare("play-poker", "play poker against the players in the same town, or the dealer (the saloon-poker rule)",
              f"{WL}: Play Poker (Saloon)", kinds=on)
    v.declare("prospect", "roll the prospecting dice and gain their symbols' rewards (prospecting_dice, symbol_rewards)",
              f"{WL}: Prospect for Gold (Mine)", kinds=on)
    v.declare("deposit-nuggets", "sell every gold nugget at nugget_price", f"{WL}: Deposit Nuggets (Bank)", kinds=on)
    v.declare("heist", "fight the bank guard (heist_fight_cards_drawn, heist_win, heist_loss)", f"{WL}: Heist (Bank)",
              kinds=on)
    v.declare("heal", "pay heal_cost to lose every wound and draw heal_cards_per_wound poker cards per wound lost",
              f"{WL}: Heal (Doctor's Office)", kinds=on)
    v.declare("revel", "pay one of revel_options' costs for its LP", f"{WL}: Revel (Cabaret)", kinds=on)
    v.declare("take-cattle", "take cattle_tokens_taken face-down cattle tokens from this space (at most"
              " max_cattle_tokens); the location's spaces each hold one of each cattle token at the start",
              f"{WL}: Acquire and Deliver Cattle (Ranch)", kinds=on)
    v.declare("deliver-cattle", "a free action (it costs none): a player on a space of this location may deliver every"
              " cattle token not taken on this space, for the reward the named parameter holds and the token's own",
              f"{WL}: Acquire and Deliver Cattle (Rail Station; Ranch of opposing color)",
              {"reward": _parameter("For deliver-cattle: the ruleset parameter holding the delivery's reward (a goods"
                                    " bag), e.g. `wrangle_reward`.")}, kinds=on)
    v.declare("lose-wounds", "the player loses all wounds", f"{WL}: Wounds ('Purchase the whiskey item'; 'the action"
              " ability on the provisions item')", kinds=("location", "item"))
    v.declare("move-sheriff", "the sheriff moves toward the most wanted player", f"{WL}: Manhunt",
              {"steps": {"type": "integer", "minimum": 1, "description": "For move-sheriff: spaces the sheriff moves."}},
              kinds=("location", "item"))
    # the ACTIONs of poker cards (rule `card_actions` says which card has which): played by the engine's
    # handlers, so `card_actions` may name only these (the ruleset's schema reads them from here); a
    # designer's location action or item ability may carry them too
    for name, about, source, offered_when in POKER_CARD_ACTIONS:
        v.declare(name, about, source, kinds=("poker-card", "location", "item"), offered_when=offered_when)
    v.declare("unknown", "what happens is not given", "the rules texts do not give it", played=False,
              reason="the rules texts do not give the effect", kinds=("location", "item"))
    v.payable, v.gainable = set(PAYABLE), set(GAINABLE)
    v.unpayable_reason, v.ungainable_reason = NOT_PAYABLE, NOT_GAINABLE
    v.checks.append(check)
    return v


_HINT = "write it as the docs' 'Western Legends locations, items and maps as effects' says, or add the effect with a plugin"


def check(document, words):
    """What of a Western Legends location's actions or an item's abilities the engine does not
    play, beyond unknown effects and goods, and of the story cards' rewards a document's
    ``parameters:`` set: ``(code, severity, path, message, hint)``."""
    if document.game != WL:
        return
    parameters = document.data.get("parameters")
    if isinstance(parameters, dict):
        yield from _story_rewards(parameters.get("story_cards"), words)
    if document.kind not in ("location", "item"):
        return
    label = document.data.get("name") or document.id
    if document.kind == "item":
        abilities = document.data.get("abilities")
        if document.data.get("type") == "misc" and document.data.get("effect") and not abilities:
            yield ("not-played", "warning", ["effect"],
                   f"{label}: the item's effect is text only, so the engine does not play it (the item counts toward"
                   " the misc. items and does nothing else)", "write what it does as `abilities:` (when, cost, gain,"
                   " effects)")
    key = "actions" if document.kind == "location" else "abilities"
    for i, option in enumerate(document.data.get(key) or []):
        if not isinstance(option, dict):
            continue
        where = [key, i]
        when = option.get("when")
        if document.kind == "item" and when in NOT_PLAYED_TIMINGS:
            yield ("not-played", "warning", where + ["when"],
                   f"{label}: an ability played '{when}' is not played: {NOT_PLAYED_TIMINGS[when]}", _HINT)
            continue
        effects = [e for e in option.get("effects") or [] if isinstance(e, dict)]
        names = [e.get("effect") for e in effects]
        special = [j for j, n in enumerate(names) if n in ACTIVITIES or n == "deliver-cattle"]
        if special:
            first = names[special[0]]
            for j in special[1:]:
                yield ("not-played", "warning", where + ["effects", j, "effect"],
                       f"{label}: '{names[j]}' is not played: an action is one activity, and this one is '{first}'",
                       "write it as an action of its own")
            for j, n in enumerate(names):
                if j not in special and words.played(n):
                    yield ("not-played", "warning", where + ["effects", j, "effect"],
                           f"{label}: '{n}' is not played beside the activity '{first}' (the activity plays as its"
                           " rule says)", "write it as an action of its own")
            for part in ("cost", "gain"):
                if option.get(part):
                    yield ("not-played", "warning", where + [part],
                           f"{label}: the {part} beside the activity '{first}' is not played: the activity pays and"
                           " gives what its rule's parameters say", "change the rule's parameters, or write a plain"
                           " action of its own")
            continue
        played = any(good in words.gainable for good in option.get("gain") or {}) or \
            any(good in words.payable for good in option.get("cost") or {}) or any(words.played(n) for n in names)
        if not played and not effects and not any(option.get(k) for k in ("cost", "gain")):
            yield ("not-played", "warning", where,
                   f"{label}: the {'action' if key == 'actions' else 'ability'} '{option.get('text', '')[:60]}' is"
                   " text only, so the engine does not play it (it is not offered)",
                   "give it a cost and gain, or effects from the Western Legends vocabulary")


def _story_rewards(cards, words):
    """A story card's reward in a resource the engine cannot give: a ``not-played`` warning each."""
    for i, card in enumerate(cards if isinstance(cards, list) else []):
        reward = card.get("reward") if isinstance(card, dict) else None
        for good in reward if isinstance(reward, dict) else {}:
            if good in words.resources and words.gainable is not None and good not in words.gainable:
                yield ("not-played", "warning", ["parameters", "story_cards", i, "reward", good],
                       f"the story card '{card.get('id')}' rewards '{good}', which is not played: "
                       f"{words.ungainable_reason}; a game that completes the card logs a no-op",
                       f"reward one of {', '.join(sorted(words.gainable))}, or add an effect with a plugin")


def unplayed_spaces(library, board) -> list:
    """``not-played`` findings ``(code, severity, path, message, hint)`` at a map's spaces whose
    location no document describes (nothing is played there but work, moves and fights)."""
    known = {d.id for d in library.of_kind("location", WL)}
    out, seen = [], set()
    for i, space in enumerate(board.data.get("spaces") or []):
        location = space.get("location") if isinstance(space, dict) else None
        if isinstance(location, str) and location not in known and location not in seen:
            seen.add(location)
            out.append(("not-played", "warning", ["spaces", i, "location"],
                        f"the map '{board.id}' has spaces of the location '{location}', which no location document "
                        "describes: nothing of it is played (only work, moves and fights happen there)",
                        f"add a `kind: location` document with `id: {location}` and its actions"))
    return out


def unknowns(library) -> list[dict]:
    """``workbench unknowns`` rows of the maps' spaces whose location nothing describes."""
    rows = []
    for board in library.of_kind("map", WL):
        for _code, _severity, path, message, hint in unplayed_spaces(library, board):
            line, _ = board.locate(path)
            rows.append({"kind": "location", "name": f"{board.id}: {board.data['spaces'][path[1]]['location']}",
                         "value": "not played", "where": f"{board.file}:{line}", "why": message, "todo": hint})
    return rows
