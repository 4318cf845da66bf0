"""The board without a browser: it follows the games file exactly (new events, undo, an undo
replaced by another event, past the snapshot interval), it cannot write, and the QR codes the
Share screen shows carry exactly their text."""

from __future__ import annotations

import io
import sqlite3
from html import escape
from pathlib import Path

import png
import pytest

from companion import board
from companion.app import App, Games
from companion.board import BoardReader, board_json, qr_matrix
from companion.core import SNAPSHOT_EVERY
from companion.engine import Change, Deal, Reply, Reveal, Stakes, Stand, Table, TableState
from companion.i18n import Tr
from companion.narrate.board import result_text
from companion.store import Game, Store
from companion.views.share import ShareScreen

from ..aside import run_aside
from ..views.helpers import identified, tap, texts

SEATS = ("Ann", "Bo", "Cy")


def table(amount: int = 3, seats: tuple[str, ...] = SEATS) -> Table:
    return Table(rules="damm", stakes=Stakes("counters", amount), seats=seats, dealer="Ann")


def play_round(game: Game) -> None:
    """Ann deals; Bo swaps with Cy; Cy and Ann stand; Cy shows the lowest piece and pays."""
    for event in (Deal(), Change("Bo"), Reply("Cy", "none"), Stand("Cy"), Stand("Ann")):
        game.apply(event)
    game.apply(Reveal((("Ann", "12"), ("Bo", "11"), ("Cy", "2"))))


def shows(root: object, identifier: str) -> bool:
    try:
        identified(root, identifier)
    except AssertionError:
        return False
    return True


def auto_round(game: Game) -> None:
    """Whoever deals, everyone stands, and the last seat in the round shows the lowest piece."""
    game.apply(Deal())
    while game.state.phase == "turns":
        game.apply(Stand(game.state.turn_name or ""))
    seats = [n for i, n in enumerate(game.state.names) if game.state.in_round[i]]
    pieces = ["12", "11", "10", "9"][: len(seats) - 1] + ["2"]
    game.apply(Reveal(tuple(zip(seats, pieces, strict=True))))


def same(reader: BoardReader, game: Game) -> None:
    followed = reader.game(game.id)
    assert followed is not None
    assert followed.state.as_json() == game.state.as_json()
    assert len(followed.lines) == len(game.events)


def test_the_board_follows_events_undo_and_a_replaced_event(tmp_path: Path) -> None:
    store = Store(tmp_path)
    game = store.create_game(table())
    reader = BoardReader(tmp_path)
    same(reader, game)
    game.apply(Deal())
    same(reader, game)
    game.apply(Change("Bo"))
    game.apply(Reply("Cy", "none"))
    same(reader, game)
    game.undo()
    same(reader, game)
    # the same number of events as last read, but the last one is another
    game.undo()
    game.apply(Stand("Bo"))
    game.apply(Stand("Cy"))
    assert len(game.events) == 3
    same(reader, game)
    data = board_json(reader.game(game.id))  # type: ignore[arg-type]
    assert data["turn"] == "Ann" and data["dealer"] == "Ann"
    assert [s["name"] for s in data["seats"]] == list(SEATS)
    assert data["last_call"] == ["Cy stands.", "Ann's turn."]
    game.redo()  # nothing to redo after a new event: still the same
    same(reader, game)


def test_the_board_goes_back_past_a_snapshot(tmp_path: Path) -> None:
    store = Store(tmp_path)
    game = store.create_game(table(amount=99))
    reader = BoardReader(tmp_path)
    while len(game.events) < SNAPSHOT_EVERY + 10:
        auto_round(game)
        if len(game.events) % 7 == 0:
            same(reader, game)
    same(reader, game)
    while len(game.events) > SNAPSHOT_EVERY - 5:
        game.undo()
    same(reader, game)
    game.apply(game.state.options()[0])
    same(reader, game)


def test_the_board_reads_a_deleted_game_as_gone(tmp_path: Path) -> None:
    store = Store(tmp_path)
    game = store.create_game(table())
    reader = BoardReader(tmp_path)
    assert reader.game(game.id) is not None
    store.delete_game(game.id)
    assert reader.game(game.id) is None
    assert reader.game(999) is None


