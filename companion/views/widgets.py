"""Small building blocks shared by the screens, each with the accessible label the tests use."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.core.names import MAX_NAME
from companion.i18n import LANGUAGE_NAMES, Tr

from . import theme
from .shell.context import ScreenContext

Handler = Callable[..., Any]
# What `button` builds: Flet's outlined and text buttons are not Buttons of its own.
AnyButton = ft.Button | ft.OutlinedButton | ft.TextButton


def labelled(label: str, control: ft.Control) -> ft.Semantics:
    """A control with no text of its own, exposed as a button named `label`.

    Flet's IconButton tooltip does not name the button for a screen reader; a Semantics that
    excludes the inner node does, and taps still reach the inner control.
    """
    return ft.Semantics(label=label, button=True, exclude_semantics=True, container=True,
                        content=control)


def icon_button(label: str, icon: ft.IconData, on_click: Handler,
                disabled: bool = False) -> ft.Semantics:
    button = ft.IconButton(icon, on_click=on_click, disabled=disabled, icon_size=26,
                           width=theme.TOUCH, height=theme.TOUCH, tooltip=label)
    return labelled(label, button)


def teaching_tools(go: Callable[[str], None], game_id: int, narrow: bool,
                   tr: Tr) -> list[ft.Control]:
    """A table's ways to its teaching screens, alike for every game: labelled icons on a
    narrow bar (a phone, a tablet held upright), words among the tools on a wide one."""
    _ = tr
    pages = ((_("Rules card"), ft.Icons.MENU_BOOK, f"/game/{game_id}/rules"),
             (_("Learn"), ft.Icons.SCHOOL, f"/learn/{game_id}"),
             (_("Share"), ft.Icons.QR_CODE, f"/game/{game_id}/share"))
    if narrow:
        return [icon_button(label, icon, lambda e, r=route: go(r))
                for label, icon, route in pages]
    return [button(label, lambda e, r=route: go(r), kind="text") for label, _icon, route in pages]


# A table's tools in their order on every table screen: Undo, Redo, History, Tables
TOOL_ICONS = (ft.Icons.UNDO, ft.Icons.REDO, ft.Icons.HISTORY, ft.Icons.TABLE_RESTAURANT)


def stack_tools(tools: list[ft.Control]) -> None:
    """A table's tools on a phone: each word beneath its icon, in the small size, so that the
    four fit a 360 px phone in every language ("Rückgängig", "Ongedaan maken", "Cronologia")
    with no word cut or traded for a shorter, wrong one ("Zurück" is Back)."""
    for tool, icon in zip(tools, TOOL_ICONS, strict=True):
        assert isinstance(tool, ft.TextButton) and isinstance(tool.content, str)
        tool.content = ft.Column(
            [ft.Icon(icon, size=22), ft.Text(tool.content, size=theme.SMALL, no_wrap=True)],
            spacing=0, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER)
        tool.icon = None
        tool.style = ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=6, vertical=2))
        tool.height = theme.TOUCH + 6


def scroll_key(name: str) -> ft.ScrollKey:
    # Flet 1.0.5 builds its keys through an unannotated decorator, so mypy sees no fields
    return ft.ScrollKey(name)  # type: ignore[call-arg]


class _KeepsStyle:
    """Flet's Button makes a fresh copy of its style in every `before_update`, and the patch
    then sends the whole style again for every button under an updated control (nine answer
    buttons on each tap of the table screen). This keeps the copy last sent while it is
    equal, so an unchanged button costs nothing in the patch."""

    _internals: dict[str, Any]

    def before_update(self) -> None:
        super().before_update()  # type: ignore[misc]
        new = self._internals.get("style")
        old = self.__dict__.get("_sent_style")
        if new is not None and old is not None and new == old:
            self._internals["style"] = old
        else:
            object.__setattr__(self, "_sent_style", new)


class FilledButton(_KeepsStyle, ft.FilledButton):
    pass


class FilledTonalButton(_KeepsStyle, ft.FilledTonalButton):
    pass


class Button(_KeepsStyle, ft.Button):
    pass


def big_button(text: str | ft.Control, on_click: Handler | None, disabled: bool = False,
               filled: bool = True, width: float | None = None) -> ft.Button:
    cls = FilledButton if filled else FilledTonalButton
    return cls(
        content=text, on_click=on_click, disabled=disabled, style=theme.big_button_style(),
        height=theme.BIG_TOUCH, width=width,
    )


def button(text: str, on_click: Handler, disabled: bool = False,
           icon: ft.IconData | ft.Control | None = None, kind: str = "outlined") -> AnyButton:
    cls: type[AnyButton] = {
        "outlined": ft.OutlinedButton, "text": ft.TextButton, "filled": FilledButton,
        "tonal": FilledTonalButton,
    }[kind]
    return cls(content=text, icon=icon, on_click=on_click, disabled=disabled,
               style=theme.button_style(), height=theme.TOUCH)


def heading(text: str, size: float = theme.TITLE) -> ft.Text:
    return ft.Text(text, size=size, weight=ft.FontWeight.BOLD)


def body(text: str, size: float = theme.BODY, **kwargs: Any) -> ft.Text:
    return ft.Text(text, size=size, **kwargs)


def error_text() -> ft.Text:
    return ft.Text("", size=theme.BODY, color=ft.Colors.ERROR, visible=False,
                   weight=ft.FontWeight.W_600)


def show_error(target: ft.Text, message: str | None) -> None:
    target.value = message or ""
    target.visible = bool(message)


def note_name_length(field: ft.TextField, error: ft.Text, tr: Any,
                     also: Callable[[str], str | None] | None = None) -> bool:
    """As a name is typed: the field stops taking letters at MAX_NAME (its max_length) without
    a word of its own, so the error line says so (or what `also` says of the name so far);
    another error goes once the name changes. Returns whether the error line changed."""
    _ = tr
    typed = len(field.value or "")
    counter = field.counter
    counted = False
    if isinstance(counter, ft.Text) and counter.value != f"{typed}/{MAX_NAME}":
        count_name(field, tr)
        counted = True
    note = (_("A name has at most {count} characters.", count=MAX_NAME)
            if len(field.value or "") >= MAX_NAME else
            also(field.value or "") if also is not None else None)
    if (error.value if error.visible else None) == note:
        return counted
    show_error(error, note)
    return True


def count_name(field: ft.TextField, tr: Any) -> ft.TextField:
    """The name field's counter (3/40), read to a screen reader in the table's language:
    Flutter's own counter is read in English whatever the language."""
    _ = tr
    typed = len(field.value or "")
    field.counter = ft.Text(f"{typed}/{MAX_NAME}", size=theme.SMALL,
                            semantics_label=_("{count} of {limit} characters", count=typed,
                                              limit=MAX_NAME))
    return field


