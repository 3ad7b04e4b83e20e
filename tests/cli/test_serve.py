"""`link4 serve` as a command: what it says on start, its log, its stops, its options."""

from __future__ import annotations

import os
import signal
import socket
import stat
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from tests.support.web_server import ServerProcess, needs_web, started_server

needs_web()


def link4(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "link4", *args], capture_output=True, text=True, timeout=60, env=env
    )


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM])
def test_it_tells_where_it_listens_logs_each_request_and_stops_cleanly(stop: signal.Signals) -> None:
    server = ServerProcess()
    try:
        start = server.lines[-1]
        assert start.startswith(f"link4 serve: open {server.url} in a browser")
        assert server.url.startswith("http://127.0.0.1:")
        assert server.get("/solve?pos=4455")[0] == 200
        assert server.get("/solve?pos=9")[0] == 400
        ok = server.wait_for_line(r'"GET /solve\?pos=4455" 200 ')
        bad = server.wait_for_line(r'"GET /solve\?pos=9" 400 ')
        assert ok.endswith(" ms") and bad.endswith(" ms")
        assert sum('"GET ' in line for line in server.lines) == 2  # one line per request
    finally:
        status = server.stop(stop)
    assert status == 0
    assert server.lines[-1] == f"link4 serve: stopped ({stop.name})"
    assert not any("Traceback" in line for line in server.lines)


def test_a_host_other_than_loopback_is_warned_about() -> None:
    with started_server("--host", "0.0.0.0") as server:
        warning = "warning: listening on 0.0.0.0, so other machines can reach"
        assert any(warning in line for line in server.lines)
        # Any Host name is answered then (the server is meant to be reached by others).
        assert server.get("/solve?pos=4455", Host="link4.example")[0] == 200
    with started_server() as server:
        assert not any("warning" in line for line in server.lines)


def test_cors_lets_pages_of_other_origins_read_the_answers() -> None:
    origin = {"Origin": "http://app.example"}
    with started_server() as server:
        assert server.get("/solve?pos=4", **origin)[0] == 403
    with started_server("--cors") as server:
        status, answer = server.get("/solve?pos=4455", **origin)
        assert status == 200 and answer["score"][2] == 18
        preflight = urllib.request.Request(server.url + "solve?pos=4", method="OPTIONS", headers=origin)
        with urllib.request.urlopen(preflight) as answer:
            assert answer.status == 204
            assert answer.headers["access-control-allow-origin"] == "*"


def test_open_starts_a_browser_on_the_page(tmp_path: Path) -> None:
    opened = tmp_path / "opened"
    browser = tmp_path / "browser"
    browser.write_text(f"#!/bin/sh\necho \"$1\" > {opened}\n")
    browser.chmod(browser.stat().st_mode | stat.S_IEXEC)
    os.environ["BROWSER"] = str(browser)
    try:
        with started_server("--open") as server:
            for _ in range(200):
                if opened.exists() and opened.read_text().strip():
                    break
                time.sleep(0.05)
            assert opened.read_text().strip() == server.url
    finally:
        del os.environ["BROWSER"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--port", "70000"], "argument --port: must be a whole number from 0 to 65535, not '70000'"),
        (["--time-limit", "0"], "argument --time-limit: must be a number of seconds > 0, not '0'"),
        (["--time-limit", "nan"], "argument --time-limit: must be a number of seconds > 0, not 'nan'"),
        (["--threads", "0"], "argument --threads: must be a whole number from 1 to"),
        (["--lone-threads", "0"], "argument --lone-threads: must be a whole number from 1 to"),
        (["--table-mb", "1"], "argument --table-mb: must be a number of MB from 4 to"),
        (["--book", "no-such-book.l4b"], "--book: "),
        (["--host", "no-such-host.invalid"], "cannot listen on no-such-host.invalid port 8000"),
    ],
)
def test_bad_options_are_one_line_and_a_non_zero_exit(args: list[str], message: str) -> None:
    done = link4("serve", *args)
    assert done.returncode in (1, 2)
    # One line; an option the parser refuses comes after the usage, as argparse writes it.
    last = done.stderr.splitlines()[-1]
    assert last.startswith("link4 serve: ") and message in last and "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1 or done.stderr.startswith("usage: link4 serve ")


def test_a_port_in_use_is_said_so() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = str(taken.getsockname()[1])
        done = link4("serve", "--port", port)
    assert done.returncode == 1
    assert f"link4 serve: cannot listen on 127.0.0.1 port {port}: " in done.stderr


def test_without_the_web_extra_it_says_what_to_install() -> None:
    code = (
        "import sys; sys.modules['uvicorn'] = None\n"
        "from link4.cli import main; sys.exit(main(['serve']))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr == (
        "link4 serve: needs Starlette and Uvicorn (uvicorn is missing): install link4's web extra: "
        "pip install '.[web]' in a checkout, 'link4[web]' from a release\n"
    )


def test_import_link4_loads_no_web_stack() -> None:
    code = (
        "import sys, link4, link4.cli; print(sorted(m for m in sys.modules if m.split('.')[0] "
        "in ('starlette', 'uvicorn', 'anyio') or m.startswith('link4.web')))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "[]"
