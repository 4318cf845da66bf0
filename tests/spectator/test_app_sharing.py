"""The built app's "Let phones follow on the local network" (issue 16, item 1): with no `serve`
around it, the app runs the boards' server itself (`start_sharing`), listening nowhere until
the switch opens the network addresses (here GNAV_LAN_ADDRESSES names 127.0.0.2), with the
gate of `serve --lan`; without the app's `main` or a copy of the web client, no referee link
(tests/browser/test_built_app.py hands the controls on with both).
"""

from __future__ import annotations

import asyncio
import http.client
import json
import os
import socket
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from companion import board
from companion.app import App, Games
from companion.engine import Stakes, Table
from companion.server import start_sharing
from companion.store import Store

from ..views.helpers import texts

NETWORK = "127.0.0.2"


def free_port() -> int:
    with socket.socket() as s:
        s.bind((NETWORK, 0))
        port: int = s.getsockname()[1]
        return port


def ask(port: int, method: str, path: str) -> tuple[int, dict[str, str]]:
    con = http.client.HTTPConnection(NETWORK, port, timeout=10)
    try:
        con.request(method, path)
        response = con.getresponse()
        response.read()
        return response.status, {k.lower(): v for k, v in response.getheaders()}
    finally:
        con.close()


def switch_to(sharing: board.SharingService, on: bool) -> board.Problem | None:
    switch = sharing.switch
    assert switch is not None and not switch.fixed

    async def flip() -> board.Problem | None:
        assert switch is not None
        return await switch.set_lan(on)

    # a loop of its own, as a Flet session's would be: the server runs on another
    with ThreadPoolExecutor(1) as worker:
        return worker.submit(asyncio.run, flip()).result()


REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("GNAV_LAN_ADDRESSES", NETWORK)
    folder = tmp_path / "data"
    Store(folder).create_game(Table(rules="damm", stakes=Stakes("counters", 3),
                                    seats=("Ann", "Bo", "Cy"), dealer="Ann"))
    return folder


def test_the_app_opens_the_boards_to_the_network_only_when_switched_on(data: Path) -> None:
    port = free_port()
    sharing = board.SharingService()
    stop = start_sharing(data, port, sharing)
    try:
        assert sharing.now is not None and not sharing.lan
        assert sharing.board_url(1) is None
        with pytest.raises(OSError):
            ask(port, "GET", "/board/1")

        assert switch_to(sharing, True) is None
        assert sharing.lan
        assert sharing.board_url(1) == f"http://{NETWORK}:{port}/board/1"
        assert sharing.referee_url is None  # no main given: the controls stay here
        assert ask(port, "GET", "/board/1")[0] == 200
        assert ask(port, "GET", "/board/1/state.json")[0] == 200
        assert ask(port, "POST", "/game/1")[0] == 403
        status, headers = ask(port, "GET", "/")
        assert (status, headers["location"]) == (303, "/board")
        assert json.loads((data / "sharing.json").read_text()) == {"lan": True}
    finally:
        stop()
    assert sharing.now is None and sharing.switch is None
    with pytest.raises(OSError):
        ask(port, "GET", "/board/1")

    # the setting is kept: the next start opens the network before the first screen
    sharing = board.SharingService()
    stop = start_sharing(data, port, sharing)
    try:
        assert sharing.lan
        assert ask(port, "GET", "/board/1")[0] == 200
        assert switch_to(sharing, False) is None
        with pytest.raises(OSError):
            ask(port, "GET", "/board/1")
        assert json.loads((data / "sharing.json").read_text()) == {"lan": False}
    finally:
        stop()


def test_with_the_apps_main_the_referee_link_opens_its_web_client(data: Path) -> None:
    """The built app's referee link (issue 16, item 1): behind the token, as with serve
    --lan, the app's own web client serves the app to a second device."""
    from companion.app import make_main

    port = free_port()
    sharing = board.SharingService()
    stop = start_sharing(data, port, sharing, make_main(data, sharing))
    try:
        assert switch_to(sharing, True) is None
        link = sharing.referee_url
        assert link is not None and link.startswith(f"http://{NETWORK}:{port}/?token=")
        path = link.split(f":{port}", 1)[1]
        con = http.client.HTTPConnection(NETWORK, port, timeout=10)
        try:
            con.request("GET", path)
            welcome = con.getresponse()
            welcome.read()
            cookie = (welcome.getheader("set-cookie") or "").split(";", 1)[0]
            assert welcome.status == 200 and cookie.startswith("gnav_referee=")
            con.request("GET", "/game/1", headers={"Cookie": cookie})
            page = con.getresponse()
            assert page.status == 200
            assert 'flet.webSocketEndpoint="/ws";' in page.read().decode()
        finally:
            con.close()
        # without the token: the boards, as before
        status, headers = ask(port, "GET", "/game/1")
        assert (status, headers["location"]) == (303, "/board")
    finally:
        stop()


