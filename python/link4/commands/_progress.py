"""A progress bar on stderr for long commands (rich, imported only when one is shown)."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager

Advance = Callable[[int, int], None]
"""``advance(done, total)``: the count so far and the total (0 while unknown)."""


def _quiet(done: int, total: int) -> None:
    """No bar: nothing to show."""


@contextmanager
def progress_bar(description: str, total: int | None, *, show: bool | None = None) -> Iterator[Advance]:
    """Yields ``advance(done, total)``; shows a bar (done / total, rate, time left) on
    stderr when it is a terminal (or when ``show`` says so), else does nothing."""
    if show is None:
        show = sys.stderr.isatty()
    if not show:
        yield _quiet
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
