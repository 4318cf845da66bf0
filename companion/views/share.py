"""The Share screen ("/game/{N}/share"): QR codes for the spectators' board of this table,
for the referee link (to hand control to another device), and for a finished game's result
as plain text that a phone reads without the network.

The addresses, the token, the switch and the QR pictures (PNGs, shown here on white) come from
the app's SharingService, which `serve()` or the built app hands it at start.
"""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.board import Problem, SharingService
from companion.engine.registry import GAMES
from companion.records import Unreadable
from companion.store import Game, StoreError

from . import theme
from .records import TakeHome
from .shell.context import ScreenContext
from .widgets import body, button, error_text, heading, show_error, top_actions

QR_SIZE = 280


def qr_image(sharing: SharingService, text: str, label: str, identifier: str) -> ft.Control:
    """The code on white (its quiet zone included), so it scans in dark mode too."""
    picture = ft.Image(src=sharing.qr_png(text), width=QR_SIZE, height=QR_SIZE,
                       fit=ft.BoxFit.CONTAIN, filter_quality=ft.FilterQuality.NONE,
                       semantics_label=label)
    return ft.Semantics(identifier=identifier, label=label, container=True, content=ft.Container(
        content=picture, bgcolor=ft.Colors.WHITE, padding=8, border_radius=8))


class ShareScreen:
    def __init__(self, app: ScreenContext, game: Game) -> None:
        self.app = app
        self.game = game
        _ = app.tr
        self.sharing = sharing = app.sharing
        switch = sharing.switch
        url = sharing.board_url(game.id)
        rows: list[ft.Control] = [ft.Semantics(identifier="phase", content=ft.Text(
            _("Share table {game}", game=game.id), size=theme.QUESTION,
            weight=ft.FontWeight.BOLD))]
        self.problem = error_text()
        if switch is not None:
            # the words beside the switch rather than its label, so that they wrap on a
            # phone; merged, the two are one switch with that name for a screen reader
            self.lan_switch = ft.Switch(value=url is not None, disabled=switch.fixed,
                                        on_change=self.on_lan)
            rows.append(ft.MergeSemantics(content=ft.Row([
                self.lan_switch,
                ft.Text(_("Let phones follow on the local network"), size=theme.BODY,
                        weight=ft.FontWeight.W_600, expand=True),
            ])))
            if switch.fixed:
                rows.append(body(_("Started with --lan: phones can follow until the app "
                                   "stops."), size=theme.SMALL + 1))
            rows.append(self.problem)
        if url is None:
            if switch is None:
                rows.append(body(_("Phones cannot reach this app: it serves this machine "
                                   "only. Start it with serve --lan to show the board on "
                                   "phones."), size=theme.BODY))
            else:
                rows.append(body(_("Phones cannot reach this app now: it serves this machine "
                                   "only. Turn the switch on to show the board on phones; it "
                                   "stays on at the next start."), size=theme.BODY))
        else:
            rows += [
                ft.Text(_("Board for the players"), size=theme.NAME, weight=ft.FontWeight.BOLD),
                body(_("Scan to follow the game. The board only shows it; nobody can play "
                       "from it."), size=theme.SMALL + 1),
                qr_image(sharing, url, _("Board QR code"), "board-qr"),
                ft.Semantics(identifier="board-url", label=url, container=True,
                             content=ft.Text(url, size=theme.BODY, selectable=True)),
            ]
            self.referee = ft.Column([], spacing=8)
            if sharing.referee_url is None:
                # a built app with no copy of the web client (webclient/files.py) serves
                # phones the boards only: no link to hand on
                rows.append(body(_("No referee link: this copy of the app carries no web "
                                   "client for another device to control the game with, so "
                                   "phones get the board only."), size=theme.SMALL + 1))
            else:
                rows += [
                    ft.Text(_("Referee link"), size=theme.NAME, weight=ft.FontWeight.BOLD),
                    body(_("Whoever scans this controls the game. Show it only to the next "
                           "referee."), size=theme.SMALL + 1),
                    button(_("Show the referee QR"), self.show_referee),
                    self.referee,
                ]
        if game.state.phase == "over":
            # shortened, if need be, to what one code holds (a long table of 40)
            narration = GAMES[game.table.game].narration
            text = narration.result_text(game.state, app.tr, fits=sharing.qr_fits)
            rows += [
                ft.Text(_("Result to take home"), size=theme.NAME, weight=ft.FontWeight.BOLD),
                body(_("The result as plain text: a phone reads it without the network."),
                     size=theme.SMALL + 1),
                qr_image(sharing, text, _("Result QR code"), "result-qr"),
                ft.Text(text, size=theme.SMALL, selectable=True),
            ]
            rows += self.take_home(game)
        self.view = ft.View(
            route=f"/game/{game.id}/share",
            appbar=ft.AppBar(
                title=heading(_("Share"), theme.TITLE - 4),
                actions=top_actions(app, button(_("Back to the table"),
                                                lambda e: app.go(f"/game/{game.id}"),
                                                kind="text")),
            ),
            controls=[ft.Column(rows, scroll=ft.ScrollMode.AUTO, expand=True, spacing=10)],
            padding=16,
        )

    def take_home(self, game: Game) -> list[ft.Control]:
        """The game's story and its files: the one-page PDF, the CSV, the BG Stats play (a
        game the records cannot read says why instead)."""
        try:
            self.files = TakeHome(self.app, game.id)
        except (StoreError, Unreadable) as err:
            text = err.text if isinstance(err, Unreadable) else err
            return [body(self.app.tr.error(text), size=theme.SMALL)]
        return self.files.controls()

    async def on_lan(self, e: Any = None) -> None:
        """The switch moved: open or close the network, then show what it gives now."""
        switch = self.sharing.switch
        if switch is None:
            return
        problem = await switch.set_lan(bool(self.lan_switch.value))
        self.app.show(self.app.route, keep_view=True)
        screen = self.app.screen
        if problem is not None and isinstance(screen, ShareScreen):
            screen.say(problem)

    def say(self, problem: Problem) -> None:
        _ = self.app.tr
        if problem.kind == "no-network":
            message = _("No network was found on this machine: phones cannot reach it.")
        elif problem.kind == "cannot-listen":
            message = _("Cannot listen on {address}: {reason}.", address=problem.address,
                        reason=problem.reason)
        elif problem.kind == "fixed":
            message = _("Started with --lan: phones can follow until the app stops.")
        else:
            message = _("The server is not running.")
        show_error(self.problem, message)
        self.app.refresh()

    def show_referee(self, e: Any = None) -> None:
        _ = self.app.tr
        url = self.sharing.referee_url
        if url is None:
            return
        # the link written out too, for a second device with no camera (a laptop)
        self.referee.controls = [
            qr_image(self.sharing, url, _("Referee QR code"), "referee-qr"),
            ft.Semantics(identifier="referee-url", label=url, container=True,
                         content=ft.Text(url, size=theme.SMALL, selectable=True)),
        ]
        self.app.refresh()
