"""The compiled core at every board size: the rules against a plain check of the
cells, keys, books and solvers of one size, and the refusal of sizes it does not play
or of mixed sizes. One size of each kind the core is compiled for is covered: the
standard board, a size compiled with constants (7x5), the generic 64-bit boards with
packed (4x4, 6x5) and whole-key tables (9x5, 5x12, 12x4, 4x13), and the 128-bit boards
(8x8, 9x12, 10x6, 12x9, 9x13), those past 9 columns with letters in their move strings."""

from __future__ import annotations

import random

import pytest

from link4 import (
    BoardError,
    BoardSizeError,
    BookError,
    IllegalMoveError,
    InvalidMoveError,
    SizeMismatchError,
    _core,
)
from link4.rules import columns_of, move_string


def has_four(rows: list[list[int]], player: int) -> bool:
    """Four in a row for `player` on a grid of rows (top first), by brute force."""
    height, width = len(rows), len(rows[0])
    for r in range(height):
        for c in range(width):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(r + i * dr, c + i * dc) for i in range(4)]
                if all(0 <= y < height and 0 <= x < width and rows[y][x] == player for y, x in cells):
                    return True
    return False


def random_game(rng: random.Random, width: int, height: int) -> tuple[str, _core.Position]:
    """A random game to its end, as a move string and its final position."""
    pos = _core.Position(width, height)
    moves = ""
    while not pos.is_over():
        col = rng.choice(pos.legal_moves())
        pos.play(col)
        moves += move_string([col])
    return moves, pos


def test_random_games_follow_the_rules_of_their_size(board_size: tuple[int, int]) -> None:
    width, height = board_size
    rng = random.Random(width * 100 + height)
    for _ in range(20):
        moves, end = random_game(rng, width, height)
        pos = _core.Position(width, height)
        for i, col in enumerate(columns_of(moves)):
            assert pos.legal_moves() == [c for c in range(width) if pos.rows()[0][c] == 0]
            pos.play(col)
            rows = pos.rows()
            assert len(rows) == height and all(len(row) == width for row in rows)
            mover = 1 if i % 2 == 0 else 2
            assert pos.last_mover_won() == has_four(rows, mover)
            assert not has_four(rows, 3 - mover)
        assert pos == end == _core.Position.from_moves(moves, width, height)
        assert end.last_mover_won() or end.ply == width * height
        assert _core.board_moves(end.rows()) is not None


def test_keys_give_back_their_positions_and_mirror_images_share_one(board_size: tuple[int, int]) -> None:
    width, height = board_size
    rng = random.Random(7 + width * height)
    for _ in range(30):
        moves, _end = random_game(rng, width, height)
        moves = moves[: rng.randrange(len(moves))]
        pos = _core.Position.from_moves(moves, width, height)
        mirrored = move_string(width - 1 - col for col in columns_of(moves))
        image = _core.Position.from_moves(mirrored, width, height)
        assert pos.canonical_key() == image.canonical_key() == min(pos.key(), image.key())
        back = _core.position_from_key(pos.key(), width, height)
        assert back is not None and back.rows() == pos.rows() and back.ply == pos.ply


def test_a_board_past_64_bits_has_keys_past_64_bits() -> None:
    pos = _core.Position.from_moves("8" * 7, 8, 8)  # the top cell of the last column
    assert pos.key() >= 1 << 63
    assert _core.position_from_key(pos.key(), 8, 8) == pos


@pytest.mark.parametrize(
    ("width", "height"), [(3, 6), (13, 6), (7, 3), (7, 14), (0, 0), (12, 10), (10, 12), (11, 11)]
)
def test_sizes_outside_4_to_12_by_4_to_13_or_past_128_cells_are_refused(width: int, height: int) -> None:
    with pytest.raises(BoardSizeError, match=f"not {width} columns and {height} rows"):
        _core.Position(width, height)
    with pytest.raises(BoardSizeError):
        _core.Solver(1 << 20, width=width, height=height)


