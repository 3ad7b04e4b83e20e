"""link4 serve's page in a real browser (headless Chromium under Selenium): whole games
played by clicks and by keys against the engine, undo and redo, positions from the URL,
two humans, engine against engine, a phone's screen, and a screenshot.

After every move the page must show what the test computes itself: the discs of the
position column by column, the record, the status, and under each column the value that
link4.Solver().analyze gives (win, draw or loss, in how many of the winner's moves, the
best columns). The page says when it is idle with body[data-state="ready"].
"""

from __future__ import annotations

import os
import struct
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from link4 import Game, Solver, describe_score
from link4.players import LEVEL_NAMES, LEVELS
from link4.ratings import RATINGS
from link4.score import best_columns, winning_move
from tests.support.browser import Page, browser_paths, open_browser
from tests.support.web_server import running_server

PATHS = browser_paths()  # skips (or fails, in CI) this module without a browser
# Not under CI's sanitizers: the browser, not built with them, would inherit their
# runtime, and the page only calls the API that the other tests check there.
pytestmark = pytest.mark.heavy

SYMBOLS = {"win": "✓", "draw": "=", "loss": "✗"}


@pytest.fixture(scope="module")
def page() -> Iterator[Page]:
    with running_server() as url, open_browser(PATHS, url) as browser:
        yield browser


@pytest.fixture(scope="module")
def solver() -> Solver:
    """The solver the page's values are checked against (with the opening book: the
    early positions are answered at once)."""
    return Solver()


@pytest.fixture(autouse=True)
def no_script_errors(page: Page) -> Iterator[None]:
    page.console_errors()  # forget what came before
    yield
    assert page.console_errors() == []


# ---------------------------------------------------------------- what the page must show


def columns_of(game: Game) -> list[list[str]]:
    """Each column's discs, bottom first, by colour."""
    columns: list[list[str]] = [[] for _ in range(game.width)]
    for ply, column in enumerate(game.move_list):
        columns[column].append("red" if ply % 2 == 0 else "yellow")
    return columns


