"""OpenSpiel: a link4 engine as a ``pyspiel.Bot`` for the ``connect_four`` game.

A level-8 bot (the expert) makes the first move of a game::

    import pyspiel
    from link4.openspiel import Bot

    game = pyspiel.load_game("connect_four")
    state = game.new_initial_state()
    bot = Bot(level=8)
    state.apply_action(bot.step(state))

OpenSpiel's actions are 0-based columns, as link4's are:
:meth:`Game.from_openspiel(state) <link4.Game.from_openspiel>` gives the position,
:func:`state_of(game) <state_of>` goes the other way. Boards of other sizes are
OpenSpiel's ``connect_four`` with the ``rows`` and ``columns`` parameters, and other lines
with ``x_in_row`` (a :class:`link4.Game` of ``inarow=5`` is
``pyspiel.load_game("connect_four", {"x_in_row": 5})``); the bot plays each state's own
line. Needs OpenSpiel:
``pip install "link4[openspiel]"``.
"""

from __future__ import annotations

from typing import Any

import pyspiel

from link4.engine import Solver
from link4.game import HEIGHT, WIDTH, Game, as_game
from link4.players import Engine
from link4.rules import INAROW, named_board

__all__ = ["Bot", "state_of"]


def state_of(
    game: Game | str, *, width: int | None = None, height: int | None = None, inarow: int | None = None
) -> Any:
    """The OpenSpiel ``connect_four`` state reached by the moves of ``game``.

    >>> state_of("4453").history()
    [3, 3, 4, 2]

    Args:
        game: A :class:`link4.Game`, or a move string (of the game named by ``width``,
            ``height`` and ``inarow``, else of 7 x 6 and four in a row).
        width: The board's columns, naming the game (a Game must then be of it); None
            (with ``height`` and ``inarow`` None): no game named.
        height: The board's rows (None: 6 when ``width`` or ``inarow`` is given).
        inarow: The line that wins (None: four when ``width`` or ``height`` is given).

    Returns:
        A new ``pyspiel.State`` of ``connect_four`` on the game's board size, with its
        line as ``x_in_row``.

    Raises:
        link4.InvalidMoveError: A malformed move string.
        link4.IllegalMoveError: A move string with a move the rules forbid.
        link4.BoardSizeError: A named board of a size link4 does not play.
        link4.InarowError: A named line link4 does not play on that board.
        link4.SizeMismatchError: A Game of another size or line than the game named.
        TypeError: ``game`` is neither a Game nor a string, or a size or line is not an
            int.
    """
    game = as_game(game, named_board(width, height, inarow))
    # The standard game loads without parameters, as OpenSpiel releases that have none
    # for the size can.
    params: dict[str, int] = {}
    if (game.width, game.height) != (WIDTH, HEIGHT):
        params.update(rows=game.height, columns=game.width)
    if game.inarow != INAROW:
        params["x_in_row"] = game.inarow
    state = pyspiel.load_game("connect_four", params).new_initial_state()
    for col in game.move_list:
        state.apply_action(col)
    return state


class Bot(pyspiel.Bot):  # type: ignore[misc]  # pyspiel has no type information
    """A player of OpenSpiel's ``connect_four``: ``link4.Engine(level, seed=,
    time_limit=)`` behind the ``pyspiel.Bot`` interface.

    It keeps no state between moves (each :meth:`step` reads the state's history), so it
    may join a game at any point and play either side.

    >>> bot = Bot(level=7, seed=0)
    >>> bot.step(state_of("121212"))        # red completes column 1
    0

    Args:
        level: ``1`` to ``8`` or ``"perfect"``, as :class:`link4.Engine` takes it.
        seed: Makes its choices reproducible; None seeds from the system.
        time_limit: A budget in seconds per move (see :class:`link4.Engine`); None: none.
        solver: The :class:`link4.Solver` whose table levels 8 and perfect use (a new
            one of the default size if None).

    Raises:
        ValueError: ``level`` names no level, or ``time_limit`` is not > 0.
        TypeError: ``level`` or ``time_limit`` is of the wrong type.
    """

    def __init__(
        self,
        level: int | str = 8,
        *,
        seed: int | None = None,
        time_limit: float | None = None,
        solver: Solver | None = None,
    ) -> None:
        """Make the engine behind the bot (the arguments are the class's)."""
        pyspiel.Bot.__init__(self)
        self.engine = Engine(level, seed=seed, time_limit=time_limit, solver=solver)

    def step(self, state: Any) -> int:
        """Choose the engine's move in ``state`` (OpenSpiel's ``Bot.step``).

        Args:
            state: A ``connect_four`` state, not terminal, of either player to move.

        Returns:
            The action, a 0-based column.

        Raises:
            ValueError: The state is terminal, or is not of ``connect_four``.
            link4.InarowError: The state's ``x_in_row`` is a line link4 does not play.
        """
        if state.is_terminal():
            raise ValueError("no move to choose: the OpenSpiel state is terminal")
        return self.engine.choose(Game.from_openspiel(state))

    def restart_at(self, state: Any) -> None:
        """Do nothing (OpenSpiel's ``Bot.restart_at``): the bot keeps no state to reset.

        Args:
            state: The state the game restarts at (not used).
        """

    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        """Do nothing (OpenSpiel's ``Bot.inform_action``): each step reads the history.

        Args:
            state: The state before the action (not used).
            player_id: The player who acted (not used).
            action: The action taken (not used).
        """

    def provides_force_action(self) -> bool:
        """Whether the bot can be told which action to take (OpenSpiel's API): False."""
        return False

    def provides_policy(self) -> bool:
        """Whether the bot gives a policy over actions (OpenSpiel's API): False."""
        return False

    def __repr__(self) -> str:
        return f"<link4.openspiel.Bot {self.engine!r}>"
