"""One answer everywhere: the values of every column, the best move and its tie rule.

The table below was taken from the solver before the answers moved into the core: each
row is a position, the exact score of every column (None: full), the weak scores, and
the best move (ties go to the column nearest the centre, the left one first).
"""

from __future__ import annotations

import random

import pytest

import link4
from link4 import Game, Solver

PINNED = [
    ('2252576253462244111563365343671351441', [None, None, None, None, None, -1, -2], [None, None, None, None, None, -1, -1], 5),
    ('7422341735647741166133573473242566', [-3, 1, None, None, -4, 1, None], [-1, 1, None, None, -1, 1, None], 1),
    ('23163416124767223154467471272416755633', [None, None, 0, None, -2, None, None], [None, None, 0, None, -1, None, None], 2),
    ('71255763773133525731261364622167124446454', [None, None, None, None, 0, None, None], [None, None, None, None, 0, None, None], 4),
    ('65214673556155731566316327373221417', [None, -2, None, -1, None, None, -2], [None, -1, None, -1, None, None, -1], 3),
    ('52677675164321472411331752454', [-1, 0, 0, 0, -4, 0, 0], [-1, 0, 0, 0, -1, 0, 0], 3),
    ('3135151421347443544172316522225776773566', [None, None, None, None, None, 0, None], [None, None, None, None, None, 0, None], 5),
    ('562154564361751726662253737734213275114', [None, None, -1, 0, None, None, None], [None, None, -1, 0, None, None, None], 3),
    ('5554224333234511764415115', [-8, -8, -8, -8, None, 4, -8], [-1, -1, -1, -1, None, 1, -1], 5),
    ('52753311433677442422121', [2, 3, 7, 7, 8, 7, 2], [1, 1, 1, 1, 1, 1, 1], 4),
    ('1233722555341451114725221333', [None, None, None, -1, -1, -1, -1], [None, None, None, -1, -1, -1, -1], 3),
    ('271713432331713132', [-11, -12, None, -12, -12, -12, -12], [-1, -1, None, -1, -1, -1, -1], 0),
    ('6672375354252731116762237724', [-6, None, -6, -6, -2, -2, None], [-1, None, -1, -1, -1, -1, None], 4),
    ('763452543756455357732314', [-9, -9, -8, -9, None, -9, -9], [-1, -1, -1, -1, None, -1, -1], 2),
    ('662222576343651642712157', [1, None, -8, 8, 3, 1, 7], [1, None, -1, 1, 1, 1, 1], 3),
    ('3455565261655364217', [-11, -11, -11, -11, None, -10, -11], [-1, -1, -1, -1, None, -1, -1], 5),
    ('274552224131661', [-9, -11, -12, 0, -11, -11, -11], [-1, -1, -1, 0, -1, -1, -1], 3),
    ('5455174361263362', [-12, -1, -12, -13, -12, -12, -12], [-1, -1, -1, -1, -1, -1, -1], 1),
    ('2531276566711153', [-2, 2, -1, 0, -1, 0, -12], [-1, 1, -1, 0, -1, 0, -1], 1),
    ('37313333717124171162542', [None, -7, None, 3, -8, -2, -7], [None, -1, None, 1, -1, -1, -1], 3),
    ('6614446666373154', [-4, -6, -11, -6, -13, None, -6], [-1, -1, -1, -1, -1, None, -1], 0),
    ('24617524315172127', [-12, -12, -12, -12, -12, -12, 2], [-1, -1, -1, -1, -1, -1, 1], 6),
    ('32164625', [-4, -3, 11, 4, 0, -2, -5], [-1, -1, 1, 1, 0, -1, -1], 2),
    ('243335424257', [-15, -15, -15, -15, -15, 12, -15], [-1, -1, -1, -1, -1, 1, -1], 5),
    ('5512243243536', [-3, 4, 12, 13, 8, -3, -2], [-1, 1, 1, 1, 1, -1, -1], 3),
    ('22144426444', [0, 2, 0, None, 15, 2, 0], [0, 1, 0, None, 1, 1, 0], 4),
    ('265756512', [-16, -16, -16, -16, -12, -16, -16], [-1, -1, -1, -1, -1, -1, -1], 4),
    ('424212', [-18, 4, -18, -18, -18, -18, -18], [-1, 1, -1, -1, -1, -1, -1], 1),
    ('131475', [-18, -18, -18, -18, -18, -18, -18], [-1, -1, -1, -1, -1, -1, -1], 3),
]


