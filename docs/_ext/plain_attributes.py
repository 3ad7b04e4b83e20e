"""A Sphinx extension: a constant's or a property's docstring is shown as written.

Napoleon reads the first line of such a docstring as ``type: description`` whenever it
holds a colon, so "The table, in MB: the pinned signature" would show "The table, in MB"
as a type (and a broken reference). link4's types come from its annotations: these
docstrings are given back to Sphinx as they were before Napoleon rewrote them.
"""

from __future__ import annotations

from typing import Any

from sphinx.application import Sphinx

PLAIN = ("attribute", "data", "property")
# Napoleon's handler runs at the default priority, 500: one before it, one after.
BEFORE_NAPOLEON = 400
AFTER_NAPOLEON = 600


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the two handlers around Napoleon's."""
    written: dict[tuple[str, str], list[str]] = {}

    def remember(app: Sphinx, what: str, name: str, obj: Any, options: Any, lines: list[str]) -> None:
        if what in PLAIN:
            written[what, name] = list(lines)

    def give_back(app: Sphinx, what: str, name: str, obj: Any, options: Any, lines: list[str]) -> None:
        if (what, name) in written:
            lines[:] = written.pop((what, name))

    app.connect("autodoc-process-docstring", remember, priority=BEFORE_NAPOLEON)
    app.connect("autodoc-process-docstring", give_back, priority=AFTER_NAPOLEON)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
