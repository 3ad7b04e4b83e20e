"""The benchmark sets shipped with link4: positions with their exact scores."""

from __future__ import annotations

from importlib import resources


def load_pons(file: str, limit: int | None = None) -> list[tuple[str, int]]:
    """(moves, score) pairs of one of the bundled benchmark sets."""
    text = resources.files("link4").joinpath("data", "pons", file).read_text()
    pairs = [(m, int(s)) for m, s in (line.split() for line in text.splitlines() if line)]
    return pairs[:limit]
