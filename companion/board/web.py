"""The spectators' boards and the referee's gate, as ASGI apps in front of the Flet app.

`/board` (the list) and `/board/{id}` (one table, live through Server-Sent Events from
`/board/{id}/events`, or `/board/{id}/state.json`) are plain HTML and JSON, GET only, read
from the games file through a read-only connection: nothing a spectator's browser sends can
change a game. Everything else is the Flet app (the referee's controls); on the network it
needs the referee token, once in the link (`/?token=...`) and from then on in an HttpOnly
cookie. Refusals are logged by address, never with the token.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import sys
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from functools import cached_property
from html import escape
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, quote, urlencode

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from companion.i18n import DEFAULT_LANGUAGE, LANGUAGES, Tr
from companion.narrate.board_words import board_words, gate_words

from .door import FILES_RESERVED
from .reader import MAX_GAME_ID, BoardReader, Unreadable
from .render import board_html, board_json, list_html
from .sharing import Listener

try:
    import resource
except ImportError:  # pragma: no cover - Windows has no open-file limit to raise
    resource = None  # type: ignore[assignment]

Scope = Any
Receive = Callable[[], Any]
Send = Callable[[Any], Any]
ASGIApp = Callable[[Scope, Receive, Send], Any]

COOKIE = "gnav_referee"
POLL_SECONDS = 0.1  # how often the file is checked while a board is open: well under 1 s
KEEPALIVE_SECONDS = 15.0
MAX_STREAMS = 1000  # live boards in all, at most (fewer under a low open-file limit)
STREAMS_PER_ADDRESS = 8  # one phone, a few tabs; a crowd of idle connections is refused
RETRY_SECONDS = 10  # a refused or waiting board tries again after this long


@dataclass(frozen=True)
class Snapshot:
    version: int
    data: dict[str, Any]
    html: str

    @cached_property
    def event(self) -> str:
        """The Server-Sent Event carrying this board: made once, sent to every board."""
        payload = json.dumps({"version": self.version, "html": self.html}, ensure_ascii=False)
        return f"event: board\ndata: {payload}\n\n"


class Hub:
    """Reads each watched game when the file changes, renders it once per language, and wakes
    every board that shows it: forty phones cost one read and one render per event and
    language, not forty. Nothing is kept for a game nobody watches (a request for a missing
    or unwatched game leaves nothing behind), and the live streams are counted: in all, and
    per client address."""

    def __init__(self, reader: BoardReader, interval: float = POLL_SECONDS,
                 max_streams: int | None = None,
                 per_address: int = STREAMS_PER_ADDRESS) -> None:
        self.reader = reader
        self.interval = interval
        self.snapshots: dict[tuple[int, str], Snapshot | None] = {}
        self.watchers: dict[tuple[int, str], int] = {}
        self.wakeups: dict[int, asyncio.Event] = {}
        self.task: asyncio.Task[None] | None = None
        self.max_streams = max_streams if max_streams is not None else stream_cap()
        self.per_address = per_address
        self.streams = 0
        self.by_address: dict[str, int] = {}
        self.unreadable = False  # the last look at the file failed: damaged or being repaired

    def read(self, game_id: int, lang: str = DEFAULT_LANGUAGE) -> Snapshot | None:
        """The game now (in a worker thread: it touches the file); raises Unreadable."""
        key = (game_id, lang)
        watched = key in self.watchers
        game = self.reader.game(game_id)
        if game is None:
            if watched:  # its boards learn that it is gone
                self.snapshots[key] = None
            return None
        old = self.snapshots.get(key)
        if old is not None and old.version == game.version:
            return old
        tr = Tr(lang)
        data = board_json(game, tr)
        snap = Snapshot(game.version, data, board_html(data, tr))
        if watched:
            self.snapshots[key] = snap
        elif all(g != game_id for g, _lang in list(self.watchers)):
            self.reader.forget(game_id)
        return snap

    async def current(self, game_id: int, lang: str = DEFAULT_LANGUAGE) -> Snapshot | None:
        return await asyncio.to_thread(self.read, game_id, lang)

    def refusal(self, address: str) -> str | None:
        """Why one more live stream from `address` would be refused: "full" (this server's
        streams) or "full_here" (this address's); None when it would not."""
        if self.streams >= self.max_streams:
            return "full"
        # this machine itself is not a phone: its own tools may open many (benchmarks)
        if self.by_address.get(address, 0) >= self.per_address and not _loopback(address):
            return "full_here"
        return None

    def admit(self, address: str) -> str | None:
        """Takes a place for one more live stream from `address`, or says why not."""
        refused = self.refusal(address)
        if refused is None:
            self.streams += 1
            self.by_address[address] = self.by_address.get(address, 0) + 1
        return refused

    def release(self, address: str) -> None:
        self.streams -= 1
        left = self.by_address.get(address, 1) - 1
        if left > 0:
            self.by_address[address] = left
        else:
            self.by_address.pop(address, None)

    def watch(self, game_id: int, lang: str = DEFAULT_LANGUAGE) -> asyncio.Event:
        key = (game_id, lang)
        self.watchers[key] = self.watchers.get(key, 0) + 1
        if self.task is None or self.task.done():
            self.task = asyncio.get_running_loop().create_task(self._poll())
        return self.wakeups.setdefault(game_id, asyncio.Event())

    def unwatch(self, game_id: int, lang: str = DEFAULT_LANGUAGE) -> None:
        key = (game_id, lang)
        left = self.watchers.get(key, 1) - 1
        if left > 0:
            self.watchers[key] = left
            return
        self.watchers.pop(key, None)
        self.snapshots.pop(key, None)
        if all(g != game_id for g, _lang in self.watchers):
            self.wakeups.pop(game_id, None)
            self.reader.forget(game_id)

    async def _poll(self) -> None:
        while self.watchers:
            await asyncio.sleep(self.interval)
            moved = await asyncio.to_thread(self._changed_games)
            for game_id in moved:
                # a fresh Event for the next change; the set one wakes everyone waiting now
                old = self.wakeups.get(game_id)
                if old is None:
                    continue  # its last board closed meanwhile
                self.wakeups[game_id] = asyncio.Event()
                old.set()

    def _changed_games(self) -> set[int]:
        watched = list(self.watchers)
        try:
            if not self.reader.changed():
                return set()
            moved = set()
            for game_id, lang in watched:
                before = self.snapshots.get((game_id, lang))
                after = self.read(game_id, lang)
                if before is None or after is None or after.version != before.version:
                    moved.add(game_id)
        except Unreadable:
            # every board says so until the file reads again (the next look opens it anew)
            first = not self.unreadable
            self.unreadable = True
            return {game_id for game_id, _lang in watched} if first else set()
        if self.unreadable:
            self.unreadable = False
            moved |= {game_id for game_id, _lang in watched}
        return moved


def _loopback(address: str) -> bool:
    return address.startswith("127.") or address == "::1"


def stream_cap() -> int:
    """How many boards may follow live at once: each holds a socket open, and the referee's
    app needs files of its own (the games file and its WAL, the referee's websocket, a new
    board's request), so the boards get half of what the open-file limit leaves beyond a
    reserve, and never more than a thousand."""
    if resource is None:  # pragma: no cover
        return MAX_STREAMS
    try:
        soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    except (OSError, ValueError):  # pragma: no cover - a platform without limits
        return MAX_STREAMS
    if soft == resource.RLIM_INFINITY:
        return MAX_STREAMS
    return max(8, min(MAX_STREAMS, (soft - FILES_RESERVED) // 2))


def raise_open_file_limit() -> tuple[int, int]:
    """The soft limit on open files raised to the hard one (1,024 is common, and each board
    is a socket); returns (soft, hard) as they are now."""
    if resource is None:  # pragma: no cover
        return (-1, -1)
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != hard and (hard == resource.RLIM_INFINITY or soft < hard):
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
        except (OSError, ValueError):
            # macOS refuses an unlimited soft limit: ask for what it allows
            try:
                resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, 10240), hard))
            except (OSError, ValueError):  # pragma: no cover - then the old limit stays
                pass
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    return soft, hard


