"""How long link4.review takes on whole 7 x 6 games, and whether every mark is exact.

    python bench/review.py                          # 200 games of levels 4, 5 and 7, 2 threads
    python bench/review.py --levels 4,5,6,7 --games 100 --threads 1

The games are played by every ordered pair of the --levels against each other (the pair
of game i is the i-th of them, round and round), each engine seeded from --seed and the
game's number, to the end. Each is reviewed by one call, ``link4.review(game,
threads=N)``, as a user makes it: its own solver (the default table, the shipped book)
made within the time measured. Prints the distribution of the review times (median,
90th and 95th percentiles, max, mean), the plies whose positions took the most time, and
then checks every mark against ``Solver.analyze`` on a solver of its own, with the rule
of the marks written here again from the outcomes: how many marks were checked and how
many disagreed. With --compare-order, it also times on the same games the two orders a
review could search its positions in, each game on a solver of its own: from the last
move back to the first (link4.review's order) and from the first to the last.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import defaultdict

import link4


def play(first: str, second: str, seed: int) -> link4.Game:
    """A whole game of two seeded engines."""
    engines = (link4.Engine(first, seed=seed), link4.Engine(second, seed=seed + 1))
    game = link4.Game()
    while not game.is_over():
        game.play(engines[game.ply % 2].choose(game))
    return game


def outcome_rank(score: int) -> int:
    return 2 if score > 0 else 0 if score < 0 else 1


def expected_mark(v: int, m: int) -> str:
    drop = outcome_rank(v) - outcome_rank(m)
    if drop == 0:
        return "best" if m == v else "inaccuracy"
    return "mistake" if drop == 1 else "blunder"


def disagreements(review: link4.Review, checker: link4.Solver) -> tuple[int, int]:
    """(marks checked, marks that differ from the checker's)."""
    checked = wrong = 0
    moves = review.pos
    for move in review.moves:
        values = checker.analyze(moves[: move.ply])
        v = max(s for s in values if s is not None)
        m = values[move.column]
        assert m is not None
        checked += 1
        best = tuple(c for c, s in enumerate(values) if s == v)
        wrong += move.mark != expected_mark(v, m) or move.best != best
    return checked, wrong


def compare_orders(games: list[link4.Game], threads: int) -> None:
    """The time of one analysis per position of each game, backwards and forwards: the
    two in turn on each game (which goes first alternates), so that a change of load on
    the machine falls on both alike."""
    seconds: dict[bool, list[float]] = {True: [], False: []}
    for i, game in enumerate(games):
        for backwards in (i % 2 == 0, i % 2 == 1):
            started = time.perf_counter()
            solver = link4.Solver(threads=threads)
            plies = range(game.ply)
            for ply in reversed(plies) if backwards else plies:
                solver.analyze(game.moves[:ply])
            seconds[backwards].append(time.perf_counter() - started)
    for backwards, name in ((True, "last move first"), (False, "first move first")):
        times = seconds[backwards]
        print(
            f"  {name}: median {statistics.median(times):.3f} s, mean {statistics.fmean(times):.3f} s, "
            f"max {max(times):.3f} s"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--levels", default="4,5,7",
                        help="the level names, comma-separated (default 4,5,7: the casual, club and "
                        "strong players)")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--seed", type=int, default=43)
    parser.add_argument("--no-check", action="store_true", help="time the reviews only")
    parser.add_argument("--compare-order", action="store_true", help="also time both orders of the positions")
    args = parser.parse_args()
    levels = [name.strip() for name in args.levels.split(",") if name.strip()]
    pairs = [(a, b) for a in levels for b in levels]
    started = time.perf_counter()
    games = [play(*pairs[i % len(pairs)], seed=args.seed * 100_000 + 2 * i) for i in range(args.games)]
    lengths = [g.ply for g in games]
    print(
        f"{len(games)} games of levels {', '.join(levels)} (every ordered pair), played in "
        f"{time.perf_counter() - started:.1f} s; {min(lengths)} to {max(lengths)} moves, "
        f"median {statistics.median(lengths):g}"
    )
    print(f"each reviewed by link4.review(game, threads={args.threads}): its own solver, the shipped book")
    seconds: list[float] = []
    by_ply: dict[int, list[float]] = defaultdict(list)
    reviews = []
    for game in games:
        stamps = [time.perf_counter()]

        def stamp(done: int, total: int, stamps: list[float] = stamps) -> None:
            stamps.append(time.perf_counter())

        review = link4.review(game, threads=args.threads, progress=stamp)
        seconds.append(stamps[-1] - stamps[0])
        # The plies go from the last back to the first; the first stamp includes making the solver.
        for k, ply in enumerate(reversed(range(game.ply))):
            by_ply[ply].append(stamps[k + 1] - stamps[k])
        reviews.append(review)
    q = statistics.quantiles(seconds, n=100, method="inclusive")
    print(
        f"review time: median {statistics.median(seconds):.3f} s, 90th percentile {q[89]:.3f} s, "
        f"95th {q[94]:.3f} s, max {max(seconds):.3f} s, mean {statistics.fmean(seconds):.3f} s"
    )
    total = sum(seconds)
    heavy = sorted(by_ply.items(), key=lambda item: -sum(item[1]))[:6]
    where = ", ".join(f"{ply} discs {100 * sum(t) / total:.0f} % (max {max(t):.2f} s)" for ply, t in heavy)
    print(f"where the time goes, by discs down before the move: {where}")
    if args.compare_order:
        compare_orders(games, args.threads)
    if args.no_check:
        return
    checker = link4.Solver(threads=args.threads)
    checked = wrong = 0
    for review in reviews:
        c, w = disagreements(review, checker)
        checked, wrong = checked + c, wrong + w
    print(f"marks checked against Solver.analyze: {checked}, disagreeing: {wrong}")


if __name__ == "__main__":
    main()
