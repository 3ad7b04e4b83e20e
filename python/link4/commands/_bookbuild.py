"""Building an opening book: every position up to a depth, solved exactly.

The work: list the positions (one per mirror pair) from a root (of any board size) down
to ``depth`` discs; take the score of each that a book of that board already holds (the
shipped one, or one given) from it; solve the other positions with exactly ``depth``
discs as tasks on a ``concurrent.futures.Executor`` (a local process pool, or a
dask.distributed cluster's executor); then give each shallower position the book does
not hold its score from its children's, layer by layer, by searches that find the
children in the book being built. Tasks hold neighbouring positions (in move order)
so that a worker's table stays warm. Finished tasks go to a checkpoint file, so a
stopped build continues where it stopped, and the book is the same, byte for byte,
whatever the executor and the number of workers.

The checkpoint: a JSON header line, then one ``<moves> <score>`` line per solved
position. Comment lines record the cost for a build's figures across runs: ``# run`` at
the start of each run, and after each task ``# task N cpu C wall W`` (its N positions
took C seconds of CPU in a worker; W seconds had passed since the run started).
"""

from __future__ import annotations

import json
import os
import signal
import threading
import time
from collections.abc import Callable, Iterable
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from dataclasses import dataclass, field
from pathlib import Path

from link4.book import SHIPPED, Book, BookChoice, BookSource, canonical_key, write
from link4.engine import DEFAULT_TABLE_MB, Solver
from link4.game import HEIGHT, WIDTH, Game
from link4.rules import INAROW

__all__ = ["BuildStats", "build", "disagreements", "plan", "solve_task"]

CHECKPOINT_VERSION = 1


def plan(root: Game, depth: int) -> list[list[Game]]:
    """The running positions from ``root`` to ``depth`` discs, one per mirror pair, layer
    by layer (layer i has root.ply + i discs), each layer in move-string order."""
    if root.is_over():
        raise ValueError("the root position is a finished game")
    most = root.width * root.height - 1
    if not root.ply <= depth <= most:
        raise ValueError(f"depth must be between the root's {root.ply} discs and {most}, not {depth}")
    layers = [[root]]
    while layers[-1][0].ply < depth:
        seen: dict[int, Game] = {}
        for game in layers[-1]:
            for col in game.legal_moves():
                if game.is_winning_move(col):
                    continue  # the game ends there: nothing to store
                child = game.copy()
                child.play(col)
                if child.is_over():
                    continue
                key = canonical_key(child)
                if key not in seen or child.moves < seen[key].moves:
                    seen[key] = child
        if not seen:
            break
        layers.append(sorted(seen.values(), key=lambda g: g.moves))
    return layers


# One solver per worker thread (a dask worker may run tasks on several threads).
_worker = threading.local()


def worker_signals() -> None:
    """Process-pool workers leave Ctrl-C to the builder, which stops them itself, and
    end at once on SIGTERM (how it stops them), whatever handler they were forked with."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def solve_task(
    moves: list[str], table_mb: float, below: BookChoice = None, width: int = WIDTH, height: int = HEIGHT,
    inarow: int = INAROW,
) -> tuple[list[int], float]:
    """Exact scores of positions of a ``width`` x ``height`` board, ``inarow`` in a row,
    and the CPU seconds they took. ``below``: a book of fewer discs than the positions (or None), whose
    scores of their parents bound theirs from below. Runs in a worker: its solver, and
    what its table learnt, serve the next tasks."""
    solver: Solver | None = getattr(_worker, "solver", None)
    if solver is None or getattr(_worker, "setting", None) != (table_mb, below):
        solver = _worker.solver = Solver(table_mb, book=below, width=width, height=height, inarow=inarow)
        _worker.setting = (table_mb, below)
    start = time.thread_time()
    scores = [solver.solve(Game(m, width=width, height=height, inarow=inarow)) for m in moves]
    return scores, time.thread_time() - start


@dataclass
class BuildStats:
    entries: int = 0
    solved: int = 0          # positions solved by tasks in this run
    from_book: int = 0       # positions with exactly the depth's discs read from the book
    resumed: int = 0         # positions taken from the checkpoint
    task_cpu_seconds: float = 0.0  # this run's tasks
    wall_seconds: float = 0.0      # this run
    # What the checkpoint records of earlier runs: their tasks' CPU time, their wall
    # time, and how many resumed positions it has no CPU time for (a task whose cost
    # line was cut short when its run was killed).
    resumed_cpu_seconds: float = 0.0
    resumed_wall_seconds: float = 0.0
    unrecorded: int = 0
    layers: list[int] = field(default_factory=list)


def _read_checkpoint(path: Path, header: dict[str, object], stats: BuildStats) -> dict[str, int]:
    """The positions a checkpoint holds; adds the earlier runs' cost to ``stats``."""
    if not path.exists():
        return {}
    lines = path.read_text(encoding="utf-8").splitlines()
    if not lines or json.loads(lines[0]) != header:
        raise ValueError(f"{path} belongs to another build: delete it or choose another --out")
    done: dict[str, int] = {}
    recorded = 0
    run_wall = 0.0
    for line in lines[1:]:
        words = line.split()
        if words[:2] == ["#", "run"]:
            stats.resumed_wall_seconds += run_wall
            run_wall = 0.0
        elif words[:2] == ["#", "task"] and len(words) == 7:
            try:
                n, cpu, wall = int(words[2]), float(words[4]), float(words[6])
            except ValueError:
                continue  # a line cut short when a run was killed
            recorded += n
            stats.resumed_cpu_seconds += cpu
            run_wall = wall
        elif len(words) == 2 and words[1].lstrip("-").isdigit():
            done[words[0]] = int(words[1])
    stats.resumed_wall_seconds += run_wall
    stats.unrecorded = max(0, len(done) - recorded)
    return done


