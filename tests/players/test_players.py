"""The players (link4.players): the levels legal, reproducible under a seed and as strong
as they claim, and link4.Engine as an object that chooses moves."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

import link4
from link4 import Game, _core
from link4.errors import GameOverError
from link4.game import core_position
from link4.players import DEFAULT_LEVEL, LEVELS, Bot, Engine, core_player, safe_moves

HEURISTIC_WIN: int = _core.HEURISTIC_WIN

# Middle-game positions: every level answers at once from these.
DRAWN = "3651433667521135"  # red to move, a draw; columns 3 and 5 hold it
WON = "5323365136332172"  # red to move; only column 5 wins (column 3 is full)
MIDDLE = [DRAWN, WON, "26614145151", "7261213472451521", "12344456256"]


@pytest.fixture(scope="module")
def solver() -> link4.Solver:
    return link4.Solver(table_mb=16)


def play_out(red: str, yellow: str, start: str, seed: int, solver: link4.Solver) -> str:
    engines = {link4.RED: Engine(red, seed=seed, solver=solver),
               link4.YELLOW: Engine(yellow, seed=seed + 1, solver=solver)}
    game = link4.Game(start)
    while not game.is_over():
        col = engines[game.turn].choose(game)
        assert col in game.legal_moves()
        game.play(col)
    return game.moves


@pytest.mark.parametrize("level", LEVELS)
def test_same_seed_same_game(level: str) -> None:
    # Fresh solvers each time: a level's play must not depend on anything but the seed.
    games = {
        play_out(level, "5", DRAWN, seed, link4.Solver(table_mb=8))
        for seed in (11, 11, 11)
    }
    assert len(games) == 1


@pytest.mark.parametrize("level", ["1", "2", "3", "4", "5"])
def test_games_vary_with_the_seed(level: str, solver: link4.Solver) -> None:
    games = {play_out(level, level, "44", seed, solver) for seed in range(6)}
    assert len(games) >= 3


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_legal_moves(level: str, solver: link4.Solver) -> None:
    policy = Engine(level, seed=3, solver=solver)
    for moves in MIDDLE:
        game = link4.Game(moves)
        col = policy.choose(game)
        assert col in game.legal_moves()
        assert game.moves == moves  # choosing never changes the game


@pytest.mark.parametrize("level", LEVELS[1:])  # level 1 sees half of them (test_levels.py)
def test_every_level_from_two_up_takes_a_win_in_one(level: str, solver: link4.Solver) -> None:
    # Red has three in column 1 and wins there; even the beginner sees it.
    wins = {Engine(level, seed=seed, solver=solver).choose(link4.Game("121212")) for seed in range(5)}
    assert wins == {0}


@pytest.mark.parametrize("level", ["3", "4", "5", "6", "7", "8"])  # perfect: see the next tests
def test_levels_from_three_up_always_block(level: str, solver: link4.Solver) -> None:
    # Yellow has three in column 2; red must block there.
    blocks = {Engine(level, seed=seed, solver=solver).choose(link4.Game("424212")) for seed in range(5)}
    assert blocks == {1}


def test_the_beginner_sometimes_forgets_to_block() -> None:
    chosen = [Engine(2, seed=seed).choose(link4.Game("424212")) for seed in range(40)]
    assert 1 in chosen and any(c != 1 for c in chosen)


def test_perfect_keeps_the_value_and_wins_fastest(solver: link4.Solver) -> None:
    for moves in MIDDLE:
        game = link4.Game(moves)
        scores = solver.analyze(game)
        best = max(s for s in scores if s is not None)
        for seed in range(3):
            perfect = Engine("perfect", seed=seed, solver=solver)
            col = perfect.choose(game)
            assert scores[col] == best, moves
            assert perfect.last_score == best  # the position's score, proved by its search


def test_perfect_breaks_ties_at_random(solver: link4.Solver) -> None:
    game = link4.Game(DRAWN)
    chosen = {Engine("perfect", seed=seed, solver=solver).choose(game) for seed in range(12)}
    assert chosen == {2, 4}


def test_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown level '9': the levels are 1 to 8 and 'perfect'"):
        Engine("9")
    assert DEFAULT_LEVEL in LEVELS


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"depth": 0}, "depth out of range: 0"),
        ({"depth": 2, "margin": -1}, "margin out of range: -1"),
        ({"depth": 2, "careless": 1.5}, "careless out of range"),
    ],
)
def test_a_heuristic_player_that_could_not_choose_is_refused(fields: dict[str, Any], message: str) -> None:
    # Such a player would have no column left to draw from: refused, never a crash.
    spec = _core.PlayerSpec()
    spec.kind = _core.PlayerKind.HEURISTIC
    for name, value in fields.items():
        setattr(spec, name, value)
    with pytest.raises(ValueError, match=message):
        _core.Player(7, 6, spec, None, 1 << 22)


def test_safe_moves_avoid_handing_over_a_win() -> None:
    # Yellow's three in column 2 must be blocked: only column 2 is safe.
    assert safe_moves(link4.Game("424212")) == [1]
    # Yellow has an open three on the bottom row (3-4-5, with 2 and 6 free): every
    # move of red loses at once, so none is safe.
    assert safe_moves(link4.Game("131475")) == []
    assert safe_moves(link4.Game("44")) == list(range(link4.WIDTH))


def test_heuristic_search_contract() -> None:
    pos = core_position(link4.Game("121212"))
    scores, depth, nodes = _core.heuristic_scores(pos, 6, 0)
    assert depth == 6 and nodes > 0
    # Column 1 wins at once with red's 4th disc: a proven win, scored as docs/score.md describes.
    assert scores[0] == HEURISTIC_WIN + 18
    # A budget too small for depth 6 returns a shallower, completed iteration.
    _, shallow, _ = _core.heuristic_scores(core_position(link4.Game("44")), 12, 2000)
    assert 1 <= shallow < 12
    # The same arguments give the same answer.
    assert _core.heuristic_scores(pos, 6, 0) == (scores, depth, nodes)
    # Full columns have no score.
    full, _, _ = _core.heuristic_scores(core_position(link4.Game("444444")), 2, 0)
    assert full[3] is None and all(v is not None for c, v in enumerate(full) if c != 3)
    assert abs(_core.heuristic_evaluate(core_position(link4.Game("4453")))) < HEURISTIC_WIN
    with pytest.raises(ValueError, match="depth out of range: 0"):
        _core.heuristic_scores(pos, 0, 0)
    with pytest.raises(GameOverError, match="the game is over: red has won"):
        _core.heuristic_evaluate(core_position(link4.Game("1212121")))


def _reference_evaluation(game: link4.Game) -> int:
    """The levels' static evaluation written out line by line (cpp/link4/heuristic.cpp
    counts the lines bit-sliced, all of a direction at once): the side to move's value
    minus the other side's, each from open lines of four with 1, 2 or 3 own discs (1, 4
    and 12), 24 per threat (an empty cell completing a four), 24 more on a row of the
    owner's parity (odd rows from the bottom for the first player), 60 per threat right
    above another, 3 per disc in the centre column(s); clamped below 10,000."""
    board = game.to_board()  # top row first
    width, height = game.width, game.height
    cell = {(c, height - 1 - r): board[r][c] for r in range(height) for c in range(width)}
    lines = [
        [(c + i * dc, r + i * dr) for i in range(4)]
        for c in range(width)
        for r in range(height)
        for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1))
        if all((c + i * dc, r + i * dr) in cell for i in range(4))
    ]
    centre = {width // 2} | ({width // 2 - 1} if width % 2 == 0 else set())

    def side(player: int) -> int:
        value = 0
        for line in lines:
            owners = [cell[p] for p in line]
            if all(o in (0, player) for o in owners):
                value += (0, 1, 4, 12, 0)[owners.count(player)]
        threats = {
            p for line in lines for p in line
            if cell[p] == 0 and sum(cell[q] == player for q in line) == 3
        }
        good_row = 0 if player == 1 else 1  # the first player's rows: 1, 3, 5 counting from 1
        value += 24 * len(threats) + 24 * sum(r % 2 == good_row for _, r in threats)
        value += 60 * sum((c, r - 1) in threats for c, r in threats)
        value += 3 * sum(cell[(c, r)] == player for c in centre for r in range(height))
        return value

    mover = 1 if game.ply % 2 == 0 else 2
    v = side(mover) - side(3 - mover)
    return max(-9999, min(9999, v))


def test_the_static_evaluation_is_the_documented_formula(board_size: tuple[int, int]) -> None:
    size = board_size
    rng = random.Random(size[0] * 100 + size[1])
    checked = 0
    while checked < 150:
        game = link4.Game(width=size[0], height=size[1])
        for _ in range(rng.randrange(game.width * game.height)):
            if game.is_over():
                break
            game.play(rng.choice(game.legal_moves()))
        if game.is_over():
            continue
        assert _core.heuristic_evaluate(core_position(game)) == _reference_evaluation(game), game.moves
        checked += 1


# Positions with 14 or more discs solve in milliseconds.
MIDGAME = ["274552224131661", "2531276566711153", "47611556754127222"]


def engines_play_out(white: Engine, black: Engine, moves: str = "") -> Game:
    game = Game(moves)
    while not game.is_over():
        game.play((white if game.ply % 2 == 0 else black).choose(game))
    return game


@pytest.mark.parametrize(
    ("level", "name"),
    [(1, "1"), (5, "5"), ("3", "3"), (" Perfect ", "perfect"), ("perfect", "perfect")],
)
def test_levels_as_int_or_str(level: Any, name: str) -> None:
    assert Engine(level).level == name
    assert Engine(level=level).level == name


@pytest.mark.parametrize(
    ("kwargs", "error", "fragment"),
    [
        ({"level": 0}, ValueError, "unknown level 0: the levels are 1 to 8 and 'perfect'"),
        ({"level": "9"}, ValueError, "unknown level '9'"),
        ({"level": "best"}, ValueError, "unknown level 'best'"),
        ({"level": True}, TypeError, "not bool"),
        ({"level": 4.0}, TypeError, "not float"),
        ({"level": 4, "time_limit": 0}, ValueError, "time_limit must be a number of seconds > 0"),
        ({"level": 4, "time_limit": -1.0}, ValueError, "not -1.0"),
        ({"level": 4, "time_limit": float("nan")}, ValueError, "not nan"),
        ({"level": 4, "time_limit": "1"}, TypeError, "not str"),
    ],
)
def test_bad_arguments(kwargs: dict[str, Any], error: type[Exception], fragment: str) -> None:
    with pytest.raises(error) as info:
        Engine(**kwargs)
    assert fragment in str(info.value)


def test_repr() -> None:
    assert repr(Engine(3)) == "Engine(level=3)"
    engine = Engine("perfect", seed=7, time_limit=0.5)
    assert repr(engine) == "Engine(level='perfect', seed=7, time_limit=0.5)"


@pytest.mark.parametrize("level", LEVELS[1:])  # level 1 may not see the win it plays here
def test_an_engine_answers_a_game_or_a_move_string_without_changing_it(level: str) -> None:
    game = Game("121212")
    before = game.moves
    move = Engine(level, seed=0).choose(game)
    assert move == 0 and type(move) is int
    assert game.moves == before  # the game is not changed
    assert Engine(level, seed=0).choose("121212") == 0  # move strings too


@pytest.mark.parametrize("level", ["1", "3", "5", "perfect"])
def test_choose_on_a_finished_game(level: str) -> None:
    with pytest.raises(GameOverError, match="no move to choose: the game is over: red wins"):
        Engine(level).choose(Game("4455667"))


def test_choose_needs_a_position() -> None:
    with pytest.raises(TypeError, match="not list"):
        Engine(4).choose([3, 3])  # type: ignore[arg-type]


def test_seed_replays_the_same_game() -> None:
    first = engines_play_out(Engine(4, seed=5), Engine(5, seed=6))
    again = engines_play_out(Engine(4, seed=5), Engine(5, seed=6))
    assert first.moves == again.moves
    others = {engines_play_out(Engine(4, seed=s), Engine(5, seed=s)).moves for s in range(6)}
    assert len(others) > 1


def test_rng_replaces_the_engine_s_generator() -> None:
    engine = Engine(2, seed=0)
    moves = [engine.choose(Game(), random.Random(3)) for _ in range(5)]
    assert len(set(moves)) == 1


@pytest.mark.parametrize("moves", MIDGAME)
@pytest.mark.parametrize("level", ["8", "perfect"])
def test_exact_levels_play_a_best_move(moves: str, level: str, solver: link4.Solver) -> None:
    game = Game(moves)
    scores = solver.analyze(game)
    best = max(s for s in scores if s is not None)
    for seed in range(3):
        assert scores[Engine(level, seed=seed).choose(game)] == best


@pytest.mark.parametrize("moves", MIDGAME)
def test_perfect_within_a_time_limit_plays_a_best_move_when_it_finishes(
    moves: str, solver: link4.Solver
) -> None:
    game = Game(moves)
    scores = solver.analyze(game)
    best = max(s for s in scores if s is not None)
    assert scores[Engine("perfect", time_limit=5).choose(game)] == best


def test_perfect_within_a_time_limit_answers_on_the_empty_board() -> None:
    # Solving the empty board takes most of a minute; the limit cuts it to a fraction
    # of a second (the bound here is loose: the machine may be busy).
    start = time.perf_counter()
    move = Engine("perfect", time_limit=0.2).choose(Game())
    assert 0 <= move < 7
    assert time.perf_counter() - start < 3


def test_perfect_beats_the_club_player_from_a_won_position() -> None:
    # The side to move (red) wins here: perfect play keeps the win whatever level 5 does.
    start = "2531276566711153"
    assert link4.solve(start) > 0
    for seed in range(3):
        game = engines_play_out(Engine("perfect"), Engine(5, seed=seed), start)
        outcome = game.outcome()
        assert outcome is not None and outcome.winner is link4.RED


def test_an_engine_takes_its_budget_as_a_limit() -> None:
    engine = Engine("perfect", seed=2, limit=link4.Limit(node_limit=10_000))
    assert engine.limit == link4.Limit(node_limit=10_000) and engine.time_limit is None
    # Within the same node budget, the Engine is the perfect bot with that budget.
    from link4.players import Bot, as_bot

    assert as_bot(engine) == Bot("perfect", nodes=10_000)
    assert repr(engine) == "Engine(level='perfect', seed=2, node_limit=10000)"
    timed = Engine("perfect", limit=link4.Limit(time_limit=0.5))
    assert timed.time_limit == 0.5
    with pytest.raises(TypeError, match="give limit= or time_limit= and node_limit=, not both"):
        Engine("perfect", time_limit=1.0, limit=link4.Limit(time_limit=1.0))
    with pytest.raises(ValueError, match=r"time_limit must be a number of seconds > 0, not 0\.0"):
        Engine("perfect", limit=link4.Limit(time_limit=0))


def test_a_node_limit_makes_the_engine_play_as_the_budgeted_bot() -> None:
    from link4.gymnasium import Connect4Env

    engine = Engine("perfect", seed=9, limit=link4.Limit(node_limit=500))
    env = Connect4Env(opponent=link4.players.Bot("perfect", nodes=500), player=link4.RED)
    env.reset(seed=9)
    moves = []
    for col in (3, 3, 2, 4):  # red's moves; the replies come from the budgeted searches
        _, _, done, _, info = env.step(col)
        if done:
            break
        moves.append(info["opponent_move"])
    replay, mine = Game(), []
    for col in (3, 3, 2, 4)[: len(moves)]:
        replay.play(col)
        mine.append(engine.choose(replay))
        replay.play(mine[-1])
    assert mine == moves and len(moves) >= 3


def test_the_shipped_book_serves_four_in_a_row_on_7x6_alone() -> None:
    perfect = Bot("perfect")
    assert perfect.core_book(7, 6) is not None and perfect.core_book(7, 6, 4) is not None
    assert [perfect.core_book(*game) for game in ((7, 6, 5), (7, 6, 3), (7, 9, 4), (7, 9, 5))] == [None] * 4
    assert Bot("5").core_book(7, 6) is None  # a level that does not search has none


def test_a_core_player_plays_the_line_it_is_made_for() -> None:
    # Connect 3 on 4 x 4: each move of the perfect player is a best one by the exact
    # solver of three in a row; a position of another line is refused.
    solver = link4.Solver(16, book=None, width=4, height=4, inarow=3)
    player = core_player(Bot("perfect"), 4, 4, 3)
    rng = random.Random(2)
    for seed in range(20):
        game = Game(width=4, height=4, inarow=3)
        while not game.is_over():
            if game.ply % 2 == seed % 2:
                game.play(rng.choice(game.legal_moves()))
                continue
            scores = solver.analyze(game)
            col = player.choose(core_position(game), _core.Stream.seeded(seed))
            assert scores[col] == max(s for s in scores if s is not None), game.moves
            game.play(col)
    with pytest.raises(link4.SizeMismatchError, match="lines differ"):
        player.choose(core_position(Game("12", width=4, height=4)), _core.Stream.seeded(0))


@pytest.mark.parametrize("level", LEVELS[2:])
def test_levels_from_three_up_block_a_five_when_four_in_a_row_is_no_win(level: str) -> None:
    # Red's four in column 1 ends no game of five in a row: yellow must stop the fifth.
    assert Engine(level, seed=0).choose(Game("1212121", width=5, height=5, inarow=5)) == 0
