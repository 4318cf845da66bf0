"""Fixtures for the browser tests: one Chromium for the whole run, one app server per test
module (a fresh data folder each), one browser context per test.

Chromium and Playwright themselves are started once for the whole run in tests/conftest.py:
Playwright's sync API refuses a second instance while the first is running.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_ui import TABLET, AppServer
from playwright.sync_api import Browser, Page, Request


class RequestLog:
    """Every request a page made, and how each ended (a CSP block never leaves the browser)."""

    def __init__(self) -> None:
        self.urls: list[str] = []
        self.failed: dict[str, str] = {}
        self.answered: list[str] = []

    def attach(self, page: Page) -> None:
        page.on("request", lambda r: self.urls.append(r.url))
        page.on("requestfailed", self._failed)
        page.on("response", lambda r: self.answered.append(r.url))

    def _failed(self, request: Request) -> None:
        self.failed[request.url] = request.failure or ""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[AppServer]:
    root = tmp_path_factory.mktemp("gnav")
    srv = AppServer(root / "data").start()
    yield srv
    srv.stop()


@pytest.fixture
def requests_log() -> RequestLog:
    return RequestLog()


@pytest.fixture
def page(browser: Browser, requests_log: RequestLog) -> Iterator[Page]:
    context = browser.new_context(viewport=TABLET)
    context.set_default_timeout(15_000)
    pg = context.new_page()
    requests_log.attach(pg)
    yield pg
    context.close()


@pytest.fixture
def data_dir(server: AppServer) -> Path:
    return server.data_dir