def build(
    root: Game,
    depth: int,
    out: str | os.PathLike[str],
    executor: Executor,
    *,
    task_size: int = 64,
    table_mb: float = DEFAULT_TABLE_MB,
    below: BookChoice = SHIPPED,
    progress: Callable[[int, int], None] | None = None,
    log: Callable[[str], None] | None = None,
) -> BuildStats:
    """Build the book of every position from ``root`` up to ``depth`` discs into ``out``.

    ``below``: a book of the root's board (a Book or a path, naming a file every worker
    can open; SHIPPED, the default, which serves the 7 x 6 board only; or None). Every
    position it holds takes its score from it, unsearched; the workers search with it,
    so that the scores of the deepest positions' parents bound theirs from below, which
    makes them cheaper to solve (28 % fewer nodes on the 10-disc layer with a 9-disc
    book). It must be right: the book built on it is no better.

    Resumes from ``out``.partial; KeyboardInterrupt leaves it there (every finished task
    is in it) and stops the executor's work.
    """
    stats = BuildStats()
    start = time.monotonic()
    out = Path(out)
    layers = plan(root, depth)
    known, below = _book_of_board(below, root)
    stats.layers = [len(layer) for layer in layers]
    leaves = layers[-1]
    checkpoint = Path(str(out) + ".partial")
    board = (root.width, root.height, root.inarow)
    header = _header(root, leaves[0].ply)
    done = _read_checkpoint(checkpoint, header, stats)
    if not done:
        checkpoint.write_text(json.dumps(header) + "\n", encoding="utf-8")
    stats.resumed = len(done)
    if log and done:
        log(f"Continuing from {checkpoint}: {len(done)} of {len(leaves)} positions solved.")
    from_book = _held(known, (g for g in leaves if g.moves not in done))
    stats.from_book = len(from_book)
    done.update(from_book)
    todo = [g.moves for g in leaves if g.moves not in done]
    tasks = [todo[i : i + task_size] for i in range(0, len(todo), task_size)]
    if progress:
        progress(len(done), len(leaves))

    # On KeyboardInterrupt the futures are left alone: cancelling a process pool's futures
    # while its workers are being stopped makes the pool's own thread fail on them. The
    # caller stops the workers (stop_workers).
    pending: dict[Future[tuple[list[int], float]], list[str]] = {}
    with checkpoint.open("a", encoding="utf-8") as f:
        f.write("# run\n")
        queue = iter(tasks)
        # Keep a few tasks per worker in flight, not all: Ctrl-C then has little to cancel.
        in_flight = 4 * max(1, getattr(executor, "_max_workers", 2))
        for task in _take(queue, in_flight):
            pending[executor.submit(solve_task, task, table_mb, below, *board)] = task
        while pending:
            finished, _ = wait(pending, return_when=FIRST_COMPLETED)
            for fut in finished:
                task = pending.pop(fut)
                scores, cpu = fut.result()
                stats.task_cpu_seconds += cpu
                for moves, score in zip(task, scores, strict=True):
                    done[moves] = score
                f.write("".join(f"{m} {s}\n" for m, s in zip(task, scores, strict=True)) +
                        f"# task {len(task)} cpu {cpu:.6f} wall {time.monotonic() - start:.3f}\n")
                f.flush()
                os.fsync(f.fileno())
                stats.solved += len(task)
                for nxt in _take(queue, 1):
                    pending[executor.submit(solve_task, nxt, table_mb, below, *board)] = nxt
            if progress:
                progress(len(done), len(leaves))

    entries = _with_parents(layers, done, known)
    write(entries, depth=leaves[0].ply, path=out, width=root.width, height=root.height, inarow=root.inarow)
    checkpoint.unlink()
    stats.entries = len(entries)
    stats.wall_seconds = time.monotonic() - start
    return stats


