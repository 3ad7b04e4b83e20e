"""The Game object: moves, turn, outcome, text forms, equality and copies."""

from __future__ import annotations

import copy
import enum
import pickle

import pytest

import link4
from link4 import RED, YELLOW, Game, Outcome, Player

DRAW = "663251762525713162144765711243477236343455"
WON_BY_42ND_DISC = "326145371111317354473344564257767562262265"


def cell_owner(game: Game, col: int, row: int) -> int:
    """0, 1 (red) or 2 (yellow) at (col, row), row 0 at the bottom."""
    return game.to_board()[5 - row][col]


def assert_valid_line(game: Game, outcome: Outcome) -> None:
    """The line is four consecutive cells in one direction, all the winner's, holding the
    last disc played."""
    assert outcome.winner is not None
    line = sorted(outcome.line)
    assert len(line) == 4 and len(set(line)) == 4
    (c0, r0), (c1, r1) = line[0], line[1]
    dc, dr = c1 - c0, r1 - r0
    assert (dc, dr) in {(1, 0), (0, 1), (1, 1), (1, -1)}
    assert line == [(c0 + i * dc, r0 + i * dr) for i in range(4)]
    assert all(0 <= c < 7 and 0 <= r < 6 for c, r in line)
    assert all(cell_owner(game, c, r) == outcome.winner for c, r in line)
    last = game.move_list[-1]
    assert (last, game.column_height(last) - 1) in line


# -- the players ------------------------------------------------------------------------


def test_players_are_an_int_enum() -> None:
    assert issubclass(Player, enum.IntEnum)
    assert (RED, YELLOW) == (Player.RED, Player.YELLOW) == (link4.RED, link4.YELLOW)
    assert (int(RED), int(YELLOW)) == (1, 2)
    assert RED.other is YELLOW and YELLOW.other is RED
    assert RED.glyph != YELLOW.glyph
    assert (str(RED), str(YELLOW)) == ("red", "yellow")


# -- moves, ply, turn --------------------------------------------------------------------


def test_empty_game() -> None:
    game = Game()
    assert game.moves == "" and game.ply == 0 and game.move_list == []
    assert game.turn is RED
    assert game.legal_moves() == list(range(7))
    assert not game.is_over() and game.outcome() is None
    assert game.to_board() == [[0] * 7 for _ in range(6)]


def test_moves_are_one_based_and_columns_zero_based() -> None:
    game = Game("4453")
    game.play(3)
    assert game.moves == "44534"
    assert game.move_list == [3, 3, 4, 2, 3]
    assert game.ply == 5
    assert [game.column_height(c) for c in range(7)] == [0, 0, 1, 3, 1, 0, 0]


@pytest.mark.parametrize("ply", range(8))
def test_turn_alternates_and_red_starts(ply: int) -> None:
    game = Game("1234567"[:ply])
    assert game.ply == ply
    assert game.turn is (RED if ply % 2 == 0 else YELLOW)


def test_discs_belong_to_the_side_that_played_them() -> None:
    game = Game("4453")
    # Bottom row: yellow in column 3, red in columns 4 and 5; yellow on top in column 4.
    assert game.to_board()[5] == [0, 0, 2, 1, 1, 0, 0]
    assert game.to_board()[4] == [0, 0, 0, 2, 0, 0, 0]


def test_play_and_undo() -> None:
    game = Game("44")
    game.play(0)
    assert game.moves == "441" and game.turn is YELLOW
    assert game.undo() == 0
    assert game == Game("44") and game.moves == "44" and game.turn is RED


def test_undo_reopens_a_finished_game() -> None:
    game = Game("4455667")
    assert game.is_over()
    assert game.undo() == 6
    assert not game.is_over() and game.outcome() is None
    assert game.legal_moves() == list(range(7))
    assert game.is_winning_move(6) and game.is_winning_move(2)
    assert not game.is_winning_move(0)


@pytest.mark.parametrize("moves", ["4455667", "14152627", DRAW, WON_BY_42ND_DISC])
def test_no_legal_moves_once_over(moves: str) -> None:
    game = Game(moves)
    assert game.is_over()
    assert game.legal_moves() == []
    assert not any(game.is_legal(c) for c in range(7))
    assert not any(game.is_winning_move(c) for c in range(7))


# -- outcomes ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("moves", "winner", "text"),
    [
        ("4545454", RED, "red wins with its 4th disc"),
        ("14152627", YELLOW, "yellow wins with its 4th disc"),
        ("7177172727", YELLOW, "yellow wins with its 5th disc"),
        ("12233434474", RED, "red wins with its 6th disc"),
        (WON_BY_42ND_DISC, YELLOW, "yellow wins with its 21st disc"),
    ],
)
def test_outcome_of_a_win(moves: str, winner: Player, text: str) -> None:
    game = Game(moves)
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.winner is winner and isinstance(outcome.winner, Player)
    assert not outcome.is_draw
    assert outcome.ply == len(moves)
    assert str(outcome) == text
    assert_valid_line(game, outcome)


def test_outcome_of_a_draw() -> None:
    outcome = Game(DRAW).outcome()
    assert outcome == Outcome(None, (), 42)
    assert outcome.is_draw and str(outcome) == "draw"


@pytest.mark.parametrize(
    ("moves", "line"),
    [
        ("4545454", ((3, 0), (3, 1), (3, 2), (3, 3))),
        ("4455667", ((3, 0), (4, 0), (5, 0), (6, 0))),
        ("12233434474", ((0, 0), (1, 1), (2, 2), (3, 3))),
        ("43322121171", ((3, 0), (2, 1), (1, 2), (0, 3))),
    ],
)
def test_line_cells_are_column_row_from_the_bottom(
    moves: str, line: tuple[tuple[int, int], ...]
) -> None:
    outcome = Game(moves).outcome()
    assert outcome is not None
    assert sorted(outcome.line) == sorted(line)


