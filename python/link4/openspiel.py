"""OpenSpiel: a link4 engine as a ``pyspiel.Bot`` for the ``connect_four`` game.

    import pyspiel
    from link4.openspiel import Bot

    game = pyspiel.load_game("connect_four")
    state = game.new_initial_state()
    bot = Bot(level=5)
    state.apply_action(bot.step(state))

OpenSpiel's actions are 0-based columns, as link4's are: ``link4.Game(state.history())``
and ``Game.from_openspiel(state)`` give the position, ``state_of(game)`` goes the other
way. Needs OpenSpiel: ``pip install "link4[openspiel]"``.
"""

from __future__ import annotations

from typing import Any

import pyspiel

from link4.engine import Solver
from link4.game import Game
from link4.player import Engine

__all__ = ["Bot", "state_of"]


def state_of(game: Game | str) -> Any:
    """The OpenSpiel ``connect_four`` state reached by the moves of ``game``."""
    if isinstance(game, str):
        game = Game(game)
    state = pyspiel.load_game("connect_four").new_initial_state()
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
