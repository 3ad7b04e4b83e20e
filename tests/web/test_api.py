"""The HTTP API of `link4 serve` against a real server: /solve answers as the gamesolver
endpoint does and equals Solver.analyze; /api/analyze, /api/move, /api/game and
/api/info say what they document; the limits answer 503, never a guess."""

from __future__ import annotations

import json
import random
import re
import threading
import time
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from link4 import Game, Solver
from link4.ratings import RATINGS
from link4.wording import describe_score
from tests.support.pons import load_pons
from tests.support.web_server import ServerProcess, needs_web, started_server

needs_web()


@pytest.fixture(scope="module")
def server() -> Iterator[ServerProcess]:
    # A limit no test position comes near: every answer here is exact.
    with started_server("--threads", "2", "--time-limit", "120") as running:
        yield running


def random_running_game(rng: random.Random, width: int = 7, height: int = 6) -> Game:
    """A game of random moves, 0 to all but one cell, that is not over."""
    while True:
        game = Game(width=width, height=height)
        for _ in range(rng.randrange(width * height)):
            if game.is_over():
                break
            game.play(rng.choice(game.legal_moves()))
        if not game.is_over():
            return game


def expected_solve(solver: Solver, moves: str) -> dict[str, object]:
    """What /solve must answer: analyze's scores, 100 for a full column."""
    return {"pos": moves, "score": [100 if s is None else s for s in solver.analyze(moves)]}


def check_solve_answers(server: ServerProcess, positions: list[str]) -> None:
    """Every position's /solve answer equals Solver.analyze (the server's searches and
    the test's run side by side)."""
    solver = Solver()
    with ThreadPoolExecutor(2) as pool:
        answers = pool.map(lambda moves: server.get(f"/solve?pos={moves}"), positions)
        for moves, (status, answer) in zip(positions, answers, strict=True):
            assert status == 200, answer
            assert answer == expected_solve(solver, moves)


@pytest.mark.heavy  # the server's answers are the calls the other tests check
def test_solve_equals_analyze_on_1000_random_positions(server: ServerProcess) -> None:
    rng = random.Random(20261203)
    positions: dict[str, None] = {}
    while len(positions) < 1000:
        positions[random_running_game(rng).moves] = None
    assert max(map(len, positions)) > 35
    check_solve_answers(server, list(positions))


@pytest.mark.parametrize(
    "name", ["Test_L3_R1", "Test_L2_R1", pytest.param("Test_L1_R1", marks=pytest.mark.heavy)]
)
def test_solve_equals_analyze_on_the_benchmark_set(server: ServerProcess, name: str) -> None:
    """End-Easy, Middle-Easy and Begin-Easy, all 1000 positions of each; the best
    column's score is the set's own score."""
    positions = load_pons(name)
    check_solve_answers(server, [moves for moves, _ in positions])
    for moves, score in positions[:50]:
        assert max(s for s in server.get(f"/solve?pos={moves}")[1]["score"] if s != 100) == score


def gamesolver_bot(host: str, moves: str) -> str:
    """A bot written against connect4.gamesolver.org: it asks /solve and plays the
    column of the highest score (the first of equals), as bots in the wild do."""
    with urllib.request.urlopen(f"{host}/solve?pos={moves}") as answer:
        scores = json.load(answer)["score"]
    best = max(score for score in scores if score != 100)
    return str(scores.index(best) + 1)


@pytest.mark.parametrize(("bot_plays", "level"), [("red", "7"), ("yellow", "2")])
def test_a_gamesolver_bot_plays_a_whole_game_against_the_server(
    server: ServerProcess, bot_plays: str, level: str
) -> None:
    """The bot changes only the host; the server's engine plays the other side. Red wins
    with perfect play; against level 2, yellow's perfect play wins too."""
    host = server.url.rstrip("/")
    game = Game()
    while not game.is_over():
        if str(game.turn) == bot_plays:
            move = gamesolver_bot(host, game.moves)
        else:
            status, answer = server.get(f"/api/move?pos={game.moves}&level={level}&seed=7")
            assert status == 200 and answer["pos_after"] == game.moves + answer["move"]
            move = answer["move"]
        game.play(int(move) - 1)
    outcome = game.outcome()
    assert outcome is not None and str(outcome.winner) == bot_plays
    if bot_plays == "red":  # perfect play wins with red's 21st disc at the latest
        assert len(game.moves) <= 41


def test_solve_answers_100_for_full_columns(server: ServerProcess) -> None:
    moves = "444444"
    status, answer = server.get(f"/solve?pos={moves}")
    assert status == 200 and answer["score"][3] == 100
    assert answer == expected_solve(Solver(), moves)


