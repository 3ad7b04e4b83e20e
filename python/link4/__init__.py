"""link4: a perfect Connect Four engine.

>>> import link4
>>> g = link4.Game("4453")
>>> g.play(3)
>>> g.moves
'44534'
"""

from __future__ import annotations

from link4._version import __version__
from link4.engine import SearchResult, Solver, solve, solve_many
from link4.errors import BoardError, GameOverError, IllegalMoveError, InvalidMoveError
from link4.game import HEIGHT, RED, WIDTH, YELLOW, Game, Outcome, Player
from link4.perft import perft
from link4.player import Engine

__all__ = [
    "HEIGHT",
    "RED",
    "WIDTH",
    "YELLOW",
    "BoardError",
    "Engine",
    "Game",
    "GameOverError",
    "IllegalMoveError",
    "InvalidMoveError",
    "Outcome",
    "Player",
    "SearchResult",
    "Solver",
    "__version__",
    "perft",
    "solve",
    "solve_many",
]
