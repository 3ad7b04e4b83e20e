"""The examples in the package's docstrings run and give what they show.

They are the examples of the API reference (docs/reference/), which renders these
docstrings: every public module's examples run, and the modules most read have some.
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import link4

# CI runs this module again against the wheel built from the sdist (what the wheel carries).
pytestmark = pytest.mark.wheel

# Public modules: no component with a leading underscore. link4.commands is the command
# line's implementation (its reference is the command line's, generated from its parsers).
PUBLIC = sorted(
    name
    for name in ["link4"] + [m.name for m in pkgutil.walk_packages(link4.__path__, prefix="link4.")]
    if not any(part.startswith("_") for part in name.split(".")) and not name.startswith("link4.commands")
)
# The modules that must show at least one example.
WITH_EXAMPLES = {
    "link4", "link4.engine", "link4.game", "link4.outcome", "link4.players", "link4.dataset",
    "link4.book", "link4.kaggle", "link4.svg", "link4.score", "link4.perft",
    "link4.batch", "link4.vector", "link4.wording", "link4.evaluation", "link4.gymnasium",
    "link4.web.app", "link4.bench",
}
# Optional packages an integration's module imports.
NEEDS = {
    "link4.gymnasium": ["gymnasium", "numpy"],
    "link4.pettingzoo": ["pettingzoo", "gymnasium", "numpy"],
    "link4.openspiel": ["pyspiel"],
    "link4.vector": ["gymnasium", "numpy"],
    "link4.evaluation": ["gymnasium", "numpy"],
    "link4.game": ["numpy"],  # Game.to_planes's example
    "link4.web": ["starlette", "uvicorn"],
}


def test_the_list_of_public_modules_is_complete() -> None:
    assert set(PUBLIC) >= WITH_EXAMPLES
    assert "link4.web.app" in PUBLIC and "link4.vector.env" in PUBLIC


@pytest.mark.parametrize("name", PUBLIC)
def test_docstring_examples(name: str) -> None:
    for module_name, packages in NEEDS.items():
        if name == module_name or name.startswith(f"{module_name}."):
            for package in packages:
                pytest.importorskip(package)
    module = importlib.import_module(name)
    assert module.__name__ == name
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, verbose=False)
    assert result.failed == 0
    if name in WITH_EXAMPLES:
        assert result.attempted > 0, f"{name} has no example"
