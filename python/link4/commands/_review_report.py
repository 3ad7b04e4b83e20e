"""A game review as the terminal shows it: the moves with their marks, each side's
summary, the turning points and a chart of the value, for link4 review and link4 play.

The marks read without colour: each has its symbol and its word (plain-ASCII symbols
where the terminal cannot show others); colour only adds to them.
"""

from __future__ import annotations

from typing import TextIO

from link4.commands._terminal import Palette, visible_width
from link4.game_review import Review, value_words
from link4.marks import ASCII_SYMBOLS, MARKS, SYMBOLS, Mark, Value
from link4.rules import INAROW, Player

CHART_ROWS = 4
"""Rows of the chart on each side of the draw line."""

_MARK_COLOURS: dict[Mark, int] = {"best": 32, "inaccuracy": 36, "mistake": 35, "blunder": 31}


def shows_unicode(stream: TextIO) -> bool:
    """Whether ``stream`` can write the marks' symbols and the chart's dots (a stream
    that names no encoding, such as a StringIO, holds any text)."""
    encoding = getattr(stream, "encoding", None)
    if encoding is None:
        return True
    try:
        ("".join(SYMBOLS.values()) + "●◆─│").encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


class ReviewReport:
    """The text of a review, in the palette's colours, with Unicode or ASCII symbols."""

    def __init__(self, review: Review, palette: Palette, *, unicode: bool) -> None:
        self.review = review
        self.palette = palette
        self.symbols = SYMBOLS if unicode else ASCII_SYMBOLS
        self.dot, self.turn, self.rule = ("●", "◆", "─") if unicode else ("o", "#", "-")

    def mark(self, mark: Mark | None) -> str:
        """A mark as its symbol and its word, coloured where the palette has colour."""
        if mark is None:  # its value not solved in time: the words after it say so
            return "not marked"
        return self.palette.style(f"{self.symbols[mark]} {mark}", 1, _MARK_COLOURS[mark])

    def text(self) -> str:
        """The whole report."""
        parts = [self.heading(), self.moves(), self.summary(), self.turning_points(), self.chart()]
        return "\n\n".join(p for p in parts if p)

    def heading(self) -> str:
        r = self.review
        game = r.game
        outcome = game.outcome()
        size = f"{r.width}x{r.height}" + ("" if r.inarow == INAROW else f", {r.inarow} in a row")
        count = f"{len(r.pos)} move{'s' if len(r.pos) != 1 else ''}"
        end = f": {outcome}" if outcome is not None else ", not over"
        line = f"Review of {r.pos or 'the empty board'} ({size}, {count}{end})."
        if not r.complete:
            line += (
                f"\nInterrupted: {len(r.moves)} of {len(r.pos)} moves reviewed, the last ones;"
                " the others are left out."
            )
        return line

    def moves(self) -> str:
        r = self.review
        if not r.moves:
            return "No moves to review."
        lines = ["  move  side     column  mark            the value after it"]
        for m in r.moves:
            after = value_words(m.played, m.mover, m.ply, r.width, r.height)
            extra = []
            if m.mark not in (None, "best") and m.best:
                extra.append(f"best: {' '.join(str(c + 1) for c in m.best)}")
            if m.only_move:
                extra.append("the only move to keep it" if m.kept else "only one move kept the result")
            tail = f"   ({'; '.join(extra)})" if extra else ""
            mark = self.mark(m.mark)
            pad = " " * max(2, 16 - visible_width(mark))
            lines.append(
                f"  {m.ply + 1:>4}  {self.palette.disc(m.mover, f'{m.mover!s:<7}')}  "
                f"{m.column + 1:>6}  {mark}{pad}{after}{tail}"
            )
        return "\n".join(lines)

    def summary(self) -> str:
        sides = self.review.sides
        red, yellow = sides[Player.RED], sides[Player.YELLOW]
        names = self.palette.disc(Player.RED, "     red") + self.palette.disc(Player.YELLOW, "   yellow")
        lines = [f"  {'':<16}{names}"]
        lines.append(f"  {'accuracy':<16}{_share(red.accuracy):>8}{_share(yellow.accuracy):>9}")
        lines.append(f"  {'result kept':<16}{_share(red.kept_share):>8}{_share(yellow.kept_share):>9}")
        for name in MARKS:
            label = f"{self.symbols[name]} {name}"
            lines.append(f"  {label:<16}{red.marks[name]:>8}{yellow.marks[name]:>9}")
        heading = "Each side (accuracy: the share of best moves):"
        if red.unmarked or yellow.unmarked:
            lines.append(f"  {'not marked':<16}{red.unmarked:>8}{yellow.unmarked:>9}")
            heading = "Each side (accuracy: the share of best moves; the moves not marked count as not best):"
        return heading + "\n" + "\n".join(lines)

    def turning_points(self) -> str:
        r = self.review
        points = r.turning_points
        if not points:
            if not r.moves:
                return ""
            if any(m.mark is None for m in r.moves):
                return "Turning points: none among the moves marked."
            return "Turning points: none, the result never changed."
        lines = [f"  move {t.ply + 1}: {t.words(r.width, r.height)}" for t in points]
        return "Turning points (where the result changed):\n" + "\n".join(lines)

    def chart(self) -> str:
        """The value after each ply from red's view, one column of text per ply."""
        r = self.review
        series = r.series
        if all(v is None for v in series):
            return ""
        top = max([max(abs(v.lower), abs(v.upper)) for v in series if v is not None and v.exact] + [1])
        turns = {t.ply + 1 for t in r.turning_points}
        rows = [[" "] * len(series) for _ in range(2 * CHART_ROWS + 1)]
        for ply, value in enumerate(series):
            if value is None:
                continue
            level = _level(value, top)
            if level is None:  # bounds that leave the result open: on the draw line
                rows[CHART_ROWS][ply] = "?"
                continue
            glyph = self.turn if ply in turns else self.dot
            side = Player.RED if level > 0 else Player.YELLOW if level < 0 else None
            rows[CHART_ROWS - level][ply] = glyph if side is None else self.palette.disc(side, glyph)
        labels = {0: "red wins", CHART_ROWS: "draw", 2 * CHART_ROWS: "yellow wins"}
        out = [
            "The value after each move, from red's view (up: red wins, the sooner the higher;",
            f"down: yellow wins; {self.turn} where the result changed; ? not solved in time):",
        ]
        for i, row in enumerate(rows):
            line = "".join(row)
            if i == CHART_ROWS:
                line = "".join(c if c != " " else self.palette.dim(self.rule) for c in row)
            out.append(f"  {labels.get(i, ''):>11} |{line}".rstrip())
        out.append(f"  {'':>11} +{'-' * len(series)}")
        ticks = "".join(_tick(i) for i in range(0, len(series), 10))
        out.append(f"  {'move':>11}  {ticks}".rstrip())
        return "\n".join(out)


def _tick(ply: int) -> str:
    return f"{ply:<10}"


def _share(share: float | None) -> str:
    return "-" if share is None else f"{round(100 * share)} %"


def _level(value: Value, top: int) -> int | None:
    """The chart row of a value from red's view: 0 a draw, 1 to CHART_ROWS for red's
    wins (the sooner the higher), below 0 for yellow's; None when the result is open."""
    outcome = value.outcome
    if outcome is None:
        return None
    if outcome == "draw":
        return 0
    score = value.lower if outcome == "win" else value.upper
    # A bound proven under a time limit may pass the exact values' top: it goes on the top row.
    level = min(CHART_ROWS, max(1, -(-abs(score) * CHART_ROWS // top)))
    return level if outcome == "win" else -level
