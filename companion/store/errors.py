"""The store's one error: a plain sentence the referee can read."""

from __future__ import annotations

from companion.core.errors import Text, as_text


class StoreError(Exception):
    """The games file cannot do what was asked; the message is one sentence for the referee.

    Like the engine's GnavError: `StoreError(template, **values)`, `str(err)` the English
    sentence and `err.text` the Text a view translates.
    """

    def __init__(self, message: str, /, **values: object) -> None:
        text = Text(message, **values) if values else as_text(message)
        super().__init__(text)
        self.text: Text = text
