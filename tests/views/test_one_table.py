"""Issue 22, item 3: one table screen for every game. Whatever the game, its table is the same
screen (views/shell/table.py) with the game's parts, so what one table can do every table
does: the wake lock asked again at a tap, what was half entered (the pieces picked, an Inn's
price, an ask's seat) kept through a turned screen and a language switch, the same tools."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import flet as ft
import pytest

from companion.app import App, Games
from companion.views.shell.table import TableScreen

from .helpers import buttons, tap, texts, walk

SEATS = '["Ann", "Bo", "Cy"]'
HEADERS = {
    "gnav": '{"ev": "table", "version": 1, "rules": "damm", "stakes": {"kind": "counters", '
            '"each": 3}, "seats": ' + SEATS + ', "dealer": "Ann"}',
    "kille": '{"ev": "table", "version": 2, "game": "kille", "rules": "byteskille", '
             '"stakes": {"kind": "stake", "rebuys": 3}, "seats": ' + SEATS + ', "dealer": "Ann"}',
    "cuccu": '{"ev": "table", "version": 2, "game": "cuccu", "rules": "campli", '
             '"stakes": {"kind": "lives", "each": 3}, "seats": ' + SEATS + ', "dealer": "Ann"}',
    "slabberjan": '{"ev": "table", "version": 2, "game": "slabberjan", "rules": "family", '
                  '"stakes": {"kind": "counters", "each": 5}, "seats": ' + SEATS
                  + ', "dealer": "Ann"}',
    "vogelspiel": '{"ev": "table", "version": 2, "game": "vogelspiel", "rules": "adrian", '
                  '"stakes": {"kind": "lives", "each": 3}, "seats": ' + SEATS
                  + ', "dealer": "Ann"}',
    "gwra-pyskessa": '{"ev": "table", "version": 2, "game": "gwra-pyskessa", '
                     '"rules": "kernewek", "seats": ' + SEATS + ', "dealer": "Ann"}',
}
CUCKOO = [game for game in HEADERS if game != "gwra-pyskessa"]
UPRIGHT = SimpleNamespace(width=412, height=915)
SIDEWAYS = SimpleNamespace(width=915, height=412)


@pytest.fixture
def app(tmp_path: Path) -> App:
    a = App(Games(tmp_path))
    a.start("/")
    return a


def table_of(app: App, game: str) -> TableScreen:
    stored = app.store.import_journal(HEADERS[game] + "\n")
    app.go(f"/game/{stored.id}")
    assert isinstance(app.screen, TableScreen)
    return app.screen


def at_the_reveal(app: App, game: str) -> TableScreen:
    screen = table_of(app, game)
    tap(screen.view, "Deal")
    while app.screen.state.phase == "turns":
        tap(app.screen.view, "Stand")
    assert app.screen.state.phase == "reveal"
    return app.screen


def turn(app: App) -> None:
    """The phone turned sideways and back: the screen is built anew for each form."""
    for size in (SIDEWAYS, UPRIGHT):
        before = app.screen
        app._on_resize(size)  # type: ignore[arg-type]
        assert app.screen is not before


@pytest.mark.parametrize("game", HEADERS)
def test_every_games_table_is_the_one_table_screen_with_every_tool(app: App, game: str) -> None:
    screen = table_of(app, game)
    found = buttons(screen.view)
    for tool in ("Undo", "Redo", "History", "Tables", "Rules card", "Learn", "Share"):
        assert tool in found, (tool, sorted(found))
    tap(screen.view, "Rules card")
    assert app.route == f"/game/{screen.game.id}/rules"
    assert "Back to the table" in buttons(app.screen.view)


@pytest.mark.parametrize("game", HEADERS)
def test_every_table_asks_again_for_the_wake_lock_at_a_tap(app: App, game: str) -> None:
    """Browsers grant a screen wake lock only during a gesture (the family's table never
    asked again at a tap): every table asks at its taps until it is granted."""
    screen = table_of(app, game)

    class Page:
        def __init__(self) -> None:
            self.tasks: list[object] = []

        def run_task(self, fn: object, *args: object) -> None:
            self.tasks.append(fn)

        def update(self, *controls: object) -> None:
            pass

    page = Page()
    app.page, app.wakelock = page, object()  # type: ignore[assignment]
    app.awake, app.awake_granted = True, False
    tap(screen.view, "Deal")
    assert app._set_wakelock in page.tasks
    page.tasks.clear()
    tap(screen.view, "Undo")
    assert app._set_wakelock in page.tasks
    app.awake_granted = True
    page.tasks.clear()
    tap(screen.view, "Redo")
    assert app._set_wakelock not in page.tasks


@pytest.mark.parametrize("game", CUCKOO)
def test_a_half_entered_reveal_is_kept_through_a_turn_and_a_language_switch(
        app: App, game: str) -> None:
    """The README's promise, "turning a phone or a tablet never loses what was typed": the
    family's table lost the pieces picked so far (it had no `adopt`)."""
    app._on_resize(UPRIGHT)  # type: ignore[arg-type]
    screen = at_the_reveal(app, game)
    picker = screen.parts.picker
    assert picker is not None
    first, second = (piece for piece, _count in picker.pack[:2])
    picker.pick(first)
    picker.pick(second)
    picked = dict(picker.picked)
    assert len(picked) == 2
    turn(app)
    app.set_language("de", remember=False)
    again = app.screen
    assert isinstance(again, TableScreen) and again is not screen
    assert again.parts.picker is not None and again.parts.picker.picked == picked
    assert again.parts.picker.current == picker.current


