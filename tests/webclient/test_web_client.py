"""The app's own Flet web client (companion/webclient), which the built app serves behind the
referee token instead of flet-web's FastAPI server: the files it bundles for `flet build`,
where it finds the client's files, what it serves, and a session over its websocket."""

from __future__ import annotations

import asyncio
import importlib.util
import io
import threading
import time
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any

import msgpack  # type: ignore[import-untyped]
import pytest
from flet.messaging.protocol import MessageAction
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from companion import cli
from companion.server import ASSETS_DIR, web_client
from companion.webclient import files
from companion.webclient.app import WebClient
from companion.webclient.files import bundle, client_dir, installed_web_dir

# Every file Chromium asked for, opening the app from this client with no CDN (measured
# here with the browser tests' Chromium; the rest of NEEDED are other browsers' variants).
ASKED_BY_CHROMIUM = {
    "index.html", "favicon.png", "flutter_bootstrap.js", "python.js", "main.dart.mjs",
    "main.dart.wasm", "canvaskit/skwasm.js", "canvaskit/skwasm.wasm",
    "icons/loading-animation.png", "assets/FontManifest.json",
    "assets/fonts/MaterialIcons-Regular.otf", "assets/fonts/roboto.woff2",
    "assets/packages/cupertino_icons/assets/CupertinoIcons.ttf",
    *(f"assets/packages/flutter_math_fork/lib/katex_fonts/fonts/KaTeX_{face}.ttf" for face in (
        "AMS-Regular", "Caligraphic-Bold", "Caligraphic-Regular", "Fraktur-Bold",
        "Fraktur-Regular", "Main-Bold", "Main-BoldItalic", "Main-Italic", "Main-Regular",
        "Math-BoldItalic", "Math-Italic", "SansSerif-Bold", "SansSerif-Italic",
        "SansSerif-Regular", "Script-Regular", "Size1-Regular", "Size2-Regular",
        "Size3-Regular", "Size4-Regular", "Typewriter-Regular")),
}
# What browsers other than a recent Chromium load instead (flutter_bootstrap.js): the
# JavaScript build with CanvasKit, Chromium's own CanvasKit, skwasm without the browser's
# image codecs.
OTHER_BROWSERS = {"main.dart.js", "canvaskit/canvaskit.js", "canvaskit/canvaskit.wasm",
                  "canvaskit/chromium/canvaskit.js", "canvaskit/chromium/canvaskit.wasm",
                  "canvaskit/skwasm_heavy.js", "canvaskit/skwasm_heavy.wasm"}


def listed(folder: Path) -> set[str]:
    return {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()}


@pytest.fixture(scope="module")
def bundled(tmp_path_factory: pytest.TempPathFactory) -> Path:
    source = installed_web_dir()
    assert source is not None, "flet-web (the test extra) is not installed"
    folder = tmp_path_factory.mktemp("app") / "web-client"
    bundle(source, folder)
    return folder


def test_the_bundle_holds_what_the_client_asks_for_and_leaves_pyodide_out(bundled: Path) -> None:
    source = installed_web_dir()
    assert source is not None
    copied = listed(bundled)
    assert ASKED_BY_CHROMIUM | OTHER_BROWSERS <= copied
    for name in copied:
        assert (bundled / name).read_bytes() == (source / name).read_bytes(), name
    left = listed(source) - copied
    # Python in the browser, debugging symbols and maps, packages the app does not use
    unused = ("pyodide/", "canvaskit/experimental_webparagraph/", "assets/packages/media_kit/",
              "assets/packages/record_web/", "assets/packages/flutter_map/")
    assert all(name.startswith(unused) or name.endswith((".symbols", ".map"))
               or name in ("python-worker.js", "canvaskit/wimp.js", "canvaskit/wimp.wasm")
               for name in left), sorted(left)
    size = sum((bundled / name).stat().st_size for name in copied)
    whole = sum((source / name).stat().st_size for name in listed(source))
    assert size < 46_000_000 < whole  # 44 MB of flet-web 1.0.5's 77


def test_bundle_web_client_copies_it_where_flet_build_finds_it(tmp_path: Path) -> None:
    out = io.StringIO()
    with redirect_stdout(out):
        assert cli.main(["bundle-web-client", "--out", str(tmp_path / "web-client")]) == 0
    assert "files" in out.getvalue() and "MB) copied into" in out.getvalue()
    assert ASKED_BY_CHROMIUM <= listed(tmp_path / "web-client")
    # by default beside main.py, in the folder `flet build` packages
    assert files.BUNDLE_DIR == Path(cli.__file__).resolve().parents[1] / "web-client"


def test_bundle_web_client_without_flet_web_says_so(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        tmp_path: Path) -> None:
    without_flet_web(monkeypatch)
    assert cli.main(["bundle-web-client", "--out", str(tmp_path / "out")]) == 2
    assert capsys.readouterr().err == ("bundle-web-client copies Flet's web client from "
                                       "flet-web: pip install -e '.[web]' first.\n")
    assert not (tmp_path / "out").exists()


