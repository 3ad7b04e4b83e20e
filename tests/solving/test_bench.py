"""The benchmark: its signature is pinned, so a change to the search is noticed."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from link4 import bench

# CI runs this module again against the wheel built from the sdist (what the wheel carries).
pytestmark = pytest.mark.wheel

# The total node count of the default `link4 bench` run. A change to the search's
# behaviour changes it: update it here and give the new figure in the commit message
# ("Bench: N"). A refactor must leave it alone.
BENCH_SIGNATURE = 25171979


@pytest.mark.heavy  # the whole benchmark: the sanitizers' run leaves it to the full one
def test_bench_signature_is_pinned() -> None:
    total = sum(bench.run_set(s).total_nodes for s in bench.standard_plan())
    assert total == BENCH_SIGNATURE


def test_quick_plan_covers_every_set() -> None:
    plan = bench.standard_plan()
    assert [s.name for s in plan] == [name for _, name in bench.SETS]
    assert all(len(s.positions) >= 1 for s in plan)
    full = bench.standard_plan(full=True)
    assert [len(s.positions) for s in full] == [1000, 1000, 1000, 1000, 1000, 100]


def test_sets_load_by_file_and_by_name() -> None:
    a = bench.load_set("Test_L2_R1", 5)
    b = bench.load_set("middle-easy", 5)
    assert a.positions == b.positions and len(a.positions) == 5
    assert a.positions[0][0].isdigit()


def test_run_set_reports_wrong_scores(tmp_path: Path) -> None:
    f = tmp_path / "mine.txt"
    f.write_text("445566 18\n4455 -3\n\n")
    r = bench.run_set(bench.load_set(str(f)))
    assert r.count == 2
    assert r.wrong == [("4455", -3, 18)]
    assert r.total_nodes == sum(r.nodes) and r.nodes[1] > 0  # "445566" is won at once: 0 nodes


@pytest.mark.parametrize(
    ("text", "message"),
    [("44 x\n", "not an integer"), ("44\n", "expected '<moves> <score>'"), ("4a 1\n", "invalid")],
)
def test_bad_bench_files_are_refused(tmp_path: Path, text: str, message: str) -> None:
    f = tmp_path / "bad.txt"
    f.write_text(text)
    with pytest.raises(ValueError, match=message):
        bench.run_set(bench.load_set(str(f)))


def link4(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "link4", *args], input=stdin, capture_output=True, text=True, timeout=300
    )


def test_bench_command_prints_a_table_and_the_signature_last(tmp_path: Path) -> None:
    p = link4("bench", "Middle-Easy", "End-Easy", "--limit", "50")
    assert p.returncode == 0, p.stderr
    lines = p.stdout.strip().splitlines()
    assert lines[0].split()[:3] == ["set", "positions", "mean"]
    assert lines[1].split()[:2] == ["Middle-Easy", "50"]
    assert lines[2].split()[:2] == ["End-Easy", "50"]
    assert lines[1].split()[-1] == "0" and lines[2].split()[-1] == "0"  # no wrong score
    expected = sum(
        bench.run_set(bench.load_set(name, 50)).total_nodes for name in ("Middle-Easy", "End-Easy")
    )
    assert lines[-1] == f"Bench: {expected}"


def test_bench_command_fails_on_a_wrong_score(tmp_path: Path) -> None:
    f = tmp_path / "mine.txt"
    f.write_text("4455 -3\n")
    p = link4("bench", str(f))
    assert p.returncode == 1
    assert "wrong: 4455 expected -3, got 18" in p.stdout


def test_bench_command_reports_a_missing_file_in_one_line(tmp_path: Path) -> None:
    p = link4("bench", str(tmp_path / "nope.txt"))
    assert p.returncode == 2
    assert p.stderr.startswith("link4 bench: ") and len(p.stderr.strip().splitlines()) == 1
    assert "Traceback" not in p.stderr
