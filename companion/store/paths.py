"""Where the games file lives."""

from __future__ import annotations

import os
from pathlib import Path

APP_NAME = "gnav-companion"
DB_NAME = "games.sqlite3"


def default_data_dir() -> Path:
    """FLET_APP_STORAGE_DATA when set (Flet sets it in a built app), else the user data folder."""
    flet_dir = os.environ.get("FLET_APP_STORAGE_DATA", "").strip()
    if flet_dir:
        return Path(flet_dir)
    import platformdirs  # only here: most runs name their folder and need not load it

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
