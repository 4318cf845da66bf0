"""The browser fixtures of tests/browser, and servers whose terminal (standard output) and log
(standard error) are kept apart: one started with --lan (bound to every address, but the tests
connect to 127.0.0.1 only) whose referee token is read from its terminal."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "browser"))

from browser_ui import REPO, AppServer, free_port, wait_port

from tests.browser.conftest import (  # noqa: F401
    page,
    requests_log,
    server,
)

TOKEN = re.compile(r"Referee link \(keep it to yourself\): http://\S+/\?token=([A-Za-z0-9_-]+)")


class TerminalServer(AppServer):
    """`python -m companion serve ...` with what it prints for the referee (standard output,
    `terminal_text`) kept apart from its log (standard error, `log_text`)."""

    def __init__(self, data_dir: Path, args: list[str], env: dict[str, str] | None = None,
                 port: int | None = None) -> None:
        port = port or free_port()
        super().__init__(data_dir, port, [
            sys.executable, "-m", "companion", "serve", *args,
            "--port", str(port), "--data", str(data_dir),
        ])
        self.env = env or {}
        self.out = data_dir.parent / f"server-{port}.out"
        self.err = data_dir.parent / f"server-{port}.err"

    def start(self) -> TerminalServer:
        env = {k: v for k, v in os.environ.items() if k not in (
            "FLET_APP_STORAGE_DATA", "GNAV_LAN_ADDRESSES")}
        env.update(self.env)
        self.data_dir.parent.mkdir(parents=True, exist_ok=True)
        with open(self.out, "ab") as out, open(self.err, "ab") as err:
            self.proc = subprocess.Popen(self.command, cwd=REPO, env=env, stdout=out,
                                         stderr=err)
        try:
            wait_port(self.port, proc=self.proc)
        except Exception as problem:
            self.stop()
            raise RuntimeError(f"{problem}; server said:\n{self.terminal_text()}\n"
                               f"{self.log_text()}") from problem
        return self

    def terminal_text(self) -> str:
        return self.out.read_text(errors="replace") if self.out.exists() else ""

    def log_text(self) -> str:
        return self.err.read_text(errors="replace") if self.err.exists() else ""

    def wait_terminal(self, pattern: re.Pattern[str], after: int = 0,
                      timeout: float = 15) -> re.Match[str]:
        """The first match of `pattern` in what the server printed past character `after`."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            found = pattern.search(self.terminal_text(), after)
            if found:
                return found
            time.sleep(0.05)
        raise AssertionError(f"{pattern.pattern!r} not printed:\n{self.terminal_text()}\n"
                             f"{self.log_text()}")


class LanServer(TerminalServer):
    """`serve --lan --host 0.0.0.0`: the boards open to the network, the controls behind the
    token it prints (the tests still connect to 127.0.0.1 only)."""

    def __init__(self, data_dir: Path) -> None:
        super().__init__(data_dir, ["--lan", "--host", "0.0.0.0"])
        self.token = ""

    def start(self) -> LanServer:
        super().start()
        self.token = self.wait_terminal(TOKEN).group(1)
        return self


@pytest.fixture(scope="session", autouse=True)
def flet_loaded() -> None:
    """Every Flet control loaded in this thread before a test starts the app (make_main runs
    its preload in a thread): pytest rewrites the asserts of flet's modules as it imports them
    (flet registers a pytest plugin), and Python 3.11's ast is not safe in two threads at
    once ("SystemError: AST constructor recursion depth mismatch"). The app itself imports
    compiled modules, with no ast."""
    from companion.app import preload

    preload()


@pytest.fixture(scope="session")
def lan_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LanServer]:
    root = tmp_path_factory.mktemp("gnav-lan")
    srv = LanServer(root / "data").start()
    yield srv
    srv.stop()
