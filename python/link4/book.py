"""The opening book: exact scores of the positions near the start, looked up instantly.

A book file (:doc:`/book`: a header with a CRC-32 of the payload, then sorted canonical
keys and their scores) is written and read by the engine's own code, read in one go and
checked; lookups are a binary search in the engine. One entry serves a position and its
mirror image. See :class:`link4.Book`; ``link4 book`` builds, checks and describes books.

>>> import tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "tiny.l4b")
>>> write({canonical_key("4455"): 18}, depth=4, path=path)
>>> book = Book.open(path)
>>> book.get("4455"), book.get("4433"), book.get("45")   # 4433 is its mirror image
(18, 18, None)
>>> len(book), book.depth
(1, 4)
"""

from __future__ import annotations

import enum
import functools
import operator
import os
import threading
from collections.abc import Iterator, Mapping

from link4 import _core
from link4.errors import BookError, size_mismatch_error
from link4.game import HEIGHT, WIDTH, Game, core_position, game_from_core
from link4.rules import INAROW, Board, named_board

__all__ = [
    "DEFAULT_BOOK",
    "SHIPPED",
    "SHIPPED_BOARD",
    "Book",
    "BookChoice",
    "BookSource",
    "canonical_key",
    "core_book",
    "default_book",
    "write",
]

DEFAULT_BOOK = "book.l4b"
"""The file name of the book shipped inside the package (link4/data/)."""


