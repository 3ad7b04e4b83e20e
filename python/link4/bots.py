"""Bots: the built-in players in compiled form.

A uniform random player, the levels 1 to 5 and the perfect player (under a node budget
per move if wanted). A :class:`Bot` names one of them. Environments take it (or its
shorthand: ``"random"``, a level ``1`` to ``5``, ``"perfect"``) as their opponent and
play its moves in C++ with their own random streams; :class:`BatchBot` plays it for
every environment of a :class:`link4.vector.VectorEnv`, as an agent or as the other side
of a self-play batch.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from link4 import _core
from link4._request import thread_count
from link4._rules import check_size
from link4._seeding import stream_states
from link4.book import SHIPPED, book_for_board, resolve
from link4.game import HEIGHT, WIDTH
from link4.player import Engine

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from link4.vector.env import VectorEnv

__all__ = ["BOT_NAMES", "DEFAULT_TABLE_MB", "BatchBot", "Bot", "BotLike", "as_bot", "core_player"]

BOT_NAMES: tuple[str, ...] = ("random", "1", "2", "3", "4", "5", "perfect")
"""The names of the bots: the uniform random player, the levels 1 to 5, perfect play."""

DEFAULT_TABLE_MB = 16
"""The table of each thread's solver, for the bots that search exactly (level 5 and
perfect): their searches are small, so a small table does as well as a large one."""

_PERFECT_LEVEL = 6  # the core's number for perfect play


@dataclass(frozen=True)
class Bot:
    """A built-in player, by name.

    >>> Bot("perfect", nodes=10_000)
    Bot('perfect', nodes=10000)
    >>> as_bot(3)
    Bot('3')

    Args:
        name: ``"random"`` (a legal column, uniformly), a level ``"1"`` to ``"5"`` (the
            players of ``link4 play --level``) or ``"perfect"``: one of
            :data:`~link4.bots.BOT_NAMES`.
        nodes: (Perfect only) a budget of solver nodes per move. Within it the move is a
            best one (drawn at random among equal ones); when the search does not
            finish, it is the move behind the best bound proved, which may not be. None:
            no budget (every move exact; the opening book answers the first ones at
            once, but just past it a search can take a second).

    Raises:
        ValueError: ``name`` is not one of :data:`~link4.bots.BOT_NAMES`, or ``nodes`` is given for
            another bot than perfect or is not a positive int.
    """

    name: str
    nodes: int | None = None

    def __post_init__(self) -> None:
        if self.name not in BOT_NAMES:
            raise ValueError(f"a bot is one of {', '.join(BOT_NAMES)}, not {self.name!r}")
        if self.nodes is not None:
            if self.name != "perfect":
                raise ValueError(f"nodes is a budget of the perfect player's, not level {self.name!r}'s")
            if isinstance(self.nodes, bool) or not isinstance(self.nodes, int) or self.nodes < 1:
                raise ValueError(f"nodes must be a positive int, not {self.nodes!r}")

    def __repr__(self) -> str:
        nodes = "" if self.nodes is None else f", nodes={self.nodes}"
        return f"Bot({self.name!r}{nodes})"

    def __str__(self) -> str:
        if self.name in ("random", "perfect"):
            budget = "" if self.nodes is None else f" ({self.nodes:,} nodes a move)"
            return f"{self.name}{budget}"
        return f"level {self.name}"

    @property
    def searches(self) -> bool:
        """Whether it uses the solver (and so a table per thread and the book)."""
        return self.name in ("5", "perfect")

    def spec(self) -> _core.PlayerSpec:
        """The core's description of this player."""
        if self.name == "random":
            return _core.PlayerSpec()
        spec = _core.level_spec(_PERFECT_LEVEL if self.name == "perfect" else int(self.name))
        if self.nodes is not None:
            spec.exact_nodes = self.nodes
        return spec

    def core_book(self, width: int, height: int) -> _core.Book | None:
        """The opening book its searches use on a board of the given size.

        Args:
            width: The board's columns.
            height: The board's rows.

        Returns:
            The core's book (the shipped one serves 7 x 6), or None for a bot that does
            not search or a board the book is not for.
        """
        if not self.searches:
            return None
        return book_for_board(resolve(SHIPPED), width, height, shipped=True)


BotLike = Bot | Engine | int | str
"""What an ``opponent=`` taking a bot accepts: a Bot, its name (``"random"``, ``"1"`` to
``"5"``, ``"perfect"``), a level as an int, or an :class:`link4.Engine` without a time
limit (its level; its own seed and solver are not used)."""


