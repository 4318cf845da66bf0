"""The tables screen ("/"): saved games, new table, import, and per game open/export/delete/rematch."""

from __future__ import annotations

import json
from datetime import UTC, datetime, tzinfo
from typing import Any

import flet as ft

from companion.core.errors import GnavError, JournalError
from companion.engine.registry import GAMES
from companion.i18n import EN, Tr
from companion.narrate.words import and_list, winners_sentence
from companion.store import AlreadyHere, GameSummary, StoreError
from companion.store.records_io import load_roster, open_roster

from . import theme
from .widgets import body, button, error_text, heading, labelled, show_error, top_actions


def when(iso: str, tr: Tr = EN, tz: tzinfo | None = None) -> str:
    """'2026-11-22T18:03:11Z' -> '2026-11-22 19:03' (in Danish '22.11.2026 kl. 19.03') in the
    local time of the device the app runs on (`tz` for tests), as the referee's own clock
    reads."""
    _ = tr
    try:
        moment = datetime.fromisoformat(iso)  # Python 3.11 reads the Z
    except ValueError:
        return iso
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    local = moment.astimezone(tz)
    return _("{day} {time}", day=tr.day(local), time=tr.time(local))


def summary_line(g: GameSummary, tr: Tr = EN) -> str:
    """A saved table in a line: its game (by its own name, never translated), the rule book
    where the game has several, the round where it is played in rounds, the winners, its
    state and when it was last played, each told as its game's description tells it."""
    _ = tr
    game = GAMES.get(g.game)
    if game is None:  # a game this build does not referee (the file of a newer build)
        return " · ".join([g.game, g.phase, _("last played {when}", when=when(g.updated, tr))])
    parts = [game.name]
    if len(game.books) > 1:
        title = game.books.get(g.rules)
        parts.append(_(title) if title else g.rules)
    if g.winners:
        parts.append(winners_sentence(g.winners, tr))
    if game.rounds:
        parts.append(_("not dealt yet") if g.round == 0 else _("round {round}", round=g.round))
    words = game.narration.phases.get(g.phase)
    parts += [_(words) if words else g.phase, _("last played {when}", when=when(g.updated, tr))]
    return " · ".join(parts)


