"""Every page carries a Content-Security-Policy: the app's, naming its own websocket, and the
boards' own tighter one (the boards still update live under it); and the referee
token, once a referee has used it, is in no log, no exported journal and no board (page,
state.json or live stream). One server started with --lan but bound to 127.0.0.1, with a
table made before it starts; every request goes to 127.0.0.1."""

from __future__ import annotations

import base64
import hashlib
import http.client
import json
import re
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from browser_ui import PHONE, TABLET, button, enable_semantics, tap
from playwright.sync_api import Browser, BrowserContext, Page

from companion.engine.gnav import Stakes, Table
from companion.server import app_policy, board_policy
from companion.store import Store

from .conftest import TOKEN, TerminalServer


class Played(TerminalServer):
    token = ""
    game_id = 0


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Played]:
    data = tmp_path_factory.mktemp("gnav-policy") / "data"
    game = Store(data).create_game(Table(rules="damm", stakes=Stakes("counters", 3),
                                         seats=("Ann", "Bo", "Cy"), dealer="Ann"))
    srv = Played(data, ["--lan", "--host", "127.0.0.1"])
    srv.start()
    srv.token = srv.wait_terminal(TOKEN).group(1)
    srv.game_id = game.id
    yield srv
    srv.stop()


@contextmanager
def referee_and_phone(played: Played, browser: Browser, **phone: Any,
                      ) -> Iterator[tuple[Page, BrowserContext, BrowserContext]]:
    """The referee's tablet, opened on the game through the referee link (which then drops
    the token from the address), and a spectator's phone context (`phone`: its options, such
    as a locale). Yields the referee's page and both contexts; closes them after."""
    url, game = played.url, played.game_id
    referee_context = browser.new_context(viewport=TABLET)
    referee_context.set_default_timeout(20_000)
    phone_context = browser.new_context(viewport=PHONE, **phone)
    phone_context.set_default_timeout(20_000)
    for context in (referee_context, phone_context):
        context.add_init_script(RECORD_VIOLATIONS)
    try:
        referee = referee_context.new_page()
        referee.goto(f"{url}/game/{game}?token={played.token}")
        referee.wait_for_url(f"{url}/game/{game}")
        enable_semantics(referee)
        yield referee, referee_context, phone_context
    finally:
        referee_context.close()
        phone_context.close()


# every Content-Security-Policy violation of the page, as [directive, blocked URI]
RECORD_VIOLATIONS = """
window.__violations = [];
document.addEventListener('securitypolicyviolation',
    e => window.__violations.push([e.effectiveDirective, e.blockedURI]));
"""


def violations(page: Page) -> list[list[str]]:
    found: list[list[str]] = page.evaluate("window.__violations")
    return found


def own_violations(page: Page) -> list[list[str]]:
    """What the policy blocked of the page's own doing: everything but the request flet-web's
    client makes to a CDN (blocked on purpose, see companion/server.py)."""
    return [v for v in violations(page) if not v[1].startswith("https://")]


def fetch(port: int, method: str, path: str, headers: dict[str, str] | None = None,
          first_line_only: bool = False) -> tuple[int, dict[str, str], bytes]:
    """Status, headers (lower-case names) and body; for a live stream, only its first event."""
    con = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    con.request(method, path, headers=headers or {})
    response = con.getresponse()
    if first_line_only:
        body = b""
        while b"\n\n" not in body:
            line = response.readline()
            if not line:
                break
            body += line.replace(b"\r\n", b"\n")
    else:
        body = response.read()
    con.close()
    return response.status, {k.lower(): v for k, v in response.getheaders()}, body


def test_every_page_carries_the_policy(played: Played) -> None:
    port, token, game = played.port, played.token, played.game_id
    cookie = {"Cookie": f"gnav_referee_{port}={token}"}
    answers = {
        "boards": fetch(port, "GET", "/board"),
        "board": fetch(port, "GET", f"/board/{game}"),
        "no such board": fetch(port, "GET", "/board/99999"),
        "state": fetch(port, "GET", f"/board/{game}/state.json"),
        "stream": fetch(port, "GET", f"/board/{game}/events", first_line_only=True),
        "board refuses a POST": fetch(port, "POST", f"/board/{game}"),
        "app without token": fetch(port, "GET", "/"),
        "wrong token": fetch(port, "GET", "/?token=nope"),
        "POST without token": fetch(port, "POST", "/"),
        "referee link": fetch(port, "GET", f"/?token={token}"),
        "app with cookie": fetch(port, "GET", "/", cookie),
        "table with cookie": fetch(port, "GET", f"/game/{game}", cookie),
        "client script": fetch(port, "GET", "/main.dart.js", cookie),
    }
    statuses = {name: status for name, (status, _h, _b) in answers.items()}
    assert statuses == {
        "boards": 200, "board": 200, "no such board": 404, "state": 200, "stream": 200,
        "board refuses a POST": 405, "app without token": 303, "wrong token": 303,
        "POST without token": 403, "referee link": 200, "app with cookie": 200,
        "table with cookie": 200, "client script": 200,
    }
    for name, (_status, headers, _body) in answers.items():
        expected = board_policy() if "board" in name or name == "state" or name == "stream" \
            else app_policy(f"127.0.0.1:{port}")
        assert headers.get("content-security-policy") == expected, name
        assert headers.get("x-content-type-options") == "nosniff", name
    assert answers["stream"][1]["content-type"].startswith("text/event-stream")
    assert answers["stream"][2].startswith(b"event: board\n")


def directives(policy: str) -> dict[str, list[str]]:
    return {name: sources for name, *sources in (d.split() for d in policy.split(";"))}


