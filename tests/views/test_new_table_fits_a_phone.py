"""New table's choices never run off a phone (issue 23, item 9: a Horse option ran off a
phone). Flutter never wraps a radio button's, a checkbox's or a switch's words, so each is
made small enough to fit the phone's width on one line: every game's rule books, house rules
and stakes, and each player as the first dealer, in each of the seven languages, on a 390 px
and a 360 px phone. Measured with
Roboto's advance widths."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import flet as ft
import pytest

from companion.app import App, Games
from companion.engine.registry import GAMES
from companion.i18n import LANGUAGES
from companion.views import theme
from companion.views.new_table import NewTableScreen

from .helpers import every_control, tap

# the page's padding (16 a side) and the radio button, checkbox or switch before the words
# (a radio's 40 px and its gap; a switch is wider, and its words get 8 px less)
BESIDE = {ft.Radio: 32 + 48, ft.Checkbox: 32 + 48, ft.Switch: 32 + 64}
READABLE = 11


@pytest.fixture
def app(tmp_path: Path) -> App:
    a = App(Games(tmp_path))
    a.start("/")
    return a


def labels(root: ft.Control) -> list[tuple[str, float, float]]:
    """Every choice's words with their size and the room beside its control."""
    found = []
    for c in every_control(root):
        if isinstance(c, (ft.Radio, ft.Checkbox, ft.Switch)) and isinstance(c.label, str):
            style = c.label_text_style if isinstance(c, ft.Switch) else c.label_style
            size = float(style.size) if style is not None and style.size else theme.BODY
            found.append((c.label, size, float(BESIDE[type(c)])))
    return found


@pytest.mark.parametrize("width", [390, 360])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_choice_on_new_table_fits_a_phone(app: App, lang: str, width: int) -> None:
    app._on_resize(SimpleNamespace(width=width, height=844))  # type: ignore[arg-type]
    app.set_language(lang, remember=False)
    tap(app.screen.view, app.tr("New table"))
    screen = app.screen
    assert isinstance(screen, NewTableScreen)
    for name in ("Ann-Sofie Öhrström", "Maximiliane Schwarzenbach"):  # up to 24 letters
        screen.name_field.value = name
        tap(screen.view, app.tr("Add player"))
    unfit = []
    for words, size, beside in labels(screen.view):  # "Dealer Maximiliane Schwarzenbach"
        if theme.text_width(words, size, theme.TEXT_SPACING) > width - beside:
            unfit.append(f"{words!r} at {size} px in {width - beside} px")
    for game in [g.id for g in GAMES]:
        screen.set_game(game, refresh=False)
        if screen.setup is None:
            continue
        for words, size, beside in labels(screen.setup.control):
            room = width - beside
            if theme.text_width(words, size, theme.TEXT_SPACING) > room or size < READABLE:
                unfit.append(f"{game}: {words!r} at {size} px in {room} px")
    assert unfit == []
