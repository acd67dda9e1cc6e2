"""Revolver: its seeded, audited conformance games' settings (:mod:`workbench.games.conformance`),
named by its registry entry (``conformance_at``)."""
from ..conformance import Setting

SETTINGS = [
    Setting("revolver", "the whole game (illustrative decks)", players=(2,), rounds=200),
    Setting("revolver", "random bots", players=(2,), rounds=200, bots=("random",)),
    Setting("revolver", "Module 1: the Prison and the ambush card", players=(2,), rounds=200,
            variants=("hunt-the-man-down-module-1",), needs=("hunt-the-man-down-module-1",)),
]
