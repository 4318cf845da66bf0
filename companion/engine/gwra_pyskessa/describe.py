"""Gwra pyskessa as the app knows it: its description, and how a table of it is told outside its
own screen, and what the shared Learn and quiz teach of it (teach.py: its phrasebook).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from companion.core.description import GameDescription
from companion.core.protocols import AnyState
from companion.engine.describe import Description
from companion.i18n import Tr

from . import narrate, teach
from .events import GAME as ID
from .events import MAX_SEATS, RULES
from .kind import KIND
from .state import GoFishState

# Its screens (views; named, not imported: the engine knows no Flet).
TABLE_PARTS = "companion.views.gofish"


def _gofish(state: AnyState) -> GoFishState:
    if not isinstance(state, GoFishState):
        raise TypeError(f"a {type(state).__name__} is not a table of Gwra pyskessa")
    return state


class GoFishNarration:
    """A table of Gwra pyskessa told outside its own screen (companion.engine.describe)."""

    phases: Mapping[str, str] = narrate.PHASES

    def board_state(self, state: AnyState, tr: Tr) -> dict[str, Any]:
        return narrate.board_state(_gofish(state), tr)

    def result_text(self, state: AnyState, tr: Tr,
                    fits: Callable[[str], bool] | None = None) -> str:
        # ten seats and thirteen rank words always fit one QR code
        return narrate.result_text(_gofish(state), tr)

    def call_words(self, rules: str, call: str) -> str:
        return call  # its asks are said in Cornish by the outcome itself (its `say`)


GAME: Description = GameDescription(
    id=ID, name=narrate.NAME, line=narrate.LINE, kind=KIND, books=dict.fromkeys(RULES),
    max_seats=MAX_SEATS, narration=GoFishNarration(),
    teaching=teach.GoFishTeaching(),
    table_parts=TABLE_PARTS, catalogue=(narrate, teach), rounds=False,
)
