"""The new table screen ("/new"): the game, players in seating order, rule book, house rules,
stakes, dealer (Gwra pyskessa has no rule book, house rules or stakes to choose)."""

from __future__ import annotations

import asyncio
import random
from typing import Any, Literal

import flet as ft

from companion.core.names import MAX_NAME, format_character, name_problem, spelled
from companion.engine import DEFAULT_RULES, MATADORS, PRESETS, GnavError, Stakes, Table
from companion.engine.books.gnav import CHOICE_LABELS, CHOICE_WORDS, LIST_LABELS
from companion.engine.events import MAX_SEATS, MAX_STAKE, MIN_SEATS
from companion.engine.pieces import STOCK
from companion.engine.rules import HOUSE_FIELDS, Rulebook
from companion.games import gwra_pyskessa as gofish
from companion.games.gwra_pyskessa.events import MAX_SEATS as GOFISH_SEATS
from companion.games.gwra_pyskessa.events import header_json as gofish_header_json
from companion.i18n import Tr
from companion.narrate.family import game_line, game_title
from companion.narrate.words import (
    field_help,
    field_title,
    field_value_words,
    piece_title,
    rulebook_summary,
)
from companion.store import StoreError

from . import theme
from .family_setup import BOOKS as FAMILY_BOOKS
from .family_setup import FamilySetup
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


ROW_HEIGHT = 56  # a player's row: the 48 px targets and a little air


