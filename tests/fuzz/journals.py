"""Journals to throw at import and `replay`: real games, then damaged the way files get damaged.

A valid journal comes from a random legal game (seeded, see tests/properties/strategies.py)
or from the hand-worked scenario journals in tests/journals/ok. It is then mutated line by
line: lines dropped, duplicated, swapped or moved, a key renamed, a value swapped for another
plausible one (another seat, call, piece or event), a seat name's case changed, names padded
with spaces, blank lines and CRLF endings added, the file cut off mid-line. Most mutations
keep every line valid JSON, so the engine's rules (whose turn, who was asked, what phase),
not only the JSON parser, decide whether the file is refused.

`mutate` is a plain function of its operations, so the same damage can be drawn by
Hypothesis (which shrinks it) or by `random.Random` (for the coverage check).
"""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from companion.core.fields import STOCK
from companion.engine.gnav import CALLS, PIECES, Table, TableState, parse_header
from companion.engine.gnav.journal import event_line
from tests.properties.strategies import choose_move, house_rules

SCENARIOS = Path(__file__).resolve().parents[1] / "journals" / "ok"
EVENT_NAMES = ("cut", "deal", "knock", "stand", "change", "reply", "reveal", "sit_out", "leave")

# Names a referee may really type: emoji (one code point, and a joined family of five),
# Arabic and Hebrew (right to left), Norwegian letters, an accent, padding the header trims,
# and the longest name allowed. No two are the same without regard to case.
NAMES = (
    "Ann", "Bo", "😀", "👨‍👩‍👧", "مريم", "דוד", "Åse", "Bjørn", "Zoë", " Cy ", "\tDag",
    "X" * 24, "🎲" * 24, "Ola Nordmann", "سارة", "Éva",
)

OPS = (
    "drop", "dup", "swap", "swap_next", "move", "flip_key", "flip_value", "case", "pad",
    "blank", "crlf", "truncate",
)
Op = tuple[str, int, int, int]

# What a renamed key becomes: a near miss the referee's editor could make, or another field.
KEY_SWAPS: dict[str, tuple[str, ...]] = {
    "ev": ("EV", "event", "seat"),
    "seat": ("from", "Seat", "seats", "player"),
    "from": ("seat", "From", "to"),
    "call": ("calls", "Call", "piece"),
    "pieces": ("piece", "Pieces", "seats"),
    "version": ("Version", "v"),
    "rules": ("rule", "Rules", "house"),
    "stakes": ("stake", "Stakes"),
    "seats": ("Seats", "names", "seat"),
    "dealer": ("Dealer", "deal", "seat"),
    "house": ("House", "rules_house"),
}


# --- valid journals --------------------------------------------------------------------------


def header_obj(
    names: Sequence[str], rules: str, stakes: dict[str, Any], dealer: str | None,
    house: dict[str, Any] | None = None,
) -> dict[str, Any]:
    obj: dict[str, Any] = {
        "ev": "table", "version": 1, "rules": rules, "stakes": stakes, "seats": list(names),
    }
    if dealer is not None:
        obj["dealer"] = dealer
    if house:
        obj["house"] = house
    return obj


def play_lines(table: Table, seed: int, count: int) -> list[str]:
    """Up to `count` accepted event lines of a random game on `table`."""
    rng = random.Random(seed)
    state = TableState(table)
    lines: list[str] = []
    while len(lines) < count and state.phase != "over":
        event = choose_move(state, rng)
        state.apply(event)
        lines.append(event_line(event))
    return lines


@functools.cache
def scenario_journals() -> list[str]:
    return [p.read_text(encoding="utf-8") for p in sorted(SCENARIOS.glob("*.jsonl"))]


