"""Nothing leaves the app's own server (issue 3, item 8).

flet-web's compiled client asks a public CDN for rive_native.js; the server's
Content-Security-Policy must stop the browser from sending it. A request the CSP blocks is
reported by the browser (Playwright sees it) but fails with the reason "csp" and never goes
on the network; anything else off loopback is a failure.
"""

from __future__ import annotations

from browser_ui import AppServer, is_loopback, open_tables, settle, tap
from conftest import RequestLog
from playwright.sync_api import Page


def test_no_request_goes_anywhere_but_loopback(
    page: Page, server: AppServer, requests_log: RequestLog
) -> None:
    response = page.goto(server.url + "/")
    assert response is not None
    csp = response.headers.get("content-security-policy", "")
    assert "default-src 'self'" in csp
    open_tables(page, server.url)
    tap(page, "New table")
    page.get_by_role("button", name="Add player").wait_for(state="attached")
    settle(page, 1.0)

    assert any(is_loopback(u) for u in requests_log.urls)
    outside = [u for u in requests_log.urls if not is_loopback(u)]
    blocked = ("csp", "net::ERR_BLOCKED_BY_CSP")
    sent = [u for u in outside if requests_log.failed.get(u) not in blocked]
    assert sent == [], f"requests that left loopback: {sent}"
    assert [u for u in requests_log.answered if not is_loopback(u)] == []
