"""The web application of ``link4 serve``: the page, its files and the HTTP API.

It is an ASGI app (Starlette) behind the guard of :mod:`link4.web.guard`.

Routes (every answer JSON, every error ``{"error": "..."}``):

- ``/``, ``/static/<file>``: the page (the files of the package's ``static`` folder, read
  once at start; no other file is ever served);
- ``/solve?pos=``: each column's exact score, as connect4.gamesolver.org answers;
- ``/api/analyze``, ``/api/explain``, ``/api/move``, ``/api/review``, ``/api/game``,
  ``/api/info``: link4's own answers.

Each route that takes a position (``pos``) takes ``size=WxH`` for another board than
7 x 6 and ``inarow=k`` for another line than four (3 to 6, one that fits the board).

To serve it from an ASGI server of one's own, :func:`create_app` gives the application
configured by a :class:`ServeConfig`, as ``link4 serve`` runs it:

>>> app = create_app(ServeConfig(searches=2, hosts=None))
>>> import uvicorn
>>> uvicorn.run(app, host="0.0.0.0", port=8000)     # doctest: +SKIP

What the application brings with it, and what is left to the server:

- Its solvers are made, and the opening book read, when :func:`create_app` runs: the
  memory is ``searches`` tables of ``table_mb`` MB (one more for ``lone_threads`` > 1),
  whatever the load. Requests beyond them wait at most ``queue_seconds`` for a free
  solver, then get a 503. The searches run on worker threads, so the event loop keeps
  answering.
- It answers only the host names of ``hosts``, by default those of this machine
  (:data:`link4.web.guard.LOCAL_HOSTS`): on a public name, or behind a proxy that passes the client's
  ``Host`` on, give ``hosts=None`` or the names it is reached by, else every request
  gets a 400.
- Only GET and HEAD are answered, and cross-origin requests only with ``cors=True``;
  there is no access control: put it behind one to expose it.
- Each request is logged on one line on the logger :data:`link4.web.guard.LOG` (at
  INFO, with no handler of its own: ``link4 serve`` adds one that writes to stderr).
- An analysis (``/api/analyze`` without ``pv``) whose client goes away stops within a
  round of its search (at most :data:`link4.web.rounds.LONGEST_ROUND` seconds); the
  other searches run to their end once started: a graceful shutdown should wait a
  little longer than ``time_limit`` (``link4 serve`` waits ``time_limit`` + 1 s, rounded up).
- It has no startup or shutdown handlers (``link4 serve`` runs it with ``lifespan="off"``).
"""

from __future__ import annotations

import dataclasses
import math
import threading
from collections.abc import Awaitable, Callable
from importlib import resources
from typing import Any

import anyio
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from link4._version import __version__
from link4.book import SHIPPED, BookChoice, BookSource
from link4.engine import Solver
from link4.errors import SizeMismatchError, quoted
from link4.limit import Limit
from link4.players import DEFAULT_LEVEL, LEVEL_NAMES, LEVELS
from link4.ratings import ANCHOR, LADDER_BOARD, RATINGS
from link4.rules import (
    INAROW,
    MAX_HEIGHT,
    MAX_INAROW,
    MAX_WIDTH,
    MIN_HEIGHT,
    MIN_INAROW,
    MIN_WIDTH,
    MOVE_CHARACTERS,
    SIZES,
)
from link4.web import answers
from link4.web.answers import ApiError, Query
from link4.web.guard import LOCAL_HOSTS, Guard
from link4.web.slots import SearchSlots

__all__ = ["DEFAULT_TIME_LIMIT", "SERVE_TABLE_MB", "ServeConfig", "create_app"]

DEFAULT_TIME_LIMIT = 5.0
"""Seconds a search may take unless the server is told otherwise."""

SERVE_TABLE_MB = 16
"""Each search's table, in MB. Smaller than a Solver's default: a table is wiped when it
is made, which is most of the server's start, and a search of at most a few seconds on
one thread fills no more (on Begin-Hard positions of 0.4 s each, the nodes and times
with 16 MB and with 64 MB differ by less than one in a million)."""

_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".ico": "image/x-icon",
}
# The page loads its own files only; the board's SVG goes in by script, not as a file.
_PAGE_POLICY = (
    "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
    "object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
)


