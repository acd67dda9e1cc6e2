"""Search bots for every registered game: OpenSpiel's MCTS and information-set MCTS through the
adapter (:mod:`.spiel`), the same bot for every game and for a designer's new content.

``mcts``
    OpenSpiel's ``MCTSBot`` (UCT) searching the true state: it sees what the seat could not
    (another player's cards, a face-down hex), so it is a strong, cheating reference player.
``ismcts``
    OpenSpiel's ``ISMCTSBot``: each playout starts from a world resampled from what the seat has
    seen (:mod:`.visibility`), every node of its tree keyed by what the searching seat sees
    (single-observer ISMCTS, :class:`SeatKeyedISMCTS`): it does not cheat.

A name may carry a budget in playouts per decision: ``mcts-50``, ``ismcts-400`` (default
:data:`PLAYOUTS`), or in seconds: ``mcts-2s`` thinks about 2 seconds a decision, playing as many
playouts as a probe of :data:`PROBE` playouts on that decision says fit (OpenSpiel's bots count
playouts, not time). A seconds budget depends on the machine and its load, so the same seed no
longer gives the same game: sweeps that must replay use playouts. A decision with one legal
action is taken without search.

Leaves are valued by a rollout; how far it plays is declared by the game's registry entry
(``Entry.rollout_cutoff``, :func:`rollout_cutoff`):

``"depth"``
    cut after :data:`DEPTH` decisions (chance outcomes sampled on the way, not counted) and valued
    by the ruleset's scoring there: for a game whose scores move every few turns (Western Legends;
    the default).
``"end"``
    played to the end of the game and valued by its result: for a game whose scores move rarely
    (Dark Horse: six rounds, Reputation scoring a VP only at each 4th token of one hat) or whose
    value before the end misleads a short rollout (Revolver: cut at 8 decisions, about one turn,
    it won 80% against greedy instead of 98%; see the README).
``"scores-moved"``
    played on past the depth until the scores differ from the leaf's (Revolver's Prison Phase).

Measured over the same seeds (benchmarks/agents.py ladder; ``mcts-200``; wins-ties-losses):

=============================  ===========  ===========  =============================
Dark Horse, 6 rounds           depth        end          scores-moved (before)
=============================  ===========  ===========  =============================
High Noon vs greedy, 30        2-24-4       2-27-1       2-14-14
How the West was Won, 30       7-5-18       15-0-15      0-15-15
Pork Barrel vs mcts-10, 40     26-8-6       23-7-10      21-11-8
=============================  ===========  ===========  =============================

Cut at the depth, Dark Horse is blind where a VP takes two rounds of collecting (How the West was
Won's Carnival gives 2 Reputation a round: the search skipped collecting it, and lost as the first
seat, which wins every game greedy plays there); counting a token as a quarter VP did not help
(2-13-15). Played to the end it wins every game from the first seat (the seat decides that
scenario; see the README). Played on until the scores move, the cut is a stopping time read from
the scores, and it biases the value: from a leaf just at a scoring step (the 4th token of one hat)
the first move of the scores is most often down (a token of the other hat cancels one), so the
rollout stops there, while from a leaf below the step it stops on the way up. At a High Noon
position (1,500 rollouts each) with 2 White Hat, collecting the Marshal's 2 more was worth +0.007
and declining it -0.009 played on (the search declined it twice and lost the game), +0.087 and
-0.078 cut at the depth, +0.39 and +0.03 played to the end. In Western Legends playing on made the
rollouts 17 decisions long on average instead of 8 and halved how far the actions' values stand
apart against the rollouts' noise at 200 playouts: ``mcts-200`` fell from beating ``greedy`` to a
tie. A rollout's log and history are counted, not kept (:func:`~workbench.games.base.untracked`):
nobody reads them, and encoding every action cost about a tenth of a rollout.
The rollouts are played by the engine's own ``random`` bot where it has one (Dark Horse's
never passes while it can place a die; Western Legends' and Revolver's are their games' uniform
players), else uniformly over the legal actions. Measured (benchmarks/agents.py): with uniform
rollouts a Dark Horse rollout often passes with dice left to place, so a cut-off value says less and
``mcts-200`` lost to ``greedy`` in High Noon (2 wins, 12 ties, 6 losses in 20 paired games); with
the engine's random bot as the rollout policy it ties (2, 16, 2) at the scoring's ceiling.
A rollout that reaches the end is valued by the result (:func:`.spiel.outcome_returns`: +1 a
sole winner, 0 a shared win, -1 the others); one cut off is valued by the ruleset's own scoring, ``State.returns()`` (the points the rules give: Dark Horse's
Victory Points, Western Legends' Legend Points with end-game scoring, Revolver's share of the way
to each side's nearest victory condition, the Prison Phase's bandits):
:func:`value`. No weights of the bot's own.

Determinism: a bot draws its search seed from the game's bot generator (``play``'s
``Random(seed + 1)``), so the same seed plays the same game.
"""
from __future__ import annotations

