"""Mystery Hexes: access, abilities, tokens, removal and movement (rulebook, Mystery Hexes).

Which Mystery Hexes a player may place dice on ("unless you have access to them by rail or a City
that you control"), the abilities each offers by Reputation, the hex flipped face up with its
tokens, an ability taken (at once on placement, or at the start of the Collection Phase), the hex
removed with its last token, and the mobile hexes moved by their die (rulebook, Mystery Hexes; the
abilities are each hex type's YAML effects, played by :mod:`.effects`).
"""
from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from .actions import HEX, MEMO, Action, _coord, made
from .effects import EFFECTS, VOCABULARY, _plays_anything
from .players import Player


class MysteryHexes:
    """The state's Mystery Hexes: access, abilities, tokens, removal and movement."""

    def _mystery_spaces(self, player: Player) -> list[str]:
        """Mystery Hexes ``player`` may place dice on: "Mystery Hexes cannot be used unless you have
        access to them by rail or a City that you control" (rails are not played: a City on or next
        to the hex)."""
        return list(self._mystery_access(player)[0]) if self.mystery else []

    def _mystery_access(self, player: Player) -> tuple:
        """:meth:`_mystery_spaces` as the remembered tuple, with each hex's placement facts (the
        space, a Mystery Hex, its type: see :meth:`_placements_of`); shared: never change them."""
        name, keys = player.name, tuple(self.mystery)
        # remembered per player while the pieces list and the hexes stay the same: a placement
        # listing asks at every step
        seen = self._while_pieces_stay("_mystery_seen", dict)
        hit = seen.get(name)
        if hit is not None and hit[0] == keys:
            return hit[1]
        cities = tuple(p.at for p in self.pieces if p.player == name and p.piece == "city")
        key = (cities, keys)
        memo = self.game.__dict__.setdefault("_mystery_memo", {})
        found = memo.get(key)
        if found is None:       # the board's distances never change: remembered per cities and hexes
            if len(memo) > MEMO:
                memo.clear()
            board = self.game.board
            spaces = tuple(HEX + k for k in keys if any(board.distance(c, _coord(k)) <= 1 for c in cities))
            found = memo[key] = (spaces, tuple((s, True, self.rules.unknown_type) for s in spaces))
        seen[name] = (keys, found)
        return found

    def _move_outcomes(self) -> list[tuple[tuple, Fraction]]:
        """Mobile Mystery Hexes: "they roll a die ... move that Mystery Hex in that specific
        direction"; an illegal roll is rolled again once, then the hex stays (board.mobile)."""
        from ...board.mobile import transition
        at = _coord(self.interrupt[2][len(HEX):])
        mover = next(p for p in self.pieces if p.at == at and p.piece == "mystery-hex")
        # what a move's legality reads of the pieces (board.mobile.illegal_reason): where the other
        # Towns, Cities and Mystery Hexes stand; the map itself never changes. Remembered per that
        key = (at, tuple((p.at, p.piece) for p in self.pieces
                         if p is not mover and p.piece in ("town", "city", "improved-town", "mystery-hex")))
        memo = self.game.__dict__.setdefault("_move_memo", {})
        found = memo.get(key)
        if found is None:
            if len(memo) > MEMO:
                memo.clear()
            found = memo[key] = tuple(sorted(transition(self.board, at, mover).items()))
        return list(found)

    def _mystery_options(self, player: Player, space_id: str) -> list[Action]:
        """The abilities of the Mystery Hex ``space_id`` that ``player`` may use: "Mystery Hex
        abilities tie to a specific Reputation ... If a player has no Reputation tokens they may use
        either the White Hat or Black Hat ability" (which ability needs which is a picture: the
        parameter ``mystery_ability_hats``)."""
        entry = self.mystery.get(space_id[len(HEX):])
        if entry is None:
            return [made("skip", space_id)]
        kind = entry["type"]
        hats = self.rules.mystery_ability_hats.get(kind) or []
        rep = player.reputation
        options = self.game.mystery_types[kind]["options"]
        exclusive_used = any(options[j].get("exclusive") for j in entry["used"] if j < len(options))
        out = []
        for i, option in enumerate(options):
            need = hats[i] if i < len(hats) else "any"
            if need in ("white", "black") and rep.total and not getattr(rep, need):
                continue
            if entry["used"] and bool(option.get("exclusive")) != exclusive_used:
                continue                                     # "Once you perform this option ... and vice versa"
            if not _plays_anything(option):
                continue                                     # nothing of it is played: no choice (see the assumptions)
            choices = [None]
            possible = True
            for spec in option.get("effects") or []:
                handler = EFFECTS.get(spec.get("effect")) if VOCABULARY.played(spec.get("effect")) else None
                if handler is not None and hasattr(handler, "possible"):
                    possible = possible and handler.possible(self, player, spec, space_id)
                if handler is not None and hasattr(handler, "choices"):
                    choices = handler.choices(self, player, spec, space_id)
            if possible:
                out += [made("mystery", space_id, option=i, at=at) for at in choices]
        return out or [made("skip", space_id)]

    def _flip(self, space_id: str) -> None:
        """"When a player uses this hex for the first time they flip it face up and place ...
        tokens on it"."""
        key = space_id[len(HEX):]
        entry = self.mystery[key]
        if not entry["face_up"]:
            entry["face_up"] = True
            entry["tokens"] = (self.game.mystery_types[entry["type"]].get("tokens") or {}).get("count")
            self.pieces = [replace(p, face_up=True) if p.at == _coord(key) and p.piece == "mystery-hex" else p
                           for p in self.pieces]
            self.event("mystery-revealed", None, hex=key, type=entry["type"], tokens=entry["tokens"])

    def _mystery_ability(self, player: Player, action: Action) -> None:
        key = action.space[len(HEX):]
        entry = self.mystery[key]
        kind, option = entry["type"], self.game.mystery_types[entry["type"]]["options"][action.option]
        self._flip(action.space)
        if entry["tokens"] is not None:
            entry["tokens"] -= 1                # "remove one token, place it in the Game Bank"
        self.event("mystery", player.name, hex=key, type=kind, option=option.get("text"), tokens=entry["tokens"],
                   **({"at": list(action.at)} if action.at else {}))
        entry["used"].append(action.option)
        for good, amount in (option.get("gain") or {}).items():
            self._gain(player, good, amount)
        self._effects(player, option, action.space, at=action.at)
        self._mystery_done(player, action.space)

    def _mystery_done(self, player: Player, space_id: str) -> None:
        key = space_id[len(HEX):]
        entry = self.mystery.get(key)
        if entry is not None and entry["tokens"] == 0:
            # "Mystery Hexes with tokens on them are removed from the game once all of the tokens have been claimed"
            self._remove_mystery(key, "its last token was claimed")
            entry = None
        if self.phase != "placement" or not self.interrupt or self.interrupt[0] != "mystery":
            return
        if entry is not None and self.game.mystery_types.get(entry["type"], {}).get("mobile"):
            self.phase = "move"                 # "Once you collect from this hex you must move the hex"
            return
        self._after_mystery(player)

    def _after_mystery(self, player: Player) -> None:
        was_free = self.interrupt[3]
        self.interrupt = None
        if was_free:
            return
        if not player.has_dice():
            self.passed = self.passed | {player.name}
        self._next_placement()

    def _moved(self, to: tuple) -> None:
        key = self.interrupt[2][len(HEX):]
        start, entry = _coord(key), self.mystery.pop(key)
        self.phase = "placement"
        picked = 0
        if to != start:
            self.pieces = [replace(p, at=to) if p.at == start and p.piece == "mystery-hex" else p for p in self.pieces]
            # "If a Native American Hex moves onto a hex with a Tribe token then place that token back"
            # (the hex type's `takes_back`, as board.mobile reads it)
            takes_back = set(self.game.mystery_types.get(entry["type"], {}).get("takes_back") or [])
            if takes_back:
                picked = sum(1 for p in self.pieces if p.at == to and p.piece in takes_back)
                self.pieces = [p for p in self.pieces if not (p.at == to and p.piece in takes_back)]
                entry["tokens"] = (entry["tokens"] or 0) + picked
        self.mystery[f"{to[0]},{to[1]}"] = entry
        self.event("mystery-moved", None, hex=key, to=list(to), picked_up=picked)
        for name, _taken in list(self.claims.items()):
            if name == HEX + key:                # the dice that claimed it stay with the claim
                claims = dict(self.claims)
                claims[HEX + f"{to[0]},{to[1]}"] = claims.pop(name)
                self.claims = claims
        self._after_mystery(self.player(self.interrupt[1]))

    def _remove_mystery(self, key: str, why: str) -> None:
        at = _coord(key)
        self.mystery.pop(key, None)
        self.pieces = [p for p in self.pieces if not (p.at == at and p.piece == "mystery-hex")]
        self.event("mystery-removed", None, hex=key, why=why)

    def _used_on_placement(self, key: str) -> bool:
        """Whether a die placed on this Mystery Hex takes its option at once (the hex type's
        ``used: on-placement``: "Placing a die immediately removes one token ... then perform one
        action"), not at the start of the Collection Phase."""
        entry = self.mystery.get(key)
        return entry is not None and self.game.mystery_types.get(entry["type"], {}).get("used") == "on-placement"
