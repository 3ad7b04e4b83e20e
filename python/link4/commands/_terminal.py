"""The terminal: colour or not, the board drawn, its legend and the thinking spinner."""

from __future__ import annotations

import os
import re
import threading
import time
from collections.abc import Iterable
from types import TracebackType
from typing import TextIO

from link4.game import Game
from link4.rules import MOVE_CHARACTERS, Player


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


_STYLE = re.compile(r"\x1b\[[0-9;]*m")  # an SGR sequence, as Palette writes them


def visible_width(text: str) -> int:
    """The printed width of text that may hold the palette's styles."""
    return len(_STYLE.sub("", text))


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

    def style(self, text: str, *codes: int) -> str:
        """``text`` in the SGR styles of ``codes`` (1 bold, 31 red...), when in colour."""
        return self._sgr(text, *codes)

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
    """The board as text, top row first, with each column's name in move strings
    underneath (1 to 9, then a to c).

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
    out.append(("  " + "".join(f" {ch} " for ch in MOVE_CHARACTERS[:game.width])).rstrip())
    return "\n".join(out)


def legend(palette: Palette, names: dict[Player, str] | None = None) -> str:
    """'X red (you)   O yellow (engine)': which glyph is whose."""
    parts = []
    for p in (Player.RED, Player.YELLOW):
        who = f" ({names[p]})" if names and p in names else ""
        parts.append(f"{palette.disc(p, p.glyph)} {p}{who}")
    return "   ".join(parts)


# -- a long search --------------------------------------------------------------------


_CTRL_C_ECHO = "^C"


class Thinking:
    """While a long search runs, show that it is thinking and for how long.

    In a terminal a line is rewritten every half second; elsewhere one line is printed.
    The search runs in the calling (main) thread so that Ctrl-C reaches it; the display
    runs in a thread of its own, as the search releases the interpreter meanwhile. In a
    terminal the line is cleared at the end, and so is the terminal's echo of a Ctrl-C.
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
        stopped = exc_type is not None and issubclass(exc_type, KeyboardInterrupt)
        if self.tty and (self.shown or stopped):
            # The terminal echoes Ctrl-C as ^C after the line: cleared with it, the line
            # is left empty, with the cursor at its start, for what comes next.
            width = self._width + (len(_CTRL_C_ECHO) if stopped else 0)
            self.out.write("\r" + " " * width + "\r")
            self.out.flush()
