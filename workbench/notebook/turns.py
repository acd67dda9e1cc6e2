"""Stepping through sample turns, forward and back (time travel), with bots or by hand."""
from __future__ import annotations

import random


class TurnStepper:
    """A history of states; every step is ``state.apply(action)``, so going back is free.

    >>> from workbench.notebook.common import library
    >>> from workbench.games.dark_horse.engine import new_game, random_bot
    >>> stepper = TurnStepper(new_game(library(), "high-noon", 2, seed=1, rounds=1), {"red": random_bot, "blue": random_bot})
    >>> _ = stepper.step(); _ = stepper.step()
    >>> stepper.position, stepper.back().log == stepper.history[1].log
    (2, True)
    """

    def __init__(self, state, bots: dict, seed: int = 0):
        self.history = [state]
        self.position = 0
        self.bots = bots
        self.rng = random.Random(seed)

    @property
    def state(self):
        return self.history[self.position]

    def _push(self, state):
        del self.history[self.position + 1:]  # a new choice after going back forgets the old future
        self.history.append(state)
        self.position += 1
        return state

    def step(self):
        """The seat's bot plays one action, or chance (the dice) rolls, or nothing at the end."""
        state = self.state
        if state.done:
            return state
        if getattr(state, "is_chance_node", lambda: False)():
            return self._push(state.apply(state.sample_chance(self.rng)))
        name = state.current.name
        return self._push(state.apply(self.bots[name](state, self.rng)))

    def choose(self, action):
        """A person plays ``action`` (one of ``state.legal_actions()``)."""
        return self._push(self.state.apply(action))

    def run(self, steps: int):
        for _ in range(steps):
            if self.state.done:
                break
            self.step()
        return self.state

    def back(self):
        self.position = max(0, self.position - 1)
        return self.state

    def forward(self):
        self.position = min(len(self.history) - 1, self.position + 1)
        return self.state

    def new_events(self) -> list[dict]:
        """The events the current step added to the log."""
        before = len(self.history[self.position - 1].log) if self.position else 0
        return self.state.log[before:]


def dark_horse_table(state):
    import pandas as pd

    return pd.DataFrame([{"player": p.name, "dice": p.dice, "silver": p.goods.get("silver", 0), "gold": p.goods.get("gold", 0),
                          "white hat": p.reputation.white, "black hat": p.reputation.black,
                          "influence": p.reputation.influence, "roles": ", ".join(p.roles), "cards": p.hand,
                          "jail next": p.jailed_next} for p in state.players]).set_index("player")


def western_legends_table(state):
    import pandas as pd

    return pd.DataFrame([{"player": p.name, "character": p.character, "at": p.at, "LP": p.lp, "money": p.money,
                          "nuggets": p.nuggets, "wounds": p.wounds, "marshal": p.marshal, "wanted": p.wanted,
                          "cards": len(p.hand), "items": ", ".join(p.items)} for p in state.players]).set_index("player")


def dark_horse_board(state, ax=None):
    """The territory with the players' towns and cities."""
    from ..board.draw import draw

    return draw(state.board, ax=ax, title=f"round {state.round}: the territory")


def western_legends_board(state, ax=None):
    """The grid map with the players, bandits and the sheriff on it."""
    from ..board.draw import draw
    from ..board.graph import Piece

    board = state.board.copy()
    board.players = [p.name for p in state.players]
    board.pieces = ([Piece("player", p.at, p.name) for p in state.players if p.at is not None]   # placed at setup
                    + [Piece("bandit", b) for b in state.bandits]
                    + [Piece("sheriff", state.sheriff)])
    return draw(board, ax=ax, coordinates=False, title=f"round {state.round}")


def stepper_widget(stepper: TurnStepper, game: str):
    import ipywidgets as w
    import matplotlib.pyplot as plt
    from IPython.display import display

    from .common import shows_errors

    messages, view = w.Output(), w.Output()
    back, forward = w.Button(description="◀ back"), w.Button(description="forward ▶")
    step, run = w.Button(description="bot plays one step"), w.Button(description="bots play 25 steps")
    actions = w.Dropdown(description="your move", layout=w.Layout(width="420px"))
    play = w.Button(description="Play it", button_style="primary")
    where = w.HTML()

    def render():
        state = stepper.state
        where.value = f"step {stepper.position} of {len(stepper.history) - 1}" + (" — game over" if state.done else "")
        actions.options = [(str(a), i) for i, a in enumerate(state.legal_actions())]
        actions.index = 0 if actions.options else None  # ipywidgets 8 leaves a new list unselected
        view.clear_output(wait=True)
        with view:
            display(dark_horse_table(state) if game == "dark-horse" else western_legends_table(state))
            if game == "western-legends" or getattr(state, "board", None) is not None:
                plt.close("all")
                fig, ax = plt.subplots(figsize=(6, 4.5))
                (western_legends_board if game == "western-legends" else dark_horse_board)(state, ax=ax)
                plt.show()
            for event in state.log[-8:]:
                print({k: v for k, v in event.items() if k not in ("round",)})

    def handler(function):
        @shows_errors(messages)
        def run_it(_):
            function()
            render()
        return run_it

    back.on_click(handler(stepper.back))
    forward.on_click(handler(stepper.forward))
    step.on_click(handler(stepper.step))
    run.on_click(handler(lambda: stepper.run(25)))
    play.on_click(handler(lambda: stepper.choose(stepper.state.legal_actions()[actions.value])))
    render()
    box = w.VBox([w.HBox([back, forward, step, run, where]), w.HBox([actions, play]), view, messages])
    box.stepper, box.back_button, box.forward_button, box.step_button, box.run_button, box.play_button = (
        stepper, back, forward, step, run, play)
    box.actions, box.messages = actions, messages
    return box
