"""Which module declares each game's effect vocabulary, told by the games' registry.

The registry (:mod:`workbench.games`, each game's entry naming its ``effects``) sits above the
rules layer, which cannot import it: the registry tells this table instead, and
:mod:`workbench.rules.effects` reads it. Importing the package (``import workbench``) imports the
registry, so every process knows every registered game's vocabulary before it asks. Light on
purpose (no imports): registering a game costs nothing.
"""
from __future__ import annotations

#: The games' vocabulary declaration modules, by the ``game:`` of their documents, in the order
#: they were registered.
DECLARED: dict[str, str] = {}
#: Each game's vocabulary once loaded (:func:`workbench.rules.effects.vocabulary`).
LOADED: dict = {}


def declare_vocabulary(game: str, module: str) -> None:
    """Say that the documents of ``game`` take the effects that ``module``'s ``declare()`` returns
    (called by the games' registry for each registered entry that has a vocabulary)."""
    if DECLARED.get(game, module) != module:
        raise ValueError(f"the documents of {game} already take the effects of {DECLARED[game]}, not {module}")
    DECLARED[game] = module


def forget_vocabulary(game: str) -> None:
    """Forget ``game``'s vocabulary (its registered entries are gone)."""
    DECLARED.pop(game, None)
    LOADED.pop(game, None)


def declared() -> list[str]:
    """The games (the ``game:`` of their documents) whose vocabularies are declared, in the order
    they were registered."""
    return list(DECLARED)
