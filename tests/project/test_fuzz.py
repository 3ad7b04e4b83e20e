"""The fuzz targets on their committed corpus, and the failures fuzzing has found.

fuzz/targets.py checks properties of link4 on arbitrary bytes; fuzz/run.py drives it
with atheris. Here every input of the seed corpus goes through its target with plain
pytest, so the properties are checked on every test run without the fuzzer.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import link4

FUZZ = Path(__file__).resolve().parents[2] / "fuzz"
pytestmark = pytest.mark.timeout(300)


def corpus() -> list[tuple[str, Path]]:
    if not (FUZZ / "targets.py").is_file():
        return []
    return sorted(
        (target.name, seed) for target in (FUZZ / "corpus").iterdir() for seed in target.iterdir()
    )


@pytest.fixture(scope="module")
def targets():  # type: ignore[no-untyped-def]
    sys.path.insert(0, str(FUZZ))
    try:
        import targets as module
    finally:
        sys.path.remove(str(FUZZ))
    return module.TARGETS


@pytest.mark.skipif(not corpus(), reason="fuzz/ is not beside tests/")
def test_every_target_has_seeds(targets) -> None:  # type: ignore[no-untyped-def]
    names = {name for name, _ in corpus()}
    assert names == set(targets)


@pytest.mark.parametrize(("target", "seed"), corpus(), ids=[f"{t}/{p.name}" for t, p in corpus()])
def test_seed_corpus_holds_the_properties(targets, target: str, seed: Path) -> None:  # type: ignore[no-untyped-def]
    targets[target](seed.read_bytes())


# -- failures found while fuzzing ----------------------------------------------------------------

# Python strings may hold lone surrogates: os.fsdecode() makes them from bytes that are
# not UTF-8, as in command-line arguments. They are malformed move strings (they once
# failed in the compiled module's argument conversion with a TypeError).
SURROGATES = ["\udcff", "44\ud800", "\udc80" * 3]


@pytest.mark.parametrize("moves", SURROGATES)
@pytest.mark.parametrize("entry", ["Game", "solve", "perft", "search"])
def test_lone_surrogates_are_invalid_moves(entry: str, moves: str) -> None:
    calls = {
        "Game": lambda: link4.Game(moves),
        "solve": lambda: link4.solve(moves),
        "perft": lambda: link4.perft(moves, 1),
        "search": lambda: link4.Solver(table_mb=4).search(moves, node_limit=10),
    }
    with pytest.raises(link4.InvalidMoveError, match="invalid move string"):
        calls[entry]()


@pytest.mark.parametrize("command", ["solve", "analyze"])
def test_cli_argument_that_is_not_utf8_is_a_one_line_error(command: str) -> None:
    r = subprocess.run(
        [sys.executable, "-m", "link4", command, b"44\xff"],
        capture_output=True,
        timeout=60,
    )
    assert r.returncode != 0
    assert b"Traceback" not in r.stderr
    assert r.stderr.count(b"\n") == 1 and r.stderr.startswith(f"link4 {command}: ".encode())
