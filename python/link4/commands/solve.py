"""link4 solve: exact scores of positions, one output line per position."""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
import time
from collections.abc import Iterator, Sequence

from link4.batch import Measured, measure_many
from link4.commands._long_solve import (
    PIPED_PROGRESS_EVERY,
    PROGRESS_EVERY,
    TERMINATED_STATUS,
    ProgressLine,
    Terminated,
    read_board,
    resume_one,
    solve_one,
    stop_on_sigterm,
    wants_long,
)
from link4.commands._options import (
    SECONDS,
    TABLE_MB,
    THREADS,
    add_book_option,
    add_inarow_option,
    add_size_option,
    board_game,
    book_choice,
)
from link4.commands._progress import Advance, progress_bar
from link4.engine import DEFAULT_TABLE_MB, ColumnValue, Solver
from link4.errors import CheckpointError, Interrupted
from link4.game import Game
from link4.long_search import DEFAULT_CHECKPOINT_EVERY
from link4.results import SearchResult

DESCRIPTION = """\
Solve positions given as move strings (digits 1-7, 1 = leftmost column; an empty string
or '-' is the empty board; with --size WxH, positions of that board, digits 1-W and a, b,
c for columns 10, 11, 12). With no arguments, read one position per line from stdin;
only the first word of a line is read, so the '<moves> <score>' benchmark files can be
piped in.
For each position prints '<moves> <score> <nodes> <microseconds>' ('-' for the moves of
the empty board, so that the output can be read back); with --analyze, the
score of each column ('x' for a full one) instead of the score; with --json,
one JSON object per line instead. A bad line gets a message on stderr and is skipped;
the exit status is then 1. With --threads N, positions given as arguments are solved
one after another, each by N threads sharing one table (the nodes are then all threads'
sum); positions read from stdin are solved N at a time, each thread with its own table,
and printed in order. A progress bar goes to stderr when it is a terminal.

Long solves: a position given as an argument reports on stderr as it goes (the time,
the nodes per second, the proven bounds of the score and of each column) when the
search lasts more than a couple of seconds and stderr is a terminal, or always with
--progress. With --checkpoint FILE its table is written to FILE every
--checkpoint-every seconds and when it stops (Ctrl-C, SIGTERM, --time-limit), so that
'link4 solve --resume FILE' goes on from what it had proven. A search stopped by
--time-limit prints the bounds it proved, 'LOW..HIGH', for its score.

Examples:
  link4 solve --size 8x6 --checkpoint 8x6.ckpt -      the empty 8x6 board, checkpointed
  link4 solve --resume 8x6.ckpt --threads 2           ... and on from where it stopped"""

CHUNK = 256  # positions per batch with --threads: output keeps flowing, order is kept
EMPTY = "-"  # the empty board's moves in the output, and in the input as well as ""


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``solve`` command to the command line's subparsers."""
    p = sub.add_parser(
        "solve",
        help="exact scores of positions given as arguments or one per line on stdin",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("positions", nargs="*", metavar="MOVES", help="positions to solve")
    p.add_argument("--weak", action="store_true", help="only win (1), draw (0) or loss (-1)")
    p.add_argument("--analyze", action="store_true", help="the score of every column")
    p.add_argument("--json", action="store_true", help="one JSON object per position")
    p.add_argument("--threads", type=THREADS, default=1, metavar="N",
                   help="threads: N per position given as an argument, or N positions "
                   "at a time from stdin (default 1)")
    p.add_argument("--table-mb", type=TABLE_MB, default=None, metavar="MB",
                   help=f"transposition table size (default {DEFAULT_TABLE_MB}; from stdin, per thread; "
                   "with --resume, the checkpoint's unless given; from 1024 on, 1/16 more for the "
                   "positions near the end)")
    p.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                   help="report on stderr as each search goes (default: at a terminal, once a "
                   "search has lasted a couple of seconds)")
    p.add_argument("--progress-every", type=SECONDS, metavar="SECONDS",
                   help=f"seconds between two reports (default {PROGRESS_EVERY:g} at a terminal, "
                   f"else {PIPED_PROGRESS_EVERY:g})")
    p.add_argument("--time-limit", type=SECONDS, metavar="SECONDS",
                   help="stop each search after SECONDS: its score's proven bounds are printed")
    p.add_argument("--checkpoint", metavar="FILE",
                   help="write the search's table to FILE as it goes and when it stops (one position)")
    p.add_argument("--checkpoint-every", type=SECONDS, default=DEFAULT_CHECKPOINT_EVERY, metavar="SECONDS",
                   help=f"seconds between two checkpoints (default {DEFAULT_CHECKPOINT_EVERY:g})")
    p.add_argument("--resume", metavar="FILE",
                   help="go on with the search of a checkpoint written by --checkpoint (no MOVES; "
                   "the search it holds, weak or not)")
    add_size_option(p)
    add_inarow_option(p)
    add_book_option(p)
    p.set_defaults(func=run)


