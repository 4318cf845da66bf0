"""Running a coroutine to its end from a test, whatever else runs in the test process."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Coroutine
from typing import Any


def run_aside(coro: Coroutine[Any, Any, Any]) -> Any:
    """`asyncio.run(coro)` on a thread of its own: Playwright's sync API keeps an event loop
    running on the main thread once a browser test has run, and asyncio.run refuses to start
    beside it (seen in a full run). Returns the result; raises what the coroutine raised."""
    result: list[Any] = []
    failure: list[BaseException] = []

    def run() -> None:
        try:
            result.append(asyncio.run(coro))
        except BaseException as err:  # noqa: BLE001 (handed to the test's thread as it is)
            failure.append(err)

    worker = threading.Thread(target=run, name="test-loop")
    worker.start()
    worker.join()
    if failure:
        raise failure[0]
    return result[0]
