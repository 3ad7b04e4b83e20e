"""The opening book: its file format, lookups, the solver using it, building and verifying."""

from __future__ import annotations

import json
import os
import random
import re
import signal
import subprocess
import sys
import time
import zlib
from collections.abc import Callable
from pathlib import Path

import pytest

import link4
from link4 import Book, BookError, Game, Solver
from link4.book import canonical_key, write
from link4.commands import _bookbuild
from link4.game import core_position
from tests.support.pons import load_pons

# A middle-game root: the books below hold its subtree, which takes seconds to build.
ROOT = "4453443355"


def cli(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "link4", "book", *args], capture_output=True,
                          text=True, timeout=600, cwd=cwd)


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A book of every position from ROOT up to 15 discs, built on two workers."""
    out = tmp_path_factory.mktemp("book") / "b.l4b"
    p = cli("build", "--depth", "15", "--root", ROOT, "--out", str(out), "--workers", "2",
            "--task-size", "16", "--table-mb", "8")
    assert p.returncode == 0, p.stderr
    assert "Positions per layer: 1 7 49 216 996 3225" in p.stdout
    return out


def key(moves: str) -> int:
    return canonical_key(moves)


def test_lookup_covers_mirror_images_and_depth(tmp_path: Path) -> None:
    path = tmp_path / "tiny.l4b"
    write({key("4455"): 18, key("44"): 1}, depth=4, path=path)
    book = Book.open(path)
    assert (len(book), book.depth) == (2, 4)
    assert book.get("4455") == 18 and book.get("4433") == 18  # the mirror image
    assert book.get(Game("44")) == 1 and book.get("45") is None
    assert "4455" in book and "45" not in book
    # Each entry comes back as the member of its mirror pair with the smaller key.
    assert sorted((g.moves, s) for g, s in book.entries()) == [("3344", 18), ("44", 1)]
    assert repr(book) == f"<link4.Book {str(path)!r}: 2 positions, depth 4>"
    # Entries by index, as in a list: negative ones from the end, others refused.
    assert [(g.moves, s) for g, s in (book.entry(0), book.entry(-1))] == [("44", 1), ("3344", 18)]
    for index in (2, -3):
        with pytest.raises(IndexError, match=f"no entry {index} in a book of 2 entries"):
            book.entry(index)
    with pytest.raises(TypeError, match="index is an int"):
        book.entry(True)


def corrupt(data: bytes, at: int, value: int | None = None) -> bytes:
    b = bytearray(data)
    b[at] = (b[at] ^ 0x40) if value is None else value
    return bytes(b)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: corrupt(d, len(d) - 1), "corrupt (its checksum"),
        (lambda d: corrupt(d, 40), "corrupt (its checksum"),
        (lambda d: d[:-1], "cut short"),
        (lambda d: d[:20], "cut short"),
        (lambda d: b"", "not a link4 book"),
        (lambda d: b"PK\x03\x04" + d[4:], "not a link4 book"),
        (lambda d: corrupt(d, 8, 3), "another format version"),
        (lambda d: corrupt(d, 10, 3), "another board size"),  # 3 columns: no size link4 plays
    ],
)
def test_a_damaged_file_gives_book_error(tmp_path: Path, change: object, message: str) -> None:
    data = Book.from_entries({key("4455"): 18, key("44"): 1, key("4"): 1}, depth=4).to_bytes()
    path = tmp_path / "bad.l4b"
    path.write_bytes(change(data))  # type: ignore[operator]
    with pytest.raises(BookError, match=message.replace("(", r"\(")):
        Book.open(path)
    with pytest.raises(ValueError, match=message.replace("(", r"\(")):  # a BookError is a ValueError
        Solver(book=path)


# The file of a book of "44" (score 1) and "4455" (score 18) with at most 4 discs, byte by
# byte as docs/book.md draws it: a change to the format must change this test too.
TINY_BOOK = bytes.fromhex(
    "4c494e4b34424b00"  # magic "LINK4BK\0"
    "0200070604000000"  # version 2, width 7, height 6, depth 4, reserved
    "0200000000000000"  # 2 entries
    "c341b75b00000000"  # CRC-32 of bytes 8 to 23 and the payload, reserved
    "0000800000000000"  # the keys, increasing: "44"
    "0000810000000000"  # "4455" (as "3344", its mirror image, the canonical one)
    "0112"  # the scores: 1, 18
)
# The same book in version 1, the 7x6 books' first format (the shipped book's): the same
# bytes but the version, and a CRC-32 of the payload alone.
TINY_BOOK_V1 = TINY_BOOK[:8] + b"\x01" + TINY_BOOK[9:24] + bytes.fromhex("f4e7d54e") + TINY_BOOK[28:]


def test_a_tiny_book_has_the_pinned_bytes(tmp_path: Path) -> None:
    book = Book.from_entries({key("4455"): 18, key("44"): 1}, depth=4)
    assert book.to_bytes() == TINY_BOOK
    assert book.version == 2
    assert [(g.moves, s) for g, s in Book.from_bytes(TINY_BOOK).entries()] == [("44", 1), ("3344", 18)]
    write({key("44"): 1, key("4455"): 18}, depth=4, path=tmp_path / "b.l4b")
    assert (tmp_path / "b.l4b").read_bytes() == TINY_BOOK
    again = Book.open(tmp_path / "b.l4b")
    assert (again.version, again.depth, len(again), again.get("4455")) == (2, 4, 2, 18)
    assert again.to_bytes() == TINY_BOOK
    # The same file with its two keys swapped (and the checksum made right again).
    payload = TINY_BOOK[40:48] + TINY_BOOK[32:40] + TINY_BOOK[48:]
    crc = zlib.crc32(payload, zlib.crc32(TINY_BOOK[8:24]))
    swapped = TINY_BOOK[:24] + crc.to_bytes(4, "little") + TINY_BOOK[28:32] + payload
    with pytest.raises(BookError, match="out of order"):
        Book.from_bytes(swapped)


def test_a_first_format_book_is_still_read() -> None:
    old = Book.from_bytes(TINY_BOOK_V1)
    assert old.version == 1
    assert [(g.moves, s) for g, s in old.entries()] == [("44", 1), ("3344", 18)]
    assert old.to_bytes() == TINY_BOOK  # written again in the new format
    # Version 1 checksummed the payload alone: a version 1 header with the new checksum,
    # or a new header with the old one, is corrupt.
    for damaged in (TINY_BOOK_V1[:24] + TINY_BOOK[24:], TINY_BOOK[:24] + TINY_BOOK_V1[24:]):
        with pytest.raises(BookError, match="checksum"):
            Book.from_bytes(damaged)
    # Version 1 is for the 7x6 board only.
    other = bytearray(TINY_BOOK_V1)
    other[10] = 6
    with pytest.raises(BookError, match="another board size"):
        Book.from_bytes(bytes(other))


def test_the_shipped_book_is_of_the_first_format() -> None:
    book = link4.book.default_book()
    assert book is not None and book.path is not None
    data = Path(book.path).read_bytes()
    assert data[8:12] == bytes([1, 0, 7, 6])  # version 1, 7x6
    assert (book.version, book.width, book.height) == (1, 7, 6)


def test_entries_must_be_canonical_positions_within_the_depth(tmp_path: Path) -> None:
    with pytest.raises(BookError, match="off the scale"):
        Book.from_entries({key("44"): 22}, depth=4)
    with pytest.raises(BookError, match="off the scale"):
        Book.from_entries({key("4455"): 18}, depth=3)  # deeper than the book
    mirrored = core_position(Game("4455")).key()  # not the canonical one of the pair
    assert mirrored != key("4455")
    with pytest.raises(BookError, match="out of order"):
        Book.from_entries({mirrored: 18}, depth=4)
    with pytest.raises(BookError, match="cannot read the book"):
        Book.open(tmp_path / "missing.l4b")


def test_the_checksum_is_zlibs_crc32() -> None:
    for data in [b"", b"link4", bytes(range(256)) * 3]:
        assert link4._core.crc32(data) == zlib.crc32(data)
    # Eight bytes a step, then the rest one at a time: every length of tail, every
    # byte value in every place of a step.
    data = random.Random(4).randbytes(4096)
    for n in [*range(40), 1000, 4095, 4096]:
        assert link4._core.crc32(data[:n]) == zlib.crc32(data[:n]), n


def test_the_solver_answers_book_positions_at_once_and_the_same(built: Path) -> None:
    book = Book.open(built)
    with_book, without = Solver(table_mb=16, book=book), Solver(table_mb=16, book=None)
    assert with_book.book is book and without.book is None
    assert with_book.solve(ROOT) == without.solve(ROOT) == 15 and with_book.nodes == 0
    assert with_book.analyze(ROOT) == without.analyze(ROOT)
    assert with_book.search(ROOT).best_moves == without.search(ROOT).best_moves
    for game, score in list(book.entries())[::997]:
        assert without.solve(game) == score
        assert with_book.solve(game) == score
        assert with_book.best_move(game) == without.best_move(game)
    assert Solver(table_mb=16, book=str(built)).solve(ROOT) == 15
    assert link4.search_many([ROOT], book=book, table_mb=8)[0].score == 15  # type: ignore[union-attr]
    with pytest.raises(TypeError, match="book must be"):
        Solver(book=3)  # type: ignore[arg-type]


def test_a_book_position_is_searched_for_its_best_move_only(built: Path) -> None:
    # The book gives the score of a position it holds, so a search there only looks for
    # the columns worth it: fewer nodes, the same answer, and honest when a limit stops it.
    book = Book.open(built)
    with_book, without = Solver(table_mb=16, book=book), Solver(table_mb=16, book=None)
    for game, score in list(book.entries())[::499]:
        if game.ply == book.depth:
            continue  # its children are not in the book (see the next test)
        values = without.analyze(game)
        full = with_book.search(game)
        assert full.exact and full.score == score
        assert full.best_moves == tuple(c for c in link4.CENTRE_ORDER if values[c] == score)
        for limit in (1, 30, 200):
            r = with_book.search(game, node_limit=limit)
            assert r.lower <= score <= r.upper
            assert values[r.best_move] is not None and values[r.best_move] >= r.lower
            if r.exact:
                assert values[r.best_move] == score


def test_the_parents_in_the_book_bound_a_position_just_past_it(built: Path) -> None:
    # A position with one disc more than the book's depth scores at least minus each of
    # its parents' scores (its solve and search start there), and the columns of a
    # deepest book position are capped by their children's parents: the same answers
    # as without the book, in fewer nodes.
    book = Book.open(built)
    with_book, without = Solver(table_mb=16, book=book), Solver(table_mb=16, book=None)
    deepest = [game for game, _ in book.entries() if game.ply == book.depth][::80]
    past = []
    for game in deepest:
        for col in game.legal_moves():
            child = game.copy()
            child.play(col)
            if not child.is_over():
                past.append(child)
    assert len(deepest) == 41 and len(past) == 261
    nodes = {with_book: 0, without: 0}
    for solver in nodes:
        for game in past:
            solver.clear()
            solver.solve(game)
            nodes[solver] += solver.nodes
            solver.clear()
            solver.search(game)
            nodes[solver] += solver.nodes
        for game in deepest:
            solver.clear()
            solver.analyze(game)
            nodes[solver] += solver.nodes
    assert nodes[with_book] < 0.8 * nodes[without]
    for game in past:
        assert with_book.solve(game) == without.solve(game)
        assert with_book.solve(game, weak=True) == without.solve(game, weak=True)
        full = with_book.search(game)
        assert (full.score, full.best_moves) == (without.search(game).score, without.search(game).best_moves)
        assert with_book.search(game, weak=True).score == without.solve(game, weak=True)
    for game in deepest:
        assert with_book.analyze(game) == without.analyze(game)
        assert with_book.analyze(game, weak=True) == without.analyze(game, weak=True)
        assert with_book.search(game).best_moves == without.search(game).best_moves


def test_verify_and_info(built: Path) -> None:
    p = cli("verify", str(built), "--sample", "60", "--seed", "3")
    assert p.returncode == 0, p.stderr
    assert p.stdout.splitlines() == [
        "1269 positions with fewer than 15 discs checked against their children: 0 wrong.",
        "60 positions verified (seed 3): 0 wrong.",
    ]
    assert "(seed 3)" in p.stderr
    p = cli("verify", str(built), "--sample", "5", "--seed", "4", "--leaves")
    assert p.returncode == 0, p.stderr
    assert p.stdout.splitlines()[1] == "5 positions verified (seed 4): 0 wrong."
    assert "of 3225 positions with 15 discs" in p.stderr
    p = cli("info", str(built))
    assert p.returncode == 0 and "depth 15, 4494 positions, 40478 bytes, checksum good" in p.stdout
    assert "Positions by discs: 10: 1, 11: 7, 12: 49, 13: 216, 14: 996, 15: 3225" in p.stdout
    p = cli("info", str(built) + ".missing")
    assert p.returncode == 2 and p.stderr.startswith("link4 book: cannot read the book")


def test_a_wrong_entry_fails_verification(built: Path, tmp_path: Path) -> None:
    book = Book.open(built)
    entries = {canonical_key(g): s for g, s in book.entries()}
    victim = next(iter(sorted(entries)))
    entries[victim] = -entries[victim] if entries[victim] else 1
    write(entries, depth=book.depth, path=tmp_path / "wrong.l4b")
    p = cli("verify", str(tmp_path / "wrong.l4b"), "--sample", str(len(entries)), "--seed", "1")
    assert p.returncode == 1 and "1 wrong" in p.stdout and "the book says" in p.stderr


def test_an_entry_that_its_children_contradict_fails_verification(built: Path, tmp_path: Path) -> None:
    book = Book.open(built)
    entries = {canonical_key(g): s for g, s in book.entries()}
    parent = next(g for g, _ in book.entries() if g.ply == book.depth - 1)
    entries[canonical_key(parent)] += 1
    write(entries, depth=book.depth, path=tmp_path / "parent.l4b")
    p = cli("verify", str(tmp_path / "parent.l4b"), "--sample", "0")
    assert p.returncode == 1
    assert "checked against their children: 1 wrong." in p.stdout
    good = book.get(parent)
    assert f"wrong: {parent.moves} has {good} from its children, the book says {good + 1}" in p.stderr


def test_a_child_missing_from_the_book_fails_verification(built: Path, tmp_path: Path) -> None:
    book = Book.open(built)
    entries = {canonical_key(g): s for g, s in book.entries()}
    leaf = next(g for g, _ in book.entries() if g.ply == book.depth)
    del entries[canonical_key(leaf)]
    write(entries, depth=book.depth, path=tmp_path / "missing.l4b")
    p = cli("verify", str(tmp_path / "missing.l4b"), "--sample", "0")
    assert p.returncode == 1 and "a child missing from the book" in p.stderr


def test_the_same_book_whatever_the_workers(built: Path, tmp_path: Path) -> None:
    out = tmp_path / "one.l4b"
    p = cli("build", "--depth", "15", "--root", ROOT, "--out", str(out), "--workers", "1",
            "--task-size", "100", "--table-mb", "8")
    assert p.returncode == 0, p.stderr
    assert out.read_bytes() == built.read_bytes()


def test_a_shallower_book_bounds_the_build_and_changes_nothing(built: Path, tmp_path: Path) -> None:
    shallow = tmp_path / "d14.l4b"
    p = cli("build", "--depth", "14", "--root", ROOT, "--out", str(shallow), "--workers", "1",
            "--table-mb", "8", "--book", "none")
    assert p.returncode == 0, p.stderr
    out = tmp_path / "d15.l4b"
    p = cli("build", "--depth", "15", "--root", ROOT, "--out", str(out), "--workers", "2",
            "--task-size", "16", "--table-mb", "8", "--book", str(shallow))
    assert p.returncode == 0, p.stderr
    assert out.read_bytes() == built.read_bytes()
    # A book as deep as the one asked holds every position of it: nothing is solved.
    again = tmp_path / "again.l4b"
    p = cli("build", "--depth", "14", "--root", ROOT, "--out", str(again), "--from", str(shallow))
    assert p.returncode == 0, p.stderr
    assert "solved 0 (and 0 from the checkpoint, 996 from the book)" in p.stdout
    assert again.read_bytes() == shallow.read_bytes()
    (tmp_path / "bad").write_bytes(b"not a book")
    out = str(tmp_path / "x")
    p = cli("build", "--depth", "15", "--root", ROOT, "--out", out, "--book", str(tmp_path / "bad"))
    assert p.returncode == 2 and "--book" in p.stderr


def small_board_build(out: Path, depth: int, *extra: str) -> subprocess.CompletedProcess[str]:
    """``link4 book build`` of the 5x4 board to ``depth`` discs into ``out`` (a second)."""
    p = cli("build", "--size", "5x4", "--depth", str(depth), "--out", str(out), "--workers", "1",
            "--table-mb", "4", *extra)
    assert p.returncode == 0, p.stderr
    return p


def test_a_book_built_on_what_a_book_holds_is_the_one_built_from_scratch(tmp_path: Path) -> None:
    scratch = {d: tmp_path / f"scratch{d}.l4b" for d in (6, 8, 10)}
    for depth, out in scratch.items():
        small_board_build(out, depth, "--book", "none")
    # A deeper book holds every position: each is read from it, none solved.
    p = small_board_build(tmp_path / "read.l4b", 6, "--book", str(scratch[8]))
    assert ("Positions per layer: 1 3 13 49 177 542 1626; solved 0 (and 0 from the checkpoint, "
            "1626 from the book)") in p.stdout
    assert (tmp_path / "read.l4b").read_bytes() == scratch[6].read_bytes()
    # A book of one subtree holds some positions: the others are solved.
    subtree = tmp_path / "subtree.l4b"
    small_board_build(subtree, 8, "--root", "33", "--book", "none")
    held = sum(1 for ply, _ in Book.open(subtree).plies_and_scores() if ply == 8)
    p = small_board_build(tmp_path / "mixed.l4b", 8, "--book", str(subtree))
    assert f"solved {9964 - held} (and 0 from the checkpoint, {held} from the book)" in p.stdout
    assert (tmp_path / "mixed.l4b").read_bytes() == scratch[8].read_bytes()
    # A shallower book bounds the deepest positions: all of them are solved.
    p = small_board_build(tmp_path / "bounded.l4b", 10, "--book", str(scratch[8]))
    assert "solved 41876 (and 0 from the checkpoint)" in p.stdout
    assert (tmp_path / "bounded.l4b").read_bytes() == scratch[10].read_bytes()


def test_a_build_of_what_the_shipped_book_holds_reads_it(tmp_path: Path) -> None:
    out = tmp_path / "s.l4b"
    p = cli("build", "--depth", "4", "--out", str(out), "--workers", "1")
    assert p.returncode == 0, p.stderr
    assert "solved 0 (and 0 from the checkpoint, 568 from the book)" in p.stdout
    shipped = link4.book.default_book()
    assert shipped is not None
    built_book = Book.open(out)
    assert len(built_book) == 719
    assert all(shipped.get(game) == score for game, score in built_book.entries())


def test_progress_shows_as_lines_when_output_is_piped(tmp_path: Path) -> None:
    p = small_board_build(tmp_path / "b.l4b", 10, "--book", "none", "--task-size", "16")
    lines = p.stderr.splitlines()
    shapes = [re.fullmatch(r"Solving positions: ([\d,]+) of 41,876 \((\d+) %\)(, [\d,]+/s)?, \d+ s", line)
              for line in lines]
    assert all(shapes), p.stderr
    percents = [int(m.group(2)) for m in shapes if m]
    # A line each 5 %, the first at the start and the last at the end.
    assert percents == sorted(percents) and percents[0] < 5 and percents[-1] == 100
    assert {percent // 5 for percent in percents} == set(range(21))


def stopped_build(
    out: Path, lines: int, sig: int, before: Callable[[subprocess.Popen[str]], None] | None = None
) -> tuple[list[str], subprocess.Popen[str], str, float]:
    """Start a build of ROOT's subtree to 16 discs into ``out``, send ``sig`` once its
    checkpoint holds ``lines`` lines (after calling ``before``): the command, the finished
    process, its stderr and the seconds from the signal to its exit."""
    args = [sys.executable, "-m", "link4", "book", "build", "--depth", "16", "--root", ROOT,
            "--out", str(out), "--workers", "2", "--task-size", "8", "--table-mb", "8"]
    child = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    partial = Path(str(out) + ".partial")
    deadline = time.monotonic() + 120
    def written() -> int:
        return len(partial.read_text().splitlines()) if partial.exists() else 0

    while time.monotonic() < deadline and written() < lines:
        time.sleep(0.05)
    if before is not None:
        before(child)
    child.send_signal(sig)
    sent = time.monotonic()
    _, err = child.communicate(timeout=60)
    return args, child, err, time.monotonic() - sent


@pytest.mark.skipif(os.name != "posix", reason="SIGINT to a child process")
def test_ctrl_c_stops_the_build_and_a_rerun_continues(built: Path, tmp_path: Path) -> None:
    out = tmp_path / "b.l4b"
    args, child, err, stopped = stopped_build(out, 20, signal.SIGINT)
    partial = Path(str(out) + ".partial")
    assert child.returncode == 130, err
    assert "run the same command again" in err and "Traceback" not in err
    assert stopped < 5
    lines = partial.read_text().splitlines()[1:]
    kept = [line for line in lines if not line.startswith("#")]
    assert len(kept) >= 16
    # Each task of 8 positions is followed by its cost, so that the build's figures
    # add up across runs.
    costs = [line.split() for line in lines if line.startswith("# task")]
    assert lines[0] == "# run" and len(kept) == 8 * len(costs)
    assert all(words[2] == "8" and float(words[4]) > 0 for words in costs)
    again = subprocess.run(args, capture_output=True, text=True, timeout=600)
    assert again.returncode == 0, again.stderr
    assert "Continuing from" in again.stderr and f"(and {len(kept)} from the checkpoint)" in again.stdout
    m = re.search(r"in ([\d.]+) s of task CPU time, ([\d.]+) s wall \(this run: ([\d.]+) s CPU, "
                  r"([\d.]+) s wall\)", again.stdout)
    assert m, again.stdout
    total_cpu, total_wall, run_cpu, run_wall = map(float, m.groups())
    earlier_cpu = sum(float(words[4]) for words in costs)
    assert total_cpu == pytest.approx(run_cpu + earlier_cpu, abs=0.15)
    assert total_wall >= run_wall + float(costs[-1][6]) - 0.15
    assert "no CPU or wall time" not in again.stdout
    assert not partial.exists()
    fresh = tmp_path / "fresh.l4b"
    p = cli("build", "--depth", "16", "--root", ROOT, "--out", str(fresh), "--workers", "2",
            "--table-mb", "8")
    assert p.returncode == 0 and fresh.read_bytes() == out.read_bytes()


def test_the_checkpoint_adds_up_the_earlier_runs_cost(tmp_path: Path) -> None:
    header = {"link4-book": 1, "root": "", "depth": 2}
    path = tmp_path / "b.l4b.partial"
    path.write_text("\n".join([
        json.dumps(header),
        "# run", "14 -1", "22 1", "# task 2 cpu 1.5 wall 4.0",
        "# run", "23 2", "# task 1 cpu 0.25 wall 2.5",
        "24 1", "# task 1 cpu 0.5 wa",          # cut short when that run was killed
    ]) + "\n")
    stats = _bookbuild.BuildStats()
    done = _bookbuild._read_checkpoint(path, header, stats)
    assert done == {"14": -1, "22": 1, "23": 2, "24": 1}
    assert stats.resumed_cpu_seconds == 1.75 and stats.resumed_wall_seconds == 6.5
    assert stats.unrecorded == 1


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads a process's children from /proc")
def test_sigterm_stops_the_build_and_its_workers_and_keeps_the_work(tmp_path: Path) -> None:
    out = tmp_path / "b.l4b"
    workers: list[int] = []

    def note_workers(child: subprocess.Popen[str]) -> None:
        workers.extend(int(p) for t in Path(f"/proc/{child.pid}/task").iterdir()
                       for p in (t / "children").read_text().split())

    _, child, err, stopped = stopped_build(out, 5, signal.SIGTERM, note_workers)
    partial = Path(str(out) + ".partial")
    assert len(workers) == 2
    assert child.returncode == 130, err
    assert stopped < 5
    assert "run the same command again" in err and "Traceback" not in err
    assert len(partial.read_text().splitlines()) - 1 >= 4

    def gone(pid: int) -> bool:
        try:
            return Path(f"/proc/{pid}/stat").read_text().split()[2] == "Z"
        except FileNotFoundError:
            return True

    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and not all(gone(w) for w in workers):
        time.sleep(0.05)
    assert all(gone(w) for w in workers)  # no worker left searching on its own


@pytest.mark.heavy  # the same build again, on dask: Python around the calls checked above
def test_a_dask_cluster_builds_the_same_book(built: Path, tmp_path: Path) -> None:
    distributed = pytest.importorskip("distributed")
    out = tmp_path / "dask.l4b"
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  protocol="tcp", host="127.0.0.1", dashboard_address=None) as cluster:
        p = cli("build", "--depth", "15", "--root", ROOT, "--out", str(out),
                "--scheduler", cluster.scheduler_address, "--task-size", "16", "--table-mb", "8")
    assert p.returncode == 0, p.stderr
    assert out.read_bytes() == built.read_bytes()


def test_build_arguments_are_checked(tmp_path: Path) -> None:
    p = cli("build", "--depth", "3", "--root", "4455667", "--out", str(tmp_path / "x"))
    assert p.returncode == 2 and "--root" in p.stderr and "over" in p.stderr
    p = cli("build", "--depth", "3", "--root", ROOT, "--out", str(tmp_path / "x"))
    assert p.returncode == 2 and "depth must be between" in p.stderr


@pytest.mark.heavy  # solves a sample of the book's positions again: minutes under the sanitizers
@pytest.mark.wheel  # the book that the wheel carries
def test_the_shipped_book_agrees_with_the_solver() -> None:
    book = link4.book.default_book()
    if book is None:
        pytest.skip("no book is shipped with this build")
    # Every entry above the deepest layer is the best of its moves valued from the
    # book: the book is right as soon as its deepest layer is ...
    assert _bookbuild.disagreements(book) == []
    # ... of which a new random sample is solved again without the book on every run.
    # (A position with 4 discs takes seconds to solve, one with 8 a fraction of one.)
    # CI picks and prints the seed and may make the sample smaller (the sanitizer build,
    # which is there for memory errors, and runs after two full samples).
    leaves = _bookbuild.leaves(book)
    seed = int(os.environ.get("LINK4_BOOK_SEED") or random.SystemRandom().randrange(2**32))
    size = int(os.environ.get("LINK4_BOOK_SAMPLE") or (200 if book.depth >= 8 else 4))
    sample = random.Random(seed).sample(leaves, min(size, len(leaves)))
    solver = Solver(threads=2, book=None)
    wrong = []
    for i in sample:
        game, score = book.entry(i)
        solver.clear()
        if solver.solve(game) != score:
            wrong.append((game.moves, score))
    assert wrong == [], f"seed {seed}"
    for file in ["Test_L3_R1", "Test_L2_R1", "Test_L2_R2", "Test_L1_R1", "Test_L1_R2", "Test_L1_R3"]:
        for moves, score in load_pons(file):
            if len(moves) <= book.depth and book.get(moves) is not None:
                assert book.get(moves) == score, moves
