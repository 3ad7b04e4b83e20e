"""link4.review: every mark, best column and only move checked against Solver.analyze."""

from __future__ import annotations

import json
import random

import pytest

import link4
from link4.marks import Value, decided_mark, decided_only_move, mark
from tests.support.review_games import played_game, small_games

RANK = {"loss": 0, "draw": 1, "win": 2}


def _outcome(score: int) -> str:
    return "win" if score > 0 else "loss" if score < 0 else "draw"


def _expected_mark(v: int, m: int) -> str:
    """The issue's table, written from outcomes ranked rather than from signs."""
    drop = RANK[_outcome(v)] - RANK[_outcome(m)]
    if drop == 0:
        return "best" if m == v else "inaccuracy"
    return "mistake" if drop == 1 else "blunder"


def _check_against_solver(review: link4.Review, checker: link4.Solver) -> int:
    """Every move of ``review`` recomputed from the checker's analyses; the moves checked."""
    game = review.game
    assert len(review.moves) == game.ply and review.complete
    for move in review.moves:
        before = link4.Game(game.moves[: move.ply], width=game.width, height=game.height)
        values = checker.analyze(before)
        scores = [s for s in values if s is not None]
        v, m = max(scores), values[move.column]
        assert m is not None
        assert (move.value.score, move.played.score) == (v, m)
        assert move.mark == _expected_mark(v, m), (game.moves, move.ply)
        assert move.best == tuple(c for c, s in enumerate(values) if s == v)
        keeping = [c for c, s in enumerate(values) if s is not None and _outcome(s) == _outcome(v)]
        assert move.only_move == (len(keeping) == 1)
        assert move.kept == (_outcome(m) == _outcome(v))
    return len(review.moves)


def _check_summaries(review: link4.Review) -> None:
    for player, side in review.sides.items():
        own = [m for m in review.moves if m.mover is player]
        assert side.moves == len(own)
        assert side.marks["best"] == sum(m.value == m.played for m in own)
        assert sum(side.marks.values()) == len(own) and side.unmarked == 0
        if own:
            assert side.accuracy == side.marks["best"] / len(own)
    changed = [m.ply for m in review.moves if _outcome(m.value.lower) != _outcome(m.played.lower)]
    assert [t.ply for t in review.turning_points] == changed
    # The series: the start, then each move's value, from red's view.
    series = review.series
    assert len(series) == len(review.pos) + 1
    for m in review.moves:
        sign = 1 if m.mover is link4.RED else -1
        after = series[m.ply + 1]
        assert after is not None and after.score == sign * m.played.lower
    if review.moves:
        first = review.moves[0]
        assert series[0] is not None and series[0].score == first.value.lower


def test_every_mark_of_200_reviewed_games_is_the_exact_one() -> None:
    checked = 0
    games = small_games(195) + [played_game(i, 7, 6) for i in range(5)]
    # One reviewer and one checker per board (a solver's table serves one size), each
    # with its own table: the checker's answers owe nothing to the reviewer's.
    reviewers: dict[tuple[int, int], link4.Solver] = {}
    checkers: dict[tuple[int, int], link4.Solver] = {}
    for game in games:
        board = (game.width, game.height)
        if board not in reviewers:
            reviewers[board] = link4.Solver(table_mb=8, threads=2, width=game.width, height=game.height)
            checkers[board] = link4.Solver(table_mb=8, width=game.width, height=game.height)
        review = link4.review(game, solver=reviewers[board])
        checked += _check_against_solver(review, checkers[board])
        _check_summaries(review)
    assert checked > 3000


def test_a_review_reads_back_from_its_json_document() -> None:
    for game in small_games(12, offset=300):
        review = link4.review(game, threads=1)
        doc = json.loads(json.dumps(review.to_dict()))
        again = link4.Review.from_dict(doc)
        assert again == review and again.to_dict() == doc
    with pytest.raises(ValueError, match="not a review's document: KeyError"):
        link4.Review.from_dict({"pos": "11"})
    good = link4.review(link4.Game("1234", width=4, height=4), threads=1).to_dict()
    for change, message in [
        ({"pos": "1239"}, "InvalidMoveError"),
        ({"width": 5}, "move 1 has 4 columns, the board 5"),
        ({"moves": [{**good["moves"][0], "column": 2}]}, "move 1 is not column 3 of the game '1234'"),
        ({"moves": [{**good["moves"][0], "ply": 9}]}, "move 10 is not column 1"),
        ({"moves": [{**good["moves"][0], "columns": [[1, 0]] * 4}]}, "lower bound is above its upper"),
    ]:
        with pytest.raises(ValueError, match=message):
            link4.Review.from_dict({**good, **change})


