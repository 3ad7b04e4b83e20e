"""The commands that set up a game take --inarow K: the game they play or the book they
write is won by K in a row, and a K that link4 does not play is refused before anything
starts."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from link4 import Book, Game, Solver


def link4(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "link4", *args], input=stdin, capture_output=True,
                          text=True, timeout=300)


def test_play_ends_a_connect_5_game_at_the_fifth_disc_not_the_fourth() -> None:
    # Red stacks column 1, yellow column 2: at four in a row the game would end at move 7.
    p = link4("play", "--size", "7x9", "--inarow", "5", "--human-vs-human", "--no-color",
              stdin="1\n2\n1\n2\n1\n2\n1\n2\n1\nn\n")
    assert p.returncode == 0, p.stderr
    assert p.stdout.startswith("5 in a row wins on this 7x9 board.")
    assert "Red (X) wins with its 5th disc, after 9 moves." in p.stdout
    assert "Record: 121212121" in p.stdout
    assert not Game("1212121", width=7, height=9, inarow=5).is_over()


def test_play_names_where_the_engines_rating_was_measured() -> None:
    p = link4("play", "--size", "6x6", "--inarow", "3", "--level", "1", "--seed", "3", "--no-color",
              stdin="q\n")
    assert p.returncode == 0, p.stderr
    assert "Elo" in p.stdout and "at Connect Four on 7x6)" in p.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--inarow", "7"], "link4 play: --inarow: link4 plays 3 to 6 in a row, not 7"),
        (["--size", "4x5", "--inarow", "6"], "link4 play: --inarow: 6 in a row fits no line of a 4x5 board"),
    ],
)
def test_play_refuses_a_line_link4_does_not_play(args: list[str], message: str) -> None:
    p = link4("play", *args, stdin="1\n")
    assert p.returncode == 2
    assert p.stderr.startswith(message)
    assert p.stdout == ""


def test_a_book_of_connect_3_is_built_checked_and_described(tmp_path: Path) -> None:
    out = tmp_path / "c3.l4b"
    p = link4("book", "build", "--size", "5x5", "--inarow", "3", "--depth", "4", "--out", str(out),
              "--workers", "1", "--table-mb", "4", "--book", "none")
    assert p.returncode == 0, p.stderr
    assert "of the 5x5 board (3 in a row) up to 4 discs" in p.stdout
    book = Book.open(out)
    assert (book.width, book.height, book.inarow, book.depth) == (5, 5, 3, 4)
    # Every score is Connect 3's, as a solver of that game finds it without a book;
    # some differ from what the same positions are worth at four in a row.
    three = Solver(table_mb=16, book=None, width=5, height=5, inarow=3)
    four = Solver(table_mb=16, book=None, width=5, height=5)
    differ = 0
    for game, score in book.entries():
        assert game.inarow == 3
        assert score == three.solve(game)
        differ += score != four.solve(Game(game.moves, width=5, height=5))
    assert differ > 0
    p = link4("book", "info", str(out))
    assert p.returncode == 0 and "link4 book of the 5x5 board (3 in a row)," in p.stdout
    p = link4("book", "verify", str(out), "--sample", "20", "--seed", "1")
    assert p.returncode == 0, p.stderr
    assert ": 0 wrong." in p.stdout


def test_book_build_refuses_a_line_that_does_not_fit(tmp_path: Path) -> None:
    out = tmp_path / "never.l4b"
    p = link4("book", "build", "--size", "5x4", "--inarow", "6", "--depth", "2", "--out", str(out))
    assert p.returncode == 2
    assert p.stderr.startswith("link4 book: --inarow: 6 in a row fits no line of a 5x4 board")
    assert not out.exists()


def test_review_values_a_connect_3_game_as_its_solver_does() -> None:
    p = link4("review", "4455", "--size", "6x5", "--inarow", "3", "--json")
    assert p.returncode == 0, p.stderr
    doc = json.loads(p.stdout)
    assert doc["inarow"] == 3
    three = Solver(table_mb=16, book=None, width=6, height=5, inarow=3)
    for move in doc["moves"]:
        before = Game("4455"[: move["ply"]], width=6, height=5, inarow=3)
        assert move["value"]["score"] == three.solve(before)
        values = three.analyze(before)
        best = max(v for v in values if v is not None)
        assert move["best"] == [c for c, v in enumerate(values) if v == best]
    # Yellow's 4 lets red win with its 3rd disc instead of its 5th: an inaccuracy.
    assert [m["mark"] for m in doc["moves"]] == ["best", "inaccuracy", "best", "best"]
    p = link4("review", "4455", "--size", "6x5", "--inarow", "3")
    assert p.stdout.startswith("Review of 4455 (6x5, 3 in a row, 4 moves, not over).")


def test_dataset_labels_positions_by_their_line(tmp_path: Path) -> None:
    out = tmp_path / "c3.jsonl"
    p = link4("dataset", "--size", "5x4", "--inarow", "3", "--count", "30", "--plies", "2-4", "--seed", "1",
              "--out", str(out))
    assert p.returncode == 0, p.stderr
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(rows) == 30
    three = Solver(table_mb=16, book=None, width=5, height=4, inarow=3)
    for row in rows:
        assert (row["width"], row["height"], row["inarow"]) == (5, 4, 3)
        game = Game(row["moves"], width=5, height=4, inarow=3)
        assert row["score"] == three.solve(game)
        assert row["columns"] == three.analyze(game)


def test_evaluate_plays_the_line_and_keeps_openings_short_of_it() -> None:
    p = link4("evaluate", "--agent", "random", "--opponent", "perfect", "--size", "4x4", "--inarow", "3",
              "--games", "6", "--seed", "1", "--json")
    assert p.returncode == 0, p.stderr
    doc = json.loads(p.stdout)
    # Connect 3 on 4x4 is the first player's: perfect play as red wins every game.
    assert doc["as_yellow"] == {"wins": 0, "draws": 0, "losses": 3}
    assert doc["rating"] is None
    p = link4("evaluate", "--agent", "random", "--size", "4x4", "--inarow", "3", "--openings", "5")
    assert p.returncode == 2
    assert p.stderr == ("link4 evaluate: --openings: at most 4 with 3 in a row (no opening may complete a "
                        "line), not 5\n")
    p = link4("evaluate", "--agent", "random", "--opponent", "ladder", "--inarow", "5")
    assert p.returncode == 2
    assert p.stderr == "link4 evaluate: --opponent ladder: the ladder is measured on 7x6, four in a row\n"
