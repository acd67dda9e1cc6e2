"""Frontier Workbench: validate, explore and play Wild West board-game designs."""

__version__ = "0.1.0"
