"""Serve the referee app in web mode, offline, with nothing leaving the app's own server.

`ft.run(..., export_asgi_app=True)` gives the Flet web client and its websocket as one ASGI
app; we run it with uvicorn ourselves so that every response can carry a
Content-Security-Policy. flet-web 1.0.5's compiled client asks a public CDN for
`rive_native.js` even with `no_cdn`; the policy makes the browser refuse it (and anything
else off this origin), so opening the app tells no third party anything.

On loopback by default. `serve --lan` (or a non-loopback --host) listens on the network with
every control behind the referee token; the app's setting "Let phones follow on the local
network" (LanSwitch) opens and closes listeners on the network addresses while it runs.
"""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import sys
from collections.abc import Awaitable, Callable, MutableMapping
from pathlib import Path
from typing import Any

from companion.board.sharing import Problem

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

CONTENT_SECURITY_POLICY = (
    "default-src 'self'; "
    "script-src 'self' 'unsafe-inline' 'unsafe-eval' 'wasm-unsafe-eval' blob:; "
    "style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data: blob:; "
    "font-src 'self' data:; "
    "connect-src 'self' ws: wss: data: blob:; "
    "worker-src 'self' blob:"
)

# Resolved from the package, not the working folder: `python -m companion serve` must find
# the pictures wherever it is started from.
ASSETS_DIR = Path(__file__).resolve().parent.parent / "assets"


class SecurityHeaders:
    """ASGI middleware adding the CSP to every HTTP response (and quieting closed tabs).

    A plain ASGI wrapper rather than Starlette's BaseHTTPMiddleware: that one buffers
    streaming responses and does nothing for websockets, and Flet's client lives on both.
    """

    def __init__(self, app: ASGIApp, policy: str = CONTENT_SECURITY_POLICY) -> None:
        self.app = app
        self.headers: list[tuple[bytes, bytes]] = [
            (b"content-security-policy", policy.encode("ascii")),
            (b"x-content-type-options", b"nosniff"),
            (b"referrer-policy", b"no-referrer"),
        ]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            from starlette.websockets import WebSocketDisconnect

            try:
                await self.app(scope, receive, send)
            except WebSocketDisconnect:
                # A tab closed while Flet was sending to it: normal at a table, not an error
                # worth a traceback in the referee's terminal.
                pass
            return
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                names = {name for name, _ in self.headers}
                kept = [(k, v) for k, v in message.get("headers", []) if k.lower() not in names]
                message["headers"] = kept + self.headers
            await send(message)

        await self.app(scope, receive, send_with_headers)


def resolve_data_dir(data: str | None) -> Path:
    """--data first, then FLET_APP_STORAGE_DATA, then the platform's user data folder."""
    if data:
        return Path(data).expanduser().resolve()
    from companion.store import default_data_dir

    return default_data_dir()


def build_asgi(main: Callable[..., Any]) -> ASGIApp:
    """Any Flet `main(page)` as an offline ASGI app with the CSP (the benchmark's bare app
    is served through here too, so the two are compared like for like)."""
    import flet as ft

    # Flet's CDN switch is also read from the environment by parts of flet-web.
    os.environ.setdefault("FLET_WEB_NO_CDN", "1")
    assets = str(ASSETS_DIR) if ASSETS_DIR.is_dir() else None
    flet_app = ft.run(
        main,
        export_asgi_app=True,
        no_cdn=True,
        assets_dir=assets,
        route_url_strategy=ft.RouteUrlStrategy.PATH,
    )
    return SecurityHeaders(flet_app)


def _url(host: str, port: int) -> str:
    shown = "127.0.0.1" if host in ("", "0.0.0.0") else host
    if ":" in shown:
        shown = f"[{shown}]"
    return f"http://{shown}:{port}"


