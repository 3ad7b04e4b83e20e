"""Seeds for environments: Gymnasium's convention that environment i of a batch seeded
with s is seeded with s + i, on link4's random streams (one 64-bit word each, see
cpp/link4/stream.hpp)."""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import TYPE_CHECKING

from link4 import _core

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt


def seed_value(seed: object) -> int:
    """A seed as the 64-bit word a stream starts from (ValueError for what is no seed)."""
    if isinstance(seed, bool) or not hasattr(seed, "__index__") or seed.__index__() < 0:
        raise ValueError(f"a seed is an int >= 0 or None, not {seed!r}")
    value: int = seed.__index__()
    return value % (1 << 64)


def system_seed() -> int:
    """A seed from the operating system's randomness."""
    return int.from_bytes(os.urandom(8), "little")


def env_seeds(count: int, seed: int | Sequence[int] | None) -> npt.NDArray[np.uint64]:
    """One seed per environment: seed + i (None: a seed from the system), or the given
    sequence of ``count`` seeds."""
    import numpy as np

    if seed is None or hasattr(seed, "__index__"):
        base = system_seed() if seed is None else seed_value(seed)
        return np.uint64(base) + np.arange(count, dtype=np.uint64)
    values = list(seed)
    if len(values) != count:
        raise ValueError(f"seed: one per environment ({count}), not {len(values)}")
    return np.array([seed_value(s) for s in values], dtype=np.uint64)


def stream_states(count: int, seed: int | None) -> npt.NDArray[np.uint64]:
    """The states of ``count`` random streams seeded with seed + i."""
    import numpy as np

    return np.array([_core.Stream.seeded(int(s)).state for s in env_seeds(count, seed)], dtype=np.uint64)
