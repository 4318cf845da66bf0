"""New table's part for Gnav: its rule book (damm, pagat, gamerules, each with its summary), its
stakes (counters each or a stroke limit) and its house rules (each a switch, a choice or a list
of matadors, with its explanation and the book's own value). The header it makes is Gnav's,
checked by Gnav's kind in the journal version its rules need.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

import flet as ft

from companion.core.errors import GnavError
from companion.core.fields import MAX_STAKE
from companion.core.protocols import Header
from companion.engine.gnav import DEFAULT_RULES, MATADORS, PRESETS, Rulebook, Stakes, Table
from companion.engine.gnav.book import CHOICE_LABELS, CHOICE_WORDS, LIST_LABELS
from companion.engine.gnav.narrate import (
    field_help,
    field_title,
    field_value_words,
    piece_title,
    rulebook_summary,
)
from companion.engine.gnav.rules import HOUSE_FIELDS

from . import theme
from .widgets import body, error_text, heading, show_error

LABEL = ft.TextStyle(size=theme.BODY)


class GnavSetup:
    """Gnav's rule book, stakes and house rules; `control` is its column."""

    def __init__(self, app: Any, game: str, on_change: Callable[[], None]) -> None:
        self.app = app
        self.game = game
        self.on_change = on_change
        _ = app.tr
        self.rules = DEFAULT_RULES
        self.house: dict[str, Any] = {}  # field -> value in rule book form (tuples for lists)
        self.stakes_kind = "counters"
        self.amount = 3
        # whether the stakes field has the focus (its last keys may still be on their way)
        self.editing = False
        self.rules_group = ft.RadioGroup(
            value=self.rules, on_change=lambda e: self.set_rules(e.control.value),
            content=ft.Row([ft.Radio(value=name, label=name, label_style=LABEL)
                            for name in PRESETS], wrap=True),
        )
        self.rules_help = body("", size=theme.SMALL + 1)
        self.stakes_group = ft.RadioGroup(
            value=self.stakes_kind, on_change=lambda e: self.set_stakes_kind(e.control.value),
            content=ft.Row([ft.Radio(value="counters", label=_("Counters"), label_style=LABEL),
                            ft.Radio(value="strokes", label=_("Strokes"), label_style=LABEL)],
                           wrap=True),
        )
        self.amount_field = ft.TextField(
            label=_("Counters each"), value=str(self.amount), width=200,
            keyboard_type=ft.KeyboardType.NUMBER, on_change=lambda e: self.set_amount(
                e.control.value), text_size=theme.BODY,
            on_focus=self.amount_focus, on_blur=self.amount_blur,
        )
        self.amount_error = error_text()
        self.house_column = ft.Column([], spacing=12)
        self.control = ft.Column([
            heading(_("Rule book"), theme.NAME),
            self.rules_group,
            self.rules_help,
            ft.Divider(),
            heading(_("Stakes"), theme.NAME),
            self.stakes_group,
            self.amount_field,
            self.amount_error,
            ft.Divider(),
            heading(_("House rules"), theme.NAME),
            body(_("Each rule starts as the rule book has it; change any of them."),
                 size=theme.SMALL),
            self.house_column], spacing=12)
        self.fill()

    # --- what it shows -------------------------------------------------------------------------

    @property
    def book(self) -> Rulebook:
        preset = PRESETS[self.rules]
        return preset.with_house({k: list(v) if isinstance(v, tuple) else v
                                  for k, v in self.house.items()})

    def fill(self) -> None:
        _ = self.app.tr
        self.rules_group.value = self.rules
        self.rules_help.value = rulebook_summary(self.rules, self.app.tr)
        self.stakes_group.value = self.stakes_kind
        self.amount_field.label = (_("Counters each") if self.stakes_kind == "counters"
                                   else _("Stroke limit"))
        self.fill_house()

    def fill_house(self) -> None:
        _, tr = self.app.tr, self.app.tr
        book, preset = self.book, PRESETS[self.rules]
        rows: list[ft.Control] = []
        room = theme.label_room(self.app.width)
        for key in HOUSE_FIELDS:
            value = getattr(book, key)
            changed = value != getattr(preset, key)
            title = (_("{rule}  (house rule)", rule=field_title(key, tr)) if changed
                     else field_title(key, tr))
            control: ft.Control
            if isinstance(value, bool):
                control = ft.Switch(label=field_title(key, tr), value=value,
                                    label_text_style=theme.label_style(
                                        field_title(key, tr), room, theme.BODY - 2),
                                    on_change=lambda e, k=key: self.set_house(k, e.control.value))
            elif key in CHOICE_WORDS:
                choices = {v: _(CHOICE_LABELS[key], choice=tr.in_sentence(_(w)))
                           for v, w in CHOICE_WORDS[key].items()}
                # the choices of one rule in one size, the longest's fitted to a phone
                style = min((theme.label_style(words, room) for words in choices.values()),
                            key=lambda st: st.size or 0)
                control = ft.RadioGroup(
                    value=value,
                    on_change=lambda e, k=key: self.set_house(k, e.control.value),
                    content=ft.Row([ft.Radio(value=v, label=words, label_style=style)
                                    for v, words in choices.items()], wrap=True),
                )
            else:
                control = ft.Row(
                    [ft.Checkbox(label=(words := _(LIST_LABELS[key],
                                                   piece=tr.in_sentence(piece_title(m, tr)))),
                                 label_style=theme.label_style(words, room, theme.BODY - 2),
                                 value=m in value,
                                 on_change=lambda e, k=key, m=m: self.toggle_call(
                                     k, m, bool(e.control.value)))
                     for m in MATADORS],
                    wrap=True,
                )
            rows.append(ft.Column(
                [ft.Text(title, size=theme.BODY, weight=ft.FontWeight.BOLD),
                 body(field_help(key, tr), size=theme.SMALL),
                 control,
                 body(_("{rules}: {value}", rules=self.rules,
                        value=field_value_words(key, getattr(preset, key), tr)),
                      size=theme.SMALL, italic=True)],
                spacing=4,
            ))
        self.house_column.controls = rows

    def adopt(self, old: Any, same_language: bool) -> None:
        """After a language switch or a turned screen: the same rule book, house rules and
        stakes, and what was wrong with them when told in the same language."""
        if not isinstance(old, GnavSetup):
            return
        self.rules, self.house = old.rules, dict(old.house)
        self.stakes_kind, self.amount = old.stakes_kind, old.amount
        self.amount_field.value = old.amount_field.value
        self.fill()
        if same_language:
            show_error(self.amount_error,
                       old.amount_error.value if old.amount_error.visible else None)

    # --- handlers -----------------------------------------------------------------------------

    def set_rules(self, name: str | None) -> None:
        if name in PRESETS:
            self.rules = name
            self.house = {}  # house rules start again from the new book
            self.fill()
            self.on_change()

    def set_house(self, key: str, value: Any) -> None:
        preset_value = getattr(PRESETS[self.rules], key)
        if value == preset_value:
            self.house.pop(key, None)
        else:
            self.house[key] = value
        self.fill_house()
        self.on_change()

    def toggle_call(self, key: str, matador: str, on: bool) -> None:
        current = set(getattr(self.book, key))
        if on:
            current.add(matador)
        else:
            current.discard(matador)
        self.set_house(key, tuple(m for m in MATADORS if m in current))

    def set_stakes_kind(self, kind: str | None) -> None:
        if kind in ("counters", "strokes"):
            self.stakes_kind = kind
            self.fill()
            self.on_change()

    def set_amount(self, text: str | None) -> None:
        self.read_amount(text)
        self.on_change()

    def read_amount(self, text: str | None) -> None:
        try:
            value = int((text or "").strip())
        except ValueError:
            value = 0
        if 1 <= value <= MAX_STAKE:
            self.amount = value
            show_error(self.amount_error, None)
        else:
            _ = self.app.tr
            self.amount = 0
            show_error(self.amount_error, _("Type a whole number from 1 to {count}.",
                                            count=MAX_STAKE))

    def amount_focus(self, e: Any = None) -> None:
        self.editing = True

    def amount_blur(self, e: Any = None) -> None:
        self.editing = False

    def header(self, players: list[str], dealer: str | None) -> Header:
        """The header these seats make; raises GnavError with the reason it is not ready."""
        _ = self.app.tr
        # the field as the browser last sent it (see NewTableScreen.start)
        self.read_amount(self.amount_field.value)
        if self.amount < 1:
            raise GnavError(_("The stakes need a whole number from 1 to {count}.",
                              count=MAX_STAKE))
        book = self.book
        house = tuple((k, getattr(book, k)) for k in HOUSE_FIELDS if k in self.house)
        kind: Literal["counters", "strokes"] = ("counters" if self.stakes_kind == "counters"
                                                else "strokes")
        return Table(rules=self.rules, stakes=Stakes(kind, self.amount),
                     seats=tuple(players), dealer=dealer, house=house)
