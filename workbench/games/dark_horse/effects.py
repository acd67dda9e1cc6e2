"""The effect vocabulary's handlers: an option's effects played (rulebook, Action Spaces and Mystery Hexes).

The effects of action spaces' and Mystery Hexes' options, played: the handler registered on each
effect of the Dark Horse vocabulary (declared once in :mod:`workbench.rules.dark_horse_effects`:
turn order, Jail, bonus die, special roles, cards drawn, build, Mystery Hexes removed or turned
into another type, tokens placed), :func:`effect` to register one from Python, and
:class:`Effects`, the state's part that plays an option's effects in order (rulebook, Action Spaces
and Mystery Hexes).
"""
from __future__ import annotations

from typing import Callable

from ...rules.dark_horse_effects import THIS_HEX_ON_A_SPACE
from ...rules.effects import kinds_reason, vocabulary
from ..base import EffectNotReady, State, Tally          # a handler's state: the Dark Horse State is one
from .actions import HEX, _coord
from .players import Player
from .setup import _piece


#: The Dark Horse effect vocabulary (workbench/rules/dark_horse_effects.py, with the installed
#: plugins' effects); the engine plays an effect by the handler registered on it.
VOCABULARY = vocabulary("dark-horse")
Effect = Callable[["State", Player, dict, str], None]
EFFECTS: dict[str, Effect] = VOCABULARY.handlers


def effect(name: str):
    """Register the function that plays an effect of the vocabulary: ``handler(state, player, spec,
    where)``, ``where`` the action space or ``hex@q,r`` whose option it is. A name the vocabulary
    does not declare is declared for this process only; for ``validate``, the audit and Dask
    workers to know it too, install it as a plugin (docs: Effects, declared once)."""
    if name not in VOCABULARY.effects:
        VOCABULARY.declare(name, "registered from Python in this process", "effect() in a notebook or script",
                           plugin="python")
    return VOCABULARY.handler(name)


@effect("move-first-in-turn-order")
def _first(state, player, spec, where):
    state._move_in_order(player.name, "first")


@effect("move-last-in-turn-order")
def _last(state, player, spec, where):
    state._move_in_order(player.name, "last")


@effect("jail-die-next-turn")
def _jail(state, player, spec, where):
    player.jailed_next += 1


@effect("bonus-die-next-turn")
def _bonus(state, player, spec, where):
    player.bonus_dice_next += 1


@effect("take-special-role")
def _role(state, player, spec, where):
    role = spec.get("role")
    for other in state.players:      # new lists: the roles are shared by the state's copies
        if role in other.roles:
            other.roles = [r for r in other.roles if r != role]
    player.roles = player.roles + [role]


@effect("draw-cards")
def _draw(state, player, spec, where):
    keep = spec.get("keep", spec.get("draw", 1))
    player.hand += keep
    state.event("draw", player.name, deck=spec.get("deck"), draw=spec.get("draw", 1), keep=keep)


def _supply_left(state, player, piece: str) -> bool:
    supply = state.rules.pieces_per_player.get(piece)
    built = sum(1 for p in state.pieces if p.player == player.name and p.piece == piece) + \
        sum(1 for who, kind, _ in state.pending if who == player.name and kind == piece)
    return supply is None or built < supply


@effect("build")
def _build_effect(state, player, spec, where):
    piece = spec.get("piece", "town")
    if not _supply_left(state, player, piece):
        # "24 Wooden town tokens ... 6 per player": none left to build
        supply = state.rules.pieces_per_player.get(piece)
        state.event("build-impossible", player.name, piece=piece, why=f"all {supply} of their {piece}s are built")
        return
    if spec.get("on") == "this-hex" and not where.startswith(HEX):
        # never a hex of the player's choosing instead: validate warned at the line
        state.event("not-played", player.name, effect="build", space=where, why=THIS_HEX_ON_A_SPACE)
        return
    if spec.get("on") == "this-hex":
        # "Place one of your unused Town tokens on this hex for free": no choice of hex to make
        state.pending.append((player.name, piece, False))
        state._place_piece(player.name, piece, _coord(where[len(HEX):]), False)
        state.pending.pop()
        return
    state.pending.append((player.name, piece, False))


_build_effect.possible = lambda state, player, spec, where: _supply_left(state, player, spec.get("piece", "town"))


