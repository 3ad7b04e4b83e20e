"""The command line on other boards: --size on play, solve, analyze, dataset and book
build, and link4 bench --sizes."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from link4 import Book, Game, Solver
from link4.book import canonical_key


def link4(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "link4", *args], input=stdin, capture_output=True, text=True, timeout=300
    )


# Red to move on 6x5 with three on the bottom row (columns 1-3): column 4 wins with red's
# 4th disc, move 7, which scores 1 + (30 - 7) // 2 = 12.
THREE = "112233"


# -- --size itself ----------------------------------------------------------------------


COMMANDS = [
    ("play", ()),
    ("solve", ("44",)),
    ("analyze", ("44",)),
    ("dataset", ("--out", "never.jsonl")),
    ("book", ("build", "--depth", "2", "--out", "never.l4b")),
]


@pytest.mark.parametrize(("command", "rest"), COMMANDS, ids=[c for c, _ in COMMANDS])
@pytest.mark.parametrize("size", ["3x4", "13x6", "7x14", "12x10", "10x12", "7x", "abc", "7x6x2", ""])
def test_a_bad_size_is_one_line_and_exit_2(command: str, rest: tuple[str, ...], size: str,
                                           tmp_path: Path) -> None:
    words = [command, *rest[:1], "--size", size, *rest[1:]] if command == "book" else [
        command, "--size", size, *rest]
    p = subprocess.run([sys.executable, "-m", "link4", *words], capture_output=True, text=True,
                       timeout=60, cwd=tmp_path)
    assert p.returncode == 2, p.stderr
    assert p.stderr.count("\n") == 1, p.stderr
    assert p.stderr.startswith(f"link4 {command}: --size: ")
    assert p.stdout == "" and not list(tmp_path.iterdir())


def test_the_size_names_what_is_allowed() -> None:
    p = link4("solve", "--size", "13x6", "44")
    assert p.stderr == (
        "link4 solve: --size: link4 plays boards of 4 to 12 columns and 4 to 13 rows, not 13 "
        "columns and 6 rows\n"
    )
    p = link4("solve", "--size", "12x10", "44")
    assert "at most 128 (12x9, 11x10, 10x11, 9x13...), not 12 columns and 10 rows" in p.stderr
    p = link4("solve", "--size", "abc", "44")
    assert "WxH" in p.stderr and "'abc'" in p.stderr


# Red to move on 10x4 with three on the bottom row (columns 7-9): columns 6 and 10 (a)
# win at once, move 7, which scores 1 + (40 - 7) // 2 = 17; any other move wins on move 9.
WIDE = "778899"


def test_solve_and_analyze_a_10x4_board_with_letters() -> None:
    p = link4("solve", "--size", "10x4", WIDE, "8899AA")
    assert p.returncode == 0, p.stderr
    assert [line.split()[:2] for line in p.stdout.splitlines()] == [[WIDE, "17"], ["8899aa", "17"]]
    p = link4("analyze", "--size", "10x4", "--no-color", WIDE)
    assert p.returncode == 0, p.stderr
    assert re.search(r"^\s+1  2  3  4  5  6  7  8  9  a$", p.stdout, re.M), p.stdout
    rows = dict(re.findall(r"^  [* ] (\w)\s+(\S*)\s", p.stdout, re.M))
    assert list(rows) == list("123456789a") and rows["a"] == rows["6"] == "+17"
    assert p.stdout.rstrip().endswith("Best: columns 6 10.")
    doc = json.loads(link4("analyze", "--size", "10x4", "--json", WIDE).stdout)
    assert doc["best"] == [5, 9] and doc["columns"][9]["move"] == "a"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("solve", "--size", "10x4", "77b"), ("link4 solve: argument 1: invalid move string '77b': "
         "character 3 is 'b', but moves are the digits 1 to 9 and a (column 10) (1 = leftmost column)")),
        (("analyze", "--size", "9x4", "1a"), ("link4 analyze: invalid move string '1a': character 2 is "
         "'a', but moves are the digits 1 to 9 (1 = leftmost column)")),
        (("review", "--size", "11x4", "bc"), ("link4 review: invalid move string 'bc': character 2 is "
         "'c', but moves are the digits 1 to 9 and a to b (columns 10 to 11) (1 = leftmost column)")),
        (("play", "--size", "12x4", "--moves", "aaaaa"), ("link4 play: --moves: illegal move 5 of "
         "'aaaaa': column 10 is full")),
    ],
)
def test_a_letter_past_the_width_is_one_line_and_a_failure(args: tuple[str, ...], message: str) -> None:
    p = link4(*args)
    assert p.returncode in (1, 2) and p.stdout == ""
    assert p.stderr == message + "\n"


def test_moves_are_checked_against_the_size() -> None:
    p = link4("analyze", "--size", "5x4", "36")
    assert p.returncode == 2 and p.stderr.count("\n") == 1
    assert p.stderr.startswith("link4 analyze: ") and "'6'" in p.stderr
    p = link4("solve", "--size", "5x4", "11111")  # column 1 has four rows
    assert p.returncode == 1 and p.stderr.startswith("link4 solve: argument 1: illegal move 5")
    p = link4("play", "--size", "6x5", "--moves", "17")
    assert p.returncode == 2 and p.stderr.startswith("link4 play: --moves: ")


# -- solve and analyze ---------------------------------------------------------------------


def test_solve_on_another_board() -> None:
    p = link4("solve", "--size", "6x5", THREE, "")
    assert p.returncode == 0, p.stderr
    three, empty = p.stdout.splitlines()
    assert three.split()[:2] == [THREE, "12"]
    assert empty.split()[:2] == ["-", "0"]  # the empty 6x5 board: a draw
    p = link4("solve", "--size", "6x5", "--analyze", "--json", THREE)
    doc = json.loads(p.stdout)
    assert doc["columns"][3] == 12 and len(doc["columns"]) == 6


def test_solve_reads_positions_of_the_size_from_stdin() -> None:
    positions = ["3", "33", "5", "12"]
    p = link4("solve", "--size", "5x4", "--threads", "2", stdin="".join(m + "\n" for m in positions))
    assert p.returncode == 0, p.stderr
    solver = Solver(table_mb=16, book=None)
    want = [[m, str(solver.solve(Game(m, width=5, height=4)))] for m in positions]
    assert [line.split()[:2] for line in p.stdout.splitlines()] == want


def test_analyze_on_a_6x5_board() -> None:
    p = link4("analyze", "--size", "6x5", "--no-color", THREE)
    assert p.returncode == 0, p.stderr
    out = p.stdout
    assert "Red (X) to move after 6 moves: red wins with its 4th disc" in out
    rows = dict(re.findall(r"^  [* ] (\d)\s+(\S*)\s", out, re.M))
    assert sorted(rows) == ["1", "2", "3", "4", "5", "6"]
    assert rows["4"] == "+12"
    assert re.search(r"^  \* 4 .*<- best$", out, re.M)
    assert out.rstrip().endswith("Best: column 4.")
    assert "7" not in rows


def test_analyze_json_on_a_6x5_board() -> None:
    p = link4("analyze", "--size", "6x5", "--json", THREE)
    doc = json.loads(p.stdout)
    assert (doc["width"], doc["height"], doc["pos"]) == (6, 5, THREE)
    assert doc["score"] == 12 and doc["best"] == [3]
    assert [c["column"] for c in doc["columns"]] == [0, 1, 2, 3, 4, 5]
    assert [c["move"] for c in doc["columns"]] == ["1", "2", "3", "4", "5", "6"]
    assert doc["words"].startswith("red wins with its 4th disc")


def test_analyze_refuses_a_book_of_another_board(tmp_path: Path) -> None:
    path = tmp_path / "b.l4b"
    game = Game("3", width=5, height=4)
    entries = {canonical_key(game): Solver(table_mb=16, book=None).solve(game)}
    path.write_bytes(Book.from_entries(entries, depth=1, width=5, height=4).to_bytes())
    p = link4("analyze", "--book", str(path), "44")
    assert p.returncode == 2 and p.stderr.count("\n") == 1
    assert p.stderr.startswith("link4 analyze: --book: ")
    p = link4("analyze", "--book", str(path), "--size", "5x4", "--json", "33")
    assert p.returncode == 0, p.stderr


# -- bench --sizes -------------------------------------------------------------------------


def test_bench_sizes_prints_the_table() -> None:
    p = link4("bench", "--sizes", "4x4,6x4 5x4")
    assert p.returncode == 0, p.stderr
    lines = p.stdout.splitlines()
    assert lines[0].split() == ["size", "outcome", "last", "move", "nodes", "time"]
    rows = [line.split()[:3] for line in lines[1:]]
    assert rows == [["4x4", "draw", "16"], ["6x4", "second", "24"], ["5x4", "draw", "20"]]


def test_bench_sizes_refuses_what_it_does_not_take() -> None:
    p = link4("bench", "--sizes", "4x4,3x3")
    assert p.returncode == 2 and p.stderr.startswith("link4 bench: --sizes: ")
    p = link4("bench", "--sizes", "4x4", "--threads", "2")
    assert p.returncode == 2 and p.stderr.count("\n") == 1


# -- dataset and book build ---------------------------------------------------------------------


def test_dataset_on_another_board(tmp_path: Path) -> None:
    out = tmp_path / "d.jsonl"
    p = link4("dataset", "--size", "6x5", "--count", "12", "--plies", "8-12", "--threads", "2",
              "--table-mb", "4", "--out", str(out))
    assert p.returncode == 0, p.stderr
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(rows) == 12
    solver = Solver(table_mb=16, book=None)
    for row in rows:
        game = Game(row["moves"], width=6, height=5)
        assert len(row["columns"]) == 6
        assert row["score"] == solver.solve(game)


def test_book_build_info_and_use_on_another_board(tmp_path: Path) -> None:
    out = tmp_path / "b54.l4b"
    p = link4("book", "build", "--size", "5x4", "--depth", "4", "--out", str(out), "--workers", "2",
              "--table-mb", "4")
    assert p.returncode == 0, p.stderr
    assert "of the 5x4 board up to 4 discs" in p.stdout
    p = link4("book", "info", str(out))
    assert p.returncode == 0 and "link4 book of the 5x4 board" in p.stdout
    book = Book.open(out)
    assert (book.width, book.height, book.depth) == (5, 4, 4)
    solver = Solver(table_mb=16, book=None)
    for game, score in book.entries():
        assert (game.width, game.height) == (5, 4)
        assert score == solver.solve(game)
    p = link4("book", "verify", str(out), "--sample", "10", "--seed", "1")
    assert p.returncode == 0, p.stderr
    # A book of another board is refused below a build.
    p = link4("book", "build", "--depth", "6", "--book", str(out), "--out", str(tmp_path / "x.l4b"))
    assert p.returncode == 2 and p.stderr.startswith("link4 book: --book: ")


# -- play -------------------------------------------------------------------------------------


def spawn(*args: str) -> Any:
    """``link4 play`` in a pseudo-terminal (pexpect), as a person uses it."""
    pexpect = pytest.importorskip("pexpect")
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    env.update(TERM="xterm-256color", NO_COLOR="1")
    return pexpect.spawn(sys.executable, ["-m", "link4", "play", "--seed", "7", *args], env=env,
                         encoding="utf-8", timeout=60, dimensions=(60, 200))


def decline_another_game(child: Any) -> None:
    """Answer no to "Play again?" and check that the game then exits cleanly."""
    child.expect(r"Play again\? \[y/n\]")
    child.sendline("n")
    child.expect(pytest.importorskip("pexpect").EOF)
    child.close()
    assert child.exitstatus == 0


def test_play_8x7_two_people_to_a_win() -> None:
    child = spawn("--size", "8x7", "--human-vs-human")
    prompt = r"(Red|Yellow) \(.\) to move, 1-8 or \? for help> "
    child.expect(prompt)
    child.sendline("9")
    child.expect(r"There is no column 9: the columns are 1 to 8\.")
    for col in "8181818":
        child.expect(prompt)
        child.sendline(col)
    child.expect(r"Red \(X\) wins with its 4th disc, after 7 moves\.")
    child.expect(r"Record: (\d+)")
    assert child.match.group(1) == "8181818"
    decline_another_game(child)


def test_play_12x4_with_letters_and_numbers() -> None:
    child = spawn("--size", "12x4", "--human-vs-human")
    prompt = r"(Red|Yellow) \(.\) to move, 1-12 or \? for help> "
    child.expect(prompt)
    assert re.search(r"^\s+1  2  3  4  5  6  7  8  9  a  b  c\s*$", child.before, re.M), child.before
    child.sendline("?")
    child.expect(r"1-12, a-c drop a disc in that column \(a-c as labelled: columns 10-12\)")
    child.expect(r"analyse   the value of every column \(a alone plays column 10\)")
    child.expect(prompt)
    child.sendline("13")
    child.expect(r"There is no column 13: the columns are 1 to 12\.")
    child.expect(prompt)
    child.sendline("d")
    child.expect(r"'d' is not a move or a command")
    # Column 10 as a and as 10, 11 as b and B, 12 as C and c: red's four is 9 to c.
    for typed in ["a", "10", "b", "B", "C", "c", "9"]:
        child.expect(prompt)
        child.sendline(typed)
    child.expect(r"Red \(X\) wins with its 4th disc, after 7 moves\.")
    child.expect(r"Record: (\w+)")
    assert child.match.group(1) == "aabbcc9"
    decline_another_game(child)


def test_a_record_with_a_letter_past_the_width_leaves_the_game_as_it_was(tmp_path: Path) -> None:
    record = tmp_path / "wide.txt"
    record.write_text("55a\n")
    child = spawn("--size", "9x5", "--human-vs-human", "--moves", "55")
    prompt = r"Red \(X\) to move, 1-9 or \? for help> "
    child.expect(prompt)
    child.sendline(f"l {record}")
    child.expect(r"Could not load .*wide\.txt: invalid move string '55a': character 3 is 'a', but "
                 r"moves are the digits 1 to 9")
    child.expect(prompt)
    child.sendline("q")
    child.expect(r"Record: (\d+)")
    assert child.match.group(1) == "55"
    child.expect(pytest.importorskip("pexpect").EOF)
    child.close()


def test_play_8x7_against_the_engine() -> None:
    child = spawn("--size", "8x7", "--level", "5")
    # The rating is the 7x6 ladder's, and says so.
    child.expect(r"You play red \(X\), the engine \(level 5, club player, Elo \d+ on 7x6\)")
    mirror = Game(width=8, height=7)
    for col in (8, 1, 8):
        child.expect(r"Your move red \(X\), 1-8 or \? for help> ")
        assert re.search(r"^\s+1  2  3  4  5  6  7  8\s*$", child.before, re.M), child.before
        child.sendline(str(col))
        mirror.play(col - 1)
        child.expect(r"yellow \(O\) plays column (\d)")
        reply = int(child.match.group(1))
        assert 1 <= reply <= 8
        mirror.play(reply - 1)
    child.expect(r"Your move red")
    child.sendline("q")
    child.expect(r"Record: (\d+)")
    assert child.match.group(1) == mirror.moves
    child.expect(pytest.importorskip("pexpect").EOF)
    child.close()
    assert child.exitstatus == 0
