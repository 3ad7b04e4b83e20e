"""The solver: exact scores against the benchmark corpus, analyze, best moves, limits."""

from __future__ import annotations

import math
import os
import random
import signal
import threading
import time
from collections.abc import Callable

import pytest

import link4
from link4 import Game, Solver, _core
from tests.support.pons import load_pons


def sign(x: int) -> int:
    return (x > 0) - (x < 0)


# -- exact scores against the corpus ---------------------------------------------------

# CI runs the three easy sets in full and samples of the harder ones; the full corpus is
# in the slow tests below and in `link4 bench --full`.
SCORE = _core.SearchRequest()
ALL_BEST = _core.SearchRequest(want=_core.Want.ALL_BEST)
FIRST_BEST = _core.SearchRequest(want=_core.Want.FIRST_BEST)  # in the centre order

CORPUS = [
    ("Test_L3_R1", None),
    ("Test_L2_R1", None),
    ("Test_L1_R1", None),
    ("Test_L2_R2", 150),
    ("Test_L1_R2", 15),
    ("Test_L1_R3", 1),
]


@pytest.mark.parametrize(("file", "limit"), CORPUS)
def test_strong_scores_match_the_corpus(solver: Solver, file: str, limit: int | None) -> None:
    wrong = [(m, s, solver.solve(m)) for m, s in load_pons(file, limit)]
    wrong = [w for w in wrong if w[1] != w[2]]
    assert wrong == []


@pytest.mark.parametrize("file", ["Test_L3_R1", "Test_L2_R1", "Test_L2_R2", "Test_L1_R1", "Test_L1_R2"])
def test_weak_signs_match_the_corpus(solver: Solver, file: str) -> None:
    sample = load_pons(file, 40 if file == "Test_L1_R2" else 300)
    wrong = [(m, s) for m, s in sample if solver.solve(m, weak=True) != sign(s)]
    assert wrong == []


@pytest.mark.slow
@pytest.mark.parametrize("file", ["Test_L3_R1", "Test_L2_R1", "Test_L2_R2", "Test_L1_R1", "Test_L1_R2"])
def test_full_corpus_strong_and_weak(file: str) -> None:
    s = Solver(book=None)
    for moves, score in load_pons(file):
        assert s.solve(moves) == score, moves
        assert s.solve(moves, weak=True) == sign(score), moves


@pytest.mark.slow
def test_begin_hard_first_200() -> None:
    s = Solver(book=None)
    for moves, score in load_pons("Test_L1_R3", 200):
        assert s.solve(moves) == score, moves


@pytest.mark.slow
def test_empty_board_is_a_first_player_win_by_one() -> None:
    assert Solver(book=None).solve("") == 1


@pytest.mark.slow
def test_only_the_centre_wins_as_first_move() -> None:
    assert Solver(book=None).analyze("") == [-2, -1, 0, 1, 0, -1, -2]


# -- the score convention ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("moves", "score"),
    [
        ("445566", 18),  # red wins with its 4th disc at once
        ("4455", 18),    # red plays 3 or 6: two open ends, wins with its 4th disc
        ("44556", -18),  # yellow cannot stop red's 4th disc next move
        ("121212", 18),  # red completes column 1
    ],
)
def test_known_small_scores(solver: Solver, moves: str, score: int) -> None:
    assert solver.solve(moves) == score


def test_score_is_bounded_by_discs_left(solver: Solver) -> None:
    for moves, _ in load_pons("Test_L2_R1", 200):
        n = len(moves)
        score = solver.solve(moves)
        assert -(42 - n) // 2 <= score <= (43 - n) // 2


# -- analyze and best moves ----------------------------------------------------------------


def analyze_sample() -> list[str]:
    # Begin-Easy positions with few discs take seconds to analyze: keep the quick ones.
    begin = [m for m, _ in load_pons("Test_L1_R1", 60) if len(m) >= 10][:15]
    return [m for m, _ in load_pons("Test_L2_R1", 60)] + begin


@pytest.mark.parametrize("moves", analyze_sample())
def test_analyze_is_minus_the_child_scores(solver: Solver, moves: str) -> None:
    g = Game(moves)
    scores = solver.analyze(g)
    assert len(scores) == 7
    for col in range(7):
        if not g.is_legal(col):
            assert scores[col] is None
            continue
        child = g.copy()
        child.play(col)
        if child.outcome() is not None:  # the move ends the game
            expected = 0 if child.outcome().is_draw else (43 - child.ply) // 2  # type: ignore[union-attr]
        else:
            expected = -solver.solve(child)
        assert scores[col] == expected, (moves, col)
    assert max(s for s in scores if s is not None) == solver.solve(g)


