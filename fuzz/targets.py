"""The fuzz targets: each takes arbitrary bytes and checks properties of link4 on them.

A target returns normally when every property holds and raises AssertionError (or lets
an unexpected exception through) when one fails: the fuzzer counts that as a crash.
The targets import nothing from the fuzzer, so the tests replay the committed corpus
through them with plain pytest (tests/project/test_fuzz.py); fuzz/run.py drives them
with atheris.

moves        a move string through Game, link4.solve, Solver.search and link4.perft
board        Game.from_board on rows, flat lists, text, numpy arrays and odd objects
solve_stdin  `link4 solve` (in-process) reading the bytes on its standard input
book         a book file's bytes through link4.Book, raw or as a good book with damage
"""

from __future__ import annotations

import contextlib
import io
import re
from collections.abc import Callable, Iterator
from typing import Any

import link4
from link4 import BoardError, Game, IllegalMoveError, InvalidMoveError
from link4.commands.solve import EMPTY as EMPTY_BOARD

DIGITS = "1234567"
CELLS = link4.WIDTH * link4.HEIGHT
# Positions with at least this many discs are solved exactly in a fraction of a
# millisecond; earlier ones only get a node-limited search.
SOLVE_FROM_PLY = 24
NODE_LIMIT = 2000


class Data:
    """Reads fuzzer bytes as small choices; reads past the end give zeros."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.pos = 0

    def byte(self) -> int:
        if self.pos >= len(self.data):
            return 0
        self.pos += 1
        return self.data[self.pos - 1]

    def take(self, n: int) -> bytes:
        chunk = self.data[self.pos : self.pos + n]
        self.pos += len(chunk)
        return chunk

    def rest(self) -> bytes:
        return self.take(len(self.data))


# -- move strings --------------------------------------------------------------------------


def _check_move_error(text: str, error: ValueError) -> None:
    """The error names the first bad character, or else the first illegal move."""
    message = str(error)
    if isinstance(error, InvalidMoveError):
        m = re.search(r"character (\d+) is ", message)
        assert m, message
        k = int(m.group(1))
        # A malformed string is reported before any move is tried: at its first non-digit.
        assert 1 <= k <= len(text) and text[k - 1] not in DIGITS, message
        assert all(ch in DIGITS for ch in text[: k - 1]), message
        return
    assert isinstance(error, IllegalMoveError), repr(error)
    m = re.search(r"illegal move (\d+) of ", message)
    assert m, message
    k = int(m.group(1))
    assert 1 <= k <= len(text) and all(ch in DIGITS for ch in text[:k]), message
    before = Game(text[: k - 1])
    try:
        before.play(int(text[k - 1]) - 1)
    except IllegalMoveError as again:
        assert type(again) is type(error), (again, error)
        assert before.is_over() == isinstance(error, link4.GameOverError), message
    else:
        raise AssertionError(f"{message!r}, but the move is legal after {before.moves!r}")


def _outcome_of(call: Callable[[], Any]) -> tuple[str, Any]:
    try:
        return "ok", call()
    except (InvalidMoveError, IllegalMoveError) as e:
        return type(e).__name__, str(e)


def _reference_perft(game: Game, depth: int) -> int:
    if depth == 0:
        return 1
    total = 0
    for col in game.legal_moves():
        child = game.copy()
        child.play(col)
        total += _reference_perft(child, depth - 1)
    return total


def _check_search(game: Game, text: str) -> None:
    over = game.is_over()
    if over:
        for call in (lambda: link4.solve(text), lambda: link4.solve(game, weak=True)):
            try:
                call()
            except link4.GameOverError:
                continue
            raise AssertionError(f"a finished game was solved: {text!r}")
        return
    bound = (CELLS - game.ply + 1) // 2  # no side wins with fewer than 4 discs
    r = SOLVER.search(text, node_limit=NODE_LIMIT)
    assert -bound <= r.lower <= r.upper <= bound, r
    assert r.nodes <= NODE_LIMIT, r
    assert r.best_move in game.legal_moves(), r
    assert r.exact == (r.lower == r.upper) and r.exact == (r.score is not None), r
    assert r.exact or r.stopped_by == "nodes", r
    if game.ply >= SOLVE_FROM_PLY:
        score = link4.solve(text)
        assert r.lower <= score <= r.upper, (score, r)
        assert link4.solve(game, weak=True) == (score > 0) - (score < 0)
        scores = SOLVER.analyze(game)
        assert max(s for s in scores if s is not None) == score, (scores, score)
        assert [s is None for s in scores] == [not game.is_legal(c) for c in range(7)]


SOLVER = link4.Solver(table_mb=4)


def moves(data: bytes) -> None:
    d = Data(data)
    depth = d.byte() % 4
    # Arbitrary text; bytes that are not UTF-8 become U+FFFD. (Lone surrogates are left
    # out: tests/project/test_fuzz.py holds what they do today.)
    text = d.rest().decode("utf-8", errors="replace")

    game_result = _outcome_of(lambda: Game(text))
    # Every entry point that takes a move string reports a bad one the same way.
    calls: list[tuple[str, Callable[[], Any]]] = [
        ("perft", lambda: link4.perft(text, depth)),
        ("search", lambda: SOLVER.search(text, node_limit=1)),
    ]
    if game_result[0] != "ok" or game_result[1].ply >= SOLVE_FROM_PLY:
        calls.append(("solve", lambda: link4.solve(text)))
    for name, call in calls:
        kind, value = _outcome_of(call)
        if game_result[0] == "ok":
            # The string is fine; only a search may refuse the game it describes, if over.
            over = kind == "GameOverError" and name != "perft" and game_result[1].is_over()
            assert kind == "ok" or over, (name, text, value)
        else:
            assert (kind, value) == game_result, (name, text, kind, value, game_result)

    if game_result[0] != "ok":
        try:
            Game(text)
        except (InvalidMoveError, IllegalMoveError) as e:
            _check_move_error(text, e)
        return

    game: Game = game_result[1]
    assert game.moves == text and game.ply == len(text) and repr(game) == f"Game({text!r})"
    assert Game(game.moves) == game
    again = Game()
    for ch in text:
        again.play(int(ch) - 1)
    assert again == game and again.moves == text
    legal = game.legal_moves()
    assert legal == ([] if game.is_over() else [c for c in range(7) if game.column_height(c) < 6])
    assert link4.perft(text, 0) == 1
    assert link4.perft(text, 1) == len(legal)
    if depth >= 2:
        assert link4.perft(game, depth) == _reference_perft(game, depth)
    _check_search(game, text)


# -- boards -------------------------------------------------------------------------------------


def _game_from(d: Data) -> Game:
    """A game from a run of bytes, each one a column; moves that are not legal are skipped."""
    game = Game()
    for b in d.take(d.byte() % (CELLS + 1)):
        col = b % 7
        if game.is_legal(col):
            game.play(col)
    return game


GLYPHS = [".XO", "012", ".RY", ".xo", "-12", "_ry"]
SEPARATORS = ["", " ", "  ", "\t"]


def _odd_object(d: Data, depth: int = 0) -> Any:
    """A small nested value of the kinds a careless caller might pass."""
    kind = d.byte() % 9
    if kind == 0 or depth > 3:
        return d.byte() % 4
    if kind == 1:
        return d.take(d.byte() % 8).decode("utf-8", errors="replace")
    if kind == 2:
        return [_odd_object(d, depth + 1) for _ in range(d.byte() % 9)]
    if kind == 3:
        return tuple(_odd_object(d, depth + 1) for _ in range(d.byte() % 9))
    if kind == 4:
        return None
    if kind == 5:
        return float(d.byte() % 4) / (1 + d.byte() % 2)
    if kind == 6:
        return d.byte() - 128 + (d.byte() << 70 if d.byte() % 2 else 0)
    if kind == 7:
        return iter([_odd_object(d, depth + 1) for _ in range(d.byte() % 9)])
    return d.take(d.byte() % 8)  # bytes


def _formatted(rows: list[list[int]], d: Data) -> Any:
    mode = d.byte() % 7
    if mode == 0:
        return rows
    if mode == 1:
        return [v for row in rows for v in row]
    if mode == 2:
        glyphs = GLYPHS[d.byte() % len(GLYPHS)]
        sep = SEPARATORS[d.byte() % len(SEPARATORS)]
        text = "\n".join(sep.join(glyphs[v] if v < 3 else "?" for v in row) for row in rows)
        return text + ("\n1 2 3 4 5 6 7\nred (X) to move" if d.byte() % 2 else "")
    if mode == 3:
        import numpy as np

        dtype = [np.int8, np.int64, np.uint8, np.float64, np.int16, object][d.byte() % 6]
        arr = np.array(rows, dtype=dtype)
        return arr.reshape(CELLS) if d.byte() % 2 else arr
    if mode == 4:
        return tuple(tuple(row) for row in rows)
    if mode == 5:
        return ["".join(".XO?"[v] for v in row) for row in rows]
    return [[str(v) for v in row] for row in rows]


def board(data: bytes) -> None:
    d = Data(data)
    if d.byte() % 8 == 0:
        # Anything at all: a value of an odd shape or type, or raw text.
        value: Any = _odd_object(d) if d.byte() % 2 else d.rest().decode("utf-8", "replace")
        try:
            game = Game.from_board(value)
        except BoardError:
            return
        assert Game.from_board(game.to_board()) == game
        return

    game = _game_from(d)
    rows = game.to_board()
    for _ in range(d.byte() % 4):  # change a few cells, perhaps to a value that is no cell
        cell = d.byte() % CELLS
        rows[cell // 7][cell % 7] = d.byte() % 4
    changed = rows != game.to_board()
    value = _formatted(rows, d)
    try:
        built = Game.from_board(value)
    except BoardError as e:
        # Only a changed board may be refused, or cells that are floats rather than ints;
        # the message says why in words.
        floats = getattr(getattr(value, "dtype", None), "kind", None) == "f"
        assert changed or floats, (game.moves, e)
        assert str(e) and "Traceback" not in str(e)
        return
    assert built.to_board() == rows, (value, built)
    assert Game(built.moves) == built
    assert Game.from_board(built.to_board()) == built
    if not changed:
        assert built == game
    # A board with a four on it is a finished game.
    assert built.is_over() == (built.outcome() is not None)


# -- link4 solve on standard input --------------------------------------------------------------


@contextlib.contextmanager
def _stdio(stdin: bytes) -> Iterator[tuple[io.StringIO, io.StringIO]]:
    import sys

    saved = sys.stdin, sys.stdout, sys.stderr
    out, err = io.StringIO(), io.StringIO()
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin))
    sys.stdout, sys.stderr = out, err
    try:
        yield out, err
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved


def _first_word(line: bytes) -> str | None:
    words = line.decode("utf-8", errors="replace").split()
    return words[0] if words else None


OPTIONS = [["--weak"], ["--analyze"], ["--weak", "--analyze"], []]
_COMMANDS: list[Any] = []


def _solve_command(options: list[str]) -> Any:
    """The parsed arguments of `link4 solve --table-mb 4 OPTIONS`, whose .func runs it.

    The parser is built once: building it costs more than most inputs take to run.
    """
    if not _COMMANDS:
        from link4.cli import build_parser

        parser = build_parser()
        _COMMANDS.extend(parser.parse_args(["solve", "--table-mb", "4", *o]) for o in OPTIONS)
    return _COMMANDS[OPTIONS.index(options)]


def _solve_game(word: str) -> Game:
    """The game that `link4 solve` reads from a line's first word: "-" is the empty board."""
    return Game("" if word == EMPTY_BOARD else word)


