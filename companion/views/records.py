"""Players and records ("/records", issue 26): the roster (badges, rename, merge two entries),
every figure per player and per game for a period and a game, the games left out with their
sentence, wins and win share as bars, and the results to take home (CSV, a BG Stats play, a
one-page PDF of a game). Every figure is the store's (records_io), replayed from the journals.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, date, datetime, timedelta
from typing import Any

import flet as ft

from companion.core.errors import GnavError
from companion.core.names import MAX_NAME
from companion.deck.sheet import game_sheet
from companion.engine.describe import Description
from companion.engine.registry import GAMES
from companion.i18n import Tr
from companion.records import (
    Filter,
    GameFacts,
    GameRecord,
    PlayerRecord,
    Records,
    RosterError,
    compute,
)
from companion.records.exports import bgstats_json, bgstats_link, bgstats_play, results_csv
from companion.records.facts import game_title
from companion.records.roster import Roster
from companion.store import StoreError
from companion.store.records_io import (
    change_roster,
    game_facts_of,
    one_game_facts,
    open_roster,
)

from . import theme
from .charts import BADGE_COLOURS, badge, story_chart, unit_word, win_bars
from .widgets import body, button, error_text, heading, show_error, top_actions

ALL_TIME, EVENING, CHRISTMAS = "all", "evening", "christmas"
EVERY_GAME = "every"
MIME = {"csv": "text/csv", "json": "application/json", "pdf": "application/pdf"}


def now() -> datetime:
    """The clock the periods are read by (a test sets another)."""
    return datetime.now(UTC)


def period_filter(period: str, at: datetime, game: str | None = None) -> Filter:
    """The tables a period keeps, by the day (UTC) each was set up: this evening (today, and
    until six in the morning yesterday too: an evening goes past midnight), this Christmas
    (24 December to 6 January: the one under way, else the last), a year ("2026"), all time."""
    today = at.date()
    if period == EVENING:
        since = today - timedelta(days=1) if at.hour < 6 else today
        return Filter(since=since.isoformat(), until=today.isoformat(), game=game)
    if period == CHRISTMAS:
        year = today.year if today >= date(today.year, 12, 24) else today.year - 1
        return Filter(since=f"{year}-12-24", until=f"{year + 1}-01-06", game=game)
    if period.isdigit():
        return Filter(since=f"{period}-01-01", until=f"{period}-12-31", game=game)
    return Filter(game=game)


class RecordsScreen:
    def __init__(self, app: Any) -> None:
        self.app = app
        _ = app.tr
        self.lang = app.tr.lang
        self.period = ALL_TIME
        self.game: str | None = None
        self.chosen: int | None = None  # the table whose files to take home
        self.notice = error_text()
        self.problem = error_text()
        self.roster = Roster()
        self.facts: list[GameFacts] = []
        self.left_out: list[str] = []
        self.share = share_sheet(app)  # the system share sheet, on a device that has one
        try:
            self.roster, notice = open_roster(app.store)
            self.facts, left_out = game_facts_of(app.store)
        except StoreError as err:
            notice, left_out = err.text, []
            show_error(self.problem, app.tr.error(err))
        if notice is not None:
            show_error(self.notice, app.tr.error(notice))
        self.left_out = [app.tr.error(t) for t in left_out]
        self.period_menu = ft.Dropdown(label=_("When"), value=self.period,
                                       on_select=self.set_period, text_size=theme.BODY,
                                       width=260)
        self.game_menu = ft.Dropdown(
            label=_("Game"), value=EVERY_GAME, on_select=self.set_game, text_size=theme.BODY,
            width=260,
            options=[ft.DropdownOption(key=EVERY_GAME, text=_("Every game"))] + [
                ft.DropdownOption(key=g.id, text=game_title(g.id, app.tr)) for g in GAMES])
        self.table_menu = ft.Dropdown(label=_("Table"), on_select=self.set_table,
                                      text_size=theme.BODY,
                                      width=min(480, max(260, app.width - 32)))
        self.body = ft.Column([], spacing=16)
        self.view = ft.View(
            route="/records",
            appbar=ft.AppBar(
                # a phone's bar also holds Tables, the language and the theme: the long title
                # was cut ("Players and rec…")
                title=heading(_("Records") if app.phone else _("Players and records"),
                              theme.TITLE - 4),
                actions=top_actions(app, button(_("Tables"), lambda e: app.go("/"),
                                                kind="text")),
            ),
            controls=[ft.Column(
                [self.notice, self.problem,
                 # the menus' floating labels need the room above them
                 ft.Container(ft.Row([self.period_menu, self.game_menu], wrap=True,
                                     spacing=12), padding=ft.Padding.only(top=8)),
                 self.body],
                spacing=12, scroll=ft.ScrollMode.AUTO, expand=True)],
            padding=16,
        )
        self.fill()

    # --- what it shows ------------------------------------------------------------------------

    @property
    def only(self) -> Filter:
        return period_filter(self.period, now(), self.game)

    @property
    def kept(self) -> list[GameFacts]:
        only = self.only
        return sorted((f for f in self.facts if only.keeps(f)), key=lambda f: (f.date, f.id))

    @property
    def records(self) -> Records:
        return compute(self.kept, self.roster.shown_name, self.only)

    def fill(self) -> None:
        _ = self.app.tr
        years = sorted({f.date[:4] for f in self.facts}, reverse=True)
        self.period_menu.options = [
            ft.DropdownOption(key=ALL_TIME, text=_("All time")),
            ft.DropdownOption(key=EVENING, text=_("This evening")),
            ft.DropdownOption(key=CHRISTMAS, text=_("This Christmas (24 Dec – 6 Jan)")),
            *(ft.DropdownOption(key=y, text=y) for y in years)]
        self.period_menu.value = self.period
        self.game_menu.value = self.game or EVERY_GAME
        records = self.records
        players = sorted(records.players.values(),
                         key=lambda p: (-p.won, -p.played, p.name.casefold()))
        rows: list[ft.Control] = []
        if self.left_out:
            rows.append(ft.Semantics(identifier="left-out", container=True, content=ft.Column(
                [body(line, size=theme.SMALL, color=ft.Colors.ERROR) for line in self.left_out],
                spacing=4)))
        _n = self.app.tr.n
        rows.append(body(_n("{count} table counted.", "{count} tables counted.",
                            records.tables), size=theme.SMALL))
        if players:
            colours = [self.colour_of(p.name) for p in players]
            # standing bars need about 72 px a name under them: else they lie along the
            # screen, each under its whole name (a phone, a phone held sideways, a crowd)
            room = self.app.width - 32
            room = room / 2 if room >= 768 else room  # md: the two charts side by side
            narrow = self.app.phone or 72 * len(players) > room
            rows.append(ft.ResponsiveRow([
                ft.Container(win_bars(players, self.app.tr, colours, narrow=narrow),
                             col={"xs": 12, "md": 6}),
                ft.Container(win_bars(players, self.app.tr, colours, share=True,
                                      narrow=narrow), col={"xs": 12, "md": 6}),
            ]))
        rows.append(heading(_("Players"), theme.NAME))
        shown = {p.name for p in players}
        for p in players:
            rows.append(self.player_card(p))
        for player in self.roster.recent():  # players with no table in this period
            if player.name not in shown:
                rows.append(self.player_card(None, player.name))
        if not self.roster.players and not players:
            rows.append(body(_("No players yet: they join as tables are set up.")))
        rows.append(heading(_("Games"), theme.NAME))
        if not records.games:
            rows.append(body(_("No tables in this period.")))
        for game, record in sorted(records.games.items()):
            rows.append(self.game_card(game, record))
        rows.append(heading(_("Take it home"), theme.NAME))
        rows.append(button(_("Results as CSV"), self.save_csv, icon=ft.Icons.TABLE_VIEW,
                           disabled=not self.kept))
        rows += self.take_home_rows()
        self.body.controls = rows

    def colour_of(self, name: str) -> str:
        player = self.roster.player_for(name)
        return "#757575" if player is None else BADGE_COLOURS[player.colour % len(BADGE_COLOURS)]

    def player_card(self, p: PlayerRecord | None, name: str = "") -> ft.Control:
        _ = self.app.tr
        tr: Tr = self.app.tr
        name = p.name if p is not None else name
        player = self.roster.player_for(name)
        lines: list[str] = []
        if p is None:
            lines.append(_("No table in this period."))
        else:
            lines += figures(p, tr)
        if player is not None and player.aliases:
            lines.append(_("Also written: {names}", names=", ".join(player.aliases)))
        alike = self.roster.look_alikes(name)
        actions: list[ft.Control] = []
        if player is not None:
            actions += [
                button(_("Rename {name}", name=name), lambda e, i=player.id: self.ask_rename(i),
                       icon=ft.Icons.EDIT, kind="text"),
                button(_("Merge {name}", name=name), lambda e, i=player.id: self.ask_merge(i),
                       icon=ft.Icons.MERGE, kind="text"),
            ]
            for other in alike:
                lines.append(_("{name} looks like {other}: the same player?", name=name,
                               other=other.name))
        return ft.Card(ft.Container(ft.Column([
            ft.Row([badge(player, name),
                    ft.Text(name, size=theme.NAME, weight=ft.FontWeight.BOLD, expand=True)]),
            ft.Semantics(identifier=f"figures-{name}", container=True,
                         label="\n".join(lines),
                         content=ft.Column([body(line, size=theme.SMALL + 1) for line in lines],
                                           spacing=2)),
            ft.Row(actions, wrap=True, spacing=4),
        ], spacing=6), padding=12))

    def game_card(self, game: str, r: GameRecord) -> ft.Control:
        tr: Tr = self.app.tr
        lines = game_lines(game, r, tr)
        return ft.Card(ft.Container(ft.Column([
            ft.Text(game_title(game, tr), size=theme.NAME, weight=ft.FontWeight.BOLD),
            ft.Semantics(identifier=f"game-{game}", container=True, label="\n".join(lines),
                         content=ft.Column([body(line, size=theme.SMALL + 1) for line in lines],
                                           spacing=2)),
        ], spacing=6), padding=12))

    def take_home_rows(self) -> list[ft.Control]:
        _ = self.app.tr
        tables = list(reversed(self.kept))
        if not tables:
            return []
        if self.chosen not in {f.id for f in tables}:
            self.chosen = tables[0].id
        self.table_menu.options = [
            ft.DropdownOption(key=str(f.id), text=_("Table {n}: {game}, {day}", n=f.id,
                                                     game=game_title(f.game, self.app.tr),
                                                     day=f.date[:10]))
            for f in tables]
        self.table_menu.value = str(self.chosen)
        facts = next(f for f in tables if f.id == self.chosen)
        names = [self.roster.shown_name(s.name) for s in facts.seats]
        return [
            self.table_menu,
            story_chart(facts, self.app.tr, names),
            ft.Row([
                button(_("One-page PDF"), lambda e: self.save_pdf(facts),
                       icon=ft.Icons.PICTURE_AS_PDF),
                button(_("BG Stats play file"), lambda e: self.save_bgstats(facts),
                       icon=ft.Icons.DOWNLOAD, disabled=not facts.over),
                self.bgstats_button(facts),
            ], wrap=True, spacing=8),
        ]

    def adopt(self, old: Any) -> None:
        """After a language switch or a turned screen: the same period, game and table."""
        if isinstance(old, RecordsScreen):
            self.period, self.game, self.chosen = old.period, old.game, old.chosen
            self.fill()

    # --- handlers -----------------------------------------------------------------------------

    def set_period(self, e: Any = None) -> None:
        self.period = self.period_menu.value or ALL_TIME
        self.fill()
        self.app.refresh()

    def set_game(self, e: Any = None) -> None:
        value = self.game_menu.value
        self.game = None if value in (None, EVERY_GAME) else value
        self.fill()
        self.app.refresh()

    def set_table(self, e: Any = None) -> None:
        value = self.table_menu.value
        self.chosen = int(value) if value and value.isdigit() else None
        self.fill()
        self.app.refresh()

    def changed(self, roster: Roster) -> None:
        try:
            self.roster = change_roster(self.app.store, roster)
        except StoreError as err:
            show_error(self.problem, self.app.tr.error(err))
        self.app.close_dialog()
        self.fill()
        self.app.refresh()

    def ask_rename(self, player_id: int) -> None:
        _ = self.app.tr
        player = self.roster.player(player_id)
        field = ft.TextField(label=_("New name"), value=player.name, max_length=MAX_NAME,
                             autofocus=True)
        problem = error_text()

        def save(e: Any = None) -> None:
            try:
                roster = self.roster.rename(player_id, field.value or "")
            except RosterError as err:
                show_error(problem, self.app.tr.error(err))
                self.app.refresh()
                return
            self.changed(roster)

        field.on_submit = save
        self.app.show_dialog(ft.AlertDialog(
            modal=True, title=ft.Text(_("Rename {name}", name=player.name)),
            content=ft.Column([field, problem], tight=True),
            actions=[ft.TextButton(_("Cancel"), on_click=lambda e: self.app.close_dialog()),
                     ft.FilledButton(_("Save"), on_click=save)]))

    def ask_merge(self, player_id: int) -> None:
        """Which other entry is the same person: its names become this player's, no journal
        is touched."""
        _ = self.app.tr
        player = self.roster.player(player_id)
        alike = {p.id for p in self.roster.look_alikes(player.name)}
        others = sorted((p for p in self.roster.players if p.id != player_id),
                        key=lambda p: (p.id not in alike, p.name.casefold()))
        choices: list[ft.Control] = [
            ft.Row([badge(p, p.name, 28),
                    ft.TextButton(_("Merge {other} into {name}", other=p.name,
                                    name=player.name),
                                  on_click=lambda e, o=p.id: self.merge(player_id, o),
                                  height=theme.TOUCH)])
            for p in others] or [body(_("There is no other player to merge with."))]
        self.app.show_dialog(ft.AlertDialog(
            modal=True, title=ft.Text(_("Merge {name} with…", name=player.name)),
            content=ft.Column([body(_("The two entries become one player; the journals keep "
                                      "the names the table used."), size=theme.SMALL),
                               *choices], tight=True, scroll=ft.ScrollMode.AUTO),
            actions=[ft.TextButton(_("Cancel"), on_click=lambda e: self.app.close_dialog())]))

    def merge(self, keep: int, other: int) -> None:
        try:
            roster = self.roster.merge(keep, other)
        except RosterError as err:
            show_error(self.problem, self.app.tr.error(err))
            self.app.close_dialog()
            self.app.refresh()
            return
        self.changed(roster)

    # --- take it home -------------------------------------------------------------------------

    def deliver(self, name: str, data: bytes) -> None:
        deliver(self.app, self.share, name, data)

    def save_csv(self, e: Any = None) -> None:
        text = results_csv(self.kept, self.roster.shown_name)
        self.deliver("gnav-results.csv", text.encode("utf-8"))

    def save_bgstats(self, facts: GameFacts) -> None:
        try:
            play = bgstats_play(facts, self.roster.shown_name)
        except GnavError as err:
            show_error(self.problem, self.app.tr.error(err))
            self.app.refresh()
            return
        self.deliver(f"{facts.game}-game-{facts.id}.bgsplay", bgstats_json(play).encode("utf-8"))

    def bgstats_button(self, facts: GameFacts) -> ft.Control:
        """The link that opens BG Stats with this play, on a device that has it: the browser
        opens it within the tap itself (a finished game only)."""
        _ = self.app.tr
        link = None
        if facts.over:
            link = bgstats_link(bgstats_play(facts, self.roster.shown_name))
        return ft.OutlinedButton(_("Open in BG Stats"), icon=ft.Icons.OPEN_IN_NEW, url=link,
                                 disabled=link is None, style=theme.button_style(),
                                 height=theme.TOUCH)

    def save_pdf(self, facts: GameFacts) -> None:
        self.deliver(f"{facts.game}-game-{facts.id}.pdf", sheet_of(self.app, facts, self.roster))


def share_sheet(app: Any) -> Any:
    """The system share sheet (ft.Share) on a phone or tablet app; None in a browser, where a
    file is a download."""
    page = app.page
    if page is not None and not page.web and page.platform in (
            ft.PagePlatform.ANDROID, ft.PagePlatform.IOS):
        return ft.Share()
    return None


def deliver(app: Any, share: Any, name: str, data: bytes) -> None:
    """A file to take home: the system share sheet on a device that has one, else a download
    (the save dialog outside a browser)."""
    if share is not None and app.page is not None:
        mime = MIME.get(name.rsplit(".", 1)[-1], "application/octet-stream")
        files = [ft.ShareFile.from_bytes(data, mime_type=mime, name=name)]
        app.page.run_task(_share, share, files)
        return
    app.save_file(name, data)


class TakeHome:
    """One finished game's files to take home, for its Share screen: its story, the one-page
    PDF, the results CSV, the BG Stats play file and link. Kept by the screen (the share
    sheet must stay referenced)."""

    def __init__(self, app: Any, game_id: int) -> None:
        self.app = app
        self.share = share_sheet(app)
        self.roster, _notice = open_roster(app.store)
        self.facts = one_game_facts(app.store, game_id)

    def controls(self) -> list[ft.Control]:
        _ = self.app.tr
        facts, roster = self.facts, self.roster
        play = bgstats_play(facts, roster.shown_name) if facts.over else None
        return [
            story_chart(facts, self.app.tr, [roster.shown_name(s.name) for s in facts.seats]),
            ft.Row([
                button(_("One-page PDF"), lambda e: deliver(
                    self.app, self.share, f"{facts.game}-game-{facts.id}.pdf",
                    sheet_of(self.app, facts, roster)), icon=ft.Icons.PICTURE_AS_PDF),
                button(_("Results as CSV"), lambda e: deliver(
                    self.app, self.share, f"{facts.game}-game-{facts.id}.csv",
                    results_csv([facts], roster.shown_name).encode("utf-8")),
                    icon=ft.Icons.TABLE_VIEW),
                button(_("BG Stats play file"), lambda e: deliver(
                    self.app, self.share, f"{facts.game}-game-{facts.id}.bgsplay",
                    bgstats_json(play or {}).encode("utf-8")), icon=ft.Icons.DOWNLOAD,
                    disabled=play is None),
                ft.OutlinedButton(_("Open in BG Stats"), icon=ft.Icons.OPEN_IN_NEW,
                                  url=None if play is None else bgstats_link(play),
                                  disabled=play is None, style=theme.button_style(),
                                  height=theme.TOUCH),
            ], wrap=True, spacing=8),
        ]


def sheet_of(app: Any, facts: GameFacts, roster: Roster) -> bytes:
    """The game's one-page PDF in the app's language: the roster's names, the rule book's
    title, the table's house rules as its journal has them."""
    tr: Tr = app.tr
    described = GAMES.get(facts.game)
    book = facts.rules
    house: list[str] = []
    if described is not None and described.teaching is not None:
        try:
            book = described.teaching.book_title(facts.rules, tr)
        except (KeyError, ValueError):
            pass
    if described is not None:
        house = house_sentences(app, described, facts.id)
    return game_sheet(facts, tr, [roster.shown_name(s.name) for s in facts.seats], book,
                      house, unit_word(facts.unit, tr))


