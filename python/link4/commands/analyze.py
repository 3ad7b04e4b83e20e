"""link4 analyze MOVES: the exact value of every move in a position, in words and numbers."""

from __future__ import annotations

import argparse
import json
import sys
import textwrap
from contextlib import AbstractContextManager, nullcontext

from link4.analysis import analysis
from link4.commands._options import (
    TABLE_MB,
    add_book_option,
    add_inarow_option,
    add_size_option,
    amount,
    board_game,
    book_choice,
)
from link4.commands._terminal import Palette, Thinking, legend, render_board, use_colour
from link4.engine import DEFAULT_TABLE_MB, ColumnValue, SearchResult, Solver
from link4.errors import BookError, IllegalMoveError, InvalidMoveError, SizeMismatchError
from link4.explain import explain
from link4.game import Game
from link4.limit import Limit
from link4.rules import MOVE_CHARACTERS
from link4.score import best_columns
from link4.wording import column_bound_words, score_words

DESCRIPTION = """\
Draw the position after MOVES and give the exact value of every column: its score
(positive: the side to move wins, the sooner the higher: on the 7x6 board a win with
one's k-th disc scores 22 - k; 0: a draw; negative: the opponent wins) and what it means
in words. The best moves are marked. Columns are named 1-7 from the left (1-W with
--size WxH, and a, b, c for columns 10, 11, 12), as in move strings; MOVES may be empty
for the empty board. The opening book of the 7x6 board answers its positions at once
(--book none: without it, the empty board takes about a minute); just past the book, a
position can take a few seconds. Other boards have no book unless one is given: their
early positions can take long. --json prints the document that the web server's
/api/analyze answers, where "column" and "best" count columns from 0 and "move" is the
column's character in move strings. --explain adds why the position is worth what it is
(see link4.explain): each side's threats, the parity rule of thumb, the engine's rules
that prove the result and how to play them, and the best line with the four it ends in;
with --json, as the document's "explanation" field."""


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``analyze`` command to the command line's subparsers."""
    p = subparsers.add_parser(
        "analyze",
        help="the value of every move in a position, in words and numbers",
        description=DESCRIPTION,
    )
    p.add_argument("moves", nargs="?", default="", metavar="MOVES", help="e.g. 4453")
    p.add_argument("--json", action="store_true",
                   help="print the analysis as one JSON document (as /api/analyze answers)")
    p.add_argument("--explain", action="store_true",
                   help="also say why: the threats, the parity, the rules that prove it, the best line")
    p.add_argument("--no-color", action="store_true", help="no colour in the board")
    p.add_argument(
        "--time-limit",
        type=amount("seconds", 0, low_allowed=False, no_limit=True),
        metavar="SECONDS",
        help="give up on the columns not solved within SECONDS in all (they show as unknown)",
    )
    p.add_argument(
        "--table-mb", type=TABLE_MB, default=DEFAULT_TABLE_MB, metavar="MB",
        help=f"solver table size (default {DEFAULT_TABLE_MB})",
    )
    add_size_option(p)
    add_inarow_option(p)
    add_book_option(p)
    p.set_defaults(func=run)


def _error(message: str) -> int:
    print(f"link4 analyze: {message}", file=sys.stderr)
    return 2


def _thinking() -> AbstractContextManager[object]:
    """Shows progress while the columns are solved, only to a person watching.

    Returns:
        A Thinking display when standard error is a terminal, else a context that does
        nothing: scripts read stdout and stderr unspoilt.
    """
    if sys.stderr.isatty():
        return Thinking(sys.stderr, "Solving every column", tty=True, delay=1.0)
    return nullcontext()


def run(args: argparse.Namespace) -> int:
    """Run ``link4 analyze`` with the parsed arguments; return the exit status."""
    board = board_game("analyze", args)
    if board is None:
        return 2
    moves = "".join(args.moves.split())
    try:
        game = Game(moves, width=board[0], height=board[1], inarow=board[2])
    except (InvalidMoveError, IllegalMoveError) as e:
        return _error(str(e))
    limit = Limit(time_limit=args.time_limit)
    try:
        book = book_choice(args, board)
    except (BookError, SizeMismatchError) as e:
        return _error(f"--book: {e}")
    try:
        solver = Solver(table_mb=args.table_mb, book=book, width=board[0], height=board[1], inarow=board[2])
    except (ValueError, MemoryError) as e:
        return _error(f"--table-mb: {e}")

    outcome = game.outcome()
    if args.json:
        if outcome is not None:
            return _error(f"the game is over ({outcome}): there is nothing to analyse")
        with _thinking():
            doc = analysis(game, solver, limit=limit)
            if args.explain:
                doc["explanation"] = explain(game, solver=solver, limit=limit).to_dict()
        print(json.dumps(doc, indent=2))
        return 0

    if outcome is None:
        with _thinking():
            values = solver.analyze(game, limit=limit)
    else:
        values = []
    best = best_columns(values)
    score = values[best[0]] if best else None
    assert score is None or isinstance(score, int)
    mover = game.turn

    palette = Palette(use_colour(sys.stdout, args.no_color))
    print(render_board(game, palette, highlight=outcome.line if outcome else ()))
    print("  " + legend(palette))
    print()
    if outcome is not None:
        print(f"The game is over after {outcome.ply} moves: {outcome}.")
        _print_explanation(args, game, solver, limit)
        return 0
    who = f"{mover} ({palette.disc(mover, mover.glyph)})"
    after = f"after {game.ply} move{'s' if game.ply != 1 else ''}" if game.ply else "on the empty board"
    if score is not None:
        print(f"{who[0].upper()}{who[1:]} to move {after}: {_words(score, game)}.")
    else:
        print(f"{who[0].upper()}{who[1:]} to move {after}: not every column was solved in time.")
    print()
    print("  column  score  meaning")
    for c in range(game.width):
        v = values[c] if values else None
        number = "" if not isinstance(v, int) else f"{v:+d}" if v else "0"
        mark = "*" if c in best else " "
        tail = "   <- best" if c in best else ""
        print(f"  {mark} {MOVE_CHARACTERS[c]}    {number:>5}  {_meaning(values, c, game)}{tail}")
    if best:
        cols = " ".join(str(c + 1) for c in best)
        print(f"\nBest: column{'s' if len(best) > 1 else ''} {cols}.")
    _print_explanation(args, game, solver, limit)
    return 0


def _print_explanation(args: argparse.Namespace, game: Game, solver: Solver, limit: Limit) -> None:
    """With --explain: the explanation under the analysis, one part a paragraph."""
    if not args.explain:
        return
    with _thinking():
        why = explain(game, solver=solver, limit=limit)
    print("\nWhy:")
    for line in why.lines():
        print(textwrap.fill(line, width=88, initial_indent="  ", subsequent_indent="  "))


def _meaning(values: list[ColumnValue], col: int, game: Game) -> str:
    v = values[col] if values else None
    if v is None:
        return "full"
    if isinstance(v, SearchResult):
        return column_bound_words(v.lower, v.upper, game.turn, width=game.width, height=game.height)
    return _words(v, game)


def _words(score: int, game: Game) -> str:
    """A score of the side to move in ``game`` in words."""
    return score_words(score, game.turn, game.ply, width=game.width, height=game.height)
