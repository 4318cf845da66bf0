"""The spectators' board of the family's games (issue 14, item 2): the board follows a Kille
and a Cuccù table from the games file and tells it as the referee's screen does: seats with
their lives or pot standing, whose turn, the last call in the game's own words, the round's
losers."""

from __future__ import annotations

from pathlib import Path

from companion.board import BoardReader, board_json
from companion.board.render import board_html
from companion.engine.cuckoo.events import Change, Deal, FamilyReply, Reveal, Stand
from companion.engine.registry import parse_header
from companion.i18n import Tr
from companion.store import Game, Store


def family_table(store: Store, game: str, rules: str, stakes: dict[str, object]) -> Game:
    _kind, header = parse_header({"ev": "table", "version": 2, "game": game, "rules": rules,
                                  "stakes": stakes, "seats": ["Ann", "Bo", "Cy"],
                                  "dealer": "Ann"})
    return store.create_table(header)


def test_the_board_tells_a_cuccu_table(tmp_path: Path) -> None:
    with Store(tmp_path) as store:
        game = family_table(store, "cuccu", "campli", {"kind": "lives", "each": 3})
        for event in (Deal(), Change("Cy"), FamilyReply("Bo", "hunter")):
            game.apply(event)
        reader = BoardReader(tmp_path)
        try:
            followed = reader.game(game.id)
            assert followed is not None
            data = board_json(followed)
        finally:
            reader.close()
    assert data["rules"] == "Cuccù · the Campli rules"
    # each seat's money beside its lives (cuccu.md rule 3: each paid its stake in; issue 23,
    # item 1)
    assert [s["words"] for s in data["seats"]] == [
        "3 lives, money −1", "3 lives, money −1", "2 lives, money −1"]
    assert data["last_call"] == ["Bo calls «Bum!» (Bang!).", "Cy loses a life."]
    assert data["now"] == "Bo's turn: stand or change."
    assert [s["turn"] for s in data["seats"]] == [False, True, False]
    html = board_html(data)
    assert "«Bum!»" in html and "Cuccù · the Campli rules" in html


def test_the_board_tells_a_kille_round_settled_in_the_phones_language(tmp_path: Path) -> None:
    with Store(tmp_path) as store:
        game = family_table(store, "kille", "byteskille", {"kind": "stake", "rebuys": 3})
        for event in (Deal(), Stand("Bo"), Stand("Cy"), Stand("Ann")):
            game.apply(event)
        game.apply(Reveal((("Bo", "cuckoo"), ("Cy", "5"), ("Ann", "mask"))))
        reader = BoardReader(tmp_path)
        try:
            followed = reader.game(game.id)
            assert followed is not None
            english = board_json(followed)
            norwegian = board_json(followed, Tr("nb"))
        finally:
            reader.close()
    assert english["last_call"][0] == "Dead this deal: Ann."
    assert [s["out"] for s in english["seats"]] == [True, False, False]
    assert norwegian["last_call"][0] == "Døde denne given: Ann."


def test_the_board_names_the_one_game_and_lists_games_by_name_not_id(tmp_path: Path) -> None:
    """Issue 23, item 12: "The board calls every game "Gnav · Cuccù · …", its list shows raw ids
    ("campli · round 6", "byteskille · over"), a Kille seat out reads "OUT out"."""
    from companion.board.render import list_html

    with Store(tmp_path) as store:
        game = family_table(store, "kille", "byteskille", {"kind": "stake", "rebuys": 0})
        for event in (Deal(), Stand("Bo"), Stand("Cy"), Stand("Ann")):
            game.apply(event)
        game.apply(Reveal((("Bo", "cuckoo"), ("Cy", "5"), ("Ann", "mask"))))
        cuccu = family_table(store, "cuccu", "campli", {"kind": "lives", "each": 3})
        cuccu.apply(Deal())
        reader = BoardReader(tmp_path)
        try:
            followed = reader.game(game.id)
            assert followed is not None
            data = board_json(followed)
            listed = list_html(reader.list_games())
        finally:
            reader.close()
    html = board_html(data)
    assert '<h1 id="title">Kille · Byteskille · Round 1</h1>' in html, html[:200]
    assert "Gnav ·" not in html
    ann = next(s for s in data["seats"] if s["name"] == "Ann")
    assert ann["out"] and "out" not in ann["words"]
    assert "Cuccù · the Campli rules · round 1" in listed
    assert "campli ·" not in listed and "byteskille ·" not in listed
