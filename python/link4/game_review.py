"""The review of a game: each move's mark, each side's accuracy, where the result changed.

:func:`link4.review` searches, for every move played, the value of each column in the
position before it (one :meth:`link4.Solver.analyze` per move, on one solver whose table
serves the whole game), and marks the move by the rule of :mod:`link4.marks`. The
:class:`Review` it returns holds what the searches proved; everything else (the marks,
the summaries per side, the turning points, the series for a chart, the words) is made
from that, so that a review read back from JSON says the same.

>>> import link4
>>> r = link4.review(link4.Game("4444332", width=5, height=4))
>>> [m.mark for m in r.moves]
['best', 'best', 'mistake', 'mistake', 'best', 'mistake', 'best']
>>> r.sides[link4.RED].accuracy, [t.ply for t in r.turning_points]
(0.75, [2, 3, 5])
>>> r.turning_points[0].words(r.width, r.height)
"red's 2nd move (column 4) gave away the draw: yellow wins with its 10th disc (in 9 moves)"
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from link4._request import thread_count
from link4.engine import ColumnValue, Solver
from link4.errors import Interrupted
from link4.game import Game, PositionLike, as_game
from link4.limit import NO_LIMIT, Limit, Spending, limit_of
from link4.marks import MARKS, SYMBOLS, Mark, Outcome, Value, decided_mark, decided_only_move
from link4.rules import INAROW, Player, move_string, ordinal
from link4.wording import bound_words, score_words

__all__ = [
    "MoveReview",
    "Progress",
    "Review",
    "ReviewInterrupted",
    "SideSummary",
    "TurningPoint",
    "review",
    "value_words",
]

Progress = Callable[[int, int], object]
"""Called as ``progress(done, total)`` after each move is reviewed."""


def _value(column: ColumnValue) -> Value | None:
    if column is None:
        return None
    if isinstance(column, int):
        return Value(column, column)
    return Value(column.lower, column.upper)


def value_words(value: Value, mover: Player, ply: int, width: int, height: int) -> str:
    """A value seen by ``mover`` with ``ply`` discs down, in words (never a bare score).

    Args:
        value: The value, exact or within bounds.
        mover: The side it is seen by, the side to move.
        ply: The discs down.
        width: The board's columns.
        height: The board's rows.

    Returns:
        Who wins with which disc, a draw, or what the bounds prove.
    """
    if value.exact:
        return score_words(value.lower, mover, ply, width=width, height=height)
    return bound_words(value.lower, value.upper, mover, width=width, height=height)


@dataclass(frozen=True)
class MoveReview:
    """One move of a reviewed game: what the searches proved, and its mark.

    Args:
        ply: The discs down before the move (0 for the first move).
        column: The column played, 0-based.
        columns: Each column's value for the mover in the position before the move,
            None where the column is full.

    Each argument is kept as the attribute of the same name; the rest is made from them.
    """

    ply: int
    column: int
    columns: tuple[Value | None, ...]

    @property
    def mover(self) -> Player:
        """The side that played the move."""
        return Player.RED if self.ply % 2 == 0 else Player.YELLOW

    @property
    def value(self) -> Value:
        """The position's value for the mover before the move: the best of its columns."""
        playable = [c for c in self.columns if c is not None]
        return Value(max(c.lower for c in playable), max(c.upper for c in playable))

    @property
    def played(self) -> Value:
        """The value of the move played, for the mover."""
        played = self.columns[self.column]
        assert played is not None, "a move is never played in a full column"
        return played

    @property
    def best(self) -> tuple[int, ...]:
        """The columns proven best (0-based, left to right): all of them when exact."""
        top = self.value.upper
        return tuple(c for c, v in enumerate(self.columns) if v is not None and v.lower >= top)

    @property
    def mark(self) -> Mark | None:
        """The move's mark (:mod:`link4.marks`); None when a limit left it undecided."""
        return decided_mark(self.value, self.played)

    @property
    def only_move(self) -> bool | None:
        """Whether one column alone kept the result (None when a limit left it undecided)."""
        return decided_only_move(self.value, self.columns)

    @property
    def kept(self) -> bool:
        """Whether the move is proven to keep the position's result."""
        outcome = self.value.outcome
        return outcome is not None and self.played.outcome == outcome

    def words(self, width: int, height: int) -> str:
        """The move in words: its mark, what the position was worth and what it is after.

        Args:
            width: The board's columns.
            height: The board's rows.

        Returns:
            The sentence.
        """
        before = value_words(self.value, self.mover, self.ply, width, height)
        after = value_words(self.played, self.mover, self.ply, width, height)
        mark = "not marked (not solved in time)" if self.mark is None else self.mark
        return f"{self.mover} plays column {self.column + 1}, {mark}: before it, {before}; after it, {after}"