def get(port: int, path: str, cookie: str = "") -> tuple[int, dict[str, str]]:
    con = http.client.HTTPConnection(NETWORK, port, timeout=10)
    try:
        con.request("GET", path, headers={"Cookie": cookie} if cookie else {})
        response = con.getresponse()
        response.read()
        return response.status, {k.lower(): v for k, v in response.getheaders()}
    finally:
        con.close()


def test_switching_phones_off_revokes_every_referee_link_handed_out(data: Path) -> None:
    """Off and on again, the switch revived every referee link handed out before (issue 21,
    item 2): switched off, the gate takes a new token, so the old link and the cookie it gave
    open nothing; the Share screen offers the new link."""
    from companion.app import make_main

    port = free_port()
    sharing = board.SharingService()
    stop = start_sharing(data, port, sharing, make_main(data, sharing))
    try:
        assert switch_to(sharing, True) is None
        old = sharing.referee_url
        assert old is not None
        old_path = old.split(f":{port}", 1)[1]
        status, headers = get(port, old_path)
        assert status == 200
        old_cookie = headers["set-cookie"].split(";", 1)[0]
        assert get(port, "/game/1", old_cookie)[0] == 200

        assert switch_to(sharing, False) is None
        assert sharing.referee_url is None
        assert switch_to(sharing, True) is None
        new = sharing.referee_url
        assert new is not None and new != old
        status, headers = get(port, old_path)
        assert (status, headers["location"]) == (303, "/board")
        status, headers = get(port, "/game/1", old_cookie)
        assert (status, headers["location"]) == (303, "/board")
        status, headers = get(port, new.split(f":{port}", 1)[1])
        assert status == 200
        assert get(port, "/game/1", headers["set-cookie"].split(";", 1)[0])[0] == 200
    finally:
        stop()


def test_the_share_screen_offers_no_referee_link_without_a_token(tmp_path: Path) -> None:
    sharing = board.SharingService(board.Sharing(port=8550, lan=True,
                                                 addresses=("192.168.1.20",)))
    app = App(Games(tmp_path), sharing=sharing)
    app.start("/")
    game = app.store.create_game(Table(rules="damm", stakes=Stakes("counters", 3),
                                       seats=("Ann", "Bo"), dealer="Ann"))
    app.go(f"/game/{game.id}/share")
    shown = texts(app.screen.view)
    assert f"http://192.168.1.20:8550/board/{game.id}" in shown
    assert "Show the referee QR" not in shown
    assert "Referee link" not in shown
    assert ("No referee link: this copy of the app carries no web client for another device "
            "to control the game with, so phones get the board only.") in shown


def test_each_app_shows_the_sharing_it_was_given(tmp_path: Path) -> None:
    """The Share screen reads the SharingService its app was given, not a value of the
    process: two apps over one store, one given a network and a referee token, one given
    nothing, each show their own."""
    games = Games(tmp_path)
    sharing = board.SharingService(board.Sharing(port=8550, lan=True,
                                                 addresses=("192.168.1.20",), token="t" * 43))
    shared, alone = App(games, sharing=sharing), App(games)
    game = shared.store.create_game(Table(rules="damm", stakes=Stakes("counters", 3),
                                          seats=("Ann", "Bo"), dealer="Ann"))
    for app in (shared, alone):
        app.start(f"/game/{game.id}/share")
    url = f"http://192.168.1.20:8550/board/{game.id}"
    assert url in texts(shared.screen.view) and "Referee link" in texts(shared.screen.view)
    shown = " ".join(texts(alone.screen.view))
    assert url not in shown and "Referee link" not in shown
    assert "Start it with serve --lan" in shown


