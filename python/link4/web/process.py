"""``link4 serve`` in a child process: to test a bot or a page against a real server,
or to measure one.

>>> with ServeProcess("--threads", "1") as server:        # doctest: +SKIP
...     urllib.request.urlopen(server.url + "solve?pos=4453").read()
b'{"pos":"4453","score":[-5,-5,-2,-3,-4,-2,-2]}'

It needs only the standard library here; the child needs the web extra.
"""

from __future__ import annotations

import re
import signal
import subprocess
import sys
import threading
import time
from types import TracebackType
from typing import TextIO

__all__ = ["START_LINE", "ServeProcess"]

START_LINE = re.compile(r"open (http://\S+/) in a browser")
"""What the start line of ``link4 serve`` says, the server's URL in group 1."""


class ServeProcess:
    """``link4 serve --port 0 *args`` (a free port) run by this Python, started: ``url``
    is where it answers, ``seconds_to_start`` how long it took from launch to its start
    line, ``lines`` every line it has written on stderr so far (read on a thread, so that
    the pipe never fills; copied to ``log`` as they come, if given). RuntimeError with
    its output when it does not start within ``start_seconds``."""

    def __init__(self, *args: str, log: TextIO | None = None, start_seconds: float = 60.0) -> None:
        launched = time.perf_counter()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "link4", "serve", "--port", "0", *args],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        self.lines: list[str] = []
        self.url = ""
        self._log = log
        self._started = threading.Event()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        if not self._started.wait(start_seconds) or not self.url:
            self.process.kill()
            self._reader.join(5)
            raise RuntimeError("link4 serve did not start:\n" + "\n".join(self.lines))
        self.seconds_to_start = self._start_time - launched

    def _read(self) -> None:
        assert self.process.stderr is not None
        for line in self.process.stderr:
            self.lines.append(line.rstrip("\n"))
            if self._log is not None:
                self._log.write(line)
            if not self.url:
                found = START_LINE.search(line)
                if found:
                    self._start_time = time.perf_counter()
                    self.url = found[1]
                    self._started.set()
        self._started.set()  # it ended: the caller waiting for the start sees why

    def stop(self, signal_number: int = signal.SIGTERM, timeout: float = 30.0) -> int:
        """Stop it with a signal (killed should it not stop within ``timeout``): its
        exit status, once all it wrote is in ``lines``."""
        if self.process.poll() is None:
            self.process.send_signal(signal_number)
        try:
            status = self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            status = self.process.wait()
        self._reader.join(10)
        return status

    def __enter__(self) -> ServeProcess:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.stop()