@dataclass(frozen=True)
class TurningPoint:
    """A move that changed the game's result: a mistake or a blunder.

    Args:
        move: The move.
        before: The result the mover had before it.
        after: The result it left.

    Each argument is kept as the attribute of the same name.
    """

    move: MoveReview
    before: Outcome
    after: Outcome

    @property
    def ply(self) -> int:
        """The discs down before the move."""
        return self.move.ply

    def words(self, width: int, height: int) -> str:
        """Who gave what away, in words.

        Args:
            width: The board's columns.
            height: The board's rows.

        Returns:
            The sentence.
        """
        m = self.move
        what = "its win" if self.before == "win" else "the draw"
        if self.before == "win" and self.after == "loss":
            what = "its win, and lost"
        after = value_words(m.played, m.mover, m.ply, width, height)
        return f"{m.mover}'s {ordinal(m.ply // 2 + 1)} move (column {m.column + 1}) gave away {what}: {after}"


@dataclass(frozen=True)
class SideSummary:
    """How one side played: its moves' marks counted.

    Args:
        player: The side.
        moves: Its moves reviewed.
        marks: How many of them got each mark (every mark is a key).
        kept: How many are proven to have kept the result.

    Each argument is kept as the attribute of the same name.
    """

    player: Player
    moves: int
    marks: Mapping[Mark, int]
    kept: int

    @property
    def unmarked(self) -> int:
        """The moves a limit left without a mark."""
        return self.moves - sum(self.marks.values())

    @property
    def accuracy(self) -> float | None:
        """The share of its moves proven best (None without moves): where a limit left
        moves unmarked, at least their true share."""
        return None if self.moves == 0 else self.marks["best"] / self.moves

    @property
    def kept_share(self) -> float | None:
        """The share of its moves proven to keep the result (None without moves)."""
        return None if self.moves == 0 else self.kept / self.moves


