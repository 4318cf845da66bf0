"""Every change on the disk before the app is handed it (issue 11, items 5 and 9): the WAL is
fsynced in the committing thread through a descriptor kept open, and a failed fsync is told."""

from __future__ import annotations

import errno
import os
import resource
import time
from pathlib import Path

import pytest

from companion.engine.gnav import Deal, Stand
from companion.store import DB_NAME, Store, StoreError, schema
from companion.store.logs import log_path

from .play import header


def wal_inode(folder: Path) -> int:
    return os.stat(folder / f"{DB_NAME}-wal").st_ino


class SlowFsync:
    """os.fsync that takes `delay` seconds, records when each call on the WAL and on game 1's
    journal file ended, and fails with `fail` (on the WAL only with `wal_only`)."""

    def __init__(self, folder: Path, delay: float = 0.0, fail: int | None = None,
                 wal_only: bool = False) -> None:
        self.folder = folder
        self.delay = delay
        self.fail = fail
        self.wal_only = wal_only
        self.wal_done: list[float] = []
        self.journal_done: list[float] = []
        self.real = os.fsync

    def __call__(self, fd: int) -> None:
        time.sleep(self.delay)
        inode = os.fstat(fd).st_ino
        is_wal = inode == wal_inode(self.folder)
        if self.fail is not None and (is_wal or not self.wal_only):
            raise OSError(self.fail, os.strerror(self.fail))
        self.real(fd)
        if is_wal:
            self.wal_done.append(time.monotonic())
        elif log_path(self.folder, 1).exists() and inode == log_path(self.folder, 1).stat().st_ino:
            self.journal_done.append(time.monotonic())


def test_an_event_is_on_the_disk_before_apply_returns(
    store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the tap's patch is sent when apply returns: the WAL's fsync must be over by then, even
    # when the disk is slow (it was done on a thread, up to 144 ms after the screen showed it)
    # (the game's journal file is the copy fsynced on the tap's path; the WAL's fsync runs
    # beside it, see companion/store/schema.py)
    game = store.create_game(header())
    fsync = SlowFsync(tmp_path, delay=0.2)
    monkeypatch.setattr(schema.os, "fsync", fsync)
    for event in (Deal(), Stand("Bo")):
        game.apply(event)
        returned = time.monotonic()
        assert fsync.journal_done and fsync.journal_done[-1] <= returned
        count = len(fsync.journal_done)
        game.undo()
        assert len(fsync.journal_done) == count + 1
        game.redo()
        assert len(fsync.journal_done) == count + 2
    store.close()
    assert len(fsync.wal_done) >= 2  # the WAL too, by the close at the latest


def test_the_wal_is_synced_when_the_process_has_no_descriptor_left(
    store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # idle board connections each hold a socket; at the open-file limit an fsync that opens
    # the WAL first gets EMFILE and synced nothing, without a word
    game = store.create_game(header())
    fsync = SlowFsync(tmp_path)
    monkeypatch.setattr(schema.os, "fsync", fsync)
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (256, hard))
    held: list[int] = []
    try:
        while True:
            try:
                held.append(os.open(os.devnull, os.O_RDONLY))
            except OSError as err:
                assert err.errno == errno.EMFILE
                break
        game.apply(Deal())
        time.sleep(0.3)  # a sync left to a thread meets the limit too
    finally:
        for fd in held:
            os.close(fd)
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    assert len(fsync.wal_done) == 1


@pytest.mark.parametrize("action", ["apply", "undo", "redo", "create"])
def test_a_failed_fsync_is_told_and_the_change_kept(
    store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, action: str
) -> None:
    game = store.create_game(header())
    game.apply(Deal())
    if action == "redo":
        game.undo()
    monkeypatch.setattr(schema.os, "fsync", SlowFsync(tmp_path, fail=errno.EIO))
    with pytest.raises(StoreError, match=r"^The change was saved, but the disk did not "
                       r"confirm writing it \((games\.sqlite3-wal|\d\.log): Input/output "
                       r"error\)"):
        if action == "apply":
            game.apply(Stand("Bo"))
        elif action == "undo":
            game.undo()
        elif action == "redo":
            game.redo()
        else:
            store.create_game(header())
    monkeypatch.undo()
    # the change is committed, and the game in memory says the same as the file
    events = {"apply": 2, "undo": 0, "redo": 1, "create": 1}[action]
    assert len(game.events) == events
    store.close()
    with Store(tmp_path) as again:
        assert len(again.open_game(game.id).events) == events
        assert len(again.list_games()) == (2 if action == "create" else 1)


def test_a_failed_fsync_of_the_wal_is_told_by_the_next_change_at_the_latest(
    store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = store.create_game(header())
    monkeypatch.setattr(schema.os, "fsync", SlowFsync(tmp_path, fail=errno.EIO, wal_only=True))
    with pytest.raises(StoreError, match=r"\(games\.sqlite3-wal: Input/output error\)"):
        game.apply(Deal())
        time.sleep(0.2)  # the WAL's sync, beside the tap, is over
        game.apply(Stand("Bo"))
    assert 1 <= len(game.events) <= 2
