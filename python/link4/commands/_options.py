"""Options shared by several commands."""

from __future__ import annotations

import argparse
import sys

from link4.book import SHIPPED, BookChoice, BookSource
from link4.engine import MAX_THREADS
from link4.errors import BoardSizeError
from link4.rules import HEIGHT, MAX_HEIGHT, MAX_WIDTH, MIN_HEIGHT, MIN_WIDTH, WIDTH, parse_size


def add_book_option(p: argparse.ArgumentParser) -> None:
    p.add_argument("--book", metavar="FILE",
                   help="the opening book: a book file, or 'none' to search without one "
                   "(default: the book shipped with link4)")


def book_argument(args: argparse.Namespace) -> BookChoice:
    """What --book asks for: SHIPPED by default, None for 'none', else the file's path."""
    return SHIPPED if args.book is None else None if args.book == "none" else args.book


def book_choice(args: argparse.Namespace, board: tuple[int, int] = (WIDTH, HEIGHT)) -> BookSource:
    """The book that --book asks for, checked for a board of that size (a file is read
    now, so that a bad one is reported before any work starts; the shipped book is read
    only for its own board). BookError for a file that is not a sound book,
    SizeMismatchError for a book of another board."""
    source = BookSource(book_argument(args))
    source.for_board(*board)
    return source


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
