"""One game on one page, to take home (issue 26, item 4): the table, the winners, the standings,
the story of the game drawn as lines, the rule book and the house rules. Printed with the
deck's ReportLab set-up (its embedded fonts, its deep red), bytes out, no files.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from reportlab.lib.colors import Color, HexColor
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from companion.i18n import Tr
from companion.records.facts import GameFacts, game_title

from .pdf import BOLD, INK_COLOUR, MATADOR_RED, SANS, _register_fonts

MARGIN = 15 * mm
# the story's lines: told apart by colour and by dash, so a black-and-white print tells them too
LINE_COLOURS = ("#8B1A1A", "#1F5F8B", "#2E7D32", "#B8860B", "#6A1B9A", "#00838F", "#D84315",
                "#455A64", "#AD1457", "#558B2F")
DASHES: tuple[tuple[float, ...], ...] = ((), (4, 2), (1, 2), (6, 2, 1, 2))

def line_colour(i: int) -> str:
    return LINE_COLOURS[i % len(LINE_COLOURS)]


def game_sheet(facts: GameFacts, tr: Tr, players: Sequence[str] | None = None,
               rule_book: str = "", house: Sequence[str] = (), unit: str = "") -> bytes:
    """The one-page PDF of a game: `players` the roster's names of its seats (the journal's
    when None), `rule_book` the book's title, `house` one line per house rule, `unit` what the
    balances count, in the reader's words."""
    _register_fonts()
    _, _n = tr, tr.n
    out = io.BytesIO()
    width, height = A4
    canvas = Canvas(out, pagesize=A4, invariant=True)
    canvas.setTitle(_("Table {n}: {game}", n=facts.id, game=game_title(facts.game, tr)))
    names = list(players) if players is not None else [s.name for s in facts.seats]
    y = height - MARGIN
    canvas.setFillColor(MATADOR_RED)
    canvas.setFont(BOLD, 20)
    canvas.drawString(MARGIN, y - 20, _("Table {n}: {game}", n=facts.id,
                                        game=game_title(facts.game, tr)))
    y -= 34
    canvas.setFillColor(INK_COLOUR)
    canvas.setFont(SANS, 11)
    canvas.drawString(MARGIN, y, _n("Set up on {day}, {count} round",
                                      "Set up on {day}, {count} rounds", facts.rounds,
                                      day=facts.date[:10]))
    y -= 22
    winners = [names[i] for i, s in enumerate(facts.seats) if facts.over and s.place == 1]
    canvas.setFont(BOLD, 14)
    canvas.drawString(MARGIN, y, _("Winners: {names}", names=", ".join(winners))
                      if winners else _("The game is not over yet."))
    y -= 24
    # the standings: place, player, what the seat had at the end
    canvas.setFont(BOLD, 11)
    canvas.drawString(MARGIN, y, _("Standings"))
    canvas.drawString(MARGIN + 40 + 85 * mm, y, unit)
    y -= 16
    order = sorted(range(len(facts.seats)),
                   key=lambda i: (facts.seats[i].place or len(facts.seats) + 1, i))
    for i in order:
        seat = facts.seats[i]
        canvas.setFont(SANS, 11)
        canvas.setFillColor(HexColor(line_colour(i)))
        canvas.rect(MARGIN, y - 1, 8, 8, stroke=0, fill=1)
        canvas.setFillColor(INK_COLOUR)
        place = "" if seat.place is None else f"{seat.place}."
        canvas.drawString(MARGIN + 14, y, place)
        canvas.drawString(MARGIN + 40, y, _fit(names[i], SANS, 11, 80 * mm))
        canvas.drawString(MARGIN + 40 + 85 * mm, y, str(seat.balance))
        y -= 14
    y -= 10
    chart_height = min(90 * mm, y - MARGIN - 60 - 26 * len(house))
    if facts.story and chart_height > 30 * mm:
        canvas.setFont(BOLD, 11)
        canvas.drawString(MARGIN, y, _("The story of the game"))
        y -= 8
        _story(canvas, facts.story, MARGIN, y - chart_height, width - 2 * MARGIN, chart_height,
               unit)
        y -= chart_height + 18
    canvas.setFont(BOLD, 11)
    canvas.setFillColor(INK_COLOUR)
    canvas.drawString(MARGIN, y, _("Rule book: {book}", book=rule_book or facts.rules))
    y -= 16
    canvas.drawString(MARGIN, y, _("House rules"))
    y -= 14
    canvas.setFont(SANS, 10)
    room = width - 2 * MARGIN - 20
    for line in house or [_("None: the rule book as written.")]:
        # a house rule is a sentence: wrapped under its bullet, never cut off
        for k, part in enumerate(simpleSplit(line, SANS, 10, room)):
            if y < MARGIN:
                break
            if k == 0:
                canvas.drawString(MARGIN + 8, y, "•")
            canvas.drawString(MARGIN + 20, y, part)
            y -= 13
    canvas.showPage()
    canvas.save()
    return out.getvalue()


def _fit(text: str, font: str, size: float, width: float) -> str:
    """`text` cut with an ellipsis to fit `width`."""
    if pdfmetrics.stringWidth(text, font, size) <= width:
        return text
    while text and pdfmetrics.stringWidth(text + "…", font, size) > width:
        text = text[:-1]
    return text + "…"


def _story(canvas: Canvas, story: Sequence[Sequence[int]], x: float, y: float, w: float,
           h: float, unit: str) -> None:
    """Each seat's balance after every round as a line: the axes, a few values, the lines."""
    values = [v for step in story for v in step]
    low, high = min(0, *values), max(1, *values)
    steps = max(1, len(story) - 1)
    left = x + 28
    plot_w = w - 28

    def at(step: int, value: int) -> tuple[float, float]:
        return left + plot_w * step / steps, y + h * (value - low) / (high - low)

    axis: Color = HexColor("#777777")
    canvas.setStrokeColor(axis)
    canvas.setLineWidth(0.6)
    canvas.line(left, y, left, y + h)
    canvas.line(left, y, left + plot_w, y)
    canvas.setFont(SANS, 8)
    canvas.setFillColor(INK_COLOUR)
    for value in sorted({low, high, 0}):
        canvas.drawRightString(left - 3, at(0, value)[1] - 3, str(value))
    for step in range(len(story)):
        if len(story) <= 21 or step % max(1, len(story) // 10) == 0:
            canvas.drawCentredString(at(step, low)[0], y - 10, str(step))
    if unit:
        canvas.drawString(left + 4, y + h + 2, unit)
    seats = len(story[0]) if story else 0
    canvas.setLineWidth(1.6)
    for seat in range(seats):
        canvas.setStrokeColor(HexColor(line_colour(seat)))
        dash = DASHES[seat % len(DASHES)]
        if dash:
            canvas.setDash(list(dash))
        else:
            canvas.setDash()
        path = canvas.beginPath()
        path.moveTo(*at(0, story[0][seat]))
        for step in range(1, len(story)):
            path.lineTo(*at(step, story[step][seat]))
        canvas.drawPath(path, stroke=1, fill=0)
    canvas.setDash()
