"""The players: the levels from a beginner's to perfect play, and the bots of the environments.

Every player is one compiled player of the engine (``cpp/link4/players.hpp``), whoever
asks for its move: :class:`Engine` (``link4 play``, ``link4 serve``, the Kaggle agent,
OpenSpiel), a :class:`Bot` (the Gymnasium and batched environments, ``link4.evaluate``)
and :class:`BatchBot` (a bot for a whole batch). Its random choices (ties, and the lower
levels' deliberate errors) are drawn from a random stream seeded with an int: with the
same seed and budgets, the same position gets the same move from every one of them.
Strength is measured, not asserted: ``bench/ladder.py`` rates every player on one Elo
scale (:mod:`link4.ratings`), ``bench/levels.py`` plays the levels against each other
and against the solver.

Level ``"1"``
    A first game: plays almost at random (favouring the centre), takes half of the
    wins it has in one move, never blocks.
Level ``"2"``
    A beginner: takes a win it sees, blocks half of the time, otherwise plays almost at
    random (favouring the centre).
Level ``"3"``
    A novice: always takes a win and blocks, never hands over a win at once, otherwise
    plays almost at random (favouring the centre).
Level ``"4"``
    Casual: always wins and blocks when it can, never hands over a win at once; a
    two-ply look-ahead with a lot of noise and frequent careless moves.
Level ``"5"``
    Club player (the default): a four-ply heuristic search, some noise among moves of
    nearly equal value, an occasional careless move.
Level ``"6"``
    Advanced: a six-ply heuristic search, a little noise, a rare careless move.
Level ``"7"``
    Strong: an eight-ply heuristic search, no noise.
Level ``"8"``
    Expert: the opening book's exact moves while the book answers them (the first ten
    discs on 7x6), the exact solver once 18 discs are down (when it answers within a
    budget of 400,000 nodes), a twelve-ply heuristic search between.
Level ``"perfect"``
    Exact play: never loses a game it can draw or win, wins as fast as possible and
    loses as slowly as possible, drawing at random among equally good moves. The
    opening book answers the first positions at once; just past it an exact solve can
    take a few seconds.

The uniform random player (``"random"``) is a bot too, for environments.

>>> Engine(7, seed=1).choose(Game("121212"))   # red completes column 1
0
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING

from link4 import _core
from link4._request import DEFAULT_TABLE_MB, thread_count
from link4._seeding import seed_value, stream_states, system_seed
from link4.book import SHIPPED, BookChoice, BookSource
from link4.engine import PositionLike, Solver, core_solver
from link4.errors import GameOverError, quoted, size_mismatch_error
from link4.game import HEIGHT, WIDTH, Game, as_game, core_position
from link4.limit import Limit, limit_of
from link4.rules import INAROW, Board, check_inarow, check_size, named_board

if TYPE_CHECKING:
    import random

    import numpy as np
    import numpy.typing as npt

    from link4.vector.env import VectorEnv

__all__ = [
    "BOT_NAMES",
    "DEFAULT_LEVEL",
    "LEVELS",
    "LEVEL_NAMES",
    "TABLE_MB",
    "BatchBot",
    "Bot",
    "BotLike",
    "Engine",
    "as_bot",
    "core_player",
    "safe_moves",
]

LEVELS: tuple[str, ...] = (*(str(n) for n in range(1, _core.LEVELS + 1)), "perfect")
"""The names of the levels, weakest first: what :class:`Engine` and ``link4 play --level`` accept."""
DEFAULT_LEVEL = "5"
"""The level played when none is named: the club player."""
BOT_NAMES: tuple[str, ...] = ("random", *LEVELS)
"""The names of the bots, weakest first: the uniform random player, the levels, perfect play."""
LEVEL_NAMES: Mapping[str, str] = MappingProxyType(
    dict(
        zip(
            BOT_NAMES,
            ("random", "first game", "beginner", "novice", "casual", "club player", "advanced", "strong",
             "expert", "perfect play"),
            strict=True,
        )
    )
)
"""What each bot of :data:`BOT_NAMES` plays like, in a word or two (``"5"``: ``"club player"``)."""

TABLE_MB = 16
"""The table of the solver that levels 8 and perfect search with, unless one is given:
their searches are small, so a small table does as well as a large one."""

_PERFECT = _core.PERFECT_LEVEL  # the core's number for perfect play
_TOP = _core.LEVELS  # the strongest level below perfect play, the expert


def _level_name(level: object) -> str:
    if isinstance(level, bool) or not isinstance(level, (int, str)):
        raise TypeError(f"level is an int from 1 to {_TOP} or 'perfect', not {type(level).__name__}")
    name = str(level).strip().lower()
    if name not in LEVELS:
        raise ValueError(f"unknown level {quoted(level)}: the levels are 1 to {_TOP} and 'perfect'")
    return name


def _spec(name: str, *, nodes: int | None = None, seconds: float | None = None) -> _core.PlayerSpec:
    """The core's player of a bot's name, with the perfect player's budgets per move."""
    if name == "random":
        return _core.PlayerSpec()
    spec = _core.level_spec(_PERFECT if name == "perfect" else int(name))
    if nodes is not None:
        spec.exact_nodes = nodes
    if seconds is not None:
        spec.exact_seconds = seconds
    return spec


