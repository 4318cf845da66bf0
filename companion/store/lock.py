"""One process per data folder: an exclusive lock on <folder>/games.lock, held while it runs.

Two processes on one folder (two `serve --data` alike, or the app beside a `serve` left running)
each kept their own cached games and wrote over each other: shown taps were lost and a game
forked (issue 21, item 9). The lock is the operating system's (flock, or msvcrt's byte lock on
Windows): it goes with the process however it ends (a kill -9 included), so a lock file left
behind by a dead process never stands in the way. The file itself only says who holds it, for
the sentence a second start prints.

The app's start takes it (`serve`, and main.py for the built app: companion/server.py's
hold_data_folder) and holds it for the whole life of the process; a second start on the same
folder says which process holds it, and exits. Within one process a second hold is counted,
not refused. A Store opened by a script or a test takes no lock: each Game still checks its
game's change counter inside every transaction (game.py), so a process that reaches the file
past the lock (such a script, or a file system without locks) can never write from a stale
copy.
"""

from __future__ import annotations

import json
import os
import sys
import threading
from dataclasses import dataclass
from pathlib import Path

from .errors import StoreError

LOCK_NAME = "games.lock"

_held: dict[str, _Held] = {}
_registry = threading.Lock()


@dataclass
class _Held:
    fd: int
    count: int


class FolderLock:
    """A hold on a data folder's lock; `release` (or the end of the process) gives it up."""

    def __init__(self, key: str) -> None:
        self._key: str | None = key

    def release(self) -> None:
        with _registry:
            key, self._key = self._key, None
            if key is None:
                return
            held = _held[key]
            held.count -= 1
            if held.count == 0:
                del _held[key]
                os.close(held.fd)  # closing the descriptor gives the lock up


def hold_folder(folder: Path) -> FolderLock:
    """The data folder's lock for this process, or StoreError naming the process that holds it."""
    key = os.path.realpath(folder)
    with _registry:
        held = _held.get(key)
        if held is not None:
            held.count += 1
            return FolderLock(key)
        path = Path(key) / LOCK_NAME
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as err:
            raise StoreError("The data folder {path} cannot be used ({why}).", path=str(folder),
                             why=str(err.strerror or err)) from None
        try:
            _lock(fd)
        except OSError:
            os.close(fd)
            holder = _holder(path)
            if holder is None:
                raise StoreError(
                    "The data folder {path} is in use by another Gnav Companion; two copies "
                    "on one folder would write over each other's games. Stop that one first, "
                    "or give this one another data folder.", path=str(folder),
                ) from None
            raise StoreError(
                "The data folder {path} is in use by another Gnav Companion (process {pid}: "
                "{command}); two copies on one folder would write over each other's games. "
                "Stop that one first, or give this one another data folder.",
                path=str(folder), pid=holder[0], command=holder[1],
            ) from None
        _say_who(fd)
        _held[key] = _Held(fd, 1)
        return FolderLock(key)


if sys.platform == "win32":  # pragma: no cover - the tests run on Linux
    import msvcrt

    def _lock(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
else:
    import fcntl

    def _lock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)


def _say_who(fd: int) -> None:
    """Writes this process's id and command into the lock file (best effort: it only names the
    holder in another start's sentence)."""
    about = json.dumps({"pid": os.getpid(), "command": " ".join(sys.argv)[:300]},
                       ensure_ascii=False).encode("utf-8")
    try:
        os.ftruncate(fd, 0)
        os.lseek(fd, 0, os.SEEK_SET)
        os.write(fd, about + b"\n")
    except OSError:
        pass


def _holder(path: Path) -> tuple[int, str] | None:
    """The process id and command line the lock file names, when it can be read."""
    try:
        about = json.loads(path.read_bytes()[:1000])
        return int(about["pid"]), str(about.get("command") or "?")
    except (OSError, ValueError, KeyError, TypeError):
        return None
