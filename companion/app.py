"""The Flet app: routes to the screens, shares one store per process, keeps the screen awake.

`make_main(data_dir)` returns the `main(page)` that `companion.server` (web) or `ft.run`
(anything else) calls once per browser session. All sessions of one process share one Store
and one Game object per open game, so two tabs on the same table see the same state.
"""

from __future__ import annotations

import asyncio
import atexit
import importlib
import re
import threading
import weakref
from collections.abc import Callable
from pathlib import Path
from typing import Any

import flet as ft

from companion.board.reader import MAX_GAME_ID
from companion.board.sharing import SharingService
from companion.engine.describe import Description
from companion.engine.registry import GAMES
from companion.i18n import DEFAULT_LANGUAGE, LANGUAGES, Tr
from companion.store import Game, Store, StoreError

from .views import theme
from .views.learn import LearnScreen
from .views.new_table import NewTableScreen
from .views.parts import Parts
from .views.quiz import QuizScreen, QuizState
from .views.records import RecordsScreen
from .views.send import update_together
from .views.share import ShareScreen
from .views.shell.table import TableScreen
from .views.tables import TablesScreen


class Games:
    """The one Store of the process, opened on first use. The Store hands out one live Game
    per id, so every session showing a table shares its state."""

    def __init__(self, data_dir: str | Path | None) -> None:
        self._data_dir = data_dir
        self._store: Store | None = None
        self._lock = threading.Lock()
        self._apps: weakref.WeakSet[App] = weakref.WeakSet()
        # per live game, the event count at which its settlement was put away ("Next round")
        self._put_away: weakref.WeakKeyDictionary[Game, tuple[int, object]] = (
            weakref.WeakKeyDictionary())

    @property
    def store(self) -> Store:
        with self._lock:
            if self._store is None:
                self._store = Store(self._data_dir)
                # a game read again because another process changed it: every screen showing
                # it redraws, the one whose tap was refused too
                self._store.on_reloaded = lambda game_id: self.announce(game_id, None)
            return self._store

    def game(self, game_id: int) -> Game:
        return self.store.open_game(game_id)

    def close(self) -> None:
        """Closes the store (its WAL checkpointed into the games file) when the process ends:
        a clean stop leaves nothing only in the WAL."""
        with self._lock:
            if self._store is not None:
                self._store.close()
                self._store = None

    def join(self, app: App) -> None:
        """A session to tell when a game changes (weakly held: a closed session goes)."""
        with self._lock:
            self._apps.add(app)

    def announce(self, game_id: int, source: object) -> None:
        """Game `game_id` changed in `source`: every other session showing it redraws, so a
        second device (the referee link handed on) never offers a move from the past."""
        with self._lock:
            others = [app for app in self._apps if app is not source]
        for app in others:
            app.game_changed(game_id)

    def put_away(self, game: Game) -> bool:
        """Whether "Next round" was tapped, on any screen of `game`, at its last event: the
        table screens then show the moment after its settlement, every one of them, and one
        opened later too. A moment of the screens, not of the game: kept here for the process,
        never in the journal (journal-v1/v2 have no such event)."""
        events = game.events
        with self._lock:
            mark = self._put_away.get(game)
        # the event count and the event itself: a reveal undone and redone stays put away, but
        # one undone and settled again with other pieces (the referee correcting a reveal) is
        # a new moment, shown
        return bool(events) and mark == (len(events), events[-1])

    def put_settlement_away(self, game: Game) -> None:
        """At "Next round" on a screen of `game`: its settlement goes from every screen of the
        table as each redraws (`announce`)."""
        events = game.events
        with self._lock:
            self._put_away[game] = (len(events), events[-1] if events else None)


LANGUAGE_KEY = "gnav.language"
QUIZ_KEY = "gnav.quiz"


