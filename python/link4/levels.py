"""The playing levels: policies from a beginner's to perfect play.

Each level is a policy: given a game and a random generator, it chooses a column. The
generator breaks ties (and, at the lower levels, decides when to err), so a seeded
``random.Random`` makes a level's play reproducible while games still vary from seed
to seed. Strength is measured, not asserted: ``bench/levels.py`` plays the levels
against each other and against the solver.

Level ``"1"``
    A beginner: takes a win it sees, blocks half of the time, otherwise plays almost at
    random (favouring the centre).
Level ``"2"``
    Casual: always wins and blocks when it can, never hands over a win at once; a
    two-ply look-ahead with a lot of noise and frequent careless moves.
Level ``"3"``
    Club player (the default): a four-ply heuristic search, some noise among moves of
    nearly equal value, an occasional careless move.
Level ``"4"``
    Strong: an eight-ply heuristic search, no noise.
Level ``"5"``
    Expert: the opening book's exact moves while the book answers them (the first ten
    discs on 7x6), the exact solver once 18 discs are down (when it answers within a
    small budget), a twelve-ply heuristic search between.
Level ``"perfect"``
    Exact play: never loses a game it can draw or win, wins as fast as possible and
    loses as slowly as possible. The opening book answers the first positions at once;
    just past it an exact solve can take a few seconds.

>>> import random
>>> policy = make_policy("4")
>>> policy.choose(Game("121212"), random.Random(1))   # red completes column 1
0
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from dataclasses import dataclass

from link4 import _core
from link4.engine import Solver
from link4.game import Game, core_position

__all__ = [
    "DEFAULT_LEVEL",
    "HEURISTIC_WIN",
    "LEVELS",
    "ExactPolicy",
    "HeuristicPolicy",
    "Policy",
    "make_policy",
    "safe_moves",
]

LEVELS: tuple[str, ...] = ("1", "2", "3", "4", "5", "perfect")
"""The names of the levels, weakest first: what :func:`make_policy` accepts."""
DEFAULT_LEVEL = "3"
"""The level played when none is named: the club player."""

HEURISTIC_WIN: int = _core.HEURISTIC_WIN
"""Heuristic values at or beyond +-HEURISTIC_WIN are wins or losses proven by the search."""


class Policy(ABC):
    """A way of choosing moves. ``choose`` never changes the game it is given.

    A subclass sets ``name`` and ``description`` and implements :meth:`choose`:

    >>> import random
    >>> class Leftmost(Policy):
    ...     name, description = "leftmost", "the leftmost column with room"
    ...     def choose(self, game, rng):
    ...         return game.legal_moves()[0]
    >>> Leftmost().choose(Game("1111"), random.Random(0))
    0
    """

    name: str
    """The level's name (``"1"`` to ``"5"``, ``"perfect"``) or the policy's own."""
    description: str
    """One line saying how it plays."""

    @abstractmethod
    def choose(self, game: Game, rng: random.Random) -> int:
        """Choose a move for the side to move. Precondition: the game runs.

        Args:
            game: The position; it is not changed.
            rng: The generator that breaks ties and draws the deliberate errors.

        Returns:
            A legal column (0-based).
        """

    def __repr__(self) -> str:
        return f"<{type(self).__name__} level {self.name}>"


def _immediate_wins(game: Game) -> list[int]:
    return [c for c in game.legal_moves() if game.is_winning_move(c)]


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


def _compiled_choice(spec: _core.PlayerSpec, game: Game, rng: random.Random) -> int:
    """Ask the compiled player ``spec`` (the bots' code: link4.bots) for its move.

    Returns:
        The move, its random choices drawn from a stream that ``rng`` seeds.
    """
    player = _core.Player(game.width, game.height, spec, None, 0)
    return int(player.choose(core_position(game), _core.Stream(rng.getrandbits(64))))


class BeginnerPolicy(Policy):
    """Level 1: wins when it can, blocks half of the time, otherwise near-random.

    The nearer the centre, the likelier a column: its weight is 1 at the edges and one
    more per column inwards. ``make_policy("1")`` makes one.

    >>> import random
    >>> BeginnerPolicy().choose(Game("121212"), random.Random(0))    # a win it sees
    0
    """

    name = "1"
    description = "beginner: sees a win in one, blocks only sometimes, otherwise plays at random"

    def choose(self, game: Game, rng: random.Random) -> int:
        """Choose the beginner's move for the side to move.

        Args:
            game: The position; it is not changed.
            rng: The generator of its random choices.

        Returns:
            A legal column (0-based).

        Raises:
            link4.GameOverError: The game is over.
        """
        return _compiled_choice(_core.level_spec(1), game, rng)


@dataclass(frozen=True, repr=False)
class HeuristicPolicy(Policy):
    """A depth-limited heuristic search with noise: the levels 2 to 4.

    Proven wins are never blurred by the margin: the fastest one is played.

    >>> import random
    >>> policy = HeuristicPolicy("mine", "two plies, no noise", depth=2)
    >>> policy.choose(Game("121212"), random.Random(0))     # red completes column 1
    0

    Args:
        name: The policy's name (a level's, or one of your own).
        description: One line saying how it plays.
        depth: Plies searched, the move itself included (at least 1).
        margin: Moves whose value is within ``margin`` of the best count as equally good
            (ties are drawn at random); 0 or more.
        careless: The chance of playing a random safe move instead (never when a win in
            one is on the board).
        max_nodes: Bounds the search (the deepest completed iteration is used), which
            keeps the answer well under a second.
    """

    name: str
    description: str
    depth: int
    margin: int = 0
    careless: float = 0.0
    max_nodes: int = 2_000_000

    def scores(self, game: Game) -> list[int | None]:
        """The heuristic value of each column for the side to move, searched to ``depth``.

        >>> scores = HeuristicPolicy("mine", "two plies", depth=2).scores(Game("121212"))
        >>> scores[0] >= HEURISTIC_WIN          # column 1 wins at once
        True

        Args:
            game: The position; it is not changed.

        Returns:
            One entry per column, its value (the higher, the better for the side to
            move; at or beyond +-:data:`HEURISTIC_WIN`, a win or a loss proven by the
            search), or None where the column is full.

        Raises:
            ValueError: ``depth`` is out of the search's range (below 1).
            link4.GameOverError: The game is over.
        """
        values, _, _ = _core.heuristic_scores(core_position(game), self.depth, self.max_nodes)
        return list(values)

    def spec(self) -> _core.PlayerSpec:
        """The compiled player that makes its choices, with this policy's parameters."""
        spec = _core.PlayerSpec()
        spec.kind = _core.PlayerKind.HEURISTIC
        spec.depth, spec.margin, spec.careless, spec.max_nodes = (
            self.depth,
            self.margin,
            self.careless,
            self.max_nodes,
        )
        return spec

    def choose(self, game: Game, rng: random.Random) -> int:
        """Choose the search's move for the side to move.

        Args:
            game: The position; it is not changed.
            rng: The generator that breaks ties and decides when to be careless.

        Returns:
            A legal column (0-based).

        Raises:
            link4.GameOverError: The game is over.
        """
        return _compiled_choice(self.spec(), game, rng)


