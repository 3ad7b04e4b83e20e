"""The README: it opens with the two commands a new user needs, and its examples run."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.support.doc_examples import DoctestSession, code_blocks
from tests.support.published_sizes import PUBLISHED

# CI runs this module again against the wheel built from the sdist (what the wheel carries).
pytestmark = pytest.mark.wheel

# At the root of a checkout, of the sdist, and of the copies that the wheel tests use.
README = Path(__file__).resolve().parents[2] / "README.md"


@pytest.fixture(scope="module")
def readme() -> str:
    assert README.is_file(), f"README.md not found in {README.parent}"
    return README.read_text(encoding="utf-8")


def test_readme_opens_with_install_and_test_commands(readme: str) -> None:
    blocks = code_blocks(README)
    assert blocks, "README.md has no code block"
    before = readme[: readme.index("```")]
    assert "\n## " not in before, "the first code block must come before any section"
    commands = [line.split("#")[0].strip() for line in blocks[0].text.splitlines()]
    assert [c for c in commands if c] == [
        "pip install . && link4 play",
        'pip install ".[test]" && python -m pytest',
    ]


@pytest.mark.parametrize("page", ["README.md", "docs/index.md", "docs/getting-started.md"])
def test_the_install_said_is_the_one_that_works_before_a_release(page: str) -> None:
    # link4 has no release yet: a page says to install from a checkout, and speaks of
    # `pip install link4` only as what the published wheels will allow.
    path = README.parent / page
    if not path.is_file():
        pytest.skip(f"{page} is not beside the tests (a copy of the tests alone)")
    text = path.read_text(encoding="utf-8")
    commands = [line.split("#")[0].strip() for b in code_blocks(path) for line in b.text.splitlines()]
    installs = [c for c in commands if c.startswith("pip install")]
    assert installs and installs[0].startswith("pip install ."), installs
    assert not any(c.startswith("pip install link4") for c in commands)
    for sentence in re.split(r"(?<=\.)\s", " ".join(text.split())):
        if "`pip install link4`" in sentence:
            assert "published" in sentence, sentence


def test_the_larger_boards_solved_are_said_to_end_as_published(readme: str) -> None:
    # Each row of the README's table of larger boards claims who wins the empty board
    # and on which move: the published table's answer, a draw filling the board.
    row = r"^\| (\d+)\u00d7(\d+) \| (?:(first|second) player, move (\d+)|(draw)) \|"
    rows = re.findall(row, readme, re.M)
    published = {(w, h): (outcome, move) for w, h, outcome, move in PUBLISHED}
    assert len(rows) >= 9, rows
    for width, height, winner, move, draw in rows:
        w, h = int(width), int(height)
        said = ("draw", w * h) if draw else (winner, int(move))
        assert said == published[w, h], f"{w}x{h}"


def test_readme_is_a_landing_page_of_at_most_200_lines(readme: str) -> None:
    # The guides and the reference are the documentation site's (docs/): the README
    # says what link4 is and points there.
    assert len(readme.splitlines()) <= 200
    assert "docs/index.md" in readme and "docs/getting-started.md" in readme


def test_readme_python_examples(readme: str) -> None:
    # Only the fenced examples are doctests, so the closing fence is never read as output.
    examples = [b for b in code_blocks(README) if b.language in ("pycon", "python") and ">>>" in b.text]
    assert examples, "README.md has no Python example"
    session = DoctestSession()
    for block in examples:
        session.run(block, README, "README.md")
    assert session.tries > 0
    assert session.failures == 0, session.report