class NewTableScreen:
    def __init__(self, app: Any) -> None:
        self.app = app
        _ = app.tr
        self.lang = app.tr.lang  # what its sentences are told in
        self.players: list[str] = []
        self.rules = DEFAULT_RULES
        self.house: dict[str, Any] = {}  # field -> value in rule book form (tuples for lists)
        self.stakes_kind = "counters"
        self.amount = 3
        self.dealer_choice = "draw"  # "draw", "random" or a seat name
        self.game = "gnav"  # the header's game: gnav, gwra-pyskessa or one of the family's
        self.rng = random.Random()
        # a family game (issue 14) replaces the Gnav sections with its FamilySetup
        # (views/family_setup.py); Gwra pyskessa hides them
        self.family: FamilySetup | None = None
        self.family_box = ft.Column([], visible=False)

        # on_change keeps the typed name on the server at once, so a quick tap on Add player
        # never reads a stale value
        self.name_field = count_name(ft.TextField(
            label=_("Player name"), on_submit=self.add_player, on_change=self.typed,
            max_length=MAX_NAME, text_size=theme.BODY, expand=True), app.tr)
        self.name_error = error_text()
        # drag a player by the handle, or move one step with the arrows
        self.player_list = ft.ReorderableListView(
            controls=[], show_default_drag_handles=False, on_reorder=self.reordered,
            build_controls_on_demand=False, height=0)
        self.no_players = body("", size=theme.SMALL)
        self.rules_group = ft.RadioGroup(
            value=self.rules, on_change=lambda e: self.set_rules(e.control.value),
            content=ft.Row([ft.Radio(value=name, label=name, label_style=LABEL) for name in PRESETS], wrap=True),
        )
        self.rules_help = body("", size=theme.SMALL + 1)
        self.stakes_group = ft.RadioGroup(
            value=self.stakes_kind, on_change=lambda e: self.set_stakes_kind(e.control.value),
            content=ft.Row([ft.Radio(value="counters", label=_("Counters"), label_style=LABEL),
                            ft.Radio(value="strokes", label=_("Strokes"), label_style=LABEL)], wrap=True),
        )
        self.amount_field = ft.TextField(
            label=_("Counters each"), value=str(self.amount), width=200,
            keyboard_type=ft.KeyboardType.NUMBER, on_change=lambda e: self.set_amount(
                e.control.value), text_size=theme.BODY,
            on_focus=self.amount_focus, on_blur=self.amount_blur,
        )
        # whether the stakes field has the focus (its last keys may still be on their way)
        self.amount_editing = False
        self.starting = False  # a Start is waiting for the field's last change
        self.amount_error = error_text()
        self.dealer_group = ft.RadioGroup(value=self.dealer_choice,
                                          on_change=lambda e: self.set_dealer(e.control.value),
                                          content=ft.Row([], wrap=True))
        self.house_column = ft.Column([], spacing=12)
        # radios rather than a menu: every game in sight with its line, one tap, a label to
        # find it by
        self.game_group = ft.RadioGroup(
            value=self.game, on_change=lambda e: self.set_game(e.control.value),
            content=ft.Column([
                _game_choice("gnav", "Gnav", _(
                    "Norway and Denmark. 2 to 40 players, one piece each: keep it or swap it "
                    "with the next player; the lowest piece pays.")),
                *(_game_choice(g, game_title(g, app.tr), game_line(g, app.tr))
                  for g in FAMILY_BOOKS),
                _game_choice(gofish.GAME, "Gwra pyskessa", _(
                    "Cornwall. 2 to 10 players, an ordinary pack of 52: Go Fish, asked only in "
                    "Cornish; most sets of four wins.")),
            ], spacing=4),
        )
        self.start_error = error_text()
        # Gnav's own sections, hidden while a family game is chosen
        self.gnav_part = ft.Column([
            ft.Divider(),
            heading(_("Rule book"), theme.NAME),
            self.rules_group,
            self.rules_help,
            ft.Divider(),
            heading(_("Stakes"), theme.NAME),
            self.stakes_group,
            self.amount_field,
            self.amount_error], spacing=12)
        self.gnav_house = ft.Column([
            ft.Divider(),
            heading(_("House rules"), theme.NAME),
            body(_("Each rule starts as the rule book has it; change any of them."),
                 size=theme.SMALL),
            self.house_column], spacing=12)
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
                        self.player_list,
                        self.no_players,
                        ft.Divider(),
                        heading(_("Game"), theme.NAME),
                        self.game_group,
                        self.family_box,
                        self.gnav_part,
                        ft.Divider(),
                        heading(_("First dealer"), theme.NAME),
                        self.dealer_group,
                        self.gnav_house,
                        ft.Divider(),
                        self.start_error,
                        self.start_button,
                    ],
                    spacing=12, scroll=ft.ScrollMode.AUTO, expand=True,
                )
            ],
            padding=16,
        )
        self.fill()

    # --- what the screen shows ----------------------------------------------------------------

    @property
    def book(self) -> Rulebook:
        preset = PRESETS[self.rules]
        return preset.with_house({k: list(v) if isinstance(v, tuple) else v
                                  for k, v in self.house.items()})

    def fill(self) -> None:
        _ = self.app.tr
        self.fill_players()
        self.game_group.value = self.game
        gnav = self.game == "gnav"
        self.gnav_part.visible = self.gnav_house.visible = gnav
        self.family_box.controls = [] if self.family is None else [self.family.control]
        self.family_box.visible = self.family is not None
        self.rules_group.value = self.rules
        self.rules_help.value = rulebook_summary(self.rules, self.app.tr)
        self.stakes_group.value = self.stakes_kind
        self.amount_field.label = (_("Counters each") if self.stakes_kind == "counters"
                                   else _("Stroke limit"))
        self.fill_dealer()
        self.fill_house()
        self.start_button.disabled = not MIN_SEATS <= len(self.players) <= self.max_seats
        if self.game == gofish.GAME and len(self.players) > self.max_seats:
            self.no_players.value = _("Gwra pyskessa has at most {count} players.",
                                      count=self.max_seats)
            self.no_players.visible = True

    @property
    def max_seats(self) -> int:
        if self.game == gofish.GAME:
            return GOFISH_SEATS
        return FAMILY_BOOKS[self.game].max_seats if self.game in FAMILY_BOOKS else MAX_SEATS

    def set_game(self, game: str | None, refresh: bool = True) -> None:
        """Gnav, Gwra pyskessa, or one of the family's games with its own setup."""
        if game is None or game == self.game or (
                game not in ("gnav", gofish.GAME) and game not in FAMILY_BOOKS):
            return
        self.game = game
        self.family = (FamilySetup(self.app, game, on_change=self.app.refresh)
                       if game in FAMILY_BOOKS else None)
        if refresh:
            self.fill()
            self.app.refresh()

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
        radios += [ft.Radio(value=name, label=_("Dealer {name}", name=name), label_style=LABEL)
                   for name in self.players]
        self.dealer_group.content = ft.Row(radios, wrap=True)
        self.dealer_group.value = self.dealer_choice

    def fill_house(self) -> None:
        _, tr = self.app.tr, self.app.tr
        book, preset = self.book, PRESETS[self.rules]
        rows: list[ft.Control] = []
        for key in HOUSE_FIELDS:
            value = getattr(book, key)
            changed = value != getattr(preset, key)
            title = (_("{rule}  (house rule)", rule=field_title(key, tr)) if changed
                     else field_title(key, tr))
            control: ft.Control
            if isinstance(value, bool):
                control = ft.Switch(label=field_title(key, tr), value=value,
                                    on_change=lambda e, k=key: self.set_house(k, e.control.value))
            elif key in CHOICE_WORDS:
                control = ft.RadioGroup(
                    value=value,
                    on_change=lambda e, k=key: self.set_house(k, e.control.value),
                    content=ft.Row([ft.Radio(value=v, label=_(CHOICE_LABELS[key],
                                                              choice=tr.in_sentence(_(w))),
                                             label_style=LABEL)
                                    for v, w in CHOICE_WORDS[key].items()], wrap=True),
                )
            else:
                control = ft.Row(
                    [ft.Checkbox(label=_(LIST_LABELS[key], piece=tr.in_sentence(piece_title(m, tr))),
                                 value=m in value,
                                 on_change=lambda e, k=key, m=m: self.toggle_call(
                                     k, m, bool(e.control.value)))
                     for m in MATADORS],
                    wrap=True,
                )
            rows.append(ft.Column(
                [ft.Text(title, size=theme.BODY, weight=ft.FontWeight.BOLD),
                 body(field_help(key, tr), size=theme.SMALL),
                 control,
                 body(_("{rules}: {value}", rules=self.rules,
                        value=field_value_words(key, getattr(preset, key), tr)),
                      size=theme.SMALL, italic=True)],
                spacing=4,
            ))
        self.house_column.controls = rows

    def adopt(self, old: Any) -> None:
        """After a language switch or a turned screen: the same table in the making (players,
        the name and stakes being typed, what was wrong), told in the new language."""
        if not isinstance(old, NewTableScreen):
            return
        self.players = list(old.players)
        self.rules, self.house = old.rules, dict(old.house)
        self.set_game(old.game, refresh=False)
        if old.family is not None and self.family is not None:
            self.family.adopt(old.family)
        self.stakes_kind, self.amount = old.stakes_kind, old.amount
        self.dealer_choice = old.dealer_choice
        self.name_field.value = old.name_field.value
        self.amount_field.value = old.amount_field.value
        self.fill()
        if old.lang != self.lang:
            return  # its sentences were told in the other language; the next check retells
        for mine, theirs in ((self.name_error, old.name_error),
                             (self.amount_error, old.amount_error),
                             (self.start_error, old.start_error)):
            show_error(mine, theirs.value if theirs.visible else None)

    # --- handlers -----------------------------------------------------------------------------

    def typed(self, e: Any = None) -> None:
        if note_name_length(self.name_field, self.name_error, self.app.tr, self.hidden_note):
            self.app.refresh()

    def hidden_note(self, typed: str) -> str | None:
        """An invisible formatting character in the name being typed (a zero-width joiner,
        U+202E pasted with it), said at once: the referee cannot see it in the field."""
        name = spelled(typed)
        if format_character(name) is None:
            return None
        tr: Tr = self.app.tr
        return tr.error(name_problem(name, ()))

    def add_player(self, e: Any = None) -> None:
        name = spelled(self.name_field.value or "")
        problem = self.name_problem(name)
        show_error(self.name_error, problem)
        if problem is None:
            self.players.append(name)
            self.name_field.value = ""
            self.fill()
        self.app.refresh()

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

    def set_rules(self, name: str | None) -> None:
        if name in PRESETS:
            self.rules = name
            self.house = {}  # house rules start again from the new book
            self.fill()
            self.app.refresh()

    def set_house(self, key: str, value: Any) -> None:
        preset_value = getattr(PRESETS[self.rules], key)
        if value == preset_value:
            self.house.pop(key, None)
        else:
            self.house[key] = value
        self.fill_house()
        self.app.refresh()

    def toggle_call(self, key: str, matador: str, on: bool) -> None:
        current = set(getattr(self.book, key))
        if on:
            current.add(matador)
        else:
            current.discard(matador)
        self.set_house(key, tuple(m for m in MATADORS if m in current))

    def set_stakes_kind(self, kind: str | None) -> None:
        if kind in ("counters", "strokes"):
            self.stakes_kind = kind
            self.fill()
            self.app.refresh()

    def set_amount(self, text: str | None) -> None:
        self.read_amount(text)
        self.app.refresh()

    def read_amount(self, text: str | None) -> None:
        try:
            value = int((text or "").strip())
        except ValueError:
            value = 0
        if 1 <= value <= MAX_STAKE:
            self.amount = value
            show_error(self.amount_error, None)
        else:
            _ = self.app.tr
            self.amount = 0
            show_error(self.amount_error, _("Type a whole number from 1 to {count}.",
                                            count=MAX_STAKE))

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

    def table(self) -> Table:
        """The header this screen describes; raises GnavError with the reason it is not ready."""
        _ = self.app.tr
        if self.amount < 1:
            raise GnavError(_("The stakes need a whole number from 1 to {count}.",
                              count=MAX_STAKE))
        if len(self.players) < MIN_SEATS:
            raise GnavError(_("A table needs at least {count} players.", count=MIN_SEATS))
        dealer = self.dealer()
        book = self.book
        house = tuple((k, getattr(book, k)) for k in HOUSE_FIELDS if k in self.house)
        kind: Literal["counters", "strokes"] = "counters" if self.stakes_kind == "counters" else "strokes"
        return Table(rules=self.rules, stakes=Stakes(kind, self.amount),
                     seats=tuple(self.players), dealer=dealer, house=house)

    def gofish_header(self) -> gofish.Header:
        """A Gwra pyskessa table's header, read back by its kind (GnavError when it is bad)."""
        _ = self.app.tr
        if len(self.players) < MIN_SEATS:
            raise GnavError(_("A table needs at least {count} players.", count=MIN_SEATS))
        header = gofish.Header(seats=tuple(self.players), dealer=self.dealer())
        return gofish.parse_header(gofish_header_json(header))

    def amount_focus(self, e: Any = None) -> None:
        self.amount_editing = True

    def amount_blur(self, e: Any = None) -> None:
        self.amount_editing = False

    def start(self, e: Any = None) -> None:
        """Start game. A tap on Start can reach the app before the stakes field's last change
        (the browser sends the tap first, about once in a dozen quick taps): while the field
        has the focus, the focus moves to Start first, which makes the browser send the
        field's last change and then its blur, and the game is made after the blur."""
        page = self.app.page
        if page is None or not self.amount_editing or self.game != "gnav":
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
            while self.amount_editing and asyncio.get_running_loop().time() < deadline:
                await asyncio.sleep(0.02)
        except (TimeoutError, RuntimeError):
            pass  # no answer from the browser: the field as last sent is all there is
        finally:
            self.starting = False
        page.run_thread(self.create)

    def create(self) -> None:
        # the field as the browser last sent it: Flet applies a field's new value as the
        # message arrives but runs its change handler on a worker thread, which a quick tap
        # on Start can overtake
        try:
            if self.game == gofish.GAME:
                game = self.app.store.create_game(self.gofish_header())
            elif self.family is not None:  # a family game (issue 14)
                if len(self.players) < MIN_SEATS:
                    raise GnavError(self.app.tr("A table needs at least {count} players.",
                                                count=MIN_SEATS))
                game = self.app.store.create_game(self.family.header(self.players,
                                                                     self.dealer()))
            else:
                self.read_amount(self.amount_field.value)
                game = self.app.store.create_game(self.table())
        except (GnavError, StoreError) as err:
            show_error(self.start_error, self.app.tr.error(err))
            self.app.refresh()
            return
        self.app.go(f"/game/{game.id}")


def _game_choice(value: str, name: str, line: str) -> ft.Control:
    """A game to choose, its name (the game's own, never translated) and a line on where it is
    played, by how many and what is special."""
    return ft.Column([
        ft.Radio(value=value, label=name,
                 label_style=ft.TextStyle(size=theme.NAME, weight=ft.FontWeight.W_600)),
        ft.Container(body(line, size=theme.SMALL), padding=ft.Padding.only(left=48)),
    ], spacing=0)
