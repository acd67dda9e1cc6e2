"""What the Revolver engine needs of the content, for ``validate``: the Prison game's cards
(:func:`workbench.rules.revolver.requirements`), and every playable unit as ``play`` builds it
(:mod:`workbench.games.judge`): the game with its base decks, with each of the designer's
variants, and each of the designer's decks played by its side, graded as ``deck check`` grades
it (:func:`workbench.games.judge.deck_verdict`: a fact the texts leave unknown is a note, which
``play --deck`` refuses with the same problem as an error; anything else an error)."""
from __future__ import annotations


def requirements(library) -> list:
    """Everything that would stop ``play revolver`` (with or without ``--deck``) on this library."""
    from ...rules.revolver import requirements as prison
    from ..judge import deck_units_problems, judge

    if not any(d.game == "revolver" for d in library.documents):
        return []
    out = list(prison(library))
    variants = [{"variants": [d.id]} for d in library.of_kind("variant", "revolver") if library.reported(d)]
    for unit in [{}] + variants:
        out += judge("revolver", library, **unit)
    return out + deck_units_problems(library, "revolver")
