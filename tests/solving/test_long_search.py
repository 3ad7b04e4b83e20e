"""Long searches: progress reports, checkpoints, and solves stopped and resumed.

A report is a claim about the position (its score's bounds, each column's): every one
is checked against the exact values. A checkpoint must give back what the search had
proven and nothing else: a solve stopped and resumed several times ends on the score
of an uninterrupted one, at no more than 1.2 times its nodes, and a damaged or foreign
file is refused whole.
"""

from __future__ import annotations

import itertools
import json
import os
import signal
import subprocess
import sys
import time
import zlib
from pathlib import Path

import pytest

import link4
from link4 import CheckpointError, SearchProgress, _core

# One position of each kind of table (packed, wide with 64-bit keys, with 128-bit keys),
# each a second or less of search.
POSITIONS = [
    ("77111372", 7, 6),
    ("1226355413779698", 9, 5),
    ("325288874281771854261111", 8, 7),
    ("23764486176783761138636487", 8, 8),
]
IDS = [f"{w}x{h}" for _, w, h in POSITIONS]
# Under CI's sanitizers one position of each test is enough: the others run the same
# compiled code again, for seconds each.
EACH_POSITION = [
    pytest.param(*position, id=name, marks=[pytest.mark.heavy] if n else [])
    for n, (position, name) in enumerate(zip(POSITIONS, IDS, strict=True))
]


# The score of the 7x6 position "44", as the tests below solve it in parts.
SCORE_OF_44 = 1


def solver(width: int, height: int, threads: int = 1) -> link4.Solver:
    return link4.Solver(table_mb=16, book=None, width=width, height=height, threads=threads)


# A position of Begin-Hard whose score guess (the first probes' costs) the checkpoint
# must keep: measured again from the table by a resumed search, the guess went
# elsewhere, and its probes cost 26 % more (the score with the best moves, stopped
# half-way).
GUESSED = pytest.param("54431", 7, 6, id="7x6-guessed")


@pytest.mark.parametrize(("moves", "width", "height"), [*EACH_POSITION, GUESSED])
@pytest.mark.parametrize("score_only", [True, False], ids=["score", "best-moves"])
def test_a_solve_stopped_and_resumed_several_times_ends_on_the_same_score(
    moves: str, width: int, height: int, score_only: bool, tmp_path: Path
) -> None:
    whole = solver(width, height).search(moves, score_only=score_only)
    nodes = whole.nodes
    path = tmp_path / "solve.ckpt"
    step = nodes // 5
    r = solver(width, height).search(moves, score_only=score_only, node_limit=step, checkpoint=path)
    runs = [r]
    while r.stopped_by is not None:
        # Each run a new solver, as after a killed process: all it knows is the file.
        r = link4.resume(path, book=None, node_limit=step)
        runs.append(r)
    assert r.exact and r.score == whole.score
    if not score_only:
        assert r.best_moves == whole.best_moves
    resumes = len(runs) - 1
    assert resumes >= 4
    found = link4.read_checkpoint(path)
    want = "score" if score_only else "ties"
    assert (found.lower, found.upper, found.moves, found.want) == (whole.score, whole.score, moves, want)
    assert found.nodes == sum(run.nodes for run in runs)
    # On one thread the resumed runs search what the whole one did: what they repeat is
    # the root's probes and the line each stop left, a table probe each.
    assert nodes <= found.nodes <= nodes + 100 * resumes, f"{found.nodes:,} resumed against {nodes:,} whole"


def test_a_checkpoint_keeps_what_the_score_guess_learnt(tmp_path: Path) -> None:
    moves, width, height = "54431", 7, 6
    costs = []
    for limit in (100_000, 1_000_000):
        path = tmp_path / f"{limit}.ckpt"
        solver(width, height).search(moves, node_limit=limit, checkpoint=path)
        costs.append(_core.checkpoint_header(str(path))["probe_costs"])
    # The first probes on each side of 0 are over within 100,000 nodes; their costs
    # are what they are, whenever the checkpoint is written.
    assert costs[0] == costs[1] and min(costs[0]) > 0 and sum(costs[0]) < 100_000
    path = tmp_path / "early.ckpt"
    solver(width, height).search(moves, node_limit=10, checkpoint=path)
    assert _core.checkpoint_header(str(path))["probe_costs"] == (0, 0)  # none made yet


