"""Players and records (issue 26): the roster of the table's players kept across games, and
every figure derived by replaying the journals. Pure: no files, no Flet; the data folder's
files are companion/store/records_io.py's.

  roster   Roster, Player: names, badges, rename, merge, the chips New table offers
  facts    GameFacts, SeatFacts: what one replayed game holds (the one door into the engine)
  stats    compute(games) -> Records: PlayerRecord, GameRecord, Filter
  exports  results_csv, bgstats_play
"""

from .facts import FACTS_FORMAT, GameFacts, SeatFacts, Unreadable, game_facts, game_title
from .roster import COLOURS, Player, Roster, RosterError
from .stats import Best, Filter, GameRecord, PlayerRecord, Records, Tally, compute

__all__ = [
    "COLOURS", "FACTS_FORMAT", "Best", "Filter", "GameFacts", "GameRecord", "Player",
    "PlayerRecord", "Records", "Roster", "RosterError", "SeatFacts", "Tally", "Unreadable",
    "compute", "game_facts", "game_title",
]
