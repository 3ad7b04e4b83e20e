"""The rating ladder: a round robin among the random player, every level and the perfect
player on 7x6, and their Elo ratings with 95 % intervals. Figures, not pass/fail.

Every pair of players plays games from random openings of --opening-plies moves, each
opening twice with the colours swapped, so that neither player gains from an opening
that favours one side. A win is a point, a draw half. Pairs that stand close on the
ladder (up to --near steps apart) decide the ratings: they play --games games, or
--quick-games when neither player is a slow one (one that searches eight plies or more,
or solves: their games take a thousand times longer, so the quick pairs can afford
many more games). Pairs further apart play --far-games: their scores are near 0 or 1
and say little more.

The ratings are the Bradley-Terry fit of those points (link4.elo.fit_elo, Zermelo's
iteration), anchored at --anchor (the random player by default, rated 0). Each
interval is the 2.5th to 97.5th percentile of --resamples refits, each on the games of
every pair drawn again with replacement (an opening's two games together, as they are
not independent); the anchor stays at 0 in each.

Each game depends only on the seed, its pair and its number: its opening and both
players' random streams are drawn from them, the perfect player's moves do not depend
on its table, and the players that stop their searches on node budgets (the expert)
get a fresh table each game. So a run can be split, interrupted and resumed: finished
blocks of games are kept in --out (JSON) and skipped when the run starts again.

    python bench/ladder.py --seed 0 --out ladder-0.json
    python bench/ladder.py --seed 0 --games 200 --quick-games 800 --far-games 40   # a quick look
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from itertools import combinations, pairwise
from pathlib import Path

from levels import random_opening  # (bench/levels.py, beside this script)

import link4
from link4.elo import expected_score, fit_elo
from link4.players import BOT_NAMES, Bot, Engine

BLOCK = 100  # games per task of a worker (an even number: whole openings)


@dataclass(frozen=True)
class Block:
    """Games ``start`` to ``start + count - 1`` of the pair (a, b)."""

    a: str
    b: str
    start: int
    count: int

    @property
    def key(self) -> str:
        return f"{self.a}|{self.b}|{self.start}+{self.count}"


def opening(seed: int, plies: int, number: int) -> str:
    """The random opening of an opening number: ``plies`` moves after which the game runs."""
    return random_opening(random.Random(f"ladder:{seed}:opening:{plies}:{number}"), plies)


def player(name: str, seed: int, solver: link4.Solver) -> Engine | None:
    """The player of a name, its stream seeded (None for the random player)."""
    if name == "random":
        return None
    # The perfect player's moves do not depend on its table: it shares one. The others'
    # tables (the expert's) are their own, new with each game.
    return Engine(name, seed=seed, solver=solver if name == "perfect" else None)


def play(a: str, b: str, number: int, args: argparse.Namespace, solver: link4.Solver) -> int:
    """Game ``number`` of the pair: a's score in half points (2 a win, 1 a draw, 0 a loss).

    a is red in the even games, yellow in the odd ones, from the opening of number // 2.
    """
    rng = random.Random(f"ladder:{args.seed}:{a}:{b}:{number}")
    players = {name: player(name, rng.getrandbits(63), solver) for name in (a, b)}
    game = link4.Game(opening(args.seed, args.opening_plies, number // 2))
    red, yellow = (a, b) if number % 2 == 0 else (b, a)
    while not game.is_over():
        engine = players[red if game.turn is link4.RED else yellow]
        game.play(rng.choice(game.legal_moves()) if engine is None else engine.choose(game))
    outcome = game.outcome()
    assert outcome is not None
    if outcome.winner is None:
        return 1
    return 2 if (outcome.winner is link4.RED) == (red == a) else 0


_SOLVER: link4.Solver | None = None


def run_block(block: Block, args: argparse.Namespace) -> tuple[str, str, float]:
    """The scores of a block's games, as a string of half points, and the seconds taken."""
    global _SOLVER
    if _SOLVER is None:  # one per worker process, kept from block to block
        _SOLVER = link4.Solver(table_mb=args.table_mb)
    started = time.perf_counter()
    scores = "".join(
        str(play(block.a, block.b, n, args, _SOLVER)) for n in range(block.start, block.start + block.count)
    )
    return block.key, scores, time.perf_counter() - started


