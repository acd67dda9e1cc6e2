"""What every game engine's state shares: ``apply`` returns a new state and leaves the old one
alone, so a notebook can keep the whole history and step back and forth for free."""
from __future__ import annotations

import copy


class Replayable:
    """Mixin: subclasses define ``legal_actions()`` and ``_apply(action)`` (which mutates)."""

    def apply(self, action):
        """The state after ``action``; raises ``ValueError`` for an action that is not legal now."""
        if action not in self.legal_actions():
            raise ValueError(f"{action} is not legal now")
        state = copy.deepcopy(self)
        state._apply(action)
        return state