class TablesScreen:
    def __init__(self, app: Any) -> None:
        self.app = app
        _ = app.tr
        self.lang = app.tr.lang  # what its sentences are told in
        self.error = error_text()
        self.notice = body("", color=ft.Colors.TERTIARY, visible=False)
        self.list = ft.Column([], spacing=12)
        self.import_field = ft.TextField(
            label=_("Journal text"), multiline=True, min_lines=4, max_lines=10,
            text_size=theme.SMALL, hint_text=_("Paste a journal: one JSON line per event"),
        )
        self.import_error = error_text()
        # a journal cut off or damaged after its header: its good lines can still be kept
        self.recover_button: Any = button("", self.do_recover, icon=ft.Icons.HEALING)
        self.recover_button.visible = False
        self.damaged: str | bytes | None = None
        # a journal whose game is already here: the table there, one tap away
        self.open_there: Any = button("", self.go_there, icon=ft.Icons.OPEN_IN_NEW)
        self.there_row = ft.Row([self.open_there], visible=False)  # its own width, not the box's
        self.there: int | None = None
        self.import_box = ft.Column(
            [self.import_field,
             ft.Row([button(_("Import"), self.do_import, kind="filled"),
                     # or a journal file: the browser's file chooser, the system's on a phone
                     button(_("Open a file"), lambda e: app.open_file(self.import_file),
                            icon=ft.Icons.FOLDER_OPEN),
                     button(_("Cancel"), self.hide_import, kind="text")], wrap=True),
             self.import_error,
             self.recover_button,
             self.there_row],
            visible=False, horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
        )
        # the journal field as wide as the screen (a field in a column is 300 px by default)
        self.export_box = ft.Column([], visible=False,
                                    horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
        self.exported: int | None = None  # the game whose journal the export box shows
        notice = getattr(app.store, "recovery_notice", None)
        if notice:
            self.notice.value, self.notice.visible = app.tr.error(notice), True
        self.view = ft.View(
            route="/",
            appbar=ft.AppBar(title=heading(_("Gnav Companion")), actions=top_actions(app)),
            controls=[
                ft.Column(
                    [
                        self.notice,
                        ft.Row([button(_("New table"), self.new_table, icon=ft.Icons.ADD,
                                       kind="filled"),
                                button(_("Import journal"), self.show_import,
                                       icon=ft.Icons.UPLOAD_FILE),
                                button(_("Learn"), lambda e: app.go("/learn"),
                                       icon=ft.Icons.SCHOOL),
                                button(_("Quiz"), lambda e: app.go("/quiz"),
                                       icon=ft.Icons.QUIZ),
                                button(_("Players and records"),
                                       lambda e: app.go("/records"),
                                       icon=ft.Icons.LEADERBOARD),
                                # a game Learn does not teach with the others teaches itself
                                # (Gwra pyskessa's phrasebook), named as it names itself
                                *(button(_("Learn {game}", game=game.name),
                                         lambda e, g=game.id: app.go(f"/learn/{g}"),
                                         icon=ft.Icons.SCHOOL)
                                  for game in GAMES if game.teaching is None)],
                               wrap=True, spacing=12),
                        self.import_box,
                        self.export_box,
                        self.error,
                        self.list,
                    ],
                    spacing=16, scroll=ft.ScrollMode.AUTO, expand=True,
                )
            ],
            padding=16,
        )
        self.fill()

    def fill(self) -> None:
        _ = self.app.tr
        games = self.app.store.list_games()
        tiles: list[ft.Control] = []
        if not games:
            tiles.append(body(_("No saved games yet. Start with New table.")))
        for g in games:
            tiles.append(self.tile(g))
        self.list.controls = tiles

    def tile(self, g: GameSummary) -> ft.Control:
        _ = self.app.tr
        n = g.id
        # a screen reader hears which table: its players and its game, as the card shows them
        opens = _("Open game {n}", n=n)
        opener = labelled(
            f"{opens}: {and_list(g.seats, self.app.tr)} · {summary_line(g, self.app.tr)}",
            ft.Container(
                content=ft.Column(
                    [ft.Text(and_list(g.seats, self.app.tr), size=theme.NAME, weight=ft.FontWeight.BOLD),
                     ft.Text(summary_line(g, self.app.tr), size=theme.SMALL)],
                    spacing=4, tight=True,
                ),
                on_click=lambda e: self.open(n), padding=12, border_radius=12, ink=True,
            ),
        )
        actions: list[ft.Control] = [
            button(_("Export game {n}", n=n), lambda e: self.export(n), icon=ft.Icons.IOS_SHARE,
                   kind="text"),
            button(_("Delete game {n}", n=n), lambda e: self.ask_delete(n), icon=ft.Icons.DELETE,
                   kind="text"),
        ]
        if g.phase == "over":
            actions.insert(0, button(_("Rematch game {n}", n=n), lambda e: self.rematch(n),
                                     icon=ft.Icons.REPLAY, kind="text"))
        return ft.Card(
            content=ft.Container(
                content=ft.Column([opener, ft.Row(actions, wrap=True, spacing=4)], spacing=4),
                padding=8,
            ),
        )

    def adopt(self, old: Any) -> None:
        """After a language switch or a turned screen: the journal being pasted, its error and
        the export box, as they were."""
        if not isinstance(old, TablesScreen):
            return
        self.import_field.value = old.import_field.value
        self.import_box.visible = old.import_box.visible
        if old.exported is not None:
            self.export(old.exported)
        if old.lang == self.lang:  # else its sentences were told in the other language
            show_error(self.import_error, old.import_error.value if old.import_error.visible
                       else None)
            self.damaged = old.damaged
            self.recover_button.content = old.recover_button.content
            self.recover_button.visible = old.recover_button.visible
            self.show_there(old.there)
            show_error(self.error, old.error.value if old.error.visible else None)

    # --- actions -------------------------------------------------------------------------------

    def new_table(self, e: Any = None) -> None:
        self.app.go("/new")

    def open(self, game_id: int) -> None:
        try:
            self.app.games.game(game_id)  # a game the store will not open says why, here
        except StoreError as err:
            self.fail(self.app.tr.error(err))
            return
        self.app.go(f"/game/{game_id}")

    def rematch(self, game_id: int) -> None:
        try:
            game = self.app.store.rematch(game_id)
        except StoreError as err:
            self.fail(self.app.tr.error(err))
            return
        self.app.go(f"/game/{game.id}")

    def ask_delete(self, game_id: int) -> None:
        _ = self.app.tr
        dialog = ft.AlertDialog(
            modal=True,
            title=ft.Text(_("Delete this game?")),
            content=ft.Text(_("Game {n} and its journal are removed for good.", n=game_id)),
            actions=[
                ft.TextButton(_("Cancel"), on_click=lambda e: self.cancel_dialog()),
                ft.FilledButton(_("Delete"), on_click=lambda e: self.delete(game_id)),
            ],
        )
        self.app.show_dialog(dialog)

    def cancel_dialog(self) -> None:
        self.app.close_dialog()

    def delete(self, game_id: int) -> None:
        self.app.close_dialog()
        try:
            self.app.store.delete_game(game_id)
        except StoreError as err:
            self.fail(self.app.tr.error(err))
            return
        self.fill()
        self.app.refresh()

    def export(self, game_id: int) -> None:
        _ = self.app.tr
        try:
            text = self.app.store.export_journal(game_id)
        except StoreError as err:
            self.fail(self.app.tr.error(err))
            return
        # the file is named after its game (kille-game-4.jsonl): the header's "game"
        game = str(json.loads(text.split("\n", 1)[0]).get("game", GAMES.first.id))
        field = ft.TextField(label=_("Journal of game {n}", n=game_id), value=text, multiline=True,
                             min_lines=4, max_lines=12, read_only=True, text_size=theme.SMALL)
        self.export_box.controls = [
            field,
            ft.Row([
                # the client copies inside the tap itself, the only time every browser allows
                # it; the action binds to the page's clipboard, so only with a page
                ft.FilledButton(_("Copy journal"), icon=ft.Icons.CONTENT_COPY,
                                action=ft.CopyToClipboard(text) if self.app.page else None,
                                height=theme.TOUCH),
                # a download in a browser, the system's save dialog on a phone or a desktop
                button(_("Save as a file"),
                       lambda e: self.app.save_file(f"{game}-game-{game_id}.jsonl",
                                                    text.encode("utf-8")),
                       icon=ft.Icons.DOWNLOAD),
                button(_("Close"), self.hide_export, kind="text"),
            ], wrap=True),
        ]
        self.export_box.visible = True
        self.exported = game_id
        self.app.refresh()

    def hide_export(self, e: Any = None) -> None:
        self.export_box.visible = False
        self.exported = None
        self.export_box.controls = []
        self.app.refresh()

    def show_import(self, e: Any = None) -> None:
        self.import_box.visible = True
        show_error(self.import_error, None)
        self.app.refresh()

    def hide_import(self, e: Any = None) -> None:
        self.import_box.visible = False
        self.recover_button.visible, self.damaged = False, None
        self.show_there(None)
        self.app.refresh()

    def do_import(self, e: Any = None) -> None:
        if self._import(self.import_field.value or ""):
            self.import_field.value = ""

    def import_file(self, data: bytes) -> None:
        """A journal file chosen with 'Open a file': checked and imported like pasted text."""
        self._import(data)

    def _import(self, data: str | bytes) -> bool:
        _ = self.app.tr
        self.damaged = None
        self.recover_button.visible = False
        self.show_there(None)
        try:
            # the same game twice is refused, with the table already here offered
            game = self.app.store.import_journal(data, once=True)
        except AlreadyHere as err:
            show_error(self.import_error, self.app.tr.error(err))
            self.show_there(err.game_id)
            self.app.refresh()
            return False
        except (GnavError, StoreError) as err:
            # JournalError reads "line N: ..."; nothing was stored
            show_error(self.import_error, self.app.tr.error(err))
            if isinstance(err, JournalError) and err.line > 1:
                self.damaged = data
                self.recover_button.content = _("Keep the events before line {line}",
                                                line=err.line)
                self.recover_button.visible = True
            self.app.refresh()
            return False
        kept_apart = self.roster_sees_it()
        self.app.go(f"/game/{game.id}")
        if kept_apart:
            self.tell_kept_apart(kept_apart)
        return True

    def roster_sees_it(self) -> list[tuple[str, list[str]]]:
        """An imported game's names join the roster at once, as the command line's import
        brings them (records_io.open_roster): a look-alike of a known player is a player of
        its own, never merged by itself. Returns each new name that looks like known ones,
        with them, for the referee to be told."""
        try:
            before, _notice = load_roster(self.app.store.folder)
            after, _notice = open_roster(self.app.store)
        except StoreError:
            return []  # the game is in; its names join the roster when Records or New table opens
        kept: list[tuple[str, list[str]]] = []
        for player in after.players:
            if before.player_for(player.name) is None:
                alike = [known.name for known in before.look_alikes(player.name)]
                if alike:
                    kept.append((player.name, alike))
        return kept

    def tell_kept_apart(self, kept: list[tuple[str, list[str]]]) -> None:
        """Says which imported names were kept apart from known players they look like, and
        leads to where they can be merged: nothing is merged without the referee."""
        _ = self.app.tr
        lines: list[ft.Control] = [body(_("{name} looks like {known}, a player already known, and is kept as a "
                        "player of their own. If they are one person, merge them in Players "
                        "and records.", name=name, known=and_list(known, self.app.tr)),
                      size=theme.BODY)
                 for name, known in kept]
        self.app.show_dialog(ft.AlertDialog(
            modal=True,
            title=ft.Text(_("Names kept apart")),
            content=ft.Semantics(identifier="kept-apart", container=True,
                                 content=ft.Column(lines, tight=True, spacing=8,
                                                   scroll=ft.ScrollMode.AUTO)),
            actions=[button(_("Players and records"), lambda e: self.to_records(), kind="text"),
                     button(_("Close"), lambda e: self.app.close_dialog())]))

    def to_records(self) -> None:
        self.app.close_dialog()
        self.app.go("/records")

    def show_there(self, game_id: int | None) -> None:
        _ = self.app.tr
        self.there = game_id
        self.there_row.visible = game_id is not None
        if game_id is not None:
            self.open_there.content = _("Open table {n}", n=game_id)

    def go_there(self, e: Any = None) -> None:
        if self.there is not None:
            self.app.go(f"/game/{self.there}")

    def do_recover(self, e: Any = None) -> None:
        """The damaged journal is kept as it came, in the data folder, then every event before
        its first bad line is imported; the table is told both in one notice."""
        data, self.damaged = self.damaged, None
        if data is None:
            return
        _ = self.app.tr
        self.recover_button.visible = False
        try:
            kept = self.app.store.keep_damaged_journal(data)
            game, notice = self.app.store.recover_journal(data)
        except (GnavError, StoreError, OSError) as err:
            show_error(self.import_error, self.app.tr.error(err))
            self.app.refresh()
            return
        self.roster_sees_it()
        self.import_field.value = ""
        self.import_error.visible = False
        self.import_box.visible = False
        sentence = self.app.tr.error(notice) if notice else ""
        self.notice.value = " ".join(filter(None, [
            sentence, _("The journal as it came was kept as {file}.", file=str(kept)),
            _("It is game {number} in the list.", number=game.id)]))
        self.notice.visible = True
        self.fill()
        self.app.refresh()

    def fail(self, message: str) -> None:
        show_error(self.error, message)
        self.app.refresh()
