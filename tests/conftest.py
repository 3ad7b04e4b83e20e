from __future__ import annotations

from importlib import resources

import pytest


def load_pons(file: str, limit: int | None = None) -> list[tuple[str, int]]:
    """(moves, score) pairs of one of the bundled benchmark sets."""
    text = resources.files("link4").joinpath("data", "pons", file).read_text()
    pairs = [(m, int(s)) for m, s in (line.split() for line in text.splitlines() if line)]
    return pairs[:limit]


@pytest.fixture(scope="session")
def solver():  # type: ignore[no-untyped-def]
    """A solver without the opening book: what the tests check is its search."""
    import link4

    return link4.Solver(table_mb=16, book=None)