def test_a_digit_past_the_width_is_malformed() -> None:
    assert _core.Position.from_moves("5", 5, 4).ply == 1
    with pytest.raises(InvalidMoveError, match="digits 1 to 5"):
        _core.Position.from_moves("6", 5, 4)
    with pytest.raises(IllegalMoveError, match="columns are 0 to 4"):
        _core.Position(5, 4).play(5)


def test_letters_are_the_columns_past_the_ninth() -> None:
    wide = _core.Position.from_moves("9aBc", 12, 4)
    assert wide.rows()[-1] == [0] * 8 + [1, 2, 1, 2]
    assert _core.Position.from_moves("9abc", 12, 4) == wide
    for width, moves in [(9, "a"), (10, "b"), (11, "C"), (12, "d"), (12, "0")]:
        with pytest.raises(InvalidMoveError, match=f"character 1 is '{moves}'"):
            _core.Position.from_moves(moves, width, 4)


def test_a_board_of_a_shape_no_size_has_is_refused() -> None:
    with pytest.raises(BoardSizeError):
        _core.board_moves([[0] * 3] * 6)
    with pytest.raises(BoardError, match="as many cells each"):
        _core.board_moves([[0] * 7] * 5 + [[0] * 6])


@pytest.mark.parametrize(("width", "height"), [(6, 5), (8, 8)])
def test_a_book_records_its_size_and_serves_only_it(width: int, height: int) -> None:
    rng = random.Random(width)
    entries: dict[int, int] = {}
    for _ in range(20):
        moves, _end = random_game(rng, width, height)
        pos = _core.Position.from_moves(moves[:4], width, height)
        entries[pos.canonical_key()] = rng.randrange(-3, 4)
    book = _core.Book.from_entries(list(entries.items()), 4, width, height)
    again = _core.Book.parse(book.to_bytes())
    assert (again.width, again.height, len(again)) == (width, height, len(entries))
    assert again.to_bytes() == book.to_bytes()
    key_bytes = 8 if width * (height + 1) <= 64 else 16
    assert len(book.to_bytes()) == 32 + (key_bytes + 1) * len(entries)
    for i in range(len(again)):
        position, moves, score = again.entry_game(i)
        assert entries[position.canonical_key()] == score
        assert again.get(_core.Position.from_moves(moves, width, height)) == score
    _core.Solver(1 << 20, book=again, width=width, height=height)
    # The size lies under the checksum (format version 2): a damaged size byte is caught.
    damaged = bytearray(book.to_bytes())
    damaged[10] = 5 if width != 5 else 6
    with pytest.raises(BookError):
        _core.Book.parse(bytes(damaged))
    assert again.version == 2
    with pytest.raises(SizeMismatchError, match=f"{width}x{height}"):
        _core.Solver(1 << 20, book=again)  # a 7x6 solver
    with pytest.raises(SizeMismatchError, match="7x6"):
        again.get(_core.Position())


def test_a_solver_refuses_a_position_of_another_size() -> None:
    solver = _core.Solver(1 << 20, width=6, height=5)
    assert solver.solve(_core.Position.from_moves("333", 6, 5), False)[0] == solver.solve(
        _core.Position.from_moves("444", 6, 5), False
    )[0]
    with pytest.raises(SizeMismatchError, match="7x6"):
        solver.solve(_core.Position(), False)
    request = _core.SearchRequest()
    with pytest.raises(SizeMismatchError, match="6x5"):
        _core.search_many([_core.Position(6, 5), _core.Position(7, 6)], request, 1, 1 << 20, None, None)


def test_the_empty_boards_of_the_smallest_sizes_are_draws() -> None:
    # Published: 4x4, 5x4, 4x5, 5x5 draw; 6x4 a win for the second player with the last disc.
    for width, height, score in [(4, 4, 0), (5, 4, 0), (4, 5, 0), (5, 5, 0), (6, 4, -1)]:
        solver = _core.Solver(1 << 22, width=width, height=height)
        assert solver.solve(_core.Position(width, height), False)[0] == score
        analysis = solver.analyze(_core.Position(width, height), _core.SearchRequest())
        assert len(analysis.columns) == width
        assert max(lower for lower, _upper in analysis.columns) == score
