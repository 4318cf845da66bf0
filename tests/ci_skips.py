"""Under CI no test may skip: a test that would skip for want of a file, a tool or a neighbour
folder fails the run instead (issue 25: "CI fails if any test is skipped for a missing file").

A skip is a test that did not run; on a developer's machine that may be fine (no Chromium), but
CI is where every test must run, in a clean clone, with nothing beside it. So when the
environment variable CI is set, as `.ci/run` sets it, every skipped report (at setup, in the
test or at teardown) is turned into a failure that keeps the skip's reason; an expected failure
(xfail) is not a skip and is left alone. tests/conftest.py installs this hook for the whole
suite; tests/test_ci_skips.py proves it on a suite of its own.
"""

from __future__ import annotations

import os
from collections.abc import Generator

import pytest


def _reason(report: pytest.TestReport) -> str:
    longrepr = report.longrepr
    if isinstance(longrepr, tuple) and len(longrepr) == 3:
        return str(longrepr[2])  # (path, line, "Skipped: why")
    return str(longrepr)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
        item: pytest.Item, call: pytest.CallInfo[None]) -> Generator[None, pytest.TestReport,
                                                                     pytest.TestReport]:
    report = yield
    if report.skipped and os.environ.get("CI") and not hasattr(report, "wasxfail"):
        report.outcome = "failed"
        report.longrepr = (f"{item.nodeid} was skipped under CI, where every test must run "
                           f"({_reason(report)})")
    return report
