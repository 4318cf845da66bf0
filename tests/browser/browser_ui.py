"""Driving the Flet web client in Debian's Chromium: shared by the browser tests, the
screenshot script and the speed benchmark.

Flutter draws on a canvas; the DOM only gets an accessibility tree once semantics are
switched on (a click on `flt-semantics-placeholder`). From then on every labelled control is
an `flt-semantics` element with a role and a name, which is all these helpers use: the tests
drive the app the way a screen reader would, by the labels in ui-labels.
"""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, Locator, Page, Playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

REPO = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--enable-unsafe-swiftshader",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE = {"width": 390, "height": 844}
TABLET = {"width": 1280, "height": 800}
TABLET_PORTRAIT = {"width": 800, "height": 1280}
# the sizes of the first evening at the table (issue 12): a phone upright and sideways
PHONE_UPRIGHT = {"width": 412, "height": 915}
PHONE_SIDEWAYS = {"width": 915, "height": 412}
ISSUE_SIZES = (PHONE_UPRIGHT, PHONE_SIDEWAYS, TABLET)
# a test run once at each of them, as `size`, named by its width and height
at_issue_sizes = pytest.mark.parametrize(
    "size", ISSUE_SIZES, ids=lambda s: f"{s['width']}x{s['height']}")
LOOPBACK = {"127.0.0.1", "localhost", "::1", "[::1]"}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def wait_port(
    port: int, timeout: float = 30.0, proc: subprocess.Popen[Any] | None = None
) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            raise RuntimeError(f"the server stopped with status {proc.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.1)
    raise TimeoutError(f"nothing answered on 127.0.0.1:{port} within {timeout} s")


class AppServer:
    """`python -m companion serve` (or any command) in a subprocess on 127.0.0.1."""

    def __init__(
        self, data_dir: Path, port: int | None = None, command: list[str] | None = None,
        env: dict[str, str] | None = None,
    ) -> None:
        self.data_dir = data_dir
        self.env = env or {}  # set for the command, over this process's environment
        self.port = port or free_port()
        self.command = command or [
            sys.executable, "-m", "companion", "serve",
            "--host", "127.0.0.1", "--port", str(self.port), "--data", str(data_dir),
        ]
        self.proc: subprocess.Popen[bytes] | None = None
        self.log = data_dir.parent / f"server-{self.port}.log"

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> AppServer:
        env = dict(os.environ)
        env.pop("FLET_APP_STORAGE_DATA", None)
        env.update(self.env)
        with open(self.log, "ab") as log:
            self.proc = subprocess.Popen(
                self.command, cwd=REPO, env=env, stdout=log, stderr=subprocess.STDOUT
            )
        try:
            wait_port(self.port, proc=self.proc)
        except Exception as err:
            self.stop()
            log = self.log.read_text(errors="replace")
            raise RuntimeError(f"{err}; server log:\n{log}") from err
        return self

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs, as when the power goes."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)
        self.proc = None

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        self.proc = None


def launch_chromium(pw: Playwright) -> Browser:
    return pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)


def is_loopback(url: str) -> bool:
    parts = urlsplit(url)
    if parts.scheme in ("data", "blob", "about", "chrome", "chrome-extension"):
        return True
    return (parts.hostname or "") in LOOPBACK


def enable_semantics(page: Page, timeout: float = 30_000) -> None:
    placeholder = page.locator("flt-semantics-placeholder")
    placeholder.wait_for(state="attached", timeout=timeout)
    placeholder.dispatch_event("click")
    page.locator("flt-semantics").first.wait_for(state="attached", timeout=timeout)


def remember_language(context: BrowserContext, lang: str) -> None:
    """Every page of `context` opens in `lang`, as the app's Language button leaves a browser
    (the choice Flutter's shared_preferences keeps in localStorage)."""
    from companion.app import LANGUAGE_KEY

    context.add_init_script(f"localStorage.setItem('flutter.{LANGUAGE_KEY}', "
                            f"JSON.stringify('{lang}'))")


def open_app(page: Page, url: str, ready_text: str | None = None, timeout: float = 30_000) -> None:
    page.goto(url)
    enable_semantics(page, timeout)
    if ready_text is not None:
        wait_text(page, ready_text, timeout)


def button(page: Page, name: str, exact: bool = True) -> Locator:
    return page.get_by_role("button", name=name, exact=exact)


# Flutter's web semantics debounce pointer clicks: a second tap within about 100 ms of the
# last one can be dropped. People do not tap that fast; tests must not either.
TAP_GAP = 0.25
_last_tap: dict[int, float] = {}


