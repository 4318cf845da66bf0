"""Gwra pyskessa's screens without a browser (issue 15): a new table of the game, its table
screen's two-tap ask, the answers, a set, undo and redo, each refusal; the tables list."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

import flet as ft
import pytest

from companion.app import App, Games
from companion.board import BoardReader, board_json
from companion.board.render import board_html
from companion.core.errors import Text
from companion.engine.gwra_pyskessa import (
    PACK,
    RANK_IDS,
    Ask,
    Deal,
    GoFishState,
    Header,
    LayDown,
    Reply,
    parse_header,
)
from companion.engine.gwra_pyskessa.events import header_json
from companion.engine.gwra_pyskessa.narrate import result_text as gofish_result
from companion.i18n import Tr
from companion.store import Game
from companion.views.gnav_setup import GnavSetup
from companion.views.gofish import GoFishHistoryScreen
from companion.views.learn import LearnScreen
from companion.views.quiz import QuizScreen
from companion.views.shell.table import TableScreen
from companion.views.tables import TablesScreen

from .helpers import buttons, identified, tap, text_of, texts, walk
from .test_screens import new_table_of


@pytest.fixture
def app(tmp_path: Path) -> App:
    a = App(Games(tmp_path))
    a.start("/")
    return a


def gofish_table(app: App, *seats: str, dealer: str = "Ann") -> TableScreen:
    game = app.store.create_game(parse_header(header_json(Header(seats=seats, dealer=dealer))))
    app.go(f"/game/{game.id}")
    assert isinstance(app.screen, TableScreen)
    return app.screen


def banner(screen: TableScreen) -> str:
    return " | ".join(texts(identified(screen.view, "banner")))


def test_new_table_offers_every_game_and_makes_a_version_2_gwra_pyskessa_table(app: App) -> None:
    screen = new_table_of(app, "Ann", "Bo", "Cy")
    shown = " ".join(texts(screen.view))
    games = [c.label for c in walk(screen.game_group) if isinstance(c, ft.Radio)]
    assert games == ["Gnav", "Kille", "Cuccù", "Slabberjan", "Vogelspiel (reconstructed)",
                     "Gwra pyskessa"]
    assert "Cornwall. 2 to 10 players" in shown
    assert screen.setup_box.visible and isinstance(screen.setup, GnavSetup)
    screen.set_game("gwra-pyskessa")
    # no rule book, stakes or house rules for Go Fish
    assert not screen.setup_box.visible and screen.setup is None
    assert screen.dealer_choice == "draw"  # the seats may cut (house default 3)
    screen.set_dealer("Bo")
    tap(screen.view, "Start game")
    assert isinstance(app.screen, TableScreen)
    game = app.screen.game
    first = app.store.export_journal(game.id).splitlines()[0]
    assert json.loads(first) == {"ev": "table", "version": 2, "game": "gwra-pyskessa",
                                 "rules": "kernewek", "seats": ["Ann", "Bo", "Cy"],
                                 "dealer": "Bo"}
    assert game.state.phase == "ready"


def test_new_table_keeps_gnav_as_it_was(app: App) -> None:
    screen = new_table_of(app, "Ann", "Bo")
    tap(screen.view, "Start game")
    assert isinstance(app.screen, TableScreen)
    assert app.screen.game.table.game == "gnav"


def test_a_gwra_pyskessa_table_takes_at_most_ten_players(app: App) -> None:
    screen = new_table_of(app, *[f"P{i}" for i in range(11)])
    screen.set_game("gwra-pyskessa")
    assert len(screen.players) == 11  # typed for Gnav: nothing is thrown away
    assert buttons(screen.view)["Start game"].disabled
    assert "Gwra pyskessa has at most 10 players." in texts(screen.view)
    tap(screen.view, "Remove P10")
    assert not buttons(screen.view)["Start game"].disabled
    screen.name_field.value = "P11"
    tap(screen.view, "Add player")
    assert screen.name_error.value == "A table has at most 10 seats."


def test_the_tables_list_names_each_tables_game(app: App) -> None:
    gofish_table(app, "Ann", "Bo")
    app.go("/")
    new_table_of(app, "Cy", "Dag")
    tap(app.screen.view, "Start game")
    app.go("/")
    assert isinstance(app.screen, TablesScreen)
    lines = [t for t in texts(app.screen.view) if "last played" in t]
    assert lines[0].startswith("Gnav · ")
    assert lines[1].startswith("Gwra pyskessa · not dealt yet")


def test_an_ask_is_two_taps_and_shows_the_cornish_to_say(app: App) -> None:
    screen = gofish_table(app, "Ann", "Pol", "Joe")
    assert "Ann deals 7 cards to each player." in banner(screen)
    tap(screen.view, "Deal")
    state = screen.state
    assert state.hands == [7, 7, 7] and state.deck == 31
    assert "Pol, whom do you ask?" in texts(screen.view)
    assert "Deck: 31 cards" in texts(screen.view)
    tap(screen.view, "Ann")
    assert "Pol asks Ann for which rank?" in texts(screen.view)
    tap(screen.view, "Ask for Seyth")
    assert state.phase == "asking" and screen.game.events[-1] == Ask("Pol", "Ann", "7")
    say = texts(identified(screen.view, "say"))
    assert say == ["«Ann, eus seyth genes?»", "Ann, have you got any sevens?"]
    found = buttons(screen.view)
    # the asked hand holds 7 cards: up to three sevens can be handed over
    assert {"None: go fish", "Gives 1 card", "Gives 2 cards", "Gives 3 cards"} <= set(found)
    assert "«Nag eus. Gwra pyskessa!»" in texts(found["None: go fish"])
    assert "«Eus. Yma genev vy seyth.»" in texts(found["Gives 2 cards"])


def test_a_catch_keeps_the_turn_and_a_go_fish_draws_and_passes_it(app: App) -> None:
    screen = gofish_table(app, "Ann", "Pol", "Joe")
    tap(screen.view, "Deal")
    tap(screen.view, "Ann")
    tap(screen.view, "Ask for Seyth")
    tap(screen.view, "Gives 2 cards")
    assert screen.state.hands == [5, 9, 7]
    assert "Ann gives Pol 2 cards: Pol asks again." in banner(screen)
    assert "Pol, whom do you ask?" in texts(screen.view)
    tap(screen.view, "Joe")
    tap(screen.view, "Ask for Byd")
    tap(screen.view, "None: go fish")
    text = banner(screen)
    assert "Joe: «Nag eus. Gwra pyskessa!» (No. Go fish!)" in text
    assert "From the deck: Pol draws 1 card." in text
    assert "Joe's turn: whom do you ask, and for which rank?" in text
    assert screen.state.hands == [5, 10, 7] and screen.state.deck == 30


def test_a_set_is_laid_down_as_a_small_card_face_and_undo_redo_take_it_back(app: App) -> None:
    screen = gofish_table(app, "Ann", "Pol")
    tap(screen.view, "Deal")
    # the hint points at the set buttons after the names: "Lay it down:" with the names of
    # whom to ask straight after it read as if a name laid the set down
    assert "A set of four in a hand? Lay it down with its button after the names." in texts(
        screen.view)
    tap(screen.view, "Pol lays down a set")
    assert "Pol lays down four of which rank?" in texts(screen.view)
    tap(screen.view, "Four Myghternes")
    assert screen.game.events[-1] == LayDown("Pol", "Q")
    assert "Pol lays down the four Myghternes (queens)." in banner(screen)
    labels = [text_of(c) for c in walk(identified(screen.view, "seat-Pol"))]
    assert "Set of Myghternes (queens)" in labels
    # a rank laid down is not asked for again
    tap(screen.view, "Ann")
    assert buttons(screen.view)["Ask for Myghternes"].disabled
    assert not buttons(screen.view)["Ask for Seyth"].disabled
    tap(screen.view, "Undo")
    assert screen.state.sets == [[], []]
    assert "Undid: Pol lays down the four Myghternes (queens)." in banner(screen)
    tap(screen.view, "Redo")
    assert screen.state.sets == [[], ["Q"]]
    assert banner(screen).startswith("Redid: Pol lays down the four Myghternes (queens).")


def test_buttons_are_enabled_only_when_the_engine_accepts(app: App) -> None:
    screen = gofish_table(app, "Ann", "Pol", "Joe")
    assert not buttons(screen.view)["Deal"].disabled
    assert buttons(screen.view)["Undo"].disabled and buttons(screen.view)["Redo"].disabled
    tap(screen.view, "Deal")
    # nobody holds four cards of a rank at five or seven? the app cannot see cards: seats
    # holding four or more may lay down, and each rank choice is the engine's
    for name, control in buttons(screen.view).items():
        if name.startswith("Ask for") or name in ("Ann", "Joe"):
            assert not control.disabled, name
    tap(screen.view, "Ann")
    tap(screen.view, "Ask for Dew")
    # Ann holds seven cards, but one seat cannot hand over four of a rank (the asker holds one)
    assert "Gives 4 cards" not in buttons(screen.view)


def test_a_refused_event_shows_its_sentence_and_changes_nothing(app: App) -> None:
    screen = gofish_table(app, "Ann", "Pol")
    tap(screen.view, "Deal")
    before = len(screen.game.events)
    screen.act(Ask("Ann", "Pol", "7"))  # a stale tap: it is Pol's turn
    assert screen.error.visible and screen.error.value == "It is Pol's turn, not Ann's."
    assert len(screen.game.events) == before
    screen.act(Reply("Ann", 1))
    assert screen.error.value is not None and "Ann" in screen.error.value
    assert len(screen.game.events) == before


def test_the_screen_speaks_norwegian_and_keeps_the_cornish(app: App) -> None:
    screen = gofish_table(app, "Ann", "Pol")
    tap(screen.view, "Deal")
    tap(screen.view, "Ann")
    tap(screen.view, "Ask for Seyth")
    app.set_language("nb")
    screen = app.screen
    assert isinstance(screen, TableScreen)
    say = texts(identified(screen.view, "say"))
    assert say[0] == "«Ann, eus seyth genes?»"
    assert say[1] == Tr("nb").error(screen.state.say.english)  # type: ignore[union-attr]
    assert say[1] != "Ann, have you got any sevens?"


def play_to_the_end(game: Game) -> None:
    """Two seats: sets laid down whenever a hand holds four, asks answered "none" while the
    deck lasts, then with cards; whoever holds most lays down (the app cannot see cards)."""
    state = game.state
    assert isinstance(state, GoFishState)
    game.apply(Deal())
    for _ in range(500):
        if state.phase == "over":
            return
        free = next(r for r in RANK_IDS if r not in state.scored)
        big = max(range(2), key=lambda i: state.hands[i])
        if state.hands[big] >= 4 and (state.deck == 0 or big == 1):
            game.apply(LayDown(state.names[big], free))
            continue
        assert state.turn is not None
        asker, other = state.names[state.turn], state.names[1 - state.turn]
        game.apply(Ask(asker, other, free))
        count = 0 if state.deck else min(3, state.hands[1 - state.turn])
        game.apply(Reply(other, count))
    raise AssertionError("the game did not end")


def test_the_game_ends_with_the_winner(app: App) -> None:
    screen = gofish_table(app, "Ann", "Pol")
    play_to_the_end(screen.game)
    app.go(f"/game/{screen.game.id}")
    screen = app.screen
    assert isinstance(screen, TableScreen)
    state = screen.state
    assert state.phase == "over"
    winner = state.names[state.winners[0]]
    count = len(state.sets[state.winners[0]])
    assert f"All thirteen sets are down. {winner} wins ({count} sets)." in texts(screen.view)
    assert "winner" in texts(identified(screen.view, f"seat-{winner}"))
    assert texts(identified(screen.view, "deck")) == ["Deck: 0 cards"]  # in the middle


def test_the_history_tells_every_event_in_sentences(app: App) -> None:
    screen = gofish_table(app, "Ann", "Pol", "Joe")
    tap(screen.view, "Deal")
    tap(screen.view, "Ann")
    tap(screen.view, "Ask for Seyth")
    tap(screen.view, "None: go fish")
    tap(screen.view, "History")
    assert isinstance(app.screen, GoFishHistoryScreen)
    lines = texts(identified(app.screen.view, "history"))
    assert lines == [
        "1. The deal.", "Ann dealt.",
        "2. Pol asks Ann for Seyth (sevens).", ("Pol asks: «Ann, eus seyth genes?» "
                                                "(Ann, have you got any sevens?)"),
        "3. Ann has none: go fish.", "Ann: «Nag eus. Gwra pyskessa!» (No. Go fish!)",
        "From the deck: Pol draws 1 card.",
    ]
    tap(app.screen.view, "Back to the table")
    assert isinstance(app.screen, TableScreen)


def test_export_and_import_keep_a_gwra_pyskessa_game(app: App) -> None:
    screen = gofish_table(app, "Ann", "Pol")
    tap(screen.view, "Deal")
    tap(screen.view, "Ann")
    tap(screen.view, "Ask for Byd")
    text = app.store.export_journal(screen.game.id)
    assert text.splitlines()[2] == '{"ev": "ask", "seat": "Pol", "target": "Ann", "rank": "A"}'
    app.go("/")
    # the game taken away first: the same game is not imported beside itself (issue 23,
    # item 18; tests/views/test_import_twice.py)
    state = screen.state.as_json()
    app.store.delete_game(screen.game.id)
    tables = app.screen
    assert isinstance(tables, TablesScreen)
    tap(tables.view, "Import journal")
    tables.import_field.value = text
    tap(tables.view, "Import")
    assert isinstance(app.screen, TableScreen)
    assert app.screen.game.id != screen.game.id
    assert app.screen.state.as_json() == state
    assert "«Ann, eus byd genes?»" in texts(identified(app.screen.view, "say"))


def test_a_cut_off_gwra_pyskessa_journal_is_recovered_up_to_its_bad_line(app: App) -> None:
    screen = gofish_table(app, "Ann", "Pol")
    tap(screen.view, "Deal")
    text = app.store.export_journal(screen.game.id) + '{"ev": "ask", "seat": "Pol", "tar'
    app.go("/")
    tables = app.screen
    assert isinstance(tables, TablesScreen)
    tap(tables.view, "Import journal")
    tables.import_field.value = text
    tap(tables.view, "Import")
    assert tables.recover_button.visible
    tables.do_recover()
    assert "It is game 2 in the list." in (tables.notice.value or "")
    tap(tables.view, next(b for b in buttons(tables.view) if b.startswith("Open game 2: ")))
    assert isinstance(app.screen, TableScreen)
    assert len(app.screen.game.events) == 1 and app.screen.state.phase == "turns"


def test_the_board_and_the_result_to_take_home(app: App) -> None:
    screen = gofish_table(app, "Ann", "Pol")
    play_to_the_end(screen.game)
    data = board_json(BoardReader(app.store.folder).game(screen.game.id))  # type: ignore[arg-type]
    assert data["title"] == "Gwra pyskessa · Deck: 0 cards"
    state = screen.state
    winner = state.names[state.winners[0]]
    assert data["winners"] == [winner]
    assert data["now"].startswith(f"All thirteen sets are down. {winner} wins")
    seat = data["seats"][state.winners[0]]
    assert seat["winner"] and "sets" in seat["words"]
    html = board_html(data)
    assert "<h1 id=\"title\">Gwra pyskessa · Deck: 0 cards</h1>" in html
    app.go(f"/game/{screen.game.id}/share")
    result = gofish_result(state)
    assert result.splitlines()[0] == "Gwra pyskessa"
    assert result in texts(app.screen.view)


def test_the_board_follows_a_game_in_play(app: App) -> None:
    screen = gofish_table(app, "Ann", "Pol")
    tap(screen.view, "Deal")
    tap(screen.view, "Ann")
    tap(screen.view, "Ask for Seyth")
    data = board_json(BoardReader(app.store.folder).game(screen.game.id))  # type: ignore[arg-type]
    assert data["turn"] == "Pol" and data["asked"] == "Ann"
    assert data["now"] == ("Pol asks: «Ann, eus seyth genes?» (Ann, have you got any "
                           "sevens?)")
    assert [s["words"] for s in data["seats"]] == ["7 cards, 0 sets", "7 cards, 0 sets"]


def test_learn_shows_the_phrasebooks_names_suits_numbers_and_phrases(app: App) -> None:
    """Learn of its table is every game's Learn (issue 23, item 14: its description had no
    teaching, so its table had none of the shared Learn and quiz), taught from the phrasebook."""
    screen = gofish_table(app, "Ann", "Pol")
    tap(screen.view, "Learn")
    learn = app.screen
    assert isinstance(learn, LearnScreen) and learn.table is not None
    shown = texts(learn.view)
    ranks = [t for t in shown if t in {"Dew", "two", "Tri", "three", "Byd", "ace",
                                       "Myghternes", "queen"}]
    assert ranks[:4] == ["Dew", "two", "Tri", "three"] and ranks[-2:] == ["Byd", "ace"]
    assert "Myghternes" in ranks and "queen" in ranks
    assert "Print a deck" not in buttons(learn.view)  # an ordinary pack
    suits = texts(identified(learn.view, "suits"))
    assert suits[0] == "Suits" and "an Palyow" in suits and "of hearts" in suits
    # the seed writes the hearts two ways: both are shown
    assert "an Kolonnow / ... an kolonnow" in suits
    assert texts(identified(learn.view, "numbers")) == ["Numbers", "Onan", "one", "Mann",
                                                        "nought", "Benni", "Joker"]
    phrases = texts(identified(learn.view, "phrases"))
    for cornish in ("Nag eus. Gwra pyskessa!", "Nag eus. Pyskessa!", "Eus. Yma genev vy...",
                    "Eus. Yma ... genev.", "Meur ras", "Mar pleg"):
        assert cornish in phrases
    assert texts(identified(learn.view, "learn-house-rules")) == [
        "House rules", "None: this table plays Gwra pyskessa as written."]
    tap(learn.view, "Back to the table")
    assert isinstance(app.screen, TableScreen)
    app.set_language("da")
    app.go("/learn/gwra-pyskessa")
    shown = texts(app.screen.view)
    assert shown[shown.index("Dew") + 1] == Tr("da").error(Text("two"))


def test_the_quiz_asks_from_the_phrasebook_and_scores(app: App) -> None:
    """Its quiz is every game's, at its table with its players and a score for each."""
    gofish_table(app, "Ann", "Pol")
    app.go("/")
    tap(app.screen.view, "Quiz")
    quiz = app.screen
    assert isinstance(quiz, QuizScreen) and quiz.quiz.game == "gwra-pyskessa"
    assert quiz.quiz.players == ["Ann", "Pol"]
    questions = list(quiz.questions)
    prompts = [q.text for q in questions]
    assert any(p.startswith("Which card is «") for p in prompts)
    none = next(q for q in questions
                if q.text == "You are asked for a rank you do not hold. What do you say?")
    assert none.options[none.answer].text == "Nag eus. Gwra pyskessa!"
    card = next(q for q in questions if q.text.startswith("Which card is «"))
    name = card.text.removeprefix("Which card is «").removesuffix("»?")
    assert CARD_BY_NAME[name] == card.options[card.answer].text
    for n, q in enumerate(questions):
        assert texts(identified(quiz.view, "phase")) == [q.text]
        right = q.options[q.answer].text
        tap(quiz.view, q.options[q.answer if n % 4 < 2 else (q.answer + 1) % 4].text)
        verdict = texts(identified(quiz.view, "quiz-verdict"))
        assert verdict[0] == (f"Right! {right}" if n % 4 < 2 else
                              f"Not quite. The answer: {right}")
        assert buttons(quiz.view)[q.options[0].text].disabled  # one answer a question
        tap(quiz.view, "Next question")
    # the players take the questions in turn, five each: 1, 2, 5, 6, 9, 10 right
    assert quiz.scores == {"Ann": (3, 5), "Pol": (3, 5)}


