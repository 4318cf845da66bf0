"""What a screen may ask of the app it is shown in: typed, so that no screen probes the app
with `getattr` and mypy checks every use (the App in companion/app.py is the one context;
the view tests hand screens that same App without a page)."""

from __future__ import annotations

from typing import Protocol

import flet as ft

from companion.board.sharing import SharingService
from companion.i18n import Tr
from companion.store import Game, Store


class TableGames(Protocol):
    """The process's tables as a screen sees them: telling the other screens of a table that
    it changed, and the one moment of a table that is no event (its settlement put away)."""

    def announce(self, game_id: int, source: object) -> None: ...

    def put_away(self, game: Game) -> bool: ...

    def put_settlement_away(self, game: Game) -> None: ...


class ScreenContext(Protocol):
    """Every screen's: the language, the window's size, moving to another screen, sending
    what changed, dialogs, and the top bar's language and theme."""

    tr: Tr
    width: float
    height: float
    page: ft.Page | None
    route: str  # the screen's, as the address bar shows it
    screen: object  # the screen shown now

    @property
    def phone(self) -> bool: ...

    @property
    def store(self) -> Store: ...

    @property
    def sharing(self) -> SharingService: ...

    def go(self, route: str) -> None: ...

    def show(self, route: str, keep_view: bool = False) -> None: ...

    def refresh(self, *controls: ft.Control) -> None: ...

    def show_dialog(self, dialog: ft.DialogControl) -> None: ...

    def close_dialog(self) -> None: ...

    def set_language(self, lang: str, remember: bool = True) -> None: ...

    def toggle_theme(self) -> None: ...


class TableContext(ScreenContext, Protocol):
    """A table screen's, besides: the tables of the process, and the wake lock asked again at
    a tap (a browser grants it only during a gesture)."""

    @property
    def games(self) -> TableGames: ...

    def tapped_in_game(self) -> None: ...
