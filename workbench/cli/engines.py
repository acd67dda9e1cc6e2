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
PLAYABLE = {"dark-horse": frozenset({"scenario", "hire"}), "western-legends": frozenset({"length"})}
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
         length: str | None = None, characters: dict[str, list[str]] | None = None) -> Played:
    """Play a seeded game with bots; the arguments are already checked."""
    engine = _engine(game)
    if game == "dark-horse":
        state = engine.play(library, scenario, players, seed, rounds, bots, characters=characters or {})
    else:
        state = engine.play(library, players, seed, rounds, bots, length or "short")
    return Played(list(state.log), engine.describe)


# -- gunfight ------------------------------------------------------------------------------------

#: Exact odds enumerate every roll (6**dice); more dice than this takes minutes. The engine's
#: polynomial odds will lift this limit.
EXACT_DICE_LIMIT = 8
#: A gunfight side's icons, as the engine's inline spec names them.
SIDE_FLAGS = ("tough", "deadly", "weak-kneed", "engineer")


def parse_side(spec: str):
    """An inline gunfight spec (``combat=2,duel=1,deadly``); raises ValueError with a reason."""
    from ..games.dark_horse.gunfight import Side
    return Side.parse(spec)


def side_from_document(doc_id: str, gunfight: dict):
    from ..games.dark_horse.gunfight import Side
    return Side.from_data(doc_id, gunfight)


def side_numbers(side) -> dict[str, int]:
    """The numbers of a side that arguments must keep in range."""
    return {"combat": side.combat, "duel": side.duel, "wounds": side.wounds, "wounds_to_capture": side.wounds_to_capture}


def exact_odds(a, b):
    """``(outcomes, captured)``: exact fractions by outcome name and by side."""
    from ..games.dark_horse import gunfight
    odds = gunfight.exact_odds(a, b)
    return odds.outcomes, odds.captured


def simulate(a, b, fights: int, seed: int) -> dict[str, float]:
    from ..games.dark_horse import gunfight
    return gunfight.simulate_many(a, b, fights, seed)


def fighters(library, scenario: str | None):
    from ..games.dark_horse import gunfight
    return gunfight.fighters(library, scenario)


def win_matrix(sides):
    from ..games.dark_horse import gunfight
    return gunfight.matrix(sides)


# -- poker ---------------------------------------------------------------------------------------

def poker_rules(ace_low: bool, cheat: str):
    from ..games.western_legends import poker
    return poker.PokerRules(ace_low=ace_low, cheat=cheat)


def card_name(card: str) -> str:
    """The card as the deck writes it (``as`` -> ``AS``); raises ValueError for unreadable cards."""
    from ..games.western_legends import poker
    parsed = poker.parse(card)
    if isinstance(parsed, str):
        return parsed
    names = {number: written for written, number in poker.VALUES.items()}
    return f"{names[parsed[0]]}{parsed[1]}"


def poker_deck() -> list[str]:
    """The poker deck the odds are computed against."""
    from ..games.western_legends import poker
    return poker.standard_deck()


def saloon_parameters(library) -> dict:
    """Saloon poker's numbers from the rules (flop size, dealer's cards, hand cards used)."""
    rule = library.data("western-legends", "rule", "saloon-poker") or {}
    params = rule.get("parameters") or {}
    game = library.data("western-legends", "game", "western-legends") or {}
    return {"flop": int(params.get("flop", 3)), "dealer_cards": int(params.get("dealer_draws", 4)),
            "hand_size": int((game.get("parameters") or {}).get("hand_size", 5))}


def rank(cards: list[str], rules) -> dict:
    from ..games.western_legends import poker
    return poker.evaluate(cards, rules).to_json()


def compare(a: list[str], b: list[str], rules):
    from ..games.western_legends import poker
    return poker.compare(a, b, rules)


def saloon_odds(hand, flop, rules, *, dealer_cards: int, samples: int | None, seed: int):
    from ..games.western_legends import poker
    return poker.win_probability(hand, poker_deck(), flop, dealer_cards=dealer_cards, rules=rules,
                                 samples=samples, seed=seed)