@dataclasses.dataclass(frozen=True)
class ServeConfig:
    """How the server answers: what :func:`create_app` makes of it.

    Args:
        time_limit: the most seconds one search takes (a request may ask for less).
        searches: how many run at once, each with a table of ``table_mb`` MB, on one
            thread (or on ``lone_threads`` when it runs alone).
        lone_threads: the threads of a search that starts while no other runs (with a
            table of its own when more than 1), so that it ends sooner.
        table_mb: each search's transposition table, in MB.
        book: the opening book: :data:`link4.book.SHIPPED` (the default) for the one
            shipped with link4, which serves 7 x 6 games of four in a row (those of other
            sizes or lines are searched without it); a :class:`link4.Book` or the path of
            a book file, which serves games of its own size and line only; or None for
            none.
        cors: answer pages of other origins.
        hosts: the host names answered (None: any; by default those of a loopback
            address, :data:`link4.web.guard.LOCAL_HOSTS`).
        queue_seconds: how long a request waits for a free search before a 503.

    Raises:
        ValueError: ``time_limit`` or ``queue_seconds`` is not a finite number > 0.

    Example:
        >>> config = ServeConfig(searches=4, hosts=None)
        >>> config.time_limit, config.table_mb, config.queue_seconds
        (5.0, 16, 2.0)
        >>> ServeConfig(time_limit=0)
        Traceback (most recent call last):
        ...
        ValueError: time_limit is a number of seconds > 0, not 0
    """

    time_limit: float = DEFAULT_TIME_LIMIT
    searches: int = 2
    lone_threads: int = 1
    table_mb: float = SERVE_TABLE_MB
    book: BookChoice = SHIPPED
    cors: bool = False
    hosts: tuple[str, ...] | None = LOCAL_HOSTS
    queue_seconds: float = 2.0

    def __post_init__(self) -> None:
        if not (0 < self.time_limit < math.inf):
            raise ValueError(f"time_limit is a number of seconds > 0, not {quoted(self.time_limit)}")
        if not 0 < self.queue_seconds < math.inf:
            raise ValueError(f"queue_seconds is a number > 0, not {quoted(self.queue_seconds)}")


def _static_files() -> dict[str, tuple[bytes, str]]:
    """The page's files, by name, with their content types."""
    folder = resources.files("link4.web") / "static"
    files = {}
    for entry in folder.iterdir() if folder.is_dir() else ():
        kind = _TYPES.get("." + entry.name.rpartition(".")[2])
        if entry.is_file() and kind is not None:
            files[entry.name] = (entry.read_bytes(), kind)
    return files


def _query(request: Request) -> Query:
    values: dict[str, list[str]] = {}
    for name, value in request.query_params.multi_items():
        values.setdefault(name, []).append(value)
    return values


def _json(answer: dict[str, Any]) -> JSONResponse:
    return JSONResponse(answer, headers={"cache-control": "no-store"})


def create_app(config: ServeConfig = ServeConfig()) -> Starlette:
    """The application, for any ASGI server: the page and the HTTP API.

    Its solvers are made (and the book read) now, so that the first request is answered
    at once. The module's docstring says what it brings with it and what it leaves to
    the server.

    Args:
        config: how it answers; by default two searches at once, each on one thread,
            with the shipped book, for this machine's host names only.

    Returns:
        The ASGI application (a Starlette app), the guard of :mod:`link4.web.guard` in
        front.

    Raises:
        ValueError: ``searches`` is below 1, ``lone_threads`` above the most threads a
            search may have (``link4.engine.MAX_THREADS``), or ``table_mb`` out of range.
        MemoryError: the tables would not fit in the machine's memory.
        link4.BookError: the book file cannot be used.
        TypeError: ``book`` is not a book, a path, None or ``SHIPPED``.

    Example:
        >>> app = create_app(ServeConfig(searches=1, table_mb=4))
        >>> [route.path for route in app.routes][2:]   # doctest: +NORMALIZE_WHITESPACE
        ['/solve', '/api/analyze', '/api/explain', '/api/move', '/api/review', '/api/game',
         '/api/info']
    """
    book = BookSource.of(config.book)  # read once, by the first solver made
    # Solvers made for no board: each takes a game of any size and line, its table and
    # book following the game's (width, height, inarow), so that a table of one game
    # never answers for another (link4.Solver).
    slots = SearchSlots(
        config.searches,
        lambda threads: Solver(config.table_mb, threads=threads, book=book),
        lone_threads=config.lone_threads,
        queue_seconds=config.queue_seconds,
    )
    files = _static_files()
    limit = Limit(time_limit=config.time_limit)  # every search's, made once

    async def page(request: Request) -> Response:
        return _file("index.html", {"content-security-policy": _PAGE_POLICY})

    async def static(request: Request) -> Response:
        return _file(request.path_params["name"])

    def _file(name: str, headers: dict[str, str] | None = None) -> Response:
        if name not in files:
            raise ApiError(404, f"no file {quoted(name)} here")
        content, kind = files[name]
        return Response(content, media_type=kind, headers={"cache-control": "no-cache", **(headers or {})})

    async def game(request: Request) -> Response:
        return _json(answers.game(_query(request)))

    async def info(request: Request) -> Response:
        return _json(
            {
                "version": __version__,
                "levels": list(LEVELS),
                "default_level": DEFAULT_LEVEL,
                "level_names": {level: LEVEL_NAMES[level] for level in LEVELS},
                "ratings": {level: dataclasses.asdict(RATINGS[level]) for level in LEVELS},
                "ratings_board": list(LADDER_BOARD),
                "ratings_inarow": INAROW,  # the ladder's games were of four in a row
                "ratings_anchor": ANCHOR,
                "widths": [MIN_WIDTH, MAX_WIDTH],
                "heights": [MIN_HEIGHT, MAX_HEIGHT],
                "sizes": [list(size) for size in SIZES],  # not every width goes with every height
                # A line fits a board when it is at most its width or its height.
                "inarows": [MIN_INAROW, MAX_INAROW],
                "default_inarow": INAROW,
                "move_characters": MOVE_CHARACTERS,
                "time_limit": config.time_limit,
                "searches": slots.count,
            }
        )

    routes = [
        Route("/", page),
        Route("/static/{name}", static),
        Route("/solve", _endpoint(slots, lambda q: answers.solve(q, limit=limit))),
        Route("/api/analyze", _stoppable(slots, lambda q, gone: answers.analyze(q, limit=limit, gone=gone))),
        Route("/api/explain", _endpoint(slots, lambda q: answers.explain(q, limit=limit))),
        Route("/api/move", _endpoint(slots, lambda q: answers.move(q, limit=limit, levels=LEVELS))),
        Route("/api/review", _endpoint(slots, lambda q: answers.review(q, limit=limit))),
        Route("/api/game", game),
        Route("/api/info", info),
    ]
    app = Starlette(
        routes=routes,
        exception_handlers={
            ApiError: _api_error,
            SizeMismatchError: _other_size,
            HTTPException: _http_error,
            Exception: _crash,
        },
    )
    app.router.redirect_slashes = False  # "/solve/" is no address of ours either
    app.add_middleware(Guard, cors=config.cors, hosts=config.hosts)
    return app


