"""link4 review: the report, its JSON, its errors, Ctrl-C, and link4 play's offer of it."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

import link4
from link4.cli import build_parser, main
from link4.commands import review as review_command
from link4.commands._session import PlaySession

# 5 x 4: red's 2nd move (move 3, column 4) gives the draw away; yellow's 2nd (move 4)
# gives its win back for a draw, and its 3rd (move 6) the draw for a loss.
GAME = "4444332"


def test_json_is_the_review_document(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["review", GAME, "--size", "5x4", "--json", "--threads", "1"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc == link4.review(link4.Game(GAME, width=5, height=4), threads=1).to_dict()
    assert [m["mark"] for m in doc["moves"]][2:4] == ["mistake", "mistake"]


def test_the_report_marks_moves_in_symbols_and_words(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["review", GAME, "--size", "5x4", "--no-color"]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out
    assert "Review of 4444332 (5x4, 7 moves, not over)." in out
    lines = out.splitlines()
    third = next(line for line in lines if line.startswith("     3  red"))
    assert (
        "? mistake" in third and "yellow wins with its 10th disc (in 9 moves)" in third and "best: 2" in third
    )
    assert "  ✓ best                 3        1" in out  # red's best moves, then yellow's
    assert "  move 3: red's 2nd move (column 4) gave away the draw" in out
    # The chart: the start and the plies after it, a turning point marked after move 3.
    chart = [
        line for line in lines if line.startswith(("     red wins |", "         draw |", "  yellow wins |"))
    ]
    assert len(chart) == 3 and chart[1].startswith("         draw |●●●")
    assert any("◆" in line for line in lines if "|" in line)


def test_without_unicode_the_marks_are_ascii(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONIOENCODING": "ascii", "NO_COLOR": "1"}
    out = subprocess.run(
        [sys.executable, "-m", "link4", "review", GAME, "--size", "5x4"],
        capture_output=True,
        text=True,
        env=env,
        check=True,
        encoding="ascii",
    ).stdout
    assert "? mistake" in out and "+ best" in out and "#" in out and "✓" not in out


def test_a_file_saved_by_play_is_read(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "game.txt"
    record.write_text("# a game on 5 x 4\n4444\n332\n", encoding="utf-8")
    assert main(["review", str(record), "--size", "5x4", "--json", "--threads", "1"]) == 0
    assert json.loads(capsys.readouterr().out)["pos"] == GAME


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["4458"], "link4 review: invalid move string '4458': character 4 is '8'"),
        (["game.txt"], "link4 review: no file 'game.txt', and as moves: invalid move string 'game.txt'"),
        (["1111111"], "link4 review: illegal move 7 of '1111111': column 1 is full"),
        (["44", "--size", "3x3"], "link4 review: --size: "),
        (
            ["44", "--book", "none", "--table-mb", "1"],
            "link4 review: error: argument --table-mb: must be a number of MB",
        ),
    ],
)
def test_bad_input_gets_one_line_and_a_non_zero_exit(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    try:
        status = main(["review", *argv])
    except SystemExit as exit_:  # argparse's refusal of a bad option value
        status = int(str(exit_.code))
    err = capsys.readouterr().err.strip().splitlines()
    assert status != 0 and err[-1].startswith(message)


def test_a_file_that_is_no_record_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    junk = tmp_path / "junk.bin"
    junk.write_bytes(b"\xff\xfe\x00")
    assert main(["review", str(junk)]) == 2
    err = capsys.readouterr().err  # the file's name quoted, cut short if long
    assert err.startswith("link4 review: cannot read '") and err.endswith(": not a text file\n"), err
    words = tmp_path / "words.txt"
    words.write_text("hello\n", encoding="utf-8")
    assert main(["review", str(words)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("link4 review: '") and ": invalid move string 'hello'" in err


def test_ctrl_c_prints_what_is_done_and_exits_130(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    @contextmanager
    def stopping_bar(description: str, total: int) -> Iterator[object]:
        def advance(done: int, total: int) -> None:
            if done == 2:
                raise KeyboardInterrupt

        yield advance

    monkeypatch.setattr(review_command, "progress_bar", stopping_bar)
    assert main(["review", GAME, "--size", "5x4", "--json", "--threads", "1"]) == 130
    captured = capsys.readouterr()
    doc = json.loads(captured.out)
    assert doc["complete"] is False and [m["ply"] for m in doc["moves"]] == [5, 6]
    assert captured.err.endswith("interrupted\n")
    assert main(["review", GAME, "--size", "5x4", "--no-color", "--threads", "1"]) == 130
    assert "Interrupted: 2 of 7 moves reviewed, the last ones" in capsys.readouterr().out


def _session(moves: str, typed: list[str]) -> tuple[PlaySession, io.StringIO]:
    args = build_parser().parse_args(["play", "--human-vs-human", "--moves", moves, "--no-color"])
    args.width, args.height = 5, 4
    out = io.StringIO()
    lines = iter(typed)
    return PlaySession(args, out=out, read=lambda prompt: out.write(prompt) and next(lines)), out


def test_play_offers_the_review_when_a_game_ends() -> None:
    # Red completes the bottom row with its fourth disc, on column 4.
    session, out = _session("1122", ["3", "3", "4", "r", "n"])
    assert session.loop() == 0
    text = out.getvalue()
    assert "Play again? [y/n] (r reviews the game, u takes back your last move)> " in text
    report = text[text.index("Review of 1122334") :]
    assert "(5x4, 7 moves: red wins with its 4th disc)" in report
    # (A StringIO names no encoding: the symbols are ASCII.)
    assert (
        "     7  red           4  ✓ best          red wins with its 4th disc (at once)   (the only" in report
    )
    assert "Turning points" in report


def test_play_reviews_the_game_so_far_at_the_prompt() -> None:
    session, out = _session("", ["4", "4", "review", "q"])
    with pytest.raises(Exception, match="0"):  # q leaves the session
        session.loop()
    assert "Review of 44 (5x4, 2 moves, not over)." in out.getvalue()


def test_a_time_limit_leaves_the_early_moves_unmarked_never_wrong(capsys: pytest.CaptureFixture[str]) -> None:
    # Without the book, no early 7 x 6 position is solved in a twentieth of a second.
    game = "4453442233"
    argv = ["review", game, "--book", "none", "--time-limit", "0.05", "--threads", "1", "--table-mb", "4"]
    assert main([*argv, "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    first = doc["moves"][0]
    assert first["mark"] is None and first["value"]["score"] is None
    assert first["value"]["lower"] < first["value"]["upper"]
    exact = link4.review(game, threads=1)
    for shown, true in zip(doc["moves"], exact.moves, strict=True):
        assert shown["mark"] in (None, true.mark)
    assert main([*argv, "--no-color"]) == 0
    out = capsys.readouterr().out
    assert "     1  red           4  not marked      not solved in time\n" in out
    assert "the moves not marked count as not best" in out and "\n  not marked  " in out
    # Move 3, a blunder, is far from solved in time: its turning point is not claimed,
    # nor is it said that the result never changed.
    assert "Turning points: none among the moves marked." in out
