"""Who may hold a connection to the app's servers, and for how long (issue 21, item 5).

A phone without the token could lock the referee out with connections that never send a
byte: 1,100 of them, opened in 0.2 s from one address, took every file the process may open,
and then nothing answered (a reload, another phone's board, the tapped Tables screen). So,
for every server of the app (`serve`, the built app's window and its sharing server), the
listening sockets hand each accepted connection to the one DOOR of the process first:

- at most CONNECTIONS_PER_ADDRESS from one client address at once (a phone opens a few);
- no new one from the network once the open-file limit, less FILES_RESERVED kept for the
  referee (the games file, the journals, this machine's own browser), is reached;
- a request's head (its line and headers) must be whole HEAD_SECONDS after the connection
  opened or its last answer was sent: one header byte every few seconds does not hold one.

A connection refused is closed as soon as it is handed over (it holds a file for a few turns
of the loop). This machine's own browser (127.0.0.1, ::1) is never refused: it is the
referee, and its tools may open many (the benchmarks). What the door refuses, and whatever
the event loop could not do (an accept that failed), goes to the log one line each, at most
LOG_BURST lines a minute of each kind: a flood must not fill the disk with the same
traceback (asyncio wrote one per failed accept, up to 2,048 a second).
"""

from __future__ import annotations

import asyncio
import encodings.unicode_escape  # noqa: F401 - loaded now: `shown` runs when no file opens
import sys
import threading
import time
from collections.abc import Callable
from functools import cache
from typing import Any

try:
    import resource
except ImportError:  # pragma: no cover - Windows has no open-file limit
    resource = None  # type: ignore[assignment]

CONNECTIONS_PER_ADDRESS = 32  # a phone's browser opens six at most, a second referee device more
FILES_RESERVED = 256  # open files kept for the referee whatever the network asks
HEAD_SECONDS = 10.0  # a request's line and headers arrive in one packet from a phone
# Connections asyncio accepts in one go (uvicorn's backlog, 2,048 by default, is that count):
# each reaches the door, and a refused one gives its file back a few turns of the loop later,
# so a crowd keeps about three bursts open beyond the door's count. They must fit in the
# reserve, with room to spare.
ACCEPT_BURST = 32
# The kernel's queue of connections not yet accepted. asyncio sets it to the burst too when it
# starts serving a socket; the servers set it back to this (a short queue drops a phone's
# first try under a crowd, and it tries again a second later).
LISTEN_QUEUE = 128
UNLIMITED = 1_000_000  # where the system names no open-file limit
LOG_BURST = 30
LOG_WINDOW = 60.0
# The addresses this machine's own browser connects from: a packet from the network never
# carries them (the kernel drops it), so they are the referee's, never a phone's.
THIS_MACHINE = frozenset({"127.0.0.1", "::1", "::ffff:127.0.0.1"})


