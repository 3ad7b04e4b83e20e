"""link4 analyze: exact scores of every column, in words and in JSON."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

import link4
from link4.book import canonical_key
from link4.cli import main

# Yellow to move after 11 moves; columns 4 and 5 win for yellow with its 20th disc.
POSITION = "26614145151"
# Red to move, 16 discs down, column 3 full; only column 5 wins (red's 17th disc).
WON = "5323365136332172"


@pytest.fixture(scope="module")
def exact() -> dict[str, list[int | None]]:
    solver = link4.Solver(table_mb=16)
    return {moves: solver.analyze(moves) for moves in (POSITION, WON)}


def test_json_has_every_exact_score(
    capsys: pytest.CaptureFixture[str], exact: dict[str, list[int | None]]
) -> None:
    assert main(["analyze", WON, "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    scores = exact[WON]
    assert main(["analyze", POSITION, "--json"]) == 0
    assert [c["score"] for c in json.loads(capsys.readouterr().out)["columns"]] == exact[POSITION]
    assert [c and c["score"] for c in doc["columns"]] == scores
    assert doc["score"] == 5 == max(s for s in scores if s is not None)
    assert doc["best"] == [4]  # columns from 0
    assert doc["to_move"] == "red" and doc["pos"] == WON and doc["exact"] is True
    assert doc["words"] == "red wins with its 17th disc (in 9 moves)"
    assert doc["columns"][2] is None  # full
    assert doc["columns"][4]["move"] == "5" and doc["columns"][4]["words"] == (
        "you win with your 17th disc (in 9 moves)"
    )


def test_text_shows_board_scores_words_and_best(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", POSITION, "--no-color"]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out
    assert "Yellow (O) to move after 11 moves: yellow wins with its 20th disc (in 15 moves)." in out
    assert "  * 4       +2  yellow wins with its 20th disc (in 15 moves)   <- best" in out
    assert "  * 5       +2  yellow wins with its 20th disc (in 15 moves)   <- best" in out
    assert "    2      -11  red wins with its 11th disc (in 5 moves)\n" in out
    assert "Best: columns 4 5." in out
    # The board: 11 discs, the last one (red's fourth in column 1) marked.
    board = [line for line in out.splitlines() if line.startswith(" |")]
    assert len(board) == link4.HEIGHT
    assert sum(line.count("X") + line.count("O") for line in board) == 11
    assert board[2] == " |[X] .  .  .  .  .  . |"


def test_finished_game_is_described(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", "1212121", "--no-color"]) == 0
    out = capsys.readouterr().out
    assert "The game is over after 7 moves: red wins with its 4th disc." in out
    assert out.count("*X*") == 4  # the winning four


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "link4", "analyze", *args],
        capture_output=True,
        text=True,
        timeout=60,
        env={k: v for k, v in os.environ.items() if k != "NO_COLOR"},
    )


@pytest.mark.parametrize(
    ("moves", "message"),
    [
        ("44a", "link4 analyze: invalid move string '44a': character 3 is 'a'"),
        ("4444444", "link4 analyze: illegal move 7 of '4444444': column 4 is full"),
        ("12121218", "link4 analyze: invalid move string '12121218'"),
    ],
)
def test_errors_are_one_line_on_stderr(moves: str, message: str) -> None:
    r = run_cli(moves)
    assert r.returncode == 2
    assert r.stdout == ""
    assert r.stderr.startswith(message)
    assert r.stderr.count("\n") == 1 and "Traceback" not in r.stderr


def test_piped_output_has_no_escapes() -> None:
    r = run_cli(POSITION)
    assert r.returncode == 0 and r.stderr == ""
    assert "\x1b" not in r.stdout and "<- best" in r.stdout


def test_time_limit_leaves_unsolved_columns_unknown(capsys: pytest.CaptureFixture[str]) -> None:
    # Two discs down and no book: no column is solved in a hundredth of a second.
    assert main(["analyze", "44", "--time-limit", "0.01", "--json", "--book", "none"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["score"] is None and doc["best"] == [] and doc["exact"] is False
    assert all(c["exact"] is False and c["score"] is None for c in doc["columns"])
    assert all(c["lower"] < c["upper"] for c in doc["columns"])


def test_the_book_option(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from link4.book import write

    # A book with made-up scores for the children of 4456 (no two of them mirror
    # images): the columns are valued from it.
    g = link4.Game("4456")
    entries = {}
    for col in g.legal_moves():
        child = g.copy()
        child.play(col)
        entries[canonical_key(child)] = -col
    write(entries, depth=5, path=tmp_path / "b.l4b")
    p = run_cli("--json", "--book", str(tmp_path / "b.l4b"), "4456")
    assert [c["score"] for c in json.loads(p.stdout)["columns"]] == [0, 1, 2, 3, 4, 5, 6]
    p = run_cli("--json", "--book", "none", "4455")
    assert json.loads(p.stdout)["score"] == 18  # (the shipped book is off too)
    p = run_cli("--book", str(tmp_path / "missing.l4b"), "44")
    assert p.returncode == 2 and "--book: cannot read the book" in p.stderr


# Runs `link4 analyze` in a fresh process that reports every file it opens named as the
# shipped book (an audit hook sees each open, whoever makes it).
_OPENS_OF_THE_SHIPPED_BOOK = """
import sys
from link4.book import DEFAULT_BOOK
from link4.cli import main
opened = []
sys.addaudithook(lambda event, args: opened.append(args[0]) if event == "open"
                 and str(args[0]).endswith(DEFAULT_BOOK) else None)
status = main(sys.argv[1:])
print(status, len(opened), file=sys.stderr)
"""


@pytest.mark.parametrize(("size", "moves", "opens"), [("6x5", "112233", 0), ("7x6", "4455", 1)])
def test_analyze_opens_the_shipped_book_only_for_its_board(size: str, moves: str, opens: int) -> None:
    p = subprocess.run(
        [sys.executable, "-c", _OPENS_OF_THE_SHIPPED_BOOK, "analyze", "--json", "--size", size, moves],
        capture_output=True, text=True, timeout=120,
    )
    # The last line: (an editable install may report its rebuild on stderr first)
    assert p.stderr.splitlines()[-1].split() == ["0", str(opens)], p.stderr
    assert json.loads(p.stdout)["score"] == (12 if size == "6x5" else 18)
