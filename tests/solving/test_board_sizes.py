"""The engine facade on boards of every size: Solver, the batches, books and the levels."""

from __future__ import annotations

import random

import pytest

import link4
from link4 import BoardSizeError, Book, Game, SizeMismatchError, Solver
from link4.bench import BoardResult
from link4.book import canonical_key
from link4.players import LEVELS
from tests.support.published_sizes import small


@pytest.mark.parametrize(("width", "height", "winner", "last"), small(cells=30))
def test_the_empty_board_as_published(width: int, height: int, winner: str, last: int) -> None:
    score = Solver(table_mb=16).solve(Game(width=width, height=height))
    result = BoardResult(width, height, score, 0, 0.0)
    assert (result.outcome, result.last_move) == (winner, last)


def test_one_solver_follows_the_size_of_each_game() -> None:
    solver = Solver(table_mb=16)
    assert (solver.width, solver.height) == (7, 6)
    assert solver.solve(Game("112233", width=6, height=5)) == 12  # red's 4th disc: 1 + (30 - 7) // 2
    assert (solver.width, solver.height) == (6, 5)
    assert solver.table_mb == 16
    assert solver.solve("4455") == 18  # a move string is the 7x6 board
    assert (solver.width, solver.height) == (7, 6)
    assert "width" not in repr(solver)
    solver.solve(Game(width=5, height=4))
    assert repr(solver) == "Solver(table_mb=16, book=" + repr(solver.book) + ", width=5, height=4)"


def test_a_solver_made_for_a_size() -> None:
    solver = Solver(table_mb=8, book=None, width=9, height=12)
    assert (solver.width, solver.height) == (9, 12)
    # Red to move wins at once in column 1 with its 4th disc (move 7).
    assert solver.solve(Game("121212", width=9, height=12)) == 1 + (108 - 7) // 2
    with pytest.raises(BoardSizeError):
        Solver(table_mb=8, width=12, height=10)
    with pytest.raises(BoardSizeError):
        Solver(table_mb=8, width=7, height=3)


def test_analyze_has_one_value_per_column_of_the_board() -> None:
    solver = Solver(table_mb=16)
    game = Game("1111", width=5, height=4)  # column 1 full
    values = solver.analyze(game)
    assert len(values) == 5 and values[0] is None
    for col in range(1, 5):
        child = game.copy()
        child.play(col)
        assert values[col] == -solver.solve(child)
    assert max(v for v in values if v is not None) == solver.solve(game)


def test_search_best_move_and_pv_at_another_width() -> None:
    solver = Solver(table_mb=16)
    # 8x5, red to move with three in a row on the bottom, open at both ends.
    game = Game("223344", width=8, height=5)
    r = solver.search(game)
    assert r.exact and r.score == 1 + (40 - 7) // 2
    assert r.best_moves == (4, 0)  # centre-most first
    assert solver.best_move(game) == 4
    rng = random.Random(3)
    assert {solver.best_move(game, rng=rng) for _ in range(30)} == {0, 4}
    line = solver.pv(game)
    assert len(line) == 1 and line[0] in (0, 4)


def test_the_shipped_book_serves_only_the_standard_board() -> None:
    solver = Solver(table_mb=16)  # the shipped book
    if solver.book is None:
        pytest.skip("no shipped book in this build")
    assert solver.solve(Game(width=4, height=4)) == 0  # searched: no book of 4x4
    assert solver.nodes > 0
    assert solver.solve("") == 1  # the book's: red wins with its 21st disc
    assert solver.nodes < 100


@pytest.fixture(scope="module")
def book_5x4() -> Book:
    """Every position of the 5x4 board with up to 3 discs, solved."""
    solver = Solver(table_mb=16, book=None)
    entries = {}
    for ply in range(4):  # (no column fills and nobody wins within 3 discs)
        for moves in _all_moves(ply, 5):
            game = Game(moves, width=5, height=4)
            entries[canonical_key(game)] = solver.solve(game)
    return Book.from_entries(entries, depth=3, width=5, height=4)