def _inputs(args: argparse.Namespace) -> Iterator[tuple[str, str]]:
    """(where, moves) pairs: from the arguments, else from stdin."""
    if args.positions:
        for i, moves in enumerate(args.positions, 1):
            yield f"argument {i}", _moves(moves.strip())
        return
    # Undecodable bytes become U+FFFD, which the parser then reports as a bad move.
    for n, raw in enumerate(sys.stdin.buffer, 1):
        words = raw.decode("utf-8", errors="replace").split()
        if words:
            yield f"line {n}", _moves(words[0])


def _moves(word: str) -> str:
    return "" if word == EMPTY else word


def _line(args: argparse.Namespace, game: Game, value: int | Sequence[ColumnValue] | SearchResult,
          nodes: int, seconds: float) -> str:
    micros = round(seconds * 1e6)
    if isinstance(value, SearchResult) and value.exact:
        value = value.lower
    if args.json:
        doc: dict[str, object] = {"moves": game.moves}
        if isinstance(value, SearchResult):  # stopped by its limit
            doc.update(score=None, lower=value.lower, upper=value.upper)
        elif isinstance(value, int):
            doc["score"] = value
        else:
            doc["columns"] = [v if isinstance(v, int) else None for v in value]
        doc.update(weak=args.weak, nodes=nodes, microseconds=micros)
        return json.dumps(doc)
    if isinstance(value, SearchResult):
        text = f"{value.lower}..{value.upper}"
    elif isinstance(value, int):
        text = str(value)
    else:
        text = " ".join("x" if v is None else str(v) for v in value)
    return f"{game.moves or EMPTY} {text} {nodes} {micros}"


def _parse(args: argparse.Namespace, where: str, moves: str) -> Game | None:
    try:
        game = Game(moves, width=args.width, height=args.height, inarow=args.inarow)
    except ValueError as e:
        print(f"link4 solve: {where}: {e}", file=sys.stderr)
        return None
    if game.is_over():
        print(f"link4 solve: {where}: the game is over: {game.outcome()}", file=sys.stderr)
        return None
    return game


def _one_by_one(args: argparse.Namespace, solver: Solver) -> int:
    status = 0
    with progress_bar("Solving", None, show=sys.stderr.isatty() and not args.positions) as advance:
        done = 0
        for where, moves in _inputs(args):
            game = _parse(args, where, moves)
            if game is None:
                status = 1
                continue
            value: int | Sequence[ColumnValue] | SearchResult
            start = time.perf_counter()
            if args.analyze:
                value = solver.analyze(game, weak=args.weak)
            elif wants_long(args):
                line = ProgressLine(args.progress_every) if args.progress else None
                value = solve_one(args, solver, game, line)
            else:
                value = solver.solve(game, weak=args.weak)
            seconds = time.perf_counter() - start
            sys.stdout.write(_line(args, game, value, solver.nodes, seconds) + "\n")
            sys.stdout.flush()
            done += 1
            advance(done, 0)
    return status


def _batched(args: argparse.Namespace) -> int:
    status = 0
    games: list[Game] = []
    for where, moves in _inputs(args):
        game = _parse(args, where, moves)
        if game is None:
            status = 1
        else:
            games.append(game)
    with progress_bar("Solving", len(games)) as advance:
        for start in range(0, len(games), CHUNK):

            def chunk_progress(done: int, _total: int, start: int = start) -> None:
                advance(start + done, len(games))

            _solve_chunk(args, games[start : start + CHUNK], chunk_progress)
    return status


