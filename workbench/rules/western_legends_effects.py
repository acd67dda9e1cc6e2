"""The Western Legends vocabulary: its resources (what a location action's cost or gain may name).
Its locations' and items' effects are still played by the engine's own code (not yet declared here)."""
from __future__ import annotations

from .effects import Vocabulary

RESOURCES = {
    "money": "dollars", "legend-points": "Legend Points (LP)", "marshal-point": "a step on the Marshal track",
    "wanted-point": "a step on the Wanted track", "gold-nugget": "a gold nugget", "poker-card": "a poker card",
    "wound": "a wound", "fight-card": "a fight card", "cattle-token": "a cattle token",
}


def declare() -> Vocabulary:
    return Vocabulary("western-legends", RESOURCES)
