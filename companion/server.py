"""Serve the referee app in web mode, offline, with nothing leaving the app's own server.

`ft.run(..., export_asgi_app=True)` gives the Flet web client and its websocket as one ASGI
app; we run it with uvicorn ourselves so that every response can carry a
Content-Security-Policy. flet-web 1.0.5's compiled client asks a public CDN for
`rive_native.js` even with `no_cdn`; the policy makes the browser refuse it (and anything
else off this origin), so opening the app tells no third party anything.
"""

from __future__ import annotations

import os
import signal
import socket
import sys
from collections.abc import Awaitable, Callable, MutableMapping
from pathlib import Path
from typing import Any

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


def build_app(main: Callable[..., Any], data_dir: Path, token: str | None) -> ASGIApp:
    """The referee's Flet app behind the gate, and the spectators' boards beside it, all under
    the CSP. With `token` None (loopback only) the Flet app is open to this machine."""
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
    return SecurityHeaders(Gate(flet_app, boards, token))


def serve(host: str | None = None, port: int = 8550, data: str | None = None,
          lan: bool = False) -> int:
    """Serve until Ctrl-C or SIGTERM; 0 on a clean stop, 1 when the port cannot be used.

    Loopback only unless `lan` (or a non-loopback `host`): then the boards are open to the
    network and the referee's controls need the token printed here.
    """
    import secrets

    from companion import board
    from companion.app import make_main

    if host is None:
        host = "0.0.0.0" if lan else "127.0.0.1"
    lan = lan or not board.is_loopback(host)
    data_dir = resolve_data_dir(data)
    data_dir.mkdir(parents=True, exist_ok=True)
    # 32 bytes from the OS's CSPRNG: 256 bits, far past guessing
    token = secrets.token_urlsafe(32) if lan else None
    app = build_app(make_main(data_dir), data_dir, token)

    def on_bound(bound_port: int) -> list[str]:
        notes = [f"Games are kept in {data_dir}"]
        addresses: tuple[str, ...] = ()
        if lan:
            addresses = board.lan_addresses() if host in ("0.0.0.0", "::", "") else (host,)
        sharing = board.Sharing(port=bound_port, lan=lan, addresses=addresses, token=token)
        board.configure(sharing)
        if not lan:
            notes.append(f"Boards: {_url(host, bound_port)}/board (this machine only; "
                         "serve --lan to let phones follow)")
            return notes
        for address in addresses:
            notes.append(f"On the network: http://{address}:{bound_port}  "
                         f"(boards: http://{address}:{bound_port}/board)")
        if not addresses:
            notes.append("No network address was found; use this machine's address with "
                         f"port {bound_port}.")
        notes.append(f"Referee link (keep it to yourself): {sharing.referee_url}")
        notes.append(f"On this machine: {_url('127.0.0.1', bound_port)}/?token={token}")
        return notes

    return run_server(app, host, port, on_bound=on_bound)


def run_server(
    app: ASGIApp, host: str, port: int, notes: list[str] | None = None, name: str = "Gnav Companion",
    on_bound: Callable[[int], list[str]] | None = None,
) -> int:
    """Run `app` with uvicorn on host:port until Ctrl-C or SIGTERM."""
    import uvicorn

    # Bind first, so the address is printed only once it really answers and a busy port
    # gives one plain sentence instead of a traceback.
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as err:
        sock.close()
        print(f"{name} cannot listen on {host}:{port}: {err.strerror}.", file=sys.stderr)
        return 1
    sock.listen(128)
    sock.set_inheritable(True)
    bound_port = sock.getsockname()[1]

    config = uvicorn.Config(
        app,
        log_level="warning",
        ws="websockets-sansio",
        lifespan="on",
        # Open Flet sessions keep their websocket; do not let them hold a stop hostage.
        timeout_graceful_shutdown=2,
    )
    server = uvicorn.Server(config)
    print(f"{name}: {_url(host, bound_port)}", flush=True)
    notes = list(notes or [])
    if on_bound is not None:
        notes += on_bound(bound_port)
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
