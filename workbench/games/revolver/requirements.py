"""What the Revolver engine needs of the content, for ``validate``: the Prison game's cards
(:func:`workbench.rules.revolver.requirements`), and every playable unit as ``play`` builds it
(:mod:`workbench.games.judge`): the game with its base decks, and each of the designer's decks
played by its side."""
from __future__ import annotations


def requirements(library) -> list:
    """Everything that would stop ``play revolver`` (with or without ``--deck``) on this library."""
    from ...rules.revolver import requirements as prison
    from ..judge import deck_units, judge

    if not any(d.game == "revolver" for d in library.documents):
        return []
    out = list(prison(library))
    for unit in [{}] + deck_units(library):
        out += judge("revolver", library, **unit)
    return out