def build_app(main: Callable[..., Any], data_dir: Path, token: str | None,
              everyone: bool = True) -> tuple[ASGIApp, Any]:
    """The referee's Flet app behind the gate, and the spectators' boards beside it, all under
    the CSP; and the gate itself (the LAN switch tells it which listeners need the token).
    With `token` None the Flet app is open to every connection."""
    import flet as ft

    from companion.board.web import Gate, board_app

    os.environ.setdefault("FLET_WEB_NO_CDN", "1")
    assets = str(ASSETS_DIR) if ASSETS_DIR.is_dir() else None
    flet_app = ft.run(
        main,
        export_asgi_app=True,
        no_cdn=True,
        assets_dir=assets,
        route_url_strategy=ft.RouteUrlStrategy.PATH,
    )
    boards, _hub = board_app(data_dir)
    gate = Gate(flet_app, boards, token, everyone=everyone)
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
    listeners and drops the connections that came in through them. The choice is kept in the
    data folder and applied again at the next start. Started with --lan, the server already
    listens on every address and the switch stays on (`fixed`).
    """

    def __init__(self, server: ListeningServer, gate: Any, data_dir: Path, port: int,
                 token: str, fixed: bool = False) -> None:
        self.server = server
        self.gate = gate
        self.data_dir = data_dir
        self.port = port
        self.token = token
        self.fixed = fixed
        self.listeners: list[tuple[str, asyncio.base_events.Server]] = []
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
        addresses = board.lan_addresses()
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
        for address, sock in sockets:
            self.listeners.append((address, await self.server.listen(sock)))
        self.gate.network = frozenset(addresses)
        sharing = board.Sharing(port=self.port, lan=True, addresses=addresses, token=self.token)
        board.configure(sharing)
        await asyncio.to_thread(board.remember_lan, self.data_dir, True)
        for line in lan_notes(addresses, self.port):
            _say(line)
        _say(f"Referee link (keep it to yourself): {sharing.referee_url}")
        return None

    async def _close(self) -> Problem | None:
        from companion import board

        addresses = frozenset(address for address, _ in self.listeners)
        for _address, listener in self.listeners:
            self.server.unlisten(listener, addresses)
        self.listeners = []
        self.gate.network = frozenset()
        board.configure(board.Sharing(port=self.port, lan=False))
        await asyncio.to_thread(board.remember_lan, self.data_dir, False)
        if addresses:
            _say("Phones no longer reach this app: it serves this machine only.")
        return None


def lan_notes(addresses: tuple[str, ...], port: int) -> list[str]:
    notes = [f"On the network: http://{a}:{port}  (boards: http://{a}:{port}/board)"
             for a in addresses]
    if not addresses:
        notes.append("No network address was found; use this machine's address with "
                     f"port {port}.")
    return notes


def serve(host: str | None = None, port: int = 8550, data: str | None = None,
          lan: bool = False) -> int:
    """Serve until Ctrl-C or SIGTERM; 0 on a clean stop, 1 when the port cannot be used.

    Loopback only unless `lan` (or a non-loopback `host`), or the app's "Let phones follow"
    setting is on: then the boards are open to the network and the referee's controls need
    the token printed here.
    """
    import secrets

    from companion import board
    from companion.app import make_main

    if host is None:
        host = "0.0.0.0" if lan else "127.0.0.1"
    everyone = lan or not board.is_loopback(host)
    data_dir = resolve_data_dir(data)
    data_dir.mkdir(parents=True, exist_ok=True)
    from companion.board.web import raise_open_file_limit

    raise_open_file_limit()  # each live board is a socket; 1,024 is a common soft limit
    # 32 bytes from the OS's CSPRNG: 256 bits, far past guessing. Made at every start (the
    # setting can open the network later) and shown only once the network is open.
    token = secrets.token_urlsafe(32)
    app, gate = build_app(make_main(data_dir), data_dir, token, everyone=everyone)
    switches: list[LanSwitch] = []

    def on_bound(bound_port: int, server: ListeningServer) -> list[str]:
        notes = [f"Games are kept in {data_dir}"]
        switch = LanSwitch(server, gate, data_dir, bound_port, token, fixed=everyone)
        switches.append(switch)
        if not everyone:
            board.configure(board.Sharing(port=bound_port, lan=False), switch)
            notes.append(f"Boards: {_url(host, bound_port)}/board (this machine only; to let "
                         "phones follow, turn on 'Let phones follow on the local network' "
                         "in Share, or serve --lan)")
            return notes
        addresses = board.lan_addresses() if host in ("0.0.0.0", "::", "") else (host,)
        sharing = board.Sharing(port=bound_port, lan=True, addresses=addresses, token=token)
        board.configure(sharing, switch)
        notes += lan_notes(addresses, bound_port)
        notes.append(f"Referee link (keep it to yourself): {sharing.referee_url}")
        notes.append(f"On this machine: {_url('127.0.0.1', bound_port)}/?token={token}")
        return notes

    async def on_started() -> None:
        if everyone or not switches or not board.lan_wanted(data_dir):
            return
        _say("The setting 'Let phones follow on the local network' is on.")
        problem = await switches[0].set_lan(True)
        if problem is not None:
            print(f"Phones cannot follow: {problem.text}", file=sys.stderr, flush=True)

    try:
        return run_server(app, host, port, on_bound=on_bound, on_started=on_started)
    finally:
        board.configure(None)
        board.forget_switch()


def bind(host: str, port: int) -> socket.socket:
    """A listening TCP socket on host:port (OSError when it cannot be had)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(128)
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock


