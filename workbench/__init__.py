"""Frontier Workbench: validate, explore and play Wild West board-game designs."""

__version__ = "0.1.0"

# Importing the package registers its games (each game's package declares its own entry: light,
# no engine), so whatever a process imports first, every layer knows every registered game.
from . import games as _games  # noqa: E402,F401
