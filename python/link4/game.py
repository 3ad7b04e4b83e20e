"""Game: the rules of Connect Four as a Python object, backed by the C++ bitboard.

See :class:`link4.Game`. The module also holds the helpers with which link4's own
modules take a position as a Game or a move string (``as_game``, ``core_position``,
``game_from_core``).
"""

from __future__ import annotations

import operator
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from link4 import _core
from link4._formats import (
    is_planes,
    openspiel_history,
    parse_board,
    parse_planes,
    planes_of,
    reconstruct_moves,
    rows_array,
)
from link4.errors import IllegalMoveError, from_core, size_mismatch_error
from link4.outcome import Outcome
from link4.rules import (
    HEIGHT,
    INAROW,
    MOVE_CHARACTERS,
    RED,
    WIDTH,
    YELLOW,
    Board,
    Cell,
    Player,
    check_inarow,
    check_size,
    columns_of,
    move_string,
)

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

    A Game plays and takes back moves under the rules, says when and how the game ended
    (:meth:`outcome`), and converts its board to and from the forms other libraries use:
    rows of ints, numpy arrays, PettingZoo's planes, Kaggle's boards, OpenSpiel's states.
    Every search of link4 (:class:`link4.Solver`, :class:`link4.Engine`, the batches)
    takes a Game or a move string.

    It starts from the empty board, from a move string such as ``"4453"`` (1-based
    digits, and ``a``, ``b``, ``c`` for columns 10, 11, 12), or from a sequence of 0-based
    columns such as ``[3, 3, 4, 2]`` (the actions
    of Kaggle, PettingZoo and OpenSpiel), on a board ``width`` columns wide and
    ``height`` rows high (the standard 7 x 6 unless told), won by a line of ``inarow``
    discs (four unless told: Connect 3 to Connect 6). Its methods take and return
    0-based columns.

    Games are equal when their positions are, whatever the order of the moves; games on
    boards of different sizes, or won by different lines, never are. A Game hashes by its position, copies
    (``copy.copy``, ``copy.deepcopy``) and pickles; its repr is code that rebuilds it,
    ``str()`` draws the board as text, and notebooks show it as a picture.

    Args:
        moves: The moves played from the empty board: a move string (one character a
            move: the digits 1 to 9, 1 = leftmost column, then ``a``, ``b`` and ``c``
            for columns 10, 11 and 12, read in either case) or an iterable of 0-based
            columns.
        width: The number of columns, 4 to 12.
        height: The number of rows, 4 to 13; columns x (rows + 1) at most 128, so that
            12 x 9, 11 x 10, 10 x 11 and 9 x 13 are the largest boards
            (:data:`link4.rules.SIZES` lists every size).
        inarow: The line that wins, 3 to 6 discs in a row (one that fits the board).

    Raises:
        InvalidMoveError: A malformed move string (a column past the width among them).
        IllegalMoveError: A move the rules forbid (its subclass GameOverError for a
            move after the end of the game).
        BoardSizeError: A size link4 does not play.
        InarowError: A line link4 does not play on that board.
        TypeError: ``moves`` is neither a string nor an iterable of ints, or a size is
            not an int.

    Examples:
        >>> g = Game("4453")
        >>> g.play(3)
        >>> g.moves, g.ply, g.turn
        ('44534', 5, <Player.YELLOW: 2>)
        >>> g.legal_moves()
        [0, 1, 2, 3, 4, 5, 6]
        >>> Game([3, 3, 4, 2]) == Game("4453")
        True
        >>> print(Game("4453"))
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . . . . .
        . . . O . . .
        . . O X X . .
        1 2 3 4 5 6 7
        red (X) to move

        Any board of 4 to 12 columns and 4 to 13 rows up to 12 x 9, 11 x 10, 10 x 11 and
        9 x 13 can be played; columns 10, 11 and 12 are ``a``, ``b`` and ``c`` in move
        strings. Four in a row wins unless told, and any line of 3 to 6 that fits the
        board can be the goal:

        >>> small = Game("1213", width=4, height=4)
        >>> small.width, small.height, small.legal_moves()
        (4, 4, [0, 1, 2, 3])
        >>> wide = Game("4aC", width=12, height=9)
        >>> wide.moves, wide.move_list
        ('4ac', [3, 9, 11])
        >>> five = Game("4455667", width=7, height=9, inarow=5)
        >>> five.inarow, five.is_over(), five
        (5, False, Game('4455667', width=7, height=9, inarow=5))

        A move that breaks the rules raises, saying what is allowed:

        >>> Game("4458")
        Traceback (most recent call last):
          ...
        link4.InvalidMoveError: invalid move string '4458': character 4 is '8', but moves are ...
    """

    __slots__ = ("_moves", "_pos")

    def __init__(
        self, moves: str | Iterable[int] = "", *, width: int = WIDTH, height: int = HEIGHT,
        inarow: int = INAROW,
    ) -> None:
        if width is not WIDTH or height is not HEIGHT:  # the defaults need no check
            width, height = check_size(width, height)
        if inarow is not INAROW:
            inarow = check_inarow(inarow, width, height)
        if isinstance(moves, str):
            self._pos = _core.Position.from_moves(moves, width, height, inarow)
            self._moves = columns_of(moves)
            return
        if isinstance(moves, (bytes, bytearray)) or not isinstance(moves, Iterable):
            raise TypeError(
                "moves must be a move string such as '4453' or a sequence of 0-based "
                f"columns such as [3, 3, 4, 2], not {type(moves).__name__}"
            )
        columns = list(moves)
        self._pos = _core.Position(width, height, inarow)
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

        A move that raises leaves the game unchanged.

        Args:
            col: The column, 0 (leftmost) to ``width - 1``.

        Raises:
            IllegalMoveError: A full column or one off the board.
            GameOverError: The game has ended.
            TypeError: ``col`` is not an int (or is a bool).

        Example:
            >>> g = Game()
            >>> g.play(3)
            >>> g.moves
            '4'
            >>> Game("111111").play(0)
            Traceback (most recent call last):
              ...
            link4.IllegalMoveError: column 0 is full
        """  # noqa: DOC501 (the IllegalMoveError raised is the one from_core builds)
        width = self._pos.width
        c = _column(col, width)
        if not 0 <= c < width:  # also keeps ints too big for C away from the core
            raise from_core(_core.ErrorCode.OUT_OF_RANGE, col=c, width=width)
        self._pos.play(c)
        self._moves.append(c)

    def undo(self) -> int:
        """Take back the last move and return its column.

        Returns:
            The column (0-based) of the move taken back.

        Raises:
            IndexError: There is no move to take back (the board is empty).

        Example:
            >>> g = Game("4453")
            >>> g.undo(), g.moves
            (2, '445')
        """
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
        """Whether column ``col`` (0-based) can be played now.

        Args:
            col: The column; any int, one off the board is not legal.

        Returns:
            True when ``col`` is on the board and not full, and the game still runs.

        Raises:
            TypeError: ``col`` is not an int (or is a bool).

        Example:
            >>> Game("111111").is_legal(0), Game("111111").is_legal(1), Game().is_legal(7)
            (False, True, False)
        """
        width = self._pos.width
        c = _column(col, width)
        return 0 <= c < width and self._pos.can_play(c)

    def is_winning_move(self, col: int) -> bool:
        """Would playing ``col`` win at once for the side to move?

        Args:
            col: The column (0-based); any int, one off the board never wins.

        Returns:
            True when ``col`` is legal and completes a four in a row of the side to move.

        Raises:
            TypeError: ``col`` is not an int (or is a bool).

        Example:
            >>> Game("445566").is_winning_move(2), Game("445566").is_winning_move(0)
            (True, False)
        """
        width = self._pos.width
        c = _column(col, width)
        return 0 <= c < width and self._pos.is_winning_move(c)

    @property
    def moves(self) -> str:
        """The record so far in move-string notation (1-based digits, a b c for columns 10-12)."""
        return move_string(self._moves)

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
    def inarow(self) -> int:
        """The length of the line that wins: 4, but on the variants (Connect 3 to 6)."""
        return self._pos.inarow

    @property
    def turn(self) -> Player:
        """The side to move (once the game is over, the side that would move)."""
        return RED if len(self._moves) % 2 == 0 else YELLOW

    def column_height(self, col: int) -> int:
        """The number of discs in column ``col``.

        Args:
            col: The column, 0 (leftmost) to ``width - 1``.

        Returns:
            The number of discs in it, 0 to ``height``.

        Raises:
            IndexError: ``col`` is off the board.
            TypeError: ``col`` is not an int (or is a bool).

        Example:
            >>> Game("4453").column_height(3)
            2
        """
        width = self._pos.width
        c = _column(col, width)
        if not 0 <= c < width:
            raise IndexError(f"column {c} is off the board: columns are 0 to {width - 1}")
        return self._moves.count(c)

    # -- the end of the game ---------------------------------------------------------

    def is_over(self) -> bool:
        """Whether the game has ended: a four in a row, or a full board (a draw)."""
        return self._pos.is_over()

    def outcome(self) -> Outcome | None:
        """How the game ended, once it has.

        Returns:
            None while the game runs; else an :class:`link4.Outcome`, which says who won
            (or a draw) and the winning line.

        Example:
            >>> Game("4455667").outcome()
            Outcome(winner=<Player.RED: 1>, line=((3, 0), (4, 0), (5, 0), (6, 0)), ply=7)
            >>> Game("4455").outcome() is None
            True
        """
        if self._pos.last_mover_won():
            winner = YELLOW if self.turn is RED else RED
            return Outcome(winner, self._winning_line(), len(self._moves))
        if len(self._moves) == self._pos.width * self._pos.height:
            return Outcome(None, (), len(self._moves))
        return None

    def _winning_line(self) -> tuple[Cell, ...]:
        line = self._pos.winning_line(self._moves[-1])
        assert line is not None, "the last move won, so a winning line passes through it"
        return tuple(line)

    # -- copies, comparison, text -----------------------------------------------------

    def mirror(self) -> Game:
        """The game reflected left to right (column c becomes column width - 1 - c).

        Returns:
            A new Game of the mirrored moves, in the same order, on a board of the same size.

        Example:
            >>> Game("4453").mirror()
            Game('4435')
        """
        width = self._pos.width
        return Game([width - 1 - c for c in self._moves], width=width, height=self._pos.height,
                    inarow=self._pos.inarow)

    def copy(self) -> Game:
        """An independent copy: moves played on one leave the other unchanged."""
        new = Game.__new__(Game)
        new._pos = self._pos.copy()
        new._moves = list(self._moves)
        return new

    __copy__ = copy

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        return self.copy()

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # The compiled position cannot be pickled; the move record, the size and the line
        # rebuild it exactly.
        return (_unpickle, (self.moves, self._pos.width, self._pos.height, self._pos.inarow))

    def _is_standard(self) -> bool:
        return self._pos.width == WIDTH and self._pos.height == HEIGHT and self._pos.inarow == INAROW

    def __eq__(self, other: object) -> bool:
        """Equal positions, whatever the order of the moves, on boards of the same size and line."""
        if not isinstance(other, Game):
            return NotImplemented
        return bool(self._pos == other._pos)

    def __hash__(self) -> int:
        return hash(self._pos.key())

    def __repr__(self) -> str:
        if self._is_standard():
            return f"Game({self.moves!r})"
        line = "" if self._pos.inarow == INAROW else f", inarow={self._pos.inarow}"
        return f"Game({self.moves!r}, width={self._pos.width}, height={self._pos.height}{line})"

    def __str__(self) -> str:
        lines = [" ".join("." if v == 0 else Player(v).glyph for v in row) for row in self.to_board()]
        lines.append(" ".join(MOVE_CHARACTERS[:self._pos.width]))
        outcome = self.outcome()
        if outcome is None:
            lines.append(f"{self.turn} ({self.turn.glyph}) to move")
        else:
            lines.append(str(outcome))
        return "\n".join(lines)

    # -- boards without a history ------------------------------------------------------

    def to_board(self) -> list[list[int]]:
        """The board as ``height`` rows of ``width`` ints, top row first: 0 empty, 1 red, 2 yellow.

        Returns:
            A new list of the rows, each a list of ints.

        Example:
            >>> Game("23", width=4, height=4).to_board()
            [[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 1, 2, 0]]
        """
        return self._pos.rows()

    def to_array(self) -> npt.NDArray[np.int8]:
        """The board as a (height, width) numpy int8 array, top row first (needs numpy).

        Returns:
            The array of the cells, 0 empty, 1 red, 2 yellow (as :meth:`to_board`).

        Raises:
            ImportError: numpy is not installed.

        Example:
            >>> Game("4453").to_array()[-1].tolist()      # the bottom row
            [0, 0, 2, 1, 1, 0, 0]
        """
        return rows_array(self.to_board(), "to_array")

    def to_planes(self, player: Player | int | None = None) -> npt.NDArray[np.int8]:
        """The board as a (height, width, 2) numpy int8 array seen by ``player``.

        Top row first: plane 0 holds that player's discs, plane 1 the other's. This is
        PettingZoo's ``connect_four_v3`` observation (needs numpy).

        Args:
            player: The side whose view it is: a :class:`link4.Player`, 1 (red) or 2
                (yellow); None (the default) for the side to move.

        Returns:
            The planes, 1 where the plane's side has a disc and 0 elsewhere.

        Raises:
            ImportError: numpy is not installed.
            ValueError: ``player`` is neither 1 nor 2.

        Example:
            >>> Game("4453").to_planes()[5, 3].tolist()    # bottom row, column 3: red's
            [1, 0]
        """
        if player is None:
            viewer = len(self._moves) % 2  # 0 when red moves
        else:
            viewer = 0 if (player if isinstance(player, Player) else Player(player)) is RED else 1
        return planes_of(self._pos, viewer)

    @classmethod
    def from_planes(
        cls, planes: Iterable[Any], player: Player | int | None = None, *, inarow: int = INAROW
    ) -> Game:
        """Build a game from (height, width, 2) planes, top row first, the board's size being their shape.

        Plane 0 holds the discs of ``player``, plane 1 the other side's (PettingZoo's
        ``connect_four_v3``). With ``player=None`` the disc counts say whose discs plane
        0 holds (red has as many as yellow or one more); when they are equal, plane 0 is
        taken to be the side to move's (red's), as in the observation of the agent about
        to act. Name the player to read the other agent's view. The move history is
        rebuilt as one order of play that reaches the board.

        Args:
            planes: The planes: a numpy array or nested sequences, each cell a pair
                ``[0, 0]`` (empty), ``[1, 0]`` (plane 0's disc) or ``[0, 1]`` (plane 1's).
            player: The side whose discs plane 0 holds (a :class:`link4.Player`, 1 or 2),
                or None to tell from the disc counts.
            inarow: The line that wins on the board (four unless told).

        Returns:
            A game that reaches the board.

        Raises:
            BoardError: No legal game reaches the board, or the planes are no board (a
                cell that is not one of the three pairs, disc counts no game has).
            BoardSizeError: The planes' shape is of no size link4 plays.
            InarowError: A line link4 does not play on that board.
            ValueError: ``player`` is neither 1 nor 2.

        Example:
            >>> g = Game("4453")
            >>> Game.from_planes(g.to_planes()) == g
            True
            >>> Game.from_planes(g.to_planes(YELLOW), player=YELLOW) == g
            True
        """
        side = None if player is None else Player(player)
        return cls._of_rows(parse_planes(planes, side), inarow)

    @classmethod
    def from_board(
        cls,
        board: str | Iterable[Any],
        *,
        red: float = 1,
        yellow: float = 2,
        width: int | None = None,
        height: int | None = None,
        inarow: int = INAROW,
    ) -> Game:
        """Build a game from a board alone (Kaggle, PettingZoo and friends keep no history).

        ``board`` is rows of cells, top row first, as a sequence of rows or a 2-d numpy
        array, a string of one line a row, or (height, width, 2) planes (see
        :meth:`from_planes`): the board's size is their shape. A flat sequence of cells,
        row after row (Kaggle ConnectX), is the 7 x 6 board when it has 42 cells; any
        other needs ``width`` and ``height``, which, given, any board must match.
        A cell is 0 (or ``.``) for empty, 1 (``X``, ``R``) for red, 2 (``O``, ``Y``) for
        yellow. Numbers may be ints, bools or whole floats; ``red`` and ``yellow`` name
        other values, for instance ``red=1, yellow=-1`` for a board of +1 and -1.
        The move history is rebuilt as one order of play that reaches the board.

        Args:
            board: The board, in any of the forms above.
            red: The number that stands for a red disc.
            yellow: The number that stands for a yellow disc.
            width: The number of columns the board must have; given with ``height`` or
                not at all.
            height: The number of rows the board must have; given with ``width`` or not
                at all.
            inarow: The line that wins on the board (four unless told).

        Returns:
            A game that reaches the board.

        Raises:
            BoardError: No legal game reaches the board, or ``board`` is no board (ragged
                rows, a cell that is no disc).
            BoardSizeError: A shape of no size link4 plays.
            InarowError: A line link4 does not play on that board.
            SizeMismatchError: A board of another size than ``width`` and ``height``.
            ValueError: ``red`` or ``yellow`` is not a whole number other than 0, or
                both are the same.
            TypeError: Only one of ``width`` and ``height`` is given, or one is not an int.

        Examples:
            >>> Game.from_board([0] * 38 + [-1, 1, -1, 1], red=1, yellow=-1).to_board()[-1]
            [0, 0, 0, 2, 1, 2, 1]
            >>> Game.from_board(["....", "....", "....", ".XO."])
            Game('23', width=4, height=4)
        """
        if is_planes(board):
            return cls._of_rows(parse_planes(board, None, width=width, height=height), inarow)
        return cls._of_rows(parse_board(board, red=red, yellow=yellow, width=width, height=height), inarow)

    @classmethod
    def _of_rows(cls, rows: list[list[int]], inarow: int) -> Game:
        """The game of a board given as rows of 0/1/2, top first, its shape a checked size."""
        width, height = len(rows[0]), len(rows)
        if inarow is not INAROW:
            inarow = check_inarow(inarow, width, height)
        return cls(reconstruct_moves(rows, inarow), width=width, height=height, inarow=inarow)

    @classmethod
    def from_openspiel(cls, state: Any) -> Game:
        """The game of an OpenSpiel ``connect_four`` state, from its history.

        So the game has the real order of play, on the state's board. Needs nothing
        imported: any object with the methods of a ``pyspiel.State`` will do. With
        OpenSpiel installed::

            state = pyspiel.load_game("connect_four").new_initial_state()
            state.apply_action(3)
            Game.from_openspiel(state)          # Game('4')

        Args:
            state: The OpenSpiel state.

        Returns:
            The game of the state's moves, on a board of the state's rows and columns,
            won by its ``x_in_row``.

        Raises:
            ValueError: The state is not of ``connect_four``.
            BoardSizeError: The state's board is of a size link4 does not play.
            InarowError: Its ``x_in_row`` is a line link4 does not play on that board.
            IllegalMoveError: The history holds a move the rules forbid.
        """
        moves, width, height, inarow = openspiel_history(state)
        return cls(moves, width=width, height=height, inarow=inarow)

    # -- pictures for notebooks --------------------------------------------------------

    def _repr_svg_(self) -> str:
        from link4.svg import board

        return board(self)

    def _repr_html_(self) -> str:
        from link4.svg import notebook_html

        return notebook_html(self)