def test_analyze_gives_scores_words_best_columns_and_the_best_line(server: ServerProcess) -> None:
    status, answer = server.get("/api/analyze?pos=4453&pv=1")
    assert status == 200
    scores = Solver().analyze("4453")
    assert [c and c["score"] for c in answer["columns"]] == scores
    best = max(s for s in scores if s is not None)
    assert answer["exact"] and answer["score"] == answer["lower"] == answer["upper"] == best
    assert answer["best"] == [col for col, s in enumerate(scores) if s == best]
    assert answer["words"] == describe_score(best, 4)
    assert answer["to_move"] == "red" and (answer["width"], answer["height"]) == (7, 6)
    column = answer["columns"][2]
    assert column["move"] == "3" and column["result"] == ("win" if scores[2] > 0 else "loss")
    # The best line is a whole game of best moves: replayed, every move keeps the score.
    line = Game("4453" + answer["pv"])
    assert answer["pv_complete"] and line.is_over()
    assert int(answer["pv"][0]) - 1 in answer["best"]


def test_analyze_in_moves_counts_the_winners_moves(server: ServerProcess) -> None:
    # Red to move plays column 3 (or 6) and wins with its next disc, its 4th (score 18):
    # two moves of red's, this one included.
    answer = server.get("/api/analyze?pos=4455")[1]
    win = answer["columns"][2]
    assert (win["score"], win["result"], win["in"]) == (18, "win", 2)
    assert win["words"] == "you win with your 4th disc (in 2 moves)"
    # Elsewhere yellow wins: yellow then needs at least 2 moves.
    loss = answer["columns"][0]
    assert loss["result"] == "loss" and loss["in"] >= 2


def test_weak_analysis_gives_only_outcomes(server: ServerProcess) -> None:
    answer = server.get("/api/analyze?pos=4453&weak=1")[1]
    signs = Solver().analyze("4453", weak=True)
    assert answer["weak"] and [c and c["score"] for c in answer["columns"]] == signs
    assert all(c["in"] is None for c in answer["columns"] if c)


def test_move_levels_and_seeds(server: ServerProcess) -> None:
    first = server.get("/api/move?pos=4453&level=5&seed=11")[1]
    assert first == server.get("/api/move?pos=4453&level=5&seed=11")[1]
    assert first["level"] == "5" and first["move"] == str(first["column"] + 1)
    perfect = server.get("/api/move?pos=4455&level=perfect")[1]
    assert perfect["column"] in (2, 5)  # the winning columns


def test_game_describes_the_position_and_its_end(server: ServerProcess) -> None:
    running = server.get("/api/game?pos=4453")[1]
    assert running["to_move"] == "red" and running["legal"] == list(range(7))
    assert not running["over"] and running["outcome"] is None
    assert running["svg"].startswith("<svg") and running["svg"].count('class="disc ') == 4
    won = server.get("/api/game?pos=4455667")[1]
    assert won["over"] and won["to_move"] is None and won["legal"] == []
    assert won["outcome"] == {
        "result": "red wins",
        "winner": "red",
        "line": [[3, 0], [4, 0], [5, 0], [6, 0]],
    }
    assert won["svg"].count('class="four"') == 4


def test_other_board_sizes(server: ServerProcess) -> None:
    game = server.get("/api/game?pos=112233&size=6x5")[1]
    assert (game["width"], game["height"], game["legal"]) == (6, 5, list(range(6)))
    answer = server.get("/api/analyze?pos=112233&size=6x5")[1]
    scores = Solver().analyze(Game("112233", width=6, height=5))
    assert [c and c["score"] for c in answer["columns"]] == scores
    status, error = server.get("/api/analyze?pos=8&size=7x6")
    assert status == 400 and "digits 1 to 7" in error["error"]


# Red to move on 10x6 with three in column 10 (a), yellow with three in columns 1 and 2:
# a wins at once (move 13: 1 + (60 - 13) // 2 = 24); anything else loses on move 14.
WIDE = "a1a1a1424282"


def test_a_10x6_position_with_letters(server: ServerProcess) -> None:
    status, game = server.get(f"/api/game?pos={WIDE.upper()}&size=10x6")
    assert status == 200, game
    assert (game["pos"], game["width"], game["height"]) == (WIDE, 10, 6)
    assert game["legal"] == list(range(10)) and game["svg"].count('class="coordinate"') == 10
    status, answer = server.get(f"/api/analyze?pos={WIDE}&size=10x6")
    assert status == 200, answer
    assert (answer["score"], answer["best"]) == (24, [9])
    assert [c["move"] for c in answer["columns"]] == list("123456789a")
    assert [c["score"] for c in answer["columns"]] == [-24] * 9 + [24]
    assert server.get(f"/solve?pos={WIDE}&size=10x6") == (200, {"pos": WIDE, "score": [-24] * 9 + [24]})
    status, move = server.get(f"/api/move?pos={WIDE}&size=10x6&level=3")
    assert (status, move["column"], move["move"], move["pos_after"]) == (200, 9, "a", WIDE + "a")


