"""Learn for the family's other games (issue 14, item 3): each pack in order with its pictures,
its names in the game's own language and the reader's, its counts, each matador's call and what
it does under the chosen rule book, the rules card of a table of the game, and its deck."""

from __future__ import annotations

from pathlib import Path

import flet as ft
import pytest

from companion.app import App, Games
from companion.engine.cuckoo import teach as family_teach
from companion.views.learn import LearnScreen
from companion.views.pieces import piece_src
from tests.family import BOOKS, FAMILY_BOOKS

from .helpers import identified, tap, texts, walk

GAMES = [book.game for book in FAMILY_BOOKS]


@pytest.fixture
def app(tmp_path: Path) -> App:
    a = App(Games(tmp_path))
    a.start("/")
    return a


def learn(app: App, game: str) -> LearnScreen:
    app.go("/learn")
    tap(app.screen.view, BOOKS[game].words.name)
    screen = app.screen
    assert isinstance(screen, LearnScreen) and screen.game == game
    return screen


@pytest.mark.parametrize("game", GAMES)
def test_learn_shows_the_games_pack_in_order_with_its_pictures(app: App, game: str) -> None:
    screen = learn(app, game)
    rules = family_teach.rules(BOOKS[game])
    images = [c.src for c in walk(screen.view) if isinstance(c, ft.Image)]
    assert images == [piece_src(p, game) for p, _n in rules.order]
    shown = texts(screen.view)
    first, count = rules.order[0]
    assert f"1. {family_teach.table_name(BOOKS[game], first)}" in shown
    assert (f"In {BOOKS[game].words.name}: {family_teach.own_name(BOOKS[game], first)} · in the "
            f"pack: {count}") in shown
    assert f"{len(rules.order)}. {family_teach.table_name(BOOKS[game], rules.order[-1][0])}" in shown
    assert texts(identified(screen.view, "rules-card"))[0].startswith("Rules card: ")


def test_kille_teaches_the_calls_in_swedish_with_their_meaning(app: App) -> None:
    """kille.md, "The calls": «Husar hugger»; house default: the Hussar kills the asker."""
    shown = texts(learn(app, "kille").view)
    assert "Matador. Its call: «Husar hugger» (“Hussar strikes!”)" in shown
    assert "• The asker is out of the round at once." in shown
    assert "Numeral 12" in " ".join(shown)


def test_the_chosen_rule_book_changes_what_a_call_does(app: App) -> None:
    """vogelspiel.md: under Pichler "the Horse undoes every standing exchange and ends the
    turns"; under Adrian it blocks and costs the asker a life."""
    screen = learn(app, "vogelspiel")
    assert "Reconstructed from summaries: no living tradition is known." in texts(
        identified(screen.view, "reconstructed"))
    tap(screen.view, "Pichler's rule sheet, as summarised")
    assert screen.book.name == "pichler"
    shown = texts(screen.view)
    assert "• Every swap made this round is handed back, newest first." in shown
    assert any(t.startswith("Adrian (1909), as summarised: ") for t in shown)


def test_learn_of_a_family_game_speaks_norwegian(app: App) -> None:
    app.set_language("nb", remember=False)
    shown = texts(learn(app, "cuccu").view)
    assert "1. Gauken" in shown
    assert any("mister 1 liv med en gang" in t for t in shown)


def test_print_a_deck_of_the_chosen_game(app: App) -> None:
    from companion.deck import deck_pdf

    saved: list[tuple[str, bytes]] = []
    app.save_file = lambda name, data: saved.append((name, data))  # type: ignore[method-assign]
    screen = learn(app, "slabberjan")
    tap(screen.view, "Print a deck")
    assert app.dialog is not None
    assert any("the 42 cards of Slabberjan" in t for t in texts(app.dialog))
    tap(app.dialog, "Save for A4")
    assert saved == [("slabberjan-deck-a4.pdf", deck_pdf("slabberjan", "a4", "en"))]


def test_gnav_is_chosen_back(app: App) -> None:
    screen = learn(app, "kille")
    tap(screen.view, "Gnav")
    assert screen.game == "gnav"
    assert "1. Cuckoo" in texts(screen.view)
