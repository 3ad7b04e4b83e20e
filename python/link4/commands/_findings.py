"""What one sitting at link4 play has proven of the positions it searched.

A hint and an analysis of the same position search on budgets of their own, so either
can prove what the other did not: a hint, searching for one best move, can solve it
exactly where the analysis, sharing its time among every column, ran out. Both add what
they proved here and answer from all of it, so that they never contradict each other:
a column proven exact once stays exact, and bounds only ever narrow.
"""

from __future__ import annotations

from dataclasses import replace

from link4.game import Game
from link4.results import ColumnValue, SearchResult

Bounds = tuple[int, int]  # (lower, upper): the proven range of a column's score


class Findings:
    """Each searched position's columns, with the narrowest bounds proven of their scores."""

    def __init__(self) -> None:
        self._proven: dict[str, dict[int, Bounds]] = {}

    def learn(self, game: Game, col: int, lower: int, upper: int) -> Bounds:
        """Add that playing ``col`` in ``game`` scores from ``lower`` to ``upper``; return the
        bounds of that column from everything proven (equal when its score is known)."""
        columns = self._proven.setdefault(game.moves, {})
        known_lower, known_upper = columns.get(col, (lower, upper))
        bounds = (max(known_lower, lower), min(known_upper, upper))
        columns[col] = bounds
        return bounds

    def analysis(self, game: Game, values: list[ColumnValue]) -> list[ColumnValue]:
        """An analysis's values with what was proven before added: a column's score (an int)
        where any search proved it, else its narrowest bounds."""
        merged: list[ColumnValue] = []
        for col, value in enumerate(values):
            if value is None or isinstance(value, int):
                if value is not None:
                    self.learn(game, col, value, value)
                merged.append(value)
                continue
            lower, upper = self.learn(game, col, value.lower, value.upper)
            merged.append(lower if lower == upper else replace(value, lower=lower, upper=upper))
        return merged

    def best(self, game: Game) -> list[int]:
        """The columns proven best in ``game``, left to right: those of a proven score that no
        other column can beat (by its upper bound); [] when nothing proves a best column."""
        columns = self._proven.get(game.moves, {})
        legal = game.legal_moves()
        if not legal or any(c not in columns for c in legal):
            return []
        exact = [columns[c][0] for c in legal if columns[c][0] == columns[c][1]]
        if not exact or max(exact) < max(columns[c][1] for c in legal):
            return []
        return [c for c in legal if columns[c] == (max(exact), max(exact))]

    def recommend(self, game: Game, hint: SearchResult) -> tuple[int, Bounds]:
        """The column to recommend after a hint's search of ``game``, and its bounds from
        everything proven: the search's best move, unless what was proven before shows
        that another column is best."""
        # Cut short, the search proved its best move worth at least ``lower``, and no
        # move worth more than ``upper``.
        lower, upper = (hint.lower, hint.upper) if hint.score is None else (hint.score, hint.score)
        bounds = self.learn(game, hint.best_move, lower, upper)
        best = self.best(game)
        if not best or hint.best_move in best:
            return hint.best_move, bounds
        return best[0], self._proven[game.moves][best[0]]
