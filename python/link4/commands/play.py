"""link4 play: a game of Connect Four in the terminal, against the engine or a friend."""

from __future__ import annotations

import argparse
import sys
import textwrap

from link4.commands._options import (
    SEED,
    THREADS,
    add_book_option,
    add_inarow_option,
    add_size_option,
    amount,
    board_game,
    book_choice,
    bots_help,
    choice_list,
    one_of,
)
from link4.commands._session import Leave, PlaySession, commands_help
from link4.errors import BookError, IllegalMoveError, InvalidMoveError, SizeMismatchError
from link4.game import WIDTH, Game
from link4.players import DEFAULT_LEVEL, LEVEL_NAMES, LEVELS

FIRST = ("human", "engine", "random")
"""Who may move first (--first)."""

DESCRIPTION = f"""\
Play Connect Four in the terminal against the engine (or a friend). Discs are X (red,
moves first) and O (yellow), coloured where the terminal allows. At the prompt:

{commands_help(WIDTH)}

Ctrl-C stops the engine when it thinks long (perfect level) and otherwise leaves the
game, printing its record.

{textwrap.fill(f"Levels: {bots_help(LEVELS, DEFAULT_LEVEL)}.", 88)}

The perfect level plays exactly: instant within the opening book, which holds every
position of the 7x6 board with up to 10 discs; just past it, it may think for a second
or so. --size plays another board, --inarow another line (Connect 3, 5 or 6): there the
ratings do not apply, the perfect level has no book, and its first moves can take
minutes on the larger boards."""


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``play`` command to the command line's subparsers."""
    p = subparsers.add_parser(
        "play",
        help="play against the engine (or a friend) in the terminal",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument(
        "--level",
        type=one_of(LEVELS),
        metavar=choice_list(LEVELS),
        default=DEFAULT_LEVEL,
        help=f"the engine's strength: 1 (a first game) to {LEVELS[-2]} (an expert), or perfect "
        f"(default {DEFAULT_LEVEL}, the {LEVEL_NAMES[DEFAULT_LEVEL]}); each level's Elo is listed above",
    )
    p.add_argument(
        "--first",
        type=one_of(FIRST),
        metavar=choice_list(FIRST),
        default="human",
        help="who moves first (from --moves: who moves next); random flips a coin",
    )
    mode = p.add_mutually_exclusive_group()
    mode.add_argument("--human-vs-human", action="store_true", help="two people at one keyboard")
    mode.add_argument(
        "--engine-vs-engine", action="store_true", help="watch the engine play itself"
    )
    p.add_argument(
        "--moves",
        default="",
        metavar="MOVES",
        help="start from the position after these moves (digits 1-W, a-c for columns 10-12; e.g. 4453)",
    )
    add_size_option(p)
    add_inarow_option(p)
    p.add_argument("--seed", type=SEED, help="seed the engine's choices and the coin flip")
    p.add_argument("--no-color", action="store_true", help="no colour, only the X and O glyphs")
    p.add_argument(
        "--delay",
        type=amount("seconds", 0),
        default=None,
        metavar="SECONDS",
        help="pause between moves with --engine-vs-engine (default 0.5 in a terminal, else 0)",
    )
    p.add_argument(
        "--threads",
        type=THREADS,
        default=None,
        metavar="N",
        help="threads of the hints, the analyses and the perfect level (default: every "
        f"core; level {LEVELS[-2]} thinks on one, so that --seed replays its games)",
    )
    add_book_option(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Run ``link4 play`` with the parsed arguments; return the exit status."""
    board = board_game("play", args)
    if board is None:
        return 2
    args.width, args.height, args.inarow = board
    try:
        game = Game(args.moves, width=args.width, height=args.height, inarow=args.inarow)
    except (InvalidMoveError, IllegalMoveError) as e:
        print(f"link4 play: --moves: {e}", file=sys.stderr)
        return 2
    del game
    try:
        args.book_choice = book_choice(args, board)
    except (BookError, SizeMismatchError) as e:
        print(f"link4 play: --book: {e}", file=sys.stderr)
        return 2
    session = PlaySession(args)
    status = 0
    try:
        status = session.loop()
    except Leave as leave:
        session.say(session.record_line())
        status = leave.status
    except EOFError:
        session.say()
        session.say(session.record_line())
        status = 0
    except KeyboardInterrupt:
        session.say()
        session.say(session.record_line())
        status = 130
    return status
