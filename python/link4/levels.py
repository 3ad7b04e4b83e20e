"""The playing levels: policies from a beginner's to perfect play.

Each level is a policy: given a game and a random generator, it chooses a column. The
generator breaks ties (and, at the lower levels, decides when to err), so a seeded
``random.Random`` makes a level's play reproducible while games still vary from seed
to seed. Strength is measured, not asserted: ``bench/levels.py`` plays the levels
against each other and against the solver.

Level 1   a beginner: takes a win it sees, blocks half of the time, otherwise plays
          almost at random (favouring the centre).
Level 2   casual: always wins and blocks when it can, never hands over a win at once;
          a two-ply look-ahead with a lot of noise and frequent careless moves.
Level 3   club player (the default): a four-ply heuristic search, some noise among
          moves of nearly equal value, an occasional careless move.
Level 4   strong: an eight-ply heuristic search, no noise.
Level 5   expert: the opening book's exact moves while the book answers them (the
          first ten discs on 7x6), the exact solver once 18 discs are down (when it
          answers within a small budget), a twelve-ply heuristic search between.
perfect   exact play: never loses a game it can draw or win, wins as fast as possible
          and loses as slowly as possible. The opening book answers the first
          positions at once; just past it an exact solve can take a few seconds.

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
DEFAULT_LEVEL = "3"

HEURISTIC_WIN: int = _core.HEURISTIC_WIN
"""Heuristic values at or beyond +-HEURISTIC_WIN are wins or losses proven by the search."""


class Policy(ABC):
    """A way of choosing moves. ``choose`` never changes the game it is given."""

    name: str
    description: str

    @abstractmethod
    def choose(self, game: Game, rng: random.Random) -> int:
        """A legal column (0-based) for the side to move. Precondition: the game runs."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} level {self.name}>"


def _immediate_wins(game: Game) -> list[int]:
    return [c for c in game.legal_moves() if game.is_winning_move(c)]


def safe_moves(game: Game) -> list[int]:
    """The columns that do not let the opponent win with its next disc.

    Empty when every move loses at once (then any move will do). Immediate wins are
    included and are always safe.
    """
    return list(_core.safe_columns(core_position(game)))


def _compiled_choice(spec: _core.PlayerSpec, game: Game, rng: random.Random) -> int:
    """The move of the compiled player ``spec`` (the bots' code: link4.bots), drawing
    its random choices from a stream that ``rng`` seeds."""
    player = _core.Player(game.width, game.height, spec, None, 0)
    return int(player.choose(core_position(game), _core.Stream(rng.getrandbits(64))))


class BeginnerPolicy(Policy):
    """Level 1: wins when it can, blocks half of the time, otherwise near-random
    (the nearer the centre, the likelier: a column's weight is 1 at the edges and one
    more per column inwards)."""

    name = "1"
    description = "beginner: sees a win in one, blocks only sometimes, otherwise plays at random"

    def choose(self, game: Game, rng: random.Random) -> int:
        return _compiled_choice(_core.level_spec(1), game, rng)


@dataclass(frozen=True, repr=False)
class HeuristicPolicy(Policy):
    """A depth-limited heuristic search with noise.

    ``depth``: plies searched, the move itself included. ``margin``: moves whose value is
    within ``margin`` of the best count as equally good (ties are drawn at random).
    ``careless``: the chance of playing a random safe move instead (never when a win in
    one is on the board). ``max_nodes`` bounds the search (the deepest completed
    iteration is used), which keeps the answer well under a second. Proven wins are
    never blurred by the margin: the fastest one is played.
    """

    name: str
    description: str
    depth: int
    margin: int = 0
    careless: float = 0.0
    max_nodes: int = 2_000_000

    def scores(self, game: Game) -> list[int | None]:
        values, _, _ = _core.heuristic_scores(core_position(game), self.depth, self.max_nodes)
        return list(values)

    def spec(self) -> _core.PlayerSpec:
        """The compiled player that makes its choices."""
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
        return _compiled_choice(self.spec(), game, rng)


def _heuristic_level(level: int, description: str) -> HeuristicPolicy:
    spec = _core.level_spec(level)
    return HeuristicPolicy(str(level), description, spec.depth, spec.margin, spec.careless, spec.max_nodes)


class ExactPolicy(Policy):
    """Exact play from the solver, within ``node_limit`` nodes and ``time_limit`` seconds
    per move if given.

    Before ``min_ply`` discs are down (unless ``in_book`` and the solver's opening book
    answers the move at once: fewer discs than its depth, on its board), or when the
    solver cannot finish within the budget, ``fallback`` chooses instead; without one,
    the move behind the best bound the
    search proved (and, under a time limit, a win in one at once, found without a
    search). Among moves of the same exact value one is
    drawn at random (the engine's tie rule with a generator): the solver tries the
    columns in a random order and plays the first one worth the score, so it proves no
    more of the ties than it needs. ``last_score`` is the exact score of the last
    position it solved, or None.
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

    Levels 5 and perfect use ``solver`` (a new one of the default size if None);
    ``time_limit`` (seconds per move) bounds the perfect level's search.
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
