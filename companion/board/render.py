"""The board as JSON and as HTML, and a finished game's result as plain text.

All words come from companion.narrate (no Flet there), so the board tells the last call
and the settlement exactly as the referee's banner does.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

from companion.engine import TableState
from companion.engine.rules import PRESETS
from companion.i18n import EN, Tr
from companion.narrate.board_words import board_words
from companion.narrate.words import (
    balance_words,
    banner_lines,
    now_sentence,
    pieces_words,
    query_sentence,
    rulebook_differences,
    settlement_lines,
    winners_sentence,
)

from .reader import Followed, Listed


def standings(state: TableState) -> list[int]:
    """Seat indexes best first: winners, then most counters (fewest strokes); out seats last."""
    return sorted(
        range(len(state.names)),
        key=lambda i: (state.out[i] and i not in state.winners,
                       -state.balance[i] if state.counters else state.balance[i], i),
    )


def board_json(game: Followed, tr: Tr = EN) -> dict[str, Any]:
    """Everything the board shows, as plain values."""
    state = game.state
    # the only board this build draws is Gnav's: the registry gives no other kind yet
    if not isinstance(state, TableState):
        raise TypeError(f"no board for a game of {game.table.game}")
    seats = []
    for i, name in enumerate(state.names):
        seats.append({
            "name": name,
            "balance": state.balance[i],
            "words": balance_words(state, i, tr),
            "out": state.out[i] and i not in state.winners,
            "sits_out": state.sitting_out[i],
            "in_round": state.in_round[i],
            "knocked": state.knocked[i] and state.in_round[i],  # as the referee's seats say
            # as on the referee's screen: a finished game has no dealer (the last may be out)
            "dealer": state.dealer == i and state.phase != "over",
            "turn": state.turn == i,
            "asked": state.asked == i,
            "winner": i in state.winners,
        })
    last = state.last
    settled = state.last_round
    return {
        "game": game.id,
        "version": game.version,
        "events": len(game.lines),
        "rules": state.table.rules,
        "round": state.round,
        "phase": state.phase,
        "counters": state.counters,
        "limit": state.limit,
        "pool": state.pool,
        "dealer": state.dealer_name,
        "turn": state.turn_name,
        "asked": state.asked_name,
        "seats": seats,
        "now": now_sentence(state, tr),
        "last_call": banner_lines(last, state, tr) if last is not None else [],
        "settlement": None if settled is None else {
            "round": settled.round,
            "lines": settlement_lines(state, tr),
            "pieces": pieces_words(settled.pieces, tr),
        },
        "winners": [state.names[i] for i in state.winners],
        # the answer to this round's question stays shown after the dealer's next call (while
        # it is the last call, the last call already says it)
        "query": (None if state.query is None or state.dealer_name is None
                  or (last is not None and last.kind == "query")
                  else query_sentence(state.dealer_name, state.query, tr)),
    }


def board_html(data: dict[str, Any], tr: Tr = EN) -> str:
    """The inside of the board page (also what each live update replaces)."""
    e = escape
    w = {key: e(text) for key, text in board_words(tr).items()}
    rules = e(data["rules"])
    title = (w["title_round"].format(rules=rules, round=data["round"]) if data["round"]
             else w["title"].format(rules=rules))
    parts = [f'<h1 id="title">{title}</h1>',
             f'<p id="now" class="now">{e(data["now"])}</p>']
    if data["last_call"] and data["phase"] != "over":
        lines = "".join(f"<p>{e(line)}</p>" for line in data["last_call"])
        parts.append(f'<section id="last-call" class="card call"><h2>{w["last_call"]}</h2>'
                     f"{lines}</section>")
    if data.get("query") and data["phase"] in ("turns", "asking"):
        parts.append(f'<p id="query" class="now">{e(data["query"])}</p>')
    rows = []
    for seat in data["seats"]:
        tags = []
        for key in ("winner", "dealer", "turn", "asked", "knocked", "sits_out", "out"):
            if seat[key]:
                tags.append(f'<span class="tag {key.replace("_", "-")}">{w[key]}</span>')
        classes = ["seat"] + [k for k in ("turn", "asked", "out", "winner") if seat[k]]
        if seat["sits_out"]:
            classes.append("sits-out")
        rows.append(
            f'<li class="{" ".join(classes)}"><span class="name">{e(seat["name"])}</span>'
            f'<span class="tags">{"".join(tags)}</span>'
            f'<span class="balance">{e(seat["words"])}</span></li>'
        )
    parts.append(f'<ol id="seats" class="seats">{"".join(rows)}</ol>')
    if data["counters"]:
        parts.append(f'<p id="pool" class="pool">{w["pool"].format(pool=data["pool"])}</p>')
    settled = data["settlement"]
    if settled is not None:
        lines = "".join(f"<p>{e(line)}</p>" for line in settled["lines"])
        heading = w["settled"].format(round=settled["round"])
        shown = w["shown"].format(pieces=e(settled["pieces"]))
        parts.append(
            f'<section id="settlement" class="card"><h2>{heading}</h2>'
            f'{lines}<p class="small">{shown}</p></section>'
        )
    return "".join(parts)


def result_text(state: TableState, tr: Tr = EN,
                fits: Callable[[str], bool] | None = None) -> str:
    """A finished (or unfinished) game told in plain text.

    With `fits` (does this text fit in one QR code?) a text too long for it is shortened:
    first the table line gives the number of seats instead of every name (the standings name
    them all), then the standings stop where the code is full, saying how many are left out.
    """
    full = _result_lines(state, tr, names=True)
    if fits is None or fits("\n".join(full)):
        return "\n".join(full)
    lines = _result_lines(state, tr, names=False)
    if fits("\n".join(lines)):
        return "\n".join(lines)
    head = lines.index("Standings:") + 1
    rows = lines[head:]

    def cut(keep: int) -> str:
        more = len(rows) - keep
        return "\n".join(lines[:head] + rows[:keep] + [f"... and {more} more"])

    low, high = 0, len(rows) - 1  # the most rows that fit lies in [low, high]
    while low < high:
        middle = (low + high + 1) // 2
        if fits(cut(middle)):
            low = middle
        else:
            high = middle - 1
    return cut(low)


def _result_lines(state: TableState, tr: Tr, names: bool) -> list[str]:
    table = state.table
    amount = table.stakes.amount
    plural = "" if amount == 1 else "s"
    stakes = (f"{amount} counter{plural} each" if state.counters
              else f"chalk strokes, out at {amount} stroke{plural}")
    seats = f"{', '.join(state.names)} ({len(state.names)} seats)" if names \
        else f"{len(state.names)} seats"
    lines = ["Gnav result", f"Table: {seats}, {stakes}", f"Rule book: {table.rules}"]
    preset = PRESETS.get(table.rules)
    if preset is not None:
        lines += [f"House rule: {line}" for line in rulebook_differences(state.rules, preset, tr)]
    lines.append(f"Rounds: {state.round}")
    lines.append(winners_sentence([state.names[i] for i in state.winners], tr)
                 if state.phase == "over" else "Not finished")
    lines.append("Standings:")
    for place, i in enumerate(standings(state), start=1):
        note = " (wins)" if i in state.winners else (
            " (out)" if state.out[i] else "")
        lines.append(f"{place}. {state.names[i]}: {balance_words(state, i, tr)}{note}")
    return lines


def list_html(games: list[Listed], tr: Tr = EN) -> str:
    w = board_words(tr)
    if not games:
        return f'<p class="now">{escape(w["no_tables"])}</p>'
    rows = []
    for g in games:
        where = w["over"] if g.phase == "over" else (
            w["round"].format(round=g.round) if g.round else w["not_dealt"])
        line = w["table_line"].format(game=g.id, seats=", ".join(g.seats))
        rows.append(
            f'<li><a class="game" href="/board/{g.id}"><span class="name">{escape(line)}'
            f'</span><span class="small">{escape(g.rules)} · {escape(where)}</span></a></li>'
        )
    return f'<ol class="games">{"".join(rows)}</ol>'
