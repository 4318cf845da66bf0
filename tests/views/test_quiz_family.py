"""The quiz for Kille, Cuccù, Slabberjan and Vogelspiel (issue 14, item 3): every question's
journal is written out as journal-v2 lines and replayed through companion.core's replay, and
the keyed option must state what the replayed table shows (no other option may)."""

from __future__ import annotations

import json
from pathlib import Path
from random import Random

import pytest

from companion.app import App, Games
from companion.engine.cuckoo import teach as family_teach
from companion.engine.cuckoo.family import FamilyState
from companion.engine.cuckoo.quiz import FamilyQuestion, questions
from companion.engine.registry import replay_state
from companion.i18n import Tr
from companion.views.quiz import TOTAL, QuizScreen, QuizState
from tests.family import BOOKS

from .helpers import identified, tap, texts

GAME_BOOKS = [(game, name) for game, book in BOOKS.items()
              for name in family_teach.rule_books(book)]


def replayed(q: FamilyQuestion, upto: int | None = None) -> FamilyState:
    lines = [q.header, *q.events[:upto]]
    state = replay_state("\n".join(json.dumps(line, ensure_ascii=False) for line in lines))
    assert isinstance(state, FamilyState)
    return state


def standing(state: FamilyState) -> dict[str, int]:
    """Lives or counters per seat, read off the replayed state; Kille's seats -1 once out or
    dead."""
    out = {}
    for seat in state.as_json()["seats"]:
        if "lives" in seat or "counters" in seat:
            out[seat["name"]] = seat.get("lives", seat.get("counters"))
        else:
            out[seat["name"]] = -1 if seat["out"] or seat["dead"] else 0
    return out


def seen_fact(q: FamilyQuestion) -> object:
    before, after = standing(replayed(q, -1)), standing(state := replayed(q))
    moved = tuple(sorted((s, after[s] - before[s]) for s in after if after[s] != before[s]))
    if q.kind == "pays":
        return moved
    return (q.subject, (state.phase, state.turn_name, state.asked_name, moved))


@pytest.mark.parametrize(("game", "rules"), GAME_BOOKS)
def test_every_keyed_answer_is_what_the_engine_does(game: str, rules: str) -> None:
    qs = questions(BOOKS[game], rules, Random(f"{game}-{rules}-3"))
    matadors = family_teach.matadors(family_teach.rules(BOOKS[game], rules))
    assert sorted(q.subject for q in qs if q.kind == "hold") == sorted(matadors)
    assert len(qs) >= TOTAL
    for q in qs:
        keys = [o.key for o in q.options]
        assert len(set(keys)) == len(keys) and 2 <= len(keys) <= 4
        assert q.options[q.answer].key == seen_fact(q), q.text
        # no other option states what the table shows
        assert [k for k in keys if k == seen_fact(q)] == [q.options[q.answer].key]


def test_the_hussar_question_says_the_asker_is_out() -> None:
    """kille.md, house default: "the Hussar kills the asker"."""
    q = next(q for q in questions(BOOKS["kille"], "byteskille", Random(0))
             if q.subject == "hussar")
    right = q.options[q.answer].text
    assert right.startswith("Say «Husar hugger» (“Hussar strikes!”)")
    assert "The asker is out of the round at once." in right


def test_the_questions_speak_danish() -> None:
    q = next(q for q in questions(BOOKS["vogelspiel"], "adrian", Random(0), Tr("da"))
             if q.kind == "pays")
    assert q.text == "Turene er forbi, og disse kort vises: hvem taber?"


@pytest.fixture
def app(tmp_path: Path) -> App:
    a = App(Games(tmp_path))
    a.start("/")
    return a


def test_the_quiz_screen_asks_the_chosen_games_questions(app: App) -> None:
    app.go("/quiz")
    tap(app.screen.view, "Cuccù")
    screen = app.screen
    assert isinstance(screen, QuizScreen) and screen.quiz.game == "cuccu"
    assert screen.quiz.rules == "campli"
    q = screen.question
    assert isinstance(q, FamilyQuestion) and q.game == "cuccu"
    assert texts(identified(screen.view, "phase")) == [q.text]
    tap(screen.view, q.options[q.answer].text)
    assert texts(identified(screen.view, "quiz-verdict"))[0].startswith("Right! ")
    tap(screen.view, "Montorio's Stù")
    assert screen.quiz.rules == "stu" and screen.quiz.index == 0
    # the evening's quiz keeps its game across a restart of the session
    again = QuizState.from_json(screen.quiz.as_json())
    assert (again.game, again.rules) == ("cuccu", "stu")
    tap(screen.view, "Gnav")
    assert screen.quiz.game == "gnav" and screen.quiz.rules in ("damm", *screen.rule_books())
