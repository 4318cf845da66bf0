"""One message per tap (companion/views/send.py): the changes of several controls go to the
browser as one patch of their common ancestor, and that patch says exactly what Flet's own
patches, one per control, say."""

from __future__ import annotations

from typing import Any

import flet as ft
import msgpack
from flet.controls.object_patch import Operation
from flet.messaging.connection import Connection
from flet.messaging.protocol import Message, MessageAction, configure_encode_object_for_msgpack
from flet.messaging.session import Session
from flet.pubsub.pubsub_hub import PubSubHub

from companion.views.send import update_together


def encode(value: Any) -> bytes:
    """As the web connection encodes a message (which is also when Flet takes the snapshots
    of a control's lists that its next diff compares against)."""
    packed: bytes = msgpack.packb(
        value, default=configure_encode_object_for_msgpack(ft.BaseControl))
    return packed


class Recorder(Connection):
    """A connection that keeps what the session sends instead of sending it."""

    def __init__(self) -> None:
        super().__init__()
        self.sent: list[Message] = []
        self.pubsubhub = PubSubHub()

    def send_message(self, message: Message) -> None:
        encode([message.action, message.body])
        self.sent.append(message)


class Table:
    """A small screen: two seats in a row, a banner, and a question with its answers."""

    def __init__(self) -> None:
        self.conn = Recorder()
        self.session = Session(self.conn)
        self.page = self.session.page
        self.seat_a = ft.Container(content=ft.Text("Ann"), bgcolor=ft.Colors.PRIMARY_CONTAINER,
                                   border=ft.Border.all(4, ft.Colors.PRIMARY))
        self.seat_b = ft.Container(content=ft.Text("Bo"), bgcolor=ft.Colors.SURFACE)
        self.banner = ft.Column([ft.Text("Ann stands.")])
        self.prompt = ft.Text("Bo's turn")
        self.answers = ft.Row([ft.Button("Stand"), ft.Button("Change")])
        self.page.controls.append(ft.Column([
            self.banner, ft.Row([self.seat_a, self.seat_b]),
            ft.Container(content=ft.Column([self.prompt, self.answers])),
        ]))
        # the page as a browser registers it: all mounted
        encode(self.session.get_page_patch())
        assert self.prompt.page is self.page

    def tap(self) -> list[ft.Control]:
        """What a tap changes: two seats' looks, a line added to the banner, the question's
        text, one answer hidden. Returns the changed controls, as a screen's render does."""
        self.seat_a.bgcolor = ft.Colors.SURFACE
        self.seat_a.border = None
        self.seat_b.bgcolor = ft.Colors.PRIMARY_CONTAINER
        self.seat_b.border = ft.Border.all(4, ft.Colors.PRIMARY)
        self.banner.controls.append(ft.Text("Cy's turn."))
        self.prompt.value = "Cy's turn"
        self.answers.controls[1].visible = False
        return [self.seat_a, self.seat_b, self.banner, self.prompt, self.answers.controls[1]]


def decode(message: Message) -> tuple[int, list[tuple[Any, ...]]]:
    """A PATCH_CONTROL message as (control id, [(op, path..., value)]) with every path
    spelled out from that control (Flet sends them as nodes of a shared path tree)."""
    assert message.action == MessageAction.PATCH_CONTROL
    body = message.body
    tree, *ops = body.patch
    paths: dict[int, tuple[Any, ...]] = {}

    def walk(node: list[Any], path: tuple[Any, ...]) -> None:
        paths[node[0]] = path
        if len(node) > 1:
            for part, child in node[1].items():
                walk(child, (*path, part))

    walk(tree, ())
    out: list[tuple[Any, ...]] = []
    for op in ops:
        code, node, key, *rest = op
        out.append((code, (*paths[node], key), *[describe(v) for v in rest]))
    return body.id, out