def _header(root: Game, depth: int) -> dict[str, object]:
    """The first line of a build's checkpoint, which says what build it belongs to."""
    header: dict[str, object] = {"link4-book": CHECKPOINT_VERSION, "root": root.moves, "depth": depth,
                                 "board": f"{root.width}x{root.height}"}
    if root.inarow != INAROW:  # (a Connect Four build's header reads as it always has)
        header["inarow"] = root.inarow
    return header


def _book_of_board(below: BookChoice, root: Game) -> tuple[Book | None, BookChoice]:
    """The book ``below`` names, if it is of the root's board (the shipped book is of
    7 x 6 only), and the same as the workers get it (SHIPPED or a path; None for no
    book). ValueError for a Book that is no file (the workers could not open it),
    SizeMismatchError for a book of another board, BookError for no sound book."""
    source = BookSource.of(below)
    if source.for_board(root.width, root.height, root.inarow) is None:
        return None, None
    book = source.book
    assert book is not None
    if source.shipped:
        return book, SHIPPED
    if book.path is None:
        raise ValueError("the book must be a file that the workers can open")
    return book, book.path


def _held(book: Book | None, positions: Iterable[Game]) -> dict[str, int]:
    """The scores that ``book`` holds of ``positions``, by their moves."""
    if book is None:
        return {}
    scores = {}
    for game in positions:
        score = book.get(game)
        if score is not None:
            scores[game.moves] = score
    return scores


def _with_parents(
    layers: list[list[Game]], leaf_scores: dict[str, int], known: Book | None
) -> dict[int, int]:
    """Every entry of the book: the leaves' scores, and each shallower layer's from the
    ``known`` book where it holds them, else from the layer below, by searches that find
    every child in the book of the layers below."""
    entries = {canonical_key(g): leaf_scores[g.moves] for g in layers[-1]}
    deeper = dict(entries)
    root = layers[0][0]
    for layer in reversed(layers[:-1]):
        held = _held(known, layer)
        book = Book.from_entries(deeper, depth=layer[0].ply + 1, width=root.width, height=root.height,
                                 inarow=root.inarow)
        solver = Solver(16, book=book)
        deeper = {canonical_key(g): held[g.moves] if g.moves in held else solver.solve(g) for g in layer}
        entries.update(deeper)
    return entries


# Entries checked against their children per call into the engine (a few ms each).
_CHECK_CHUNK = 20_000


def disagreements(
    book: Book, progress: Callable[[int, int], None] | None = None
) -> list[tuple[str, int, int | None]]:
    """Check every entry with fewer discs than the book's depth against its children:
    its score must be the best of its moves, each valued from the book (or from the end
    of the game it makes). Returns (moves, the book's score, the children's score or
    None when a child is missing from the book) for each entry that fails.

    With this, the book is right as soon as its deepest positions are: those are the
    ones a sample re-solved without the book has to check. ``progress(done, total)``
    counts entries."""
    wrong: list[tuple[str, int, int | None]] = []
    total = len(book)
    for begin in range(0, total, _CHECK_CHUNK):
        end = min(total, begin + _CHECK_CHUNK)
        for i, children in book._core.disagreements(begin, end):
            game, score = book.entry(i)
            wrong.append((game.moves, score, children))
        if progress:
            progress(end, total)
    return wrong


def leaves(book: Book) -> list[int]:
    """The indices of the entries with the book's depth in discs."""
    return [i for i, (ply, _) in enumerate(book.plies_and_scores()) if ply == book.depth]


def _take(queue: Iterable[list[str]], n: int) -> list[list[str]]:
    it = iter(queue)
    taken = []
    for _ in range(n):
        try:
            taken.append(next(it))
        except StopIteration:
            break
    return taken


def stop_workers(executor: Executor) -> None:
    """Stop a process pool's workers at once (they may be in the middle of a search)."""
    terminate = getattr(executor, "terminate_workers", None)  # Python 3.14+
    if terminate is not None:
        terminate()
        return
    processes = getattr(executor, "_processes", None) or {}
    for p in list(processes.values()):
        p.terminate()
    executor.shutdown(wait=False)
