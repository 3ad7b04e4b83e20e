"""The static bounds on their own (cpp/link4/static_bounds.hpp, docs/solver.md "Static
bounds"): on solved positions and their children, no bound contradicts the exact score,
and each kind of bound proves something on some of them."""

from __future__ import annotations

from collections import Counter

import pytest

import link4
from link4 import _core
from tests.support.pons import load_pons

# Solved positions of the bundled sets with their exact scores, and the children of
# each with theirs (minus the value of the move to them).
SAMPLE = load_pons("Test_L3_R1") + load_pons("Test_L2_R1") + load_pons("Test_L2_R2", 400)

Case = tuple[_core.Position, int]


@pytest.fixture(scope="module")
def solved() -> list[tuple[_core.Position, int, list[int | None]]]:
    """Each position of SAMPLE, its score and its columns' exact values."""
    solver = link4.Solver(16)
    out = []
    for moves, score in SAMPLE:
        values = solver.analyze(moves)
        out.append((_core.Position.from_moves(moves), score, values))
    return out


@pytest.fixture(scope="module")
def cases(solved: list[tuple[_core.Position, int, list[int | None]]]) -> list[Case]:
    """The positions and their children that are not over, with exact scores."""
    out: list[Case] = []
    for pos, score, values in solved:
        out.append((pos, score))
        for col, value in enumerate(values):
            if value is None:
                continue
            child = pos.copy()
            child.play(col)
            if not child.is_over():
                out.append((child, -value))
    return out


def trivial(pos: _core.Position) -> tuple[int, int]:
    """The bounds the search starts a node with, before the static bounds."""
    return -((40 - pos.ply) // 2), (41 - pos.ply) // 2


def test_no_static_bound_contradicts_the_exact_score(cases: list[Case]) -> None:
    assert len(cases) > 8000
    asked = 0
    for pos, score in cases:
        for alpha, beta in [(a, a + 1) for a in range(-5, 5)] + [(-22, 22), (-3, 3)]:
            bounds = _core.static_bounds(pos, alpha, beta)
            if bounds is None:
                continue
            asked += 1
            lower, upper = bounds
            assert lower <= score <= upper, (pos.rows(), alpha, beta, bounds, score)
    assert asked > 50_000


def test_every_kind_of_static_bound_proves_something(cases: list[Case]) -> None:
    # With the null window at 0 every bound is worked out. Which rule gave a bound shows
    # in its sign and the side to move (see tighten_static_bounds).
    kinds: Counter[str] = Counter()
    for pos, _ in cases:
        bounds = _core.static_bounds(pos, 0, 1)
        if bounds is None:
            continue
        lower, upper = bounds
        low, high = trivial(pos)
        second_to_move = pos.ply % 2 == 1
        if second_to_move and lower > 0:
            kinds["the second player wins by claimeven"] += 1
        if not second_to_move and upper < 0:
            kinds["the first player loses to claimeven"] += 1
        if second_to_move and upper < 0:
            kinds["the second player loses to the first player's zugzwang"] += 1
        if lower == 0 > low:
            kinds["the opponent has no four left to make"] += 1
        if upper == 0 < high:
            kinds["the mover has no four left to make"] += 1
    assert len(kinds) == 5, kinds
    assert min(kinds.values()) >= 50, kinds


def test_the_windows_choose_which_bounds_are_worked_out(cases: list[Case]) -> None:
    # Only the bounds that can cut the window are worked out: far above every static
    # lower bound, no lower bound; far below every static upper bound, no upper bound.
    tightened = 0
    for pos, _ in cases:
        low, high = trivial(pos)
        above = _core.static_bounds(pos, 10, 11)
        below = _core.static_bounds(pos, -11, -10)
        if above is None or below is None:
            continue
        assert above[0] == low and below[1] == high
        tightened += above[1] < high or below[0] > low
    assert tightened > 1000


def test_the_childrens_static_bounds_hold_and_cut(
    solved: list[tuple[_core.Position, int, list[int | None]]],
) -> None:
    # ChildStaticBounds, as the cutoff test asks it: an upper bound on each child's
    # score (22: none), never below the child's exact score.
    asked = proved = 0
    for pos, _, values in solved:
        uppers = _core.child_static_uppers(pos)
        if uppers is None:
            continue
        for col, upper in enumerate(uppers):
            if upper is None:
                continue
            value = values[col]
            assert value is not None
            asked += 1
            assert -value <= upper, (pos.rows(), col, upper, value)
            proved += upper < 22
    assert asked > 3000
    assert proved > 200