class App:
    """One browser session: the page (None in view tests), the current screen, the theme and
    the language (remembered per browser in SharedPreferences), and the process's sharing
    (nothing shared unless given: the Share screen then says phones cannot reach the app)."""

    def __init__(self, games: Games, page: ft.Page | None = None,
                 lang: str = DEFAULT_LANGUAGE, sharing: SharingService | None = None) -> None:
        self.games = games
        games.join(self)
        self.page = page
        self.sharing = sharing if sharing is not None else SharingService()
        self.tr = Tr(lang)
        self.prefs: ft.SharedPreferences | None = None
        self.quiz = QuizState()  # the evening's quiz: players and scores
        self.last_game_id: int | None = None  # the last table shown, for the quiz's names
        self.route = ""
        self.screen: Any = None
        self.dialog: ft.DialogControl | None = None
        self.dark = False
        self.width: float = 1280
        self.height: float = 800
        # services must stay referenced or Flet drops them after the event
        self.wakelock: ft.Wakelock | None = None
        self.file_picker: ft.FilePicker | None = None
        self.awake = False  # a game is open: the screen should stay on
        self.awake_granted = False  # and the platform said yes
        if page is not None:
            self.wakelock = ft.Wakelock()
            self.file_picker = ft.FilePicker()
            self.prefs = ft.SharedPreferences()
            light, dark = theme.themes()
            page.theme, page.dark_theme = light, dark
            page.theme_mode = ft.ThemeMode.LIGHT
            page.title = self.tr("Gnav Companion")
            page.padding = 0
            page.on_route_change = self._on_route_change
            page.on_resize = self._on_resize
            if page.width:
                self.width = float(page.width)
            if page.height:
                self.height = float(page.height)

    @property
    def store(self) -> Store:
        return self.games.store

    def game_changed(self, game_id: int) -> None:
        """Another session changed game `game_id`: redraw it here if it is shown, on this
        session's own thread (Flet runs a session's handlers in its executor)."""
        if self.page is None:
            self._follow(game_id)
            return
        try:
            self.page.run_thread(self._follow, game_id)
        except Exception:  # noqa: BLE001 - a session closing as it is told; nothing to redraw
            return

    def _follow(self, game_id: int) -> None:
        screen = self.screen
        game = getattr(screen, "game", None)
        follow = getattr(screen, "follow", None)
        if follow is not None and game is not None and game.id == game_id:
            follow()

    @property
    def phone(self) -> bool:
        return self.width < theme.PHONE_WIDTH

    # --- navigation --------------------------------------------------------------------------

    def start(self, route: str | None = None) -> None:
        """The first screen: the route the browser asked for, else the last open game."""
        route = route or "/"
        if route == "/":
            last = self.store.last_open()
            if last is not None:
                try:
                    self.games.game(last)
                    route = f"/game/{last}"
                except StoreError:
                    self.store.set_last_open(None)
        self.go(route)

    def go(self, route: str) -> None:
        """Shows the screen for `route` and puts it in the browser's address bar."""
        self.show(route)
        if self.page is not None:
            page = self.page
            self.page.run_task(_push_route, page, self.route)

    def show(self, route: str, keep_view: bool = False) -> None:
        """Shows the screen for `route`. With `keep_view` (a language switch) the new screen's
        bar and controls move into the View already on the client, so its open routes (a
        closing dialog) are not torn away with a replaced View."""
        self.close_dialog()
        old_view = getattr(self.screen, "view", None) if keep_view else None
        screen = self._screen_for(route)
        if screen is None:
            route, screen = "/", TablesScreen(self)
        self.route = route
        self.screen = screen
        game_open = isinstance(screen, TableScreen)
        if game_open:
            self.store.set_last_open(screen.game.id)
            self.last_game_id = screen.game.id
        elif route in ("/", "/new"):
            self.store.set_last_open(None)
        self._keep_awake(game_open)
        if self.page is not None:
            if (isinstance(old_view, ft.View) and old_view.route == screen.view.route
                    and self.page.views and self.page.views[-1] is old_view):
                old_view.appbar = screen.view.appbar
                old_view.controls = screen.view.controls
                screen.view = old_view
            else:
                self.page.views.clear()
                self.page.views.append(screen.view)
            self.page.update()

    def parts(self, game: Description) -> Parts:
        """A game's screens: the PARTS of the views module its description names (the engine
        names its screens without importing Flet; this is the one place they are found)."""
        parts = importlib.import_module(game.table_parts).PARTS
        if not isinstance(parts, Parts):
            raise TypeError(f"{game.table_parts}.PARTS are not a game's screens")
        return parts

    def _screen_for(self, route: str) -> Any:
        if route == "/":
            return TablesScreen(self)
        if route == "/new":
            return NewTableScreen(self)
        if route == "/learn":
            return LearnScreen(self)
        if route == "/quiz":
            return QuizScreen(self)
        if route == "/records":
            return RecordsScreen(self)
        match = re.fullmatch(r"/(learn|quiz)/([a-z][a-z0-9_-]*)", route)
        if match is not None:  # Learn or the quiz of a game, by its journal's id
            game = GAMES.get(match.group(2))
            if game is None:
                return None
            parts = self.parts(game)
            return (parts.learn(self, game.id, None) if match.group(1) == "learn"
                    else parts.quiz(self, game.id))
        match = re.fullmatch(r"/learn/([0-9]+)", route)
        if match is not None:  # Learn of a table: its game under its rule book
            table = self._route_game(match.group(1))
            if table is None:
                return LearnScreen(self)
            return self.parts(GAMES[table.table.game]).learn(self, table.table.game, table)
        match = re.fullmatch(r"/game/([0-9]+)(/history|/rules|/share)?", route)
        table = None if match is None else self._route_game(match.group(1))
        if match is None or table is None:
            return None
        if match.group(2) == "/share":
            return ShareScreen(self, table)
        parts = self.parts(GAMES[table.table.game])
        if match.group(2) == "/history":
            return parts.history(self, table)
        if match.group(2) == "/rules":
            return parts.rules(self, table)
        return TableScreen(self, table, parts.table)  # every game's table: the one screen

    def _route_game(self, digits: str) -> Game | None:
        """The game a route's digits name; None when there is none, or when no game can have
        that id (past SQLite's largest integer, or more digits than Python converts): the
        screen then falls back as for /game/-1 (issue 21, item 3)."""
        if len(digits) > len(str(MAX_GAME_ID)) or int(digits) > MAX_GAME_ID:
            return None
        try:
            return self.games.game(int(digits))
        except StoreError:
            return None

    def _on_route_change(self, e: ft.RouteChangeEvent) -> None:
        if e.route != self.route:
            self.show(e.route)

    def _form(self) -> tuple[object, ...]:
        """What a screen's controls are built for: a phone (and its width, which sizes the
        answer buttons), a narrow window (the tools get a row of their own), a short one, a
        phone held sideways (the seats beside the question)."""
        return (self.phone, self.width < 1100, self.height < 700,
                self.height < theme.SIDEWAYS_HEIGHT,
                self.width if self.phone else None)

    def _on_resize(self, e: ft.PageResizeEvent) -> None:
        was_phone, was_form = self.phone, self._form()
        self.width, self.height = float(e.width), float(e.height)
        relayout = getattr(self.screen, "relayout", None)
        adopt = getattr(self.screen, "adopt", None)
        if relayout is not None and adopt is not None and self._form() != was_form:
            # a tablet turned (landscape 1280 wide, upright 800) or a window made phone-sized:
            # the screen is built again for its new form, in place, keeping what it held, as
            # for a language switch
            self.rebuild()
        elif relayout is not None:
            relayout()
            self.refresh()
        elif was_phone != self.phone:
            # a phone turned sideways crosses the phone width: never lose what was typed
            self.rebuild()

    def rebuild(self) -> None:
        """Builds the screen again where it is (a language switch, a turned screen), keeping
        what it held: the game is in the store, a screen's own unsaved bits (a new table's
        players, the pieces picked so far, a typed journal) go across by its `adopt`."""
        old = self.screen
        self.show(self.route, keep_view=True)
        adopt = getattr(self.screen, "adopt", None)
        if adopt is not None and old is not None:
            adopt(old)
            self.refresh()

    # --- shared chores -------------------------------------------------------------------------

    def refresh(self, *controls: ft.Control) -> None:
        """Sends the given controls' changes, else the whole page's. A page update compares
        every control on the page (thousands on a crowded table), so screens that know what
        they changed name it, and those are sent together in one message (views/send.py)."""
        if self.page is not None:
            if controls:
                update_together(self.page, *controls)
            else:
                self.page.update()

    def set_language(self, lang: str, remember: bool = True) -> None:
        """Tells every screen in `lang` from now on; the screen is redrawn in place, with what
        it held (the game is in the store; a screen's own unsaved bits go across by `adopt`)."""
        if lang not in LANGUAGES:
            return
        self.close_dialog()
        if self.page is not None:
            # the language dialog may still be up on the client after a quick second tap
            while self.page.pop_dialog() is not None:
                pass
        if lang != self.tr.lang:
            self.tr = Tr(lang)
            self.rebuild()
        if self.page is not None:
            self.page.title = self.tr("Gnav Companion")
            if remember and self.prefs is not None:
                self.page.run_task(_remember, self.prefs, LANGUAGE_KEY, lang)

    async def load_language(self) -> None:
        """The language this browser chose last time, if any (read after the first screen)."""
        if self.prefs is None:
            return
        try:
            lang = await asyncio.wait_for(self.prefs.get(LANGUAGE_KEY), timeout=10)
        except (TimeoutError, RuntimeError):
            return
        if isinstance(lang, str) and lang in LANGUAGES and lang != self.tr.lang:
            self.set_language(lang, remember=False)
        try:
            saved = await asyncio.wait_for(self.prefs.get(QUIZ_KEY), timeout=10)
        except (TimeoutError, RuntimeError):
            return
        if isinstance(saved, str) and not self.quiz.players:
            try:
                self.quiz = QuizState.from_json(saved)
            except (ValueError, TypeError, KeyError, IndexError):
                return  # a damaged score sheet: start the evening afresh
            if isinstance(self.screen, QuizScreen):
                self.show(self.route, keep_view=True)

    def save_quiz(self) -> None:
        """Keeps the quiz's names and scores in this browser."""
        if self.page is not None and self.prefs is not None:
            self.page.run_task(_remember, self.prefs, QUIZ_KEY, self.quiz.as_json())

    def save_file(self, name: str, data: bytes) -> None:
        """Offers `data` as a file: a download in a browser, the save dialog elsewhere."""
        if self.page is not None and self.file_picker is not None:
            self.page.run_task(_save_file, self.file_picker, name, data)

    def open_file(self, then: Callable[[bytes], Any]) -> None:
        """Lets the person choose a file, then calls `then` with its bytes (nothing when the
        choice is cancelled)."""
        if self.page is not None and self.file_picker is not None:
            self.page.run_task(_open_file, self.file_picker, then)

    def toggle_theme(self) -> None:
        self.dark = not self.dark
        if self.page is not None:
            self.page.theme_mode = ft.ThemeMode.DARK if self.dark else ft.ThemeMode.LIGHT
            self.page.update()

    def show_dialog(self, dialog: ft.DialogControl) -> None:
        self.close_dialog()
        self.dialog = dialog
        if self.page is not None:
            self.page.show_dialog(dialog)

    def close_dialog(self) -> None:
        if self.dialog is None:
            return
        dialog, self.dialog = self.dialog, None
        if self.page is not None:
            try:
                dialog.open = False
                self.page.update()
            except RuntimeError:
                pass  # the dialog was already dismissed by a tap outside it

    def _keep_awake(self, on: bool) -> None:
        """Keeps the screen awake while a game is open, where the platform allows it."""
        if on == self.awake or self.wakelock is None or self.page is None:
            self.awake = on
            return
        self.awake = on
        self.awake_granted = False
        wakelock = self.wakelock
        self.page.run_task(self._set_wakelock, wakelock, on)

    def tapped_in_game(self) -> None:
        """A tap at the table: a browser grants the wake lock only during a user gesture, so a
        game opened straight from the address bar asks again at its first taps until it is
        granted."""
        if (self.awake and not self.awake_granted and self.wakelock is not None
                and self.page is not None):
            self.page.run_task(self._set_wakelock, self.wakelock, True)

    async def _set_wakelock(self, wakelock: ft.Wakelock, on: bool) -> None:
        granted = await _set_wakelock(wakelock, on)
        if on and self.awake:
            self.awake_granted = granted


