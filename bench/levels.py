"""The strength of the playing levels, measured: figures, not pass/fail.

1. A tournament: every level against every other, ``--games`` games per pair (half of
   them with each colour, from the same random openings), giving a win/draw/loss table
   and the share of points of the stronger level of each pair (a win is one point, a
   draw half). Games start after a few random opening moves, so that they vary and so
   that the perfect level, which has no opening book yet, answers in seconds.
2. Accuracy against the solver: over positions with at least 12 discs (from games of
   the club player's moves with one in four random), the share of each level's moves that keep the
   game-theoretic value (a won position stays won, a drawn one drawn). Lost positions
   are left out: there every move keeps the value.

Also printed: the time each level takes per move, and whether the perfect level ever
lost a game whose position was won or drawn for it when it first moved.

    python bench/levels.py                       # full size (about an hour on 2 cores)
    python bench/levels.py --games 20 --positions 40   # a quick look
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import sys
import time
from collections import defaultdict
from dataclasses import dataclass, field
from itertools import combinations

import link4
from link4.players import DEFAULT_LEVEL, LEVELS, Engine

RED, YELLOW = link4.RED, link4.YELLOW


@dataclass
class PairResult:
    """From the point of view of the first level of the pair."""

    wins: int = 0
    draws: int = 0
    losses: int = 0

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def points(self) -> float:
        return (self.wins + 0.5 * self.draws) / self.games if self.games else 0.0


@dataclass
class Stats:
    results: dict[tuple[str, str], PairResult] = field(default_factory=dict)
    move_times: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    perfect_games_not_lost_at_start: int = 0
    perfect_lost_from_won_or_drawn: int = 0


def random_opening(rng: random.Random, plies: int) -> str:
    """A random sequence of ``plies`` moves after which the game still runs."""
    while True:
        game = link4.Game()
        while game.ply < plies and not game.is_over():
            game.play(rng.choice(game.legal_moves()))
        if not game.is_over():
            return game.moves


def play_game(
    red: Engine, yellow: Engine, opening: str, rng: random.Random, stats: Stats
) -> link4.Player | None:
    """Play from ``opening`` to the end; the winner, or None for a draw."""
    game = link4.Game(opening)
    first_score: dict[str, int | None] = {}
    while not game.is_over():
        policy = red if game.turn is RED else yellow
        start = time.perf_counter()
        col = policy.choose(game, rng)
        stats.move_times[policy.level].append(time.perf_counter() - start)
        if policy.level == "perfect":
            first_score.setdefault(str(game.turn), policy.last_score)
        game.play(col)
    outcome = game.outcome()
    assert outcome is not None
    for side, score in first_score.items():
        if score is not None and score >= 0:
            stats.perfect_games_not_lost_at_start += 1
            if outcome.winner is not None and str(outcome.winner) != side:
                stats.perfect_lost_from_won_or_drawn += 1
    return outcome.winner


def tournament(args: argparse.Namespace, solver: link4.Solver, stats: Stats) -> None:
    policies = {level: Engine(level, solver=solver) for level in args.levels}
    for low, high in combinations(args.levels, 2):  # in LEVELS order: high is stronger
        plies = args.perfect_opening_plies if "perfect" in (low, high) else args.opening_plies
        result = PairResult()
        started = time.monotonic()
        for i in range(args.games // 2):
            rng = random.Random(f"{args.seed}:{low}:{high}:{i}")
            opening = random_opening(random.Random(f"{args.seed}:opening:{plies}:{i}"), plies)
            for high_colour in (RED, YELLOW):
                red, yellow = (
                    (policies[high], policies[low])
                    if high_colour is RED
                    else (policies[low], policies[high])
                )
                winner = play_game(red, yellow, opening, rng, stats)
                if winner is None:
                    result.draws += 1
                elif winner is high_colour:
                    result.wins += 1
                else:
                    result.losses += 1
        stats.results[(high, low)] = result
        print(
            f"  level {high} vs level {low}: {result.wins}-{result.draws}-{result.losses} "
            f"({100 * result.points:.1f}% of points) in {time.monotonic() - started:.0f} s",
            file=sys.stderr,
            flush=True,
        )


def sample_positions(args: argparse.Namespace, solver: link4.Solver) -> list[tuple[str, list[int | None]]]:
    """Positions with 12 or more discs (running games) and their exact column scores."""
    rng = random.Random(f"{args.seed}:positions")
    club = Engine(DEFAULT_LEVEL)
    out: list[tuple[str, list[int | None]]] = []
    seen: set[str] = set()
    while len(out) < args.positions:
        target = rng.randint(12, 32)
        game = link4.Game()
        while game.ply < target and not game.is_over():
            if rng.random() < 0.25:
                game.play(rng.choice(game.legal_moves()))
            else:
                game.play(club.choose(game, rng))
        if game.is_over() or game.moves in seen:
            continue
        seen.add(game.moves)
        out.append((game.moves, solver.analyze(game)))
    return out


def sign(x: int) -> int:
    return (x > 0) - (x < 0)


def accuracy(
    args: argparse.Namespace, solver: link4.Solver, positions: list[tuple[str, list[int | None]]]
) -> dict[str, tuple[int, int, int, int, int]]:
    """level -> (won positions, wins kept, drawn positions, draws kept, best-score moves)."""
    table = {}
    for level in args.levels:
        policy = Engine(level, solver=solver)
        won = won_kept = drawn = drawn_kept = exact = 0
        for i, (moves, scores) in enumerate(positions):
            best = max(s for s in scores if s is not None)
            if best < 0:
                continue
            game = link4.Game(moves)
            col = policy.choose(game, random.Random(f"{args.seed}:acc:{level}:{i}"))
            value = scores[col]
            assert value is not None
            exact += value == best
            if best > 0:
                won += 1
                won_kept += sign(value) == 1
            else:
                drawn += 1
                drawn_kept += sign(value) == 0
        table[level] = (won, won_kept, drawn, drawn_kept, exact)
    return table


def pct(a: int, b: int) -> str:
    return f"{100 * a / b:.1f}%" if b else "-"


def print_tables(
    args: argparse.Namespace,
    stats: Stats,
    acc: dict[str, tuple[int, int, int, int, int]],
    n_positions: int,
) -> None:
    levels = args.levels
    print(
        f"Level tournament: {args.games} games per pair, each colour half of them, from "
        f"random openings of {args.opening_plies} plies ({args.perfect_opening_plies} "
        f"for pairs with perfect); seed {args.seed}."
    )
    print("Row level's wins-draws-losses against the column level, and its share of points.")
    width = 20
    label = 14
    print(f"{'':>{label}}" + "".join(f"{'vs ' + lv:>{width}}" for lv in levels))
    for a in levels:
        cells = []
        for b in levels:
            if a == b:
                cells.append(f"{'-':>{width}}")
                continue
            r = stats.results.get((a, b))
            if r is None:  # the pair was stored from the other side
                o = stats.results[(b, a)]
                r = PairResult(o.losses, o.draws, o.wins)
            cells.append(f"{f'{r.wins}-{r.draws}-{r.losses} {100 * r.points:.0f}%':>{width}}")
        print(f"{'level ' + a:>{label}}" + "".join(cells))
    print()
    print("Each level against the one below it (a clear edge is more than 60% of points):")
    for low, high in itertools.pairwise(levels):
        r = stats.results[(high, low)]
        verdict = "clearly stronger" if r.points > 0.6 else "NOT clearly stronger"
        print(f"  level {high:>7} vs level {low:>7}: {100 * r.points:5.1f}%  {verdict}")
    if "perfect" in levels:
        print(
            f"  perfect lost {stats.perfect_lost_from_won_or_drawn} of the "
            f"{stats.perfect_games_not_lost_at_start} games that were won or drawn for it "
            "when it first moved"
        )
    print()
    print(
        f"Accuracy against the solver over {n_positions} positions with 12 or more discs "
        "(lost positions left out): the share of moves that keep the value."
    )
    print(
        f"{'level':>9}{'keep value':>13}{'won kept':>16}{'drawn kept':>16}{'best score':>13}"
    )
    for level in levels:
        won, won_kept, drawn, drawn_kept, exact = acc[level]
        total = won + drawn
        print(
            f"{level:>9}{pct(won_kept + drawn_kept, total):>13}"
            f"{f'{won_kept}/{won} ' + pct(won_kept, won):>16}"
            f"{f'{drawn_kept}/{drawn} ' + pct(drawn_kept, drawn):>16}"
            f"{pct(exact, total):>13}"
        )
    print("(best score: the move also wins as fast, or loses as slowly, as possible)")
    print()
    print("Time per move in the tournament (this machine, load included):")
    print(f"{'level':>9}{'moves':>9}{'median':>11}{'worst':>11}")
    for level in levels:
        t = stats.move_times.get(level, [])
        if t:
            print(
                f"{level:>9}{len(t):>9}{1000 * statistics.median(t):>9.1f}ms"
                f"{1000 * max(t):>9.0f}ms"
            )


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=int, default=200, help="games per pair (even; default 200)")
    p.add_argument("--positions", type=int, default=300, help="positions for accuracy (default 300)")
    p.add_argument("--opening-plies", type=int, default=4, help="random opening moves (default 4)")
    p.add_argument(
        "--perfect-opening-plies",
        type=int,
        default=8,
        help="random opening moves in pairs with perfect (default 8: early exact solves are slow)",
    )
    p.add_argument("--levels", default=",".join(LEVELS), help="levels to compare, weakest first")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--table-mb", type=float, default=256)
    args = p.parse_args()
    args.levels = [lv.strip() for lv in args.levels.split(",")]
    unknown = [lv for lv in args.levels if lv not in LEVELS]
    if unknown or len(args.levels) < 2:
        p.error(f"--levels: two or more of {', '.join(LEVELS)}, weakest first")
    args.levels.sort(key=LEVELS.index)

    solver = link4.Solver(table_mb=args.table_mb)
    stats = Stats()
    started = time.monotonic()
    print("Tournament...", file=sys.stderr, flush=True)
    tournament(args, solver, stats)
    print("Accuracy positions...", file=sys.stderr, flush=True)
    positions = sample_positions(args, solver)
    acc = accuracy(args, solver, positions)
    print_tables(args, stats, acc, len(positions))
    print(f"\n(total {time.monotonic() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