CARD_BY_NAME = {c.cornish: str(c.english) for c in PACK}


def test_new_table_draws_for_the_first_dealer_by_a_cut(app: App) -> None:
    """gwra-pyskessa.md, house default 3: "The header names it, or the seats cut: each draws a
    card, the highest rank deals (ace high, suits do not count)"."""
    screen = new_table_of(app, "Ann", "Pol")
    screen.set_game("gwra-pyskessa")
    screen.set_dealer("draw")
    tap(screen.view, "Start game")
    table = app.screen
    assert isinstance(table, TableScreen)
    first = json.loads(app.store.export_journal(table.game.id).splitlines()[0])
    assert "dealer" not in first
    assert table.state.phase == "cut"
    assert "Each player cuts the pack: the highest card deals." in banner(table)


def test_a_table_without_a_dealer_is_cut_for_one(app: App) -> None:
    game = app.store.create_game(parse_header(header_json(Header(seats=("Ann", "Pol")))))
    app.go(f"/game/{game.id}")
    screen = app.screen
    assert isinstance(screen, TableScreen)
    assert "Each player cuts the pack: the highest card deals." in banner(screen)
    assert buttons(screen.view)["Cut"].disabled  # nobody has cut yet
    screen.parts.pick_cut("Ann", "KS")
    screen.parts.pick_cut("Pol", "KH")
    tap(screen.view, "Cut")
    assert "Ann and Pol cut the same highest rank and cut again." in banner(screen)
    screen.parts.pick_cut("Ann", "2S")
    screen.parts.pick_cut("Pol", "AH")
    tap(screen.view, "Cut")
    assert screen.state.phase == "ready"
    assert "Pol cut the highest card and deals." in banner(screen)


