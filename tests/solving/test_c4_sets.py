"""c4's 10 x 6 test sets (bench/data/c4-10x6): read in their 0-based notation, solved to their scores."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from link4 import bench

SETS = Path(__file__).resolve().parents[2] / "bench" / "data" / "c4-10x6"


def c4_set(name: str, limit: int) -> bench.BenchSet:
    return bench.load_set(str(SETS / f"{name}.txt"), limit, width=10, height=6, zero_based=True)


def test_zero_based_digits_become_move_strings(tmp_path: Path) -> None:
    f = tmp_path / "c4.txt"
    f.write_text("0123456789 0\n99 -3\n")
    s = bench.load_set(str(f), width=10, height=6, zero_based=True)
    assert s.positions == [("123456789a", 0), ("aa", -3)]
    assert (s.width, s.height) == (10, 6)


def test_the_files_hold_what_their_readme_says() -> None:
    for name in ("opening_L1", "opening_L2", "midgame_L1", "midgame_L2", "endgame_L1"):
        s = c4_set(name, 1000)
        assert len(s.positions) == 200
        assert all(set(moves) <= set("123456789a") for moves, _ in s.positions)
        assert all(abs(score) <= 27 for _, score in s.positions)  # 1 + 30 - 4 at most


@pytest.mark.parametrize(
    ("name", "count"),
    [
        ("endgame_L1", 200),
        # Half a minute each under the sanitizers: the same search as the endgames', longer.
        pytest.param("midgame_L1", 100, marks=pytest.mark.heavy),
        pytest.param("opening_L1", 12, marks=pytest.mark.heavy),
    ],
)
def test_c4_scores_are_solved_exactly(name: str, count: int) -> None:
    r = bench.run_set(c4_set(name, count))
    assert (r.count, r.wrong) == (count, [])


@pytest.mark.heavy  # the second openings and middle games, further
@pytest.mark.parametrize(
    ("name", "count"),
    [
        # Over a minute on one core (79 s on a slow day): on demand (-m slow).
        pytest.param("opening_L2", 30, marks=pytest.mark.slow),
        ("midgame_L2", 50),
    ],
)
def test_more_c4_scores_are_solved_exactly(name: str, count: int) -> None:
    r = bench.run_set(c4_set(name, count))
    assert (r.count, r.wrong) == (count, [])


@pytest.mark.parametrize(
    ("text", "message"), [("12a 0\n", "not 0-based column digits"), ("1 2 3\n", "expected '<moves> <score>'")]
)
def test_bad_zero_based_files_are_refused(tmp_path: Path, text: str, message: str) -> None:
    f = tmp_path / "bad.txt"
    f.write_text(text)
    with pytest.raises(ValueError, match=message):
        bench.load_set(str(f), width=10, height=6, zero_based=True)


def test_a_bundled_set_takes_no_other_board() -> None:
    with pytest.raises(ValueError, match="7x6"):
        bench.load_set("End-Easy", width=10, height=6)


def link4(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "link4", *args], capture_output=True, text=True, timeout=300)


def test_bench_command_reads_c4_files() -> None:
    p = link4("bench", "--size", "10x6", "--zero-based", "--limit", "10", str(SETS / "midgame_L1.txt"))
    assert p.returncode == 0, p.stderr
    lines = p.stdout.strip().splitlines()
    assert lines[1].split()[:2] == ["midgame_L1.txt", "10"] and lines[1].split()[-1] == "0"
    assert lines[-1] == f"Bench: {bench.run_set(c4_set('midgame_L1', 10)).total_nodes}"


def test_bench_command_says_what_a_size_without_files_lacks() -> None:
    p = link4("bench", "--size", "10x6")
    assert p.returncode == 2 and p.stderr.startswith("link4 bench: ") and "FILE" in p.stderr
    p = link4("bench", "--size", "12x10", str(SETS / "midgame_L1.txt"))
    assert p.returncode == 2 and "--size" in p.stderr and "Traceback" not in p.stderr
