"""What the repository keeps out: the output of builds (the engine's, the site's, the
packages'), which git ignores so that it is never committed nor packed into the sdist."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    "path",
    [
        "docs/_build/html/index.html",  # the documentation site
        "build/cp311-cp311-linux_x86_64/CMakeCache.txt",  # the engine's kept build
        "dist/link4-0.1.0.tar.gz",
        "python/link4/_core.cpython-311-x86_64-linux-gnu.so",
    ],
)
def test_build_output_is_ignored(path: str) -> None:
    if not (ROOT / ".git").exists() or shutil.which("git") is None:
        pytest.skip("not a git checkout")
    ignored = subprocess.run(
        ["git", "check-ignore", "--no-index", "--quiet", path], cwd=ROOT, check=False
    )
    assert ignored.returncode == 0, f"{path} is not ignored by git"
