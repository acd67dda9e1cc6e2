"""A game registered from a package of its own, outside the workbench (the tests' fixture, no
published game): its registry entry, declared here as each game's package declares its own, is the
only place that says where its effect vocabulary, its requirement check (and how its answer is
kept), its audit checks, its parameters, its own command and its parts of the schemas are. ``tests/test_registry.py`` finds each of them
through ``validate``'s checks and the audit, which name no game.
"""
from workbench.games import Command, Entry, register

ENTRY = register(Entry(
    "fixture-duel", "Fixture Duel", "fixture-duel", "registry_game.rules:Duel", "registry_game.rules",
    "registry_game.requirements:requirements", effects="registry_game.effects",
    requirements_kept="fixture-duel-kept", requirements_worth_keeping_at="registry_game.requirements:worth",
    audit="registry_game.audit", commands=(Command("stare", "registry_game.commands", "cmd_stare"),),
    sources=("fixture-duel-rulebook",), schema_parts=(("character-roles", "registry_game.rules:CHARACTER_ROLES"),)))
