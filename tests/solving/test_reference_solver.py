"""Every board size against a plain minimax that shares no code with link4.

``reference_minimax.py`` (beside this file) solves positions with few empty cells on any
board from 4 x 4 to 9 x 12 with its own board, its own four-in-a-row check and its own
search. Here it is first checked on its own (a full search with no pruning, positions
with known scores), then link4's strong and weak scores, column values, searches and
bounds are compared with it on random positions of sizes from the smallest boards to
the tall, wide and largest ones (both bitboard widths), and link4's empty small boards
with the published table of board sizes.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable

import pytest

from link4 import Game, Solver
from tests.support.pons import load_pons
from tests.support.published_sizes import small
from tests.support.reference_minimax import Board, Reference, lines_of_four

pytestmark = pytest.mark.timeout(300)

# (width, height, positions): the smallest boards, boards with an odd number of cells,
# tall and wide ones, 8 x 7 whose cells and sentinel row fill 64 bits exactly, and
# 5 x 12, 9 x 7 and 9 x 12, which need the wider bitboard.
SIZES = [
    (4, 4, 200),
    (5, 4, 200),
    (4, 5, 200),
    (5, 5, 200),
    (7, 5, 200),
    (9, 4, 150),
    (4, 12, 100),
    (8, 7, 100),
    (5, 12, 100),
    (9, 7, 150),
    (9, 12, 100),
]
SIZE_IDS = [f"{w}x{h}" for w, h, _ in SIZES]
MOST_EMPTY = 10  # the positions have from 1 to MOST_EMPTY empty cells


def sign(x: int) -> int:
    return (x > 0) - (x < 0)


# -- random positions -----------------------------------------------------------------------


def four_free_rows(width: int, rows: int, rng: random.Random) -> str:
    """Moves that fill the bottom ``rows`` rows (an even number) with no four anywhere:
    the first player's discs where (column // 2 + row) is even (runs of at most two along
    every line), the players alternating, each disc dropped on a cell of its own that is
    free now in the lowest row that has one, drawn at random."""
    board, moves = Board(width, rows + 4), ""
    for _ in range(width * rows):
        mover = board.discs % 2
        ours = [
            (len(board.columns[c]), c)
            for c in range(width)
            if len(board.columns[c]) < rows and (c // 2 + len(board.columns[c])) % 2 == mover
        ]
        lowest = min(row for row, _ in ours)
        col = rng.choice([c for row, c in ours if row == lowest])
        board = board.play(col)
        moves += str(col + 1)
    assert not board.is_won()
    return moves


def _gives_a_win(board: Board) -> bool:
    """Whether the side to move on ``board`` can win at once."""
    return any(board.wins_by_playing(c) for c in board.legal_columns())


def random_position(width: int, height: int, empty: int, quiet: bool, rng: random.Random) -> str:
    """Random play that never completes a four, to a position with ``empty`` empty cells;
    with ``quiet``, one where the side to move cannot win at once.

    Where they can, the players avoid giving the opponent a win at once (else a long
    game hardly ever stays open); when stuck, the last few moves are taken back. On tall
    boards the bottom rows come from ``four_free_rows``: random play alone would take
    far too long to fill them without a four."""
    base = four_free_rows(width, 2 * max(0, (height - 3) // 2), rng)
    boards, moves, stuck = [Board.from_moves(base, width, height)], "", 0
    while True:
        board = boards[-1]
        options: list[int] = []
        if board.cells - board.discs > empty:
            options = [c for c in board.legal_columns() if not board.wins_by_playing(c)]
        elif not (quiet and _gives_a_win(board)):
            return base + moves
        if not options:
            stuck += 1
            back = len(moves) if stuck % 20 == 0 else min(rng.randint(1, 4), len(moves))
            del boards[len(boards) - back :]
            moves = moves[: len(moves) - back]
            continue
        safe = [c for c in options if not _gives_a_win(board.play(c))]
        col = rng.choice(safe or options)
        boards.append(board.play(col))
        moves += str(col + 1)


@functools.cache
def cases(width: int, height: int, count: int) -> list[tuple[str, list[int | None]]]:
    """``count`` random positions of the size, each with the reference's column values:
    from 1 to MOST_EMPTY empty cells, three in four of them with no win at once."""
    rng = random.Random(f"{width}x{height}")
    reference = Reference(width, height)
    found = []
    for i in range(count):
        moves = random_position(width, height, 1 + i % MOST_EMPTY, i % 4 != 0, rng)
        found.append((moves, reference.column_values(moves)))
    return found


def best(values: list[int | None]) -> int:
    return max(v for v in values if v is not None)


def signs(values: list[int | None]) -> list[int | None]:
    return [None if v is None else sign(v) for v in values]


# -- the reference on its own -------------------------------------------------------------------


@pytest.mark.parametrize(("width", "height"), [(w, h) for w in range(4, 10) for h in range(4, 13)])
def test_reference_sees_every_four_and_no_three(width: int, height: int) -> None:
    for line in lines_of_four(width, height):
        # The line's discs, with the other player's discs below them where needed.
        tops = {c: max(r for cc, r in line if cc == c) for c, _ in line}
        columns = tuple(
            "".join("x" if (c, r) in line else "o" for r in range(tops[c] + 1)) if c in tops else ""
            for c in range(width)
        )
        assert Board(width, height, columns).is_won(), (width, height, line)
        for gap in line:
            three = tuple(
                "".join("o" if (c, r) == gap else col[r] for r in range(len(col)))
                for c, col in enumerate(columns)
            )
            x_cells = [(c, r) for c, col in enumerate(three) for r in range(len(col)) if col[r] == "x"]
            board = Board(width, height, three)
            assert not any(board.four_through(c, r) for c, r in x_cells), (width, height, line, gap)


def test_reference_hand_made_positions() -> None:
    assert tie_order(7) == [3, 2, 4, 1, 5, 0, 6] and tie_order(8) == [3, 4, 2, 5, 1, 6, 0, 7]
    # The first player has three discs in column 1, the second three in column 2.
    assert Reference(4, 4).solve("121212") == 1 + (16 - 7) // 2 == 5
    assert Reference(5, 5).solve("121212") == 1 + (25 - 7) // 2 == 10  # 13 discs, won with the 4th
    # The first player plays elsewhere: the second wins with move 8.
    assert Reference(4, 4).solve("1212123") == 1 + (16 - 8) // 2 == 5
    assert Reference(5, 5).solve("1212123") == 1 + (25 - 8) // 2 == 9  # 12 discs, won with the 4th
    values = Reference(4, 4).column_values("121212")
    assert values[0] == 5 and values[2] == values[3] == -5
    # A full column is None, and the last empty cell of a board with no four is a draw.
    assert Reference(4, 4).column_values("1432131123344422"[:15]) == [None, 0, None, None]


def test_reference_empty_4x4_is_a_draw() -> None:
    assert Reference(4, 4).solve("") == 0
    assert Reference(4, 4).column_values("") == [0, 0, 0, 0]


@pytest.mark.parametrize(("width", "height"), [(4, 4), (5, 5), (7, 5), (9, 4), (8, 7), (9, 12)])
def test_reference_search_equals_a_search_with_no_pruning(width: int, height: int) -> None:
    rng = random.Random(f"plain {width}x{height}")
    reference = Reference(width, height)
    for i in range(12):
        moves = random_position(width, height, 1 + i % 5, i % 2 == 0, rng)
        values = reference.column_values(moves)
        assert reference.solve(moves) == reference.plain_score(moves) == best(values), moves
        board = reference.board(moves)
        for col in board.legal_columns():
            child = moves + str(col + 1)
            if not board.wins_by_playing(col) and len(child) < width * height:
                assert values[col] == -reference.plain_score(child), (moves, col)


def test_reference_agrees_with_the_published_7x6_scores() -> None:
    # The benchmark positions bundled with link4, scored by another solver.
    reference = Reference(7, 6)
    sample = [(m, s) for m, s in load_pons("Test_L3_R1") if 42 - len(m) <= 12][:150]
    assert len(sample) == 150
    assert [(m, reference.solve(m)) for m, _ in sample] == sample


# -- link4 against the reference -------------------------------------------------------------


@pytest.fixture(scope="module")
def solver() -> Solver:
    """One solver for every size, without the opening book: its search is checked."""
    return Solver(table_mb=16, book=None)


Values = list[int | None]


def wrong_answers(
    width: int,
    height: int,
    count: int,
    answer: Callable[[Game], object],
    expected: Callable[[Values], object],
) -> list[tuple[str, object, object]]:
    """(moves, expected, got) wherever link4's answer differs from the reference's."""
    wrong = []
    for moves, values in cases(width, height, count):
        game = Game(moves, width=width, height=height)
        want, got = expected(values), answer(game)
        if got != want:
            wrong.append((moves, want, got))
    return wrong


@pytest.mark.parametrize(("width", "height", "count"), SIZES, ids=SIZE_IDS)
def test_strong_and_weak_scores(solver: Solver, width: int, height: int, count: int) -> None:
    assert wrong_answers(width, height, count, solver.solve, best) == []
    weak = functools.partial(solver.solve, weak=True)
    assert wrong_answers(width, height, count, weak, lambda v: sign(best(v))) == []


@pytest.mark.parametrize(("width", "height", "count"), SIZES, ids=SIZE_IDS)
def test_analyze_gives_every_column_value(solver: Solver, width: int, height: int, count: int) -> None:
    assert wrong_answers(width, height, count, solver.analyze, list) == []
    weak = functools.partial(solver.analyze, weak=True)
    assert wrong_answers(width, height, count, weak, signs) == []


def tie_order(width: int) -> list[int]:
    """The order in which ties go: from the centre outwards, the left one first at each
    distance (on an even width, the left of the two centre columns: 8 wide, 3 4 2 5 1 6 0 7)."""
    return sorted(range(width), key=lambda c: (abs(2 * c + 1 - width), c))


def search_answer(solver: Solver, game: Game) -> tuple[object, ...]:
    r = solver.search(game)
    first = solver.search(game, ties=False)
    return (r.exact, r.score, r.lower, r.upper, set(r.best_moves), r.best_move, first.best_move)


def search_expected(values: Values) -> tuple[object, ...]:
    score = best(values)
    ties = [c for c, v in enumerate(values) if v == score]
    centre = next(c for c in tie_order(len(values)) if c in ties)
    return (True, score, score, score, set(ties), centre, centre)


@pytest.mark.parametrize(("width", "height", "count"), SIZES, ids=SIZE_IDS)
def test_search_gives_the_score_and_every_best_move(
    solver: Solver, width: int, height: int, count: int
) -> None:
    answer = functools.partial(search_answer, solver)
    assert wrong_answers(width, height, count, answer, search_expected) == []


@pytest.mark.parametrize(("width", "height", "count"), SIZES, ids=SIZE_IDS)
def test_bounds_under_a_node_limit_are_true(width: int, height: int, count: int) -> None:
    # A cold table each time, and limits too small for most searches to finish.
    small = Solver(table_mb=4, book=None)
    rng = random.Random(f"limits {width}x{height}")
    wrong = []
    stopped = 0
    for moves, values in cases(width, height, count)[::3]:
        game = Game(moves, width=width, height=height)
        weak = rng.random() < 0.5
        score = sign(best(values)) if weak else best(values)
        small.clear()
        r = small.search(game, weak=weak, node_limit=rng.randint(1, 60))
        stopped += r.stopped_by is not None
        proven = values[r.best_move]
        honest = proven is not None and (sign(proven) if weak else proven) >= r.lower
        if not (r.lower <= score <= r.upper and honest and (not r.exact or r.score == score)):
            wrong.append((moves, weak, score, r))
    assert wrong == []
    assert stopped > 0  # the limits did cut searches short


@pytest.mark.parametrize(
    ("width", "height", "count"), SIZES[:4] + SIZES[-2:], ids=SIZE_IDS[:4] + SIZE_IDS[-2:]
)
def test_the_shipped_book_plays_no_part_on_other_boards(width: int, height: int, count: int) -> None:
    default = Solver()
    assert wrong_answers(width, height, count // 4, default.solve, best) == []


# -- the empty boards against the published table ----------------------------------------------

# The published table's small boards, which the solver settles at once.
PUBLISHED = small(cells=28)


def table_score(width: int, height: int, outcome: str, last_move: int) -> int:
    """The empty board's score for the first player, from the table's outcome and move."""
    if outcome == "draw":
        return 0
    win = 1 + (width * height - last_move) // 2
    return win if outcome == "first" else -win


def last_move(width: int, height: int, score: int) -> int:
    """The move on which the game ends, from the empty board's score: the board's last
    cell for a draw; else the one move of the winner's parity (odd for the first player)
    that scores it."""
    cells = width * height
    if score == 0:
        return cells
    parity = 1 if score > 0 else 0
    (move,) = [m for m in range(1, cells + 1) if m % 2 == parity and 1 + (cells - m) // 2 == abs(score)]
    return move


@pytest.mark.parametrize(
    ("width", "height", "outcome", "move"), PUBLISHED, ids=[f"{w}x{h}" for w, h, *_ in PUBLISHED]
)
def test_empty_small_boards_as_published(
    solver: Solver, width: int, height: int, outcome: str, move: int
) -> None:
    score = solver.solve(Game(width=width, height=height))
    assert score == table_score(width, height, outcome, move)
    assert last_move(width, height, score) == move
    assert solver.solve(Game(width=width, height=height), weak=True) == sign(score)


def test_the_table_convention() -> None:
    # 7 x 6: the first player wins with move 41, its 21st disc, scoring 22 - 21.
    assert table_score(7, 6, "first", 41) == 1 and last_move(7, 6, 1) == 41
    # 6 x 6: the second player wins with the last move; 8 x 8 with move 62.
    assert table_score(6, 6, "second", 36) == -1 and last_move(6, 6, -1) == 36
    assert table_score(8, 8, "second", 62) == -2 and last_move(8, 8, -2) == 62
    # 9 x 5 (45 cells, 23 discs for the first player): a win with move 41, the 21st disc.
    assert table_score(9, 5, "first", 41) == 3 and last_move(9, 5, 3) == 41
