"""link4 play, driven through a real pseudo-terminal as a person would use it.

The games start from middle-game positions (--moves) so that every engine reply and
every hint is instant.
"""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import link4
from link4.players import BOT_NAMES, LEVEL_NAMES, LEVELS
from link4.ratings import RATINGS

pexpect = pytest.importorskip("pexpect")

# Red to move, 16 discs down, column 3 full; red wins with its 17th disc by playing
# column 5, the only winning move.
WON = "5323365136332172"
# Red to move; a draw with best play (columns 3 and 5 hold it).
DRAWN = "3651433667521135"

PROMPT = r"Your move \w+ \(.\), 1-7 or \? for help> "
ANY_PROMPT = r"Your move .*, 1-7 or \? for help> "  # with colour codes too
ESCAPE = "\x1b"


def spawn(*args: str, colour: bool = False, level: str = "5") -> pexpect.spawn:
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    env["TERM"] = "xterm-256color"
    if not colour:
        env["NO_COLOR"] = "1"
    return pexpect.spawn(
        sys.executable,
        ["-m", "link4", "play", "--level", level, "--seed", "7", *args],
        env=env,
        encoding="utf-8",
        timeout=30,
        dimensions=(60, 200),
    )


def quit_and_record(child: pexpect.spawn) -> str:
    """Quit at the prompt; the record the program prints."""
    child.sendline("q")
    child.expect(r"Record: (\S+)")
    record = child.match.group(1)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    return record


def test_complete_game_against_the_engine() -> None:
    """A person playing the solver's moves from a won position wins the game."""
    solver = link4.Solver(table_mb=16)
    mirror = link4.Game(WON)
    child = spawn("--moves", WON)
    child.expect(r"You play red \(X\), the engine \(level 5, club player, Elo (\d+)\) plays yellow")
    assert int(child.match.group(1)) == round(RATINGS["5"].elo)
    while True:
        child.expect(PROMPT)
        col = solver.best_move(mirror)
        mirror.play(col)
        child.sendline(str(col + 1))
        if mirror.is_over():
            break
        child.expect(r"yellow \(O\) plays column (\d)")
        mirror.play(int(child.match.group(1)) - 1)
        assert not mirror.is_over()  # the person's perfect play keeps the win
    child.expect(r"You win! Red \(X\) wins with its (\d+)\w\w disc, after (\d+) moves\.")
    assert int(child.match.group(2)) == mirror.ply
    # The final board, printed just before, marks the winning four.
    assert child.before.count("*X*") == 4
    child.expect(r"Record: (\d+)")
    assert child.match.group(1) == mirror.moves
    child.expect(r"Play again\? \[y/n\]")
    child.sendline("y")  # a new game from the same starting position
    child.expect("You play red")
    child.expect(PROMPT)
    assert quit_and_record(child) == WON


def test_hint_names_the_best_column_and_its_meaning() -> None:
    child = spawn("--moves", WON)
    child.expect(PROMPT)
    child.sendline("h")
    child.expect(r"Hint: column (\d) - (.*)\.\r?\n")
    assert child.match.group(1) == "5"
    assert child.match.group(2) == "you can win with your 17th disc (in 9 moves)"
    assert quit_and_record(child) == WON


def test_value_of_every_column() -> None:
    child = spawn("--moves", WON)
    child.expect(PROMPT)
    child.sendline("a")
    child.expect(r"The value of each column for red")
    child.expect(PROMPT)
    lines = dict(re.findall(r"^  (\d)  (.*?)\r?$", child.before, re.M))
    assert lines["3"] == "full"
    assert lines["5"] == "you win with your 17th disc (in 9 moves)   <- best"
    assert not any("<- best" in lines[c] for c in "12467")
    child.sendline("q")
    child.expect(pexpect.EOF)


def test_undo_takes_back_the_reply_and_the_move() -> None:
    child = spawn("--moves", DRAWN)
    child.expect(PROMPT)
    child.sendline("3")
    child.expect(r"plays column \d")
    child.expect(PROMPT)
    child.sendline("u")
    child.expect(r"Took back 2 moves")
    assert quit_and_record(child) == DRAWN