def test_a_checkpoint_of_the_first_format_is_resumed(tmp_path: Path) -> None:
    # Version 1 wrote no probe costs: its header ends at byte 48, before the note.
    moves, width, height = POSITIONS[0]
    score = solver(width, height).solve(moves)
    path = tmp_path / "v2.ckpt"
    solver(width, height).search(moves, score_only=True, node_limit=50_000, checkpoint=path)
    data = bytearray(path.read_bytes())
    assert int.from_bytes(data[8:10], "little") == _core.CHECKPOINT_VERSION == 2
    data[8:10] = (1).to_bytes(2, "little")
    del data[48:64]
    data[-4:] = zlib.crc32(bytes(data[:-4])).to_bytes(4, "little")
    old = tmp_path / "v1.ckpt"
    old.write_bytes(bytes(data))
    record = _core.checkpoint_header(str(old))
    assert record["probe_costs"] == (0, 0) and record["nodes"] == 50_000
    assert link4.resume(old, book=None).score == score
    assert _core.checkpoint_header(str(old))["probe_costs"] != (0, 0)  # written anew, as version 2


def test_every_bound_a_stopped_search_wrote_holds(tmp_path: Path) -> None:
    moves, width, height = POSITIONS[0]
    exact = solver(width, height).solve(moves)
    path = tmp_path / "solve.ckpt"
    for limit in (1_000, 30_000, 300_000):
        solver(width, height).search(moves, score_only=True, node_limit=limit, checkpoint=path)
        found = link4.read_checkpoint(path)
        assert found.lower <= exact <= found.upper
        assert found.nodes == limit


