"""Options shared by several commands."""

from __future__ import annotations

import argparse
import sys

from link4._rules import HEIGHT, MAX_HEIGHT, MAX_WIDTH, MIN_HEIGHT, MIN_WIDTH, WIDTH, parse_size
from link4.book import SHIPPED, Book, book_for_board, resolve
from link4.engine import MAX_THREADS
from link4.errors import BoardSizeError


def add_book_option(p: argparse.ArgumentParser) -> None:
    p.add_argument("--book", metavar="FILE",
                   help="the opening book: a book file, or 'none' to search without one "
                   "(default: the book shipped with link4)")


def book_choice(args: argparse.Namespace, board: tuple[int, int] = (WIDTH, HEIGHT)) -> Book | None:
    """The book that --book asks for on a board of that size, opened (so that a bad file
    is reported before any work starts): None for none, or by default on a board the
    shipped book is not for. BookError for a file that is not a sound book,
    SizeMismatchError for a book of another board."""
    book = resolve(SHIPPED if args.book is None else None if args.book == "none" else args.book)
    return None if book_for_board(book, *board, shipped=args.book is None) is None else book


def threads_out_of_range(command: str, threads: int | None, option: str = "--threads") -> bool:
    """True, after one line on stderr, when a count of threads (``option``, --threads
    unless told) was given outside 1..MAX_THREADS."""
    if threads is None or 1 <= threads <= MAX_THREADS:
        return False
    print(f"link4 {command}: {option} must be from 1 to {MAX_THREADS}, not {threads}",
          file=sys.stderr)
    return True


def add_size_option(p: argparse.ArgumentParser) -> None:
    p.add_argument("--size", default=f"{WIDTH}x{HEIGHT}", metavar="WxH",
                   help=f"the board: W columns ({MIN_WIDTH}-{MAX_WIDTH}) by H rows "
                   f"({MIN_HEIGHT}-{MAX_HEIGHT}) (default {WIDTH}x{HEIGHT}); moves are the "
                   "digits 1 to W")


def board_size(command: str, args: argparse.Namespace) -> tuple[int, int] | None:
    """(width, height) of --size; None, after one line on stderr, for a bad one."""
    try:
        return parse_size(args.size)
    except BoardSizeError as e:
        print(f"link4 {command}: --size: {e}", file=sys.stderr)
        return None