def slow(name: str) -> bool:
    """Whether a player's moves take long: it solves, or searches eight plies or more."""
    bot = Bot(name)
    return bot.searches or bot.spec().depth >= 8


def games_of(args: argparse.Namespace, i: int, j: int) -> int:
    """The games of the pair of players i < j."""
    if j - i > args.near:
        return int(args.far_games)
    quick = not slow(args.players[i]) and not slow(args.players[j])
    return int(args.quick_games if quick else args.games)


def schedule(args: argparse.Namespace) -> list[Block]:
    """Every pair's blocks, the costly pairs (with the strongest players) first."""
    blocks = []
    for i, j in combinations(range(len(args.players)), 2):
        games = games_of(args, i, j)
        a, b = args.players[i], args.players[j]
        blocks += [Block(a, b, s, min(BLOCK, games - s)) for s in range(0, games, BLOCK)]
    return sorted(blocks, key=lambda blk: -max(args.players.index(blk.a), args.players.index(blk.b)))


def load(path: Path | None, config: dict[str, object]) -> dict[str, str]:
    if path is None or not path.exists():
        return {}
    kept = json.loads(path.read_text())
    if kept["config"] != config:
        sys.exit(f"--out: {path} holds a run with other settings: {kept['config']}")
    return dict(kept["blocks"])


def save(path: Path | None, config: dict[str, object], done: dict[str, str]) -> None:
    if path is not None:
        partial = path.with_suffix(path.suffix + ".partial")
        partial.write_text(json.dumps({"config": config, "blocks": done}))
        os.replace(partial, path)  # never a half-written checkpoint


def play_all(args: argparse.Namespace, config: dict[str, object]) -> dict[str, str]:
    done = load(args.out, config)
    blocks = schedule(args)
    todo = [blk for blk in blocks if blk.key not in done]
    print(f"{len(blocks) - len(todo)} blocks kept, {len(todo)} to play", file=sys.stderr, flush=True)
    started = time.monotonic()
    with ProcessPoolExecutor(args.workers) as pool:
        futures = [pool.submit(run_block, blk, args) for blk in todo]
        for n, future in enumerate(as_completed(futures), 1):
            key, scores, seconds = future.result()
            done[key] = scores
            save(args.out, config, done)
            print(
                f"  [{n}/{len(todo)}] {key}: {seconds:.1f} s ({time.monotonic() - started:.0f} s in all)",
                file=sys.stderr,
                flush=True,
            )
    return done


def pair_scores(args: argparse.Namespace, done: dict[str, str]) -> dict[tuple[int, int], list[int]]:
    """(i, j) with i < j -> the half points of i in each of their games, in order."""
    by_pair: dict[tuple[int, int], list[int]] = {}
    for blk in sorted(schedule(args), key=lambda blk: blk.start):
        i, j = args.players.index(blk.a), args.players.index(blk.b)
        by_pair.setdefault((i, j), []).extend(int(c) for c in done[blk.key])
    return by_pair


def ratings(by_pair: dict[tuple[int, int], list[int]], size: int, anchor: int) -> list[float]:
    points = [[0.0] * size for _ in range(size)]
    games = [[0.0] * size for _ in range(size)]
    for (i, j), scores in by_pair.items():
        half = sum(scores)
        points[i][j], points[j][i] = half / 2, len(scores) - half / 2
        games[i][j] = games[j][i] = len(scores)
    return fit_elo(points, games, anchor=anchor)


def resampled(
    by_pair: dict[tuple[int, int], list[int]], rng: random.Random
) -> dict[tuple[int, int], list[int]]:
    """Each pair's openings (its games two by two) drawn again with replacement."""
    out = {}
    for pair, scores in by_pair.items():
        twos = [scores[k : k + 2] for k in range(0, len(scores), 2)]
        out[pair] = [s for _ in twos for s in rng.choice(twos)]
    return out


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    at = q * (len(ordered) - 1)
    low = int(at)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (at - low)


def share(by_pair: dict[tuple[int, int], list[int]], i: int, j: int) -> str:
    """i's share of the points against j, in per cent."""
    scores = by_pair[(min(i, j), max(i, j))]
    mine = sum(scores) / (2 * len(scores))
    return f"{100 * (mine if i < j else 1 - mine):.1f} %"