def _heuristic_level(level: int, description: str) -> HeuristicPolicy:
    spec = _core.level_spec(level)
    return HeuristicPolicy(str(level), description, spec.depth, spec.margin, spec.careless, spec.max_nodes)


class ExactPolicy(Policy):
    """Exact play from the solver, within ``node_limit`` nodes and ``time_limit`` seconds
    per move if given: the levels 5 and perfect.

    Before ``min_ply`` discs are down (unless ``in_book`` and the solver's opening book
    answers the move at once: fewer discs than its depth, on its board), or when the
    solver cannot finish within the budget, ``fallback`` chooses instead; without one,
    the move behind the best bound the search proved (and, under a time limit, a win in
    one at once, found without a search). Among moves of the same exact value one is
    drawn at random (the engine's tie rule with a generator): the solver tries the
    columns in a random order and plays the first one worth the score, so it proves no
    more of the ties than it needs. ``last_score`` is the exact score of the last
    position it solved, or None.

    >>> import random
    >>> from link4 import Solver
    >>> policy = ExactPolicy("exact", "the solver's best move", Solver(table_mb=16))
    >>> policy.choose(Game("4455"), random.Random(0)), policy.last_score
    (2, 18)

    Args:
        name: The policy's name (a level's, or one of your own).
        description: One line saying how it plays.
        solver: The :class:`link4.Solver` to search with; None: a new one with the
            default table, created on first use.
        node_limit: A budget of solver nodes per move; None: no budget.
        time_limit: A budget in seconds per move; None: no limit.
        min_ply: The number of discs down from which it searches.
        in_book: Whether it searches before ``min_ply`` discs where the opening book
            answers at once.
        fallback: The policy that chooses where it does not search or its search does
            not finish.
    """

    def __init__(
        self,
        name: str,
        description: str,
        solver: Solver | None = None,
        *,
        node_limit: int | None = None,
        time_limit: float | None = None,
        min_ply: int = 0,
        in_book: bool = False,
        fallback: Policy | None = None,
    ) -> None:
        self.name = name
        self.description = description
        self._solver = solver
        self.node_limit = node_limit
        self.time_limit = time_limit
        self.min_ply = min_ply
        self.in_book = in_book
        self.fallback = fallback
        self.last_score: int | None = None

    @property
    def solver(self) -> Solver:
        """The solver it uses, created (with the default table) on first use."""
        if self._solver is None:
            self._solver = Solver()
        return self._solver

    def _book_answers(self, game: Game) -> bool:
        book = self.solver.book if self.in_book else None
        return (
            book is not None
            and (book.width, book.height) == (game.width, game.height)
            and game.ply < book.depth
        )

    def choose(self, game: Game, rng: random.Random) -> int:
        """Choose the exact move (or the fallback's) for the side to move.

        Sets ``last_score`` to the exact score of the position when it searched it, None
        otherwise.

        Args:
            game: The position; it is not changed.
            rng: The generator that breaks ties among equally good moves (and the
                fallback's).

        Returns:
            A legal column (0-based).

        Raises:
            link4.GameOverError: The game is over.
            ValueError: ``node_limit`` or ``time_limit`` is not a valid budget.
            TypeError: ``time_limit`` is not a number.
        """
        if game.ply >= self.min_ply or self._book_answers(game):
            if self.time_limit is not None:
                wins = _immediate_wins(game)
                if wins:
                    self.last_score = None
                    return wins[0]
            found = self.solver.search(
                game, ties=False, rng=rng, node_limit=self.node_limit, time_limit=self.time_limit
            )
            if found.exact or self.fallback is None:
                self.last_score = found.score
                return found.best_move
        self.last_score = None
        assert self.fallback is not None
        return self.fallback.choose(game, rng)