def _listening_server_class() -> type[Any]:
    import uvicorn

    class _ListeningServer(uvicorn.Server):
        """uvicorn's server, able to open and close listeners while it runs (the LAN switch)."""

        def __init__(self, config: uvicorn.Config,
                     on_started: Callable[[], Awaitable[None]] | None = None) -> None:
            super().__init__(config)
            self.on_started = on_started
            self.loop: asyncio.AbstractEventLoop | None = None

        async def startup(self, sockets: list[socket.socket] | None = None) -> None:
            await super().startup(sockets=sockets)
            self.loop = asyncio.get_running_loop()
            if self.on_started is not None and not self.should_exit:
                await self.on_started()

        async def listen(self, sock: socket.socket) -> asyncio.base_events.Server:
            config = self.config

            def create_protocol(_loop: asyncio.AbstractEventLoop | None = None) -> Any:
                return config.http_protocol_class(  # type: ignore[call-arg]
                    config=config, server_state=self.server_state,
                    app_state=self.lifespan.state, _loop=_loop)

            listener = await asyncio.get_running_loop().create_server(
                create_protocol, sock=sock, backlog=config.backlog)
            self.servers.append(listener)
            return listener

        def unlisten(self, listener: asyncio.base_events.Server,
                     addresses: frozenset[str]) -> None:
            """Stops accepting there, and drops the connections that came in on `addresses`
            (a phone's open board or a second referee device)."""
            listener.close()
            if listener in self.servers:
                self.servers.remove(listener)
            for connection in list(self.server_state.connections):
                transport = getattr(connection, "transport", None)
                local = transport.get_extra_info("sockname") if transport is not None else None
                if local and local[0] in addresses:
                    transport.abort()  # type: ignore[union-attr]

    return _ListeningServer


ListeningServer = Any  # the class above; made on first use so that importing costs nothing


def run_server(
    app: ASGIApp, host: str, port: int, notes: list[str] | None = None, name: str = "Gnav Companion",
    on_bound: Callable[[int, ListeningServer], list[str]] | None = None,
    on_started: Callable[[], Awaitable[None]] | None = None,
) -> int:
    """Run `app` with uvicorn on host:port until Ctrl-C or SIGTERM."""
    import uvicorn

    # Bind first, so the address is printed only once it really answers and a busy port
    # gives one plain sentence instead of a traceback.
    try:
        sock = bind(host, port)
    except OSError as err:
        print(f"{name} cannot listen on {host}:{port}: {err.strerror}.", file=sys.stderr)
        return 1
    bound_port = sock.getsockname()[1]

    config = uvicorn.Config(
        app,
        log_level="warning",
        ws="websockets-sansio",
        lifespan="on",
        # Open Flet sessions keep their websocket; do not let them hold a stop hostage.
        timeout_graceful_shutdown=2,
    )
    server = _listening_server_class()(config, on_started=on_started)
    print(f"{name}: {_url(host, bound_port)}", flush=True)
    notes = list(notes or [])
    if on_bound is not None:
        notes += on_bound(bound_port, server)
    for note in notes:
        print(note, flush=True)
    # uvicorn turns SIGINT and SIGTERM into a graceful stop, then raises the signal again
    # under the handler that was there before; for SIGTERM that must not be the default
    # (which would end the process with status 143 after a clean stop).
    previous = signal.signal(signal.SIGTERM, lambda _sig, _frame: None)
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:
        pass
    finally:
        signal.signal(signal.SIGTERM, previous)
        sock.close()
    return 0
