"""The installed package: its command, its metadata and what importing it costs."""

from __future__ import annotations

import importlib.metadata
import importlib.resources
import os
import re
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

import link4

# CI runs this module again against the wheel built from the sdist (what the wheel carries).
pytestmark = pytest.mark.wheel


def _run(*argv: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "80"}
    return subprocess.run(
        argv, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=60, env=env
    )


def _link4_command() -> str:
    # The console script of the environment running the tests, not one found on PATH.
    scripts = Path(sysconfig.get_path("scripts"))
    for name in ("link4", "link4.exe"):
        if (scripts / name).is_file():
            return str(scripts / name)
    pytest.fail(f"the link4 command is not installed in {scripts}")


@pytest.mark.parametrize("args", [["--version"], ["--help"]], ids=["version", "help"])
def test_python_m_link4_behaves_like_the_command(args: list[str]) -> None:
    command = _run(_link4_command(), *args)
    module = _run(sys.executable, "-m", "link4", *args)
    assert command.returncode == 0, command.stderr
    assert (module.returncode, module.stdout, module.stderr) == (
        command.returncode,
        command.stdout,
        command.stderr,
    )


def test_python_m_link4_reports_errors_like_the_command() -> None:
    command = _run(_link4_command(), "no-such-command")
    module = _run(sys.executable, "-m", "link4", "no-such-command")
    assert command.returncode == 2
    assert (module.returncode, module.stdout, module.stderr) == (
        command.returncode,
        command.stdout,
        command.stderr,
    )


def test_version_is_the_distribution_version() -> None:
    assert link4.__version__ == importlib.metadata.version("link4")
    assert _run(_link4_command(), "--version").stdout.strip() == f"link4 {link4.__version__}"


def test_the_package_ships_its_type_information() -> None:
    package = importlib.resources.files("link4")
    assert package.joinpath("py.typed").is_file()
    stub = package.joinpath("_core.pyi").read_text(encoding="utf-8")
    assert "class Solver" in stub and "class Position" in stub


def test_the_package_ships_the_web_page_and_all_it_loads() -> None:
    # link4 serve serves the files of this folder and nothing else: the page must find
    # every script, style sheet and icon that it names there.
    static = importlib.resources.files("link4.web").joinpath("static")
    page = static.joinpath("index.html").read_text(encoding="utf-8")
    names = set(re.findall(r'(?:src|href)="/?static/([^"]+)"', page))
    scripts = [n for n in names if n.endswith(".js")]
    while scripts:  # the modules that the scripts import, and theirs
        code = static.joinpath(scripts.pop()).read_text(encoding="utf-8")
        imported = set(re.findall(r"""from ["']\./([^"']+)["']""", code)) - names
        names |= imported
        scripts += [n for n in imported if static.joinpath(n).is_file()]
    assert {"app.js", "play.js", "board.js", "api.js", "app.css"} <= names
    missing = sorted(n for n in names if not static.joinpath(n).is_file())
    assert missing == []


def test_import_loads_no_optional_dependency() -> None:
    # `import link4` must stay cheap: numpy and the adapters' libraries load on first use,
    # and so does the shipped book, with importlib.resources (a third of the import).
    heavy = {"numpy", "pyspiel", "open_spiel", "hypothesis", "pexpect", "asyncio", "multiprocessing"}
    heavy |= {"gymnasium", "pettingzoo", "kaggle_environments", "cairosvg", "pygame"}
    heavy |= {"importlib.resources", "pathlib", "tempfile"}
    # An editable install's import hook loads pathlib before the interpreter runs `-c`:
    # forgotten first, so that this check sees what a wheel's `import link4` loads.
    code = (f"import sys; [sys.modules.pop(name, None) for name in {sorted(heavy)!r}]; "
            "before = set(sys.modules); import link4; "
            "print(' '.join(sorted(set(sys.modules) - before)))")
    loaded = set(_run(sys.executable, "-c", code).stdout.split())
    assert "link4._core" in loaded
    integrations = {f"link4.{name}" for name in ("kaggle", "pettingzoo", "gymnasium", "openspiel", "svg")}
    assert loaded & (heavy | integrations) == set()


@pytest.mark.skipif(not sysconfig.get_config_var("Py_GIL_DISABLED"), reason="not a free-threaded Python")
def test_import_keeps_the_gil_disabled() -> None:
    # The module declares that it needs no GIL; otherwise importing it turns the GIL on.
    code = "import sys, link4, link4._core; print(sys._is_gil_enabled())"
    result = _run(sys.executable, "-c", code)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "False"
