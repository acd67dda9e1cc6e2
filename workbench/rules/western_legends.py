"""The Western Legends parameters the engine reads: their types, never their values.

The values live in ``variants/western-legends/``: each in the document of the rules that states
it (``game``, ``rule`` and ``location`` documents with ``source: western-legends``), the policies
where the text leaves a choice to the players as declared ``assumptions:``, and what the text does
not give at all (decks, dice faces, track rewards, story, goal and cattle cards) written
``unknown`` there and filled in by the illustrative documents under the same name. A parameter
listed here that no probe shows live fails ``tests/test_rules_as_data.py``.

Besides the parameters, the engine needs content that is not a parameter: a map with a sheriff's
office and bandit hideouts, enough characters with a start for the most players, items that
exist. :func:`requirements` reports what is missing as located problems, so ``workbench
validate`` says it before ``workbench play`` would fail.
"""
from __future__ import annotations

from functools import lru_cache

from .ruleset import BOOLEAN, Parameter, choice, integer, playable
from .western_legends_effects import POKER_CARD_ACTIONS, RESOURCES

#: The poker vocabulary: the hands highest first, the card values, the suits, the Cheat card.
RANKING = ["royal-flush", "five-of-a-kind", "straight-flush", "four-of-a-kind", "full-house", "flush", "straight",
           "three-of-a-kind", "two-pair", "pair", "high-card"]
