"""Dark Horse: its seeded, audited conformance games' settings (:mod:`workbench.games.conformance`),
named by its registry entry (``conformance_at``)."""
from ..conformance import Setting

#: Characters hired at the start so that robberies, challenges and gunfights happen (the published
#: Rebels & Rogues characters' gunfight icons are not in the texts; the test corpus's fixture
#: characters have some).
ROBBERS = {"red": ["fixture-bandit", "fixture-rustler"], "blue": ["fixture-deputy"], "green": ["fixture-gunslinger"],
           "yellow": ["fixture-coward"]}

SETTINGS = [
    Setting("dark-horse", "base game"),
    Setting("dark-horse", "High Noon", "high-noon"),
    Setting("dark-horse", "Wild Wild West", "wild-wild-west", players=(2,)),
    Setting("dark-horse", "Pork Barrel", "pork-barrel"),
    Setting("dark-horse", "How the West was Won", "how-the-west-was-won"),
    Setting("dark-horse", "robbers and challengers", "fixture-heist", players=(3, 4), characters=ROBBERS,
            needs=("fixture-heist",)),
    Setting("dark-horse", "two banks and a Marshal", "fixture-two-banks", players=(4, 3), characters=ROBBERS,
            needs=("fixture-two-banks",)),
    Setting("dark-horse", "a fair: Carnival, votes, Influence and Gold", "fixture-fair", rounds=8,
            needs=("fixture-fair",)),
    Setting("dark-horse", "a Builder and Improved Town hexes", "fixture-improvements", rounds=8,
            needs=("fixture-improvements",)),
    Setting("dark-horse", "a territory crowded with Mystery Hexes", "fixture-mysteries", players=(2, 3), rounds=8,
            needs=("fixture-mysteries",)),
    Setting("dark-horse", "Wild Wild West with a bank to rob", "wild-wild-west", players=(2,),
            characters={"red": ["fixture-bandit"], "blue": ["fixture-gunslinger"]},
            variants=("fixture-bank-in-play",), needs=("fixture-bank-in-play",)),
]
