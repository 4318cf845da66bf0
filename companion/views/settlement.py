"""After the reveal: the settlement in sentences, and the game-over panel with the winners large."""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.engine import TableState

from . import theme
from .widgets import big_button, body
from .words import balance_words, settlement_sentences, two_fools_sentence, winners_sentence


def settlement_lines(state: TableState) -> list[str]:
    s = state.last_round
    if s is None:
        return []
    lines = settlement_sentences(s, state.counters)
    extra = two_fools_sentence(s, state.rules)
    if extra:
        lines.append(extra)
    return lines


def settlement_panel(state: TableState, on_next: Any) -> ft.Control:
    s = state.last_round
    title = f"Round {s.round} settled" if s is not None else "Round settled"
    shown = ", ".join(f"{seat} {piece}" for seat, piece in s.pieces) if s is not None else ""
    return ft.Column(
        [
            ft.Semantics(identifier="phase",
                         content=ft.Text(title, size=theme.QUESTION, weight=ft.FontWeight.BOLD)),
            ft.Semantics(identifier="settlement", content=ft.Column(
                [body(line, size=theme.BODY + 2) for line in settlement_lines(state)],
                spacing=4)),
            body(f"Shown: {shown}", size=theme.SMALL, italic=True),
            big_button("Next round", on_next),
        ],
        spacing=10,
    )


def standings(state: TableState) -> list[tuple[str, str]]:
    """(name, words) best first: most counters (fewest strokes); out seats last, in seat order."""
    order = sorted(
        range(len(state.names)),
        key=lambda i: (state.out[i] and i not in state.winners,
                       -state.balance[i] if state.counters else state.balance[i], i),
    )
    out = []
    for i in order:
        words = balance_words(state, i)
        if i in state.winners:
            words += " · winner"
        elif state.out[i]:
            words += " · out"
        out.append((state.names[i], words))
    return out


def game_over_panel(state: TableState, on_rematch: Any, on_tables: Any) -> ft.Control:
    winners = [state.names[i] for i in state.winners]
    rows: list[ft.Control] = [
        ft.Semantics(identifier="phase", content=ft.Text(
            winners_sentence(winners), size=44, weight=ft.FontWeight.BOLD,
            color=ft.Colors.PRIMARY)),
        body(f"Game over after {state.round} rounds." if state.round != 1
             else "Game over after 1 round.", size=theme.NAME),
    ]
    last = settlement_lines(state)
    if last:
        rows.append(body("Last round: " + " ".join(last), size=theme.BODY))
    rows.append(ft.Text("Standings", size=theme.NAME, weight=ft.FontWeight.BOLD))
    rows.append(ft.Column(
        [ft.Row([ft.Text(f"{k + 1}. {name}", size=theme.BODY + 2, weight=ft.FontWeight.W_600,
                         width=240),
                 body(words)])
         for k, (name, words) in enumerate(standings(state))],
        spacing=2,
    ))
    rows.append(ft.Row([big_button("Rematch", on_rematch),
                        big_button("Tables", on_tables, filled=False)], wrap=True, spacing=12))
    return ft.Column(rows, spacing=10)
