"""link4 dataset: labelled positions for machine learning, on every core, resumably."""

from __future__ import annotations

import argparse
import itertools
import json
import os
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import IO

from link4._request import table_bytes
from link4.batch import analyze_many
from link4.commands._options import (
    SEED,
    TABLE_MB,
    THREADS,
    add_inarow_option,
    add_size_option,
    board_game,
    choice_list,
    one_of,
    whole_number,
)
from link4.commands._progress import progress_bar
from link4.dataset import FORMATS, Row, iter_random_positions, read_jsonl_row, write
from link4.engine import DEFAULT_TABLE_MB
from link4.errors import Interrupted, extra_hint, quoted
from link4.game import Game
from link4.rules import INAROW, Board

DESCRIPTION = """\
Write positions with their exact score and the score of every column (from the side to
move's view; None / empty where a column is full) to FILE, as .npz (numpy arrays: board,
planes in the mover's view as PettingZoo's connect_four_v3, ply, score, columns, legal),
.jsonl or .csv (the format follows the file name, or --format). The positions are random
games of A to B discs (--plies A-B, seeded with --seed) or, with --positions, the move
strings of a file; --size WxH labels positions of another board, --inarow K of a game of
K in a row (the .npz then holds inarow as well). The work runs on
every core, with a progress bar on stderr (a line every 5 % or 30 s when stderr is no
terminal). The rows go to FILE.partial as each batch of them is labelled, so memory
does not depend on --count; FILE is written from it at the end. Ctrl-C keeps
what is finished in FILE.partial: the same command again continues from there."""