@pytest.mark.parametrize(
    ("typed", "answer"),
    [
        ("x", r"'x' is not a move or a command"),
        ("0", r"There is no column 0: the columns are 1 to 7\."),
        ("8", r"There is no column 8: the columns are 1 to 7\."),
        ("3", r"Column 3 is full: choose one of 1 2 4 5 6 7\."),
        ("hello world", r"'hello world' is not a move or a command"),
    ],
)
def test_bad_input_is_refused_and_the_game_unchanged(typed: str, answer: str) -> None:
    child = spawn("--moves", WON)
    child.expect(PROMPT)
    child.sendline(typed)
    child.expect(answer)
    child.expect(PROMPT)
    assert "Traceback" not in child.before
    assert quit_and_record(child) == WON


def test_save_then_load(tmp_path: Path) -> None:
    path = tmp_path / "game.txt"
    child = spawn("--moves", DRAWN)
    child.expect(PROMPT)
    child.sendline("3")
    child.expect(r"plays column (\d)")
    saved = DRAWN + "3" + child.match.group(1)
    child.expect(PROMPT)
    child.sendline(f"s {path}")
    child.expect(r"Saved the record \((\d+)\)")
    assert child.match.group(1) == saved
    assert path.read_text() == saved + "\n"
    child.sendline("u")
    child.expect("Took back")
    child.sendline(f"l {path}")
    child.expect(r"Loaded .*: (\d+)\.")
    assert child.match.group(1) == saved
    child.expect(PROMPT)
    child.sendline(f"l {tmp_path / 'missing.txt'}")
    child.expect(r"Could not load .*missing\.txt: No such file or directory\.")
    assert quit_and_record(child) == saved


def test_loading_a_file_that_is_no_record_quotes_only_its_start(tmp_path: Path) -> None:
    path = tmp_path / "passwd"
    path.write_text("root:x:0:0:root:/root:/bin/bash\n" * 300)
    child = spawn("--moves", DRAWN)
    child.expect(PROMPT)
    child.sendline(f"l {path}")
    child.expect(r"Could not load .*passwd: invalid move string '(.*)'\.\.\. \((\d+) characters\): "
                 r"character 1 is 'r'.*\.\r\n")
    assert child.match.group(1) == "root:x:0:0:root:/root:/bin/bashroot:x:0:"  # lines joined
    assert int(child.match.group(2)) == 31 * 300
    child.expect(PROMPT)
    assert child.before.strip() == ""  # nothing more of the file
    assert quit_and_record(child) == DRAWN


def test_ctrl_c_at_the_prompt_leaves_with_the_record() -> None:
    child = spawn("--moves", DRAWN)
    child.expect(PROMPT)
    child.sendintr()
    child.expect(r"Record: (\d+)")
    assert child.match.group(1) == DRAWN
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    assert "Traceback" not in (child.before or "")


def screen(output: str) -> list[str]:
    """The lines a terminal shows of ``output`` (without escapes): a carriage return goes
    back to the start of the line, whose characters what follows overwrites."""
    lines: list[list[str]] = [[]]
    col = 0
    for ch in output:
        if ch == "\n":
            lines.append([])
            col = 0
        elif ch == "\r":
            col = 0
        else:
            line = lines[-1]
            line[col:col + 1] = [ch]
            col += 1
    return ["".join(line).rstrip() for line in lines]


@pytest.mark.parametrize(
    ("command", "thinking", "stopped"),
    [("a", "Solving every column", "Analysis stopped."), ("h", "Looking for the best move", "Hint stopped.")],
)
def test_ctrl_c_during_a_search_at_the_prompt_leaves_nothing_of_its_echo(
    command: str, thinking: str, stopped: str
) -> None:
    # Two discs down and no book: neither search ends before the Ctrl-C.
    child = spawn("--moves", "44", "--book", "none", "--human-vs-human")
    child.logfile_read = io.StringIO()
    child.expect(r"to move, 1-7 or \? for help> ")
    child.sendline(command)
    child.expect(rf"{thinking}\.\.\. \d+ s \(Ctrl-C to stop\)")
    child.sendintr()
    child.expect(re.escape(stopped))
    child.expect(r"for help> ")
    shown = screen(child.logfile_read.getvalue())
    at = shown.index(stopped)
    # The terminal echoed ^C after the spinner's line; both are gone, and the message
    # takes their line, just under the command typed.
    assert shown[at - 1].endswith(f"for help> {command}")
    assert not any("^C" in line or line == "C" for line in shown)
    assert quit_and_record(child) == "44"


