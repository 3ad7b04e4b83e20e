"""link4.evaluate and link4 evaluate: results, and every move judged exactly."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium", minversion="1.0")

import link4  # noqa: E402
from link4 import Engine, Game, Solver  # noqa: E402
from link4.evaluation import Evaluation  # noqa: E402
from link4.players import Bot  # noqa: E402


def _sign(x: int) -> int:
    return (x > 0) - (x < 0)


def judged_by_analysis(result: Evaluation, solver: Solver) -> tuple[int, int, int]:
    """(moves, perfect, blunders) recounted from the records with Solver.analyze."""
    moves = perfect = blunders = 0
    for i, record in enumerate(result.records):
        side = 0 if i < result.as_red.games else 1
        for ply in range(side, len(record), 2):
            values = solver.analyze(record[:ply])
            best = max(v for v in values if v is not None)
            chosen = values[int(record[ply]) - 1]
            assert chosen is not None
            moves += 1
            perfect += chosen == best
            blunders += _sign(chosen) < _sign(best)
    return moves, perfect, blunders


@pytest.mark.parametrize("opponent", ["perfect", "4", Bot("perfect", nodes=2_000)])
def test_every_move_is_judged_as_the_solver_s_analysis_judges_it(opponent: object) -> None:
    # Against the perfect bot most scores come from its own searches; against the
    # others they are solved afterwards: both must judge as analyze() does.
    result = link4.evaluate("2", games=8, opponent=opponent, seed=3, threads=2)  # type: ignore[arg-type]
    assert result.illegal == 0 and len(result.records) == 8
    counts = judged_by_analysis(result, Solver(table_mb=16))
    assert counts == (result.moves, result.perfect.count, result.blunders.count)
    assert 0 < result.blunders.count < result.perfect.count < result.moves


def test_the_perfect_player_against_itself_is_perfect_and_red_wins() -> None:
    result = link4.evaluate("perfect", games=6, seed=0)
    assert (result.as_red.wins, result.as_yellow.losses) == (3, 3)
    assert result.perfect.count == result.moves and result.blunders.count == 0
    assert result.perfect.low <= 1.0 == result.perfect.value


def test_policies_of_every_kind_play_the_same_games() -> None:
    def leftmost_batch(observations: np.ndarray, masks: np.ndarray) -> np.ndarray:
        assert observations.shape[1:] == (6, 7, 2)
        return masks.argmax(axis=1)

    def leftmost_game(game: Game) -> int:
        return game.legal_moves()[0]

    class Leftmost:
        def choose(self, game: Game) -> int:
            return game.legal_moves()[0]

    results = [
        link4.evaluate(p, games=8, opponent="5", seed=5) for p in (leftmost_batch, leftmost_game, Leftmost())
    ]
    assert results[0].records == results[1].records == results[2].records
    assert results[0].as_red.games == results[0].as_yellow.games == 4
    engine = link4.evaluate(Engine(level=2, seed=0), games=2, opponent="random", seed=0)
    assert engine.games == 2


def test_a_seed_replays_the_evaluation_and_odd_counts_favour_red() -> None:
    first = link4.evaluate("2", games=9, opponent="random", seed=8)
    again = link4.evaluate("2", games=9, opponent="random", seed=8)
    assert first.records == again.records and (first.as_red.games, first.as_yellow.games) == (5, 4)
    assert link4.evaluate("2", games=9, opponent="random", seed=9).records != first.records


def test_an_illegal_action_is_a_lost_game_and_a_blunder_unless_lost_anyway() -> None:
    def off_the_board(observations: np.ndarray, masks: np.ndarray) -> np.ndarray:
        return np.full(len(masks), 99)

    result = link4.evaluate(off_the_board, games=4, opponent="perfect", seed=1)
    assert (result.illegal, result.moves, result.as_red.losses, result.as_yellow.losses) == (4, 4, 2, 2)
    # Red threw away the empty board's win; yellow, after the first disc, was lost anyway.
    assert (result.blunders.count, result.perfect.count) == (2, 0)
    # Its perfect-move rate is no figure: it made no move to judge.
    assert "perfect moves: none: the agent made no legal move" in str(result).splitlines()


def test_bad_arguments() -> None:
    with pytest.raises(ValueError, match="games must be a positive int"):
        link4.evaluate("1", games=0)
    with pytest.raises(TypeError, match="a policy is"):
        link4.evaluate(42.0, games=2)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown bot"):
        link4.evaluate("1", games=2, opponent="9")


def _cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "link4", "evaluate", *args], capture_output=True, text=True, cwd=cwd
    )


def test_the_command_line_loads_an_agent_from_a_module_or_a_file(tmp_path: Path) -> None:
    (tmp_path / "my_agent.py").write_text(
        "def policy(observations, masks):\n    return masks.argmax(axis=1)\n"
        "def centre(game):\n    return 3 if game.is_legal(3) else game.legal_moves()[0]\n"
    )
    done = _cli("--agent", "my_agent:policy", "--games", "6", "--seed", "1", "--json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    figures = json.loads(done.stdout)
    assert figures["games"] == 6 and figures["opponent"] == "perfect" and "records" not in figures
    done = _cli(
        "--agent",
        str(tmp_path / "my_agent.py") + ":centre",
        "--games",
        "4",
        "--opponent",
        "2",
        cwd=Path.cwd(),
    )
    assert done.returncode == 0 and "centre against level 2: 4 games" in done.stdout
    assert re.search(r"^perfect moves: \d+\.\d % \[", done.stdout, re.M) and "as yellow" in done.stdout
    done = _cli(
        "--agent",
        "7",
        "--games",
        "2",
        "--size",
        "6x5",
        "--opponent",
        "perfect",
        "--nodes",
        "3000",
        cwd=tmp_path,
    )
    assert done.returncode == 0 and "level 7 against perfect (3,000 nodes a move)" in done.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--agent", "nowhere:policy"], "cannot import nowhere"),
        (["--agent", "my_agent:missing"], "my_agent has no missing"),
        (["--agent", "policy"], "a bot (random, 1, 2, 3, 4, 5, 6, 7, 8, perfect) or MODULE:NAME"),
        (["--agent", "1", "--games", "0"], "argument --games: must be a whole number >= 1, not '0'"),
        (["--agent", "1", "--nodes", "10", "--opponent", "3"], "--nodes is a budget for --opponent perfect"),
        (["--agent", "1", "--nodes", "0"], "argument --nodes: must be a whole number >= 1, not '0'"),
        (["--agent", "1", "--seed", "-1"], "argument --seed: must be a whole number >= 0, not '-1'"),
        (["--agent", "1", "--size", "3x3"], "--size"),
        (["--agent", "my_agent:broken", "--games", "2"], "the agent failed: ValueError"),
    ],
)
def test_the_command_line_says_what_is_wrong(tmp_path: Path, args: list[str], message: str) -> None:
    (tmp_path / "my_agent.py").write_text("def broken(game):\n    raise ValueError('no idea')\n")
    done = _cli(*args, cwd=tmp_path)
    assert done.returncode in (1, 2) and message in done.stderr and not done.stdout
