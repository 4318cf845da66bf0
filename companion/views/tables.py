"""The tables screen ("/"): saved games, new table, import, and per game open/export/delete/rematch."""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.engine import GnavError
from companion.store import GameSummary, StoreError

from . import theme
from .widgets import body, button, error_text, heading, labelled, show_error, theme_toggle
from .words import and_list, winners_sentence

PHASE_WORDS = {
    "cut": "drawing for dealer",
    "ready": "between rounds",
    "turns": "turns",
    "asking": "a swap waits",
    "reveal": "reveal",
    "over": "finished",
}


def when(iso: str) -> str:
    """'2026-11-22T18:03:11Z' -> '2026-11-22 18:03 UTC'."""
    if "T" not in iso:
        return iso
    day, time = iso.split("T", 1)
    return f"{day} {time[:5]} UTC"


def summary_line(g: GameSummary) -> str:
    round_words = "not dealt yet" if g.round == 0 else f"round {g.round}"
    parts = [g.rules, round_words, PHASE_WORDS.get(g.phase, g.phase), f"last played {when(g.updated)}"]
    if g.winners:
        parts.insert(2, winners_sentence(g.winners))
    return " · ".join(parts)


class TablesScreen:
    def __init__(self, app: Any) -> None:
        self.app = app
        self.error = error_text()
        self.notice = body("", color=ft.Colors.TERTIARY, visible=False)
        self.list = ft.Column([], spacing=12)
        self.import_field = ft.TextField(
            label="Journal text", multiline=True, min_lines=4, max_lines=10,
            text_size=theme.SMALL, hint_text="Paste a journal: one JSON line per event",
        )
        self.import_error = error_text()
        self.import_box = ft.Column(
            [self.import_field,
             ft.Row([button("Import", self.do_import, kind="filled"),
                     button("Cancel", self.hide_import, kind="text")], wrap=True),
             self.import_error],
            visible=False,
        )
        self.export_box = ft.Column([], visible=False)
        notice = getattr(app.store, "recovery_notice", None)
        if notice:
            self.notice.value, self.notice.visible = notice, True
        self.view = ft.View(
            route="/",
            appbar=ft.AppBar(title=heading("Gnav Companion"), actions=[theme_toggle(app)]),
            controls=[
                ft.Column(
                    [
                        self.notice,
                        ft.Row([button("New table", self.new_table, icon=ft.Icons.ADD,
                                       kind="filled"),
                                button("Import journal", self.show_import,
                                       icon=ft.Icons.UPLOAD_FILE)],
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
        games = self.app.store.list_games()
        tiles: list[ft.Control] = []
        if not games:
            tiles.append(body("No saved games yet. Start with New table."))
        for g in games:
            tiles.append(self.tile(g))
        self.list.controls = tiles

    def tile(self, g: GameSummary) -> ft.Control:
        n = g.id
        opener = labelled(
            f"Open game {n}",
            ft.Container(
                content=ft.Column(
                    [ft.Text(and_list(g.seats), size=theme.NAME, weight=ft.FontWeight.BOLD),
                     ft.Text(summary_line(g), size=theme.SMALL)],
                    spacing=4, tight=True,
                ),
                on_click=lambda e: self.open(n), padding=12, border_radius=12, ink=True,
            ),
        )
        actions: list[ft.Control] = [
            button(f"Export game {n}", lambda e: self.export(n), icon=ft.Icons.IOS_SHARE,
                   kind="text"),
            button(f"Delete game {n}", lambda e: self.ask_delete(n), icon=ft.Icons.DELETE,
                   kind="text"),
        ]
        if g.phase == "over":
            actions.insert(0, button(f"Rematch game {n}", lambda e: self.rematch(n),
                                     icon=ft.Icons.REPLAY, kind="text"))
        return ft.Card(
            content=ft.Container(
                content=ft.Column([opener, ft.Row(actions, wrap=True, spacing=4)], spacing=4),
                padding=8,
            ),
        )

    # --- actions -------------------------------------------------------------------------------

    def new_table(self, e: Any = None) -> None:
        self.app.go("/new")

    def open(self, game_id: int) -> None:
        self.app.go(f"/game/{game_id}")

    def rematch(self, game_id: int) -> None:
        try:
            game = self.app.store.rematch(game_id)
        except StoreError as err:
            self.fail(str(err))
            return
        self.app.go(f"/game/{game.id}")

    def ask_delete(self, game_id: int) -> None:
        dialog = ft.AlertDialog(
            modal=True,
            title=ft.Text("Delete this game?"),
            content=ft.Text(f"Game {game_id} and its journal are removed for good."),
            actions=[
                ft.TextButton("Cancel", on_click=lambda e: self.cancel_dialog()),
                ft.FilledButton("Delete", on_click=lambda e: self.delete(game_id)),
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
            self.fail(str(err))
            return
        self.fill()
        self.app.refresh()

    def export(self, game_id: int) -> None:
        try:
            text = self.app.store.export_journal(game_id)
        except StoreError as err:
            self.fail(str(err))
            return
        field = ft.TextField(label=f"Journal of game {game_id}", value=text, multiline=True,
                             min_lines=4, max_lines=12, read_only=True, text_size=theme.SMALL)
        self.export_box.controls = [
            field,
            ft.Row([
                # the client copies inside the tap itself, the only time every browser allows
                # it; the action binds to the page's clipboard, so only with a page
                ft.FilledButton("Copy journal", icon=ft.Icons.CONTENT_COPY,
                                action=ft.CopyToClipboard(text) if self.app.page else None,
                                height=theme.TOUCH),
                button("Close", self.hide_export, kind="text"),
            ], wrap=True),
        ]
        self.export_box.visible = True
        self.app.refresh()

    def hide_export(self, e: Any = None) -> None:
        self.export_box.visible = False
        self.export_box.controls = []
        self.app.refresh()

    def show_import(self, e: Any = None) -> None:
        self.import_box.visible = True
        show_error(self.import_error, None)
        self.app.refresh()

    def hide_import(self, e: Any = None) -> None:
        self.import_box.visible = False
        self.app.refresh()

    def do_import(self, e: Any = None) -> None:
        text = self.import_field.value or ""
        try:
            game = self.app.store.import_journal(text)
        except (GnavError, StoreError) as err:
            # JournalError reads "line N: ..."; nothing was stored
            show_error(self.import_error, str(err))
            self.app.refresh()
            return
        self.import_field.value = ""
        self.app.go(f"/game/{game.id}")

    def fail(self, message: str) -> None:
        show_error(self.error, message)
        self.app.refresh()