def theme_toggle(app: ScreenContext) -> ft.Control:
    _ = app.tr
    return icon_button(_("Dark or light"), ft.Icons.DARK_MODE, lambda e: app.toggle_theme())


def language_switch(app: ScreenContext) -> ft.Control:
    """The language button of every top bar: a dialog with each language named in itself."""
    _ = app.tr

    def choose(e: Any = None) -> None:
        choices: list[ft.Control] = [
            ft.FilledButton(name, on_click=lambda e, code=code: app.set_language(code),
                            height=theme.TOUCH)
            if code == app.tr.lang else
            ft.OutlinedButton(name, on_click=lambda e, code=code: app.set_language(code),
                              height=theme.TOUCH)
            for code, name in LANGUAGE_NAMES.items()
        ]
        app.show_dialog(ft.AlertDialog(
            title=ft.Text(_("Language")),
            content=ft.Column(choices, tight=True, spacing=8),
            actions=[ft.TextButton(_("Close"), on_click=lambda e: app.close_dialog())],
        ))

    return icon_button(_("Language"), ft.Icons.TRANSLATE, choose)


def top_actions(app: ScreenContext, *more: ft.Control) -> list[ft.Control]:
    """A screen's own top-bar controls, then the language switch and the theme toggle."""
    return [*more, language_switch(app), theme_toggle(app)]
