"""The playing levels: legal, reproducible under a seed, and as strong as they claim."""

from __future__ import annotations

import random
from typing import Any

import pytest

import link4
from link4 import _core
from link4._text import Palette, hint_words, render_board, score_words
from link4.errors import GameOverError
from link4.game import core_position
from link4.levels import (
    DEFAULT_LEVEL,
    HEURISTIC_WIN,
    LEVELS,
    ExactPolicy,
    HeuristicPolicy,
    make_policy,
    safe_moves,
)

# Middle-game positions: every level answers at once from these.
DRAWN = "3651433667521135"  # red to move, a draw; columns 3 and 5 hold it
WON = "5323365136332172"  # red to move; only column 5 wins (column 3 is full)
MIDDLE = [DRAWN, WON, "26614145151", "7261213472451521", "12344456256"]


@pytest.fixture(scope="module")
def solver() -> link4.Solver:
    return link4.Solver(table_mb=16)


def play_out(red: str, yellow: str, start: str, seed: int, solver: link4.Solver) -> str:
    policies = {link4.RED: make_policy(red, solver), link4.YELLOW: make_policy(yellow, solver)}
    rng = random.Random(seed)
    game = link4.Game(start)
    while not game.is_over():
        col = policies[game.turn].choose(game, rng)
        assert col in game.legal_moves()
        game.play(col)
    return game.moves


@pytest.mark.parametrize("level", LEVELS)
def test_same_seed_same_game(level: str) -> None:
    # Fresh solvers each time: a level's play must not depend on anything but the seed.
    games = {
        play_out(level, "3", DRAWN, seed, link4.Solver(table_mb=8))
        for seed in (11, 11, 11)
    }
    assert len(games) == 1


@pytest.mark.parametrize("level", ["1", "2", "3"])
def test_games_vary_with_the_seed(level: str, solver: link4.Solver) -> None:
    games = {play_out(level, level, "44", seed, solver) for seed in range(6)}
    assert len(games) >= 3


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_legal_moves(level: str, solver: link4.Solver) -> None:
    policy = make_policy(level, solver)
    for moves in MIDDLE:
        game = link4.Game(moves)
        col = policy.choose(game, random.Random(3))
        assert col in game.legal_moves()
        assert game.moves == moves  # choosing never changes the game


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_takes_a_win_in_one(level: str, solver: link4.Solver) -> None:
    # Red has three in column 1 and wins there; even the beginner sees it.
    policy = make_policy(level, solver)
    assert {policy.choose(link4.Game("121212"), random.Random(seed)) for seed in range(5)} == {0}


@pytest.mark.parametrize("level", ["2", "3", "4", "5"])  # perfect: see the next tests
def test_levels_from_two_up_always_block(level: str, solver: link4.Solver) -> None:
    # Yellow has three in column 2; red must block there.
    policy = make_policy(level, solver)
    assert {policy.choose(link4.Game("424212"), random.Random(seed)) for seed in range(5)} == {1}


def test_the_beginner_sometimes_forgets_to_block() -> None:
    policy = make_policy("1")
    chosen = [policy.choose(link4.Game("424212"), random.Random(seed)) for seed in range(40)]
    assert 1 in chosen and any(c != 1 for c in chosen)


def test_perfect_keeps_the_value_and_wins_fastest(solver: link4.Solver) -> None:
    perfect = make_policy("perfect", solver)
    for moves in MIDDLE:
        game = link4.Game(moves)
        scores = solver.analyze(game)
        best = max(s for s in scores if s is not None)
        for seed in range(3):
            col = perfect.choose(game, random.Random(seed))
            assert scores[col] == best, moves
    assert isinstance(perfect, ExactPolicy) and perfect.last_score is not None


def test_perfect_breaks_ties_at_random(solver: link4.Solver) -> None:
    perfect = make_policy("perfect", solver)
    game = link4.Game(DRAWN)
    chosen = {perfect.choose(game, random.Random(seed)) for seed in range(12)}
    assert chosen == {2, 4}


def test_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown level '6': the levels are 1, 2, 3, 4, 5, perfect"):
        make_policy("6")
    assert DEFAULT_LEVEL in LEVELS


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"depth": 0}, "depth out of range: 0"),
        ({"depth": 2, "margin": -1}, "margin out of range: -1"),
        ({"depth": 2, "careless": 1.5}, "careless out of range"),
    ],
)
def test_a_heuristic_policy_that_could_not_choose_is_refused(fields: dict[str, Any], message: str) -> None:
    # Such a policy would have no column left to draw from: refused, never a crash.
    policy = HeuristicPolicy("mine", "broken", **fields)
    with pytest.raises(ValueError, match=message):
        policy.choose(link4.Game("4453"), random.Random(0))


def test_safe_moves_avoid_handing_over_a_win() -> None:
    # Yellow's three in column 2 must be blocked: only column 2 is safe.
    assert safe_moves(link4.Game("424212")) == [1]
    # Yellow has an open three on the bottom row (3-4-5, with 2 and 6 free): every
    # move of red loses at once, so none is safe.
    assert safe_moves(link4.Game("131475")) == []
    assert safe_moves(link4.Game("44")) == list(range(link4.WIDTH))


