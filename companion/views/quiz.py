"""The quiz screen ("/quiz"): questions a newcomer meets at the table, multiple choice, the
right answer explained from the engine, and a score per player for the evening.

The players take the questions in turn. Names are typed here or taken from the last table
opened; the scores live on the session (and in the browser's SharedPreferences), so a language
switch or a trip to the table loses nothing.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import flet as ft

from companion.core.names import MAX_NAME
from companion.engine.cuckoo.rulebook import RuleBook
from companion.engine.describe import Question, Teaching
from companion.engine.registry import GAMES
from companion.i18n import Tr
from companion.store import StoreError

from . import theme
from .learn import table_book, taught, teaching_of
from .pieces import piece_image
from .widgets import (
    big_button,
    body,
    button,
    error_text,
    heading,
    note_name_length,
    show_error,
    top_actions,
)

TOTAL = 10  # questions in one round of the quiz


@dataclass
class QuizState:
    """One evening's quiz: who plays, their scores, where the quiz is."""

    players: list[str] = field(default_factory=list)
    scores: dict[str, tuple[int, int]] = field(default_factory=dict)  # name -> (right, asked)
    game: str = field(default_factory=lambda: taught()[0].id)  # a game Learn teaches
    rules: str = ""  # one of its rule books (its first when empty)
    book: RuleBook | None = None  # the last table's book with its house rules
    seed: int = 0
    index: int = 0
    chosen: int | None = None  # the option picked for the current question

    def __post_init__(self) -> None:
        if not self.rules:
            self.rules = next(iter(teaching_of(GAMES[self.game]).books()))

    def as_json(self) -> str:
        return json.dumps({"players": self.players, "scores": self.scores, "rules": self.rules,
                           "game": self.game, "seed": self.seed, "index": self.index},
                          ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> QuizState:
        data = json.loads(text)
        state = cls(players=[str(p) for p in data.get("players", [])],
                    seed=int(data.get("seed", 0)), index=int(data.get("index", 0)))
        state.scores = {str(k): (int(v[0]), int(v[1]))
                        for k, v in data.get("scores", {}).items()}
        game = GAMES.get(str(data.get("game", "")))
        if game is not None and game.teaching is not None:
            state.game = game.id
            state.rules = next(iter(game.teaching.books()))
        rules = str(data.get("rules", ""))
        if rules in teaching_of(GAMES[state.game]).books():
            state.rules = rules
        return state


def answer_option(text: str, on_click: Any, chosen: int | None, right: bool, picked: bool,
                  tr: Tr) -> ft.Control:
    """One answer of a quiz question. Once an answer is chosen, the right one is marked with a
    tick, its own colour and its name for a screen reader (whichever was chosen), and a wrong
    choice with a cross: a colour alone was all the right one had, and on an outlined button
    it is the colour every answer's words already have."""
    _ = tr
    mark = None
    if chosen is not None and right:
        mark = ft.Colors.PRIMARY
    elif chosen is not None and picked:
        mark = ft.Colors.ERROR
    words = ft.Text(text, size=theme.BODY, color=mark,
                    weight=ft.FontWeight.BOLD if mark else None,
                    # beside the mark, a long answer wraps rather than widen its button
                    expand=mark is not None, expand_loose=True)
    content: ft.Control = words
    if mark is not None:
        content = ft.Row([ft.Icon(ft.Icons.CHECK_CIRCLE if right else ft.Icons.CANCEL,
                                  color=mark, size=26), words],
                         spacing=10, tight=True)
    option = ft.OutlinedButton(
        content=content, on_click=on_click, disabled=chosen is not None,
        style=ft.ButtonStyle(
            padding=ft.Padding.symmetric(horizontal=16, vertical=12),
            shape=ft.RoundedRectangleBorder(radius=12),
            bgcolor=ft.Colors.PRIMARY_CONTAINER if chosen is not None and right else None,
            side=ft.BorderSide(3, mark) if mark else None))
    if chosen is None:
        return option
    # once answered the buttons are done with: a screen reader hears the mark and the answer
    # once, in the label, not the answer's words a second time
    if right:
        return ft.Semantics(identifier="quiz-right", container=True, exclude_semantics=True,
                            label=_("The right answer: {answer}", answer=text), content=option)
    if picked:
        return ft.Semantics(identifier="quiz-wrong", container=True, exclude_semantics=True,
                            label=_("Your answer, not right: {answer}", answer=text),
                            content=option)
    return option


class QuizScreen:
    def __init__(self, app: Any, game: str | None = None) -> None:
        """`game`: the quiz of that game ("/quiz/<game>"), else the evening's, where it is."""
        self.app = app
        _ = app.tr
        self.quiz: QuizState = app.quiz
        if game is not None and game != self.quiz.game:
            self.quiz.game, self.quiz.book = game, None
            self.quiz.rules = next(iter(self.teaching.books()))
            self.quiz.index, self.quiz.chosen = 0, None
        self._questions: Sequence[Question] = []
        self._questions_key: tuple[object, ...] | None = None
        self.adopt_last_table()
        self.name_field = ft.TextField(label=_("Player name"), max_length=MAX_NAME,
                                       on_submit=self.add_player, on_change=self.typed,
                                       text_size=theme.BODY, expand=True)
        self.name_error = error_text()
        self.players_area = ft.Column([], spacing=6)
        self.question_area = ft.Column([], spacing=10)
        self.view = ft.View(
            route="/quiz" if game is None else f"/quiz/{game}",
            appbar=ft.AppBar(title=heading(_("Quiz"), theme.TITLE - 4),
                             actions=top_actions(app, button(_("Tables"),
                                                             lambda e: app.go("/"),
                                                             kind="text"))),
            controls=[ft.Column([self.players_area, ft.Divider(), self.question_area],
                                scroll=ft.ScrollMode.AUTO, expand=True, spacing=12)],
            padding=12,
        )
        self.fill()

    # --- state ---------------------------------------------------------------------------------

    @property
    def teaching(self) -> Teaching:
        return teaching_of(GAMES[self.quiz.game])

    @property
    def book(self) -> RuleBook:
        if self.quiz.book is not None and self.quiz.book.name == self.quiz.rules:
            return self.quiz.book
        return self.teaching.books()[self.quiz.rules]

    @property
    def scores(self) -> dict[str, tuple[int, int]]:
        return self.quiz.scores

    @property
    def questions(self) -> Sequence[Question]:
        # each set plays ~130 tiny journals: made once per rule book, language and seed
        key: tuple[object, ...] = (self.quiz.game, self.book, self.app.tr.lang, self.quiz.seed)
        if self._questions_key != key:
            # the screen hands the quiz its chance, seeded so that a set comes back the same
            dice = random.Random(f"{self.quiz.game}-{self.book.name}-{self.quiz.seed}")
            self._questions = self.teaching.questions(self.book, dice, self.app.tr)[:TOTAL]
            self._questions_key = key
        return self._questions

    @property
    def question(self) -> Question:
        return self.questions[min(self.quiz.index, TOTAL - 1)]

    @property
    def player(self) -> str | None:
        """Whose question it is: the players take them in turn."""
        if not self.quiz.players:
            return None
        return self.quiz.players[self.quiz.index % len(self.quiz.players)]

    def adopt_last_table(self) -> None:
        """With no players yet, the last table's seats, game and rule book (when Learn teaches
        its game)."""
        game_id = getattr(self.app, "last_game_id", None)
        if self.quiz.players or game_id is None:
            return
        try:
            game = self.app.games.game(game_id)
        except StoreError:
            return
        described = GAMES.get(game.table.game)
        if described is None or described.teaching is None:
            return
        self.quiz.players = list(game.state.names)
        self.quiz.scores = {n: (0, 0) for n in game.state.names}
        self.quiz.game = described.id
        self.quiz.book = table_book(game)
        self.quiz.rules = self.quiz.book.name

    def adopt(self, old: Any) -> None:
        """After a language switch or a turned screen: the name being typed."""
        if isinstance(old, QuizScreen):
            self.name_field.value = old.name_field.value

    # --- drawing -------------------------------------------------------------------------------

    def fill(self) -> None:
        self.fill_players()
        self.fill_question()

    def fill_players(self) -> None:
        _ = self.app.tr
        who = self.player
        chips: list[ft.Control] = []
        for name in self.quiz.players:
            right, asked = self.quiz.scores.get(name, (0, 0))
            current = name == who and self.quiz.index < TOTAL
            chips.append(ft.Container(
                content=ft.Text(_("{name}: {right} of {asked}", name=name, right=right,
                                  asked=asked),
                                size=theme.BODY, weight=ft.FontWeight.BOLD if current
                                else ft.FontWeight.NORMAL),
                padding=ft.Padding.symmetric(horizontal=12, vertical=6), border_radius=16,
                bgcolor=ft.Colors.PRIMARY_CONTAINER if current
                else ft.Colors.SURFACE_CONTAINER_HIGH,
            ))
        self.players_area.controls = [
            ft.Row([self.name_field,
                    button(_("Add player"), self.add_player, icon=ft.Icons.ADD, kind="filled")],
                   vertical_alignment=ft.CrossAxisAlignment.START),
            self.name_error,
            ft.Row(chips, wrap=True, spacing=8, run_spacing=8) if chips
            else body(_("Add the players' names to keep a score for each."), size=theme.SMALL),
            ft.Semantics(identifier="quiz-games", content=ft.Row(
                [body(_("Game:"), size=theme.SMALL + 1),
                 *[button(game.name, lambda e, g=game.id: self.choose_game(g),
                          kind="filled" if game.id == self.quiz.game else "outlined")
                   for game in taught()]],
                wrap=True, spacing=8)),
            ft.Row([body(_("Rule book:"), size=theme.SMALL + 1),
                    *[button(self.book_title(name), lambda e, n=name: self.choose(n),
                             kind="filled" if name == self.quiz.rules else "outlined")
                      for name in self.rule_books()]], wrap=True, spacing=8),
        ]

    def rule_books(self) -> tuple[str, ...]:
        return tuple(self.teaching.books())

    def book_title(self, name: str) -> str:
        return self.teaching.book_title(name, self.app.tr)

    def piece_name(self, piece: str) -> str:
        return self.teaching.piece_name(piece, self.app.tr)

    def fill_question(self) -> None:
        _ = self.app.tr
        if self.quiz.index >= TOTAL:
            self.question_area.controls = self.final_panel()
            return
        q = self.question
        who = self.player
        rows: list[ft.Control] = [
            ft.Semantics(identifier="quiz-player", content=ft.Text(
                _("{name}'s question", name=who) if who else _("Question for the table"),
                size=theme.BODY, color=ft.Colors.PRIMARY, weight=ft.FontWeight.W_600)),
            body(_("Question {number} of {total}", number=self.quiz.index + 1, total=TOTAL),
                 size=theme.SMALL),
            ft.Semantics(identifier="phase", content=ft.Text(
                q.text, size=theme.QUESTION, weight=ft.FontWeight.BOLD)),
        ]
        if q.shown:
            rows.append(ft.Row(
                [ft.Column([piece_image(piece, 64 if self.app.phone else 80, self.quiz.game),
                            ft.Text(_("{seat}: {piece}", seat=seat,
                                      piece=self.piece_name(piece)),
                                    size=theme.BODY, weight=ft.FontWeight.W_600)],
                           horizontal_alignment=ft.CrossAxisAlignment.CENTER, spacing=4)
                 for seat, piece in q.shown],
                wrap=True, spacing=16, run_spacing=8))
            rows.append(body(_("Rule book: {rules}", rules=self.book_title(q.rules)),
                             size=theme.SMALL,
                             italic=True))
        chosen = self.quiz.chosen
        for i, option in enumerate(q.options):
            rows.append(answer_option(option.text, lambda e, k=i: self.answer(k), chosen,
                                      i == q.answer, i == chosen, self.app.tr))
        if chosen is not None:
            verdict = (_("Right! {answer}", answer=q.options[q.answer].text) if chosen == q.answer
                       else _("Not quite. The answer: {answer}", answer=q.options[q.answer].text))
            rows.append(ft.Semantics(identifier="quiz-verdict", content=ft.Text(
                verdict, size=theme.BODY + 2, weight=ft.FontWeight.BOLD,
                color=ft.Colors.PRIMARY if chosen == q.answer else ft.Colors.ERROR)))
            rows.append(ft.Text(_("Why:"), size=theme.BODY, weight=ft.FontWeight.W_600))
            rows += [body(line, size=theme.BODY) for line in q.explanation]
            rows.append(big_button(_("Next question"), self.next_question))
        self.question_area.controls = rows

    def final_panel(self) -> list[ft.Control]:
        _ = self.app.tr
        ranked = sorted(self.quiz.players, key=lambda n: -self.quiz.scores.get(n, (0, 0))[0])
        rows: list[ft.Control] = [
            ft.Semantics(identifier="phase", content=ft.Text(
                _("The quiz is over"), size=theme.QUESTION, weight=ft.FontWeight.BOLD)),
        ]
        for name in ranked:
            right, asked = self.quiz.scores.get(name, (0, 0))
            rows.append(body(_("{name}: {right} of {asked}", name=name, right=right,
                               asked=asked), size=theme.NAME))
        rows.append(big_button(_("New questions"), self.again))
        return rows

    # --- handlers ------------------------------------------------------------------------------

    def changed(self) -> None:
        self.fill()
        self.app.refresh()
        save = getattr(self.app, "save_quiz", None)
        if save is not None:
            save()

    def typed(self, e: Any = None) -> None:
        # an on_change keeps the typed name on the server at once, so a quick tap on Add
        # player never reads a stale value
        if note_name_length(self.name_field, self.name_error, self.app.tr):
            self.app.refresh()

    def add_player(self, e: Any = None) -> None:
        _ = self.app.tr
        name = (self.name_field.value or "").strip()
        if not name:
            show_error(self.name_error, _("Type a name first."))
        elif any(p.casefold() == name.casefold() for p in self.quiz.players):
            show_error(self.name_error, _("{name} is already playing.", name=name))
        else:
            show_error(self.name_error, None)
            self.quiz.players.append(name)
            self.quiz.scores.setdefault(name, (0, 0))
            self.name_field.value = ""
        self.changed()

    def choose(self, rules: str) -> None:
        self.quiz.rules = rules
        self.quiz.index, self.quiz.chosen = 0, None
        self.changed()

    def choose_game(self, game: str) -> None:
        self.quiz.game = game
        self.quiz.book = None
        self.choose(next(iter(self.teaching.books())))

    def answer(self, k: int) -> None:
        if self.quiz.chosen is not None or self.quiz.index >= TOTAL:
            return
        q = self.question
        self.quiz.chosen = k
        who = self.player
        if who is not None:
            right, asked = self.quiz.scores.get(who, (0, 0))
            self.quiz.scores[who] = (right + (k == q.answer), asked + 1)
        self.changed()

    def next_question(self, e: Any = None) -> None:
        self.quiz.index += 1
        self.quiz.chosen = None
        self.changed()

    def again(self, e: Any = None) -> None:
        self.quiz.seed += 1
        self.quiz.index, self.quiz.chosen = 0, None
        self.changed()