async def _push_route(page: ft.Page, route: str) -> None:
    try:
        await asyncio.wait_for(page.push_route(route), timeout=10)
    except (TimeoutError, RuntimeError):
        pass  # the address bar only mirrors the screen; the screen is already right


async def _remember(prefs: ft.SharedPreferences, key: str, value: str) -> None:
    try:
        await asyncio.wait_for(prefs.set(key, value), timeout=10)
    except (TimeoutError, RuntimeError):
        pass  # not remembered: the browser keeps the default next time, nothing else is lost


async def _save_file(picker: ft.FilePicker, name: str, data: bytes) -> None:
    try:
        await asyncio.wait_for(picker.save_file(file_name=name, src_bytes=data), timeout=300)
    except (TimeoutError, RuntimeError, ValueError):
        pass  # not saved (dismissed, or no file system here): Copy journal still works


async def _open_file(picker: ft.FilePicker, then: Callable[[bytes], Any]) -> None:
    try:
        files = await asyncio.wait_for(picker.pick_files(with_data=True), timeout=600)
    except (TimeoutError, RuntimeError, ValueError):
        return
    if not files:
        return  # cancelled
    chosen = files[0]
    data = chosen.bytes
    if data is None and chosen.path:
        try:
            data = Path(chosen.path).read_bytes()  # a desktop gives the path, not the bytes
        except OSError:
            return
    if data is not None:
        then(data)


