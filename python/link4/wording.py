"""What link4 says of a score: the words of the terminal, the web page and the API.

Scores follow the score convention (:mod:`link4.score`: from the side to move, 0 a draw;
a win with one's k-th disc scores 22 - k on the 7 x 6 board; negative: the opponent
wins). People never see a bare number alone:

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

from link4.rules import HEIGHT, WIDTH, Player, ordinal
from link4.score import winning_disc, winning_move

__all__ = [
    "NOT_SOLVED",
    "bound_words",
    "column_bound_words",
    "column_words",
    "describe_score",
    "hint_bound_words",
    "hint_words",
    "moves_to_go",
    "score_words",
]


NOT_SOLVED = "not solved in time"
"""What is said of a score, or of a position, that a time limit left unknown."""


def moves_to_go(score: int, ply: int, width: int = WIDTH, height: int = HEIGHT) -> int:
    """How many moves the winner of a non-zero score still plays, the winning one included.

    >>> moves_to_go(13, 4), moves_to_go(-18, 5)
    (7, 1)

    Args:
        score: The score, from the side to move (not 0).
        ply: The discs down.
        width: The board's columns.
        height: The board's rows.

    Returns:
        The winner's moves to go.
    """
    return (winning_move(score, ply, width=width, height=height) - ply + 1) // 2


def _in_moves(n: int) -> str:
    return "at once" if n == 1 else f"in {n} moves"


def score_words(
    score: int, mover: Player, ply: int, *, width: int = WIDTH, height: int = HEIGHT
) -> str:
    """The meaning of a score for ``mover``, neutrally.

    >>> score_words(-3, Player.YELLOW, 5)
    'red wins with its 19th disc (in 16 moves)'

    Args:
        score: The score, from the side to move.
        mover: The side to move.
        ply: The discs down.
        width: The board's columns.
        height: The board's rows.

    Returns:
        Who wins with which disc and in how many moves, or that it is a draw.
    """
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

    Args:
        score: The score, from the side to move.
        ply: The discs down (red moves when it is even).
        width: The board's columns.
        height: The board's rows.

    Returns:
        Who wins with which disc and in how many moves, or that it is a draw.
    """
    mover = Player.RED if ply % 2 == 0 else Player.YELLOW
    return score_words(score, mover, ply, width=width, height=height)


def _spoken(score: int, ply: int, win: str, loss: str, width: int, height: int) -> str:
    # A score in words to the person to move: ``win`` begins a win's sentence, ``loss``
    # is a loss's, with ``{disc}`` standing for the opponent's winning disc.
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
    """The meaning of a score for the person to move, spoken to them.

    >>> hint_words(5, 16)
    'you can win with your 17th disc (in 9 moves)'

    Args:
        score: The score, from the side to move.
        ply: The discs down.
        opponent: Who the person plays against.
        width: The board's columns.
        height: The board's rows.

    Returns:
        The sentence.
    """
    loss = f"you are lost if {opponent} plays perfectly (it wins with its {{disc}} disc)"
    return _spoken(score, ply, "you can win", loss, width, height)


def column_words(score: int, ply: int, *, width: int = WIDTH, height: int = HEIGHT) -> str:
    """What playing a column worth ``score`` leads to, for the person to move.

    >>> column_words(-2, 4)
    'you lose: your opponent wins with its 20th disc'

    Args:
        score: The column's score, from the side to move.
        ply: The discs down.
        width: The board's columns.
        height: The board's rows.

    Returns:
        The sentence.
    """
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

    Args:
        lower: The proven lower bound, from the side to move.
        upper: The proven upper bound.
        mover: The side to move.
        width: The board's columns.
        height: The board's rows.

    Returns:
        What the bounds prove, or :data:`NOT_SOLVED` when they prove nothing.
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

    Args:
        lower: The proven lower bound, from the side to move.
        upper: The proven upper bound.
        mover: The side to move.
        width: The board's columns.
        height: The board's rows.

    Returns:
        The sentence.
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
    """What proven bounds on the value of a move say, to the person about to play it.

    The one wording of a move's unproven value wherever it is spoken to the player (a
    hint, an analysis at the prompt or on the page): the words of
    :func:`bound_words`, said of the move.

    >>> hint_bound_words(3, 9, ply=4)
    'it wins, with your 19th disc or sooner'
    >>> hint_bound_words(0, 5), hint_bound_words(-9, -2, ply=4), hint_bound_words(-3, 3)
    ('it draws or wins', 'it loses: your opponent wins, with its 20th disc or sooner', 'not solved in time')

    Args:
        lower: The proven lower bound, from the side to move.
        upper: The proven upper bound.
        ply: The discs down (needed only on a board of an odd number of cells, where
            the winning disc depends on who moves: see :func:`link4.score.winning_disc`).
        width: The board's columns.
        height: The board's rows.

    Returns:
        The sentence, or :data:`NOT_SOLVED` when the bounds prove nothing.
    """
    if lower > 0 or upper < 0:
        disc = ordinal(winning_disc(lower if lower > 0 else upper, ply, width=width, height=height))
        if lower > 0:
            return f"it wins, with your {disc} disc or sooner"
        return f"it loses: your opponent wins, with its {disc} disc or sooner"
    if lower == 0:
        return "it draws or wins"
    if upper == 0:
        return "it draws or loses"
    return NOT_SOLVED
