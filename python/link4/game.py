"""Game: the rules of Connect Four as a Python object, backed by the C++ bitboard."""

from __future__ import annotations

import operator
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from link4 import _core
from link4._rules import HEIGHT, RED, WIDTH, YELLOW, Cell, Player, check_size
from link4.errors import IllegalMoveError, from_core
from link4.outcome import Outcome

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["HEIGHT", "RED", "WIDTH", "YELLOW", "Game", "Outcome", "Player"]


def _column(col: object, width: int) -> int:
    if isinstance(col, bool):
        raise TypeError(f"a column is an int from 0 to {width - 1}, not a bool")
    try:
        return operator.index(col)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(
            f"a column is an int from 0 to {width - 1}, not {type(col).__name__}"
        ) from None


class Game:
    """A game of Connect Four: the position and the moves that led to it.

    >>> g = Game("4453")
    >>> g.play(3)
    >>> g.moves, g.ply, g.turn
    ('44534', 5, <Player.YELLOW: 2>)
    >>> g.legal_moves()
    [0, 1, 2, 3, 4, 5, 6]

    Any board of 4 to 9 columns and 4 to 12 rows can be played, four in a row as always:

    >>> small = Game("1213", width=4, height=4)
    >>> small.width, small.height, small.legal_moves()
    (4, 4, [0, 1, 2, 3])
    """

    __slots__ = ("_moves", "_pos")

    def __init__(
        self, moves: str | Iterable[int] = "", *, width: int = WIDTH, height: int = HEIGHT
    ) -> None:
        """Start from the empty board, from a move string such as ``"4453"`` (1-based
        digits), or from a sequence of 0-based columns such as ``[3, 3, 4, 2]`` (the
        actions of Kaggle, PettingZoo and OpenSpiel), on a board ``width`` columns wide
        and ``height`` rows high (the standard 7 x 6 unless told).

        >>> Game([3, 3, 4, 2]) == Game("4453")
        True

        Raises InvalidMoveError for a malformed string (a digit past the width among
        them), IllegalMoveError (or its subclass GameOverError) for a move the rules
        forbid and BoardSizeError for a size link4 does not play.
        """
        if width is not WIDTH or height is not HEIGHT:  # the defaults need no check
            width, height = check_size(width, height)
        if isinstance(moves, str):
            self._pos = _core.Position.from_moves(moves, width, height)
            self._moves = [ord(ch) - ord("1") for ch in moves]
            return
        if isinstance(moves, (bytes, bytearray)) or not isinstance(moves, Iterable):
            raise TypeError(
                "moves must be a move string such as '4453' or a sequence of 0-based "
                f"columns such as [3, 3, 4, 2], not {type(moves).__name__}"
            )
        columns = list(moves)
        self._pos = _core.Position(width, height)
        self._moves = []
        for i, col in enumerate(columns):
            try:
                self.play(col)
            except IllegalMoveError as e:
                raise type(e)(f"illegal move {i + 1} of {columns}: {e}") from None
            except TypeError as e:
                raise TypeError(f"move {i + 1} of {columns}: {e}") from None

    # -- moves ---------------------------------------------------------------------

    def play(self, col: int) -> None:
        """Drop a disc of the side to move into column ``col`` (0-based).

        Raises IllegalMoveError for a full column or one off the board, GameOverError
        once the game has ended; the game is then unchanged.
        """
        width = self._pos.width
        c = _column(col, width)
        if not 0 <= c < width:  # also keeps ints too big for C away from the core
            raise from_core("out_of_range", col=c, width=width)
        self._pos.play(c)
        self._moves.append(c)

    def undo(self) -> int:
        """Take back the last move and return its column. IndexError if there is none."""
        if not self._moves:
            raise IndexError("no move to undo: the board is empty")
        col = self._moves[-1]
        self._pos.undo(col)
        self._moves.pop()
        return col

    def legal_moves(self) -> list[int]:
        """The columns (0-based) that can be played; [] once the game is over."""
        return self._pos.legal_moves()

    def is_legal(self, col: int) -> bool:
        width = self._pos.width
        c = _column(col, width)
        return 0 <= c < width and self._pos.can_play(c)

    def is_winning_move(self, col: int) -> bool:
        """Would playing ``col`` win at once for the side to move?"""
        width = self._pos.width
        c = _column(col, width)
        return 0 <= c < width and self._pos.is_winning_move(c)

    @property
    def moves(self) -> str:
        """The record so far in move-string notation (1-based digits)."""
        return "".join(chr(ord("1") + c) for c in self._moves)

    @property
    def move_list(self) -> list[int]:
        """The moves so far as 0-based columns."""
        return list(self._moves)

    @property
    def last_move(self) -> int | None:
        """The column (0-based) of the last move, None on the empty board."""
        return self._moves[-1] if self._moves else None

    @property
    def ply(self) -> int:
        """The number of discs on the board."""
        return len(self._moves)

    @property
    def width(self) -> int:
        """The number of columns of the board."""
        return self._pos.width

    @property
    def height(self) -> int:
        """The number of rows of the board (``column_height`` counts a column's discs)."""
        return self._pos.height

    @property
    def turn(self) -> Player:
        """The side to move (once the game is over: the side that would move)."""
        return RED if len(self._moves) % 2 == 0 else YELLOW

    def column_height(self, col: int) -> int:
        """The number of discs in column ``col``."""
        width = self._pos.width
        c = _column(col, width)
        if not 0 <= c < width:
            raise IndexError(f"column {c} is off the board: columns are 0 to {width - 1}")
        return self._moves.count(c)

    # -- the end of the game ---------------------------------------------------------

    def is_over(self) -> bool:
        return self._pos.is_over()

    def outcome(self) -> Outcome | None:
        """None while the game runs; else who won (or a draw) and the winning line."""
        if self._pos.last_mover_won():
            winner = YELLOW if self.turn is RED else RED
            return Outcome(winner, self._winning_line(), len(self._moves))
        if len(self._moves) == self._pos.width * self._pos.height:
            return Outcome(None, (), len(self._moves))
        return None

    def _winning_line(self) -> tuple[Cell, ...]:
        line = self._pos.winning_line(self._moves[-1])
        assert line is not None, "the last move won, so a line of four passes through it"
        return tuple(line)

    # -- copies, comparison, text -----------------------------------------------------

    def mirror(self) -> Game:
        """The game reflected left to right (column c becomes column width - 1 - c).

        >>> Game("4453").mirror()
        Game('4435')
        """
        width = self._pos.width
        return Game([width - 1 - c for c in self._moves], width=width, height=self._pos.height)

    def copy(self) -> Game:
        new = Game.__new__(Game)
        new._pos = self._pos.copy()
        new._moves = list(self._moves)
        return new

    __copy__ = copy

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        return self.copy()

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # The compiled position cannot be pickled; the move record and the size rebuild it
        # exactly. A standard game pickles as before, so older link4 versions read it.
        if self._is_standard():
            return (Game, (self.moves,))
        return (_unpickle, (self.moves, self._pos.width, self._pos.height))

    def _is_standard(self) -> bool:
        return self._pos.width == WIDTH and self._pos.height == HEIGHT

    def __eq__(self, other: object) -> bool:
        """Games are equal when their positions are, whatever the order of the moves;
        games on boards of different sizes never are."""
        if not isinstance(other, Game):
            return NotImplemented
        return bool(self._pos == other._pos)

    def __hash__(self) -> int:
        return hash(self._pos.key())

    def __repr__(self) -> str:
        if self._is_standard():
            return f"Game({self.moves!r})"
        return f"Game({self.moves!r}, width={self._pos.width}, height={self._pos.height})"

    def __str__(self) -> str:
        lines = [" ".join("." if v == 0 else Player(v).glyph for v in row) for row in self.to_board()]
        lines.append(" ".join(str(c + 1) for c in range(self._pos.width)))
        outcome = self.outcome()
        if outcome is None:
            lines.append(f"{self.turn} ({self.turn.glyph}) to move")
        else:
            lines.append(str(outcome))
        return "\n".join(lines)

    # -- boards without a history ------------------------------------------------------

    def to_board(self) -> list[list[int]]:
        """The board as ``height`` rows of ``width`` ints, top row first: 0 empty, 1 red,
        2 yellow."""
        return self._pos.rows()

    def to_array(self) -> npt.NDArray[np.int8]:
        """The board as a (height, width) numpy int8 array, top row first (needs numpy)."""
        try:
            import numpy as np
        except ImportError:
            raise ImportError(
                "Game.to_array needs numpy: pip install 'link4[numpy]'"
            ) from None
        return np.array(self.to_board(), dtype=np.int8)

    def to_planes(self, player: Player | int | None = None) -> npt.NDArray[np.int8]:
        """The board as a (height, width, 2) numpy int8 array seen by ``player`` (default:
        the side to move), top row first: plane 0 holds that player's discs, plane 1 the
        other's. This is PettingZoo's ``connect_four_v3`` observation (needs numpy).

        >>> Game("4453").to_planes()[5, 3].tolist()    # bottom row, column 3: red's
        [1, 0]
        """
        try:
            import numpy as np
        except ImportError:
            raise ImportError("Game.to_planes needs numpy: pip install 'link4[numpy]'") from None
        side = self.turn if player is None else Player(player)
        board = np.array(self.to_board(), dtype=np.int8)
        return np.stack((board == side, board == side.other), axis=2).astype(np.int8)

    @classmethod
    def from_planes(cls, planes: Iterable[Any], player: Player | int | None = None) -> Game:
        """Build a game from (height, width, 2) planes, top row first, the board's size
        being their shape: plane 0 holds the discs of ``player``, plane 1 the other
        side's (PettingZoo's ``connect_four_v3``).

        With ``player=None`` the disc counts say whose discs plane 0 holds (red has as
        many as yellow or one more); when they are equal, plane 0 is taken to be the
        side to move's (red's), as in the observation of the agent about to act. Name
        the player to read the other agent's view.

        >>> g = Game("4453")
        >>> Game.from_planes(g.to_planes()) == g
        True
        >>> Game.from_planes(g.to_planes(YELLOW), player=YELLOW) == g
        True

        Raises BoardError when no legal game reaches the board.
        """
        from link4._board import parse_planes

        side = None if player is None else Player(player)
        return cls._of_rows(parse_planes(planes, side))

    @classmethod
    def from_board(
        cls,
        board: str | Iterable[Any],
        *,
        red: float = 1,
        yellow: float = 2,
        width: int | None = None,
        height: int | None = None,
    ) -> Game:
        """Build a game from a board alone (Kaggle, PettingZoo and friends keep no history).

        ``board`` is rows of cells, top row first, as a sequence of rows or a 2-d numpy
        array, a string of one line a row, or (height, width, 2) planes (see
        ``from_planes``): the board's size is their shape. A flat sequence of cells, row
        after row (Kaggle ConnectX), is the 7 x 6 board when it has 42 cells; any other
        needs ``width`` and ``height``, which, given, any board must match.
        A cell is 0 (or ``.``) for empty, 1 (``X``, ``R``) for red, 2 (``O``, ``Y``) for
        yellow. Numbers may be ints, bools or whole floats; ``red`` and ``yellow`` name
        other values, for instance ``red=1, yellow=-1`` for a board of +1 and -1.
        The move history is rebuilt as one order of play that reaches the board.

        >>> Game.from_board([0] * 38 + [-1, 1, -1, 1], red=1, yellow=-1).to_board()[-1]
        [0, 0, 0, 2, 1, 2, 1]
        >>> Game.from_board(["....", "....", "....", ".XO."])
        Game('23', width=4, height=4)

        Raises BoardError when no legal game reaches the board, BoardSizeError for a
        shape of no size link4 plays, SizeMismatchError for a board of another size
        than ``width`` and ``height``.
        """
        from link4._board import is_planes, parse_board, parse_planes

        if is_planes(board):
            return cls._of_rows(parse_planes(board, None, width=width, height=height))
        return cls._of_rows(parse_board(board, red=red, yellow=yellow, width=width, height=height))

    @classmethod
    def _of_rows(cls, rows: list[list[int]]) -> Game:
        """The game of a board given as rows of 0/1/2, top first, its shape a checked size."""
        from link4._board import reconstruct_moves

        return cls(reconstruct_moves(rows), width=len(rows[0]), height=len(rows))

    @classmethod
    def from_openspiel(cls, state: Any) -> Game:
        """The game of an OpenSpiel ``connect_four`` state, from its history (so with the
        real order of play), on the state's board. Needs nothing imported: any object
        with the methods of a ``pyspiel.State`` will do.
        """
        game = state.get_game()
        name = game.get_type().short_name
        if name != "connect_four":
            raise ValueError(f"an OpenSpiel state of connect_four is needed, not of {name}")
        params = game.get_parameters()
        rows, columns = params.get("rows", HEIGHT), params.get("columns", WIDTH)
        in_row = params.get("x_in_row", 4)
        if in_row != 4:
            raise ValueError(
                f"link4 plays four in a row; this game has {rows} rows, {columns} columns, "
                f"{in_row} in a row"
            )
        return cls([int(a) for a in state.history()], width=columns, height=rows)

    # -- pictures for notebooks --------------------------------------------------------

    def _repr_svg_(self) -> str:
        from link4.svg import board

        return board(self)

    def _repr_html_(self) -> str:
        import html

        from link4.svg import board

        outcome = self.outcome()
        status = f"{self.turn} to move" if outcome is None else str(outcome)
        return (
            f'<div style="display:inline-block;text-align:center">{board(self)}'
            f"<br><code>{html.escape(repr(self))}</code> {html.escape(status)}</div>"
        )


def as_game(position: Game | str) -> Game:
    """``position`` itself if it is a Game, the game of a move string otherwise; TypeError
    for anything else. (A Game is not copied.)"""
    if isinstance(position, str):
        return Game(position)
    if not isinstance(position, Game):
        raise TypeError(f"a position is a link4.Game or a move string, not {type(position).__name__}")
    return position


def core_position(position: Game | str) -> _core.Position:
    """The compiled core's position of a Game (its own, not a copy, of the game's size)
    or of a move string (on the 7 x 6 board), for link4's own modules that hand a
    position to the core; TypeError for anything else."""
    if isinstance(position, str):
        return _core.Position.from_moves(position)
    return as_game(position)._pos


def game_from_core(position: _core.Position, moves: str) -> Game:
    """The game of a core position (of any size) and a move string the core found to
    reach it (no check that it does), for link4's own modules: no further call into the
    core."""
    game = Game.__new__(Game)
    game._pos = position
    game._moves = [ord(ch) - ord("1") for ch in moves]
    return game


def _unpickle(moves: str, width: int, height: int) -> Game:
    """A pickled game of a size other than 7 x 6 (Game.__reduce__)."""
    return Game(moves, width=width, height=height)
