"""The Learn screen ("/learn", or "/learn/{N}" for game N's rule book): the 21 pieces in order,
each with its picture, its names in Norwegian, Danish and English, its rank, and for each
matador its call and what it does under the rule book, with how the other books differ;
and "Print a deck": the pack as a PDF of cards and stickers, saved as a file.

From "/learn" the other games of the family are chosen too: each pack in order with its
pictures, names (the game's own and the reader's), counts, each matador's call and what it does
under the chosen rule book (companion.narrate.family_teach), and the rules card of a table of
that game."""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.engine.cuckoo import teach as family_teach
from companion.engine.gnav import DEFAULT_RULES, PIECES, PRESETS, Rulebook
from companion.engine.gnav.narrate import rulebook_summary
from companion.engine.gnav.pieces import GNAV_PACK
from companion.engine.gnav.teach import lesson, names, title

from . import theme
from .pieces import piece_image
from .widgets import body, button, heading, icon_button, top_actions


class LearnScreen:
    def __init__(self, app: Any, book: Rulebook | None = None, game_id: int | None = None,
                 route: str = "/learn", game: str = "gnav", family_book: str = "") -> None:
        self.app = app
        self.game_id = game_id
        self.book = book or PRESETS[DEFAULT_RULES]
        self.game = game  # a family table's Learn teaches its own game and rule book
        self.family_book = family_book  # the chosen rule book of a family game
        _ = app.tr
        back = (button(_("Back to the table"), lambda e: app.go(f"/game/{game_id}"),
                       kind="text")
                if game_id is not None else
                button(_("Tables"), lambda e: app.go("/"), kind="text"))
        quiz = (icon_button(_("Quiz"), ft.Icons.QUIZ, lambda e: app.go("/quiz")) if app.phone
                else button(_("Quiz"), lambda e: app.go("/quiz"), kind="text"))
        self.list = ft.Column([], spacing=10)
        self.header = ft.Column([], spacing=6)
        self.view = ft.View(
            route=route,
            # a phone's bar also holds Quiz, Tables, language and theme: the long title was cut
            appbar=ft.AppBar(title=heading(_("Learn") if app.phone else _("Learn the pieces"),
                                           theme.NAME - 4 if app.phone else theme.TITLE - 4),
                             actions=top_actions(app, quiz, back)),
            controls=[ft.Column([self.header, self.list], scroll=ft.ScrollMode.AUTO,
                                expand=True, spacing=12)],
            padding=12,
        )
        self.fill()

    def choose(self, rules: str) -> None:
        if self.game == "gnav":
            self.book = PRESETS[rules]
        else:
            self.family_book = rules
        self.fill()
        self.app.refresh()

    def choose_game(self, game: str) -> None:
        self.game = game
        if game != "gnav":
            self.family_book = family_teach.rule_books(game)[0]
        self.fill()
        self.app.refresh()

    def games_row(self) -> ft.Control:
        """Gnav and the family's other games, as from New table (none from a table's Learn)."""
        titles = {"gnav": "Gnav", **family_teach.TITLES}
        return ft.Semantics(identifier="learn-games", content=ft.Row(
            [button(t, lambda e, g=g: self.choose_game(g),
                    kind="filled" if g == self.game else "outlined")
             for g, t in titles.items()], wrap=True, spacing=8))

    def fill(self) -> None:
        if self.game != "gnav":
            self.fill_family()
            return
        _ = self.app.tr
        tr = self.app.tr
        book = self.book
        rows: list[ft.Control] = [
            ft.Semantics(identifier="phase", content=ft.Text(
                _("The 21 pieces, highest first, under the {rules} rule book",
                  rules=book.name), size=theme.QUESTION, weight=ft.FontWeight.BOLD)),
            body(rulebook_summary(book.name, tr), size=theme.SMALL + 1),
            body(_("Source: {source}", source=book.source), size=theme.SMALL, italic=True),
        ]
        if self.game_id is None:
            rows.insert(0, self.games_row())
            rows.append(ft.Row(
                [button(name, lambda e, n=name: self.choose(n),
                        kind="filled" if name == book.name else "outlined")
                 for name in PRESETS], wrap=True, spacing=8))
        elif book != PRESETS[book.name]:
            rows.append(body(_("This table plays with house rules: see its rules card."),
                             size=theme.SMALL, italic=True))
        rows.append(ft.Row([button(_("Print a deck"), self.ask_print, icon=ft.Icons.PRINT)]))
        self.header.controls = rows
        self.list.controls = [self.card(i, piece) for i, piece in enumerate(PIECES)]

    def fill_family(self) -> None:
        _ = self.app.tr
        tr = self.app.tr
        game, name = self.game, self.family_book
        rules = family_teach.rules(game, name)
        title = family_teach.TITLES[game]
        rows: list[ft.Control] = [
            self.games_row(),
            ft.Semantics(identifier="phase", content=ft.Text(
                _("{game}: the {count} cards, highest first, under {rules}", game=title,
                  count=rules.size, rules=family_teach.book_title(game, name, tr)),
                size=theme.QUESTION, weight=ft.FontWeight.BOLD)),
            body(family_teach.book_summary(game, name, tr), size=theme.SMALL + 1),
            body(_("Source: {source}", source=family_teach.source(game)), size=theme.SMALL,
                 italic=True),
        ]
        if family_teach.reconstructed(game):
            rows.append(ft.Semantics(identifier="reconstructed", content=body(
                _("Reconstructed from summaries: no living tradition is known."),
                size=theme.SMALL + 1, italic=True)))
        rows.append(ft.Row(
            [button(family_teach.book_title(game, b, tr), lambda e, b=b: self.choose(b),
                    kind="filled" if b == name else "outlined")
             for b in family_teach.rule_books(game)], wrap=True, spacing=8))
        rows.append(ft.Row([button(_("Print a deck"), self.ask_print, icon=ft.Icons.PRINT)]))
        self.header.controls = rows
        cards: list[ft.Control] = [self.family_card(i, les) for i, les in
                                   enumerate(family_teach.lessons(game, name, tr))]
        card: list[ft.Control] = [ft.Text(_("Rules card: {rules}",
                                            rules=family_teach.book_title(game, name, tr)),
                                          size=theme.NAME, weight=ft.FontWeight.BOLD)]
        for heading_text, lines in family_teach.rules_card(game, name, tr):
            card.append(ft.Text(heading_text, size=theme.BODY, weight=ft.FontWeight.BOLD))
            card += [body(_("• {sentence}", sentence=line), size=theme.SMALL + 1)
                     for line in lines]
        cards.append(ft.Semantics(identifier="rules-card", content=ft.Card(
            content=ft.Container(content=ft.Column(card, spacing=4), padding=12))))
        self.list.controls = cards

    def family_card(self, i: int, les: family_teach.FamilyLesson) -> ft.Control:
        _ = self.app.tr
        size = 56 if self.app.phone else 84
        lines: list[ft.Control] = [
            ft.Text(_("{rank}. {title}", rank=i + 1, title=les.name), size=theme.NAME,
                    weight=ft.FontWeight.BOLD),
            body(_("In {game}: {name} · in the pack: {count}",
                   game=family_teach.TITLES[self.game], name=les.own, count=les.count),
                 size=theme.SMALL + 1),
        ]
        return self.piece_card(piece_image(les.piece, size, self.game), lines, les.call,
                               les.does, les.differs)

    def ask_print(self, e: Any = None) -> None:
        _ = self.app.tr
        if self.game == "gnav":
            what = _(
                "A PDF to print and cut: the {cards} pieces as cards (63 × 88 mm, nine to a "
                "page, with cut marks), a page of backs for their other side, and round "
                "stickers for the bases of wooden pawns. Names in this language and in "
                "Norwegian.", cards=GNAV_PACK.size)
        else:
            what = _(
                "A PDF to print and cut: the {cards} cards of {game} (63 × 88 mm, nine to a "
                "page, with cut marks), a page of backs for their other side, and round "
                "stickers for the bases of wooden pawns. Names in this language and in the "
                "game's own.", cards=family_teach.rules(self.game).size,
                game=family_teach.TITLES[self.game])
        self.app.show_dialog(ft.AlertDialog(
            modal=True,
            title=ft.Text(_("Print a deck")),
            content=ft.Text(what),
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

    def card(self, i: int, piece: str) -> ft.Control:
        _ = self.app.tr
        tr = self.app.tr
        les = lesson(piece, self.book, tr)
        nb, da, en = names(piece)
        size = 56 if self.app.phone else 84
        lines: list[ft.Control] = [
            ft.Text(_("{rank}. {title}", rank=i + 1, title=title(piece, tr)), size=theme.NAME,
                    weight=ft.FontWeight.BOLD),
            body(les.rank_words, size=theme.SMALL),
            body(_("Norwegian: {nb} · Danish: {da} · English: {en}", nb=nb, da=da, en=en),
                 size=theme.SMALL + 1),
        ]
        return self.piece_card(piece_image(piece, size), lines,
                               les.call if les.matador else None, les.does, les.differs)

    def piece_card(self, image: ft.Control, lines: list[ft.Control], call: str | None,
                   does: list[str], differs: list[str]) -> ft.Control:
        """A piece's picture beside its lines: names, its call (a matador's), what it does,
        how the other rule books differ."""
        _ = self.app.tr
        if call is not None:
            lines.append(ft.Text(_("Matador. Its call: {call}", call=call),
                                 size=theme.BODY, weight=ft.FontWeight.BOLD,
                                 color=ft.Colors.PRIMARY))
        else:
            lines.append(body(_("Not a matador."), size=theme.SMALL + 1))
        lines += [body(_("• {sentence}", sentence=s), size=theme.SMALL + 1) for s in does]
        if differs:
            lines.append(ft.Text(_("Other rule books:"), size=theme.SMALL + 1,
                                 weight=ft.FontWeight.W_600))
            lines += [body(d, size=theme.SMALL, italic=True) for d in differs]
        return ft.Card(content=ft.Container(
            content=ft.Row([image, ft.Column(lines, spacing=3, expand=True)],
                           vertical_alignment=ft.CrossAxisAlignment.START, spacing=12),
            padding=12,
        ))

