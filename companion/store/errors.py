"""The store's one error: a plain sentence the referee can read."""

from __future__ import annotations


class StoreError(Exception):
    """The games file cannot do what was asked; the message is one sentence for the referee."""