_Endpoint = Callable[[Request], Awaitable[Response]]


def _endpoint(slots: SearchSlots, read: Callable[[Query], answers.Search]) -> _Endpoint:
    """The endpoint of a search that ``read`` makes of a request's query, run on ``slots``."""

    async def answer(request: Request) -> Response:
        search = read(_query(request))  # a bad request fails here, before any wait
        return _json(await slots.run(search))

    return answer


def _stoppable(slots: SearchSlots, read: Callable[[Query, Callable[[], bool]], answers.Search]) -> _Endpoint:
    """The endpoint of a search that asks, as it goes, whether its client is still there."""
    # Only here is the client's connection watched while the search runs.

    async def answer(request: Request) -> Response:
        gone = threading.Event()  # set once the client has gone; the search asks it
        search = read(_query(request), gone.is_set)  # a bad request fails here, before any wait
        failure: Exception | None = None
        async with anyio.create_task_group() as watching:
            watching.start_soon(_until_gone, request, gone)
            try:
                result = await slots.run(search)
            except Exception as error:  # raised as itself below, not in a task group's
                failure = error
            watching.cancel_scope.cancel()
        if failure is not None:
            raise failure
        return _json(result)

    return answer


async def _until_gone(request: Request, gone: threading.Event) -> None:
    """Set ``gone`` when the client closes the connection (the request has no body: the
    server's next message is the disconnection)."""
    while (await request.receive())["type"] != "http.disconnect":
        pass
    gone.set()


async def _api_error(request: Request, error: Exception) -> Response:
    assert isinstance(error, ApiError)
    # Retry-After spaces out the retries of clients that heed it, rather than a flood
    # of instant refusals taking the cores from the searches.
    headers = None if error.retry_after is None else {"retry-after": str(error.retry_after)}
    return JSONResponse({"error": error.message}, status_code=error.status, headers=headers)


async def _other_size(request: Request, error: Exception) -> Response:
    # The book given to the server serves games of its own size and line only.
    return JSONResponse({"error": f"this server's book does not serve that game: {error}"}, status_code=400)


async def _http_error(request: Request, error: Exception) -> Response:
    assert isinstance(error, HTTPException)
    message = {404: f"nothing at {quoted(request.url.path)}", 405: "only GET is answered here"}
    return JSONResponse(
        {"error": message.get(error.status_code, error.detail)},
        status_code=error.status_code,
        headers=error.headers,
    )


async def _crash(request: Request, error: Exception) -> Response:
    # A bug, not a bad request: the server goes on, the log has the traceback.
    return JSONResponse({"error": f"internal error: {type(error).__name__}"}, status_code=500)