def _pace(page: Page) -> None:
    since = time.monotonic() - _last_tap.get(id(page), 0.0)
    if since < TAP_GAP:
        time.sleep(TAP_GAP - since)


def tap(page: Page, name: str, exact: bool = True, timeout: float = 15_000) -> None:
    """Tap the button with this accessible name (exactly one must be there)."""
    _pace(page)
    button(page, name, exact).click(timeout=timeout)
    _last_tap[id(page)] = time.monotonic()


def tap_until(page: Page, name: str, appears: Locator, tries: int = 3,
              wait: float = 5_000) -> None:
    """Tap a button until what it opens is there: a tap that lands while Flutter rebuilds the
    screen (a page just loaded, then resized to the phone's size) is lost, and a person would
    simply tap again. Taps again only while the button is still there and the result is not."""
    for _ in range(tries):
        tap(page, name)
        try:
            appears.wait_for(state="attached", timeout=wait)
            return
        except PlaywrightTimeoutError:
            if not button(page, name).count():
                break
    appears.wait_for(state="attached", timeout=wait)


def tap_first(page: Page, name: str, exact: bool = True, timeout: float = 15_000) -> None:
    _pace(page)
    button(page, name, exact).first.click(timeout=timeout)
    _last_tap[id(page)] = time.monotonic()


def wait_text(page: Page, text: str | re.Pattern[str], timeout: float = 15_000) -> Locator:
    loc = page.get_by_text(text).first
    loc.wait_for(state="attached", timeout=timeout)
    return loc


def hook(page: Page, identifier: str) -> Locator:
    """The element wrapped in ft.Semantics(identifier=...)."""
    return page.locator(f'[flt-semantics-identifier="{identifier}"]')


def hook_text(page: Page, identifier: str, timeout: float = 15_000) -> str:
    loc = hook(page, identifier).first
    loc.wait_for(state="attached", timeout=timeout)
    return semantic_text(loc)


# Text of a semantics node and its children: labels live in aria-label or text.
_SEMANTIC_TEXT_JS = """el => {
    const parts = [];
    const walk = n => {
        if (n.nodeType === 3) {
            const t = n.textContent.trim();
            if (t) parts.push(t);
            return;
        }
        if (n.nodeType !== 1) return;
        const label = n.getAttribute('aria-label');
        if (label) parts.push(label.trim());
        for (const c of n.childNodes) walk(c);
    };
    walk(el);
    return parts.join(' ');
}"""


def semantic_text(loc: Locator) -> str:
    """Text of a semantics node and its children: labels live in aria-label or text."""
    text: str = loc.evaluate(_SEMANTIC_TEXT_JS)
    return text


def all_semantic_text(page: Page) -> str:
    return semantic_text(page.locator("flt-glass-pane, body").first)


def settle(page: Page, seconds: float = 0.5) -> None:
    """Let Flutter paint what the DOM already says (screenshots taken at once can be blank)."""
    page.wait_for_timeout(seconds * 1000)


@contextmanager
def recorded_requests(page: Page) -> Iterator[list[str]]:
    urls: list[str] = []

    def on_request(request: Any) -> None:
        urls.append(request.url)

    page.on("request", on_request)
    try:
        yield urls
    finally:
        page.remove_listener("request", on_request)


# --- flows through the UI, by the labels of ui-labels -----------------------------------------


def phase(page: Page) -> str:
    """The one question the table screen asks now ("Bo's turn", "Show your pieces", ...)."""
    return hook_text(page, "phase")


def type_into(page: Page, label: str, text: str) -> None:
    """Replace the text of the field with this label.

    The semantics node is only a proxy: a click gives Flutter the focus and its own editing
    element, which then takes the keystrokes (Playwright's fill() can race with that).
    """
    for _attempt in range(3):
        _pace(page)
        page.get_by_role("textbox", name=label).click()
        _last_tap[id(page)] = time.monotonic()
        page.keyboard.press("Control+A")
        page.keyboard.press("Delete")
        page.keyboard.insert_text(text)
        # the keys go wherever the focus is: when Flutter had not yet moved it into the
        # field's editing element they were lost (seen in CI under load), so check and retry
        deadline = time.monotonic() + 2
        while time.monotonic() < deadline:
            if page.evaluate(_FOCUSED_VALUE) == text:
                return
            page.wait_for_timeout(50)
    raise AssertionError(f"could not type {text!r} into {label!r}")


_FOCUSED_VALUE = ("() => { const e = document.activeElement;"
                  " return e && 'value' in e ? e.value : null; }")


