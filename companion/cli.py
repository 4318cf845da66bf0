"""`python -m companion replay PATH|-`, `python -m companion print-deck ...`,
`python -m companion serve ...`, `python -m companion bundle-web-client`,
`python -m companion import FILE... --data DIR` and `python -m companion records --data DIR`.

`replay`, `print-deck`, `import` and `records` must never import Flet: it is used in pipelines and tests on machines without a
display, and must answer fast.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from functools import partial
from typing import TextIO

from companion.i18n import LANGUAGES

CHUNK = 1 << 20  # how much of a journal is read at a time


def _error_line(message: str) -> None:
    """One line on standard error, whatever the message holds and the terminal can show."""
    line = message if len(message.splitlines()) <= 1 else " ".join(message.split())
    _write(sys.stderr, line + "\n")


def _write(stream: TextIO, text: str) -> None:
    buffer = getattr(stream, "buffer", None)
    if buffer is None:  # an in-memory stream (tests, embedding): it takes text as it is
        stream.write(text)
        return
    stream.flush()
    buffer.write(text.encode("utf-8", "backslashreplace"))
    buffer.flush()


def replay_command(path: str) -> int:
    from companion.core.errors import JournalError
    from companion.engine.registry import replay_state

    try:
        # read line by line as the engine goes: memory stays that of the game's state, and a
        # bad line stops the reading there
        if path == "-":
            state = replay_state(iter(partial(sys.stdin.buffer.read, CHUNK), b""))
        else:
            with open(path, "rb") as f:
                state = replay_state(iter(partial(f.read, CHUNK), b""))
    except OSError as err:
        _error_line(f"line 1: cannot read {path}: {err.strerror or err}")
        return 2
    except JournalError as err:
        _error_line(str(err))
        return 2
    except Exception as err:  # noqa: BLE001 - the contract is exit 2 and one line, never a traceback
        _error_line(f"line 1: the journal could not be read ({type(err).__name__}).")
        return 2
    # bytes, so that names such as "Åse" print whatever the terminal's encoding is
    out = json.dumps(state.as_json(), ensure_ascii=False) + "\n"
    _write(sys.stdout, out)
    return 0


def print_deck_command(game: str | None, paper: str, lang: str, out: str | None, back: bool,
                       stickers: bool) -> int:
    from companion.deck import GAMES, deck_pdf

    game = game or next(iter(GAMES))  # the registry's first game with a pack to print
    path = out or f"{game}-deck-{paper}.pdf"
    try:
        data = deck_pdf(game, paper, lang, backs=back, stickers=stickers)
    except ValueError as err:
        _error_line(str(err))
        return 2
    try:
        with open(path, "wb") as f:
            f.write(data)
    except OSError as err:
        _error_line(f"cannot write {path}: {err.strerror or err}")
        return 2
    _write(sys.stdout, f"{path}\n")
    return 0


def bundle_command(out: str | None) -> int:
    """Copies the Flet web client's files the app needs from flet-web into the app's folder
    (or `out`), for `flet build`: a built app cannot install flet-web (README, Android)."""
    from pathlib import Path

    from companion.webclient.files import BUNDLE_DIR, bundle, installed_web_dir

    source = installed_web_dir()
    if source is None:
        _error_line("bundle-web-client copies Flet's web client from flet-web: "
                    "pip install -e '.[web]' first.")
        return 2
    destination = Path(out).resolve() if out else BUNDLE_DIR
    try:
        done = bundle(source, destination)
    except OSError as err:
        _error_line(f"cannot write {destination}: {err.strerror or err}")
        return 2
    _write(sys.stdout, f"{done.files} files ({done.size / 1e6:.1f} MB) copied into "
                       f"{destination}\n")
    return 0


def import_command(files: list[str], data: str, lang: str) -> int:
    """Journals into a data folder as the app's import brings them: all or none."""
    from pathlib import Path

    from companion.i18n import Tr
    from companion.store.imports import Refused, import_files, read_files

    tr = Tr(lang)
    try:
        done = import_files(Path(data), read_files(files))
    except Refused as err:
        _error_line(tr.error(err.text))
        return 2
    _write(sys.stdout, "".join(f"{name}\t{game}\n" for name, game in done))
    return 0


