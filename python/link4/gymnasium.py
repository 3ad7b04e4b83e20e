"""Gymnasium: Connect Four as a single-agent environment against a link4 engine.

The agent plays one side, the opponent (by default the level-5 bot, the club player) the other, on a
board of ``width`` columns and ``height`` rows (7 x 6 unless given), won by ``inarow``
discs in a row (four unless given: ``Connect4Env(width=7, height=9, inarow=5)`` plays
Connect 5, its bot too). The observation is
the board as (height, width, 2) int8 planes seen by the agent (its discs in plane 0, the
opponent's in plane 1, top row first: as PettingZoo's), the action a column from 0 to
width - 1, and ``info["action_mask"]`` the columns it may play (int8, 1 = legal). The reward
is +1 for a win, -1 for a loss and 0 otherwise; a move into a full column or off the
board ends the episode with -1 (and ``info["illegal_move"]``). Needs
``pip install "link4[gymnasium]"``. An episode against the level-4 bot::

    from link4.gymnasium import Connect4Env

    env = Connect4Env(opponent=4)                # the level-4 bot
    observation, info = env.reset(seed=0)
    terminated = False
    while not terminated:
        action = int(info["action_mask"].nonzero()[0][0])    # a policy goes here
        observation, reward, terminated, truncated, info = env.step(action)

After ``import link4.gymnasium``, ``gymnasium.make("link4/Connect4-v0", opponent=...)``
makes it too (see :data:`ENV_ID`).
"""

from __future__ import annotations

import random
from typing import Any, Literal, Protocol, cast

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from link4 import _core
from link4._render import environment_render
from link4._seeding import seed_value
from link4.game import HEIGHT, WIDTH, Game, Player, core_position
from link4.players import DEFAULT_LEVEL, Bot, BotLike, Engine, as_bot, core_player
from link4.rules import INAROW

__all__ = ["ENV_ID", "Connect4Env", "Opponent"]

ENV_ID = "link4/Connect4-v0"
"""The id under which ``gymnasium.make`` finds the environment once this module is
imported (``gymnasium.make("link4.gymnasium:link4/Connect4-v0")`` imports it first)."""

Observation = npt.NDArray[np.int8]


class Opponent(Protocol):
    """Anything that chooses a move: a :class:`link4.Engine`, or your own player.

    >>> class Leftmost:
    ...     def choose(self, game):
    ...         return game.legal_moves()[0]
    >>> env = Connect4Env(Leftmost(), player=Player.YELLOW)
    >>> _, info = env.reset(seed=0)
    >>> info["opponent_move"]
    0
    """

    def choose(self, game: Game) -> int:
        """Choose the opponent's move.

        Args:
            game: The position (a copy, for a player of your own), the opponent to
                move.

        Returns:
            A legal column (0-based).
        """
        ...


