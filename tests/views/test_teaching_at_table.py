"""What a table teaches of itself (issue 23, item 14): its rules card tells each house rule in a
sentence (never "….: yes"), what the table plays for, and the real sources of its rule book
(never a file the referee has never seen); Learn of a table tells its house rules too."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.app import App, Games
from companion.engine.registry import GAMES
from companion.views.learn import LearnScreen, taught
from companion.views.quiz import QuizScreen

from ..family import BOOKS, FAMILY_GAMES
from .helpers import identified, tap, texts

SEATS = ["Ann", "Bo", "Cy"]
# a table of each game with house rules where it has any, each a field its rule book as
# written sets otherwise
TABLES: dict[str, dict[str, object]] = {
    "gnav": {"version": 1, "rules": "pagat", "stakes": {"kind": "counters", "each": 4},
             "house": {"cat_reverses": False, "two_fools_sit_out": True}},
    "kille": {"rules": "byteskille", "stakes": {"kind": "stake", "rebuys": 2},
              "house": {"mask_kills_holder": True}},
    "cuccu": {"rules": "campli", "stakes": {"kind": "lives", "each": 3, "reentry": True},
              "house": {"tokens_to_dealer": True, "cat_undoes": "none"}},
    "slabberjan": {"rules": "sheet", "stakes": {"kind": "counters", "each": 5},
                   "house": {"side_pot": True, "credit": "everyone", "direction": "left"}},
    "vogelspiel": {"rules": "adrian", "stakes": {"kind": "lives", "each": 6},
                   "house": {"witch_loss": 3, "only_if_unpaid": True}},
    "gwra-pyskessa": {"rules": "kernewek"},
}
HOUSE = {
    "gnav": ["• When both fools are shown, their holders may sit out the next round.",
             "• A cat stops the swap and hands nothing back."],
    "kille": ["• Every Mask shown dies too, when two or more seats show."],
    "cuccu": ["• The Cat sends nothing back.",
              "• Every life lost is a token handed to the round's dealer."],
    "slabberjan": ["• The turns and the bag go to the left.",
                   "• The Fool, the Face, the Pot and the 0 each pay a counter into a side pot.",
                   ("• Whoever pays his last counter plays on credit (op sloffen) until he must "
                   "pay again.")],
    "vogelspiel": ["• The Witch costs three lives when it is shown.",
                   ("• The lowest card is spared when every charge of the turns was paid in "
                   "full (Smith's conjecture).")],
    "gwra-pyskessa": ["None: this table plays Gwra pyskessa as written."],
}
STAKES = {
    "gnav": ["Stakes: 4 counters each."],
    "kille": ["Each seat puts one stake into the pot at the start; the winner takes the pot.",
              ("A seat that dies may buy back in up to 2 times, paying one stake into the pot "
              "each time.")],
    "cuccu": ["Stakes: 3 lives each.",
              "Each seat puts one stake into the pot at the start; the winner takes the pot.",
              ("A seat that goes out may re-enter before the next deal while a seat that never "
              "went out is still in: the first re-entry costs 2 stakes, the next 4, then 8, "
              "doubling each time.")],
    "slabberjan": ["Stakes: 5 counters each.",
                   ("Whoever pays his last counter plays on credit (op sloffen) until he must "
                   "pay again.")],
    "vogelspiel": ["Stakes: 6 lives each."],
    "gwra-pyskessa": ["No stakes: the game is played for the sets alone."],
}
SOURCES = {
    "gnav": "Source: Wikipedia (en), «Gnav»; John McLeod, «Gnav», pagat.com",
    "kille": "Source: Wikipedia (sv), «Byteskille» (2008); casinotax.net, «Kille kortspel»; "
             "Wikipedia (en), «Kille (card game)»",
    "cuccu": "Source: «Regole Cuccù» (Campli); John McLeod, «Cucù», pagat.com; N. Farina, "
             "«Cucù Antico Gioco di Carte» (Campli 2010)",
    "slabberjan": "Source: «SLABBERJAN. Een echt vroolijk gezelschapspel voor iedereen»; "
                  "Johan Francke, «Kap af! Een Noorse matador in Zeeland», Zeeland 12/4 "
                  "(2003), p. 19",
    "vogelspiel": "Source: K. Adrian (1909); Wikipedia (en), «Vogelspiel» (2023); "
                  "wikisum.wiki, «Vogelspiel»",
    "gwra-pyskessa": "Source: «Gwra pyskessa»: «Rules of Play», «Example of play», «Playing "
                     "Cards», «Vocabulary»",
}


@pytest.fixture
def app(tmp_path: Path) -> App:
    a = App(Games(tmp_path))
    a.start("/")
    return a


def table(app: App, game: str) -> int:
    header = {"ev": "table", "version": 2, "game": game, "seats": SEATS, "dealer": "Ann",
              **TABLES[game]}
    if header["version"] == 1:
        del header["game"]
    return app.store.import_journal(json.dumps(header) + "\n").id


def test_every_game_has_a_table_here() -> None:
    assert set(TABLES) == {g.id for g in GAMES}


@pytest.mark.parametrize("game", list(TABLES))
def test_the_rules_card_tells_each_house_rule_in_a_sentence(app: App, game: str) -> None:
    """Issue 23, item 14: "A Mask dies: yes" is not a sentence; each house rule is the rule
    data's own sentence for its value."""
    app.go(f"/game/{table(app, game)}/rules")
    shown = texts(identified(app.screen.view, "house-rules"))
    assert shown == HOUSE[game]
    assert not any(line.endswith((": yes", ": no", ": ja", ": nein")) for line in shown)