import random
import time
import weakref

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from ..games import GAMES
from ..games.base import untracked
from .names import KINDS, PLAYOUTS, parse, think_seconds  # noqa: F401  (PLAYOUTS: the default budget, re-exported)
from .spiel import SpielState, outcome_returns, spiel_game

#: Decisions a rollout plays before it is valued by the scoring.
DEPTH = 8
#: UCT's exploration constant (values lie in [-1, 1]).
UCT_C = 2.0
#: Playouts a seconds budget times first, to see how many fit.
PROBE = 10


def value(state) -> list[float]:
    """A game not over, valued from the ruleset's scoring: each seat's lead over the best other
    seat, as a share of the points in play between them, in (-1, 1) (0 when level).

    >>> class S:
    ...     seats = ["red", "blue"]
    ...     def returns(self): return {"red": 3.0, "blue": 1.0}
    >>> value(S())
    [0.4, -0.4]
    """
    scores = state.returns()
    seats = state.seats
    out = []
    for name in seats:
        mine = float(scores[name])
        best = max((float(scores[o]) for o in seats if o != name), default=0.0)
        out.append((mine - best) / (abs(mine) + abs(best) + 1.0))
    return out


def uniform(state, rng: random.Random):
    """Any legal action, uniformly (the rollout policy of an engine without a ``random`` bot)."""
    return rng.choice(state.legal_actions())


def rollout_policy(game):
    """The rollout policy for an engine's game: its own ``random`` bot, else :func:`uniform`."""
    return getattr(game, "BOTS", {}).get("random", uniform)


def rollout_cutoff(game) -> str:
    """How a rollout past its depth is cut off in ``game``: as its registry entry declares
    (``Entry.rollout_cutoff``: ``"depth"`` or ``"scores-moved"``), ``"depth"`` for a game not
    registered."""
    entry = GAMES.get(getattr(game, "id", None))
    return entry.rollout_cutoff if entry is not None else "depth"


class CutoffRollout(mcts.Evaluator):
    """Rollouts by the engine's random bot on its fast path, cut off at ``depth`` decisions (see
    the module); ``policy`` overrides the rollout policy."""

    def __init__(self, depth: int, rng: random.Random, policy=None):
        self.depth, self.rng, self.policy = depth, rng, policy

    def evaluate(self, state):
        inner = state.inner.clone()
        untracked(inner)        # nobody reads a rollout's log or history: count them, keep nothing
        rng, decisions = self.rng, 0
        policy = self.policy or rollout_policy(inner.game)
        cutoff = rollout_cutoff(inner.game)
        until_moved = cutoff == "scores-moved"
        depth = self.depth if cutoff != "end" else float("inf")
        if not until_moved:     # the engine's own loop (State.playout): the same steps, fewer frames
            inner.playout(policy, rng, depth)
            return np.array(outcome_returns(inner) if inner.is_terminal() else value(inner))
        start = None
        while not inner.is_terminal():
            if decisions >= depth:
                if not until_moved:
                    break
                # cut off only once the scoring has moved since the leaf: a value read from
                # unchanged scores is the same for every action and tells the search nothing
                if start is None:
                    start = state.inner.returns()
                if inner.returns() != start:
                    break
            if inner.is_chance_node():
                inner.apply_in_place(inner.sample_chance(rng))
            else:
                inner.apply_in_place(policy(inner, rng))
                decisions += 1
        return np.array(outcome_returns(inner) if inner.is_terminal() else value(inner))

    def prior(self, state):
        if state.is_chance_node():
            return state.chance_outcomes()
        actions = state.legal_actions(state.current_player())
        return [(a, 1.0 / len(actions)) for a in actions]


