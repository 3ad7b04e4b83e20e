"""The type hints promise what the API does: one mypy --strict run over a script that
uses the public API as users do. Lines marked ``# rejected`` must be errors, and no other
line may be one, so the check fails both when a hint refuses a good use and when it lets
a wrong one through."""

from __future__ import annotations

import re
from typing import Any

import pytest

pytest.importorskip("numpy")  # the board forms include numpy arrays

# CI runs this module again against the wheel built from the sdist (what the wheel carries).
pytestmark = pytest.mark.wheel

USES = """
from typing import assert_type

import numpy as np

from link4 import Game, SearchResult, Solver
from link4.engine import ColumnValue

# Every board form Game.from_board accepts.
rows: list[list[int]] = Game().to_board()
Game.from_board(rows)
Game.from_board(tuple(tuple(row) for row in rows))
Game.from_board([v for row in rows for v in row])
Game.from_board(Game().to_array())
Game.from_board(Game().to_array().ravel())
Game.from_board(np.zeros((6, 7), dtype=np.int64))
Game.from_board(str(Game()))
Game.from_board(42)  # rejected

# Without a limit an analysis holds exact scores (or None for a full column); with one,
# a column may hold a SearchResult with its bounds.
solver = Solver(table_mb=16)
assert_type(solver.analyze("4"), list[int | None])
assert_type(solver.analyze("4", weak=True), list[int | None])
assert_type(solver.analyze("4", time_limit=1.0), list[ColumnValue])
assert_type(solver.analyze("4", node_limit=1000), list[ColumnValue])
limit: float | None = None
assert_type(solver.analyze("4", time_limit=limit), list[ColumnValue])
best: int = max(s for s in solver.analyze("4") if s is not None)
bounded = solver.analyze("4", node_limit=1000)
max(s for s in bounded if s is not None)  # rejected
first: SearchResult | int | None = bounded[0]
exact: int | None = bounded[0]  # rejected
"""


@pytest.mark.heavy  # mypy reads the stubs: no compiled code runs
def test_type_hints_accept_the_api_uses_and_reject_the_wrong_ones(tmp_path: Any) -> None:
    mypy_api = pytest.importorskip("mypy.api")
    source = tmp_path / "uses.py"
    source.write_text(USES)
    out, err, _ = mypy_api.run(
        ["--strict", "--no-incremental", "--cache-dir", str(tmp_path / "cache"), str(source)]
    )
    lines = USES.splitlines()
    rejected = {n for n, line in enumerate(lines, 1) if line.endswith("# rejected")}
    flagged = {int(n) for n in re.findall(r"^.*uses\.py:(\d+): error:", out, re.MULTILINE)}
    assert rejected, "the script marks no rejected line"
    assert flagged == rejected, out + err
