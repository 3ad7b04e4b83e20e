"""PettingZoo: Connect Four as an AEC environment, backed by link4's engine.

:func:`env` is a drop-in for ``pettingzoo.classic.connect_four_v3.env()``: the same agents
(``player_0`` moves first, as red), spaces, observations (``observation``: (6, 7, 2) int8
planes, the observing agent's discs in plane 0; ``action_mask``: the columns it may
play), rewards (+1 for the winner, -1 for the loser, 0 for a draw) and wrappers (an
illegal move ends the game with -1 for the agent that made it). The rules run in the C++
core: a step takes a quarter of connect_four_v3's time, half of it once PettingZoo's
wrappers are counted (``bench/pettingzoo_steps.py``). Needs
``pip install "link4[pettingzoo]"``. A game of first legal moves::

    from link4.pettingzoo import env

    e = env()
    e.reset(seed=42)
    for agent in e.agent_iter():
        observation, reward, termination, truncation, info = e.last()
        mask = observation["action_mask"]
        action = None if termination or truncation else int(mask.nonzero()[0][0])
        e.step(action)

``e.unwrapped.game`` is the position as a :class:`link4.Game`, for an engine or the solver.
``env(width=8, height=7)`` plays another board (4 to 12 columns, 4 to 13 rows, up to
12 x 9, 11 x 10, 10 x 11 and 9 x 13); the spaces follow its size. ``env(inarow=5)``
plays another line (3 to 6 in a row, one that fits the board): a game ends, and is won,
as :class:`link4.Game` of that line says.
"""

from __future__ import annotations

import warnings
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from link4._render import environment_render
from link4.game import HEIGHT, RED, WIDTH, YELLOW, Game
from link4.rules import INAROW

__all__ = ["env", "raw_env"]

Observation = dict[str, npt.NDArray[np.int8]]


def env(**kwargs: Any) -> AECEnv:
    """The environment, wrapped as ``connect_four_v3.env()`` is.

    The wrappers end the game with -1 for an agent that plays an illegal move, check
    that actions are in the action space and that the AEC protocol's calls come in
    order.

    >>> e = env()
    >>> e.reset(seed=42)
    >>> e.step(3)                           # player_0 plays column 4
    >>> observation, reward, termination, truncation, info = e.last()
    >>> e.agent_selection, observation["observation"][5, 3].tolist()     # the other's disc
    ('player_1', [0, 1])

    Args:
        **kwargs: The arguments of :class:`raw_env`: ``render_mode``, ``width``,
            ``height`` and ``inarow``.

    Returns:
        The wrapped environment.

    Raises:
        ValueError: ``render_mode`` is none of those allowed.
        TypeError: An argument other than those, or ``width``, ``height`` or ``inarow``
            not an int.
        link4.BoardSizeError: The board is of a size link4 does not play.
        link4.InarowError: ``inarow`` is a line link4 does not play on that board.
    """
    environment: AECEnv = raw_env(**kwargs)
    environment = wrappers.TerminateIllegalWrapper(environment, illegal_reward=-1)
    environment = wrappers.AssertOutOfBoundsWrapper(environment)
    return wrappers.OrderEnforcingWrapper(environment)


