"""link4 evaluate: an agent's results, perfect-move and blunder rates and rating against a bot."""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import json
import sys
from pathlib import Path
from typing import Any

from link4 import _core
from link4.commands._options import (
    SEED,
    THREADS,
    add_inarow_option,
    add_size_option,
    board_game,
    bots_help,
    choice_list,
    one_of,
    whole_number,
)
from link4.errors import extra_hint, quoted
from link4.players import BOT_NAMES
from link4.ratings import LADDER_BOARD, LADDER_OPENING_PLIES
from link4.rules import INAROW


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``evaluate`` command to the command line's subparsers."""
    p = sub.add_parser(
        "evaluate",
        help="an agent's results, perfect-move rate and rating against the perfect player",
        description="Play an agent against a bot (the perfect player by default) for a number "
        "of games, half of them as red, and judge each of its moves exactly: perfect (it keeps "
        "the exact score: among the solver's best) or a blunder (it changes the theoretical "
        "result: a win given away, a draw lost). Prints wins, draws and losses per side and "
        "both rates with 95 % intervals, and the agent's Elo on the levels' ladder (7x6) from its "
        "points against the opponent: sharpest against an opponent of about its strength. "
        "Needs link4[vector].",
    )
    p.add_argument("--agent", required=True, metavar="AGENT",
                   help="a bot (random, 1 to 8, perfect) or MODULE:NAME, a function or player "
                   "in an importable module or a .py file: NAME(observations, action_masks) -> "
                   "actions for a whole batch, NAME(game) -> column, or an object with "
                   "choose(game)")
    p.add_argument("--opponent", default="perfect", type=one_of((*BOT_NAMES, "ladder")),
                   metavar=choice_list((*BOT_NAMES, "ladder")),
                   help=f"the bot to play against (default: perfect), or ladder: in rounds, the "
                   f"rated bots nearest the agent's strength, for the sharpest rating (7x6); the "
                   f"bots: {bots_help(BOT_NAMES)}")
    p.add_argument("--nodes", type=whole_number(1), metavar="N",
                   help="a node budget per move for the perfect opponent (default: none, "
                   "every move exact)")
    p.add_argument("--games", type=whole_number(1), default=1000, metavar="N", help="games (default 1000)")
    p.add_argument("--openings", type=whole_number(0, _core.MAX_OPENING_PLIES), metavar="N",
                   help=f"each game opens with N random moves (0 to {_core.MAX_OPENING_PLIES}), each "
                   "opening played with both "
                   f"colours (default: {LADDER_OPENING_PLIES} against the ladder, as its games were "
                   "played, else 0); a rating needs the ladder's")
    p.add_argument("--seed", type=SEED, metavar="S", help="seed, for a reproducible run")
    p.add_argument("--threads", type=THREADS, metavar="N",
                   help="threads for the bots and the solver (default: every core)")
    p.add_argument("--json", action="store_true", help="print the figures as JSON")
    add_size_option(p)
    add_inarow_option(p)
    p.set_defaults(func=run)


def _error(message: str) -> int:
    print(f"link4 evaluate: {message}", file=sys.stderr)
    return 2


def load_agent(spec: str) -> Any:
    """The agent ``--agent`` names.

    Args:
        spec: a bot's name (in any case), or ``MODULE:NAME``: a module importable from
            the current directory, or the path of a ``.py`` file, and a name in it
            (dotted for an attribute of an attribute).

    Returns:
        The bot's name, lower case, or the object ``NAME`` stands for in the module.

    Raises:
        ValueError: saying what is wrong: ``spec`` is neither form, the file is missing,
            the module cannot be imported, or it has no such name. Whatever else the
            module raises while it runs on import comes through unchanged.
    """
    if spec.strip().lower() in BOT_NAMES:
        return spec.strip().lower()
    module_name, sep, attribute = spec.rpartition(":")
    if not sep or not module_name or not attribute:
        raise ValueError(f"--agent {quoted(spec)}: a bot ({', '.join(BOT_NAMES)}) or MODULE:NAME")
    try:
        if module_name.endswith(".py"):
            location = importlib.util.spec_from_file_location(Path(module_name).stem, module_name)
            if location is None or location.loader is None or not Path(module_name).is_file():
                raise ValueError(f"--agent: no Python file {module_name}")
            module = importlib.util.module_from_spec(location)
            location.loader.exec_module(module)
        else:
            sys.path.insert(0, "")  # as `python -m` does: modules of the current directory
            module = importlib.import_module(module_name)
    except ImportError as e:
        raise ValueError(f"--agent: cannot import {module_name}: {e}") from e
    agent: Any = module
    for part in attribute.split("."):
        if not hasattr(agent, part):
            raise ValueError(f"--agent: {module_name} has no {attribute}")
        agent = getattr(agent, part)
    return agent


def run(args: argparse.Namespace) -> int:
    """Run ``link4 evaluate`` with the parsed arguments; return the exit status."""
    board = board_game("evaluate", args)
    if board is None:
        return 2
    most = _core.max_opening_plies(board[2])
    if args.openings is not None and args.openings > most:
        return _error(f"--openings: at most {most} with {board[2]} in a row (no opening may complete a "
                      f"line), not {args.openings}")
    if args.nodes is not None and args.opponent != "perfect":
        return _error("--nodes is a budget for --opponent perfect")
    try:
        from link4.evaluation import evaluate
        from link4.players import Bot
    except ImportError as e:
        return _error(f"needs numpy and Gymnasium 1.x ({e}): {extra_hint('vector')}")
    if args.opponent == "ladder" and board != (*LADDER_BOARD, INAROW):
        where = "{}x{}".format(*LADDER_BOARD) + ("" if board[2] == INAROW else ", four in a row")
        return _error(f"--opponent ladder: the ladder is measured on {where}")
    try:
        agent = load_agent(args.agent)
    except ValueError as e:
        return _error(str(e))
    opponent = "ladder" if args.opponent == "ladder" else Bot(args.opponent, nodes=args.nodes)
    against = "the ladder's players nearest its strength" if opponent == "ladder" else opponent
    print(f"link4 evaluate: {args.games} games of {args.agent} against {against}...", file=sys.stderr)
    try:
        result = evaluate(agent, games=args.games, opponent=opponent, seed=args.seed,
                          threads=args.threads, width=board[0], height=board[1], inarow=board[2],
                          opening_plies=args.openings)
    except (TypeError, ValueError) as e:
        print(f"link4 evaluate: the agent failed: {type(e).__name__}: {e}", file=sys.stderr)
        return 1
    print(json.dumps(result.to_dict(), indent=2) if args.json else result)
    return 0