def choose_language(query_lang: str | None, accept_language: str) -> str:
    """`?lang=` when it names one of the app's languages, else the best of the phone's own
    (Accept-Language; Norwegian "no" and "nn" read as bokmål), else English."""
    if query_lang in LANGUAGES:
        return query_lang
    wanted: list[tuple[float, int, str]] = []
    for index, part in enumerate(accept_language.split(",")):
        tag, _sep, params = part.strip().partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                quality = 0.0
        primary = tag.strip().lower().split("-", 1)[0]
        primary = {"no": "nb", "nn": "nb"}.get(primary, primary)
        if primary in LANGUAGES and quality > 0:
            wanted.append((-quality, index, primary))
    return min(wanted)[2] if wanted else DEFAULT_LANGUAGE


# --- pages -----------------------------------------------------------------------------------

STYLE = """
:root { color-scheme: light dark; --bg: #fbf7f4; --fg: #1d1b1a; --card: #f0e6e1;
  --accent: #8b1a1a; --on-accent: #fff; --muted: #6b5f5a; --line: #d9c8c1; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #161312; --fg: #f1e9e6; --card: #2a2220; --accent: #ffb4a8;
    --on-accent: #561e16; --muted: #c4b2ac; --line: #4a3d3a; } }
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg);
  font: 20px/1.35 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
main { max-width: 40rem; margin: 0 auto; padding: 12px 14px 40px; }
h1 { font-size: 1.3rem; margin: 4px 0 6px; }
h2 { font-size: 1rem; margin: 0 0 4px; color: var(--muted); text-transform: uppercase;
  letter-spacing: .04em; }
p { margin: 4px 0; }
.now { font-size: 1.6rem; font-weight: 700; margin: 6px 0 10px; }
.card { background: var(--card); border-radius: 14px; padding: 10px 14px; margin: 10px 0; }
.call p:first-of-type { font-weight: 600; font-size: 1.15rem; }
.seats, .games { list-style: none; padding: 0; margin: 8px 0; }
.seat { display: flex; flex-wrap: wrap; align-items: baseline; gap: 4px 10px;
  padding: 10px 12px; border-bottom: 1px solid var(--line); border-radius: 10px; }
.seat .name { font-size: 1.45rem; font-weight: 700; flex: 1 1 auto; overflow-wrap: anywhere; }
.seat .balance { font-size: 1.3rem; font-variant-numeric: tabular-nums; }
.seat .tags { display: flex; gap: 6px; flex-wrap: wrap; }
.seat.turn, .seat.asked { background: var(--card); }
.seat.turn { outline: 3px solid var(--accent); }
.seat.out, .seat.sits-out { opacity: .55; }
.seat.out .name { text-decoration: line-through; }
.tag { font-size: .8rem; font-weight: 700; border-radius: 999px; padding: 2px 9px;
  background: var(--line); text-transform: uppercase; }
.tag.turn, .tag.winner { background: var(--accent); color: var(--on-accent); }
.pool { font-size: 1.3rem; font-weight: 600; }
.small { font-size: .85rem; color: var(--muted); }
.games a { display: block; padding: 12px; margin: 8px 0; border-radius: 12px;
  background: var(--card); color: var(--fg); text-decoration: none; }
.games .name { display: block; font-weight: 700; font-size: 1.2rem; }
#live { font-size: .8rem; color: var(--muted); float: right; margin-top: 8px; }
#live.off { color: var(--accent); }
"""