class raw_env(AECEnv):  # type: ignore[misc]  # AECEnv is untyped; PettingZoo's class name
    """The unwrapped environment.

    >>> e = raw_env(width=5, height=4)
    >>> e.reset()
    >>> e.step(2)
    >>> e.game, e.observe("player_0")["observation"].shape
    (Game('3', width=5, height=4), (4, 5, 2))

    Args:
        render_mode: None, ``"ansi"`` (:meth:`render` returns the text diagram) or
            ``"human"`` (it prints it).
        width: The board's columns (4 to 12).
        height: The board's rows (4 to 13; up to 12 x 9, 11 x 10, 10 x 11 and 9 x 13).
        inarow: The line that wins (3 to 6 in a row, one that fits the board).

    Raises:
        ValueError: ``render_mode`` is none of those allowed.
        TypeError: ``width``, ``height`` or ``inarow`` is not an int.
        link4.BoardSizeError: The board is of a size link4 does not play.
        link4.InarowError: ``inarow`` is a line link4 does not play on that board.
    """

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi", "human"],
        "name": "link4_connect_four_v3",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        render_mode: str | None = None,
        *,
        width: int = WIDTH,
        height: int = HEIGHT,
        inarow: int = INAROW,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode is None, 'ansi' or 'human', not {render_mode!r}")
        # The empty game checks the size and the line before the spaces are made.
        self._game = Game(width=width, height=height, inarow=inarow)
        width, height = self._game.width, self._game.height
        self.render_mode = render_mode
        self.agents = ["player_0", "player_1"]
        self.possible_agents = self.agents[:]
        self.action_spaces = {agent: spaces.Discrete(width) for agent in self.agents}
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(
                        low=0, high=1, shape=(height, width, 2), dtype=np.int8
                    ),
                    "action_mask": spaces.Box(low=0, high=1, shape=(width,), dtype=np.int8),
                }
            )
            for agent in self.agents
        }
        # Whose discs each agent sees in its plane 0, and the full columns, kept in step
        # with the core's position.
        self._sides = {"player_0": RED, "player_1": YELLOW}
        self._full = np.zeros(width, dtype=np.int8)

    @property
    def game(self) -> Game:
        """The position as a link4.Game (a copy)."""
        return self._game.copy()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The space of an agent's observations (PettingZoo's ``observation_space``).

        Args:
            agent: ``"player_0"`` or ``"player_1"``.

        Returns:
            A Dict space of ``observation``, (height, width, 2) int8 planes, and
            ``action_mask``, (width,) int8.

        Raises:
            KeyError: ``agent`` is no agent of this environment.
        """
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The space of an agent's actions (PettingZoo's ``action_space``).

        Args:
            agent: ``"player_0"`` or ``"player_1"``.

        Returns:
            Discrete(width), the columns, 0-based.

        Raises:
            KeyError: ``agent`` is no agent of this environment.
        """
        return self.action_spaces[agent]

    def observe(self, agent: str) -> Observation:
        """What ``agent`` sees now (PettingZoo's ``observe``).

        Args:
            agent: ``"player_0"`` or ``"player_1"``.

        Returns:
            A dict of ``observation``, (height, width, 2) int8 planes (a copy), the
            agent's discs in plane 0, top row first, and ``action_mask``, (width,) int8,
            for the agent to move every column with room (even once the game is over,
            as connect_four_v3), all zero for the other.

        Raises:
            KeyError: ``agent`` is no agent of this environment.
            AttributeError: :meth:`reset` has not been called.
        """
        if agent == self.agent_selection:
            # As connect_four_v3: every column with room, even once the game is over.
            mask = np.subtract(1, self._full, dtype=np.int8)
        else:
            mask = np.zeros(self._game.width, dtype=np.int8)
        return {"observation": self._game.to_planes(self._sides[agent]), "action_mask": mask}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game on the empty board, ``player_0`` to move (PettingZoo's ``reset``).

        Rewards, terminations, truncations and infos start afresh.

        Args:
            seed: Not used: the environment has no randomness.
            options: Not used.
        """
        self._game = Game(width=self._game.width, height=self._game.height, inarow=self._game.inarow)
        self._full[:] = 0
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.agents[0]

    def step(self, action: Any) -> None:
        """Play the selected agent's column and pass the turn (PettingZoo's ``step``).

        A win gives +1 to the winner and -1 to the loser and ends the game, as a full
        board does (a draw); for an agent whose game has ended, the action must be None
        and the agent is removed. With render_mode ``"human"`` the board is printed.

        Args:
            action: The column, 0-based, or None for an agent whose game has ended.

        Raises:
            AssertionError: The column is full (as in connect_four_v3; :func:`env`'s
                wrappers end the game with -1 for the agent instead).
            IndexError: The column is past the board's right edge.
            link4.IllegalMoveError: The column is negative.
            ValueError: ``action`` is not a number, or not None once the agent's game
                has ended.
            TypeError: ``action`` is None while the game runs.
            AttributeError: :meth:`reset` has not been called.
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        col = int(action)
        assert not self._full[col], "played illegal move."
        wins = self._game.is_winning_move(col)
        self._game.play(col)
        following = self.agents[1 - self.agents.index(agent)]
        if self._game.column_height(col) == self._game.height:
            self._full[col] = 1
        if wins:
            self.rewards[agent] += 1
            self.rewards[following] -= 1
            self.terminations = dict.fromkeys(self.agents, True)
        elif self._game.is_over():  # the board is full: a draw
            self.terminations = dict.fromkeys(self.agents, True)
        self.agent_selection = following
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """Show the board (PettingZoo's ``render``) as the render_mode says.

        Without a render_mode it warns that there is none.

        Returns:
            The text diagram with render_mode ``"ansi"``; None otherwise (``"human"``
            prints it).
        """
        # The warning points at render()'s caller, past this lambda and environment_render.
        return environment_render(self._game, self.render_mode, lambda m: warnings.warn(m, stacklevel=4))

    def close(self) -> None:
        """Release nothing: the environment holds no resources (PettingZoo's ``close``)."""