def _searches(name: str) -> bool:
    return name in (str(_TOP), "perfect")


def safe_moves(game: Game) -> list[int]:
    """The columns that do not let the opponent win with its next disc.

    Immediate wins are included and are always safe.

    >>> safe_moves(Game("12121"))     # red threatens column 1: yellow must block
    [0]

    Args:
        game: The position, for the side to move.

    Returns:
        The safe columns (0-based), in increasing order; empty when every move loses at
        once (then any move will do).

    Raises:
        link4.GameOverError: The game is over.
    """
    return list(_core.safe_columns(core_position(game)))


class Engine:
    """A player of a given strength: ``choose(game)`` returns its move (a 0-based column).

    For a script, a notebook or an environment that needs an opponent: ``level`` is
    ``1`` (a first game) to ``8`` (an expert) or ``"perfect"``, as an int or a string (see
    :mod:`link4.players`). Its choices come from a random stream seeded with ``seed``
    (None: from the system), which goes on from move to move: an Engine with a seed
    replays the same games, and makes the same moves as a :class:`~link4.players.Bot`
    of its level in an environment seeded alike.

    ``time_limit`` (or ``limit``, a :class:`link4.Limit`) is a budget per move:

    - ``"perfect"``: without a limit a move just past the opening book (the shipped one
      holds every 7 x 6 position with up to 10 discs) can take a second or more. With
      one, the exact solver searches for at most that long: when it finishes the move is
      a best move (drawn at random among equal ones, as without a limit); when it does
      not, it is the move behind the best bound it proved, which is not guaranteed to be
      best. A win in one is always played at once. A ``node_limit`` (in ``limit``)
      bounds its search the same way, as :class:`~link4.players.Bot`'s ``nodes`` does.
    - levels 1 to 8 bound their thinking by fixed node budgets, whatever the limit: a
      few milliseconds per move for levels 1 to 7, up to about a second for level 8 early
      in the game (less than 0.1 s once 12 discs are down). The limit does not shorten
      them, so give level 8 at least a second and a half.

    Levels 5 and perfect search with a :class:`link4.Solver`: ``solver`` if given
    (shared with its other users: one caller at a time), else one of their own with a
    table (:data:`~link4.players.TABLE_MB` for level 8, the solver's default for
    perfect play), made on the first move that needs it, with ``book`` and,
    for perfect play, ``threads`` (level 8 thinks on one thread: its node budgets would
    give other moves on more, and a seed must replay its games).

    An engine made for a board (``width=`` and ``height=``, or a ``solver`` made for
    one) reads a move string on that board and refuses a game of another size; made
    without, it reads a move string on 7 x 6 and plays games of every size.

    Args:
        level: ``1`` to ``8`` or ``"perfect"``, as an int or a string (any case, spaces
            around it ignored).
        seed: The seed of the engine's random stream (an int >= 0); None seeds from the
            system.
        time_limit: The budget in seconds per move (more than 0), or None for none.
        limit: The budget per move as a :class:`link4.Limit`, instead of ``time_limit``
            (a node limit counts for perfect play only).
        threads: The threads of perfect play's own solver.
        book: The opening book of its own solver (see :data:`link4.book.BookChoice`).
        solver: The :class:`link4.Solver` of levels 8 and perfect, instead of their own
            (then ``threads`` and ``book`` are the solver's).
        width: The columns of the board it plays on; None (with ``height`` None): the
            board the solver given was made for, else none named.
        height: The rows of that board (None: 6 when ``width`` is given).
        inarow: The line that wins in its games (None: four; a game of any line when no
            game is named).

    Raises:
        TypeError: ``level`` is neither an int nor a string, ``time_limit`` is not a
            number, or both ``limit`` and ``time_limit`` are given.
        ValueError: An unknown level, a ``time_limit`` that is not more than 0, a seed
            that is not an int >= 0, a thread count out of range, or ``threads`` or
            ``book`` given with a ``solver``.
        BoardSizeError: A board of a size link4 does not play.
        SizeMismatchError: A ``solver`` made for another board than ``width`` and
            ``height``.

    Examples:
        >>> engine = Engine(level=5, seed=1)
        >>> engine
        Engine(level=5, seed=1)
        >>> engine.choose(Game("4455")) in (2, 5)     # either of red's winning columns
        True
        >>> engine.choose("4455667")
        Traceback (most recent call last):
          ...
        link4.GameOverError: no move to choose: the game is over: red wins with its 4th disc
        >>> Engine(9)
        Traceback (most recent call last):
          ...
        ValueError: unknown level 9: the levels are 1 to 8 and 'perfect'
    """

    def __init__(
        self,
        level: int | str = 8,
        *,
        seed: int | None = None,
        time_limit: float | None = None,
        limit: Limit | None = None,
        threads: int = 1,
        book: BookChoice = SHIPPED,
        solver: Solver | None = None,
        width: int | None = None,
        height: int | None = None,
        inarow: int | None = None,
    ) -> None:
        self._level = _level_name(level)
        self._board = _engine_board(named_board(width, height, inarow), solver)
        # The searches' own checks (link4.Limit), then the one thing an engine adds: it
        # must have some time to move.
        self._limit = limit_of(limit, time_limit, None)
        seconds = self._limit.time_limit
        if seconds is not None and not seconds > 0:
            raise ValueError(f"time_limit must be a number of seconds > 0, not {seconds!r}")
        if solver is not None and (threads != 1 or book is not SHIPPED):
            raise ValueError("threads and book are the solver's when a solver is given: give one or neither")
        self._seed = seed
        self._stream = _core.Stream.seeded(system_seed() if seed is None else seed_value(seed))
        self._threads = thread_count(threads) if self._level == "perfect" else 1
        self._book = book
        self._solver = solver
        self._owns_solver = solver is None
        perfect = self._level == "perfect"
        self._spec = _spec(
            self._level,
            seconds=self._limit.max_seconds if perfect else None,
            nodes=self._limit.node_limit if perfect else None,
        )
        self._players: dict[Board, _core.Player] = {}
        self._last: _core.Player | None = None

    @property
    def level(self) -> str:
        """The level, ``"1"`` to ``"8"`` or ``"perfect"``."""
        return self._level

    @property
    def time_limit(self) -> float | None:
        """The budget per move in seconds, or None."""
        return self._limit.time_limit

    @property
    def limit(self) -> Limit:
        """The budget per move (:class:`link4.Limit`)."""
        return self._limit

    @property
    def solver(self) -> Solver | None:
        """The solver that levels 8 and perfect search with (None until their first search)."""
        return self._solver

    @property
    def last_score(self) -> int | None:
        """The exact score of the position of the engine's last move, when its choice
        proved it (an exact search, or a win in one); None otherwise."""
        return None if self._last is None else self._last.last_score

    def _player(self, game: Game) -> _core.Player:
        board = (game.width, game.height, game.inarow)
        player = self._players.get(board)
        if player is None:
            player = self._players[board] = _core.Player(
                game.width, game.height, self._spec, None, TABLE_MB << 20, inarow=game.inarow
            )
        self._last = player
        return player

    def _lent_solver(self, game: Game) -> _core.Solver | None:
        if not _searches(self._level):
            return None
        board = (game.width, game.height, game.inarow)
        if self._owns_solver and (self._solver is None or self._solver.named_board != board):
            # Its own solver is made for the game's board: a game of another size gets a
            # new one. Level 8's node budgets give the same moves as a bot's with a table
            # of the bots' size; perfect play's moves do not depend on it (it searches to
            # the end).
            table_mb = DEFAULT_TABLE_MB if self._level == "perfect" else TABLE_MB
            self._solver = None  # the old table goes before the new one is made
            self._solver = Solver(
                table_mb, threads=self._threads, book=self._book, width=game.width, height=game.height,
                inarow=game.inarow,
            )
        assert self._solver is not None
        return core_solver(self._solver, *board)

    def choose(self, game: PositionLike, rng: random.Random | None = None) -> int:
        """The engine's move in ``game`` (a Game or a move string): a 0-based column.

        The game is not changed.

        Args:
            game: The position: a :class:`link4.Game` or a move string, of the board the
                engine was made for (a move string is else of 7 x 6, a Game of any size).
            rng: A random generator that seeds this move's stream instead of the
                engine's own (environments pass theirs, so that a seeded reset replays
                the same games); None: the engine's own stream.

        Returns:
            The column (0-based) the engine plays.

        Raises:
            GameOverError: Once the game has ended.
            TypeError: ``game`` is neither a Game nor a string.
            InvalidMoveError: A malformed move string.
            IllegalMoveError: A move string with a move the rules forbid.
            SizeMismatchError: A game of another size than the board the engine was made
                for (or than its solver's book).
            RuntimeError: The solver (levels 8 and perfect) is searching in another thread.

        Example:
            >>> Engine(level=4, seed=7).choose("121212")    # red completes column 1
            0
        """
        game = as_game(game, self._board)
        outcome = game.outcome()
        if outcome is not None:
            raise GameOverError(f"no move to choose: the game is over: {outcome}")
        stream = self._stream if rng is None else _core.Stream.seeded(rng.getrandbits(64))
        solver = self._lent_solver(game)
        return int(self._player(game).choose(core_position(game), stream, solver))

    def __deepcopy__(self, memo: dict[int, object]) -> Engine:
        # Gymnasium copies the arguments of the environments it makes. The copy goes on
        # from the same point of the same stream; a solver given to this engine is
        # shared, its own is made anew by the copy.
        copy = Engine.__new__(Engine)
        copy.__dict__.update(self.__dict__)
        copy._stream = _core.Stream(self._stream.state)
        copy._players, copy._last = {}, None
        if self._owns_solver:
            copy._solver = None
        return copy

    def __repr__(self) -> str:
        level = f"'{self._level}'" if self._level == "perfect" else self._level
        extras = "".join(
            f", {name}={value!r}"
            for name, value in (
                ("seed", self._seed),
                ("time_limit", self._limit.time_limit),
                ("node_limit", self._limit.node_limit),
            )
            if value is not None
        )
        board = "" if self._board is None else f", width={self._board[0]}, height={self._board[1]}"
        if self._board is not None and self._board[2] != INAROW:
            board += f", inarow={self._board[2]}"
        return f"Engine(level={level}{extras}{board})"


