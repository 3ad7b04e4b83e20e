"""Properties every game must have, on random games drawn by hypothesis: on the
standard board half the time, on a board of any size link4 plays the other half."""

from __future__ import annotations

import pickle

import numpy as np
from hypothesis import assume, given, reject, settings
from hypothesis import strategies as st

from link4 import RED, YELLOW, Game, GameOverError

PROPERTY = settings(max_examples=150, deadline=None)


SIZES = st.one_of(st.just((7, 6)), st.tuples(st.integers(4, 9), st.integers(4, 12)))


@st.composite
def games(draw: st.DrawFn, max_ply: int | None = None) -> Game:
    """A game of random legal moves on a board of a random size; it may be finished."""
    width, height = draw(SIZES)
    game = Game(width=width, height=height)
    for _ in range(draw(st.integers(0, width * height if max_ply is None else max_ply))):
        if game.is_over():
            break
        game.play(draw(st.sampled_from(game.legal_moves())))
    return game


def running_games() -> st.SearchStrategy[Game]:
    return games().filter(lambda g: not g.is_over())


def state(game: Game) -> tuple[object, ...]:
    """Everything observable about a game, to compare before and after."""
    return (
        game.moves,
        game.ply,
        game.turn,
        game.to_board(),
        game.legal_moves(),
        game.outcome(),
        hash(game),
        str(game),
        repr(game),
    )


def mirror_moves(moves: str, width: int) -> str:
    return "".join(str(width + 1 - int(ch)) for ch in moves)


def same_size(game: Game, moves: str | list[int]) -> Game:
    """The game of ``moves`` on the board of ``game``'s size."""
    return Game(moves, width=game.width, height=game.height)


# -- play and undo -------------------------------------------------------------------------


@PROPERTY
@given(running_games())
def test_undo_after_play_restores_the_game(game: Game) -> None:
    before = state(game)
    for col in game.legal_moves():
        twin = game.copy()
        game.play(col)
        assert game.ply == twin.ply + 1 and game != twin
        assert game.undo() == col
        assert game == twin
        assert state(game) == before


@PROPERTY
@given(games())
def test_undo_all_the_way_back(game: Game) -> None:
    moves = game.move_list
    while moves:
        assert game.undo() == moves.pop()
        assert game == same_size(game, game.moves)
    assert game == same_size(game, "")


# -- the record and the board --------------------------------------------------------------


@PROPERTY
@given(games())
def test_replaying_the_moves_gives_the_same_game(game: Game) -> None:
    replay = same_size(game, game.moves)
    assert replay == game
    assert state(replay) == state(game)


@PROPERTY
@given(games())
def test_ply_turn_and_disc_counts(game: Game) -> None:
    assert game.ply == len(game.moves) == len(game.move_list)
    assert game.turn is (RED if game.ply % 2 == 0 else YELLOW)
    cells = [v for row in game.to_board() for v in row]
    assert cells.count(1) == (game.ply + 1) // 2
    assert cells.count(2) == game.ply // 2
    assert sum(game.column_height(c) for c in range(game.width)) == game.ply


@PROPERTY
@given(games())
def test_legal_moves_are_the_open_columns_until_the_end(game: Game) -> None:
    if game.is_over():
        assert game.legal_moves() == []
        assert game.outcome() is not None
    else:
        columns = range(game.width)
        assert game.legal_moves() == [c for c in columns if game.column_height(c) < game.height]
        assert game.outcome() is None
        assert [game.is_legal(c) for c in columns] == [c in game.legal_moves() for c in columns]


@PROPERTY
@given(games())
def test_outcome_line_is_four_of_the_winner_through_the_last_disc(game: Game) -> None:
    outcome = game.outcome()
    if outcome is None or outcome.winner is None:
        return
    board = game.to_board()
    line = sorted(outcome.line)
    step = (line[1][0] - line[0][0], line[1][1] - line[0][1])
    assert step in {(1, 0), (0, 1), (1, 1), (1, -1)}
    assert line == [(line[0][0] + i * step[0], line[0][1] + i * step[1]) for i in range(4)]
    assert all(board[game.height - 1 - r][c] == outcome.winner for c, r in line)
    last = game.move_list[-1]
    assert (last, game.column_height(last) - 1) in line
    assert outcome.winner is (YELLOW if game.turn is RED else RED)


# -- mirror images -------------------------------------------------------------------------


