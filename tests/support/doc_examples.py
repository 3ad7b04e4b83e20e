"""The code blocks of Markdown pages, and their ``>>>`` examples run as one session.

For tests/project/test_readme.py and tests/project/test_docs.py: a reader types a page's examples into
one Python session, so each block goes on from the names the blocks before it made.
"""

from __future__ import annotations

import doctest
import re
from dataclasses import dataclass
from pathlib import Path

# A fence's opening line: its backticks, then a language ("pycon") or a MyST directive
# ("{toctree}"), or nothing.
OPENING_FENCE = re.compile(r"^(`{3,})(\S*)")


@dataclass(frozen=True)
class Block:
    language: str
    text: str
    line: int  # of the block's first line in the page, counted from 0


def code_blocks(page: Path) -> list[Block]:
    """The fenced blocks of a Markdown page, in order (directives' blocks too)."""
    blocks: list[Block] = []
    lines = page.read_text(encoding="utf-8").splitlines(keepends=True)
    i = 0
    while i < len(lines):
        opening = OPENING_FENCE.match(lines[i])
        if not opening:
            i += 1
            continue
        fence, language = opening.groups()
        end = next((j for j in range(i + 1, len(lines)) if lines[j].rstrip() == fence), None)
        assert end is not None, f"{page.name}:{i + 1}: a code block is never closed"
        blocks.append(Block(language, "".join(lines[i + 1 : end]), i + 1))
        i = end + 1
    return blocks


class DoctestSession:
    """Runs blocks of ``>>>`` examples one after the other in one namespace."""

    def __init__(self) -> None:
        self._parser = doctest.DocTestParser()
        self._runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
        self._names: dict[str, object] = {}
        self._report: list[str] = []  # doctest swaps sys.stdout while it runs: collected

    def run(self, block: Block, page: Path, name: str) -> None:
        """Run ``block`` of ``page``; ``name`` says where in failure reports."""
        test = self._parser.get_doctest(block.text, self._names, name, str(page), block.line)
        self._runner.run(test, out=self._report.append, clear_globs=False)
        self._names = test.globs  # a DocTest runs in a copy: the next block goes on from it

    @property
    def tries(self) -> int:
        return self._runner.tries

    @property
    def failures(self) -> int:
        return self._runner.failures

    @property
    def report(self) -> str:
        return "".join(self._report)
