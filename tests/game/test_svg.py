"""link4.svg.board and the notebook pictures of a Game, rendered with a real SVG renderer."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from typing import Any

import pytest

import link4
from link4 import Game
from link4.svg import COLOURS, board

SIZE = 700  # pixels: a cell is 100 wide, a disc's radius 40
CELL = SIZE / 7
RADIUS = CELL * 0.4


def renderer() -> Any:
    try:
        import cairosvg
    except (ImportError, OSError) as error:  # OSError: the cairo library itself is missing
        pytest.skip(f"CairoSVG cannot render here: {error}")
    return cairosvg


def render(svg: str) -> Any:
    image = pytest.importorskip("PIL.Image")
    png = renderer().svg2png(bytestring=svg.encode())
    return image.open(io.BytesIO(png)).convert("RGBA")


def rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def assert_colour(picture: Any, x: float, y: float, colour: str) -> None:
    r, g, b, a = picture.getpixel((round(x), round(y)))
    want = rgb(colour)
    assert a == 255 and max(abs(p - q) for p, q in zip((r, g, b), want, strict=True)) <= 12, (
        f"pixel ({x:.0f}, {y:.0f}) is {(r, g, b, a)}, not {colour} {want}"
    )


def centre(col: int, row: int, top: float = 0.0) -> tuple[float, float]:
    """Column and row 0-based, row 0 at the bottom."""
    return (col + 0.5) * CELL, top + (5 - row + 0.5) * CELL


def test_every_cell_has_its_colour() -> None:
    game = Game("4453")
    picture = render(board(game, size=SIZE))
    rows = game.to_board()
    for r, line in enumerate(rows):
        for col, value in enumerate(line):
            colour = COLOURS[{0: "empty", 1: "red", 2: "yellow"}[value]]
            assert_colour(picture, *centre(col, 5 - r), colour)
            # Between the holes: the board.
            x, y = centre(col, 5 - r)
            assert_colour(picture, x + CELL * 0.47, y, COLOURS["board"])


def test_the_last_move_has_a_ring() -> None:
    picture = render(board(Game("4453"), size=SIZE))
    x, y = centre(2, 0)  # the last disc, yellow, in column 3
    assert_colour(picture, x, y, COLOURS["yellow"])
    assert_colour(picture, x + RADIUS * 0.45, y, COLOURS["last"])
    x, y = centre(3, 0)  # an earlier disc: no ring
    assert_colour(picture, x + RADIUS * 0.45, y, COLOURS["red"])


def test_the_winning_four_has_rings() -> None:
    game = Game("4455667")  # red wins on the bottom row, columns 4 to 7
    picture = render(board(game, size=SIZE))
    for col in range(3, 7):
        x, y = centre(col, 0)
        assert_colour(picture, x, y, COLOURS["red"])
        assert_colour(picture, x, y - RADIUS * 0.75, COLOURS["line"])
    x, y = centre(3, 1)  # a yellow disc, not in the four
    assert_colour(picture, x, y - RADIUS * 0.75, COLOURS["yellow"])


def test_scores_above_the_columns() -> None:
    scores: list[int | None] = [3, 0, -2, None, 18, 0, -1]
    svg = board(Game("444444"), scores=scores, size=SIZE)
    picture = render(svg)
    top = CELL * 0.7
    assert picture.size == (SIZE, round(top + 6 * CELL + CELL * 0.5))
    for col, score in enumerate(scores):
        x, y = (col + 0.5) * CELL, CELL * 0.14
        if score is None:
            assert picture.getpixel((round(x), round(y)))[3] == 0  # transparent
        else:
            kind = "win" if score > 0 else "loss" if score < 0 else "draw"
            assert_colour(picture, x, y, COLOURS[kind])
    labels = [t.text for t in ET.fromstring(svg).iter("{http://www.w3.org/2000/svg}text")]
    assert labels[:6] == ["+3", "0", "-2", "+18", "0", "-1"]
    # The board moves down by the height of the labels.
    assert_colour(picture, *centre(3, 0, top), COLOURS["red"])
    assert_colour(picture, *centre(3, 5, top), COLOURS["yellow"])


def test_scores_of_the_solver() -> None:
    game = Game("2531276566711153")
    scores = link4.Solver(table_mb=16).analyze(game)
    picture = render(board(game, scores=scores, size=SIZE))
    assert_colour(picture, 1.5 * CELL, CELL * 0.14, COLOURS["win"])  # the only winning move


def test_coordinates() -> None:
    with_labels, without = board(Game(), size=SIZE), board(Game(), size=SIZE, coordinates=False)
    assert render(with_labels).size == (SIZE, 6 * CELL + CELL / 2)
    assert render(without).size == (SIZE, 6 * CELL)
    labels = [t.text for t in ET.fromstring(with_labels).iter("{http://www.w3.org/2000/svg}text")]
    assert labels == ["1", "2", "3", "4", "5", "6", "7"]
    assert "<text" not in without


def test_size_and_move_strings() -> None:
    svg = board("4453", size=140)
    root = ET.fromstring(svg)
    assert root.get("width") == "140" and root.get("viewBox") == "0 0 140 130"
    assert root.findtext("{http://www.w3.org/2000/svg}title") == "Game('4453')"
    assert render(svg).size == (140, 130)


@pytest.mark.parametrize(
    ("kwargs", "error", "fragment"),
    [
        ({"scores": [0] * 6}, ValueError, "one entry per column (7), not 6"),
        ({"size": 0}, ValueError, "size is a width in pixels > 0"),
    ],
)
def test_bad_arguments(kwargs: dict[str, Any], error: type[Exception], fragment: str) -> None:
    with pytest.raises(error) as info:
        board(Game(), **kwargs)
    assert fragment in str(info.value)
    with pytest.raises(TypeError, match="not list"):
        board([3, 3])  # type: ignore[arg-type]


def test_notebook_representations() -> None:
    game = Game("4455667")
    assert game._repr_svg_() == board(game)
    html = game._repr_html_()
    assert board(game) in html
    assert "Game(&#x27;4455667&#x27;)" in html and "red wins with its 4th disc" in html
    assert "red to move" in Game()._repr_html_()