def solve_stdin(data: bytes) -> None:
    d = Data(data)
    options = OPTIONS[d.byte() % len(OPTIONS)]
    # Lines holding a legal game with few discs are left out: solving those takes
    # seconds to minutes, which would stall the fuzzer without testing anything new.
    lines = []
    for line in d.rest().split(b"\n"):
        word = _first_word(line)
        try:
            game = _solve_game(word) if word is not None else None
        except ValueError:
            game = None
        if game is not None and not game.is_over() and game.ply < SOLVE_FROM_PLY:
            continue
        lines.append(line)
    stdin = b"\n".join(lines)

    command = _solve_command(options)
    with _stdio(stdin) as (out, err):
        status = command.func(command)

    expected_good: list[str] = []
    expected_bad: list[int] = []
    for n, line in enumerate(io.BytesIO(stdin), 1):
        word = _first_word(line)
        if word is None:
            continue
        try:
            game = _solve_game(word)
        except ValueError:
            expected_bad.append(n)
            continue
        if game.is_over():
            expected_bad.append(n)
        else:
            expected_good.append(word)

    printed = out.getvalue().splitlines()
    errors = err.getvalue().splitlines()
    assert status == (1 if expected_bad else 0), (status, errors)
    assert [line.split(" ", 1)[0] for line in printed] == expected_good, (printed, expected_good)
    assert len(errors) == len(expected_bad), errors
    for n, message in zip(expected_bad, errors, strict=True):
        assert message.startswith(f"link4 solve: line {n}: "), message
        assert "Traceback" not in message
    weak = "--weak" in options
    for word, line in zip(expected_good, printed, strict=True):
        fields = line.split()
        if "--analyze" in options:
            assert len(fields) == 1 + 7 + 2, line
            scores = [None if f == "x" else int(f) for f in fields[1:8]]
            assert scores == SOLVER.analyze(word, weak=weak), (line, word)
        else:
            assert len(fields) == 4, line
            assert int(fields[1]) == SOLVER.solve(word, weak=weak), (line, word)
        assert int(fields[-2]) >= 0 and int(fields[-1]) >= 0, line


