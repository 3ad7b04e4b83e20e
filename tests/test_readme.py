"""The README: it opens with the two commands a new user needs, and its examples run."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

# Next to tests/ in a checkout, in the sdist, and in the copies that the wheel tests use.
README = Path(__file__).resolve().parent.parent / "README.md"

FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.MULTILINE | re.DOTALL)


@pytest.fixture(scope="module")
def readme() -> str:
    assert README.is_file(), f"README.md not found next to {Path(__file__).parent}"
    return README.read_text(encoding="utf-8")


def test_readme_opens_with_install_and_test_commands(readme: str) -> None:
    blocks = FENCE.findall(readme)
    assert blocks, "README.md has no code block"
    before = readme[: readme.index("```")]
    assert "\n## " not in before, "the first code block must come before any section"
    commands = [line.split("#")[0].strip() for line in blocks[0][1].splitlines()]
    assert [c for c in commands if c] == [
        "pip install . && link4 play",
        'pip install ".[test]" && python -m pytest',
    ]


def test_readme_is_a_landing_page_of_at_most_200_lines(readme: str) -> None:
    # The guides and the reference are the documentation site's (docs/): the README
    # says what link4 is and points there.
    assert len(readme.splitlines()) <= 200
    assert "docs/index.md" in readme and "docs/getting-started.md" in readme


def test_readme_python_examples(readme: str) -> None:
    # Only the fenced examples are doctests, so the closing fence is never read as output.
    examples = [
        m for m in FENCE.finditer(readme) if m.group(1) in ("pycon", "python") and ">>>" in m.group(2)
    ]
    assert examples, "README.md has no Python example"
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    globs: dict[str, object] = {}  # shared, as a reader runs the examples in one session
    report: list[str] = []  # doctest swaps sys.stdout while it runs, so collect the report
    for m in examples:
        line = readme.count("\n", 0, m.start(2))  # so failures point at README lines
        test = parser.get_doctest(m.group(2), globs, "README.md", str(README), line)
        runner.run(test, out=report.append)
    assert runner.tries > 0
    assert runner.failures == 0, "".join(report)
