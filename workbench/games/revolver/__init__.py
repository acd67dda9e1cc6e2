"""Revolver 1.2 Hunt the Man Down: scope targeting, the Prison Phase as a game, bullet wounds, FAQ rulings.

Every number comes from the resolved ruleset (:mod:`.parameters`); every draw is a chance node and
every choice a decision or a caller's policy, all in the state's log.
"""

from .. import Entry, register

# The registry entries of the game and of its Prison Phase played as a game of its own (the game's
# only per-game table; the modules named as strings, so importing the registry imports no engine).
ENTRY = register(Entry(
    "revolver", "Revolver", "revolver", "workbench.games.revolver.engine:Revolver",
    "workbench.rules.revolver", "workbench.games.revolver.requirements:requirements",
    seats_at="workbench.games.revolver.engine:SIDES", describe_at="workbench.games.revolver.engine:describe",
    view_at="workbench.games.revolver.view:VIEW",
    play_options=frozenset({"variant", "set", "deck"}), default_rounds=200, default_bot="greedy",
    default_players=2, rollout_cutoff="end", visibility_at="workbench.games.revolver.visibility:VISIBILITY",
    effects="workbench.rules.revolver_effects", audit="workbench.audit.revolver",
    conformance_at="workbench.games.revolver.conformance:SETTINGS",
    sources=("revolver-1-2-hunt-the-man-down",), schema_parts=(("card-effects", ""), ("character-roles", "workbench.rules.revolver:CHARACTER_ROLES"))))
PRISON = register(Entry(
    "revolver-prison", "Revolver: the Prison Phase", "revolver", "workbench.games.revolver.rules:RevolverPrison",
    "workbench.rules.revolver", "workbench.rules.revolver:requirements", rollout_cutoff="scores-moved",
    visibility_at="workbench.games.revolver.visibility:PRISON", effects="workbench.rules.revolver_effects"))
