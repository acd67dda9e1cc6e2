"""Can a Dark Horse game end by its rules? A static check over the resolved ruleset and the
spaces in play, without playing a game.

The rulebook's end triggers (Game End and End Game Scoring; :mod:`.game_end` plays them):

``towns-and-cities``
    a player has built all their towns and cities: reachable when the game has a map and, for
    each of the two pieces, the starting pieces are the whole supply or an option in play builds
    that piece and can be paid for;
``influence``
    a player reaches the Influence track's Game End space: reachable when the ruleset gives the
    space (``influence_game_end``) and an option in play gains Influence and can be paid for;
``outlaws``
    every outlaw on the board is captured (Wild Wild West): reachable when the board holds outlaws
    and something can challenge them (the Marshal token, when an option in play hands it out, or a
    character with Combat icons, when the library has one to hire).

"Can be paid for" is read as the engine pays: every good of the option's cost is gained by
another option in play that can itself be paid for (Silver also from Gold), so it comes back round
after round; the starting goods pay once, not the several builds a trigger takes. A Mystery Hex's
option counts as a source too (it is taken from hexes on the map, at most once a hex for some,
which this check does not count: it never says a game cannot end when it might). The claim
requirements and the map's room are not checked: an option that cannot be claimed or a piece
with no hex left shows in play, not here.

:func:`reachable_ends` says which triggers are reachable and why; :func:`can_end` whether any is;
:func:`end_problem` is ``validate``'s warning at a scenario none of whose triggers is reachable.
The balance lab reads them to tell a game that stops at its declared rounds from one that ends.
"""
from __future__ import annotations

from dataclasses import dataclass

#: The triggers, in the rulebook's order.
TRIGGERS = ("towns-and-cities", "influence", "outlaws")
#: The Reputation goods: one pays for another ("any-reputation" is the player's own hat).
_REPUTATION = frozenset({"white-hat", "black-hat", "any-reputation"})


@dataclass(frozen=True)
class EndTrigger:
    """One end trigger: its name (:data:`TRIGGERS`), whether a game can reach it, and why in the
    game's words."""

    trigger: str
    reachable: bool
    why: str


def _options(game) -> list[tuple[str, dict]]:
    """Every option in play, with where it is: the action spaces' and the Mystery Hexes'."""
    out = []
    for space_id, space in game.spaces.items():
        for option in space.get("options") or []:
            if isinstance(option, dict):
                out.append((space.get("name", space_id), option))
    for hex_type, data in game.mystery_types.items():
        for option in data.get("options") or []:
            if isinstance(option, dict):
                out.append((data.get("name", hex_type), option))
    return out


def _amounts(value) -> dict:
    return {k: v for k, v in (value or {}).items() if isinstance(v, int) and v > 0} if isinstance(value, dict) else {}


def renewable(game) -> tuple[set[str], list[tuple[str, dict]]]:
    """The goods an option in play gains round after round, and the options that can be paid for
    from them (a least fixed point: an option is usable when every good of its cost is renewable).

    Silver is renewable when Gold is ("Each Gold token is worth 4 Silver tokens"); one Reputation
    good pays for another the way the engine pays ``any-reputation``."""
    options = _options(game)
    goods: set[str] = set()
    usable: list[tuple[str, dict]] = []
    changed = True
    while changed:
        changed = False
        for where, option in options:
            if any(option is o for _, o in usable):
                continue
            cost = _amounts(option.get("cost"))
            if all(_renewable(good, goods) for good in cost):
                usable.append((where, option))
                goods |= set(_amounts(option.get("gain")))
                changed = True
    return goods, usable


def _renewable(good: str, goods: set[str]) -> bool:
    if good in goods:
        return True
    if good == "silver" and "gold" in goods:
        return True
    if good == "any-reputation":
        return bool(goods & _REPUTATION)
    if good in ("white-hat", "black-hat"):
        return good in goods or "any-reputation" in goods
    return False


def _builds(option: dict, piece: str) -> bool:
    from .effects import VOCABULARY
    return any(isinstance(spec, dict) and spec.get("effect") == "build" and spec.get("piece", "town") == piece
               and VOCABULARY.played("build") for spec in option.get("effects") or [])


def _hands_out(option: dict, role: str | None) -> bool:
    return role is not None and any(isinstance(spec, dict) and spec.get("effect") == "take-special-role"
                                    and spec.get("role") == role for spec in option.get("effects") or [])


