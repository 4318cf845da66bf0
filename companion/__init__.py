"""Gnav Companion: a referee app for the table game Gnav."""

__version__ = "0.1.0"
