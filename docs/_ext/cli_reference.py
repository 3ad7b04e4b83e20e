"""A Sphinx directive: the command line's reference, generated from link4's own parsers.

``.. link4-command-line::`` gives a section for ``link4`` and one for each of its
commands (``link4 book build`` too), holding exactly what ``--help`` prints for it, so
that the reference never drifts from the program. The help is formatted 88 columns
wide, whatever the terminal that builds the site.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Iterator
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from link4.cli import build_parser

COLUMNS = "90"  # argparse leaves two columns free: 88 of text


Command = tuple[str, argparse.ArgumentParser]


def commands(parser: argparse.ArgumentParser, words: list[str]) -> Iterator[Command]:
    """Each command line with its parser: the program first, then its commands, depth first."""
    yield " ".join(words), parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, subparser in action.choices.items():
                yield from commands(subparser, [*words, name])


def help_text(parser: argparse.ArgumentParser) -> str:
    """What ``--help`` prints, at a fixed width."""
    saved = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = COLUMNS
    try:
        return parser.format_help()
    finally:
        if saved is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = saved


class CommandLineReference(SphinxDirective):
    """One section per command line, its help in a literal block."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        sections: list[nodes.Node] = []
        for command, parser in commands(build_parser(), ["link4"]):
            section = nodes.section(ids=[nodes.make_id(command)])
            section += nodes.title(text=command)
            section += nodes.literal_block(text=help_text(parser), language="text")
            sections.append(section)
        return sections


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directive."""
    app.add_directive("link4-command-line", CommandLineReference)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
