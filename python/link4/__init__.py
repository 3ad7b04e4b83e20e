"""link4: a perfect Connect Four engine.

A C++ solver with a Python face: it plays games under the rules, scores any position
exactly, finds every best move, and plays at eight levels of strength or perfectly, on
the standard 7 x 6 board and on any board of 4 to 12 columns and 4 to 13 rows up to
12 x 9, 11 x 10, 10 x 11 and 9 x 13; four in a row wins, or 3, 5 or 6 in a row where
a game says so (``inarow=``, where the line fits the board).

A position is a :class:`link4.Game` or a move string: the columns played as digits from
1 (the leftmost) to the width, such as ``"4453"``, with ``a``, ``b`` and ``c`` for
columns 10, 11 and 12 of the widest boards; a move string alone is a position of the
7 x 6 board, and where a call names a board (``width=`` and ``height=``, or a
:class:`link4.Solver` made for one) a position of that board. Calls take and return
0-based columns. A score is seen from the side
to move: 0 a draw, positive a win, the sooner the higher (see :class:`link4.Solver` and
:mod:`link4.score`).

>>> import link4
>>> g = link4.Game("4453")
>>> g.play(3)
>>> g.moves
'44534'
>>> link4.Game("334", width=6, height=5)      # any board from 4 x 4 to 12 x 9 or 9 x 13
Game('334', width=6, height=5)
>>> link4.solve("4455")                       # red wins with its 4th disc: 22 - 4
18
>>> link4.Game("1212121", width=7, height=9, inarow=5).is_over()   # Connect 5: not yet
False

The package's names:

- The rules: :class:`link4.Game`, :class:`link4.Outcome`, :class:`link4.Player`
  (:data:`link4.RED` moves first, :data:`link4.YELLOW`), :data:`link4.WIDTH` and
  :data:`link4.HEIGHT` (the standard board).
- Exact answers: :class:`link4.Solver` (scores, best moves, analyses, within a budget
  or not), :func:`link4.solve`, :class:`link4.SearchResult`, :class:`link4.Limit` (a
  search's budget of time and nodes), :data:`link4.CENTRE_ORDER` (the tie rule's order).
- Why a position is worth what it is: :func:`link4.explain` (an
  :class:`link4.Explanation`: the verdict, the threats, the rules that prove it, the
  best line).
- Long searches: progress as they go (:class:`link4.SearchProgress`), checkpoints
  (:class:`link4.Checkpoint`, :func:`link4.read_checkpoint`) and :func:`link4.resume`
  to go on with a stopped solve.
- Many positions on several threads: :func:`link4.solve_many`,
  :func:`link4.search_many`, :func:`link4.analyze_many`.
- Reviewing a game move by move: :func:`link4.review`, :class:`link4.Review` (each
  move's mark, each side's accuracy, the turning points; :mod:`link4.marks` says what a
  mark means), :exc:`link4.ReviewInterrupted` (the review done when Ctrl-C came).
- Players: :class:`link4.Engine`, levels 1 to 8 and perfect, rated on one Elo scale (:mod:`link4.ratings`).
- The opening book: :class:`link4.Book`.
- :func:`link4.perft` (counting move sequences), :func:`link4.describe_score` (a score
  in words) and ``link4.evaluate`` (how well a policy plays; it needs numpy and
  Gymnasium, and is imported on first use, so that ``import link4`` stays quick and
  needs neither).
- The exceptions, each a ValueError: :exc:`link4.InvalidMoveError`,
  :exc:`link4.IllegalMoveError`, :exc:`link4.GameOverError`, :exc:`link4.BoardError`,
  :exc:`link4.BoardSizeError`, :exc:`link4.InarowError`, :exc:`link4.SizeMismatchError`,
  :exc:`link4.BookError`, :exc:`link4.CheckpointError`;
  and :exc:`link4.Interrupted`, the KeyboardInterrupt of a batch stopped by Ctrl-C.

The modules for other libraries are imported on their own: :mod:`link4.gymnasium`,
:mod:`link4.pettingzoo`, :mod:`link4.openspiel`, :mod:`link4.kaggle`,
:mod:`link4.vector` (batched environments), :mod:`link4.dataset` (labelled positions)
and :mod:`link4.web` (``link4 serve``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from link4._version import __version__
from link4.batch import analyze_many, search_many, solve_many
from link4.book import Book
from link4.engine import CENTRE_ORDER, SearchResult, Solver, solve
from link4.errors import (
    BoardError,
    BoardSizeError,
    BookError,
    CheckpointError,
    GameOverError,
    IllegalMoveError,
    InarowError,
    Interrupted,
    InvalidMoveError,
    SizeMismatchError,
)
from link4.explain import Explanation, explain
from link4.game import HEIGHT, RED, WIDTH, YELLOW, Game, Outcome, Player
from link4.game_review import Review, ReviewInterrupted, review
from link4.limit import Limit
from link4.long_search import Checkpoint, SearchProgress, read_checkpoint, resume
from link4.perft import perft
from link4.players import Engine
from link4.wording import describe_score

if TYPE_CHECKING:
    from link4.evaluation import evaluate as evaluate

__all__ = [
    "CENTRE_ORDER",
    "HEIGHT",
    "RED",
    "WIDTH",
    "YELLOW",
    "BoardError",
    "BoardSizeError",
    "Book",
    "BookError",
    "Checkpoint",
    "CheckpointError",
    "Engine",
    "Explanation",
    "Game",
    "GameOverError",
    "IllegalMoveError",
    "InarowError",
    "Interrupted",
    "InvalidMoveError",
    "Limit",
    "Outcome",
    "Player",
    "Review",
    "ReviewInterrupted",
    "SearchProgress",
    "SearchResult",
    "SizeMismatchError",
    "Solver",
    "__version__",
    "analyze_many",
    "describe_score",
    "evaluate",
    "explain",
    "perft",
    "read_checkpoint",
    "resume",
    "review",
    "search_many",
    "solve",
    "solve_many",
]


def __getattr__(name: str) -> Any:
    # link4.evaluate needs numpy and Gymnasium: imported on first use, so that
    # `import link4` stays quick and needs neither.
    if name == "evaluate":
        from link4.evaluation import evaluate

        return evaluate
    raise AttributeError(f"module 'link4' has no attribute {name!r}")
