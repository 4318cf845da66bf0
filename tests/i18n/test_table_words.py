"""The words of a table that name its pieces ("{seat}'s piece" on each seat's button of the
reveal, "Show the pieces", the draw for dealer) are each game's own, under the game's catalogue
context (issue 24: "One message shared by Gnav and the other games needs a context per game,
so that each can be said right"): Kille's, Cuccù's and Vogelspiel's packs are cards, Gnav's and
Slabberjan's are wooden pieces."""

from __future__ import annotations

import flet as ft
import pytest

from companion.engine.cuckoo.family import FamilyKind
from companion.engine.cuckoo.narrate import table_words
from companion.engine.registry import GAMES
from companion.i18n import LANGUAGES, Tr, po_path
from companion.i18n.catalog import read_po
from companion.views.cuckoo.picker import PiecePicker

BOOKS = {game.id: game.kind.book for game in GAMES if isinstance(game.kind, FamilyKind)}

OTHER = [lang for lang in LANGUAGES if lang != "en"]
KEYS = ("whose_piece", "show", "show_now", "drawn", "draw_now")
CARDS = ("kille", "cuccu", "vogelspiel")

# Bo's button in the reveal: at a card game's table, and at Gnav's or Slabberjan's
WHOSE = {
    "en": ("Bo's piece", "Bo's piece"),
    "nb": ("Kortet til Bo", "Brikken til Bo"),
    "da": ("Kort: Bo", "Brik: Bo"),
    "sv": ("Kort: Bo", "Bricka: Bo"),
    "it": ("Carta di Bo", "Pezzo di Bo"),
    "nl": ("Kaart van Bo", "Stuk van Bo"),
    "de": ("Karte von Bo", "Figur von Bo"),
}


@pytest.mark.parametrize("game", sorted(BOOKS))
@pytest.mark.parametrize("lang", OTHER)
def test_every_table_word_is_translated_under_its_games_context(game: str, lang: str) -> None:
    catalogue = {e.key: e for e in read_po(po_path(lang))}
    forms = BOOKS[game].words.table
    assert set(forms) == set(KEYS)
    missing = [form for form in forms.values()
               if not catalogue.get(f"{form.context}\x04{form.english}", None)
               or not catalogue[f"{form.context}\x04{form.english}"].translated]
    assert missing == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_card_games_reveal_names_cards_where_gnavs_and_slabberjans_name_pieces(
        lang: str) -> None:
    tr = Tr(lang)
    cards, pieces = WHOSE[lang]
    assert [table_words(BOOKS[game], "whose_piece", tr, seat="Bo") for game in CARDS] == [cards] * 3
    assert table_words(BOOKS["slabberjan"], "whose_piece", tr, seat="Bo") == pieces
    gnav = PiecePicker(["Bo"], "Settle", lambda picked: None, narrow=True, prompt="", tr=tr)
    words = gnav.seat_parts["Bo"].chip.content  # a Text, fitted to its button
    assert isinstance(words, ft.Text) and words.value == pieces


def test_the_cut_and_the_reveal_are_told_as_each_game_says_them() -> None:
    tr = Tr("sv")
    assert table_words(BOOKS["kille"], "show", tr) == "Visa korten"
    assert table_words(BOOKS["slabberjan"], "show", tr) == "Visa brickorna"
    assert table_words(BOOKS["cuccu"], "draw_now", tr) == "Dra om given: var och en drar ett kort."
    assert table_words(BOOKS["slabberjan"], "drawn", tr) == "Dra om given: brickan var och en drog"
