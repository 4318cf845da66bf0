"""The sentences of the referee's gate, in the browser's language (companion.board.web sends
them as short plain-text pages when it refuses a request). No Flet here."""

from __future__ import annotations

from companion.i18n import Tr


def gate_words(tr: Tr) -> dict[str, str]:
    """Every refusal the gate answers with; {addresses} is filled by the gate."""
    _ = tr
    return {
        "wrong_host": _("This app answers only to its own addresses: {addresses}."),
        "other_page": _("Only the app's own pages may ask this."),
        "referee_only": _("Only the referee controls the game."),
    }
