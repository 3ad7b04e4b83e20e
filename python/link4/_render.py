"""The text that the Gymnasium and PettingZoo environments render."""

from __future__ import annotations

from collections.abc import Callable

from link4.game import Game


def environment_render(game: Game, render_mode: str | None, warn: Callable[[str], None]) -> str | None:
    """``render()`` of the Gymnasium and PettingZoo environments: the text diagram,
    returned (``"ansi"``) or printed (``"human"``); without a mode, ``warn`` says so."""
    if render_mode is None:
        warn("render() without a render_mode: make the environment with render_mode='ansi' or 'human'")
        return None
    text = str(game)
    if render_mode == "human":
        print(text)
        return None
    return text


# -- colour --------------------------------------------------------------------------