class Book:
    """An opening book of one board size. ``get(position)`` is the exact score, or None if not in the book.

    A book holds the exact scores of positions near the start, so that a
    :class:`link4.Solver` answers them, and every search that reaches them, at once. One
    entry serves a position and its mirror image. The book shipped with link4 holds
    every 7 x 6 position of up to 10 discs and is every solver's default
    (:data:`link4.book.SHIPPED`); a book of another board size serves games of that size only.

    A Book is made by :meth:`open` (a file), :meth:`from_bytes` or :meth:`from_entries`,
    not by calling the class. ``len(book)`` is its number of entries; ``position in
    book`` is True when the book holds the position (False for a position of another
    size, or for what is no position).

    Args:
        core: The engine's own book, as :meth:`open`, :meth:`from_bytes` and
            :meth:`from_entries` make it: a Book is made by those.
        path: The file it was read from, or None.

    Examples:
        >>> from link4 import Book, Game
        >>> from link4.book import canonical_key
        >>> book = Book.from_entries({canonical_key("44"): 1, canonical_key("4455"): 18}, depth=4)
        >>> book
        <link4.Book: 2 positions, depth 4>
        >>> book.get("4455"), book.get("4433"), book.get("4")   # 4433 is 4455's mirror image
        (18, 18, None)
        >>> "44" in book, len(book), (book.width, book.height)
        (True, 2, (7, 6))

        A position of another size has no place in it:

        >>> book.get(Game(width=4, height=4))
        Traceback (most recent call last):
          ...
        link4.SizeMismatchError: board sizes differ: the position is 4x4, but 7x6 is expected here ...
    """

    def __init__(self, core: _core.Book, path: str | None = None) -> None:
        self._core = core
        self.path = path
        """The file the book was read from, or None."""

    @classmethod
    def open(cls, path: str | os.PathLike[str]) -> Book:
        """Read and check a book file (its header says its board size).

        The module's example writes a book file and opens it.

        Args:
            path: The book file.

        Returns:
            The book, its :attr:`path` the path given.

        Raises:
            BookError: The file is missing (or unreadable), cut short, corrupt (its
                checksum), of another format version, or no book at all.
        """
        path = os.fspath(path)
        try:
            with open(path, "rb") as f:
                data = f.read()
        except OSError as e:
            raise BookError(f"cannot read the book {path}: {e.strerror or e}") from None
        try:
            return cls(_core.Book.parse(data), path)
        except BookError as e:
            raise BookError(f"{path}: {e}") from None

    @classmethod
    def from_bytes(cls, data: bytes) -> Book:
        """Read and check a book from the bytes of a book file (:doc:`/book`).

        Args:
            data: The bytes, as :meth:`to_bytes` gives them.

        Returns:
            The book, without a path.

        Raises:
            BookError: The bytes are cut short, corrupt (their checksum), of another
                format version, or no book at all.
            TypeError: ``data`` is not bytes.

        Example:
            >>> book = Book.from_entries({canonical_key("4455"): 18}, depth=4)
            >>> Book.from_bytes(book.to_bytes()).get("4455")
            18
        """
        return cls(_core.Book.parse(data))

    @classmethod
    def from_entries(
        cls, entries: Mapping[int, int], *, depth: int, width: int = WIDTH, height: int = HEIGHT,
        inarow: int = INAROW,
    ) -> Book:
        """A book in memory of ``entries`` (canonical key -> exact score).

        It holds positions of at most ``depth`` discs of a ``width`` x ``height`` board,
        won by ``inarow`` in a row. The scores are taken as given: nothing checks that
        they are right.

        Args:
            entries: The exact score of each position, under its :func:`link4.book.canonical_key`.
            depth: The most discs a position in the book has.
            width: The number of columns of the book's board.
            height: The number of rows of the book's board.
            inarow: The line that wins in the book's games.

        Returns:
            The book, without a path.

        Raises:
            BookError: A key that is not a canonical position within the depth, or a
                score off the scale.
            BoardSizeError: A size link4 does not play.
            InarowError: A line link4 does not play on that board.

        Example:
            >>> len(Book.from_entries({canonical_key("44"): 1}, depth=2))
            1
        """
        return cls(_core.Book.from_entries(list(entries.items()), depth, width=width, height=height,
                                           inarow=inarow))

    def to_bytes(self) -> bytes:
        """The bytes of the book's file (:doc:`/book`)."""
        return self._core.to_bytes()

    @property
    def depth(self) -> int:
        """The most discs a position in the book has."""
        return self._core.depth

    @property
    def width(self) -> int:
        """The columns of the board of the book's positions."""
        return self._core.width

    @property
    def height(self) -> int:
        """The rows of the board of the book's positions."""
        return self._core.height

    @property
    def inarow(self) -> int:
        """The line that wins in the book's games: four, but for the variants'."""
        return self._core.inarow

    def __len__(self) -> int:
        return len(self._core)

    def get(
        self, position: Game | str, *, width: int | None = None, height: int | None = None,
        inarow: int | None = None,
    ) -> int | None:
        """The exact score of ``position`` (mover's view), or None when not in the book.

        Args:
            position: A :class:`link4.Game` or a move string, of the book's board size (a
                move string is read on the board named by ``width`` and ``height``, else
                on 7 x 6).
            width: The columns of the board named; None (with ``height`` None): none.
            height: The rows of the board named (None: 6 when ``width`` is given).
            inarow: The line of the game named (None: 4 when a size is given).

        Returns:
            The score from the side to move, or None when the book does not hold it.

        Raises:
            SizeMismatchError: A position of another board size than the book's, or a
                Game of another size than the board named.
            TypeError: ``position`` is neither a Game nor a string, or a size is not an int.
            InvalidMoveError: A malformed move string.
            IllegalMoveError: A move string with a move the rules forbid.
            BoardSizeError: A named board of a size link4 does not play.

        Example:
            >>> key = canonical_key("3", width=5, height=4)
            >>> small = Book.from_entries({key: -3}, depth=1, width=5, height=4)
            >>> small.get("3", width=5, height=4)
            -3
        """
        return self._core.get(core_position(position, named_board(width, height, inarow)))

    def __contains__(self, position: object) -> bool:
        if not isinstance(position, (Game, str)):
            return False
        pos = core_position(position)
        return (pos.width, pos.height) == (self.width, self.height) and self._core.get(pos) is not None

    @property
    def version(self) -> int:
        """The format version of the file (:doc:`/book`)."""
        return self._core.version

    def entries(self) -> Iterator[tuple[Game, int]]:
        """Every (position, score), by increasing key.

        Yields:
            Each entry's (position, score), the position a :class:`link4.Game` that is one
            of the pair that the entry stands for, with one order of play that reaches it.

        Example:
            >>> book = Book.from_entries({canonical_key("44"): 1, canonical_key("4455"): 18}, depth=4)
            >>> list(book.entries())
            [(Game('44'), 1), (Game('3344'), 18)]
        """
        for i in range(len(self)):
            yield self.entry(i)

    def entry(self, index: int) -> tuple[Game, int]:
        """The ``index``-th (position, score) of ``entries()``, in one call into the engine.

        Args:
            index: The entry's index, 0 to ``len(book) - 1``; a negative one counts from
                the end, as in a list.

        Returns:
            The entry's position (a :class:`link4.Game`) and its score.

        Raises:
            TypeError: ``index`` is not an int.
            IndexError: ``index`` is ``len(book)`` or more, or below ``-len(book)``.
        """
        if isinstance(index, bool):
            raise TypeError("a book entry's index is an int, not bool")
        index = operator.index(index)  # numpy's integers too; TypeError for the rest
        size = len(self)
        if not -size <= index < size:
            raise IndexError(f"no entry {index} in a book of {size} entries")
        position, moves, score = self._core.entry_game(index % size)
        return game_from_core(position, moves), score

    def plies_and_scores(self) -> Iterator[tuple[int, int]]:
        """(discs, score) of every entry, without an order of play for each.

        Two calls into the engine for the whole book, so it is quick where
        :meth:`entries` would build a game for each.

        Returns:
            An iterator of (number of discs, score), entry by entry by increasing key.
        """
        return zip(self._core.plies(), memoryview(self._core.scores()).cast("b"), strict=True)

    def __repr__(self) -> str:
        where = f" {self.path!r}" if self.path else ""
        board = "" if (self.width, self.height) == (WIDTH, HEIGHT) else f", {self.width}x{self.height}"
        return f"<link4.Book{where}: {len(self)} positions, depth {self.depth}{board}>"


