"""A full disk cuts a journal write short (issue 21, item 10): the journal file is cut back to
its last whole line at once, and the records the disk refused are written, in order, with the
next change, so the journal protects every event again as soon as the disk has room (it
ended in part of a line, which hid every later record until the next start)."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from companion.engine import Deal, Stand
from companion.store import Store, StoreError
from companion.store import logs as logs_module
from companion.store.logs import log_path, read_log

from .files import stored_lines
from .play import header, random_events

REPO = Path(__file__).resolve().parents[2]


class FullDisk:
    """os.write for game 1's journal file: takes `room` more bytes, then refuses with ENOSPC
    (a write cut short midway, as a full disk does); `fsync_fails` refuses its fsync too."""

    def __init__(self, folder: Path, room: int, fsync_fails: bool = False) -> None:
        self.path = log_path(folder, 1)
        self.room = room
        self.fsync_fails = fsync_fails
        self.real_write = os.write
        self.real_fsync = os.fsync
        self.refused = 0

    def _journal(self, fd: int) -> bool:
        return os.fstat(fd).st_ino == self.path.stat().st_ino

    def write(self, fd: int, data: bytes | memoryview) -> int:
        if not self._journal(fd):
            return self.real_write(fd, data)
        if self.room <= 0:
            self.refused += 1
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        written = self.real_write(fd, bytes(data[: self.room]))
        self.room -= written
        return written

    def fsync(self, fd: int) -> None:
        if self.fsync_fails and self._journal(fd):
            self.refused += 1
            raise OSError(errno.EIO, os.strerror(errno.EIO))
        self.real_fsync(fd)


def journal_matches_the_games_file(folder: Path) -> None:
    log = read_log(log_path(folder, 1), 1)
    assert log.damaged is None
    active, undone = stored_lines(folder, 1)
    assert [line for line, _at in log.active] == active
    assert [line for line, _at in log.tail] == undone


@pytest.mark.parametrize("how", ["cut midway", "nothing written", "fsync refused"])
def test_a_journal_write_the_disk_cuts_short_leaves_whole_lines(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, how: str
) -> None:
    store = Store(tmp_path)
    table = header()
    game = store.create_game(table)
    events = random_events(table, 40, 3)
    for event in events[:30]:
        game.apply(event)
    path = log_path(tmp_path, 1)
    size = path.stat().st_size
    disk = FullDisk(tmp_path, room={"cut midway": 37, "nothing written": 0,
                                    "fsync refused": 10_000}[how],
                    fsync_fails=how == "fsync refused")
    monkeypatch.setattr(logs_module.os, "write", disk.write)
    monkeypatch.setattr(logs_module.os, "fsync", disk.fsync)
    for event in events[30:33]:  # three taps on a full disk: each told, each kept
        with pytest.raises(StoreError, match=r"^The change was saved, but the disk did not "
                           r"confirm writing it \(1\.log: (No space left on device|"
                           r"Input/output error)\)"):
            game.apply(event)
        # the file ends with its last whole line, so every record in it stays readable
        assert path.stat().st_size == size
        assert path.read_bytes().endswith(b"\n")
        assert read_log(path, 1).damaged is None
    assert disk.refused >= 3
    monkeypatch.undo()  # room again: the next change writes the three refused records first
    game.undo()
    game.redo()
    game.apply(events[33])
    assert len(game.events) == 34
    journal_matches_the_games_file(tmp_path)
    assert read_log(path, 1).ops == game.ops
    store.close()
    with Store(tmp_path) as again:  # nothing to repair at the next start
        assert again.recovery_notice is None
        assert len(again.open_game(1).events) == 34


def test_a_journal_filled_to_a_real_file_size_limit_is_cut_back_to_a_whole_line(
    tmp_path: Path,
) -> None:
    # a real short write, made by the kernel: RLIMIT_FSIZE lets a write reach the limit and
    # refuses the rest with EFBIG (no root needed for a small file system); in a child
    # process, so that no other file of the test run meets the limit
    folder = tmp_path / "data"
    child = textwrap.dedent("""
        import resource, signal, sys
        from pathlib import Path
        from companion.store import Store, StoreError
        from companion.store.logs import log_path, read_log
        from tests.store.play import header, random_events

        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # EFBIG, not a killed process
        store = Store(sys.argv[1])
        store._db.idle = 3600  # no checkpoint while the limit stands: only the WAL grows
        table = header(each=99)
        game = store.create_game(table)
        events = random_events(table, 200, 5)
        assert len(events) == 200
        for event in events[:150]:
            game.apply(event)
        store._db.con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        path = log_path(Path(sys.argv[1]), 1)
        size = path.stat().st_size
        soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
        resource.setrlimit(resource.RLIMIT_FSIZE, (size + 50, hard))
        try:
            game.apply(events[150])
        except StoreError as err:
            print("told:", err)
        print("whole:", path.stat().st_size == size and path.read_bytes().endswith(b"\\n")
              and read_log(path, 1).damaged is None)
        resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))
        game.apply(events[151])
        store.close()
    """)
    done = subprocess.run([sys.executable, "-c", child, str(folder)], cwd=REPO,
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert "told: The change was saved, but the disk did not confirm writing it (1.log: " \
           "File too large)" in done.stdout
    assert "whole: True" in done.stdout
    journal_matches_the_games_file(folder)
    with Store(folder) as again:
        assert again.recovery_notice is None
        assert len(again.open_game(1).events) == 152


def test_a_refused_journal_write_of_a_deal_is_told_and_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the first event of a game: the journal holds only its header line
    store = Store(tmp_path)
    game = store.create_game(header())
    disk = FullDisk(tmp_path, room=5)
    monkeypatch.setattr(logs_module.os, "write", disk.write)
    with pytest.raises(StoreError, match="No space left on device"):
        game.apply(Deal())
    assert read_log(log_path(tmp_path, 1), 1).damaged is None
    monkeypatch.undo()
    game.apply(Stand(game.state.turn_name or ""))
    journal_matches_the_games_file(tmp_path)
    store.close()