def test_analyze_marks_full_columns_none(solver: Solver) -> None:
    scores = solver.analyze("44444422661")
    assert scores[3] is None
    assert all(s is not None for i, s in enumerate(scores) if i != 3)


def test_weak_analyze_gives_signs(solver: Solver) -> None:
    moves = load_pons("Test_L2_R1", 1)[0][0]
    assert solver.analyze(moves, weak=True) == [None if s is None else sign(s) for s in solver.analyze(moves)]


@pytest.mark.parametrize("moves", analyze_sample()[:30])
def test_best_move_is_a_best_column(solver: Solver, moves: str) -> None:
    scores = solver.analyze(moves)
    best = max(s for s in scores if s is not None)
    col = solver.best_move(moves)
    assert scores[col] == best
    ties = [c for c, s in enumerate(scores) if s == best]
    assert abs(col - 3) == min(abs(c - 3) for c in ties)  # ties go to the centre


def test_best_move_with_rng_is_seedable_and_spreads_over_ties(solver: Solver) -> None:
    moves = "1233722555341451114725221333"  # columns 4-7 tie, columns 1-3 are full
    scores = solver.analyze(moves)
    best = max(s for s in scores if s is not None)
    ties = {c for c, s in enumerate(scores) if s == best}
    assert len(ties) > 1
    picks = [solver.best_move(moves, rng=random.Random(seed)) for seed in range(200)]
    assert set(picks) == ties
    # Each of the ties alike (the columns are tried in a random order, the first worth
    # the score is played): 50 each expected here.
    assert all(30 <= picks.count(c) <= 70 for c in ties), sorted(picks.count(c) for c in ties)
    assert picks == [solver.best_move(moves, rng=random.Random(seed)) for seed in range(200)]


@pytest.mark.parametrize("seed", range(4))
def test_first_best_is_the_first_column_of_the_order_worth_the_score(seed: int) -> None:
    # The core's search for one best move: the first column of the given order among
    # the ties that the full search proves. In the tie rule's order it makes the full
    # search's probes up to the first tie, so never more nodes (from a cold table).
    rng = random.Random(seed)
    core = link4._core.Solver(16 << 20)
    for moves, score in load_pons("Test_L2_R2", 160)[seed * 40 : seed * 40 + 40]:
        pos = link4._core.Position.from_moves(moves)
        order = rng.sample(range(7), 7)
        core.clear()
        full = core.search(pos, ALL_BEST)
        core.clear()
        first = core.search(pos, _core.SearchRequest(want=_core.Want.FIRST_BEST, order=order))
        assert first.exact and first.score == full.score == score
        assert first.best_moves == [first.best_move]
        assert first.best_move == next(c for c in order if c in full.best_moves), moves
        core.clear()
        centre = core.search(pos, FIRST_BEST)
        assert centre.best_moves == [full.best_move]
        assert centre.nodes <= full.nodes


def test_first_best_needs_fewer_nodes_where_moves_tie() -> None:
    # Four columns lose alike here: the full search proves all four, the first-best
    # search one of them.
    core = link4._core.Solver(16 << 20)
    pos = link4._core.Position.from_moves("1233722555341451114725221333")
    full = core.search(pos, ALL_BEST)
    assert len(full.best_moves) > 1
    core.clear()
    full = core.search(pos, ALL_BEST)
    core.clear()
    first = core.search(pos, FIRST_BEST)
    assert first.best_move == full.best_move
    assert first.nodes < full.nodes


@pytest.mark.parametrize(
    "order", [[], [0, 1, 2], [0, 0, 1, 2, 3, 4, 5], [1, 2, 3, 4, 5, 6, 7], [-1, 0, 1, 2, 3, 4, 5]]
)
def test_first_best_rejects_an_order_that_is_not_one_of_the_columns(order: list[int]) -> None:
    with pytest.raises(ValueError, match=r"^order out of range: \["):
        _core.SearchRequest(want=_core.Want.FIRST_BEST, order=order)


def test_a_request_looks_for_the_first_best_in_the_centre_order_by_default() -> None:
    # None: the centre order of whichever board is searched (a request knows no board).
    assert _core.SearchRequest().order is None
    assert _core.SearchRequest(order=[6, 5, 4, 3, 2, 1, 0]).order == [6, 5, 4, 3, 2, 1, 0]
    # An order must cover the searched board's columns, no more and no fewer.
    request = _core.SearchRequest(want=_core.Want.FIRST_BEST, order=[4, 3, 2, 1, 0])
    with pytest.raises(ValueError, match="order"):
        _core.Solver(1 << 20).search(_core.Position(), request)
    narrow = _core.Solver(1 << 20, width=5, height=4).search(_core.Position(5, 4), request)
    assert narrow.exact and narrow.best_move in range(5)


