"""Imports and `replay` stay bounded (issue 11 item 8): lines are read as the engine goes, the
reading stops at the first bad line, and the app refuses a journal larger than it takes, in a
sentence. Memory is measured in a child process (its peak resident size), with bounds far
above what the code needs and far below what reading every line at once took."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from companion.i18n import Tr
from companion.store import Store, StoreError

REPO = Path(__file__).resolve().parents[2]
HEADER = ('{"ev": "table", "version": 1, "rules": "damm", "stakes": {"kind": "counters", '
          '"each": 3}, "seats": ["Ann", "Bo", "Cy"], "dealer": "Ann"}')
SHORT_LINES_MB = 20


def peak_mb(code: str, *args: str) -> tuple[float, str, str]:
    """Runs `code` in a fresh Python; its peak resident size in MB, its stdout and stderr."""
    # VmHWM, not getrusage's ru_maxrss: Linux carries a process's peak across fork and exec,
    # so a child of a test run grown to 300 MB reported 300 MB whatever it did itself
    probe = textwrap.dedent(code) + textwrap.dedent("""
        import sys
        with open("/proc/self/status", encoding="ascii") as status:
            peak = next(line.split()[1] for line in status if line.startswith("VmHWM:"))
        print(peak, file=sys.stderr)
    """)
    done = subprocess.run([sys.executable, "-c", probe, *args], cwd=REPO, capture_output=True,
                          text=True, timeout=300, check=False)
    *said, peak = done.stderr.strip().split("\n")
    return int(peak) / 1024, done.stdout, "\n".join(said)


def short_lines(tmp_path: Path, bad: bool) -> Path:
    """A journal with 20 MB of short lines after the deal (blank ones: a line is read, kept
    or dropped; here only the reading counts), with or without a broken line before them."""
    path = tmp_path / "short-lines.jsonl"
    with open(path, "w", encoding="utf-8") as f:
        f.write(f'{HEADER}\n{{"ev": "deal"}}\n' + ('{"ev": "sta\n' if bad else ""))
        block = "  \n" * (1 << 18)
        f.writelines(block for _ in range(SHORT_LINES_MB * (1 << 20) // len(block)))
    return path


def test_replay_reads_lines_as_it_goes(tmp_path: Path) -> None:
    """issue 11 item 8: "`replay` of 52 MB of short lines peaks at 1 GB"."""
    path = short_lines(tmp_path, bad=False)
    peak, out, err = peak_mb("""
        import sys
        from companion.cli import main
        code = main(["replay", sys.argv[1]])
        assert code == 0, code
    """, str(path))
    assert err == "" and json.loads(out)["phase"] == "turns"
    assert peak < 150, f"replay of {SHORT_LINES_MB} MB of short lines peaked at {peak:.0f} MB"


def test_keeping_the_events_before_a_bad_line_reads_the_file_once(tmp_path: Path) -> None:
    """issue 11 item 8: "the 'keep the events before line N' path at 3 GB and 6 s"."""
    path = short_lines(tmp_path, bad=True)
    peak, out, err = peak_mb("""
        import sys
        from companion.store import Store
        data = open(sys.argv[1], "rb").read()
        with Store(sys.argv[2]) as store:
            game, said = store.recover_journal(data)
        print(len(game.events), said)
    """, str(path), str(tmp_path / "data"))
    assert err == ""
    assert out.startswith("1 Line 3 of the journal was cut off or damaged (the line is not a "
                          "complete JSON object"), out
    assert "and the 1 line from there on was left out." in out
    assert peak < 200, f"recovering a {SHORT_LINES_MB} MB journal peaked at {peak:.0f} MB"


@pytest.mark.parametrize("how", ["import_journal", "recover_journal", "keep_damaged_journal"])
def test_a_journal_larger_than_the_app_takes_is_refused_in_a_sentence(
    tmp_path: Path, how: str
) -> None:
    """issue 11 item 8: "cap the size of a journal the app accepts (with a sentence saying
    so)"; a 40-seat 2,000-round game is about 5 MB, the cap well above it."""
    from companion.store.store import MAX_JOURNAL_BYTES, MAX_JOURNAL_MB

    assert MAX_JOURNAL_MB >= 20
    data = (HEADER + "\n" + '{"ev": "deal"}\n' + " " * MAX_JOURNAL_BYTES).encode()
    with Store(tmp_path) as store:
        with pytest.raises(StoreError) as caught:
            getattr(store, how)(data)
        assert store.list_games() == []
    assert not list(tmp_path.glob("*.jsonl"))  # nothing written either
    said = str(caught.value)
    assert said == (f"The journal is 32.0 MB; the app takes journals of up to {MAX_JOURNAL_MB} MB "
                    "(the longest game it is made for, 40 seats and 2,000 rounds, is about "
                    "5 MB). Nothing was imported.")
    # the size as each language writes a number with a fraction (issue 17, item 4)
    assert Tr("nb").error(caught.value).startswith("Journalen er på 32,0 MB; appen tar imot ")
    assert Tr("da").error(caught.value).startswith("Journalen er på 32,0 MB; appen tager imod ")
    assert "32,0 MB" in Tr("de").error(caught.value)