CHUNK = 1024  # positions per batch: what a Ctrl-C can lose at most is one chunk's unfinished work


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``dataset`` command to the command line's subparsers."""
    p = sub.add_parser(
        "dataset",
        help="labelled positions for machine learning (npz, jsonl, csv)",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--out", required=True, metavar="FILE", help="the file to write")
    p.add_argument("--count", type=whole_number(1), default=10_000, metavar="N",
                   help="how many random positions (default 10000)")
    p.add_argument("--plies", default="20-30", metavar="A-B",
                   help="discs on the board in the random positions (default 20-30)")
    p.add_argument("--seed", type=SEED, default=0, help="seed of the random positions (default 0)")
    p.add_argument("--positions", metavar="FILE",
                   help="label the move strings of FILE (one per line) instead of random ones")
    add_size_option(p)
    add_inarow_option(p)
    p.add_argument("--format", type=one_of(FORMATS), metavar=choice_list(FORMATS),
                   help="default: from the file name")
    p.add_argument("--threads", type=THREADS, default=None, metavar="N",
                   help="worker threads (default: every core)")
    p.add_argument("--table-mb", type=TABLE_MB, default=DEFAULT_TABLE_MB, metavar="MB",
                   help=f"transposition table per thread (default {DEFAULT_TABLE_MB})")
    p.set_defaults(func=run)


def _error(message: str) -> int:
    print(f"link4 dataset: {message}", file=sys.stderr)
    return 2


def _plies(text: str) -> tuple[int, int]:
    """The discs of ``--plies A-B`` (or ``A``); ValueError naming the option otherwise."""
    a, sep, b = text.partition("-")
    try:
        low = int(a)
        return low, int(b) if sep else low
    except ValueError:
        raise ValueError(f"--plies: expected A-B or A, numbers of discs such as 20-30, "
                         f"not {quoted(text)}") from None


def _given(path: str, board: Board) -> list[Game]:
    """Read the move strings of ``--positions`` ``path``.

    Returns:
        Their games, on the board of ``board``.

    Raises:
        ValueError: The file cannot be read, is no text, or has a line that is no
            running game of that board: the message names the option, the file and
            the line.
    """
    games = []
    try:
        with open(path, encoding="utf-8") as f:
            for n, line in enumerate(f, 1):
                words = line.split()
                if not words or words[0].startswith("#"):
                    continue
                try:
                    game = Game(words[0], width=board[0], height=board[1], inarow=board[2])
                except ValueError as e:
                    raise ValueError(f"--positions {path}, line {n}: {e}") from None
                if game.is_over():
                    raise ValueError(f"--positions {path}, line {n}: the game is over "
                                     f"({game.outcome()})")
                games.append(game)
    except OSError as e:
        raise ValueError(f"--positions {path}: cannot read it ({e.strerror or e}); expected a "
                         "file of move strings, one a line") from None
    except UnicodeDecodeError:
        raise ValueError(f"--positions {path}: not a text file; expected a file of move "
                         "strings, one a line") from None
    return games


def _positions(
    args: argparse.Namespace, board: Board
) -> tuple[Iterator[Game], int, dict[str, object]]:
    """The positions to label, drawn as they are needed.

    Returns:
        The positions, their number, and what tells this job from another in the
        checkpoint's header.

    Raises:
        ValueError: a ``--positions`` file that cannot be read, or a bad line in it
            (malformed, illegal or finished), or a bad ``--plies``, each message naming
            the option.
    """
    if args.positions:
        games = _given(args.positions, board)
        source: dict[str, object] = {"positions": [g.moves for g in games]}
        drawn, total = iter(games), len(games)
    else:
        plies = _plies(args.plies)
        try:
            drawn = iter_random_positions(args.count, plies=plies, seed=args.seed,
                                          width=board[0], height=board[1], inarow=board[2])
        except ValueError as e:
            raise ValueError(f"--plies: {e}") from None
        total = args.count
        source = {"count": args.count, "plies": list(plies), "seed": args.seed}
    source["board"] = f"{board[0]}x{board[1]}"
    if board[2] != INAROW:  # (a job of four in a row keeps the header it always had)
        source["inarow"] = board[2]
    return drawn, total, source


def _resume(partial: Path, header: dict[str, object]) -> int:
    """Find how many rows a stopped run of the same job left in ``partial``.

    Its rows are those of the first positions, in order; the file is cut after the
    last whole one (a run killed while writing leaves a line cut short).

    Returns:
        The number of rows; 0 when there is no such file.

    Raises:
        ValueError: The file belongs to another job.
        OSError: The file cannot be read or cut.
    """
    if not partial.exists():
        return 0
    with partial.open("r+b") as f:
        try:
            same = json.loads(f.readline()) == header
        except ValueError:
            same = False
        if not same:
            raise ValueError(f"{partial} belongs to another job (other positions or options): "
                             "delete it or choose another --out")
        rows, end = 0, f.tell()
        for line in f:
            try:
                whole = line.endswith(b"\n") and read_jsonl_row(line.decode("utf-8")).index == rows
            except (ValueError, KeyError, TypeError):
                whole = False
            if not whole:
                break
            rows, end = rows + 1, end + len(line)
        f.truncate(end)
    return rows


def _rows(partial: Path) -> Iterator[Row]:
    """The rows of a finished checkpoint, one at a time."""
    with partial.open(encoding="utf-8") as f:
        next(f)  # the header
        for line in f:
            yield read_jsonl_row(line)


def run(args: argparse.Namespace) -> int:
    """Run ``link4 dataset`` with the parsed arguments; return the exit status."""
    board = board_game("dataset", args)
    if board is None:
        return 2
    out = Path(args.out)
    fmt = args.format or out.suffix.lstrip(".").lower()
    if fmt not in FORMATS:
        return _error(f"--out {args.out}: say --format {', '.join(FORMATS)}, or use one as suffix")
    try:
        table_bytes(args.table_mb, args.threads or os.cpu_count() or 1)
    except (ValueError, MemoryError) as e:
        return _error(f"--table-mb: {e}")
    try:
        games, total, source = _positions(args, board)
    except ValueError as e:
        return _error(str(e))
    if fmt == "npz":
        try:
            import numpy  # noqa: F401
        except ImportError:
            return _error(f"npz output needs numpy: {extra_hint('numpy')}")

    partial = out.with_name(out.name + ".partial")
    header = {"link4-dataset": 1, **source}
    try:
        done = _resume(partial, header)
        file = partial.open("a" if done else "w", encoding="utf-8")
    except ValueError as e:
        return _error(str(e))
    except OSError as e:
        return _error(f"--out {args.out}: cannot write {partial.name} in the folder "
                      f"{out.parent} ({e.strerror or e})")
    with file:
        if done:
            print(f"Continuing {partial}: {done} of {total} positions done.", file=sys.stderr)
        else:
            file.write(json.dumps(header) + "\n")
        checkpoint = _Checkpoint(file, done)
        try:
            # The positions the checkpoint holds are drawn again, not labelled.
            _label(args, itertools.islice(games, done, None), total, checkpoint)
        except KeyboardInterrupt:
            print(f"\nStopped: {checkpoint.rows} of {total} positions are labelled and kept "
                  f"in {partial}. Run the same command again to continue.", file=sys.stderr)
            return 130
        except _RunOut as e:  # the job cannot be finished: nothing to continue
            file.close()
            os.remove(partial)
            return _error(f"--plies: {e}")
    try:
        write(_rows(partial), out, fmt)
    except OSError as e:
        return _error(f"--out {args.out}: cannot write it ({e.strerror or e}); the rows are "
                      f"kept in {partial}")
    os.remove(partial)
    print(f"Wrote {total} labelled positions to {out}.", file=sys.stderr)
    return 0


class _RunOut(Exception):
    """The random positions ran out: fewer than ``--count`` different ones were found."""


class _Checkpoint:
    """FILE.partial, open for appending, and how many rows it holds: those of the first
    positions, in order, so that a run that stops is continued from the next one."""

    def __init__(self, file: IO[str], rows: int) -> None:
        self.file = file
        self.rows = rows

    def append(self, chunk: list[Game], values: Sequence[object]) -> None:
        """Write the rows of the chunk's positions finished before its first unfinished
        one (``values`` stop short, or hold None, after an interrupt), on disk at once."""
        rows: list[Row] = []
        for game, v in zip(chunk, values, strict=False):
            if not isinstance(v, list):
                break
            cols = tuple(c if isinstance(c, int) or c is None else None for c in v)
            score = max(c for c in cols if c is not None)
            rows.append(Row(self.rows + len(rows), game.moves, score, cols, game.width, game.height,
                            game.inarow))
        self.file.writelines(row.to_json() + "\n" for row in rows)
        self.file.flush()
        os.fsync(self.file.fileno())
        self.rows += len(rows)


def _label(args: argparse.Namespace, games: Iterator[Game], total: int, checkpoint: _Checkpoint) -> None:
    """Label ``games`` a batch at a time, each batch's rows appended to the checkpoint
    as it finishes.

    Raises:
        Interrupted: Ctrl-C during a batch; the rows finished before the first
            unfinished one are in the checkpoint.
        KeyboardInterrupt: Ctrl-C at another moment; the rows of the batches finished
            before it are in the checkpoint.
        _RunOut: The random positions ran out before ``total``.
    """
    with progress_bar("Labelling", total, piped_lines=True) as advance:
        advance(checkpoint.rows, total)
        while chunk := _take(games, CHUNK):
            def report(finished: int, _total: int, base: int = checkpoint.rows) -> None:
                advance(base + finished, total)

            # (Reset for each chunk: a Ctrl-C that comes before the batch has any
            # results must not file the last chunk's values under this one's positions.)
            values: Sequence[object] = []
            try:
                values = analyze_many(chunk, threads=args.threads, table_mb=args.table_mb,
                                      progress=report)
            except Interrupted as stop:
                values = stop.results
                raise
            finally:
                checkpoint.append(chunk, values)
            advance(checkpoint.rows, total)


def _take(games: Iterator[Game], n: int) -> list[Game]:
    """The next ``n`` games (fewer at the end); _RunOut when they cannot be drawn."""
    try:
        return list(itertools.islice(games, n))
    except ValueError as e:
        raise _RunOut(str(e)) from None