@PROPERTY
@given(games())
def test_mirror_image_agrees(game: Game) -> None:
    mirror = same_size(game, mirror_moves(game.moves, game.width))
    assert mirror == game.mirror()
    last = game.width - 1
    assert mirror.to_board() == [row[::-1] for row in game.to_board()]
    assert mirror.is_over() == game.is_over()
    assert mirror.legal_moves() == sorted(last - c for c in game.legal_moves())
    assert [mirror.is_winning_move(last - c) for c in range(game.width)] == [
        game.is_winning_move(c) for c in range(game.width)
    ]
    outcome, mirrored = game.outcome(), mirror.outcome()
    assert (outcome is None) == (mirrored is None)
    if outcome is not None and mirrored is not None:
        assert mirrored.winner == outcome.winner
        assert mirrored.ply == outcome.ply


# -- equality and hashing ------------------------------------------------------------------


@PROPERTY
@given(games(max_ply=6), games(max_ply=6))
def test_equal_exactly_when_the_boards_are(a: Game, b: Game) -> None:
    # Boards of different shapes differ, so games of different sizes are never equal.
    assert (a == b) == (a.to_board() == b.to_board())
    if a == b:
        assert hash(a) == hash(b)


@PROPERTY
@given(games(), st.data())
def test_transposed_move_orders_give_an_equal_game(game: Game, data: st.DataObject) -> None:
    """Swap two moves of one side in different columns, with no disc landing in either
    column between them: the board is the same, so the games must be equal."""
    moves = game.move_list
    swaps = [
        (i, j)
        for i in range(len(moves))
        for j in range(i + 2, len(moves), 2)
        if moves[i] != moves[j] and not {moves[i], moves[j]} & set(moves[i + 1 : j])
    ]
    assume(swaps)
    i, j = data.draw(st.sampled_from(swaps))
    moves[i], moves[j] = moves[j], moves[i]
    try:
        other = same_size(game, moves)
    except GameOverError:
        reject()  # the new order makes a four before its end
    assert other.moves != game.moves
    assert other == game and hash(other) == hash(game)
    assert other.to_board() == game.to_board()


# -- boards without a history ----------------------------------------------------------------


def assert_same_game(rebuilt: Game, game: Game) -> None:
    assert rebuilt == game
    assert hash(rebuilt) == hash(game)
    assert rebuilt.to_board() == game.to_board()
    assert rebuilt.ply == game.ply and rebuilt.turn is game.turn
    assert rebuilt.legal_moves() == game.legal_moves()
    assert str(rebuilt) == str(game)
    assert repr(rebuilt) == repr(same_size(game, rebuilt.moves))
    outcome = game.outcome()
    assert (rebuilt.outcome() is None) == (outcome is None)
    if outcome is not None:
        rebuilt_outcome = rebuilt.outcome()
        assert rebuilt_outcome is not None and rebuilt_outcome.winner == outcome.winner
    assert same_size(game, rebuilt.moves) == rebuilt


@PROPERTY
@given(games())
def test_from_board_of_to_board(game: Game) -> None:
    assert_same_game(Game.from_board(game.to_board()), game)


@PROPERTY
@given(games())
def test_from_board_of_the_diagram(game: Game) -> None:
    assert_same_game(Game.from_board(str(game)), game)


@PROPERTY
@given(games())
def test_from_board_of_a_flat_kaggle_list(game: Game) -> None:
    flat = [v for row in game.to_board() for v in row]
    assert len(flat) == game.width * game.height
    assert_same_game(Game.from_board(flat, width=game.width, height=game.height), game)
    if (game.width, game.height) == (7, 6):
        assert_same_game(Game.from_board(flat), game)  # 42 cells alone are the standard board


@PROPERTY
@given(games())
def test_from_board_of_the_array(game: Game) -> None:
    array = game.to_array()
    assert array.shape == (game.height, game.width) and array.dtype == np.int8
    assert_same_game(Game.from_board(array), game)
    assert_same_game(Game.from_board(array.ravel(), width=game.width, height=game.height), game)


@PROPERTY
@given(games())
def test_from_planes_of_to_planes(game: Game) -> None:
    planes = game.to_planes()
    assert planes.shape == (game.height, game.width, 2)
    assert_same_game(Game.from_planes(planes), game)
    assert_same_game(Game.from_board(planes.tolist()), game)


@PROPERTY
@given(games())
def test_pickle_and_repr_rebuild_the_game(game: Game) -> None:
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        assert_same_game(pickle.loads(pickle.dumps(game, protocol)), game)
    assert_same_game(eval(repr(game), {"Game": Game}), game)


# -- copies --------------------------------------------------------------------------------


@PROPERTY
@given(running_games(), st.data())
def test_copy_is_independent(game: Game, data: st.DataObject) -> None:
    before = state(game)
    twin = game.copy()
    assert twin == game and state(twin) == before
    twin.play(data.draw(st.sampled_from(twin.legal_moves())))
    assert state(game) == before
    if game.ply:
        game.undo()
        assert twin.ply == game.ply + 2
