"""Gwra pyskessa's Learn ("/learn/{N}" of its table, or "/learn/<its id>") and quiz
("/quiz/<its id>"): the card names, suits, numbers and phrases, all from the phrasebook's
data (companion/engine/gwra_pyskessa/narrate.py), the Cornish as the seed writes it and its
meaning in the app's language."""

from __future__ import annotations

import random
from typing import Any

import flet as ft

from companion.engine.gwra_pyskessa import GAME, RANKS
from companion.engine.gwra_pyskessa.narrate import (
    NAME,
    SOURCE,
    Pair,
    Question,
    number_pairs,
    phrase_pairs,
    quiz_questions,
    rank_pairs,
    rules_lines,
    suit_pairs,
)
from companion.store import Game

from .. import theme
from ..quiz import answer_option
from ..shell.context import ScreenContext
from ..widgets import big_button, body, button, heading, top_actions
from .cards import card_face

QUESTIONS = 10
LEARN, QUIZ = f"/learn/{GAME.id}", f"/quiz/{GAME.id}"


def _pairs(pairs: list[Pair], identifier: str) -> ft.Control:
    rows: list[ft.Control] = [
        ft.Row([ft.Text(cornish, size=theme.NAME, weight=ft.FontWeight.BOLD, expand=1),
                ft.Text(meaning, size=theme.BODY, expand=1)], spacing=12)
        for cornish, meaning in pairs]
    return ft.Semantics(identifier=identifier, container=True,
                        content=ft.Column(rows, spacing=6))


class GoFishLearnScreen:
    def __init__(self, app: Any, back: str, route: str = LEARN) -> None:
        self.app = app
        _ = app.tr
        tr = app.tr
        faces = ft.Row([card_face(r.id, r.cornish) for r in RANKS], wrap=True, spacing=4,
                       run_spacing=4)
        self.view = ft.View(
            route=route,
            appbar=ft.AppBar(
                title=heading(_("Learn") if app.phone else
                              _("{game}: the Cornish at the table", game=NAME),
                              theme.NAME - 4 if app.phone else theme.TITLE),
                actions=top_actions(app, button(_("Quiz"),
                                                lambda e: app.go(QUIZ),
                                                kind="text"),
                                    button(_("Back"), lambda e: app.go(back), kind="text")),
            ),
            controls=[ft.Column([
                body(_("Ask only in Cornish. A card's name is its rank, then its suit: "
                       "«Myghternes an Kolonnow» is the queen of hearts.")),
                heading(_("Card names"), theme.NAME), faces, _pairs(rank_pairs(tr), "ranks"),
                ft.Divider(),
                heading(_("Suits"), theme.NAME), _pairs(suit_pairs(tr), "suits"),
                ft.Divider(),
                heading(_("Numbers"), theme.NAME), _pairs(number_pairs(tr), "numbers"),
                ft.Divider(),
                heading(_("Phrases"), theme.NAME),
                body(_("As the seed writes them: where it spells a phrase two ways, both are "
                       "here."), size=theme.SMALL),
                _pairs(phrase_pairs(tr), "phrases"),
            ], spacing=12, scroll=ft.ScrollMode.AUTO, expand=True)],
            padding=16,
        )


