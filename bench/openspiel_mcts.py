"""link4.openspiel.Bot against OpenSpiel's MCTS bot: figures, not pass/fail.

The games start from positions of the benchmark sets with 14 to 16 discs (where the
perfect level answers in milliseconds), each played twice: once with the link4 bot to
move, once with MCTS to move. For each start the exact score says whether it is won,
drawn or lost for the link4 bot; the table counts the results by kind of start.

    python bench/openspiel_mcts.py                        # 40 starts, 1000 simulations
    python bench/openspiel_mcts.py --starts 10 --simulations 300
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from importlib import resources

import numpy as np
import pyspiel
from open_spiel.python.algorithms import evaluate_bots, mcts

from link4 import Solver
from link4.openspiel import Bot, state_of


def starts(count: int) -> list[tuple[str, int]]:
    text = resources.files("link4").joinpath("data", "pons", "Test_L2_R2").read_text()
    pairs = [(m, int(s)) for m, s in (line.split() for line in text.splitlines() if line)]
    return [(m, s) for m, s in pairs if 14 <= len(m) <= 16][:count]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--starts", type=int, default=40)
    parser.add_argument("--simulations", type=int, default=1000, help="MCTS simulations per move")
    parser.add_argument("--level", default="perfect", help="the link4 bot's level")
    args = parser.parse_args()
    game = pyspiel.load_game("connect_four")
    solver = Solver()
    bot = Bot(level=args.level, seed=0, solver=solver)
    table: Counter[tuple[str, str]] = Counter()
    begin = time.perf_counter()
    for i, (moves, score) in enumerate(starts(args.starts)):
        for bot_to_move in (True, False):
            state = state_of(moves)
            mover = state.current_player()
            me = mover if bot_to_move else 1 - mover
            rng = np.random.RandomState(i)
            evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
            opponent = mcts.MCTSBot(game, 2, args.simulations, evaluator, random_state=rng)
            bots = [opponent, opponent]
            bots[me] = bot
            returns = evaluate_bots.evaluate_bots(state, bots, rng)
            mine = score if bot_to_move else -score
            kind = "won" if mine > 0 else "lost" if mine < 0 else "drawn"
            result = {1: "win", 0: "draw", -1: "loss"}[int(returns[me])]
            table[kind, result] += 1
    seconds = time.perf_counter() - begin
    print(f"link4 level {args.level} against MCTS ({args.simulations} simulations, random rollouts)")
    print(f"{2 * args.starts} games from {args.starts} starts with 14-16 discs, {seconds:.0f} s")
    print(f"{'start (for link4)':18} {'win':>5} {'draw':>5} {'loss':>5}")
    for kind in ("won", "drawn", "lost"):
        row = [table[kind, r] for r in ("win", "draw", "loss")]
        print(f"{kind:18} {row[0]:5d} {row[1]:5d} {row[2]:5d}")


if __name__ == "__main__":
    main()
