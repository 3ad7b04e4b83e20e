"""How fast Ctrl-C stops the long commands: figures, not pass/fail (POSIX only).

    python bench/interrupts.py [--repeat 5]

Starts `link4 solve` (one by one and on two threads), `link4 solve --analyze`,
`link4 analyze`, `link4 bench`, `link4 dataset` and `link4 book build` on work that takes
minutes, sends SIGINT after a varying delay, and prints the time from the signal to the
exit of the process (median and max; the target is under 0.2 s), and whether every run
ended cleanly: exit status 130, no traceback, and as the last line of stderr either
"interrupted" or, for the commands that keep their finished work, how to continue.
"""

from __future__ import annotations

import argparse
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from link4 import bench

WORK = Path(tempfile.mkdtemp())

HARD = [m for m, _ in bench.load_set("Begin-Hard", 5).positions]
COMMANDS = {
    "solve (stdin)": (["solve"], "".join(f"{m}\n" for m in HARD)),
    "solve --analyze": (["solve", "--analyze", *HARD], ""),
    "analyze (empty board)": (["analyze", "--book", "none", ""], ""),
    "bench --full": (["bench", "--full"], ""),
    "solve --threads 2": (["solve", "--threads", "2"], "".join(f"{m}\n" for m in HARD)),
    "dataset": (["dataset", "--count", "100000", "--plies", "8-12", "--out", str(WORK / "d.jsonl")], ""),
    "book build": (["book", "build", "--depth", "8", "--out", str(WORK / "b.l4b"), "--workers", "2"], ""),
}


def stop_time(args: list[str], stdin: str, after: float) -> tuple[float, bool]:
    child = subprocess.Popen(
        [sys.executable, "-m", "link4", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert child.stdin is not None and child.stderr is not None
    child.stdin.write(stdin)
    child.stdin.close()
    time.sleep(after)
    sent = time.monotonic()
    child.send_signal(signal.SIGINT)
    child.wait(timeout=60)
    stopped = time.monotonic() - sent
    err = child.stderr.read()
    last = (err.splitlines() or [""])[-1]
    said = last == "interrupted" or "same command again" in last
    clean = child.returncode == 130 and said and "Traceback" not in err
    for partial in WORK.glob("*.partial"):  # each run starts afresh
        partial.unlink()
    return stopped, clean


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--repeat", type=int, default=5)
    args = p.parse_args()
    print(f"{'command':<24}{'runs':>5}{'median ms':>11}{'max ms':>8}  clean")
    for name, (command, stdin) in COMMANDS.items():
        times, clean = [], True
        for i in range(args.repeat):
            t, ok = stop_time(command, stdin, after=0.8 + 0.37 * i)
            times.append(t * 1e3)
            clean &= ok
        print(f"{name:<24}{len(times):>5}{statistics.median(times):>11.0f}{max(times):>8.0f}  "
              f"{'yes' if clean else 'NO'}")


if __name__ == "__main__":
    main()