class GoFishRulesScreen:
    """A table's rules card ("/game/{N}/rules"): the rules of play in short, as Gnav's and the
    family's tables have theirs; the phrases are in Learn."""

    def __init__(self, app: ScreenContext, game: Game) -> None:
        self.app = app
        self.game = game
        _ = app.tr
        rows: list[ft.Control] = [
            ft.Semantics(identifier="phase", content=ft.Text(
                _("Rules card: {rules}", rules=NAME), size=theme.QUESTION,
                weight=ft.FontWeight.BOLD)),
            body(_("Source: {source}", source=SOURCE),
                 size=theme.SMALL, italic=True),
            # it keeps no stakes and has no house rules to choose: said, as every card says
            # what its table plays for and changed
            ft.Semantics(identifier="stakes", container=True, content=body(
                _("No stakes: the game is played for the sets alone."))),
            ft.Semantics(identifier="rules", container=True, content=ft.Column(
                [body(_("• {sentence}", sentence=line)) for line in rules_lines(app.tr)],
                spacing=6)),
            ft.Text(_("House rules"), size=theme.NAME, weight=ft.FontWeight.BOLD),
            ft.Semantics(identifier="house-rules", container=True, content=body(
                _("None: this table plays {rules} as written.", rules=NAME))),
        ]
        self.view = ft.View(
            route=f"/game/{game.id}/rules",
            appbar=ft.AppBar(
                title=heading(_("Rules card"), theme.TITLE - 4),
                actions=top_actions(app, button(_("Back to the table"),
                                                lambda e: app.go(f"/game/{game.id}"),
                                                kind="text"))),
            controls=[ft.Column(rows, scroll=ft.ScrollMode.AUTO, expand=True, spacing=8)],
            padding=16,
        )


class GoFishQuizScreen:
    """One question at a time, four answers to tap, the right one told with its why."""

    def __init__(self, app: Any, rng: random.Random | None = None) -> None:
        self.app = app
        _ = app.tr
        self.rng = rng or random.Random()
        self.questions: list[Question] = quiz_questions(self.rng, app.tr, QUESTIONS)
        self.index = 0
        self.score = 0
        self.chosen: int | None = None
        self.panel = ft.Column([], spacing=12)
        self.view = ft.View(
            route=QUIZ,
            appbar=ft.AppBar(
                title=heading(_("Quiz") if app.phone else _("{game}: quiz", game=NAME),
                              theme.NAME - 4 if app.phone else theme.TITLE),
                actions=top_actions(app, button(_("Learn"),
                                                lambda e: app.go(LEARN),
                                                kind="text"),
                                    button(_("Tables"), lambda e: app.go("/"), kind="text")),
            ),
            controls=[ft.Column([self.panel], scroll=ft.ScrollMode.AUTO, expand=True)],
            padding=16,
        )
        self.fill()

    def fill(self) -> None:
        _ = self.app.tr
        if self.index >= len(self.questions):
            self.panel.controls = [
                heading(_("{right} of {total} right.", right=self.score,
                          total=len(self.questions)), theme.QUESTION),
                big_button(_("Again"), self.again),
            ]
            return
        q = self.questions[self.index]
        answers: list[ft.Control] = [
            answer_option(option, lambda e, i=i: self.answer(i), self.chosen, i == q.answer,
                          i == self.chosen, self.app.tr)
            for i, option in enumerate(q.options)]
        rows: list[ft.Control] = [
            body(_("Question {number} of {total}", number=self.index + 1,
                   total=len(self.questions)), size=theme.SMALL),
            ft.Semantics(identifier="question", container=True,
                         content=heading(q.prompt, theme.QUESTION)),
            ft.Column(answers, spacing=8, horizontal_alignment=ft.CrossAxisAlignment.STRETCH),
        ]
        if self.chosen is not None:
            right = self.chosen == q.answer
            verdict = (_("Right!") if right else
                       _("Not quite: it is «{answer}».", answer=q.options[q.answer]))
            rows += [ft.Semantics(identifier="verdict", container=True, content=ft.Column([
                         ft.Text(verdict, size=theme.NAME, weight=ft.FontWeight.BOLD,
                                 color=ft.Colors.PRIMARY if right else ft.Colors.ERROR),
                         body(q.why)], spacing=4)),
                     big_button(_("Next question"), self.next_question)]
        self.panel.controls = rows

    def answer(self, i: int) -> None:
        if self.chosen is not None:
            return
        self.chosen = i
        if i == self.questions[self.index].answer:
            self.score += 1
        self.fill()
        self.app.refresh()

    def next_question(self, e: Any = None) -> None:
        self.index += 1
        self.chosen = None
        self.fill()
        self.app.refresh()

    def again(self, e: Any = None) -> None:
        self.questions = quiz_questions(self.rng, self.app.tr, QUESTIONS)
        self.index = self.score = 0
        self.chosen = None
        self.fill()
        self.app.refresh()
