"""The fixtures every test folder shares."""

from __future__ import annotations

import pytest

from tests.support.sizes import BOARD_SIZES


@pytest.fixture(scope="session")
def solver():  # type: ignore[no-untyped-def]
    """A solver without the opening book: what the tests check is its search."""
    import link4

    return link4.Solver(table_mb=16, book=None)


@pytest.fixture(params=BOARD_SIZES, ids=[f"{w}x{h}" for w, h in BOARD_SIZES])
def board_size(request: pytest.FixtureRequest) -> tuple[int, int]:
    """(width, height) of each board size of tests.support.sizes, one test each."""
    return request.param  # type: ignore[no-any-return]
