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
        tile.dealer.visible = True  # the seat deals: its badge beside the name
        tile._fit_name()
        size = tile.name_text.size
        assert size is not None
        assert theme.text_width("Ann-Sofie Öhrström", size, theme.TEXT_SPACING) <= (
            width - padding - 30), mode


def test_a_long_name_round_a_phones_table_has_the_badges_room_when_it_does_not_deal() -> None:
    """Round a 390 px phone's table a tile is 117 px wide: "Bartholomew" was cut
    ("Bartholom…") beside a dealer's badge it did not have; only the seat that deals keeps the
    badge's room, and a name is sized again when the deal passes to it or on."""
    from companion.views.cuckoo.seats import SeatTile

    for name in ("Bartholomew", "Annunziata"):
        tile = SeatTile(name)
        tile.set_mode("compact", 117.0)
        size = tile.name_text.size
        assert size is not None and size >= theme.SMALL - 2
        assert theme.text_width(name, size, theme.TEXT_SPACING) <= 117 - 16, name
    tile.dealer.visible = True  # Annunziata deals: smaller, beside the badge
    tile._fit_name()
    dealing = tile.name_text.size
    assert dealing is not None and dealing < size
    assert theme.text_width("Annunziata", dealing, theme.TEXT_SPACING) <= 117 - 16 - 30
