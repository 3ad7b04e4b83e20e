"""Search limits: node limits are exact, odd limit values are refused or mean no limit.

How far a search runs past its time limit is measured by bench/limits.py, not asserted
here: timing on a shared machine is not a fact a test can rely on.
"""

from __future__ import annotations

import math
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import link4
from link4 import Solver
from tests.support.pons import load_pons

pytestmark = pytest.mark.timeout(300)

POSITIONS = load_pons("Test_L2_R2", 30) + load_pons("Test_L1_R2", 8)
HARD = load_pons("Test_L1_R3", 1)[0]  # seconds of work
REFERENCE = Solver(table_mb=16)
ANALYSIS: dict[str, list[int | None]] = {}


def sign(x: int) -> int:
    return (x > 0) - (x < 0)


def analysis(moves: str) -> list[int | None]:
    if moves not in ANALYSIS:
        ANALYSIS[moves] = REFERENCE.analyze(moves)
    return ANALYSIS[moves]


@settings(max_examples=80, deadline=None)
@given(
    which=st.integers(0, len(POSITIONS) - 1),
    node_limit=st.one_of(st.integers(1, 3000), st.integers(1, 300_000)),
    weak=st.booleans(),
)
def test_node_limit_is_exact_and_what_is_proven_is_true(which: int, node_limit: int, weak: bool) -> None:
    moves, score = POSITIONS[which]
    s = Solver(table_mb=4, book=None)  # the Begin positions are searched, not looked up
    r = s.search(moves, node_limit=node_limit, weak=weak)
    # The engine counts every node it visits and stops on reaching the limit.
    assert r.nodes <= node_limit
    if r.stopped_by == "nodes":
        assert r.nodes == node_limit
    else:
        assert r.stopped_by is None and r.exact
    expected = sign(score) if weak else score
    assert r.lower <= expected <= r.upper
    assert r.exact == (r.lower == r.upper) == (r.score is not None)
    scores = analysis(moves)
    assert scores[r.best_move] is not None  # a legal column, always
    if r.exact:
        assert r.score == expected
        best = scores[r.best_move]
        assert (sign(best) if weak else best) == expected, (r, scores)  # type: ignore[arg-type]


@pytest.mark.parametrize("node_limit", [1, 2, 1023, 1024, 1025, 4096])
def test_node_limit_at_the_check_interval(node_limit: int) -> None:
    # The engine looks at its limits every 1024 nodes, and at the node limit itself.
    r = Solver(table_mb=4, book=None).search(HARD[0], node_limit=node_limit)
    assert r.stopped_by == "nodes" and r.nodes == node_limit


# -- odd values ------------------------------------------------------------------------------

EASY = load_pons("Test_L2_R1", 1)[0]


@pytest.mark.parametrize(
    "time_limit", [math.nan, -1, -1e-300, -math.inf, -(10**30)], ids=["nan", "-1", "-tiny", "-inf", "-huge"]
)
def test_bad_time_limits_are_value_errors(time_limit: float) -> None:
    with pytest.raises(ValueError, match="time_limit"):
        Solver(table_mb=4).search(EASY[0], time_limit=time_limit)


@pytest.mark.parametrize(
    ("position", "options", "error", "message"),
    [
        (5, {}, TypeError, "a position is a link4.Game or a move string, not int"),
        ("4453", {"time_limit": "0.5"}, TypeError, "time_limit must be a number of seconds, not str"),
        ("4453", {"time_limit": -1}, ValueError, "time_limit must be a number of seconds >= 0"),
        ("4453", {"max_length": -1}, ValueError, "max_length must be an int >= 0, not -1"),
    ],
)
def test_a_principal_variation_checks_its_arguments_first(
    position: object, options: dict[str, object], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        Solver(table_mb=4).pv(position, **options)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "node_limit",
    [0, -1, -(2**70), math.nan, math.inf, 1.5, 1000.0, True, "1000"],
    ids=["0", "-1", "-huge", "nan", "inf", "1.5", "float", "bool", "str"],
)
def test_bad_node_limits_are_value_errors(node_limit: object) -> None:
    with pytest.raises(ValueError, match="node_limit"):
        Solver(table_mb=4).search(EASY[0], node_limit=node_limit)  # type: ignore[arg-type]


@pytest.mark.parametrize("time_limit", [math.inf, 1e308, 10**9, 2**64], ids=["inf", "1e308", "1e9", "2^64"])
@pytest.mark.parametrize("node_limit", [None, 2**64 - 1, 2**64, 2**200])
def test_huge_limits_are_no_limit(time_limit: float, node_limit: int | None) -> None:
    moves, score = EASY
    r = Solver(table_mb=4).search(moves, time_limit=time_limit, node_limit=node_limit)
    assert r.exact and r.score == score and r.stopped_by is None


@pytest.mark.parametrize("time_limit", [0, -0.0, 1e-300], ids=["0", "-0", "tiny"])
def test_zero_time_limit_stops_at_the_first_check(time_limit: float) -> None:
    moves, score = HARD
    r = Solver(table_mb=4, book=None).search(moves, time_limit=time_limit)
    assert r.stopped_by == "time" and r.nodes <= 1024
    assert r.lower <= score <= r.upper


