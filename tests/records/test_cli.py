"""`python -m companion import` and `records` (issue 26, item 5): the app's import from the
command line, all files or none, exit 2 on a refused file; the records as sentences, JSON
(each player by name, played and won in total and per game id) and CSV."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import main
from companion.store import Store, hold_folder
from companion.store.records_io import ROSTER_NAME

JOURNALS = Path(__file__).parent / "journals"
ALL = sorted(str(p) for p in JOURNALS.glob("*.jsonl"))
KILLE = str(JOURNALS / "kille-hussar.jsonl")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def games_in(folder: Path) -> int:
    with Store(folder) as store:
        return len(store.list_games())


def test_import_brings_every_file_in_and_its_names_join_the_roster(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "import", *ALL, "--data", str(tmp_path))
    assert (code, err) == (0, "")
    assert [line.split("\t") for line in out.splitlines()] == [
        [name, str(n)] for n, name in enumerate(ALL, start=1)]
    assert games_in(tmp_path) == len(ALL)
    roster = json.loads((tmp_path / ROSTER_NAME).read_text("utf-8"))
    assert {"Ann", "Bo", "Jon"} <= {p["name"] for p in roster["players"]}


def test_a_refused_file_exits_2_with_the_apps_sentence_and_nothing_is_imported(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.jsonl"
    good = (JOURNALS / "kille-hussar.jsonl").read_text("utf-8").splitlines()
    bad.write_text("\n".join([*good[:3], '{"ev":"reply","from":"Bo","call":"nonsense"}']) + "\n",
                   "utf-8")
    data = tmp_path / "data"
    code, out, err = run(capsys, "import", KILLE, str(bad), "--data", str(data))
    assert code == 2 and out == ""
    assert err.startswith(f"{bad} was not imported: line 4: ")
    assert err.endswith(" Nothing was imported.\n") and err.count("\n") == 1
    assert not data.exists() or games_in(data) == 0


def test_a_look_alike_name_is_refused_as_the_apps_import_refuses_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    twin = tmp_path / "twin.jsonl"
    twin.write_text(json.dumps({"ev": "table", "version": 1, "rules": "damm",
                                "stakes": {"kind": "counters", "each": 3},
                                "seats": ["Ann", "\u0410nn"], "dealer": "Ann"}) + "\n", "utf-8")
    code, _out, err = run(capsys, "import", str(twin), "--data", str(tmp_path / "d"))
    assert code == 2 and "look" in err and "Nothing was imported." in err


def test_import_into_a_folder_the_app_holds_is_refused(tmp_path: Path) -> None:
    held = hold_folder(tmp_path)
    try:
        done = subprocess.run(
            [sys.executable, "-m", "companion", "import", KILLE, "--data", str(tmp_path)],
            capture_output=True, text=True, timeout=120, check=False)
    finally:
        held.release()
    assert done.returncode == 2 and done.stdout == ""
    assert "is in use by another Gnav Companion" in done.stderr
    assert games_in(tmp_path) == 0


def test_records_json_gives_each_player_by_name_played_and_won_per_game(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "import", *ALL, "--data", str(tmp_path))[0] == 0
    code, out, err = run(capsys, "records", "--data", str(tmp_path), "--json")
    assert (code, err) == (0, "")
    data = json.loads(out)
    bo = data["players"]["Bo"]
    assert (bo["played"], bo["won"]) == (6, 4)
    assert bo["games"]["kille"] == {"played": 1, "won": 1, "win_share": 1.0}
    assert set(bo) >= {"rounds_survived", "paid", "hit_by", "said", "paid_most_to",
                       "longest_streak", "rule_books", "win_share"}
    assert data["games"]["gnav"]["loser_piece"] == {"piece": "5", "times": 2}
    assert data["left_out"] == []


def test_records_filter_by_game_and_date(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "import", *ALL, "--data", str(tmp_path))[0] == 0
    code, out, _ = run(capsys, "records", "--data", str(tmp_path), "--json", "--game", "kille")
    assert code == 0 and set(json.loads(out)["players"]) == {"Ann", "Bo"}
    code, out, _ = run(capsys, "records", "--data", str(tmp_path), "--json",
                       "--since", "2999-01-01")
    assert code == 0 and json.loads(out)["tables"] == 0


def test_records_csv_has_a_row_per_seat_per_game(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "import", KILLE, "--data", str(tmp_path))[0] == 0
    code, out, _ = run(capsys, "records", "--data", str(tmp_path), "--csv")
    assert code == 0
    rows = out.splitlines()
    assert rows[0] == "date,table,game,rule_book,seat,player,place,rounds,balance,unit"
    assert [r.split(",")[1:] for r in rows[1:]] == [
        ["1", "kille", "oberg", "Ann", "Ann", "2", "1", "0", "stake"],
        ["1", "kille", "oberg", "Bo", "Bo", "1", "1", "1", "stake"]]


def test_records_sentences_in_the_tables_language(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "import", KILLE, "--data", str(tmp_path))[0] == 0
    code, out, _ = run(capsys, "records", "--data", str(tmp_path), "--lang", "nb")
    assert code == 0
    assert out.splitlines()[0] == ("Bo: 1 bord spilt, 1 vunnet (100 %), ganger betalt: 0, "
                                   "lengste rekke av seire: 1.")
    vogelspiel = str(JOURNALS / "vogelspiel-witch.jsonl")
    assert run(capsys, "import", vogelspiel, "--data", str(tmp_path))[0] == 0
    code, out, _ = run(capsys, "records", "--data", str(tmp_path), "--lang", "de")
    assert "Vogelspiel (rekonstruiert): 1 Tisch zu Ende gespielt" in out


@pytest.mark.parametrize(("argv", "said"), [
    (["--since", "24.12.2026"], "--since takes a day written as 2026-12-24, not 24.12.2026.\n"),
    (["--until", "soon"], "--until takes a day written as 2026-12-24, not soon.\n"),
])
def test_records_refuses_a_bad_day_with_exit_2(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str],
                                               argv: list[str], said: str) -> None:
    Store(tmp_path).close()
    assert run(capsys, "records", "--data", str(tmp_path), *argv) == (2, "", said)


def test_records_of_a_folder_with_no_games_exits_2(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "records", "--data", str(tmp_path / "none"))
    assert (code, out) == (2, "")
    assert err == f"There are no games in {tmp_path / 'none'}: it is not a data folder of the app.\n"
    assert not (tmp_path / "none").exists()


def test_import_and_records_never_load_flet(tmp_path: Path) -> None:
    code = (
        "import sys\n"
        "from companion.cli import main\n"
        f"assert main(['import', {KILLE!r}, '--data', {str(tmp_path)!r}]) == 0\n"
        f"assert main(['records', '--data', {str(tmp_path)!r}, '--json']) == 0\n"
        "assert not [m for m in sys.modules if m == 'flet' or m.startswith('flet.')]\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0, done.stderr


def test_records_read_a_folder_the_app_holds_and_write_nothing_of_its_games(
        tmp_path: Path) -> None:
    assert main(["import", *ALL, "--data", str(tmp_path)]) == 0
    before = {p: p.read_bytes() for p in [tmp_path / "games.sqlite3",
                                          *sorted((tmp_path / "journals").iterdir())]}
    held = hold_folder(tmp_path)  # as `serve` holds it
    try:
        done = subprocess.run(
            [sys.executable, "-m", "companion", "records", "--data", str(tmp_path), "--json"],
            capture_output=True, text=True, timeout=120, check=False)
    finally:
        held.release()
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["players"]["Bo"]["won"] == 4
    assert {p: p.read_bytes() for p in before} == before


def respaced(path: str, into: Path) -> str:
    """The same journal under another name, each line's JSON written another way: the same
    game all the same."""
    lines = Path(path).read_text("utf-8").splitlines()
    into.write_text("".join(json.dumps(json.loads(line), indent=None, separators=(", ", ": "),
                                       sort_keys=True) + "\n" for line in lines if line), "utf-8")
    return str(into)


def test_a_game_already_in_the_folder_is_refused_by_its_table_and_nothing_is_imported(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 23, item 18: "importing the same journal twice makes a second identical table
    without a word". Decided by the events, not the file's name: refused with exit 2, the
    table already there named, and the other file of the run not imported either."""
    data = tmp_path / "data"
    assert run(capsys, "import", KILLE, "--data", str(data))[0] == 0
    again = respaced(KILLE, tmp_path / "from-the-club.jsonl")
    other = str(JOURNALS / "cuccu-cat.jsonl")
    code, out, err = run(capsys, "import", other, again, "--data", str(data))
    assert (code, out) == (2, "")
    assert err == (f"{again} was not imported: This game is already here as table 1. "
                   "Nothing was imported.\n")
    assert games_in(data) == 1


