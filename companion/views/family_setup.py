"""New table's part for a family game (Kille, Cuccù, Slabberjan, Vogelspiel): its rule books
(each with its source and summary), its house rules (each a switch or a choice with its
explanation, from the rule data) and its stakes (rebuys, lives or counters as the game has
them). The header it makes is the game's own version-2 header, checked by the game's kind.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import flet as ft

from companion.core.errors import N_, GnavError
from companion.core.fields import MAX_STAKE
from companion.engine.cuckoo.family import FamilyKind
from companion.engine.cuckoo.journal import FamilyTable
from companion.engine.cuckoo.ledger import Counters
from companion.engine.cuckoo.narrate import (
    book_summary,
    book_title,
    game_line,
    house_help,
    piece_title,
    stakes_label,
)
from companion.engine.cuckoo.rulebook import GameBook, Subset
from companion.engine.registry import GAMES, kind_named
from companion.i18n import Tr

from . import theme
from .widgets import body, error_text, show_error

# the rule data's values of the house fields, in words (pieces and numbers are named apart)
VALUE_WORDS: dict[str, str] = {
    "offered_piece": N_("the offered piece"), "all": N_("every swap"), "none": N_("nothing"),
    "left": N_("to the left"), "right": N_("to the right"), "block": N_("blocks"),
    "undo_all_end": N_("undoes every swap and ends the turns"),
    "last_standing": N_("the last with lives wins"),
    "first_out_loses": N_("the first out loses"), "everyone": N_("everyone"),
    "first_broke": N_("the first to go broke"),
}
# where a value means something else in one field: who may play on credit is a person
FIELD_WORDS: dict[tuple[str, str], str] = {("credit", "none"): N_("nobody")}


class FamilySetup:
    """The rule book, house rules and stakes of one family game; `control` is its column."""

    def __init__(self, app: Any, game: str, on_change: Callable[[], None]) -> None:
        self.app = app
        self.game = game
        self.book = family_book(game)
        self.on_change = on_change
        _ = app.tr
        self.rules = next(iter(self.book.presets))
        self.house: dict[str, Any] = {}
        self.amount = self.book.stake(self.rules)  # the rule book's usual stake
        self.reentry = True
        self.line = body(game_line(self.book, app.tr), size=theme.SMALL + 1, italic=True)
        self.rules_group = ft.RadioGroup(
            value=self.rules, on_change=lambda e: self.set_rules(e.control.value),
            content=ft.Row([ft.Radio(value=name, label=(words := book_title(
                self.book, name, app.tr)), label_style=theme.label_style(
                    words, theme.label_room(app.width))) for name in self.book.presets],
                           wrap=True))
        self.rules_help = body("", size=theme.SMALL + 1)
        self.amount_field = ft.TextField(
            label=stakes_label(self.book.ledger, app.tr), value=str(self.amount), width=220,
            keyboard_type=ft.KeyboardType.NUMBER, text_size=theme.BODY,
            on_change=lambda e: self.set_amount(e.control.value))
        self.amount_error = error_text()
        stakes: list[ft.Control] = [self.amount_field, self.amount_error]
        if self.book.default.play().buy_back == "reentry":  # Cuccù's seats out re-enter
            # a sentence too long for a switch's one line on a phone: beside it, wrapping,
            # and the switch named by it for a screen reader
            words = _("Seats out may re-enter at a doubled price")
            stakes.append(ft.Row([ft.Semantics(label=words, container=True, content=ft.Switch(
                value=self.reentry,
                on_change=lambda e: self.set_reentry(bool(e.control.value)))),
                body(words, size=theme.BODY - 2, expand=True)],
                vertical_alignment=ft.CrossAxisAlignment.CENTER))
        self.house_column = ft.Column([], spacing=12)
        self.control = ft.Column(
            [self.line, self.rules_group, self.rules_help, ft.Divider(),
             ft.Text(_("Stakes"), size=theme.NAME, weight=ft.FontWeight.BOLD), *stakes,
             ft.Divider(),
             ft.Text(_("House rules"), size=theme.NAME, weight=ft.FontWeight.BOLD),
             body(_("Each rule starts as the rule book has it; change any of them."),
                  size=theme.SMALL),
             self.house_column],
            spacing=12)
        self.fill()

    # --- what it shows -------------------------------------------------------------------------

    def values(self) -> dict[str, Any]:
        """The rule book's fields with the house rules over them."""
        preset = self.book.presets[self.rules]
        return {key: self.house.get(key, preset.value(key)) for key in preset.schema()}

    def fill(self) -> None:
        _ = tr = self.app.tr
        self.rules_group.value = self.rules
        self.rules_help.value = book_summary(self.book, self.rules, tr)
        preset = self.book.presets[self.rules]
        values = self.values()
        rows: list[ft.Control] = []
        for key, allowed in self.book.fields.items():
            value = values[key]
            # the field's explanation from the rule data is its title: the field's name is
            # the journal's, not a word for the table
            help_text = house_help(self.book, key, tr)
            title = _("{rule}  (house rule)", rule=help_text) if key in self.house else help_text
            rows.append(ft.Column(
                [ft.Text(title, size=theme.BODY, weight=ft.FontWeight.BOLD),
                 self._field(key, allowed, value, help_text),
                 body(_("{rules}: {value}", rules=book_title(self.book, self.rules, tr),
                         value=self._value_words(preset.value(key), key)),
                      size=theme.SMALL, italic=True)],
                spacing=4))
        self.house_column.controls = rows

    def _field(self, key: str, allowed: Any, value: Any, rule: str) -> ft.Control:
        tr = self.app.tr
        room = theme.label_room(self.app.width)
        if isinstance(allowed, Subset):
            return ft.Row(
                [ft.Checkbox(label=(words := piece_title(self.book, item, tr)),
                             label_style=theme.label_style(words, room, theme.BODY - 2),
                             value=item in value,
                             on_change=lambda e, k=key, m=item: self.toggle(
                                 k, m, bool(e.control.value)))
                 for item in allowed.items], wrap=True)
        if set(allowed) == {True, False}:
            # named by its rule for a screen reader, which otherwise reads only "no"
            return ft.Semantics(label=rule, container=True, content=ft.Switch(
                label=(words := self._value_words(bool(value), key)),
                label_text_style=theme.label_style(words, room),
                value=bool(value),
                on_change=lambda e, k=key: self.set_house(k, bool(e.control.value))))
        choices = {json.dumps(v): self._value_words(v, key) for v in allowed}
        styles = {v: theme.label_style(w, room) for v, w in choices.items()}
        content: ft.Control
        if all(theme.text_width(w, float(styles[v].size or theme.BODY), theme.TEXT_SPACING)
               <= room for v, w in choices.items()):
            content = ft.Row([ft.Radio(value=v, label=w, label_style=styles[v])
                              for v, w in choices.items()], wrap=True)
        else:
            # a choice too long for a radio button's one line on a phone (German "macht jeden
            # Tausch rückgängig und beendet die Tauschrunde"): its words beside it, wrapping,
            # a tap on them choosing it too, the button named by them for a screen reader
            content = ft.Column([ft.Row(
                [ft.Semantics(label=w, container=True, content=ft.Radio(value=v)),
                 ft.Container(body(w, size=theme.BODY - 2), expand=True,
                              on_click=lambda e, k=key, v=v: self.set_house(k, json.loads(v)))],
                vertical_alignment=ft.CrossAxisAlignment.CENTER) for v, w in choices.items()],
                spacing=0)
        return ft.RadioGroup(
            value=json.dumps(value),
            on_change=lambda e, k=key: self.set_house(k, json.loads(e.control.value)),
            content=content)

    def _value_words(self, value: Any, key: str | None = None) -> str:
        return value_words(self.book, value, self.app.tr, key)

    # --- handlers ------------------------------------------------------------------------------

    def set_rules(self, name: str | None) -> None:
        if name is not None and name in self.book.presets:
            if self.amount == self.book.stake(self.rules):  # not typed: the new book's own
                self.amount = self.book.stake(name)
                self.amount_field.value = str(self.amount)
            self.rules = name
            self.house = {}  # house rules start again from the new book
            self.fill()
            self.on_change()

    def set_house(self, key: str, value: Any) -> None:
        if value == self.book.presets[self.rules].value(key):
            self.house.pop(key, None)
        else:
            self.house[key] = value
        self.fill()
        self.on_change()

    def toggle(self, key: str, item: str, on: bool) -> None:
        allowed = self.book.fields[key]
        assert isinstance(allowed, Subset)
        current = set(self.values()[key])
        if on:
            current.add(item)
        else:
            current.discard(item)
        self.set_house(key, tuple(m for m in allowed.items if m in current))

    def set_amount(self, text: str | None) -> None:
        self.read_amount(text)
        self.on_change()

    def read_amount(self, text: str | None) -> None:
        low = 0 if self.book.ledger.dies else 1  # a stake may allow no rebuy
        try:
            value = int((text or "").strip())
        except ValueError:
            value = -1
        if low <= value <= MAX_STAKE:
            self.amount = value
            show_error(self.amount_error, None)
        else:
            self.amount = -1
            _ = self.app.tr
            show_error(self.amount_error, _("Type a whole number from {low} to {count}.",
                                            low=low, count=MAX_STAKE))

    def set_reentry(self, on: bool) -> None:
        self.reentry = on
        self.on_change()

    def header(self, players: list[str], dealer: str | None) -> FamilyTable:
        """The game's header for these seats; GnavError (the engine's sentence) when bad."""
        self.read_amount(self.amount_field.value)
        if self.amount < 0:
            raise GnavError(self.amount_error.value or "")
        ledger = self.book.ledger
        stakes: dict[str, Any] = {"kind": ledger,
                                  ledger.amount: self.amount}
        if "reentry" in ledger.optional:
            stakes["reentry"] = self.reentry
        obj: dict[str, Any] = {
            "ev": "table", "version": 2, "game": self.game, "rules": self.rules,
            "stakes": stakes, "seats": players,
            "house": {k: list(v) if isinstance(v, tuple) else v for k, v in self.house.items()},
        }
        if dealer is not None:
            obj["dealer"] = dealer
        header = kind_named(self.game).parse_header(obj)
        assert isinstance(header, FamilyTable)
        return header

    @property
    def editing(self) -> bool:
        return False  # its fields are read as they change

    def adopt(self, old: Any, same_language: bool = True) -> None:
        if not isinstance(old, FamilySetup):
            return
        self.rules, self.house = old.rules, dict(old.house)
        self.amount, self.reentry = old.amount, old.reentry
        self.amount_field.value = old.amount_field.value
        self.fill()