def _stderr(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


class LogLimit:
    """At most `burst` lines per `window` seconds under one key (an address, a kind of error);
    the first line past them says for how long the rest are only counted. Lines are escaped:
    what a client wrote into one cannot forge another."""

    def __init__(self, log: Callable[[str], None] = _stderr, burst: int = LOG_BURST,
                 window: float = LOG_WINDOW, keys: int = 4096,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.log = log
        self.burst = burst
        self.window = window
        self.keys = keys
        self.clock = clock
        self.windows: dict[str, tuple[float, int]] = {}
        self.lock = threading.Lock()

    def __call__(self, key: str, line: str) -> None:
        with self.lock:
            now = self.clock()
            start, count = self.windows.get(key, (now, 0))
            if now - start >= self.window:
                start, count = now, 0
            if len(self.windows) >= self.keys and key not in self.windows:
                self.windows = {k: w for k, w in self.windows.items()
                                if now - w[0] < self.window}
            self.windows[key] = (start, count + 1)
        if count < self.burst:
            self.log(shown(line))
        elif count == self.burst:
            self.log(shown(f"more lines like the last ({key}) in the next "
                           f"{self.window - (now - start):.0f} s are not logged"))


def shown(text: str, limit: int = 300) -> str:
    """A log line as the terminal may show it: everything but printable ASCII escaped (a path
    or a header can hold newlines, ANSI escapes or right-to-left marks), a long line cut."""
    escaped = text.encode("unicode_escape").decode("ascii")
    return escaped if len(escaped) <= limit else escaped[:limit] + "..."


def open_file_limit() -> int:
    """The process's soft limit on open files now (UNLIMITED where there is none)."""
    if resource is None:  # pragma: no cover
        return UNLIMITED
    try:
        soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    except (OSError, ValueError):  # pragma: no cover
        return UNLIMITED
    return UNLIMITED if soft == resource.RLIM_INFINITY else int(soft)


class Door:
    """The connections the process's servers hold from the network, counted per client
    address: shared by every server and thread of the process (the built app runs its window
    and its sharing server on two loops), since they share one open-file limit."""

    def __init__(self, per_address: int = CONNECTIONS_PER_ADDRESS,
                 reserved: int = FILES_RESERVED,
                 log: LogLimit | None = None) -> None:
        self.per_address = per_address
        self.reserved = reserved
        self.note = log or LogLimit()
        self.held: dict[object, str] = {}  # transport: its client's address
        self.by_address: dict[str, int] = {}
        self.lock = threading.Lock()

    def network_limit(self) -> int:
        """How many connections from the network may be open at once: what the open-file
        limit leaves beyond the referee's reserve."""
        return max(0, open_file_limit() - self.reserved)

    def admit(self, transport: asyncio.BaseTransport) -> bool:
        """Whether the connection just accepted on `transport` may stay; if so it is counted
        until `release`."""
        peer = transport.get_extra_info("peername")
        address = str(peer[0]) if isinstance(peer, tuple) and peer else ""
        if address in THIS_MACHINE:
            return True
        with self.lock:
            if len(self.held) >= self.network_limit():
                why = (f"refused a connection from {address}: {len(self.held)} are open from "
                       "the network, the most this app's open-file limit allows beside the "
                       "referee's own")
            elif self.by_address.get(address, 0) >= self.per_address:
                why = (f"refused a connection from {address}: {self.per_address} are open "
                       "from that address already")
            else:
                self.held[transport] = address
                self.by_address[address] = self.by_address.get(address, 0) + 1
                return True
        # one budget for every address: a crowd from many addresses fills no more lines
        self.note("refused connections", why)
        return False

    def release(self, transport: object) -> None:
        """The connection on `transport` closed (any number of times: only the first counts)."""
        with self.lock:
            address = self.held.pop(transport, None)
            if address is None:
                return
            left = self.by_address.get(address, 1) - 1
            if left > 0:
                self.by_address[address] = left
            else:
                self.by_address.pop(address, None)

    def open_from(self, address: str) -> int:
        with self.lock:
            return self.by_address.get(address, 0)


DOOR = Door()
LOOP_LOG = LogLimit()


def loop_errors(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
    """The event loop's own errors, one line each and rate-limited: an accept that fails for
    want of files ("socket.accept() out of system resource") is retried every second by
    asyncio, and each try would otherwise write a whole traceback."""
    try:
        message = str(context.get("message") or "event loop error")
        error = context.get("exception")
        LOOP_LOG(message, f"{message}: {error!r}" if error is not None else message)
    except Exception:  # noqa: BLE001, S110 - asyncio would log this one with two tracebacks
        pass


def keep_at_door(config: Any) -> None:
    """Makes a loaded uvicorn Config's connections go through DOOR, with the head deadline:
    its HTTP protocol (and the websocket protocol a connection is handed to on an upgrade,
    which then owns the connection) are replaced by subclasses that count and time them, and
    at most ACCEPT_BURST connections are accepted in one go."""
    config.backlog = min(config.backlog, ACCEPT_BURST)
    config.http_protocol_class = _door_http(config.http_protocol_class)
    if config.ws_protocol_class is not None:
        config.ws_protocol_class = _door_ws(config.ws_protocol_class)


@cache
def _door_http(base: type[Any]) -> type[Any]:
    if getattr(base, "gnav_at_door", False):
        return base

    class AtDoor(base):  # type: ignore[misc]
        """uvicorn's HTTP protocol (h11 or httptools), admitted by DOOR and timed: the head of
        each request (its `cycle`, made when the head is whole) must come within
        HEAD_SECONDS of the connection or of the last answer."""

        gnav_at_door = True
        gnav_refused = False
        gnav_deadline: asyncio.TimerHandle | None = None
        gnav_waiting_after: object = None

        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            if not DOOR.admit(transport):
                self.gnav_refused = True
                transport.abort()  # type: ignore[attr-defined]
                return
            super().connection_made(transport)
            self.gnav_await_head()

        def data_received(self, data: bytes) -> None:
            if not self.gnav_refused:
                super().data_received(data)

        def eof_received(self) -> Any:
            if not self.gnav_refused:
                return super().eof_received()
            return None

        def connection_lost(self, exc: Exception | None) -> None:
            if self.gnav_refused:
                return
            self.gnav_stop_waiting()
            DOOR.release(self.transport)
            super().connection_lost(exc)

        def on_response_complete(self) -> None:
            # armed before the next request's head is read (a pipelined one is read at once)
            self.gnav_await_head()
            super().on_response_complete()

        def gnav_await_head(self) -> None:
            self.gnav_stop_waiting()
            self.gnav_waiting_after = self.cycle
            self.gnav_deadline = self.loop.call_later(HEAD_SECONDS, self.gnav_head_late)

        def gnav_stop_waiting(self) -> None:
            if self.gnav_deadline is not None:
                self.gnav_deadline.cancel()
                self.gnav_deadline = None

        def gnav_head_late(self) -> None:
            self.gnav_deadline = None
            transport = self.transport
            if transport.is_closing() or transport.get_protocol() is not self:
                return  # closed, or a websocket now (its own protocol holds it)
            if self.cycle is self.gnav_waiting_after:
                transport.close()

    AtDoor.__name__ = AtDoor.__qualname__ = f"AtDoor{base.__name__}"
    return AtDoor


@cache
def _door_ws(base: type[Any]) -> type[Any]:
    if getattr(base, "gnav_at_door", False):
        return base

    class AtDoorSocket(base):  # type: ignore[misc]
        """uvicorn's websocket protocol, giving the connection's place at DOOR back when it
        closes (the HTTP protocol that admitted it is no longer told)."""

        gnav_at_door = True
        gnav_transport: object = None

        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            self.gnav_transport = transport
            super().connection_made(transport)

        def connection_lost(self, exc: Exception | None) -> None:
            try:
                super().connection_lost(exc)
            finally:
                DOOR.release(self.gnav_transport)

    AtDoorSocket.__name__ = AtDoorSocket.__qualname__ = f"AtDoor{base.__name__}"
    return AtDoorSocket
