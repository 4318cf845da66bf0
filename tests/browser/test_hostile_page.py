"""Issue 11, item 1: a web page of another origin cannot drive the referee's app on loopback.

`serve` without --lan asks no token on this machine's loopback listener (whoever sits here is
the referee). A page served from another loopback address and port (a tiny server on
127.0.0.5 here, standing in for any site the referee's browser opens) tries what an attacker
would: the app's websocket, replaying the referee's own opening frames to register for the
table, and plain fetches of the app and the table's state. Nothing opens, nothing is read,
and the game's journal is as it was.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from browser_ui import AppServer, button, enable_semantics
from playwright.sync_api import Browser

from companion.engine.gnav import Stakes, Table
from companion.store import Store

EVIL_HOST = "127.0.0.5"
EVIL_PAGE = b"<!doctype html><html><head><title>Cat pictures</title></head><body></body></html>"

# What the page's script does once loaded (run through evaluate, so from the page's origin).
ATTACK = """async ([port, frames, game]) => {
  const out = {opened: false, received: 0, names: false, fetched: []};
  await new Promise(done => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`);
    ws.binaryType = 'arraybuffer';
    ws.onopen = () => {
      out.opened = true;
      for (const f of frames) ws.send(Uint8Array.from(f));
      setTimeout(done, 3000);
    };
    ws.onmessage = e => {
      out.received += 1;
      const text = typeof e.data === 'string' ? e.data
        : new TextDecoder('latin1').decode(new Uint8Array(e.data));
      if (text.includes('Zebediah')) out.names = true;
    };
    ws.onerror = () => done();
    ws.onclose = () => done();
  });
  for (const path of ['/', `/game/${game}`, `/board/${game}/state.json`]) {
    try {
      const r = await fetch(`http://127.0.0.1:${port}${path}`);
      out.fetched.push([path, await r.text()]);
    } catch (e) {
      out.fetched.push([path, null]);
    }
  }
  return out;
}"""


class EvilHandler(BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        self.send_response(200)
        self.send_header("content-type", "text/html; charset=utf-8")
        self.send_header("content-length", str(len(EVIL_PAGE)))
        self.end_headers()
        self.wfile.write(EVIL_PAGE)

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture
def evil_site() -> Iterator[str]:
    site = ThreadingHTTPServer((EVIL_HOST, 0), EvilHandler)
    thread = threading.Thread(target=site.serve_forever, daemon=True)
    thread.start()
    yield f"http://{EVIL_HOST}:{site.server_address[1]}"
    site.shutdown()
    site.server_close()


def test_a_page_of_another_origin_cannot_read_or_change_a_game(
    server: AppServer, browser: Browser, evil_site: str
) -> None:
    store = Store(server.data_dir)
    game = store.create_game(Table(rules="damm", stakes=Stakes("counters", 3),
                                   seats=("Zebediah", "Bo", "Cy"), dealer="Zebediah"))
    journal = store.export_journal(game.id)

    # the referee's own browser opens the table: its first frames register a session there
    referee_context = browser.new_context()
    referee_context.set_default_timeout(20_000)
    frames: list[bytes] = []
    referee = referee_context.new_page()
    referee.on("websocket", lambda ws: ws.on(
        "framesent", lambda p: frames.append(p if isinstance(p, bytes) else p.encode())))
    referee.goto(f"{server.url}/game/{game.id}")
    enable_semantics(referee)
    button(referee, "Deal").wait_for(state="attached")
    assert frames, "the referee's app sent nothing over its websocket"
    referee_context.close()

    evil_context = browser.new_context()
    evil_context.set_default_timeout(20_000)
    try:
        evil = evil_context.new_page()
        evil.goto(f"{evil_site}/evil.html")
        got = evil.evaluate(ATTACK, [server.port, [list(f) for f in frames], game.id])
    finally:
        evil_context.close()

    assert got["opened"] is False and got["received"] == 0 and got["names"] is False, got
    assert got["fetched"] == [["/", None], [f"/game/{game.id}", None],
                              [f"/board/{game.id}/state.json", None]], got
    assert Store(server.data_dir).export_journal(game.id) == journal
    log = server.log.read_text(errors="replace")
    assert f"refused 127.0.0.1: websocket /ws from '{evil_site}', not a page of " \
        f"127.0.0.1:{server.port}" in log


def test_no_page_of_another_origin_can_frame_the_app_or_a_board(
    server: AppServer, browser: Browser, evil_site: str
) -> None:
    """Issue 11, item 4 (frame-ancestors 'none'): laid in another site's frame, the app could
    be clicked through a decoy on top of it; Chromium shows its own error page instead."""
    context = browser.new_context()
    context.set_default_timeout(20_000)
    try:
        evil = context.new_page()
        evil.goto(f"{evil_site}/evil.html")
        loaded: list[str] = []
        evil.on("framenavigated", lambda frame: loaded.append(frame.url))
        evil.evaluate("""(urls) => Promise.all(urls.map(url => new Promise(done => {
            const frame = document.createElement('iframe');
            frame.onload = done;
            frame.src = url;
            document.body.appendChild(frame);
        })))""", [f"{server.url}/", f"{server.url}/board"])
        framed = [f.url for f in evil.frames if f is not evil.main_frame]
    finally:
        context.close()
    assert len(framed) == 2, framed
    assert not any(url.startswith(server.url) for url in framed), (framed, loaded)
