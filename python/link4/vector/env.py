"""VectorEnv: a batch of Connect Four environments stepped together in C++.

See :mod:`link4.vector` for the picture; this module holds the environment class.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal, NamedTuple

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from link4 import _core
from link4._request import thread_count
from link4._seeding import env_seeds
from link4.game import HEIGHT, WIDTH, Game, Player
from link4.players import TABLE_MB, Bot, BotLike, as_bot
from link4.rules import INAROW, MOVE_CHARACTERS, check_inarow, check_size

__all__ = ["MAX_OPENING_PLIES", "NO_SCORE", "EpisodeHistory", "VectorEnv", "max_opening_plies"]

NO_SCORE: int = _core.NO_SCORE
"""In :attr:`EpisodeHistory.opponent_scores`: no exact score known before that move."""

MAX_ENVS = 1 << 24
"""The most environments one VectorEnv holds."""
MAX_OPENING_PLIES: int = _core.MAX_OPENING_PLIES
"""The most random moves an episode opens with (``opening_plies``): six, so that no
opening completes a four (red's fourth disc is the seventh move). With three in a row,
four (red's third disc is the fifth move): see :func:`~link4.vector.max_opening_plies`."""


def max_opening_plies(inarow: int) -> int:
    """The most random moves an episode of ``inarow`` in a row may open with.

    The core plays the opening's moves without looking for a win, so no opening may be
    long enough to complete a line: red's k-th disc is move 2k - 1.

    >>> max_opening_plies(3), max_opening_plies(4), max_opening_plies(5)
    (4, 6, 6)

    Returns:
        The fewer of :data:`MAX_OPENING_PLIES` and 2 x ``inarow`` - 2.
    """
    return _core.max_opening_plies(inarow)


# The byte of each column's move character: a batch of columns becomes move strings at once.
_MOVE_BYTES = np.frombuffer(MOVE_CHARACTERS.encode("ascii"), dtype=np.uint8)

Observations = npt.NDArray[Any]
Actions = npt.NDArray[np.int64]
Flags = npt.NDArray[np.bool_]


class EpisodeHistory(NamedTuple):
    """What each environment's current episode holds (:meth:`VectorEnv.history`).

    >>> env = VectorEnv(1, opponent="random", seed=0)
    >>> _ = env.reset()
    >>> _ = env.step([3])                   # the agent plays column 4, the bot replies
    >>> history = env.history()
    >>> history.moves[0, :3].tolist(), history.players.tolist()
    ([3, 6, -1], [1])

    Args:
        moves: The columns played in each environment (see the attribute).
        players: The agent's side in each environment, or None in self-play.
        opponent_scores: The opponent's exact scores where known (see the attribute).
    """

    moves: npt.NDArray[np.int8]
    """(num_envs, width x height): the columns played, in order, then -1."""
    players: npt.NDArray[np.int8] | None
    """(num_envs,): the side the agent plays (1 red, 2 yellow); None in self-play."""
    opponent_scores: npt.NDArray[np.int8]
    """(num_envs, width x height): at ply p, the exact score (its view, the scale of
    :mod:`link4.score`) of the position the opponent moved from, when its move came from
    a finished exact search (the perfect bot, level 8 late in the game); else
    :data:`~link4.vector.NO_SCORE`."""


def _agent_side(player: Player | int | str) -> int:
    if player == "random":
        return -1
    try:
        return 0 if Player(int(player)) is Player.RED else 1
    except (TypeError, ValueError):
        raise ValueError(f"player is RED, YELLOW or 'random', not {player!r}") from None


class VectorEnv(gymnasium.vector.VectorEnv[Observations, Actions, Any]):
    """``num_envs`` Connect Four environments stepped together in C++, on the Gymnasium
    1.x vector API.

    Every environment plays a board of ``width`` x ``height`` won by ``inarow`` in a row
    (7 x 6 and four unless given; the bot plays for that line, without the opening book
    for another than four on 7 x 6).

    Observations: (num_envs, height, width, 2) of ``dtype`` (int8, uint8 or bool), the
    planes of :meth:`link4.Game.to_planes` seen by the agent (self-play: by the side to
    move). Infos: ``action_mask`` (num_envs, width) int8, also :meth:`action_masks`;
    ``player`` (whose view, 1 red, 2 yellow); ``opponent_move`` (the bot's reply, where
    it moved); ``illegal_move`` (where the action was illegal); in self-play ``rewards``
    (num_envs, 2). Rewards: +1 for the actor's win, -1 for its loss (an illegal action,
    a column out of range or full, loses at once and changes nothing), else 0.

    >>> import numpy as np
    >>> env = VectorEnv(2, opponent="random", seed=0)
    >>> observations, infos = env.reset()
    >>> observations.shape, infos["action_mask"][0].tolist()
    ((2, 6, 7, 2), [1, 1, 1, 1, 1, 1, 1])
    >>> observations, rewards, terminated, truncated, infos = env.step(np.array([3, 3]))
    >>> infos["opponent_move"].tolist(), env.positions()     # the bot's replies
    ([6, 5], ['47', '46'])

    Args:
        num_envs: The number of environments, 1 to 2**24 (``MAX_ENVS``).
        seed: Seeds the first :meth:`reset` that is given none.
        opponent: None for self-play (both sides act through :meth:`step`, each
            observation the side to move's view, ``infos["rewards"]`` red's and
            yellow's rewards), or a bot (``"random"``, a level 1 to 8, ``"perfect"``, a
            :class:`~link4.players.Bot`): the agent plays ``player`` and the bot, computed
            in C++, the other side.
        player: The agent's side against a bot: RED, YELLOW or ``"random"`` (drawn at
            each episode). Only RED in self-play.
        opening_plies: Each episode opens with this many uniformly random moves (0 to
            ``MAX_OPENING_PLIES``, 6; 4 with three in a row, so that no opening ends a
            game), drawn from the environment's seeded stream, before
            the first action: varied games, as the levels' ladder plays them (after an
            odd number, yellow moves first). They are part of :meth:`positions` and
            :meth:`history`, with no score.
        width: The board's columns.
        height: The board's rows.
        inarow: The line that wins (3 to 6 in a row, one that fits the board).
        threads: How many threads compute the bot's moves.
        autoreset_mode: NEXT_STEP (Gymnasium's default: the step after an episode ends
            starts the next one, its action unused), SAME_STEP (the next episode starts
            in the same step; ``infos["final_obs"]`` and ``infos["final_info"]`` hold
            the ending) or DISABLED (an ended episode stays as it is, its actions
            unused, reporting its end again with reward 0, until
            ``reset(options={"reset_mask": ...})`` restarts it).
        dtype: The observations' dtype: int8, uint8 or bool.
        copy: False returns the observation buffer itself, overwritten by the next step.
        render_mode: None or ``"ansi"`` (:meth:`render` returns the boards as text).

    Raises:
        ValueError: ``num_envs`` is not an int from 1 to ``MAX_ENVS``; ``opponent``
            names no bot; ``player`` is not RED, YELLOW or ``"random"``, or is not RED in
            self-play; ``opening_plies`` is not an int from 0 to 6 (4 with three in a
            row); ``autoreset_mode``, ``dtype``, ``threads`` or ``render_mode`` is none
            of those allowed.
        TypeError: ``opponent`` is of a type that names no bot, ``dtype`` is no numpy
            dtype, or ``width``, ``height`` or ``inarow`` is not an int.
        link4.BoardSizeError: The board is of a size link4 does not play.
        link4.InarowError: ``inarow`` is a line link4 does not play on that board.
    """

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP, "render_modes": ["ansi"]}  # noqa: RUF012

    def __init__(
        self,
        num_envs: int,
        *,
        seed: int | None = None,
        opponent: BotLike | None = None,
        player: Player | int | Literal["random"] = Player.RED,
        opening_plies: int = 0,
        width: int = WIDTH,
        height: int = HEIGHT,
        inarow: int = INAROW,
        threads: int = 1,
        autoreset_mode: AutoresetMode | str = AutoresetMode.NEXT_STEP,
        dtype: npt.DTypeLike = np.int8,
        copy: bool = True,
        render_mode: str | None = None,
    ) -> None:
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or not 1 <= num_envs <= MAX_ENVS:
            raise ValueError(f"num_envs must be an int from 1 to {MAX_ENVS}, not {num_envs!r}")
        width, height = check_size(width, height)
        inarow = check_inarow(inarow, width, height)
        self.bot: Bot | None = None if opponent is None else as_bot(opponent)
        if self.bot is None and player != Player.RED:
            raise ValueError("player is the agent's side against an opponent: in self-play both sides act")
        agent = _agent_side(player)
        most = max_opening_plies(inarow)
        if (
            isinstance(opening_plies, bool)
            or not isinstance(opening_plies, int)
            or not 0 <= opening_plies <= most
        ):
            line = "" if most == MAX_OPENING_PLIES else f" with {inarow} in a row"
            raise ValueError(f"opening_plies must be an int from 0 to {most}{line}, not {opening_plies!r}")
        self.autoreset_mode = AutoresetMode(autoreset_mode)
        self.metadata = {**type(self).metadata, "autoreset_mode": self.autoreset_mode}
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode is None or 'ansi', not {render_mode!r}")
        self.render_mode = render_mode
        obs_dtype = np.dtype(dtype)
        if obs_dtype not in (np.dtype(np.int8), np.dtype(np.uint8), np.dtype(np.bool_)):
            raise ValueError(f"dtype is int8, uint8 or bool, not {obs_dtype}")
        self.num_envs, self.width, self.height, self.copy = num_envs, width, height, copy
        self.inarow = inarow
        """The line that wins in every environment's games."""
        self.single_observation_space = spaces.Box(0, 1, shape=(height, width, 2), dtype=obs_dtype)
        self.single_action_space = spaces.Discrete(width)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self.core = _core.VectorEnv(
            width,
            height,
            num_envs,
            None if self.bot is None else self.bot.spec(),
            agent,
            None if self.bot is None else self.bot.core_book(width, height, inarow),
            TABLE_MB << 20,
            thread_count(threads),
            inarow=inarow,
        )
        """The compiled batch (what link4's own modules hand to the core)."""
        self.core.opening_plies = opening_plies
        self.opening_plies = opening_plies
        """The random moves each episode opens with."""
        self._obs = np.zeros((num_envs, height, width, 2), dtype=obs_dtype)
        self._masks = np.zeros((num_envs, width), dtype=np.int8)
        self._viewers = np.zeros(num_envs, dtype=np.int8)
        self._replies = np.full(num_envs, -1, dtype=np.int8)
        self._everywhere = np.ones(num_envs, dtype=np.bool_)
        self._everywhere.flags.writeable = False
        self._first_seed, self._seeded = seed, False

    @property
    def self_play(self) -> bool:
        """Whether both sides act through ``step`` (no opponent)."""
        return self.bot is None

    def __repr__(self) -> str:
        against = "self-play" if self.bot is None else f"opponent={self.bot!r}"
        board = "" if (self.width, self.height) == (WIDTH, HEIGHT) else f", {self.width}x{self.height}"
        if self.inarow != INAROW:
            board += f", {self.inarow} in a row"
        return f"<link4.vector.VectorEnv {self.num_envs} envs, {against}{board}>"

    def _outputs(
        self,
        rewards: npt.NDArray[np.float64] | None = None,
        player_rewards: npt.NDArray[np.float64] | None = None,
        terminated: npt.NDArray[np.bool_] | None = None,
        illegal: npt.NDArray[np.bool_] | None = None,
    ) -> tuple[Any, ...]:
        return (
            self._obs,
            self._masks,
            rewards,
            player_rewards,
            terminated,
            illegal,
            self._viewers,
            self._replies,
        )

    def reset(
        self, *, seed: int | Sequence[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observations, dict[str, Any]]:
        """Start new episodes in every environment (Gymnasium's ``reset``).

        Against a bot that moves first (the agent plays yellow), its first move is
        played.

        Args:
            seed: Environment i's stream is seeded with seed + i (or the i-th of a
                sequence of seeds); None: each goes on with its stream (the first reset
                seeds them with the constructor's seed, or from the system).
            options: ``{"reset_mask": mask}``, a bool array of shape (num_envs,):
                restart only the environments where the mask is true.

        Returns:
            The observations and the infos of the batch.

        Raises:
            ValueError: An option other than ``reset_mask``, a mask of another dtype or
                shape, a negative seed, or a sequence of seeds of another length than
                ``num_envs``.
            TypeError: ``seed`` is neither an int nor a sequence of ints.
        """
        which = None
        for key, value in (options or {}).items():
            if key != "reset_mask":
                raise ValueError(f"unknown reset option {key!r}: the only one is 'reset_mask'")
            which = np.asarray(value)
            if which.dtype != np.bool_ or which.shape != (self.num_envs,):
                raise ValueError(f"reset_mask: a bool array of shape ({self.num_envs},)")
            which = np.ascontiguousarray(which)
        if seed is None and not self._seeded:
            seed = self._first_seed
            seeds: npt.NDArray[np.uint64] | None = env_seeds(self.num_envs, seed)
        else:
            seeds = None if seed is None else env_seeds(self.num_envs, seed)
        if isinstance(seed, int):
            super().reset(seed=seed)
        self._seeded = True
        self.core.reset(seeds, which, self._outputs())
        return self._observations(), self._infos()

    def step(
        self, actions: Actions | Sequence[int]
    ) -> tuple[
        Observations, npt.NDArray[np.float64], npt.NDArray[np.bool_], npt.NDArray[np.bool_], dict[str, Any]
    ]:
        """Play ``actions`` and, against a bot, its replies (Gymnasium's ``step``).

        Args:
            actions: One column per environment, 0-based (an illegal one loses that
                environment's episode).

        Returns:
            Observations, rewards, terminations, truncations (never true, as a game ends
            within width x height moves) and infos for the batch.

        Raises:
            RuntimeError: :meth:`reset` has not been called yet.
            ValueError: ``actions`` is not of shape (num_envs,), or holds floats that are
                not whole numbers.
            TypeError: ``actions`` holds other than numbers.
        """
        if not self._seeded:
            raise RuntimeError("call reset() before step()")
        n = self.num_envs
        rewards, terminated, illegal = np.empty(n), np.empty(n, dtype=np.bool_), np.empty(n, dtype=np.bool_)
        player_rewards = np.empty((n, 2)) if self.bot is None else None
        autoreset = self.autoreset_mode != AutoresetMode.DISABLED
        outputs = self._outputs(rewards, player_rewards, terminated, illegal)
        self.core.step(self._actions(actions), autoreset, outputs)
        extra: dict[str, Any] = {"illegal_move": illegal, "_illegal_move": illegal}
        if player_rewards is not None:
            extra.update(rewards=player_rewards, _rewards=self._everywhere)
        if self.autoreset_mode == AutoresetMode.SAME_STEP and terminated.any():
            extra.update(self._restart(terminated, extra))
        return self._observations(), rewards, terminated, np.zeros(n, dtype=np.bool_), self._infos(**extra)

    def _restart(self, ended: npt.NDArray[np.bool_], extra: dict[str, Any]) -> dict[str, Any]:
        """SAME_STEP: the endings of the episodes that ended, then the next ones started."""
        final_obs = np.full(self.num_envs, None, dtype=object)
        for i in np.flatnonzero(ended):
            final_obs[i] = self._obs[i].copy()
        final_info = self._infos(**extra)
        self.core.reset(None, ended, self._outputs())
        # What the step said of the ended episodes is in final_info; the infos of those
        # environments are their new episodes'.
        return {
            "final_obs": final_obs,
            "_final_obs": ended,
            "final_info": final_info,
            "_final_info": ended,
            "_illegal_move": extra["_illegal_move"] & ~ended,
        }

    def _actions(self, actions: Actions | Sequence[int]) -> Actions:
        a = np.asarray(actions)
        if a.shape != (self.num_envs,):
            raise ValueError(f"actions: one column per environment, shape ({self.num_envs},), not {a.shape}")
        if a.dtype.kind == "f":
            if not np.all(np.isfinite(a) & (a == np.floor(a))):
                raise ValueError("actions must be whole numbers (columns from 0)")
            a = np.clip(a, -1, self.width)
        elif a.dtype.kind not in "iu":
            raise TypeError(f"actions must be ints (columns from 0), not {a.dtype}")
        if a.dtype.kind == "u":
            # Past the board is past the board: keep such columns out of range once signed.
            a = np.minimum(a, self.width)
        return np.ascontiguousarray(a, dtype=np.int64)

    def _observations(self) -> Observations:
        return self._obs.copy() if self.copy else self._obs

    def _infos(self, **extra: Any) -> dict[str, Any]:
        infos: dict[str, Any] = {
            "action_mask": self._masks.copy(),
            "_action_mask": self._everywhere,
            "player": self._viewers.copy(),
            "_player": self._everywhere,
        }
        if self.bot is not None:
            infos["opponent_move"] = self._replies.copy()
            infos["_opponent_move"] = self._replies >= 0
        infos.update(extra)
        return infos

    def action_masks(self) -> npt.NDArray[np.int8]:
        """The columns each environment may play now (the infos' ``action_mask``).

        Returns:
            A (num_envs, width) int8 array, 1 where a column may be played now (none in
            an environment whose episode is over).
        """
        out = np.empty((self.num_envs, self.width), dtype=np.int8)
        self.core.masks(out)
        return out

    def sample_legal_actions(self, rng: np.random.Generator | int | None = None) -> Actions:
        """Draw a legal column in each environment, uniformly.

        The environments' own streams are not touched, so sampling does not change the
        bot's play.

        >>> env = VectorEnv(3, seed=0)
        >>> _ = env.reset()
        >>> actions = env.sample_legal_actions(0)
        >>> actions.shape, bool(((0 <= actions) & (actions < 7)).all())
        ((3,), True)

        Args:
            rng: A numpy Generator or a seed (None: from the system).

        Returns:
            One column per environment (0 where the episode is over).
        """
        generator = rng if isinstance(rng, np.random.Generator) else np.random.default_rng(rng)
        out = np.empty(self.num_envs, dtype=np.int64)
        self.core.legal_actions(generator.random(self.num_envs), out)
        return out

    def history(self) -> EpisodeHistory:
        """What each environment's current episode holds.

        Returns:
            The moves of each environment's current episode, the agent's sides and the
            opponent's exact scores where its search finished (see
            :class:`EpisodeHistory`).
        """
        cells = self.width * self.height
        moves = np.empty((self.num_envs, cells), dtype=np.int8)
        scores = np.empty((self.num_envs, cells), dtype=np.int8)
        agents = np.empty(self.num_envs, dtype=np.int8)
        self.core.history(moves, scores, agents)
        return EpisodeHistory(moves, None if self.bot is None else agents + 1, scores)

    def positions(self) -> list[str]:
        """Each environment's current game as a move string (``link4.rules.MOVE_CHARACTERS``)."""
        moves = self.history().moves
        lengths = (moves >= 0).sum(axis=1)
        characters = _MOVE_BYTES[moves.clip(0)]  # the -1 after the last move: cut off below
        return [bytes(row[:n]).decode("ascii") for row, n in zip(characters, lengths, strict=True)]

    def games(self) -> list[Game]:
        """Each environment's current game as a link4.Game (a copy), of the batch's board and line."""
        board = {"width": self.width, "height": self.height, "inarow": self.inarow}
        return [Game(moves, **board) for moves in self.positions()]

    def render(self) -> tuple[str, ...] | None:
        """Show the boards (Gymnasium's ``render``), with render_mode ``"ansi"``.

        Without a render_mode it warns that there is none.

        Returns:
            Each environment's board as text; None without a render_mode.
        """
        if self.render_mode is None:
            gymnasium.logger.warn(
                "render() without a render_mode: make the environment with render_mode='ansi'"
            )
            return None
        return tuple(str(game) for game in self.games())
