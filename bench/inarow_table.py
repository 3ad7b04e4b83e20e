"""The empty board of every size with k in a row (k = 3, 5, 6): who wins, and on which move.

Each game (size and line) is solved on one thread with no book, within a time budget;
the answer, exact or the bounds proven when the budget ran out, goes to a file of JSON
lines, one a game, so that a stopped run resumes where it stopped and a second run with
a larger budget takes up only the games left unsolved:

    python bench/inarow_table.py --out inarow.jsonl --seconds 20        # every game
    python bench/inarow_table.py --out inarow.jsonl --seconds 600 --skip-larger   # the rest, longer
    python bench/inarow_table.py --out inarow.jsonl --table             # the Markdown table
    python bench/inarow_table.py --out inarow.jsonl --grids             # ... as the docs' grids

With --skip-larger a game is left out when a game of the same line on a board no wider
and no taller stayed unsolved within the budget: a larger board holds every line of the
smaller one and more, and in every pass so far took longer. The table says which games
were left out so.

The score of the empty board tells the move on which the game ends with best play
(link4.score.winning_move); a draw fills the board.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from link4 import Game, Solver
from link4.rules import MAX_HEIGHT, MAX_WIDTH, MIN_HEIGHT, MIN_WIDTH, is_supported_size
from link4.score import winning_move

LINES = (3, 5, 6)


def games() -> list[tuple[int, int, int]]:
    """Every (width, height, inarow) with k of LINES that fits its board, fewest cells first."""
    found = [
        (w, h, k)
        for w in range(MIN_WIDTH, MAX_WIDTH + 1)
        for h in range(MIN_HEIGHT, MAX_HEIGHT + 1)
        for k in LINES
        if is_supported_size(w, h) and k <= max(w, h)
    ]
    return sorted(found, key=lambda g: (g[0] * g[1], g))


def key(width: int, height: int, inarow: int) -> str:
    return f"{width}x{height} k={inarow}"


def read(out: Path) -> dict[str, dict[str, object]]:
    """The games already in the file, by key: the last line of each wins."""
    known: dict[str, dict[str, object]] = {}
    if out.exists():
        for line in out.read_text().splitlines():
            doc = json.loads(line)
            known[key(doc["width"], doc["height"], doc["inarow"])] = doc
    return known


def solve(width: int, height: int, inarow: int, seconds: float, table_mb: int) -> dict[str, object]:
    solver = Solver(table_mb, width=width, height=height, inarow=inarow, book=None)
    start = time.perf_counter()
    empty = Game(width=width, height=height, inarow=inarow)
    found = solver.search(empty, score_only=True, time_limit=seconds)
    elapsed = time.perf_counter() - start
    return {"width": width, "height": height, "inarow": inarow, "lower": found.lower, "upper": found.upper,
            "nodes": found.nodes, "seconds": round(elapsed, 3), "budget": seconds}


def outcome(doc: dict[str, object]) -> tuple[str, str]:
    """(who wins, the last move) of an exact answer, or of bounds in words."""
    lower, upper = int(doc["lower"]), int(doc["upper"])  # type: ignore[call-overload]
    width, height = int(doc["width"]), int(doc["height"])  # type: ignore[call-overload]
    if lower != upper:
        if lower > 0:
            return "first", f"by {winning_move(lower, 0, width=width, height=height)}"
        if upper < 0:
            return "second", f"by {winning_move(upper, 0, width=width, height=height)}"
        return f"? ({lower}..{upper})", "?"
    if lower == 0:
        return "draw", str(width * height)
    return ("first" if lower > 0 else "second"), str(winning_move(lower, 0, width=width, height=height))


def table(known: dict[str, dict[str, object]]) -> str:
    rows = ["| width x height | k | outcome | last move | nodes | seconds |", "|---|---|---|---|---|---|"]
    for w, h, k in games():
        doc = known.get(key(w, h, k))
        if doc is None:
            continue
        who, last = outcome(doc)
        rows.append(f"| {w}x{h} | {k} | {who} | {last} | {int(doc['nodes']):,} | {doc['seconds']} |")  # type: ignore[call-overload]
    return "\n".join(rows)


def open_within(known: dict[str, dict[str, object]], seconds: float) -> list[tuple[int, int, int]]:
    """The games left unsolved after a budget of at least ``seconds``."""
    return [
        (int(d["width"]), int(d["height"]), int(d["inarow"]))  # type: ignore[call-overload]
        for d in known.values()
        if d["lower"] != d["upper"] and float(d["budget"]) >= seconds  # type: ignore[arg-type]
    ]


def beyond(game: tuple[int, int, int], unsolved: list[tuple[int, int, int]]) -> tuple[int, int, int] | None:
    """A game of ``unsolved`` of the same line on a board no wider and no taller than ``game``'s."""
    w, h, k = game
    return next(((uw, uh, uk) for uw, uh, uk in unsolved if uk == k and uw <= w and uh <= h), None)


