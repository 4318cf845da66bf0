"""Small card faces for Gwra pyskessa's sets: the rank on white, as a card lies on the table."""

from __future__ import annotations

import flet as ft

from companion.engine.gwra_pyskessa import RANK

FACE_WIDTH = 34
FACE_HEIGHT = 46


def card_face(rank: str, label: str, big: bool = False, scale: float = 1.0) -> ft.Control:
    """One set of four laid down, drawn as a card of its rank; `label` names it for a screen
    reader (the Cornish word and its meaning). `scale`: smaller in a seat's tile."""
    scale = 1.4 if big else scale
    r = RANK[rank]
    return ft.Semantics(label=label, container=True, exclude_semantics=True, content=ft.Container(
        content=ft.Text(r.id, size=18 * scale, weight=ft.FontWeight.BOLD,
                        color=ft.Colors.BLACK, text_align=ft.TextAlign.CENTER),
        width=FACE_WIDTH * scale, height=FACE_HEIGHT * scale,
        alignment=ft.Alignment.CENTER, bgcolor=ft.Colors.WHITE, border_radius=5,
        border=ft.Border.all(1.5, ft.Colors.OUTLINE),
    ))