@pytest.mark.parametrize("size", [(412, 915), (915, 412)], ids=["phone", "sideways"])
def test_on_a_phone_the_ask_is_told_once_with_its_cornish_and_who_asks(
        app: App, size: tuple[int, int]) -> None:
    """A phone's height is short: the answer panel tells the ask (who asks, the Cornish large,
    its meaning) and the banner does not say it again; what else the banner says stays."""
    app._on_resize(SimpleNamespace(width=size[0], height=size[1]))  # type: ignore[arg-type]
    screen = gofish_table(app, "Ann", "Pol", "Joe")
    tap(screen.view, "Deal")
    tap(screen.view, "Joe")
    tap(screen.view, "Ask for Seyth")
    shown = texts(screen.view)
    assert sum("eus seyth genes?" in line for line in shown) == 1, shown
    assert sum("have you got any sevens?" in line for line in shown) == 1, shown
    assert "Pol asks:" in shown and "What does Joe answer?" in shown
    assert texts(identified(screen.view, "say")) == ["«Joe, eus seyth genes?»",
                                                      "Joe, have you got any sevens?"]
    with pytest.raises(AssertionError):
        identified(screen.view, "banner")  # nothing else to tell: no banner
    tap(screen.view, "Undo")
    tap(screen.view, "Redo")
    assert banner(screen) == "Redid: Pol asks Joe for Seyth (sevens)."
    assert sum("eus seyth genes?" in line for line in texts(screen.view)) == 1
    tap(screen.view, "Gives 1 card")  # the catch is told in the banner, as before
    assert "Joe: «Eus. Yma genev vy seyth.» (Yes. I have a seven.)" in banner(screen)


def test_on_a_tablet_the_banner_still_tells_the_ask(app: App) -> None:
    """A tablet has the room: the banner tells who asks what, the panel what to say."""
    screen = gofish_table(app, "Ann", "Pol", "Joe")
    tap(screen.view, "Deal")
    tap(screen.view, "Joe")
    tap(screen.view, "Ask for Seyth")
    assert banner(screen) == "Pol asks: «Joe, eus seyth genes?» (Joe, have you got any sevens?)"
    assert "Say:" in texts(screen.view) and "Pol asks:" not in texts(screen.view)
    assert texts(identified(screen.view, "say")) == ["«Joe, eus seyth genes?»",
                                                      "Joe, have you got any sevens?"]
