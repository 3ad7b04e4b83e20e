"""The wording of scores and hints, and the terminal's board."""

from __future__ import annotations

import link4
from link4.commands._terminal import Palette, render_board
from link4.wording import hint_words, score_words


def test_score_words() -> None:
    red, yellow = link4.RED, link4.YELLOW
    assert score_words(13, red, 4) == "red wins with its 9th disc (in 7 moves)"
    assert score_words(0, yellow, 5) == "draw with best play"
    assert score_words(-3, yellow, 5) == "red wins with its 19th disc (in 16 moves)"
    assert score_words(18, red, 6) == "red wins with its 4th disc (at once)"
    assert hint_words(5, 16) == "you can win with your 17th disc (in 9 moves)"
    assert hint_words(-2, 16) == "you are lost if the engine plays perfectly (it wins with its 20th disc)"


def test_board_rendering() -> None:
    game = link4.Game("1212121")
    outcome = game.outcome()
    assert outcome is not None
    plain = render_board(game, Palette(False), highlight=outcome.line)
    assert "\x1b" not in plain
    assert plain.count("*X*") == 4 and plain.count(" O ") == 3
    assert plain.splitlines()[-1] == "   1  2  3  4  5  6  7"
    coloured = render_board(link4.Game("44"), Palette(True))
    assert "\x1b[1;31mX\x1b[0m" in coloured and "[\x1b[1;33mO\x1b[0m]" in coloured