def _all_moves(ply: int, width: int) -> list[str]:
    words = [""]
    for _ in range(ply):
        words = [w + str(c) for w in words for c in range(1, width + 1)]
    return words


def test_a_book_records_its_size(book_5x4: Book) -> None:
    assert (book_5x4.width, book_5x4.height) == (5, 4)
    assert repr(book_5x4).endswith("depth 3, 5x4>")
    assert Book.from_bytes(book_5x4.to_bytes()).width == 5
    assert book_5x4.get(Game("3", width=5, height=4)) == -Solver(book=None).solve(
        Game("3", width=5, height=4)
    )
    assert Game("3", width=5, height=4) in book_5x4
    assert "4" not in book_5x4  # a 7x6 position: not of this book


def test_a_given_book_is_for_its_size_only(book_5x4: Book) -> None:
    solver = Solver(table_mb=8, book=book_5x4)
    assert (solver.width, solver.height) == (5, 4)  # the book's board
    assert solver.solve(Game("33", width=5, height=4)) == book_5x4.get(Game("33", width=5, height=4))
    with pytest.raises(SizeMismatchError):
        solver.solve("44")
    with pytest.raises(SizeMismatchError):
        solver.analyze(Game(width=6, height=4))
    with pytest.raises(SizeMismatchError):
        Solver(table_mb=8, book=book_5x4, width=7, height=6)
    # Still usable on its own board after the refusals.
    assert solver.solve(Game(width=5, height=4)) == 0


def test_a_batch_of_several_sizes_comes_back_in_order() -> None:
    games: list[Game | str] = [
        Game("112233", width=6, height=5),
        "4455",
        Game(width=4, height=4),
        Game("3", width=5, height=4),
        "44",
    ]
    seen: list[tuple[int, int]] = []
    results = link4.search_many(games, threads=2, table_mb=4, progress=lambda d, t: seen.append((d, t)))
    solver = Solver(table_mb=16)
    assert [r.score for r in results if r is not None] == [solver.solve(g) for g in games]
    assert seen[-1] == (5, 5) and all(t == 5 for _, t in seen)
    assert link4.solve_many(games, threads=2, table_mb=4) == [solver.solve(g) for g in games]
    analysed = link4.analyze_many(games, threads=2, table_mb=4)
    assert [len(a) for a in analysed if a is not None] == [6, 7, 4, 5, 7]


def test_a_batch_with_a_book_of_another_size_is_refused_before_any_work(book_5x4: Book) -> None:
    calls: list[int] = []
    with pytest.raises(SizeMismatchError):
        link4.search_many(
            [Game("3", width=5, height=4), "44"], book=book_5x4, table_mb=4,
            progress=lambda d, t: calls.append(d),
        )
    assert calls == []
    assert link4.solve_many([Game("33", width=5, height=4)], book=book_5x4, table_mb=4) == [
        book_5x4.get(Game("33", width=5, height=4))
    ]


@pytest.mark.parametrize(
    ("level", "width", "height"),
    [
        # Level 8 on 9x12 is long under the sanitizers, and its code is that of the others.
        pytest.param(level, w, h, marks=[pytest.mark.heavy] if (level, w, h) == ("8", 9, 12) else [])
        for level in LEVELS[:-1]
        for w, h in [(4, 4), (9, 12), (8, 7), (5, 8)]
    ],
)
def test_every_level_plays_every_board(width: int, height: int, level: str) -> None:
    engine = link4.Engine(level, seed=1)
    game = Game(width=width, height=height)
    while game.ply < 3:
        col = engine.choose(game)
        assert 0 <= col < width and game.is_legal(col)
        game.play(col)


@pytest.mark.parametrize(("width", "height"), [(4, 4), (5, 4)])
def test_perfect_play_holds_the_draw_on_small_boards(width: int, height: int) -> None:
    engine = link4.Engine("perfect", seed=2)
    game = Game(width=width, height=height)
    while not game.is_over():
        game.play(engine.choose(game))
    outcome = game.outcome()
    assert outcome is not None and outcome.is_draw