@dataclass(frozen=True)
class Review:
    """A reviewed game: every move's mark, each side's summary, the turning points.

    :func:`link4.review` makes one; :meth:`to_dict` and :meth:`from_dict` turn it into the
    JSON document ``link4 review --json`` prints and ``/api/review`` answers (its fields
    are described in the guide, :doc:`/guides/review`), and back.

    Args:
        pos: The game's moves, as a move string.
        width: The board's columns.
        height: The board's rows.
        moves: The reviewed moves, in the order they were played.
        complete: Whether every move is reviewed (False when Ctrl-C stopped the review:
            then ``moves`` holds those done, the game's last ones).
        inarow: The line that wins in the game (four unless told).

    Each argument is kept as the attribute of the same name.
    """

    pos: str
    width: int
    height: int
    moves: tuple[MoveReview, ...]
    complete: bool = True
    inarow: int = INAROW
    _by_ply: dict[int, MoveReview] = field(init=False, repr=False, compare=False)  # moves by ply

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_ply", {m.ply: m for m in self.moves})

    @property
    def game(self) -> Game:
        """The game reviewed."""
        return Game(self.pos, width=self.width, height=self.height, inarow=self.inarow)

    @property
    def sides(self) -> dict[Player, SideSummary]:
        """Each side's summary."""
        summaries = {}
        for player in (Player.RED, Player.YELLOW):
            own = [m for m in self.moves if m.mover is player]
            marks = {name: sum(m.mark == name for m in own) for name in MARKS}
            summaries[player] = SideSummary(player, len(own), marks, sum(m.kept for m in own))
        return summaries

    @property
    def turning_points(self) -> tuple[TurningPoint, ...]:
        """The moves that changed the game's result (the mistakes and the blunders)."""
        points = []
        for m in self.moves:
            before, after = m.value.outcome, m.played.outcome
            if m.mark in ("mistake", "blunder") and before is not None and after is not None:
                points.append(TurningPoint(m, before, after))
        return tuple(points)

    @property
    def series(self) -> list[Value | None]:
        """The value after every ply, from red's view: the start position first, the end
        last (``len(pos) + 1`` entries); None where no reviewed move tells it."""
        values: list[Value | None] = []
        for ply in range(len(self.pos) + 1):
            told = self.told(ply)
            if told is None:
                values.append(None)
            else:
                seen, by, _ = told
                values.append(seen if by is Player.RED else seen.flipped())
        return values

    def told(self, ply: int) -> tuple[Value, Player, int] | None:
        """The value after ``ply`` discs, as a reviewed move tells it.

        Args:
            ply: The discs down.

        Returns:
            The value, the side it is seen by and the ply its score is counted from
            (the words of a score depend on both); None when no reviewed move tells it.
        """
        last, now = self._by_ply.get(ply - 1), self._by_ply.get(ply)
        if last is not None:
            return last.played, last.mover, last.ply
        if now is not None:
            return now.value, now.mover, now.ply
        return None

    def to_dict(self) -> dict[str, Any]:
        """The review as a JSON document (plain dicts, lists, strings and numbers).

        Returns:
            The document the guide describes; :meth:`from_dict` reads it back.
        """
        w, h = self.width, self.height
        outcome = self.game.outcome()
        series: list[dict[str, Any] | None] = []
        for ply, seen in enumerate(self.series):
            told = self.told(ply)
            if seen is None or told is None:
                series.append(None)
                continue
            series.append({"ply": ply, **_value_entry(seen), "words": value_words(*told, w, h)})
        return {
            "pos": self.pos,
            "width": w,
            "height": h,
            "inarow": self.inarow,
            "complete": self.complete,
            "result": None if outcome is None else str(outcome),
            "moves": [_move_entry(m, w, h) for m in self.moves],
            "sides": {str(p): _side_entry(s) for p, s in self.sides.items()},
            "turning_points": [_turning_entry(t, w, h) for t in self.turning_points],
            "view": "red",
            "series": series,
        }

    @classmethod
    def from_dict(cls, doc: Mapping[str, Any]) -> Review:
        """The review of a document made by :meth:`to_dict`.

        Only what the searches proved is read (the position, the board, whether it is
        complete and each move's ply, column and columns); the rest follows from them.

        Args:
            doc: The document.

        Returns:
            The review.

        Raises:
            ValueError: A document that is not a review's (a field missing or of the
                wrong kind).

        Example:
            >>> import link4
            >>> r = link4.review(link4.Game("1234", width=4, height=4))
            >>> link4.Review.from_dict(r.to_dict()) == r
            True
        """
        try:
            # A document of before k in a row has no inarow: its game is four in a row.
            inarow = int(doc.get("inarow", INAROW))
            game = Game(str(doc["pos"]), width=int(doc["width"]), height=int(doc["height"]), inarow=inarow)
            moves = tuple(_move_of_entry(m, game) for m in doc["moves"])
            return cls(game.moves, game.width, game.height, moves, bool(doc["complete"]), game.inarow)
        except (KeyError, TypeError, IndexError, ValueError) as error:  # the rules' errors too
            raise ValueError(f"not a review's document: {type(error).__name__}: {error}") from None


def _move_of_entry(entry: Mapping[str, Any], game: Game) -> MoveReview:
    """A move of a document, checked against the game: its column played and its bounds."""
    ply, column = int(entry["ply"]), int(entry["column"])
    if not 0 <= ply < game.ply or game.move_list[ply] != column:
        raise ValueError(f"move {ply + 1} is not column {column + 1} of the game {game.moves!r}")
    columns = tuple(None if c is None else Value(int(c[0]), int(c[1])) for c in entry["columns"])
    if len(columns) != game.width:
        raise ValueError(f"move {ply + 1} has {len(columns)} columns, the board {game.width}")
    if columns[column] is None:
        raise ValueError(f"move {ply + 1} is played in a column said to be full")
    if any(c is not None and c.lower > c.upper for c in columns):
        raise ValueError(f"move {ply + 1} has a column whose lower bound is above its upper")
    return MoveReview(ply, column, columns)


def _value_entry(value: Value) -> dict[str, Any]:
    return {"score": value.score, "lower": value.lower, "upper": value.upper, "outcome": value.outcome}


def _move_entry(m: MoveReview, width: int, height: int) -> dict[str, Any]:
    """One move of the document."""
    return {
        "ply": m.ply,
        "move": move_string([m.column]),
        "column": m.column,
        "mover": str(m.mover),
        "value": {**_value_entry(m.value), "words": value_words(m.value, m.mover, m.ply, width, height)},
        "played": {**_value_entry(m.played), "words": value_words(m.played, m.mover, m.ply, width, height)},
        "best": list(m.best),
        "mark": m.mark,
        "symbol": None if m.mark is None else SYMBOLS[m.mark],
        "only_move": m.only_move,
        "kept": m.kept,
        "words": m.words(width, height),
        "columns": [None if c is None else [c.lower, c.upper] for c in m.columns],
    }


