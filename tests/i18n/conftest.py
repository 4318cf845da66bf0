"""The browser fixtures of tests/browser (one Chromium, an app server per module, a page per
test), imported as they are for the language test in this folder."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "browser"))

from tests.browser.conftest import (  # noqa: F401
    page,
    requests_log,
    server,
)
