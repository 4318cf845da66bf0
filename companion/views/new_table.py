"""The new table screen ("/new"): the game, players in seating order, the first dealer, and the
game's own part (its setup: Gnav's rule book, house rules and stakes; a family game's; none for
Gwra pyskessa), as the registry's games and their parts give them."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import flet as ft

from companion.core.errors import GnavError
from companion.core.fields import MIN_SEATS, STOCK
from companion.core.names import MAX_NAME, format_character, name_problem, spelled
from companion.core.protocols import Header
from companion.engine.describe import Description
from companion.engine.registry import GAMES
from companion.i18n import Tr
from companion.records import Roster, RosterError
from companion.store import StoreError
from companion.store.records_io import change_roster, open_roster

from . import theme
from .charts import badge
from .parts import Setup
from .widgets import (
    body,
    button,
    count_name,
    error_text,
    heading,
    icon_button,
    note_name_length,
    show_error,
    top_actions,
)

LABEL = ft.TextStyle(size=theme.BODY)
CHIPS = 12  # known players offered at once: the most recent, or those matching what is typed


ROW_HEIGHT = 56  # a player's row: the 48 px targets and a little air


class NewTableScreen:
    def __init__(self, app: Any) -> None:
        self.app = app
        _ = app.tr
        self.lang = app.tr.lang  # what its sentences are told in
        self.players: list[str] = []
        self.dealer_choice = "draw"  # "draw", "random" or a seat name
        self.game = GAMES.first.id  # the header's game, one of the registry's
        self.rng = random.Random()
        # the chosen game's part of New table (its parts' setup), None where it has none
        self.setup: Setup | None = None
        self.setup_box = ft.Column([], visible=False)
        self.starting = False  # a Start is waiting for a field's last change

        # on_change keeps the typed name on the server at once, so a quick tap on Add player
        # never reads a stale value
        self.name_field = count_name(ft.TextField(
            label=_("Player name"), on_submit=self.add_player, on_change=self.typed,
            max_length=MAX_NAME, text_size=theme.BODY, expand=True), app.tr)
        self.name_error = error_text()
        # the roster's players as one-tap chips, most recent first, filtered as a name is typed
        self.roster = Roster()
        try:
            self.roster, _notice = open_roster(app.store)
        except StoreError:
            pass  # no chips: names are typed as before, and join the roster at the next look
        self.chips = ft.Row([], wrap=True, spacing=8, run_spacing=8)
        # a new name that looks like a known player's: offered as the same person, never
        # merged by itself (new name -> the known player's id, when the referee says so)
        self.same: dict[str, int] = {}
        self.alike_box = ft.Column([], spacing=4, visible=False)
        # drag a player by the handle, or move one step with the arrows
        self.player_list = ft.ReorderableListView(
            controls=[], show_default_drag_handles=False, on_reorder=self.reordered,
            build_controls_on_demand=False, height=0)
        self.no_players = body("", size=theme.SMALL)
        self.dealer_group = ft.RadioGroup(value=self.dealer_choice,
                                          on_change=lambda e: self.set_dealer(e.control.value),
                                          content=ft.Row([], wrap=True))
        # radios rather than a menu: every game in sight with its line, one tap, a label to
        # find it by
        self.game_group = ft.RadioGroup(
            value=self.game, on_change=lambda e: self.set_game(e.control.value),
            content=ft.Column([_game_choice(game, app.tr, theme.label_room(app.width))
                               for game in GAMES], spacing=4),
        )
        self.start_error = error_text()
        self.start_button = ft.FilledButton(_("Start game"), on_click=self.start,
                                            style=theme.big_button_style(),
                                            height=theme.BIG_TOUCH)
        self.view = ft.View(
            route="/new",
            appbar=ft.AppBar(
                title=heading(_("New table")),
                actions=top_actions(app, button(_("Tables"), lambda e: app.go("/"),
                                                kind="text")),
            ),
            controls=[
                ft.Column(
                    [
                        heading(_("Players, clockwise as they sit"), theme.NAME),
                        ft.Row([self.name_field,
                                button(_("Add player"), self.add_player, icon=ft.Icons.ADD,
                                       kind="filled")],
                               vertical_alignment=ft.CrossAxisAlignment.START),
                        self.name_error,
                        self.chips,
                        self.alike_box,
                        self.player_list,
                        self.no_players,
                        ft.Divider(),
                        heading(_("Game"), theme.NAME),
                        self.game_group,
                        self.setup_box,
                        ft.Divider(),
                        heading(_("First dealer"), theme.NAME),
                        self.dealer_group,
                        ft.Divider(),
                        self.start_error,
                        self.start_button,
                    ],
                    spacing=12, scroll=ft.ScrollMode.AUTO, expand=True,
                )
            ],
            padding=16,
        )
        self.setup = self.make_setup(self.game)
        self.fill()

    # --- what the screen shows ----------------------------------------------------------------

    @property
    def described(self) -> Description:
        return GAMES[self.game]

    def fill(self) -> None:
        _ = self.app.tr
        self.fill_players()
        self.fill_chips()
        self.game_group.value = self.game
        self.setup_box.controls = [] if self.setup is None else [self.setup.control]
        self.setup_box.visible = self.setup is not None
        self.fill_dealer()
        self.start_button.disabled = not MIN_SEATS <= len(self.players) <= self.max_seats
        if len(self.players) > self.max_seats:
            self.no_players.value = _("{game} has at most {count} players.",
                                      game=self.described.name, count=self.max_seats)
            self.no_players.visible = True

    @property
    def max_seats(self) -> int:
        return self.described.max_seats

    def set_game(self, game: str | None, refresh: bool = True) -> None:
        """One of the registry's games, with its own part of New table."""
        if game is None or game == self.game or game not in GAMES:
            return
        self.game = game
        self.setup = self.make_setup(game)
        if refresh:
            self.fill()
            self.app.refresh()

    def make_setup(self, game: str) -> Setup | None:
        make = self.app.parts(GAMES[game]).setup
        return None if make is None else make(self.app, game, self.app.refresh)

    def fill_players(self) -> None:
        _ = self.app.tr
        rows: list[ft.Control] = []
        last = len(self.players) - 1
        for i, name in enumerate(self.players):
            rows.append(ft.Row(
                [
                    ft.ReorderableDragHandle(
                        # the whole 48 px square takes the finger, not just the icon
                        content=ft.Container(
                            ft.Icon(ft.Icons.DRAG_INDICATOR,
                                    semantics_label=_("Drag {name}", name=name)),
                            width=theme.TOUCH, height=theme.TOUCH,
                            alignment=ft.Alignment.CENTER),
                        mouse_cursor=ft.MouseCursor.GRAB),
                    ft.Text(f"{i + 1}.", size=theme.BODY, width=36),
                    ft.Text(name, size=theme.NAME, weight=ft.FontWeight.W_600, expand=True,
                            no_wrap=True, overflow=ft.TextOverflow.ELLIPSIS),
                    icon_button(_("Move {name} up", name=name), ft.Icons.ARROW_UPWARD,
                                lambda e, n=name: self.move(n, -1), disabled=i == 0),
                    icon_button(_("Move {name} down", name=name), ft.Icons.ARROW_DOWNWARD,
                                lambda e, n=name: self.move(n, 1), disabled=i == last),
                    icon_button(_("Rename {name}", name=name), ft.Icons.EDIT,
                                lambda e, n=name: self.ask_rename(n)),
                    icon_button(_("Remove {name}", name=name), ft.Icons.CLOSE,
                                lambda e, n=name: self.remove(n)),
                ],
                spacing=2, key=f"player-{name.casefold()}", height=ROW_HEIGHT,
            ))
        self.no_players.value = "" if self.players else _("Add at least two players.")
        self.no_players.visible = not self.players
        self.player_list.controls = rows
        # a list inside the page's scrolling column needs its height: all its rows, no scroll
        self.player_list.height = len(rows) * ROW_HEIGHT

    def fill_chips(self) -> None:
        """The known players not at the table yet, matching what is typed; and for each new
        name that looks like a known player's, the offer to count them as one."""
        _ = self.app.tr
        seated = {name.casefold() for name in self.players}
        offered = [p for p in self.roster.suggestions(self.name_field.value or "")
                   if not any(n.casefold() in seated for n in p.names)][:CHIPS]
        self.chips.controls = [
            ft.OutlinedButton(p.name, icon=badge(p, p.name, 28), height=theme.TOUCH,
                              style=theme.button_style(),
                              on_click=lambda e, n=p.name: self.add_known(n))
            for p in offered]
        self.chips.visible = bool(offered) and len(self.players) < self.max_seats
        rows: list[ft.Control] = []
        for name in self.players:
            for other in self.roster.look_alikes(name):
                chosen = self.same.get(name) == other.id
                rows.append(ft.Row([
                    ft.Text(_("{name} looks like {other}, who has played before.",
                              name=name, other=other.name), size=theme.SMALL + 1, expand=True),
                    ft.Switch(label=_("Same player"), value=chosen,
                              on_change=lambda e, n=name, o=other.id: self.same_player(
                                  n, o, bool(e.control.value))),
                ], wrap=True))
        self.alike_box.controls = rows
        self.alike_box.visible = bool(rows)

    def add_known(self, name: str) -> None:
        """A chip tapped: the known player sits down, as if the name were typed."""
        problem = self.name_problem(name)
        show_error(self.name_error, problem)
        if problem is None:
            self.players.append(name)
            self.name_field.value = ""
            self.fill()
        self.app.refresh()

    def same_player(self, name: str, player_id: int, same: bool) -> None:
        if same:
            self.same[name] = player_id
        else:
            self.same.pop(name, None)
        self.app.refresh()

    def reordered(self, e: Any) -> None:
        """A player dragged to another place in the seating order."""
        old, new = e.old_index, e.new_index
        if old is None or new is None or not 0 <= old < len(self.players):
            return
        name = self.players.pop(old)
        self.players.insert(max(0, min(new, len(self.players))), name)
        self.fill()
        self.app.refresh()

    def fill_dealer(self) -> None:
        _ = self.app.tr
        if self.dealer_choice not in ("draw", "random") and self.dealer_choice not in self.players:
            self.dealer_choice = "draw"
        # every game may draw for its first dealer: Gwra pyskessa's seats cut a card each
        # (gwra-pyskessa.md, house default 3), the cuckoo games a piece each
        radios: list[ft.Control] = [
            ft.Radio(value="draw", label=_("Draw for dealer"), label_style=LABEL),
            ft.Radio(value="random", label=_("Random dealer"), label_style=LABEL)]
        room = theme.label_room(self.app.width)  # a long name's words fitted to a phone
        radios += [ft.Radio(value=name, label=(words := _("Dealer {name}", name=name)),
                            label_style=theme.label_style(words, room))
                   for name in self.players]
        self.dealer_group.content = ft.Row(radios, wrap=True)
        self.dealer_group.value = self.dealer_choice

    def adopt(self, old: Any) -> None:
        """After a language switch or a turned screen: the same table in the making (players,
        the name and stakes being typed, what was wrong), told in the new language."""
        if not isinstance(old, NewTableScreen):
            return
        self.players = list(old.players)
        self.set_game(old.game, refresh=False)
        if old.setup is not None and self.setup is not None:
            self.setup.adopt(old.setup, old.lang == self.lang)
        self.dealer_choice = old.dealer_choice
        self.name_field.value = old.name_field.value
        self.same = dict(old.same)
        self.fill()
        if old.lang != self.lang:
            return  # its sentences were told in the other language; the next check retells
        for mine, theirs in ((self.name_error, old.name_error),
                             (self.start_error, old.start_error)):
            show_error(mine, theirs.value if theirs.visible else None)

    # --- handlers -----------------------------------------------------------------------------

    def typed(self, e: Any = None) -> None:
        note_name_length(self.name_field, self.name_error, self.app.tr, self.hidden_note)
        self.fill_chips()
        self.app.refresh(self.name_error, self.chips)

    def hidden_note(self, typed: str) -> str | None:
        """An invisible formatting character in the name being typed (a zero-width joiner,
        U+202E pasted with it), said at once: the referee cannot see it in the field."""
        name = spelled(typed)
        if format_character(name) is None:
            return None
        tr: Tr = self.app.tr
        return tr.error(name_problem(name, ()))

    def add_player(self, e: Any = None) -> None:
        self.add_known(spelled(self.name_field.value or ""))  # a typed name, as a chip's

    def name_problem(self, name: str, ignore: str | None = None) -> str | None:
        _: Tr = self.app.tr
        if not name:
            return _("Type a name first.")
        if len(name) > MAX_NAME:
            return _("A name has at most {count} characters.", count=MAX_NAME)
        if name.lower() == STOCK:
            return _("No seat may be called \"stock\": that word names the stock.")
        others = [other for other in self.players if other != ignore]
        for other in others:
            if other.casefold() == name.casefold():
                return _("{name} is already at the table; every seat needs its own name.",
                         name=other)
        # look-alikes and invisible characters, as a journal's new table is checked
        problem = name_problem(name, others)
        if problem is not None:
            return _.error(problem)
        if ignore is None and len(self.players) >= self.max_seats:
            return _("A table has at most {count} seats.", count=self.max_seats)
        return None

    def move(self, name: str, step: int) -> None:
        i = self.players.index(name)
        j = i + step
        if 0 <= j < len(self.players):
            self.players[i], self.players[j] = self.players[j], self.players[i]
            self.fill()
            self.app.refresh()

    def remove(self, name: str) -> None:
        self.players.remove(name)
        self.fill()
        self.app.refresh()

    def ask_rename(self, name: str) -> None:
        _ = self.app.tr
        field = count_name(ft.TextField(label=_("New name"), value=name, max_length=MAX_NAME,
                                        autofocus=True), self.app.tr)
        problem = error_text()

        def typed(e: Any = None) -> None:
            if note_name_length(field, problem, self.app.tr, self.hidden_note):
                self.app.refresh()

        field.on_change = typed

        def save(e: Any = None) -> None:
            new = spelled(field.value or "")
            err = self.name_problem(new, ignore=name)
            if err is not None:
                show_error(problem, err)
                self.app.refresh()
                return
            self.rename(name, new)
            self.app.close_dialog()

        field.on_submit = save
        self.app.show_dialog(ft.AlertDialog(
            modal=True, title=ft.Text(_("Rename {name}", name=name)),
            content=ft.Column([field, problem], tight=True),
            actions=[ft.TextButton(_("Cancel"), on_click=lambda e: self.app.close_dialog()),
                     ft.FilledButton(_("Save"), on_click=save)],
        ))

    def rename(self, old: str, new: str) -> None:
        i = self.players.index(old)
        self.players[i] = new
        if self.dealer_choice == old:
            self.dealer_choice = new
        self.fill()
        self.app.refresh()

    def set_dealer(self, choice: str | None) -> None:
        if choice in ("draw", "random") or choice in self.players:
            self.dealer_choice = choice
        self.app.refresh()

    def dealer(self) -> str | None:
        if self.dealer_choice == "draw":
            return None
        if self.dealer_choice == "random":
            # the app draws; the engine never uses randomness, it reads the dealer from the header
            return self.rng.choice(self.players)
        return self.dealer_choice

    def header(self) -> Header:
        """The header this screen describes; raises GnavError with the reason it is not ready."""
        _ = self.app.tr
        if len(self.players) < MIN_SEATS:
            raise GnavError(_("A table needs at least {count} players.", count=MIN_SEATS))
        dealer = self.dealer()
        if self.setup is not None:
            return self.setup.header(self.players, dealer)
        # a game with no part of its own: its first rule book, the seats and the dealer
        obj: dict[str, Any] = {"ev": "table", "version": 2, "game": self.game,
                               "rules": self.described.default_book, "seats": self.players}
        if dealer is not None:
            obj["dealer"] = dealer
        header: Header = self.described.kind.parse_header(obj)
        return header

    def start(self, e: Any = None) -> None:
        """Start game. A tap on Start can reach the app before the stakes field's last change
        (the browser sends the tap first, about once in a dozen quick taps): while the field
        has the focus, the focus moves to Start first, which makes the browser send the
        field's last change and then its blur, and the game is made after the blur."""
        page = self.app.page
        if page is None or self.setup is None or not self.setup.editing:
            self.create()
        elif not self.starting:
            self.starting = True
            page.run_task(self._start_after_blur, page)

    async def _start_after_blur(self, page: Any) -> None:
        try:
            # Flet 1.0.5 leaves Control.focus unannotated
            focus = self.start_button.focus()  # type: ignore[no-untyped-call]
            await asyncio.wait_for(focus, timeout=2)
            deadline = asyncio.get_running_loop().time() + 2
            while (self.setup is not None and self.setup.editing
                   and asyncio.get_running_loop().time() < deadline):
                await asyncio.sleep(0.02)
        except (TimeoutError, RuntimeError):
            pass  # no answer from the browser: the field as last sent is all there is
        finally:
            self.starting = False
        page.run_thread(self.create)

    def create(self) -> None:
        # the fields as the browser last sent them: Flet applies a field's new value as the
        # message arrives but runs its change handler on a worker thread, which a quick tap
        # on Start can overtake (each setup reads its fields again in `header`)
        try:
            game = self.app.store.create_game(self.header())
        except (GnavError, StoreError) as err:
            show_error(self.start_error, self.app.tr.error(err))
            self.app.refresh()
            return
        self.join_roster()
        self.app.go(f"/game/{game.id}")

    def join_roster(self) -> None:
        """The table's names join the roster (a new one as a new player); a look-alike the
        referee said is the same player becomes that player's other name."""
        try:
            roster, _notice = open_roster(self.app.store)
            for name, player_id in self.same.items():
                new = roster.player_for(name)
                if new is not None and new.id != player_id:
                    roster = roster.merge(player_id, new.id)
            if self.same:
                change_roster(self.app.store, roster)
        except (StoreError, RosterError):
            pass  # the game is kept; the roster finds its names again at its next reading


def _game_choice(game: Description, tr: Tr, room: float) -> ft.Control:
    """A game to choose, its name (the game's own, never translated, or its title in the
    reader's language where it has one) and a line on where it is played, by how many and what
    is special."""
    name = game.name if game.title is None else tr(game.title)
    line = tr(game.line)
    return ft.Column([
        ft.Radio(value=game.id, label=name, label_style=ft.TextStyle(
            # semi-bold: about a twentieth wider than the font's table says
            size=theme.label_style(name, room / 1.05, theme.NAME).size,
            weight=ft.FontWeight.W_600)),
        ft.Container(body(line, size=theme.SMALL), padding=ft.Padding.only(left=48)),
    ], spacing=0)
