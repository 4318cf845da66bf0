"""Journals brought into a data folder from the command line (issue 26, item 5): the app's
own import (Store.import_journal: the same checks, the same sentences), for several files at
once, all or none: every file is first imported into a scratch folder, and only when each
was taken are they imported into the data folder, so a refused file leaves the folder as it
was. Their names join the roster as the app's imports do (records_io.synced)."""

from __future__ import annotations

import tempfile
from collections.abc import Sequence
from pathlib import Path

from companion.core.errors import GnavError, Text

from .errors import StoreError
from .lock import hold_folder
from .records_io import open_roster
from .store import Store


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
    Refused names the first file the app's import refuses, with its sentence. Returns each
    file with its new game's number."""
    with tempfile.TemporaryDirectory(prefix="gnav-import-") as scratch:
        trial = Store(scratch)
        try:
            for name, data in files:
                try:
                    trial.import_journal(data)
                except (GnavError, StoreError) as err:
                    raise Refused(Text("{file} was not imported: {why} Nothing was imported.",
                                       file=name, why=err.text)) from None
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
            done = [(name, store.import_journal(data).id) for name, data in files]
            open_roster(store)  # their names join the roster
    except (GnavError, StoreError) as err:  # the folder itself (a full disk, a damaged file)
        raise Refused(err.text) from None
    finally:
        lock.release()
    return done