def test_an_inns_price_half_typed_is_kept_through_a_turn_and_a_language_switch(
        app: App) -> None:
    """Cuccù's Inn: the price is asked in the question's panel and kept like a reveal's
    picks (it was a dialog, closed by the turn and the switch)."""
    screen = table_of(app, "cuccu")
    tap(screen.view, "Deal")
    tap(screen.view, "Change")  # Cy asks Bo
    tap(screen.view, "«Fermatevi alquanto!» Stop a while!")
    field = next(c for c in walk(app.screen.view) if isinstance(c, ft.TextField))
    field.value = "7"
    turn(app)
    app.set_language("it", remember=False)
    field = next(c for c in walk(app.screen.view) if isinstance(c, ft.TextField))
    assert field.value == "7"
    tap(app.screen.view, app.tr("Sold"))
    assert app.screen.game.events[-1].price == 7
    assert app.screen.state.money[2] == -8  # -1 each to begin with, 7 paid
    assert "7" in " ".join(texts(app.screen.view))


def test_a_half_made_ask_is_kept_through_a_turn_and_a_language_switch(app: App) -> None:
    """Gwra pyskessa's ask is two taps: the seat asked, then the rank. The first tap is kept
    through a turned phone and a language switch, as a reveal's picks are."""
    app._on_resize(UPRIGHT)  # type: ignore[arg-type]
    screen = table_of(app, "gwra-pyskessa")
    tap(screen.view, "Deal")
    tap(screen.view, "Cy")  # Bo asks Cy...
    turn(app)
    app.set_language("nb", remember=False)
    again = app.screen
    assert isinstance(again, TableScreen) and again is not screen
    assert again.parts.target == "Cy"
    tap(again.view, app.tr("Ask for {rank}", rank="Seyth"))  # ... for sevens
    assert again.game.events[-1].target == "Cy" and again.game.events[-1].rank == "7"


def path_to(node: object, target: object) -> list[object] | None:
    """The controls from `node` down to `target`, both included (None if not beneath it)."""
    if node is target:
        return [node]
    for child in walk_children(node):
        found = path_to(child, target)
        if found is not None:
            return [node, *found]
    return None


def walk_children(node: object) -> list[object]:
    children: list[object] = []
    for name in ("content", "controls"):
        child = getattr(node, name, None)
        if isinstance(child, ft.BaseControl):
            children.append(child)
        elif isinstance(child, list):
            children += child
    return children


def scrolls(control: object) -> bool:
    return getattr(control, "scroll", None) is not None


@pytest.mark.parametrize("size", [UPRIGHT, SIDEWAYS], ids=["upright", "sideways"])
@pytest.mark.parametrize("game", CUCKOO)
def test_settle_stays_in_sight_while_the_pack_scrolls(app: App, game: str,
                                                      size: SimpleNamespace) -> None:
    """Held sideways the whole picker scrolled as one, so picking the pack's last pieces
    scrolled Settle out of sight (docs/screenshots/family-*-picked-sideways-*.png): only the
    pack scrolls, the prompt and Settle above it stay where they are."""
    app._on_resize(size)  # type: ignore[arg-type]
    screen = at_the_reveal(app, game)
    picker = screen.parts.picker
    assert picker is not None
    settle = path_to(screen.body, picker.done_button)
    assert settle is not None
    assert not any(scrolls(c) for c in settle), [type(c).__name__ for c in settle if scrolls(c)]
    piece = next(iter(picker.piece_parts.values())).control
    pack = path_to(screen.body, piece)
    assert pack is not None and any(scrolls(c) for c in pack)


@pytest.mark.parametrize("size", [UPRIGHT, SIDEWAYS], ids=["upright", "sideways"])
def test_no_line_of_an_answer_is_cut(app: App, size: SimpleNamespace) -> None:
    """Held sideways, «Nag eus. Gwra pyskessa!» under "None: go fish" was cut at its button's
    edge, and on a phone "Myghternes" under Q (docs/screenshots/gofish-answer-sideways-*.png,
    gofish-ask-phone-*.png): a line kept to one is one that fits its button; a longer Cornish
    answer takes two."""
    from companion.views import theme

    app._on_resize(size)  # type: ignore[arg-type]
    screen = table_of(app, "gwra-pyskessa")
    tap(screen.view, "Deal")
    tap(screen.view, "Cy")
    tap(screen.view, "Ask for Seyth")
    assert screen.state.phase == "asking"
    checked = 0
    for button_ in screen.answer_buttons.values():
        if button_.width is None or not isinstance(button_.content, ft.Column):
            continue
        room = button_.width - (10 if button_.height == 60 else 16)  # a tile's padding is 4
        for line in button_.content.controls:
            if isinstance(line, ft.Text) and line.max_lines == 1 or (
                    isinstance(line, ft.Text) and line.no_wrap):
                assert theme.text_width(line.value, line.size, theme.TEXT_SPACING) <= room, (
                    line.value, line.size, room)
                checked += 1
    assert checked
