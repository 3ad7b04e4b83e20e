"""link4 book build | verify | info: the opening book."""

from __future__ import annotations

import argparse
import os
import random
import signal
import sys
import time
from collections import Counter
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any

from link4._request import table_bytes
from link4.book import Book, BookSource
from link4.commands import _bookbuild
from link4.commands._options import (
    SEED,
    TABLE_MB,
    add_inarow_option,
    add_size_option,
    board_game,
    book_argument,
    whole_number,
)
from link4.commands._progress import progress_bar
from link4.engine import DEFAULT_TABLE_MB, Solver
from link4.errors import BookError, SizeMismatchError, extra_hint
from link4.game import Game
from link4.rules import INAROW

DESCRIPTION = """\
The opening book holds the exact score of every position up to a number of discs (its
depth), one entry per mirror pair, so that the engine answers them at once.

  build    solve every position from the empty board (or --root MOVES) up to --depth
           discs and write the book, of the 7x6 board or of --size WxH (and --inarow
           K for K in a row); tasks run on a
           local process pool (--workers) or a dask.distributed cluster (--scheduler
           ADDRESS, with the cluster extra: pip install ".[cluster]").
           Ctrl-C or SIGTERM stops it and keeps the finished work in FILE.partial: the
           same command again continues there, and its report adds up the CPU and
           wall time of every run. The book is the same, byte for byte, however it ran.
           Every position that a book of the board already holds (--book FILE, or
           --from FILE; by default the shipped one, of 7x6) takes its score from it,
           unsearched; past that book's depth, its scores of the deepest positions'
           parents bound theirs from below, which saves work. Progress shows as a bar
           on a terminal, else as a line every 5 %.
  verify   check every position above the book's depth against its children (its
           score must be the best of its moves valued from the book), then solve a
           random sample of the book's positions again, without the book, and compare
           the scores (--leaves: a sample of the deepest positions only, which with the
           first check vouch for the whole book).
  info     what a book file holds."""


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``book`` command (``build``, ``verify``, ``info``) to the command line's subparsers."""
    p = sub.add_parser("book", help="build | verify | info: the opening book",
                       description=DESCRIPTION, formatter_class=argparse.RawDescriptionHelpFormatter)
    books = p.add_subparsers(dest="book_command", metavar="COMMAND", required=True)

    b = books.add_parser("build", help="build a book", description="Build an opening book.")
    b.add_argument("--depth", type=int, required=True, metavar="D",
                   help="every position with up to D discs")
    b.add_argument("--out", required=True, metavar="FILE", help="the book file to write")
    b.add_argument("--root", default="", metavar="MOVES",
                   help="only the positions that follow MOVES (default: the empty board)")
    add_size_option(b)
    add_inarow_option(b)
    where = b.add_mutually_exclusive_group()
    where.add_argument(
        "--workers", type=whole_number(1), metavar="N", help="local worker processes (default: every core)"
    )
    where.add_argument("--scheduler", metavar="ADDRESS", help="a dask.distributed scheduler, e.g. tcp://host:8786")
    b.add_argument("--task-size", type=whole_number(1), default=64, metavar="N",
                   help="positions per task (default 64)")
    b.add_argument(
        "--table-mb", type=TABLE_MB, default=DEFAULT_TABLE_MB, metavar="MB",
        help=f"table per worker (default {DEFAULT_TABLE_MB})",
    )
    b.add_argument("--book", "--from", dest="book", metavar="FILE",
                   help="a book of the same board: the positions it holds take their scores "
                   "from it, and its scores of the deepest positions' parents bound theirs, so "
                   "that they take less to solve (default: the book shipped with link4, on the "
                   "7x6 board; 'none': no book)")
    b.set_defaults(func=run_build)

    v = books.add_parser("verify", help="re-solve a sample without the book and compare",
                         description="Re-solve a random sample of a book's positions without the book.")
    v.add_argument("file", metavar="FILE")
    v.add_argument("--sample", type=whole_number(0), default=200, metavar="N",
                   help="positions to check (default 200)")
    v.add_argument("--seed", type=SEED, default=None, help="seed of the sample (default: random, printed)")
    v.add_argument("--leaves", action="store_true",
                   help="sample only the positions with the book's depth in discs")
    v.set_defaults(func=run_verify)

    i = books.add_parser("info", help="what a book file holds", description="Describe a book file.")
    i.add_argument("file", metavar="FILE")
    i.set_defaults(func=run_info)


def _error(message: str) -> int:
    print(f"link4 book: {message}", file=sys.stderr)
    return 2


