"""What the front ends show of a Revolver game: the two sides, moves and log events in the
game's words (see :mod:`workbench.games.view`). Revolver has no map and counts game turns."""
from __future__ import annotations

from ...core.text import words
from ..view import View
from .engine import NAMES, describe


class RevolverView(View):
    every_seat_plays = True
    sample_rounds = 60
    seat_title = "side"

    def round_of(self, state) -> int:
        return state.turn

    def winners(self, state) -> list[str] | None:
        return [NAMES[state.winner]] if state.done and state.winner else None

    def result(self, state) -> tuple[str, str]:
        won = self.winners(state)
        return (f"🏆 {won[0]} wins", f": {state.ended}") if won else ("Game over", f", no winner: {state.ended}")

    def seat_rows(self, state, names) -> list[dict]:
        card = lambda c: names.name("card", c)  # noqa: E731
        return [{"side": NAMES[side], "cards in hand": len(state.hands[side]),
                 "cards left in the deck": sum(state.decks[side].values()),
                 "on the battlefield": ", ".join(card(c) for c, _ in state.field[side]) or "—",
                 "bandits": len(state.gang) if side == "colti" else "—",
                 "bullet wounds": state.wounds if side == "colti" else "—",
                 "Mexican Border tokens": state.border if side == "colti" else "—"} for side in state.seats]

    def board(self, state):
        return None

    def playing(self, game, names) -> str:
        return "Revolver (illustrative decks)"

    def describe_move(self, state, action, names) -> str:
        kind = getattr(action, "kind", str(action))
        card = getattr(action, "card", None)
        if kind == "end":
            return "end this phase"
        if kind == "kill":
            return f"lose {_bandit(names, card)}"
        if kind in ("target", "under"):
            return f"{'kill' if kind == 'target' else 'place it under'} {names.name('card', card)}"
        if kind in ("enter", "skip"):
            return f"{kind} the San Manzanillo Prison"
        if kind == "ambush":
            return f"put the known ambush card opposite {names.name('card', card)}"
        return f"{words(kind)} {names.name('card', card)}" if card else words(kind)

    def describe_event(self, state, event: dict, names) -> str:
        text = _event(event.get("event"), event, names)
        return text if text is not None else describe(event, _Names(names))


class _Names:
    """The engine describer's ``names`` (``.get(id, default)``) from the panel's names:
    a card's, bandit's or deck's name, badged."""

    def __init__(self, names):
        self.names = names

    def get(self, identifier, default=None):
        for kind in ("card", "character", "deck"):
            name = self.names.name(kind, identifier)
            if name != identifier:
                return name
        return default


def _bandit(names, bandit) -> str:
    name = names.name("character", bandit)
    return names.name("card", bandit) if name == bandit else name


def _event(kind: str, event: dict, names) -> str | None:
    card = lambda c: names.name("card", c)  # noqa: E731
    texts = {
        "start": lambda e: f"A game of Revolver: Colti plays {names.name('deck', e['decks']['colti'])}, McReady plays"
                           f" {names.name('deck', e['decks']['mcready'])}; seed {e['seed']}",
        "turn": lambda e: f"Game turn {e['turn']} begins",
        "marker": lambda e: f"moves the turn marker to {card(e['battlefield'])}, turn space {e['space']}",
        "battlefield": lambda e: f"on to {card(e['battlefield'])}: {e['turns']} turn(s), defence {e['defence']}",
        "leave": lambda e: f"leaving {card(e['battlefield'])}: the cards there are {e['cards']}",
        "draw": lambda e: f"draws {card(e['card'])}",
        "play": lambda e: f"plays {card(e['card'])}" + (f" (firepower {e['firepower']})" if e.get("firepower") is not None
                                                       else ""),
        "use": lambda e: f"uses {card(e['card'])}",
        "end-play": lambda e: "",
        "attack": lambda e: f"attacks at {card(e['battlefield'])}: McReady {e['mcready']} against Colti {e['colti']}"
                            f" (defence {e['defence']} included): " + (f"{e['kills']} bandit(s) die" if e["kills"]
                                                                       else "nobody dies"),
        "killed": lambda e: f"loses {_bandit(names, e['bandit'])}; {e['gang']} bandit(s) left",
        "card-killed": lambda e: f"kills {card(e['card'])}",
        "border": lambda e: f"a Mexican Border token leaves the card: {e['border']} left",
        "end": lambda e: f"Game over: {e['why']}",
    }
    return texts[kind](event) if kind in texts else None


VIEW = RevolverView()
