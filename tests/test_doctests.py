"""The examples in the docstrings of the player-facing modules run as written."""

from __future__ import annotations

import doctest
import importlib

import pytest


@pytest.mark.parametrize("name", ["link4", "link4.game", "link4.player", "link4.kaggle", "link4.svg"])
def test_docstring_examples(name: str) -> None:
    if name == "link4.game":
        pytest.importorskip("numpy")  # Game.to_planes's example
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0
    assert result.failed == 0