def _solve_chunk(args: argparse.Namespace, games: Sequence[Game], advance: Advance) -> None:
    found: list[Measured | None] = []
    try:
        found = measure_many(games, analyze=args.analyze, weak=args.weak, threads=args.threads,
                             table_mb=args.table_mb, progress=advance, book=args.book_choice)
    except Interrupted as stop:
        found = stop.results
        raise
    finally:
        # After Ctrl-C too: print what finished, in order, up to the first that did not.
        for game, r in zip(games, found, strict=False):  # nothing found when stopped at once
            if r is None:
                break
            sys.stdout.write(_line(args, game, *r) + "\n")
        sys.stdout.flush()


def _misused(args: argparse.Namespace) -> str | None:
    """What is wrong with the long solve's options as given, if anything."""
    if args.resume is not None:
        if args.positions:
            return "--resume goes on with the checkpoint's own position: give no MOVES"
        if args.checkpoint is not None or args.analyze or args.weak:
            return ("--resume takes the checkpoint's file and search: "
                    "not --checkpoint, --analyze or --weak")
        return None
    if args.checkpoint is not None and len(args.positions) != 1:
        return "--checkpoint is for one search: give one position as MOVES"
    if args.analyze and (args.checkpoint is not None or args.time_limit is not None or args.progress):
        return "--checkpoint, --time-limit and --progress are for the score, not with --analyze"
    if not args.positions and (args.checkpoint is not None or args.time_limit is not None or args.progress):
        return "--checkpoint, --time-limit and --progress are for positions given as MOVES"
    return None


def _resumed(args: argparse.Namespace) -> int:
    """link4 solve --resume: the checkpoint's search, gone on with; its line printed."""
    try:
        args.book_choice = book_choice(args, read_board(args.resume))
        line = ProgressLine(args.progress_every) if args.progress else None
        game, r, total = resume_one(args, line)
    except (ValueError, MemoryError) as e:  # (CheckpointError and BookError are ValueErrors)
        print(f"link4 solve: {e}", file=sys.stderr)
        return 2
    except (KeyboardInterrupt, Terminated) as stop:
        return _stopped(args.resume, stop)
    args.weak = total.weak  # the line tells the checkpoint's search (--resume refuses --weak)
    sys.stdout.write(_line(args, game, r, total.nodes, total.seconds) + "\n")
    return 0


def _stopped(checkpoint: str, stop: BaseException) -> int:
    """Says where a stopped search's work is kept; Ctrl-C goes on up, SIGTERM ends here.

    Returns:
        The exit status of a command ended by SIGTERM.
    """
    print(f"link4 solve: stopped; the checkpoint {checkpoint} holds what was proven: "
          f"go on with link4 solve --resume {checkpoint}", file=sys.stderr)
    if isinstance(stop, KeyboardInterrupt):
        raise stop
    return TERMINATED_STATUS


def run(args: argparse.Namespace) -> int:
    """Run ``link4 solve`` with the parsed arguments; return the exit status."""
    misused = _misused(args)
    if misused:
        print(f"link4 solve: {misused}", file=sys.stderr)
        return 2
    if args.progress is None:  # at a terminal, on for the positions given as arguments
        args.progress = sys.stderr.isatty() and bool(args.positions or args.resume) and not args.analyze
    if args.resume is not None:
        with stop_on_sigterm():
            return _resumed(args)
    board = board_game("solve", args)
    if board is None:
        return 2
    args.width, args.height, args.inarow = board
    if args.table_mb is None:
        args.table_mb = DEFAULT_TABLE_MB
    smp = args.threads if args.positions else 1  # threads on each search
    try:
        args.book_choice = book_choice(args, board)
        solver = Solver(args.table_mb, threads=smp, book=args.book_choice, width=args.width,
                        height=args.height, inarow=args.inarow)
    except (ValueError, MemoryError) as e:  # (BookError is a ValueError)
        print(f"link4 solve: {e}", file=sys.stderr)
        return 2
    if args.threads == 1 or args.positions:
        try:
            with stop_on_sigterm() if args.checkpoint is not None else contextlib.nullcontext():
                return _one_by_one(args, solver)
        except CheckpointError as e:
            print(f"link4 solve: {e}", file=sys.stderr)
            return 2
        except (KeyboardInterrupt, Terminated) as stop:
            if args.checkpoint is None:
                raise
            return _stopped(args.checkpoint, stop)
    del solver
    return _batched(args)
