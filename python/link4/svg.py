"""Pictures of positions as SVG, for notebooks, documents and the web.

>>> from link4 import Game
>>> picture = board(Game("4453"))
>>> picture.startswith("<svg") and picture.count('class="disc ') == 4
True

In Jupyter a Game shows itself as this picture. Nothing beyond the standard library is
needed: the SVG is text (any SVG renderer, such as CairoSVG, turns it into an image).
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from link4.game import Game, Player, as_game
from link4.rules import MOVE_CHARACTERS, named_board

__all__ = ["COLOURS", "board"]

COLOURS: dict[str, str] = {
    "board": "#1f4fbf",
    "empty": "#f2f4f8",
    "red": "#d7263d",
    "yellow": "#f6c90e",
    "last": "#ffffff",  # the ring on the last disc played
    "line": "#111827",  # the rings on the four in a row
    "win": "#1a9850",  # score labels: the move wins, draws, loses
    "draw": "#8c8c8c",
    "loss": "#d73027",
    "text": "#333333",
}
"""The colours of the picture, as CSS colours."""


def _fmt(x: float) -> str:
    return f"{x:.2f}".rstrip("0").rstrip(".")


def _coordinates(game: Game, cell: float, top: float, font: str) -> list[str]:
    """Each column's name in move strings under the board (1 to 9, then a to c)."""
    y = _fmt(top + game.height * cell + cell * 0.25)
    return [
        f'<text class="coordinate" x="{_fmt((col + 0.5) * cell)}" y="{y}" '
        f'font-size="{font}" fill="{COLOURS["text"]}" text-anchor="middle" '
        f'dominant-baseline="central">{character}</text>'
        for col, character in enumerate(MOVE_CHARACTERS[:game.width])
    ]


def _score_labels(scores: Sequence[int | None], cell: float, font: str) -> list[str]:
    """The labels above the columns: each score on a green, grey or red ground."""
    parts = []
    for col, score in enumerate(scores):
        if score is None:
            continue
        kind = "win" if score > 0 else "loss" if score < 0 else "draw"
        middle = (col + 0.5) * cell
        parts.append(
            f'<rect class="score {kind}" x="{_fmt(middle - cell * 0.38)}" '
            f'y="{_fmt(cell * 0.1)}" width="{_fmt(cell * 0.76)}" height="{_fmt(cell * 0.5)}" '
            f'rx="{_fmt(cell * 0.1)}" fill="{COLOURS[kind]}"/>'
        )
        parts.append(
            f'<text x="{_fmt(middle)}" y="{_fmt(cell * 0.35)}" font-size="{font}" '
            f'fill="#ffffff" text-anchor="middle" dominant-baseline="central">'
            f'{score:+d}</text>'.replace("+0<", "0<")
        )
    return parts


