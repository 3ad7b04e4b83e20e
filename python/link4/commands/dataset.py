"""link4 dataset: labelled positions for machine learning, on every core, resumably."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from link4._request import table_bytes
from link4.batch import analyze_many
from link4.commands._options import SEED, TABLE_MB, THREADS, add_size_option, board_size, whole_number
from link4.commands._progress import progress_bar
from link4.dataset import FORMATS, Row, random_positions, read_jsonl_row, write
from link4.engine import DEFAULT_TABLE_MB
from link4.errors import Interrupted, quoted
from link4.game import Game

DESCRIPTION = """\
Write positions with their exact score and the score of every column (from the side to
move's view; None / empty where a column is full) to FILE, as .npz (numpy arrays: board,
planes in the mover's view as PettingZoo's connect_four_v3, ply, score, columns, legal),
.jsonl or .csv (the format follows the file name, or --format). The positions are random
games of A to B discs (--plies A-B, seeded with --seed) or, with --positions, the move
strings of a file; --size WxH labels positions of another board. The work runs on
every core with a progress bar on stderr. Ctrl-C
keeps what is finished in FILE.partial: the same command again continues from there."""

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
    p.add_argument("--format", choices=FORMATS, help="default: from the file name")
    p.add_argument("--threads", type=THREADS, default=None, metavar="N",
                   help="worker threads (default: every core)")
    p.add_argument("--table-mb", type=TABLE_MB, default=DEFAULT_TABLE_MB, metavar="MB",
                   help=f"transposition table per thread (default {DEFAULT_TABLE_MB})")
    p.set_defaults(func=run)


def _error(message: str) -> int:
    print(f"link4 dataset: {message}", file=sys.stderr)
    return 2


def _plies(text: str) -> tuple[int, int]:
    a, sep, b = text.partition("-")
    try:
        return int(a), int(b) if sep else int(a)
    except ValueError:
        raise ValueError(f"plies is A-B or A (discs on the board), not {quoted(text)}") from None


def _given(path: str, board: tuple[int, int]) -> list[Game]:
    games = []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            words = line.split()
            if not words or words[0].startswith("#"):
                continue
            try:
                game = Game(words[0], width=board[0], height=board[1])
            except ValueError as e:
                raise ValueError(f"{path}, line {n}: {e}") from None
            if game.is_over():
                raise ValueError(f"{path}, line {n}: the game is over ({game.outcome()})")
            games.append(game)
    return games


def _load_partial(partial: Path, header: dict[str, object]) -> dict[int, Row]:
    """The rows a stopped run left, if it was the same job; else none."""
    if not partial.exists():
        return {}
    with partial.open(encoding="utf-8") as f:
        lines = f.read().splitlines()
    if not lines or json.loads(lines[0]) != header:
        raise ValueError(
            f"{partial} belongs to another job (other positions or options): "
            "delete it or choose another --out"
        )
    rows = {}
    for line in lines[1:]:
        try:
            row = read_jsonl_row(line)
        except (ValueError, KeyError):
            break  # a line cut short when the run stopped
        rows[row.index] = row
    return rows


def _positions(args: argparse.Namespace, board: tuple[int, int]) -> tuple[list[Game], dict[str, object]]:
    """The positions to label, and what the checkpoint records of them.

    Returns:
        The games, and what tells this job from another in the checkpoint's header.

    Raises:
        OSError: the ``--positions`` file cannot be read.
        ValueError: a bad line in that file (malformed, illegal or finished), or a bad
            ``--plies``.
    """
    if args.positions:
        games = _given(args.positions, board)
        source: dict[str, object] = {"positions": [g.moves for g in games]}
    else:
        plies = _plies(args.plies)
        games = random_positions(args.count, plies=plies, seed=args.seed, width=board[0],
                                 height=board[1])
        source = {"count": args.count, "plies": list(plies), "seed": args.seed}
    source["board"] = f"{board[0]}x{board[1]}"
    return games, source


def run(args: argparse.Namespace) -> int:
    """Run ``link4 dataset`` with the parsed arguments; return the exit status."""
    board = board_size("dataset", args)
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
        games, source = _positions(args, board)
    except (OSError, ValueError) as e:
        return _error(str(e) if not isinstance(e, ValueError) or "plies" not in str(e)
                      else f"--plies: {e}")
    if fmt == "npz":
        try:
            import numpy  # noqa: F401
        except ImportError:
            return _error("npz output needs numpy: pip install 'link4[numpy]'")

    partial = out.with_name(out.name + ".partial")
    header = {"link4-dataset": 1, **source}
    try:
        rows = _load_partial(partial, header)
    except ValueError as e:
        return _error(str(e))
    if rows:
        print(f"Continuing {partial}: {len(rows)} of {len(games)} positions done.", file=sys.stderr)
    else:
        with partial.open("w", encoding="utf-8") as f:
            f.write(json.dumps(header) + "\n")

    todo = [i for i in range(len(games)) if i not in rows]
    try:
        with progress_bar("Labelling", len(games)) as advance:
            advance(len(rows), len(games))
            for start in range(0, len(todo), CHUNK):
                chunk = todo[start : start + CHUNK]
                base = len(rows)

                def report(done: int, _total: int, base: int = base) -> None:
                    advance(base + done, len(games))

                # (Reset for each chunk: a Ctrl-C that comes before the batch has any
                # results must not file the last chunk's values under this one's positions.)
                values: Sequence[object] = []
                try:
                    values = analyze_many(
                        [games[i] for i in chunk], threads=args.threads, table_mb=args.table_mb,
                        progress=report,
                    )
                except Interrupted as stop:
                    values = stop.results
                    raise
                finally:
                    _append(partial, games, chunk, values, rows)
    except KeyboardInterrupt:
        print(
            f"\nStopped: {len(rows)} of {len(games)} positions are labelled and kept in "
            f"{partial}. Run the same command again to continue.",
            file=sys.stderr,
        )
        return 130

    write([rows[i] for i in range(len(games))], out, fmt)
    os.remove(partial)
    print(f"Wrote {len(games)} labelled positions to {out}.", file=sys.stderr)
    return 0


def _append(partial: Path, games: list[Game], chunk: list[int], values: Sequence[object],
            rows: dict[int, Row]) -> None:
    """Add the finished positions of a chunk to the rows and to the checkpoint file."""
    new = []
    for i, v in zip(chunk, values, strict=False):  # values stop short after an interrupt
        if not isinstance(v, list):
            continue
        cols = tuple(c if isinstance(c, int) or c is None else None for c in v)
        score = max(c for c in cols if c is not None)
        row = rows[i] = Row(i, games[i].moves, score, cols, games[i].width, games[i].height)
        new.append(row)
    with partial.open("a", encoding="utf-8") as f:
        f.writelines(row.to_json() + "\n" for row in new)
        f.flush()
        os.fsync(f.fileno())
