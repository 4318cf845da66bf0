"""A bare Flet counter app, served exactly like Gnav Companion (offline, CSP, uvicorn).

The floor for the tap-to-update benchmark: `python benchmarks/bare_app.py --port 8551`.
Its one button is labelled "Stand" so the benchmark taps both apps the same way.
"""

from __future__ import annotations

import argparse

import flet as ft

from companion.server import build_asgi, run_server


def main(page: ft.Page) -> None:
    page.title = "Counter"
    count = ft.Text("Count 0", size=32)
    counter = ft.Semantics(content=count, identifier="phase")

    def stand(_: ft.Event[ft.Button]) -> None:
        value = int(count.value.split()[-1]) + 1 if isinstance(count.value, str) else 1
        count.value = f"Count {value}"
        page.update()

    page.add(counter, ft.Button("Stand", on_click=stand))


def cli() -> int:
    parser = argparse.ArgumentParser(description="bare Flet counter app")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8551)
    args = parser.parse_args()
    return run_server(build_asgi(main), args.host, args.port, name="Bare counter")


if __name__ == "__main__":
    raise SystemExit(cli())
