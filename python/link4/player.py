"""Engine: the players of ``link4 play --level`` as an object that chooses moves.

See :class:`link4.Engine`; the levels themselves are in :mod:`link4.levels`.

>>> from link4 import Game
>>> engine = Engine(level=4, seed=1)
>>> engine.choose(Game("121212"))        # red completes column 1 (index 0)
0
>>> Engine("perfect").choose("2531276566711153")   # the only winning move
1
"""

from __future__ import annotations

import random

from link4._request import limits
from link4.engine import PositionLike, Solver
from link4.errors import GameOverError
from link4.game import as_game
from link4.levels import LEVELS, Policy, make_policy

__all__ = ["Engine"]

_SOLVER_LEVELS = ("5", "perfect")


def _level_name(level: int | str) -> str:
    if isinstance(level, bool) or not isinstance(level, (int, str)):
        raise TypeError(f"level is an int from 1 to 5 or 'perfect', not {type(level).__name__}")
    name = str(level).strip().lower()
    if name not in LEVELS:
        raise ValueError(f"unknown level {level!r}: the levels are 1 to 5 and 'perfect'")
    return name


class Engine:
    """A player of a given strength: ``choose(game)`` returns its move (a 0-based column).

    For a script, a notebook or an environment that needs an opponent: ``level`` is
    ``1`` (a beginner) to ``5`` (an expert) or ``"perfect"``, as an int or a string: the
    same players as ``link4 play --level`` (see :mod:`link4.levels`).
    ``seed`` makes its choices reproducible (the levels draw among equal moves at random,
    and the lower ones err on purpose); None seeds from the system.

    ``time_limit`` is a budget in seconds per move:

    - ``"perfect"``: without a limit a move just past the opening book (the shipped one
      holds every position with up to 10 discs) can take a second or more. With one, the
      exact solver searches for at most that long:
      when it finishes the move is a best move (drawn at random among equal ones, as
      without a limit); when it does not, it is the move behind the best bound it
      proved, which is not guaranteed to be best.
    - levels 1 to 5 bound their thinking by fixed node budgets, whatever the limit: a
      few milliseconds per move for levels 1 to 4, up to about a second for level 5 early
      in the game (less than 0.1 s once 12 discs are down). The limit does not shorten
      them, so give level 5 at least a second and a half.

    ``solver`` is the Solver whose table levels 5 and perfect use (a new one of the
    default size if None).

    Args:
        level: ``1`` to ``5`` or ``"perfect"``, as an int or a string (any case, spaces
            around it ignored).
        seed: The seed of the engine's random generator; None seeds from the system.
        time_limit: The budget in seconds per move (more than 0), or None for none.
        solver: The :class:`link4.Solver` of levels 5 and perfect, shared with other
            users of it if given (the other levels use none).

    Raises:
        TypeError: ``level`` is neither an int nor a string, or ``time_limit`` is not a
            number.
        ValueError: An unknown level, or a ``time_limit`` that is not more than 0.

    Examples:
        >>> from link4 import Game
        >>> engine = Engine(level=3, seed=1)
        >>> engine
        Engine(level=3, seed=1)
        >>> engine.choose(Game("4455")) in (2, 5)     # either of red's winning columns
        True
        >>> engine.choose("4455667")
        Traceback (most recent call last):
          ...
        link4.GameOverError: no move to choose: the game is over: red wins with its 4th disc
        >>> Engine(6)
        Traceback (most recent call last):
          ...
        ValueError: unknown level 6: the levels are 1 to 5 and 'perfect'
    """

    def __init__(
        self,
        level: int | str = 5,
        *,
        seed: int | None = None,
        time_limit: float | None = None,
        solver: Solver | None = None,
    ) -> None:
        self._level = _level_name(level)
        # The searches' own check (types, NaN, negatives; a limit past a century is
        # none), then the one thing an engine adds: it must have some time to move.
        _, seconds = limits(time_limit, None)
        if time_limit is not None and not time_limit > 0:
            raise ValueError(f"time_limit must be a number of seconds > 0, not {time_limit!r}")
        self._time_limit = seconds
        self._seed = seed
        self._rng = random.Random(seed)
        if solver is None and self._level in _SOLVER_LEVELS:
            solver = Solver()
        self._policy: Policy = make_policy(self._level, solver, time_limit=seconds)

    @property
    def level(self) -> str:
        """The level, ``"1"`` to ``"5"`` or ``"perfect"``."""
        return self._level

    @property
    def time_limit(self) -> float | None:
        """The budget per move in seconds, or None."""
        return self._time_limit

    def choose(self, game: PositionLike, rng: random.Random | None = None) -> int:
        """The engine's move in ``game`` (a Game or a move string): a 0-based column.

        ``rng`` replaces the engine's own generator for this move (environments pass
        theirs so that a seeded reset replays the same games). The game is not changed.

        Args:
            game: The position: a :class:`link4.Game` of any size or a move string (7 x 6).
            rng: The random generator for this move; None for the engine's own.

        Returns:
            The column (0-based) the engine plays.

        Raises:
            GameOverError: Once the game has ended.
            TypeError: ``game`` is neither a Game nor a string.
            InvalidMoveError: A malformed move string.
            IllegalMoveError: A move string with a move the rules forbid.
            RuntimeError: The solver (levels 5 and perfect) is searching in another thread.

        Example:
            >>> Engine(level=2, seed=7).choose("121212")    # red completes column 1
            0
        """
        game = as_game(game)
        outcome = game.outcome()
        if outcome is not None:
            raise GameOverError(f"no move to choose: the game is over: {outcome}")
        return int(self._policy.choose(game, self._rng if rng is None else rng))

    def __repr__(self) -> str:
        level = f"'{self._level}'" if self._level == "perfect" else self._level
        extras = "".join(
            f", {name}={value!r}"
            for name, value in (("seed", self._seed), ("time_limit", self._time_limit))
            if value is not None
        )
        return f"Engine(level={level}{extras})"
