"""Quiz answers agree with the engine for every rule book: each question's journal is written
out, replayed through `companion.engine.journal.replay`, and the keyed option must state what
the replayed table shows (and no other option may)."""

from __future__ import annotations

from pathlib import Path
from random import Random

import flet as ft
import pytest

from companion.app import App, Games
from companion.engine.gnav import MATADORS, PRESETS, Rulebook, TableState
from companion.engine.gnav.journal import dumps, replay
from companion.engine.gnav.quiz import ASKER, REVEAL_SEATS, SEATS, Question, questions
from companion.engine.registry import GAMES
from companion.i18n import Tr
from companion.views.quiz import QuizScreen

from .helpers import buttons, identified, tap, texts, walk

BOOKS: list[Rulebook] = [*PRESETS.values(),
                         PRESETS["damm"].with_house({"cat_reverses": True,
                                                     "chop_continues": "after_holder",
                                                     "asker_pays": ["dragoon"]})]


def replayed(q: Question) -> TableState:
    _, _, state = replay(dumps(q.table, list(q.events)))
    assert state.rules == q.table.rulebook
    return state


def seen_fact(q: Question, state: TableState) -> tuple[object, ...]:
    """What the replayed table shows after the question's last event, read off the state."""
    last = state.last
    assert last is not None
    if q.kind == "pays":
        start = state.limit
        return (frozenset(n for i, n in enumerate(state.names) if state.balance[i] < start),
                frozenset(n for i, n in enumerate(state.names) if state.balance[i] > start))
    asker = state.names.index(ASKER)
    if last.kind == "exchange":
        fact: tuple[object, ...] = ("swap",)
    elif state.phase == "reveal":
        fact = ("reveal",)
    elif state.phase == "asking":
        fact = ("pass", state.asked_name)
    else:
        paid = state.balance[asker] < state.limit
        fact = ("block", paid, bool(state.handback_named()), state.turn_name)
    if q.kind == "hold":
        return (q.subject, fact)
    # "hear" options speak of roles: who plays next relative to the asker
    if fact[0] == "pass":
        return ("pass",)
    if fact[0] == "block":
        return ("block", fact[1], fact[2],
                "asker" if fact[3] == SEATS[asker + 1] else "holder")
    return fact


@pytest.mark.parametrize("book", BOOKS, ids=lambda b: f"{b.name}-{len(b.house_differences(PRESETS[b.name]))}")
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_every_keyed_answer_is_what_the_engine_does(book: Rulebook, seed: int) -> None:
    qs = questions(book, Random(f"{book.name}-{seed}"))
    assert {q.subject for q in qs if q.kind == "hold"} == set(MATADORS)
    assert {q.subject for q in qs if q.kind == "hear"} == set(MATADORS)
    for q in qs:
        fact = seen_fact(q, replayed(q))
        keys = [o.key for o in q.options]
        assert keys[q.answer] == fact, (q.text, q.options[q.answer].text)
        assert keys.count(fact) == 1
        assert len(set(keys)) == len(keys) and len({o.text for o in q.options}) == len(keys)
        assert 2 <= len(q.options) <= 4 and q.explanation


def test_the_rule_books_give_different_answers_where_they_differ() -> None:
    def answer(book: str, kind: str, subject: str) -> object:
        q = next(q for q in questions(PRESETS[book], Random(book)) if q.kind == kind and q.subject == subject)
        return q.options[q.answer].key

    assert answer("damm", "hear", "cat") == ("block", True, False, "asker")
    assert answer("pagat", "hear", "cat") == ("block", True, True, "asker")
    assert answer("pagat", "hear", "dragoon") == ("block", True, False, "holder")


@pytest.mark.parametrize("lang", ["nb", "da"])
def test_questions_are_the_same_in_every_language(lang: str) -> None:
    for book in PRESETS.values():
        en, other = (questions(book, Random(book.name), Tr("en")),
                     questions(book, Random(book.name), Tr(lang)))
        for a, b in zip(en, other, strict=True):
            assert [o.key for o in a.options] == [o.key for o in b.options]
            assert a.answer == b.answer and a.text != b.text


