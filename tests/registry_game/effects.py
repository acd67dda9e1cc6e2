"""The fixture game's effect vocabulary: one resource and one effect its engine does not play."""
from workbench.rules.effects import Vocabulary


def declare() -> Vocabulary:
    words = Vocabulary("fixture-duel", {"grit": "the fixture game's only good"})
    words.declare("stare-down", "the duellists stare at each other", "the fixture game (tests/registry_game)",
                  played=False, reason="the fixture game's engine has no stare-downs")
    return words
