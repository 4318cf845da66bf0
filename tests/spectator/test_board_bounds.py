"""The spectators' boards are bounded as the app is (issue 21, item 7): a game an earlier
version stored past the store's cap of events (MAX_EVENTS) is not read by the board server
either, whose page says in a sentence why the game cannot be followed, as the referee's tables
list says why it is not opened; and the board server's memory stays that of a game the app
keeps, however long the stored game."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from companion.board import BoardReader
from companion.store import Store

from ..aside import run_aside
from ..store.test_import_bounds import go_fish_forever, peak_mb
from .test_board import Stream, client_of, nothing_kept

SAID = ("Table {game} has 60 events, more than the 50 the app keeps in one game (an earlier "
        "version stored it), so it cannot be followed.")


def stored_past_the_cap(folder: Path, game_id: int, events: int) -> None:
    """Game `game_id` (a Gwra pyskessa game of go_fish_forever's events) grown to `events`
    events, as an earlier version without the cap stored it: the same go-fish asks and
    answers written into the games file (its journal file stays behind: the board reads only
    the games file)."""
    con = sqlite3.connect(folder / "games.sqlite3")
    ((imported,),) = con.execute("SELECT count(*) FROM events WHERE game_id = ?", (game_id,))
    lines = go_fish_forever(events).splitlines()[2:]  # the events after the deal
    with con:
        ((at,),) = con.execute("SELECT max(at) FROM events WHERE game_id = ?", (game_id,))
        con.executemany(
            "INSERT INTO events (game_id, seq, line, active, at) VALUES (?, ?, ?, 1, ?)",
            ((game_id, seq, lines[seq - 1], at) for seq in range(imported, events)))
        con.execute("UPDATE games SET events = ? WHERE id = ?", (events, game_id))
    con.close()


@pytest.mark.filterwarnings("ignore:Using `httpx` with `starlette.testclient`")
def test_a_game_stored_past_the_cap_is_not_followed_and_its_board_says_why(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from companion.board import reader as reader_module
    from companion.board.web import board_app

    with Store(tmp_path) as store:
        game_id = store.import_journal(go_fish_forever(60)).id
        short_id = store.import_journal(go_fish_forever(40)).id
    monkeypatch.setattr(reader_module, "MAX_EVENTS", 50)  # the 60 events are past it now
    said = SAID.format(game=game_id)
    app, hub = board_app(tmp_path)
    with client_of(app) as client:  # type: ignore[attr-defined]
        page = client.get(f"/board/{game_id}")
        assert page.status_code == 200 and said in page.text
        state = client.get(f"/board/{game_id}/state.json").json()
        assert state["too_long"] and state["now"] == said and state["events"] == 60
        assert "seats" not in state  # nothing of the game was read
        norsk = client.get(f"/board/{game_id}/state.json?lang=nb").json()["now"]
        assert norsk == (f"Bord {game_id} har 60 hendelser, flere enn de 50 appen tar vare på i "
                         "ett spill (en tidligere versjon lagret det), så det kan ikke følges.")
        # the tables list still lists it, and a game under the cap is followed as before
        assert f"/board/{game_id}" in client.get("/board").text
        assert client.get(f"/board/{short_id}/state.json").json()["events"] == 40
    nothing_kept(hub)
    assert hub.reader._too_long == {}

    async def live() -> None:
        board = Stream(app, f"/board/{game_id}/events", ("192.168.1.30", 40000))
        assert (await board.status())[0] == 200
        await board.close()
        assert b"event: board" in board.body and said.encode() in board.body
        assert hub.reader._games == {}  # watched, yet not followed: it is never read

    run_aside(live())
    nothing_kept(hub)

    reader = BoardReader(tmp_path)
    with pytest.raises(reader_module.TooLong) as caught:
        reader.game(game_id)
    assert (caught.value.game_id, caught.value.count) == (game_id, 60)
    assert reader._games == {}
    followed = reader.game(short_id)
    assert followed is not None and followed.count == 40
    reader.close()


def test_the_board_server_stays_small_beside_a_game_stored_past_the_cap(tmp_path: Path) -> None:
    """A board asked for a game of 300,000 stored events (an earlier version's; the cap is
    200,000) reads none of them (it took 42 MB more than a short game's); a board following a
    game at the cap holds its events as the app does, never all its lines at once (it took
    28 MB more): the server's peak stays near a short game's board."""
    from companion.store.game import MAX_EVENTS

    data = tmp_path / "data"
    with Store(data) as store:
        long_id = store.import_journal(go_fish_forever(60)).id
        short_id = store.import_journal(go_fish_forever(60)).id
        cap_id = store.import_journal(go_fish_forever(MAX_EVENTS)).id
    stored_past_the_cap(data, long_id, 300_000)
    code = """
        import sys
        from companion.board.reader import BoardReader
        from companion.board.web import Hub
        hub = Hub(BoardReader(sys.argv[1]), max_streams=10)
        snap = hub.read(int(sys.argv[2]))
        print(snap.data["events"], snap.data.get("too_long", False))
    """
    short_peak, out, err = peak_mb(code, str(data), str(short_id))
    assert err == "" and out == "60 False\n"
    peak, out, err = peak_mb(code, str(data), str(long_id))
    assert err == "" and out == "300000 True\n"
    assert peak < short_peak + 10, (
        f"the board of a 300,000-event game peaked at {peak:.0f} MB "
        f"(a short game's: {short_peak:.0f} MB)")
    peak, out, err = peak_mb(code, str(data), str(cap_id))
    assert err == "" and out == f"{MAX_EVENTS} False\n"
    assert peak < short_peak + 15, (
        f"the board of a game at the cap peaked at {peak:.0f} MB "
        f"(a short game's: {short_peak:.0f} MB)")
