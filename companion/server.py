"""Serve the referee app in web mode, offline, with nothing leaving the app's own server.

`ft.run(..., export_asgi_app=True)` gives the Flet web client and its websocket as one ASGI
app; we run it with uvicorn ourselves so that every response can carry a
Content-Security-Policy. flet-web 1.0.5's compiled client asks a public CDN for
`rive_native.js` even with `no_cdn`; the policy makes the browser refuse it (and anything
else off this origin), so opening the app tells no third party anything.

On loopback by default. `serve --lan` (or a non-loopback --host) listens on the network with
every control behind the referee token; the app's setting "Let phones follow on the local
network" (LanSwitch) opens and closes listeners on the network addresses while it runs. Every
connection reaches the app tagged with the listener it came through (`Tagged`), which is what
the gate decides by.

The built app (`main.py`, run by Flet's own transport) has no `serve` around it:
`start_sharing` runs the same listening server in a thread of the app, with the boards and
the gate, and behind the referee token the app's own Flet web client (companion/webclient:
Starlette and uvicorn with wsproto, where flet-web's server needs FastAPI, uvloop and other
packages with no Android wheels), so a second device given the referee link controls the
same game. Without a copy of the client's files phones get the boards only.

Every server here takes its connections through the process's one door first
(companion/board/door.py): at most 32 from one address, a request's head within 10 s, and
open files kept for the referee; SecurityHeaders answers what fails inside with a bare 500
and limits each websocket's control events.
"""

from __future__ import annotations

import asyncio
import base64
import copy
import hashlib
import ipaddress
import os
import signal
import socket
import sys
import time
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.board.door import LISTEN_QUEUE
from companion.board.sharing import (
    AddressError,
    Listener,
    Problem,
    SharingService,
    listener_for,
    url_host,
)

if TYPE_CHECKING:
    from companion.board.web import Gate

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


def app_policy(host: str | None) -> str:
    """The referee app's Content-Security-Policy for a page served as `host` (host:port, as
    the gate checked it): its websocket is the only one it may open. 'self' alone does not
    cover ws: in every browser, and a bare ws: would let an injected script talk to any
    server. No framing: another site's page must not lay the app under a pointer."""
    socket_source = f" ws://{host}" if host else ""
    return (
        "default-src 'self'; "
        "script-src 'self' 'unsafe-inline' 'unsafe-eval' 'wasm-unsafe-eval' blob:; "
        "style-src 'self' 'unsafe-inline'; "
        "img-src 'self' data: blob:; "
        "font-src 'self' data:; "
        f"connect-src 'self'{socket_source} data: blob:; "
        "worker-src 'self' blob:; "
        "frame-ancestors 'none'"
    )