def describe(value: Any) -> Any:
    """A sent value, with controls named by type (ids differ between two equal pages)."""
    if isinstance(value, ft.BaseControl):
        return type(value).__name__, getattr(value, "value", None)
    return value


def path_to(control: ft.BaseControl, root: ft.BaseControl) -> tuple[Any, ...]:
    """A control's place under `root`, found by walking up its parents."""
    path: list[Any] = []
    node = control
    while node is not root:
        parent = node.parent
        assert parent is not None
        for name in ("content", "controls"):
            value = getattr(parent, name, None)
            if value is node:
                path[:0] = [name]
                break
            if isinstance(value, list) and any(v is node for v in value):
                path[:0] = [name, next(i for i, v in enumerate(value) if v is node)]
                break
        else:
            raise AssertionError(f"{node} not found in {parent}")
        node = parent
    return tuple(path)


def test_the_changes_of_a_tap_go_as_one_message() -> None:
    table = Table()
    update_together(table.page, *table.tap())
    assert len(table.conn.sent) == 1


def test_one_message_says_what_flet_s_patch_per_control_says() -> None:
    ours, flets = Table(), Table()
    update_together(ours.page, *ours.tap())
    flets.page.update(*flets.tap())
    assert len(flets.conn.sent) == 5  # Flet alone: one message per control

    root_id, combined = decode(ours.conn.sent[0])
    root = ours.session.index[root_id]
    # the one message is a patch of the controls' nearest common ancestor
    assert isinstance(root, ft.Column) and ours.banner in root.controls
    expected: list[tuple[Any, ...]] = []
    for message in flets.conn.sent:
        control_id, ops = decode(message)
        control = flets.session.index[control_id]
        twin_root = flets.banner.parent
        assert twin_root is not None
        prefix = path_to(control, twin_root)
        expected += [(code, (*prefix, *path), *rest) for code, path, *rest in ops]
    assert combined == expected
    assert combined  # a tap that changed five controls sent something


def test_a_control_added_by_the_tap_is_mounted_and_indexed() -> None:
    table = Table()
    update_together(table.page, *table.tap())
    added = table.banner.controls[-1]
    assert added.page is table.page
    assert table.session.index.get(added._i) is added


def test_a_control_taken_out_is_dropped_from_the_index() -> None:
    table = Table()
    line = table.banner.controls[0]
    table.banner.controls.clear()
    table.prompt.value = "Deal"
    update_together(table.page, table.banner, table.prompt)
    assert len(table.conn.sent) == 1
    assert table.session.index.get(line._i) is None


def test_no_change_sends_nothing() -> None:
    table = Table()
    update_together(table.page, table.prompt, table.seat_a)
    assert table.conn.sent == []


def test_controls_not_on_the_page_fall_back_to_flet_s_update() -> None:
    ours, flets = Table(), Table()
    loose = ft.Text("not on the page")
    for table in (ours, flets):
        table.prompt.value = "Cy's turn"
    update_together(ours.page, ours.prompt, loose)
    flets.page.update(flets.prompt, loose)
    # no common ancestor on a page: sent as Flet sends it, the prompt's change all the same
    assert [decode(m)[1] for m in ours.conn.sent] == [decode(m)[1] for m in flets.conn.sent]
    assert [decode(m)[1] for m in ours.conn.sent] == [[(Operation.Replace, ("value",), "Cy's turn")]]


# --- the table screen on a recording session: what a tap really sends ---------------------


def table_screen(tmp_path: Any, seats: tuple[str, ...] = ("Ann", "Bo", "Cy"), each: int = 3,
                 ) -> tuple[Any, Recorder, Session]:
    """A game's table screen on a session that records what it sends (the session is
    returned to keep it alive: its page holds it weakly)."""
    from companion.app import App, Games
    from companion.engine.gnav import Stakes
    from companion.engine.gnav import Table as Header
    from companion.views.shell.table import TableScreen

    conn = Recorder()
    session = Session(conn)
    encode(session.get_page_patch())
    app = App(Games(tmp_path), session.page)
    app._keep_awake = lambda on: None  # type: ignore[method-assign]  # no browser to ask
    game = app.store.create_game(Header(rules="damm", stakes=Stakes("counters", each),
                                        seats=seats, dealer="Ann"))
    app.show(f"/game/{game.id}")
    assert isinstance(app.screen, TableScreen)
    conn.sent.clear()
    return app.screen, conn, session