def test_end_of_input_leaves_with_the_record() -> None:
    child = spawn("--moves", DRAWN)
    child.expect(PROMPT)
    child.sendeof()
    child.expect(r"Record: (\d+)")
    assert child.match.group(1) == DRAWN
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_ctrl_c_while_perfect_thinks_returns_to_the_prompt() -> None:
    # Three discs down and no book: an exact solve takes far longer than this test waits.
    child = spawn("--moves", "44", "--book", "none", level="perfect")
    child.expect(PROMPT)
    child.sendline("4")
    child.expect(r"yellow is thinking")
    child.sendintr()
    child.expect(r"Stopped: the engine did not move and the game is unchanged\.")
    child.expect(r"The engine \(yellow \(O\)\) is to move")
    assert quit_and_record(child) == "444"


def test_no_color_has_no_escapes_and_tells_discs_apart() -> None:
    child = spawn("--moves", DRAWN)
    child.expect(PROMPT)
    screen = child.before
    assert ESCAPE not in screen
    rows = [line for line in screen.splitlines() if line.startswith(" |")]
    assert len(rows) == link4.HEIGHT
    board = "".join(rows)
    assert board.count("X") + board.count("O") == len(DRAWN)
    assert board.count("X") == (len(DRAWN) + 1) // 2
    assert "[O]" in board  # yellow's last disc is marked
    quit_and_record(child)


def test_colour_in_a_terminal_and_not_with_the_flag() -> None:
    child = spawn("--moves", DRAWN, colour=True)
    child.expect(ANY_PROMPT)
    assert "\x1b[1;31mX" in child.before and "\x1b[1;33mO" in child.before
    quit_and_record(child)
    child = spawn("--moves", DRAWN, "--no-color", colour=True)
    child.expect(ANY_PROMPT)
    assert ESCAPE not in child.before
    quit_and_record(child)


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    return subprocess.run(
        [sys.executable, "-m", "link4", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        stdin=subprocess.DEVNULL,
    )


@pytest.mark.parametrize(("command", "names"), [(["play"], LEVELS), (["evaluate"], BOT_NAMES)])
def test_the_help_gives_each_level_s_rating(command: list[str], names: tuple[str, ...]) -> None:
    r = run_cli(*command, "--help")
    text = " ".join(r.stdout.split())  # argparse wraps the lines where it likes
    for name in names:
        word = "" if name in ("random", "perfect") else f" {LEVEL_NAMES[name]}"
        assert f"{name}{word} ({RATINGS[name].elo:.0f}" in text, name
    assert "Elo ratings measured on 7x6, random = 0" in text


def test_engine_vs_engine_piped_plays_to_the_end_without_escapes() -> None:
    r = run_cli("play", "--engine-vs-engine", "--level", "7", "--moves", DRAWN, "--seed", "1")
    assert r.returncode == 0, r.stderr
    assert ESCAPE not in r.stdout
    record = re.search(r"Record: (\d+)", r.stdout)
    assert record is not None
    game = link4.Game(record.group(1))
    assert game.is_over() and game.moves.startswith(DRAWN)
    # Deterministic under a seed.
    again = run_cli("play", "--engine-vs-engine", "--level", "7", "--moves", DRAWN, "--seed", "1")
    assert again.stdout == r.stdout


def test_bad_start_position_is_one_line_on_stderr() -> None:
    r = run_cli("play", "--moves", "44a")
    assert r.returncode == 2
    assert r.stdout == ""
    assert r.stderr.count("\n") == 1
    assert "invalid move string '44a'" in r.stderr


def test_coin_flip_is_announced() -> None:
    child = spawn("--moves", DRAWN, "--first", "random")
    child.expect(r"Coin flip: (you move|the engine moves) first\.")
    child.sendline("q")
    child.expect(pexpect.EOF)


def test_a_book_that_cannot_be_read_is_refused(tmp_path: Path) -> None:
    r = subprocess.run([sys.executable, "-m", "link4", "play", "--book", str(tmp_path / "x.l4b")],
                       capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
    assert r.returncode == 2
    assert r.stderr.startswith("link4 play: --book: cannot read the book") and r.stdout == ""


@pytest.mark.parametrize("threads", ["0", "-1", "257"])
def test_a_thread_count_out_of_range_is_refused(threads: str) -> None:
    r = run_cli("play", "--threads", threads)
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.endswith(
        f"link4 play: error: argument --threads: must be a whole number from 1 to 256, not '{threads}'\n"
    )
