"""A book reaches every compiled player of its size: the single Player, the batched
environment's opponent and the batch's Bots, on the standard board, on the other
compiled sizes and on the sizes read at runtime alike.

The books here say what no search would: on an empty board the first player wins by
playing on an edge, and draws anywhere else. A player that plays an edge column and
scores the board as the book does, within a node budget too small to solve it, read the
book."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")

from link4 import Game, SizeMismatchError, _core  # noqa: E402
from link4.book import canonical_key  # noqa: E402

TABLE_BYTES = 1 << 20
ROOT_SCORE = 1  # the book's score of the empty board, for the first player


def edge_book(width: int, height: int) -> _core.Book:
    """The empty board and each first move: the edges win by ROOT_SCORE, the rest draw."""
    edges = {0, width - 1}
    entries = {canonical_key(Game(width=width, height=height)): ROOT_SCORE}
    for col in range(width):
        child = Game([col], width=width, height=height)
        # The score of the side to move after the first move: the second player's.
        entries[canonical_key(child)] = -ROOT_SCORE if col in edges else 0
    return _core.Book.from_entries(list(entries.items()), 1, width, height)


def budgeted_perfect() -> _core.PlayerSpec:
    """The perfect player with too few nodes to solve an empty board (the book answers at
    once; without it the search stops and the move is the best bound's)."""
    spec = _core.level_spec(_core.PERFECT_LEVEL)
    spec.exact_nodes = 200
    return spec


def test_the_single_player_reads_the_book(board_size: tuple[int, int]) -> None:
    width, height = board_size
    player = _core.Player(width, height, budgeted_perfect(), edge_book(width, height), TABLE_BYTES)
    empty = _core.Position.from_moves("", width, height)
    for seed in range(6):
        assert player.choose(empty, _core.Stream.seeded(seed)) in (0, width - 1)
        assert player.last_score == ROOT_SCORE


def test_the_batched_environment_s_opponent_reads_the_book(board_size: tuple[int, int]) -> None:
    width, height = board_size
    count, cells = 8, width * height
    # The agent plays yellow: the opponent makes the first move of every episode.
    book = edge_book(width, height)
    env = _core.VectorEnv(width, height, count, budgeted_perfect(), 1, book, TABLE_BYTES, 1)
    env.reset(np.arange(count, dtype=np.uint64), None, (None,) * 8)
    moves = np.empty((count, cells), dtype=np.int8)
    scores = np.empty((count, cells), dtype=np.int8)
    agents = np.empty(count, dtype=np.int8)
    env.history(moves, scores, agents)
    assert agents.tolist() == [1] * count
    assert set(moves[:, 0].tolist()) <= {0, width - 1}
    assert moves[:, 1].tolist() == [-1] * count
    assert scores[:, 0].tolist() == [ROOT_SCORE] * count


def test_the_batch_s_bots_read_the_book(board_size: tuple[int, int]) -> None:
    width, height = board_size
    count = 8
    env = _core.VectorEnv(width, height, count, None, 0, None, TABLE_BYTES, 1)
    env.reset(None, None, (None,) * 8)
    bots = _core.Bots(width, height, budgeted_perfect(), edge_book(width, height), TABLE_BYTES, 2)
    streams = np.arange(count, dtype=np.uint64)
    out = np.empty(count, dtype=np.int64)
    bots.choose(env, streams, out)
    assert set(out.tolist()) <= {0, width - 1}


def test_a_book_of_another_size_is_refused() -> None:
    book = edge_book(6, 6)
    with pytest.raises(SizeMismatchError, match="the book is 6x6"):
        _core.Bots(7, 5, budgeted_perfect(), book, TABLE_BYTES, 1)
    with pytest.raises(SizeMismatchError, match="the book is 6x6"):
        _core.VectorEnv(7, 5, 1, budgeted_perfect(), 1, book, TABLE_BYTES, 1)
    with pytest.raises(SizeMismatchError, match="the book is 6x6"):
        _core.Player(7, 5, budgeted_perfect(), book, TABLE_BYTES)
