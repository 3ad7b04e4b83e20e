"""Bad requests to `link4 serve`: malformed, illegal, oversized, path-traversal and
encoding tricks, sent byte for byte (no client tidies them up). Each gets a 4xx answer
with a JSON error, and the server goes on answering."""

from __future__ import annotations

import http.client
import json
import random
import string
from collections.abc import Iterator
from urllib.parse import quote, urlsplit

import pytest

from tests.support.web_server import ServerProcess, needs_web, started_server

needs_web()

Request = tuple[str, str, dict[str, str], bytes]  # method, raw target, headers, body


@pytest.fixture(scope="module")
def server() -> Iterator[ServerProcess]:
    with started_server("--threads", "1", "--time-limit", "2") as running:
        yield running


def send(
    server: ServerProcess, method: str, target: str, headers: dict[str, str], body: bytes
) -> tuple[int, str, bytes]:
    """Status, content type and body of one request sent as it is."""
    address = urlsplit(server.url)
    connection = http.client.HTTPConnection(address.hostname, address.port, timeout=30)
    try:
        connection.putrequest(method, target, skip_host=True, skip_accept_encoding=True)
        for name, value in headers.items():
            connection.putheader(name, value)
        connection.endheaders(body or None)
        answer = connection.getresponse()
        return answer.status, answer.getheader("content-type", ""), answer.read()
    finally:
        connection.close()


def fixed_requests() -> list[Request]:
    """Hand-picked: each names a way to get it wrong."""
    get: list[str] = [
        # malformed positions
        "/solve?pos=0", "/solve?pos=8", "/solve?pos=44a", "/solve?pos=-4", "/solve?pos=4.5",
        "/solve?pos=%20", "/solve?pos=4%204", "/solve?pos=+4", "/solve?pos=%00",
        "/solve?pos=4%0A4", "/solve?pos=%EF%BC%94",  # a fullwidth 4
        "/solve?pos=%D9%A4",  # an Arabic-Indic 4
        "/solve?pos=%C0%B4", "/solve?pos=%FF%FE", "/solve?pos=%E2%80%AE44",  # overlong, bad, bidi
        "/solve?pos=%254", "/solve?pos=4&pos=4", "/solve?pos[]=4", "/api/analyze?pos=%",
        "/api/analyze?pos=%G4", "/api/move?pos=44&level=1&pos=5",
        # illegal positions: a full column, moves after the end, too many moves
        "/solve?pos=4444444", "/solve?pos=1111111", "/solve?pos=44556677",
        "/api/analyze?pos=4455667", "/api/move?pos=4455667&level=1", "/solve?pos=" + "1234567" * 7,
        # parameters out of range
        "/solve?pos=4&size=3x6", "/solve?pos=4&size=13x6", "/solve?pos=4&size=7x14",
        "/solve?pos=4&size=12x10", "/api/game?pos=a&size=10x12", "/api/game?pos=a&size=9x6",
        "/api/analyze?pos=1d&size=12x9",
        "/solve?pos=4&inarow=7", "/solve?pos=4&inarow=2", "/api/game?pos=4&size=5x5&inarow=6",
        "/api/analyze?pos=4&inarow=x", "/api/move?pos=4&level=1&inarow=4.5", "/api/review?pos=4&inarow=",
        "/api/explain?pos=4&inarow=%EF%BC%95", "/api/game?pos=334455667&inarow=4",
        "/solve?pos=4&size=7x", "/solve?pos=4&size=x", "/solve?pos=4&size=7x6x1",
        "/solve?pos=4&size=%EF%BC%97x6", "/solve?pos=4&size=-7x6", "/solve?pos=4&size=07x006",
        "/api/analyze?pos=4&weak=maybe", "/api/analyze?pos=4&pv=2", "/api/analyze?pos=4&weak=1&pv=1",
        "/api/analyze?pos=4&time_limit=0", "/api/analyze?pos=4&time_limit=-1",
        "/api/analyze?pos=4&time_limit=nan", "/api/analyze?pos=4&time_limit=inf",
        "/api/analyze?pos=4&time_limit=1e999", "/api/analyze?pos=4&time_limit=",
        "/api/analyze?pos=4&time_limit=1s",
        "/api/move?pos=4", "/api/move?pos=4&level=9", "/api/move?pos=4&level=0", "/api/move?pos=4&level=",
        "/api/move?pos=4&level=perfectly", "/api/move?pos=4&level=1&seed=-1",
        "/api/move?pos=4&level=1&seed=1.5", "/api/move?pos=4&level=1&seed=99999999999999999999",
        "/api/move?pos=4&level=1&seed=%D9%A1",
        # paths: unknown, traversal, encoded traversal, other files
        "/nothing", "/api", "/api/", "/solve/", "/api/solve", "/static/", "/static/missing.js",
        "/static/../app.py", "/static/..%2fapp.py", "/static/%2e%2e/%2e%2e/etc/passwd",
        "/static/..%5c..%5capp.py", "/static/%252e%252e%252fapp.py", "/static/.%2e/__init__.py",
        "/static/%c0%ae%c0%ae/app.py", "/../../../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd",
        "/static//etc/passwd", "/static/%00index.html", "/static/index.html%00.js",
        "/static/app.py", "/static/__init__.py", "/web/app.py", "/link4/data/book.l4b",
        "/data/book.l4b", "/index.html/..", "/static/index.html/", "/.git/config", "/favicon.ico",
        "//etc/passwd", "/static/C:%5cwindows%5cwin.ini",
        # oversized
        "/solve?pos=" + "4" * 5000, "/api/analyze?pos=4&junk=" + "x" * 4100,
        "/" + "a" * 5000, "/solve?" + "&".join(f"p{i}=1" for i in range(1000)),
    ]
    requests: list[Request] = [("GET", target, {}, b"") for target in get]
    for method in ("POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "PROPFIND", "FOO"):
        requests.append((method, "/solve?pos=4", {}, b""))
    requests += [
        ("POST", "/solve", {"content-type": "application/json", "content-length": "12"}, b'{"pos":"44"}'),
        ("GET", "/solve?pos=4", {"content-length": "5"}, b"hello"),
        ("GET", "/solve?pos=4", {"transfer-encoding": "chunked"}, b"5\r\nhello\r\n0\r\n\r\n"),
        ("GET", "/solve?pos=4", {"origin": "http://evil.example"}, b""),
        ("GET", "/solve?pos=4", {"origin": "null"}, b""),
        ("GET", "/api/analyze?pos=4", {"sec-fetch-site": "cross-site", "sec-fetch-mode": "cors"}, b""),
        ("GET", "/solve?pos=4", {"sec-fetch-site": "same-site", "sec-fetch-mode": "no-cors"}, b""),
        ("GET", "/solve?pos=4", {"host": "evil.example"}, b""),
        ("GET", "/solve?pos=4", {"host": "127.0.0.1.evil.example:80"}, b""),
        ("GET", "/solve?pos=4", {"host": "localhost.evil.example"}, b""),
        ("GET", "/solve?pos=4", {"host": ""}, b""),
    ]
    return requests


def random_requests(count: int, seed: int) -> list[Request]:
    """Random junk in the position, the size, the level and the path."""
    rng = random.Random(seed)
    alphabet = string.printable + "４٤½é\u202e\ufeff\x00"
    requests: list[Request] = []
    while len(requests) < count:
        junk = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 60)))
        if junk.isdigit() and all("1" <= ch <= "7" for ch in junk):
            continue  # that could be a legal position
        kind = rng.randrange(4)
        if kind == 0:
            target = "/solve?pos=" + quote(junk, safe="")
        elif kind == 1:
            target = "/api/analyze?pos=4&size=" + quote(junk, safe="")
        elif kind == 2:
            target = "/api/move?pos=4&level=" + quote(junk, safe="")
        else:
            target = "/static/" + quote(junk, safe="")
        requests.append(("GET", target, {}, b""))
    return requests