def test_the_same_game_twice_among_the_files_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    again = respaced(KILLE, tmp_path / "copy.jsonl")
    data = tmp_path / "data"
    code, _out, err = run(capsys, "import", KILLE, again, "--data", str(data))
    assert code == 2
    assert err == (f"{again} was not imported: it is the same game as {KILLE}. Nothing was "
                   "imported.\n")
    assert not data.exists() or games_in(data) == 0


def test_a_folder_failing_part_way_keeps_none_of_the_files(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 26, item 5: "nothing half-imported". The data folder fails at the third file
    (every file passed the checks): the two written before it go again."""
    from companion.store import StoreError
    data = tmp_path / "data"
    insert = Store._insert
    written: list[int] = []

    def failing(self: Store, header: object, lines: list[str]) -> object:
        if self.folder == data:
            if len(written) == 2:
                raise StoreError("The game could not be saved ({why}); nothing was stored.",
                                 why="disk full")
            written.append(1)
        return insert(self, header, lines)  # type: ignore[arg-type]

    monkeypatch.setattr(Store, "_insert", failing)
    code, out, err = run(capsys, "import", *ALL[:3], "--data", str(data))
    assert (code, out) == (2, "")
    assert err.startswith(f"{ALL[2]} was not imported: The game could not be saved (disk full)")
    assert len(written) == 2 and games_in(data) == 0
    assert sorted(p.name for p in (data / "journals").glob("*.log")) == []
