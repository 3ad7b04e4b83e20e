"""Confidence intervals for the rates link4.evaluate reports (95 %)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

Z95 = 1.959963984540054  # the standard normal's 97.5th percentile


def wilson(count: float, total: int) -> tuple[float, float]:
    """Wilson's score interval for a proportion ``count / total`` of independent trials
    (games): unlike the normal approximation it stays within [0, 1] and holds up near 0
    and 1, where strong and weak agents live. (0, 1) for no trials."""
    if total <= 0:
        return 0.0, 1.0
    p = count / total
    centre = p + Z95 * Z95 / (2 * total)
    spread = Z95 * math.sqrt(p * (1 - p) / total + Z95 * Z95 / (4 * total * total))
    scale = 1 + Z95 * Z95 / total
    return max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale)


def cluster_bootstrap(
    hits: npt.NDArray[np.int64], trials: npt.NDArray[np.int64], seed: int, resamples: int = 2000
) -> tuple[float, float]:
    """A percentile bootstrap interval for sum(hits) / sum(trials) that resamples whole
    games (clusters): the moves of one game are not independent (one blunder leads to
    more), so an interval over moves as independent trials would be too narrow."""
    import numpy as np

    games = len(trials)
    if games == 0 or trials.sum() == 0:
        return 0.0, 1.0
    rng = np.random.default_rng(seed)
    ratios = np.empty(resamples)
    for start in range(0, resamples, 250):  # in slices, to bound the memory per draw
        picks = rng.integers(0, games, size=(min(250, resamples - start), games))
        ratios[start : start + len(picks)] = hits[picks].sum(axis=1) / np.maximum(
            trials[picks].sum(axis=1), 1
        )
    low, high = np.percentile(ratios, [2.5, 97.5])
    return float(low), float(high)
