"""An analysis in rounds, so that a search nobody waits for any more stops soon.

The core's search cannot be told to stop from the web server's threads; its time limit
can. So :func:`analysis_in_rounds` runs the analysis of :func:`link4.analysis.analysis`
again and again on the same solver, within limits that grow up to :data:`LONGEST_ROUND`
and add up to the request's, and asks between two rounds whether the client is still
there. Each round starts from what the solver's table kept of the last one, so it
mostly goes on where that one stopped; a client gone, the worker is free within one
round. The answer is the last round's document, with every round's nodes and seconds.

>>> from link4 import Game, Limit, Solver
>>> doc = analysis_in_rounds(Game("4455"), Solver(table_mb=4), limit=Limit(time_limit=5.0),
...                          gone=lambda: False)
>>> doc["exact"], doc["best"]
(True, [2, 5])
>>> round_limits(1.0)
[0.05, 0.1, 0.2, 0.4, 0.25]
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from link4.analysis import analysis
from link4.engine import Solver
from link4.game import Game
from link4.limit import Limit

__all__ = ["FIRST_ROUND", "LONGEST_ROUND", "analysis_in_rounds", "round_limits"]

FIRST_ROUND = 0.05
"""The seconds of the first round: most positions are settled within it."""

LONGEST_ROUND = 0.5
"""The most seconds of one round: how long a search goes on once its client has gone."""


def round_limits(seconds: float) -> list[float]:
    """The time limits of the rounds of an analysis of ``seconds`` in all.

    They double from :data:`FIRST_ROUND` up to :data:`LONGEST_ROUND`, and the last takes
    what is left.

    Args:
        seconds: the whole analysis's time limit, > 0.

    Returns:
        The rounds' limits, which add up to ``seconds``.

    Example:
        >>> round_limits(0.02), round_limits(2.0)
        ([0.02], [0.05, 0.1, 0.2, 0.4, 0.5, 0.5, 0.25])
    """
    limits: list[float] = []
    left = seconds
    step = FIRST_ROUND
    while left > 1e-9:
        limits.append(round(min(step, left), 9))
        left -= limits[-1]
        step = min(2 * step, LONGEST_ROUND)
    return limits


def analysis_in_rounds(
    game: Game, solver: Solver, *, limit: Limit, gone: Callable[[], bool], weak: bool = False
) -> dict[str, Any]:
    """The analysis document of ``game`` within ``limit``, searched in rounds.

    It ends at the first exact round, at the end of the time limit, or after the round
    under way when ``gone()`` says the client has gone. Without a time limit it is one
    search (nothing could end it early).

    Args:
        game: A game that is not over.
        solver: The solver of every round (its table carries each round's work on).
        limit: The budget of the whole analysis; its node limit, if any, bounds each round.
        gone: Whether nobody waits for the answer any more; asked between two rounds.
        weak: Outcomes only, as :func:`link4.analysis.analysis` takes it.

    Returns:
        The last round's document, its ``nodes`` and ``seconds`` those of all rounds.

    Raises:
        link4.GameOverError: The game is over.
    """
    if limit.time_limit is None:
        return analysis(game, solver, weak=weak, limit=limit)
    started = time.monotonic()
    nodes = 0
    doc: dict[str, Any] = {}
    for seconds in round_limits(limit.time_limit):
        doc = analysis(game, solver, weak=weak, limit=Limit(time_limit=seconds, node_limit=limit.node_limit))
        nodes += doc["nodes"]
        if doc["exact"] or gone():
            break
    doc["nodes"] = nodes
    doc["seconds"] = round(time.monotonic() - started, 6)
    return doc
