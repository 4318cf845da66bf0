"""`python -m companion replay PATH|-` and `python -m companion serve ...`.

`replay` must never import Flet: it is used in pipelines and tests on machines without a
display, and must answer fast.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence


def replay_command(path: str) -> int:
    from companion.engine.errors import JournalError
    from companion.engine.journal import replay

    try:
        if path == "-":
            data = sys.stdin.buffer.read()
        else:
            with open(path, "rb") as f:
                data = f.read()
    except OSError as err:
        print(f"line 1: cannot read {path}: {err.strerror or err}", file=sys.stderr)
        return 2
    try:
        _table, _events, state = replay(data)
    except JournalError as err:
        print(str(err).replace("\n", " "), file=sys.stderr)
        return 2
    except Exception as err:  # noqa: BLE001 - the contract is exit 2 and one line, never a traceback
        print(f"line 1: the journal could not be read ({type(err).__name__}).", file=sys.stderr)
        return 2
    json.dump(state.as_json(), sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="companion", description="Gnav Companion")
    sub = parser.add_subparsers(dest="command", required=True)
    rp = sub.add_parser("replay", help="apply a journal and print the state as JSON")
    rp.add_argument("path", help="journal file (JSON Lines), or - for standard input")
    sp = sub.add_parser("serve", help="serve the referee app in web mode")
    sp.add_argument("--host", default="127.0.0.1")
    sp.add_argument("--port", type=int, default=8550)
    sp.add_argument("--data", default=None, help="folder for the games database")
    args = parser.parse_args(argv)
    if args.command == "replay":
        return replay_command(args.path)
    from companion.server import serve

    return serve(host=args.host, port=args.port, data=args.data)


if __name__ == "__main__":
    raise SystemExit(main())