def test_search_best_move_is_exact_when_exact(solver: Solver) -> None:
    for moves, score in load_pons("Test_L2_R2", 30):
        r = solver.search(moves)
        assert r.exact and r.score == score
        assert solver.analyze(moves)[r.best_move] == score, moves


def test_a_table_cleared_thousands_of_times_answers_as_a_fresh_one() -> None:
    # A clear starts a new generation of entries; the memory is wiped only when the
    # generation count wraps (every 4,095 clears). Across the wrap, no entry of an earlier
    # generation may pass for a current one: the same search takes the same nodes.
    core = link4._core.Solver(1 << 20)
    hard = link4._core.Position.from_moves("4642332434166445")  # 6,902 nodes, 2 when known
    easy = [link4._core.Position.from_moves(m) for m, _ in load_pons("Test_L3_R1", 20)]
    core.clear()
    fresh = core.search(hard, SCORE)
    for i in range(5000):
        core.clear()
        core.search(easy[i % len(easy)], SCORE)  # entries written in every generation
        if i in (4093, 4094, 4095, 4096, 4999):
            core.clear()
            again = core.search(hard, SCORE)
            assert (again.score, again.nodes) == (fresh.score, fresh.nodes), i


def test_nodes_of_the_last_call(solver: Solver) -> None:
    solver.clear()
    solver.solve("2252576253462244111563365343671351441")
    assert solver.nodes > 0
    n = solver.nodes
    solver.clear()
    solver.solve("2252576253462244111563365343671351441")
    assert solver.nodes == n  # deterministic with a cleared table


# -- limits, bounds, interruption -------------------------------------------------------------


# A Begin-Hard position of 5 discs: the shipped book holds it, so these searches turn the book off.
HARD = load_pons("Test_L1_R3", 1)[0]


@pytest.mark.parametrize("node_limit", [1, 10, 1000, 100_000])
def test_node_limit_gives_true_bounds(node_limit: int) -> None:
    moves, score = HARD
    s = Solver(table_mb=16, book=None)
    r = s.search(moves, node_limit=node_limit)
    assert not r.exact and r.score is None
    assert r.stopped_by == "nodes"
    assert r.lower <= score <= r.upper
    assert r.nodes <= node_limit
    assert 0 <= r.best_move < 7


def test_time_limit_stops_and_bounds_hold() -> None:
    moves, score = HARD
    r = Solver(table_mb=16, book=None).search(moves, time_limit=0.05)
    assert r.stopped_by == "time" and not r.exact
    assert r.lower <= score <= r.upper
    assert r.seconds < 1.0


@pytest.mark.parametrize("limit", [1e300, math.inf, 10**9])
def test_huge_time_limits_are_no_limit(solver: Solver, limit: float) -> None:
    moves, score = load_pons("Test_L2_R1", 1)[0]
    r = solver.search(moves, time_limit=limit, node_limit=2**70)
    assert r.exact and r.score == score and r.lower == r.upper == score and r.stopped_by is None


@pytest.mark.parametrize(
    "kwargs", [{"time_limit": -1}, {"time_limit": math.nan}, {"node_limit": 0}, {"node_limit": -5}]
)
def test_bad_limits_are_refused(solver: Solver, kwargs: dict[str, float]) -> None:
    with pytest.raises(ValueError, match="_limit must be"):
        solver.search("44", **kwargs)  # type: ignore[arg-type]


def test_weak_search_with_limit_bounds_are_signs() -> None:
    moves, score = HARD
    r = Solver(table_mb=16, book=None).search(moves, weak=True, node_limit=5000)
    assert -1 <= r.lower <= sign(score) <= r.upper <= 1


def test_limited_search_leaves_the_table_sound() -> None:
    # An interrupted search stores nothing wrong: the next full solve is still exact.
    s = Solver(table_mb=16)
    for moves, score in load_pons("Test_L2_R2", 20):
        s.search(moves, node_limit=500)
        assert s.solve(moves) == score


@pytest.mark.skipif(os.name != "posix", reason="SIGINT delivery to the own process")
def test_ctrl_c_stops_a_long_search_quickly_and_the_solver_stays_usable() -> None:
    s = Solver(table_mb=16, book=None)
    sent = []

    def interrupt() -> None:
        time.sleep(0.3)
        sent.append(time.perf_counter())
        os.kill(os.getpid(), signal.SIGINT)

    threading.Thread(target=interrupt).start()
    with pytest.raises(KeyboardInterrupt):
        s.solve("")  # minutes of work
    assert time.perf_counter() - sent[0] < 0.2
    moves, score = load_pons("Test_L2_R2", 1)[0]
    assert s.solve(moves) == score


