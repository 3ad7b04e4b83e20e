"""The examples in the package's docstrings run and give what they show."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "link4",
    "link4.engine",
    "link4.game",
    "link4.outcome",
    "link4.levels",
    "link4.dataset",
    "link4.book",
    "link4._text",
    "link4.player",
    "link4.kaggle",
    "link4.svg",
    "link4.score",
    # The module, not the function link4.perft that the package's namespace holds.
    "link4.perft",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    if name == "link4.game":
        pytest.importorskip("numpy")  # Game.to_planes's example
    module = importlib.import_module(name)
    assert module.__name__ == name
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, verbose=False)
    assert result.attempted > 0, f"{name} has no example"
    assert result.failed == 0
