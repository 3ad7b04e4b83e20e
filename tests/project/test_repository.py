"""What the repository keeps out of its files, and keeps between builds: the output of
builds (the engine's, the site's, the packages'), which git ignores so that it is never
committed nor packed into the sdist, and CMake's build folder, which a second install of
a checkout builds on."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
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


def _engine_objects_compiled(log: str) -> list[str]:
    return re.findall(r"Building CXX object \S*link4_engine\.dir/(\S+)\.o", log)


@pytest.mark.slow
def test_a_second_install_of_a_checkout_does_not_compile_the_engine_again(tmp_path: Path) -> None:
    # Two wheels built from one copy of the checkout, each in a new isolated build
    # environment as pip makes them: the second compiles the bindings again (their
    # pybind11 is another copy), but none of the engine's objects.
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    files = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, text=True, check=True)
    checkout = tmp_path / "checkout"
    for name in files.stdout.split("\0"):
        if name and (ROOT / name).is_file():
            (checkout / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, checkout / name)
    logs = []
    for n in (1, 2):
        wheels = str(tmp_path / f"wheels{n}")
        built = subprocess.run(
            [sys.executable, "-m", "pip", "wheel", "-v", "--no-deps", "-w", wheels, "."],
            cwd=checkout, capture_output=True, text=True, check=False,
        )
        assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
        logs.append(built.stdout + built.stderr)
    assert len(_engine_objects_compiled(logs[0])) > 5
    assert _engine_objects_compiled(logs[1]) == []
