"""Spectators' boards, the referee's token, and what the app's Share screen shows.

No Flet in this package: the boards are plain HTML served next to the Flet app.
"""

from .reader import BoardReader, Followed
from .render import board_json, result_text
from .sharing import (
    Sharing,
    configure,
    current,
    is_loopback,
    lan_addresses,
    qr_matrix,
    qr_png,
)

__all__ = [
    "BoardReader",
    "Followed",
    "Sharing",
    "board_json",
    "configure",
    "current",
    "is_loopback",
    "lan_addresses",
    "qr_matrix",
    "qr_png",
    "result_text",
]
