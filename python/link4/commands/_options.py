"""Options shared by several commands."""

from __future__ import annotations

import argparse
import math
import os
import sys
from collections.abc import Callable, Sequence

from link4.book import SHIPPED, BookChoice, BookSource
from link4.engine import MAX_TABLE_MB, MAX_THREADS, MIN_TABLE_MB
from link4.errors import BoardSizeError, InarowError, quoted
from link4.players import LEVEL_NAMES
from link4.ratings import ANCHOR, LADDER_BOARD, rating_of
from link4.rules import (
    HEIGHT,
    INAROW,
    LARGEST_SIZES,
    MAX_HEIGHT,
    MAX_INAROW,
    MAX_WIDTH,
    MIN_HEIGHT,
    MIN_INAROW,
    MIN_WIDTH,
    WIDTH,
    Board,
    check_inarow,
    parse_size,
)


def add_book_option(p: argparse.ArgumentParser) -> None:
    p.add_argument("--book", metavar="FILE",
                   help="the opening book: a book file, or 'none' to search without one "
                   "(default: the book shipped with link4)")


def book_argument(args: argparse.Namespace) -> BookChoice:
    """What --book asks for: SHIPPED by default, None for 'none', else the file's path."""
    return SHIPPED if args.book is None else None if args.book == "none" else args.book


def book_choice(args: argparse.Namespace, board: tuple[int, ...] = (WIDTH, HEIGHT)) -> BookSource:
    """The book that --book asks for, checked for a board of that size (and line, when
    ``board`` is a (width, height, inarow); a file is read now, so that a bad one is
    reported before any work starts; the shipped book is read only for its own board).
    BookError for a file that is not a sound book, SizeMismatchError for a book of
    another board or line."""
    source = BookSource(book_argument(args))
    source.for_board(*board)
    return source


# The types of the numeric options. argparse calls one with the text typed and, when it
# raises ArgumentTypeError, refuses the command line naming the option: so each option
# is checked once, before anything runs, and its message quotes the value as typed.


def whole_number(low: int, high: int | None = None) -> Callable[[str], int]:
    """The type of an option that takes a whole number from ``low`` (to ``high``)."""
    span = f"from {low} to {high}" if high is not None else f">= {low}"

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = low - 1
        if value < low or (high is not None and value > high):
            raise argparse.ArgumentTypeError(f"must be a whole number {span}, not {quoted(text)}")
        return value

    return parse


def amount(
    unit: str, low: float, high: float = math.inf, *, low_allowed: bool = True, no_limit: bool = False
) -> Callable[[str], float]:
    """The type of an option that takes a finite number of ``unit`` from ``low`` to
    ``high`` (above ``low`` when it is not ``low_allowed``), or inf when it is ``no_limit``."""
    span = (f"from {_plain(low)} to {_plain(high)}" if high < math.inf
            else f">= {_plain(low)}" if low_allowed else f"> {_plain(low)}")
    if no_limit:
        span += " or inf (no limit)"

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            value = math.nan
        finite = math.isfinite(value) or (no_limit and value == math.inf)
        if not (low <= value <= high and finite and (low_allowed or value > low)):
            raise argparse.ArgumentTypeError(f"must be a number of {unit} {span}, not {quoted(text)}")
        return value

    return parse


def one_of(choices: Sequence[str]) -> Callable[[str], str]:
    """The type of an option that takes one of ``choices`` (argparse's own choices would
    quote the value whole, however long): give it with ``metavar=choice_list(choices)``."""
    allowed = tuple(choices)

    def parse(text: str) -> str:
        if text not in allowed:
            raise argparse.ArgumentTypeError(f"must be one of {', '.join(allowed)}, not {quoted(text)}")
        return text

    return parse


def choice_list(choices: Sequence[str]) -> str:
    """The metavar of a ``one_of`` option, as argparse writes choices: {a,b,c}."""
    return "{" + ",".join(choices) + "}"


def bot_title(name: str, board: tuple[int, ...] = LADDER_BOARD) -> str:
    """A bot as a player reads it: "level 5, club player, Elo 1043"; on another board
    than the ladder's the rating says where it was measured ("Elo 1043 on 7x6"), and in
    a game of another line that it was Connect Four's. ``board``: (width, height), or
    (width, height, inarow)."""
    width, height, *line = board
    where = "" if (width, height) == LADDER_BOARD else " on {}x{}".format(*LADDER_BOARD)
    if line and line[0] != INAROW:
        where = f" at Connect Four{where or ' on {}x{}'.format(*LADDER_BOARD)}"
    who = name if name in ("random", "perfect") else f"level {name}, {LEVEL_NAMES[name]}"
    return f"{who}, Elo {rating_of(name).elo:.0f}{where}"


def bots_help(names: Sequence[str], default: str | None = None) -> str:
    """Each bot with what it plays like and its Elo, for a --help text: "1 first game
    (222), ..., perfect (1612)", the ``default`` one marked."""
    parts = []
    for name in names:
        marked = ", the default" if name == default else ""
        word = "" if name in ("random", "perfect") else f" {LEVEL_NAMES[name]}"
        parts.append(f"{name}{word} ({rating_of(name).elo:.0f}{marked})")
    width, height = LADDER_BOARD
    return f"{', '.join(parts)}: Elo ratings measured on {width}x{height}, {ANCHOR} = 0 (link4.ratings)"


def _plain(bound: float) -> str:
    """A bound as a person writes it: 1048576, not 1.04858e+06."""
    return str(int(bound)) if float(bound).is_integer() else str(bound)


THREADS = whole_number(1, MAX_THREADS)


def threads_or_every_core(threads: int | None) -> int:
    """The threads of ``--threads``, or one per core (as many as a search takes at most)."""
    return threads or min(os.cpu_count() or 1, MAX_THREADS)

TABLE_MB = amount("MB", MIN_TABLE_MB, MAX_TABLE_MB)
SEED = whole_number(0)
SECONDS = amount("seconds", 0, low_allowed=False)


def add_size_option(p: argparse.ArgumentParser) -> None:
    *smaller, largest = (f"{w}x{h}" for w, h in LARGEST_SIZES)
    p.add_argument("--size", default=f"{WIDTH}x{HEIGHT}", metavar="WxH",
                   help=f"the board: W columns ({MIN_WIDTH}-{MAX_WIDTH}) by H rows "
                   f"({MIN_HEIGHT}-{MAX_HEIGHT}), up to {', '.join(smaller)} or {largest} "
                   f"(default {WIDTH}x{HEIGHT}); "
                   "moves are the digits 1 to W, and a, b, c for columns 10, 11, 12")


def add_inarow_option(p: argparse.ArgumentParser) -> None:
    p.add_argument("--inarow", type=int, default=INAROW, metavar="K",
                   help=f"the line that wins: K in a row, {MIN_INAROW} to {MAX_INAROW}, one that "
                   f"fits the board (default {INAROW}: Connect Four)")


def board_game(command: str, args: argparse.Namespace) -> Board | None:
    """(width, height, inarow) of --size and --inarow; None, after one line on stderr, for a bad one."""
    size = board_size(command, args)
    if size is None:
        return None
    try:
        return (*size, check_inarow(args.inarow, *size))
    except InarowError as e:
        print(f"link4 {command}: --inarow: {e}", file=sys.stderr)
        return None


def board_size(command: str, args: argparse.Namespace) -> tuple[int, int] | None:
    """(width, height) of --size; None, after one line on stderr, for a bad one."""
    try:
        return parse_size(args.size)
    except BoardSizeError as e:
        print(f"link4 {command}: --size: {e}", file=sys.stderr)
        return None
