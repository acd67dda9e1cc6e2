"""Western Legends: its seeded, audited conformance games' settings (:mod:`workbench.games.conformance`),
named by its registry entry (``conformance_at``)."""
from ..conformance import Setting

SETTINGS = [
    Setting("western-legends", "short game", players=(2, 3, 4, 5, 6), rounds=60),
    Setting("western-legends", "long game", players=(3, 4), rounds=60, options=(("length", "long"),)),
    Setting("western-legends", "the goal card variant", players=(2, 3, 4), rounds=60, variants=("goal-cards",),
            needs=("goal-cards",)),
    Setting("western-legends", "random bots (heists, robberies, arrests)", players=(3, 4), rounds=30,
            bots=("random",)),
]
