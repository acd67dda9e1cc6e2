"""Declared size limits: the largest content every command still answers within seconds.

Beyond a limit the content is reported as a located ``size-limit`` problem (``workbench
validate``), and the engines refuse it instead of exhausting memory or time. Each limit says what
it bounds and why; the README lists them. (Rule parameters such as distances and dice rolled have
their limits in their declared types, :mod:`workbench.rules.dark_horse`.) The published
games stay far inside every one of them
(the Dark Horse territory has a few dozen hexes; a Revolver deck has 62 cards).

>>> LIMITS["map_radius"].value, LIMITS["deck_size"].value
(60, 1000)
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator


@dataclass(frozen=True)
class Limit:
    """One declared limit: the largest allowed ``value`` of what ``bounds`` names."""

    name: str
    value: int
    bounds: str
    why: str


LIMITS: dict[str, Limit] = {limit.name: limit for limit in (
    Limit("map_radius", 60, "a hexagon map's `shape.radius`",
          "radius 60 is 10,981 hexes: a legal-placement question takes milliseconds, `map check` seconds"),
    Limit("map_spaces", 11_000, "a map's spaces (generated and listed together; a rectangle's width x height)",
          "the same size as the largest hexagon"),
    Limit("map_pieces", 2_000, "a map's `pieces`", "`map check` judges every piece with the others in place"),
    Limit("map_rails", 8_000, "a map's `rails`",
          "a rail is 8 of the 100,000 values a document may hold: 8,000 rails beside the 2,000 pieces"
          " (6 values each) leave a fifth of them for the map's other lines (its listed spaces)"),
    Limit("odds_moves", 100, "`map odds --moves`", "exact fractions grow with every move"),
    Limit("combat_dice", 60, "a gunfight's combat dice a side (a character's or token's `gunfight.combat`)",
          "the largest gunfight computed exactly; the state space grows with the square of the dice"),
    Limit("deck_size", 1_000, "a deck's cards (its list, or its base plus swaps), `deck_size` and a card's `count`",
          "Revolver's decks have 62 cards; exact draw odds stay instant"),
    Limit("deck_swaps", 1_000, "a deck's `swaps`", "no more swaps than cards"),
    Limit("amount", 1_000, "the amount of one good in a cost or gain (`cost: {silver: N}`, `gain:`, a"
          " token's `capture_reward`)", "the published amounts are at most 4; the amounts the rules"
          " bound (a reputation track, a hand) stay far below"),
    Limit("dice_a_turn", 16, "the dice one player rolls in a turn: `dice_rolled` and the bonus dice gained"
          " (so a `gain:` of at most 14 bonus dice beside the rules' 2)",
          "the ways to place the dice grow combinatorially: three rounds with 16 dice a turn play in well"
          " under a second more than with 2, with 22 in several seconds, with 26 in minutes; a game that"
          " reaches more stops with this limit named"),
    Limit("simulated_fights", 100_000, "`gunfight --simulate N`: the fights simulated beside the exact odds",
          "a check of the exact odds; 100,000 small fights take seconds"),
    Limit("simulated_dice", 1_000_000, "`gunfight --simulate N` times the combat dice of both sides",
          "8,333 fights of 60 dice a side take seconds; a million took minutes"),
    Limit("text_length", 10_000, "a text value or key (a name, a rule's text, a quoted source)",
          "about four pages of rules text (the longest published text has ~500 characters); a list or"
          " table of 100 MB names would exhaust memory"),
    Limit("sweep_settings", 200, "the settings one `balance` sweep compares with its baseline (each variant,"
          " the `--set` overrides, every combination of the `--grid` values, a `--deck`)",
          "a 10 x 10 heat map and its neighbours; every setting is checked and timed before the first game"
          " (three 10-value grids, 1,000 settings, took a minute of checking and hours of play)"),
    Limit("bot_playouts", 100_000, "a search bot's playouts a decision (`mcts-N`, `ismcts-N`)",
          "500 times the default of 200: a High Noon game of 200 playouts a decision takes about 6 s, one at the"
          " limit most of an hour (as a seconds budget stops at 3600 s a decision)"),
    Limit("replacement_chain", 100, "a chain of `replaces:` (A replaces B, B replaces C, ...)",
          "the published games replace a space once (Marshal replaces Mayor)"),
)}


def limit(name: str) -> int:
    """The value of a declared limit."""
    return LIMITS[name].value


def check_dice(library) -> Iterator:
    """Characters and tokens whose gunfight would roll more dice than the gunfight engine computes
    (the ``combat_dice`` limit)."""
    most = limit("combat_dice")
    for kind in ("character", "token"):
        for document in library.of_kind(kind):
            gunfight = document.data.get("gunfight")
            combat = gunfight.get("combat") if isinstance(gunfight, dict) else None
            if isinstance(combat, int) and not isinstance(combat, bool) and combat > most:
                yield document.problem("size-limit", f"{combat} combat dice is beyond the declared limit of"
                                       f" {most} dice a side", ["gunfight", "combat"],
                                       hint="the workbench computes gunfights of up to that many dice a side exactly")


def check_text(library) -> Iterator:
    """Text values and keys longer than the ``text_length`` limit, each located (shown shortened).

    Only documents of files longer than the limit are walked: YAML cannot write a text value
    longer than its source (aliases repeat a value, they do not lengthen it).
    """
    most = limit("text_length")
    for document in library.documents:
        # a document whose problems are not reported (the published games behind a designer's
        # files) is not walked: a problem found is located in the document walked
        if len(document.source.text) <= most or not library.reported(document):
            continue
        for path, text in _long_texts(document.data, [], most):
            yield document.problem("size-limit", f"this text is {len(text):,} characters long, beyond the declared"
                                   f" limit of {most:,} (it starts {text[:30]!r})", path,
                                   hint="shorten it, or keep long notes outside the content file")


def _long_texts(value, path: list, most: int, seen=None) -> Iterator[tuple[list, str]]:
    # an anchored value reached through several aliases is reported once
    seen = set() if seen is None else seen
    if isinstance(value, (dict, list)):
        if id(value) in seen:
            return
        seen.add(id(value))
    if isinstance(value, str):
        if len(value) > most:
            yield path, value
    elif isinstance(value, dict):
        for key, item in value.items():
            if isinstance(key, str) and len(key) > most:
                yield path + [key], key
            else:
                yield from _long_texts(item, path + [key], most, seen)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _long_texts(item, path + [i], most, seen)


#: The dice the rules roll a turn (Dark Horse: "each player rolls two dice"), beside which a
#: ``gain:`` of bonus dice must stay within ``dice_a_turn``.
RULES_DICE = 2


def check_amounts(library) -> Iterator:
    """Costs and gains beyond the ``amount`` limit, and a gain of more bonus dice than the
    ``dice_a_turn`` limit leaves beside the rules' two dice, each located at its amount."""
    most, dice = limit("amount"), limit("dice_a_turn") - RULES_DICE
    for document in library.documents:
        data = document.data
        if not isinstance(data, dict) or not library.reported(document):   # as in check_text
            continue
        for path, bag in _bags(data):
            for good, amount in bag.items():
                if not isinstance(amount, int) or isinstance(amount, bool):
                    continue
                if good == "bonus-die" and path[-1] == "gain" and amount > dice:
                    yield document.problem("size-limit", f"a gain of {amount:,} bonus dice is beyond the declared"
                                           f" limit of {limit('dice_a_turn')} dice a turn (the rules' {RULES_DICE}"
                                           f" and at most {dice} bonus dice)", path + [good],
                                           hint="a turn's placements grow combinatorially with the dice held;"
                                                " gain fewer bonus dice")
                elif amount > most:
                    yield document.problem("size-limit", f"{amount:,} {good} is beyond the declared limit of"
                                           f" {most:,} for one good in a {path[-1].replace('_', ' ')}", path + [good],
                                           hint="use a smaller amount")


def _bags(data: dict) -> Iterator[tuple[list, dict]]:
    options = data.get("options", data.get("actions"))
    for i, option in enumerate(options if isinstance(options, list) else ()):
        for key in ("cost", "gain"):
            if isinstance(option, dict) and isinstance(option.get(key), dict):
                yield ["options", i, key], option[key]
    if isinstance(data.get("capture_reward"), dict):
        yield ["capture_reward"], data["capture_reward"]
