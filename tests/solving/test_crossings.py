"""How many times one answer crosses into the compiled core (link4._core).

Each call from Python into a function or method of the core is a ``c_call`` event of
``sys.setprofile``; these tests count them while one command runs in this process.
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import io
import sys
from collections.abc import Callable
from types import FrameType
from typing import Any

import pytest

import link4.cli
from link4 import book
from link4.commands._session import PlaySession

# CI runs this module again against the wheel built from the sdist (what the wheel carries).
pytestmark = pytest.mark.wheel

POSITION = "5554224333234511764415115"


def core_calls(action: Callable[[], object]) -> collections.Counter[str]:
    """The calls into link4._core that ``action`` makes, by name."""
    calls: collections.Counter[str] = collections.Counter()

    def profile(frame: FrameType, event: str, arg: Any) -> None:
        if event == "c_call" and (getattr(arg, "__module__", None) or "").startswith("link4._core"):
            calls[getattr(arg, "__name__", repr(arg))] += 1

    sys.setprofile(profile)
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            action()
    finally:
        sys.setprofile(None)
    return calls


def test_the_profile_sees_calls_into_the_core() -> None:
    from link4 import _core

    calls = core_calls(lambda: _core.Position.from_moves("44").legal_moves())
    assert calls == {"from_moves": 1, "legal_moves": 1}


def test_analyze_crosses_at_most_five_times_opening_the_book_included() -> None:
    book.default_book.cache_clear()  # opening the shipped book counts
    calls = core_calls(lambda: link4.cli.main(["analyze", POSITION]))
    assert calls["parse"] == 1 and calls["analyze"] == 1, calls
    assert sum(calls.values()) <= 5, calls


def test_a_hint_crosses_at_most_three_times_besides_the_book() -> None:
    args = argparse.Namespace(
        no_color=True, seed=1, level="5", moves=POSITION, engine_vs_engine=False,
        human_vs_human=True, delay=None,
    )
    session = PlaySession(args, out=io.StringIO(), read=lambda prompt: "")
    session.solver  # noqa: B018 (made, with its book, before the count)
    calls = core_calls(session.hint)
    assert "yellow" not in session.out.getvalue()  # the hint is spoken to the mover
    assert "Hint: column" in session.out.getvalue()
    assert calls["search"] == 1 and sum(calls.values()) <= 3, calls


def test_a_book_entry_is_one_call() -> None:
    shipped = book.default_book()
    assert shipped is not None
    calls = core_calls(lambda: [shipped.entry(i) for i in range(100)])
    assert sum(calls.values()) == 100, calls