def canonical_key(
    position: Game | str, *, width: int | None = None, height: int | None = None, inarow: int | None = None
) -> int:
    """The key under which a book stores ``position`` and its mirror image.

    Args:
        position: A :class:`link4.Game` or a move string (of the board named by
            ``width`` and ``height``, else of 7 x 6).
        width: The columns of the board named; None (with ``height`` None): none.
        height: The rows of the board named (None: 6 when ``width`` is given).
        inarow: The line of the game named (None: 4 when a size is given).

    Returns:
        The canonical key, the same for the position and its mirror image.

    Raises:
        TypeError: ``position`` is neither a Game nor a string, or a size is not an int.
        InvalidMoveError: A malformed move string.
        IllegalMoveError: A move string with a move the rules forbid.
        BoardSizeError: A named board of a size link4 does not play.
        SizeMismatchError: A Game of another size than the board named.

    Example:
        >>> canonical_key("4455") == canonical_key("4433")
        True
        >>> canonical_key("112233", width=6, height=5) == canonical_key(Game("112233", width=6, height=5))
        True
    """
    return core_position(position, named_board(width, height, inarow)).canonical_key()


def core_book(book: Book) -> _core.Book:
    """The engine's own book behind ``book``, as link4's solvers and players take it."""
    return book._core


def encode(
    entries: Mapping[int, int], depth: int, width: int = WIDTH, height: int = HEIGHT, inarow: int = INAROW
) -> bytes:
    """The bytes of a book file holding ``entries`` (canonical key -> exact score).

    Args:
        entries: The exact score of each position, under its :func:`link4.book.canonical_key`.
        depth: The most discs a position in the book has.
        width: The number of columns of the book's board.
        height: The number of rows of the book's board.
        inarow: The line that wins in the book's games.

    Returns:
        The file's bytes, as :meth:`link4.Book.to_bytes` gives them.

    Raises:
        BookError: A key that is not a canonical position within the depth, or a score
            off the scale.
        BoardSizeError: A size link4 does not play.
    """
    return Book.from_entries(entries, depth=depth, width=width, height=height, inarow=inarow).to_bytes()


def write(
    entries: Mapping[int, int],
    *,
    depth: int,
    path: str | os.PathLike[str],
    width: int = WIDTH,
    height: int = HEIGHT,
    inarow: int = INAROW,
) -> None:
    """Write a book file atomically (a temporary file renamed into place).

    The module's example writes a book file and opens it.

    Args:
        entries: The exact score of each position, under its :func:`link4.book.canonical_key`.
        depth: The most discs a position in the book has.
        path: The file to write (replaced if it exists; the temporary file is the same
            path with ``.tmp`` added).
        width: The number of columns of the book's board.
        height: The number of rows of the book's board.
        inarow: The line that wins in the book's games.

    Raises:
        BookError: A key that is not a canonical position within the depth, or a score
            off the scale (nothing is written then).
        BoardSizeError: A size link4 does not play.
        OSError: The file cannot be written.
    """
    data = encode(entries, depth, width, height, inarow)
    tmp = os.fspath(path) + ".tmp"
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, path)


class _Shipped(enum.Enum):
    BOOK = "the book shipped with link4"

    def __repr__(self) -> str:
        return "link4.book.SHIPPED"


SHIPPED = _Shipped.BOOK
"""The default of every ``book=`` argument, the book shipped with the package."""

SHIPPED_BOARD: Board = (WIDTH, HEIGHT, INAROW)
"""The game of the shipped book (7 x 6, four in a row), known without reading it: other
boards and lines go without."""


