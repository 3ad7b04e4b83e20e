"""Every code example of the documentation site (docs/) runs and shows what it says.

- ``pycon`` blocks are doctests, run in order with one namespace per page, as a reader
  would type them into one session;
- ``python`` blocks are scripts: each runs in a namespace of its own and must not fail;
- ``sh`` blocks are command lines: every ``link4 ...`` command in them is parsed by
  link4's own parser (they are not run: some play a game or build a book), so an
  option that is renamed or removed fails here.

A page whose examples import a package that is not installed (an integration's extra)
is skipped, unless LINK4_REQUIRE_DOCS_EXAMPLES=1, as CI sets it.
"""

from __future__ import annotations

import contextlib
import importlib.util
import io
import os
import re
import shlex
import sys
from pathlib import Path

import pytest

from link4.cli import build_parser
from tests.support.doc_examples import Block, DoctestSession, code_blocks

DOCS = Path(__file__).resolve().parents[2] / "docs"
PAGES = sorted(p for p in DOCS.rglob("*.md") if "_build" not in p.parts) if DOCS.is_dir() else []
RUN = ("pycon", "python", "sh", "console", "bash")
IMPORT = re.compile(r"^\s*(?:>>> |\.\.\. )?(?:import|from) ([A-Za-z_]\w*)", re.MULTILINE)
SHELL_SEPARATORS = {"&&", "||", ";", "|", "<", ">", ">>", "2>", "&"}
# Not under CI's sanitizers: the same calls as the other tests again, and the
# integrations' packages, some of which only the full run installs.
pytestmark = pytest.mark.heavy


def missing_packages(blocks: list[Block]) -> list[str]:
    """The top-level packages the examples import that are not installed."""
    names = {m.group(1) for b in blocks if b.language in ("pycon", "python") for m in IMPORT.finditer(b.text)}
    return sorted(name for name in names if importlib.util.find_spec(name) is None)


def link4_commands(text: str) -> list[list[str]]:
    """The ``link4 ...`` commands of a shell block, as argument lists."""
    commands: list[list[str]] = []
    for line in text.replace("\\\n", " ").splitlines():
        words = shlex.split(line, comments=True)
        command: list[str] = []
        for word in [*words, ";"]:
            if word in SHELL_SEPARATORS:
                if command[:1] == ["link4"]:
                    commands.append(command[1:])
                elif command[:3] == ["python", "-m", "link4"]:
                    commands.append(command[3:])
                command = []
            else:
                command.append(word)
    return commands


def with_examples(pages: list[Path]) -> list[Path]:
    return [p for p in pages if any(b.language in RUN for b in code_blocks(p))]


@pytest.fixture(params=with_examples(PAGES), ids=lambda p: str(p.relative_to(DOCS)))
def page(request: pytest.FixtureRequest) -> Path:
    path: Path = request.param
    return path


def test_the_site_has_pages_with_examples() -> None:
    if not DOCS.is_dir():
        pytest.skip("docs/ is not beside the tests (a copy of the tests alone)")
    pages_with_pycon = [p for p in PAGES if any(b.language == "pycon" for b in code_blocks(p))]
    assert len(pages_with_pycon) >= 12, pages_with_pycon
    assert len(with_examples(PAGES)) > len(pages_with_pycon)  # shell and script examples too


def test_examples(page: Path) -> None:
    blocks = code_blocks(page)
    missing = missing_packages(blocks)
    if missing:
        if os.environ.get("LINK4_REQUIRE_DOCS_EXAMPLES") == "1":
            pytest.fail(f"{page.name}: its examples need {missing}, which are not installed")
        pytest.skip(f"{page.name}: its examples need {missing}")
    session = DoctestSession()
    checked = 0
    for block in blocks:
        where = f"{page.relative_to(DOCS)}:{block.line + 1}"
        if block.language == "pycon":
            session.run(block, page, where)
            checked += 1
        elif block.language == "python":
            run_script(block.text, where)
            checked += 1
        elif block.language in ("sh", "console", "bash"):
            for argv in link4_commands(block.text):
                parse(argv, where)
                checked += 1
    assert session.failures == 0, session.report
    assert checked > 0


def run_script(text: str, where: str) -> None:
    saved_path = list(sys.path)
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            exec(compile(text, where, "exec"), {"__name__": "__main__"})
    finally:
        sys.path[:] = saved_path


def parse(argv: list[str], where: str) -> None:
    errors = io.StringIO()
    try:
        with contextlib.redirect_stderr(errors):
            build_parser().parse_args(argv)
    except SystemExit as refused:
        pytest.fail(f"{where}: link4 {shlex.join(argv)} is refused: {errors.getvalue().strip()} ({refused})")