@st.composite
def game_journals(draw: st.DrawFn) -> list[str]:
    """The lines of a valid journal: a random game on an exotic table, or a scenario file."""
    if draw(st.integers(0, 5)) == 0:
        text = draw(st.sampled_from(scenario_journals()))
        return text.rstrip("\n").split("\n")
    if draw(st.integers(0, 7)) == 0:
        # a full table: its stock is small and can run dry
        stems = ("Sete", "مريم", "דוד", "😀")
        names = [f"{stems[i % 4]} {i}" for i in range(draw(st.integers(7, 40)))]
    else:
        names = draw(st.lists(
            st.sampled_from(NAMES), min_size=2, max_size=6,
            unique_by=lambda name: name.strip().casefold(),
        ))
    rules = draw(st.sampled_from(("damm", "pagat", "gamerules")))
    kind = draw(st.sampled_from(("counters", "strokes")))
    amount = draw(st.integers(1, 4))
    stakes = {"kind": kind, "each" if kind == "counters" else "limit": amount}
    dealer = draw(st.one_of(st.none(), st.sampled_from(names)))
    header = header_obj(names, rules, stakes, dealer, draw(house_rules()))
    table = parse_header(header)
    lines = play_lines(table, draw(st.integers(0, 2**32 - 1)), draw(st.integers(4, 120)))
    # the header as the referee's file may spell it: untrimmed names, escaped or raw UTF-8
    head = json.dumps(header, ensure_ascii=draw(st.booleans()))
    return [head, *lines]


def random_journal(rng: random.Random) -> list[str]:
    """As game_journals, drawn with `rng` (house rules left at the preset's)."""
    if rng.randrange(6) == 0:
        return rng.choice(scenario_journals()).rstrip("\n").split("\n")
    names = rng.sample(NAMES, rng.randint(2, 6))
    kind = rng.choice(("counters", "strokes"))
    stakes = {"kind": kind, "each" if kind == "counters" else "limit": rng.randint(1, 4)}
    dealer = rng.choice([None, *names])
    header = header_obj(names, rng.choice(("damm", "pagat", "gamerules")), stakes, dealer)
    lines = play_lines(parse_header(header), rng.randrange(2**32), rng.randint(4, 120))
    return [json.dumps(header, ensure_ascii=rng.random() < 0.5), *lines]


# --- damage ----------------------------------------------------------------------------------


def ops() -> st.SearchStrategy[list[Op]]:
    # `a` picks the line; Hypothesis favours 0, which would put most damage on the header
    one = st.tuples(
        st.sampled_from(OPS), st.integers(1, 10**6), st.integers(0, 10**6), st.integers(0, 10**6)
    )
    return st.lists(one, min_size=1, max_size=3)


def random_ops(rng: random.Random) -> list[Op]:
    return [
        (rng.choice(OPS), rng.randrange(10**6), rng.randrange(10**6), rng.randrange(10**6))
        for _ in range(rng.randint(1, 3))
    ]


def _seat_names(lines: list[str]) -> list[str]:
    try:
        head = json.loads(lines[0])
        return [n.strip() for n in head["seats"] if isinstance(n, str)] or ["Ann"]
    except (ValueError, KeyError, TypeError, IndexError):
        return ["Ann"]


def _other(choices: Sequence[Any], current: Any, pick: int) -> Any:
    rest = [c for c in choices if c != current] or list(choices)
    return rest[pick % len(rest)]


def _recase(name: str, how: int) -> str:
    """The name in another case; a name without case (emoji, Arabic, Hebrew) stays as it is."""
    spellings = [s for s in (name.upper(), name.lower(), name.swapcase()) if s != name]
    return spellings[how % len(spellings)] if spellings else name


def _pad(name: str, pad: str) -> str:
    return pad + name + pad[::-1]


def _edit_value(obj: dict[str, Any], key: str, names: list[str], b: int, c: int) -> None:
    value = obj[key]
    if key == "ev":
        obj[key] = _other(EVENT_NAMES + ("table",), value, c)
    elif key in ("seat", "from", "dealer"):
        obj[key] = _other([*names, STOCK, "Nobody", None], value, c)
    elif key == "call":
        obj[key] = _other(CALLS, value, c)
    elif key == "pieces" and isinstance(value, dict):
        seats = list(value)
        if not seats or b % 3 == 0:
            value[_other(names, None, c)] = PIECES[c % len(PIECES)]  # a seat added or re-given
        elif b % 3 == 1:
            del value[seats[c % len(seats)]]  # a seat left out
        else:
            value[seats[c % len(seats)]] = _other(PIECES, value[seats[c % len(seats)]], b)
    elif key == "stakes" and isinstance(value, dict):
        field = "each" if "each" in value else "limit"
        value[field] = c % 102  # 0 and 100, 101 are out of range, 1..99 are fine
    elif key == "seats" and isinstance(value, list) and value:
        if b % 2 == 0:
            del value[c % len(value)]
        else:
            value.append(value[c % len(value)].upper())
    elif key == "rules":
        obj[key] = _other(("damm", "pagat", "gamerules", "Damm", "gnav"), value, c)
    elif key == "version":
        obj[key] = _other((1, 2, 0, "1", 1.5, None), value, c)
    else:
        obj[key] = None