def _engine_board(named: Board | None, solver: Solver | None) -> Board | None:
    """The board an engine is made for: the one named, else its given solver's (if any).

    Returns:
        The (width, height, inarow) of that game, or None when neither names one.

    Raises:
        SizeMismatchError: The solver was made for another board than the one named.
    """  # noqa: DOC501 (the SizeMismatchError raised is the one size_mismatch_error builds)
    made_for = None if solver is None else solver.named_board
    if named is not None and made_for is not None and named != made_for:
        raise size_mismatch_error("solver's board", made_for[0], made_for[1], named[0], named[1],
                                  inarow=made_for[2], expected_inarow=named[2])
    return named or made_for


@dataclass(frozen=True)
class Bot:
    """A built-in player, by name, as the environments take it.

    >>> Bot("perfect", nodes=10_000)
    Bot('perfect', nodes=10000)
    >>> as_bot(3)
    Bot('3')

    Args:
        name: ``"random"`` (a legal column, uniformly), a level ``"1"`` to ``"8"`` (the
            players of :class:`Engine`) or ``"perfect"``: one of
            :data:`~link4.players.BOT_NAMES`.
        nodes: (Perfect only) a budget of solver nodes per move. Within it the move is a
            best one (drawn at random among equal ones); when the search does not
            finish, it is the move behind the best bound proved, which may not be. None:
            no budget (every move exact; the opening book answers the first ones at
            once, but just past it a search can take a second).

    Raises:
        ValueError: ``name`` is not one of :data:`~link4.players.BOT_NAMES`, or
            ``nodes`` is given for another bot than perfect or is not a positive int.
    """

    name: str
    nodes: int | None = None

    def __post_init__(self) -> None:
        if self.name not in BOT_NAMES:
            raise ValueError(f"a bot is one of {', '.join(BOT_NAMES)}, not {quoted(self.name)}")
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
        return _searches(self.name)

    def spec(self) -> _core.PlayerSpec:
        """The core's description of this player."""
        return _spec(self.name, nodes=self.nodes)

    def core_book(self, width: int, height: int, inarow: int = INAROW) -> _core.Book | None:
        """The opening book its searches use on a board of the given size and line.

        Args:
            width: The board's columns.
            height: The board's rows.
            inarow: The line that wins in the board's games.

        Returns:
            The core's book (the shipped one serves 7 x 6 with four in a row), or None
            for a bot that does not search or a game the book is not for.
        """
        if not self.searches:
            return None
        return BookSource(SHIPPED).for_board(width, height, inarow)


