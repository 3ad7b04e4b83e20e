"""The import check of CI (tools/check_imports.py) holds the package to the layers of
docs/layout.md: the package passes it, and each kind of breach fails it, named."""

from __future__ import annotations

import importlib.util
import shutil
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHECKER = ROOT / "tools" / "check_imports.py"
LAYOUT = ROOT / "docs" / "layout.md"

pytestmark = pytest.mark.skipif(
    not (CHECKER.is_file() and LAYOUT.is_file() and (ROOT / "python" / "link4").is_dir()),
    reason="needs a checkout: tools/, docs/ and python/link4",
)


@pytest.fixture(scope="module")
def checker() -> ModuleType:
    spec = importlib.util.spec_from_file_location("check_imports", CHECKER)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault(spec.name, module)  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def package(tmp_path: Path) -> Path:
    """A copy of the package's sources to break."""
    copy = tmp_path / "link4"
    shutil.copytree(ROOT / "python" / "link4", copy, ignore=shutil.ignore_patterns("*.so", "__pycache__"))
    return copy


def test_the_package_keeps_its_layers(checker: ModuleType) -> None:
    assert checker.check(ROOT / "python" / "link4", LAYOUT) == []


def test_the_table_has_the_seven_layers_bottom_up(checker: ModuleType) -> None:
    names = [name for name, _ in checker.read_layers(LAYOUT, "link4")]
    assert names == ["rules", "solving", "players", "rl", "integrations", "web", "command line"]


def test_an_import_from_a_layer_above_fails(checker: ModuleType, package: Path) -> None:
    with (package / "score.py").open("a") as f:
        f.write("\n\ndef _late():\n    from link4.players import Engine\n\n    return Engine\n")
    problems = checker.check(package, LAYOUT)
    assert len(problems) == 1
    assert "link4.score (layer solving) imports link4.players, of layer players" in problems[0]


def test_an_import_for_type_checking_only_does_not_count(checker: ModuleType, package: Path) -> None:
    with (package / "score.py").open("a") as f:
        f.write("\nfrom typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n")
        f.write("    from link4.web.app import create_app\n")
    assert checker.check(package, LAYOUT) == []


def test_the_package_front_is_imported_by_no_layer(checker: ModuleType, package: Path) -> None:
    with (package / "limit.py").open("a") as f:
        f.write("\n\ndef _front():\n    import link4\n\n    return link4\n")
    problems = checker.check(package, LAYOUT)
    expected = "link4.limit (layer solving) imports link4, of the package front"
    assert [p.split(": ", 1)[1] for p in problems] == [expected]


def test_a_module_in_no_layer_and_a_row_of_no_module_fail(
    checker: ModuleType, package: Path, tmp_path: Path
) -> None:
    (package / "stray.py").write_text('"""A module the table does not place."""\n')
    layout = tmp_path / "layout.md"
    layout.write_text(LAYOUT.read_text(encoding="utf-8").replace("`perft` |", "`perft`, `ghost` |"))
    problems = checker.check(package, layout)
    assert len(problems) == 2
    assert any(p.endswith("link4.stray is in no layer of " + str(layout)) for p in problems)
    assert any("the layer rules names link4.ghost, no module of its own" in p for p in problems)
