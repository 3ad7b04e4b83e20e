"""The published table of board sizes (John Tromp for width + height <= 15 and 8x8;
Christophe Steininger's c4 beyond): who wins the empty board with perfect play, and the
move (plies from 1) on which that game ends; a draw fills the board. The tests that
check link4 against it take their rows from here."""

from __future__ import annotations

PUBLISHED: list[tuple[int, int, str, int]] = [
    (4, 4, "draw", 16),
    (4, 5, "draw", 20),
    (5, 4, "draw", 20),
    (4, 6, "draw", 24),
    (6, 4, "second", 24),
    (5, 5, "draw", 25),
    (4, 7, "draw", 28),
    (7, 4, "draw", 28),
    (6, 5, "draw", 30),
    (6, 6, "second", 36),
    (7, 5, "draw", 35),
    (6, 7, "first", 41),
    (7, 6, "first", 41),
    (8, 5, "first", 39),
    (9, 5, "first", 41),
    (8, 7, "first", 53),
    (9, 6, "second", 52),
    (8, 8, "second", 62),
    (9, 7, "first", 55),
    (8, 6, "second", 48),
    (6, 8, "second", 48),
    (7, 7, "draw", 49),
    (7, 8, "first", 55),
    (10, 4, "second", 40),
    (11, 4, "second", 44),
    (12, 4, "second", 48),
    (4, 13, "draw", 52),
    (5, 13, "draw", 65),
    (10, 5, "first", 47),
    (11, 5, "first", 51),
    (10, 6, "first", 59),
]


def small(cells: int) -> list[tuple[int, int, str, int]]:
    """The rows of the boards of at most `cells` cells, which a test can solve at once."""
    return [row for row in PUBLISHED if row[0] * row[1] <= cells]
