"""The board sizes that a test of "every size" plays on.

Every kind the engine has: the standard board; each other size compiled as a type of
its own (cpp/link4/geometry.hpp's Geometries: 7x5, 6x6, 5x8, 8x5, 6x7, 9x5); boards
packed in 64 bits whose shape is read at runtime (4x4, 5x4, 6x5, 5x7, and the extremes
9x4, 4x12, 5x12, 12x4 and 4x13); and the wide ones past 64 bits (8x7, 8x8, 9x12, 10x6
and 11x5, then 12x9 and 9x13, the largest). Columns 10 to 12 are letters in move
strings (a, b, c): the sizes past 9 columns check them. A test about one size in
particular names it instead.
"""

from __future__ import annotations

BOARD_SIZES: list[tuple[int, int]] = [
    (7, 6),
    (7, 5),
    (6, 6),
    (5, 8),
    (8, 5),
    (6, 7),
    (9, 5),
    (4, 4),
    (5, 4),
    (6, 5),
    (5, 7),
    (9, 4),
    (4, 12),
    (5, 12),
    (12, 4),
    (4, 13),
    (8, 7),
    (8, 8),
    (9, 12),
    (10, 6),
    (11, 5),
    (12, 9),
    (9, 13),
]