@pytest.mark.parametrize(
    "moves",
    [
        "1122443",  # red fills the gap of X X _ X: the last disc is inside the line
        "112244553",  # X X _ X X: a run of five with the last disc in the middle
        "11224455663",  # X X _ X X X: a run of six
    ],
)
def test_line_through_a_gap_holds_the_last_disc(moves: str) -> None:
    game = Game(moves)
    outcome = game.outcome()
    assert outcome is not None and outcome.winner is RED
    assert_valid_line(game, outcome)


def test_outcome_is_frozen() -> None:
    outcome = Game("4455667").outcome()
    assert outcome is not None
    with pytest.raises(AttributeError):
        outcome.winner = YELLOW  # type: ignore[misc]


# -- text forms -------------------------------------------------------------------------


def test_repr_is_code() -> None:
    assert repr(Game()) == "Game('')"
    assert repr(Game("4453")) == "Game('4453')"
    game = Game("4453")
    assert eval(repr(game), {"Game": Game}) == game


def diagram_rows(game: Game) -> list[list[str]]:
    """The six board rows of str(game), top first, one glyph per cell."""
    lines = str(game).splitlines()
    rows = [line.split() for line in lines[:6]]
    assert all(len(row) == 7 for row in rows)
    return rows


def test_diagram_shows_each_disc_by_owner() -> None:
    game = Game("4453")
    rows = diagram_rows(game)
    board = game.to_board()
    glyphs = {
        value: {rows[r][c] for r in range(6) for c in range(7) if board[r][c] == value}
        for value in (0, 1, 2)
    }
    # One glyph per kind of cell, and three different glyphs.
    assert all(len(g) == 1 for g in glyphs.values())
    assert len(set.union(*glyphs.values())) == 3
    assert glyphs[1] == {RED.glyph} and glyphs[2] == {YELLOW.glyph}
    # Yellow's disc on top of column 4, red's two at the bottom of columns 4 and 5.
    assert rows[4][3] == YELLOW.glyph
    assert rows[5][3] == rows[5][4] == RED.glyph
    assert rows[5][2] == YELLOW.glyph


def test_diagram_labels_columns_one_to_seven() -> None:
    lines = str(Game("4453")).splitlines()
    assert lines[6].split() == ["1", "2", "3", "4", "5", "6", "7"]


@pytest.mark.parametrize(
    ("moves", "status"),
    [
        ("", "red"),
        ("4", "yellow"),
        ("4455667", "red wins with its 4th disc"),
        (DRAW, "draw"),
    ],
)
def test_diagram_says_whose_turn_or_how_it_ended(moves: str, status: str) -> None:
    text = str(Game(moves))
    assert status in text.splitlines()[-1]
    assert len(text.splitlines()) == 8


def test_diagram_of_the_empty_board() -> None:
    rows = diagram_rows(Game())
    assert len({cell for row in rows for cell in row}) == 1


# -- equality and hashing ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("4453", "4354"),  # the two red moves and the two yellow moves in another order
        ("12", "12"),
        ("1234", "3214"),
        ("443322", "224433"),
    ],
)
def test_transposed_move_orders_are_equal(a: str, b: str) -> None:
    ga, gb = Game(a), Game(b)
    assert ga == gb and not ga != gb  # noqa: SIM202 (both operators are under test)
    assert hash(ga) == hash(gb)
    assert len({ga, gb}) == 1


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("", "4"),
        ("4", "5"),
        ("12", "21"),  # same cells, colours swapped
        ("4453", "4435"),  # the same cells, columns 3 and 5 with the colours swapped
        ("1", "7"),  # mirror images are different positions
    ],
)
def test_different_positions_are_not_equal(a: str, b: str) -> None:
    ga, gb = Game(a), Game(b)
    assert ga != gb
    assert len({ga, gb}) == 2


def test_game_is_not_equal_to_other_types() -> None:
    game = Game("44")
    assert game != "44"
    assert game != [[0] * 7] * 6
    assert game.__eq__("44") is NotImplemented


def test_hash_is_distinct_over_a_small_tree() -> None:
    """Every position up to 4 plies: equal games hash alike, and positions are told apart."""
    games: dict[str, Game] = {"": Game()}
    frontier = [""]
    for _ in range(4):
        frontier = [m + str(c) for m in frontier for c in range(1, 8)]
        games.update((m, Game(m)) for m in frontier)
    by_board: dict[tuple[tuple[int, ...], ...], set[int]] = {}
    for game in games.values():
        by_board.setdefault(tuple(map(tuple, game.to_board())), set()).add(hash(game))
    assert all(len(h) == 1 for h in by_board.values())
    assert len({h for hs in by_board.values() for h in hs}) == len(by_board)
    assert len(set(games.values())) == len(by_board)


# -- copies -----------------------------------------------------------------------------


@pytest.mark.parametrize("make_copy", [Game.copy, copy.copy, copy.deepcopy])
def test_copy_is_independent(make_copy: object) -> None:
    game = Game("4453")
    twin = make_copy(game)  # type: ignore[operator]
    assert twin == game and twin is not game and twin.moves == game.moves
    twin.play(0)
    assert game.moves == "4453" and twin.moves == "44531"
    game.undo()
    assert game.moves == "445" and twin.moves == "44531"
    assert twin.undo() == 0 and twin.undo() == 2
    assert twin == game


@pytest.mark.parametrize("moves", ["", "4453", "4455667", DRAW])
def test_pickle_round_trip(moves: str) -> None:
    game = Game(moves)
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        clone = pickle.loads(pickle.dumps(game, protocol))
        assert clone == game and clone.moves == game.moves and str(clone) == str(game)
