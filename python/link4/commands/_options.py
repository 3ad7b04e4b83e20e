"""Options shared by several commands."""

from __future__ import annotations

import argparse
import sys

from link4.book import SHIPPED, Book, resolve
from link4.engine import MAX_THREADS


def add_book_option(p: argparse.ArgumentParser) -> None:
    p.add_argument("--book", metavar="FILE",
                   help="the opening book: a book file, or 'none' to search without one "
                   "(default: the book shipped with link4)")


def book_choice(args: argparse.Namespace) -> Book | None:
    """The book that --book asks for, opened (so that a bad file is reported before any
    work starts); BookError for a file that is not a sound book."""
    return resolve(SHIPPED if args.book is None else None if args.book == "none" else args.book)


def threads_out_of_range(command: str, threads: int | None) -> bool:
    """True, after one line on stderr, when --threads was given outside 1..MAX_THREADS."""
    if threads is None or 1 <= threads <= MAX_THREADS:
        return False
    print(f"link4 {command}: --threads must be from 1 to {MAX_THREADS}, not {threads}",
          file=sys.stderr)
    return True
