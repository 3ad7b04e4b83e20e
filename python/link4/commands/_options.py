"""Options shared by several commands."""

from __future__ import annotations

import argparse

from link4.book import SHIPPED, Book, BookChoice


def add_book_option(p: argparse.ArgumentParser) -> None:
    p.add_argument("--book", metavar="FILE",
                   help="the opening book: a book file, or 'none' to search without one "
                   "(default: the book shipped with link4)")


def book_choice(args: argparse.Namespace) -> BookChoice:
    """The book that --book asks for; BookError for a file that is not a sound book."""
    if args.book is None:
        return SHIPPED
    if args.book == "none":
        return None
    return Book.open(args.book)
