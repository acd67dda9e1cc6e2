"""Every call the command line makes into a game engine, in one place.

The commands (:mod:`workbench.cli.games`) validate arguments against the game documents and
format the results; everything that knows an engine's Python API is here, in small functions, so
that a new engine interface (a ``GAMES`` registry, a resolved ruleset) is re-pointed here alone.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

# -- play ---------------------------------------------------------------------------------------

#: The games with a turn engine, and the options of `workbench play` each one takes.
PLAYABLE = {"dark-horse": frozenset({"scenario", "hire", "variant", "set"}), "western-legends": frozenset({"length"})}
#: Dark Horse plays this many rounds unless told (the engine has no end-of-game rule yet);
#: Western Legends ends by its own rule, with this cap on rounds.
DEFAULT_ROUNDS = {"dark-horse": 3, "western-legends": 60}


def _engine(game: str):
    if game == "dark-horse":
        from ..games.dark_horse import engine
        return engine
    from ..games.western_legends import engine
    return engine


def seats(game: str) -> list[str]:
    """The seat (player colour) names the engine has, in order."""
    engine = _engine(game)
    return list(engine.PLAYER_NAMES if game == "dark-horse" else engine.NAMES)


def engine_min_players(game: str) -> int:
    """The fewest players the engine plays (Western Legends' fights and poker need two)."""
    return 1 if game == "dark-horse" else 2


def bots(game: str) -> list[str]:
    return list(_engine(game).BOTS)


@dataclass
class Played:
    events: list[dict]
    describe: Callable[[dict], str]


def play(game: str, library, *, players: int, seed: int, rounds: int, bots: list[str], scenario: str | None = None,
         length: str | None = None, characters: dict[str, list[str]] | None = None, variants=(), overrides=None) -> Played:
    """Play a seeded game with bots; the arguments are already checked."""
    engine = _engine(game)
    if game == "dark-horse":
        state = engine.play(library, scenario, players, seed, rounds, bots, characters=characters or {},
                            variants=list(variants), overrides=overrides or {})
    else:
        state = engine.play(library, players, seed, rounds, bots, length or "short")
    return Played(list(state.log), engine.describe)


def parse_overrides(items: list[str]) -> dict:
    """``--set NAME=VALUE`` items as rule-parameter overrides (a usage error when unreadable)."""
    from ..games.ruleset import parse_overrides as parse
    return parse(items)


# -- gunfight ------------------------------------------------------------------------------------

def _gunfight():
    from ..games.dark_horse import gunfight
    return gunfight


#: The largest fight the engine computes exactly (its polynomial odds take well under a second).
def exact_dice_limit() -> int:
    return _gunfight().MAX_COMBAT_DICE


#: A gunfight side's icons, as the engine's inline spec names them.
SIDE_FLAGS = ("tough", "deadly", "weak-kneed", "engineer")


def gunfight_rules(library, *, scenario: str | None, variants=(), overrides=None):
    """The gunfight rules in force: the library's, the scenario's variants, the variants and
    overrides given (a ContentError when they cannot be resolved)."""
    from ..games.dark_horse.parameters import resolve_ruleset
    ruleset = resolve_ruleset(library, scenario=scenario, variants=list(variants), overrides=overrides or {})
    return ruleset, _gunfight().GunfightRules.from_ruleset(ruleset)


def parse_side(spec: str):
    """An inline gunfight spec (``combat=2,duel=1,deadly``); raises ValueError with a reason."""
    return _gunfight().Side.parse(spec)


def side_from_document(doc_id: str, gunfight: dict):
    return _gunfight().Side.from_data(doc_id, gunfight)


def side_numbers(side, rules) -> dict[str, int]:
    """The numbers of a side that arguments must keep in range."""
    return {"combat": side.combat, "duel": side.duel, "wounds": side.wounds,
            "wounds_to_capture": side.wounds_to_capture(rules)}


def exact_odds(a, b, rules):
    """``(outcomes, captured)``: exact fractions by outcome name and by side."""
    odds = _gunfight().exact_odds(a, b, rules)
    return odds.outcomes, odds.captured


def simulate(a, b, fights: int, seed: int, rules) -> dict[str, float]:
    return _gunfight().simulate_many(a, b, fights, seed, rules)


def fighters(library, scenario: str | None, ruleset):
    return _gunfight().fighters(library, scenario, ruleset.fighting_tokens)


def win_matrix(sides, rules):
    return _gunfight().matrix(sides, rules)


# -- poker ---------------------------------------------------------------------------------------

def _poker():
    from ..games.western_legends import poker
    return poker


def poker_rules(library, *, ace_low: bool | None = None, cheat: str | None = None):
    """The poker rules the library holds (ranking, ace-low straights, the Cheat card), with the
    command line's --ace-low and --cheat over them when given."""
    import dataclasses

    rules = _poker().rules_from_library(library)
    changes = {k: v for k, v in (("ace_low", ace_low), ("cheat", cheat)) if v is not None}
    return dataclasses.replace(rules, **changes) if changes else rules


def card_name(card: str) -> str:
    """The card as the deck writes it (``as`` -> ``AS``); raises ValueError for unreadable cards."""
    poker = _poker()
    parsed = poker.parse(card)
    if isinstance(parsed, str):
        return parsed
    names = {number: written for written, number in poker.VALUES.items()}
    return f"{names[parsed[0]]}{parsed[1]}"


def poker_deck(library) -> list[str]:
    """The game's poker deck, which the cards given must come from."""
    return _poker().deck_from_library(library)


def saloon_parameters(library) -> dict:
    """Saloon poker's numbers from the rules (flop size, dealer's cards, hand cards used)."""
    rule = library.data("western-legends", "rule", "saloon-poker") or {}
    params = rule.get("parameters") or {}
    game = library.data("western-legends", "game", "western-legends") or {}
    return {"flop": int(params.get("flop", 3)), "dealer_cards": int(params.get("dealer_draws", 4)),
            "hand_size": int((game.get("parameters") or {}).get("hand_size", 5))}


def rank(cards: list[str], rules) -> dict:
    return _poker().evaluate(cards, rules).to_json()


def compare(a: list[str], b: list[str], rules):
    return _poker().compare(a, b, rules)


def saloon_odds(hand, flop, rules, deck, *, dealer_cards: int, samples: int | None, seed: int):
    return _poker().win_probability(hand, deck, flop, dealer_cards=dealer_cards, rules=rules, samples=samples,
                                    seed=seed)