class Connect4Env(gymnasium.Env[Observation, np.int64]):
    """Connect Four against ``opponent``; the agent plays ``player``.

    With a bot, a seeded :meth:`reset` replays the same episode for the same actions,
    and ``reset(seed=s)`` plays the games of environment i of a
    :class:`link4.vector.VectorEnv` seeded with s - i, move for move.

    >>> env = Connect4Env(opponent=7)
    >>> observation, info = env.reset(seed=0)
    >>> observation.shape, info["action_mask"].tolist()
    ((6, 7, 2), [1, 1, 1, 1, 1, 1, 1])
    >>> observation, reward, terminated, truncated, info = env.step(3)
    >>> reward, terminated, info["opponent_move"], env.game.moves
    (0.0, False, 4, '45')
    >>> five = Connect4Env(opponent="random", width=7, height=9, inarow=5)   # Connect 5
    >>> five.reset(seed=0)[0].shape, five.game
    ((9, 7, 2), Game('', width=7, height=9, inarow=5))

    Args:
        opponent: A bot (``"random"``, a level 1 to 8, ``"perfect"``, a
            :class:`link4.players.Bot`; an Engine without a time limit counts as the bot of
            its level), computed in C++ with the environment's random stream; or any
            object with a ``choose(game)`` method (an Engine with a time limit, your own
            player). None: the level-5 bot.
        player: ``RED`` (the agent moves first, the default), ``YELLOW`` (the opponent
            moves first, in :meth:`reset`) or ``"random"`` (drawn at each reset;
            ``info["player"]`` says which).
        render_mode: None, ``"ansi"`` (:meth:`render` returns the text diagram) or
            ``"human"`` (it prints it).
        width: The board's columns (4 to 12).
        height: The board's rows (4 to 13; up to 12 x 9, 11 x 10, 10 x 11 and 9 x 13).
        inarow: The line that wins (3 to 6 in a row, one that fits the board): the
            episode ends as :class:`link4.Game` of that line says, and a bot opponent
            plays for it (without the opening book, which is of four in a row).

    Raises:
        ValueError: ``render_mode`` or ``player`` is none of those allowed, or
            ``opponent`` names no bot.
        TypeError: ``opponent`` is neither a bot nor has a ``choose`` method, or
            ``width``, ``height`` or ``inarow`` is not an int.
        link4.BoardSizeError: The board is of a size link4 does not play.
        link4.InarowError: ``inarow`` is a line link4 does not play on that board.
    """

    # gymnasium.Env declares it an instance attribute; every instance shares this one.
    metadata = {"render_modes": ["ansi", "human"], "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        opponent: Opponent | BotLike | None = None,
        *,
        player: Player | int | Literal["random"] = Player.RED,
        render_mode: str | None = None,
        width: int = WIDTH,
        height: int = HEIGHT,
        inarow: int = INAROW,
    ) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode is None, 'ansi' or 'human', not {render_mode!r}")
        # The empty game checks the size and the line before anything else is made.
        self._game = Game(width=width, height=height, inarow=inarow)
        width, height, inarow = self._game.width, self._game.height, self._game.inarow
        self.render_mode = render_mode
        self.opponent: Opponent | Bot = _opponent(opponent)
        bot = self.opponent if isinstance(self.opponent, Bot) else None
        self._bot = None if bot is None else core_player(bot, width, height, inarow)
        self._choice: Player | None = None if player == "random" else Player(player)
        self.observation_space = spaces.Box(0, 1, shape=(height, width, 2), dtype=np.int8)
        self.action_space = spaces.Discrete(width)
        self._player = self._choice or Player.RED
        self._stream: _core.Stream | None = None
        self._rng = random.Random(0)
        self._done = False

    @property
    def game(self) -> Game:
        """The position as a link4.Game (a copy)."""
        return self._game.copy()

    @property
    def player(self) -> Player:
        """The side the agent plays in this episode."""
        return self._player

    def _observation(self) -> Observation:
        return self._game.to_planes(self._player)

    def _info(self, **extra: Any) -> dict[str, Any]:
        mask = np.zeros(self._game.width, dtype=np.int8)
        if not self._done:
            mask[self._game.legal_moves()] = 1
        return {"action_mask": mask, "player": self._player, **extra}

    def _opponent_move(self, stream: _core.Stream) -> int:
        if self._bot is not None:
            move = self._bot.choose(core_position(self._game), stream)
        elif isinstance(self.opponent, Engine):
            move = self.opponent.choose(self._game, self._rng)
        else:
            move = cast(Opponent, self.opponent).choose(self._game.copy())
        self._game.play(move)
        return move

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Start a new episode (Gymnasium's ``reset``) on the empty board.

        When the agent plays yellow, the opponent makes its first move here
        (``info["opponent_move"]``); with render_mode ``"human"`` the board is printed.

        Args:
            seed: Seeds the episode's random stream, which then goes on from episode to
                episode (None: it goes on, or is seeded by Gymnasium's generator the
                first time).
            options: Not used.

        Returns:
            The agent's observation and the info (``action_mask``, ``player``, and
            ``opponent_move`` where the opponent moved).

        Raises:
            gymnasium.error.Error: ``seed`` is not an int >= 0.
            link4.IllegalMoveError: A player of your own chose an illegal move.
        """
        super().reset(seed=seed)
        # The stream goes on from episode to episode unless seeded again, as each
        # environment's of a VectorEnv does.
        if seed is not None:
            self._stream = _core.Stream.seeded(seed_value(seed))
        elif self._stream is None:
            self._stream = _core.Stream.seeded(int(self.np_random.integers(2**63)))
        stream = self._stream
        if self._bot is None:
            self._rng = random.Random(stream.next())
        if self._choice is None:
            self._player = Player.RED if stream.below(2) == 0 else Player.YELLOW
        else:
            self._player = self._choice
        self._game = Game(width=self._game.width, height=self._game.height, inarow=self._game.inarow)
        self._done = False
        extra = {}
        if self._player is Player.YELLOW:
            extra["opponent_move"] = self._opponent_move(stream)
        if self.render_mode == "human":
            self.render()
        return self._observation(), self._info(**extra)

    def step(self, action: Any) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """Play the agent's column, then the opponent's reply (Gymnasium's ``step``).

        An illegal column (full or off the board) leaves the position as it was and ends
        the episode with reward -1 and ``info["illegal_move"]``. With render_mode
        ``"human"`` the board is printed.

        Args:
            action: The column, 0-based (an int or a whole number).

        Returns:
            The observation, the reward (+1 for a win, -1 for a loss or an illegal move,
            else 0), whether the episode ended, False (no truncation) and the info
            (``action_mask``, ``player``, ``opponent_move`` where the opponent moved).

        Raises:
            RuntimeError: The episode is over, or :meth:`reset` has not been called.
            ValueError: ``action`` is not a whole number (a bool included).
            link4.IllegalMoveError: A player of your own chose an illegal move.
        """
        if self._done or self._stream is None:
            raise RuntimeError("the episode is over: call reset() to start another")
        col = _column(action)
        if not 0 <= col < self._game.width or not self._game.is_legal(col):
            # The position stays as it was; the episode ends with the agent losing.
            self._done = True
            return self._observation(), -1.0, True, False, self._info(illegal_move=True)
        self._game.play(col)
        extra: dict[str, Any] = {}
        if not self._game.is_over():
            extra["opponent_move"] = self._opponent_move(self._stream)
        outcome = self._game.outcome()
        reward = 0.0 if outcome is None else float(outcome.reward(self._player))
        self._done = outcome is not None
        if self.render_mode == "human":
            self.render()
        return self._observation(), reward, outcome is not None, False, self._info(**extra)

    def render(self) -> str | None:
        """Show the board (Gymnasium's ``render``) as the render_mode says.

        Without a render_mode it warns that there is none.

        Returns:
            The text diagram with render_mode ``"ansi"``; None otherwise (``"human"``
            prints it).
        """
        return environment_render(self._game, self.render_mode, gymnasium.logger.warn)


def _opponent(opponent: Opponent | BotLike | None) -> Opponent | Bot:
    """A bot for what names one, else the player object itself."""
    if opponent is None:
        return Bot(DEFAULT_LEVEL)
    if isinstance(opponent, (Bot, str, int)) or (
        isinstance(opponent, Engine) and opponent.time_limit is None
    ):
        return as_bot(opponent)
    if not callable(getattr(opponent, "choose", None)):
        raise TypeError(f"an opponent is a bot or has a choose(game) method, not {type(opponent).__name__}")
    return opponent


def _column(action: Any) -> int:
    """An action as a column (ValueError for what is no whole number)."""
    if isinstance(action, (bool, np.bool_)):
        raise ValueError(f"an action is a column (an int), not {action!r}")
    if hasattr(action, "__index__"):
        return int(action.__index__())
    value = np.asarray(action)
    if value.shape == () and value.dtype.kind in "iuf" and float(value).is_integer():
        return int(value)
    raise ValueError(f"an action is a column (an int), not {action!r}")


if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point="link4.gymnasium:Connect4Env")
