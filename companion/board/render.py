"""The board as JSON and as HTML, and the list of tables.

What the board says of a game comes from its narration (its description in the registry: no
Flet there), so the board tells the last call and the settlement exactly as the referee's
banner does; this module names no game's classes.
"""

from __future__ import annotations

from html import escape
from typing import Any

from companion.engine.registry import GAMES
from companion.i18n import EN, Tr
from companion.narrate.board_words import board_words

from .reader import Followed, Listed, TooLong


def board_json(game: Followed, tr: Tr = EN) -> dict[str, Any]:
    """Everything the board shows, as plain values: which game, at which version, and what
    the narration tells of its state."""
    narration = GAMES[game.table.game].narration
    return {"game": game.id, "version": game.version, "events": game.count,
            **narration.board_state(game.state, tr)}


def too_long_json(said: TooLong, tr: Tr = EN) -> dict[str, Any]:
    """What the board shows of a game stored past the cap: the sentence saying why it is not
    followed (as the referee's tables list says it)."""
    now = board_words(tr)["too_long"].format(
        game=said.game_id, count=tr.number(said.count), most=tr.number(said.most))
    return {"game": said.game_id, "version": said.version, "events": said.count,
            "too_long": True, "now": now}


def board_html(data: dict[str, Any], tr: Tr = EN) -> str:
    """The inside of the board page (also what each live update replaces)."""
    e = escape
    if data.get("too_long"):
        return (f'<p id="now" class="now">{e(data["now"])}</p>'
                f'<p><a href="/board">{e(board_words(tr)["all_tables"])}</a></p>')
    w = {key: e(text) for key, text in board_words(tr).items()}
    rules = e(data["rules"])
    title = (w["title_round"].format(rules=rules, round=data["round"]) if data["round"]
             else w["title"].format(rules=rules))
    if "title" in data:  # a game other than Gnav names itself
        title = e(data["title"])
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
    # a family game's money in the middle in its own words: the pot, the pool, the side pot
    parts += [f'<p class="pool">{e(line)}</p>' for line in data.get("money", ())]
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


def list_html(games: list[Listed], tr: Tr = EN) -> str:
    w = board_words(tr)
    if not games:
        return f'<p class="now">{escape(w["no_tables"])}</p>'
    rows = []
    for g in games:
        where = w["over"] if g.phase == "over" else (
            w["round"].format(round=g.round) if g.round else w["not_dealt"])
        line = w["table_line"].format(game=g.id, seats=", ".join(g.seats))
        # the game by its own name and the rule book by its title, as the tables list says them
        game = GAMES.get(g.game)
        what = [g.game or g.rules] if game is None else [game.name]
        if game is not None and len(game.books) > 1:
            title = game.books.get(g.rules)
            what.append(tr(title) if title else g.rules)
        small = " · ".join([*what, where])
        rows.append(
            f'<li><a class="game" href="/board/{g.id}"><span class="name">{escape(line)}'
            f'</span><span class="small">{escape(small)}</span></a></li>'
        )
    return f'<ol class="games">{"".join(rows)}</ol>'