def _rename_names(obj: dict[str, Any], change: Callable[[str], str]) -> None:
    """Applies `change` to one seat name the line holds (fields, pieces keys, header seats)."""
    for key in ("seat", "from", "dealer"):
        if isinstance(obj.get(key), str) and obj[key] != STOCK:
            obj[key] = change(obj[key])
            return
    if isinstance(obj.get("pieces"), dict) and obj["pieces"]:
        first = next(iter(obj["pieces"]))
        obj["pieces"] = {(change(k) if k == first else k): v for k, v in obj["pieces"].items()}
        return
    if isinstance(obj.get("seats"), list) and obj["seats"] and isinstance(obj["seats"][0], str):
        obj["seats"][0] = change(obj["seats"][0])


def mutate(lines: Sequence[str], operations: Sequence[Op]) -> bytes:
    """The journal with every operation applied in order, as the bytes of a file."""
    out = list(lines)
    names = _seat_names(out)
    cut_at: tuple[int, int] | None = None
    for op, a, b, c in operations:
        if not out:
            break
        # the header is one line of many: most damage falls on the events
        i = a % len(out) if len(out) == 1 or a % 5 == 0 else 1 + a % (len(out) - 1)
        if op == "drop":
            del out[i]
        elif op == "dup":
            out.insert(i, out[i])
        elif op == "swap":
            j = b % len(out)
            out[i], out[j] = out[j], out[i]
        elif op == "swap_next" and i + 1 < len(out):
            out[i], out[i + 1] = out[i + 1], out[i]
        elif op == "move":
            out.insert(b % len(out), out.pop(i))
        elif op == "blank":
            out.insert(i, " \t" * (b % 2))
        elif op == "crlf":
            out[i] += "\r"
        elif op == "truncate":
            cut_at = (i, b)
        else:
            try:
                obj = json.loads(out[i])
            except ValueError:
                continue
            if not isinstance(obj, dict) or not obj:
                continue
            keys = sorted(obj)
            key = keys[b % len(keys)]
            if op == "flip_key":
                swaps = KEY_SWAPS.get(key, ("x",))
                new = swaps[c % len(swaps)]
                obj = {(new if k == key else k): v for k, v in obj.items()}
            elif op == "flip_value":
                _edit_value(obj, key, names, b, c)
            elif op == "case":
                _rename_names(obj, functools.partial(_recase, how=c))
            elif op == "pad":
                pads = (" ", "  ", "\t", "\u3000", " \u00a0")
                _rename_names(obj, functools.partial(_pad, pad=pads[c % len(pads)]))
            out[i] = json.dumps(obj, ensure_ascii=bool(c % 2))
    data = "\n".join(out).encode("utf-8") + (b"\n" if len(out) % 2 else b"")
    if cut_at is not None and out:
        # cut the file inside line i, possibly inside a multi-byte character
        i, b = cut_at
        i = min(i, len(out) - 1)
        start = sum(len(line.encode("utf-8")) + 1 for line in out[:i])
        length = len(out[i].encode("utf-8"))
        data = data[: start + (b % length if length else 0)]
    return data


@st.composite
def damaged_journals(draw: st.DrawFn) -> bytes:
    return mutate(draw(game_journals()), draw(ops()))


# --- what a journal error must look like -----------------------------------------------------


def line_count(data: bytes | str) -> int:
    """Lines in the file as an editor numbers them (a last line without text included)."""
    if isinstance(data, bytes):
        return data.count(b"\n") + 1
    return data.count("\n") + 1

