"""The opening book: exact scores of the positions near the start, looked up instantly.

A book file (format in cpp/link4/book.hpp: a header with a CRC-32 of the payload, then
sorted canonical keys and their scores) is read in one go and checked; lookups are a
binary search in the engine. One entry serves a position and its mirror image.

>>> import tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "tiny.l4b")
>>> write({Game("4455")._pos.canonical_key(): 18}, depth=4, path=path)
>>> book = Book.open(path)
>>> book.get("4455"), book.get("4433"), book.get("45")   # 4433 is its mirror image
(18, 18, None)
>>> len(book), book.depth
(1, 4)
"""

from __future__ import annotations

import enum
import functools
import os
import struct
import zlib
from collections.abc import Iterator, Mapping

from link4 import _core
from link4.errors import BookError
from link4.game import HEIGHT, WIDTH, Game

__all__ = ["DEFAULT_BOOK", "SHIPPED", "Book", "BookChoice", "default_book", "resolve", "write"]

MAGIC = b"LINK4BK\0"
HEADER = struct.Struct("<8sHBBB3xQI4x")
assert HEADER.size == 32

DEFAULT_BOOK = "book.l4b"
"""The file name of the book shipped inside the package (link4/data/)."""


class Book:
    """An opening book. ``get(position)`` is the exact score, or None if not in the book."""

    def __init__(self, core: _core.Book, path: str | None = None) -> None:
        self._core = core
        self.path = path

    @classmethod
    def open(cls, path: str | os.PathLike[str]) -> Book:
        """Read and check a book file. BookError if it is missing, cut short, corrupt
        (its checksum), of another format version or made for another board."""
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
        return cls(_core.Book.parse(data))

    @property
    def depth(self) -> int:
        """The most discs a position in the book has."""
        return self._core.depth

    def __len__(self) -> int:
        return len(self._core)

    def get(self, position: Game | str) -> int | None:
        """The exact score of ``position`` (mover's view), or None when not in the book."""
        game = Game(position) if isinstance(position, str) else position
        return self._core.get(game._pos)

    def __contains__(self, position: object) -> bool:
        return isinstance(position, (Game, str)) and self.get(position) is not None

    @property
    def version(self) -> int:
        """The format version of the file (see cpp/link4/book.hpp)."""
        return _core.BOOK_VERSION

    def entries(self) -> Iterator[tuple[Game, int]]:
        """Every (position, score), by increasing key. The position is one of the pair
        that the entry stands for, with one order of play that reaches it."""
        for i in range(len(self)):
            yield self._entry(i)

    def _entry(self, index: int) -> tuple[Game, int]:
        key, score = self._core.entry(index)
        return _game_of_key(key), score

    def _game_at(self, index: int) -> Game:
        return self._entry(index)[0]

    def _plies_and_scores(self) -> Iterator[tuple[int, int]]:
        """(discs, score) of every entry, without rebuilding an order of play for each."""
        for i in range(len(self)):
            key, score = self._core.entry(i)
            pos = _core.position_from_key(key)
            assert pos is not None  # the engine checked every key when it read the file
            yield pos.ply, score

    def __repr__(self) -> str:
        where = f" {self.path!r}" if self.path else ""
        return f"<link4.Book{where}: {len(self)} positions, depth {self.depth}>"


def _game_of_key(key: int) -> Game:
    pos = _core.position_from_key(key)
    if pos is None:
        raise BookError(f"key {key:#x} is not a position")
    return Game.from_board(pos.rows())


def encode(entries: Mapping[int, int], depth: int) -> bytes:
    """The bytes of a book file holding ``entries`` (canonical key -> exact score)."""
    keys = sorted(entries)
    payload = struct.pack(f"<{len(keys)}Q", *keys) + struct.pack(
        f"<{len(keys)}b", *(entries[k] for k in keys)
    )
    header = HEADER.pack(MAGIC, _core.BOOK_VERSION, WIDTH, HEIGHT, depth, len(keys),
                         zlib.crc32(payload))
    return header + payload


def write(entries: Mapping[int, int], *, depth: int, path: str | os.PathLike[str]) -> None:
    """Write a book file atomically (a temporary file renamed into place)."""
    data = encode(entries, depth)
    Book.from_bytes(data)  # the engine accepts it, or this raises
    tmp = os.fspath(path) + ".tmp"
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, path)


class _Shipped(enum.Enum):
    BOOK = "the book shipped with link4"

    def __repr__(self) -> str:
        return "link4.book.SHIPPED"


SHIPPED = _Shipped.BOOK
"""The default of every ``book=`` argument: the book shipped with the package."""

BookChoice = Book | str | os.PathLike[str] | None | _Shipped
"""What a ``book=`` argument takes: a Book, the path of a book file, None for no book,
or SHIPPED (the default) for the book in the package."""


def resolve(book: BookChoice) -> Book | None:
    """The Book a ``book=`` argument stands for."""
    if book is SHIPPED:
        return default_book()
    if book is None or isinstance(book, Book):
        return book
    if isinstance(book, (str, os.PathLike)):
        return Book.open(book)
    raise TypeError(f"book must be a link4.Book, a path or None, not {type(book).__name__}")


@functools.cache
def default_book() -> Book | None:
    """The book shipped with the package (read on first use), or None if there is none."""
    # Imported here, not with link4: importlib.resources (with pathlib and tempfile)
    # took a third of `import link4`.
    from importlib import resources

    resource = resources.files("link4").joinpath("data", DEFAULT_BOOK)
    if not resource.is_file():
        return None
    with resources.as_file(resource) as path:
        return Book.open(path)
