"""The opening's figures with the shipped book: how long the engine takes to be exact.

1. ``link4 analyze ""`` and ``link4 solve ""``: the engine's own time (the solve line's
   microseconds, Solver.analyze's seconds) and each command's wall time.
2. The hint (``h``) and the analysis (``a``) of ``link4 play``: the time to an exact
   answer (the hint's search, Solver.analyze, the shipped book, no limit) on positions with
   0 to ``--max-ply`` discs, half from level-8 self-play games and half from the Begin
   sets; p50 / p99 / max, and how many took over a second.
3. ``--level perfect`` against level 8 from random openings of 0 to 4 moves, ``--games``
   games, half with each colour: the time of every perfect move (p99, max) and whether
   perfect ever ended worse than the value of the position it started from.

    python bench/book_figures.py                          # all three, full size
    python bench/book_figures.py --positions 200 --games 10
    python bench/book_figures.py --only hints --by-ply    # and the slowest by number of discs
    python bench/book_figures.py --only hints --min-ply 8 # the same sample from 8 discs on
    python bench/book_figures.py --threads 2              # as link4 play runs (every core)

The hints, the analyses and the perfect player search on ``--threads`` threads (default
1, the strictest figure; ``link4 play`` uses every core). The slowest positions are
printed with their moves, to time them again.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import time
from importlib import resources

import link4
from link4 import Engine, Game, Solver


def quantiles(xs: list[float]) -> str:
    xs = sorted(xs)

    def p(q: float) -> float:
        return xs[min(len(xs) - 1, int(q * len(xs)))]

    over = sum(1 for x in xs if x > 1)
    return (f"p50 {p(0.5) * 1e3:.2f} ms, p99 {p(0.99) * 1e3:.2f} ms, max {xs[-1] * 1e3:.2f} ms, "
            f"{over} of {len(xs)} over 1 s")


def slowest(timed: list[tuple[float, str]], n: int = 3) -> str:
    """The n slowest of (seconds, moves) pairs, to time those positions again."""
    worst = sorted(timed, reverse=True)[:n]
    return "  slowest: " + ", ".join(f"{m or '(empty)'} {t * 1e3:.0f} ms" for t, m in worst)


def commands() -> None:
    for args in (["solve", ""], ["analyze", "--json", ""]):
        start = time.perf_counter()
        out = subprocess.run([sys.executable, "-m", "link4", *args], capture_output=True,
                             text=True, check=True).stdout
        wall = time.perf_counter() - start
        extra = f", engine {int(out.split()[-1])} µs" if args[0] == "solve" else ""  # noqa: RUF001 (the micro sign is the unit)
        print(f"link4 {' '.join(a or repr(a) for a in args)}: wall {wall * 1e3:.0f} ms{extra}")
    s = Solver()
    start = time.perf_counter()
    values = s.analyze("")
    print(f"Solver().analyze(''): {values} in {(time.perf_counter() - start) * 1e3:.3f} ms")


def positions(count: int, max_ply: int, rng: random.Random) -> list[Game]:
    """Half from level-8 self-play (every position of each game up to max_ply discs), half
    from the Begin sets, at every ply 0..max_ply."""
    found: list[Game] = []
    while len(found) < count // 2:
        game = Game()
        a, b = Engine(8, seed=rng.randrange(2**32)), Engine(8, seed=rng.randrange(2**32))
        while not game.is_over() and game.ply <= max_ply and len(found) < count // 2:
            found.append(game.copy())
            game.play((a if game.ply % 2 == 0 else b).choose(game))
    for name in ("Test_L1_R1", "Test_L1_R2", "Test_L1_R3"):
        text = resources.files("link4").joinpath("data", "pons", name).read_text()
        moves = [line.split()[0] for line in text.splitlines() if line]
        for m in rng.sample(moves, len(moves)):
            if len(found) >= count:
                break
            cut = m[: rng.randint(0, min(len(m), max_ply))]
            found.append(Game(cut))
    return [g for g in found if not g.is_over()]


def hints_and_analyses(count: int, max_ply: int, rng: random.Random, by_ply: bool,
                       min_ply: int = 0, threads: int = 1) -> None:
    # The same sample whatever --min-ply, which only leaves out its shallower positions.
    sample = [g for g in positions(count, max_ply, rng) if g.ply >= min_ply]
    s = Solver(threads=threads)
    # The hint searches for the best move alone, as link4 play's does.
    def hint(game: Game) -> object:
        return s.search(game, ties=False)

    for what, ask in (("h (the hint's search)", hint), ("a (Solver.analyze)", s.analyze)):
        times = []
        for game in sample:
            start = time.perf_counter()
            ask(game)
            times.append(time.perf_counter() - start)
        print(f"{what} on {len(sample)} positions of {min_ply}-{max_ply} discs, {threads} "
              f"thread(s): {quantiles(times)}")
        print(slowest([(t, g.moves) for t, g in zip(times, sample, strict=True)]))
        if by_ply:
            for ply in range(min_ply, max_ply + 1):
                at = [t for g, t in zip(sample, times, strict=True) if g.ply == ply]
                if at:
                    print(f"  {ply:2d} discs, {len(at):4d} positions: max {max(at) * 1e3:9.2f} ms, "
                          f"{sum(1 for t in at if t > 1)} over 1 s")


def perfect_against_level8(games: int, rng: random.Random, threads: int = 1) -> None:
    timed: list[tuple[float, str]] = []  # each perfect move's time, and the position's moves
    slips = 0
    judge = Solver()
    for n in range(games):
        game = Game()
        for _ in range(rng.randint(0, 4)):
            game.play(rng.choice(game.legal_moves()))
            if game.is_over():
                break
        if game.is_over():
            continue
        perfect_is = link4.RED if n % 2 == 0 else link4.YELLOW
        perfect = Engine("perfect", solver=Solver(threads=threads))
        other = Engine(8, seed=rng.randrange(2**32))
        # The value for perfect of the position where it first moves.
        if game.turn != perfect_is:
            game.play(other.choose(game))
        if game.is_over():
            continue
        start_value = judge.solve(game)
        while not game.is_over():
            if game.turn == perfect_is:
                start = time.perf_counter()
                move = perfect.choose(game)
                timed.append((time.perf_counter() - start, game.moves))
                game.play(move)
            else:
                game.play(other.choose(game))
        outcome = game.outcome()
        assert outcome is not None
        result = 0 if outcome.winner is None else (1 if outcome.winner == perfect_is else -1)
        if result < (start_value > 0) - (start_value < 0):
            slips += 1
        print(f"  game {n + 1}/{games}: {len(timed)} perfect moves so far, max "
              f"{max(timed)[0]:.2f} s", file=sys.stderr)
    print(f"perfect against level 8, {games} games, {threads} thread(s): moves "
          f"{quantiles([t for t, _ in timed])}; {slips} games ended worse than their start")
    print(slowest(timed))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--positions", type=int, default=2000)
    ap.add_argument("--max-ply", type=int, default=20)
    ap.add_argument("--min-ply", type=int, default=0,
                    help="time only the sample's positions with at least this many discs")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--only", choices=["commands", "hints", "games"])
    ap.add_argument(
        "--by-ply", action="store_true", help="the hint and analysis times by number of discs too"
    )
    ap.add_argument("--threads", type=int, default=1, help="threads of each search (default 1)")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    book = link4.book.default_book()
    print(f"shipped book: {book}")
    if args.only in (None, "commands"):
        commands()
    if args.only in (None, "hints"):
        hints_and_analyses(args.positions, args.max_ply, rng, args.by_ply, args.min_ply,
                           args.threads)
    if args.only in (None, "games"):
        perfect_against_level8(args.games, rng, args.threads)


if __name__ == "__main__":
    main()