def test_heuristic_search_contract() -> None:
    pos = core_position(link4.Game("121212"))
    scores, depth, nodes = _core.heuristic_scores(pos, 6, 0)
    assert depth == 6 and nodes > 0
    # Column 1 wins at once with red's 4th disc: a proven win, scored as docs/score.md describes.
    assert scores[0] == HEURISTIC_WIN + 18
    # A budget too small for depth 6 returns a shallower, completed iteration.
    _, shallow, _ = _core.heuristic_scores(core_position(link4.Game("44")), 12, 2000)
    assert 1 <= shallow < 12
    # The same arguments give the same answer.
    assert _core.heuristic_scores(pos, 6, 0) == (scores, depth, nodes)
    # Full columns have no score.
    full, _, _ = _core.heuristic_scores(core_position(link4.Game("444444")), 2, 0)
    assert full[3] is None and all(v is not None for c, v in enumerate(full) if c != 3)
    assert abs(_core.heuristic_evaluate(core_position(link4.Game("4453")))) < HEURISTIC_WIN
    with pytest.raises(ValueError, match="depth out of range: 0"):
        _core.heuristic_scores(pos, 0, 0)
    with pytest.raises(GameOverError, match="the game is over: red has won"):
        _core.heuristic_evaluate(core_position(link4.Game("1212121")))


def test_score_words() -> None:
    red, yellow = link4.RED, link4.YELLOW
    assert score_words(13, red, 4) == "red wins with its 9th disc (in 7 moves)"
    assert score_words(0, yellow, 5) == "draw with best play"
    assert score_words(-3, yellow, 5) == "red wins with its 19th disc (in 16 moves)"
    assert score_words(18, red, 6) == "red wins with its 4th disc (at once)"
    assert hint_words(5, 16) == "you can win with your 17th disc (in 9 moves)"
    assert hint_words(-2, 16) == "you are lost if the engine plays perfectly (it wins with its 20th disc)"


def test_board_rendering() -> None:
    game = link4.Game("1212121")
    outcome = game.outcome()
    assert outcome is not None
    plain = render_board(game, Palette(False), highlight=outcome.line)
    assert "\x1b" not in plain
    assert plain.count("*X*") == 4 and plain.count(" O ") == 3
    assert plain.splitlines()[-1] == "   1  2  3  4  5  6  7"
    coloured = render_board(link4.Game("44"), Palette(True))
    assert "\x1b[1;31mX\x1b[0m" in coloured and "[\x1b[1;33mO\x1b[0m]" in coloured


def _reference_evaluation(game: link4.Game) -> int:
    """The levels' static evaluation written out line by line (cpp/link4/heuristic.cpp
    counts the lines bit-sliced, all of a direction at once): the side to move's value
    minus the other side's, each from open lines of four with 1, 2 or 3 own discs (1, 4
    and 12), 24 per threat (an empty cell completing a four), 24 more on a row of the
    owner's parity (odd rows from the bottom for the first player), 60 per threat right
    above another, 3 per disc in the centre column(s); clamped below 10,000."""
    board = game.to_board()  # top row first
    width, height = game.width, game.height
    cell = {(c, height - 1 - r): board[r][c] for r in range(height) for c in range(width)}
    lines = [
        [(c + i * dc, r + i * dr) for i in range(4)]
        for c in range(width)
        for r in range(height)
        for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1))
        if all((c + i * dc, r + i * dr) in cell for i in range(4))
    ]
    centre = {width // 2} | ({width // 2 - 1} if width % 2 == 0 else set())

    def side(player: int) -> int:
        value = 0
        for line in lines:
            owners = [cell[p] for p in line]
            if all(o in (0, player) for o in owners):
                value += (0, 1, 4, 12, 0)[owners.count(player)]
        threats = {
            p for line in lines for p in line
            if cell[p] == 0 and sum(cell[q] == player for q in line) == 3
        }
        good_row = 0 if player == 1 else 1  # the first player's rows: 1, 3, 5 counting from 1
        value += 24 * len(threats) + 24 * sum(r % 2 == good_row for _, r in threats)
        value += 60 * sum((c, r - 1) in threats for c, r in threats)
        value += 3 * sum(cell[(c, r)] == player for c in centre for r in range(height))
        return value

    mover = 1 if game.ply % 2 == 0 else 2
    v = side(mover) - side(3 - mover)
    return max(-9999, min(9999, v))


@pytest.mark.parametrize("size", [(7, 6), (4, 4), (5, 7), (8, 5), (9, 12)])
def test_the_static_evaluation_is_the_documented_formula(size: tuple[int, int]) -> None:
    rng = random.Random(size[0] * 100 + size[1])
    checked = 0
    while checked < 150:
        game = link4.Game(width=size[0], height=size[1])
        for _ in range(rng.randrange(game.width * game.height)):
            if game.is_over():
                break
            game.play(rng.choice(game.legal_moves()))
        if game.is_over():
            continue
        assert _core.heuristic_evaluate(core_position(game)) == _reference_evaluation(game), game.moves
        checked += 1