def make_policy(level: str, solver: Solver | None = None, *, time_limit: float | None = None) -> Policy:
    """The policy of a level: ``"1"`` to ``"5"`` or ``"perfect"``.

    >>> make_policy("4"), make_policy(" Perfect ")
    (<HeuristicPolicy level 4>, <ExactPolicy level perfect>)

    Args:
        level: The level's name (one of :data:`LEVELS`; an int for the levels 1 to 5,
            case and surrounding spaces do not matter).
        solver: The :class:`link4.Solver` that levels 5 and perfect use (a new one of the
            default size if None).
        time_limit: Seconds per move that bound the perfect level's search; None: no
            limit.

    Returns:
        The level's policy.

    Raises:
        ValueError: ``level`` names no level.
    """
    level = str(level).strip().lower()
    if level == "1":
        return BeginnerPolicy()
    if level == "2":
        return _heuristic_level(
            2, "casual: blocks and takes wins in one, looks two plies ahead with much noise"
        )
    if level == "3":
        return _heuristic_level(3, "club player: looks four plies ahead, some noise, now and then careless")
    if level == "4":
        return _heuristic_level(4, "strong: looks eight plies ahead")
    if level == "5":
        spec = _core.level_spec(5)
        return ExactPolicy(
            "5",
            "expert: the opening book, a deep search, exact play once 18 discs are down",
            solver,
            node_limit=spec.exact_nodes,
            min_ply=spec.exact_min_ply,
            in_book=spec.exact_in_book,
            fallback=HeuristicPolicy("5", "deep search", depth=spec.depth, max_nodes=spec.max_nodes),
        )
    if level == "perfect":
        return ExactPolicy(
            "perfect",
            "perfect play (about a second for some moves just past the opening book)",
            solver,
            time_limit=time_limit,
        )
    raise ValueError(f"unknown level {level!r}: the levels are {', '.join(LEVELS)}")
