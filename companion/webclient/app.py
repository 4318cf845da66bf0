"""The Flet web client as one plain ASGI app: its files (index.html, its manifests and
everything under the client's folder, the app's own assets first) and its websocket at /ws,
bridged to sessions running `main(page)`.

In place of flet-web's FastAPI app (flet_web/fastapi/app.py and flet_static_files.py,
flet-web 1.0.5, Apache-2.0) for the built app: Starlette's requests and responses and
uvicorn's own websocket (wsproto) are all it needs, so an Android build can install it.
"""

from __future__ import annotations

import mimetypes
import os
import stat
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from starlette.responses import FileResponse, PlainTextResponse, Response
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket

from .bridge import Bridge, Sessions
from .files import WEBSOCKET_PATH, font_manifest_json, index_html, manifest_json

# as flet-web: some systems know neither
mimetypes.add_type("text/javascript", ".mjs")
mimetypes.add_type("application/wasm", ".wasm")

Scope = Any
Receive = Callable[[], Any]
Send = Callable[[Any], Any]

# flet-web sends these too: they let the browser isolate the page, which multi-threaded
# skwasm wants; the client runs without, single-threaded
ISOLATION = {"cross-origin-opener-policy": "same-origin",
             "cross-origin-embedder-policy": "require-corp"}


NAME_MAX = 255  # bytes in one file name (ext4, Android's f2fs)
PATH_MAX = 1024  # bytes in a whole path: the client's deepest file is well under 200


def holdable(path: str) -> bool:
    """Whether `path` could name one of the client's files or one of the app's routes: no
    control character (a NUL stops the file system's lookup with an error) and no part longer
    than a file name can be. Anything else is answered 404 at once (a 300-byte part, a game
    id of 5,000 digits), never looked up."""
    if len(path.encode("utf-8", "surrogatepass")) > PATH_MAX:
        return False
    if any(ord(c) < 32 or ord(c) == 127 for c in path):
        return False
    return all(len(part.encode("utf-8", "surrogatepass")) <= NAME_MAX
               for part in path.split("/"))


class WebClient:
    """Serves the client from `web_dir` and runs `main(page)` for each browser; `assets_dir`
    (the app's pictures) is looked in first, as Flet does."""

    def __init__(self, main: Callable[[Any], Any], web_dir: Path,
                 assets_dir: Path | None = None, name: str = "Gnav Companion") -> None:
        self.web_dir = web_dir
        index = index_html(web_dir, name)
        self.pages = {
            "/": (index, "text/html; charset=utf-8"),
            "/index.html": (index, "text/html; charset=utf-8"),
            "/manifest.json": (manifest_json(web_dir, name), "application/json"),
            "/assets/FontManifest.json": (font_manifest_json(web_dir), "application/json"),
        }
        self.files = StaticFiles(directory=web_dir, check_dir=False)
        if assets_dir is not None and assets_dir.is_dir():
            self.files.all_directories = [str(assets_dir), str(web_dir)]
        self.executor = ThreadPoolExecutor(thread_name_prefix="gnav-webclient")
        self.sessions = Sessions(main, self.executor)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind == "websocket":
            if scope.get("path") == WEBSOCKET_PATH:
                await Bridge(self.sessions).handle(WebSocket(scope, receive, send))
            else:
                await send({"type": "websocket.close", "code": 1008})
            return
        if kind == "lifespan":
            # nothing to start or stop, said so (uvicorn's lifespan "on" and Starlette's test
            # client wait for the answers)
            while True:
                message = await receive()
                if message["type"] == "lifespan.startup":
                    await send({"type": "lifespan.startup.complete"})
                elif message["type"] == "lifespan.shutdown":
                    await send({"type": "lifespan.shutdown.complete"})
                    return
        if kind != "http":
            return
        response = self.respond(scope)
        await response(scope, receive, send)

    def respond(self, scope: Scope) -> Response:
        if scope.get("method") not in ("GET", "HEAD"):
            return PlainTextResponse("Method not allowed\n", status_code=405)
        path: str = scope.get("path", "/")
        page = self.pages.get(path)
        if page is None:
            if not holdable(path):
                return PlainTextResponse("Not found\n", status_code=404)
            try:
                full, found = self.files.lookup_path(path.lstrip("/"))
            except (OSError, ValueError):  # a name the file system refuses to look up
                return PlainTextResponse("Not found\n", status_code=404)
            if found is not None and stat.S_ISREG(found.st_mode):
                return FileResponse(full, stat_result=found, headers=ISOLATION)
            if os.path.splitext(path)[1].lower() not in ("", ".html"):
                return PlainTextResponse("Not found\n", status_code=404)
            # a route of the app (/game/3/share): the client shows it
            page = self.pages["/"]
        body, media_type = page
        return Response(body, media_type=media_type,
                        headers={"cache-control": "no-store", **ISOLATION})

    def close(self) -> None:
        """Ends the sessions' threads (the server's loop has stopped)."""
        self.executor.shutdown(wait=False, cancel_futures=True)
