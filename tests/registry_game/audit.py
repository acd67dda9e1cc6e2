"""The fixture game's audit check: a sentence of its (fixture) rules checked on a replayed log."""
from workbench.audit.invariants import Played, invariant


@invariant("fixture-duel", "two-duellists", "A duel is fought by two duellists.", "the fixture game",
           on=("start",))
def two_duellists(played: Played):
    duellists = played.states[0].get("duellists") or []
    if len(duellists) != 2:
        yield f"{played.where(0)}: {len(duellists)} duellists"
