"""Western Legends: poker hands and saloon poker, and the turn engine on a grid map.

Its registry entry, the game's only per-game table, is declared here (the modules named as
strings, so importing the registry imports no engine).
"""
from .. import Command, Entry, register

ENTRY = register(Entry(
    "western-legends", "Western Legends", "western-legends",
    "workbench.games.western_legends.engine:WesternLegends", "workbench.rules.western_legends",
    "workbench.games.western_legends.requirements:checked_once_per_ruleset",
    seats_at="workbench.games.western_legends.engine:NAMES", describe_at="workbench.games.western_legends.view:log_line",
    view_at="workbench.games.western_legends.view:VIEW",
    play_options=frozenset({"length", "variant", "set"}), default_rounds=60, default_bot="greedy",
    rollout_cutoff="depth", visibility_at="workbench.games.western_legends.visibility:VISIBILITY",
    effects="workbench.rules.western_legends_effects", requirements_kept="western-legends-content",
    audit="workbench.audit.western_legends", codes_at="workbench.games.western_legends.poker:CODES",
    conformance_at="workbench.games.western_legends.conformance:SETTINGS",
    commands=(Command("poker", "workbench.cli.poker", "cmd_poker", actions=True),),
    sources=("western-legends",), balance_runs_at="workbench.games.western_legends.engine:balance_run_game",
    schema_parts=(("location-effects", ""), ("location-roles", "workbench.rules.western_legends_effects:ROLES"),
                  ("item-timings", "workbench.rules.western_legends_effects:ITEM_TIMINGS"),
                  ("character-roles", "workbench.rules.western_legends:CHARACTER_ROLES"))))
