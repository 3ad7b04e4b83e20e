"""The rules of Connect Four, checked against an independent implementation (OpenSpiel).

OpenSpiel's ``connect_four``: actions are 0-based columns like ours, player 0 moves
first and is our red, and its text form shows the board top row first with ``x`` for
player 0 and ``o`` for player 1.
"""

from __future__ import annotations

import random

import pytest

import link4
from link4 import RED, YELLOW, Game, Player

pyspiel = pytest.importorskip("pyspiel")  # no OpenSpiel wheels on some platforms

SPIEL_GAME = pyspiel.load_game("connect_four")
SPIEL_CELL = {".": 0, "x": 1, "o": 2}

# Full boards with no four in a row: the 42nd disc ends the game in a draw.
DRAWS = [
    "663251762525713162144765711243477236343455",
    "234436531436446642777737765631551251521122",
    "767751176456115334773545351413223266442262",
]
# Games in which no four appears until yellow's 21st disc, the 42nd, makes one.
WON_BY_42ND_DISC = [
    "326145371111317354473344564257767562262265",
    "335222475755535732773613114711126626444646",
    "517476175566577632761431412123353435642224",
]
# Games in which red's last disc, the 41st, makes the first four.
WON_BY_41ST_DISC = [
    "14172416522223546344253541131363576777576",
    "37555356717515672772663114611244444632223",
]


def spiel_board(state: pyspiel.State) -> list[list[int]]:
    """OpenSpiel's board in our to_board() form: rows top first, 0 empty, 1 red, 2 yellow."""
    return [[SPIEL_CELL[ch] for ch in line] for line in str(state).split()]


def spiel_winner(state: pyspiel.State) -> Player | None:
    """The winner of a finished OpenSpiel game, None for a draw."""
    red_return = state.returns()[0]
    if red_return > 0:
        return RED
    if red_return < 0:
        return YELLOW
    return None


def assert_agree(game: Game, state: pyspiel.State) -> None:
    """link4 and OpenSpiel agree on everything the rules decide about this position."""
    assert game.to_board() == spiel_board(state), game.moves
    assert game.is_over() == state.is_terminal(), game.moves
    assert game.legal_moves() == sorted(state.legal_actions()), game.moves
    outcome = game.outcome()
    if state.is_terminal():
        assert outcome is not None, game.moves
        assert outcome.winner == spiel_winner(state), game.moves
    else:
        assert outcome is None, game.moves
        assert state.current_player() == (0 if game.turn is RED else 1), game.moves


def assert_winning_moves_agree(game: Game, state: pyspiel.State) -> None:
    """Game.is_winning_move matches what OpenSpiel says each move would do."""
    for col in state.legal_actions():
        child = state.clone()
        child.apply_action(col)
        wins = child.is_terminal() and spiel_winner(child) is not None
        assert game.is_winning_move(col) == wins, (game.moves, col)


def test_random_games_agree_with_openspiel_at_every_ply() -> None:
    rng = random.Random(20240611)
    endings = {RED: 0, YELLOW: 0, None: 0}
    for n in range(2000):
        game, state = Game(), SPIEL_GAME.new_initial_state()
        assert_agree(game, state)
        while not state.is_terminal():
            if n < 200:
                assert_winning_moves_agree(game, state)
            col = rng.choice(game.legal_moves())
            game.play(col)
            state.apply_action(col)
            assert_agree(game, state)
        outcome = game.outcome()
        assert outcome is not None
        endings[outcome.winner] += 1
    # Random play must have exercised both winners (draws are too rare to insist on).
    assert endings[RED] > 500 and endings[YELLOW] > 500


def replay_in_openspiel(moves: str) -> pyspiel.State:
    """Play a move string in OpenSpiel, checking the game does not end before its last move."""
    state = SPIEL_GAME.new_initial_state()
    for i, ch in enumerate(moves):
        assert not state.is_terminal(), f"OpenSpiel ended {moves} after {i} moves"
        state.apply_action(int(ch) - 1)
    return state