def choose(page: Page, label: str) -> None:
    """Pick a radio button by its label."""
    _pace(page)
    page.get_by_role("radio", name=label, exact=True).click()
    _last_tap[id(page)] = time.monotonic()


def add_players(page: Page, players: list[str]) -> None:
    """On New table: type each name and add it, again when the tap was lost."""
    for name in players:
        for attempt in range(3):
            type_into(page, "Player name", name)
            tap(page, "Add player")
            try:
                button(page, f"Remove {name}").wait_for(state="attached", timeout=5_000)
                break
            except PlaywrightTimeoutError:
                # a tap lost under load (a CI run never saw "Remove Ann"): type and add again;
                # had the first tap gone through late, the app says the name is taken and the
                # player is there all the same
                if attempt == 2:
                    raise


def new_table(
    page: Page,
    players: list[str],
    rules: str = "damm",
    amount: int | None = None,
    strokes: bool = False,
    dealer: str | None = None,
) -> None:
    """From the tables screen: name the players, pick the rule book, stakes and dealer, start."""
    tap(page, "New table")
    add_players(page, players)
    choose(page, rules)
    if strokes:
        choose(page, "Strokes")
    if amount is not None:
        type_into(page, "Stroke limit" if strokes else "Counters each", str(amount))
    choose(page, f"Dealer {dealer or players[0]}")
    tap(page, "Start game")
    button(page, "Undo").wait_for(state="attached")
    # the address follows the screen a moment later; tests read the game's id from it
    page.wait_for_url(re.compile(r"/game/\d+$"))


def in_view(page: Page, loc: Locator) -> bool:
    """Whether the control's whole box is on the screen."""
    box = loc.bounding_box()
    size = page.viewport_size
    return (box is not None and size is not None and box["y"] >= 0 and box["x"] >= 0
            and box["y"] + box["height"] <= size["height"] + 0.5
            and box["x"] + box["width"] <= size["width"] + 0.5)


def reach(page: Page, loc: Locator, tries: int = 12) -> None:
    """Scroll the panel the control is in (the wheel over the control's column) until the
    control is wholly on the screen, as a finger would; fails when it never gets there."""
    for _attempt in range(tries):
        if in_view(page, loc):
            return
        box = loc.bounding_box()
        size = page.viewport_size
        assert box is not None and size is not None
        x = min(max(box["x"] + box["width"] / 2, 1), size["width"] - 1)
        # the wheel inside the panel, clear of the screen's padding and of what stays put
        # above a scrolling part (the picker's prompt and Settle over its pack)
        y = min(max(box["y"] + box["height"] / 2, size["height"] * 0.5), size["height"] * 0.75)
        page.mouse.move(x, y)
        # as far as the control is off the screen, a flick at a time
        below = box["y"] + box["height"] - size["height"] + 40
        page.mouse.wheel(0, min(max(below, 120), 600) if box["y"] > 0
                         else -min(max(40 - box["y"], 120), 600))
        page.wait_for_timeout(250)
    raise AssertionError(f"{loc} cannot be scrolled onto the screen: {loc.bounding_box()}")


def stored_game(page: Page, data_dir: Path) -> Any:
    """The game the page shows (its id read from the address) as stored: its `table` and
    `state`."""
    from companion.store import Store  # the store only for the tests that read it

    match = re.search(r"/game/(\d+)", page.url)
    assert match is not None, f"the page shows no game: {page.url}"
    store = Store(data_dir)
    try:
        return store.open_game(int(match.group(1)))
    finally:
        store.close()


def table_at_the_reveal(page: Page, url: str, size: dict[str, int], players: list[str],
                        rules: str = "damm") -> None:
    """A new table of `players` (the first deals) in a window of `size`, dealt, every seat
    standing: the piece picker is up."""
    page.set_viewport_size(size)
    open_tables(page, url)
    new_table(page, players, rules=rules, dealer=players[0])
    tap_and_wait(page, "Deal")
    while not button(page, "Settle").count():
        tap_and_wait(page, "Stand")
    button(page, "Settle").wait_for(state="attached")


def stand_round(game: Any) -> None:
    """A stored game from its deal: every seat stands in turn (through the store)."""
    from companion.engine.gnav import Deal, Stand

    game.apply(Deal())
    while game.state.phase == "turns":
        game.apply(Stand(game.state.turn_name or ""))


def tap_and_wait(page: Page, name: str, exact: bool = True, identifier: str = "phase") -> str:
    """Tap a button and wait until the question text changes; returns the new text ("" when
    the screen no longer asks a question there, e.g. the reveal's piece picker)."""
    before = current_hook_text(page, identifier)
    tap(page, name, exact)
    return wait_hook_change(page, identifier, before)