async def _set_wakelock(wakelock: ft.Wakelock, on: bool) -> bool:
    # Browsers grant a wake lock only after a gesture, and some platforms have none: the game
    # goes on either way.
    try:
        if on:
            # Flet 1.0.5 leaves these two untyped
            await asyncio.wait_for(wakelock.enable(), timeout=5)  # type: ignore[no-untyped-call]
        else:
            await asyncio.wait_for(wakelock.disable(), timeout=5)  # type: ignore[no-untyped-call]
    except (TimeoutError, RuntimeError):
        return False
    return True


PRELOAD_THREAD = "gnav-preload"


def preload() -> None:
    """Loads now what a screen would otherwise load at its first showing: Flet's controls
    (flet imports each on first use), every language's catalogue and every game's screens. A process short of open
    files (a crowd of connections) could still show any screen, where an import then failed
    and replaced the referee's screen with "Error running app: Too many open files" (issue
    21, item 5). Run in a thread of its own by make_main, so that no start waits for it."""
    for lang in LANGUAGES:
        try:
            Tr(lang)
        except OSError:  # short of files already: the screen tries again when it is shown
            pass
    for name in ft.__all__:
        try:
            getattr(ft, name)
        except (OSError, ImportError):
            pass
    for game in GAMES:  # each game's screens, which the routes import by name (App.parts)
        try:
            importlib.import_module(game.table_parts)
        except (OSError, ImportError):
            pass


def make_main(data_dir: str | Path | None,
              sharing: SharingService | None = None) -> Callable[[ft.Page], Any]:
    """The `main(page)` for `ft.run`: one App per session over one shared store, each shown
    the server's `sharing` (none: nothing is shared)."""
    games = Games(data_dir)
    atexit.register(games.close)
    if sharing is None:
        sharing = SharingService()
    threading.Thread(target=preload, name=PRELOAD_THREAD, daemon=True).start()

    def main(page: ft.Page) -> None:
        app = App(games, page, sharing=sharing)
        page.data = app  # keeps the session's app (and its services) alive with the page
        app.start(page.route)
        page.run_task(app.load_language)

    return main