@effect("remove-hex")
def _remove_hex(state, player, spec, where):
    key = where[len(HEX):]
    name = state.game.mystery_types.get(state.mystery[key]["type"], {}).get("name", "hex")
    state._remove_mystery(key, f"the {name} is removed from the game")


@effect("become-hex-type")
def _become(state, player, spec, where):
    key = where[len(HEX):]
    entry = state.mystery[key]
    entry.update(type=spec["hex_type"], tokens=spec.get("tokens"), used=[])
    state.event("mystery-revealed", None, hex=key, type=spec["hex_type"], tokens=spec.get("tokens"))


def _token_hexes(state, player, spec, where) -> list:
    """The hexes a ``place-token`` may go on: of its categories, with none of ``not_with`` on them."""
    blocked = set(spec.get("not_with") or [])
    taken = {p.at for p in state.pieces if p.piece in blocked}
    categories = set(spec.get("categories") or [])
    return sorted(n for n, attrs in state.game.board.graph.nodes(data=True)
                  if attrs["category"] in categories and n not in taken)


@effect("place-token")
def _place_token(state, player, spec, where):
    state.pieces = [*state.pieces, _piece(spec["token"], spec["at"], None)]     # a new list: copies share it
    state.event("place-token", player.name, token=spec["token"], at=list(spec["at"]))


_place_token.choices = _token_hexes


def _plays_anything(option: dict) -> bool:
    """Whether the engine plays any part of an option (a cost, a gain, or an effect it plays)."""
    return bool(option.get("cost") or option.get("gain")) or any(
        VOCABULARY.played(spec.get("effect")) for spec in option.get("effects") or [])


class Effects:
    """Playing an option's effects by the vocabulary's handlers."""

    def _effects(self, player: Player, option: dict, where: str, at=None) -> None:
        """Play an option's effects by the vocabulary's handlers; one the engine does not play is a
        no-op the log says, with the reason (``validate`` warned ``not-played`` at its line)."""
        specs = option.get("effects")
        if not specs:
            return
        kind = "hex_type" if where.startswith(HEX) else "action_space"
        declared_effects = VOCABULARY.effects
        for spec in specs:
            name = spec["effect"]
            declared = declared_effects.get(name)       # VOCABULARY.played(name), inlined
            handler = EFFECTS.get(name) if declared is not None and declared.played else None
            if handler is None or kind not in declared.kinds:
                why = VOCABULARY.why_not_played(name) if handler is None else kinds_reason(kind)
                self.event("not-played", player.name, effect=name, space=where, why=why)
                continue
            if at is not None and hasattr(handler, "choices"):
                spec = {**spec, "at": at}
            log = self.log
            if log.__class__ is Tally:      # a rollout's log only counts its events
                logged = log.n
                handler(self, player, spec, where)
                if self.log.n == logged:
                    self.log.n += 1
                continue
            logged = len(log)
            handler(self, player, spec, where)
            if len(self.log) == logged:     # each effect shows in the log (and, audited, what it changed)
                self.event("effect", player.name, effect=name, space=where)

    def play_effect(self, spec: dict, where: str | None = None) -> None:
        """One effect played alone by the player to move (:meth:`workbench.games.base.State.play_effect`):
        on the action space ``where``, or, written on a hex type, on a Mystery Hex of that type on the
        board (any one where ``where`` is none), then the builds it leaves placed."""
        if self.pending or self.is_terminal() or self.is_chance_node() or self.current_player() is None:
            raise EffectNotReady("a choice or a roll is pending")
        declared = VOCABULARY.effects.get(spec.get("effect"))
        if where in self.game.mystery_types or (declared is not None and "action_space" not in declared.kinds):
            key = next((k for k, m in self.mystery.items() if where in (None, m["type"])), None)
            if key is None:
                raise EffectNotReady("no Mystery Hex of that type on the board")
            where = HEX + key
        player = next(p for p in self.players if p.name == self.current_player())
        handler, at = EFFECTS.get(spec.get("effect")), None
        if hasattr(handler, "choices"):      # a hex to choose (a token placed): the first one
            at = next(iter(handler.choices(self, player, spec, where or "")), None)
            if at is None:
                raise EffectNotReady("no hex to choose")
        self._effects(player, {"effects": [spec]}, where or "", at=at)
        self._settle(lambda: bool(self.pending))