SCRIPT = """
(function () {
  var board = document.getElementById('board');
  var live = document.getElementById('live');
  var say = function (key) { return live.getAttribute('data-' + key); };
  if (!window.EventSource) { live.textContent = say('reload'); return; }
  var url = location.pathname.replace(/\\/+$/, '') + '/events' + location.search;
  var source;
  var connect = function () {
    source = new EventSource(url);
    source.addEventListener('board', function (e) {
      var d = JSON.parse(e.data);
      board.innerHTML = d.html;
      board.setAttribute('data-version', d.version);
      live.textContent = say('live'); live.className = 'on';
    });
    source.addEventListener('repair', function () {
      live.textContent = say('repairing'); live.className = 'off';
    });
    source.addEventListener('gone', function () {
      var gone = document.createElement('p');
      gone.className = 'now';
      gone.textContent = say('deleted');
      board.replaceChildren(gone);
      source.close();
    });
    source.onerror = function () {
      live.className = 'off';
      if (source.readyState !== EventSource.CLOSED) {
        live.textContent = say('reconnecting');
        return;
      }
      // refused (503: too many boards, or the file under repair): the answer says why
      fetch(url, {method: 'HEAD', cache: 'no-store'}).then(function (r) {
        var why = r.headers.get('x-gnav-refused');
        live.textContent = why ? say(why) : say('reconnecting');
      }, function () { live.textContent = say('reconnecting'); });
      setTimeout(connect, RETRY_MS);
    };
  };
  connect();
})();
""".replace("RETRY_MS", str(RETRY_SECONDS * 1000))