def test_a_resumed_search_for_the_best_moves_gives_them_all(tmp_path: Path) -> None:
    moves, width, height = POSITIONS[0]
    whole = solver(width, height).search(moves)
    path = tmp_path / "ties.ckpt"
    r = solver(width, height).search(moves, node_limit=whole.nodes // 4, checkpoint=path)
    while r.stopped_by is not None:
        r = link4.resume(path, book=None, node_limit=whole.nodes // 4)
    assert (r.score, r.best_moves) == (whole.score, whole.best_moves)


def test_threads_resume_what_one_thread_began(tmp_path: Path) -> None:
    moves, width, height = POSITIONS[2]
    score = solver(width, height).solve(moves)
    path = tmp_path / "solve.ckpt"
    solver(width, height).search(moves, score_only=True, node_limit=50_000, checkpoint=path)
    assert link4.resume(path, book=None, threads=2).score == score


def reports_of(moves: str, width: int, height: int, **kwargs: object) -> tuple[int, list[SearchProgress]]:
    reports: list[SearchProgress] = []
    s = solver(width, height)
    score = s.solve(moves, progress=reports.append, progress_every=1e-4, **kwargs)  # type: ignore[arg-type]
    return score, reports


@pytest.mark.parametrize(("moves", "width", "height"), EACH_POSITION)
def test_every_progress_report_tells_the_truth(moves: str, width: int, height: int) -> None:
    score, reports = reports_of(moves, width, height)
    assert len(reports) >= 5
    values = solver(width, height).analyze(moves)
    for before, after in itertools.pairwise(reports):
        assert before.seconds <= after.seconds and before.nodes <= after.nodes
    for p in reports:
        assert p.lower <= score <= p.upper
        assert len(p.columns) == width
        for col, (bounds, value) in enumerate(zip(p.columns, values, strict=True)):
            assert (bounds is None) == (value is None), col
            if bounds is not None:
                assert bounds[0] <= value <= bounds[1], (p, col)  # type: ignore[operator]
        assert all(p.columns[c][0] == values[c] for c in p.settled)  # type: ignore[index]
    assert reports[-1].nodes <= solver(width, height).search(moves, score_only=True).nodes
    assert reports[-1].nodes_per_second > 0


@pytest.mark.parametrize(("moves", "width", "height"), EACH_POSITION[:2])
def test_an_analysis_reports_each_columns_bounds_as_proven(moves: str, width: int, height: int) -> None:
    reports: list[SearchProgress] = []
    values = solver(width, height).analyze(moves, progress=reports.append, progress_every=1e-4)
    assert len(reports) >= 5
    settled_before: set[int] = set()
    for p in reports:
        assert p.lower <= max(v for v in values if v is not None) <= p.upper  # type: ignore[type-var]
        for bounds, value in zip(p.columns, values, strict=True):
            assert (bounds is None) == (value is None)
            if bounds is not None:
                assert bounds[0] <= value <= bounds[1]  # type: ignore[operator]
        assert settled_before <= set(p.settled)  # what is proven stays proven
        settled_before = set(p.settled)


def test_reports_count_every_threads_nodes() -> None:
    moves, width, height = "44", 7, 6
    reports: list[SearchProgress] = []
    s = solver(width, height, threads=2)
    score = s.solve(moves, progress=reports.append, progress_every=0.05)
    assert reports and score == 1
    for before, after in itertools.pairwise(reports):
        assert before.nodes <= after.nodes
    assert reports[-1].nodes <= s.nodes  # the search's total, both threads'
    assert reports[-1].lower <= score <= reports[-1].upper


def test_a_progress_callback_that_raises_stops_the_search_and_the_checkpoint_is_written(
    tmp_path: Path,
) -> None:
    moves, width, height = "44", 7, 6
    path = tmp_path / "stopped.ckpt"

    class Enough(Exception):
        pass

    def stop(p: SearchProgress) -> None:
        if p.nodes > 200_000:
            raise Enough(p.nodes)

    s = solver(width, height)
    with pytest.raises(Enough):
        s.solve(moves, progress=stop, progress_every=1e-4, checkpoint=path)
    found = link4.read_checkpoint(path)
    assert 200_000 < found.nodes < 1_000_000 and not found.exact
    assert link4.resume(path, book=None).score == SCORE_OF_44
    assert s.solve("4455") == 18  # the solver is usable again


def test_checkpoints_are_written_as_the_search_goes(tmp_path: Path) -> None:
    path = tmp_path / "often.ckpt"
    seen: list[int] = []

    class Enough(Exception):
        pass

    def look(p: SearchProgress) -> None:
        if path.exists():
            seen.append(link4.read_checkpoint(path).nodes)
        if len(set(seen)) >= 3:  # several checkpoints, each read whole while the search ran
            raise Enough

    with pytest.raises(Enough):
        solver(7, 6).solve("44", progress=look, progress_every=0.02, checkpoint=path, checkpoint_every=0.1)
    assert not (tmp_path / "often.ckpt.part").exists()
    assert not link4.read_checkpoint(path).exact  # the last one, as the search stopped


def damaged(path: Path, at: int, value: bytes | None) -> Path:
    """The file at `path` with `value` written at `at` (None: the byte there inverted,
    for bytes that differ from file to file, such as the checksum)."""
    data = bytearray(path.read_bytes())
    at %= len(data)
    if value is None:
        value = bytes([data[at] ^ 0xFF])
    assert data[at : at + len(value)] != value
    data[at : at + len(value)] = value
    out = path.with_name(f"damaged-{at}.ckpt")
    out.write_bytes(bytes(data))
    return out


@pytest.fixture(scope="module")
def a_checkpoint(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("ckpt") / "good.ckpt"
    solver(7, 6).search("44", score_only=True, node_limit=20_000, checkpoint=path)
    return path


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda p: damaged(p, 0, b"X"), "is not a link4 checkpoint"),
        (lambda p: damaged(p, 8, b"\x07"), "of another format version"),
        (lambda p: damaged(p, 16, b"\x01\x02\x03\x04\x05\x06\x07\x08"), "other byte order"),
        (lambda p: damaged(p, 10, b"\x06"), "is damaged"),  # its header and record disagree
        (lambda p: damaged(p, 4096, b"\xff\xfe"), "is damaged"),
        (lambda p: damaged(p, -1, None), "is damaged"),
        (lambda p: damaged(p, 45, b"\xff\xff\xff"), "is damaged"),  # a note of 4 GB
    ],
    ids=["magic", "version", "byte-order", "board", "table", "checksum", "note-length"],
)
def test_a_damaged_checkpoint_is_refused(a_checkpoint: Path, change, message: str) -> None:  # type: ignore[no-untyped-def]
    bad = change(a_checkpoint)
    with pytest.raises(CheckpointError, match=message):
        link4.resume(bad, book=None)


