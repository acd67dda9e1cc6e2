"""The Dark Horse bots every front end seats: random, greedy (the reference player) and the former
fixed-weight bot.

``random`` (any legal action); ``greedy``, also called ``osla``: the reference player of every game,
a one-step lookahead on the ruleset's own scoring (:func:`workbench.games.base.one_step_lookahead`;
Dark Horse's :meth:`~.game_end.GameEnd.score`: Victory Points and the Reputation tokens on the way to
the next); ``fixed-weights``, the former ``greedy``: the most value for the cost by the bot's own
fixed weights, not the rules' (it never used an authored Builder and lost to random in Pork Barrel,
issue 41), kept to compare against. The search bots are in :mod:`workbench.agents`.
"""
from __future__ import annotations

import random

from ..base import State, one_step_lookahead          # the bots' state: the Dark Horse State is one
from .actions import HEX, Action, _below


def random_bot(state: State, rng: random.Random) -> Action:
    """Any legal action, uniformly (passing only when nothing else is legal... or by chance)."""
    actions = state.legal_actions()
    if state.phase == "placement" and not state.interrupt:
        useful = actions[1:] or actions     # a turn's listing is the pass, then no other pass or skip
    else:
        useful = [a for a in actions if a.kind not in ("pass", "skip")] or actions
    if not useful:
        raise IndexError("no legal action to choose from")
    return useful[_below(rng, len(useful))]       # rng.choice(useful)


VALUES = {"gold": 4, "silver": 1, "influence": 5, "vote": 2, "white-hat": 1, "black-hat": 1, "any-reputation": 1,
          "wild-die-token": 2, "engineer-token": 2, "cowboy-boot-token": 1, "bonus-die": 2, "food": 1, "wood": 1, "ore": 1}


def fixed_weight_bot(state: State, rng: random.Random) -> Action:
    """The former ``greedy``: the action whose option gains the most value for its cost (the bot's
    own fixed weights, not rules); builds next to its own pieces; ties broken by the seed."""
    actions = state.legal_actions()
    if state.phase == "build":
        mine = [p.at for p in state.pieces if p.player == state.current_player()]
        if not mine:
            return rng.choice(actions)
        board = state.game.board
        distance = {a: min(board.distance(a.at, m) for m in mine) for a in actions}
        nearest = min(distance.values())
        return rng.choice([a for a in actions if distance[a] == nearest])

    def options_of(space: str) -> list[dict]:
        if space.startswith(HEX):
            entry = state.mystery.get(space[len(HEX):])
            return state.game.mystery_types[entry["type"]]["options"] if entry else [{}]
        return state.game.spaces[space]["options"]

    def worth(option: dict) -> float:
        return (sum(VALUES.get(g, 1) * n for g, n in (option.get("gain") or {}).items() if isinstance(n, int))
                - sum(VALUES.get(g, 1) * n for g, n in (option.get("cost") or {}).items() if isinstance(n, int))
                + len(option.get("effects") or []))

    def value(action: Action) -> float:
        if action.kind in ("collect", "mystery"):
            return worth(options_of(action.space)[action.option])
        if action.kind == "place":
            best = max(sum(VALUES.get(g, 1) * n for g, n in (o.get("gain") or {}).items() if isinstance(n, int))
                       for o in options_of(action.space))
            return best - 0.1 * sum(action.dice) - 0.5 * len(action.uses)  # keep high dice and tokens
        if action.kind == "rob":    # the Silver on the space, if nobody answers
            return state.robbery_silver.get(action.space, 0) * VALUES["silver"]
        if action.kind == "challenge":
            return 1
        if action.kind == "trade-influence":
            trade = state.rules.influence_for_reputation
            return trade["gain_reputation"] * VALUES["white-hat"] - trade["pay_influence"] * VALUES["influence"]
        return 0 if action.kind == "skip" else -1
    best = max(value(a) for a in actions)
    return rng.choice([a for a in actions if value(a) == best])


#: The reference player (``greedy`` on the command line and in the docs, ``osla`` by its kind).
greedy_bot = one_step_lookahead

#: ``random`` first (``play``'s default), the reference player last (a chooser's first seat gets it)
BOTS = {"random": random_bot, "fixed-weights": fixed_weight_bot, "osla": one_step_lookahead, "greedy": greedy_bot}
