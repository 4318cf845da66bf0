"""Seeded random legal games and what `python -m companion replay` prints for each (issue 13).

The guard rail of the engine's reshaping: every game here was played once (the sit_out set's with
the engine after the correction of house default 8, the others' with the engine before the
reshaping), and the sha256 of its `replay` output (and of the state after every event) stored
under tests/journals/golden/ (one JSON Lines file per set; every FULL_EVERY-th game keeps its whole
output too, so a failure can be read). tests/engine/test_golden_replay.py plays the same games
again from their seeds and compares. A game is played by `strategies.choose_move`, so the moves
are only as random as `random.Random(seed)`: the same engine plays the same game.

Regenerating is a deliberate act, for a rule change that gnav.md asks for (say which in the
commit message):

    python -m tests.properties.golden --write
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import io
import json
import random
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.cli import replay_command
from companion.engine.gnav import (
    HOUSE_FIELDS,
    MATADORS,
    PIECES,
    PRESETS,
    Event,
    Leave,
    Reveal,
    TableState,
    parse_header,
)
from companion.engine.gnav.journal import dumps
from companion.engine.gnav.rules import CHOP_CONTINUES, FOOL_SCORINGS

from .strategies import FOOL, choose_move, in_round_names

GOLDEN = Path(__file__).resolve().parents[1] / "journals" / "golden"
GAMES = 250  # per set
FULL_EVERY = 50
STEP_CAP = 500
# One set per preset without house rules, one with any preset and random house rules (these four
# from the engine before issue 13), and one of small tables where seats sit out and leave often
# (from the engine after house default 8's edge was corrected: the others never reach it).
SETS: tuple[str, ...] = ("damm", "pagat", "gamerules", "house", "sit_out")
LEAVE = 0.12  # sit_out set: how often a seat leaves between rounds when it may
_STEMS = ("Ann", "Åse", "Bjørn", "Cy", "dag", "Æ ø")


def _house(rng: random.Random) -> dict[str, Any]:
    """Any subset of the journal-v1 house-rule fields, each with an allowed value."""
    house: dict[str, Any] = {}
    for key in HOUSE_FIELDS:
        if rng.random() < 0.5:
            continue
        if key == "fool_scoring":
            house[key] = rng.choice(FOOL_SCORINGS)
        elif key == "chop_continues":
            house[key] = rng.choice(CHOP_CONTINUES)
        elif key in ("two_fools_sit_out", "cat_reverses"):
            house[key] = rng.random() < 0.5
        else:
            house[key] = rng.sample(MATADORS, rng.randint(0, len(MATADORS)))
    return house


def header(set_name: str, rng: random.Random) -> dict[str, Any]:
    """A journal-v1 header: mostly small tables, now and then a full one (the stock runs dry)."""
    if set_name == "sit_out":
        return _sit_out_header(rng)
    count = rng.randint(2, 8) if rng.random() < 0.9 else rng.randint(9, 40)
    stem = rng.choice(_STEMS)
    seats = [f"{stem}{i}" for i in range(count)]
    stakes = (
        {"kind": "counters", "each": rng.randint(1, 4)} if rng.random() < 0.6
        else {"kind": "strokes", "limit": rng.randint(1, 4)}
    )
    out: dict[str, Any] = {
        "ev": "table", "version": 1,
        "rules": rng.choice(sorted(PRESETS)) if set_name == "house" else set_name,
        "stakes": stakes, "seats": seats,
    }
    if rng.random() < 0.7:
        out["dealer"] = rng.choice(seats)  # else the first dealer is found by a cut
    if set_name == "house":
        out["house"] = _house(rng)
    return out


def _sit_out_header(rng: random.Random) -> dict[str, Any]:
    """Three or four seats that may sit out after two fools, with stakes that last."""
    seats = [f"{rng.choice(_STEMS)}{i}" for i in range(rng.randint(3, 4))]
    out: dict[str, Any] = {
        "ev": "table", "version": 1, "rules": rng.choice(sorted(PRESETS)),
        "stakes": {"kind": "counters", "each": rng.randint(3, 6)}, "seats": seats,
        "dealer": rng.choice(seats), "house": {"two_fools_sit_out": True},
    }
    if rng.random() < 0.5:
        out["house"]["fool_scoring"] = rng.choice(FOOL_SCORINGS)
    return out


def _two_fools(state: TableState, rng: random.Random) -> Reveal:
    """A reveal where two seats of the round show the fools (so that they may sit out)."""
    names = in_round_names(state)
    bag = [piece for piece in PIECES if piece != FOOL for _ in range(2)]
    rng.shuffle(bag)
    fools = set(rng.sample(names, 2))
    return Reveal(tuple((name, FOOL if name in fools else bag.pop()) for name in names))


def _move(set_name: str, state: TableState, rng: random.Random) -> Event:
    if set_name != "sit_out":
        return choose_move(state, rng)
    if state.phase == "reveal" and rng.random() < 0.5:
        return _two_fools(state, rng)
    if state.phase == "ready" and rng.random() < (LEAVE * 4 if any(state.sitting_out) else LEAVE):
        return rng.choice([e for e in state.options() if isinstance(e, Leave)])
    return choose_move(state, rng)


def journal(set_name: str, game: int) -> tuple[str, str]:
    """The journal text of game number `game` of a set, played legally from its seed, and the
    sha256 of the state after every event (as `replay` would print each prefix of the journal):
    a finished game's last state alone would hide a changed balance that a later round evened
    out."""
    rng = random.Random(f"{set_name}:{game}")
    table = parse_header(header(set_name, rng))
    state = TableState(table)
    events = []
    trace = hashlib.sha256()
    for _ in range(STEP_CAP):
        if state.phase == "over":
            break
        event = _move(set_name, state, rng)
        state.apply(event)
        events.append(event)
        trace.update(json.dumps(state.as_json(), ensure_ascii=False).encode("utf-8") + b"\n")
    return dumps(table, events), trace.hexdigest()


def replay_output(text: str) -> str:
    """What `python -m companion replay FILE` prints for the journal `text` (its own code path,
    in this process: a subprocess per game would take minutes)."""
    with tempfile.TemporaryDirectory(prefix="gnav-golden-") as folder:
        path = Path(folder) / "game.jsonl"
        path.write_text(text, encoding="utf-8")
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            code = replay_command(str(path))
    assert code == 0, f"replay refused a legal game: {out.getvalue()}"
    return out.getvalue()


def sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class Golden:
    seed: str  # "set:game", the seed of random.Random
    journal: str  # sha256 of the journal text (tells a changed game from a changed replay)
    replay: str  # sha256 of the replay output
    trace: str  # sha256 of the state after every event
    output: dict[str, Any] | None  # the whole output, for every FULL_EVERY-th game

    def line(self) -> str:
        obj: dict[str, Any] = {"seed": self.seed, "journal": self.journal, "replay": self.replay,
                               "trace": self.trace}
        if self.output is not None:
            obj["output"] = self.output
        return json.dumps(obj, ensure_ascii=False, sort_keys=True)


def play(set_name: str, game: int) -> tuple[str, str, Golden]:
    """(journal, replay output, its golden record) of one game."""
    text, trace = journal(set_name, game)
    output = replay_output(text)
    full = json.loads(output) if game % FULL_EVERY == 0 else None
    return text, output, Golden(f"{set_name}:{game}", sha256(text), sha256(output), trace, full)


def stored(set_name: str) -> Iterator[Golden]:
    with open(GOLDEN / f"{set_name}.jsonl", encoding="utf-8") as f:
        for line in f:
            obj = json.loads(line)
            yield Golden(obj["seed"], obj["journal"], obj["replay"], obj["trace"], obj.get("output"))


def write() -> None:
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for set_name in SETS:
        lines = [play(set_name, game)[2].line() for game in range(GAMES)]
        (GOLDEN / f"{set_name}.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(f"{set_name}: {len(lines)} games")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="regenerate the golden files")
    if parser.parse_args().write:
        write()
    else:
        parser.print_help()


if __name__ == "__main__":
    main()
