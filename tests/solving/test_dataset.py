"""link4 dataset and link4.dataset: labelled positions, their formats, resuming after Ctrl-C."""

from __future__ import annotations

import csv
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import link4
from link4.dataset import Row, random_positions, read_jsonl_row, write

np = pytest.importorskip("numpy")


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "link4", "dataset", *args],
        capture_output=True, text=True, timeout=300, cwd=cwd,
    )


def test_random_positions_are_reproducible_distinct_and_running() -> None:
    games = random_positions(200, plies=(20, 30), seed=5)
    assert games == random_positions(200, plies=(20, 30), seed=5)
    assert games != random_positions(200, plies=(20, 30), seed=6)
    assert len({g.moves for g in games}) == len({hash(g) for g in games}) == 200
    assert all(20 <= g.ply <= 30 and not g.is_over() for g in games)
    with pytest.raises(ValueError, match="plies"):
        random_positions(1, plies=(30, 20))


def test_random_positions_of_another_size() -> None:
    games = random_positions(50, plies=(8, 12), seed=3, width=5, height=4)
    assert all((g.width, g.height) == (5, 4) for g in games)
    assert all(8 <= g.ply <= 12 and not g.is_over() for g in games)
    assert len(set(games)) == 50
    with pytest.raises(ValueError, match="0 <= A <= B < 20"):
        random_positions(1, plies=(10, 20), width=5, height=4)


def test_data_set_rows_of_another_size(tmp_path: Path) -> None:
    row = Row(0, "11", 1, (0, 1, 2, 1, 0), width=5, height=4)
    assert read_jsonl_row(row.to_json()) == row
    assert '"width": 5, "height": 4' in row.to_json()
    standard = Row(0, "44", 2, (0,) * 7)
    assert "width" not in standard.to_json() and read_jsonl_row(standard.to_json()) == standard
    write([row, Row(1, "", 0, (0,) * 5, width=5, height=4)], tmp_path / "d.npz", "npz")
    data = np.load(tmp_path / "d.npz")
    assert data["board"].shape == (2, 4, 5) and data["planes"].shape == (2, 4, 5, 2)
    assert data["columns"].shape == (2, 5) and data["legal"].shape == (2, 5)
    write([row], tmp_path / "d.csv", "csv")
    header = (tmp_path / "d.csv").read_text().splitlines()[0]
    assert header == "moves,width,height,ply,score,column1,column2,column3,column4,column5"
    with pytest.raises(link4.SizeMismatchError, match="the position of row 1 is 7x6, but 5x4 is expected"):
        write([row, Row(1, "44", 2, (0,) * 7)], tmp_path / "mixed.jsonl", "jsonl")


def test_random_positions_of_another_line() -> None:
    # Three in a row on 4 x 4: every game running by that line's rules (drawn by four in
    # a row, some would have ended with a line of three).
    games = random_positions(60, plies=(4, 9), seed=4, width=4, height=4, inarow=3)
    assert all(g.inarow == 3 and 4 <= g.ply <= 9 and not g.is_over() for g in games)
    assert len(set(games)) == 60
    with pytest.raises(link4.InarowError, match="5 in a row fits no line of a 4x4 board"):
        random_positions(1, plies=(1, 1), width=4, height=4, inarow=5)
    with pytest.raises(TypeError, match="inarow is an int, not str"):
        random_positions(1, plies=(1, 1), inarow="3")  # type: ignore[arg-type]


def test_data_set_rows_of_another_line(tmp_path: Path) -> None:
    solver = link4.Solver(16, book=None, width=4, height=4, inarow=3)
    game = link4.Game("12", width=4, height=4, inarow=3)
    row = Row(0, game.moves, solver.solve(game), tuple(solver.analyze(game)), width=4, height=4, inarow=3)
    assert row.game() == game
    assert read_jsonl_row(row.to_json()) == row and '"inarow": 3' in row.to_json()
    assert "inarow" not in Row(0, "44", 2, (0,) * 7).to_json()
    write([row], tmp_path / "d.csv", "csv")
    header = (tmp_path / "d.csv").read_text().splitlines()[0]
    assert header == "moves,width,height,inarow,ply,score,column1,column2,column3,column4"
    for rows, line in (([row], 3), ([Row(0, "44", 2, (0,) * 7)], 4)):
        write(rows, tmp_path / "d.npz", "npz")
        assert int(np.load(tmp_path / "d.npz")["inarow"]) == line
    other = Row(1, "12", 0, (0,) * 4, width=4, height=4)
    with pytest.raises(link4.SizeMismatchError, match="row 1 is of 4 in a row, but 3 in a row is expected"):
        write([row, other], tmp_path / "mixed.jsonl", "jsonl")


