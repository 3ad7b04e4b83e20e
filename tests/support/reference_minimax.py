"""A plain, slow and independent Connect Four solver, for checking link4 on every board size.

It shares nothing with link4: its own board (a tuple of columns, each a string of the
discs in it from the bottom up, ``"x"`` for the first player and ``"o"`` for the
second), its own k-in-a-row check and its own search. It is meant to be read and
believed, not to be fast: use it on positions with few empty cells.

Boards from 4 x 4 to 12 x 13 (width x height, at most 128 cells with one more a
column), k in a row for k from 3 to 6 (four unless told), the first player moves first.
Moves are written as in link4's notation, one character per disc, ``1`` the leftmost
column, ``a``, ``b``, ``c`` the columns 10 to 12; columns given to and returned from the
functions here are 0-based.

The score convention, always from the view of the side to move:

- a draw scores 0;
- a win whose last disc is move ``m`` of the game (plies counted from 1 over the whole
  game: ``m`` = the discs already on the board + the plies searched) scores
  ``1 + (width * height - m) // 2``, that is 1 + the discs the winner had not yet
  played; on 7 x 6 a win with one's k-th disc scores 22 - k;
- a loss scores the negative of the opponent's win.

>>> Reference(4, 4).solve("")                  # the empty 4 x 4 board is a draw
0
>>> Reference(5, 5).solve("121212")            # the first player wins with move 7
10
>>> Reference(5, 5).column_values("1212123")   # column 2 wins with move 8
[2, 9, -9, -9, -9]
"""

from __future__ import annotations

from collections.abc import Iterator

MIN_WIDTH, MAX_WIDTH = 4, 12
MIN_HEIGHT, MAX_HEIGHT = 4, 13
COLUMN_NAMES = "123456789abc"  # a move's character, by its 0-based column
DISCS = "xo"  # the first player's, the second player's

# The four lines through a cell: along a row, up a column, and the two diagonals.
DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))

Columns = tuple[str, ...]


class Board:
    """A position: ``columns[c][r]`` is the disc in column c, row r (row 0 the bottom);
    ``inarow`` discs in a line win."""

    def __init__(self, width: int, height: int, columns: Columns | None = None, inarow: int = 4) -> None:
        if not (MIN_WIDTH <= width <= MAX_WIDTH and MIN_HEIGHT <= height <= MAX_HEIGHT
                and width * (height + 1) <= 128):
            raise ValueError(f"no such board: {width} x {height}")
        if not 3 <= inarow <= min(6, max(width, height)):
            raise ValueError(f"no such line on {width} x {height}: {inarow} in a row")
        self.width = width
        self.height = height
        self.inarow = inarow
        self.columns: Columns = ("",) * width if columns is None else columns

    @classmethod
    def from_moves(cls, moves: str, width: int, height: int, inarow: int = 4) -> Board:
        """The board after ``moves`` (link4's notation); ValueError if a move is illegal or
        comes after the game was won."""
        board = cls(width, height, inarow=inarow)
        for name in moves:
            col = COLUMN_NAMES.find(name.lower())
            if board.is_won() or not 0 <= col < width or not board.can_play(col):
                raise ValueError(f"illegal move {name!r} in {moves!r} on {width} x {height}")
            board = board.play(col)
        return board

    @property
    def cells(self) -> int:
        return self.width * self.height

    @property
    def discs(self) -> int:
        """The discs on the board, that is the moves played so far."""
        return sum(len(column) for column in self.columns)

    def mover(self) -> str:
        """The disc of the side to move."""
        return DISCS[self.discs % 2]

    def can_play(self, col: int) -> bool:
        return len(self.columns[col]) < self.height

    def legal_columns(self) -> list[int]:
        return [c for c in range(self.width) if self.can_play(c)]

    def play(self, col: int) -> Board:
        """A new board with the mover's disc dropped into ``col``."""
        columns = list(self.columns)
        columns[col] += self.mover()
        return Board(self.width, self.height, tuple(columns), self.inarow)

    def disc_at(self, col: int, row: int) -> str | None:
        """The disc at (col, row), None for an empty cell or one off the board."""
        if 0 <= col < self.width and 0 <= row < len(self.columns[col]):
            return self.columns[col][row]
        return None

    def four_through(self, col: int, row: int) -> bool:
        """Whether the disc at (col, row) is part of a line of ``inarow`` or more (four
        on Connect Four, whence the name)."""
        disc = self.disc_at(col, row)
        if disc is None:
            return False
        for dc, dr in DIRECTIONS:
            run = 1
            for sign in (1, -1):
                c, r = col + sign * dc, row + sign * dr
                while self.disc_at(c, r) == disc:
                    run += 1
                    c, r = c + sign * dc, r + sign * dr
            if run >= self.inarow:
                return True
        return False

    def is_won(self) -> bool:
        """Whether any line of ``inarow`` is on the board (checked cell by cell)."""
        return any(self.four_through(c, r) for c in range(self.width) for r in range(len(self.columns[c])))

    def wins_by_playing(self, col: int) -> bool:
        """Whether the mover's disc in ``col`` (a legal column) makes a line of ``inarow``."""
        return self.play(col).four_through(col, len(self.columns[col]))

    def win_score(self, move: int) -> int:
        """The score of a win whose last disc is move ``move`` of the game (from 1)."""
        return 1 + (self.cells - move) // 2