def test_every_bad_request_gets_a_4xx_json_error_and_the_server_goes_on(server: ServerProcess) -> None:
    requests = fixed_requests() + random_requests(120, seed=32)
    assert len(requests) >= 200
    for method, target, headers, body in requests:
        headers = {"host": urlsplit(server.url).netloc, **headers}
        status, kind, content = send(server, method, target, headers, body)
        what = f"{method} {target[:80]} {headers}"
        assert 400 <= status < 500, (what, status, content[:200])
        if method == "HEAD":
            continue
        assert kind.startswith("application/json"), (what, kind)
        error = json.loads(content)["error"]
        assert isinstance(error, str) and len(error) > 10, (what, error)
    # Still there, and still right.
    assert server.get("/solve?pos=4455") == (200, {"pos": "4455", "score": [-4, -3, 18, 2, 2, 18, -3]})
    assert server.process.poll() is None


def test_error_messages_name_what_is_wrong(server: ServerProcess) -> None:
    cases = {
        "/solve?pos=448": "character 3 is '8', but moves are the digits 1 to 7",
        "/solve?pos=4444444": "column 4 is full",
        "/solve?pos=4&size=13x6": "not 13 columns and 6 rows",
        "/api/game?pos=4&size=12x10": "at most 128 (12x9, 11x10, 10x11, 9x13...), not 12 columns and 10 rows",
        "/api/game?pos=4a&size=9x6": "character 2 is 'a', but moves are the digits 1 to 9",
        "/api/move?pos=4&level=9": "level is one of 1, 2, 3, 4, 5, 6, 7, 8, perfect, not '9'",
        "/api/analyze?pos=4&time_limit=nan": "time_limit is a number of seconds > 0, not 'nan'",
        "/solve?pos=4&pos=5": "pos is given 2 times",
        "/static/..%2fapp.py": "nothing at '/static/../app.py'",
    }
    for target, words in cases.items():
        status, answer = server.get(target)
        assert status in (400, 404) and words in answer["error"], (target, answer)


LONG = "x" * 1500


@pytest.mark.parametrize(
    "target",
    [
        f"/api/move?pos=4&level={LONG}",
        f"/api/move?pos=4&level=1&seed={LONG}",
        f"/api/analyze?pos=4&time_limit={LONG}",
        f"/api/analyze?pos=4&weak={LONG}",
        f"/api/analyze?pos=4&{LONG}=1",
        f"/solve?pos={'12' * 700}",
        f"/static/{LONG}",
        f"/{LONG}",
    ],
)
def test_an_error_quotes_at_most_a_cut_prefix_of_what_it_was_given(
    server: ServerProcess, target: str
) -> None:
    status, answer = server.get(target)
    assert 400 <= status < 500
    message = answer["error"]
    assert len(message) < 300 and "... (" in message, message

def test_only_the_pages_own_files_are_served(server: ServerProcess) -> None:
    host = {"host": urlsplit(server.url).netloc}
    status, kind, content = send(server, "GET", "/", host, b"")
    assert status == 200 and kind.startswith("text/html") and b"<html" in content.lower()
    for target in ("/static/../app.py", "/static/app.py", "/static/%2e%2e%2fapp.py"):
        assert send(server, "GET", target, host, b"")[0] == 404
