"""Screenshots of the table screen of Kille, Cuccù, Slabberjan and Vogelspiel, phone and tablet,
upright and sideways, light and dark, into docs/screenshots/ (family-<game>-<size>-<theme>.png,
family-<game>-reveal-... and family-<game>-settlement-...).

    python tools/screenshots_family_table.py [--only family-kille family-kille-reveal ...]
        [--lang de] [--sizes upright sideways tablet]

With --lang the screens are in that language (family-kille-reveal-de-upright-light.png, ...),
and the settlement is a round settled in the journal beforehand, as a screen opened on it shows
it (the picker's seats are found by their English words). family-<game>-picked is the picker
with the pack's longest names in that language picked, so each shows beside its seat too.

Each game is prepared by importing a journal that stops where a seat has been asked, so the
screen shows the game's calls in its own words with their translations, and a second one
whose seats have all stood: the piece picker with the game's pack, and (its pieces picked and
Settle tapped, then undone) the settlement. The app is served and shot as tools/screenshots.py
does (its Shooter).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "browser"))
sys.path.insert(0, str(REPO / "tools"))
sys.path.insert(0, str(REPO))

from browser_ui import AppServer, button, launch_chromium, pick_piece, reveal, tap
from playwright.sync_api import Page, sync_playwright
from screenshots import OUT, Shooter
from screenshots import SIZES as SHOT_SIZES

from companion.engine.cuckoo.events import Reveal, Stand
from companion.engine.cuckoo.family import FamilyKind, FamilyState
from companion.engine.cuckoo.narrate import piece_title
from companion.engine.registry import GAMES
from companion.store import Store
from companion.views.theme import BODY, text_width

SEATS = '["Åse", "Bjørn", "Cy", "Dag", "Eli"]'
# each: a header and the events up to an ask (seats as New table writes them)
JOURNALS = {
    "kille": ('{"ev": "table", "version": 2, "game": "kille", "rules": "byteskille", '
              '"stakes": {"kind": "stake", "rebuys": 3}, "seats": ' + SEATS
              + ', "dealer": "Åse"}', ['{"ev": "deal"}', '{"ev": "stand", "seat": "Bjørn"}',
                                       '{"ev": "change", "seat": "Cy"}']),
    "cuccu": ('{"ev": "table", "version": 2, "game": "cuccu", "rules": "campli", '
              '"stakes": {"kind": "lives", "each": 3}, "seats": ' + SEATS
              + ', "dealer": "Åse"}', ['{"ev": "deal"}', '{"ev": "change", "seat": "Eli"}',
                                       '{"ev": "reply", "from": "Dag", "call": "hunter"}',
                                       '{"ev": "change", "seat": "Dag"}']),
    "slabberjan": ('{"ev": "table", "version": 2, "game": "slabberjan", "rules": "family", '
                   '"stakes": {"kind": "counters", "each": 5}, "seats": ' + SEATS
                   + ', "dealer": "Åse"}', ['{"ev": "deal"}',
                                            '{"ev": "change", "seat": "Bjørn"}']),
    "vogelspiel": ('{"ev": "table", "version": 2, "game": "vogelspiel", "rules": "adrian", '
                   '"stakes": {"kind": "lives", "each": 3}, "seats": ' + SEATS
                   + ', "dealer": "Åse"}', ['{"ev": "deal"}',
                                            '{"ev": "change", "seat": "Eli"}']),
}


# the pieces each seat shows at the settlement (matadors and plain pieces, Kille's Harlequin)
SHOWN = {
    "kille": {"Åse": "harlequin", "Bjørn": "12", "Cy": "mask", "Dag": "cuckoo", "Eli": "5"},
    "cuccu": {"Åse": "cuckoo", "Bjørn": "7", "Cy": "bucket", "Dag": "lion", "Eli": "1"},
    "slabberjan": {"Åse": "rider", "Bjørn": "pot", "Cy": "3", "Dag": "fool", "Eli": "face"},
    "vogelspiel": {"Åse": "bird", "Bjørn": "witch", "Cy": "9", "Dag": "sausages",
                   "Eli": "tavern"},
}
SIZES = ["phone", "tablet", "portrait", "sideways"]
LANGS = ["en", "nb", "da", "sv", "it", "nl", "de"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--only", nargs="*", default=[], help="screen names to redo")
    parser.add_argument("--lang", choices=LANGS, default="en", help="the app's language")
    parser.add_argument("--sizes", nargs="*", choices=sorted(SHOT_SIZES), default=SIZES)
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix="gnav-family-shots-"))
    with Store(tmp / "data") as store:
        ids = {game: store.import_journal("\n".join([head, *events]) + "\n").id
               for game, (head, events) in JOURNALS.items()}
        revealing, settled, packs = {}, {}, {}
        for game, (head, _events) in JOURNALS.items():
            for games in (revealing, settled):
                table = store.import_journal(head + '\n{"ev": "deal"}\n')
                while isinstance(table.state, FamilyState) and table.state.phase == "turns":
                    table.apply(Stand(table.state.turn_name or ""))
                games[game] = table.id
            assert isinstance(table.state, FamilyState)
            packs[game] = table.state.rules.order
            table.apply(Reveal(tuple(SHOWN[game].items())))
    server = AppServer(tmp / "data").start()
    started = time.monotonic()
    try:
        with sync_playwright() as pw:
            browser = launch_chromium(pw)
            s = Shooter(browser, server.url, set(args.only), args.lang)
            sizes = args.sizes
            for game, game_id in ids.items():
                s.screen(f"family-{game}", f"/game/{game_id}", "Undo", sizes)
            for game, game_id in revealing.items():
                kind = GAMES[game].kind
                assert isinstance(kind, FamilyKind)
                book = kind.book
                shown = {seat: piece_title(book, piece) for seat, piece in SHOWN[game].items()}

                def settle_round(page: Page, shown: dict[str, str] = shown) -> None:
                    reveal(page, shown)
                    button(page, "Next round").wait_for(state="attached")

                def undo_settlement(page: Page) -> None:
                    tap(page, "Undo")
                    button(page, "Settle").wait_for(state="attached")

                route = f"/game/{game_id}"
                s.screen(f"family-{game}-reveal", route, "Settle", sizes)
                # the longest names of the pack in the table's language beside the seats
                longest = sorted((piece_title(book, piece, s.tr)
                                  for piece, _n in packs[game]),
                                 key=lambda title: text_width(title, BODY))[-len(SHOWN[game]):]

                def pick_longest(page: Page, longest: list[str] = longest) -> None:
                    for title in reversed(longest):
                        pick_piece(page, title)

                s.screen(f"family-{game}-picked", route, "Settle", sizes, then=pick_longest)
                if args.lang != "en":
                    s.screen(f"family-{game}-settlement", f"/game/{settled[game]}",
                             "Next round", sizes)
                else:
                    s.screen(f"family-{game}-settlement", route, "Settle", sizes,
                             then=settle_round, after=undo_settlement)
            browser.close()
    finally:
        server.stop()
    print(f"{len(s.saved)} screenshots in {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
