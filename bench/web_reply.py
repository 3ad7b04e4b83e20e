"""How soon the engine replies on link4 serve's page, on a big board with the analysis
on: figures, not pass/fail. The target: on 9 x 12 at level 5, the analysis on, the
engine's disc on the board within 0.5 s of the click on a column.

    python bench/web_reply.py [--moves 10] [--size 9x12] [--level 5] [--analysis off] [--seed 1]

One fresh ``python -m link4 serve --port 0`` (its defaults) and one headless Chromium on
its page, against the engine as red. For each move the script clicks a column (a legal
one drawn with --seed) once the page lets it play, and the page itself measures, with
performance.now(), the time from the click (a listener on the board, in the capture
phase) to the engine's disc in the board's picture (a MutationObserver on it): the
browser's own clock, with no WebDriver call in between. A game that ends starts again.
Needs Chromium and its driver on the PATH and selenium, as bench/web_start.py does.
"""

from __future__ import annotations

import argparse
import random
import shutil
import statistics
import sys
import time
from typing import Any

from link4 import Game
from link4.rules import parse_size
from link4.web.process import ServeProcess

WATCH = """
const board = document.getElementById("board");
const discs = () => board.querySelectorAll("circle.disc").length;
window.replies = [];
window.clicked = null;
board.addEventListener("click", () => { window.clicked = { at: performance.now(), discs: discs() }; }, true);
new MutationObserver(() => {
  if (window.clicked !== null && discs() >= window.clicked.discs + 2) {
    window.replies.push(performance.now() - window.clicked.at);
    window.clicked = null;
  }
}).observe(board, { childList: true, subtree: true });
"""

# The status, which says when it is the user's turn; whether the engine has replied since
# the last click (or the game is over, and it will not).
YOUR_TURN = "return document.getElementById('status').textContent"
REPLIED = "return [window.clicked === null, document.getElementById('status').textContent]"


def start_browser() -> Any:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or shutil.which("chromium-browser") or ""
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,900"):
        options.add_argument(argument)
    return webdriver.Chrome(service=Service(executable_path=shutil.which("chromedriver")), options=options)


def wait(driver: Any, script: str, check: Any, seconds: float = 60.0) -> Any:
    deadline = time.monotonic() + seconds
    while True:
        value = driver.execute_script(script)
        if check(value):
            return value
        if time.monotonic() > deadline:
            raise RuntimeError(f"the page never got there: {value!r}")
        time.sleep(0.01)


def click_column(driver: Any, column: int, width: int) -> None:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By

    svg = driver.find_element(By.CSS_SELECTOR, "#board svg")
    size = svg.size
    dx = (column + 0.5) * size["width"] / width - size["width"] / 2
    dy = -size["height"] / 4
    ActionChains(driver).move_to_element_with_offset(svg, round(dx), round(dy)).click().perform()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=10, help="engine replies to time (default 10)")
    parser.add_argument("--size", default="9x12", help="the board, WxH (default 9x12)")
    parser.add_argument("--level", default="5", help="the engine's level (default 5)")
    parser.add_argument("--analysis", choices=("on", "off"), default="on", help="the page's analysis")
    parser.add_argument("--seed", type=int, default=1, help="draws the columns clicked")
    args = parser.parse_args()
    width, height = parse_size(args.size)
    rng = random.Random(args.seed)
    with ServeProcess() as server:
        driver = start_browser()
        try:
            driver.get(server.url)
            remembered = {"mode": "engine", "human": "red", "level": args.level, "analysis": args.analysis}
            driver.execute_script(
                "localStorage.clear(); for (const [k, v] of Object.entries(arguments[0]))"
                " localStorage.setItem(`link4.${k}`, v);",
                remembered,
            )
            driver.get(f"{server.url}?size={width}x{height}")
            wait(driver, YOUR_TURN, lambda text: "your turn" in text)
            driver.execute_script(WATCH)
            while len(driver.execute_script("return window.replies")) < args.moves:
                record = driver.execute_script("return document.getElementById('record').value")
                game = Game(record, width=width, height=height)
                if game.is_over():
                    driver.execute_script("document.getElementById('new').click()")
                    wait(driver, YOUR_TURN, lambda text: "your turn" in text and "wins" not in text)
                    continue
                click_column(driver, rng.choice(game.legal_moves()), width)
                wait(driver, REPLIED, lambda seen: seen[0] or "wins" in seen[1] or "Draw" in seen[1])
                driver.execute_script("window.clicked = null")
                wait(driver, YOUR_TURN, lambda text: "your turn" in text or "wins" in text or "Draw" in text)
            replies = driver.execute_script("return window.replies")[: args.moves]
        finally:
            driver.quit()
    print(f"engine replies on {width}x{height}, level {args.level}, analysis {args.analysis}: "
          "click to disc, ms")
    print("  " + " ".join(f"{ms:.0f}" for ms in replies))
    print(f"  mean {statistics.mean(replies):.0f} ms, median {statistics.median(replies):.0f} ms, "
          f"max {max(replies):.0f} ms over {len(replies)} replies")
    return 0


if __name__ == "__main__":
    sys.exit(main())