def test_who_pays_questions_show_fools_and_ties() -> None:
    shown = [q.shown for book in PRESETS.values() for seed in range(3)
             for q in questions(book, Random(f"{book.name}-{seed}")) if q.kind == "pays"]
    assert any(sum(p == "fool" for _, p in s) == 2 for s in shown)
    assert any(sum(p == "fool" for _, p in s) == 1 for s in shown)
    assert all(tuple(seat for seat, _ in s) == REVEAL_SEATS for s in shown)


@pytest.fixture
def app(tmp_path: Path) -> App:
    a = App(Games(tmp_path))
    a.start("/")
    return a


def test_quiz_screen_scores_each_player(app: App) -> None:
    tap(app.screen.view, "Quiz")
    screen = app.screen
    assert isinstance(screen, QuizScreen)
    screen.name_field.value = "Ann"
    tap(screen.view, "Add player")
    screen.name_field.value = "Bo"
    tap(screen.view, "Add player")
    q = screen.question
    assert "Ann" in texts(identified(screen.view, "quiz-player"))[0]
    tap(screen.view, q.options[q.answer].text)  # Ann answers right
    assert screen.scores == {"Ann": (1, 1), "Bo": (0, 0)}
    assert any(t.startswith("Right!") for t in texts(screen.view))
    assert all(b.disabled for label, b in buttons(screen.view).items()
               if label in {o.text for o in q.options})
    tap(screen.view, "Next question")
    q = screen.question
    wrong = next(o.text for i, o in enumerate(q.options) if i != q.answer)
    tap(screen.view, wrong)  # Bo answers wrong
    assert screen.scores == {"Ann": (1, 1), "Bo": (0, 1)}
    assert any(t.startswith("Not quite.") for t in texts(screen.view))
    app.set_language("nb")
    assert app.screen.scores == {"Ann": (1, 1), "Bo": (0, 1)}
    assert "Neste spørsmål" in buttons(app.screen.view)


def test_quiz_takes_the_names_and_rule_book_of_the_last_table(app: App) -> None:
    from companion.engine.gnav import Stakes, Table
    game = app.store.create_game(Table(rules="gamerules", stakes=Stakes("counters", 3),
                                       seats=("Åse", "Bjørn"), dealer="Åse"))
    app.go(f"/game/{game.id}")
    app.go("/quiz")
    screen = app.screen
    assert list(screen.scores) == ["Åse", "Bjørn"] and screen.book.name == "gamerules"


def marked_answers(view: object) -> dict[str, tuple[str, set[object]]]:
    """The marks on a question's answers once one is chosen: identifier -> (what a screen
    reader hears, the icons shown)."""
    out: dict[str, tuple[str, set[object]]] = {}
    for mark in ("quiz-right", "quiz-wrong"):
        node = identified(view, mark)
        out[mark] = (node.label, {c.icon for c in walk(node) if isinstance(c, ft.Icon)})
    return out


@pytest.mark.parametrize("game", [g.id for g in GAMES])
def test_after_a_wrong_answer_the_right_one_is_marked_too(app: App, game: str) -> None:
    """Issue 23, item 14: the wrong choice turned red, and the right one was not marked. In
    every game's quiz the right answer now carries a tick and its name for a screen reader,
    the wrong choice a cross."""
    app.go(f"/quiz/{game}")
    screen = app.screen
    if isinstance(screen, QuizScreen):
        q = screen.question
        options, right = [o.text for o in q.options], q.answer
    else:  # a quiz of its own (Gwra pyskessa's, before it was the shared one)
        q2 = screen.questions[screen.index]
        options, right = list(q2.options), q2.answer
    wrong = next(o for i, o in enumerate(options) if i != right)
    tap(screen.view, wrong)
    marks = marked_answers(app.screen.view)
    assert marks["quiz-right"] == (f"The right answer: {options[right]}",
                                   {ft.Icons.CHECK_CIRCLE})
    assert marks["quiz-wrong"] == (f"Your answer, not right: {wrong}", {ft.Icons.CANCEL})


def test_a_right_answer_is_marked_and_nothing_marked_wrong(app: App) -> None:
    app.go("/quiz")
    screen = app.screen
    assert isinstance(screen, QuizScreen)
    q = screen.question
    tap(screen.view, q.options[q.answer].text)
    assert identified(screen.view, "quiz-right").label == \
        f"The right answer: {q.options[q.answer].text}"
    with pytest.raises(AssertionError):
        identified(screen.view, "quiz-wrong")
