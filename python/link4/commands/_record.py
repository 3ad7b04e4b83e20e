"""A game record as link4 play saves it ('s FILE'): its moves on a line, such as 4453.

Read back by link4 play ('l FILE') and link4 review FILE alike: the moves of every line
joined, spaces ignored, lines starting with # skipped.
"""

from __future__ import annotations


def read_record(text: str) -> str:
    """The moves of a record's text.

    >>> read_record("# a game\\n44 53\\n4\\n")
    '44534'
    """
    return "".join("".join(line.split()) for line in text.splitlines() if not line.lstrip().startswith("#"))
