"""The games on disk: one SQLite file in the app's data folder, every event committed before
the app shows it, journals in and out, and recovery from a damaged file.

Pure Python and sqlite3, no Flet. Timestamps are the store's own: they never enter the engine
or a journal.
"""

from .errors import StoreError
from .game import SNAPSHOT_EVERY, Game
from .lock import FolderLock, hold_folder
from .paths import DB_NAME, default_data_dir
from .schema import SCHEMA_VERSION
from .store import AlreadyHere, GameSummary, Store

__all__ = [
    "DB_NAME", "SCHEMA_VERSION", "SNAPSHOT_EVERY", "AlreadyHere", "FolderLock", "Game",
    "GameSummary", "Store",
    "StoreError", "default_data_dir", "hold_folder",
]
