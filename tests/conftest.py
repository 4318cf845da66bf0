"""One Playwright and one headless Chromium for the whole run, shared by every folder with
browser tests (tests/browser, tests/i18n, tests/spectator): Playwright's sync API refuses to
start a second instance while the first runs, so each folder must not start its own.

Without /usr/bin/chromium the tests skip on a developer's machine but fail under CI (the env
var CI is set there): CI must really run them. Nothing starts until a test asks for a browser.
Under CI every other skip fails the run too (tests/ci_skips.py).
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Playwright, sync_playwright

from tests.browser.browser_ui import CHROMIUM, launch_chromium
from tests.ci_skips import pytest_runtest_makereport

# Under CI a skipped test fails the run (tests/ci_skips.py): the hook is this conftest's.
__all__ = ["pytest_runtest_makereport"]

# A browser test taps a real Flutter app in headless Chromium on a loaded two-core machine: a tap
# can land in the frame where Flutter swaps the control, and the test then waits out its timeout.
# Such a test gets ONE second try, reported as a rerun (R) in the summary; a test that fails
# twice fails the run. Engine, store and view tests get no second try: they must not flake.
BROWSER_RERUNS = 1


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.flaky(reruns=BROWSER_RERUNS))


@pytest.fixture(scope="session")
def playwright_instance() -> Iterator[Playwright]:
    if not os.access(CHROMIUM, os.X_OK):
        message = f"{CHROMIUM} is missing (apt-get install chromium)"
        if os.environ.get("CI"):
            pytest.fail(f"{message}: the browser tests must run in CI", pytrace=False)
        pytest.skip(message)
    with sync_playwright() as pw:
        yield pw


@pytest.fixture(scope="session")
def browser(playwright_instance: Playwright) -> Iterator[Browser]:
    chromium = launch_chromium(playwright_instance)
    yield chromium
    chromium.close()
