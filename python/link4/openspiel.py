"""OpenSpiel: a link4 engine as a ``pyspiel.Bot`` for the ``connect_four`` game.

    import pyspiel
    from link4.openspiel import Bot

    game = pyspiel.load_game("connect_four")
    state = game.new_initial_state()
    bot = Bot(level=5)
    state.apply_action(bot.step(state))

OpenSpiel's actions are 0-based columns, as link4's are: ``Game.from_openspiel(state)``
gives the position, ``state_of(game)`` goes the other way. Boards of other sizes are
OpenSpiel's ``connect_four`` with the ``rows`` and ``columns`` parameters (x_in_row 4):
``pyspiel.load_game("connect_four", {"rows": 7, "columns": 8})``. Needs OpenSpiel:
``pip install "link4[openspiel]"``.
"""

from __future__ import annotations

from typing import Any

import pyspiel

from link4.engine import Solver
from link4.game import HEIGHT, WIDTH, Game
from link4.player import Engine

__all__ = ["Bot", "state_of"]


def state_of(game: Game | str) -> Any:
    """The OpenSpiel ``connect_four`` state reached by the moves of ``game``, of its
    board size."""
    if isinstance(game, str):
        game = Game(game)
    # The standard board loads without parameters, as OpenSpiel releases that have none
    # for the size can.
    standard = (game.width, game.height) == (WIDTH, HEIGHT)
    size = {} if standard else {"rows": game.height, "columns": game.width}
    state = pyspiel.load_game("connect_four", size).new_initial_state()
    for col in game.move_list:
        state.apply_action(col)
    return state


class Bot(pyspiel.Bot):  # type: ignore[misc]  # pyspiel has no type information
    """A player of OpenSpiel's ``connect_four``: ``link4.Engine(level, seed=,
    time_limit=)`` behind the ``pyspiel.Bot`` interface.

    It keeps no state between moves (each ``step`` reads the state's history), so it
    may join a game at any point and play either side.
    """

    def __init__(
        self,
        level: int | str = 5,
        *,
        seed: int | None = None,
        time_limit: float | None = None,
        solver: Solver | None = None,
    ) -> None:
        pyspiel.Bot.__init__(self)
        self.engine = Engine(level, seed=seed, time_limit=time_limit, solver=solver)

    def step(self, state: Any) -> int:
        """The engine's move in ``state`` (an action: a 0-based column)."""
        if state.is_terminal():
            raise ValueError("no move to choose: the OpenSpiel state is terminal")
        return self.engine.choose(Game.from_openspiel(state))

    def restart_at(self, state: Any) -> None:
        pass

    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        pass

    def provides_force_action(self) -> bool:
        return False

    def provides_policy(self) -> bool:
        return False

    def __repr__(self) -> str:
        return f"<link4.openspiel.Bot {self.engine!r}>"