def test_npz_labels_are_exact(tmp_path: Path) -> None:
    p = run("--count", "120", "--plies", "22-28", "--seed", "1", "--out", "d.npz", "--threads", "2",
            "--table-mb", "8", cwd=tmp_path)
    assert p.returncode == 0, p.stderr
    d = np.load(tmp_path / "d.npz")
    assert d["board"].shape == (120, 6, 7) and d["planes"].shape == (120, 6, 7, 2)
    solver = link4.Solver(table_mb=16)
    for i in range(0, 120, 7):
        game = link4.Game(str(d["moves"][i]))
        assert d["ply"][i] == game.ply
        assert d["score"][i] == solver.solve(game)
        exact = solver.analyze(game)
        assert list(d["legal"][i]) == [v is not None for v in exact]
        assert [int(v) if ok else None for v, ok in zip(d["columns"][i], d["legal"][i], strict=True)] == exact
        assert d["board"][i].tolist() == game.to_board()
        mover = 1 if game.ply % 2 == 0 else 2
        assert (d["planes"][i][..., 0] == (d["board"][i] == mover)).all()
        assert (d["planes"][i][..., 1] == (d["board"][i] == 3 - mover)).all()
    assert not (tmp_path / "d.npz.partial").exists()


def test_jsonl_and_csv_of_given_positions(tmp_path: Path) -> None:
    (tmp_path / "in.txt").write_text("# a comment\n5554224333234511764415115 4\n52753311433677442422121\n")
    p = run("--positions", "in.txt", "--out", "d.jsonl", cwd=tmp_path)
    assert p.returncode == 0, p.stderr
    rows = [json.loads(line) for line in (tmp_path / "d.jsonl").read_text().splitlines()]
    assert rows[0] == {"index": 0, "moves": "5554224333234511764415115", "ply": 25, "score": 4,
                       "columns": [-8, -8, -8, -8, None, 4, -8]}
    assert rows[1]["score"] == 8 and rows[1]["columns"] == [2, 3, 7, 7, 8, 7, 2]
    p = run("--positions", "in.txt", "--out", "d.csv", cwd=tmp_path)
    assert p.returncode == 0, p.stderr
    table = list(csv.reader((tmp_path / "d.csv").open()))
    assert table[0] == ["moves", "ply", "score", *(f"column{c}" for c in range(1, 8))]
    assert table[1] == ["5554224333234511764415115", "25", "4", "-8", "-8", "-8", "-8", "", "4", "-8"]


def test_bad_arguments_are_one_line(tmp_path: Path) -> None:
    (tmp_path / "bad.txt").write_text("44\n4455667\n")
    p = run("--positions", "bad.txt", "--out", "d.csv", cwd=tmp_path)
    assert p.returncode == 2
    assert p.stderr.startswith("link4 dataset: --positions bad.txt, line 2: the game is over")
    p = run("--out", "d.txt", cwd=tmp_path)
    assert p.returncode == 2 and "--format" in p.stderr and len(p.stderr.splitlines()) == 1
    p = run("--plies", "40-50", "--out", "d.csv", cwd=tmp_path)
    assert p.returncode == 2 and "--plies" in p.stderr