@pytest.mark.parametrize(("moves", "scores", "signs", "best"), PINNED)
def test_analyze_and_best_move_are_unchanged(
    solver: Solver, moves: str, scores: list[int | None], signs: list[int | None], best: int
) -> None:
    assert solver.analyze(moves) == scores
    assert solver.analyze(moves, weak=True) == signs
    assert solver.best_move(moves) == best



@pytest.mark.parametrize(("moves", "scores", "best"), [(m, s, b) for m, s, _, b in PINNED])
def test_exact_search_gives_the_same_best_move(
    solver: Solver, moves: str, scores: list[int | None], best: int
) -> None:
    r = link4.Solver(table_mb=16).search(moves, time_limit=60)
    assert r.exact and r.score == max(s for s in scores if s is not None)
    assert r.best_move == best
    assert list(r.best_moves) == [c for c in link4.CENTRE_ORDER if scores[c] == r.score]


def test_the_reproduction_of_a_losing_recommendation() -> None:
    # A bounded search used to fall back on the move ordering's first choice: column 4
    # (3 here), which loses to red's 5th disc, while reporting lower bound -3.
    s = Solver()
    s.search("44445", node_limit=3_000_000)
    r = s.search("44445", node_limit=3_000_000)
    child = Game("44445")
    child.play(r.best_move)
    assert link4.Solver().solve(child) <= -r.lower


def check_honest_best_moves(seed: int, count: int) -> None:
    """For random positions and node limits from 1 to 10^6: the best move is legal and
    worth at least the reported lower bound (its child scores at most -lower)."""
    rng = random.Random(seed)
    limited, exact = Solver(table_mb=8), Solver(table_mb=16)
    checked = 0
    while checked < count:
        game = Game()
        for _ in range(rng.randrange(8, 30)):
            moves = game.legal_moves()
            if not moves:
                break
            game.play(rng.choice(moves))
        if game.is_over():
            continue
        node_limit = int(10 ** rng.uniform(0, 6))
        r = limited.search(game, node_limit=node_limit)
        assert r.lower <= r.upper and r.nodes <= node_limit
        assert r.best_move in game.legal_moves()
        child = game.copy()
        child.play(r.best_move)
        if game.is_winning_move(r.best_move):
            pass  # the best there is
        elif child.is_over():
            assert r.lower <= 0  # the last cell: a draw
        else:
            assert exact.solve(child) <= -r.lower, (game.moves, node_limit, r)
        checked += 1


@pytest.mark.parametrize("seed", range(4))
def test_honest_best_move_under_any_node_limit(seed: int) -> None:
    check_honest_best_moves(seed, 60)


@pytest.mark.slow
def test_honest_best_move_on_thousands_of_positions() -> None:
    check_honest_best_moves(1000, 3000)


def test_weak_search_best_move_keeps_the_outcome(solver: Solver) -> None:
    for moves, _scores, signs, _best in PINNED:
        r = solver.search(moves, weak=True)
        assert r.exact and r.score == max(s for s in signs if s is not None)
        assert signs[r.best_move] == r.score
        assert list(r.best_moves) == [c for c in link4.CENTRE_ORDER if signs[c] == r.score]


@pytest.mark.parametrize(("moves", "scores"), [(m, s) for m, s, _, _ in PINNED])
def test_the_principal_variation_ends_as_the_score_says(
    solver: Solver, moves: str, scores: list[int | None]
) -> None:
    score = max(s for s in scores if s is not None)
    line = solver.pv(moves)
    game = Game(moves)
    for col in line:
        game.play(col)
    outcome = game.outcome()
    assert outcome is not None
    if score == 0:
        assert outcome.winner is None
    else:
        winner = Game(moves).turn if score > 0 else Game(moves).turn.other
        assert outcome.winner is winner
        assert link4.describe_score(score, len(moves)).startswith(f"{winner} wins with its")
        # The winner's disc count at the end is the one the score names.
        assert (game.ply + 1) // 2 == 22 - abs(score)
    assert solver.pv(moves, max_length=2) == line[:2]
