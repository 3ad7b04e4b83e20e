"""link4 solve's long solves: progress on stderr, --time-limit, --checkpoint and --resume."""

from __future__ import annotations

import json
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import link4 as lib

# Not under CI's sanitizers: child processes searching for seconds, through the calls
# tests/solving/test_long_search.py checks there.
pytestmark = pytest.mark.heavy

# The empty board without the book: a few seconds of search, red wins with its 21st disc.
EMPTY_NODES_AT_LEAST = 10_000_000
PROGRESS = re.compile(
    r"^(\d+) s, ([\d,]+) nodes \([\d.]+ M/s\), score ([+-]\d+)(?:\.\.([+-]\d+))?, "
    r"(\d) of (\d) columns settled: (.*)$"
)


def link4(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "link4", *args], capture_output=True, text=True, timeout=300)


def test_progress_lines_say_what_is_proven() -> None:
    p = link4("solve", "--book", "none", "--progress", "--progress-every", "0.1", "44")
    assert p.returncode == 0, p.stderr
    assert p.stdout.split()[:2] == ["44", "1"]
    lines = p.stderr.splitlines()
    assert len(lines) >= 3, p.stderr
    values = lib.Solver(book=None).analyze("44")
    for line in lines:
        m = PROGRESS.match(line)
        assert m, line
        lower = int(m[3])
        upper = int(m[4]) if m[4] else lower
        assert lower <= 1 <= upper
        assert int(m[6]) == 7
        for column in m[7].split(", "):
            number, bounds = column.split(" ")
            low, _, high = bounds.partition("..")
            assert int(low) <= values[int(number) - 1] <= int(high or low), line  # type: ignore[operator]


def test_no_progress_lines_unless_asked_off_a_terminal() -> None:
    p = link4("solve", "--book", "none", "44")
    assert p.returncode == 0 and p.stderr == ""


def test_a_time_limit_prints_the_bounds_and_the_checkpoint_resumes(tmp_path: Path) -> None:
    path = tmp_path / "empty.ckpt"
    p = link4("solve", "--book", "none", "--time-limit", "0.5", "--checkpoint", str(path), "-")
    assert p.returncode == 0, p.stderr
    moves, bounds, nodes, _micros = p.stdout.split()
    low, high = (int(b) for b in bounds.split(".."))
    assert moves == "-" and low <= 1 <= high and low < high
    assert lib.read_checkpoint(path).nodes == int(nodes)
    assert lib.read_checkpoint(path).table_mb == 64
    # Resumed into a table of another size, which takes the file's entries.
    again = link4("solve", "--book", "none", "--resume", str(path), "--threads", "2", "--table-mb", "128",
                  "--json")
    assert again.returncode == 0, again.stderr
    doc = json.loads(again.stdout)
    assert (doc["moves"], doc["score"]) == ("", 1)
    assert doc["nodes"] > max(int(nodes), EMPTY_NODES_AT_LEAST)  # every run's
    assert lib.read_checkpoint(path).table_mb == 128


def test_a_resumed_weak_search_says_it_is_weak(tmp_path: Path) -> None:
    # The resumed line tells the checkpoint's search, not the options of the command
    # that resumed it.
    path = tmp_path / "weak.ckpt"
    p = link4("solve", "--book", "none", "--weak", "--time-limit", "0.2", "--checkpoint", str(path),
              "--json", "-")
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout)["weak"] is True and lib.read_checkpoint(path).weak
    again = link4("solve", "--book", "none", "--resume", str(path), "--json")
    assert again.returncode == 0, again.stderr
    doc = json.loads(again.stdout)
    assert (doc["moves"], doc["score"], doc["weak"]) == ("", 1, True)


@pytest.mark.parametrize(("stop", "status"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)],
                         ids=["ctrl-c", "sigterm"])
def test_a_stop_writes_the_checkpoint_and_says_how_to_go_on(
    stop: signal.Signals, status: int, tmp_path: Path
) -> None:
    path = tmp_path / "stopped.ckpt"
    child = subprocess.Popen(
        [sys.executable, "-m", "link4", "solve", "--book", "none", "--checkpoint", str(path),
         "--checkpoint-every", "0.5", "-"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    deadline = time.monotonic() + 60  # the search is under way once its first checkpoint is
    while not path.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    child.send_signal(stop)
    out, err = child.communicate(timeout=60)
    assert child.returncode == status, err
    assert out == ""
    assert f"go on with link4 solve --resume {path}" in err
    found = lib.read_checkpoint(path)
    assert found.nodes > 0 and not found.exact and found.lower <= 1 <= found.upper


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--checkpoint", "x.ckpt", "44", "45"], "--checkpoint is for one search"),
        (["--checkpoint", "x.ckpt"], "--checkpoint is for one search"),
        (["--time-limit", "1"], "are for positions given as MOVES"),
        (["--analyze", "--time-limit", "1", "44"], "not with --analyze"),
        (["--resume", "x.ckpt", "44"], "give no MOVES"),
        (["--resume", "x.ckpt", "--checkpoint", "y.ckpt"], "not --checkpoint, --analyze or --weak"),
        (["--resume", "x.ckpt", "--weak"], "not --checkpoint, --analyze or --weak"),
        (["--resume", "no-such.ckpt"], "no-such.ckpt cannot be read"),
        (["--checkpoint", "no-such-folder/x.ckpt", "44"], "cannot be written"),
        (["--time-limit", "0", "44"], "must be a number of seconds > 0"),
    ],
)
def test_misuse_is_one_clear_line(args: list[str], message: str) -> None:
    p = link4("solve", *args)
    assert p.returncode == 2
    assert message in p.stderr and "Traceback" not in p.stderr
    assert p.stdout == ""


def test_a_damaged_checkpoint_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "damaged.ckpt"
    made = link4("solve", "--book", "none", "--time-limit", "0.2", "--checkpoint", str(path), "44")
    assert made.returncode == 0
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0x40
    path.write_bytes(bytes(data))
    p = link4("solve", "--resume", str(path))
    assert p.returncode == 2
    assert p.stderr.strip() == f"link4 solve: {path} is damaged (its checksum does not match): it is not used"