@pytest.mark.parametrize("moves", DRAWS)
def test_full_board_without_four_is_a_draw(moves: str) -> None:
    state = replay_in_openspiel(moves)
    assert state.is_terminal() and spiel_winner(state) is None

    game = Game(moves)
    assert_agree(game, state)
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.winner is None and outcome.is_draw
    assert outcome.line == ()
    assert outcome.ply == 42
    assert game.legal_moves() == []
    assert all(v != 0 for row in game.to_board() for v in row)


@pytest.mark.parametrize(
    ("moves", "winner"),
    [(m, YELLOW) for m in WON_BY_42ND_DISC] + [(m, RED) for m in WON_BY_41ST_DISC],
)
def test_game_won_by_the_last_discs(moves: str, winner: Player) -> None:
    state = replay_in_openspiel(moves)
    assert state.is_terminal() and spiel_winner(state) is winner

    game = Game(moves[:-1])
    assert not game.is_over()
    assert game.is_winning_move(int(moves[-1]) - 1)
    game.play(int(moves[-1]) - 1)
    assert_agree(game, state)
    outcome = game.outcome()
    assert outcome is not None and outcome.winner is winner
    assert outcome.ply == len(moves)
    assert str(outcome) == f"{winner} wins with its 21st disc"
    last_cell = (int(moves[-1]) - 1, game.column_height(int(moves[-1]) - 1) - 1)
    assert last_cell in outcome.line


@pytest.mark.parametrize("moves", DRAWS + WON_BY_42ND_DISC + WON_BY_41ST_DISC)
def test_no_disc_before_the_last_ends_the_game(moves: str) -> None:
    game = Game()
    for ch in moves[:-1]:
        game.play(int(ch) - 1)
        assert not game.is_over() and game.outcome() is None
    assert game.legal_moves() == [int(moves[-1]) - 1]


# Hand-checked wins in every direction: (moves, winner, the four cells as (col, row)).
HAND_WINS = [
    pytest.param("4545454", RED, {(3, 0), (3, 1), (3, 2), (3, 3)}, id="vertical"),
    pytest.param("4455667", RED, {(3, 0), (4, 0), (5, 0), (6, 0)}, id="horizontal"),
    pytest.param("14152627", YELLOW, {(3, 0), (4, 0), (5, 0), (6, 0)}, id="yellow-horizontal"),
    # Red at (0,0) (1,1) (2,2) (3,3): up and to the right.
    pytest.param("12233434474", RED, {(0, 0), (1, 1), (2, 2), (3, 3)}, id="diagonal-up"),
    # Red at (3,0) (2,1) (1,2) (0,3): up and to the left, finished at the top.
    pytest.param("43322121171", RED, {(3, 0), (2, 1), (1, 2), (0, 3)}, id="diagonal-down"),
    # Yellow in column 7 from row 2 up, on top of two red discs.
    pytest.param("7177172727", YELLOW, {(6, 2), (6, 3), (6, 4), (6, 5)}, id="yellow-top-vertical"),
]


@pytest.mark.parametrize(("moves", "winner", "line"), HAND_WINS)
def test_hand_checked_wins(moves: str, winner: Player, line: set[tuple[int, int]]) -> None:
    state = replay_in_openspiel(moves)
    assert state.is_terminal() and spiel_winner(state) is winner

    game = Game(moves)
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.winner is winner
    assert set(outcome.line) == line
    assert Game(moves[:-1]).outcome() is None


def test_full_column_is_not_a_legal_move() -> None:
    game = Game("444444")
    assert game.legal_moves() == [0, 1, 2, 4, 5, 6]
    assert not game.is_legal(3)
    assert game.column_height(3) == 6
    with pytest.raises(link4.IllegalMoveError):
        game.play(3)
