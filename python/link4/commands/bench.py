"""link4 bench: the standard benchmark, per-set figures and the node-count signature;
with --sizes, the empty boards of other sizes."""

from __future__ import annotations

import argparse
import re
import sys
import time

from link4 import bench
from link4.commands._options import TABLE_MB, THREADS, add_size_option, board_size, whole_number
from link4.errors import BoardSizeError
from link4.rules import HEIGHT, WIDTH, parse_size

_DEFAULT_SIZES = " ".join(f"{w}x{h}" for w, h in bench.SIZES)


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``bench`` command to the command line's subparsers."""
    p = sub.add_parser(
        "bench",
        help="the standard benchmark: per-set figures and a node-count signature",
        description="Solve the standard benchmark sets, a fixed "
        f"{bench.BENCH_TABLE_MB} MB table cleared before each position, no book. Prints per "
        "set: positions, mean / median / max time, mean nodes, nodes per second and any "
        "wrong score; the last line is the signature 'Bench: N', the total node count. "
        "With --threads N each position is solved on N threads sharing the table: the "
        "times are the wall times, the nodes all threads' sum, and the signature (which "
        "only one thread keeps the same from run to run) is marked as such. "
        "With --sizes, solve the empty board of each size of a list instead (one thread, "
        f"a {bench.SIZES_TABLE_MB} MB table each, no book) and print a table: who wins with "
        "best play (first, second or draw), the move on which the game then ends, the "
        "nodes and the time.",
    )
    g = p.add_mutually_exclusive_group()
    g.add_argument("--full", action="store_true",
                   help="all six sets (Begin-Hard: its first 100 positions; minutes)")
    g.add_argument("--all", action="store_true",
                   help="all six sets in full (Begin-Hard's 1000 positions take hours)")
    g.add_argument("--sizes", nargs="?", const=_DEFAULT_SIZES, metavar="LIST",
                   help="the empty board of each size of LIST, such as '7x5,6x6' "
                   f"(default: {_DEFAULT_SIZES})")
    p.add_argument("--weak", action="store_true", help="only win/draw/loss")
    p.add_argument("--limit", type=whole_number(1), metavar="N", help="at most N positions per set")
    p.add_argument("--threads", type=THREADS, default=1, metavar="N",
                   help="threads per solve (default 1, the deterministic signature)")
    p.add_argument("--table-mb", type=TABLE_MB, default=bench.BENCH_TABLE_MB, metavar="MB",
                   help=f"the table of the sets' solves (default {bench.BENCH_TABLE_MB}, that of "
                   "the signature)")
    add_size_option(p)
    p.add_argument("--zero-based", action="store_true",
                   help="the files' moves are columns counted from 0, one digit each, as in the "
                   "test sets of Steininger's c4 (such as its 10x6 sets: --size 10x6 --zero-based)")
    p.add_argument("files", nargs="*", metavar="FILE",
                   help="sets to run instead: files of '<moves> <score>' lines (positions of "
                   "the --size board), or set names such as Middle-Easy")
    p.set_defaults(func=run)


def _format_seconds(s: float) -> str:
    if s < 1e-3:
        return f"{s * 1e6:.1f} µs"  # noqa: RUF001 (the micro sign is the unit)
    if s < 1:
        return f"{s * 1e3:.2f} ms"
    return f"{s:.2f} s"


def _sizes(text: str) -> list[tuple[int, int]]:
    """The boards of a --sizes list (sizes apart by commas or spaces); BoardSizeError."""
    words = [w for w in re.split(r"[,\s]+", text) if w]
    if not words:
        raise BoardSizeError("--sizes names no board: give sizes such as 7x5,6x6")
    return [parse_size(w) for w in words]


def _run_sizes(args: argparse.Namespace) -> int:
    if (args.files or args.weak or args.limit is not None or args.threads != 1 or args.zero_based
            or args.table_mb != bench.BENCH_TABLE_MB or args.size != f"{WIDTH}x{HEIGHT}"):
        print("link4 bench: --sizes runs alone (no FILE, --weak, --limit, --threads, --table-mb, "
              "--size or --zero-based)", file=sys.stderr)
        return 2
    try:
        sizes = _sizes(args.sizes)
    except BoardSizeError as e:
        print(f"link4 bench: --sizes: {e}", file=sys.stderr)
        return 2
    print(f"{'size':<8}{'outcome':>9}{'last move':>11}{'nodes':>16}{'time':>12}")
    for width, height in sizes:
        r = bench.solve_board(width, height)
        print(f"{f'{width}x{height}':<8}{r.outcome:>9}{r.last_move:>11}{r.nodes:>16,}"
              f"{_format_seconds(r.seconds):>12}", flush=True)
    return 0


def run(args: argparse.Namespace) -> int:
    """Run ``link4 bench`` with the parsed arguments; return the exit status."""
    if args.sizes is not None:
        return _run_sizes(args)
    if (board := board_size("bench", args)) is None:
        return 2
    width, height = board
    if (board != (WIDTH, HEIGHT) or args.zero_based) and not args.files:
        print("link4 bench: --size and --zero-based are those of FILEs: name the files",
              file=sys.stderr)
        return 2
    try:
        if args.files:
            sets = [bench.load_set(f, args.limit, width=width, height=height, zero_based=args.zero_based)
                    for f in args.files]
        else:
            sets = bench.standard_plan(full=args.full, everything=args.all, limit=args.limit)
    except (OSError, ValueError) as e:
        print(f"link4 bench: {e}", file=sys.stderr)
        return 2

    tty = sys.stderr.isatty()
    header = (f"{'set':<15}{'positions':>10}{'mean':>12}{'median':>12}{'max':>12}"
              f"{'mean nodes':>14}{'nodes/s':>12}{'wrong':>7}")
    print(header)
    total_nodes = 0
    wrong = 0
    for s in sets:
        last = [time.monotonic()]

        def progress(done: int, n: int, name: str = s.name, last: list[float] = last) -> None:
            now = time.monotonic()
            if done == n or now - last[0] >= (0.2 if tty else 10.0):
                last[0] = now
                end = "\r" if tty and done < n else "\n"
                if tty or done < n:
                    print(f"  {name}: {done}/{n}", end=end, file=sys.stderr, flush=True)

        r = bench.run_set(s, weak=args.weak, table_mb=args.table_mb, threads=args.threads,
                          progress=progress)
        if tty:
            print(" " * 40, end="\r", file=sys.stderr)
        total_nodes += r.total_nodes
        wrong += len(r.wrong)
        print(f"{r.name:<15}{r.count:>10}{_format_seconds(r.mean_seconds):>12}"
              f"{_format_seconds(r.median_seconds):>12}{_format_seconds(r.max_seconds):>12}"
              f"{r.mean_nodes:>14,.1f}{r.nodes_per_second / 1e6:>10.2f} M{len(r.wrong):>7}",
              flush=True)
        for moves, want, got in r.wrong[:10]:
            print(f"  wrong: {moves} expected {want}, got {got}")
    if args.threads != 1:
        print(f"Bench: {total_nodes} ({args.threads} threads: not a signature, it varies run to run)")
    elif args.table_mb != bench.BENCH_TABLE_MB:
        print(f"Bench: {total_nodes} ({args.table_mb:g} MB table: not the signature's "
              f"{bench.BENCH_TABLE_MB} MB)")
    else:
        print(f"Bench: {total_nodes}")
    return 1 if wrong else 0