def reachable_ends(game) -> list[EndTrigger]:
    """Each end trigger of ``game`` (a built :class:`~.engine.DarkHorse`) and whether a game can
    reach it, in :data:`TRIGGERS` order.

    >>> from workbench.content.published import published_library
    >>> from workbench.games.dark_horse.engine import DarkHorse
    >>> [(e.trigger, e.reachable) for e in reachable_ends(DarkHorse.build(published_library(), scenario="pork-barrel"))]
    [('towns-and-cities', False), ('influence', False), ('outlaws', False)]
    """
    rules = game.ruleset
    goods, usable = renewable(game)
    out = []
    # all of a player's towns and cities built
    if game.board is None:
        out.append(EndTrigger("towns-and-cities", False, "the game has no map to build on"))
    else:
        supply = rules.pieces_per_player
        start = rules.starting_pieces or {}
        missing = []
        for piece in ("town", "city"):
            if int(start.get(piece, 0)) >= int(supply.get(piece, 0)):
                continue
            if not any(_builds(option, piece) for _, option in usable):
                unpaid = [where for where, option in _options(game) if _builds(option, piece)]
                missing.append(f"nothing in play builds a {piece}" if not unpaid else
                               f"{', '.join(sorted(set(unpaid)))} builds a {piece} but nothing in play produces what it costs")
        where = sorted({w for w, option in usable if _builds(option, "town") or _builds(option, "city")})
        out.append(EndTrigger("towns-and-cities", not missing, "; ".join(missing) if missing else
                              f"built by {', '.join(where)}" if where else "the starting pieces are the whole supply"))
    # the Influence track's Game End space
    target = rules.influence_game_end
    if not isinstance(target, int):
        out.append(EndTrigger("influence", False, "the Influence track's Game End space is unknown"))
    elif "influence" in goods:
        where = sorted({w for w, option in usable if "influence" in _amounts(option.get("gain"))})
        out.append(EndTrigger("influence", True, f"Influence is gained at {', '.join(where)} (Game End space {target})"))
    else:
        out.append(EndTrigger("influence", False, f"nothing in play gains Influence (Game End space {target})"))
    # every outlaw captured (Wild Wild West)
    if not game.initial_outlaws:
        out.append(EndTrigger("outlaws", False, "no outlaws on the board"))
    else:
        marshal = game.challenger if game.marshal_gunfight() else None
        handed = sorted({w for w, option in usable if _hands_out(option, marshal)})
        fighters = sorted(d.id for d in game.library.of_kind("character", "dark-horse")
                          if isinstance(d.data.get("gunfight"), dict) and d.data["gunfight"].get("combat"))
        if handed:
            out.append(EndTrigger("outlaws", True, f"the Marshal token ({', '.join(handed)}) challenges them"))
        elif fighters:
            out.append(EndTrigger("outlaws", True, f"{len(fighters)} character(s) with Combat icons may be hired to"
                                                   " challenge them"))
        else:
            out.append(EndTrigger("outlaws", False, "nothing in play can challenge them"))
    return out


def can_end(game) -> bool:
    """Whether any end trigger of ``game`` is reachable (else every game stops after its declared
    rounds)."""
    return any(e.reachable for e in reachable_ends(game))


#: The problem code of a scenario whose games cannot end by a trigger.
CODE = "no-end-trigger"


def end_problem(game, ends: list[EndTrigger] | None = None):
    """``validate``'s warning for ``game``'s scenario when no end trigger is reachable (else
    ``None``), located at the scenario's ``end_game`` (or the scenario itself)."""
    ends = reachable_ends(game) if ends is None else ends
    if any(e.reachable for e in ends):
        return None
    from ...content.badges import badged_name
    from ...content.problems import Problem

    where = game.library.get("dark-horse", "scenario", game.scenario) if game.scenario else None
    name = (badged_name(where.data) if where is not None and where.data.get("name") else None) or game.scenario \
        or "Dark Horse"
    message = (f"{name}: no end trigger can be reached, so every game stops after the rounds it is played for: "
               + "; ".join(f"{e.trigger}: {e.why}" for e in ends))
    hint = ("fill in a space that builds towns and cities and one that produces what it costs, or one that gains"
            " Influence (the house-rule example examples/dark-horse-complete/ does), or read a game's result as"
            " after a set number of rounds")
    if where is None:
        return Problem(CODE, message, hint=hint, severity="warning")
    path = ["end_game"] if where.data.get("end_game") else []
    return where.problem(CODE, message, path, hint=hint, severity="warning",
                         triggers={e.trigger: e.why for e in ends})