PositionLike = Game | str
"""Every entry point takes a Game or a move string such as ``"4453"``.

A move string is a position of the 7 x 6 board and four in a row, unless the caller
names another game (``width=``, ``height=`` and ``inarow=``, or a :class:`link4.Solver`
made for one): it is then read on that board, and a Game of another size or line is
refused (``SizeMismatchError``)."""


def as_game(position: PositionLike, board: Board | None = None) -> Game:
    """``position`` itself if it is a Game, the game of a move string otherwise.

    The one reading of a position for link4's entry points: ``board`` is the game the
    caller named (``link4.rules.named_board``), if any.

    Args:
        position: A :class:`link4.Game` or a move string.
        board: The (width, height, inarow) the caller named: a move string is read on it
            and a Game must be of that size and line. None: a move string is of the 7 x 6
            board and four in a row, and a Game of any size or line.

    Returns:
        The Game itself (not a copy), or the game of the move string.

    Raises:
        TypeError: ``position`` is neither a Game nor a string.
        InvalidMoveError: A malformed move string.
        IllegalMoveError: A move string with a move the rules forbid (its subclass
            GameOverError for a move after the end of the game).
        SizeMismatchError: A Game of another size or line than ``board``.

    Examples:
        >>> as_game("4453")
        Game('4453')
        >>> as_game("4453", (6, 5, 4))
        Game('4453', width=6, height=5)
        >>> as_game(Game("4453"), (6, 5, 4))
        Traceback (most recent call last):
          ...
        link4.SizeMismatchError: board sizes differ: the position is 7x6, but 6x5 is expected here ...
    """
    if isinstance(position, str):
        if board is None:
            return Game(position)
        return Game(position, width=board[0], height=board[1], inarow=board[2])
    if not isinstance(position, Game):
        raise TypeError(f"a position is a link4.Game or a move string, not {type(position).__name__}")
    _check_board(position._pos, board)
    return position


