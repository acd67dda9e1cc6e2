"""Every call the command line makes into a game engine, in one place.

The commands (:mod:`workbench.cli.games`) validate arguments against the game documents and
format the results; everything that knows an engine's Python API is here, in small functions, so
that a new engine interface (a ``GAMES`` registry, a resolved ruleset) is re-pointed here alone.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

# -- play ---------------------------------------------------------------------------------------

def playable() -> dict[str, frozenset]:
    """The games `workbench play` plays, and the options each one takes (from the registry)."""
    from ..games import GAMES
    return {entry.id: entry.play_options for entry in GAMES.values() if entry.play_options}


def content_game(game: str) -> str:
    """The `game:` of the documents the registered game reads (``revolver-prison``: revolver)."""
    from ..games import GAMES
    return GAMES[game].content_game


def default_rounds(game: str) -> int | None:
    """Rounds played unless told (Western Legends ends by its own rule, with this cap)."""
    from ..games import GAMES
    return GAMES[game].default_rounds


def default_bot(game: str) -> str:
    from ..games import GAMES
    return GAMES[game].default_bot


def build(game: str, library, *, scenario: str | None = None, variants=(), overrides=None):
    """The registered game's ``Game`` for the library, a scenario, variants and overrides (a
    ContentError with located problems when the library cannot be played)."""
    from ..games.judge import build as build_
    return build_(game, library, scenario=scenario, variants=variants, overrides=overrides)


def player_range(built) -> tuple[int, int]:
    """The fewest and most players (the game's or scenario's, within the seats the engine has)."""
    return built.player_range()


def game_lengths(built) -> dict:
    """The game lengths a game offers (Western Legends: LP by length), else none."""
    return dict(getattr(built.ruleset, "game_lengths", None) or {}) if "length" in built.OPTIONS else {}


def seats(game: str) -> list[str]:
    """The seat (player colour) names the engine has, in order."""
    from ..games import GAMES
    return GAMES[game].seats()


def bots(built) -> list[str]:
    """The engine's bots, then the search bots (``mcts``, ``ismcts``; ``mcts-50``: 50 playouts a decision)."""
    from ..agents.names import KINDS
    return list(built.BOTS) + list(KINDS)


def is_bot(built, name: str) -> bool:
    from ..agents.names import is_search_bot
    return name in built.BOTS or is_search_bot(name)


@dataclass
class Played:
    events: list[dict]
    describe: Callable[[dict], str]
    state: object = None     # the game at its end (a describer may read its map's names)


def play(game: str, built, *, players: int, seed: int, rounds: int, bots: list[str], length: str | None = None,
         characters: dict[str, list[str]] | None = None, audit: bool = False) -> Played:
    """Play a seeded game with bots; the arguments are already checked."""
    from ..games.base import play as play_game

    options = {"rounds": rounds}
    if "characters" in built.OPTIONS:
        options["characters"] = characters or {}
    if "length" in built.OPTIONS and length is not None:
        options["length"] = length
    # an audited log (each event's state delta, round snapshots) is what `workbench audit` reads
    from ..agents.seats import seat_bots
    state = play_game(built, players, seed, seat_bots(bots), audit=audit, **options)
    from ..games import GAMES
    return Played(list(state.log), GAMES[game].describe(), state)


def parse_overrides(items: list[str]) -> dict:
    """``--set NAME=VALUE`` items as rule-parameter overrides (a usage error when unreadable)."""
    from ..rules.ruleset import parse_overrides as parse
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
    from ..rules.dark_horse import resolve_ruleset
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
    """Saloon poker's numbers from the library's resolved ruleset, as the game plays them (flop
    size, the dealer's cards, hand cards used, hand size); a ContentError when it cannot be."""
    from ..rules.western_legends import resolve_ruleset
    rules = resolve_ruleset(library)
    return {"flop": rules.flop_cards, "dealer_cards": rules.dealer_draws, "hand_cards_used": rules.hand_cards_used_max,
            "hand_size": rules.hand_size}


def rank(cards: list[str], rules) -> dict:
    return _poker().evaluate(cards, rules).to_json()


def compare(a: list[str], b: list[str], rules):
    return _poker().compare(a, b, rules)


def saloon_odds(hand, flop, rules, deck, *, saloon: dict, samples: int | None, seed: int):
    return _poker().win_probability(hand, deck, flop, dealer_cards=saloon["dealer_cards"], rules=rules,
                                    samples=samples, seed=seed, flop_cards=saloon["flop"],
                                    hand_cards_used=saloon["hand_cards_used"])