def test_the_gil_is_released_while_searching() -> None:
    s = Solver(table_mb=16, book=None)
    ticks = 0
    done = threading.Event()

    def count() -> None:
        nonlocal ticks
        while not done.is_set():
            ticks += 1
            time.sleep(0.001)

    t = threading.Thread(target=count)
    t.start()
    r = s.search(HARD[0], time_limit=0.3)
    done.set()
    t.join()
    assert r.stopped_by == "time"
    assert ticks > 50  # the other thread ran all along the 0.3 s search


def test_one_solver_refuses_two_threads_at_once() -> None:
    s = Solver(table_mb=16, book=None)
    errors: list[BaseException] = []
    started = threading.Event()

    def long_search() -> None:
        started.set()
        s.search(HARD[0], time_limit=0.5)

    t = threading.Thread(target=long_search)
    t.start()
    started.wait()
    time.sleep(0.1)
    calls: list[Callable[[], object]] = [
        lambda: s.solve("44"),
        lambda: s.search("44"),
        lambda: s.analyze("44"),
        lambda: s.best_move("44"),
        s.clear,
    ]
    for call in calls:
        try:
            call()
        except RuntimeError as e:
            errors.append(e)
    t.join()
    # Every call was refused at once (the search holds the solver for 0.5 s), and the
    # solver is whole afterwards.
    assert [str(e) for e in errors] == ["this Solver is busy in another thread"] * len(calls)
    assert s.solve("4455") == 18


def test_two_solvers_in_two_threads_agree_with_one() -> None:
    sample = load_pons("Test_L2_R2", 40)
    results: dict[int, list[int]] = {}

    def work(k: int) -> None:
        s = Solver(table_mb=16)
        results[k] = [s.solve(m) for m, _ in sample[k::2]]

    threads = [threading.Thread(target=work, args=(k,)) for k in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results[0] == [s for _, s in sample[0::2]]
    assert results[1] == [s for _, s in sample[1::2]]


# -- errors ---------------------------------------------------------------------------------


@pytest.mark.parametrize("method", ["solve", "analyze", "best_move", "search"])
def test_finished_positions_raise_game_over(solver: Solver, method: str) -> None:
    for moves in ["4455667", "663251762525713162144765711243477236343455"]:
        with pytest.raises(link4.GameOverError, match="over"):
            getattr(solver, method)(moves)


@pytest.mark.parametrize("method", ["solve", "analyze", "best_move", "search"])
def test_malformed_and_illegal_positions_raise(solver: Solver, method: str) -> None:
    with pytest.raises(link4.InvalidMoveError):
        getattr(solver, method)("48")
    with pytest.raises(link4.IllegalMoveError):
        getattr(solver, method)("4444444")
    with pytest.raises(TypeError):
        getattr(solver, method)(44)


def test_table_size_is_validated() -> None:
    with pytest.raises(ValueError, match="table_mb"):
        Solver(table_mb=1)
    with pytest.raises(ValueError, match="table_mb"):
        Solver(table_mb=math.nan)
    assert 15 < Solver(table_mb=16).table_mb <= 16


# -- batches -----------------------------------------------------------------------------------


@pytest.mark.parametrize("threads", [1, 2, 3])
def test_solve_many_keeps_order(threads: int) -> None:
    sample = load_pons("Test_L2_R1", 200) + load_pons("Test_L2_R2", 20)
    random.Random(1).shuffle(sample)
    games = [Game(m) if i % 2 else m for i, (m, _) in enumerate(sample)]
    assert link4.solve_many(games, threads=threads, table_mb=8) == [s for _, s in sample]


def test_solve_many_weak_and_empty() -> None:
    sample = load_pons("Test_L2_R1", 50)
    assert link4.solve_many([m for m, _ in sample], weak=True, threads=2, table_mb=8) == [
        sign(s) for _, s in sample
    ]
    assert link4.solve_many([], threads=4) == []


def test_solve_many_checks_every_position_first() -> None:
    with pytest.raises(link4.GameOverError, match="position 1"):
        link4.solve_many(["44", "4455667"], table_mb=8)
    with pytest.raises(link4.InvalidMoveError):
        link4.solve_many(["44", "x"], table_mb=8)
    with pytest.raises(ValueError, match="threads"):
        link4.solve_many(["44"], threads=0, table_mb=8)


def test_module_level_solve() -> None:
    assert link4.solve("445566") == 18
    moves, score = load_pons("Test_L2_R1", 1)[0]
    assert link4.solve(Game(moves)) == score