def test_the_document_says_each_move_in_words_never_as_a_bare_score() -> None:
    doc = link4.review(link4.Game("4444332", width=5, height=4), threads=1).to_dict()
    third = doc["moves"][2]
    assert third["mark"] == "mistake" and third["symbol"] == "?" and third["mover"] == "red"
    assert third["value"]["words"] == "draw with best play"
    assert third["played"]["words"] == "yellow wins with its 10th disc (in 9 moves)"
    assert doc["turning_points"][0]["words"].startswith("red's 2nd move (column 4) gave away the draw")
    assert doc["sides"]["red"]["marks"] == {"best": 3, "inaccuracy": 0, "mistake": 1, "blunder": 0}
    assert doc["view"] == "red" and len(doc["series"]) == 8


def test_a_limit_leaves_bounds_and_never_a_wrong_mark() -> None:
    undecided = 0
    for index, (width, height) in enumerate([(6, 5), (6, 5), (7, 6), (7, 6)]):
        game = played_game(400 + index, width, height)
        cut = link4.Solver(table_mb=16, book=None, width=width, height=height)
        review = link4.review(game, solver=cut, limit=link4.Limit(node_limit=20_000))
        exact = link4.review(game, solver=link4.Solver(table_mb=16, width=width, height=height))
        for bounded, truth in zip(review.moves, exact.moves, strict=True):
            for b, t in zip(bounded.columns, truth.columns, strict=True):
                assert (b is None) == (t is None)
                if b is not None and t is not None:
                    assert b.lower <= t.lower <= b.upper
            assert bounded.mark in (None, truth.mark)
            assert bounded.only_move in (None, truth.only_move)
            assert set(bounded.best) <= set(truth.best)
            undecided += bounded.mark is None
    assert undecided > 0  # the limit did cut some searches short


def test_decided_marks_hold_for_every_value_within_the_bounds() -> None:
    rng = random.Random(5)
    for _ in range(3000):
        vl, vu = sorted(rng.randint(-6, 6) for _ in range(2))
        ml, mu = sorted(rng.randint(-6, 6) for _ in range(2))
        if ml > vu:
            continue
        decided = decided_mark(Value(vl, vu), Value(ml, mu))
        possible = {mark(v, m) for v in range(vl, vu + 1) for m in range(ml, mu + 1) if m <= v}
        assert decided == (possible.pop() if len(possible) == 1 else None)
    assert decided_only_move(Value(1, 1), [Value(1, 1), Value(-1, 2)]) is None
    assert decided_only_move(Value(1, 1), [Value(1, 1), Value(-1, 0), None]) is True
    with pytest.raises(ValueError, match="no column beats the position"):
        mark(0, 3)


def test_progress_and_ctrl_c_give_what_is_done() -> None:
    game = played_game(7, 5, 5)
    calls: list[tuple[int, int]] = []
    link4.review(game, threads=1, progress=lambda done, total: calls.append((done, total)))
    assert calls == [(i, game.ply) for i in range(1, game.ply + 1)]

    def stop_after_three(done: int, total: int) -> None:
        if done == 3:
            raise KeyboardInterrupt

    with pytest.raises(link4.ReviewInterrupted) as stopped:
        link4.review(game, threads=1, progress=stop_after_three)
    partial = stopped.value.review
    assert isinstance(stopped.value, KeyboardInterrupt) and isinstance(stopped.value, link4.Interrupted)
    assert not partial.complete
    assert [m.ply for m in partial.moves] == [game.ply - 3, game.ply - 2, game.ply - 1]
    assert str(stopped.value) == f"review interrupted after 3 of {game.ply} moves"
    assert stopped.value.results[-1] == partial.moves[-1] and stopped.value.results[0] is None
    assert partial.series[0] is None and partial.series[-1] is not None


def test_games_over_or_empty_and_bad_arguments() -> None:
    empty = link4.review(link4.Game(width=4, height=4), threads=1)
    assert empty.moves == () and empty.series == [None] and empty.sides[link4.RED].accuracy is None
    won = link4.review("4455667", threads=1)
    assert won.moves[-1].mark == "best" and won.to_dict()["result"] == "red wins with its 4th disc"
    with pytest.raises(ValueError, match="threads is for the review's own solver"):
        link4.review("44", threads=2, solver=link4.Solver(table_mb=4))
    with pytest.raises(TypeError, match=r"limit must be a link4\.Limit"):
        link4.review("44", limit=5)  # type: ignore[arg-type]
    with pytest.raises(link4.IllegalMoveError):
        link4.review("1111111")
    with pytest.raises(link4.SizeMismatchError):
        link4.review(link4.Game("11", width=5, height=4), solver=link4.Solver(table_mb=4, width=6, height=5))