class SeatKeyedISMCTS(ismcts.ISMCTSBot):
    """OpenSpiel's ISMCTS with every node keyed by what the searching seat sees (single-observer
    ISMCTS, Cowling, Powley and Whitehouse 2012), not by what the seat to move sees.

    Keyed by the mover's own view, another seat's node holds that seat's hand, which every
    resampled world deals afresh: measured at a Western Legends decision, 171 of 200 nodes were
    the other seat's and none was ever visited twice (Revolver: 25, none), so the other seat never
    chose in the tree and the search was one-sided (``benchmarks/ismcts.py``). Keyed by the
    searcher's view, the other seat's choices are shared by every world consistent with it."""

    observer = 0

    def get_state_key(self, state):
        # with the decisions taken since the root: the view alone merges positions reached by
        # different paths (a graph where UCT expects a tree); measured, that cost more than the
        # resampled worlds did (benchmarks/ismcts.py)
        return state.current_player(), state.information_state_string(self.observer), state.decided

    def get_final_policy(self, state, node):
        """The most visited action, ties broken by the mean return, as OpenSpiel's ``MCTSBot``
        chooses. OpenSpiel's ISMCTS breaks the ties at random: at a budget near the number of
        legal actions most actions are tied at one visit, and it played nearly at random (0 of 6
        Western Legends games against ``mcts-20`` at 20 playouts; 0 of 5 even searching the true
        state: ``benchmarks/ismcts.py``)."""
        best = max(node.child_info.items(), key=lambda item: (item[1].visits, item[1].value() if item[1].visits else -2.0))[0]
        return [(action, 1.0 if action == best else 0.0) for action in state.legal_actions()]


def names() -> list[str]:
    """The search bots' names (without a budget)."""
    return list(KINDS)


_GAMES: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def _spiel(state):
    """The OpenSpiel game of an engine state's game and player count (made once)."""
    per_game = _GAMES.setdefault(state.game, {})
    players = len(state.seats)
    if players not in per_game:
        per_game[players] = spiel_game(state.game, players)
    return per_game[players]


def make_searcher(kind: str, game, state, seed: int, budget: int, depth: int = DEPTH):
    """OpenSpiel's searcher of ``kind`` (``mcts`` or ``ismcts``) for a decision of the engine state
    ``state`` of the OpenSpiel game ``game``: ``budget`` playouts, seeded by ``seed``."""
    evaluator = CutoffRollout(depth, random.Random(seed))
    numpy_rng = np.random.RandomState(seed)
    if kind == "mcts":
        return mcts.MCTSBot(game, UCT_C, budget, evaluator, random_state=numpy_rng, solve=False)
    worlds, seat = random.Random(seed ^ 0x5EED), state.current_player()
    searcher = SeatKeyedISMCTS(game, evaluator, UCT_C, budget, random_state=numpy_rng,
                               allow_inconsistent_action_sets=True)
    searcher.observer = state.seats.index(seat)
    searcher.set_resampler(lambda s, player: SpielState(game, game.visibility.resample(s.inner, seat, worlds)))
    return searcher


def search_bot(name: str, *, depth: int = DEPTH):
    """The bot called ``name`` (``mcts``, ``ismcts``, with an optional ``-PLAYOUTS``) as the
    engines' bots are: ``bot(state, rng) -> action``."""
    parsed = parse(name)
    if parsed is None:
        raise ValueError(f"not a search bot: {name}")
    kind, playouts = parsed
    seconds = think_seconds(name)

    def bot(state, rng: random.Random):
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        game = _spiel(state)
        seed = rng.getrandbits(32)
        root = game.wrap(state)
        budget = playouts
        if seconds is not None:     # time a probe, then spend the rest of the seconds at that rate
            started = time.perf_counter()
            make_searcher(kind, game, state, seed, PROBE, depth).step(root.clone())
            took = max(time.perf_counter() - started, 1e-6)
            budget = max(PROBE, int(PROBE * seconds / took) - PROBE)
        return root.engine_action(make_searcher(kind, game, state, seed, budget, depth).step(root))

    bot.__name__ = name
    return bot
