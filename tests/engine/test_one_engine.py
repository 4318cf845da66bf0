"""Issue 13, item 3: one cuckoo engine reads its pack and its rule book. Gnav and the four
games of the family are refereed by the same state machine (family.CuckooState); each game's
state only says what happened in its own terms and prints its own replay keys, and a game's
differences are values of its rules (FamilyRules), not code."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.core.journal import decode_line
from companion.engine.cuckoo.family import FamilyState
from companion.engine.cuckoo.state import CuckooState
from companion.engine.gnav import TableState
from companion.engine.registry import parse_header

JOURNALS = Path(__file__).resolve().parents[1] / "journals"
# What a game's state may add to the engine: its set-up, its outcomes and record of a round,
# its reply event, its replay keys and reading API. Nothing that decides a rule.
TELLING = frozenset({
    "__init__", "clone", "_said", "_outcome", "_handed_back", "_cut_said", "_settled",
    "_reply_event", "options", "as_json", "_v1_json", "name", "exchanges_named",
    "handback_named", "in_game",
})


def first_journal(folder: Path, game: str) -> Path:
    for path in sorted(folder.glob("*.jsonl")):
        header = json.loads(path.read_text(encoding="utf-8").splitlines()[0])
        if header.get("game", "gnav") == game:
            return path
    raise AssertionError(f"no journal of {game} under {folder}")


@pytest.mark.parametrize("game", ["gnav", "kille", "cuccu", "slabberjan", "vogelspiel"])
def test_every_cuckoo_game_is_refereed_by_the_one_engine(game: str) -> None:
    folder = JOURNALS / "ok" if game == "gnav" else JOURNALS / "family" / "ok"
    line = first_journal(folder, game).read_text(encoding="utf-8").splitlines()[0]
    kind, header = parse_header(decode_line(line))
    state = kind.new_state(header)
    assert isinstance(state, CuckooState)
    assert state.play.game == game


@pytest.mark.parametrize("state_class", [TableState, FamilyState])
def test_a_games_state_decides_no_rule_of_its_own(state_class: type) -> None:
    own = {name for name in vars(state_class) if not name.startswith("__")} - TELLING
    assert not own, f"{state_class.__name__} decides {sorted(own)} outside the engine"
