"""Options shared by several commands."""

from __future__ import annotations

import argparse

from link4.book import SHIPPED, Book, resolve


def add_book_option(p: argparse.ArgumentParser) -> None:
    p.add_argument("--book", metavar="FILE",
                   help="the opening book: a book file, or 'none' to search without one "
                   "(default: the book shipped with link4)")


def book_choice(args: argparse.Namespace) -> Book | None:
    """The book that --book asks for, opened (so that a bad file is reported before any
    work starts); BookError for a file that is not a sound book."""
    return resolve(SHIPPED if args.book is None else None if args.book == "none" else args.book)
