"""Journals brought into a data folder from the command line (issue 26, item 5): the app's
own import (Store.import_journal: the same checks, the same sentences), for several files at
once, all or none: every file is first imported into a scratch folder, and only when each
was taken, and none is a game already in the data folder, are they imported into it; should
the folder fail part way, the games written go again, so a refused file leaves the folder as
it was. Their names join the roster as the app's imports do (records_io.synced)."""

from __future__ import annotations

import tempfile
from collections.abc import Sequence
from pathlib import Path

from companion.core.errors import GnavError, Text

from .errors import StoreError
from .lock import hold_folder
from .records_io import open_roster
from .store import AlreadyHere, Store


class Refused(Exception):
    """A file that was not imported, and why (`text`); nothing was imported."""

    def __init__(self, text: Text) -> None:
        super().__init__(text)
        self.text = text


def read_files(paths: Sequence[str]) -> list[tuple[str, bytes]]:
    out: list[tuple[str, bytes]] = []
    for path in paths:
        try:
            out.append((path, Path(path).read_bytes()))
        except OSError as err:
            raise Refused(Text("{file} cannot be read ({why}); nothing was imported.",
                               file=path, why=str(err.strerror or err))) from None
    return out


def import_files(folder: Path, files: Sequence[tuple[str, bytes]]) -> list[tuple[str, int]]:
    """Imports every file into the data folder (holding its lock, as the app does), or none:
    Refused names the first file the app's import refuses, with its sentence (a game already
    here, or twice among the files, is refused too). Returns each file with its new game's
    number."""
    with tempfile.TemporaryDirectory(prefix="gnav-import-") as scratch:
        trial = Store(scratch)
        first_of: dict[int, str] = {}  # a scratch table -> the file it came from
        try:
            for name, data in files:
                try:
                    first_of[trial.import_journal(data, once=True).id] = name
                except AlreadyHere as err:
                    raise Refused(Text(
                        "{file} was not imported: it is the same game as {other}. Nothing "
                        "was imported.", file=name, other=first_of[err.game_id])) from None
                except (GnavError, StoreError) as err:
                    raise Refused(_refused(name, err.text)) from None
        finally:
            trial.close()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        lock = hold_folder(folder)
    except OSError as err:
        raise Refused(Text("The data folder {path} cannot be made ({why}).", path=str(folder),
                           why=str(err.strerror or err))) from None
    except StoreError as err:
        raise Refused(err.text) from None
    try:
        with Store(folder) as store:
            # every file looked at before one is written: a game already here refuses all
            for name, data in files:
                there = store.same_game(data)
                if there is not None:
                    raise Refused(_refused(name, AlreadyHere(there).text))
            done: list[tuple[str, int]] = []
            failed: str | None = None  # the file being written when the folder failed
            try:
                for failed, data in files:
                    done.append((failed, store.import_journal(data, once=True).id))
                failed = None
                open_roster(store)  # their names join the roster
            except (GnavError, StoreError) as err:
                # the folder itself failed (a full disk, a damaged file) part way: the games
                # already written go again, so that none of the files is half imported
                for _name, game_id in done:
                    try:
                        store.delete_game(game_id)
                    except StoreError:
                        pass  # it was not stored after all
                raise Refused(Text("{why} Nothing was imported.", why=err.text)
                              if failed is None else _refused(failed, err.text)) from None
    except (GnavError, StoreError) as err:  # the folder could not be opened
        raise Refused(err.text) from None
    finally:
        lock.release()
    return done


def _refused(name: str, why: Text) -> Text:
    return Text("{file} was not imported: {why} Nothing was imported.", file=name, why=why)
