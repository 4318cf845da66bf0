"""The browser fixtures of tests/browser, and a server started with --lan (bound to every
address, but the tests connect to 127.0.0.1 only) whose referee token is read from its log."""

from __future__ import annotations

import re
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "browser"))

from browser_ui import AppServer, free_port

from tests.browser.conftest import (  # noqa: F401
    page,
    requests_log,
    server,
)

TOKEN = re.compile(r"Referee link \(keep it to yourself\): http://\S+/\?token=([A-Za-z0-9_-]+)")


class LanServer(AppServer):
    """`serve --lan --host 0.0.0.0`: the boards open to the network, the controls behind the
    token it prints."""

    def __init__(self, data_dir: Path) -> None:
        port = free_port()
        super().__init__(data_dir, port, [
            sys.executable, "-m", "companion", "serve", "--lan", "--host", "0.0.0.0",
            "--port", str(port), "--data", str(data_dir),
        ])
        self.token = ""

    def start(self) -> LanServer:
        super().start()
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            found = TOKEN.search(self.log.read_text(errors="replace"))
            if found:
                self.token = found.group(1)
                return self
            time.sleep(0.05)
        raise AssertionError(f"no referee link in the log:\n{self.log.read_text()}")

    def log_text(self) -> str:
        return self.log.read_text(errors="replace")


@pytest.fixture(scope="session")
def lan_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LanServer]:
    root = tmp_path_factory.mktemp("gnav-lan")
    srv = LanServer(root / "data").start()
    yield srv
    srv.stop()