BotLike = Bot | Engine | int | str
"""What an ``opponent=`` taking a bot accepts: a Bot, its name (``"random"``, ``"1"`` to
``"8"``, ``"perfect"``), a level as an int, or an :class:`Engine` without a time limit
(its level; its own seed and solver are not used)."""


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
        return Bot(value.level, nodes=value.limit.node_limit)
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise TypeError(f"a bot is a link4.players.Bot, a level or a name, not {type(value).__name__}")
    name = str(value).strip().lower()
    if name not in BOT_NAMES:
        raise ValueError(f"unknown bot {quoted(value)}: the bots are {', '.join(BOT_NAMES)}")
    return Bot(name)


def core_player(bot: Bot, width: int = WIDTH, height: int = HEIGHT, inarow: int = INAROW) -> _core.Player:
    """The core's player of ``bot`` for one game at a time (the single environment).

    Its solver, for the bots that search, has a table of :data:`~link4.players.TABLE_MB`.

    Args:
        bot: The bot it plays.
        width: The board's columns.
        height: The board's rows.
        inarow: The line that wins in its games.

    Returns:
        The compiled player, which chooses a move in a core position (of that board and
        line) with a random stream.
    """
    return _core.Player(
        width, height, bot.spec(), bot.core_book(width, height, inarow), TABLE_MB << 20, inarow=inarow
    )


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
    >>> bot = BatchBot("7", 2, seed=0)
    >>> bot.choose(env).tolist()                    # level 7 answers in the centre
    [3, 3]

    Args:
        bot: The bot (anything :func:`~link4.players.as_bot` takes).
        num_envs: The number of environments of the VectorEnvs it plays in.
        seed: The seed of environment 0's stream (environment i's is ``seed + i``);
            None: seeds from the system.
        threads: The threads that compute its moves.
        width: The board's columns, as the environments'.
        height: The board's rows, as the environments'.
        inarow: The line that wins, as in the environments' games.

    Raises:
        ValueError: ``bot`` names no bot (see :func:`~link4.players.as_bot`), ``seed`` is
            negative or ``threads`` is not from 1 to 256.
        TypeError: ``bot`` is of a type that names no bot, or ``seed``, ``width``,
            ``height`` or ``inarow`` is not an int.
        link4.BoardSizeError: ``width`` x ``height`` is not a board link4 plays.
        link4.InarowError: ``inarow`` is a line link4 does not play on that board.
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
        inarow: int = INAROW,
    ) -> None:
        import numpy as np

        width, height = check_size(width, height)
        inarow = check_inarow(inarow, width, height)
        self.bot = as_bot(bot)
        self.num_envs = num_envs
        self._streams = stream_states(num_envs, seed)
        self._core = _core.Bots(
            width,
            height,
            self.bot.spec(),
            self.bot.core_book(width, height, inarow),
            TABLE_MB << 20,
            thread_count(threads),
            inarow=inarow,
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
            link4.SizeMismatchError: ``env``'s board is of another size, or its games of
                another line, than the bot's.
        """
        if env.num_envs != self.num_envs:
            raise ValueError(f"this bot plays {self.num_envs} environments, not {env.num_envs}")
        self._core.choose(env.core, self._streams, self._out)
        return self._out.copy()

    def __repr__(self) -> str:
        return f"BatchBot({self.bot!r}, {self.num_envs})"