def test_the_policies_let_a_page_talk_to_its_own_server_only(played: Played) -> None:
    """Issue 11, item 4: no page may be framed by another site; the app may open its own
    websocket and no other; a board runs its own script and style and nothing else."""
    port = played.port
    _status, headers, _body = fetch(port, "GET", "/", {"Host": f"localhost:{port}"})
    app = directives(headers["content-security-policy"])
    assert app["frame-ancestors"] == ["'none'"]
    assert app["default-src"] == ["'self'"]
    assert app["connect-src"] == ["'self'", f"ws://localhost:{port}", "data:", "blob:"]
    _status, headers, body = fetch(port, "GET", f"/board/{played.game_id}")
    boards = directives(headers["content-security-policy"])
    # the page's own inline script and style are exactly the ones the policy lets run
    page = body.decode()
    for tag, directive in (("script", "script-src"), ("style", "style-src")):
        inline = re.findall(rf"<{tag}>(.*?)</{tag}>", page, re.DOTALL)
        assert inline, tag
        for text in inline:
            digest = base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()
            assert f"'sha256-{digest}'" in boards[directive], tag
    assert boards["default-src"] == ["'none'"]
    assert boards["connect-src"] == ["'self'"]
    assert boards["frame-ancestors"] == ["'none'"]
    assert all(source.startswith("'sha256-") for source in boards["script-src"]
               + boards["style-src"])
    assert "unsafe" not in headers["content-security-policy"]
    for policy in (app, boards):
        sources = [s for d in policy.values() for s in d]
        assert "ws:" not in sources and "wss:" not in sources and "*" not in sources
        assert not any(s.startswith("http") for s in sources)


def test_the_token_stays_out_of_logs_exports_and_boards(
    played: Played, browser: Browser
) -> None:
    port, token, game = played.port, played.token, played.game_id
    url = played.url
    with referee_and_phone(played, browser) as (referee, referee_context, phone_context):
        phone = phone_context.new_page()
        phone.goto(f"{url}/board/{game}")
        phone.wait_for_function("() => document.getElementById('live').textContent === 'live'")
        tap(referee, "Deal")
        button(referee, "Stand").wait_for(state="attached")
        tap(referee, "Stand")
        phone.wait_for_function(
            "() => document.getElementById('now').textContent === \"Cy's turn.\"")
        # the spectator's phone tries the app and a wrong token: refused, logged by address
        phone.goto(f"{url}/game/{game}?token=wrong")
        assert phone.url == f"{url}/board"
        board_page = phone_context.new_page()
        board_page.goto(f"{url}/board/{game}")
        shown = board_page.content()

        # the board: page, state.json, the live stream, the list
        assert "Cy's turn." in shown and token not in shown
        # the app and the boards work under their policies: nothing of theirs was blocked
        assert violations(phone) == [] and violations(board_page) == []
        assert own_violations(referee) == []
        for path in (f"/board/{game}", f"/board/{game}/state.json", "/board"):
            status, headers, body = fetch(port, "GET", path)
            assert status == 200 and token.encode() not in body, path
            assert token not in str(headers), path
        status, _headers, first = fetch(port, "GET", f"/board/{game}/events",
                                        first_line_only=True)
        assert status == 200 and b"Cy&#x27;s turn." in first and token.encode() not in first
        # the referee's cookie never reaches a spectator's browser
        assert all(c["name"] != f"gnav_referee_{port}" for c in phone_context.cookies())
        assert any(c["name"] == f"gnav_referee_{port}" for c in referee_context.cookies())

    # the exported journal: what the tables screen's Export shows (Store.export_journal)
    journal = Store(played.data_dir).export_journal(game)
    assert journal.count("\n") >= 3 and token not in journal
    # the log (standard error) names the refusals, never the token
    log = played.log_text()
    assert "refused control from 127.0.0.1: wrong referee token" in log
    assert token not in log
    # the terminal shows it for the referee at start, and nowhere after
    terminal = played.terminal_text()
    assert terminal.count(token) == 2  # the referee link, and the same on this machine
    assert token not in terminal.split("On this machine:", 1)[1].split("\n", 1)[1]
    # nor in any file the server wrote beside the games
    for path in Path(played.data_dir).rglob("*"):
        if path.is_file():
            assert token.encode() not in path.read_bytes(), path


def test_a_danish_phone_follows_in_danish(played: Played, browser: Browser) -> None:
    from companion.board import BoardReader, board_json
    from companion.i18n import Tr

    url, game = played.url, played.game_id
    with referee_and_phone(played, browser, locale="da-DK") as (referee, _, phone_context):
        phone = phone_context.new_page()
        phone.goto(f"{url}/board/{game}")
        assert phone.locator("html").get_attribute("lang") == "da"
        phone.wait_for_function("() => document.getElementById('live').textContent === 'direkte'")
        assert phone.locator("#pool").inner_text().startswith("Puljen: ")
        reader = BoardReader(played.data_dir)
        before = reader.game(game)
        assert before is not None
        events = before.count
        name = "Deal" if button(referee, "Deal").count() else "Stand"
        tap(referee, name)
        deadline = time.monotonic() + 10
        while (after := reader.game(game)) is not None and after.count == events:
            assert time.monotonic() < deadline, "the tap was not stored"
            time.sleep(0.05)
        assert after is not None
        now = board_json(after, Tr("da"))["now"]
        assert now != board_json(after, Tr("en"))["now"]
        phone.wait_for_function(
            f"() => document.getElementById('now').textContent === {json.dumps(now)}")
