"""Spectators' boards, the referee's token, and what the app's Share screen shows.

No Flet in this package: the boards are plain HTML served next to the Flet app.
"""

from .reader import BoardReader, Followed
from .render import board_json
from .sharing import (
    Problem,
    Sharing,
    SharingService,
    Switch,
    interface_addresses,
    lan_addresses,
    lan_wanted,
    qr_fits,
    qr_matrix,
    qr_png,
    remember_lan,
)

__all__ = [
    "BoardReader",
    "Followed",
    "Problem",
    "Sharing",
    "SharingService",
    "Switch",
    "board_json",
    "interface_addresses",
    "lan_addresses",
    "lan_wanted",
    "qr_fits",
    "qr_matrix",
    "qr_png",
    "remember_lan",
]