@pytest.mark.parametrize("game", list(TABLES))
def test_the_rules_card_shows_the_stakes(app: App, game: str) -> None:
    """Issue 23, item 14: the card left out what the table plays for (rebuys, lives,
    re-entry prices, credit)."""
    app.go(f"/game/{table(app, game)}/rules")
    assert texts(identified(app.screen.view, "stakes")) == STAKES[game]


@pytest.mark.parametrize("game", list(TABLES))
def test_the_rules_card_names_its_real_sources_never_a_file(app: App, game: str) -> None:
    """Issue 23, item 14: "Source: docs/rules/kille.md" named a file the referee has never
    seen; the card names the book, sheet or page, its author and year, as the rules file's own
    list of sources does."""
    app.go(f"/game/{table(app, game)}/rules")
    shown = [t for t in texts(app.screen.view) if t.startswith("Source:")]
    assert shown == [SOURCES[game]]
    assert ".md" not in shown[0] and "docs/" not in shown[0]


@pytest.mark.parametrize("game", FAMILY_GAMES)
def test_every_rule_book_of_the_family_names_its_sources(game: str) -> None:
    book = BOOKS[game]
    assert set(book.words.sources) == set(book.presets)
    assert all(".md" not in s for s in book.words.sources.values())


@pytest.mark.parametrize("game", FAMILY_GAMES + ("gnav",))
def test_every_house_field_value_has_its_sentence(game: str) -> None:
    """Every value a house field may take is told: no rule told as "….: yes"."""
    from companion.engine.cuckoo.rulebook import Subset
    from companion.engine.gnav.book import FIELD_TITLES, HOUSE_SENTENCES
    from companion.engine.gnav.rules import PRESETS

    if game == "gnav":
        sentences, schema = HOUSE_SENTENCES, PRESETS["damm"].schema()
        keys = tuple(FIELD_TITLES)
    else:
        sentences, schema = BOOKS[game].words.house_sentences, BOOKS[game].fields
        keys = tuple(schema)
    for key in keys:
        allowed = schema[key]
        forms = set(sentences[key])
        if isinstance(allowed, Subset):
            assert forms == {"some", "none"}, key
        elif "*" not in forms:
            assert forms == {"true" if v is True else "false" if v is False else str(v)
                             for v in allowed}, key


@pytest.mark.parametrize("game", list(TABLES))
def test_learn_of_a_table_tells_its_house_rules(app: App, game: str) -> None:
    """Issue 23, item 14: Learn opened from a table left out the table's house rules."""
    n = table(app, game)
    app.go(f"/game/{n}")
    tap(app.screen.view, "Learn")
    assert app.route == f"/learn/{n}"
    assert texts(identified(app.screen.view, "learn-house-rules")) == ["House rules",
                                                                       *HOUSE[game]]


def test_learn_of_a_table_without_house_rules_says_so(app: App) -> None:
    header = {"ev": "table", "version": 2, "game": "kille", "rules": "oberg", "seats": SEATS,
              "dealer": "Ann", "stakes": {"kind": "stake", "rebuys": 3}}
    n = app.store.import_journal(json.dumps(header) + "\n").id
    app.go(f"/learn/{n}")
    assert isinstance(app.screen, LearnScreen)
    assert texts(identified(app.screen.view, "learn-house-rules")) == [
        "House rules", "None: this table plays Öberg as written."]
    app.set_language("sv")
    assert texts(identified(app.screen.view, "learn-house-rules"))[0] == "Husregler"


@pytest.mark.parametrize("game", list(TABLES))
def test_every_tables_quiz_takes_its_game_and_players(app: App, game: str) -> None:
    """Issue 23, item 14: Gwra pyskessa's description had no teaching, so its table had none
    of the shared Learn and quiz; every table's quiz is now the shared one, of its game, with
    its players and a score for each."""
    app.go(f"/game/{table(app, game)}")
    app.go("/quiz")
    quiz = app.screen
    assert isinstance(quiz, QuizScreen)
    assert (quiz.quiz.game, quiz.quiz.players) == (game, SEATS)
    q = quiz.question
    tap(quiz.view, q.options[q.answer].text)
    assert quiz.scores["Ann"] == (1, 1)
    assert GAMES[game].id in {g.id for g in taught()}


@pytest.mark.parametrize("game", list(TABLES))
def test_a_phones_rules_card_is_titled_short_enough_not_to_be_cut(app: App, game: str) -> None:
    """Seen in the phone's screenshot: "Rules c…", where the bar also holds Back to the table,
    the language and the theme; the card's own heading under it names it in full."""
    app.width, app.height = 390, 844
    app.go(f"/game/{table(app, game)}/rules")
    assert texts(app.screen.view.appbar.title) == ["Rules"]
    assert any(t.startswith("Rules card: ") for t in texts(app.screen.view))
    app.width, app.height = 1280, 800
    app.go(f"/game/{table(app, game)}/rules")
    assert texts(app.screen.view.appbar.title) == ["Rules card"]


@pytest.mark.parametrize("game", list(TABLES))
def test_learn_is_titled_learn_for_a_card_game_too(app: App, game: str) -> None:
    """Learn's bar said "Learn the pieces" at a Gwra pyskessa table, played with cards (its
    heading under the bar names the game and its rule book)."""
    app.width, app.height = 1280, 800
    n = table(app, game)
    app.go(f"/learn/{n}")
    assert texts(app.screen.view.appbar.title) == ["Learn"]
