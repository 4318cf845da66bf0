"""After the reveal: the settlement in sentences, and the game-over panel with the winners large."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import flet as ft

from companion.engine.gnav import Reveal, TableState
from companion.engine.gnav.narrate import balance_words, pieces_words, settlement_lines
from companion.engine.gnav.narrate import standings as seat_order
from companion.i18n import EN, Tr
from companion.narrate.words import winners_sentence

from . import theme
from .widgets import big_button, body


def settlement_shown(put_away: bool, events: Sequence[object]) -> bool:
    """A table screen shows the settlement of its last reveal until "Next round" puts it away
    on any screen of the table (the app's `Games.put_away`)."""
    return bool(events) and isinstance(events[-1], Reveal) and not put_away


def settlement_panel(state: TableState, on_next: Any, tr: Tr = EN) -> ft.Control:
    _ = tr
    s = state.last_round
    title = _("Round {round} settled", round=s.round) if s is not None else _("Round settled")
    shown = pieces_words(s.pieces, tr) if s is not None else ""
    return ft.Column(
        [
            ft.Semantics(identifier="phase",
                         content=ft.Text(title, size=theme.QUESTION, weight=ft.FontWeight.BOLD)),
            ft.Semantics(identifier="settlement", content=ft.Column(
                [body(line, size=theme.BODY + 2) for line in settlement_lines(state, tr)],
                spacing=4)),
            body(_("Shown: {pieces}", pieces=shown), size=theme.SMALL, italic=True),
            big_button(_("Next round"), on_next),
        ],
        spacing=10,
    )


def standings(state: TableState, tr: Tr = EN) -> list[tuple[str, str]]:
    """(name, words) best first: most counters (fewest strokes); out seats last, in seat order."""
    _ = tr
    out = []
    for i in seat_order(state):
        words = balance_words(state, i, tr)
        if i in state.winners:
            words = _("{balance} · winner", balance=words)
        elif state.out[i]:
            words = _("{balance} · out", balance=words)
        out.append((state.names[i], words))
    return out


def game_over_panel(state: TableState, on_rematch: Any, on_tables: Any,
                    tr: Tr = EN, narrow: bool = False) -> ft.Control:
    _, _n = tr, tr.n
    winners = [state.names[i] for i in state.winners]
    rows: list[ft.Control] = [
        ft.Semantics(identifier="phase", content=ft.Text(
            winners_sentence(winners, tr), size=44, weight=ft.FontWeight.BOLD,
            color=ft.Colors.PRIMARY)),
        body(_n("Game over after {count} round.", "Game over after {count} rounds.",
                state.round), size=theme.NAME),
    ]
    last = settlement_lines(state, tr)
    if last:
        rows.append(body(_("Last round: {sentences}", sentences=" ".join(last)),
                         size=theme.BODY))
    rows.append(ft.Text(_("Standings"), size=theme.NAME, weight=ft.FontWeight.BOLD))
    # the words take what the name leaves and wrap: a phone cut them off ("3 counters · wi")
    rows.append(ft.Column(
        [ft.Row([ft.Text(f"{k + 1}. {name}", size=theme.BODY + 2, weight=ft.FontWeight.W_600,
                         width=140 if narrow else 240, no_wrap=True,
                         overflow=ft.TextOverflow.ELLIPSIS),
                 body(words, expand=True)],
                vertical_alignment=ft.CrossAxisAlignment.START)
         for k, (name, words) in enumerate(standings(state, tr))],
        spacing=2,
    ))
    rows.append(ft.Row([big_button(_("Rematch"), on_rematch),
                        big_button(_("Tables"), on_tables, filled=False)], wrap=True, spacing=12))
    return ft.Column(rows, spacing=10)