def test_a_cut_checkpoint_is_refused(a_checkpoint: Path, tmp_path: Path) -> None:
    data = a_checkpoint.read_bytes()
    for keep in (0, 5, 47, 63, 100, len(data) // 2, len(data) - 1):
        cut = tmp_path / f"cut-{keep}.ckpt"
        cut.write_bytes(data[:keep])
        with pytest.raises(CheckpointError, match=r"cut short|is not a link4 checkpoint"):
            link4.resume(cut, book=None)
    longer = tmp_path / "longer.ckpt"
    longer.write_bytes(data + b"\0")
    with pytest.raises(CheckpointError, match="is damaged"):
        link4.resume(longer, book=None)


def test_a_foreign_checkpoint_is_refused(a_checkpoint: Path, tmp_path: Path) -> None:
    other_board = _core.Solver(16 << 20, 1, None, width=6, height=7)
    with pytest.raises(CheckpointError, match="another board size"):
        other_board.load_checkpoint(str(a_checkpoint))
    with pytest.raises(CheckpointError, match="cannot be read"):
        link4.read_checkpoint(tmp_path / "missing.ckpt")
    with pytest.raises(CheckpointError, match="cannot be written"):
        solver(7, 6).solve("44", checkpoint=tmp_path / "no-such-folder" / "x.ckpt")


def test_a_checkpoint_whose_record_is_not_ours_is_refused(tmp_path: Path) -> None:
    # A whole, sound file whose note is not the record of a search.
    core = _core.Solver(16 << 20, 1, None, width=7, height=6)
    path = tmp_path / "odd.ckpt"
    core.save_checkpoint(str(path), b"not json", -1, 1, 5, 0.5)
    with pytest.raises(CheckpointError, match="not the checkpoint of a link4 search"):
        link4.read_checkpoint(path)
    core.save_checkpoint(str(path), json.dumps({"format": "link4 search", "moves": "44", "width": 6,
                                                "height": 7, "weak": False, "want": "score"}).encode(),
                         -1, 1, 5, 0.5)
    with pytest.raises(CheckpointError, match="is damaged"):  # its header's board is 7 x 6
        link4.read_checkpoint(path)


def test_a_table_that_failed_to_load_is_left_empty(a_checkpoint: Path, tmp_path: Path) -> None:
    data = bytearray(a_checkpoint.read_bytes())
    data[-1] ^= 1
    bad = tmp_path / "bad.ckpt"
    bad.write_bytes(bytes(data))
    core = _core.Solver(64 << 20, 1, None, width=7, height=6)
    fresh = _core.Solver(64 << 20, 1, None, width=7, height=6)
    pos = _core.Position.from_moves("4455", 7, 6)
    with pytest.raises(CheckpointError):
        core.load_checkpoint(str(bad))
    assert core.solve(pos, False) == fresh.solve(pos, False)  # the same nodes: nothing kept


def with_near_table_of(path: Path, words: int, out: Path) -> Path:
    """The checkpoint at `path` with its near-end table (its second) replaced by an empty
    one of `words` words, as a build with another size for that table would write it."""
    data = path.read_bytes()
    main_at = 64 + int.from_bytes(data[44:48], "little")  # after the header and the note
    near_at = main_at + 16 + 8 * int.from_bytes(data[main_at : main_at + 8], "little")
    last_at = near_at + 16 + 8 * int.from_bytes(data[near_at : near_at + 8], "little")
    body = (data[:near_at] + words.to_bytes(8, "little") + data[near_at + 8 : near_at + 16]
            + bytes(8 * words) + data[last_at:-4])
    out.write_bytes(body + zlib.crc32(body).to_bytes(4, "little"))
    return out


def test_a_near_end_table_of_another_size_moves_into_the_solvers(a_checkpoint: Path, tmp_path: Path) -> None:
    # The near-end table's size depends on the build and on the main table's (it grows
    # with tables of a GB or more): the solver keeps its own, and takes the file's
    # entries into it (tests of every table kind's move below).
    smaller = with_near_table_of(a_checkpoint, 1 << 17, tmp_path / "smaller.ckpt")
    assert link4.resume(smaller, book=None).score == SCORE_OF_44
    # No table has a size that is not a power of two of entries.
    odd = with_near_table_of(a_checkpoint, 3 << 16, tmp_path / "odd.ckpt")
    with pytest.raises(CheckpointError, match="holds a table of another kind or of no size"):
        link4.resume(odd, book=None)


def children(moves: str, width: int, height: int) -> list[_core.Position]:
    """The positions one move after `moves` that are not over."""
    found = []
    for column in range(1, width + 1):
        try:
            p = _core.Position.from_moves(f"{moves}{column}", width, height)
        except ValueError:  # a full column
            continue
        if not p.is_over():
            found.append(p)
    return found


@pytest.mark.parametrize(("moves", "width", "height"), EACH_POSITION)
def test_a_table_of_another_size_takes_the_checkpoints_entries(
    moves: str, width: int, height: int, tmp_path: Path
) -> None:
    # A table resumed at another size holds the file's entries where its own probes look
    # for them (the root's answer costs a probe, as at the same size), and no entry
    # anywhere else: every child gets its exact score (their searches look up the
    # positions the file's search stored).
    pos = _core.Position.from_moves(moves, width, height)
    written = _core.Solver(16 << 20, 1, None, width=width, height=height)
    score, nodes = written.solve(pos, False)
    path = tmp_path / "solved.ckpt"
    written.save_checkpoint(str(path), b"", score, score, nodes, 1.0)
    below = children(moves, width, height)
    exact = [written.solve(p, False)[0] for p in below]
    for table_mb in (4, 16, 64):
        resumed = _core.Solver(table_mb << 20, 1, None, width=width, height=height)
        resumed.load_checkpoint(str(path))
        again, cost = resumed.solve(pos, False)
        assert again == score and cost < 100 < nodes // 100, table_mb
        assert [resumed.solve(p, False)[0] for p in below] == exact, table_mb


def test_a_failed_load_leaves_the_near_end_table_at_its_size(a_checkpoint: Path, tmp_path: Path) -> None:
    data = bytearray(with_near_table_of(a_checkpoint, 1 << 14, tmp_path / "smaller.ckpt").read_bytes())
    data[-1] ^= 1
    bad = tmp_path / "bad.ckpt"
    bad.write_bytes(bytes(data))
    core = _core.Solver(16 << 20, 1, None, width=7, height=6)
    fresh = _core.Solver(16 << 20, 1, None, width=7, height=6)
    pos = _core.Position.from_moves("4343", 7, 6)  # 3.7 M nodes, more with a smaller near-end table
    with pytest.raises(CheckpointError, match="is damaged"):
        core.load_checkpoint(str(bad))
    assert core.solve(pos, False) == fresh.solve(pos, False)  # a smaller near-end table: other nodes


@pytest.mark.heavy  # a child process searching for seconds: what it checks is the file it leaves
def test_a_killed_solve_resumes_from_its_last_checkpoint(tmp_path: Path) -> None:
    path = tmp_path / "killed.ckpt"
    child = subprocess.Popen(
        [sys.executable, "-m", "link4", "solve", "--book", "none", "--checkpoint", str(path),
         "--checkpoint-every", "0.1", "44"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 60
        while not path.exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(0.2)
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()
    found = link4.read_checkpoint(path)
    assert not found.exact and found.nodes > 0
    assert link4.resume(path, book=None, threads=2).score == solver(7, 6).solve("44")


def test_intervals_are_checked() -> None:
    with pytest.raises(ValueError, match="progress_every must be a number of seconds above 0"):
        solver(7, 6).solve("44", progress=print, progress_every=0)
    with pytest.raises(ValueError, match="checkpoint_every must be a number of seconds above 0"):
        solver(7, 6).solve("44", checkpoint=os.devnull, checkpoint_every=-1)