def report(args: argparse.Namespace, by_pair: dict[tuple[int, int], list[int]]) -> None:
    size = len(args.players)
    anchor = args.players.index(args.anchor)
    fitted = ratings(by_pair, size, anchor)
    rng = random.Random(f"ladder:{args.seed}:resample")
    samples = [ratings(resampled(by_pair, rng), size, anchor) for _ in range(args.resamples)]
    games = [sum(len(s) for pair, s in by_pair.items() if k in pair) for k in range(size)]
    print(
        f"Ladder on 7x6, seed {args.seed}: pairs up to {args.near} steps apart play "
        f"{args.quick_games} games ({args.games} with a slow player), those further apart "
        f"{args.far_games}, from random openings of {args.opening_plies} plies played with both "
        f"colours; {args.anchor} = 0; 95 % intervals from {args.resamples} resamples."
    )
    print()
    print("| player | rating | 95 % interval | ± | games | score vs the one below | score vs the one above |")
    print("|---|---:|---|---:|---:|---:|---:|")
    for k, name in enumerate(args.players):
        column = [s[k] for s in samples]
        low, high = percentile(column, 0.025), percentile(column, 0.975)
        below = share(by_pair, k, k - 1) if k > 0 else ""
        above = share(by_pair, k, k + 1) if k + 1 < size else ""
        label = name if name in ("random", "perfect") else f"level {name}"
        print(
            f"| {label} | {fitted[k]:.0f} | {low:.0f} to {high:.0f} | {(high - low) / 2:.0f} "
            f"| {games[k]:,} | {below} | {above} |"
        )
    print()
    print("Neighbours' gaps (the fit's rating points, and the score they predict for the stronger):")
    for k, (low_name, high_name) in enumerate(pairwise(args.players)):
        gap = fitted[k + 1] - fitted[k]
        print(f"  {low_name:>8} -> {high_name:<8} {gap:5.0f}   {100 * expected_score(gap):.1f} %")
    rounded = {name: round(r) for name, r in zip(args.players, fitted, strict=True)}
    print(f"\nRATINGS (for link4/ratings.py): {json.dumps(rounded)}")
    intervals = {
        name: [round(percentile([s[k] for s in samples], q)) for q in (0.025, 0.975)]
        for k, name in enumerate(args.players)
    }
    print(f"INTERVALS: {json.dumps(intervals)}")


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--games", type=int, default=900, help="games of a near pair with a slow player")
    p.add_argument("--quick-games", type=int, default=2400, help="games of a near pair of quick players")
    p.add_argument("--far-games", type=int, default=120, help="games of the pairs further apart")
    p.add_argument("--near", type=int, default=3, help="steps apart a near pair may be (default 3)")
    p.add_argument("--opening-plies", type=int, default=4, help="random moves before the players (default 4)")
    p.add_argument("--players", default=",".join(BOT_NAMES), help="the players, weakest first")
    p.add_argument("--anchor", default="random", help="the player rated 0 (default random)")
    p.add_argument("--resamples", type=int, default=300, help="bootstrap refits for the intervals")
    p.add_argument("--workers", type=int, default=2, help="processes playing games (default 2)")
    p.add_argument("--table-mb", type=float, default=64, help="the perfect player's table per worker")
    p.add_argument("--out", type=Path, help="a JSON file keeping finished games; a run resumes from it")
    args = p.parse_args()
    args.players = [name.strip() for name in args.players.split(",")]
    unknown = [name for name in args.players if name not in BOT_NAMES]
    if unknown or len(args.players) < 2:
        p.error(f"--players: two or more of {', '.join(BOT_NAMES)}, weakest first")
    if args.anchor not in args.players:
        p.error(f"--anchor: one of the players ({', '.join(args.players)})")
    for option in ("games", "quick_games", "far_games"):
        if getattr(args, option) < 2 or getattr(args, option) % 2:
            p.error(f"--{option.replace('_', '-')}: an even number of games, 2 or more")
    config = {
        "seed": args.seed,
        "games": args.games,
        "quick_games": args.quick_games,
        "far_games": args.far_games,
        "near": args.near,
        "opening_plies": args.opening_plies,
        "players": args.players,
    }
    started = time.monotonic()
    done = play_all(args, config)
    report(args, pair_scores(args, done))
    print(f"\n(games and fit in {time.monotonic() - started:.0f} s on {args.workers} workers)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
