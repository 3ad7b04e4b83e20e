"""link4 review MOVES|FILE: a game reviewed move by move, with marks, summaries and a chart."""

from __future__ import annotations

import argparse
import json
import os
import sys

from link4.commands._options import (
    TABLE_MB,
    THREADS,
    add_book_option,
    add_inarow_option,
    add_size_option,
    amount,
    board_game,
    book_choice,
    threads_or_every_core,
)
from link4.commands._progress import progress_bar
from link4.commands._record import read_record
from link4.commands._review_report import ReviewReport, shows_unicode
from link4.commands._terminal import Palette, use_colour
from link4.engine import DEFAULT_TABLE_MB, Solver
from link4.errors import BookError, IllegalMoveError, InvalidMoveError, SizeMismatchError, quoted
from link4.game import Game
from link4.game_review import Review, ReviewInterrupted, review
from link4.limit import Limit
from link4.rules import column_of_character

DESCRIPTION = """\
Review a game move by move: for every move, the exact value of the position before it
and of the move played, and a mark:

  best         the move kept the position's exact value (a check mark, or + in
               plain ASCII)
  inaccuracy   ?!  the same result, but a later win or an earlier loss
  mistake      ?   one result given away: a win for a draw, or a draw for a loss
  blunder      ??  a win given away for a loss

Then each side's accuracy (the share of best moves), the share of moves that kept the
result, the turning points (the moves where the result changed) and a chart of the value
after each move, from red's view. The game is MOVES (digits 1-7, 1 = leftmost column;
1-W with --size WxH, and a, b, c for columns 10, 11, 12) or a FILE holding them, such as
a record saved by link4 play's 's FILE' (lines starting with # are skipped). --json
prints the review as the JSON document that the web server's /api/review answers. A
progress bar goes to stderr when it is a terminal; Ctrl-C prints the moves reviewed so
far (the last ones: the review runs from the end of the game back) and exits with
status 130.

examples:
  link4 review 4453                        the moves given
  link4 review game.txt                    a record saved by link4 play
  link4 review 3344 --size 6x5 --json      another board, as JSON
  link4 review 4455 --size 7x9 --inarow 5  a game of Connect 5
  link4 review game.txt --time-limit 10    at most 10 s: bounds where it runs out"""


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``review`` command to the command line's subparsers."""
    p = subparsers.add_parser(
        "review",
        help="a game reviewed move by move: marks, accuracy, turning points, a chart",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("game", metavar="MOVES|FILE", help="the game's moves (e.g. 4453), or a file holding them")
    p.add_argument(
        "--json", action="store_true", help="print the review as one JSON document (as /api/review)"
    )
    p.add_argument(
        "--no-color", action="store_true", help="no colour (the marks keep their symbols and words)"
    )
    p.add_argument("--ascii", action="store_true", help="plain-ASCII symbols, whatever the terminal shows")
    p.add_argument(
        "--time-limit",
        type=amount("seconds", 0, low_allowed=False, no_limit=True),
        metavar="SECONDS",
        help="the most seconds for the whole review: past it, the values left are bounds "
        "and a move gets a mark only where they decide it",
    )
    p.add_argument(
        "--threads", type=THREADS, default=None, metavar="N", help="search threads (default: every core)"
    )
    p.add_argument(
        "--table-mb",
        type=TABLE_MB,
        default=DEFAULT_TABLE_MB,
        metavar="MB",
        help=f"solver table size (default {DEFAULT_TABLE_MB})",
    )
    add_size_option(p)
    add_inarow_option(p)
    add_book_option(p)
    p.set_defaults(func=run)


def _error(message: str) -> int:
    print(f"link4 review: {message}", file=sys.stderr)
    return 2


def _moves(given: str) -> str:
    """The moves of MOVES|FILE: a file's record when a file of that name exists.

    Returns:
        The moves, as a move string.

    Raises:
        ValueError: The file cannot be read, with the reason.
    """
    if not os.path.isfile(given):
        return "".join(given.split())
    try:
        with open(given, encoding="utf-8") as f:
            return read_record(f.read())
    except (OSError, UnicodeDecodeError) as e:
        reason = e.strerror if isinstance(e, OSError) and e.strerror else "not a text file"
        raise ValueError(f"cannot read {quoted(given)}: {reason}") from None


def _written_as_moves(text: str) -> bool:
    """Whether ``text`` reads as moves, legal or not, rather than as a file's name.

    Returns:
        True when every character is a digit or a move's letter (a, b, c: columns 10 to
        12 of the widest boards), whatever the board.
    """
    return all(ch.isdigit() or column_of_character(ch) is not None for ch in text)


def run(args: argparse.Namespace) -> int:
    """Run ``link4 review`` with the parsed arguments; return the exit status."""
    board = board_game("review", args)
    if board is None:
        return 2
    width, height, inarow = board
    try:
        moves = _moves(args.game)
        game = Game(moves, width=width, height=height, inarow=inarow)
    except (InvalidMoveError, IllegalMoveError) as e:
        if os.path.isfile(args.game):
            return _error(f"{quoted(args.game)}: {e}")
        looks_like_a_name = isinstance(e, InvalidMoveError) and not _written_as_moves(moves)
        return _error(f"no file {quoted(args.game)}, and as moves: {e}" if looks_like_a_name else str(e))
    except ValueError as e:
        return _error(str(e))
    try:
        book = book_choice(args, board)
    except (BookError, SizeMismatchError) as e:
        return _error(f"--book: {e}")
    try:
        threads = threads_or_every_core(args.threads)
        solver = Solver(table_mb=args.table_mb, threads=threads, book=book, width=width, height=height,
                        inarow=inarow)
    except (ValueError, MemoryError) as e:
        return _error(f"--table-mb: {e}")
    status = 0
    with progress_bar("Reviewing", game.ply) as advance:
        try:
            done = review(game, solver=solver, limit=Limit(time_limit=args.time_limit), progress=advance)
        except ReviewInterrupted as stop:
            done, status = stop.review, 130
    _print(done, args)
    if status:
        print("interrupted", file=sys.stderr)
    return status


def _print(done: Review, args: argparse.Namespace) -> None:
    if args.json:
        print(json.dumps(done.to_dict(), indent=2, ensure_ascii=False))
        return
    palette = Palette(use_colour(sys.stdout, args.no_color))
    print(ReviewReport(done, palette, unicode=shows_unicode(sys.stdout) and not args.ascii).text())