VALUES = {"2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10, "J": 11, "Q": 12, "K": 13, "A": 14}
SUITS = "SHDC"
CHEAT = "CHEAT"
CHEAT_RULES = ("five-of-a-kind-only", "wild")

#: What rewards, costs and penalties are made of (a goods bag: name -> amount).
GOOD_NAMES = ["money", "legend-points", "poker-card", "gold-nugget", "wound", "marshal-point", "wanted-point"]
GOODS = {"type": "object", "propertyNames": {"enum": GOOD_NAMES}, "additionalProperties": integer(0, 1000)}
#: What a goal card may require (illustrative goals; a designer writes their own).
GOAL_NEEDS = ["money", "legend-points", "gold-nuggets", "marshal-points", "wanted-points", "items", "upgraded-items"]
#: Card abilities the engine plays (the poker cards' ACTIONs the text names), from the vocabulary.
ABILITIES = [name for name, *_ in POKER_CARD_ACTIONS]
#: A story card's reward: any of the vocabulary's resources (one the engine cannot give is a
#: ``not-played`` warning, :mod:`workbench.rules.western_legends_effects`).
STORY_REWARD_GOODS = {"type": "object", "propertyNames": {"enum": list(RESOURCES)}, "additionalProperties": integer(0, 1000)}
TIE_BREAKERS = ["most-track-points", "most-gold-nuggets", "fewest-wounds", "shared"]

SHARE = {"type": "object", "required": ["divide_by", "rounding"], "additionalProperties": False,
         "properties": {"divide_by": integer(1, 100), "rounding": choice("up", "down")}}
ID = {"type": "string", "pattern": "^[a-z0-9]+(-[a-z0-9]+)*$"}
SYMBOL = {"type": "string", "pattern": "^[a-z][a-z0-9_-]*$"}


def _p(name, schema, about, home, only_with=None):
    return Parameter(name, schema, about, home, only_with)


def _list(items, low=0, high=100, **more):
    return {"type": "array", "items": items, "minItems": low, "maxItems": high, **more}


#: The sort of Western Legends character card (a character's `role:`; the schemas' `character-roles`).
CHARACTER_ROLES = ("western-legends",)

SPEC: dict[str, Parameter] = {p.name: p for p in [
    # the game: general rules and limits
    _p("game_lengths", {"type": "object", "minProperties": 1, "propertyNames": SYMBOL,
                        "additionalProperties": integer(1, 1000)}, "LP that trigger the end, by game length", "game/western-legends"),
    _p("player_count", {"type": "object", "required": ["min", "max"], "additionalProperties": False,
                        "properties": {"min": integer(2, 8), "max": integer(2, 8)}}, "fewest and most players",
       "game/western-legends"),
    _p("max_gold_nuggets", integer(0, 1000), "gold nuggets a player may hold", "game/western-legends"),
    _p("max_money", integer(0, 100_000), "money a player may hold (more is lost)", "game/western-legends"),
    _p("max_misc_items", integer(0, 50), "misc. items a player may own", "game/western-legends"),
    _p("max_copies_per_item", integer(1, 10), "copies of one item a player may own", "game/western-legends"),
    _p("max_wounds", integer(0, 20), "wounds a player may have (more are ignored)", "game/western-legends"),
    _p("max_cattle_tokens", integer(0, 10), "cattle tokens a player may hold", "game/western-legends"),
    _p("hand_size", integer(0, 30), "poker cards kept at the end of a turn, unwounded", "game/western-legends"),
    _p("hand_size_per_wound", integer(-20, 20), "added to the hand size per wound", "game/western-legends"),
    _p("max_reputation_cards_per_turn", integer(0, 20), "Reputation cards a player may play a turn", "game/western-legends"),
    # setup
    _p("territory", {"type": "string", "pattern": "^[a-z0-9][a-z0-9-]*$", "maxLength": 80},
       "the map played on (a map id: `--set territory=ID` plays a designer's own)", "rule/territory"),
    _p("characters_drawn", integer(1, 10), "character cards each player draws to choose 1 from", "rule/setup"),
    _p("starting_lp", integer(0, 100), "LP each player starts with", "rule/setup"),
    _p("bandit_minis", integer(0, 100), "bandit minis: at most this many bandits are on the board", "rule/setup"),
    # a turn
    _p("start_of_turn_choices", _list({"type": "object", "additionalProperties": False,
                                       "properties": {"money": integer(0, 10_000), "poker-card": integer(0, 20)}}, 1, 10),
       "what a player may choose at the start of their turn", "rule/start-of-turn"),
    _p("actions_per_turn", integer(1, 20), "actions a turn", "rule/action-phase"),
    _p("movement_without_mount", integer(0, 30), "spaces a move reaches without a mount", "rule/action-phase"),
    _p("work_money", integer(0, 10_000), "money the Work action pays", "rule/action-phase"),
    # fights between players
    _p("fight_ties_to", choice("active", "target"), "who wins a tied fight between players", "rule/player-fight"),
    _p("minimum_reduced_value", integer(0, 100), "a card's value is never reduced below this", "rule/player-fight"),
    _p("fight_loser", GOODS, "what the loser of a fight between players takes", "rule/player-fight"),
    _p("duel_reward_lp", integer(0, 100), "LP for winning a duel", "rule/player-fight"),
    _p("rob_reward_wanted", integer(0, 20), "wanted points for winning a robbery", "rule/player-fight"),
    _p("rob_steal", SHARE, "the share of the target's money or nuggets a robber steals", "rule/player-fight"),
    _p("rob_steals_cattle", integer(0, 10), "cattle tokens a robber may steal", "rule/player-fight"),
    _p("arrest_reward_marshal", integer(0, 20), "marshal points for winning an arrest", "rule/player-fight"),
    _p("arrest_loss", SHARE, "the share of money and nuggets an arrested player loses", "rule/player-fight"),
    _p("arrest_moves_sheriff", BOOLEAN, "a player's arrest of another player also moves the sheriff to the "
       "sheriff's office", "rule/player-fight"),
    _p("fight_card_played", choice("highest", "lowest"), "which poker card a player plays in a fight", "rule/player-fight"),
    _p("robber_takes", choice("more-valuable", "money", "gold-nuggets"), "what a robber steals", "rule/player-fight"),
    # poker
    _p("ranking", {"type": "array", "items": {"enum": RANKING}, "uniqueItems": True, "minItems": len(RANKING),
                   "maxItems": len(RANKING)}, "the poker hands, highest first", "rule/poker-hands"),
    _p("poker_ante", integer(0, 10_000), "the ante to play poker", "rule/saloon-poker"),
    _p("ante_cards", integer(0, 10), "poker cards drawn with the ante", "rule/saloon-poker"),
    _p("house_adds", integer(0, 10_000), "money the saloon adds to the pot", "rule/saloon-poker"),
    _p("flop_cards", integer(0, 5), "cards of the flop", "rule/saloon-poker"),
    _p("hand_cards_used_max", integer(0, 4), "hand cards a poker hand may use", "rule/saloon-poker"),
    _p("dealer_draws", integer(0, 10), "cards the dealer draws", "rule/saloon-poker"),
    _p("poker_win_lp", integer(0, 100), "LP the active player gains for winning at poker", "rule/saloon-poker"),
    _p("poker_ties_to", choice("active", "split"), "who wins a poker tie the active player is in", "rule/saloon-poker"),
    _p("tied_pot_rounding", choice("down", "up"), "how a pot split between tied players is rounded", "rule/saloon-poker"),
    _p("poker_join_min_card", integer(2, 15), "another player in town joins with a card this good", "rule/saloon-poker"),
    _p("suits", _list({"enum": list(SUITS)}, 1, 4, uniqueItems=True), "the poker deck's suits", "rule/poker-deck"),
    _p("poker_values", _list({"enum": list(VALUES) + list(range(2, 11))}, 1, 13, uniqueItems=True),
       "the poker deck's card values", "rule/poker-deck"),
    _p("cheat_cards", integer(0, 10), "Cheat cards in the poker deck", "rule/poker-deck"),
    _p("cheat_fight_value", integer(0, 20), "the Cheat card's value in a fight", "rule/poker-deck"),
    _p("ace_low_straights", BOOLEAN, "an ace may be low in a straight", "rule/poker-deck"),
    _p("cheat_rule", choice(*CHEAT_RULES), "what the Cheat card does in a poker hand", "rule/poker-deck"),
    _p("card_actions", {"type": "object", "propertyNames": {"pattern": "^([2-9]|10|[JQKA])[SHDC]$"},
                        "additionalProperties": {"enum": ABILITIES}}, "poker cards with an ACTION, and which",
       "rule/poker-deck"),
    _p("reputation_cards", _list({"enum": ABILITIES}, 0, 10, uniqueItems=True), "abilities that are Reputation cards",
       "rule/poker-deck"),
    _p("manhunt_sheriff_moves", integer(0, 50), "spaces the Manhunt card moves the sheriff", "rule/poker-deck"),
    # the marshal and wanted tracks
    _p("track_spaces", integer(1, 30), "spaces of the marshal and wanted tracks", "rule/marshal-and-wanted"),
    _p("lp_past_last_space", integer(0, 20), "LP for a point gained on the last space", "rule/marshal-and-wanted"),
    _p("living_legend_points", integer(0, 20), "marshal or wanted points from the Living Legend card",
       "rule/marshal-and-wanted"),
    _p("marshal_becomes_wanted", choice("always", "never"), "whether a marshal gaining wanted points switches tracks",
       "rule/marshal-and-wanted"),
    _p("marshal_rewards", {"type": "object", "propertyNames": {"pattern": "^[1-9][0-9]*$"}, "additionalProperties": GOODS},
       "the reward printed on each marshal track space", "rule/marshal-and-wanted"),
    _p("wanted_rewards", {"type": "object", "propertyNames": {"pattern": "^[1-9][0-9]*$"}, "additionalProperties": GOODS},
       "the reward printed on each wanted track space", "rule/marshal-and-wanted"),
    _p("row_of_space", _list(integer(0, 50), 2, 31), "the row of each track space (from space 0)", "rule/marshal-and-wanted"),
    _p("marshal_row_lp", _list(integer(-100, 100), 1, 50), "LP a marshal scores at the end by row", "rule/marshal-and-wanted"),
    _p("wanted_row_lp_per_turn", _list(integer(-100, 100), 1, 50), "LP a wanted player gains each turn by row",
       "rule/marshal-and-wanted"),
    # bandits, the sheriff and the fight deck
    _p("bandit_fight_cards_drawn", integer(0, 20), "fight cards drawn against a bandit", "rule/bandits-and-sheriff"),
    _p("arrest_fight_cards_drawn", integer(0, 20), "fight cards drawn in an arrest attempt", "rule/bandits-and-sheriff"),
    _p("fight_deck_ties_to", choice("fight-deck", "player"), "who wins a tie against the fight deck",
       "rule/bandits-and-sheriff"),
    _p("bandit_reward_lp", integer(0, 20), "LP for defeating a bandit", "rule/bandits-and-sheriff"),
    _p("bandit_reward_marshal", integer(0, 20), "marshal points for defeating a bandit", "rule/bandits-and-sheriff"),
    _p("bandit_reward_choice", choice("marshal-point-unless-wanted", "legend-points"),
       "which reward a player takes for a bandit", "rule/bandits-and-sheriff"),
    _p("bandit_loser", GOODS, "what a player who loses to a bandit takes", "rule/bandits-and-sheriff"),
    _p("sheriff_discard", integer(0, 10), "poker cards a wanted player discards when the sheriff arrives",
       "rule/bandits-and-sheriff"),
    _p("arrested_penalty", GOODS, "what a player arrested by the sheriff takes", "rule/bandits-and-sheriff"),
    _p("sheriff_moves_toward", choice("nearest-wanted", "most-wanted"), "where the sheriff moves",
       "rule/bandits-and-sheriff"),
    _p("fight_card_chosen", choice("highest", "lowest"), "which drawn fight card is played", "rule/bandits-and-sheriff"),
    _p("fight_card_values", _list(integer(0, 100), 1, 500), "the fight deck's cards", "rule/bandits-and-sheriff"),
    # locations
    _p("prospecting_dice", integer(0, 10), "prospecting dice rolled at a mine", "location/mine"),
    _p("die_faces", _list(SYMBOL, 1, 100), "the symbols on a prospecting die's faces", "location/mine"),
    _p("symbol_rewards", {"type": "object", "propertyNames": SYMBOL, "additionalProperties": GOODS},
       "what each prospecting symbol gives", "location/mine"),
    _p("reroll_symbols", _list(SYMBOL, 0, 100, uniqueItems=True), "symbols that reroll the die", "location/mine"),
    _p("nugget_price", GOODS, "what the bank pays for a gold nugget", "location/bank"),
    _p("heist_fight_cards_drawn", integer(0, 20), "fight cards drawn for the bank guard", "location/bank"),
    _p("heist_win", GOODS, "what a successful heist gives", "location/bank"),
    _p("heist_loss", GOODS, "what a failed heist gives", "location/bank"),
    _p("heal_cost", integer(0, 10_000), "money to heal at the doctor's office", "location/doctors-office"),
    _p("heal_cards_per_wound", integer(0, 10), "poker cards drawn per wound healed", "location/doctors-office"),
    _p("revel_options", _list({"type": "object", "required": ["cost", "lp"], "additionalProperties": False,
                               "properties": {"cost": integer(0, 100_000), "lp": integer(0, 100)}}, 0, 20),
       "what revelling at the cabaret costs and gives", "location/cabaret"),
    _p("cattle_tokens_taken", integer(1, 10), "cattle tokens taken at a ranch", "location/ranch"),
    _p("rustle_reward", GOODS, "what delivering cattle to the other ranch gives, besides the token", "location/ranch"),
    _p("cattle_tokens", _list(GOODS, 1, 100), "the rewards of the cattle tokens of each ranch", "location/ranch"),
    _p("wrangle_reward", GOODS, "what delivering cattle to the rail station gives, besides the token",
       "location/rail-station"),
    # end of turn, story cards, the end
    _p("final_rounds", integer(0, 10), "rounds played after the round the end is triggered in", "rule/end-of-turn"),
    _p("story_discs_per_player", integer(0, 20), "story discs each player has", "rule/story-cards"),
    _p("story_discs_per_turn", integer(0, 20), "story discs a player may add a turn", "rule/story-cards"),
    _p("completed_story_card", choice("starts-over", "leaves-play"), "what becomes of a completed story card",
       "rule/story-cards"),
    _p("story_cards", _list({"type": "object", "required": ["id", "discs", "reward", "spawn", "sheriff_moves"],
                             "additionalProperties": False,
                             "properties": {"id": ID, "discs": integer(1, 20), "reward": STORY_REWARD_GOODS,
                                            "spawn": _list(integer(0, 100), 0, 20), "sheriff_moves": integer(0, 50)}},
                            0, 100), "the story cards in play", "rule/story-cards"),
    _p("money_per_lp", integer(1, 100_000), "money per LP at the end", "rule/final-scoring"),
    _p("max_money_lp", integer(0, 100), "most LP for money at the end", "rule/final-scoring"),
    _p("lp_per_wound", integer(-20, 20), "LP per wound at the end", "rule/final-scoring"),
    _p("most_wanted_lp", integer(-20, 100), "LP for the single most wanted player", "rule/final-scoring"),
    _p("tied_most_wanted_lp", integer(-20, 100), "LP for each tied most wanted player", "rule/final-scoring"),
    _p("other_wanted_lp", integer(-20, 100), "LP for each other wanted player", "rule/final-scoring"),
    _p("tie_breakers", _list({"enum": TIE_BREAKERS}, 0, 4, uniqueItems=True), "how ties at the end are broken, in order",
       "rule/final-scoring"),
    # the goal card variant
    _p("goal_cards", BOOLEAN, "play with goal cards and legendary tokens", "rule/goal-card-variant"),
    _p("goals_per_character", integer(0, 20), "goal cards of each character", "rule/goal-card-variant"),
    _p("goals_discarded", integer(0, 20), "goal cards each player discards at random", "rule/goal-card-variant"),
    _p("legendary_tokens", {"type": "object", "propertyNames": {"pattern": "^[0-9]{1,2}$"},
                            "additionalProperties": integer(0, 200)}, "legendary tokens: LP value -> how many",
       "rule/goal-card-variant"),
    _p("legendary_tokens_kept", choice("best", "held-first"), "which legendary tokens a player keeps when holding"
       " more than their completed goals: the best, or those held before (then the first drawn)",
       "rule/goal-card-variant"),
    _p("character_goals", {"type": "object", "propertyNames": ID, "additionalProperties": _list(
        {"type": "object", "required": ["id", "needs"], "additionalProperties": False,
         "properties": {"id": ID, "needs": {"type": "object", "minProperties": 1, "propertyNames": {"enum": GOAL_NEEDS},
                                             "additionalProperties": integer(0, 100_000)}}}, 0, 20)},
       "each character's goal cards (`any`: every character without its own)", "rule/goal-card-variant"),
]}


@lru_cache(maxsize=16)
def published_ruleset(variants: tuple[str, ...] = ()):
    """The published game's ruleset, from the shipped library."""
    from ..content.published import published_library
    return resolve_ruleset(published_library(), variants=variants)


def resolve_ruleset(library, *, scenario: str | None = None, variants=(), overrides=None, map_id: str | None = None):
    """The Western Legends ruleset, or :class:`~workbench.core.errors.ContentError` with the problems."""
    rules = playable(library, "western-legends", "Western Legends", SPEC, scenario=scenario, variants=variants, overrides=overrides,
                     map_id=map_id)
    problems = ruleset_problems(rules)
    if problems:
        from ..core.errors import ContentError
        raise ContentError("the Western Legends rules in the library cannot be played", problems)
    return rules


# -- what the engine needs beyond each parameter's type --------------------------------------------

CODE = "engine-requirement"


def _at(rules, name: str, message: str, path=(), hint: str | None = None):
    """A problem located at where the ruleset's ``name`` was set."""
    from ..content.problems import Problem

    origin = rules.origin(name)
    if origin is None or origin.document is None:
        return Problem(CODE, message, hint=hint, extra={"parameter": name})
    return origin.document.problem(CODE, message, list(origin.path) + list(path), hint=hint, parameter=name)


def ruleset_problems(rules) -> list:
    """Parameters that fit their types but not each other (e.g. a die face no symbol rewards)."""
    out = []
    count = rules.player_count
    if count["min"] > count["max"]:
        out.append(_at(rules, "player_count", f"the fewest players ({count['min']}) is more than the most ({count['max']})"))
    for i, face in enumerate(rules.die_faces):
        if face not in rules.symbol_rewards:
            out.append(_at(rules, "die_faces", f"the prospecting die face '{face}' is not a symbol of `symbol_rewards`", [i],
                           hint="known symbols: " + ", ".join(rules.symbol_rewards)))
    if rules.die_faces and all(face in rules.reroll_symbols for face in rules.die_faces):
        out.append(_at(rules, "reroll_symbols", "every prospecting die face rerolls: a roll would never end"))
    if len(rules.row_of_space) < rules.track_spaces + 1:
        out.append(_at(rules, "row_of_space", f"`row_of_space` gives {len(rules.row_of_space)} rows, but the tracks have "
                       f"{rules.track_spaces} spaces (and space 0): {rules.track_spaces + 1} are needed"))
    else:
        top = max(rules.row_of_space[:rules.track_spaces + 1])
        for name in ("marshal_row_lp", "wanted_row_lp_per_turn"):
            if len(rules[name]) <= top:
                out.append(_at(rules, name, f"`{name}` gives LP for {len(rules[name])} rows, but `row_of_space` uses rows"
                               f" up to {top}"))
    deck = {f"{v}{s}" for v in rules.poker_values for s in rules.suits}
    for card in rules.card_actions:
        if card not in deck:
            out.append(_at(rules, "card_actions", f"the card {card} with an ACTION is not in the poker deck", [card]))
    if rules.goals_discarded > rules.goals_per_character:
        out.append(_at(rules, "goals_discarded", f"{rules.goals_discarded} goals discarded of {rules.goals_per_character}"))
    if rules.goal_cards and sum(rules.legendary_tokens.values()) == 0:
        out.append(_at(rules, "legendary_tokens", "the goal card variant needs legendary tokens"))
    return out


def unknowns(library) -> list[dict]:
    """``workbench unknowns`` rows beyond the parameters: the maps' spaces of locations no document
    describes (the effects' rows come from the vocabulary)."""
    from .western_legends_effects import unknowns as map_rows
    return map_rows(library)