def board(
    game: Game | str,
    *,
    scores: Sequence[int | None] | None = None,
    size: float = 350,
    coordinates: bool = True,
    width: int | None = None,
    height: int | None = None,
    inarow: int | None = None,
) -> str:
    """Draw an SVG picture of the position.

    The picture shows the discs, a ring on the last one played and rings on the winning
    four, in the :data:`COLOURS`.

    >>> picture = board("44", scores=[-2, -1, 0, 1, 0, -1, -2], size=210)
    >>> picture.count('class="score '), picture.count('class="score win"')
    (7, 1)

    Args:
        game: The position: a :class:`link4.Game` or a move string (of the board named
            by ``width`` and ``height``, else of 7 x 6).
        scores: One entry per column (as :meth:`link4.Solver.analyze` returns them: the
            score of playing there, None for a full column), shown above the columns on
            a green (win), grey (draw) or red (loss) label. None: no labels.
        size: The width in pixels (the height follows from the board's shape).
        coordinates: Whether to show under the board each column's name in move
            strings: 1 to 9, then ``a`` to ``c`` for columns 10 to 12.
        width: The board's columns, naming the board (a Game must then be of it); None
            (with ``height`` None): no board named.
        height: The board's rows (None: 6 when ``width`` is given).
        inarow: The line that wins in the game named (None: four).

    Returns:
        The SVG document as text, starting with ``<svg``.

    Raises:
        ValueError: ``size`` is not > 0, or ``scores`` does not have one entry per
            column.
        TypeError: ``game`` is neither a Game nor a string, ``size`` is not a number, or
            a board's size is not an int.
        link4.InvalidMoveError: A malformed move string.
        link4.IllegalMoveError: A move string with a move the rules forbid.
        link4.BoardSizeError: A named board of a size link4 does not play.
        link4.SizeMismatchError: A Game of another size than the board named.
    """
    game = as_game(game, named_board(width, height, inarow))
    columns, rows_high = game.width, game.height
    if not size > 0:
        raise ValueError(f"size is a width in pixels > 0, not {size!r}")
    if scores is not None and len(scores) != columns:
        raise ValueError(f"scores has one entry per column ({columns}), not {len(scores)}")

    cell = size / columns
    radius = cell * 0.4
    top = cell * 0.7 if scores is not None else 0.0
    picture_high = top + rows_high * cell + (cell * 0.5 if coordinates else 0.0)

    def centre(col: int, row: int) -> tuple[str, str]:
        """Column and row 0-based, row 0 at the bottom."""
        return _fmt((col + 0.5) * cell), _fmt(top + (rows_high - 1 - row + 0.5) * cell)

    outcome = game.outcome()
    parts = [
        (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{_fmt(size)}" height="{_fmt(picture_high)}" '
            f'viewBox="0 0 {_fmt(size)} {_fmt(picture_high)}" font-family="sans-serif">'
        ),
        f"<title>{escape(repr(game))}</title>",
        (
            f'<rect class="board" x="0" y="{_fmt(top)}" width="{_fmt(size)}" '
            f'height="{_fmt(rows_high * cell)}" rx="{_fmt(cell * 0.15)}" fill="{COLOURS["board"]}"/>'
        ),
    ]
    for row, line in zip(range(rows_high - 1, -1, -1), game.to_board(), strict=True):  # top first
        for col, value in enumerate(line):
            x, y = centre(col, row)
            if value == 0:
                parts.append(
                    f'<circle class="empty" cx="{x}" cy="{y}" r="{_fmt(radius)}" '
                    f'fill="{COLOURS["empty"]}"/>'
                )
            else:
                name = str(Player(value))
                parts.append(
                    f'<circle class="disc {name}" cx="{x}" cy="{y}" r="{_fmt(radius)}" '
                    f'fill="{COLOURS[name]}"/>'
                )
    if outcome is not None:
        for col, row in outcome.line:
            x, y = centre(col, row)
            parts.append(
                f'<circle class="four" cx="{x}" cy="{y}" r="{_fmt(radius * 0.75)}" fill="none" '
                f'stroke="{COLOURS["line"]}" stroke-width="{_fmt(radius * 0.2)}"/>'
            )
    last = game.last_move
    if last is not None:
        x, y = centre(last, game.column_height(last) - 1)
        parts.append(
            f'<circle class="last" cx="{x}" cy="{y}" r="{_fmt(radius * 0.45)}" fill="none" '
            f'stroke="{COLOURS["last"]}" stroke-width="{_fmt(radius * 0.12)}"/>'
        )
    font = _fmt(cell * 0.3)
    if scores is not None:
        parts += _score_labels(scores, cell, font)
    if coordinates:
        parts += _coordinates(game, cell, top, font)
    parts.append("</svg>")
    return "\n".join(parts)


def notebook_html(game: Game) -> str:
    """The game as Jupyter shows it: its picture, its repr and whose move it is.

    Args:
        game: The game to show.

    Returns:
        An HTML fragment (the picture inline).
    """
    outcome = game.outcome()
    status = f"{game.turn} to move" if outcome is None else str(outcome)
    return (
        f'<div style="display:inline-block;text-align:center">{board(game)}'
        f"<br><code>{escape(repr(game))}</code> {escape(status)}</div>"
    )
