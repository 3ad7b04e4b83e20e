"""What every request passes before it reaches the API.

The requests a local solver has no business answering are refused here, with a JSON
error, and every request is logged on one line (on :data:`LOG`).
:func:`link4.web.app.create_app` puts :class:`Guard` in front of its application,
configured by the ``cors`` and ``hosts`` of its :class:`link4.web.app.ServeConfig`:

- only GET and HEAD (and, with CORS on, the browsers' OPTIONS preflight);
- no request body, and a request target of at most :data:`MAX_TARGET` bytes;
- on a loopback address, only the host names of this machine: a page elsewhere cannot
  reach the server through a name of its own that resolves here (DNS rebinding);
- no cross-origin request (a script of another site, or of another port) unless CORS
  is on: then every origin may read the answers, as the public web solvers allow.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterable, MutableMapping
from typing import Any

from starlette.datastructures import Headers
from starlette.responses import JSONResponse, Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from link4.errors import quoted

__all__ = ["LOCAL_HOSTS", "LOG", "MAX_TARGET", "Guard"]

MAX_TARGET = 4096
"""The longest request target (path and query) answered, in bytes."""

LOCAL_HOSTS: tuple[str, ...] = ("localhost", "127.0.0.1", "[::1]", "::1")
"""The host names a server on a loopback address answers to."""

LOG = logging.getLogger("link4.web")
"""The logger ``link4.web``: one line per request, at INFO (client, request, status and
time taken). It has no handler of its own: ``link4 serve`` adds one that writes to stderr."""

_CORS_HEADERS = [  # as ASGI sends them
    (b"access-control-allow-origin", b"*"),
    (b"access-control-allow-methods", b"GET, HEAD, OPTIONS"),
    (b"access-control-allow-headers", b"*"),
    (b"access-control-max-age", b"600"),
]
_SHOWN_TARGET = 200  # characters of a request target written in the log


def _host_name(host: str) -> str:
    """The name in a Host header, without its port."""
    if host.startswith("["):
        return host[: host.find("]") + 1] if "]" in host else host
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


class Guard:
    """ASGI middleware in front of the app: the checks of the module's docstring.

    A refused request gets its JSON error from the guard itself; the others go to the
    app. Every HTTP request is logged on :data:`LOG` once answered; with ``cors``, every
    answer carries the CORS headers that let any origin read it.

    Args:
        app: the ASGI application behind it.
        cors: answer cross-origin requests (and the browsers' OPTIONS preflight).
        hosts: the host names answered, such as :data:`LOCAL_HOSTS` (None: any).

    Example:
        >>> import anyio
        >>> from starlette.responses import PlainTextResponse
        >>> guard = Guard(PlainTextResponse("hello"), cors=False, hosts=LOCAL_HOSTS)
        >>> async def status(method, host):
        ...     sent = []
        ...     async def receive():
        ...         return {"type": "http.request", "body": b""}
        ...     async def send(message):
        ...         sent.append(message)
        ...     scope = {"type": "http", "method": method, "headers": [(b"host", host.encode())],
        ...              "raw_path": b"/", "query_string": b""}
        ...     await guard(scope, receive, send)
        ...     return sent[0]["status"]
        >>> anyio.run(status, "GET", "localhost"), anyio.run(status, "POST", "localhost")
        (200, 405)
        >>> anyio.run(status, "GET", "rebound.example")    # a name of another site
        400
    """

    def __init__(self, app: ASGIApp, *, cors: bool, hosts: Iterable[str] | None) -> None:
        self._app = app
        self._cors = cors
        self._hosts = None if hosts is None else frozenset(h.lower() for h in hosts)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Answer one ASGI call: refuse the request, or pass it to the app; log it."""
        if scope["type"] != "http":
            await self._app(scope, receive, send)
            return
        started = time.monotonic()
        status = [0]

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                status[0] = message["status"]
                if self._cors:
                    message["headers"] = [*message.get("headers", []), *_CORS_HEADERS]
            await send(message)

        refusal = self._refusal(scope)
        try:
            if refusal is not None:
                await refusal(scope, receive, sending)
            else:
                await self._app(scope, receive, sending)
        finally:
            _log(scope, status[0], time.monotonic() - started)

    def _refusal(self, scope: Scope) -> Response | None:
        """The answer to a request refused before the app sees it, or None."""
        headers = Headers(scope=scope)
        method = scope["method"]
        if method == "OPTIONS" and self._cors:
            return Response(status_code=204)
        if method not in ("GET", "HEAD"):
            return _error(405, f"{method} is not answered here: only GET", {"allow": "GET, HEAD"})
        if headers.get("content-length", "0").strip() != "0" or "transfer-encoding" in headers:
            return _error(413, "requests here have no body: the position goes in the URL")
        target = len(scope.get("raw_path") or b"") + len(scope.get("query_string") or b"")
        if target > MAX_TARGET:
            return _error(414, f"the request target has {target} bytes: at most {MAX_TARGET}")
        host = _host_name(headers.get("host", "")).lower()
        if self._hosts is not None and host not in self._hosts:
            return _error(
                400,
                f"unknown host {quoted(host)}: this server answers only as "
                + ", ".join(sorted(self._hosts)),
            )
        if not self._cors and _cross_origin(headers, scope):
            return _error(
                403,
                "cross-origin requests are refused: start the server with --cors to allow them",
            )
        return None


def _cross_origin(headers: Headers, scope: Scope) -> bool:
    """Whether a browser sent the request for a page of another origin.

    Following a link to the page from elsewhere is a navigation, which is allowed.

    Returns:
        True for a cross-origin request (by its ``Origin`` or ``Sec-Fetch-Site`` header).
    """
    origin = headers.get("origin")
    own = f"{scope.get('scheme', 'http')}://{headers.get('host', '')}"
    if origin is not None and origin != own:
        return True
    site = headers.get("sec-fetch-site")
    return site in ("cross-site", "same-site") and headers.get("sec-fetch-mode") != "navigate"


def _error(status: int, message: str, headers: MutableMapping[str, str] | None = None) -> Response:
    return JSONResponse({"error": message}, status_code=status, headers=headers)


def _log(scope: Scope, status: int, seconds: float) -> None:
    client: Any = scope.get("client")
    who = f"{client[0]}:{client[1]}" if client else "-"
    target = scope.get("raw_path", b"").decode("latin-1")
    if scope.get("query_string"):
        target += "?" + scope["query_string"].decode("latin-1")
    if len(target) > _SHOWN_TARGET:
        target = target[:_SHOWN_TARGET] + f"...({len(target)} bytes)"
    shown = target.encode("unicode_escape").decode("ascii")
    LOG.info('%s "%s %s" %d %.1f ms', who, scope["method"], shown, status, seconds * 1000)
