"""link4: a perfect Connect Four engine.

>>> import link4
>>> g = link4.Game("4453")
>>> g.play(3)
>>> g.moves
'44534'
>>> link4.Game("334", width=6, height=5)      # any board from 4 x 4 to 9 x 12
Game('334', width=6, height=5)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from link4._text import describe_score
from link4._version import __version__
from link4.batch import analyze_many, search_many, solve_many
from link4.book import Book
from link4.engine import CENTRE_ORDER, SearchResult, Solver, solve
from link4.errors import (
    BoardError,
    BoardSizeError,
    BookError,
    GameOverError,
    IllegalMoveError,
    Interrupted,
    InvalidMoveError,
    SizeMismatchError,
)
from link4.game import HEIGHT, RED, WIDTH, YELLOW, Game, Outcome, Player
from link4.perft import perft
from link4.player import Engine

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
    "Engine",
    "Game",
    "GameOverError",
    "IllegalMoveError",
    "Interrupted",
    "InvalidMoveError",
    "Outcome",
    "Player",
    "SearchResult",
    "SizeMismatchError",
    "Solver",
    "__version__",
    "analyze_many",
    "describe_score",
    "evaluate",
    "perft",
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
