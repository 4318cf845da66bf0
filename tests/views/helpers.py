"""Walking a screen's control tree without a browser: find buttons by the label a person sees."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import flet as ft

CHILD_FIELDS = ("content", "controls", "actions", "appbar", "title", "leading")


def walk(node: Any) -> Iterator[Any]:
    if node is None:
        return
    if isinstance(node, (list, tuple)):
        for item in node:
            yield from walk(item)
        return
    if not isinstance(node, ft.BaseControl):
        return
    if getattr(node, "visible", True) is False:
        return  # not on the screen: nobody can read or tap it
    yield node
    for name in CHILD_FIELDS:
        child = getattr(node, name, None)
        if isinstance(child, (ft.BaseControl, list, tuple)):
            yield from walk(child)


def text_of(control: Any) -> str:
    """The accessible name as the tests see it: a Semantics label, else the visible text."""
    if isinstance(control, ft.Semantics) and control.label:
        return control.label
    if isinstance(control, ft.Text):
        return control.value or ""
    content = getattr(control, "content", None)
    if isinstance(content, str):
        return content
    return " ".join(t for t in (text_of(c) for c in walk(content)
                                if isinstance(c, ft.Text)) if t)


def buttons(root: Any) -> dict[str, Any]:
    """label -> the tappable control (a button, or the control inside a labelled Semantics)."""
    out: dict[str, Any] = {}
    for c in walk(root):
        if isinstance(c, ft.Semantics) and c.button and c.label:
            out[c.label] = c.content
        elif isinstance(c, (ft.Button, ft.TextButton, ft.OutlinedButton, ft.FilledButton,
                            ft.FilledTonalButton)):
            out.setdefault(text_of(c), c)
    return out


def tap(root: Any, label: str) -> None:
    """Taps the button named `label`; fails when it is missing or disabled."""
    found = buttons(root)
    assert label in found, f"no button {label!r}; there are {sorted(found)}"
    control = found[label]
    assert not control.disabled, f"{label!r} is disabled"
    handler = control.on_click
    handler(None)


def every_control(node: Any) -> list[Any]:
    """Every control in the tree, shown or not (walk skips hidden ones)."""
    out: list[Any] = []
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, (list, tuple)):
            stack.extend(item)
        elif isinstance(item, ft.BaseControl):
            out.append(item)
            stack.extend(getattr(item, name, None) for name in CHILD_FIELDS)
    return out


def texts(root: Any) -> list[str]:
    return [c.value for c in walk(root) if isinstance(c, ft.Text) and c.value]


def identified(root: Any, identifier: str) -> Any:
    for c in walk(root):
        if isinstance(c, ft.Semantics) and c.identifier == identifier:
            return c
    raise AssertionError(f"no Semantics with identifier {identifier!r}")