def records_command(data: str, game: str | None, since: str | None, until: str | None,
                    form: str, lang: str) -> int:
    """The records of a data folder: sentences, --json (each player by name) or --csv (one
    row per seat per game)."""
    from pathlib import Path

    from companion.core.errors import GnavError
    from companion.i18n import Tr
    from companion.records import Filter
    from companion.records.exports import results_csv
    from companion.records.stats import summary
    from companion.store import StoreError
    from companion.store.records_io import open_folder, read_records

    tr = Tr(lang)
    try:
        only = Filter(since=None if since is None else Filter.day(since, "--since"),
                      until=None if until is None else Filter.day(until, "--until"),
                      game=game)
        with open_folder(Path(data)) as store:
            records, games, roster = read_records(store, only)
    except (GnavError, StoreError) as err:
        _error_line(tr.error(err))
        return 2
    if form == "json":
        out = json.dumps(records.as_json(), ensure_ascii=False, indent=1) + "\n"
    elif form == "csv":
        out = results_csv(games, roster.shown_name)
    else:
        out = "".join(tr.error(line) + "\n" for line in summary(records, tr))
    _write(sys.stdout, out)
    for line in records.left_out:  # said on standard error too, where a script looks
        _error_line(tr.error(line))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="companion", description="Gnav Companion")
    sub = parser.add_subparsers(dest="command", required=True)
    rp = sub.add_parser("replay", help="apply a journal and print the state as JSON")
    rp.add_argument("path", help="journal file (JSON Lines), or - for standard input")
    dp = sub.add_parser("print-deck", help="write a print-and-play deck of a game's pack as PDF")
    # the games and papers are checked by the deck itself, so that replay never loads it
    dp.add_argument("--game", default=None,
                    help="the game whose pack to print, as its journals name it (default: the "
                         "first of the registry's games that has one)")
    dp.add_argument("--paper", default="a4", help="a4 or letter")
    dp.add_argument("--lang", choices=LANGUAGES, default="en",
                    help="the table's language for the names (the game's own are printed too)")
    dp.add_argument("--out", default=None, help="the PDF to write (default GAME-deck-PAPER.pdf)")
    dp.add_argument("--back", action=argparse.BooleanOptionalAction, default=True,
                    help="add a page of card backs (print it on the back of each card sheet)")
    dp.add_argument("--stickers", action=argparse.BooleanOptionalAction, default=True,
                    help="add the sheet of round stickers for wooden pawns")
    sp = sub.add_parser("serve", help="serve the referee app in web mode")
    sp.add_argument("--host", default=None,
                    help="address to listen on (127.0.0.1, or 0.0.0.0 with --lan)")
    sp.add_argument("--lan", action="store_true",
                    help="serve the boards on the local network; the referee's controls "
                         "then need the token printed at start")
    sp.add_argument("--port", type=int, default=8550)
    sp.add_argument("--data", default=None, help="folder for the games database")
    bp = sub.add_parser("bundle-web-client",
                        help="copy Flet's web client into the app's folder before flet build, "
                             "so the built app can hand the referee's controls to another "
                             "device")
    bp.add_argument("--out", default=None,
                    help="the folder to fill (default: web-client beside main.py)")
    ip = sub.add_parser("import", help="bring journals into a data folder as the app's "
                                       "import does: all of them, or none")
    ip.add_argument("files", nargs="+", metavar="FILE", help="journal files (JSON Lines)")
    ip.add_argument("--data", required=True, help="the data folder (as serve --data)")
    ip.add_argument("--lang", choices=LANGUAGES, default="en", help="the sentences' language")
    rc = sub.add_parser("records", help="print the records of a data folder's games")
    rc.add_argument("--data", required=True, help="the data folder (as serve --data)")
    rc.add_argument("--game", default=None, help="only this game (gnav, kille, ...)")
    rc.add_argument("--since", default=None, metavar="DATE",
                    help="only tables set up on or after this day (2026-12-24)")
    rc.add_argument("--until", default=None, metavar="DATE",
                    help="only tables set up on or before this day")
    form = rc.add_mutually_exclusive_group()
    form.add_argument("--json", dest="form", action="store_const", const="json",
                      help="every figure as JSON, each player by name")
    form.add_argument("--csv", dest="form", action="store_const", const="csv",
                      help="the results as CSV, one row per seat per game")
    rc.add_argument("--lang", choices=LANGUAGES, default="en", help="the sentences' language")
    args = parser.parse_args(argv)
    if args.command == "import":
        return import_command(args.files, args.data, args.lang)
    if args.command == "records":
        return records_command(args.data, args.game, args.since, args.until,
                               args.form or "text", args.lang)
    if args.command == "bundle-web-client":
        return bundle_command(args.out)
    if args.command == "replay":
        return replay_command(args.path)
    if args.command == "print-deck":
        return print_deck_command(args.game, args.paper, args.lang, args.out, args.back,
                                  args.stickers)
    import importlib.util

    if importlib.util.find_spec("flet_web") is None:
        # an optional dependency since the built app goes without it (pyproject.toml)
        _error_line("serve needs Flet's web client: pip install -e '.[web]' "
                    "(./scripts/start does).")
        return 2
    from companion.server import serve

    return serve(host=args.host, port=args.port, data=args.data, lan=args.lan)


if __name__ == "__main__":
    raise SystemExit(main())