@pytest.mark.parametrize(("args", "message"), [
    (["--out", "missing/d.jsonl"],
     "--out missing/d.jsonl: cannot write d.jsonl.partial in the folder missing (No such file or directory)"),
    (["--plies", "abc", "--out", "d.jsonl"],
     "--plies: expected A-B or A, numbers of discs such as 20-30, not 'abc'"),
    (["--plies", "20-x", "--out", "d.jsonl"],
     "--plies: expected A-B or A, numbers of discs such as 20-30, not '20-x'"),
    (["--positions", "missing.txt", "--out", "d.jsonl"],
     ("--positions missing.txt: cannot read it (No such file or directory); expected a file of "
      "move strings, one a line")),
    (["--positions", ".", "--out", "d.jsonl"],
     "--positions .: cannot read it (Is a directory); expected a file of move strings, one a line"),
    (["--positions", "binary.txt", "--out", "d.jsonl"],
     "--positions binary.txt: not a text file; expected a file of move strings, one a line"),
    (["--count", "8", "--plies", "1-1", "--out", "d.jsonl"],
     "--plies: could not find 8 different positions with 1-1 discs (found 7)"),
], ids=["no-folder", "plies-word", "plies-half", "no-positions-file", "positions-folder",
        "positions-binary", "plies-too-few"])
def test_bad_paths_and_values_name_the_option(tmp_path: Path, args: list[str], message: str) -> None:
    (tmp_path / "binary.txt").write_bytes(b"\xff\xfe\x00link4")
    p = run(*args, "--threads", "1", "--table-mb", "4", cwd=tmp_path)
    assert p.returncode == 2, p.stderr
    assert p.stderr.splitlines()[-1] == f"link4 dataset: {message}"
    assert "Traceback" not in p.stderr
    assert not list(tmp_path.glob("d.jsonl*"))  # nothing left behind


