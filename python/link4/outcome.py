"""Outcome: how a finished game ended, as a value."""

from __future__ import annotations

from dataclasses import dataclass

from link4._rules import Cell, Player, ordinal

__all__ = ["Outcome"]


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended.

    ``winner`` is RED, YELLOW or None for a draw; ``line`` holds the four cells of the
    winning line as (column, row) pairs, 0-based, row 0 at the bottom (empty for a draw);
    ``ply`` is the number of discs played.
    """

    winner: Player | None
    line: tuple[Cell, ...]
    ply: int

    @property
    def is_draw(self) -> bool:
        return self.winner is None

    def result(self) -> str:
        """The result in the notation of game records: ``"1-0"`` (red won), ``"0-1"``
        (yellow won) or ``"1/2-1/2"``.

        >>> from link4 import Game
        >>> Game("4455667").outcome().result()
        '1-0'
        """
        if self.winner is None:
            return "1/2-1/2"
        return "1-0" if self.winner is Player.RED else "0-1"

    def reward(self, player: Player | int) -> int:
        """``1`` if ``player`` won, ``-1`` if it lost, ``0`` for a draw (as in PettingZoo).

        >>> from link4 import RED, YELLOW, Game
        >>> outcome = Game("4455667").outcome()
        >>> outcome.reward(RED), outcome.reward(YELLOW)
        (1, -1)
        """
        side = Player(player)
        if self.winner is None:
            return 0
        return 1 if self.winner is side else -1

    def __str__(self) -> str:
        if self.winner is None:
            return "draw"
        discs = (self.ply + 1) // 2
        return f"{self.winner} wins with its {ordinal(discs)} disc"
