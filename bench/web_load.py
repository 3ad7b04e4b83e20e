"""Load test of ``link4 serve``: figures, not pass/fail (Linux only: it reads the server's
memory from /proc).

    pip install locust            # the load tool; link4 serve needs the web extra too
    python bench/web_load.py [--users 50] [--seconds 60] [--threads N] [--seed 1]

Starts ``python -m link4 serve --port 0`` (with --threads, --time-limit and --table-mb
passed on), asks it one warm-up question, then runs locust headless with the users of
bench/web_locustfile.py: --users clients, all started at once, each asking ``/solve`` for
random positions of 0-30 discs with no wait between answers, for --seconds. Prints:

- locust's figures: requests, requests/s, latency p50 / p90 / p99 / max (locust rounds
  its percentiles to 2 significant digits), for the 200 answers, the 503 answers (busy,
  or out of time) and all together;
- the count of each HTTP status the users got, and the failures (anything but a good 200
  or a 503 with a JSON error);
- the server's own log (one line a request): its count, which should be one more than
  locust's (the warm-up), its statuses and its own latency, and any other line in it;
- the server's resident memory (VmRSS) after the warm-up, every 10 s and at the end, its
  peak (VmHWM), and the CPU time of the server and of locust (both on this machine);
- a check of answers against link4.Solver.analyze: --check positions (200 by default)
  drawn from those answered with 200.

Exits with status 1 when a request got a 5xx other than 503, another status than 200 and
503, no answer at all, or a wrong answer.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import resource
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections import Counter
from pathlib import Path

import link4
from link4.web.answers import FULL_COLUMN
from link4.web.process import ServeProcess

HERE = Path(__file__).resolve().parent
LOCUSTFILE = HERE / "web_locustfile.py"
REQUEST = re.compile(r'"(?:GET|HEAD) \S*" (\d{3}) ([\d.]+) ms$')
TICK = os.sysconf("SC_CLK_TCK")


def proc_status(pid: int, field: str) -> float:
    """A size field of /proc/PID/status (VmRSS, VmHWM), in MB."""
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1]) / 1024
    raise RuntimeError(f"no {field} in /proc/{pid}/status")


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of a process so far."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))]


def sample_memory(pid: int, every: float, stop: threading.Event, samples: list[tuple[float, float]]) -> None:
    start = time.monotonic()
    while not stop.wait(every):
        try:
            samples.append((time.monotonic() - start, proc_status(pid, "VmRSS")))
        except OSError:
            return


def check_answers(answers: dict[str, list[int]], count: int, seed: int) -> tuple[int, list[str]]:
    """``count`` answered positions checked against Solver.analyze: how many, and the wrong ones."""
    chosen = random.Random(seed).sample(sorted(answers), min(count, len(answers)))
    solver = link4.Solver()
    wrong = []
    for moves in chosen:
        expected = [FULL_COLUMN if v is None else v for v in solver.analyze(link4.Game(moves))]
        if answers[moves] != expected:
            wrong.append(f"pos={moves}: served {answers[moves]}, analyze gives {expected}")
    return len(chosen), wrong


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--users", type=int, default=50, help="concurrent clients (default 50)")
    p.add_argument("--seconds", type=int, default=60, help="length of the run (default 60)")
    p.add_argument("--seed", type=int, default=1, help="seed of the pool of positions (default 1)")
    p.add_argument("--threads", type=int, help="passed to link4 serve (its default: cores, at most 4)")
    p.add_argument("--time-limit", type=float, help="passed to link4 serve (its default: 5 s)")
    p.add_argument("--table-mb", type=float, help="passed to link4 serve (its default: 16)")
    p.add_argument("--check", type=int, default=200, help="answers checked against the solver (200)")
    p.add_argument("--keep", action="store_true", help="keep the server's log and locust's")
    args = p.parse_args()

    served = []
    for name in ("threads", "time_limit", "table_mb"):
        value = getattr(args, name)
        if value is not None:
            served += ["--" + name.replace("_", "-"), str(value)]

    folder = Path(tempfile.mkdtemp(prefix="link4-web-load-"))
    server_log = (folder / "server.log").open("w")
    server = ServeProcess(*served, log=server_log)
    pid = server.process.pid
    try:
        with urllib.request.urlopen(server.url + "solve?pos=4455", timeout=30) as warm:
            warm.read()
    except BaseException:
        server.stop()
        server_log.close()
        raise
    rss_start = proc_status(pid, "VmRSS")
    cpu_start = cpu_seconds(pid)

    stop = threading.Event()
    samples: list[tuple[float, float]] = []
    sampler = threading.Thread(target=sample_memory, args=(pid, 10.0, stop, samples), daemon=True)
    seen = folder / "seen.json"
    command = [
        sys.executable, "-m", "locust", "-f", str(LOCUSTFILE), "--headless",
        "-u", str(args.users), "-r", str(args.users), "-t", f"{args.seconds}s",
        "--stop-timeout", "30",  # requests under way at the end are answered and counted
        "--host", server.url.rstrip("/"), "--only-summary",
        "--link4-seed", str(args.seed), "--link4-out", str(seen),
    ]
    print(f"link4 serve {' '.join(served) or '(defaults)'} at {server.url}; "
          f"locust: {args.users} users for {args.seconds} s; load average before: "
          + ", ".join(f"{v:.2f}" for v in os.getloadavg()), flush=True)
    children_before = resource.getrusage(resource.RUSAGE_CHILDREN)
    sampler.start()
    try:
        with (folder / "locust.log").open("w") as out:
            locust_status = subprocess.run(command, stdout=out, stderr=subprocess.STDOUT).returncode
        children_after = resource.getrusage(resource.RUSAGE_CHILDREN)
        stop.set()
        sampler.join()
        rss_end = proc_status(pid, "VmRSS")
        rss_peak = proc_status(pid, "VmHWM")
        server_cpu = cpu_seconds(pid) - cpu_start
    finally:
        stop.set()
        server_status = server.stop()
        server_log.close()
    locust_cpu = (children_after.ru_utime + children_after.ru_stime
                  - children_before.ru_utime - children_before.ru_stime)

    locust_log = (folder / "locust.log").read_text()
    if not seen.exists():
        print(locust_log)
        raise SystemExit(f"locust wrote no results (exit status {locust_status})")
    results = json.loads(seen.read_text())
    rows = results["locust"]

    print(f"\n{'locust':<14}{'requests':>10}{'req/s':>9}{'p50 ms':>9}{'p90 ms':>9}{'p99 ms':>9}"
          f"{'max ms':>9}{'failed':>8}")
    for name, shown in (("/solve", "200"), ("/solve 503", "503"), ("Aggregated", "all")):
        row = rows.get(name)
        if row is None:
            print(f"{shown:<14}{0:>10}")
            continue
        print(f"{shown:<14}{row['requests']:>10}{row['rps']:>9.1f}{row['p50']:>9}{row['p90']:>9}"
              f"{row['p99']:>9}{row['max']:>9.0f}{row['failures']:>8}")

    statuses = Counter({int(k): v for k, v in results["statuses"].items()})
    total = sum(statuses.values())
    shares = (f"{k or 'no answer'}: {v} ({100 * v / total:.1f}%)" for k, v in sorted(statuses.items()))
    print("\nstatuses seen by the users: " + ", ".join(shares))
    if results["refusals"]:
        print("  503 by reason: " + ", ".join(f"{k}: {v}" for k, v in results["refusals"].items()))
    for message, count in results["failures"].items():
        print(f"  failure x{count}: {message}")

    log_lines = server.lines
    logged = [m for m in (REQUEST.search(line) for line in log_lines) if m]
    other = [line for line in log_lines if not REQUEST.search(line) and not line.startswith("link4 serve: ")]
    logged_statuses = Counter(int(m.group(1)) for m in logged)
    server_ms = [float(m.group(2)) for m in logged]
    print(f"\nserver log: {len(logged)} requests (locust counted {total}, plus 1 warm-up: "
          f"{'agrees' if len(logged) == total + 1 else 'DIFFERS'}); statuses "
          + ", ".join(f"{k}: {v}" for k, v in sorted(logged_statuses.items())))
    if server_ms:
        print("  time in the server (queue + search), ms: "
              + ", ".join(f"p{q} {percentile(server_ms, q):.1f}" for q in (50, 90, 99))
              + f", max {max(server_ms):.1f}")
    print(f"  other lines in its log: {len(other)}")
    for line in other[:10]:
        print("    " + line)
    print(f"  exit status after SIGTERM: {server_status}")

    timeline = "".join(f"{t:.0f} s: {mb:.1f}; " for t, mb in samples)
    print(f"\nserver RSS, MB: after warm-up {rss_start:.1f}; {timeline}end {rss_end:.1f} "
          f"(growth {rss_end - rss_start:+.1f}); peak {rss_peak:.1f}")
    print(f"CPU time over the run: server {server_cpu:.1f} s, locust {locust_cpu:.1f} s "
          f"({os.cpu_count()} cores for both); load average after: "
          + ", ".join(f"{v:.2f}" for v in os.getloadavg()))
    for line in locust_log.splitlines():
        if "CPU usage" in line:
            print("  locust: " + line.strip())

    checked, wrong = check_answers(results["answers"], args.check, args.seed)
    print(f"\nanswers checked against Solver.analyze: {checked} of {len(results['answers'])} "
          f"different positions answered, {len(wrong)} wrong")
    for line in wrong[:10]:
        print("  " + line)

    bad = sum(v for k, v in statuses.items() if k not in (200, 503))
    bad_server = sum(v for k, v in logged_statuses.items() if k >= 500 and k != 503)
    bad_answers = sum(results["failures"].values()) - bad
    failed = bad + bad_server + bad_answers + len(wrong)
    if args.keep:
        print(f"\nthe server's log and locust's kept in {folder}")
    else:
        for file in folder.iterdir():
            file.unlink()
        folder.rmdir()
    if failed:
        print(f"\nFAILED: {bad} requests with a status other than 200 and 503 (or none), "
              f"{bad_server} 5xx other than 503 in the server's log, {bad_answers} malformed "
              f"answers, {len(wrong)} wrong answers in the check")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
