"""The ``link4`` command line.

It only parses arguments and hands each command to its module (``link4.commands``).
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from typing import Any

from link4._version import __version__
from link4.errors import quoted

__all__ = ["build_parser", "main"]

# Command name -> module under link4.commands. Each module has add_parser() and run().
COMMANDS = ("play", "solve", "analyze", "review", "bench", "book", "dataset", "evaluate", "serve")


class _Parser(argparse.ArgumentParser):
    """A parser that names itself as the one to refuse what it parses.

    The subparsers are of the same class (argparse makes them so), and the innermost one
    chosen sets ``refuse`` last: so arguments that no parser takes are refused with the
    usage of the command they were given to (``link4 analyze 44 55``: analyze's usage).
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.set_defaults(refuse=self.error)


def build_parser() -> argparse.ArgumentParser:
    """The parser of ``link4``'s arguments, with every command's subparser.

    Returns:
        The parser. The arguments it parses carry ``command``, the command's name (None
        when none is given), and, for a command, ``func``, the function that runs it
        on them and gives the exit status.

    Example:
        >>> args = build_parser().parse_args(["solve", "--weak", "4453"])
        >>> args.command, args.positions, args.weak
        ('solve', ['4453'], True)
    """
    parser = _Parser(
        prog="link4",
        description="link4: a perfect Connect Four engine. Moves are written as digits 1-7 "
        "(1 = leftmost column), e.g. 4453; on another board (--size WxH), 1 to W, with a, b "
        "and c for columns 10, 11 and 12.",
    )
    parser.add_argument("--version", action="version", version=f"link4 {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        importlib.import_module(f"link4.commands.{name}").add_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``link4`` command line on ``argv``, as the ``link4`` program does.

    Args:
        argv: the arguments, without the program's name; by default ``sys.argv[1:]``.

    Returns:
        The command's exit status; 0 after printing the help when no command is given;
        130 when Ctrl-C stops the command (after ``interrupted`` on stderr); 141 when
        the reader of the output goes away (a broken pipe).

    Raises:
        SystemExit: for ``--help`` and ``--version`` (status 0) and for arguments the
            parser refuses (status 2, after the usage on stderr), as argparse does.

    Example:
        >>> main(["solve", "--table-mb", "4", "4453"])     # moves, score, nodes, microseconds
        4453 -2 ...
        0
    """
    parser = build_parser()
    args, extra = parser.parse_known_args(argv)
    if extra:
        args.refuse(f"unrecognized arguments: {quoted(' '.join(extra))}")
    if args.command is None:
        parser.print_help()
        return 0
    try:
        return int(args.func(args))
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 141


if __name__ == "__main__":
    sys.exit(main())