def shown_columns(shown: dict[str, Any], game: Game) -> list[list[str]]:
    """The discs of the page's board picture, column by column, bottom first."""
    cell = shown["viewWidth"] / game.width
    columns: list[list[tuple[float, str]]] = [[] for _ in range(game.width)]
    for disc in shown["discs"]:
        columns[int(disc["cx"] // cell)].append((-disc["cy"], disc["colour"]))
    return [[colour for _, colour in sorted(column)] for column in columns]


def ordinal(n: int) -> str:
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def winners_moves(score: int, game: Game) -> int:
    """How many moves the winner of ``score`` (for the side to move) still plays, the
    winning one included."""
    last = winning_move(score, game.ply, width=game.width, height=game.height)
    return (last - game.ply + 1) // 2


def expected_values(game: Game, solver: Solver) -> list[dict[str, Any]]:
    """Each column's value as the page must show it, from the solver's scores."""
    scores = solver.analyze(game)
    best = best_columns(scores)
    values = []
    for column, score in enumerate(scores):
        if score is None:
            values.append({"column": column, "result": "full", "in": None, "best": False})
            continue
        assert isinstance(score, int)
        result = "win" if score > 0 else "loss" if score < 0 else "draw"
        moves = None if score == 0 else winners_moves(score, game)
        values.append({"column": column, "result": result, "in": moves, "best": column in best})
    return values


def check_page(page: Page, shown: dict[str, Any], game: Game, solver: Solver) -> None:
    """The page shows ``game``: its discs, record, URL, status and each column's value."""
    assert shown["error"] == ""
    assert shown["record"] == game.moves
    assert len(shown["discs"]) == game.ply
    assert sum(d["colour"] == "red" for d in shown["discs"]) == (game.ply + 1) // 2
    assert shown_columns(shown, game) == columns_of(game)
    assert shown["drops"] == game.width
    url = page.driver.current_url
    assert (f"pos={game.moves}" in url) == bool(game.moves)
    assert ("size=" in url) == ((game.width, game.height) != (7, 6))
    outcome = game.outcome()
    values = shown["values"]
    assert [v["column"] for v in values] == list(range(game.width))
    if outcome is not None:
        winner = outcome.winner
        assert shown["status"].startswith(f"{winner.name.capitalize()} wins" if winner else "Draw")
        assert shown["fours"] == (4 if winner else 0)
        assert all(v["result"] == "" for v in values)
        if winner:
            disc = (game.ply + 1) // 2 if winner.name == "RED" else game.ply // 2
            said = f"{winner.name.capitalize()} won with its {ordinal(disc)} disc, on move {game.ply}."
            assert shown["score"] == said
        return
    assert shown["status"].startswith(f"{game.turn.name.capitalize()} to move")
    assert shown["fours"] == 0
    shown_values = [{k: v[k] for k in ("column", "result", "in", "best")} for v in values]
    assert shown_values == expected_values(game, solver)
    score = max(s for s in solver.analyze(game) if s is not None)
    assert isinstance(score, int)
    words = describe_score(score, game.ply, width=game.width, height=game.height)
    assert shown["score"] == words[0].upper() + words[1:] + "."
    for value in values:
        if value["result"] in SYMBOLS:  # readable without colour: a symbol and a word
            assert SYMBOLS[value["result"]] in value["text"] and value["result"] in value["text"]
            assert (f"in {value['in']}" in value["text"]) == (value["in"] is not None)
            assert ("★" in value["text"]) == value["best"]


def best_move(game: Game, solver: Solver) -> int:
    """A best move, the one that wins fastest."""
    return best_columns(solver.analyze(game))[0]


def play_red_to_a_win(page: Page, solver: Solver, play: Any, *, undo_redo_at: int | None = None) -> Game:
    """Play red's best moves with ``play(column)`` against the engine until the game
    ends, checking the page after each move and reply; at ``undo_redo_at`` discs undo
    and redo by keys on the way."""
    game = Game()
    check_page(page, page.wait_ready(), game, solver)
    while not game.is_over():
        column = best_move(game, solver)
        play(column)
        shown = page.wait_ready()
        record = shown["record"]
        game.play(column)
        assert record.startswith(game.moves)
        # The engine answered, unless red's move ended the game: one move of its own.
        assert len(record) == game.ply + (0 if game.is_over() else 1)
        game = Game(record)
        check_page(page, shown, game, solver)
        if undo_redo_at is not None and game.ply == undo_redo_at and not game.is_over():
            page.press("u")  # your move and the engine's reply taken back
            check_page(page, page.wait_ready(), Game(game.moves[:-2]), solver)
            page.press("r")
            check_page(page, page.wait_ready(), game, solver)
    outcome = game.outcome()
    assert outcome is not None and outcome.winner is not None and outcome.winner.name == "RED"
    return game


# ---------------------------------------------------------------- the tests


def test_a_whole_game_by_clicks_on_the_board(page: Page, solver: Solver) -> None:
    page.open()
    page.choose("level", "2")
    game = play_red_to_a_win(page, solver, lambda column: page.click_column(column, 7))
    shown = page.read()
    assert shown["status"].startswith("Red wins")
    assert shown["fours"] == 4
    # Undo after red's winning move takes back that move only: red is to move again.
    page.element("#undo").click()
    check_page(page, page.wait_ready(), Game(game.moves[:-1]), solver)


def test_each_level_is_offered_with_its_name_and_rating(page: Page) -> None:
    page.open()
    labels = page.driver.execute_script(
        'return [...document.getElementById("level").options].map((option) => option.textContent)'
    )
    expected = [f"{level} · {LEVEL_NAMES[level]} · {RATINGS[level].elo:.0f}" for level in LEVELS[:-1]]
    assert labels == [*expected, f"Perfect · {RATINGS['perfect'].elo:.0f}"]
    assert page.element("#ratings-note").text == "Elo ratings on the 7\u00d76 board (random = 0)"
    page.choose("size-width", "6")  # the ratings were not measured on 6x6
    page.wait_ready()
    assert page.element("#ratings-note").text == "Elo ratings measured on 7\u00d76, not on this board"


def test_a_whole_game_by_keys_with_undo_and_redo(page: Page, solver: Solver) -> None:
    from selenium.webdriver.common.keys import Keys

    page.open()
    page.choose("level", "2")
    page.press("4")
    first = page.wait_until(lambda shown: len(shown["record"]) == 2)
    page.press(Keys.CONTROL + "z")
    check_page(page, page.wait_ready(), Game(), solver)
    page.press(Keys.CONTROL + "y")
    check_page(page, page.wait_ready(), Game(first["record"]), solver)
    page.press("n")
    play_red_to_a_win(page, solver, lambda column: page.press(str(column + 1)), undo_redo_at=4)
    page.press("n")
    check_page(page, page.wait_ready(), Game(), solver)


def test_an_engine_answer_for_a_position_taken_back_is_dropped(page: Page, solver: Solver) -> None:
    page.open()
    page.choose("level", "8")  # thinks for a while on an early position
    page.press("4")
    page.press("u")  # before the engine answers
    check_page(page, page.wait_ready(), Game(), solver)
    time.sleep(1.5)  # its answer, had it not been dropped, would be in by now
    check_page(page, page.wait_ready(), Game(), solver)
    assert page.element("#redo").is_enabled()  # your move can be replayed, then the engine answers
    page.press("r")
    shown = page.wait_until(lambda shown: len(shown["record"]) == 2)
    assert shown["record"][0] == "4"
    check_page(page, shown, Game(shown["record"]), solver)


def test_positions_from_the_url(page: Page, solver: Solver) -> None:
    page.open("?pos=4453")
    shown = page.read()
    assert len(shown["discs"]) == 4 and shown["record"] == "4453"
    check_page(page, shown, Game("4453"), solver)
    assert page.copied("#copy") == "4453"
    assert page.copied("#copy-link") == page.base_url + "?pos=4453"

    page.open("?pos=112233&size=6x5")
    shown = page.read()
    assert shown["drops"] == 6 and len(shown["values"]) == 6
    small = Game("112233", width=6, height=5)
    check_page(page, shown, small, Solver(width=6, height=5))

    page.open("?pos=4a")  # the server's own words, and an empty board
    shown = page.read()
    assert "'4a'" in shown["error"] and "character 2" in shown["error"]
    assert shown["discs"] == [] and shown["record"] == ""
    assert "pos=" not in page.driver.current_url

    page.open("?pos=44&size=3x3")
    shown = page.read()
    assert "not 3 columns and 3 rows" in shown["error"]
    assert shown["discs"] == [] and shown["drops"] == 7


def test_the_analysis_toggle_and_the_best_line(page: Page, solver: Solver) -> None:
    page.open("?pos=44536")
    page.element("#pv-button").click()
    page.wait_ready()
    line = page.element("#pv-moves").text
    game = Game("44536")
    assert int(line[0]) - 1 in best_columns(solver.analyze(game))
    for digit in line:  # best moves to the end: each one is a best move
        assert int(digit) - 1 in best_columns(solver.analyze(game))
        game.play(int(digit) - 1)
    assert game.is_over()

    page.element("#analysis-toggle").click()
    shown = page.wait_ready()
    assert not shown["valuesShown"]
    page.driver.refresh()  # remembered
    shown = page.wait_ready()
    assert not shown["valuesShown"] and shown["record"] == "44536"
    page.element("#analysis-toggle").click()
    check_page(page, page.wait_ready(), Game("44536"), solver)
    # The keys play while the box just clicked has the focus; you took the side to move.
    page.driver.switch_to.active_element.send_keys("1")
    shown = page.wait_ready()
    assert shown["record"].startswith("445361") and len(shown["record"]) == 7
    check_page(page, shown, Game(shown["record"]), solver)


def test_the_columns_past_the_ninth_are_the_keys_a_b_c(page: Page) -> None:
    wide = Solver(width=10, height=4)
    page.open(f"?pos={WIDE}&size=10x4", {"mode": "humans"})
    check_page(page, page.read(), Game(WIDE, width=10, height=4), wide)
    page.element("#pv-button").click()
    page.wait_ready()
    assert page.element("#pv-moves").text == "a"
    assert page.element("#pv li").get_attribute("title") == "Red plays column 10"
    page.press("A")  # upper case too
    check_page(page, page.wait_ready(), Game(WIDE + "a", width=10, height=4), wide)

    page.open("?size=12x4", {"mode": "humans", "analysis": "off"})
    assert page.element("#help-columns").text == "1\u20139, A\u2013C"  # en dashes
    assert page.element("#record").get_attribute("inputmode") == "text"
    for ply, key in enumerate("cbA1"):
        page.press(key)
        shown = page.wait_until(lambda shown, n=ply + 1: len(shown["record"]) == n)
    game = Game("cba1", width=12, height=4)
    assert shown["record"] == "cba1" and shown_columns(shown, game) == columns_of(game)
    assert "pos=cba1&size=12x4" in page.driver.current_url

    page.open("?size=9x4", {"mode": "humans", "analysis": "off"})
    page.press("a")  # no column a on 9 columns: nothing happens
    time.sleep(0.3)
    shown = page.wait_ready()
    assert shown["record"] == "" and shown["error"] == ""
    assert page.element("#help-columns").text == "1\u20139"


def test_the_rows_offered_are_those_the_columns_allow(page: Page) -> None:
    disabled = 'return [...document.querySelectorAll("#size-height option:disabled")].map((o) => o.value)'
    page.open("?size=9x13", {"mode": "humans", "analysis": "off"})
    assert page.driver.execute_script(disabled) == []
    page.choose("size-width", "12")  # 12 x 13 is no board: the rows go down to 9
    shown = page.wait_ready()
    assert (shown["settings"]["size-width"], shown["settings"]["size-height"]) == ("12", "9")
    assert "size=12x9" in page.driver.current_url and shown["error"] == ""
    assert page.driver.execute_script(disabled) == ["10", "11", "12", "13"]
    page.choose("size-width", "10")
    page.choose("size-height", "11")
    shown = page.wait_ready()
    assert "size=10x11" in page.driver.current_url
    assert page.driver.execute_script(disabled) == ["12", "13"]


def test_two_humans_and_the_engines_against_each_other(page: Page, solver: Solver) -> None:
    page.open()
    page.choose("mode", "humans")
    for ply, digit in enumerate("4455667"):  # no engine answers: each key is one move
        page.press(digit)
        check_page(page, page.wait_ready(), Game("4455667"[: ply + 1]), solver)
    page.press("u")  # one move back
    check_page(page, page.wait_ready(), Game("445566"), solver)

    page.element("#new").click()
    check_page(page, page.wait_ready(), Game(), solver)
    page.choose("level", "2")
    page.choose("mode", "watch")  # the engines take over at once, after a pause
    page.choose("level-yellow", "2")
    page.choose("speed", "1000")
    started = page.wait_until(lambda shown: shown["record"] != "", seconds=10, idle=False)
    page.element("#pause").click()  # stoppable
    paused = page.wait_ready()
    assert "paused" in paused["status"] and len(paused["record"]) >= len(started["record"])
    time.sleep(1.2)
    assert page.read()["record"] == paused["record"]
    page.choose("speed", "0")
    page.element("#pause").click()
    end = page.wait_until(lambda shown: Game(shown["record"]).is_over(), seconds=40)
    assert end["record"].startswith(paused["record"])
    check_page(page, end, Game(end["record"]), solver)


# 80 discs on 9x12, column 5 full: solved at once.
TALL = "77159875864935425935227836667499862118919965826554892259248527574876847178549242"
# Red to move with three in column 10 (a), or 9, yellow with three in columns 1 and 2:
# red wins at once there and loses at once anywhere else, on any board with the column.
WIDE, TALL_9 = "a1a1a1424282", "919191325272"


@pytest.mark.parametrize(
    "query",
    ["?pos=4453", f"?pos={TALL}&size=9x12", "?pos=1&size=4x4", f"?pos={WIDE}&size=12x9",
     f"?pos={TALL_9}&size=9x13"],
)
def test_a_phone_screen_needs_no_sideways_scrolling(page: Page, query: str) -> None:
    phone = {"width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True}
    page.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", phone)
    try:
        page.open(query)
        widths = page.driver.execute_script(
            "return [document.documentElement.scrollWidth, innerWidth,"
            " document.querySelector('#board svg').getBoundingClientRect().right,"
            " document.querySelector('#values').getBoundingClientRect().right]"
        )
        scroll_width, inner_width, board_right, values_right = widths
        assert inner_width == 390
        assert scroll_width <= inner_width and board_right <= inner_width and values_right <= inner_width
    finally:
        page.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_a_screenshot_of_a_game_with_its_analysis(page: Page, solver: Solver, tmp_path: Path) -> None:
    width, height = 1280, 860
    page.driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False},
    )
    try:
        page.open("?pos=4453366")
        page.element("#pv-button").click()
        check_page(page, page.wait_ready(), Game("4453366"), solver)
        target = Path(os.environ.get("LINK4_SCREENSHOT") or tmp_path / "page.png")
        target.parent.mkdir(parents=True, exist_ok=True)
        assert page.driver.save_screenshot(str(target))
    finally:
        page.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    data = target.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 10_000
    assert struct.unpack(">II", data[16:24]) == (width, height)
