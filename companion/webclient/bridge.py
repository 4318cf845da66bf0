"""The websocket between a browser's Flet client and a Flet Session running the app's
`main(page)`, over Starlette's WebSocket (so plain uvicorn with wsproto carries it).

Adapted from flet_web/fastapi/flet_app.py and flet_app_manager.py (flet-web 1.0.5,
Apache-2.0), keeping what this app uses: sessions made and run, control events, property
patches and method results from the client, a session taken up again when its browser comes
back (a phone's network blinks, a tablet wakes), disconnected sessions ended after a while.
Left out: uploads (the app reads a chosen file's bytes over the socket), OAuth, pub/sub
between sessions (the app's Games tells the other sessions itself), data channels.

Unlike flet-web's, a session whose browser closed its socket (a closed tab, a reload) is ended
at once, one whose connection was lost waits SESSION_GRACE for it (at most WAITING_SESSIONS
wait at a time), and an event for a control the session never sent is dropped unread (issue
21, items 6 and 8).

Unlike flet-web's, sending is safe from any thread: a session of this server is redrawn from
the other server's loop when a tap there changes the game (App.game_changed), and its handlers
run in the executor.
"""

from __future__ import annotations

import asyncio
import contextlib
import inspect
import logging
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from typing import Any

import msgpack  # type: ignore[import-untyped]
from flet.controls.base_control import BaseControl
from flet.controls.context import _context_page, context
from flet.controls.exceptions import FletPageDisconnectedException
from flet.messaging.connection import Connection
from flet.messaging.protocol import (
    ControlEventBody,
    InvokeMethodResponseBody,
    Message,
    MessageAction,
    RegisterClientRequestBody,
    RegisterClientResponseBody,
    UpdateControlPropsBody,
    configure_encode_object_for_msgpack,
    decode_ext_from_msgpack,
)
from flet.messaging.session import Session
from flet.pubsub.pubsub_hub import PubSubHub
from flet.utils import sha1
from starlette.websockets import WebSocket, WebSocketDisconnect

logger = logging.getLogger(__name__)

Main = Callable[[Any], Any]

SESSION_GRACE = 120  # seconds a session whose connection was lost waits for its browser
WAITING_SESSIONS = 16  # sessions waiting at once, at most: the longest waiting go first
EVICT_EVERY = 10.0
# the browser itself closed the socket (a tab closed, a page reloaded or left): nobody comes
# back for the session
CLOSED_BY_BROWSER = frozenset({1000, 1001})


def known_controls_only() -> None:
    """Flet's Session looks an event's control up in its index and, failing that, walks the
    whole page for it (flet/messaging/session.py, __find_live_control): 5,000 events for ids
    that do not exist held the server's loop for 27 s. A browser can name only controls the
    session sent it, and those are in the index; an event for any other id is dropped before
    the walk. flet-web (`serve`) makes its sessions itself, so the check goes on the class,
    once; the bridge below checks before it dispatches."""
    if getattr(Session.dispatch_event, "gnav_known_only", False):
        return
    dispatch = Session.dispatch_event

    async def dispatch_event(self: Session, control_id: int, event_name: str,
                             event_data: Any) -> None:
        if control_id in self.index:
            await dispatch(self, control_id, event_name, event_data)

    dispatch_event.gnav_known_only = True  # type: ignore[attr-defined]
    Session.dispatch_event = dispatch_event  # type: ignore[method-assign]


class Sessions:
    """The sessions of one server's loop, by the key their client comes back with."""

    def __init__(self, main: Main, executor: ThreadPoolExecutor) -> None:
        self.main = main
        self.executor = executor
        self.sessions: dict[str, Session] = {}
        self.hub: PubSubHub | None = None
        self.evicting: asyncio.Task[None] | None = None

    def started(self) -> PubSubHub:
        """The hub every Session needs, and the eviction, on the running loop (the first
        connection's)."""
        if self.hub is None:
            self.hub = PubSubHub(loop=asyncio.get_running_loop(), executor=self.executor)
        if self.evicting is None:
            self.evicting = asyncio.create_task(self._evict())
        return self.hub

    async def _evict(self) -> None:
        while True:
            await asyncio.sleep(EVICT_EVERY)
            now = datetime.now(UTC)
            for key, session in list(self.sessions.items()):
                if session.expires_at is not None and now > session.expires_at:
                    self.close(key)

    def close(self, key: str) -> None:
        session = self.sessions.pop(key, None)
        if session is not None:
            try:
                session.close()  # type: ignore[no-untyped-call]
            except Exception:  # an ending session must not stop the others
                logger.exception("closing an expired session")

    def left(self, key: str, closed: bool) -> None:
        """The browser of session `key` is gone: it closed the socket itself (`closed`: the
        session ends now) or the connection was lost (it waits SESSION_GRACE, and the longest
        waiting beyond WAITING_SESSIONS end now)."""
        if closed:
            self.close(key)
            return
        waiting = sorted((session.expires_at, other)
                         for other, session in self.sessions.items()
                         if session.connection is None and session.expires_at is not None)
        for _expires, other in waiting[:max(0, len(waiting) - WAITING_SESSIONS)]:
            self.close(other)


