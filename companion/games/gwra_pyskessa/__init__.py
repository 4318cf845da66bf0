"""Gwra pyskessa (Cornish Go Fish): cards, phrasebook, journal and state, Flet-free and pure.

docs/rules/gwra-pyskessa.md gives the rules and the phrasebook; docs/journal.md (version 2,
sections 3, 5.2, 5.3, 7 and 8) the journal and the state `replay` prints.
"""

from .cards import CARD, PACK, RANK, RANK_IDS, RANKS, SUIT, SUITS, Card, Rank, Suit
from .events import GAME, Ask, Cut, Deal, Event, Header, LayDown, Reply, parse_event, parse_header
from .kind import KIND, GoFishKind
from .phrasebook import PHRASES, Saying, answer, ask
from .state import GoFishState, Outcome, deal_size

__all__ = [
    "CARD", "GAME", "KIND", "PACK", "PHRASES", "RANK", "RANKS", "RANK_IDS", "SUIT", "SUITS",
    "Ask", "Card", "Cut", "Deal", "Event", "GoFishKind", "GoFishState", "Header", "LayDown",
    "Outcome", "Rank", "Reply", "Saying", "Suit", "answer", "ask", "deal_size", "parse_event",
    "parse_header",
]