@pytest.mark.parametrize(("width", "height"), [(12, 10), (10, 12)])
def test_a_size_in_range_past_128_cells_is_a_400(server: ServerProcess, width: int, height: int) -> None:
    words = f"is at most 128 (12x9, 11x10, 10x11, 9x13...), not {width} columns and {height} rows"
    for endpoint in ("/api/game", "/api/analyze", "/solve"):
        status, answer = server.get(f"{endpoint}?pos=1a&size={width}x{height}")
        assert status == 400 and answer["error"].endswith(words), answer


def test_info_lists_levels_sizes_and_the_limit(server: ServerProcess) -> None:
    info = server.get("/api/info")[1]
    assert info["levels"] == ["1", "2", "3", "4", "5", "6", "7", "8", "perfect"]
    assert info["default_level"] == "5" and info["level_names"]["5"] == "club player"
    assert info["ratings_board"] == [7, 6] and info["ratings_anchor"] == "random"
    assert info["ratings"] == {
        level: {"elo": RATINGS[level].elo, "low": RATINGS[level].low, "high": RATINGS[level].high}
        for level in info["levels"]
    }
    assert (info["widths"], info["heights"], info["time_limit"]) == ([4, 12], [4, 13], 120)
    # Not every width goes with every height: the sizes say which do.
    sizes = [tuple(size) for size in info["sizes"]]
    assert len(sizes) == 81 and (12, 9) in sizes and (9, 13) in sizes and (12, 10) not in sizes
    assert max(h for w, h in sizes if w == 10) == 11 and max(h for w, h in sizes if w == 11) == 10
    assert info["move_characters"] == "123456789abc"


def test_a_finished_game_is_said_to_be_over(server: ServerProcess) -> None:
    for endpoint in ("/solve?", "/api/analyze?", "/api/move?level=1&"):
        status, answer = server.get(f"{endpoint}pos=4455667")
        assert status == 400 and "the game is over (red wins" in answer["error"]


def test_a_search_cut_short_is_a_503_never_a_guess() -> None:
    # No book and 50 ms: the empty board cannot be solved in time.
    with started_server("--book", "none", "--time-limit", "0.05", "--threads", "1") as server:
        status, answer = server.get("/solve?pos=")
        assert status == 503 and "did not finish within the time limit (0.05 s)" in answer["error"]
        status, answer = server.get("/api/analyze?pos=")
        assert status == 200 and not answer["exact"] and answer["score"] is None
        assert all(c["lower"] <= c["upper"] for c in answer["columns"])
        # A request asks for less time, never more.
        status, answer = server.get("/api/analyze?pos=&time_limit=1000")
        assert status == 200 and answer["seconds"] < 5


def test_searches_beyond_the_slots_wait_then_get_a_503() -> None:
    with started_server("--book", "none", "--time-limit", "4", "--threads", "1") as server:
        answers: list[tuple[int, object]] = []
        long_search = threading.Thread(target=lambda: answers.append(server.get("/solve?pos=")))
        long_search.start()
        time.sleep(0.5)  # it holds the one solver by now
        *busy, headers = server.fetch("/api/analyze?pos=4")  # waits 2 s, then gives up
        assert headers["retry-after"] == "1"
        long_search.join()
        assert busy[0] == 503 and "busy" in busy[1]["error"]
        assert answers[0][0] == 503  # the empty board without book: cut short at 4 s
        assert server.get("/api/game?pos=4")[0] == 200  # no search: never queued


def test_the_guides_curl_examples_answer_what_it_shows(server: ServerProcess) -> None:
    guide = Path(__file__).resolve().parents[2] / "docs" / "guides" / "browser.md"
    if not guide.is_file():
        pytest.skip("docs/ is not beside the tests (a copy of the tests alone)")
    text = guide.read_text(encoding="utf-8")
    shown = re.findall(r"^curl '(http://127\.0\.0\.1:8000/[^']*)'\n# (\{.*\})$", text, re.M)
    complete = [(url, json.loads(answer)) for url, answer in shown if "..." not in answer]
    assert len(complete) >= 3
    for url, answer in complete:
        target = url.removeprefix("http://127.0.0.1:8000/")
        assert server.get(target)[1] == answer, url
