"""Poppler's pdftoppm and pdftotext read the decks back. Without them the tests skip on a
developer's machine but fail under CI (the env var CI is set there), as the browser tests do
without chromium; scripts/check installs poppler-utils."""

from __future__ import annotations

import os
import shutil

import pytest


@pytest.fixture(scope="session")
def poppler() -> None:
    missing = [tool for tool in ("pdftoppm", "pdftotext", "pdfinfo") if not shutil.which(tool)]
    if missing:
        message = f"{', '.join(missing)} missing (apt-get install poppler-utils)"
        if os.environ.get("CI"):
            pytest.fail(f"{message}: the deck tests must run in CI", pytrace=False)
        pytest.skip(message)
