"""link4.Engine: the players of `link4 play --level` as objects that choose moves."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

import link4
from link4 import Engine, Game, GameOverError
from link4.levels import make_policy

# Positions with 14 or more discs solve in milliseconds.
MIDGAME = ["274552224131661", "2531276566711153", "47611556754127222"]


def play_out(white: Engine, black: Engine, moves: str = "") -> Game:
    game = Game(moves)
    while not game.is_over():
        game.play((white if game.ply % 2 == 0 else black).choose(game))
    return game


@pytest.mark.parametrize(
    ("level", "name"),
    [(1, "1"), (5, "5"), ("3", "3"), (" Perfect ", "perfect"), ("perfect", "perfect")],
)
def test_levels_as_int_or_str(level: Any, name: str) -> None:
    assert Engine(level).level == name
    assert Engine(level=level).level == name


@pytest.mark.parametrize(
    ("kwargs", "error", "fragment"),
    [
        ({"level": 0}, ValueError, "unknown level 0: the levels are 1 to 5 and 'perfect'"),
        ({"level": "6"}, ValueError, "unknown level '6'"),
        ({"level": "best"}, ValueError, "unknown level 'best'"),
        ({"level": True}, TypeError, "not bool"),
        ({"level": 4.0}, TypeError, "not float"),
        ({"level": 4, "time_limit": 0}, ValueError, "time_limit must be a number of seconds > 0"),
        ({"level": 4, "time_limit": -1.0}, ValueError, "not -1.0"),
        ({"level": 4, "time_limit": float("nan")}, ValueError, "not nan"),
        ({"level": 4, "time_limit": "1"}, TypeError, "not str"),
    ],
)
def test_bad_arguments(kwargs: dict[str, Any], error: type[Exception], fragment: str) -> None:
    with pytest.raises(error) as info:
        Engine(**kwargs)
    assert fragment in str(info.value)


def test_repr() -> None:
    assert repr(Engine(3)) == "Engine(level=3)"
    engine = Engine("perfect", seed=7, time_limit=0.5)
    assert repr(engine) == "Engine(level='perfect', seed=7, time_limit=0.5)"


@pytest.mark.parametrize("level", ["1", "2", "3", "4", "5", "perfect"])
def test_every_level_takes_a_win_in_one(level: str) -> None:
    game = Game("121212")
    before = game.moves
    move = Engine(level, seed=0).choose(game)
    assert move == 0 and type(move) is int
    assert game.moves == before  # the game is not changed
    assert Engine(level, seed=0).choose("121212") == 0  # move strings too


@pytest.mark.parametrize("level", ["1", "3", "5", "perfect"])
def test_choose_on_a_finished_game(level: str) -> None:
    with pytest.raises(GameOverError, match="no move to choose: the game is over: red wins"):
        Engine(level).choose(Game("4455667"))


def test_choose_needs_a_position() -> None:
    with pytest.raises(TypeError, match="not list"):
        Engine(4).choose([3, 3])  # type: ignore[arg-type]


@pytest.mark.parametrize("level", ["1", "2", "3", "4"])
def test_the_same_players_as_the_levels(level: str) -> None:
    # A seeded Engine plays the moves of make_policy(level) with the same generator.
    engine, policy, rng = Engine(level, seed=11), make_policy(level), random.Random(11)
    game = Game()
    while not game.is_over():
        move = engine.choose(game)
        assert move == policy.choose(game, rng)
        game.play(move)


def test_seed_replays_the_same_game() -> None:
    first = play_out(Engine(2, seed=5), Engine(3, seed=6))
    again = play_out(Engine(2, seed=5), Engine(3, seed=6))
    assert first.moves == again.moves
    others = {play_out(Engine(2, seed=s), Engine(3, seed=s)).moves for s in range(6)}
    assert len(others) > 1


def test_rng_replaces_the_engine_s_generator() -> None:
    engine = Engine(1, seed=0)
    moves = [engine.choose(Game(), random.Random(3)) for _ in range(5)]
    assert len(set(moves)) == 1


@pytest.mark.parametrize("moves", MIDGAME)
@pytest.mark.parametrize("level", ["5", "perfect"])
def test_exact_levels_play_a_best_move(moves: str, level: str, solver: link4.Solver) -> None:
    game = Game(moves)
    scores = solver.analyze(game)
    best = max(s for s in scores if s is not None)
    for seed in range(3):
        assert scores[Engine(level, seed=seed).choose(game)] == best


@pytest.mark.parametrize("moves", MIDGAME)
def test_perfect_within_a_time_limit_plays_a_best_move_when_it_finishes(
    moves: str, solver: link4.Solver
) -> None:
    game = Game(moves)
    scores = solver.analyze(game)
    best = max(s for s in scores if s is not None)
    assert scores[Engine("perfect", time_limit=5).choose(game)] == best


def test_perfect_within_a_time_limit_answers_on_the_empty_board() -> None:
    # Solving the empty board takes most of a minute; the limit cuts it to a fraction
    # of a second (the bound here is loose: the machine may be busy).
    start = time.perf_counter()
    move = Engine("perfect", time_limit=0.2).choose(Game())
    assert 0 <= move < 7
    assert time.perf_counter() - start < 3


def test_perfect_beats_level_three_from_a_won_position() -> None:
    # The side to move (red) wins here: perfect play keeps the win whatever level 3 does.
    start = "2531276566711153"
    assert link4.solve(start) > 0
    for seed in range(3):
        game = play_out(Engine("perfect"), Engine(3, seed=seed), start)
        outcome = game.outcome()
        assert outcome is not None and outcome.winner is link4.RED