def as_bot(value: BotLike) -> Bot:
    """The Bot that ``value`` stands for.

    >>> as_bot("Perfect"), as_bot(2), as_bot(Bot("random"))
    (Bot('perfect'), Bot('2'), Bot('random'))

    Args:
        value: A Bot (returned as it is), a bot's name (case and surrounding spaces do
            not matter), a level as an int, or an Engine without a time limit (the bot
            of its level).

    Returns:
        The Bot.

    Raises:
        ValueError: ``value`` names no bot, or is an Engine with a time limit.
        TypeError: ``value`` is of another type (a bool included).
    """
    if isinstance(value, Bot):
        return value
    if isinstance(value, Engine):
        if value.time_limit is not None:
            raise ValueError("an Engine with a time limit cannot be a bot: give Bot('perfect', nodes=...)")
        return Bot(value.level)
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise TypeError(f"a bot is a link4.vector.Bot, a level or a name, not {type(value).__name__}")
    name = str(value).strip().lower()
    if name not in BOT_NAMES:
        raise ValueError(f"unknown bot {value!r}: the bots are {', '.join(BOT_NAMES)}")
    return Bot(name)


def core_player(bot: Bot, width: int = WIDTH, height: int = HEIGHT) -> _core.Player:
    """The core's player of ``bot`` for one game at a time (the single environment).

    Its solver, for the bots that search, has a table of :data:`~link4.bots.DEFAULT_TABLE_MB`.

    Args:
        bot: The bot it plays.
        width: The board's columns.
        height: The board's rows.

    Returns:
        The compiled player, which chooses a move in a core position with a random
        stream.
    """
    return _core.Player(width, height, bot.spec(), bot.core_book(width, height), DEFAULT_TABLE_MB << 20)


class BatchBot:
    """A bot playing for every environment of VectorEnvs of ``num_envs`` environments.

    ``choose(env)`` gives its move in each (-1 where the episode is over), computed in
    C++ on ``threads`` threads without the GIL. Environment i draws from its own random
    stream, seeded with ``seed + i`` (None: from the system).

    >>> import numpy as np
    >>> from link4.vector import VectorEnv    # needs link4[vector]
    >>> env = VectorEnv(2, seed=0)                  # self-play
    >>> _ = env.reset()
    >>> _ = env.step(np.array([0, 0]))                # red plays column 1 twice
    >>> bot = BatchBot("4", 2, seed=0)
    >>> bot.choose(env).tolist()                    # level 4 answers in the centre
    [3, 3]

    Args:
        bot: The bot (anything :func:`~link4.bots.as_bot` takes).
        num_envs: The number of environments of the VectorEnvs it plays in.
        seed: The seed of environment 0's stream (environment i's is ``seed + i``);
            None: seeds from the system.
        threads: The threads that compute its moves.
        width: The board's columns, as the environments'.
        height: The board's rows, as the environments'.

    Raises:
        ValueError: ``bot`` names no bot (see :func:`~link4.bots.as_bot`), ``seed`` is
            negative or ``threads`` is not from 1 to 256.
        TypeError: ``bot`` is of a type that names no bot, or ``seed``, ``width`` or
            ``height`` is not an int.
        link4.BoardSizeError: ``width`` x ``height`` is not a board link4 plays.
    """

    def __init__(
        self,
        bot: BotLike,
        num_envs: int,
        *,
        seed: int | None = None,
        threads: int = 1,
        width: int = WIDTH,
        height: int = HEIGHT,
    ) -> None:
        import numpy as np

        width, height = check_size(width, height)
        self.bot = as_bot(bot)
        self.num_envs = num_envs
        self._streams = stream_states(num_envs, seed)
        self._core = _core.Bots(
            width,
            height,
            self.bot.spec(),
            self.bot.core_book(width, height),
            DEFAULT_TABLE_MB << 20,
            thread_count(threads),
        )
        self._out = np.empty(num_envs, dtype=np.int64)

    def choose(self, env: VectorEnv) -> npt.NDArray[np.int64]:
        """Choose its move in each environment of ``env``.

        Each environment's random stream moves on; ``env`` is not changed.

        Args:
            env: The batch to play in, of ``num_envs`` environments.

        Returns:
            One 0-based column per environment (a copy), -1 where the episode is over.

        Raises:
            ValueError: ``env`` holds another number of environments.
            link4.SizeMismatchError: ``env``'s board is of another size than the bot's.
        """
        if env.num_envs != self.num_envs:
            raise ValueError(f"this bot plays {self.num_envs} environments, not {env.num_envs}")
        self._core.choose(env.core, self._streams, self._out)
        return self._out.copy()

    def __repr__(self) -> str:
        return f"BatchBot({self.bot!r}, {self.num_envs})"
