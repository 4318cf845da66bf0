"""The table's title (issue 23, item 9): the round comes first, so a long rule book's name is
what the bar cuts, never the round; and once a settlement is put away the title is at the
round dealt next, as the question is ("Bo deals round 2")."""

from __future__ import annotations

from companion.app import App

from .helpers import tap
from .test_family_screens import app, new_family_table, reveal, state

__all__ = ["app"]  # the fixture, used by name


def test_the_title_names_the_round_first_and_follows_it_past_a_settlement(app: App) -> None:
    screen = new_family_table(app, "cuccu", seats=("Ann", "Bo"))
    assert screen.title.value == "Round 1 · Cuccù · the Campli rules"
    tap(screen.view, "Deal")
    while state(screen).phase == "turns":
        tap(screen.view, "Stand")
    reveal(screen, Ann="1", Bo="2")
    assert screen.title.value == "Round 1 · Cuccù · the Campli rules"  # the settlement's round
    tap(screen.view, "Next round")
    assert screen.title.value == "Round 2 · Cuccù · the Campli rules"



def test_gnavs_title_names_the_round_first_too(app: App) -> None:
    """Every game's table titles the round first; Gnav's tablet title read "Gnav · damm ·
    Round 1", the round last, where a narrower bar cuts."""
    from .test_screens import new_game
    app.width, app.height = 1280, 800
    screen = new_game(app)
    tap(screen.view, "Deal")
    assert screen.title.value == "Round 1 · Gnav · damm"
