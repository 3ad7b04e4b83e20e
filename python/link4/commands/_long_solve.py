"""link4 solve's long searches: the progress line on stderr, checkpoints and --resume."""

from __future__ import annotations

import argparse
import shutil
import signal
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TextIO

from link4.engine import Solver
from link4.game import Game
from link4.long_search import Checkpoint, SearchProgress, read_checkpoint, resume
from link4.results import SearchResult

PROGRESS_EVERY = 2.0
"""Seconds between two reports at a terminal (the first comes after as long, so that a
quick search shows none)."""
PIPED_PROGRESS_EVERY = 10.0
"""... and between two lines when stderr is no terminal (a log)."""


TERMINATED_STATUS = 128 + signal.SIGTERM
"""The exit status of a solve ended by SIGTERM (after its checkpoint)."""


class Terminated(Exception):
    """SIGTERM came while a checkpointed search ran: it stopped as on Ctrl-C."""


@contextmanager
def stop_on_sigterm() -> Iterator[None]:
    """While in it, SIGTERM (a reboot's, a scheduler's) stops the search as Ctrl-C does,
    so that its checkpoint is written, rather than ending the process at once."""

    def stop(_signum: int, _frame: object) -> None:
        raise Terminated

    try:
        before = signal.signal(signal.SIGTERM, stop)
    except ValueError:  # not the main thread: signals are not ours to take
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, before)


def _bounds(lower: int, upper: int) -> str:
    return f"{lower:+d}" if lower == upper else f"{lower:+d}..{upper:+d}"


def progress_text(p: SearchProgress) -> str:
    """One report in words: the time, the nodes and their rate, the proven bounds of the
    score and of each column not lost for certain, columns numbered from 1.

    >>> progress_text(SearchProgress(12.0, 240_000_000, -2, 3, ((-5, -5), None, (-2, 3), (1, 1))))
    '12 s, 240,000,000 nodes (20.0 M/s), score -2..+3, 2 of 3 columns settled: 1 -5, 3 -2..+3, 4 +1'
    """
    columns = [f"{c + 1} {_bounds(*b)}" for c, b in enumerate(p.columns) if b is not None]
    rate = p.nodes_per_second / 1e6
    return (f"{p.seconds:.0f} s, {p.nodes:,} nodes ({rate:.1f} M/s), score {_bounds(p.lower, p.upper)}, "
            f"{len(p.settled)} of {len(columns)} columns settled: {', '.join(columns)}")


class ProgressLine:
    """Reports on stderr: at a terminal one line rewritten in place, else a line each."""

    def __init__(self, every: float | None = None, stream: TextIO = sys.stderr) -> None:
        self._stream = stream
        self._tty = stream.isatty()
        self._shown = False
        self.every = every or (PROGRESS_EVERY if self._tty else PIPED_PROGRESS_EVERY)
        """The seconds between two reports."""

    def __call__(self, p: SearchProgress) -> None:
        text = progress_text(p)
        if self._tty:
            # Cut to the terminal's width: a line that wrapped would not be rewritten whole.
            width = shutil.get_terminal_size().columns - 1
            if len(text) > width:
                text = text[: max(width - 1, 0)] + "…"
            self._stream.write("\r\x1b[K" + text)
        else:
            self._stream.write(text + "\n")
        self._stream.flush()
        self._shown = True

    def done(self) -> None:
        """Ends the rewritten line, if one was shown."""
        if self._tty and self._shown:
            self._stream.write("\n")
            self._stream.flush()


def wants_long(args: argparse.Namespace) -> bool:
    """Whether the positions are solved with reports, checkpoints or a limit (one search
    each, with the score alone)."""
    return bool(args.progress or args.checkpoint or args.time_limit is not None)


def solve_one(
    args: argparse.Namespace, solver: Solver, game: Game, line: ProgressLine | None
) -> SearchResult:
    """One position's score, with the reports, checkpoint and limit asked for.

    Returns:
        The search's result (its bounds when the limit stopped it).
    """
    try:
        return solver.search(
            game, score_only=True, weak=args.weak, time_limit=args.time_limit,
            progress=line, progress_every=line.every if line else PROGRESS_EVERY,
            checkpoint=args.checkpoint, checkpoint_every=args.checkpoint_every,
        )
    finally:
        if line:
            line.done()


def read_board(path: str) -> tuple[int, int, int]:
    """The game of the checkpoint at ``path``.

    Returns:
        Its (width, height, inarow).
    """
    found = read_checkpoint(path)
    return found.width, found.height, found.inarow


def resume_one(args: argparse.Namespace, line: ProgressLine | None) -> tuple[Game, SearchResult, Checkpoint]:
    """Goes on with the search of ``args.resume``.

    Returns:
        The game, this run's result, and what the checkpoint records after it (the
        search asked, whether weak or not, and the nodes and seconds of every run so far).
    """
    found = read_checkpoint(args.resume)
    game = Game(found.moves, width=found.width, height=found.height, inarow=found.inarow)
    try:
        r = resume(args.resume, threads=args.threads, table_mb=args.table_mb, book=args.book_choice,
                   progress=line, progress_every=line.every if line else PROGRESS_EVERY,
                   checkpoint_every=args.checkpoint_every, time_limit=args.time_limit)
    finally:
        if line:
            line.done()
    return game, r, read_checkpoint(args.resume)
