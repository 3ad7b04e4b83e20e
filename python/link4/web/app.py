"""The web application of ``link4 serve``: the page, its files and the HTTP API, as an
ASGI app (Starlette) behind the guard of ``link4.web.guard``.

Routes (every answer JSON, every error ``{"error": "..."}``):

- ``/``, ``/static/<file>``: the page (the files of the package's ``static`` folder, read
  once at start; no other file is ever served);
- ``/solve?pos=``: each column's exact score, as connect4.gamesolver.org answers;
- ``/api/analyze``, ``/api/move``, ``/api/game``, ``/api/info``: link4's own answers.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Awaitable, Callable
from importlib import resources
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from link4._rules import MAX_HEIGHT, MAX_WIDTH, MIN_HEIGHT, MIN_WIDTH
from link4._version import __version__
from link4.book import SHIPPED, BookChoice, resolve
from link4.engine import Solver
from link4.errors import SizeMismatchError
from link4.levels import DEFAULT_LEVEL, LEVELS
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
    """How the server answers. ``searches``: how many run at once (each with a table
    of ``table_mb`` MB; on one thread, or on ``lone_threads`` when it runs alone);
    ``time_limit``: the most seconds one takes (a request may ask for less);
    ``queue_seconds``: how long a request waits for a free search before a 503;
    ``hosts``: the host names answered (None: any; by default those of a loopback
    address); ``cors``: answer pages of other origins."""

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
            raise ValueError(f"time_limit is a number of seconds > 0, not {self.time_limit!r}")
        if not 0 < self.queue_seconds < math.inf:
            raise ValueError(f"queue_seconds is a number > 0, not {self.queue_seconds!r}")


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
    """The application: its solvers are made (and the book read) now, so that the first
    request is answered at once."""
    book = config.book if config.book is SHIPPED else resolve(config.book)  # read once
    slots = SearchSlots(
        config.searches,
        lambda threads: Solver(config.table_mb, threads=threads, book=book),
        lone_threads=config.lone_threads,
        queue_seconds=config.queue_seconds,
    )
    files = _static_files()
    limit = config.time_limit

    def endpoint(read: Callable[[Query], answers.Search]) -> Callable[[Request], Awaitable[Response]]:
        async def answer(request: Request) -> Response:
            search = read(_query(request))  # a bad request fails here, before any wait
            return _json(await slots.run(search))

        return answer

    async def page(request: Request) -> Response:
        return _file("index.html", {"content-security-policy": _PAGE_POLICY})

    async def static(request: Request) -> Response:
        return _file(request.path_params["name"])

    def _file(name: str, headers: dict[str, str] | None = None) -> Response:
        if name not in files:
            raise ApiError(404, f"no file {name!r} here")
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
                "widths": [MIN_WIDTH, MAX_WIDTH],
                "heights": [MIN_HEIGHT, MAX_HEIGHT],
                "time_limit": limit,
                "searches": slots.count,
            }
        )

    routes = [
        Route("/", page),
        Route("/static/{name}", static),
        Route("/solve", endpoint(lambda q: answers.solve(q, time_limit=limit))),
        Route("/api/analyze", endpoint(lambda q: answers.analyze(q, time_limit=limit))),
        Route("/api/move", endpoint(lambda q: answers.move(q, time_limit=limit, levels=LEVELS))),
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


async def _api_error(request: Request, error: Exception) -> Response:
    assert isinstance(error, ApiError)
    # Retry-After spaces out the retries of clients that heed it, rather than a flood
    # of instant refusals taking the cores from the searches.
    headers = None if error.retry_after is None else {"retry-after": str(error.retry_after)}
    return JSONResponse({"error": error.message}, status_code=error.status, headers=headers)


async def _other_size(request: Request, error: Exception) -> Response:
    # The book given to the server serves games of its own size only.
    return JSONResponse({"error": f"this server's book does not serve that board: {error}"}, status_code=400)


async def _http_error(request: Request, error: Exception) -> Response:
    assert isinstance(error, HTTPException)
    message = {404: f"nothing at {request.url.path!r}", 405: "only GET is answered here"}
    return JSONResponse(
        {"error": message.get(error.status_code, error.detail)},
        status_code=error.status_code,
        headers=error.headers,
    )


async def _crash(request: Request, error: Exception) -> Response:
    # A bug, not a bad request: the server goes on, the log has the traceback.
    return JSONResponse({"error": f"internal error: {type(error).__name__}"}, status_code=500)
