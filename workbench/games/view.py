"""What the front ends (the notebooks' panels, the CLI) show of a game, said once per game: each
game's registry entry points at its :class:`View` (``Entry.view()``), so no front end asks which
game it is showing.

A view reads a state and puts it in the game's words; it changes nothing. ``names`` is the front
end's way of naming a document (``names.name(kind, id)`` its name, ``names.html(kind, id)`` the
name as HTML): the view never reads the library itself.
"""
from __future__ import annotations

from ..core.text import words


class View:
    """The facts and words every game shares; a game's view overrides what differs."""

    #: Whether a game is started from a scenario and a map (the panel shows their choosers).
    scenario_and_map: bool = False
    #: Whether every seat always plays (the panel offers no number of players).
    every_seat_plays: bool = False
    #: The rounds the sample-turns panel plays unless told.
    sample_rounds: int = 2
    #: The scenario the sample-turns panel offers first (a scenario's id; none: the base game).
    sample_scenario: str | None = None
    #: The title of the panel's seat column.
    seat_title: str = "player"

    def round_of(self, state) -> int:
        """The round (or game turn) a front end shows."""
        return state.round

    def seat_names(self, seats: list[str], players: int) -> list[str]:
        """The seats playing a game of ``players`` players."""
        return list(seats) if self.every_seat_plays else list(seats)[:players]

    def winners(self, state) -> list[str] | None:
        """The winning seats at the end, or None when the game names none."""
        return None

    def final_scores(self, state) -> dict:
        return state.scores()

    def result(self, state) -> tuple[str, str]:
        """The end of the game in words: (the headline, what follows it), for the panel's banner."""
        return "Game over.", ""

    def seat_rows(self, state, names) -> list[dict]:
        """One row per seat, in the game's words."""
        return [{self.seat_title: seat} for seat in state.seats]

    def board(self, state):
        """The board to draw, with the seats' colours (None when the game has no map)."""
        board = getattr(state, "board", None)
        if board is not None and not board.players:  # the players' colours come from the seats
            board = board.copy()
            board.players = list(state.seats)
        return board

    def move_place(self, state, action):
        """Where on the board a move is made: ``("hex", (q, r))``, ``("space", id)`` for an action
        space, or None: what a click on the board picks."""
        return None

    def place_words(self, state, place, names) -> str:
        """A place a click picked, in words."""
        if place[0] == "space":
            return names.name("action_space", place[1])
        return f"hex {place[1][0]},{place[1][1]}"

    def action_spaces(self, state) -> list[str]:
        """The action spaces in play, in order (none for a game without an action board)."""
        return []

    def playing(self, game, names) -> str:
        """What a new game plays, in words (the panel's "Playing ..." line)."""
        return game.name

    def describe_move(self, state, action, names) -> str:
        """A legal move in words."""
        kind = getattr(action, "kind", str(action))
        return words(kind)

    def describe_event(self, state, event: dict, names) -> str:
        """One log event as "what happened" (the player is its own column)."""
        return generic(event)


def a(noun: str) -> str:
    """``noun`` with its article."""
    return ("an " if noun[:1].lower() in "aeiou" else "a ") + noun


def generic(event: dict) -> str:
    """An event none of the sentences knows, field by field in words."""
    details = ", ".join(f"{words(k)} {plain(v)}" for k, v in event.items() if k not in ("event", "round", "phase", "player"))
    return f"{words(event.get('event', 'event'))}" + (f": {details}" if details else "")


def plain(value) -> str:
    if isinstance(value, (list, tuple)):
        return " ".join(plain(v) for v in value) or "none"
    if isinstance(value, dict):
        return ", ".join(f"{words(k)} {plain(v)}" for k, v in value.items()) or "none"
    if value is None:
        return "none"
    return words(value) if isinstance(value, str) else str(value)