@pytest.mark.skipif(os.name != "posix", reason="SIGINT to a child process")
def test_rows_reach_the_checkpoint_as_they_come_whatever_the_count(tmp_path: Path) -> None:
    # A trillion positions: the first rows are on disk, and progress on the pipe, while
    # the command runs (they once came only after every position had been drawn).
    child = subprocess.Popen(
        [sys.executable, "-m", "link4", "dataset", "--count", str(10**12), "--plies", "20-24",
         "--out", "d.jsonl", "--threads", "1", "--table-mb", "8"],
        cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    partial = tmp_path / "d.jsonl.partial"

    def rows() -> list[str]:
        return partial.read_text().splitlines()[1:] if partial.exists() else []

    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and len(rows()) < 2 and child.poll() is None:
        time.sleep(0.1)
    running = child.poll() is None
    child.send_signal(signal.SIGINT)
    _, err = child.communicate(timeout=60)
    assert running and child.returncode == 130, err
    kept = [json.loads(line) for line in rows()]
    assert len(kept) >= 2
    assert err.splitlines()[0] == "Labelling: 0 of 1,000,000,000,000 (0 %), 0 s"
    assert [r["index"] for r in kept] == list(range(len(kept)))
    drawn = random_positions(len(kept), plies=(20, 24), seed=0)
    assert [r["moves"] for r in kept] == [g.moves for g in drawn]


def test_memory_does_not_grow_with_the_count(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Two batches of 5 are labelled, then Ctrl-C: what Python holds meanwhile is the same
    # for 20 positions asked as for a hundred thousand (the positions are drawn as needed).
    import tracemalloc

    from link4.cli import main
    from link4.commands import dataset as command

    def peak(count: int, out: Path) -> int:
        calls = []

        def analyze_many(games, **kwargs):  # type: ignore[no-untyped-def]
            calls.append(len(games))
            if len(calls) == 3:
                raise KeyboardInterrupt
            return link4.analyze_many(games, **kwargs)

        monkeypatch.setattr(command, "analyze_many", analyze_many)
        tracemalloc.start()
        try:
            assert main(["dataset", "--count", str(count), "--plies", "20-24", "--out", str(out),
                         "--threads", "1", "--table-mb", "4"]) == 130
            return tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()

    monkeypatch.setattr(command, "CHUNK", 5)
    peak(20, tmp_path / "first.jsonl")  # what the first run loads once (the book, modules)
    few = peak(20, tmp_path / "few.jsonl")
    many = peak(100_000, tmp_path / "many.jsonl")
    assert len((tmp_path / "many.jsonl.partial").read_text().splitlines()) == 1 + 10
    assert many < few + 1_000_000, (few, many)


@pytest.mark.skipif(os.name != "posix", reason="SIGINT to a child process")
def test_ctrl_c_keeps_the_finished_work_and_a_rerun_completes_it(tmp_path: Path) -> None:
    args = ["--count", "3000", "--plies", "22-28", "--seed", "2", "--out", "d.jsonl",
            "--threads", "2", "--table-mb", "8"]
    child = subprocess.Popen(
        [sys.executable, "-m", "link4", "dataset", *args], cwd=tmp_path,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    partial = tmp_path / "d.jsonl.partial"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and (not partial.exists() or len(partial.read_text().splitlines()) < 2):
        time.sleep(0.05)
    child.send_signal(signal.SIGINT)
    sent = time.monotonic()
    _, err = child.communicate(timeout=60)
    assert child.returncode == 130, err
    assert time.monotonic() - sent < 5
    assert "Run the same command again" in err and "Traceback" not in err
    kept = len(partial.read_text().splitlines()) - 1
    assert 0 < kept < 3000
    again = run(*args, cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    assert f"Continuing d.jsonl.partial: {kept} of 3000" in again.stderr.replace(str(tmp_path) + "/", "")
    rows = [json.loads(line) for line in (tmp_path / "d.jsonl").read_text().splitlines()]
    assert [r["index"] for r in rows] == list(range(3000))
    expected = random_positions(3000, plies=(22, 28), seed=2)
    assert [r["moves"] for r in rows] == [g.moves for g in expected]
    solver = link4.Solver(table_mb=16)
    for r in rows[::150]:
        assert r["score"] == solver.solve(r["moves"])


def test_ctrl_c_before_a_chunk_has_results_files_nothing_under_its_positions(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The second batch is interrupted before it has any result (KeyboardInterrupt, not
    # Interrupted): the checkpoint must then hold the first chunk only, each row with
    # its own position's values (it once got the first chunk's values again).
    from link4.cli import main
    from link4.commands import dataset as command

    calls = []

    def analyze_many(games, **kwargs):  # type: ignore[no-untyped-def]
        calls.append(len(games))
        if len(calls) == 2:
            raise KeyboardInterrupt
        return link4.analyze_many(games, **kwargs)

    monkeypatch.setattr(command, "CHUNK", 5)
    monkeypatch.setattr(command, "analyze_many", analyze_many)
    out = tmp_path / "d.jsonl"
    assert main(["dataset", "--count", "12", "--plies", "20-24", "--seed", "5",
                 "--out", str(out), "--threads", "1", "--table-mb", "8"]) == 130
    rows = [json.loads(line) for line in (tmp_path / "d.jsonl.partial").read_text().splitlines()[1:]]
    assert [r["index"] for r in rows] == [0, 1, 2, 3, 4]
    solver = link4.Solver(table_mb=8)
    for r in rows:
        assert r["columns"] == solver.analyze(r["moves"]), r["moves"]


def test_a_row_cut_short_is_dropped_and_the_rerun_continues_after_the_last_whole_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from link4.cli import main
    from link4.commands import dataset as command

    def stopped(games, **kwargs):  # type: ignore[no-untyped-def]
        raise KeyboardInterrupt

    args = ["dataset", "--count", "12", "--plies", "20-24", "--seed", "5", "--out",
            str(tmp_path / "d.jsonl"), "--threads", "1", "--table-mb", "8"]
    monkeypatch.setattr(command, "CHUNK", 5)
    assert main(args) == 0
    whole = (tmp_path / "d.jsonl").read_text().splitlines()
    # A checkpoint of a killed run: its header, three rows and the fourth cut short.
    header = json.dumps({"link4-dataset": 1, "count": 12, "plies": [20, 24], "seed": 5, "board": "7x6"})
    (tmp_path / "d.jsonl.partial").write_text("\n".join([header, *whole[:3], whole[3][:20]]))
    (tmp_path / "d.jsonl").unlink()
    monkeypatch.setattr(command, "analyze_many", stopped)
    assert main(args) == 130
    assert (tmp_path / "d.jsonl.partial").read_text().splitlines() == [header, *whole[:3]]
    monkeypatch.undo()
    assert main(args) == 0
    assert (tmp_path / "d.jsonl").read_text().splitlines() == whole