def page(title: str, inner: str, version: int | None = None, script: bool = False,
         tr: Tr | None = None, refresh: int | None = None) -> str:
    tr = tr or Tr(DEFAULT_LANGUAGE)
    words = board_words(tr)
    data = f' data-version="{version}"' if version is not None else ""
    # SCRIPT exactly as the boards' policy hashes it: nothing may be added here
    tail = f"<script>{SCRIPT}</script>" if script else ""
    live = ""
    if script:
        said = "".join(f' data-{key}="{escape(words[key], quote=True)}"'
                       for key in ("live", "reconnecting", "reload", "deleted", "repairing",
                                   "full", "full_here"))
        live = f'<span id="live" class="on"{said}>{escape(words["live"])}</span>'
    return (
        f"<!doctype html><html lang=\"{tr.lang}\"><head><meta charset=\"utf-8\">"
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<link rel="icon" href="data:,">'
        + (f'<meta http-equiv="refresh" content="{refresh}">' if refresh else "")
        + f"<title>{escape(title)}</title><style>{STYLE}</style></head><body><main>{live}"
        f'<div id="board"{data}>{inner}</div></main>{tail}</body></html>'
    )


class _Stream(StreamingResponse):
    """A live board's response that gives back its place when it ends, however it ends (a
    stream cancelled before its first byte never runs its generator's own cleanup)."""

    def __init__(self, body: AsyncIterator[str], release: Callable[[], None],
                 headers: dict[str, str]) -> None:
        super().__init__(body, media_type="text/event-stream", headers=headers)
        self._release = release

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            self._release()