def core_position(position: PositionLike, board: Board | None = None) -> _core.Position:
    """The compiled core's position of a Game or of a move string, read as :func:`as_game` reads it.

    For link4's own modules that hand a position to the core.

    Args:
        position: A :class:`link4.Game` or a move string.
        board: The (width, height, inarow) the caller named, or None (see :func:`as_game`).

    Returns:
        The game's own core position (not a copy, of the game's size), or a new one for
        a move string.

    Raises:
        TypeError: ``position`` is neither a Game nor a string.
        InvalidMoveError: A malformed move string.
        IllegalMoveError: A move string with a move the rules forbid (its subclass
            GameOverError for a move after the end of the game).
        SizeMismatchError: A Game of another size or line than ``board``.
    """
    if isinstance(position, str):
        if board is None:
            return _core.Position.from_moves(position)
        return _core.Position.from_moves(position, *board)
    return as_game(position, board)._pos


def _check_board(position: _core.Position, board: Board | None) -> None:
    """SizeMismatchError when a game is named and ``position`` is of another size or line."""
    if board is not None and (position.width, position.height, position.inarow) != board:
        raise size_mismatch_error("position", position.width, position.height, board[0], board[1],
                                  inarow=position.inarow, expected_inarow=board[2])


def game_from_core(position: _core.Position, moves: str) -> Game:
    """The game of a core position (of any size) and a move string the core found to reach it.

    For link4's own modules: there is no check that the moves reach the position, and no
    further call into the core.

    Args:
        position: The core's position, which the game takes as its own (not a copy).
        moves: A move string that reaches ``position``.

    Returns:
        The game of that position with those moves as its record.
    """
    game = Game.__new__(Game)
    game._pos = position
    game._moves = columns_of(moves)
    return game


def _unpickle(moves: str, width: int, height: int, inarow: int = INAROW) -> Game:
    """A pickled game (Game.__reduce__; games pickled before the variants have no line)."""
    return Game(moves, width=width, height=height, inarow=inarow)
