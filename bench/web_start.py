"""How soon ``link4 serve`` answers after it starts, and how soon its page paints: figures,
not pass/fail. The targets: the first answer <= 1 s for any position of <= 10 discs (the
opening book's), the page's first paint <= 1 s on localhost.

    python bench/web_start.py [--trials 5] [--loads 5] [--seed 1] [--no-browser]
    python bench/web_start.py --no-browser --pos 2561766677 4455    # given positions

First answer: for each trial a fresh ``python -m link4 serve --port 0``, timed from the
launch of the process to its start line ("open http://... in a browser", printed once
the solvers are made and the book is read), then from that line to the answer of its
first request, ``/solve`` of a position of <= 10 discs (--trials random ones, their
disc counts spread over 1-9, then the empty board and a random one of exactly 10 discs);
each answer is checked against link4.Solver.analyze.

First paint: one server, --loads loads of its page ``/`` in headless Chromium, each in a
fresh browser (its own empty profile, the cache disabled too), reading the Paint Timing
entries (first-paint, first-contentful-paint) and the Navigation Timing ones
(responseEnd, domContentLoadedEventEnd, loadEventEnd), all in ms from the start of the
navigation. Needs Chromium and its driver on the PATH (Debian: apt-get install chromium
chromium-driver) and selenium (pip install selenium); nothing is downloaded.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import sys
import time
import urllib.error
import urllib.request
from typing import Any

import link4
from link4.dataset import random_positions
from link4.web.answers import FULL_COLUMN
from link4.web.process import ServeProcess

MAX_DISCS = 10


def get(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=30) as answer:
            return answer.status, answer.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def first_answers(positions: list[str]) -> bool:
    """One fresh server per position; prints the times. Whether every answer was right."""
    solver = link4.Solver()
    print(f"{'first answer':<14}{'discs':>6}{'to start line':>15}{'to answer':>11}{'total':>9}  position")
    totals: list[float] = []
    right = True
    for moves in positions:
        expected = [FULL_COLUMN if v is None else v for v in solver.analyze(link4.Game(moves))]
        server = ServeProcess()
        try:
            asked = time.perf_counter()
            status, body = get(f"{server.url}solve?pos={moves}")
            to_answer = time.perf_counter() - asked
        finally:
            server.stop()
        total = server.seconds_to_start + to_answer
        totals.append(total)
        verdict = ""
        if status != 200 or json.loads(body) != {"pos": moves, "score": expected}:
            verdict = f"  WRONG: {status} {body[:100]!r}, analyze gives {expected}"
            right = False
        print(f"{'':<14}{len(moves):>6}{server.seconds_to_start * 1e3:>12.0f} ms{to_answer * 1e3:>8.0f} ms"
              f"{total * 1e3:>6.0f} ms  {moves or '(empty)'}{verdict}")
    print(f"{'':<14}max launch -> first answer: {max(totals) * 1e3:.0f} ms (target <= 1000 ms)")
    return right


PAINT_SCRIPT = """
const paint = {};
for (const entry of performance.getEntriesByType("paint")) paint[entry.name] = entry.startTime;
const nav = performance.getEntriesByType("navigation")[0];
return {paint: paint, nav: nav ? nav.toJSON() : null};
"""

TIMINGS = (
    ("first-paint", "paint", "first-paint"),
    ("first-contentful", "paint", "first-contentful-paint"),
    ("responseEnd", "nav", "responseEnd"),
    ("DOMContentLoaded", "nav", "domContentLoadedEventEnd"),
    ("load", "nav", "loadEventEnd"),
)


def load_page(url: str) -> dict[str, Any]:
    """The page's timings in a fresh headless Chromium."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or shutil.which("chromium-browser") or ""
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage"):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(executable_path=shutil.which("chromedriver")), options=options)
    try:
        driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
        driver.get(url)  # returns after the load event
        deadline = time.monotonic() + 5
        while True:
            found: dict[str, Any] = driver.execute_script(PAINT_SCRIPT)
            done = found["nav"] and found["nav"]["loadEventEnd"] > 0
            if (done and "first-contentful-paint" in found["paint"]) or time.monotonic() > deadline:
                return found
            time.sleep(0.05)
    finally:
        driver.quit()


def first_paints(loads: int) -> bool:
    """``loads`` loads of the page of one fresh server; prints the times. Whether it has a page."""
    if not shutil.which("chromedriver"):
        print("first paint: no chromedriver on the PATH (Debian: apt-get install chromium-driver)")
        return False
    server = ServeProcess()
    url = server.url
    try:
        status, _ = get(url)
        if status != 200:
            print(f"first paint: the server answers / with {status}: it has no page to paint")
            return False
        print(f"\n{'first paint':<14}" + "".join(f"{name:>18}" for name, _, _ in TIMINGS) + "   (ms)")
        rows: list[list[float | None]] = []
        for load in range(loads):
            found = load_page(url)
            row = [(found.get(part) or {}).get(key) for _, part, key in TIMINGS]
            rows.append(row)
            print(f"{'load ' + str(load + 1):<14}"
                  + "".join(f"{'-' if v is None else f'{v:.0f}':>18}" for v in row))
        worst = [max((v for v in column if v is not None), default=0.0) for column in zip(*rows, strict=True)]
        print(f"{'max':<14}" + "".join(f"{v:>18.0f}" for v in worst))
        print(f"{'':<14}target: first paint <= 1000 ms")
    finally:
        server.stop()
    requests = [line for line in server.lines if not line.startswith("link4 serve: ")]
    others = [line for line in requests if not re.search(r'" 200 [\d.]+ ms$', line)]
    print(f"{'':<14}server log: {len(requests)} requests for {loads} loads, {len(others)} not answered 200")
    for line in others[:10]:
        print(f"{'':<16}{line}")
    return True


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--trials", type=int, default=5, help="random positions of <= 10 discs (5)")
    p.add_argument("--loads", type=int, default=5, help="loads of the page (5)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--no-browser", action="store_true", help="time the first answer only")
    p.add_argument("--pos", nargs="+", default=[], metavar="MOVES",
                   help="time the first answer for these positions instead")
    args = p.parse_args()

    # Disc counts spread over 1-9, then the empty board and 10 discs.
    counts = [1 + round(i * (MAX_DISCS - 2) / max(1, args.trials - 1)) for i in range(args.trials)]
    counts += [0, MAX_DISCS]
    positions = [random_positions(1, plies=(n, n), seed=args.seed + i)[0].moves for i, n in enumerate(counts)]
    if args.pos:
        positions = ["" if moves == "-" else moves for moves in args.pos]
    load = ", ".join(f"{v:.2f}" for v in os.getloadavg())
    print(f"load average before: {load} ({os.cpu_count()} cores)")
    right = first_answers(positions)
    painted = args.no_browser or first_paints(args.loads)
    return 0 if right and painted else 1


if __name__ == "__main__":
    sys.exit(main())
