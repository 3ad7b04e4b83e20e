"""The link4 command line. It only parses arguments and hands each command to its module."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from link4._version import __version__

# Command name -> module under link4.commands. Each module has add_parser() and run().
COMMANDS = ("play", "solve", "analyze", "bench", "book", "dataset", "evaluate", "serve")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="link4",
        description="link4: a perfect Connect Four engine. Moves are written as digits 1-7 "
        "(1 = leftmost column), e.g. 4453; on another board (--size WxH), 1 to W.",
    )
    parser.add_argument("--version", action="version", version=f"link4 {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        importlib.import_module(f"link4.commands.{name}").add_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
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
