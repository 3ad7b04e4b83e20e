"""Seeded games of mixed levels on small boards, for the tests of game reviews."""

from __future__ import annotations

import link4

SMALL_BOARDS = ((4, 4), (5, 4), (4, 5), (5, 5), (6, 4), (6, 5))
LEVELS = ("1", "2", "3", "4")


def played_game(index: int, width: int, height: int) -> link4.Game:
    """Game ``index`` on a board: two levels drawn from the index, each seeded by it."""
    first, second = LEVELS[index % len(LEVELS)], LEVELS[(index // len(LEVELS)) % len(LEVELS)]
    players = (
        link4.Engine(first, seed=2 * index, width=width, height=height),
        link4.Engine(second, seed=2 * index + 1, width=width, height=height),
    )
    game = link4.Game(width=width, height=height)
    while not game.is_over():
        game.play(players[game.ply % 2].choose(game))
    return game


def small_games(
    count: int, offset: int = 0, boards: tuple[tuple[int, int], ...] = SMALL_BOARDS
) -> list[link4.Game]:
    """``count`` games spread over ``boards``."""
    return [played_game(i, *boards[i % len(boards)]) for i in range(offset, offset + count)]