def tap_until_changed(page: Page, name: str, identifier: str = "phase", tries: int = 3,
                      wait: float = 5_000) -> str:
    """Tap a button until the hook's text changes and return the new text: tap_until for a
    tap whose effect is a new question. Taps again only while the text is unchanged and the
    button still there (a tap lost while Flutter rebuilt the page), so a tap that did land is
    not repeated once its effect shows."""
    before = current_hook_text(page, identifier)
    for _ in range(tries):
        tap(page, name)
        try:
            return wait_hook_change(page, identifier, before, wait)
        except AssertionError:
            if not button(page, name).count():
                break
    return wait_hook_change(page, identifier, before, wait)


def current_hook_text(page: Page, identifier: str) -> str:
    """The hook's text now, or "" when it is not there: looked up and read in one script, as
    the node can vanish between a count and a read (the last Stand swaps the question for the
    piece picker), and a Locator read of a vanished node waits out its whole timeout."""
    text: str = page.evaluate(
        f"""identifier => {{
            const el = document.querySelector(`[flt-semantics-identifier="${{identifier}}"]`);
            return el ? ({_SEMANTIC_TEXT_JS})(el) : "";
        }}""",
        identifier,
    )
    return text


def wait_hook_change(page: Page, identifier: str, before: str, timeout: float = 15_000) -> str:
    deadline = time.monotonic() + timeout / 1000
    while time.monotonic() < deadline:
        now = current_hook_text(page, identifier)
        if now != before:
            return now
        page.wait_for_timeout(50)
    raise AssertionError(f"{identifier!r} still reads {before!r} after {timeout / 1000} s")


def wait_phase(page: Page, starting: str, timeout: float = 30_000) -> str:
    """The table's question once it starts with `starting` (a screen being replaced shows
    none for a moment)."""
    deadline = time.monotonic() + timeout / 1000
    while True:
        now = current_hook_text(page, "phase")
        if now.startswith(starting):
            return now
        if time.monotonic() > deadline:
            raise AssertionError(f"the question is {now!r}, not {starting!r}...")
        page.wait_for_timeout(50)


def _count_text(page: Page, text: str) -> int:
    count: int = page.locator("flt-semantics").evaluate_all(
        "(els, text) => els.filter(e => !e.querySelector('flt-semantics')"
        " && e.textContent.trim() === text).length",
        text,
    )
    return count


def picker_seats(page: Page) -> list[str]:
    """The seats of the piece picker, in its order (the order it moves through)."""
    names: list[str] = page.locator('flt-semantics[role="button"]').evaluate_all(
        "els => els.map(e => e.textContent.trim()).filter(t => t.endsWith(\"'s piece\"))"
    )
    return [n[: -len("'s piece")] for n in names]


def pick_piece(page: Page, piece: str, seat: str | None = None, timeout: float = 10.0) -> None:
    """Tap a piece for the highlighted seat (or select `seat` first) and wait until the piece
    shows beside it: the picker redraws after every tap, and a tap on a control that is being
    replaced is lost, so the next tap must wait for the redraw."""
    if seat is not None:
        tap(page, f"{seat}'s piece")
        page.wait_for_timeout(1500)  # selecting shows nothing a test can see; let it land
    before = _count_text(page, piece)
    tap(page, piece)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if _count_text(page, piece) > before:
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"the picker did not take {piece} (for {seat or 'the highlighted seat'})")


def reveal(page: Page, pieces: dict[str, str], action: str = "Settle") -> None:
    """Give each seat its piece, one tap a seat in the picker's own order, then settle (or cut)
    and wait until the picker's question gives way to what follows: the banner and the seats
    are read after that, never from the moment before the tap reached the app."""
    button(page, action).wait_for(state="attached")
    order = picker_seats(page)
    assert sorted(order) == sorted(pieces), f"the picker shows {order}, not {list(pieces)}"
    for seat in order:
        pick_piece(page, pieces[seat])
    tap_until_changed(page, action)


def open_tables(page: Page, url: str) -> None:
    """Open the app on the tables screen (the app reopens the last game it showed)."""
    open_app(page, url + "/")
    new_table_button = button(page, "New table")
    page.locator(
        'flt-semantics[role="button"]:text-is("New table"), '
        'flt-semantics[role="button"]:text-is("Tables")'
    ).first.wait_for(state="attached")
    if not new_table_button.count():
        tap_first(page, "Tables")  # the game-over panel has a second one
    new_table_button.wait_for(state="attached")
