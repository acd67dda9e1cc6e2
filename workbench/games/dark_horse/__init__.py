"""Dark Horse with Rebels & Rogues: gunfights, reputation, and the dice-placement turn engine.

Its registry entry, the game's only per-game table, is declared here (the modules named as
strings, so importing the registry imports no engine).
"""
from .. import Command, Entry, register

ENTRY = register(Entry(
    "dark-horse", "Dark Horse", "dark-horse", "workbench.games.dark_horse.engine:DarkHorse",
    "workbench.rules.dark_horse", "workbench.games.dark_horse.setups:requirements",
    seats_at="workbench.games.dark_horse.engine:PLAYER_NAMES", describe_at="workbench.games.dark_horse.engine:describe",
    view_at="workbench.games.dark_horse.view:VIEW",
    play_options=frozenset({"scenario", "hire", "variant", "set"}), default_rounds=3, default_bot="random",
    declared_length=True,
    rollout_cutoff="end", visibility_at="workbench.games.dark_horse.visibility:VISIBILITY",
    effects="workbench.rules.dark_horse_effects",
    # the setup search builds engines: its answer is kept, when a setup is searched at all
    requirements_kept="dark-horse-setups", requirements_worth_keeping_at="workbench.games.dark_horse.setups:searched",
    audit="workbench.audit.dark_horse",
    conformance_at="workbench.games.dark_horse.conformance:SETTINGS",
    commands=(Command("gunfight", "workbench.cli.gunfight", "cmd_gunfight"),), board_rules=True, gunfights_at="workbench.games.dark_horse.gunfight",
    sources=("dark-horse-base-excerpt", "dark-horse-rebels-and-rogues"),
    schema_parts=(("option-effects", ""), ("role-powers", "workbench.rules.dark_horse_effects:ROLE_POWERS"),
                  ("character-roles", "workbench.rules.dark_horse:CHARACTER_ROLES")),
    # benchmarks/ladder.py (12-04, 2 players, seats swapped): at 20 playouts the lab's player only
    # drew with the reference player in High Noon (4-3-3); at 100 it won 8-0-2, and 10-0-0 against
    # random (docs/explanation/balance-lab.md)
    lab_playouts=100))