def without_flet_web(monkeypatch: pytest.MonkeyPatch) -> None:
    """As in a built app: flet-web is not installed."""
    find_spec = importlib.util.find_spec

    def find(name: str, package: str | None = None) -> Any:
        return None if name == "flet_web" else find_spec(name, package)

    monkeypatch.setattr(importlib.util, "find_spec", find)


def test_without_flet_web_the_app_serves_the_client_from_its_bundle(
        monkeypatch: pytest.MonkeyPatch, bundled: Path) -> None:
    without_flet_web(monkeypatch)
    monkeypatch.setattr(files, "BUNDLE_DIR", bundled)
    assert installed_web_dir() is None
    assert client_dir() == bundled
    controls = web_client(lambda page: None)
    assert isinstance(controls, WebClient) and controls.web_dir == bundled
    with TestClient(controls) as browser:
        index = browser.get("/")
        assert index.status_code == 200
        assert 'flet.webSocketEndpoint="/ws";' in index.text
        assert "flet.noCdn=true;" in index.text and 'canvasKitBaseUrl="/canvaskit/"' in index.text
        assert "<title>Gnav Companion</title>" in index.text
        wasm = browser.get("/canvaskit/skwasm.wasm")
        assert wasm.headers["content-type"] == "application/wasm"
        assert wasm.content == (bundled / "canvaskit" / "skwasm.wasm").read_bytes()
        assert "Roboto" in browser.get("/assets/FontManifest.json").text
        # the app's own pictures, looked in first
        piece = next((ASSETS_DIR / "pieces").iterdir())
        assert browser.get(f"/pieces/{piece.name}").content == piece.read_bytes()
        # a route of the app is the client's to show; a missing file is not found
        assert browser.get("/game/3/share").text == index.text
        assert browser.get("/pyodide/pyodide.mjs").status_code == 404
        assert browser.get("/..%2F..%2Fpyproject.toml").status_code == 404
        assert browser.post("/").status_code == 405


def test_with_neither_there_is_no_client_to_serve(monkeypatch: pytest.MonkeyPatch,
                                                  tmp_path: Path) -> None:
    without_flet_web(monkeypatch)
    monkeypatch.setattr(files, "BUNDLE_DIR", tmp_path / "web-client")
    assert client_dir() is None
    assert web_client(lambda page: None) is None


def packed(action: MessageAction, body: dict[str, Any]) -> bytes:
    return b"\x00" + msgpack.packb([action.value, body])


def unpacked(frame: bytes) -> tuple[MessageAction, Any]:
    assert frame[:1] == b"\x00"
    action, body = msgpack.unpackb(frame[1:], strict_map_key=False)
    return MessageAction(action), body


def register(socket: Any, session_id: str = "") -> str:
    socket.send_bytes(packed(MessageAction.REGISTER_CLIENT, {
        "session_id": session_id, "page_name": "",
        "page": {"route": "/", "width": 800, "height": 600}}))
    action, body = unpacked(socket.receive_bytes())
    assert action == MessageAction.REGISTER_CLIENT
    assert body["error"] == ""
    session: str = body["session_id"]
    return session


LOST = 1006  # what the server reads when a connection ends with no closing frame


def test_a_browser_gets_a_session_running_main_and_takes_it_up_again(bundled: Path) -> None:
    import flet as ft

    started: list[str] = []
    shown = threading.Event()

    def main(page: ft.Page) -> None:
        started.append(page.route)
        page.add(ft.Text("Hello from main"))
        shown.set()

    controls = WebClient(main, bundled)
    with TestClient(controls) as browser:
        with browser.websocket_connect("/ws") as socket:
            session = register(socket)
            assert shown.wait(10)
            # what main drew reaches the browser
            seen = []
            while not any("Hello from main" in repr(body) for body in seen):
                action, body = unpacked(socket.receive_bytes())
                if action == MessageAction.PATCH_CONTROL:
                    seen.append(body)
            socket.close(LOST)  # the connection is lost, not closed by the browser
        # the browser comes back (a phone's network blinked): the same session, main not
        # run again
        with browser.websocket_connect("/ws") as socket:
            assert register(socket, session) == session
        assert started == ["/"]
        # an unknown session is a new one
        with browser.websocket_connect("/ws") as socket:
            assert register(socket, "no-such-session") != session
        # another path is not the client's websocket
        with pytest.raises(WebSocketDisconnect), browser.websocket_connect("/other") as socket:
            socket.receive_bytes()
    controls.close()


# --- a flood of events, and sessions whose browser has gone (issue 21, items 6 and 8) -------


def control_event(target: int, name: str = "click") -> bytes:
    return packed(MessageAction.CONTROL_EVENT, {"target": target, "name": name, "data": None})