def no_packets(monkeypatch: pytest.MonkeyPatch) -> None:
    def sent(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("a packet would have been sent")

    for name in ("send", "sendall", "sendto", "sendmsg"):
        monkeypatch.setattr(socket.socket, name, sent)


def test_on_android_the_addresses_are_read_as_on_linux(monkeypatch: pytest.MonkeyPatch) -> None:
    """`flet build` bundles Python 3.13 or later, where sys.platform is "android": the
    interface list is still Linux's (it was taken for another system, and phones were told
    there was no network)."""
    monkeypatch.delenv("GNAV_LAN_ADDRESSES", raising=False)
    no_packets(monkeypatch)
    on_linux = board.interface_addresses()
    monkeypatch.setattr("sys.platform", "android")
    assert board.interface_addresses() == on_linux
    assert board.lan_addresses() == on_linux


@pytest.mark.parametrize("missing", [True, False])
def test_without_the_interface_list_the_default_route_names_the_address(
    monkeypatch: pytest.MonkeyPatch, missing: bool
) -> None:
    """An Android app may be refused the interface list (or its Python built without
    if_nameindex): the address the default route would send from is offered instead, found
    without sending anything."""
    from companion.board.sharing import route_address

    monkeypatch.delenv("GNAV_LAN_ADDRESSES", raising=False)
    no_packets(monkeypatch)
    listed = board.interface_addresses()
    routed = route_address()
    assert routed == () or routed[0] in listed  # one of this machine's own addresses
    if missing:
        monkeypatch.delattr(socket, "if_nameindex")
    else:
        def refused() -> list[tuple[int, str]]:
            raise PermissionError(13, "Permission denied")

        monkeypatch.setattr(socket, "if_nameindex", refused)
    assert board.interface_addresses() == routed


# What the built app has not got (pyproject.toml: flet-web is the `web` extra).
NOT_IN_THE_APK = ("flet_web", "fastapi", "pydantic", "pydantic_core", "websockets",
                  "httptools", "uvloop", "watchfiles", "yaml", "dotenv")

WITHOUT_WEB = f"""
import asyncio, http.client, sys
from pathlib import Path
for name in {NOT_IN_THE_APK!r}:
    sys.modules[name] = None  # import fails, as in the built app
import flet
import main
from companion import board
from companion.app import make_main
from companion.server import start_sharing
data, port = Path(sys.argv[1]), int(sys.argv[2])
import companion.webclient.files as client_files
client_files.BUNDLE_DIR = Path(sys.argv[3])  # none bundled: the boards only
sharing = board.SharingService()
stop = start_sharing(data, port, sharing, make_main(data, sharing))
problem = asyncio.run(sharing.switch.set_lan(True))
assert problem is None, problem
assert sharing.referee_url is None
con = http.client.HTTPConnection("{NETWORK}", port, timeout=10)
con.request("GET", "/board/1")
answer = con.getresponse()
print(answer.status, "Ann" in answer.read().decode())
stop()
"""


def test_the_apps_sharing_needs_none_of_flet_webs_packages(data: Path, tmp_path: Path) -> None:
    """Neither flet-web nor a bundled copy of its client: the switch still serves the boards,
    and no referee link is offered."""
    env = {k: v for k, v in os.environ.items() if k != "FLET_APP_STORAGE_DATA"}
    env["GNAV_LAN_ADDRESSES"] = NETWORK
    done = subprocess.run([sys.executable, "-c", WITHOUT_WEB, str(data), str(free_port()),
                           str(tmp_path / "web-client")],
                          cwd=REPO, env=env, capture_output=True, text=True, timeout=120,
                          check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.splitlines()[-1] == "200 True"


@pytest.mark.parametrize("written", ["abc", "0", "70000", "-1"])
def test_a_bad_gnav_port_stops_the_app_with_one_sentence(tmp_path: Path, written: str) -> None:
    env = {**os.environ, "FLET_APP_STORAGE_DATA": str(tmp_path), "GNAV_PORT": written}
    done = subprocess.run([sys.executable, "main.py"], cwd=REPO, env=env, capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.returncode == 2
    assert done.stderr == (f"Gnav Companion cannot start: GNAV_PORT: {written!r} is not a port "
                           "number (1 to 65535).\n")
    assert list(tmp_path.iterdir()) == []  # nothing started, nothing written
