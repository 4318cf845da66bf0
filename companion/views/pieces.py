"""The 21 pieces drawn the same way everywhere: a round wooden man with its picture or number.

Pictures are Material icons from the bundled icon font (emoji are not reliable offline).
"""

from __future__ import annotations

import flet as ft

PICTURES: dict[str, ft.IconData] = {
    "cuckoo": ft.Icons.FLUTTER_DASH,
    "dragoon": ft.Icons.SHIELD,
    "cat": ft.Icons.PETS,
    "horse": ft.Icons.BEDROOM_BABY,
    "house": ft.Icons.HOUSE,
    "pot": ft.Icons.LOCAL_FLORIST,
    "owl": ft.Icons.NIGHTLIGHT,
    "fool": ft.Icons.THEATER_COMEDY,
}


def piece_face(name: str, size: float = 40) -> ft.Container:
    """A disc showing the piece; matadors in the primary colour, the rest plain."""
    matador = name in ("cuckoo", "dragoon", "cat", "horse", "house")
    picture = PICTURES.get(name)
    inner: ft.Control
    if picture is not None:
        inner = ft.Icon(picture, size=size * 0.6,
                        color=ft.Colors.ON_PRIMARY if matador else ft.Colors.ON_SECONDARY_CONTAINER)
    else:
        inner = ft.Text(name, size=size * 0.45, weight=ft.FontWeight.BOLD,
                        color=ft.Colors.ON_SECONDARY_CONTAINER)
    return ft.Container(
        content=inner,
        width=size,
        height=size,
        alignment=ft.Alignment.CENTER,
        shape=ft.BoxShape.CIRCLE,
        bgcolor=ft.Colors.PRIMARY if matador else ft.Colors.SECONDARY_CONTAINER,
        border=ft.Border.all(1, ft.Colors.OUTLINE),
    )