def drawn(socket: Any, text: str) -> None:
    """Reads what the session sends until `text` has been drawn."""
    seen: list[Any] = []
    while not any(text in repr(body) for body in seen):
        action, body = unpacked(socket.receive_bytes())
        if action == MessageAction.PATCH_CONTROL:
            seen.append(body)


def test_events_for_controls_that_do_not_exist_are_dropped_unread(bundled: Path) -> None:
    """5,000 events for made-up ids from a token holder's websocket froze every board for 27 s:
    Flet looked each one up by walking the whole page. The session's own controls are all the
    browser can name; an event for any other id is dropped, and a tap behind the flood runs
    at once."""
    import flet as ft

    tapped = threading.Event()
    button: list[ft.Button] = []

    def main(page: ft.Page) -> None:
        button.append(ft.Button("Stand", on_click=lambda _e: tapped.set()))
        page.add(ft.Column([ft.Text(f"row {n}") for n in range(2000)]), button[0])

    controls = WebClient(main, bundled)
    with TestClient(controls) as browser, browser.websocket_connect("/ws") as socket:
        register(socket)
        drawn(socket, "Stand")
        for n in range(5000):
            socket.send_bytes(control_event(10_000_000 + n))
        began = time.monotonic()
        socket.send_bytes(control_event(button[0]._i))
        assert tapped.wait(30)
        took = time.monotonic() - began
        socket.close(LOST)
    controls.close()
    assert took < 1.0, f"the tap behind the flood ran after {took:.1f} s"


def test_flet_webs_sessions_drop_events_for_controls_that_do_not_exist(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """`serve` runs flet-web's sessions, which flet-web makes itself: the check is on Flet's
    Session class, put there when the server builds the app. An event for an id the session
    never sent walked the whole page (a couple of hundred objects for an empty one), and now
    looks at nothing."""
    from concurrent.futures import ThreadPoolExecutor

    from flet.messaging.connection import Connection
    from flet.messaging.session import Session
    from flet.pubsub.pubsub_hub import PubSubHub

    from companion.server import _flet_app

    for name in ("FLET_WEB_NO_CDN", "FLET_SESSION_TIMEOUT"):
        monkeypatch.delenv(name, raising=False)  # put back as they were afterwards
    _flet_app(lambda page: None)

    walked: list[int] = []
    walk = Session._Session__find_live_control  # type: ignore[attr-defined]

    def counted(self: Session, *args: Any, **kwargs: Any) -> Any:
        walked.append(1)
        return walk(self, *args, **kwargs)

    monkeypatch.setattr(Session, "_Session__find_live_control", counted)

    class Browser(Connection):
        def send_message(self, message: Any) -> None:
            pass

    async def flood() -> None:
        browser = Browser()
        browser.pubsubhub = PubSubHub(loop=asyncio.get_running_loop(),
                                      executor=ThreadPoolExecutor(1))
        session = Session(browser)
        for target in range(10_000, 10_100):
            await session.dispatch_event(target, "click", None)

    with ThreadPoolExecutor(1) as worker:  # Playwright's sync API may hold this thread's loop
        worker.submit(asyncio.run, flood()).result()
    assert walked == []


def test_a_session_whose_browser_closed_its_socket_is_freed_at_once(bundled: Path) -> None:
    """Closed sessions stayed in memory for an hour (150 of them: 19 MB). A browser that
    closes its socket (a closed tab, a reload) is not coming back for its session: it ends
    at once, and nothing keeps it in memory; one whose connection was lost waits a little
    (SESSION_GRACE, two minutes), at most WAITING_SESSIONS at a time."""
    import gc
    import weakref

    import flet as ft
    from flet.messaging.session import Session

    from companion.webclient.bridge import SESSION_GRACE, WAITING_SESSIONS

    assert SESSION_GRACE <= 300

    def main(page: ft.Page) -> None:
        page.add(ft.Column([ft.Text(f"row {n}") for n in range(200)]))

    controls = WebClient(main, bundled)
    gone: list[weakref.ref[Session]] = []
    with TestClient(controls) as browser:
        for _ in range(150):
            with browser.websocket_connect("/ws") as socket:
                register(socket)
                drawn(socket, "row 199")
                gone.append(weakref.ref(next(iter(controls.sessions.sessions.values()))))
            # closed by the browser (1000) as the block ends
        deadline = time.monotonic() + 10
        while controls.sessions.sessions and time.monotonic() < deadline:
            time.sleep(0.05)
        assert controls.sessions.sessions == {}
        gc.collect()
        assert sum(ref() is not None for ref in gone) <= 1  # the last may still be unwinding

        for _ in range(WAITING_SESSIONS + 10):
            with browser.websocket_connect("/ws") as socket:
                register(socket)
                socket.close(LOST)
        deadline = time.monotonic() + 10
        while (len(controls.sessions.sessions) > WAITING_SESSIONS
               and time.monotonic() < deadline):
            time.sleep(0.05)
        assert len(controls.sessions.sessions) == WAITING_SESSIONS
    controls.close()
