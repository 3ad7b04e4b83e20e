"""``link4 serve`` in a child process: to test a bot or a page against a real server,
or to measure one.

>>> import urllib.request
>>> with ServeProcess("--threads", "1") as server:        # doctest: +SKIP
...     urllib.request.urlopen(server.url + "solve?pos=4453").read()
b'{"pos":"4453","score":[-5,-5,-2,-3,-4,-2,-2]}'

It needs only the standard library here; the child needs the web extra. The server's
URL comes from its start line:

>>> START_LINE.search("link4 serve: open http://127.0.0.1:8000/ in a browser; ...")[1]
'http://127.0.0.1:8000/'
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
    """``link4 serve --port 0 *args`` (a free port) run by this Python, started.

    The constructor returns once the server has written its start line. As a context
    manager it stops the server (with SIGTERM) on leaving. (No example runs here: it
    starts a process and a server; the module's docstring shows one.)

    Args:
        *args: more options of ``link4 serve``, such as ``"--threads", "1"``.
        log: where to copy each line the server writes on stderr, as it comes.
        start_seconds: how long to wait for the start line.

    Attributes:
        process: the child process.
        url: where it answers, such as ``"http://127.0.0.1:39001/"``.
        seconds_to_start: how long it took from launch to its start line.
        lines: every line it has written on stderr so far (read on a thread, so that the
            pipe never fills; copied to ``log`` as they come, if given).

    Raises:
        RuntimeError: with its output, when it does not start within ``start_seconds``
            (or ends before it starts).
    """

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
        """Stop it with a signal; kill it should it not stop within ``timeout``.

        Args:
            signal_number: the signal that stops it.
            timeout: the seconds it has to stop before it is killed.

        Returns:
            Its exit status, once all it wrote is in ``lines`` (negative: the signal
            that ended it).
        """
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