def _side_entry(s: SideSummary) -> dict[str, Any]:
    return {
        "moves": s.moves,
        "accuracy": s.accuracy,
        "kept": s.kept,
        "kept_share": s.kept_share,
        "marks": dict(s.marks),
        "unmarked": s.unmarked,
    }


def _turning_entry(t: TurningPoint, width: int, height: int) -> dict[str, Any]:
    m = t.move
    return {
        "ply": m.ply,
        "move": move_string([m.column]),
        "column": m.column,
        "mover": str(m.mover),
        "mark": m.mark,
        "before": t.before,
        "after": t.after,
        "words": t.words(width, height),
    }


class ReviewInterrupted(Interrupted):
    """Ctrl-C stopped a review: ``review`` holds the moves reviewed by then.

    A :exc:`link4.Interrupted`, so a KeyboardInterrupt: a script that does not catch it
    stops as on any Ctrl-C, and one that does keeps the work done::

        try:
            done = link4.review(game)
        except link4.ReviewInterrupted as stop:
            done = stop.review          # done.complete is False

    Args:
        review: The partial review.

    Kept as the attribute ``review``; ``results`` holds each move's review in the order
    played, None for those not reviewed.
    """

    def __init__(self, review: Review) -> None:
        by_ply = {m.ply: m for m in review.moves}
        super().__init__([by_ply.get(ply) for ply in range(len(review.pos))])
        self.args = (f"review interrupted after {len(review.moves)} of {len(review.pos)} moves",)
        self.review = review
        """The moves reviewed before Ctrl-C (the game's last ones)."""


def review(
    game: PositionLike,
    *,
    limit: Limit | None = None,
    threads: int | None = None,
    progress: Progress | None = None,
    solver: Solver | None = None,
) -> Review:
    """Review a game: the value of every column before each move played, and each mark.

    The positions are searched on one solver, from the last move back to the first:
    without a limit the order makes no difference to speed, but within one the quick
    late positions are settled first and the budget left goes to the early ones, and
    Ctrl-C keeps the most moves done.

    Args:
        game: The game, over or not: a :class:`link4.Game` of any size or a move string
            (of the board ``solver`` was made for, else of 7 x 6). A game with no moves
            has nothing to review.
        limit: The budget of the whole review (:class:`link4.Limit`): where it runs out,
            the remaining positions are searched at the least cost, and their values are
            the bounds proven (a mark only where the bounds decide it). None for none:
            every value exact.
        threads: The threads of the review's own solver (None: one per core); only
            without ``solver``.
        progress: Called as ``progress(done, total)`` after each move reviewed.
        solver: The :class:`link4.Solver` to search on (its table, threads and book);
            None for one of the review's own, of the game's board, with the shipped book.

    Returns:
        The :class:`Review`.

    Raises:
        ReviewInterrupted: Ctrl-C (a KeyboardInterrupt), with the review of the moves
            done.
        ValueError: ``threads`` out of range, or given with ``solver``.
        TypeError: ``limit`` is not a :class:`link4.Limit`, or ``game`` is neither a
            Game nor a string.
        link4.InvalidMoveError: A malformed move string.
        link4.IllegalMoveError: A move string with a move the rules forbid.
        link4.SizeMismatchError: A game of another size than the board ``solver`` was
            made for.

    Example:
        >>> import link4
        >>> r = link4.review("4455", threads=1)
        >>> [m.mark for m in r.moves], r.moves[2].best
        (['best', 'best', 'blunder', 'blunder'], (3,))
    """
    if solver is not None and threads is not None:
        raise ValueError("threads is for the review's own solver: give a solver its threads instead")
    game = as_game(game, None if solver is None else solver.named_board)
    budget = limit_of(limit, None, None) if limit is not None else NO_LIMIT
    if solver is None:
        solver = Solver(
            threads=thread_count(threads), width=game.width, height=game.height, inarow=game.inarow
        )
    played, width, height, inarow = game.move_list, game.width, game.height, game.inarow
    done: list[MoveReview] = []
    spending = Spending(budget)
    try:
        for ply in reversed(range(len(played))):
            before = Game(game.moves[:ply], width=width, height=height, inarow=inarow)
            values = solver.analyze(before, limit=spending.left())
            spending.spend(solver.nodes)
            done.append(MoveReview(ply, played[ply], tuple(_value(v) for v in values)))
            if progress is not None:
                progress(len(done), len(played))
    except KeyboardInterrupt:
        partial = Review(game.moves, width, height, tuple(reversed(done)), False, inarow)
        raise ReviewInterrupted(partial) from None
    return Review(game.moves, width, height, tuple(reversed(done)), inarow=inarow)
