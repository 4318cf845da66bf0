"""The Learn screen ("/learn", "/learn/<game>", or "/learn/{N}" for game N's rule book): a game's
pieces in order, each with its picture, its names, and for each matador its call and what it
does under the rule book, with how the game's other rule books differ; the game's rules card
where it has one; and "Print a deck": the pack as a PDF of cards and stickers, saved as a file.

Every game that Learn teaches as a game of pieces (its description's teaching) is chosen from
its row, in the registry's order; what is shown is the teaching's (companion.engine.describe),
so this screen names no game.
"""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.engine.cuckoo.rulebook import RuleBook
from companion.engine.describe import Description, Lesson, Teaching
from companion.engine.registry import GAMES
from companion.store import Game

from . import theme
from .pieces import piece_image
from .widgets import body, button, heading, icon_button, top_actions


def taught() -> list[Description]:
    """The games Learn and the quiz teach as games of pieces, in the registry's order."""
    return [game for game in GAMES if game.teaching is not None]


def teaching_of(game: Description) -> Teaching:
    if game.teaching is None:
        raise ValueError(f"Learn does not teach {game.id}: its own screens do")
    return game.teaching


def table_book(table: Game) -> RuleBook:
    """The rule book a table plays by, with its house rules."""
    return teaching_of(GAMES[table.table.game]).table_book(table.state)


