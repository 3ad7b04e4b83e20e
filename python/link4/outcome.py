"""Outcome: how a finished game ended, as a value."""

from __future__ import annotations

from dataclasses import dataclass

from link4.rules import Cell, Player, ordinal

__all__ = ["Outcome"]


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended.

    :meth:`link4.Game.outcome` returns one once the game is over (and None before). It is
    a frozen dataclass: it compares, hashes and prints as a value. ``str()`` says it in
    words (``"red wins with its 4th disc"``, ``"draw"``).

    Args:
        winner: :data:`link4.RED`, :data:`link4.YELLOW` or None for a draw.
        line: The four cells of the winning line as (column, row) pairs, 0-based, row 0
            at the bottom (empty for a draw).
        ply: The number of discs played.

    Each argument is kept as the attribute of the same name.

    Example:
        >>> from link4 import Game
        >>> outcome = Game("4455667").outcome()
        >>> outcome.winner, outcome.line, outcome.ply
        (<Player.RED: 1>, ((3, 0), (4, 0), (5, 0), (6, 0)), 7)
        >>> print(outcome)
        red wins with its 4th disc
    """

    winner: Player | None
    line: tuple[Cell, ...]
    ply: int

    @property
    def is_draw(self) -> bool:
        """True when the game ended in a draw (a full board, no winner)."""
        return self.winner is None

    def result(self) -> str:
        """The result in the notation of game records.

        Returns:
            ``"1-0"`` (red won), ``"0-1"`` (yellow won) or ``"1/2-1/2"`` (a draw).

        Example:
            >>> from link4 import Game
            >>> Game("4455667").outcome().result()
            '1-0'
        """
        if self.winner is None:
            return "1/2-1/2"
        return "1-0" if self.winner is Player.RED else "0-1"

    def reward(self, player: Player | int) -> int:
        """The reward of ``player`` for this ending, as in PettingZoo.

        Args:
            player: The side whose reward it is: a :class:`link4.Player` or its value
                (1 red, 2 yellow).

        Returns:
            ``1`` if ``player`` won, ``-1`` if it lost, ``0`` for a draw.

        Raises:
            ValueError: ``player`` is neither 1 (red) nor 2 (yellow).

        Example:
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
