"""Gwra pyskessa's screens: the table (screen.py), its card faces (cards.py)."""

from .screen import GoFishScreen, gofish_state

__all__ = ["GoFishScreen", "gofish_state"]
