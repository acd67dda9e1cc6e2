"""Players that play the game: an OpenSpiel adapter for every registered game and the search bots.

Layering: this package sits above :mod:`workbench.games` (it reads the registry and the engines'
state API) and below :mod:`workbench.balance` (the lab plays its bots). OpenSpiel (``open-spiel``,
in the ``balance`` extra) is imported only here.

* :mod:`.visibility` — what each seat may see of a state, and resampling what it cannot see;
* :mod:`.spiel` — every registered game as an OpenSpiel Python game (``pyspiel.load_game``);
* :mod:`.bots` — ``mcts`` and ``ismcts`` (OpenSpiel's MCTSBot and ISMCTSBot through the adapter),
  rollouts cut off at a depth and valued by the ruleset's own scoring.
"""