def centre_first(width: int) -> list[int]:
    """The columns from the centre outwards: the order that makes alpha-beta cut soonest.
    Any order gives the same scores."""
    return sorted(range(width), key=lambda c: abs(2 * c - (width - 1)))


class Reference:
    """Exact scores on one board size, remembering every position it has settled.

    ``solve`` searches by negamax with alpha-beta and a table of proven bounds; nothing
    else prunes the search, so the score is exact. ``plain_score`` is the same game tree
    searched in full with no pruning and no table, for checking ``solve`` itself on
    positions with very few empty cells.
    """

    def __init__(self, width: int, height: int, inarow: int = 4) -> None:
        Board(width, height, inarow=inarow)  # checks the size and the line
        self.width = width
        self.height = height
        self.inarow = inarow
        # The proven bounds (lower, upper) of the score of each position searched.
        self._bounds: dict[Columns, tuple[int, int]] = {}

    def board(self, moves: str) -> Board:
        return Board.from_moves(moves, self.width, self.height, self.inarow)

    def solve(self, moves: str) -> int:
        """The exact score of the position after ``moves`` (not a finished game)."""
        board = self._playable(moves)
        worst, best = -board.win_score(board.discs + 1), board.win_score(board.discs + 1)
        return self._negamax(board, worst - 1, best + 1)

    def column_values(self, moves: str) -> list[int | None]:
        """The score for the side to move of playing each column (None for a full one)."""
        board = self._playable(moves)
        values: list[int | None] = []
        for col in range(self.width):
            if not board.can_play(col):
                values.append(None)
            elif board.wins_by_playing(col):
                values.append(board.win_score(board.discs + 1))
            else:
                child = board.play(col)
                values.append(0 if child.discs == child.cells else -self._search(child))
        return values

    def plain_score(self, moves: str) -> int:
        """The score by plain minimax: every line of play to its end, nothing pruned."""
        return self._plain(self._playable(moves))

    def _playable(self, moves: str) -> Board:
        board = self.board(moves)
        if board.is_won() or board.discs == board.cells:
            raise ValueError(f"the game {moves!r} is over")
        return board

    def _search(self, board: Board) -> int:
        best = board.win_score(board.discs + 1)
        return self._negamax(board, -best - 1, best + 1)

    def _plain(self, board: Board) -> int:
        scores = []
        for col in board.legal_columns():
            if board.wins_by_playing(col):
                scores.append(board.win_score(board.discs + 1))
            else:
                child = board.play(col)
                scores.append(0 if child.discs == child.cells else -self._plain(child))
        return max(scores)

    def _negamax(self, board: Board, alpha: int, beta: int) -> int:
        """The score of ``board`` (no four on it, not full) within the window, fail-soft:
        a value v with alpha < v < beta is the exact score; v <= alpha means the score is
        at most v; v >= beta means the score is at least v."""
        assert alpha < beta
        move = board.discs + 1
        columns = [c for c in centre_first(board.width) if board.can_play(c)]
        # Winning now is the best a score can be: nothing else needs looking at.
        for col in columns:
            if board.wins_by_playing(col):
                return board.win_score(move)
        # Otherwise the mover wins at best with its next disc (move + 2), and loses at
        # worst to the opponent's next one (move + 1).
        lower, upper = -board.win_score(move + 1), board.win_score(move + 2)
        if move == board.cells:
            lower = upper = 0  # the last cell, and no four: a draw
        known = self._bounds.get(board.columns)
        if known is not None:
            lower, upper = max(lower, known[0]), min(upper, known[1])
        if lower >= beta:
            return lower
        if upper <= alpha:
            return upper
        if lower == upper:
            return lower
        # The window narrowed by the bounds: a < b, since lower < upper, lower < beta and
        # alpha < upper here.
        a, b = max(alpha, lower), min(beta, upper)
        value, cut = -(1 << 30), a
        for col in columns:
            value = max(value, -self._negamax(board.play(col), -b, -cut))
            cut = max(cut, value)
            if cut >= b:
                break
        # What the search proved, with the contract above for the window (a, b). Where a
        # bound narrowed the window and the value falls on its side, the value is that
        # bound itself, exact, so it is also right for the window (alpha, beta).
        if value <= a:
            upper = min(upper, value)
        elif value >= b:
            lower = max(lower, value)
        else:
            lower = upper = value
        self._bounds[board.columns] = (lower, upper)
        return value


def lines_of_four(width: int, height: int) -> Iterator[list[tuple[int, int]]]:
    """Every four cells in a row on the board (for tests of the check itself)."""
    for col in range(width):
        for row in range(height):
            for dc, dr in DIRECTIONS:
                cells = [(col + i * dc, row + i * dr) for i in range(4)]
                if all(0 <= c < width and 0 <= r < height for c, r in cells):
                    yield cells