def canvas_ops(screen: Any, message: Message) -> set[str]:
    """The seats whose drawn marks (the canvas's shapes) the message changes."""
    root_id, ops = decode(message)
    root = screen.app.page.session.index[root_id]
    seats = set()
    for tile in screen.parts.tiles:
        shapes = (*path_to(tile.marks.control, root), "shapes")
        if any(op[1][:len(shapes)] == shapes for op in ops):
            seats.add(tile.name)
    return seats


def test_a_stand_sends_one_message_and_leaves_the_marks_alone(tmp_path: Any) -> None:
    from companion.engine.gnav import Deal, Stand

    screen, conn, _session = table_screen(tmp_path)
    screen.act(Deal())
    conn.sent.clear()
    screen.act(Stand(screen.state.turn_name))
    assert len(conn.sent) == 1
    assert canvas_ops(screen, conn.sent[0]) == set()


def test_a_settlement_sends_the_marks_of_the_seats_that_paid(tmp_path: Any) -> None:
    """The marks' canvas is isolated from its tile's diff, so the tile must send it itself
    when the counters change: the lowest piece pays one, and its dots go."""
    from companion.engine.gnav import Deal, Reveal, Stand

    screen, conn, _session = table_screen(tmp_path)
    screen.act(Deal())
    while screen.state.phase == "turns":
        screen.act(Stand(screen.state.turn_name))
    conn.sent.clear()
    screen.act(Reveal((("Ann", "12"), ("Bo", "1"), ("Cy", "5"))))
    assert screen.state.balance == [3, 2, 3]
    assert len(conn.sent) == 1
    assert canvas_ops(screen, conn.sent[0]) == {"Bo"}
    bo = screen.parts.tiles[1].marks
    assert len(bo.path.elements) == 2  # two dots left, as sent


def test_a_resize_redraws_the_marks_for_their_new_box(tmp_path: Any) -> None:
    """A resize that keeps the screen's form relays the seats out and sends the whole page;
    the isolated canvases go with their tiles' new layout (the layout is rebuilt, so each
    canvas is sent whole with its new shapes)."""
    from types import SimpleNamespace

    from companion.engine.gnav import Deal

    seats = ("Ann", *[f"P{n:02d}" for n in range(2, 21)])  # 20 seats: the grid
    screen, conn, _session = table_screen(tmp_path, seats, each=12)  # a row of 12 dots
    screen.act(Deal())
    ann = screen.parts.tiles[0].marks
    before = [(e.x, e.y, e.width) for e in ann.path.elements]
    conn.sent.clear()
    screen.app._on_resize(SimpleNamespace(width=1100, height=800))  # narrower tiles
    assert screen.app.screen is screen  # the same form: relaid out, not built again
    after = [(e.x, e.y, e.width) for e in ann.path.elements]
    assert after != before  # the dots were redrawn for the narrower tile
    sent = encode([[m.action, m.body] for m in conn.sent])
    unpacked = msgpack.unpackb(sent, strict_map_key=False)
    found = []

    def find(node: Any) -> None:
        if isinstance(node, dict):
            if node.get("_i") == ann.control._i and "shapes" in node:
                found.append(node["shapes"][0]["elements"])
            for v in node.values():
                find(v)
        elif isinstance(node, list):
            for v in node:
                find(v)

    find(unpacked)
    assert found, "the resize did not send Ann's marks"
    assert [round(e["width"], 3) for e in found[-1]] == [round(w, 3) for _, _, w in after]
