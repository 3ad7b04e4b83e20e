"""The mark of a move: how much of the position's value the move played kept.

A mark compares two exact values seen by the side that moves: ``v``, the position's
value before the move (the best any column gives), and ``m``, the value of the column
played (``m <= v`` always):

========== ==========================================================================
mark       rule
========== ==========================================================================
best       ``m == v``
inaccuracy the same outcome, a later win or an earlier loss (``sign m == sign v``,
           ``m < v``)
mistake    one outcome given away: a win for a draw, or a draw for a loss
blunder    a win for a loss
========== ==========================================================================

>>> mark(18, 18), mark(18, 3), mark(5, 0), mark(0, -4), mark(2, -9)
('best', 'inaccuracy', 'mistake', 'mistake', 'blunder')

Where a search was cut short, a value is known only between bounds (a :class:`Value`);
:func:`decided_mark` then gives the mark only when every pair of values within the
bounds gets the same one, so that a mark, where there is one, is the exact mark:

>>> decided_mark(Value(5, 9), Value(-7, -1))     # a win given away for a loss, at any score
'blunder'
>>> decided_mark(Value(5, 9), Value(3, 6)) is None     # best or an inaccuracy: not decided
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

__all__ = [
    "ASCII_SYMBOLS",
    "MARKS",
    "SYMBOLS",
    "Mark",
    "Outcome",
    "Value",
    "decided_mark",
    "decided_only_move",
    "mark",
]

Mark = Literal["best", "inaccuracy", "mistake", "blunder"]
"""The mark of a move, from the best to the worst."""

MARKS: tuple[Mark, ...] = ("best", "inaccuracy", "mistake", "blunder")
"""Every mark, from the best to the worst."""

SYMBOLS: dict[Mark, str] = {"best": "✓", "inaccuracy": "?!", "mistake": "?", "blunder": "??"}
"""The symbol shown beside each mark's word (the last three are chess's annotations)."""

ASCII_SYMBOLS: dict[Mark, str] = {"best": "+", "inaccuracy": "?!", "mistake": "?", "blunder": "??"}
"""The symbols where only ASCII can be shown."""

Outcome = Literal["win", "draw", "loss"]
"""The result a value means for the side it is seen by."""


@dataclass(frozen=True)
class Value:
    """A value between proven bounds, seen by one side: exact when they meet.

    Args:
        lower: The proven lower bound of the score.
        upper: The proven upper bound of the score.

    Each argument is kept as the attribute of the same name.

    Example:
        >>> Value(18, 18).score, Value(0, 5).score, Value(0, 5).outcome, Value(1, 5).outcome
        (18, None, None, 'win')
    """

    lower: int
    upper: int

    @property
    def exact(self) -> bool:
        """Whether the bounds meet."""
        return self.lower == self.upper

    @property
    def score(self) -> int | None:
        """The score when exact, else None."""
        return self.lower if self.exact else None

    @property
    def outcome(self) -> Outcome | None:
        """The result the bounds prove (win, draw or loss), None when they prove none."""
        if self.lower > 0:
            return "win"
        if self.upper < 0:
            return "loss"
        if self.lower == self.upper == 0:
            return "draw"
        return None

    def could_be(self, outcome: Outcome) -> bool:
        """Whether the bounds leave ``outcome`` possible.

        Args:
            outcome: A result.

        Returns:
            True when some score within the bounds means that result.
        """
        if outcome == "win":
            return self.upper > 0
        if outcome == "loss":
            return self.lower < 0
        return self.lower <= 0 <= self.upper

    def flipped(self) -> Value:
        """The same value seen by the other side.

        Returns:
            The value with its bounds negated and swapped.

        Example:
            >>> Value(-3, 5).flipped()
            Value(lower=-5, upper=3)
        """
        return Value(-self.upper, -self.lower)


def _sign(score: int) -> int:
    return (score > 0) - (score < 0)


def mark(value: int, played: int) -> Mark:
    """The mark of a move from exact values, by the rule of the table above.

    Args:
        value: The position's value for the side that moves.
        played: The value of the column it played, for the same side (at most ``value``).

    Returns:
        The mark.

    Raises:
        ValueError: ``played`` is more than ``value`` (no column is worth more than the
            position).
    """
    if played > value:
        raise ValueError(f"a move worth {played} in a position worth {value}: no column beats the position")
    if played == value:
        return "best"
    before, after = _sign(value), _sign(played)
    if before == after:
        return "inaccuracy"
    return "blunder" if before - after == 2 else "mistake"


def decided_mark(value: Value, played: Value) -> Mark | None:
    """The mark every pair of values within the bounds gets, or None when they differ.

    Args:
        value: The position's value for the side that moves, exact or within bounds.
        played: The value of the column it played, exact or within bounds.

    Returns:
        The mark, which is the exact mark whatever the exact values are; None when the
        bounds leave more than one mark possible.
    """
    if value.exact and played.exact:
        return mark(value.lower, played.lower)
    if played.lower >= value.upper:  # the column reaches the most the position can be worth
        return "best"
    marks = {
        mark(v, m)
        for v in range(max(value.lower, played.lower), value.upper + 1)
        for m in range(played.lower, min(played.upper, v) + 1)
    }
    return marks.pop() if len(marks) == 1 else None


def decided_only_move(value: Value, columns: Sequence[Value | None]) -> bool | None:
    """Whether exactly one column keeps the position's result, where the bounds decide it.

    A column keeps the result when its outcome (win, draw or loss) is the position's.

    Args:
        value: The position's value for the side that moves.
        columns: Each column's value for the same side, None where full.

    Returns:
        True when one column keeps the result and no other can, False when two or more
        keep it, None when the bounds do not tell.

    Example:
        >>> decided_only_move(Value(0, 0), [Value(-2, -2), Value(0, 0), None, Value(-1, 3)])
        >>> decided_only_move(Value(0, 0), [Value(-2, -2), Value(0, 0), None, Value(-1, -1)])
        True
    """
    outcome = value.outcome
    if outcome is None:
        return None
    playable = [c for c in columns if c is not None]
    keep = sum(c.outcome == outcome for c in playable)
    could = sum(c.could_be(outcome) for c in playable)
    if keep >= 2:
        return False
    return True if could == 1 else None
