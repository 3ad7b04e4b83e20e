"""link4 solve: exact scores of positions, one output line per position."""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Iterator

from link4.engine import Solver
from link4.game import Game


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "solve",
        help="exact scores of positions given as arguments or one per line on stdin",
        description="Solve positions given as move strings (digits 1-7, 1 = leftmost "
        "column; an empty string is the empty board). With no arguments, read one "
        "position per line from stdin; only the first word of a line is read, so the "
        "'<moves> <score>' benchmark files can be piped in. For each position prints "
        "'<moves> <score> <nodes> <microseconds>'; with --analyze, the score of each of "
        "the 7 columns ('x' for a full one) instead of the score. A bad line gets a "
        "message on stderr and is skipped; the exit status is then 1.",
    )
    p.add_argument("positions", nargs="*", metavar="MOVES", help="positions to solve")
    p.add_argument("--weak", action="store_true", help="only win (1), draw (0) or loss (-1)")
    p.add_argument("--analyze", action="store_true", help="the score of every column")
    p.add_argument("--table-mb", type=float, default=64, metavar="MB",
                   help="transposition table size (default 64)")
    p.set_defaults(func=run)


def _inputs(args: argparse.Namespace) -> Iterator[tuple[str, str]]:
    """(where, moves) pairs: from the arguments, else from stdin."""
    if args.positions:
        for i, moves in enumerate(args.positions, 1):
            yield f"argument {i}", moves.strip()
        return
    # Undecodable bytes become U+FFFD, which the parser then reports as a bad move.
    for n, raw in enumerate(sys.stdin.buffer, 1):
        words = raw.decode("utf-8", errors="replace").split()
        if words:
            yield f"line {n}", words[0]


def run(args: argparse.Namespace) -> int:
    try:
        solver = Solver(args.table_mb)
    except ValueError as e:
        print(f"link4 solve: {e}", file=sys.stderr)
        return 2
    status = 0
    out = sys.stdout
    for where, moves in _inputs(args):
        try:
            game = Game(moves)
            start = time.perf_counter()
            if args.analyze:
                scores = solver.analyze(game, weak=args.weak)
                value = " ".join("x" if s is None else str(s) for s in scores)
            else:
                value = str(solver.solve(game, weak=args.weak))
            micros = (time.perf_counter() - start) * 1e6
        except ValueError as e:
            print(f"link4 solve: {where}: {e}", file=sys.stderr)
            status = 1
            continue
        out.write(f"{moves} {value} {solver.nodes} {micros:.0f}\n")
        out.flush()
    return status
