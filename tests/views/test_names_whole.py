"""Names under the settlement's pieces (issue 23, item 9): "Ann-Sofie Öh…" was cut with room
to spare in the row; each name now has the width it needs (up to what a row can spare, past
which it is made smaller to fit), never cut."""

from __future__ import annotations

import flet as ft

from companion.app import App
from companion.views import theme

from .helpers import identified, tap, walk
from .test_family_screens import app, new_family_table, reveal, state

__all__ = ["app"]  # the fixture, used by name


def test_the_settlements_names_are_whole(app: App) -> None:
    names = ("Ann-Sofie Öhrström", "Annunziata")
    screen = new_family_table(app, "cuccu", seats=names, dealer="Annunziata")
    tap(screen.view, "Deal")
    while state(screen).phase == "turns":
        tap(screen.view, "Stand")
    reveal(screen, **{"Ann-Sofie Öhrström": "1", "Annunziata": "2"})
    shown = identified(screen.view, "shown")
    texts = {t.value: t for t in walk(shown) if isinstance(t, ft.Text)}
    for name in names:
        text = texts[name]
        assert text.width is not None and text.size is not None
        assert 1.1 * theme.text_width(name, text.size) <= text.width, name  # bold


def test_a_long_name_round_the_table_is_made_smaller_not_cut() -> None:
    """A seat's tile round a tablet's table (190 px) and a phone's: "Ann-Sofie Öhrström" fits
    beside the dealer's badge, made smaller as much as it needs."""
    from companion.views.cuckoo.seats import SeatTile

    for mode, width, padding in (("full", 190.0, 24), ("compact", 176.0, 16)):
        tile = SeatTile("Ann-Sofie Öhrström")
        tile.set_mode(mode, width)  # type: ignore[arg-type]
        size = tile.name_text.size
        assert size is not None
        assert theme.text_width("Ann-Sofie Öhrström", size, theme.TEXT_SPACING) <= (
            width - padding - 30), mode