def _executor(args: argparse.Namespace) -> tuple[Executor, Any]:
    if args.scheduler:
        try:
            from distributed import Client
        except ImportError:
            raise ValueError(f"--scheduler needs dask.distributed: {extra_hint('cluster')}") from None
        client = Client(args.scheduler)  # type: ignore[no-untyped-call]
        return client.get_executor(), client  # type: ignore[no-untyped-call]

    workers = args.workers or os.cpu_count() or 1
    return ProcessPoolExecutor(max_workers=workers, initializer=_bookbuild.worker_signals), None


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def run_build(args: argparse.Namespace) -> int:
    """Run ``link4 book build`` with the parsed arguments; return the exit status."""
    board = board_game("book", args)
    if board is None:
        return 2
    width, height, inarow = board
    try:
        root = Game(args.root, width=width, height=height, inarow=inarow)
    except ValueError as e:
        return _error(f"--root: {e}")
    if root.is_over():
        return _error(f"--root: the game is over ({root.outcome()})")
    try:
        table_bytes(args.table_mb)
    except (ValueError, MemoryError) as e:
        return _error(f"--table-mb: {e}")
    below = BookSource(book_argument(args))
    try:
        below.for_board(*board)
    except (BookError, SizeMismatchError) as e:
        return _error(f"--book: {e}")
    try:
        executor, client = _executor(args)
    except (ValueError, OSError) as e:
        return _error(str(e))
    started = time.monotonic()
    # SIGTERM (a scheduler's or kill's) stops the build as Ctrl-C does: the workers are
    # stopped and the finished work is kept.
    previous = signal.signal(signal.SIGTERM, _interrupt)
    try:
        with progress_bar("Solving positions", 0, piped_lines=True) as advance:
            stats = _bookbuild.build(root, args.depth, args.out, executor,
                                     task_size=args.task_size, table_mb=args.table_mb,
                                     below=below,
                                     progress=advance,
                                     log=lambda text: print(text, file=sys.stderr))
    except KeyboardInterrupt:
        print(f"\nStopped after {time.monotonic() - started:.1f} s. The finished work is in "
              f"{args.out}.partial: run the same command again to continue.", file=sys.stderr)
        if client is None:
            # The workers are killed in the middle of their searches; the pool's own
            # thread would then wait on them or trip over their futures at exit, so the
            # process leaves at once (every finished task is already on disk).
            _bookbuild.stop_workers(executor)
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(130)
        return 130
    except ValueError as e:
        return _error(str(e))
    finally:
        signal.signal(signal.SIGTERM, previous)
        if client is not None:
            executor.shutdown(wait=False)
            client.close()
        else:
            executor.shutdown(wait=False)
    size = os.path.getsize(args.out)
    game = _game_words(root.width, root.height, root.inarow)
    print(f"Wrote {args.out}: {stats.entries} positions of the {game} up to {args.depth} discs, "
          f"{size} bytes.")
    read = f", {stats.from_book} from the book" if stats.from_book else ""
    cpu = stats.resumed_cpu_seconds + stats.task_cpu_seconds
    wall = stats.resumed_wall_seconds + stats.wall_seconds
    print(f"Positions per layer: {' '.join(map(str, stats.layers))}; solved {stats.solved} "
          f"(and {stats.resumed} from the checkpoint{read}) in {cpu:.1f} s of task CPU time, "
          f"{wall:.1f} s wall (this run: {stats.task_cpu_seconds:.1f} s CPU, "
          f"{stats.wall_seconds:.1f} s wall).")
    if stats.unrecorded:
        print(f"The checkpoint held no CPU or wall time for {stats.unrecorded} of the "
              f"positions it resumed (their cost was cut short when a run was killed): the "
              f"totals leave them out.")
    return 0


def _game_words(width: int, height: int, inarow: int) -> str:
    """"7x6 board", or "7x9 board (5 in a row)" for a game of another line."""
    return f"{width}x{height} board" + ("" if inarow == INAROW else f" ({inarow} in a row)")


def _open(path: str) -> Book:
    return Book.open(path)


def run_verify(args: argparse.Namespace) -> int:
    """Run ``link4 book verify`` with the parsed arguments; return the exit status."""
    try:
        book = _open(args.file)
    except BookError as e:
        return _error(str(e))
    with progress_bar("Checking against the children", len(book)) as advance:
        bad = _bookbuild.disagreements(book, advance)
    for moves, score, children in bad:
        said = "a child missing from the book" if children is None else f"{children} from its children"
        print(f"wrong: {moves or '(empty board)'} has {said}, the book says {score}", file=sys.stderr)
    parents = sum(1 for ply, _ in book.plies_and_scores() if ply < book.depth)
    print(f"{parents} positions with fewer than {book.depth} discs checked against their "
          f"children: {len(bad)} wrong.")

    pool = _bookbuild.leaves(book) if args.leaves else list(range(len(book)))
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    what = f"positions with {book.depth} discs" if args.leaves else "positions"
    print(f"Verifying {min(args.sample, len(pool))} of {len(pool)} {what} of {args.file} "
          f"(seed {seed}).", file=sys.stderr)
    rng = random.Random(seed)
    picks = sorted(rng.sample(pool, min(args.sample, len(pool))))
    solver = Solver(book=None)
    wrong = len(bad)
    with progress_bar("Verifying", len(picks)) as advance:
        for n, i in enumerate(picks, 1):
            game, score = book.entry(i)
            got = solver.solve(game)
            if got != score:
                wrong += 1
                print(f"wrong: {game.moves} has {got}, the book says {score}", file=sys.stderr)
            advance(n, len(picks))
    print(f"{len(picks)} positions verified (seed {seed}): {wrong - len(bad)} wrong.")
    return 1 if wrong else 0


def run_info(args: argparse.Namespace) -> int:
    """Run ``link4 book info`` with the parsed arguments; return the exit status."""
    try:
        book = _open(args.file)
    except BookError as e:
        return _error(str(e))
    plies: Counter[int] = Counter()
    outcomes: Counter[int] = Counter()
    for ply, score in book.plies_and_scores():
        plies[ply] += 1
        outcomes[(score > 0) - (score < 0)] += 1
    print(f"{args.file}: link4 book of the {_game_words(book.width, book.height, book.inarow)}, format "
          f"{book.version}, depth {book.depth}, {len(book)} positions, "
          f"{os.path.getsize(args.file)} bytes, checksum good.")
    print("Positions by discs: " + ", ".join(f"{p}: {n}" for p, n in sorted(plies.items())))
    print(f"Side to move wins {outcomes[1]}, draws {outcomes[0]}, loses {outcomes[-1]}.")
    return 0
