"""Every answer the engine accepts can be reached on a phone upright or sideways and on a
tablet, and the table still shows who asks and who is asked (issue 12, item 2: sideways,
«Hus forbi!» and Knock were cut off below the screen and no seat was visible)."""

from __future__ import annotations

import re

from browser_ui import (
    AppServer,
    at_issue_sizes,
    button,
    hook,
    in_view,
    new_table,
    open_tables,
    phase,
    reach,
    tap,
    tap_and_wait,
    wait_hook_change,
    wait_text,
)
from playwright.sync_api import Page

# the answers of a seat asked to swap under damm: a swap, the five calls, a knock
ANSWERS = ["Swap", re.compile("Ko-ko!"), re.compile("Hogg av!"), re.compile("Kiss!"),
           re.compile("Hest forbi!"), re.compile("Hus forbi!"), "Knock"]


@at_issue_sizes
def test_every_answer_to_a_change_is_in_reach_and_the_asker_and_asked_in_sight(
        page: Page, server: AppServer, size: dict[str, int]) -> None:
    page.set_viewport_size(size)
    open_tables(page, server.url)
    new_table(page, ["Ann", "Bo", "Cy", "Dag", "Eli"], dealer="Eli")
    assert tap_and_wait(page, "Deal") == "Ann's turn"
    assert tap_and_wait(page, "Change") == "Ann asks Bo to swap. Bo answers:"
    page.wait_for_timeout(700)  # the seat list scrolls itself to the asked seat (animated)
    for seat in ("Ann", "Bo"):
        assert in_view(page, hook(page, f"seat-{seat}").first), f"{seat} is out of sight"
    for name in ANSWERS:
        reach(page, button(page, name) if isinstance(name, str)
              else page.get_by_role("button", name=name))
    button(page, "Knock").click()
    wait_text(page, "Who knocks?")  # the knock menu opened
    tap(page, "Cancel")
    house = page.get_by_role("button", name=re.compile("Hus forbi!"))
    reach(page, house)
    before = phase(page)
    house.click()
    assert wait_hook_change(page, "phase", before) != before
