"""Human-facing text: scores in words and the board drawn for a terminal.

Scores follow docs/score.md (from the side to move: 0 draw; a win with one's k-th disc
scores 22 - k on the 7 x 6 board; negative: the opponent wins). People never see a bare
number alone:

>>> from link4.game import RED
>>> score_words(9, RED, 4)
'red wins with its 13th disc (in 11 moves)'
>>> score_words(0, RED, 4)
'draw with best play'
>>> hint_words(-3, 5)
'you are lost if the engine plays perfectly (it wins with its 19th disc)'

The functions about scores take the board's size, 7 x 6 unless told:

>>> score_words(1, RED, 0, width=8, height=5)
'red wins with its 20th disc (in 20 moves)'
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Iterable
from types import TracebackType
from typing import TextIO

from link4._rules import HEIGHT, WIDTH, Player, ordinal
from link4.game import Game
from link4.score import winning_disc, winning_move

__all__ = [
    "NOT_SOLVED",
    "Palette",
    "Thinking",
    "bound_words",
    "column_bound_words",
    "column_words",
    "describe_score",
    "environment_render",
    "hint_bound_words",
    "hint_words",
    "legend",
    "moves_to_go",
    "render_board",
    "score_words",
    "use_colour",
]


NOT_SOLVED = "not solved in time"
"""What is said of a score, or of a position, that a time limit left unknown."""


def moves_to_go(score: int, ply: int, width: int = WIDTH, height: int = HEIGHT) -> int:
    """How many moves the winner of a non-zero ``score`` (of the side to move, ``ply``
    discs down) still plays, the winning one included.

    >>> moves_to_go(13, 4), moves_to_go(-18, 5)
    (7, 1)
    """
    return (winning_move(score, ply, width=width, height=height) - ply + 1) // 2


def _in_moves(n: int) -> str:
    return "at once" if n == 1 else f"in {n} moves"


def score_words(
    score: int, mover: Player, ply: int, *, width: int = WIDTH, height: int = HEIGHT
) -> str:
    """The meaning of a score for ``mover`` (to move, ``ply`` discs down), neutrally."""
    if score == 0:
        return "draw with best play"
    winner = mover if score > 0 else mover.other
    k = winning_disc(score, ply, width=width, height=height)
    to_go = moves_to_go(score, ply, width, height)
    return f"{winner} wins with its {ordinal(k)} disc ({_in_moves(to_go)})"


def describe_score(score: int, ply: int, *, width: int = WIDTH, height: int = HEIGHT) -> str:
    """The meaning of a score for the side to move with ``ply`` discs down, in words.

    >>> describe_score(13, 4)
    'red wins with its 9th disc (in 7 moves)'
    >>> describe_score(-1, 0)
    'yellow wins with its 21st disc (in 21 moves)'
    >>> describe_score(-1, 0, width=6, height=6)
    'yellow wins with its 18th disc (in 18 moves)'
    """
    mover = Player.RED if ply % 2 == 0 else Player.YELLOW
    return score_words(score, mover, ply, width=width, height=height)


def _spoken(score: int, ply: int, win: str, loss: str, width: int, height: int) -> str:
    """A score in words to the person to move: ``win`` begins a win's sentence, ``loss``
    is a loss's, with ``{disc}`` standing for the opponent's winning disc."""
    if score == 0:
        return "draw with best play"
    disc = ordinal(winning_disc(score, ply, width=width, height=height))
    if score > 0:
        to_go = moves_to_go(score, ply, width, height)
        return f"{win} with your {disc} disc ({_in_moves(to_go)})"
    return loss.format(disc=disc)


def hint_words(
    score: int,
    ply: int,
    opponent: str = "the engine",
    *,
    width: int = WIDTH,
    height: int = HEIGHT,
) -> str:
    """The meaning of a score for the person to move, spoken to them."""
    loss = f"you are lost if {opponent} plays perfectly (it wins with its {{disc}} disc)"
    return _spoken(score, ply, "you can win", loss, width, height)


def column_words(score: int, ply: int, *, width: int = WIDTH, height: int = HEIGHT) -> str:
    """What playing a column worth ``score`` leads to, for the person to move."""
    loss = "you lose: your opponent wins with its {disc} disc"
    return _spoken(score, ply, "you win", loss, width, height)


def bound_words(
    lower: int, upper: int, mover: Player, *, width: int = WIDTH, height: int = HEIGHT
) -> str:
    """What proven bounds (``lower`` < ``upper``) on a score say, neutrally.

    >>> bound_words(3, 9, Player.RED)
    'red wins, with its 19th disc or sooner'
    >>> bound_words(-18, -1, Player.RED), bound_words(0, 5, Player.YELLOW)
    ('yellow wins', 'yellow draws or wins')
    """
    if lower > 0 or upper < 0:
        winner, bound = (mover, lower) if lower > 0 else (mover.other, upper)
        # The winning disc depends only on who moves: the parity of the ply.
        ply = 0 if mover is Player.RED else 1
        disc = winning_disc(bound, ply, width=width, height=height)
        when = f", with its {ordinal(disc)} disc or sooner" if abs(bound) > 1 else ""
        return f"{winner} wins{when}"
    if lower == 0:
        return f"{mover} draws or wins"
    if upper == 0:
        return f"{mover} draws or loses"
    return NOT_SOLVED


def column_bound_words(
    lower: int, upper: int, mover: Player, *, width: int = WIDTH, height: int = HEIGHT
) -> str:
    """What a column's proven bounds say, neutrally, and that its exact score is unknown.

    >>> column_bound_words(0, 5, Player.YELLOW), column_bound_words(-5, 5, Player.RED)
    ('yellow draws or wins (the exact score not solved in time)', 'not solved in time')
    """
    words = bound_words(lower, upper, mover, width=width, height=height)
    return words if words == NOT_SOLVED else f"{words} (the exact score {NOT_SOLVED})"


def hint_bound_words(
    lower: int,
    upper: int,
    *,
    ply: int | None = None,
    width: int = WIDTH,
    height: int = HEIGHT,
) -> str:
    """What proven bounds on the value of a move say, to the person about to play it
    with ``ply`` discs down (needed only on a board of an odd number of cells, where
    the winning disc depends on who moves: see link4.score.winning_disc)."""
    if lower > 0:
        disc = winning_disc(lower, ply, width=width, height=height)
        return f"it wins (with your {ordinal(disc)} disc or sooner)"
    if lower == 0:
        return "it keeps at least a draw" + (" (perhaps more)" if upper > 0 else "")
    if upper < 0:
        return "every move loses against perfect play; this one holds out longest as far as proven"
    return "its value is not proven yet"


def environment_render(game: Game, render_mode: str | None, warn: Callable[[str], None]) -> str | None:
    """``render()`` of the Gymnasium and PettingZoo environments: the text diagram,
    returned (``"ansi"``) or printed (``"human"``); without a mode, ``warn`` says so."""
    if render_mode is None:
        warn("render() without a render_mode: make the environment with render_mode='ansi' or 'human'")
        return None
    text = str(game)
    if render_mode == "human":
        print(text)
        return None
    return text


# -- colour --------------------------------------------------------------------------


def use_colour(stream: TextIO, no_color_flag: bool = False) -> bool:
    """Colour only for a terminal that wants it: not with --no-color, not when NO_COLOR
    is set to anything (https://no-color.org), not when piped, not on a dumb terminal."""
    if no_color_flag or os.environ.get("NO_COLOR", ""):
        return False
    if os.environ.get("TERM", "") == "dumb":
        return False
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


class Palette:
    """ANSI styles, or nothing at all when colour is off."""

    def __init__(self, colour: bool) -> None:
        self.colour = colour

    def _sgr(self, text: str, *codes: int) -> str:
        if not self.colour:
            return text
        return f"\x1b[{';'.join(map(str, codes))}m{text}\x1b[0m"

    def disc(self, player: Player, text: str, *, highlight: bool = False) -> str:
        colour = 31 if player is Player.RED else 33
        return self._sgr(text, 1, colour, *((7,) if highlight else ()))

    def dim(self, text: str) -> str:
        return self._sgr(text, 2)

    def bold(self, text: str) -> str:
        return self._sgr(text, 1)


# -- the board -----------------------------------------------------------------------


def render_board(
    game: Game,
    palette: Palette,
    *,
    highlight: Iterable[tuple[int, int]] = (),
    mark_last: bool = True,
) -> str:
    """The board as text, top row first, with the column numbers underneath.

    Discs are X (red) and O (yellow), coloured when the palette has colour. The last
    disc played stands in [brackets]; ``highlight`` cells (the winning four) stand in
    *stars* and, in colour, in reverse video.
    """
    rows = game.to_board()
    line = set(highlight)
    last: tuple[int, int] | None = None
    if mark_last and game.ply:
        col = game.move_list[-1]
        last = (col, game.column_height(col) - 1)
    out = []
    for i, row in enumerate(rows):
        r = game.height - 1 - i
        cells = []
        for c, v in enumerate(row):
            if v == 0:
                cells.append(" " + palette.dim(".") + " ")
                continue
            player = Player(v)
            glyph = palette.disc(player, player.glyph, highlight=(c, r) in line)
            if (c, r) in line:
                cells.append(f"*{glyph}*")
            elif (c, r) == last:
                cells.append(f"[{glyph}]")
            else:
                cells.append(f" {glyph} ")
        out.append(" |" + "".join(cells) + "|")
    out.append(" +" + "-" * (3 * game.width) + "+")
    out.append(("  " + "".join(f" {c + 1} " for c in range(game.width))).rstrip())
    return "\n".join(out)


def legend(palette: Palette, names: dict[Player, str] | None = None) -> str:
    """'X red (you)   O yellow (engine)': which glyph is whose."""
    parts = []
    for p in (Player.RED, Player.YELLOW):
        who = f" ({names[p]})" if names and p in names else ""
        parts.append(f"{palette.disc(p, p.glyph)} {p}{who}")
    return "   ".join(parts)


# -- a long search --------------------------------------------------------------------


class Thinking:
    """While a long search runs, show that it is thinking and for how long.

    In a terminal a line is rewritten every half second; elsewhere one line is printed.
    The search runs in the calling (main) thread so that Ctrl-C reaches it; the display
    runs in a thread of its own, as the search releases the interpreter meanwhile.
    """

    def __init__(self, out: TextIO, what: str, *, tty: bool, delay: float = 0.4) -> None:
        self.out = out
        self.what = what
        self.tty = tty
        self.delay = delay
        self.seconds = 0.0
        self.shown = False
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._show, daemon=True)
        self._width = 0

    def _show(self) -> None:
        if self._done.wait(self.delay):
            return
        self.shown = True
        if not self.tty:
            self.out.write(f"{self.what} (Ctrl-C to stop)...\n")
            self.out.flush()
            return
        while not self._done.is_set():
            text = f"\r{self.what}... {time.monotonic() - self._start:.0f} s (Ctrl-C to stop)"
            self._width = max(self._width, len(text))
            self.out.write(text)
            self.out.flush()
            self._done.wait(0.5)

    def __enter__(self) -> Thinking:
        self._start = time.monotonic()
        self._thread.start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self._done.set()
        self._thread.join()
        self.seconds = time.monotonic() - self._start
        if self.shown and self.tty:
            self.out.write("\r" + " " * self._width + "\r")
            self.out.flush()
