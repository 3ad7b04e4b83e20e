"""link4 play's hint (h) and analysis (a) agree: both come from the core's answers."""

from __future__ import annotations

import argparse
import io
import os
import re

import pytest

import link4
from link4.book import SHIPPED, BookChoice
from link4.commands import _session as play
from link4.engine import MAX_THREADS
from tests.support.pons import load_pons


def session(moves: str, book: BookChoice = SHIPPED, *, level: str = "5",
            threads: int | None = None, width: int = 7, height: int = 6
            ) -> tuple[play.PlaySession, io.StringIO]:
    args = argparse.Namespace(
        level=level, first="human", human_vs_human=True, engine_vs_engine=False, moves=moves,
        seed=1, no_color=True, delay=0.0, book_choice=book, threads=threads, width=width,
        height=height,
    )
    out = io.StringIO()
    return play.PlaySession(args, out=out, read=lambda prompt: "q"), out


def hint_column(out: str) -> int:
    m = re.search(r"Hint: column (\d) - ", out)
    assert m, out
    return int(m.group(1)) - 1


def column_lines(out: str) -> dict[int, str]:
    return {int(c) - 1: words for c, words in re.findall(r"^  (\d)  (.*)$", out, re.M)}


@pytest.mark.parametrize(
    "moves", [m for m, _ in load_pons("Test_L2_R2", 12)] + ["5323365136332172", "3651433667521135"]
)
def test_the_hint_is_one_of_the_columns_the_analysis_marks_best(moves: str) -> None:
    s, out = session(moves)
    s.analysis()
    s.hint()
    text = out.getvalue()
    best = [c for c, words in column_lines(text).items() if words.endswith("<- best")]
    assert hint_column(text) in best
    exact = link4.Solver(table_mb=16).analyze(moves)
    assert best == [c for c, v in enumerate(exact) if v == max(v for v in exact if isinstance(v, int))]


@pytest.mark.parametrize("node_limit", [10_000, 20_000, 40_000])
def test_a_hint_out_of_time_claims_only_what_is_proven(node_limit: int) -> None:
    # Early positions are not solved within a small budget: what the hint says of the
    # column it recommends must still hold. (A node budget stands in for the hint's
    # time budget, and one thread, so that the test sees the same searches on any
    # machine: threads share a node budget as they happen to run. The book would answer
    # them at once: it is off.)
    exact = link4.Solver(table_mb=16)
    claims = 0
    for moves, _ in load_pons("Test_L1_R2", 12):
        s, out = session(moves, book=None, threads=1)
        search = s.solver.search
        s.solver.search = lambda game, search=search, **kw: search(  # type: ignore[misc]
            game, ties=False, node_limit=node_limit
        )  # type: ignore[method-assign]
        s.hint()
        text = out.getvalue()
        col = hint_column(text)
        assert col in link4.Game(moves).legal_moves()
        value = exact.analyze(moves)[col]
        assert isinstance(value, int)
        if "not solved in time" not in text:
            assert value == exact.solve(moves)
        elif "it wins" in text:
            assert value > 0
            claims += 1
        elif "it draws or wins" in text:
            assert value >= 0
            claims += 1
        elif "it draws or loses" in text:
            assert value <= 0
            claims += 1
        elif "it loses" in text:
            assert value < 0
            claims += 1
        else:
            assert re.search(r"Hint: column \d - not solved in time\.", text), text
    assert claims > 0


def budgeted(s: play.PlaySession, hint_nodes: int, analysis_nodes: int) -> None:
    """Node budgets for the session's hints and analyses instead of their time limits, so
    that a test sees the same searches on any machine (on one thread: threads share a
    node budget as they happen to run)."""
    search, analyze = s.solver.search, s.solver.analyze
    s.solver.search = lambda game, **kw: search(  # type: ignore[method-assign]
        game, ties=False, node_limit=hint_nodes
    )
    s.solver.analyze = lambda game, **kw: analyze(  # type: ignore[method-assign]
        game, node_limit=analysis_nodes
    )