def board_app(data_dir: Path, max_streams: int | None = None,
              per_address: int = STREAMS_PER_ADDRESS) -> tuple[Starlette, Hub]:
    """The spectators' pages, reading games from `data_dir` (GET and HEAD only), in the
    phone's language (or `?lang=en|nb|da`)."""
    hub = Hub(BoardReader(data_dir), max_streams=max_streams, per_address=per_address)
    no_store = {"cache-control": "no-store", "vary": "accept-language"}

    def game_id(request: Request) -> int | None:
        """The id asked for, or None when no game can have it: not a number, or one that
        would not fit SQLite (or Python's own limit on the digits it converts)."""
        raw: str = request.path_params["game_id"]
        if not (raw.isascii() and raw.isdigit()) or len(raw) > len(str(MAX_GAME_ID)):
            return None
        gid = int(raw)
        return gid if 0 < gid <= MAX_GAME_ID else None

    def language(request: Request) -> Tr:
        return Tr(choose_language(request.query_params.get("lang"),
                                  request.headers.get("accept-language", "")))

    def waiting(tr: Tr, why: str) -> Response:
        """503: the file is under repair ("repairing") or the boards are full ("full",
        "full_here"); the page asks again by itself. Nothing is kept for it."""
        words = board_words(tr)
        inner = (f'<p class="now">{escape(words[why])}</p>'
                 f'<p><a href="/board">{escape(words["all_tables"])}</a></p>')
        return HTMLResponse(page(words["boards"], inner, tr=tr, refresh=RETRY_SECONDS),
                            status_code=503, headers={
                                **no_store, "retry-after": str(RETRY_SECONDS),
                                "x-gnav-refused": why,
                                # not even the socket is kept for the one refused
                                "connection": "close"})

    def missing(tr: Tr) -> Response:
        words = board_words(tr)
        inner = (f'<p class="now">{escape(words["no_such"])}</p>'
                 f'<p><a href="/board">{escape(words["all_tables"])}</a></p>')
        return HTMLResponse(page(words["boards"], inner, tr=tr), status_code=404,
                            headers=no_store)

    async def boards(request: Request) -> Response:
        tr = language(request)
        words = board_words(tr)
        try:
            games = await asyncio.to_thread(hub.reader.list_games)
        except Unreadable:
            return waiting(tr, "repairing")
        inner = (f"<h1>{escape(words['boards'])}</h1><p class=\"small\">"
                 f"{escape(words['pick'])}</p>" + list_html(games, tr))
        return HTMLResponse(page(words["boards"], inner, tr=tr), headers=no_store)

    async def board(request: Request) -> Response:
        tr = language(request)
        words = board_words(tr)
        gid = game_id(request)
        if gid is None:
            return missing(tr)
        try:
            snap = await hub.current(gid, tr.lang)
        except Unreadable:
            return waiting(tr, "repairing")
        if snap is None:
            return missing(tr)
        title = words["page_title"].format(game=snap.data["game"])
        return HTMLResponse(page(title, snap.html, snap.version, script=True, tr=tr),
                            headers=no_store)

    async def state(request: Request) -> Response:
        gid = game_id(request)
        try:
            snap = None if gid is None else await hub.current(gid, language(request).lang)
        except Unreadable:
            return JSONResponse({"error": "the games file is being repaired"}, status_code=503,
                                headers={**no_store, "retry-after": str(RETRY_SECONDS)})
        if snap is None:
            return JSONResponse({"error": "no such table"}, status_code=404, headers=no_store)
        return JSONResponse(snap.data, headers=no_store)

    async def events(request: Request) -> Response:
        tr = language(request)
        lang = tr.lang
        gid = game_id(request)
        if gid is None:
            return missing(tr)
        address = request.client.host if request.client else ""
        if request.method == "HEAD":
            # what a refused board asks to learn why: answered without opening a stream
            why = hub.refusal(address)
            try:
                if why is None:
                    await hub.current(gid, lang)
            except Unreadable:
                why = "repairing"
            if why is not None:
                return waiting(tr, why)
            return Response(headers=no_store, media_type="text/event-stream")
        refused = hub.admit(address)
        if refused is not None:
            return waiting(tr, refused)
        # the wakeup is taken before the game is read, so a change landing in between
        # still wakes this board
        wakeup = hub.watch(gid, lang)

        def release() -> None:
            hub.unwatch(gid, lang)
            hub.release(address)

        try:
            snap = await hub.current(gid, lang)
        except Unreadable:
            release()
            return waiting(tr, "repairing")
        except BaseException:
            release()
            raise

        async def stream(wakeup: asyncio.Event, snap: Snapshot | None) -> AsyncIterator[str]:
            shown: int | None = None
            while True:
                if snap is None:
                    yield "event: gone\ndata: {}\n\n"
                    return
                if hub.unreadable:
                    yield "event: repair\ndata: {}\n\n"
                elif snap.version != shown:
                    yield snap.event
                    shown = snap.version
                else:
                    yield ": still here\n\n"
                try:
                    await asyncio.wait_for(wakeup.wait(), KEEPALIVE_SECONDS)
                except TimeoutError:
                    pass
                wakeup = hub.wakeups[gid]
                snap = hub.snapshots.get((gid, lang), snap)

        return _Stream(stream(wakeup, snap), release,
                       headers={**no_store, "x-accel-buffering": "no"})

    methods = ["GET", "HEAD"]
    app = Starlette(routes=[
        Route("/board", boards, methods=methods),
        Route("/board/", boards, methods=methods),
        Route("/board/{game_id}", board, methods=methods),
        Route("/board/{game_id}/state.json", state, methods=methods),
        Route("/board/{game_id}/events", events, methods=methods),
    ])
    return app, hub


# --- the referee's gate ----------------------------------------------------------------------

# The scope key under which the server names the listening socket a connection came through
# (a sharing.Listener): the gate's rules follow the socket, never an address written somewhere.
LISTENER = "gnav.listener"
CHECKED_HOST = "gnav.host"  # the Host that passed the gate's check (for the policy's ws: source)
LOG_BURST = 30  # log lines per address and LOG_WINDOW before the rest are only counted
LOG_WINDOW = 60.0
LOG_ADDRESSES = 4096  # addresses remembered for the rate limit before the quiet ones go


def _log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