def test_int_time_limit_beyond_float_range_is_no_limit() -> None:
    moves, score = EASY
    r = Solver(table_mb=4).search(moves, time_limit=10**400)
    assert r.exact and r.score == score


@pytest.mark.parametrize("table_mb", [math.nan, math.inf, -math.inf, -1, 0, 3.99, 2**20 + 1, 1e300])
def test_bad_table_sizes_are_value_errors(table_mb: float) -> None:
    with pytest.raises(ValueError, match="table_mb"):
        Solver(table_mb=table_mb)
    with pytest.raises(ValueError, match="table_mb"):
        link4.solve_many(["4455"], table_mb=table_mb)


def test_int_table_size_beyond_float_range_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="table_mb"):
        Solver(table_mb=10**400)


# -- the command line --------------------------------------------------------------------------


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "link4", *args], capture_output=True, text=True, timeout=120
    )


@pytest.mark.parametrize(
    "args",
    [
        ["solve", "--table-mb", "nan", "44"],
        ["solve", "--table-mb", "-4", "44"],
        ["solve", "--table-mb", "inf", "44"],
        ["analyze", "--table-mb", "nan", "44"],
        ["analyze", "--time-limit", "nan", "44"],
        ["analyze", "--time-limit", "-1", "44"],
        ["analyze", "--time-limit", "0", "44"],
        ["analyze", "--time-limit=-inf", "44"],
        ["bench", "--limit", "0"],
    ],
    ids=lambda a: " ".join(a[:3]),
)
def test_cli_refuses_bad_limits_in_one_line(args: list[str]) -> None:
    # One line, after the command's usage (argparse refuses the value), naming the option.
    r = run_cli(*args)
    assert r.returncode == 2
    assert r.stdout == ""
    assert r.stderr.startswith(f"usage: link4 {args[0]} "), r.stderr
    option = args[1].split("=")[0]
    assert r.stderr.splitlines()[-1].startswith(f"link4 {args[0]}: error: argument {option}: "), r.stderr


def test_cli_infinite_time_limit_is_no_limit() -> None:
    moves, score = EASY
    r = run_cli("analyze", "--json", "--time-limit", "inf", moves)
    assert r.returncode == 0, r.stderr
    assert f'"score": {score},' in r.stdout


@pytest.mark.parametrize("command", ["solve", "analyze"])
def test_cli_table_larger_than_the_machine_is_a_one_line_error(command: str) -> None:
    r = run_cli(command, "--table-mb", "1048576", "4455")
    assert r.returncode != 0
    assert "Traceback" not in r.stderr and r.stderr.count("\n") == 1, r.stderr


def test_a_best_line_within_a_time_limit_stops_where_the_time_ran_out() -> None:
    solver = Solver(table_mb=16)
    assert solver.pv("4453", time_limit=60) == solver.pv("4453")
    # The empty board without the book is not solved in 50 ms: no move is proven best.
    assert Solver(table_mb=16, book=None).pv("", time_limit=0.05) == []


# -- one Limit value ---------------------------------------------------------------------------


def test_a_limit_is_checked_once_where_it_is_made() -> None:
    with pytest.raises(ValueError, match=r"time_limit must be a number of seconds >= 0, not nan"):
        link4.Limit(time_limit=math.nan)
    with pytest.raises(TypeError, match="time_limit must be a number of seconds, not str"):
        link4.Limit(time_limit="1")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="node_limit must be an int >= 1, not True"):
        link4.Limit(node_limit=True)
    assert link4.Limit(10**400, 2**64) == link4.Limit()  # beyond a century, beyond 64 bits
    assert link4.Limit(0).max_seconds == 1e-9 and link4.Limit(2).within(5) == link4.Limit(2)


def test_limit_and_its_keywords_are_the_same_search() -> None:
    moves = HARD[0]
    by_keyword = Solver(table_mb=4, book=None).search(moves, node_limit=5000)
    by_value = Solver(table_mb=4, book=None).search(moves, limit=link4.Limit(node_limit=5000))
    assert (by_value.lower, by_value.upper, by_value.nodes, by_value.stopped_by) == (
        by_keyword.lower, by_keyword.upper, 5000, "nodes")
    [batched] = link4.search_many([moves], threads=1, table_mb=4, book=None,
                                  limit=link4.Limit(node_limit=5000))
    assert batched is not None and (batched.nodes, batched.lower, batched.upper) == (
        5000, by_keyword.lower, by_keyword.upper)
    analysed = Solver(table_mb=4, book=None).analyze(moves, limit=link4.Limit(node_limit=5000))
    assert any(isinstance(v, link4.SearchResult) for v in analysed)
    with pytest.raises(TypeError, match="not both"):
        Solver(table_mb=4).search(moves, limit=link4.Limit(), node_limit=5)
    with pytest.raises(TypeError, match=r"limit must be a link4\.Limit, not float"):
        Solver(table_mb=4).analyze(moves, limit=1.0)  # type: ignore[call-overload]


def test_a_node_limit_covers_a_whole_best_line() -> None:
    solver = Solver(table_mb=16, book=None)
    assert solver.pv("", node_limit=1000) == []  # the empty board: not proven in 1000 nodes
    full = Solver(table_mb=16).pv("4453")
    assert Solver(table_mb=16).pv("4453", limit=link4.Limit(node_limit=10**12)) == full
