"""Ctrl-C stops the long commands at once, with one line and no traceback.

Each command runs in its own process, gets SIGINT in the middle of its work, and must
exit 130 with "interrupted" on stderr, keeping on stdout what it had finished. The time
from the signal to the exit is printed (the target is under 0.2 s; bench/interrupts.py
measures it repeatedly); the test only fails beyond a generous 5 s, so that a loaded
machine does not make it flaky.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

from tests.support.pons import load_pons

pytestmark = [
    pytest.mark.timeout(120),
    pytest.mark.skipif(os.name != "posix", reason="SIGINT to a child process"),
]

HARD = [m for m, _ in load_pons("Test_L1_R3", 5)]  # searched with --book none: seconds each
EASY = load_pons("Test_L3_R1", 3)


def interrupt(
    args: list[str], stdin: str = "", after: float = 1.0
) -> tuple[subprocess.CompletedProcess[str], float]:
    """Run `link4 ARGS`, send SIGINT after `after` seconds; the result and the stop time."""
    child = subprocess.Popen(
        [sys.executable, "-m", "link4", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert child.stdin is not None
    child.stdin.write(stdin)
    child.stdin.close()
    time.sleep(after)
    assert child.poll() is None, "the command finished before it could be interrupted"
    sent = time.monotonic()
    child.send_signal(signal.SIGINT)
    try:
        child.wait(timeout=30)
    except subprocess.TimeoutExpired:
        child.kill()
        raise AssertionError(f"link4 {args[0]} did not stop within 30 s of SIGINT") from None
    stopped = time.monotonic() - sent
    assert child.stdout is not None and child.stderr is not None
    out, err = child.stdout.read(), child.stderr.read()
    print(f"link4 {' '.join(args)[:40]}: stopped {stopped * 1e3:.0f} ms after SIGINT")
    return subprocess.CompletedProcess(child.args, child.returncode, out, err), stopped


def assert_clean_stop(r: subprocess.CompletedProcess[str], stopped: float) -> None:
    assert r.returncode == 130, (r.returncode, r.stderr[-1000:])
    assert "Traceback" not in r.stderr
    assert r.stderr.splitlines()[-1:] == ["interrupted"], r.stderr[-1000:]
    assert stopped < 5.0


def test_ctrl_c_stops_solve_and_keeps_the_finished_lines() -> None:
    lines = "".join(f"{m}\n" for m, _ in EASY) + "".join(f"{m}\n" for m in HARD)
    r, stopped = interrupt(["solve", "--book", "none"], stdin=lines)
    assert_clean_stop(r, stopped)
    out = r.stdout.splitlines()
    assert [line.split()[:2] for line in out[:3]] == [[m, str(s)] for m, s in EASY]


def test_ctrl_c_stops_solve_given_as_arguments() -> None:
    r, stopped = interrupt(["solve", "--analyze", "--book", "none", *HARD])
    assert_clean_stop(r, stopped)


def test_ctrl_c_stops_analyze() -> None:
    r, stopped = interrupt(["analyze", "--book", "none", ""])  # the empty board: minutes of work
    assert_clean_stop(r, stopped)
    assert r.stdout == ""  # nothing half-printed


def test_ctrl_c_stops_bench() -> None:
    r, stopped = interrupt(["bench", "--full"], after=1.5)
    assert_clean_stop(r, stopped)
    assert r.stdout.startswith("set ")  # the header was out before the signal
    assert "Bench:" not in r.stdout  # no signature from a run cut short
