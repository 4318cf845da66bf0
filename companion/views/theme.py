"""Looks shared by every screen: the seed colour, type sizes read at arm's length, touch sizes."""

from __future__ import annotations

import flet as ft

from companion.text_widths import EM, FIRST, WIDTHS

SEED = "#8B1A1A"  # the deep red of the old Gnav packs
TOUCH = 48  # the smallest thing a finger taps, in logical pixels
BIG_TOUCH = 64  # the answers at the bottom of the table screen

# Type sizes: the table is read standing, from about a metre away.
TITLE = 26
BODY = 18
NAME = 22
BANNER = 26
QUESTION = 24
SMALL = 15

PHONE_WIDTH = 700  # below this the seats are a list and the picker stacks
SIDEWAYS_HEIGHT = 500  # wider than a phone but below this tall (a phone held sideways): the
# table puts the seats beside the question, not above it


def themes() -> tuple[ft.Theme, ft.Theme]:
    """Light and dark Material 3 themes from the one seed colour.

    Standard visual density everywhere: Flutter picks the compact one on a desktop browser,
    which shrinks radio buttons, checkboxes and icon buttons to 40 px targets; this app is
    tapped with a finger whatever the browser (48 px, `TOUCH`)."""
    light = ft.Theme(color_scheme_seed=SEED, use_material3=True,
                     visual_density=ft.VisualDensity.STANDARD)
    dark = ft.Theme(color_scheme_seed=SEED, use_material3=True,
                    visual_density=ft.VisualDensity.STANDARD)
    return light, dark


def big_button_style() -> ft.ButtonStyle:
    return ft.ButtonStyle(
        padding=ft.Padding.symmetric(horizontal=24, vertical=12),
        text_style=ft.TextStyle(size=QUESTION, weight=ft.FontWeight.W_600),
        shape=ft.RoundedRectangleBorder(radius=16),
    )


def button_style() -> ft.ButtonStyle:
    return ft.ButtonStyle(
        padding=ft.Padding.symmetric(horizontal=18, vertical=10),
        text_style=ft.TextStyle(size=BODY),
    )


# Material 3 spaces a button's label by 0.1 px a letter (labelLarge), any other text by 0.25
# (bodyMedium, a Text's default); a pixel more for the page's rounding
BUTTON_SPACING = 0.1
TEXT_SPACING = 0.25
SLACK = 1.0


def text_width(text: str, size: float, spacing: float = BUTTON_SPACING) -> float:
    """`text`'s width in logical pixels at `size` in Roboto, the one font of the web client,
    with `spacing` between letters; a character outside the table counts as the widest."""
    widest = max(WIDTHS)
    em = sum(WIDTHS[ord(c) - FIRST] if 0 <= ord(c) - FIRST < len(WIDTHS) else widest
             for c in text)
    return em / EM * size + spacing * len(text) + SLACK


def fitted_size(text: str, size: float, width: float, spacing: float = BUTTON_SPACING) -> float:
    """The size at which `text` fits on one line in `width` px: `size` when it fits there,
    else smaller, to the half pixel (a name is never broken inside a word, only made smaller,
    and only as much as it needs)."""
    fitted = float(size)
    while fitted > 1 and text_width(text, fitted, spacing) > width:
        fitted -= 0.5
    return fitted


def label_style(text: str, room: float, size: float = BODY) -> ft.TextStyle:
    """A radio button's, a checkbox's or a switch's words in `room` px on one line: Flutter
    never wraps them, so a long one ("Dragon: til venstre for den som har dragonen") ran off a
    phone; made just small enough to fit, no smaller than is read at arm's length."""
    return ft.TextStyle(size=max(11.0, fitted_size(text, size, room, TEXT_SPACING)))


def label_room(width: float) -> float:
    """The room a choice's words have on New table in a window `width` px wide: the page's
    less its padding, the radio button, checkbox or switch before them and a little to spare."""
    return width - 32 - 72