def test_the_boards_connection_cannot_write(tmp_path: Path) -> None:
    store = Store(tmp_path)
    game = store.create_game(table())
    reader = BoardReader(tmp_path)
    reader.game(game.id)
    con = reader._connect()
    assert con is not None
    with pytest.raises(sqlite3.OperationalError, match="readonly"):
        con.execute("DELETE FROM events")


def png_modules(data: bytes, size: int) -> list[list[bool]]:
    """The QR modules read back from the PNG: the centre pixel of each box, dark or not."""
    width, height, rows, _info = png.Reader(file=io.BytesIO(data)).asRGBA8()
    pixels = [list(row) for row in rows]
    assert width == height and width % size == 0
    box = width // size
    return [[pixels[r * box + box // 2][(c * box + box // 2) * 4] < 128 for c in range(size)]
            for r in range(size)]


def independent_matrix(text: str) -> list[list[bool]]:
    import qrcode

    qr = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, border=4)
    qr.add_data(text.encode("utf-8"))
    qr.make(fit=True)
    return [list(row) for row in qr.get_matrix()]


def finished_game(store: Store) -> Game:
    game = store.create_game(table(amount=1))
    play_round(game)  # Cy pays its only counter and is out
    game.apply(Deal())
    game.apply(Stand("Ann"))
    game.apply(Stand("Bo"))
    game.apply(Reveal((("Ann", "12"), ("Bo", "3"))))
    assert game.state.phase == "over"
    return game


def test_the_result_text_names_table_rules_rounds_and_standings(tmp_path: Path) -> None:
    game = finished_game(Store(tmp_path))
    assert result_text(game.state).split("\n") == [
        "Gnav result",
        "Table: Ann, Bo, Cy (3 seats), 1 counter each",
        "Rule book: damm",
        "Rounds: 2",
        "Ann wins",
        "Standings:",
        "1. Ann: 1 counter (wins)",
        "2. Bo: 0 counters (out)",
        "3. Cy: 0 counters (out)",
    ]


def test_the_result_is_told_in_the_referees_language(tmp_path: Path) -> None:
    """The whole app speaks the referee's language (README, "Teaching the table"): the result
    to take home too, on the Share screen and in its QR code (it was English on a Norwegian
    or Danish screen)."""
    app = App(Games(tmp_path), lang="nb")
    app.start("/")
    game = finished_game(app.store)
    text = result_text(game.state, Tr("nb"))
    assert text.split("\n") == [
        "Gnav-resultat",
        "Bord: Ann, Bo, Cy (3 plasser), 1 sjetong hver",
        "Regelbok: damm",
        "Runder: 2",
        "Ann vinner",
        "Stillingen:",
        "1. Ann: 1 sjetong (vinner)",
        "2. Bo: 0 sjetonger (ute)",
        "3. Cy: 0 sjetonger (ute)",
    ]
    app.go(f"/game/{game.id}/share")
    assert text in texts(app.screen.view)
    image = identified(app.screen.view, "result-qr").content.content
    assert png_modules(image.src, len(qr_matrix(text))) == independent_matrix(text)
    danish = result_text(game.state, Tr("da")).split("\n")
    assert danish[:2] == ["Gnav-resultat", "Bord: Ann, Bo, Cy (3 pladser), 1 jeton hver"]
    assert danish[-1] == "3. Cy: 0 jetoner (ude)"


def test_the_share_screen_shows_the_result_qr_of_that_text(tmp_path: Path) -> None:
    sharing = board.SharingService(board.Sharing(port=8550, lan=True,
                                                 addresses=("192.168.1.20",), token="t" * 43))
    app = App(Games(tmp_path), sharing=sharing)
    app.start("/")
    game = finished_game(app.store)
    app.go(f"/game/{game.id}")
    tap(app.screen.view, "Share")
    screen = app.screen
    assert isinstance(screen, ShareScreen)
    assert app.route == f"/game/{game.id}/share"
    text = result_text(game.state)
    assert text in texts(screen.view)
    image = identified(screen.view, "result-qr").content.content
    size = len(qr_matrix(text))
    assert png_modules(image.src, size) == independent_matrix(text)
    board_image = identified(screen.view, "board-qr").content.content
    url = f"http://192.168.1.20:8550/board/{game.id}"
    assert url in texts(screen.view)
    assert png_modules(board_image.src, len(qr_matrix(url))) == independent_matrix(url)
    # the referee's QR only after a tap, and it carries the referee link
    assert not shows(screen.view, "referee-qr")
    tap(screen.view, "Show the referee QR")
    referee = identified(screen.view, "referee-qr").content.content
    link = "http://192.168.1.20:8550/?token=" + "t" * 43
    assert png_modules(referee.src, len(qr_matrix(link))) == independent_matrix(link)


def test_without_the_lan_the_share_screen_says_phones_cannot_reach_it(tmp_path: Path) -> None:
    app = App(Games(tmp_path))
    app.start("/")
    game = app.store.create_game(table())
    app.go(f"/game/{game.id}/share")
    shown = " ".join(texts(app.screen.view))
    assert "serve --lan" in shown
    assert not shows(app.screen.view, "board-qr")
    assert not shows(app.screen.view, "result-qr")  # the game is not over


def test_a_finished_state_round_trips_through_json(tmp_path: Path) -> None:
    # the board's numbers are the engine's: counters, pool and the out flags
    game = finished_game(Store(tmp_path))
    followed = BoardReader(tmp_path).game(game.id)
    assert followed is not None
    data = board_json(followed)
    assert data["phase"] == "over" and data["winners"] == ["Ann"]
    assert [(s["name"], s["balance"], s["out"], s["winner"]) for s in data["seats"]] == [
        ("Ann", 1, False, True), ("Bo", 0, True, False), ("Cy", 0, True, False)]
    assert followed.state.dealer is not None  # the engine still knows who dealt last
    assert not any(s["dealer"] for s in data["seats"])  # the board tags no dealer when over
    assert isinstance(followed.state, TableState)


@pytest.mark.parametrize("name", ["Åse-Marie Ødegård Øst", "😀" * 20])
def test_a_result_too_long_for_one_code_is_shortened_to_fit(name: str) -> None:
    from companion.board import qr_fits

    names = tuple(f"{name}{i:02d}" for i in range(40))
    state = TableState(Table(rules="damm", stakes=Stakes("counters", 99), seats=names,
                             dealer=names[0]))
    full = result_text(state).split("\n")
    assert not qr_fits("\n".join(full))  # 40 long names do not fit in one code
    short = result_text(state, fits=qr_fits)
    assert qr_fits(short)
    lines = short.split("\n")
    assert lines[0] == "Gnav result" and lines[1] == "Table: 40 seats, 99 counters each"
    head = lines.index("Standings:") + 1
    assert lines[2:head] == full[2:full.index("Standings:") + 1]
    rows = lines[head:]
    if rows[-1].startswith("... and "):
        left_out = int(rows[-1].split()[2])
        rows = rows[:-1]
        assert len(rows) + left_out == 40 and len(rows) >= 20
    assert rows == full[full.index("Standings:") + 1:][:len(rows)]
    # the code is made (at most version 40: 177 modules and the quiet zone) and its PNG
    # reads back as its modules
    matrix = qr_matrix(short)
    assert len(matrix) <= 177 + 8
    assert png_modules(board.qr_png(short), len(matrix)) == matrix


def test_a_short_result_is_left_whole() -> None:
    from companion.board import qr_fits

    state = TableState(table())
    assert result_text(state, fits=qr_fits) == result_text(state)


@pytest.mark.filterwarnings("ignore:Using `httpx` with `starlette.testclient`")
def test_the_board_speaks_the_phones_language(tmp_path: Path) -> None:
    """In-process (Starlette's test client: no socket): the phone's Accept-Language, or
    ?lang=, picks English, Norwegian or Danish; the sentences are the engine's, as the
    referee's banner tells them in that language."""
    from starlette.testclient import TestClient

    from companion.board.web import board_app, choose_language
    from companion.i18n import Tr

    assert choose_language(None, "") == "en"
    assert choose_language(None, "nb-NO,nb;q=0.9,en;q=0.5") == "nb"
    assert choose_language(None, "no") == "nb" and choose_language(None, "nn-NO") == "nb"
    assert choose_language(None, "fr-FR,da;q=0.8,en;q=0.9") == "en"
    assert choose_language(None, "fr-FR,da;q=0.8") == "da"
    assert choose_language(None, "fr, da;q=0") == "en"
    assert choose_language("da", "nb") == "da" and choose_language("xx", "nb") == "nb"

    store = Store(tmp_path)
    game = store.create_game(table())
    play_round(game)
    game.apply(Deal())
    followed = BoardReader(tmp_path).game(game.id)
    assert followed is not None
    app, _hub = board_app(tmp_path)
    with TestClient(app) as client:
        for lang, accept, pool in (("en", "en-GB", "Pool: 1"), ("nb", "nb-NO,en;q=0.5",
                                    "Kassen: 1"), ("da", "da", "Puljen: 1")):
            page = client.get(f"/board/{game.id}", headers={"Accept-Language": accept}).text
            data = board_json(followed, Tr(lang))
            assert f'<html lang="{lang}">' in page
            assert pool in page
            assert escape(data["now"]) in page
            assert all(escape(line) in page for line in data["settlement"]["lines"])
            state = client.get(f"/board/{game.id}/state.json?lang={lang}").json()
            assert state["now"] == data["now"] and state["last_call"] == data["last_call"]
        listing = client.get("/board?lang=nb").text
        assert "Gnav-tavler" in listing and f"Bord {game.id}: Ann, Bo, Cy" in listing
        assert client.get("/board/999", headers={"Accept-Language": "da"}).status_code == 404


# --- boards that stay up (issue 11, items 5, 7 and 13) -------------------------------------


def client_of(app: object) -> object:
    from starlette.testclient import TestClient

    # a server error must show as the 500 a phone would get, not as an exception here
    return TestClient(app, raise_server_exceptions=False)  # type: ignore[arg-type]


def nothing_kept(hub: object) -> None:
    from companion.board.web import Hub

    assert isinstance(hub, Hub)
    assert hub.snapshots == {} and hub.watchers == {} and hub.wakeups == {}
    assert hub.reader._games == {}
    assert hub.streams == 0 and hub.by_address == {}


@pytest.mark.filterwarnings("ignore:Using `httpx` with `starlette.testclient`")
def test_ids_no_game_can_have_are_404_and_missing_games_leave_nothing_behind(
    tmp_path: Path,
) -> None:
    """Issue 11 item 7: "/board/99999999999999999999 answers 500 with a traceback ... 404 for
    ids that cannot exist ... 200,000 requests for distinct missing ids add 19 MB that is
    never freed: nothing is kept for a game nobody watches"."""
    from companion.board.web import board_app

    store = Store(tmp_path)
    game = store.create_game(table())
    play_round(game)
    app, hub = board_app(tmp_path)
    with client_of(app) as client:  # type: ignore[attr-defined]
        for big in ("99999999999999999999", str(2**63), "0", "9" * 5000, "x1", "%C2%B2"):
            for tail in ("", "/state.json", "/events"):
                answer = client.get(f"/board/{big}{tail}")
                assert answer.status_code == 404, (big, tail, answer.text[:200])
                assert "Traceback" not in answer.text
        assert "There is no such table." in client.get(f"/board/{2**64}").text
        for missing in range(1000, 3000):
            assert client.get(f"/board/{missing}").status_code == 404
            assert client.get(f"/board/{missing}/state.json?lang=nb").status_code == 404
        # a game that exists but that nobody follows live is not kept either
        assert client.get(f"/board/{game.id}").status_code == 200
        assert client.get(f"/board/{game.id}/state.json").json()["round"] == 1
    nothing_kept(hub)


def one_round_saved(folder: Path) -> int:
    """A game of one round in the games file, which the app then closes; its id."""
    with Store(folder) as store:
        game = store.create_game(table())
        play_round(game)
        return game.id


def damage(folder: Path, in_place: bool = True) -> None:
    """The file's first 100 bytes zeroed (SQLite no longer reads it; the app's repair at its
    next start finds every game again), in the file itself or in a copy put in its place."""
    path = folder / "games.sqlite3"
    data = path.read_bytes()
    if in_place:
        with open(path, "r+b") as f:
            f.write(bytes(100))
        return
    (folder / "damaged").write_bytes(bytes(100) + data[100:])
    (folder / "damaged").replace(path)


@pytest.mark.filterwarnings("ignore:Using `httpx` with `starlette.testclient`")
def test_a_damaged_file_gives_503_pages_and_the_boards_follow_again_after_the_repair(
    tmp_path: Path,
) -> None:
    """Issue 11 item 7: "any board request on a damaged file [answers 500] ... 503 with a page
    while the file is being repaired, never a traceback"; item 13: "After the app repairs a
    damaged file, the board reader keeps the old deleted file open: /board/1 stays 500 and
    later taps never reach the boards until a restart. Reopen when the file changed
    underneath"."""
    from companion.board.web import board_app

    gid = one_round_saved(tmp_path)
    app, hub = board_app(tmp_path)
    with client_of(app) as client:  # type: ignore[attr-defined]
        assert client.get(f"/board/{gid}").status_code == 200
        damage(tmp_path)
        hub.reader.close()  # as after a restart of the server: nothing read yet
        for path in ("/board", f"/board/{gid}", f"/board/{gid}/state.json",
                     f"/board/{gid}/events"):
            answer = client.get(path, headers={"Accept-Language": "nb"})
            assert answer.status_code == 503, (path, answer.text[:300])
            assert "Traceback" not in answer.text and answer.headers["retry-after"]
            if path != f"/board/{gid}/state.json":
                assert "Spillfilen blir reparert." in answer.text
                assert '<meta http-equiv="refresh"' in answer.text
        # the app starts again and repairs the file: a new file in the old one's place
        store = Store(tmp_path)
        assert store.recovery_notice is not None
        page = client.get(f"/board/{gid}")
        assert page.status_code == 200 and "Round 1 settled" in page.text
        again = store.open_game(gid)
        again.apply(Deal())  # a later tap reaches the board
        assert client.get(f"/board/{gid}/state.json").json()["events"] == len(again.events)
    store.close()
    # a board already following live: told of the repair, then shown the game again
    hub.watchers[(gid, "en")] = 1
    assert hub._changed_games() == {gid} and not hub.unreadable
    damage(tmp_path, in_place=False)
    assert hub._changed_games() == {gid} and hub.unreadable
    assert hub._changed_games() == set() and hub.unreadable  # told once
    store = Store(tmp_path)
    again = store.open_game(gid)
    again.apply(Stand(again.state.turn_name or ""))
    assert hub._changed_games() == {gid} and not hub.unreadable
    snap = hub.snapshots[(gid, "en")]
    assert snap is not None and snap.data["events"] == len(again.events)
    store.close()


@pytest.mark.filterwarnings("ignore:Using `httpx` with `starlette.testclient`")
def test_after_a_repair_the_board_reads_the_new_file_and_later_taps_reach_it(
    tmp_path: Path,
) -> None:
    """Issue 11 item 13: "After the app repairs a damaged file, the board reader keeps the old
    deleted file open ... later taps never reach the boards until a restart. Reopen when the
    file changed underneath"."""
    from companion.board.web import board_app

    gid = one_round_saved(tmp_path)
    app, _hub = board_app(tmp_path)
    with client_of(app) as client:  # type: ignore[attr-defined]
        assert client.get(f"/board/{gid}/state.json").json()["events"] == 6
        damage(tmp_path)
        store = Store(tmp_path)  # the app's next start repairs it
        assert store.recovery_notice is not None
        again = store.open_game(gid)
        again.apply(Deal())
        again.apply(Stand(again.state.turn_name or ""))
        answer = client.get(f"/board/{gid}/state.json")
        assert answer.status_code == 200, answer.text[:300]
        assert answer.json()["events"] == 8
        assert "Round 2" in client.get(f"/board/{gid}").text
    store.close()


class Stream:
    """One request to the boards' ASGI app, as a phone's EventSource makes it, from `client`;
    it stays open until `close`."""

    def __init__(self, app: object, path: str, client: tuple[str, int]) -> None:
        import asyncio

        self.gone = asyncio.Event()
        self.started: asyncio.Future[dict[str, object]] = (
            asyncio.get_running_loop().create_future())
        self.body = b""
        scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1",
                 "method": "GET", "scheme": "http", "path": path, "raw_path": path.encode(),
                 "root_path": "", "query_string": b"", "headers": [(b"host", b"board.test")],
                 "client": client, "server": ("192.168.1.2", 8550)}
        self.task = asyncio.get_running_loop().create_task(
            app(scope, self.receive, self.send))  # type: ignore[operator]

    async def receive(self) -> dict[str, object]:
        await self.gone.wait()
        return {"type": "http.disconnect"}

    async def send(self, message: dict[str, object]) -> None:
        if message["type"] == "http.response.start" and not self.started.done():
            self.started.set_result(message)
        elif message["type"] == "http.response.body":
            self.body += message.get("body", b"")  # type: ignore[operator]

    async def status(self) -> tuple[int, dict[str, str]]:
        import asyncio

        start = await asyncio.wait_for(self.started, 10)
        headers = {k.decode(): v.decode() for k, v in start["headers"]}  # type: ignore[attr-defined]
        return int(start["status"]), headers  # type: ignore[call-overload]

    async def close(self) -> None:
        import asyncio

        self.gone.set()
        await asyncio.wait_for(self.task, 10)