def _digest(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


def board_policy() -> str:
    """The boards' own policy: plain pages whose one script and one style sheet are named by
    their hashes (so nothing injected into a board can run), which talk to their own server
    only (the live stream), and nothing else: no eval, no websocket, no framing."""
    from companion.board.web import SCRIPT, STYLE

    return (
        "default-src 'none'; "
        f"script-src {_digest(SCRIPT)}; "
        f"style-src {_digest(STYLE)}; "
        "img-src 'self' data:; "
        "connect-src 'self'; "
        "base-uri 'none'; "
        "form-action 'none'; "
        "frame-ancestors 'none'"
    )


# Resolved from the package, not the working folder: `python -m companion serve` must find
# the pictures wherever it is started from.
ASSETS_DIR = Path(__file__).resolve().parent.parent / "assets"


# Flet's control events one websocket may send (a tap, a keystroke, a resize): a burst, then
# a steady rate, far above a person's taps; what comes faster is dropped (issue 21, item 6).
EVENTS_BURST = 100
EVENTS_PER_SECOND = 20.0
CONTROL_EVENT = 3  # flet.messaging.protocol.MessageAction.CONTROL_EVENT


def control_event(frame: bytes | None) -> bool:
    """Whether a websocket frame from Flet's client is a control event: a type byte 0, then
    the MsgPack array [action, body]; only its head is read, however it is encoded."""
    if not frame or frame[0] != 0:
        return False
    import msgpack  # type: ignore[import-untyped]  # loaded with Flet already

    unpacker = msgpack.Unpacker()
    unpacker.feed(frame[1:])
    try:
        return bool(unpacker.read_array_header() >= 1 and unpacker.unpack() == CONTROL_EVENT)
    except Exception:  # noqa: BLE001 - not Flet's frame: Flet says so itself
        return False


class EventLimit:
    """A token bucket for one websocket's control events: EVENTS_BURST at once, then
    EVENTS_PER_SECOND; `allow` says whether one more may pass now."""

    def __init__(self, burst: int = EVENTS_BURST, rate: float = EVENTS_PER_SECOND,
                 clock: Callable[[], float] | None = None) -> None:
        self.burst = float(burst)
        self.rate = rate
        self.clock = clock or time.monotonic
        self.tokens = float(burst)
        self.at = self.clock()
        self.dropped = 0

    def allow(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        self.dropped += 1
        return False


class SecurityHeaders:
    """ASGI middleware adding the CSP to every HTTP response (and quieting closed tabs): the
    boards' policy on /board..., the app's everywhere else, with the websocket of the Host
    the gate let through (none when it refused the request).

    It is also the last word on errors: a request that fails inside the app gets a bare 500
    (never a traceback in the answer) and one rate-limited line in the log; and it drops a
    websocket's control events past EventLimit, so a flood cannot hold the server's loop.

    A plain ASGI wrapper rather than Starlette's BaseHTTPMiddleware: that one buffers
    streaming responses and does nothing for websockets, and Flet's client lives on both.
    """

    def __init__(self, app: ASGIApp) -> None:
        from companion.board.door import LogLimit
        from companion.board.web import CHECKED_HOST, is_board_path

        self.app = app
        self.checked_host = CHECKED_HOST
        self.is_board_path = is_board_path
        self.board_policy = board_policy().encode("ascii")
        self.headers: list[tuple[bytes, bytes]] = [
            (b"x-content-type-options", b"nosniff"),
            (b"referrer-policy", b"no-referrer"),
        ]
        self.note = LogLimit()

    def failed(self, scope: Scope, error: BaseException) -> None:
        client = scope.get("client")
        addr = str(client[0]) if client else "an unknown address"
        what = scope.get("method") or scope["type"]
        self.note("errors", f"{what} {scope.get('path', '')} from {addr} failed: "
                            f"{type(error).__name__}: {error}")

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            await self._websocket(scope, receive, send)
            return
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def send_with_headers(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                if self.is_board_path(scope.get("path", "")):
                    policy = self.board_policy
                else:
                    # the gate wrote the Host it checked into the scope on the way in
                    policy = app_policy(scope.get(self.checked_host)).encode("latin-1")
                ours = [(b"content-security-policy", policy), *self.headers]
                names = {name for name, _ in ours}
                kept = [(k, v) for k, v in message.get("headers", []) if k.lower() not in names]
                message["headers"] = kept + ours
            await send(message)

        try:
            await self.app(scope, receive, send_with_headers)
        except Exception as error:  # noqa: BLE001 - answered and logged here, once
            self.failed(scope, error)
            if not started:
                await send_with_headers({
                    "type": "http.response.start", "status": 500,
                    "headers": [(b"content-type", b"text/plain; charset=utf-8"),
                                (b"content-length", b"15"), (b"connection", b"close")]})
                await send_with_headers({"type": "http.response.body",
                                         "body": b"Internal error\n"})

    async def _websocket(self, scope: Scope, receive: Receive, send: Send) -> None:
        from starlette.websockets import WebSocketDisconnect

        limit = EventLimit()

        async def limited() -> Message:
            while True:
                message = await receive()
                if (message["type"] == "websocket.receive"
                        and control_event(message.get("bytes")) and not limit.allow()):
                    if limit.dropped == 1:
                        self.failed(scope, RuntimeError(
                            f"more than {EVENTS_BURST} control events at once; the excess "
                            "is dropped"))
                    continue
                return message

        try:
            await self.app(scope, limited, send)
        except WebSocketDisconnect:
            # A tab closed while Flet was sending to it: normal at a table, not an error
            # worth a traceback in the referee's terminal.
            pass
        except Exception as error:  # noqa: BLE001 - one line in the log, not a traceback
            self.failed(scope, error)


class Tagged:
    """Hands the app, with every connection, the Listener of the socket that accepted it
    (uvicorn gives each listening socket's connections this app: see run_server and
    ListeningServer.listen)."""

    def __init__(self, app: ASGIApp, listener: Listener) -> None:
        from companion.board.web import LISTENER

        self.app = app
        self.listener = listener
        self.key = LISTENER

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        scope[self.key] = self.listener
        await self.app(scope, receive, send)


def resolve_data_dir(data: str | None) -> Path:
    """--data first, then FLET_APP_STORAGE_DATA, then the platform's user data folder."""
    if data:
        return Path(data).expanduser().resolve()
    from companion.store import default_data_dir

    return default_data_dir()


def _flet_app(main: Callable[..., Any]) -> ASGIApp:
    """Flet's web client and websocket for `main(page)`, offline."""
    import flet as ft

    from companion.webclient.bridge import (
        SESSION_GRACE,
        ClosingCode,
        free_closed_sessions,
        known_controls_only,
    )

    # Flet's CDN switch is also read from the environment by parts of flet-web.
    os.environ.setdefault("FLET_WEB_NO_CDN", "1")
    # flet-web keeps a session whose browser went for an hour; ours as long as the app's own
    # web client keeps one whose connection was lost (issue 21, item 8)
    os.environ.setdefault("FLET_SESSION_TIMEOUT", str(SESSION_GRACE))
    known_controls_only()  # flet-web makes its sessions itself (issue 21, item 6)
    free_closed_sessions()  # and lets them go itself (item 8): a closed tab's at once
    assets = str(ASSETS_DIR) if ASSETS_DIR.is_dir() else None
    app: ASGIApp = ft.run(
        main,
        export_asgi_app=True,
        no_cdn=True,
        assets_dir=assets,
        route_url_strategy=ft.RouteUrlStrategy.PATH,
    )
    return ClosingCode(app)


def build_asgi(main: Callable[..., Any]) -> ASGIApp:
    """Any Flet `main(page)` as an offline ASGI app with the CSP, behind the gate's checks of
    Host and Origin (the benchmark's bare app is served through here too, so the two are
    compared like for like)."""
    from companion.board.web import Gate

    return SecurityHeaders(Gate(_flet_app(main), None, None))


def _url(host: str, port: int) -> str:
    shown = "127.0.0.1" if host in ("", "0.0.0.0") else host
    return f"http://{url_host(shown)}:{port}"


def build_app(main: Callable[..., Any], data_dir: Path,
              token: str | None) -> tuple[ASGIApp, Gate]:
    """The referee's Flet app behind the gate, and the spectators' boards beside it, all under
    the CSP; and the gate (whose token the LAN switch renews). Whether a connection needs the
    token is its listener's to say; with `token` None the Flet app is open to every
    connection."""
    from companion.board.web import Gate, board_app, raise_open_file_limit

    raise_open_file_limit()  # as `serve`: each phone's live board is a socket
    boards, _hub = board_app(data_dir)
    gate = Gate(_flet_app(main), boards, token)
    return SecurityHeaders(gate), gate


def _say(line: str) -> None:
    """The referee's terminal (standard output; the log of refusals goes to standard error)."""
    print(line, flush=True)


class LanSwitch:
    """The app's "Let phones follow on the local network" setting, live.

    Started without --lan the server listens on loopback only. Turning the setting on opens one
    more listener on each of this machine's network addresses (from the interface list), on
    the same port; connections that come in there need the referee token for the controls,
    while this machine's loopback listener stays as it was. Turning it off closes those
    listeners and drops the connections that came in through them, and revokes every referee
    link handed out: the gate gets a new token, shown when the network opens again. The
    choice is kept in the data folder and applied again at the next start. Started with
    --lan, the server already listens on every address and the switch stays on (`fixed`).
    """

    def __init__(self, server: ListeningServer, data_dir: Path, port: int,
                 token: str | None, sharing: SharingService, fixed: bool = False,
                 say_link: bool = True, gate: Gate | None = None) -> None:
        """`sharing` is the app's: it is told each time the network opens or closes. `gate`
        holds `token` (None: no referee link is offered)."""
        self.say_link = say_link
        self.server = server
        self.sharing = sharing
        self.data_dir = data_dir
        self.port = port
        self.token = token
        self.gate = gate
        self.fixed = fixed
        self.listeners: list[Listening] = []
        self._lock: asyncio.Lock | None = None

    async def set_lan(self, on: bool) -> Problem | None:
        loop = self.server.loop
        if loop is None:
            return Problem("not-running", "The server is not running.")
        if asyncio.get_running_loop() is not loop:
            future = asyncio.run_coroutine_threadsafe(self._set(on), loop)
            return await asyncio.wrap_future(future)
        return await self._set(on)

    async def _set(self, on: bool) -> Problem | None:
        if self.fixed:
            return None if on else Problem(
                "fixed", "Started with --lan: phones can follow until the app stops.")
        if self._lock is None:
            self._lock = asyncio.Lock()
        async with self._lock:
            return await (self._open() if on else self._close())

    async def _open(self) -> Problem | None:
        from companion import board

        if self.listeners:
            return None
        try:
            addresses = board.lan_addresses()
        except AddressError as err:  # checked at start: only if the variable changed since
            return Problem("no-network", str(err))
        if not addresses:
            return Problem("no-network",
                           "No network was found on this machine: phones cannot reach it.")
        sockets: list[tuple[str, socket.socket]] = []
        for address in addresses:
            try:
                sockets.append((address, bind(address, self.port)))
            except OSError as err:
                for _address, sock in sockets:
                    sock.close()
                reason = err.strerror or str(err)
                return Problem("cannot-listen", f"Cannot listen on {address}:{self.port}: "
                               f"{reason}.", f"{address}:{self.port}", reason)
        for _address, sock in sockets:
            # the phones' listener: the token, and the address the kernel bound
            tag = listener_for(sock.getsockname()[0], self.port, token=True)
            self.listeners.append(await self.server.listen(sock, tag))
        sharing = board.Sharing(port=self.port, lan=True, addresses=addresses, token=self.token)
        self.sharing.update(sharing)
        await asyncio.to_thread(board.remember_lan, self.data_dir, True)
        for line in lan_notes(addresses, self.port):
            _say(line)
        if sharing.referee_url is not None and self.say_link:
            _say(f"Referee link (keep it to yourself): {sharing.referee_url}")
        return None

    async def _close(self) -> Problem | None:
        from companion import board

        closed = bool(self.listeners)
        for listening in self.listeners:
            self.server.unlisten(listening)
        self.listeners = []
        if self.token is not None and self.gate is not None:
            # the links and cookies handed out die with the network they were for
            self.token = new_token()
            self.gate.set_token(self.token)
        self.sharing.update(board.Sharing(port=self.port, lan=False))
        await asyncio.to_thread(board.remember_lan, self.data_dir, False)
        if closed:
            _say("Phones no longer reach this app: it serves this machine only.")
        return None


def new_token() -> str:
    """A referee token: 32 bytes from the OS's CSPRNG, 256 bits, far past guessing."""
    import secrets

    return secrets.token_urlsafe(32)


async def reopen_if_wanted(switch: LanSwitch, data_dir: Path) -> None:
    """Opens the network at start when the referee left "Let phones follow" on."""
    from companion import board

    if not board.lan_wanted(data_dir):
        return
    _say("The setting 'Let phones follow on the local network' is on.")
    problem = await switch.set_lan(True)
    if problem is not None:
        print(f"Phones cannot follow: {problem.text}", file=sys.stderr, flush=True)


def lan_notes(addresses: tuple[str, ...], port: int) -> list[str]:
    notes = [f"On the network: http://{url_host(a)}:{port}  "
             f"(boards: http://{url_host(a)}:{port}/board)" for a in addresses]
    if not addresses:
        notes.append("No network address was found; name this machine's address in "
                     "GNAV_LAN_ADDRESSES (phones are let in by the addresses it offers).")
    return notes


def main_listener(bound: str, port: int, lan: bool,
                  found: tuple[str, ...]) -> tuple[Listener, tuple[str, ...]]:
    """The listener `serve` starts with, from the address the kernel bound (not the --host as
    written: "" or a name can bind a network address): it needs the token with --lan or
    when it is not loopback. With it, the addresses offered to the phones: those `found` on
    the interfaces for a wildcard socket, else its own."""
    address = ipaddress.ip_address(bound)
    offered = found if address.is_unspecified else (str(address),)
    return listener_for(bound, port, lan or not address.is_loopback, offered), offered


def hold_data_folder(data_dir: Path) -> bool:
    """The data folder's lock, for the life of the process (companion/store/lock.py): a second
    copy on the same folder would write over this one's games. False, with the sentence naming
    the process that holds it, when another has it."""
    from companion.store import StoreError, hold_folder

    try:
        hold_folder(data_dir)
    except StoreError as err:
        print(f"Gnav Companion cannot start: {err}", file=sys.stderr, flush=True)
        return False
    return True


def serve(host: str | None = None, port: int = 8550, data: str | None = None,
          lan: bool = False) -> int:
    """Serve until Ctrl-C or SIGTERM; 0 on a clean stop, 1 when the port cannot be used, 2
    when GNAV_LAN_ADDRESSES names something other than IP addresses.

    Loopback only unless `lan` (or a non-loopback `host`), or the app's "Let phones follow"
    setting is on: then the boards are open to the network and the referee's controls need
    the token printed here.
    """
    from companion import board
    from companion.app import make_main

    if host is None:
        host = "0.0.0.0" if lan else "127.0.0.1"
    try:
        # read now even without the network: the app's setting may open it later
        found = board.lan_addresses()
    except AddressError as err:
        print(f"Gnav Companion cannot start: {err}", file=sys.stderr, flush=True)
        return 2
    data_dir = resolve_data_dir(data)
    data_dir.mkdir(parents=True, exist_ok=True)
    if not hold_data_folder(data_dir):
        return 1
    from companion.board.web import raise_open_file_limit

    raise_open_file_limit()  # each live board is a socket; 1,024 is a common soft limit
    # Made at every start (the setting can open the network later) and shown only once the
    # network is open.
    token = new_token()
    sharing = SharingService()  # told where it serves once the socket is bound
    app, gate = build_app(make_main(data_dir, sharing), data_dir, token)
    switches: list[LanSwitch] = []

    everyone = lan  # until the socket is bound: then also when it is not a loopback one

    def on_bound(bound: str, bound_port: int, server: ListeningServer) -> list[str]:
        nonlocal everyone
        listener, addresses = main_listener(bound, bound_port, lan, found)
        everyone = listener.token
        notes = [f"Games are kept in {data_dir}"]
        switch = LanSwitch(server, data_dir, bound_port, token, sharing, fixed=everyone,
                           gate=gate)
        switches.append(switch)
        if not everyone:
            sharing.update(board.Sharing(port=bound_port, lan=False), switch)
            notes.append(f"Boards: {_url(host, bound_port)}/board (this machine only; to let "
                         "phones follow, turn on 'Let phones follow on the local network' "
                         "in Share, or serve --lan)")
            return notes
        now = board.Sharing(port=bound_port, lan=True, addresses=addresses, token=token)
        sharing.update(now, switch)
        notes += lan_notes(addresses, bound_port)
        notes.append(f"Referee link (keep it to yourself): {now.referee_url}")
        notes.append(f"On this machine: {_url('127.0.0.1', bound_port)}/?token={token}")
        return notes

    async def on_started() -> None:
        if not everyone and switches:
            await reopen_if_wanted(switches[0], data_dir)

    try:
        return run_server(app, host, port, on_bound=on_bound, on_started=on_started, lan=lan,
                          found=found)
    finally:
        sharing.stop()


async def _no_controls(scope: Scope, receive: Receive, send: Send) -> None:
    """Where the Flet web client would be behind the built app's gate when the app has no
    copy of it (webclient/files.py): the gate lets nobody this far (its token is never
    shown), and if it did, there would be nothing to control."""
    if scope["type"] == "http":
        await send({"type": "http.response.start", "status": 404,
                    "headers": [(b"content-type", b"text/plain; charset=utf-8")]})
        await send({"type": "http.response.body", "body": b"Not found\n"})
    elif scope["type"] == "websocket":
        await send({"type": "websocket.close", "code": 1008})


def web_client(main: Callable[..., Any]) -> ASGIApp | None:
    """`main(page)` behind the app's own Flet web client (companion/webclient: Starlette and
    uvicorn's wsproto, no FastAPI), or None when no copy of the client's files is at hand."""
    from companion.webclient.app import WebClient
    from companion.webclient.files import client_dir

    found = client_dir()
    if found is None:
        return None
    return WebClient(main, found, ASSETS_DIR if ASSETS_DIR.is_dir() else None)


def start_sharing(data_dir: Path, port: int, sharing: SharingService,
                  main: Callable[..., Any] | None = None,
                  ready_within: float = 30.0) -> Callable[[], None]:
    """The Share screen's "Let phones follow on the local network" for the built app, which has
    no `serve` around it: the same listening server and LanSwitch as `serve`, run in a thread
    of the app (its own loop) and listening nowhere until the switch (or the setting kept
    from the last run) opens `port` on the network addresses. Phones get the boards through
    the gate, under the boards' policy; behind the referee token, as with `serve --lan`, the
    app's own web client runs `main(page)` (the app's, sharing its store, so the two devices
    redraw each other), and the Share screen offers the referee link. With no `main` or no
    copy of the client's files the controls stay on this device: the token is shown to
    nobody. `sharing` (the app's) is given the switch and told what it opens. Returns the
    stop."""
    import threading

    import uvicorn

    from companion import board
    from companion.board.web import Gate, board_app, raise_open_file_limit

    raise_open_file_limit()  # as `serve`: each phone's live board is a socket
    boards, _hub = board_app(data_dir)
    controls = web_client(main) if main is not None else None
    token = new_token()
    gate = Gate(controls or _no_controls, boards, token)
    config = uvicorn.Config(
        SecurityHeaders(gate),
        log_level="warning",
        # the boards stream over plain HTTP; the client's websocket needs wsproto (pure
        # Python, unlike websockets' speedups)
        ws="wsproto" if controls is not None else "none",
        lifespan="off",
        loop="asyncio",
        proxy_headers=False,
        timeout_graceful_shutdown=2,
    )
    started = threading.Event()

    async def on_started() -> None:
        try:
            await reopen_if_wanted(switch, data_dir)
        finally:
            # the first screen shows the switch as the setting left it
            started.set()

    server = _listening_server_class()(config, on_started=on_started)
    # the link is the Share screen's to show, never the log's (an app's log is not the
    # referee's own terminal)
    switch = LanSwitch(server, data_dir, port, token if controls is not None else None,
                       sharing, say_link=False, gate=gate)
    sharing.update(board.Sharing(port=port, lan=False), switch)
    thread = threading.Thread(target=server.run, kwargs={"sockets": []},
                              name="gnav-sharing", daemon=True)
    thread.start()
    # until the server's loop is up the Share screen's switch would answer "not running"
    started.wait(ready_within)

    def stop() -> None:
        server.should_exit = True
        thread.join(5)
        sharing.stop()
        close = getattr(controls, "close", None)
        if close is not None:
            close()

    return stop


WINDOW_ENV = "FLET_SERVER_IP"


def serve_window(main: Callable[..., Any], host: str, port: int) -> int | None:
    """The built app's own window where Flet would serve its web client instead (a desktop
    with no display: FLET_FORCE_WEB_SERVER, or Linux without DISPLAY), through the app's web
    client rather than flet-web's FastAPI server, until Ctrl-C or SIGTERM (0; 1 when the
    port cannot be used, 2 when the start is refused).

    As with `serve`, the listening socket decides (issue 21, item 1): on loopback the window
    is this machine's; on any other address (FLET_SERVER_IP=0.0.0.0, a small box at the
    table reached from a tablet) its controls need the referee link printed here, and a
    browser without it gets a refusal, never the app. None, having served nothing, when no
    copy of the client's files is at hand and the window would be on loopback; with no copy
    and another address, the start is refused with a sentence (Flet's own server there would
    ask no token)."""
    from companion import board
    from companion.board.web import Gate

    controls = web_client(main)
    if controls is None:
        if _loopback_host(host):
            return None
        print(f"Gnav Companion cannot start: {WINDOW_ENV}={host} would open the window to "
              "the network, and only the app's own web client asks there for the referee "
              "link; this copy of the app has none (python -m companion bundle-web-client "
              "puts it beside main.py).", file=sys.stderr, flush=True)
        return 2
    try:
        found = board.lan_addresses()
    except AddressError as err:
        print(f"Gnav Companion cannot start: {err}", file=sys.stderr, flush=True)
        return 2
    token = new_token()

    def on_bound(bound: str, bound_port: int, _server: ListeningServer) -> list[str]:
        listener, addresses = main_listener(bound, bound_port, False, found)
        if not listener.token:
            return []
        link = board.Sharing(port=bound_port, lan=True, addresses=addresses,
                             token=token).referee_url
        notes = [(f"The window is open to the network ({WINDOW_ENV}={host}): its controls "
                  "need the referee link."),
                 f"Referee link (keep it to yourself): {link}"]
        if ipaddress.ip_address(bound).is_unspecified:
            notes.append(f"On this machine: {_url('127.0.0.1', bound_port)}/?token={token}")
        if not addresses:
            notes += lan_notes(addresses, bound_port)
        return notes

    return run_server(SecurityHeaders(Gate(controls, None, token)), host, port, ws="wsproto",
                      on_bound=on_bound, found=found)


def _loopback_host(host: str) -> bool:
    """Whether `host` (FLET_SERVER_IP as written) names this machine only."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def bind(host: str, port: int) -> socket.socket:
    """A listening TCP socket on host:port (OSError when it cannot be had)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(LISTEN_QUEUE)
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock


def _listening_server_class() -> type[Any]:
    import uvicorn

    from companion.board.door import keep_at_door, loop_errors

    class _ListeningServer(uvicorn.Server):
        """uvicorn's server, able to open and close listeners while it runs (the LAN switch)."""

        def __init__(self, config: uvicorn.Config,
                     on_started: Callable[[], Awaitable[None]] | None = None,
                     main: Listener | None = None) -> None:
            super().__init__(config)
            self.on_started = on_started
            self.loop: asyncio.AbstractEventLoop | None = None
            if not config.loaded:
                config.load()
            # every connection, on any listener opened later too (they copy this config),
            # is admitted and timed by the process's door (board/door.py)
            keep_at_door(config)
            self.base_app = config.loaded_app
            if main is not None:
                config.loaded_app = Tagged(self.base_app, main)

        async def startup(self, sockets: list[socket.socket] | None = None) -> None:
            asyncio.get_running_loop().set_exception_handler(loop_errors)
            await super().startup(sockets=sockets)
            for sock in sockets or []:
                sock.listen(LISTEN_QUEUE)  # asyncio made it as short as its accept burst
            self.loop = asyncio.get_running_loop()
            if self.on_started is not None and not self.should_exit:
                await self.on_started()

        async def listen(self, sock: socket.socket, listener: Listener) -> Listening:
            """Accepts on `sock` too, its connections tagged with `listener`: they get a
            config of their own (uvicorn's protocols, the websocket's included, take the app
            from their config), which also tells them apart when the socket closes."""
            config = copy.copy(self.config)
            config.loaded_app = Tagged(self.base_app, listener)

            def create_protocol(_loop: asyncio.AbstractEventLoop | None = None) -> Any:
                return config.http_protocol_class(  # type: ignore[call-arg]
                    config=config, server_state=self.server_state,
                    app_state=self.lifespan.state, _loop=_loop)

            accepting = await asyncio.get_running_loop().create_server(
                create_protocol, sock=sock, backlog=config.backlog)
            sock.listen(LISTEN_QUEUE)  # asyncio made it as short as its accept burst
            self.servers.append(accepting)
            return Listening(accepting, config)

        def unlisten(self, listening: Listening) -> None:
            """Stops accepting there, and drops the connections that came in through it (a
            phone's open board or a second referee device)."""
            listening.server.close()
            if listening.server in self.servers:
                self.servers.remove(listening.server)
            for connection in list(self.server_state.connections):
                if getattr(connection, "config", None) is listening.config:
                    transport = getattr(connection, "transport", None)
                    if transport is not None:
                        transport.abort()

    return _ListeningServer


ListeningServer = Any  # the class above; made on first use so that importing costs nothing


@dataclass(frozen=True)
class Listening:
    """A listener opened while the server runs: its socket's server and its connections'
    config."""

    server: asyncio.base_events.Server
    config: Any


def run_server(
    app: ASGIApp, host: str, port: int, notes: list[str] | None = None, name: str = "Gnav Companion",
    on_bound: Callable[[str, int, ListeningServer], list[str]] | None = None,
    on_started: Callable[[], Awaitable[None]] | None = None,
    lan: bool = False, found: tuple[str, ...] = (), ws: str = "websockets-sansio",
) -> int:
    """Run `app` with uvicorn on host:port until Ctrl-C or SIGTERM; its connections are
    tagged with main_listener(...) of the bound socket (`found`: this machine's network
    addresses). `ws`: uvicorn's websocket implementation (the app's own web client runs on
    wsproto, flet-web's on websockets)."""
    import uvicorn

    # Bind first, so the address is printed only once it really answers and a busy port
    # gives one plain sentence instead of a traceback.
    try:
        sock = bind(host, port)
    except OSError as err:
        print(f"{name} cannot listen on {host}:{port}: {err.strerror}.", file=sys.stderr)
        return 1
    bound, bound_port = sock.getsockname()[:2]

    config = uvicorn.Config(
        app,
        log_level="warning",
        ws=ws,
        lifespan="on",
        # Nothing stands in front of this server: an X-Forwarded-For from this machine
        # (a web page's fetch, say) would otherwise be taken for the client's address.
        proxy_headers=False,
        # Open Flet sessions keep their websocket; do not let them hold a stop hostage.
        timeout_graceful_shutdown=2,
    )
    main, _offered = main_listener(bound, bound_port, lan, found)
    server = _listening_server_class()(config, on_started=on_started, main=main)
    # The port answers from bind on, before uvicorn listens for signals: a SIGTERM in between
    # is kept for the server (which then stops as soon as it has started), not ignored, which
    # left a server stopped at start-up running until killed. uvicorn raises the signal again
    # after its graceful stop under the handler that was there before: this one, not the
    # default (which would end the process with status 143 after a clean stop).
    previous = signal.signal(signal.SIGTERM, server.handle_exit)
    try:
        print(f"{name}: {_url(host, bound_port)}", flush=True)
        notes = list(notes or [])
        if on_bound is not None:
            notes += on_bound(bound, bound_port, server)
        for note in notes:
            print(note, flush=True)
        server.run(sockets=[sock])
    except KeyboardInterrupt:
        pass
    finally:
        signal.signal(signal.SIGTERM, previous)
        sock.close()
    return 0
