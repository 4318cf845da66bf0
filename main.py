"""Gnav Companion as a built app: the module `flet build apk` packages ([tool.flet.app] in
pyproject.toml), run by Flet's own transport (the Flutter client talks to this process over a
local socket; a desktop run without a display serves Flet's web client on FLET_SERVER_PORT).

The games are kept under FLET_APP_STORAGE_DATA, which the built app sets. "Let phones follow
on the local network" in Share opens the spectators' boards on this device's network
addresses, on port GNAV_PORT (8550 unless set), from a server inside the app: there is no
`serve` around a built app. Behind the referee token that server also runs the app itself in
its own Flet web client (companion/webclient), so the Share screen's referee link hands the
controls to another device, as `serve --lan` does; the client's files come from flet-web
when it is installed, else from the copy `python -m companion bundle-web-client` puts
beside this file before `flet build`.

Where Flet would serve its web client for the window (a desktop with no display), the app
serves it through that same client on FLET_SERVER_IP:FLET_SERVER_PORT instead of flet-web's
FastAPI server, so nothing run here needs what an Android build cannot install.
"""

from __future__ import annotations

import os
import sys

PORT_ENV = "GNAV_PORT"
DEFAULT_PORT = 8550


def share_port() -> int | None:
    """The port phones reach the boards on (None, with a sentence, when GNAV_PORT is not a
    port number)."""
    written = os.environ.get(PORT_ENV, "").strip()
    if not written:
        return DEFAULT_PORT
    if written.isdigit() and 0 < int(written) < 65536:
        return int(written)
    print(f"Gnav Companion cannot start: {PORT_ENV}: {written!r} is not a port number "
          "(1 to 65535).", file=sys.stderr, flush=True)
    return None


def web_window() -> bool:
    """Whether `ft.run` would serve Flet's web client for the window (flet/app.py's test): not
    inside a built app's runner, and forced or on Linux with no display."""
    from flet.utils import get_bool_env_var, is_embedded, is_linux_server

    # Flet 1.0.5 leaves these untyped
    if is_embedded():  # type: ignore[no-untyped-call]
        return False
    forced = get_bool_env_var("FLET_FORCE_WEB_SERVER")
    return bool(forced or is_linux_server())  # type: ignore[no-untyped-call]


def run() -> int:
    import flet as ft

    from companion.app import make_main
    from companion.board import SharingService
    from companion.server import (
        ASSETS_DIR,
        hold_data_folder,
        resolve_data_dir,
        serve_window,
        start_sharing,
    )

    port = share_port()
    if port is None:
        return 2
    # offline, as in web mode: Flet's web server (a desktop run without a display) must not
    # send the client to a CDN for CanvasKit or fonts
    os.environ.setdefault("FLET_WEB_NO_CDN", "1")
    data_dir = resolve_data_dir(None)
    data_dir.mkdir(parents=True, exist_ok=True)
    if not hold_data_folder(data_dir):
        return 1
    sharing = SharingService()
    main = make_main(data_dir, sharing)
    stop = start_sharing(data_dir, port, sharing, main)
    try:
        if web_window():
            served = serve_window(main, os.environ.get("FLET_SERVER_IP") or "127.0.0.1",
                                  int(os.environ.get("FLET_SERVER_PORT") or 8000))
            if served is not None:
                return served
        ft.run(
            main,
            assets_dir=str(ASSETS_DIR) if ASSETS_DIR.is_dir() else "assets",
            no_cdn=True,
            route_url_strategy=ft.RouteUrlStrategy.PATH,
        )
    finally:
        stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(run())