def test_a_journal_under_the_cap_still_imports(tmp_path: Path) -> None:
    from companion.store.store import MAX_JOURNAL_BYTES

    data = (HEADER + "\n" + '{"ev": "deal"}\n' + " " * (MAX_JOURNAL_BYTES - 1000)).encode()
    with Store(tmp_path) as store:
        game = store.import_journal(data)
        assert len(game.events) == 1 and game.state.phase == "turns"


# --- issue 21, item 7: a game is capped by its events ---------------------------------------

GO_FISH = ('{"ev":"table","version":2,"game":"gwra-pyskessa","rules":"kernewek",'
           '"seats":["Jo","Vi"],"dealer":"Jo"}')


def go_fish_forever(events: int) -> str:
    """A legal Gwra pyskessa journal of `events` events: after the deal, each seat asks the
    other for sevens and hears «Nag eus. Gwra pyskessa!», which the rules allow forever once
    the deck is empty (the issue's 745,015-event journal)."""
    pair = ['{"ev":"ask","seat":"Vi","target":"Jo","rank":"7"}',
            '{"ev":"reply","from":"Jo","count":0}',
            '{"ev":"ask","seat":"Jo","target":"Vi","rank":"7"}',
            '{"ev":"reply","from":"Vi","count":0}']
    lines = [GO_FISH, '{"ev":"deal"}']
    lines += (pair * ((events - 1) // 4 + 1))[: events - 1]
    return "\n".join(lines) + "\n"


def test_a_journal_of_more_events_than_a_game_keeps_is_refused_as_it_is_read(
    tmp_path: Path,
) -> None:
    """issue 21, item 7: "A legal 32 MB Gwra pyskessa journal (745,015 events ...) imports in
    37 s at 1.2 GB": the reading stops at the first event past the cap, with a sentence."""
    path = tmp_path / "forever.jsonl"
    path.write_text(go_fish_forever(745_015), encoding="utf-8")
    assert path.stat().st_size <= 32 << 20  # under the size cap: only the events refuse it
    peak, out, err = peak_mb("""
        import sys
        from companion.store import Store, StoreError
        data = open(sys.argv[1], "rb").read()
        with Store(sys.argv[2]) as store:
            for how in (store.import_journal, store.recover_journal):
                try:
                    how(data)
                except StoreError as err:
                    print(err)
            print(len(store.list_games()))
    """, str(path), str(tmp_path / "data"))
    assert err == ""
    said = ("The journal has more than 200000 events (line 200002 is one more), the most the "
            "app keeps in one game; the longest game it is made for, 40 seats and 2,000 rounds, "
            "has about 108,000. Nothing was imported.")
    assert out.splitlines() == [said, said, "0"]
    assert peak < 200, f"refusing a 745,015-event journal peaked at {peak:.0f} MB"


def test_a_game_at_the_cap_refuses_the_next_tap_and_stays_as_it_was(tmp_path: Path) -> None:
    from companion.games.gwra_pyskessa.events import Ask
    from companion.store.game import MAX_EVENTS

    assert 108_000 * 1.5 < MAX_EVENTS  # the README's longest game, with room to spare
    with Store(tmp_path) as store:
        game = store.import_journal(go_fish_forever(MAX_EVENTS))
        assert len(game.events) == MAX_EVENTS
        turn = game.state.names[game.state.turn]
        other = next(n for n in game.state.names if n != turn)
        journal = store.export_journal(game.id)
        with pytest.raises(StoreError) as refused:
            game.apply(Ask(turn, other, "7"))
        assert str(refused.value) == (
            "This game has 200000 events, the most the app keeps in one game, so this one was "
            "not added; start a new table to play on.")
        assert len(game.events) == MAX_EVENTS and store.export_journal(game.id) == journal
        game.undo()  # below the cap again: the tap is taken
        game.apply(Ask(turn, other, "7"))
        assert len(game.events) == MAX_EVENTS
        assert game.outcomes[-1].kind == "ask" and game.outcomes[0].kind == "deal"


def test_a_later_start_with_a_game_at_the_cap_stays_small(tmp_path: Path) -> None:
    """issue 21, item 7: "every later start that reopens it takes 16 s and 740 MB"."""
    with Store(tmp_path / "data") as store:
        store.set_last_open(store.import_journal(go_fish_forever(200_000)).id)
    peak, out, err = peak_mb("""
        import sys
        from companion.store import Store
        with Store(sys.argv[1]) as store:
            game = store.open_game(store.last_open())
            print(len(game.events), game.state.phase, store.recovery_notice)
    """, str(tmp_path / "data"))
    assert err == "" and out == "200000 asking None\n"
    assert peak < 120, f"a start with a game at the cap peaked at {peak:.0f} MB"


def test_a_game_stored_past_the_cap_is_not_opened_and_says_why(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # as an earlier version left it: stored whole, more events than the cap now kept
    from companion.app import App, Games
    from companion.store import game as game_module
    from companion.store import store as store_module

    with Store(tmp_path) as store:
        game_id = store.import_journal(go_fish_forever(60)).id
        journal = store.export_journal(game_id)
    monkeypatch.setattr(game_module, "MAX_EVENTS", 50)
    monkeypatch.setattr(store_module, "MAX_EVENTS", 50)
    said = (f"Game {game_id} has 60 events, more than the 50 the app keeps in one game (an "
            "earlier version stored it), so it is not opened. Its journal can still be "
            "exported from the tables list.")
    with Store(tmp_path) as store:
        assert store.recovery_notice is None
        with pytest.raises(StoreError, match=r"^Game \d+ has 60 events") as refused:
            store.open_game(game_id)
        assert str(refused.value) == said
        assert store.export_journal(game_id) == journal
        assert [s.id for s in store.list_games()] == [game_id]
    app = App(Games(tmp_path))
    app.start()
    assert app.route == "/"
    app.screen.open(game_id)  # the tables list's tap on it says why
    assert app.route == "/" and app.screen.error.visible
    assert app.screen.error.value == said
    app.games.close()


GIANT_MB = 96


@pytest.mark.parametrize("blank", [False, True], ids=["text", "blank"])
def test_replay_of_one_giant_line_never_holds_it(tmp_path: Path, blank: bool) -> None:
    """issue 21, item 7: "`replay` of one giant line is quadratic (256 MB: 25 s, 533 MB)": the
    line was copied again at each megabyte read. A line longer than any event can be is
    refused at its line number; a blank one of any length is still only blank."""
    path = tmp_path / "giant.jsonl"
    with open(path, "w", encoding="utf-8") as f:
        f.write(f'{HEADER}\n{{"ev": "deal"}}\n')
        f.write('{"ev": "stand", "seat": "' if not blank else "")
        block = ("a" if not blank else " ") * (1 << 20)
        f.writelines(block for _ in range(GIANT_MB))
        f.write('"}\n' if not blank else '\n{"ev": "stand", "seat": "Bo"}\n')
    peak, out, err = peak_mb("""
        import sys
        from companion.cli import main
        print(main(["replay", sys.argv[1]]))
    """, str(path))
    if blank:
        assert err == "" and json.loads(out.splitlines()[0])["turn"] == "Cy"
    else:
        assert out == "2\n"
        assert err == ("line 3: the line is 96.0 MB long, longer than any event can be (a line "
                       "is read up to 32 MB).")
    assert peak < 100, f"replay of a {GIANT_MB} MB line peaked at {peak:.0f} MB"


def test_the_cap_is_written_as_each_language_writes_an_amount() -> None:
    from companion.i18n import Tr

    refused = StoreError("This game has {most} events, the most the app keeps in one game, so "
                         "this one was not added; start a new table to play on.", most=200_000)
    assert Tr("en").error(refused).startswith("This game has 200,000 events")
    assert Tr("nb").error(refused).startswith("Dette spillet har 200\u00a0000 hendelser")
    assert Tr("de").error(refused).startswith("Dieses Spiel hat 200.000 Ereignisse")
