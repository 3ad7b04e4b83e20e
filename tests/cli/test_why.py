"""link4 analyze --explain and the `why` command of link4 play: the explanation of
link4.explain, under the analysis, in JSON as its "explanation" field, for a finished
game too."""

from __future__ import annotations

import argparse
import io
import json
import re

import pytest

import link4
from link4.cli import main
from link4.commands import _session as play

# Red to move on 4x4, yellow wins by claimeven; on 7x6 red wins on its next disc.
CLAIMEVEN = ("3324424334121", "4x4")
OPENING = ("44556", None)


def flat(text: str) -> str:
    """The text with its line breaks and indents as single spaces."""
    return re.sub(r"\s+", " ", text).strip()


@pytest.mark.parametrize(("moves", "size"), [CLAIMEVEN, OPENING, ("4455667", None)])
def test_explain_prints_the_explanation_under_the_analysis(
    capsys: pytest.CaptureFixture[str], moves: str, size: str | None
) -> None:
    extra = [] if size is None else ["--size", size]
    assert main(["analyze", moves, "--explain", "--no-color", *extra]) == 0
    out = capsys.readouterr().out
    board = (7, 6) if size is None else tuple(map(int, size.split("x")))
    expected = link4.explain(link4.Game(moves, width=board[0], height=board[1]))
    before, _, why = out.partition("\nWhy:\n")
    assert why and ("Best:" in before or "The game is over" in before)
    assert flat(why) == flat(" ".join(expected.lines()))
    assert all(len(line) <= 88 for line in why.splitlines())


def test_without_explain_there_is_no_why(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", "44556", "--no-color"]) == 0
    assert "Why:" not in capsys.readouterr().out


def test_json_has_the_explanation_field(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analyze", CLAIMEVEN[0], "--size", "4x4", "--json", "--explain"]) == 0
    doc = json.loads(capsys.readouterr().out)
    expected = link4.explain(link4.Game(CLAIMEVEN[0], width=4, height=4)).to_dict()
    assert doc["explanation"] == expected
    assert [p["rule"] for p in doc["explanation"]["proofs"]] == ["claimeven"]
    assert doc["explanation"]["proven"] is True and doc["score"] == doc["explanation"]["score"]
    assert main(["analyze", "44556", "--json"]) == 0
    assert "explanation" not in json.loads(capsys.readouterr().out)


def session(moves: str, width: int = 7, height: int = 6) -> tuple[play.PlaySession, io.StringIO]:
    args = argparse.Namespace(
        level="3", first="human", human_vs_human=True, engine_vs_engine=False, moves=moves,
        seed=1, no_color=True, delay=0.0, book_choice=None, threads=None, width=width, height=height,
    )  # fmt: skip
    out = io.StringIO()
    return play.PlaySession(args, out=out, read=lambda prompt: "q"), out


@pytest.mark.parametrize(
    ("word", "moves"), [("why", "3324424334121"), ("w", "3324424334121"), ("why", "1234123")]
)
def test_why_at_the_prompt_explains_the_position(word: str, moves: str) -> None:
    s, out = session(moves, 4, 4)
    s.handle(word)
    text = out.getvalue()
    assert text.startswith("Why:\n")
    assert flat(text.partition("Why:")[2]) == flat(" ".join(link4.explain(s.game).lines()))


def test_why_is_in_the_prompts_help() -> None:
    s, out = session("")
    s.handle("?")
    assert re.search(r"^  w +why: the threats, the parity", out.getvalue(), re.M)
