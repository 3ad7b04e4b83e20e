"""link4's compiled engine (private: use the link4 package).

These stubs describe cpp/bindings/. tools/check_stubs.py compares them with the
compiled module (names, kinds, parameters, defaults and types) and fails CI when the two
drift apart: change both together. Integer and float parameters are written ``int`` and
``float``; the module also accepts objects with ``__index__``, which the link4 package
never passes.
"""

from collections.abc import Callable, Sequence
from typing import Any, ClassVar, overload

# The standard board, the default size everywhere, and the sizes the core plays.
WIDTH: int
HEIGHT: int
MIN_WIDTH: int
MAX_WIDTH: int
MIN_HEIGHT: int
MAX_HEIGHT: int
MAX_CELL_BITS: int
INAROW: int
MIN_INAROW: int
MAX_INAROW: int
# The columns of the 7-wide board from the centre outwards (centre_order for any width).
CENTRE_ORDER: tuple[int, ...]

def centre_order(width: int) -> tuple[int, ...]:
    """The columns of a board this wide from the centre outwards."""

class ErrorCode:
    """What went wrong, as the engine raises it (a pybind11 enum; link4.errors.from_core
    writes each one's exception, cpp/link4/errors.hpp lists their details)."""

    MALFORMED_STRING: ClassVar[ErrorCode]
    STRING_COLUMN_FULL: ClassVar[ErrorCode]
    STRING_GAME_OVER: ClassVar[ErrorCode]
    OUT_OF_RANGE: ClassVar[ErrorCode]
    COLUMN_FULL: ClassVar[ErrorCode]
    GAME_OVER: ClassVar[ErrorCode]
    NOTHING_TO_UNDO: ClassVar[ErrorCode]
    SEARCH_OVER: ClassVar[ErrorCode]
    BUSY: ClassVar[ErrorCode]
    EXITING: ClassVar[ErrorCode]
    BAD_ARGUMENT: ClassVar[ErrorCode]
    BOARD_SIZE: ClassVar[ErrorCode]
    INAROW: ClassVar[ErrorCode]
    SIZE_MISMATCH: ClassVar[ErrorCode]
    BOARD_SHAPE: ClassVar[ErrorCode]
    BAD_CELL: ClassVar[ErrorCode]
    FLOATING: ClassVar[ErrorCode]
    DISC_COUNT: ClassVar[ErrorCode]
    BOTH_FOUR: ClassVar[ErrorCode]
    MOVED_AFTER_FOUR: ClassVar[ErrorCode]
    UNREACHABLE: ClassVar[ErrorCode]
    BOOK_TRUNCATED: ClassVar[ErrorCode]
    BOOK_MAGIC: ClassVar[ErrorCode]
    BOOK_VERSION: ClassVar[ErrorCode]
    BOOK_BOARD: ClassVar[ErrorCode]
    BOOK_CHECKSUM: ClassVar[ErrorCode]
    BOOK_ENTRIES: ClassVar[ErrorCode]
    CHECKPOINT: ClassVar[ErrorCode]
    __members__: ClassVar[dict[str, ErrorCode]]
    def __init__(self, value: int) -> None: ...
    @overload
    def __eq__(self, other: ErrorCode, /) -> bool: ...
    @overload
    def __eq__(self, other: object, /) -> bool: ...
    @overload
    def __ne__(self, other: ErrorCode, /) -> bool: ...
    @overload
    def __ne__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __index__(self) -> int: ...
    def __int__(self) -> int: ...
    def __getstate__(self) -> int: ...
    def __setstate__(self, state: int, /) -> None: ...
    def __repr__(self) -> str: ...
    def __str__(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def value(self) -> int: ...

class Position:
    """A position as two bitboards; plays and undoes moves without keeping a history."""

    def __init__(self, width: int = 7, height: int = 6, inarow: int = 4) -> None: ...
    @staticmethod
    def from_moves(moves: str, width: int = 7, height: int = 6, inarow: int = 4) -> Position: ...
    @property
    def width(self) -> int: ...
    @property
    def height(self) -> int: ...
    @property
    def inarow(self) -> int: ...
    def play(self, col: int) -> None: ...
    def undo(self, col: int) -> None: ...
    def can_play(self, col: int) -> bool: ...
    def legal_moves(self) -> list[int]: ...
    def is_winning_move(self, col: int) -> bool: ...
    @property
    def ply(self) -> int: ...
    def key(self) -> int: ...
    def canonical_key(self) -> int: ...
    def last_mover_won(self) -> bool: ...
    def is_over(self) -> bool: ...
    # height lists of width ints, top row first.
    def rows(self) -> list[list[int]]: ...
    def winning_line(self, last_col: int) -> list[tuple[int, int]] | None:
        """The four (column, row) cells of the winning line through the last disc, which went into last_col; None when the last move did not win."""
    def threats(self) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
        """The empty cells that would complete a four: (the side to move's, the other side's), each a list of (column, row) cells."""
    def copy(self) -> Position: ...
    def __copy__(self) -> Position: ...
    def __deepcopy__(self, memo: dict[int, Any]) -> Position: ...
    # The binding takes only a Position: comparing with anything else raises TypeError;
    # positions of different sizes are never equal.
    def __eq__(self, arg0: Position, /) -> bool: ...  # type: ignore[override]
    def __hash__(self) -> int: ...

def board_moves(rows: Sequence[Sequence[int]], inarow: int = 4) -> str:
    """A move string that reaches the board (rows top first, cells 0 empty, 1 red, 2 yellow; its size the rows' shape), or the BoardError that says why no game does."""

def perft(position: Position, depth: int) -> int: ...

BOOK_VERSION: int
DEFAULT_TABLE_BYTES: int
MAX_THREADS: int

def near_table_bytes(table_bytes: int) -> int:
    """The bytes of a search's near-end table beside a main table of `table_bytes`."""

class Book:
    @staticmethod
    def parse(data: bytes) -> Book:
        """A book from the bytes of a book file (format in cpp/link4/book.hpp)."""
    @staticmethod
    def from_entries(
        entries: Sequence[tuple[int, int]], depth: int, width: int = 7, height: int = 6, inarow: int = 4
    ) -> Book:
        """A book of (canonical key, exact score) entries, in any order, holding
        positions of at most depth discs, for boards of width x height."""
    def to_bytes(self) -> bytes:
        """The bytes of the book's file."""
    def entry_game(self, index: int) -> tuple[Position, str, int]:
        """(position, a move string reaching it, score) of the index-th entry, keys
        increasing."""
    def get(self, position: Position) -> int | None: ...
    @property
    def depth(self) -> int: ...
    @property
    def width(self) -> int: ...
    @property
    def height(self) -> int: ...
    @property
    def inarow(self) -> int: ...
    @property
    def version(self) -> int:
        """The format version of the file the book was read from (book.hpp)."""
    def __len__(self) -> int: ...
    def entry(self, index: int) -> tuple[int, int]:
        """(canonical key, score) of the index-th entry, keys increasing."""
    def plies(self) -> bytes:
        """The discs of every entry's position, keys increasing, a byte each."""
    def scores(self) -> bytes:
        """The score of every entry, keys increasing, a signed byte each."""
    def disagreements(self, begin: int, end: int) -> list[tuple[int, int | None]]:
        """(index, the best of its moves valued from the book, or None when a child is
        missing) for each entry from begin to end (excluded) with fewer discs than
        the depth whose score is not that best."""

def crc32(data: bytes) -> int:
    """CRC-32 of bytes, as zlib.crc32 (the book's checksum)."""

def position_from_key(key: int, width: int = 7, height: int = 6, inarow: int = 4) -> Position | None:
    """The position with this key (see bitboard.hpp) on a board of width x height, or None."""

class StopReason:
    """Why a search stopped (a pybind11 enum)."""

    NONE: ClassVar[StopReason]
    NODES: ClassVar[StopReason]
    TIME: ClassVar[StopReason]
    STOPPED: ClassVar[StopReason]
    __members__: ClassVar[dict[str, StopReason]]
    def __init__(self, value: int) -> None: ...
    @overload
    def __eq__(self, other: StopReason, /) -> bool: ...
    @overload
    def __eq__(self, other: object, /) -> bool: ...
    @overload
    def __ne__(self, other: StopReason, /) -> bool: ...
    @overload
    def __ne__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __index__(self) -> int: ...
    def __int__(self) -> int: ...
    def __getstate__(self) -> int: ...
    def __setstate__(self, state: int, /) -> None: ...
    def __repr__(self) -> str: ...
    def __str__(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def value(self) -> int: ...

class SearchResult:
    """What one search proved; ``score`` is meaningful only when ``exact``."""

    @property
    def exact(self) -> bool: ...
    @property
    def score(self) -> int: ...
    @property
    def lower(self) -> int: ...
    @property
    def upper(self) -> int: ...
    @property
    def best_move(self) -> int: ...
    @property
    def best_moves(self) -> list[int]:
        """Every column worth the score when all were asked for, else best_move alone;
        centre-most first (the order of CENTRE_ORDER)."""
    @property
    def nodes(self) -> int: ...
    @property
    def helper_nodes(self) -> int:
        """The helper threads' share of nodes."""
    @property
    def seconds(self) -> float: ...
    @property
    def stop(self) -> StopReason: ...

class Analysis:
    """Every column's proven (lower, upper) bounds, None where the column is full."""

    @property
    def columns(self) -> list[tuple[int, int] | None]: ...
    @property
    def nodes(self) -> int: ...
    @property
    def helper_nodes(self) -> int: ...
    @property
    def seconds(self) -> float: ...
    @property
    def stop(self) -> StopReason: ...

class Want:
    """What a search is asked for besides the score (a pybind11 enum)."""

    SCORE: ClassVar[Want]
    ALL_BEST: ClassVar[Want]
    FIRST_BEST: ClassVar[Want]
    __members__: ClassVar[dict[str, Want]]
    def __init__(self, value: int) -> None: ...
    @overload
    def __eq__(self, other: Want, /) -> bool: ...
    @overload
    def __eq__(self, other: object, /) -> bool: ...
    @overload
    def __ne__(self, other: Want, /) -> bool: ...
    @overload
    def __ne__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __index__(self) -> int: ...
    def __int__(self) -> int: ...
    def __getstate__(self) -> int: ...
    def __setstate__(self, state: int, /) -> None: ...
    def __repr__(self) -> str: ...
    def __str__(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def value(self) -> int: ...

class SearchRequest:
    """One search's question: weak or strong, what is wanted, the order in which the
    first best move is looked for (None: the centre order), the limits (None: none)."""

    def __init__(
        self,
        weak: bool = False,
        want: Want = ...,
        order: Sequence[int] | None = None,
        max_nodes: int | None = None,
        max_seconds: float | None = None,
    ) -> None: ...
    @property
    def weak(self) -> bool: ...
    @property
    def want(self) -> Want: ...
    # None: the centre order of the searched position's board.
    @property
    def order(self) -> list[int] | None: ...

class Solver:
    """A solver owning its transposition table; one call at a time (another gets RuntimeError)."""

    def __init__(
        self,
        table_bytes: int,
        threads: int = 1,
        book: Book | None = None,
        width: int = 7,
        height: int = 6,
        inarow: int = 4,
    ) -> None: ...
    def search(
        self, position: Position, request: SearchRequest, long_search: LongSearch | None = None
    ) -> SearchResult: ...
    # (score, nodes): the exact score, with no limit.
    def solve(self, position: Position, weak: bool, /) -> tuple[int, int]: ...
    def analyze(
        self, position: Position, request: SearchRequest, long_search: LongSearch | None = None
    ) -> Analysis: ...
    def save_checkpoint(
        self, path: str, note: bytes, lower: int, upper: int, nodes: int, seconds: float
    ) -> None: ...
    # The record of the checkpoint read: as checkpoint_header's.
    def load_checkpoint(self, path: str) -> dict[str, Any]: ...
    def clear(self) -> None: ...
    @property
    def table_bytes(self) -> int: ...
    @property
    def threads(self) -> int: ...
    @property
    def width(self) -> int: ...
    @property
    def height(self) -> int: ...
    @property
    def inarow(self) -> int: ...

CHECKPOINT_VERSION: int

class LongSearch:
    """Progress reports and checkpoints of one search (the solver's search and analyze take one)."""

    def __init__(
        self,
        progress: Callable[[float, int, int, int, list[tuple[int, int] | None]], object] | None = None,
        progress_every: float = 0.0,
        checkpoint: str | None = None,
        checkpoint_every: float = 0.0,
        note: bytes = b"",
        nodes: int = 0,
        seconds: float = 0.0,
        probe_costs: tuple[int, int] = (0, 0),
    ) -> None: ...

def checkpoint_header(path: str) -> dict[str, Any]:
    """What the checkpoint at path records: its board, table bytes, nodes, seconds, bounds, the costs its score guess learnt and note (its table left unread)."""

def static_bounds(position: Position, alpha: int, beta: int) -> tuple[int, int] | None:
    """For tests: the (lower, upper) bounds the search starts a node with, tightened by the static bounds that can cut [alpha, beta]; None where it asks for none."""

def static_proofs(position: Position) -> list[tuple[str, str, int, tuple[int, int] | None]]:
    """Each static bound that holds for the position, by its rule: (rule, 'lower' or 'upper', the bound on the mover's score, (column, row) of its cell or None)."""

def claimeven_roles(position: Position) -> tuple[bool, list[int]]:
    """Whether the claimeven leader is to move, and the follower's rows from the bottom (0-based)."""

def child_static_uppers(position: Position) -> list[int | None] | None:
    """For tests: the cutoff test's static upper bound on each child's score by column (None where it asks none); None where it asks for none."""

def search_many(
    positions: Sequence[Position],
    request: SearchRequest,
    threads: int,
    table_bytes: int,
    book: Book | None,
    progress: object,
) -> tuple[list[SearchResult | None], bool]: ...
def analyze_many(
    positions: Sequence[Position],
    request: SearchRequest,
    threads: int,
    table_bytes: int,
    book: Book | None,
    progress: object,
) -> tuple[list[Analysis | None], bool]: ...

HEURISTIC_WIN: int

def heuristic_evaluate(position: Position) -> int:
    """The static evaluation of a position for the side to move (a heuristic guess)."""

def heuristic_scores(position: Position, depth: int, max_nodes: int = 0) -> tuple[list[int | None], int, int]:
    """(scores per column or None where full, depth completed, nodes) of a depth-limited
    heuristic search; values >= HEURISTIC_WIN are proven wins."""

# -- players and the batched environment (bindings/vector_env.cpp) --------------------

class Stream:
    """A random stream (splitmix64): one 64-bit word of state."""

    def __init__(self, state: int = 0) -> None: ...
    @staticmethod
    def seeded(seed: int) -> Stream: ...
    @property
    def state(self) -> int: ...
    def next(self) -> int: ...
    def below(self, n: int) -> int: ...
    def unit(self) -> float: ...

class PlayerKind:
    """What a built-in player is (a pybind11 enum)."""

    RANDOM: ClassVar[PlayerKind]
    BEGINNER: ClassVar[PlayerKind]
    HEURISTIC: ClassVar[PlayerKind]
    EXACT: ClassVar[PlayerKind]
    __members__: ClassVar[dict[str, PlayerKind]]
    def __init__(self, value: int) -> None: ...
    @overload
    def __eq__(self, other: PlayerKind, /) -> bool: ...
    @overload
    def __eq__(self, other: object, /) -> bool: ...
    @overload
    def __ne__(self, other: PlayerKind, /) -> bool: ...
    @overload
    def __ne__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __index__(self) -> int: ...
    def __int__(self) -> int: ...
    def __getstate__(self) -> int: ...
    def __setstate__(self, state: int, /) -> None: ...
    def __repr__(self) -> str: ...
    def __str__(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def value(self) -> int: ...

class PlayerSpec:
    """A built-in player: its kind and its parameters (link4/players.hpp)."""

    @property
    def kind(self) -> PlayerKind: ...
    @kind.setter
    def kind(self, value: PlayerKind) -> None: ...
    @property
    def depth(self) -> int: ...
    @depth.setter
    def depth(self, value: int) -> None: ...
    @property
    def margin(self) -> int: ...
    @margin.setter
    def margin(self, value: int) -> None: ...
    @property
    def careless(self) -> float: ...
    @careless.setter
    def careless(self, value: float) -> None: ...
    @property
    def max_nodes(self) -> int: ...
    @max_nodes.setter
    def max_nodes(self, value: int) -> None: ...
    @property
    def exact_nodes(self) -> int: ...
    @exact_nodes.setter
    def exact_nodes(self, value: int) -> None: ...
    @property
    def exact_seconds(self) -> float: ...
    @exact_seconds.setter
    def exact_seconds(self, value: float) -> None: ...
    @property
    def exact_min_ply(self) -> int: ...
    @exact_min_ply.setter
    def exact_min_ply(self, value: int) -> None: ...
    @property
    def exact_in_book(self) -> bool: ...
    @exact_in_book.setter
    def exact_in_book(self, value: bool) -> None: ...
    @property
    def win_chance(self) -> float: ...
    @win_chance.setter
    def win_chance(self, value: float) -> None: ...
    @property
    def block_chance(self) -> float: ...
    @block_chance.setter
    def block_chance(self, value: float) -> None: ...
    def __init__(self) -> None: ...
    def __eq__(self, arg0: PlayerSpec, /) -> bool: ...  # type: ignore[override]

LEVELS: int
PERFECT_LEVEL: int

def level_spec(level: int) -> PlayerSpec:
    """The player of a level: 1 to LEVELS, PERFECT_LEVEL for perfect play."""

def safe_columns(position: Position) -> list[int]:
    """The columns that do not let the opponent win with its next disc."""

class Player:
    def __init__(
        self, width: int, height: int, spec: PlayerSpec, book: Book | None, table_bytes: int, inarow: int = 4
    ) -> None: ...
    def choose(self, position: Position, stream: Stream, solver: Solver | None = None) -> int: ...
    @property
    def last_score(self) -> int | None: ...

def planes(position: Position, viewer: int, out: object) -> None:
    """Write the (height, width, 2) int8 planes of ``position`` seen by ``viewer`` (0: red,
    1: yellow) into ``out``, a contiguous buffer of height x width x 2 bytes."""

NO_SCORE: int
MAX_OPENING_PLIES: int

def max_opening_plies(inarow: int) -> int:
    """The most random opening moves of a game of `inarow` in a row: none completes a line."""

class VectorEnv:
    def __init__(
        self,
        width: int,
        height: int,
        count: int,
        opponent: PlayerSpec | None,
        agent: int,
        book: Book | None,
        table_bytes: int,
        threads: int,
        inarow: int = 4,
    ) -> None: ...
    @property
    def opening_plies(self) -> int: ...
    @opening_plies.setter
    def opening_plies(self, plies: int) -> None: ...
    @property
    def size(self) -> int: ...
    @property
    def width(self) -> int: ...
    @property
    def height(self) -> int: ...
    @property
    def inarow(self) -> int: ...
    def reset(self, seeds: object, which: object, outputs: tuple[object, ...]) -> None: ...
    def step(self, actions: object, autoreset: bool, outputs: tuple[object, ...]) -> None: ...
    def masks(self, out: object) -> None: ...
    def legal_actions(self, u: object, out: object) -> None: ...
    def position(self, index: int) -> Position: ...
    def history(self, moves: object, scores: object, agents: object) -> None: ...

class Bots:
    def __init__(
        self,
        width: int,
        height: int,
        spec: PlayerSpec,
        book: Book | None,
        table_bytes: int,
        threads: int,
        inarow: int = 4,
    ) -> None: ...
    def choose(self, env: VectorEnv, streams: object, out: object) -> None: ...
