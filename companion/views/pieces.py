"""Every pack's pieces drawn the same way everywhere: each its own picture, a round wooden man
(SVG files under assets/pieces/, drawn by tools/draw_pieces.py; no emoji, no icon font)."""

from __future__ import annotations

import flet as ft

from companion.deck.pictures import picture_name
from companion.engine.registry import GAMES


def piece_src(name: str, game: str | None = None) -> str:
    """The picture's path inside the app's assets folder (served by the app's own server): the
    piece `name` as `game` shows it (one id may be another picture in another game's pack; no
    game: the registry's first, whose pieces a version 1 journal names)."""
    return f"pieces/{picture_name(name, game or GAMES.first.id)}.svg"


def piece_image(name: str, size: float = 64, game: str | None = None,
                decorative: bool = False) -> ft.Image:
    """`decorative`: the piece's name is beside the picture (on a button, under it), so a
    screen reader skips the picture rather than read an unnamed image."""
    return ft.Image(src=piece_src(name, game), width=size, height=size, fit=ft.BoxFit.CONTAIN,
                    exclude_from_semantics=decorative)


def piece_face(name: str, size: float = 40, game: str | None = None,
               matador: bool | None = None, decorative: bool = False) -> ft.Container:
    """The picture in a ring: matadors ringed in the primary colour, the rest plain. Another
    game's piece is drawn as `game` shows it and says itself whether it is a matador."""
    if matador is None:
        deck = GAMES[game or GAMES.first.id].deck
        matador = deck is not None and name in deck.matadors
    return ft.Container(
        content=piece_image(name, size - 4, game, decorative),
        width=size,
        height=size,
        alignment=ft.Alignment.CENTER,
        shape=ft.BoxShape.CIRCLE,
        border=ft.Border.all(2 if matador else 1,
                             ft.Colors.PRIMARY if matador else ft.Colors.OUTLINE_VARIANT),
    )
