"""link4 solve: one line per position, bad lines reported and skipped."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from link4.book import canonical_key, write
from tests.support.pons import load_pons


def link4(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "link4", *args], input=stdin, capture_output=True, text=True, timeout=300
    )


def test_positions_as_arguments() -> None:
    p = link4("solve", "445566", "44556")
    assert p.returncode == 0, p.stderr
    lines = [line.split() for line in p.stdout.splitlines()]
    assert [line[:2] for line in lines] == [["445566", "18"], ["44556", "-18"]]
    assert all(len(line) == 4 and int(line[2]) >= 0 and int(line[3]) >= 0 for line in lines)


def test_the_empty_board_is_written_as_a_dash_and_read_back() -> None:
    p = link4("solve", "", "4")
    assert p.returncode == 0, p.stderr
    assert [line.split()[:2] for line in p.stdout.splitlines()] == [["-", "1"], ["4", "-1"]]
    again = link4("solve", stdin=p.stdout)  # the output is a file of '<moves> <score>' lines
    assert again.returncode == 0, again.stderr
    assert [line.split()[:2] for line in again.stdout.splitlines()] == [["-", "1"], ["4", "-1"]]
    assert link4("solve", "-", "--json").stdout.startswith('{"moves": "", "score": 1,')


def test_benchmark_files_can_be_piped_in() -> None:
    sample = load_pons("Test_L2_R1", 30)
    p = link4("solve", stdin="".join(f"{m} {s}\n" for m, s in sample))
    assert p.returncode == 0, p.stderr
    got = [line.split()[:2] for line in p.stdout.splitlines()]
    assert got == [[m, str(s)] for m, s in sample]


def test_bad_lines_are_reported_skipped_and_set_the_exit_status() -> None:
    p = link4("solve", stdin="445566\n4a\n\n4444444\n4455667\n44556\n")
    assert p.returncode == 1
    assert [line.split()[:2] for line in p.stdout.splitlines()] == [["445566", "18"], ["44556", "-18"]]
    errors = p.stderr.splitlines()
    assert len(errors) == 3
    assert errors[0].startswith("link4 solve: line 2: invalid move string '4a'")
    assert errors[1].startswith("link4 solve: line 4: illegal move 7")
    assert errors[2].startswith("link4 solve: line 5:") and "over" in errors[2]
    assert "Traceback" not in p.stderr


def test_weak_and_analyze() -> None:
    moves, score = load_pons("Test_L2_R1", 1)[0]
    p = link4("solve", "--weak", moves)
    assert p.stdout.split()[1] == str((score > 0) - (score < 0))
    p = link4("solve", "--analyze", "1233722555341451114725221333")
    assert p.stdout.split()[:8] == ["1233722555341451114725221333", "x", "x", "x", "-1", "-1", "-1", "-1"]


def test_empty_argument_is_the_empty_board_and_bad_table_size_is_refused() -> None:
    p = link4("solve", "--table-mb", "1", "44")
    assert p.returncode == 2 and p.stderr.endswith(
        "link4 solve: error: argument --table-mb: must be a number of MB from 4 to 1048576, not '1'\n"
    )


def test_undecodable_input_is_a_bad_line_not_a_crash() -> None:
    p = subprocess.run(
        [sys.executable, "-m", "link4", "solve"], input=b"4\xff4\n445566\n", capture_output=True, timeout=60
    )
    assert p.returncode == 1
    assert p.stdout.decode().split()[:2] == ["445566", "18"]
    assert b"line 1: invalid move string" in p.stderr and b"Traceback" not in p.stderr


def test_threads_keep_the_order_and_the_scores() -> None:
    sample = load_pons("Test_L2_R1", 300) + load_pons("Test_L2_R2", 20)
    text = "".join(f"{m} {s}\n" for m, s in sample) + "4455667\n"
    one = link4("solve", stdin=text)
    two = link4("solve", "--threads", "2", "--table-mb", "8", stdin=text)
    assert one.returncode == two.returncode == 1  # the finished game on the last line
    assert "line 321: the game is over" in two.stderr
    got = [line.split()[:2] for line in two.stdout.splitlines()]
    assert got == [[m, str(s)] for m, s in sample]
    assert [line.split()[:2] for line in one.stdout.splitlines()] == got


def test_json_lines_and_analyze_with_threads() -> None:
    import json

    sample = load_pons("Test_L2_R1", 20)
    p = link4("solve", "--json", "--threads", "2", "--analyze", "--table-mb", "8",
              stdin="".join(f"{m}\n" for m, _ in sample))
    assert p.returncode == 0, p.stderr
    docs = [json.loads(line) for line in p.stdout.splitlines()]
    assert [d["moves"] for d in docs] == [m for m, _ in sample]
    assert [max(c for c in d["columns"] if c is not None) for d in docs] == [s for _, s in sample]
    assert all(d["nodes"] > 0 and d["weak"] is False for d in docs)
    p = link4("solve", "--json", "--weak", "445566")
    assert json.loads(p.stdout) == {**json.loads(p.stdout), "moves": "445566", "score": 1, "weak": True}


def test_bad_thread_counts_are_refused() -> None:
    for threads in ("0", "257", "two"):
        p = link4("solve", "--threads", threads, "44")
        assert p.returncode == 2 and p.stdout == "" and p.stderr.endswith(
            f"link4 solve: error: argument --threads: must be a whole number from 1 to 256, not '{threads}'\n"
        )


def test_the_book_option(tmp_path: Path) -> None:
    # A book that (wrongly, on purpose) says 4455 scores 5: the answer comes from it.
    write({canonical_key("4455"): 5}, depth=4, path=tmp_path / "b.l4b")
    assert link4("solve", "--book", str(tmp_path / "b.l4b"), "4455").stdout.split()[1] == "5"
    assert link4("solve", "--book", "none", "4455").stdout.split()[1] == "18"
    assert link4("solve", "--book", str(tmp_path / "b.l4b"), "--threads", "2",
                 stdin="4455\n").stdout.split()[1] == "5"
    (tmp_path / "bad.l4b").write_bytes(b"LINK4BK\0" + bytes(40))
    p = link4("solve", "--book", str(tmp_path / "bad.l4b"), "44")
    assert p.returncode == 2 and p.stderr.startswith("link4 solve: ") and "bad.l4b" in p.stderr