def cell(doc: dict[str, object] | None) -> str:
    """A game in a grid: "1st 9" (the first player wins with move 9), "2nd 24", "draw",
    or "?" where it is unsettled; blank for a line that fits no direction of the board."""
    if doc is None:
        return ""
    who, last = outcome(doc)
    if who == "draw":
        return "draw"
    if who in ("first", "second"):
        return f"{'1st' if who == 'first' else '2nd'} {last}"
    return "?"


def grids(known: dict[str, dict[str, object]]) -> str:
    """A Markdown grid for each line, width down and height across, as the docs show them."""
    heights = range(MIN_HEIGHT, MAX_HEIGHT + 1)
    parts = []
    for k in LINES:
        rows = [f"{k} in a row:", "", "| width \\ height | " + " | ".join(map(str, heights)) + " |",
                "|---|" + "---|" * len(heights)]
        for w in range(MIN_WIDTH, MAX_WIDTH + 1):
            cells = [cell(known.get(key(w, h, k))) if is_supported_size(w, h) else "" for h in heights]
            rows.append(f"| {w} | " + " | ".join(cells) + " |")
        parts.append("\n".join(rows))
    return "\n\n".join(parts)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--out", type=Path, required=True, help="the JSON lines file, read and appended to")
    parser.add_argument("--seconds", type=float, default=20.0, help="the budget of each game")
    parser.add_argument("--table-mb", type=int, default=1024)
    parser.add_argument("--table", action="store_true", help="print the Markdown table of the file and stop")
    parser.add_argument("--grids", action="store_true",
                        help="print a Markdown grid of the file's outcomes for each line and stop")
    parser.add_argument("--lines", type=int, nargs="+", choices=LINES, default=list(LINES), metavar="K",
                        help="solve the games of these lines only (default: 3 5 6), so that two runs "
                        "on two cores share the file")
    parser.add_argument("--skip-larger", action="store_true",
                        help="leave out a game when one of its line on a board no wider and no taller "
                        "stayed unsolved within the budget")
    args = parser.parse_args()
    known = read(args.out)
    if args.table:
        print(table(known))
        return
    if args.grids:
        print(grids(known))
        return
    for w, h, k in games():
        if k not in args.lines:
            continue
        doc = known.get(key(w, h, k))
        if doc is not None and (doc["lower"] == doc["upper"] or float(doc["budget"]) >= args.seconds):  # type: ignore[arg-type]
            continue
        known.update(read(args.out))  # what another run on the file found meanwhile
        smaller = beyond((w, h, k), open_within(known, args.seconds)) if args.skip_larger else None
        if smaller is not None:
            print(key(w, h, k), "left out: unsolved already on", key(*smaller), flush=True)
            continue
        result = solve(w, h, k, args.seconds, args.table_mb)
        known[key(w, h, k)] = result
        with args.out.open("a") as f:
            f.write(json.dumps(result) + "\n")
        print(key(w, h, k), outcome(result), result["nodes"], result["seconds"], flush=True)


if __name__ == "__main__":
    main()