# -- book files ----------------------------------------------------------------------------


def _good_book() -> bytes:
    """A small, valid book: a few positions of a short game with their exact scores."""
    from link4.book import Book, canonical_key

    game, entries = Game("4453443355"), {}
    for col in [3, 2, 4, 1, 5, 0]:
        if game.is_over():
            break
        entries[canonical_key(game)] = SOLVER.solve(game)
        game.play(col)
    return Book.from_entries(entries, depth=16).to_bytes()


GOOD_BOOK: bytes | None = None


def _check_book(data: bytes) -> None:
    """Either BookError, or a book whose every entry is a position within its depth
    that the book then finds, with a score on the scale (and the right one, when
    the bytes are those of the good book)."""
    try:
        book = link4.Book.from_bytes(data)
    except link4.BookError:
        return
    assert 0 <= book.depth <= CELLS
    keys = []
    for i in range(len(book)):
        key, score = book._core.entry(i)
        keys.append(key)
        pos = link4._core.position_from_key(key)
        assert pos is not None and pos.ply <= book.depth and pos.canonical_key() == key
        assert abs(score) <= CELLS // 2
        game = book.entry(i)[0]
        assert book.get(game) == score
        if len(book) <= 8 and not game.is_over():
            assert SOLVER.solve(game) == score, (game.moves, score)
    assert keys == sorted(set(keys))


def book(data: bytes) -> None:
    global GOOD_BOOK
    d = Data(data)
    if d.byte() % 2 == 0:
        _check_book(d.rest())  # arbitrary bytes
        return
    if GOOD_BOOK is None:
        GOOD_BOOK = _good_book()
    damaged = bytearray(GOOD_BOOK)
    for _ in range(1 + d.byte() % 4):  # a few bytes changed, or the file cut
        where = (d.byte() << 8 | d.byte()) % (len(damaged) + 1)
        value = d.byte()
        if value == 0xFF:
            del damaged[where:]
        elif where < len(damaged):
            damaged[where] = value
    _check_book(bytes(damaged))


TARGETS: dict[str, Callable[[bytes], None]] = {
    "moves": moves,
    "board": board,
    "solve_stdin": solve_stdin,
    "book": book,
}
