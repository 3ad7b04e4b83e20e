"""The levels and a uniform random policy judged against the perfect player: the table
of results and of perfect-move and blunder rates (link4.evaluate), in the order of the
levels, and whether they come out in that order.

Each agent plays --games games (half as red) against the perfect bot (no node budget:
every one of its moves exact, the opening book answering the first ones). Level 8
thinks longest (a twelve-ply search early in the game): its 1,000 games take minutes.
Finished rows are kept in --out, so an interrupted run goes on where it stopped.

    python bench/evaluate_levels.py --seed 0 --out levels-0.json
    python bench/evaluate_levels.py --games 100          # a quick look
    python bench/evaluate_levels.py --agents 1,3,6       # some of the rows only
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

import link4
from link4.players import LEVELS

AGENTS = ("random", *LEVELS[:-1])  # every bot but perfect itself


def row(name: str, figures: dict[str, Any]) -> str:
    red, yellow = figures["as_red"], figures["as_yellow"]
    perfect, blunders = figures["perfect"], figures["blunders"]

    def rate(r: dict[str, Any]) -> str:
        return f"{100 * r['count'] / r['total']:.1f} % [{100 * r['low']:.1f}, {100 * r['high']:.1f}]"

    def wdl(r: dict[str, int]) -> str:
        return f"{r['wins']} / {r['draws']} / {r['losses']}"

    return (
        f"| {name} | {wdl(red)} | {wdl(yellow)} | {figures['moves']:,} | {rate(perfect)} "
        f"| {rate(blunders)} | {figures['seconds']:.1f} s |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--threads", type=int, default=None, help="default: every core")
    parser.add_argument("--out", type=Path, help="a JSON file keeping finished rows (resumed)")
    parser.add_argument("--agents", default=",".join(AGENTS), help="the rows to measure (default: all)")
    args = parser.parse_args()
    agents = [a.strip() for a in args.agents.split(",")]
    if any(a not in AGENTS for a in agents):
        parser.error(f"--agents: some of {', '.join(AGENTS)}")
    done: dict[str, Any] = json.loads(args.out.read_text()) if args.out and args.out.exists() else {}
    key = f"games={args.games} seed={args.seed}"
    rows = done.setdefault(key, {})
    for agent in agents:
        if agent not in rows:
            result = link4.evaluate(agent, games=args.games, seed=args.seed, threads=args.threads)
            rows[agent] = result.to_dict()
            if args.out:
                args.out.write_text(json.dumps(done, indent=1))
        print(f"{agent}: done in {rows[agent]['seconds']:.1f} s", flush=True)
    print(f"\n{args.games:,} games each against the perfect player (seed {args.seed})\n")
    print(
        "| agent | as red W / D / L | as yellow W / D / L | moves "
        "| perfect moves [95 %] | blunders [95 %] | time |"
    )
    print("|---|---|---|---|---|---|---|")
    for agent in agents:
        print(row("random" if agent == "random" else f"level {agent}", rows[agent]))
    perfect = [rows[a]["perfect"]["count"] / rows[a]["perfect"]["total"] for a in agents]
    blunders = [rows[a]["blunders"]["count"] / rows[a]["blunders"]["total"] for a in agents]
    in_order = perfect == sorted(perfect) and blunders == sorted(blunders, reverse=True)
    print(f"\nin order (perfect-move rate rising, blunder rate falling): {'yes' if in_order else 'NO'}")


if __name__ == "__main__":
    main()
