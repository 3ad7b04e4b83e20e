"""Every numeric option of every command: a bad value is refused before any work starts,
with a message that names the option and quotes the value as it was typed."""

from __future__ import annotations

import pytest

from link4.cli import COMMANDS, main

BUILD = ["book", "build", "--depth", "2", "--out", "b.l4b"]
MB = "a number of MB from 4 to 1048576"

# (the command and what it needs besides, the option, the value refused, what is allowed)
REFUSED = [
    (["solve", "44"], "--table-mb", "0", MB),
    (["solve", "44"], "--table-mb", "1e400", MB),
    (["solve", "44"], "--threads", "0", "a whole number from 1 to 256"),
    (["solve", "44"], "--threads", "1.5", "a whole number from 1 to 256"),
    (["analyze", "44"], "--table-mb", "2", MB),
    (["analyze", "44"], "--time-limit", "0", "a number of seconds > 0 or inf (no limit)"),
    (["analyze", "44"], "--time-limit", "nan", "a number of seconds > 0 or inf (no limit)"),
    (["serve"], "--time-limit", "inf", "a number of seconds > 0"),
    (["play"], "--threads", "257", "a whole number from 1 to 256"),
    (["play"], "--delay", "-0.5", "a number of seconds >= 0"),
    (["play"], "--seed", "-1", "a whole number >= 0"),
    (["bench"], "--limit", "0", "a whole number >= 1"),
    (["bench"], "--threads", "x", "a whole number from 1 to 256"),
    (["evaluate", "--agent", "1"], "--games", "0", "a whole number >= 1"),
    (["evaluate", "--agent", "1"], "--nodes", "-5", "a whole number >= 1"),
    (["evaluate", "--agent", "1"], "--seed", "seven", "a whole number >= 0"),
    (["evaluate", "--agent", "1"], "--threads", "0", "a whole number from 1 to 256"),
    (["serve"], "--port", "65536", "a whole number from 0 to 65535"),
    (["serve"], "--threads", "0", "a whole number from 1 to 256"),
    (["serve"], "--lone-threads", "0", "a whole number from 1 to 256"),
    (["serve"], "--time-limit", "-1", "a number of seconds > 0"),
    (["serve"], "--table-mb", "0", MB),
    (["dataset", "--out", "d.npz"], "--count", "0", "a whole number >= 1"),
    (["dataset", "--out", "d.npz"], "--seed", "-3", "a whole number >= 0"),
    (["dataset", "--out", "d.npz"], "--threads", "0", "a whole number from 1 to 256"),
    (["dataset", "--out", "d.npz"], "--table-mb", "3.5", MB),
    (BUILD, "--workers", "0", "a whole number >= 1"),
    (BUILD, "--task-size", "0", "a whole number >= 1"),
    (BUILD, "--table-mb", "0", MB),
    (["book", "verify", "b.l4b"], "--sample", "-1", "a whole number >= 0"),
    (["book", "verify", "b.l4b"], "--seed", "-1", "a whole number >= 0"),
]


def refused(args: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """The last line of what the command line says when it refuses ``args`` (exit 2)."""
    with pytest.raises(SystemExit) as stop:
        main(args)
    assert stop.value.code == 2
    out, err = capsys.readouterr()
    assert out == "" and "Traceback" not in err
    return err.splitlines()[-1]


@pytest.mark.parametrize(("command", "option", "value", "allowed"), REFUSED)
def test_a_bad_value_names_the_option_and_the_value_as_typed(
    command: list[str], option: str, value: str, allowed: str, capsys: pytest.CaptureFixture[str]
) -> None:
    name = " ".join(command[:2]) if command[0] == "book" else command[0]  # book's own commands
    line = refused([*command, option, value], capsys)
    assert line == f"link4 {name}: error: argument {option}: must be {allowed}, not '{value}'"


def test_a_long_bad_value_is_quoted_cut(capsys: pytest.CaptureFixture[str]) -> None:
    line = refused(["solve", "--table-mb", "9" * 5000, "44"], capsys)
    assert line.endswith(f"not '{'9' * 40}'... (5000 characters)")


@pytest.mark.parametrize(
    ("command", "option", "allowed"),
    [
        (["play"], "--level", "1, 2, 3, 4, 5, 6, 7, 8, perfect"),
        (["play"], "--first", "human, engine, random"),
        (["evaluate", "--agent", "random"], "--opponent", "random, 1, 2, 3, 4, 5, 6, 7, 8, perfect, ladder"),
        (["dataset", "--out", "d.jsonl"], "--format", "npz, jsonl, csv"),
    ],
)
def test_a_long_value_that_is_no_choice_is_quoted_cut(
    command: list[str], option: str, allowed: str, capsys: pytest.CaptureFixture[str]
) -> None:
    line = refused([*command, option, "x" * 3000], capsys)
    assert line == (f"link4 {command[0]}: error: argument {option}: must be one of {allowed}, "
                    f"not '{'x' * 40}'... (3000 characters)")


def test_arguments_no_command_takes_are_refused_with_that_command_s_usage(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        main(["analyze", "44", "55"])
    err = capsys.readouterr().err
    assert err.startswith("usage: link4 analyze ")
    assert err.endswith("link4 analyze: error: unrecognized arguments: '55'\n")
    with pytest.raises(SystemExit):
        main(["book", "info", "b.l4b", "extra"])
    assert capsys.readouterr().err.startswith("usage: link4 book info ")
    with pytest.raises(SystemExit):
        main(["--bogus"])
    assert capsys.readouterr().err.startswith("usage: link4 [-h]")


@pytest.mark.parametrize("command", [*COMMANDS, "book build", "book verify", "book info"])
def test_every_help_writes_a_percent_sign_as_one(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main([*command.split(), "--help"])
    shown = capsys.readouterr().out
    assert "%%" not in shown
    if command == "evaluate":
        assert "with 95 % intervals" in " ".join(shown.split())
