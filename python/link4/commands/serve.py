"""link4 serve: the page to play and analyse in a browser, and the HTTP API."""

from __future__ import annotations

import argparse
import ipaddress
import logging
import math
import os
import signal
import socket
import sys
import threading
import webbrowser
from types import FrameType
from typing import TYPE_CHECKING

from link4.commands._options import (
    SECONDS,
    TABLE_MB,
    THREADS,
    add_book_option,
    book_choice,
    whole_number,
)
from link4.errors import BookError, SizeMismatchError, extra_hint

if TYPE_CHECKING:
    import uvicorn

DESCRIPTION = """\
Serve link4 over HTTP: a page to play against the engine (any level, each shown with its
Elo rating; two people; or the engine against itself) with its analysis under the
board, at every board size, and the API for scripts and bots:

  GET /solve?pos=4453            each column's exact score, as connect4.gamesolver.org
                                 answers ({"pos": ..., "score": [7 ints]}, 100 = full)
  GET /api/analyze?pos=4453      scores or proven bounds, in words, the best columns
                                 (&weak=1, &time_limit=S, &pv=1 for the best line)
  GET /api/move?pos=4453&level=5 the engine's move at a level (1-8, perfect; &seed=S)

Positions are move strings (digits 1-7, 1 = leftmost; &size=WxH for another board, whose
columns 10, 11, 12 are a, b, c). A
bad request gets a 4xx answer with a JSON error. Every search stops at --time-limit
(a request may ask for less, never more): /solve then answers 503 rather than guess.
At most --threads searches run at once; the others wait briefly, then get a 503.
The server listens on 127.0.0.1 (this machine only) unless --host says otherwise.
Needs the web extra: pip install ".[web]" in a checkout, "link4[web]" from a release."""

_LOOPBACK_NAMES = ("localhost",)


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``serve`` command to the command line's subparsers."""
    p = sub.add_parser(
        "serve",
        help="a local web page to play and analyse, and the HTTP API",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--host", default="127.0.0.1",
                   help="the address to listen on (default 127.0.0.1: this machine only)")
    p.add_argument("--port", type=whole_number(0, 65535), default=8000,
                   help="the port to listen on (default 8000; 0 picks a free one)")
    p.add_argument("--open", action="store_true", help="open the page in a browser")
    p.add_argument("--threads", type=THREADS, default=None, metavar="N",
                   help="searches at once, each with its own table "
                   "(default: the number of cores, at most 4)")
    p.add_argument("--lone-threads", type=THREADS, default=None, metavar="T",
                   help="threads on a search that starts while no other runs, such as a "
                   "player's at the page, so that it ends sooner (default 2 on a machine of "
                   "2 cores or more, else 1); overlapping searches run on one each")
    p.add_argument("--time-limit", type=SECONDS, default=None, metavar="S",
                   help="the most seconds a search takes (default 5)")
    p.add_argument("--table-mb", type=TABLE_MB, default=None, metavar="MB",
                   help="each search's transposition table (default 16: enough for searches "
                   "of a few seconds, and quick to make)")
    p.add_argument("--cors", action="store_true",
                   help="answer pages of other origins too (browser apps calling the API)")
    add_book_option(p)
    p.set_defaults(func=run)


def _fail(message: str, status: int = 2) -> int:
    print(f"link4 serve: {message}", file=sys.stderr)
    return status


def _is_loopback(host: str) -> bool:
    if host.lower() in _LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _listen(host: str, port: int) -> socket.socket:
    """A listening socket: requests wait in its queue until the server takes them."""
    family, kind, proto, _, address = socket.getaddrinfo(
        host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
    )[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(1024)
    except OSError:
        sock.close()
        raise
    return sock


def _url(sock: socket.socket) -> str:
    """Where a browser on this machine finds the server."""
    host, port = sock.getsockname()[:2]
    if ipaddress.ip_address(host).is_unspecified:
        host = "127.0.0.1" if sock.family == socket.AF_INET else "::1"
    return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"


def run(args: argparse.Namespace) -> int:
    """Run ``link4 serve`` with the parsed arguments; return the exit status."""
    try:
        import uvicorn

        from link4.web.app import DEFAULT_TIME_LIMIT, SERVE_TABLE_MB, ServeConfig, create_app
        from link4.web.guard import LOCAL_HOSTS, LOG
    except ImportError as missing:
        return _fail(f"needs Starlette and Uvicorn ({missing.name} is missing): {extra_hint('web')}")
    try:
        # The shipped book serves 7 x 6 games, and the others are searched without it;
        # a book given serves games of its own size only.
        book = book_choice(args)
    except (BookError, SizeMismatchError, OSError) as error:
        return _fail(f"--book: {error}")
    local = _is_loopback(args.host)
    cores = os.cpu_count() or 1
    try:
        sock = _listen(args.host, args.port)
    except OSError as error:
        return _fail(f"cannot listen on {args.host} port {args.port}: {error.strerror or error}", 1)
    config = ServeConfig(
        time_limit=DEFAULT_TIME_LIMIT if args.time_limit is None else args.time_limit,
        searches=args.threads or min(cores, 4),
        lone_threads=args.lone_threads or min(cores, 2),
        table_mb=SERVE_TABLE_MB if args.table_mb is None else args.table_mb,
        book=book,
        cors=args.cors,
        hosts=LOCAL_HOSTS if local else None,
    )
    _log_requests(LOG)
    server = uvicorn.Server(
        uvicorn.Config(
            create_app(config), log_level="warning", access_log=False, lifespan="off",
            timeout_graceful_shutdown=math.ceil(config.time_limit) + 1,
        )
    )
    url = _url(sock)
    with _StopSignals(server) as stopped:  # from before the start line: a stop is never lost
        if not local:
            print(f"link4 serve: warning: listening on {args.host}, so other machines can "
                  "reach the server (it has no access control)", file=sys.stderr)
        print(f"link4 serve: open {url} in a browser; the API answers at {url}solve?pos=4453 "
              f"({config.searches} searches at once, at most {config.time_limit:g} s each; "
              "Ctrl-C stops)", file=sys.stderr, flush=True)
        if args.open:
            threading.Thread(target=webbrowser.open, args=(url,), daemon=True).start()
        server.run(sockets=[sock])
    print(f"link4 serve: stopped{stopped.reason}", file=sys.stderr)
    return 0


def _log_requests(log: logging.Logger) -> None:
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(asctime)s %(message)s", "%Y-%m-%d %H:%M:%S"))
    log.addHandler(handler)
    log.setLevel(logging.INFO)
    log.propagate = False


class _StopSignals:
    """Ctrl-C and SIGTERM stop the server gracefully. While it runs the server catches
    them itself, then passes them on when it has stopped: here they say why it stopped
    (so that a stop on request ends with status 0, not as an interrupted command), and
    one that comes before it runs has it stop as soon as it starts."""

    def __init__(self, server: uvicorn.Server) -> None:
        self.reason = ""
        self._server = server
        self._before: dict[int, object] = {}

    def _caught(self, number: int, frame: FrameType | None) -> None:
        self.reason = f" ({signal.Signals(number).name})"
        self._server.should_exit = True

    def __enter__(self) -> _StopSignals:
        for number in (signal.SIGINT, signal.SIGTERM):
            self._before[number] = signal.signal(number, self._caught)
        return self

    def __exit__(self, *exc: object) -> None:
        for number, handler in self._before.items():
            signal.signal(number, handler)  # type: ignore[arg-type]