class Gate:
    """Sends /board... to the boards (when it has them) and everything else to the Flet app,
    for the server's own names only.

    Every request must name in its Host header a name its listening socket answers to (so a
    web page whose own host name was pointed at this machine, DNS rebinding, gets nothing),
    and every websocket must come from a page of that same host (its Origin): a page of
    another site, even one on this machine, cannot drive the referee's app. A plain request
    usually carries no Origin; when it does, the same rule holds. Where the listener needs
    the token, only a browser that showed it (in the link once, then in the cookie) reaches
    the Flet app. Every refusal is logged, escaped and at most LOG_BURST lines a minute per
    address: the log is the referee's terminal, and a request must not write into it.
    """

    def __init__(self, flet_app: ASGIApp, boards: ASGIApp | None, token: str | None,
                 log: Callable[[str], None] = _log,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.flet_app = flet_app
        self.boards = boards
        self.token: bytes | None = None
        self.set_token(token)
        self.log = log
        self.clock = clock
        self.logged: dict[str, tuple[float, int]] = {}  # address: its window's start, lines

    def set_token(self, token: str | None) -> None:
        """The referee token from now on: a link or cookie of the one before no longer opens
        anything (the LAN switch turned off revokes every link handed out)."""
        self.token = token.encode("utf-8") if token is not None else None

    def _valid(self, candidate: str | None) -> bool:
        if self.token is None or candidate is None:
            return False
        return hmac.compare_digest(candidate.encode("utf-8", "replace"), self.token)

    def note(self, addr: str, line: str) -> None:
        """Logs `line` (about a request from `addr`), escaped, unless `addr` has had its
        LOG_BURST lines in this window; the first line past them says so."""
        now = self.clock()
        start, count = self.logged.get(addr, (now, 0))
        if now - start >= LOG_WINDOW:
            start, count = now, 0
        if len(self.logged) >= LOG_ADDRESSES and addr not in self.logged:
            self.logged = {a: w for a, w in self.logged.items() if now - w[0] < LOG_WINDOW}
        self.logged[addr] = (start, count + 1)
        if count < LOG_BURST:
            self.log(_shown(line))
        elif count == LOG_BURST:
            self.log(_shown(f"more refusals from {addr} in the next "
                            f"{LOG_WINDOW - (now - start):.0f} s are not logged"))

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            await self.flet_app(scope, receive, send)  # lifespan
            return
        path: str = scope.get("path", "")
        client = scope.get("client")
        addr = str(client[0]) if client else "an unknown address"
        raw = [(k.decode("latin-1").lower(), v.decode("latin-1"))
               for k, v in scope.get("headers", [])]
        hosts = [v.lower() for k, v in raw if k == "host"]
        host = hosts[0] if len(hosts) == 1 else None
        listener = scope.get(LISTENER)
        what = f"websocket {path}" if kind == "websocket" else f"{scope.get('method')} {path}"
        if not isinstance(listener, Listener) or host not in listener.hosts:
            named = "no host" if host is None else f"host {host!r}"
            self.note(addr, f"refused {addr}: {what} for {named}, not a name of this server")
            known = sorted(listener.hosts) if isinstance(listener, Listener) else []
            await _refuse(kind, send, _words(raw)["wrong_host"].format(
                addresses=", ".join(f"http://{name}" for name in known if ":" in name)))
            return
        origins = [v.lower() for k, v in raw if k == "origin"]
        if (origins or kind == "websocket") and origins != [f"http://{host}"]:
            page_of = repr(origins[0]) if origins else "no page named"
            self.note(addr, f"refused {addr}: {what} from {page_of}, not a page of {host}")
            await _refuse(kind, send, _words(raw)["other_page"])
            return
        scope[CHECKED_HOST] = host
        if self.boards is not None and is_board_path(path):
            if kind == "websocket":
                await send({"type": "websocket.close", "code": 1008})
                return
            await self.boards(scope, receive, send)
            return
        if not listener.token or self.token is None:
            await self.flet_app(scope, receive, send)
            return
        query = parse_qsl(scope.get("query_string", b"").decode("latin-1"),
                          keep_blank_values=True)
        offered = [v for k, v in query if k == "token"]
        cookie = any(self._valid(value)
                     for value in _cookies("; ".join(v for k, v in raw if k == "cookie")))
        if kind == "websocket":
            if cookie:
                await self.flet_app(scope, receive, send)
                return
            self.note(addr, f"refused control from {addr}: {what} with no valid referee token")
            await _refuse(kind, send, _words(raw)["referee_only"])
            return
        method: str = scope.get("method", "GET")
        if offered:
            rest = [(k, v) for k, v in query if k != "token"]
            if method == "GET" and len(offered) == 1 and self._valid(offered[0]):
                await _welcome(send, own_path(path) + ("?" + urlencode(rest) if rest else ""),
                               offered[0])
                return
            self.note(addr, f"refused control from {addr}: wrong referee token")
            if self.boards is None:
                await _refuse(kind, send, _words(raw)["referee_only"])
            else:
                await _redirect(send, "/board")
            return
        if cookie:
            await self.flet_app(scope, receive, send)
            return
        if method in ("GET", "HEAD") and self.boards is not None:
            if path in ("/", "/index.html") or not _static(path):
                self.note(addr, f"sent {addr} to the boards: {what} without the referee token")
            await _redirect(send, "/board")
            return
        self.note(addr, f"refused control from {addr}: {what} without the referee token")
        await _refuse(kind, send, _words(raw)["referee_only"])


def _shown(text: str, limit: int = 300) -> str:
    """A log line as the terminal may show it: what a request wrote into it (its path, its
    Host, a forwarded address) can hold newlines, ANSI escapes or right-to-left marks that
    would forge or hide lines, so everything but printable ASCII is escaped, and a long line
    is cut."""
    shown = text.encode("unicode_escape").decode("ascii")
    return shown if len(shown) <= limit else shown[:limit] + "..."


def own_path(path: str) -> str:
    """Where the welcome page moves on to: the path asked for, as a path of this host only.
    The path arrives percent-decoded, so it is encoded again (a %2F or %3F it held stays in
    the path), and it starts with one slash: "//evil.example/" or "/\\evil.example/" would
    be read by the browser as another host."""
    return "/" + quote(path, safe="/:@!$&'()*+,;=-._~").lstrip("/")


def is_board_path(path: str) -> bool:
    """The spectators' pages: open to every browser the listener lets in, GET only."""
    return path == "/board" or path.startswith("/board/")


def _static(path: str) -> bool:
    """Files of the web client (scripts, fonts, icons): refused quietly, not logged."""
    name = path.rsplit("/", 1)[-1]
    return "." in name


def _cookies(header: str) -> list[str]:
    """Every value the Cookie header gives the referee's cookie, read pair by pair.

    The header holds every cookie of this host, set by any app that ever ran on it (the
    same host name at another port included): a strict parser gives up on a neighbour's
    space, brace or non-ASCII text, and a dict keeps one of two cookies of the same name
    (one for another path, or an old one), either of which would hide the valid token."""
    values = []
    for pair in header.split(";"):
        name, equals, value = pair.partition("=")
        if equals and name.strip() == COOKIE:
            value = value.strip()
            if len(value) >= 2 and value[0] == value[-1] == '"':
                value = value[1:-1]
            values.append(value)
    return values


def _words(headers: list[tuple[str, str]]) -> dict[str, str]:
    """The gate's sentences in the language the browser asks for."""
    wanted = next((v for k, v in headers if k == "accept-language"), "")
    return gate_words(Tr(choose_language(None, wanted)))


async def _refuse(kind: str, send: Send, sentence: str) -> None:
    """403 with the sentence; for a websocket, closing it before it is accepted makes the
    server answer 403 (with no room for a sentence)."""
    if kind == "websocket":
        await send({"type": "websocket.close", "code": 1008})
    else:
        await _respond(send, 403, (sentence + "\n").encode("utf-8"))


async def _respond(send: Send, status: int, body: bytes,
                   headers: list[tuple[bytes, bytes]] | None = None,
                   content_type: bytes = b"text/plain; charset=utf-8") -> None:
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", content_type),
                            (b"content-length", str(len(body)).encode()),
                            (b"cache-control", b"no-store"), *(headers or [])]})
    await send({"type": "http.response.body", "body": body})


async def _redirect(send: Send, location: str) -> None:
    await _respond(send, 303, b"", [(b"location", location.encode("latin-1"))])


async def _welcome(send: Send, target: str, token: str) -> None:
    """Gives the referee's browser its cookie, then leaves the token's address behind.

    A page that moves on by itself rather than a redirect: the cookie is SameSite=Strict,
    and a page of this site asking for the next one is same-site however the link was
    opened (a QR scanner, a chat app); location.replace also keeps the token out of the
    browser's history.
    """
    cookie = f"{COOKIE}={token}; Path=/; HttpOnly; SameSite=Strict; Max-Age=604800"
    target_js = json.dumps(target).replace("<", "\\u003c")
    body = (
        "<!doctype html><html><head><meta charset=\"utf-8\">"
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<link rel="icon" href="data:,"><title>Gnav Companion</title></head><body>'
        f"<script>location.replace({target_js});</script>"
        '<p>Opening the referee\'s controls… <a href="/">Continue</a></p></body></html>'
    ).encode()
    await _respond(send, 200, body, [(b"set-cookie", cookie.encode("latin-1")),
                                     (b"referrer-policy", b"no-referrer")],
                   content_type=b"text/html; charset=utf-8")
