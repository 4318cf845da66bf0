"""Sending a tap's changes to the browser as one message.

`page.update(a, b, c)` sends one patch message per control. The browser handles each message
as its own task and may draw a frame between two of them, so a tap that changed two seats,
the banner and the question was drawn in up to five frames, the question last: on a crowded
table the updated question came 10 to 20 ms after the first seat (measured in
benchmarks/bench_app.py). Here each control's changes are diffed exactly as Flet's
`Session.patch_control` diffs them, placed at the control's path under the controls' nearest
common ancestor, and sent as one patch of that ancestor: the browser applies them together and
draws them in one frame.

This leans on Flet's patch internals (flet 1.0.5 is pinned in pyproject.toml); when the
controls cannot be placed under one ancestor (not mounted, no page), it falls back to
`page.update`, so a screen is never left unsent. tests/views/test_send.py checks the message
against Flet's own per-control patches.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import flet as ft
from flet.controls.base_control import BaseControl
from flet.controls.context import context
from flet.controls.object_patch import DiffBuilder, ObjectPatch
from flet.messaging.protocol import Message, MessageAction, PatchControlBody

Path = list[Any]


def update_together(page: ft.Page, *controls: ft.Control) -> None:
    """Sends the changes of `controls` to the browser in one message (see the module)."""
    unique = list(dict.fromkeys(controls))
    if len(unique) < 2:
        page.update(*unique)
        return
    placed = _place(unique)
    session = getattr(page, "session", None)
    send = getattr(session, "_Session__send_message", None)
    if placed is None or session is None or send is None:
        page.update(*unique)
        return
    root, paths = placed
    # as page.update does: no automatic whole-page update after (Flet 1.0.5 leaves it unannotated)
    context.mark_update_called()  # type: ignore[no-untyped-call]
    ops: list[dict[str, Any]] = []
    added: list[Any] = []
    removed: list[Any] = []
    for control, path in zip(unique, paths):
        # each control diffed exactly as Session.patch_control diffs it (in place, from its
        # own changes, an isolated control's children left to its own update), then placed
        builder = DiffBuilder(control, control, control_cls=BaseControl)
        try:
            builder._compare_values(None, [], None, control, control, False)
            for op in builder.execute():
                placed_op = dict(op)
                placed_op["path"] = [*path, *op["path"]]
                if "from" in op:
                    placed_op["from"] = [*path, *op["from"]]
                ops.append(placed_op)
            added += builder.get_added_controls()
            removed += builder.get_removed_controls()
        finally:
            builder.teardown()
    patch = ObjectPatch(ops).to_message()
    if len(patch) > 1:
        send(Message(MessageAction.PATCH_CONTROL, PatchControlBody(root._i, patch)))
    # the session's index and the controls' mount callbacks, as Session.patch_control keeps
    # them
    index = session.index
    for c in removed:
        index.pop(c._i, None)
    for c in added:
        index[c._i] = c
    added_ids = {c._i for c in added}
    removed_ids = {c._i for c in removed}
    for c in removed:
        if c._i not in added_ids:
            c.will_unmount()
    for c in added:
        if c._i not in removed_ids:
            c.did_mount()


def _place(controls: list[ft.Control]) -> tuple[BaseControl, list[Path]] | None:
    """The controls' nearest common ancestor and each control's path under it; None when
    some control is not on a page."""
    chains: list[list[BaseControl]] = []
    for control in controls:
        chain: list[BaseControl] = [control]  # the control, its parent, ... the page
        while (up := chain[-1].parent) is not None:
            chain.append(up)
        if not isinstance(chain[-1], ft.Page):
            return None
        chains.append(chain[::-1])
    depth = 0
    while (all(len(c) > depth + 1 for c in chains)
           and all(c[depth + 1] is chains[0][depth + 1] for c in chains)):
        depth += 1
    root = chains[0][depth]
    paths: list[Path] = []
    for chain in chains:
        path: Path = []
        for parent, child in zip(chain[depth:], chain[depth + 1:]):
            step = _step(parent, child)
            if step is None:
                return None
            path += step
        paths.append(path)
    return root, paths


_CHILD_FIELDS = ("content", "controls", "views", "appbar", "actions", "title", "leading")
_fields_of: dict[type, tuple[str, ...]] = {}


def _field_names(cls: type) -> tuple[str, ...]:
    """A control class's public fields, the usual child fields first (dataclasses.fields is
    slow enough to matter on every tap)."""
    names = _fields_of.get(cls)
    if names is None:
        public = [f.name for f in dataclasses.fields(cls) if not f.name.startswith("_")]
        names = tuple([n for n in _CHILD_FIELDS if n in public]
                      + [n for n in public if n not in _CHILD_FIELDS])
        _fields_of[cls] = names
    return names


def _step(parent: BaseControl, child: BaseControl) -> Path | None:
    """Where `parent` holds `child`: a field, or a field and a list index or a dict key."""
    for name in _field_names(type(parent)):
        value = getattr(parent, name, None)
        if value is child:
            return [name]
        if isinstance(value, list):
            for i, item in enumerate(value):
                if item is child:
                    return [name, i]
        elif isinstance(value, dict):
            for key, item in value.items():
                if item is child:
                    return [name, key]
    return None
