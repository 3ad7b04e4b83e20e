"""A board named by the caller, at every entry point that takes a position.

Where a board is named (``width=`` and ``height=``, or a Solver made for one), a move
string is read on that board and a Game of another size is a SizeMismatchError; where
none is, a move string is a 7x6 position and a Game carries its own size. One table
lists every entry point, and each test walks it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import pytest

import link4
from link4 import BoardSizeError, Book, Engine, Game, SizeMismatchError, Solver, svg
from link4.analysis import analysis
from link4.batch import measure_many
from link4.book import canonical_key

# A position whose answers differ on the two boards: on 6x5 red's one best move is
# column 4 (score 1), on 7x6 column 3 (score 4); short enough for 7x6 to be quick.
MOVES = "2355323365"
SIX_BY_FIVE: dict[str, Any] = {"width": 6, "height": 5}
SMALL = 4  # MB: every table here is of the smallest size


@functools.cache
def _book_6x5() -> Book:
    """A 6x5 book holding the position alone (its score as the solver gives it)."""
    game = Game(MOVES, width=6, height=5)
    score = Solver(table_mb=SMALL, book=None).solve(game)
    return Book.from_entries({canonical_key(game): score}, depth=len(MOVES), width=6, height=5)


def _document(pos: Any, **board: Any) -> Any:
    doc = analysis(pos, Solver(table_mb=SMALL, **board))
    return {k: v for k, v in doc.items() if k != "seconds"}  # the one figure that varies


def _openspiel_board(pos: Any, **board: Any) -> str:
    state_of = pytest.importorskip("link4.openspiel").state_of
    return str(state_of(pos, **board))  # OpenSpiel's drawing of the board


def _searched(result: link4.SearchResult | None) -> Any:
    assert result is not None
    return result.score, result.best_moves, result.nodes


# Every entry point that takes a position: called with the position and the board, if
# one is named, in the way that entry point names it.
ENTRY_POINTS: dict[str, Callable[..., Any]] = {
    "Solver.solve": lambda pos, **board: Solver(table_mb=SMALL, **board).solve(pos),
    "Solver.search": lambda pos, **board: _searched(Solver(table_mb=SMALL, **board).search(pos)),
    "Solver.best_move": lambda pos, **board: Solver(table_mb=SMALL, **board).best_move(pos),
    "Solver.pv": lambda pos, **board: Solver(table_mb=SMALL, **board).pv(pos),
    "Solver.analyze": lambda pos, **board: Solver(table_mb=SMALL, **board).analyze(pos),
    "solve": lambda pos, **board: link4.solve(pos, **board),
    "solve_many": lambda pos, **board: link4.solve_many([pos], threads=1, table_mb=SMALL, **board),
    "search_many": lambda pos, **board: [
        _searched(r) for r in link4.search_many([pos], threads=1, table_mb=SMALL, **board)
    ],
    "analyze_many": lambda pos, **board: link4.analyze_many([pos], threads=1, table_mb=SMALL, **board),
    "measure_many": lambda pos, **board: [
        (m.value, m.nodes) for m in measure_many([pos], threads=1, table_mb=SMALL, **board) if m
    ],
    "perft": lambda pos, **board: link4.perft(pos, 3, **board),
    "canonical_key": lambda pos, **board: canonical_key(pos, **board),
    "Book.get": lambda pos, **board: _book_6x5().get(pos, **board),
    "Engine.choose": lambda pos, **board: Engine("perfect", seed=1, **board).choose(pos),
    "Engine.choose (its solver's board)": lambda pos, **board: Engine(
        "perfect", seed=1, solver=Solver(table_mb=SMALL, **board)
    ).choose(pos),
    "analysis": _document,
    "svg.board": lambda pos, **board: svg.board(pos, **board),
    "openspiel.state_of": _openspiel_board,
}
CALLS = pytest.mark.parametrize("call", ENTRY_POINTS.values(), ids=ENTRY_POINTS.keys())


def _answer(call: Callable[..., Any], pos: Any, **board: Any) -> Any:
    """The entry point's answer, or SizeMismatchError when it refuses the position."""
    try:
        return call(pos, **board)
    except SizeMismatchError:
        return SizeMismatchError


@CALLS
def test_a_move_string_is_read_on_the_board_named(call: Callable[..., Any]) -> None:
    expected = call(Game(MOVES, width=6, height=5))  # the Game says its board itself
    assert expected is not SizeMismatchError
    assert call(MOVES, **SIX_BY_FIVE) == expected
    # Not the 7x6 answer: the test would not tell the boards apart otherwise.
    assert _answer(call, Game(MOVES)) != expected


@CALLS
def test_a_game_of_another_size_than_the_board_named_is_refused(call: Callable[..., Any]) -> None:
    with pytest.raises(SizeMismatchError, match="the position is 7x6, but 6x5 is expected"):
        call(Game(MOVES), **SIX_BY_FIVE)


@CALLS
def test_with_no_board_named_a_move_string_is_of_the_7x6_board(call: Callable[..., Any]) -> None:
    assert _answer(call, MOVES) == _answer(call, Game(MOVES))


def test_a_solver_made_for_a_board_says_so_and_keeps_its_table() -> None:
    solver = Solver(table_mb=SMALL, **SIX_BY_FIVE)
    assert solver.named_board == (6, 5, 4)
    with pytest.raises(SizeMismatchError):
        solver.solve(Game(width=4, height=4))
    assert (solver.width, solver.height) == (6, 5)  # the refusal made no table of 4x4
    assert Solver(table_mb=SMALL).named_board is None
    assert Solver(table_mb=SMALL, width=6).named_board == (6, 6, 4)  # the standard height and line


def test_an_engine_and_its_solver_name_one_board() -> None:
    with pytest.raises(SizeMismatchError, match="the solver's board is 7x6, but 6x5 is expected"):
        Engine("perfect", solver=Solver(table_mb=SMALL, width=7, height=6), **SIX_BY_FIVE)
    engine = Engine("perfect", seed=1, solver=Solver(table_mb=SMALL, **SIX_BY_FIVE))
    assert repr(engine) == "Engine(level='perfect', seed=1, width=6, height=5)"


def test_an_engine_with_its_own_solver_plays_every_size_in_turn() -> None:
    engine = Engine("perfect", seed=1)
    assert engine.choose(Game(MOVES, width=6, height=5)) == 4
    assert engine.solver is not None and engine.solver.named_board == (6, 5, 4)
    assert engine.choose(Game(MOVES)) == 3  # a table of 7x6 made for it
    assert engine.solver.named_board == (7, 6, 4)


@pytest.mark.parametrize(
    ("board", "error"),
    [
        ({"width": 3, "height": 6}, BoardSizeError),
        ({"width": 12, "height": 10}, BoardSizeError),
        ({"width": "7"}, TypeError),
        ({"height": True}, TypeError),
    ],
)
@CALLS
def test_a_board_link4_does_not_play_is_refused_precisely(
    call: Callable[..., Any], board: dict[str, Any], error: type[Exception]
) -> None:
    with pytest.raises(error):
        call(MOVES, **board)