def house_sentences(app: Any, described: Description, game_id: int) -> list[str]:
    """The table's house rules in the sentences its Rules card says them, in the app's
    language: read from that card itself (every game's card marks them "house-rules"), so the
    page to take home and the card never tell them two ways. None for a game without."""
    try:
        card = app.parts(described).rules(app, app.games.game(game_id))
    except StoreError:
        return []
    found = [c for c in _controls(card.view) if isinstance(c, ft.Semantics)
             and c.identifier == "house-rules"]
    lines = [c.value for c in _controls(found[0]) if isinstance(c, ft.Text)
             and isinstance(c.value, str) and c.value] if found else []
    return [line.removeprefix("• ") for line in lines]


def _controls(root: Any) -> Iterator[Any]:
    yield root
    for name in ("content", "controls"):
        child = getattr(root, name, None)
        for c in child if isinstance(child, list) else [child]:
            if isinstance(c, ft.Control):
                yield from _controls(c)


async def _share(share: Any, files: list[Any]) -> None:
    try:
        await share.share_files(files)
    except (TimeoutError, RuntimeError, ValueError):
        pass  # dismissed, or no share sheet after all: the Records screen is as it was


def figures(p: PlayerRecord, tr: Tr) -> list[str]:
    """A player's figures, a line each, in the reader's language."""
    _, _n = tr, tr.n
    lines = [
        _n("{count} table played, {won} won ({percent}%)",
             "{count} tables played, {won} won ({percent}%)", p.played, won=p.won,
             percent=round(100 * p.win_share)),
        _("Rounds survived: {count}", count=p.rounds_survived),
        _("Times paid or struck: {count}", count=p.paid),
    ]
    for call, n in sorted(p.hit_by.items(), key=lambda kv: (-kv[1], kv[0])):
        lines.append(_n("Hit by {call} once", "Hit by {call} {count} times", n, call=call))
    for call, n in sorted(p.said.items(), key=lambda kv: (-kv[1], kv[0])):
        lines.append(_n("Said {call} once", "Said {call} {count} times", n, call=call))
    if p.paid_most_to is not None:
        who, n = p.paid_most_to
        lines.append(_n("Paid most to {name} (once)", "Paid most to {name} ({count} times)",
                          n, name=who))
    lines.append(_("Longest winning streak: {count}", count=p.longest_streak))
    for game, tally in sorted(p.games.items()):
        lines.append(_n("{game}: {count} played, {won} won", "{game}: {count} played, {won} won",
                          tally.played, game=game_title(game, tr), won=tally.won))
    return lines


def game_lines(game: str, r: GameRecord, tr: Tr) -> list[str]:
    """A game's records, a line each, in the reader's language."""
    _, _n = tr, tr.n
    lines = [_n("{count} table played to the end", "{count} tables played to the end",
                  r.tables)]
    if r.most_rounds is not None:
        lines.append(_("Most rounds: {rounds} (table {table})",
                       rounds=int(r.most_rounds.value), table=r.most_rounds.table))
    if r.longest_evening is not None:
        if r.by_rounds:
            lines.append(_n("Longest evening: {count} round (table {table})",
                              "Longest evening: {count} rounds (table {table})",
                              int(r.longest_evening.value), table=r.longest_evening.table))
        else:
            lines.append(_("Longest evening: {minutes} minutes (table {table})",
                           minutes=round(r.longest_evening.value),
                           table=r.longest_evening.table))
    if r.loser_piece is not None:
        piece, n = r.loser_piece
        described = GAMES.get(game)
        if described is not None and described.teaching is not None:
            try:
                piece = described.teaching.piece_title(piece, tr)
            except (KeyError, ValueError):
                pass
        lines.append(_n("Most common loser's piece: {piece} (once)",
                          "Most common loser's piece: {piece} ({count} times)", n, piece=piece))
    return lines
