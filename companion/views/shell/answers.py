"""The one question a table asks and its answers, drawn once for every game.

A game says what it asks as data (`Question`, `Answer`): the prompt, a hint, the answers the
engine would accept now (a disabled one where the game wants it shown), each with a key that
stays the same from tap to tap. `AnswerPanel` keeps one button per key and, at each tap, only
changes what changed in it (its words, whether it is shown or enabled), returning those
controls to send: a tap costs a few small patches, and a quick second tap lands on the same
button rather than on one replaced under the finger.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

import flet as ft

from .. import theme
from ..widgets import AnyButton, Button, big_button, body, button, labelled

# How an answer is drawn: "big" the filled answers the table mostly gives (Deal, Stand), "tonal"
# an answer as large but quieter, "call" a call in the game's words with its meaning, "small"
# the rarer answers (Knock, Between rounds), "tile" one of many short choices (a rank).
Kind = Literal["big", "tonal", "call", "small", "tile"]
# How a line of a button's words is set: the piece over a call, the call itself, its meaning, a
# tile's large mark and its name under it, an answer's words and what is said with it.
Style = Literal["over", "call", "gloss", "mark", "under", "main", "said"]
Line = tuple[str, Style]

CALL_HEIGHT_PHONE = 88  # a call on a phone: the piece, the call on up to two lines, its meaning
CALL_HEIGHT_SHORT = 76  # the same on a phone under 700 px tall (360 x 640)
CALL_HEIGHT_SIDEWAYS = 64  # a phone held sideways: three calls a row, one line each
TILE_WIDTH = 96
WORDS_PADDING = 8  # each side of an answer's words in a button of a phone's row
TILE_HEIGHT = 76


@dataclass(frozen=True, slots=True)
class Answer:
    """One answer: `act` runs at a tap (None: shown but disabled, the engine would refuse it).
    `lines` replace `text` on a call's or a tile's button; `label` names the button for a
    screen reader (and the tests) where its lines say more than its name."""

    key: str
    text: str
    act: Callable[[], None] | None
    kind: Kind = "big"
    lines: tuple[Line, ...] = ()
    label: str | None = None
    # a picture before the words, made once when the button is first made
    icon: Callable[[], ft.Control] | None = None
    more: bool = False  # one of the rarer answers: on a phone in a row of their own


@dataclass(frozen=True, slots=True)
class Question:
    """What the table waits for: the prompt, a hint under it, a game's own control between
    them and the answers (the Cornish to say, a price to type), and the answers."""

    prompt: str
    answers: tuple[Answer, ...] = ()
    hint: str | None = None
    before: ft.Control | None = None


@dataclass(slots=True)
class _Shown:
    control: ft.Control  # what sits in the row: the button, or its labelled wrapper
    button: AnyButton
    look: tuple[object, ...]
    texts: list[ft.Text]
    row: ft.Row
    visible: bool = True
    disabled: bool = False


class AnswerPanel:
    """The question's panel: prompt, hint, a game's own part, the answers, the rarer answers.
    Sized for the screen: two answers a row on a phone, three held sideways, as many as fit on
    a tablet. `show` returns what changed, for the screen to send."""

    def __init__(self, phone: bool, width: float, short: bool, sideways: bool) -> None:
        self.phone = phone
        self.sideways = sideways
        self.short = short  # a phone under 700 px tall
        # the panel's inner width: the column's less the panel's padding
        self.inner = width - 32
        self.prompt = ft.Text("", size=theme.QUESTION - (2 if phone or sideways else 0),
                              weight=ft.FontWeight.BOLD)
        self.hint = body("", size=theme.SMALL + 1, italic=True, visible=False)
        self.before = ft.Container(visible=False)
        self.main = ft.Row([], wrap=True, spacing=12, run_spacing=12,
                           vertical_alignment=ft.CrossAxisAlignment.CENTER)
        # on a phone the rarer answers in a row of their own, under the two columns
        self.extra = ft.Row([], wrap=True, spacing=8, run_spacing=8, visible=False)
        self.control = ft.Column(
            [ft.Semantics(identifier="phase", content=self.prompt), self.hint, self.before,
             self.main, self.extra], spacing=10)
        self.buttons: dict[str, AnyButton] = {}
        self._shown: dict[str, _Shown] = {}
        self._acts: dict[str, Callable[[], None] | None] = {}

    # --- sizes -----------------------------------------------------------------------------

    def width_of(self, kind: Kind) -> float | None:
        if kind == "tile":
            if not (self.phone or self.sideways):
                return TILE_WIDTH
            # five a row, upright or sideways (the answers' row keeps 12 between them):
            # thirteen ranks in three rows, each rank's Cornish in reach of its tile
            per_row = 5
            gap = 12
            return min(TILE_WIDTH, (self.inner - gap * (per_row - 1)) / per_row - 0.5)
        if kind == "small":
            return None
        if self.phone:
            return (self.inner - 12) / 2
        if self.sideways:
            return (self.inner - 24) / 3
        return None

    def call_height(self) -> float | None:
        if self.sideways:
            return CALL_HEIGHT_SIDEWAYS
        if self.phone:
            return CALL_HEIGHT_SHORT if self.short else CALL_HEIGHT_PHONE
        return None

    def height(self, question: Question) -> float:
        """About how tall the panel is with `question`'s answers (the words measured in
        Roboto, the buttons by their kind), for the screen to tell whether the seats keep
        their room above it; a game's own control counts as a row of answers."""
        inner = max(self.inner, 1.0)

        def lines(words: str, size: float) -> int:
            return max(1, math.ceil(theme.text_width(words, size, theme.TEXT_SPACING) / inner))

        size = float(self.prompt.size or theme.QUESTION)
        height = 32 + lines(question.prompt, size) * size * 1.25
        if question.hint:
            height += 10 + lines(question.hint, theme.SMALL + 1) * (theme.SMALL + 1) * 1.3
        if question.before is not None:
            height += 10 + theme.BIG_TOUCH
        rows: dict[bool, list[Answer]] = {False: [], True: []}
        for answer in question.answers:
            rows[answer.more and self.phone].append(answer)
        for extra, answers in rows.items():
            if not answers:
                continue
            # each answer's width and height in its row, wrapped as the row wraps them
            x, row_h, total = 0.0, 0.0, 0.0
            gap = 8 if extra else 12
            for answer in answers:
                width = self.width_of(answer.kind)
                if width is None:
                    width = min(inner, theme.text_width(answer.text, theme.BODY) + 48
                                + (32 if answer.icon is not None else 0))
                tall = (TILE_HEIGHT if answer.kind == "tile" and not (self.phone or self.sideways)
                        else 60 if answer.kind == "tile"
                        else theme.TOUCH if answer.kind == "small"
                        else self.call_height() or theme.BIG_TOUCH
                        if answer.kind == "call" or answer.lines else theme.BIG_TOUCH)
                if x and x + width > inner + 0.5:
                    total += row_h + gap
                    x, row_h = 0.0, 0.0
                x += width + gap
                row_h = max(row_h, tall)
            height += 10 + total + row_h
        return height

    # --- drawing ---------------------------------------------------------------------------

    def show(self, question: Question) -> list[ft.Control]:
        """Sets the panel to `question`; returns the controls that changed."""
        changed: list[ft.Control] = []
        if self.prompt.value != question.prompt:
            self.prompt.value = question.prompt
            changed.append(self.prompt)
        hint = question.hint or ""
        if self.hint.value != hint or self.hint.visible != bool(hint):
            self.hint.value, self.hint.visible = hint, bool(hint)
            changed.append(self.hint)
        if self.before.content is not question.before:
            self.before.content = question.before
            self.before.visible = question.before is not None
            changed.append(self.before)
        self._acts = {a.key: a.act for a in question.answers}
        for answer in question.answers:
            changed += self._answer(answer)
        for key, shown in self._shown.items():
            if key not in self._acts and shown.visible:
                shown.visible = False
                shown.control.visible = False
                changed.append(shown.control)
        sent: set[int] = set()
        for row in (self.main, self.extra):
            # the row in the question's order, the hidden answers after (kept for later taps)
            keys = [a.key for a in question.answers if self._shown[a.key].row is row]
            rest = [k for k, s in self._shown.items() if s.row is row and k not in self._acts]
            wanted = [self._shown[k].control for k in keys + rest]
            if [id(c) for c in row.controls] != [id(c) for c in wanted]:
                row.controls = wanted
                changed.append(row)
                sent |= {id(c) for c in wanted}  # a row sent whole carries its buttons
            if row is self.extra and row.visible != bool(keys):
                row.visible = bool(keys)
                changed.append(row)
        return [c for c in dict.fromkeys(changed) if id(c) not in sent]

    def _answer(self, answer: Answer) -> list[ft.Control]:
        look = (answer.text, answer.lines, answer.label, answer.kind)
        shown = self._shown.get(answer.key)
        if (shown is None or shown.look[3] != answer.kind
                or len(shown.texts) != len(answer.lines)
                or (shown.look[2] is None) != (answer.label is None)):
            # made anew: its row is set again with it
            self._shown[answer.key] = self._make(answer)
            return []
        changed: list[ft.Control] = []
        if shown.look != look:
            shown.look = look
            if answer.lines:
                for text, (words, _style) in zip(shown.texts, answer.lines, strict=True):
                    text.value = words
            elif isinstance(shown.button.content, ft.Text) and shown.button.width is not None:
                fitted = self._words(answer.text, float(shown.button.width))
                shown.button.content.value = fitted.value
                shown.button.content.size = fitted.size
            else:
                shown.button.content = answer.text
            if answer.label is not None and isinstance(shown.control, ft.Semantics):
                shown.control.label = answer.label
            changed.append(shown.control)
        disabled = answer.act is None
        if not shown.visible or shown.disabled != disabled:
            shown.visible, shown.disabled = True, disabled
            shown.control.visible = True
            shown.button.disabled = disabled
            changed.append(shown.control)
        return changed

    def _make(self, answer: Answer) -> _Shown:
        key = answer.key
        width = self.width_of(answer.kind)

        def tap(e: object = None) -> None:
            # the answer of the question drawn last: a button outlives the tap it was made at
            act = self._acts.get(key)
            if act is not None:
                act()

        # a line's room in its button, less the padding (a tile's is 4 a side)
        room = (width or 0) - (10 if answer.kind == "tile" else 16)
        texts = [self._line(words, style, room) for words, style in answer.lines]
        content: str | ft.Control = (
            ft.Column(list[ft.Control](texts), spacing=0, tight=True,
                      horizontal_alignment=ft.CrossAxisAlignment.CENTER)
            if texts else answer.text)
        button_: AnyButton
        if answer.kind == "call":
            button_ = big_button(content, tap, filled=False, width=width)
            height = self.call_height()
            if height is not None:
                button_.height = height
                button_.style = ft.ButtonStyle(
                    padding=ft.Padding.symmetric(horizontal=8, vertical=4),
                    shape=ft.RoundedRectangleBorder(radius=16))
        elif answer.kind == "tile":
            button_ = Button(content=content, on_click=tap, width=width,
                             height=60 if self.phone or self.sideways else TILE_HEIGHT,
                             style=ft.ButtonStyle(shape=ft.RoundedRectangleBorder(radius=12),
                                                  padding=4))
        elif answer.kind == "small":
            # never wider than the panel: a long one ("Swap: Dag passes a Harlequin face up")
            # is made just small enough to fit
            room = self.inner - 48 - (32 if answer.icon is not None else 0)
            size = max(11.0, theme.fitted_size(answer.text, theme.BODY, room))
            button_ = button(answer.text, tap,
                             icon=answer.icon() if answer.icon is not None else None)
            if size < theme.BODY:
                button_.style = ft.ButtonStyle(
                    padding=ft.Padding.symmetric(horizontal=14, vertical=8),
                    text_style=ft.TextStyle(size=size))
        else:
            if not texts and width is not None:
                # in a button of known width (a phone's two or three a row): on one line,
                # made just small enough to fit, never broken ("Chan / ge", "Morwenn / a")
                content = self._words(answer.text, width)
            button_ = big_button(content, tap, filled=answer.kind == "big", width=width)
            if not texts and width is not None:
                button_.style = ft.ButtonStyle(
                    padding=ft.Padding.symmetric(horizontal=WORDS_PADDING, vertical=12),
                    shape=ft.RoundedRectangleBorder(radius=16))
            height = self.call_height()
            if texts and height is not None:
                # an answer with a second line (the Cornish to say) as tall as a call
                button_.height = height
                button_.style = ft.ButtonStyle(
                    padding=ft.Padding.symmetric(horizontal=8, vertical=4),
                    shape=ft.RoundedRectangleBorder(radius=16))
        button_.disabled = answer.act is None
        self.buttons[key] = button_
        control: ft.Control = (labelled(answer.label, button_) if answer.label is not None
                               else button_)
        row = self.extra if answer.more and self.phone else self.main
        return _Shown(control, button_, (answer.text, answer.lines, answer.label, answer.kind),
                      texts, row, True, answer.act is None)

    @staticmethod
    def _words(words: str, width: float) -> ft.Text:
        # the answer's words are semi-bold: about a twentieth wider than the font's table says
        room = (width - 2 * WORDS_PADDING) / 1.05
        return ft.Text(words, size=max(11.0, theme.fitted_size(words, theme.QUESTION, room)),
                       weight=ft.FontWeight.W_600, no_wrap=True, max_lines=1,
                       overflow=ft.TextOverflow.ELLIPSIS)

    def _line(self, words: str, style: Style, room: float) -> ft.Text:
        small = self.phone or self.sideways

        def fitted(size: float, least: float) -> float:
            # on a line of its own in a button of known width: just small enough to fit
            return (max(least, theme.fitted_size(words, size, room, theme.TEXT_SPACING))
                    if room > 0 else size)

        if style == "over":
            return ft.Text(words, size=theme.SMALL - (2 if small else 0))
        if style == "call":
            # on a phone upright a call may take two lines; held sideways one where it fits
            # at a readable size, else two, rather than be cut
            one_line = fitted(theme.BODY - 1, 13)
            two = self.phone or (self.sideways and theme.text_width(
                words, 13, theme.TEXT_SPACING) > room)
            return ft.Text(words, size=theme.BODY - (1 if self.phone else 3) if two
                           else one_line if small else theme.QUESTION - 2,
                           weight=ft.FontWeight.BOLD, no_wrap=not two,
                           max_lines=2 if two else 1, text_align=ft.TextAlign.CENTER,
                           overflow=ft.TextOverflow.ELLIPSIS)
        if style == "gloss":
            # its meaning on one line, made just small enough to fit
            return ft.Text(words, size=fitted(theme.SMALL - 2, 9), italic=True, no_wrap=True,
                           max_lines=1, overflow=ft.TextOverflow.ELLIPSIS)
        if style == "mark":
            return ft.Text(words, size=theme.TITLE - (4 if small else 0),
                           weight=ft.FontWeight.BOLD)
        if style == "main":
            return ft.Text(words, size=fitted(theme.QUESTION - (4 if small else 0), 14),
                           weight=ft.FontWeight.W_600, no_wrap=True)
        if style == "said":
            # one line where it fits at a readable size, else two rather than be cut (the
            # Cornish «Nag eus. Gwra pyskessa!» in a third of a phone held sideways)
            size = fitted(theme.BODY - (2 if small else 0), 11)
            two = room > 0 and theme.text_width(words, size, theme.TEXT_SPACING) > room
            return ft.Text(words, size=size, italic=True, no_wrap=not two,
                           max_lines=2 if two else 1, text_align=ft.TextAlign.CENTER,
                           overflow=ft.TextOverflow.ELLIPSIS)
        # a rank's Cornish under it, made just small enough to fit its tile ("Myghternes")
        return ft.Text(words, size=fitted(theme.SMALL - (2 if small else 0), 9), no_wrap=True)