def family_book(game: str) -> GameBook:
    """The GameBook of a game of the family, from its kind in the registry."""
    kind = GAMES.kind(game)
    if not isinstance(kind, FamilyKind):
        raise TypeError(f"{game} is not a game of the family")
    return kind.book


def value_words(book: GameBook, value: Any, tr: Tr, key: str | None = None) -> str:
    """A house field's value in words (New table's choices, a table's rules card)."""
    _, _n = tr, tr.n
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, str) and key is not None and (key, value) in FIELD_WORDS:
        return _(FIELD_WORDS[key, value])
    if isinstance(value, str) and value in book.words.values:  # the game's own (its numerals)
        return _(book.words.values[value])
    if isinstance(value, int):  # a house field's number is a price in lives or counters
        if isinstance(book.ledger, Counters):
            return _n("{count} counter", "{count} counters", value)
        return _n("{count} life", "{count} lives", value)
    if isinstance(value, (tuple, list)):
        return ", ".join(piece_title(book, v, tr) for v in value) or _("none")
    if isinstance(value, str) and value in VALUE_WORDS:
        return _(VALUE_WORDS[value])
    if isinstance(value, str) and "," in value:  # an order of pieces, highest first
        return ", ".join(piece_title(book, v, tr) for v in value.split(","))
    return str(value)