class Bridge(Connection):
    """One browser's websocket, attached to a new Session or to the one it comes back to."""

    def __init__(self, sessions: Sessions) -> None:
        super().__init__()  # type: ignore[no-untyped-call]
        self.sessions = sessions
        self.executor = sessions.executor
        self.session: Session | None = None
        self.queue: asyncio.Queue[bytes | None] | None = None
        self.thread = 0
        self.tasks: set[asyncio.Task[Any]] = set()
        self.client = ""
        self.ip = ""
        self.agent = ""

    async def handle(self, websocket: WebSocket) -> None:
        self.loop = asyncio.get_running_loop()
        self.thread = threading.get_ident()
        self.pubsubhub = self.sessions.started()
        self.ip = ip = websocket.client.host if websocket.client else ""
        self.agent = agent = websocket.headers.get("user-agent", "")
        # a session is taken up again only by the browser that left it (flet-web's rule)
        self.client = sha1(("" if ip in ("127.0.0.1", "::1") else ip) + agent)  # type: ignore[no-untyped-call]
        self.page_url = str(websocket.url).rsplit("/", 1)[0]
        self.page_name = ""
        await websocket.accept()
        self.queue = asyncio.Queue()
        sending = asyncio.create_task(self._send_loop(websocket))
        closed = False
        try:
            closed = await self._receive_loop(websocket)
        finally:
            self._put(None)
            with contextlib.suppress(Exception):
                await sending
            session = self.session
            if session is not None:
                await session.disconnect(SESSION_GRACE)
                self.sessions.left(self._key(session.id), closed)

    def _key(self, session_id: str) -> str:
        return f"{session_id}_{self.client}"

    async def _send_loop(self, websocket: WebSocket) -> None:
        assert self.queue is not None
        while (data := await self.queue.get()) is not None:
            try:
                await websocket.send_bytes(data)
            except Exception:  # noqa: BLE001 - the browser went: the receive loop ends too
                return

    async def _receive_loop(self, websocket: WebSocket) -> bool:
        """Until the socket ends; True when the browser closed it itself."""
        # each frame: a type byte, 0 for a MsgPack message of Flet's protocol (1, a data
        # channel's frame, is not used by this app)
        try:
            while True:
                data = await websocket.receive_bytes()
                if data[:1] == b"\x00":
                    await self._on_message(
                        msgpack.unpackb(data[1:], ext_hook=decode_ext_from_msgpack))
        except WebSocketDisconnect as gone:
            return gone.code in CLOSED_BY_BROWSER
        except Exception as error:  # noqa: BLE001 - a bad frame ends this connection only
            logger.warning("websocket closed on an error: %s: %s", type(error).__name__, error)
        return False

    async def _on_message(self, data: Any) -> None:
        action = MessageAction(data[0])
        body = data[1]
        if action == MessageAction.REGISTER_CLIENT:
            await self._register(RegisterClientRequestBody(**body))
            return
        session = self.session
        if session is None:
            return
        if action == MessageAction.CONTROL_EVENT:
            event = ControlEventBody(**body)
            if event.target not in session.index:
                return  # a control this session never sent: nothing to run, nothing to look up
            task = asyncio.create_task(session.dispatch_event(event.target, event.name,
                                                              event.data))
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)
        elif action == MessageAction.UPDATE_CONTROL_PROPS:
            patch = UpdateControlPropsBody(**body)
            session.apply_patch(patch.id, patch.props)
        elif action == MessageAction.INVOKE_METHOD:
            result = InvokeMethodResponseBody(**body)
            session.handle_invoke_method_results(result.control_id, result.call_id,
                                                 result.result, result.error)

    async def _register(self, request: RegisterClientRequestBody) -> None:
        session = None
        if request.session_id:
            candidate = self.sessions.sessions.get(self._key(request.session_id))
            if candidate is not None and candidate.connection is None:
                session = candidate
        new = session is None
        if session is None:
            session = Session(self)
            self.sessions.sessions[self._key(session.id)] = session
        self.session = session
        _context_page.set(session.page)
        route = session.page.route
        session.apply_page_patch(request.page)
        if new:
            session.page.client_ip = self.ip
            session.page.client_user_agent = self.agent
        self.send_message(Message(MessageAction.REGISTER_CLIENT, RegisterClientResponseBody(
            session_id=session.id,
            page_patch=session.get_page_patch() if new else session.page,  # type: ignore[no-untyped-call]
            error="")))
        if new:
            self._spawn(self._run_main(session))
            return
        session.attach_connection(self)
        self._spawn(session.dispatch_connect_event())
        if session.page.route and session.page.route != route:
            self._spawn(session.page._trigger_event("route_change",
                                                    {"route": session.page.route}))

    def _spawn(self, work: Any) -> None:
        task = asyncio.create_task(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _run_main(self, session: Session) -> None:
        try:
            _context_page.set(session.page)
            context.reset_auto_update()  # type: ignore[no-untyped-call]
            main = self.sessions.main
            if inspect.iscoroutinefunction(main):
                await main(session.page)
            else:
                main(session.page)
            await session.after_event(session.page)
        except FletPageDisconnectedException:
            pass
        except Exception as err:  # shown in the browser as Flet does
            logger.exception("main(page) failed")
            session.error(str(err))

    def _put(self, data: bytes | None) -> None:
        queue = self.queue
        if queue is None:
            return
        if threading.get_ident() == self.thread:
            queue.put_nowait(data)
        else:
            # from an executor thread, or another server's loop: asyncio's queue is not
            # thread-safe, and its loop would not wake for it
            with contextlib.suppress(RuntimeError):  # the loop closed: nothing to send to
                self.loop.call_soon_threadsafe(queue.put_nowait, data)

    def send_message(self, message: Message) -> None:
        body = msgpack.packb([message.action, message.body],
                             default=configure_encode_object_for_msgpack(BaseControl))  # type: ignore[no-untyped-call]
        self._put(b"\x00" + body)

    def dispose(self) -> None:
        self.session = None