class LearnScreen:
    def __init__(self, app: Any, game: str | None = None, table: Game | None = None) -> None:
        self.app = app
        self.table = table  # Learn of a table teaches its game and rule book
        self.game_id = None if table is None else table.id
        described = GAMES[game] if game is not None else taught()[0]
        self.game = described.id
        teaching = teaching_of(described)
        self.book: RuleBook = (table_book(table) if table is not None
                               else next(iter(teaching.books().values())))
        _ = app.tr
        back = (button(_("Back to the table"), lambda e: app.go(f"/game/{self.game_id}"),
                       kind="text")
                if table is not None else
                button(_("Tables"), lambda e: app.go("/"), kind="text"))
        quiz = (icon_button(_("Quiz"), ft.Icons.QUIZ, lambda e: app.go("/quiz")) if app.phone
                else button(_("Quiz"), lambda e: app.go("/quiz"), kind="text"))
        self.list = ft.Column([], spacing=10)
        self.header = ft.Column([], spacing=6)
        self.view = ft.View(
            route=(f"/learn/{table.id}" if table is not None
                   else "/learn" if game is None else f"/learn/{game}"),
            # "Learn", not "Learn the pieces": a phone's bar (with Quiz, Tables, language and
            # theme) cut the long title, and Gwra pyskessa is learnt from cards; the heading
            # under it names the game and its rule book
            appbar=ft.AppBar(title=heading(_("Learn"),
                                           theme.NAME - 4 if app.phone else theme.TITLE - 4),
                             actions=top_actions(app, quiz, back)),
            controls=[ft.Column([self.header, self.list], scroll=ft.ScrollMode.AUTO,
                                expand=True, spacing=12)],
            padding=12,
        )
        self.fill()

    @property
    def teaching(self) -> Teaching:
        return teaching_of(GAMES[self.game])

    def choose(self, rules: str) -> None:
        self.book = self.teaching.books()[rules]
        self.fill()
        self.app.refresh()

    def choose_game(self, game: str) -> None:
        self.game = game
        self.book = next(iter(self.teaching.books().values()))
        self.fill()
        self.app.refresh()

    def games_row(self) -> ft.Control:
        """Every game Learn teaches, as from New table (none from a table's Learn)."""
        return ft.Semantics(identifier="learn-games", content=ft.Row(
            [button(game.name, lambda e, g=game.id: self.choose_game(g),
                    kind="filled" if game.id == self.game else "outlined")
             for game in taught()], wrap=True, spacing=8))

    def fill(self) -> None:
        _ = self.app.tr
        tr = self.app.tr
        teaching, book = self.teaching, self.book
        page = teaching.learn(book, tr, at_table=self.table is not None)
        rows: list[ft.Control] = [
            ft.Semantics(identifier="phase", content=ft.Text(
                page.heading, size=theme.QUESTION, weight=ft.FontWeight.BOLD)),
            body(page.summary, size=theme.SMALL + 1),
            body(_("Source: {source}", source=page.source), size=theme.SMALL, italic=True),
        ]
        if page.reconstructed is not None:
            rows.append(ft.Semantics(identifier="reconstructed", content=body(
                page.reconstructed, size=theme.SMALL + 1, italic=True)))
        if self.table is None:
            rows.insert(0, self.games_row())
            rows.append(ft.Row(
                [button(teaching.book_title(name, tr), lambda e, n=name: self.choose(n),
                        kind="filled" if name == book.name else "outlined")
                 for name in teaching.books()], wrap=True, spacing=8))
        else:  # Learn of a table teaches what it plays: its rule book and its house rules
            house = teaching.house_rules(book, tr)
            rows.append(ft.Semantics(identifier="learn-house-rules", container=True,
                                     content=ft.Column([
                ft.Text(_("House rules"), size=theme.NAME, weight=ft.FontWeight.BOLD),
                *([body(_("• {sentence}", sentence=line), size=theme.BODY) for line in house]
                  or [body(_("None: this table plays {rules} as written.",
                             rules=teaching.book_title(book.name, tr)), size=theme.BODY)])],
                spacing=4)))
        if GAMES[self.game].deck is not None:  # an ordinary pack (Go Fish's) is not printed
            rows.append(ft.Row([button(_("Print a deck"), self.ask_print,
                                       icon=ft.Icons.PRINT)]))
        self.header.controls = rows
        cards: list[ft.Control] = [self.card(i, les, page.matadors)
                                   for i, les in enumerate(page.lessons)]
        cards += [self.glossary(identifier, title, pairs)
                  for identifier, title, pairs in page.glossary]
        if page.card:
            card: list[ft.Control] = [ft.Text(
                _("Rules card: {rules}", rules=teaching.book_title(book.name, tr)),
                size=theme.NAME, weight=ft.FontWeight.BOLD)]
            for heading_text, lines in page.card:
                card.append(ft.Text(heading_text, size=theme.BODY, weight=ft.FontWeight.BOLD))
                card += [body(_("• {sentence}", sentence=line), size=theme.SMALL + 1)
                         for line in lines]
            cards.append(ft.Semantics(identifier="rules-card", content=ft.Card(
                content=ft.Container(content=ft.Column(card, spacing=4), padding=12))))
        self.list.controls = cards

    def ask_print(self, e: Any = None) -> None:
        _ = self.app.tr
        self.app.show_dialog(ft.AlertDialog(
            modal=True,
            title=ft.Text(_("Print a deck")),
            content=ft.Text(self.teaching.print_words(self.app.tr)),
            actions=[
                ft.TextButton(_("Cancel"), on_click=lambda e: self.app.close_dialog()),
                ft.FilledButton(_("Save for A4"), on_click=lambda e: self.save_deck("a4")),
                ft.FilledButton(_("Save for Letter"),
                                on_click=lambda e: self.save_deck("letter")),
            ],
        ))

    def save_deck(self, paper: str) -> None:
        """A download in a browser, the system's save dialog on a phone (as a journal's
        'Save as a file')."""
        from companion.deck import deck_pdf  # ReportLab loads at the first print, not at start

        self.app.close_dialog()
        self.app.save_file(f"{self.game}-deck-{paper}.pdf",
                           deck_pdf(self.game, paper, self.app.tr.lang))

    def glossary(self, identifier: str, title: str,
                 pairs: tuple[tuple[str, str], ...]) -> ft.Control:
        """Words of the game's own language, each beside its meaning."""
        rows: list[ft.Control] = [ft.Text(title, size=theme.NAME, weight=ft.FontWeight.BOLD)]
        rows += [ft.Row([ft.Text(word, size=theme.NAME, weight=ft.FontWeight.BOLD, expand=1),
                         ft.Text(meaning, size=theme.BODY, expand=1)], spacing=12)
                 for word, meaning in pairs]
        return ft.Semantics(identifier=identifier, container=True, content=ft.Card(
            content=ft.Container(content=ft.Column(rows, spacing=6), padding=12)))

    def face(self, les: Lesson, size: float) -> ft.Control:
        draw = self.app.parts(GAMES[self.game]).face
        return (piece_image(les.piece, size, self.game) if draw is None
                else draw(les.piece, les.title, size))

    def card(self, i: int, les: Lesson, matadors: bool = True) -> ft.Control:
        """A piece's picture beside its lines: names, its call (a matador's), what it does,
        how the other rule books differ; a card of a game without matadors (Go Fish), its
        picture beside its name and meaning."""
        _ = self.app.tr
        size = 56 if self.app.phone else 84
        lines: list[ft.Control] = [
            ft.Text(_("{rank}. {title}", rank=i + 1, title=les.title) if matadors
                    else les.title, size=theme.NAME, weight=ft.FontWeight.BOLD),
            *(body(line, size=theme.SMALL + 1) for line in les.lines),
        ]
        if les.call is not None:
            lines.append(ft.Text(_("Matador. Its call: {call}", call=les.call),
                                 size=theme.BODY, weight=ft.FontWeight.BOLD,
                                 color=ft.Colors.PRIMARY))
        elif matadors:
            lines.append(body(_("Not a matador."), size=theme.SMALL + 1))
        lines += [body(_("• {sentence}", sentence=s), size=theme.SMALL + 1) for s in les.does]
        if les.differs:
            lines.append(ft.Text(_("Other rule books:"), size=theme.SMALL + 1,
                                 weight=ft.FontWeight.W_600))
            lines += [body(d, size=theme.SMALL, italic=True) for d in les.differs]
        return ft.Card(content=ft.Container(
            content=ft.Row([self.face(les, size), ft.Column(
                lines, spacing=3, expand=True)],
                vertical_alignment=ft.CrossAxisAlignment.START, spacing=12),
            padding=12,
        ))
