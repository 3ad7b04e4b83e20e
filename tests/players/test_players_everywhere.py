"""One player model: a level with a given seed makes the same moves through every entry
point (link4.Engine, link4 play, the web's /api/move, Kaggle, OpenSpiel, Gymnasium,
the batched environment and its bots, link4.evaluate), on several board sizes.

Three ways of asking are compared, each with a random stream seeded alike:
- one side of a game, against red moves drawn by a seeded generator (the environments,
  the Kaggle agent, OpenSpiel, evaluate, and an Engine playing that side);
- both sides of a game from one stream (``link4 play --engine-vs-engine``, a BatchBot
  choosing every move of a batch of one, and an Engine playing both sides);
- one move with a fresh seed (the web's answer and a new Engine).
"""

from __future__ import annotations

import contextlib
import io
import random
import re
from collections.abc import Iterator

import numpy as np
import pytest

import link4
from link4 import Game, Limit, Solver
from link4.gymnasium import Connect4Env
from link4.players import BOT_NAMES, LEVELS, TABLE_MB, BatchBot, Engine
from link4.vector import VectorEnv
from link4.web import answers

# Not under CI's sanitizers: Python entry points around the one compiled player, whose
# own tests (test_players.py, the batched environment's) run there.
pytestmark = pytest.mark.heavy

SIZES = [(7, 6), (5, 4), (6, 5)]
SEEDS = [0, 1, 2]
# Moves compared, by way of asking (reported by the last test of the module).
compared: dict[str, int] = {}


def count(way: str, moves: int) -> None:
    compared[way] = compared.get(way, 0) + moves


def red_move(game: Game, rng: random.Random) -> int:
    """Red's move: a legal column drawn by ``rng``, taking a win in one when there is one."""
    wins = [c for c in game.legal_moves() if game.is_winning_move(c)]
    return wins[0] if wins else rng.choice(game.legal_moves())


def engine_as_yellow(level: str, seed: int, width: int, height: int) -> str:
    """The game of an Engine playing yellow against the seeded red moves."""
    game, rng, engine = Game(width=width, height=height), random.Random(seed), Engine(level, seed=seed)
    while not game.is_over():
        game.play(red_move(game, rng) if game.turn == link4.RED else engine.choose(game))
    return game.moves


def gymnasium_as_yellow(bot: str, seed: int, width: int, height: int) -> str:
    env = Connect4Env(opponent=bot, player=link4.RED, width=width, height=height)
    env.reset(seed=seed)
    rng, done = random.Random(seed), False
    while not done:
        _, _, done, _, _ = env.step(red_move(env.game, rng))
    return env.game.moves


def vector_env_as_yellow(bot: str, seed: int, width: int, height: int) -> str:
    env = VectorEnv(1, seed=seed, opponent=bot, player=link4.RED, width=width, height=height)
    env.reset(seed=seed)
    rng = random.Random(seed)
    while True:
        game = env.games()[0]
        _, _, terminated, _, _ = env.step(np.array([red_move(game, rng)]))
        if terminated[0]:
            break
    return env.positions()[0]  # the finished game (the environment resets at the next step)


def kaggle_as_yellow(level: str, width: int, height: int) -> str:
    """The Kaggle agent (its engines are seeded with 0) as yellow; its level by its budget."""
    from link4 import kaggle

    timeout = 60 if level == "8" else 0.1
    config = {"rows": height, "columns": width, "inarow": 4, "actTimeout": timeout}
    game, rng = Game(width=width, height=height), random.Random(0)
    while not game.is_over():
        if game.turn == link4.RED:
            game.play(red_move(game, rng))
        else:
            game.play(kaggle.agent({"board": game.to_board(), "mark": 2}, config))
    return game.moves


def openspiel_as_yellow(level: str, seed: int) -> str:
    pyspiel = pytest.importorskip("pyspiel")
    from link4.openspiel import Bot as SpielBot

    state, bot = pyspiel.load_game("connect_four").new_initial_state(), SpielBot(level, seed=seed)
    game, rng = Game(), random.Random(seed)
    while not state.is_terminal():
        col = red_move(game, rng) if game.turn == link4.RED else bot.step(state)
        state.apply_action(col)
        game.play(col)
    return game.moves


def yellow_moves(moves: str) -> int:
    return len(moves) // 2


@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("level", LEVELS)
def test_one_side_of_a_game_is_played_alike_everywhere(level: str, width: int, height: int) -> None:
    for seed in SEEDS[: 1 if level in ("8", "perfect") and width == 7 else None]:
        expected = engine_as_yellow(level, seed, width, height)
        assert gymnasium_as_yellow(level, seed, width, height) == expected, ("gymnasium", seed)
        assert vector_env_as_yellow(level, seed, width, height) == expected, ("vector env", seed)
        count("one side: Engine = Gymnasium = VectorEnv", yellow_moves(expected))
        if width == 7 and height == 6:
            assert openspiel_as_yellow(level, seed) == expected, ("openspiel", seed)
            count("one side: Engine = OpenSpiel", yellow_moves(expected))
        if seed == 0 and level in ("7", "8"):
            assert kaggle_as_yellow(level, width, height) == expected, "kaggle"
            count("one side: Engine = Kaggle", yellow_moves(expected))


