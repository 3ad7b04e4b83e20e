"""A progress bar on stderr for long commands (rich, imported only when one is shown),
or, when stderr is no terminal (a log, a pipe), plain lines for the commands that run
for minutes."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

Advance = Callable[[int, int], None]
"""``advance(done, total)``: the count so far and the total (0 while unknown)."""


def _quiet(done: int, total: int) -> None:
    """No bar: nothing to show."""


LINE_STEP_PERCENT = 5
"""Plain progress lines come each time the work passes another step of this many percent ..."""

LINE_SECONDS = 30.0
"""... or, while it advances, when this many seconds have passed since the last line."""


class _Lines:
    """``advance(done, total)`` printing a plain line on stderr: at the first call, each
    time the work passes another LINE_STEP_PERCENT (the last line says 100 %), and when
    it has advanced LINE_SECONDS after the last line."""

    def __init__(self, description: str, total: int | None) -> None:
        self._description = description
        self._total = total or 0
        self._start = time.monotonic()
        self._said: tuple[int, int, float] | None = None  # the last line's count, step and time

    def __call__(self, done: int, total: int) -> None:
        self._total = total = total or self._total
        now = time.monotonic()
        step = done * 100 // (LINE_STEP_PERCENT * total) if total else 0
        if self._said is not None:
            said_done, said_step, said_time = self._said
            if step <= said_step and (done <= said_done or now - said_time < LINE_SECONDS):
                return
        self._said = (done, step, now)
        elapsed = now - self._start
        of = f" of {total:,} ({100 * done // total} %)" if total else ""
        rate = f", {done / elapsed:,.0f}/s" if done and elapsed > 0 else ""
        print(f"{self._description}: {done:,}{of}{rate}, {elapsed:.0f} s", file=sys.stderr, flush=True)


@contextmanager
def progress_bar(
    description: str, total: int | None, *, show: bool | None = None, piped_lines: bool = False
) -> Iterator[Advance]:
    """Yields ``advance(done, total)``; shows a bar (done / total, rate, time left) on
    stderr when it is a terminal (or when ``show`` says so). Else it does nothing, or,
    with ``piped_lines`` (for a command that runs for minutes), prints plain lines: one
    at the start, one each LINE_STEP_PERCENT of the work (or LINE_SECONDS after the
    last), one at the end."""
    if show is None:
        show = sys.stderr.isatty()
    if not show:
        yield _Lines(description, total) if piped_lines else _quiet
        return
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TaskProgressColumn,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TaskProgressColumn(),
        TextColumn("[progress.data.speed]{task.fields[rate]}"),
        TimeElapsedColumn(),
        TextColumn("left"),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=Console(stderr=True), transient=False) as bar:
        task = bar.add_task(description, total=total, rate="")

        def update(done: int, new_total: int) -> None:
            speed = bar.tasks[0].speed
            bar.update(
                task,
                completed=done,
                total=new_total or total,
                rate=f"{speed:,.0f}/s" if speed else "",
            )

        yield update