def test_live_boards_are_capped_in_all_and_per_address_and_a_refusal_keeps_nothing(
    tmp_path: Path,
) -> None:
    """Issue 11 item 5: "1,100 idle /board/1/events connections (no token needed) stop new
    boards ... Cap live board streams (in total and per client address, with a clear page for
    the refused one)"."""

    from companion.board.web import board_app

    store = Store(tmp_path)
    game = store.create_game(table())
    play_round(game)
    app, hub = board_app(tmp_path, max_streams=3, per_address=2)
    events = f"/board/{game.id}/events"

    async def scenario() -> None:
        phone = [Stream(app, events, ("192.168.1.30", 40000 + i)) for i in range(3)]
        assert [(await s.status())[0] for s in phone[:2]] == [200, 200]
        status, headers = await phone[2].status()
        assert status == 503 and headers["x-gnav-refused"] == "full_here"
        await phone[2].task
        assert "Too many boards are open from this device" in phone[2].body.decode()
        assert hub.streams == 2 and hub.by_address == {"192.168.1.30": 2}
        other = Stream(app, events, ("192.168.1.31", 40100))
        assert (await other.status())[0] == 200
        crowd = [Stream(app, events, (f"192.168.1.{40 + i}", 40200)) for i in range(5)]
        for refused in crowd:
            status, headers = await refused.status()
            assert status == 503 and headers["x-gnav-refused"] == "full"
            assert headers["retry-after"]
            await refused.task
        assert hub.streams == 3 and len(hub.by_address) == 2  # the refused left nothing
        await phone[0].close()
        assert hub.streams == 2
        late = Stream(app, events, ("192.168.1.50", 40300))
        assert (await late.status())[0] == 200
        assert b"event: board" in await_body(late)
        for open_one in (phone[1], other, late):
            await open_one.close()

    def await_body(stream: Stream) -> bytes:
        return stream.body

    run_aside(scenario())
    nothing_kept(hub)


def test_the_stream_cap_follows_the_open_file_limit_and_serve_raises_it() -> None:
    """Issue 11 item 5: "Under the common 1,024 open-file limit ... raise the soft open-file
    limit to the hard limit at start"."""
    import subprocess
    import sys

    code = (
        "import resource\n"
        "from companion.board.web import raise_open_file_limit, stream_cap\n"
        "soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)\n"
        "resource.setrlimit(resource.RLIMIT_NOFILE, (min(1024, hard), hard))\n"
        "low = stream_cap()\n"
        "assert raise_open_file_limit() == (hard, hard), resource.getrlimit(resource.RLIMIT_NOFILE)\n"
        "assert resource.getrlimit(resource.RLIMIT_NOFILE) == (hard, hard)\n"
        "print(low, hard, stream_cap())\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    low, hard, high = (int(n) for n in done.stdout.split())
    if hard >= 1024:
        assert low == (1024 - 256) // 2  # a bit over a third of the files, the rest the app's
    assert high == min(1000, (hard - 256) // 2)