class BookSource:
    """A ``book=`` argument resolved once: the book each board size's searches use.

    Every entry point that takes ``book=`` makes one (or takes one given) and asks it
    :meth:`for_board` for the board it searches. It reads a file only when a board
    needs it, and once: the shipped book's board (7 x 6) is known without reading it,
    so a search of another size never opens it; a file given by its path is read at
    the first question (its header says its board).

    Args:
        book: A :class:`link4.Book`, the path of a book file, None for no book, or
            :data:`link4.book.SHIPPED` (the default), the book in the package; or a
            BookSource, whose choice is taken.

    Raises:
        TypeError: ``book`` is none of those.

    Examples:
        >>> source = BookSource(SHIPPED)
        >>> source.shipped, source.board, source.for_board(6, 5)   # 6 x 5 goes without
        (True, (7, 6, 4), None)
        >>> tiny = Book.from_entries({canonical_key("44"): 1}, depth=2)
        >>> BookSource(tiny).for_board(6, 5)
        Traceback (most recent call last):
          ...
        link4.SizeMismatchError: board sizes differ: the book is 7x6, but 6x5 is expected here ...
    """

    __slots__ = ("_book", "_choice", "_lock", "_read")

    def __init__(self, book: BookChoice = SHIPPED) -> None:
        if isinstance(book, BookSource):
            book = book._choice
        if not (book is SHIPPED or book is None or isinstance(book, (Book, str, os.PathLike))):
            raise TypeError(f"book must be a link4.Book, a path or None, not {type(book).__name__}")
        self._choice: BookChoice = book
        self._book: Book | None = book if isinstance(book, Book) else None
        self._read = not isinstance(book, (str, os.PathLike))  # only a path is read here
        self._lock = threading.Lock()

    @classmethod
    def of(cls, book: BookChoice) -> BookSource:
        """``book`` itself when it is a BookSource, else the BookSource of that choice.

        Args:
            book: What a ``book=`` argument takes.

        Returns:
            The BookSource, the same object when one was given (so that a file read by
            one caller is not read again by the next).

        Raises:
            TypeError: ``book`` is no book choice.
        """
        return book if isinstance(book, BookSource) else cls(book)

    @property
    def shipped(self) -> bool:
        """Whether it stands for the shipped book (which other boards go without)."""
        return self._choice is SHIPPED

    @property
    def board(self) -> Board | None:
        """The (width, height, inarow) of the book's game; None for no book.

        The shipped book's without reading it; a file's from the file, read now if not
        yet (BookError if it cannot be).
        """
        if self.shipped:
            return SHIPPED_BOARD
        book = self.book
        return None if book is None else (book.width, book.height, book.inarow)

    @property
    def book(self) -> Book | None:
        """The Book, read now if it was not yet; None for no book.

        Raises:
            BookError: The book file cannot be read, or is no usable book.
        """
        if self.shipped:
            return default_book()
        if not self._read:
            with self._lock:
                if not self._read:
                    assert isinstance(self._choice, (str, os.PathLike))
                    self._book = Book.open(self._choice)
                    self._read = True
        return self._book

    def for_board(self, width: int, height: int, inarow: int = INAROW) -> _core.Book | None:
        """The core's book for searches on a ``width`` x ``height`` board, ``inarow`` in a row.

        Args:
            width: The number of columns of the searches' board.
            height: The number of rows of the searches' board.
            inarow: The line that wins in the searches' games.

        Returns:
            The book when it is of that game; None when there is none, or when it is
            the shipped book and the game is not its (it is then not read).

        Raises:
            SizeMismatchError: A book given for another size or line.
            BookError: The book file cannot be read, or is no usable book.
        """  # noqa: DOC501 (the SizeMismatchError raised is the one size_mismatch_error builds)
        if self.shipped and (width, height, inarow) != SHIPPED_BOARD:
            return None
        book = self.book
        if book is None:
            return None
        if (book.width, book.height, book.inarow) != (width, height, inarow):
            raise size_mismatch_error("book", book.width, book.height, width, height,
                                      inarow=book.inarow, expected_inarow=inarow)
        return book._core

    def __repr__(self) -> str:
        return f"BookSource({self._choice!r})"


BookChoice = Book | str | os.PathLike[str] | None | _Shipped | BookSource
"""What a ``book=`` argument takes (a Book, the path of a book file, None for no book,
SHIPPED, the default, for the book in the package, or a :class:`BookSource`)."""


@functools.cache
def default_book() -> Book | None:
    """The book shipped with the package (read on first use), or None if there is none.

    Returns:
        The shipped book, read once and then shared; None if the package has none.

    Raises:
        BookError: The shipped file is damaged.
    """
    # Imported here, not with link4: importlib.resources (with pathlib and tempfile)
    # took a third of `import link4`.
    from importlib import resources

    resource = resources.files("link4").joinpath("data", DEFAULT_BOOK)
    if not resource.is_file():
        return None
    with resources.as_file(resource) as path:
        return Book.open(path)