@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_random_bot_is_played_alike_by_the_environments(width: int, height: int) -> None:
    assert "random" in BOT_NAMES
    for seed in SEEDS:
        expected = gymnasium_as_yellow("random", seed, width, height)
        assert vector_env_as_yellow("random", seed, width, height) == expected
        count("one side: Gymnasium = VectorEnv (random bot)", yellow_moves(expected))


def opening(seed: int, width: int, height: int, discs: int) -> str:
    """A running position of ``discs`` seeded random discs."""
    rng = random.Random(seed)
    while True:
        game = Game(width=width, height=height)
        while game.ply < discs and not game.is_over():
            game.play(rng.choice(game.legal_moves()))
        if not game.is_over():
            return game.moves


def engine_self_play(level: str, seed: int, start: Game) -> str:
    game, engine = start.copy(), Engine(level, seed=seed)
    while not game.is_over():
        game.play(engine.choose(game))
    return game.moves


def batch_bot_self_play(level: str, seed: int, start: Game) -> str:
    env = VectorEnv(1, seed=seed, width=start.width, height=start.height)
    env.reset(seed=seed)
    for col in (int(c) - 1 for c in start.moves):
        env.step(np.array([col]))
    bot, game = BatchBot(level, 1, seed=seed, width=start.width, height=start.height), start.copy()
    while not game.is_over():
        col = int(bot.choose(env)[0])
        game.play(col)
        env.step(np.array([col]))
    return game.moves


def cli_self_play(level: str, seed: int, start: Game) -> str:
    out = io.StringIO()
    args = ["play", "--engine-vs-engine", "--level", level, "--seed", str(seed),
            "--size", f"{start.width}x{start.height}", "--moves", start.moves]
    with contextlib.redirect_stdout(out):
        assert link4.cli.main(args) == 0
    record = re.search(r"Record: (\d*)", out.getvalue())
    assert record is not None, out.getvalue()
    return record.group(1)


@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("level", LEVELS)
def test_both_sides_from_one_stream_are_played_alike_everywhere(level: str, width: int, height: int) -> None:
    import link4.cli  # noqa: F401 (cli_self_play calls it)

    discs = 12 if level in ("8", "perfect") and width == 7 else 4
    for seed in SEEDS[:2]:
        start = Game(opening(seed, width, height, discs), width=width, height=height)
        expected = engine_self_play(level, seed, start)
        assert batch_bot_self_play(level, seed, start) == expected, ("BatchBot", seed)
        assert cli_self_play(level, seed, start) == expected, ("link4 play", seed)
        count("both sides: Engine = BatchBot = link4 play", len(expected) - start.ply)


@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("level", LEVELS)
def test_a_fresh_seed_gives_the_same_move_on_the_web(level: str, width: int, height: int) -> None:
    for seed in SEEDS:
        for discs in (2, 9, 18):
            moves = opening(seed * 31 + discs, width, height, min(discs, width * height - 8))
            game = Game(moves, width=width, height=height)
            query = {"pos": [moves], "size": [f"{width}x{height}"], "level": [level], "seed": [str(seed)]}
            solver = Solver(TABLE_MB, width=width, height=height)  # a fresh one, as the Engine's
            web = answers.move(query, limit=Limit(time_limit=60.0), levels=LEVELS)(solver)
            assert web["column"] == Engine(level, seed=seed).choose(game), (moves, seed)
            count("one move: Engine = /api/move", 1)


def engines_game(red: Engine, yellow: Engine, width: int, height: int) -> str:
    game = Game(width=width, height=height)
    while not game.is_over():
        game.play((red if game.turn == link4.RED else yellow).choose(game))
    return game.moves


@pytest.mark.parametrize(("width", "height"), SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize(("agent", "opponent"), [("2", "5"), ("7", "4"), ("8", "perfect")])
def test_evaluate_plays_the_games_of_two_engines(agent: str, opponent: str, width: int, height: int) -> None:
    """Game i of link4.evaluate(seed=s) is the agent's bot with the seed base + games + i
    against the opponent's with base + i (base: the first word of the stream of s)."""
    if width == 7 and "perfect" in (agent, opponent):
        pytest.skip("covered on the small boards; a 7x6 perfect game from the start takes seconds a move")
    games, seed = 4, 11
    evaluation = link4.evaluate(agent, games=games, opponent=opponent, seed=seed, width=width, height=height)
    base = link4._core.Stream.seeded(seed).next()
    for i, moves in enumerate(evaluation.records):
        mine, theirs = Engine(agent, seed=base + games + i), Engine(opponent, seed=base + i)
        red, yellow = (mine, theirs) if i < (games + 1) // 2 else (theirs, mine)
        assert engines_game(red, yellow, width, height) == moves, i
        count("evaluate: its games = two Engines'", len(moves))


@pytest.fixture(scope="module", autouse=True)
def report_the_moves_compared() -> Iterator[None]:
    yield
    print(f"\nmoves compared: {sum(compared.values())} {compared}")