def test_an_analysis_after_a_hint_never_calls_unproven_what_the_hint_proved() -> None:
    # On 8x5 a hint's search solves the best column of this position (column 4, a win)
    # within a budget that the analysis, sharing it among every column, runs out of:
    # the analysis alone leaves that column's score unproven.
    moves, col = "687171", 3
    alone, out = session(moves, book=None, threads=1, width=8, height=5)
    budgeted(alone, 300_000, 300_000)
    alone.analysis()
    assert "not solved in time" in column_lines(out.getvalue())[col]

    s, out = session(moves, book=None, threads=1, width=8, height=5)
    budgeted(s, 300_000, 300_000)
    s.hint()
    hint = out.getvalue()
    assert hint_column(hint) == col and "you can win with your" in hint
    s.analysis()
    said = column_lines(out.getvalue())[col]
    assert "not solved in time" not in said
    # The same score in both: the same winning disc, in as many moves.
    assert said.startswith("you win with your")
    assert said.removeprefix("you win") == hint.split("you can win")[1].split(".")[0]


def test_a_hint_after_an_analysis_names_a_column_the_analysis_proved_best() -> None:
    # The analysis solves every column; a hint whose search proves nothing still names
    # one of the best columns, with its exact value. (Column 2 alone is best; a search
    # of 50 nodes, on a table of its own, stops at column 4.)
    moves = "2531276566711153"
    s, out = session(moves, book=None, threads=1)
    budgeted(s, 50, 50_000_000)
    cold = link4.Solver(book=None, threads=1)
    s.solver.search = lambda game, **kw: cold.search(  # type: ignore[method-assign]
        game, ties=False, node_limit=50
    )
    s.analysis()
    analysed = column_lines(out.getvalue())
    best = [c for c, words in analysed.items() if words.endswith("<- best")]
    assert best and all("not solved" not in words for words in analysed.values())
    s.hint()
    assert hint_column(out.getvalue()) in best
    assert "not solved in time" not in out.getvalue()


def test_an_unproven_value_reads_the_same_in_a_hint_and_in_an_analysis() -> None:
    # On these budgets the hint proves its column a win, not its exact score, and the
    # analysis proves no more of that column: both say what is proven in the same words.
    moves = "1616621455211"
    s, out = session(moves, book=None, threads=1)
    budgeted(s, 20_000, 1_000)
    s.hint()
    hint = out.getvalue()
    m = re.search(r"Hint: column (\d) - (.*)\.\n", hint)
    assert m and m.group(2).startswith("it wins, with your"), hint
    assert m.group(2).endswith("(the exact score not solved in time)")
    s.analysis()
    assert column_lines(out.getvalue())[int(m.group(1)) - 1] == m.group(2)


@pytest.mark.parametrize(
    ("moves", "book"),
    [("", SHIPPED), ("4455", SHIPPED), ("5323365136332172", None)]
    + [(m, None) for m, _ in load_pons("Test_L2_R2", 3)],
)
def test_hints_and_analyses_are_the_same_on_more_threads(moves: str, book: BookChoice) -> None:
    # --threads: the exact answers do not depend on how many threads found them.
    said = []
    for threads in (1, 2):
        s, out = session(moves, book=book, threads=threads)
        assert s.solver.threads == threads
        s.analysis()
        s.hint()
        said.append(out.getvalue())
    assert said[0] == said[1] and "Hint: column" in said[0]


def test_threads_go_to_the_perfect_level_but_never_to_level_8() -> None:
    for level, threads in (("perfect", 2), ("8", 1)):
        s, _ = session("4455", level=level, threads=2)
        s.engine.choose(s.game)  # its solver is made for its first search
        assert s.engine.solver is not None and s.engine.solver.threads == threads
    s, _ = session("44")  # by default, every core
    assert s.threads == min(os.cpu_count() or 1, MAX_THREADS)
