"""The ladder of levels: the levels that were renumbered when new ones joined play the
games they played before, and the new levels do what their descriptions say (checked
against scans of the position written here, apart from the engine)."""

from __future__ import annotations

import random

import pytest

from link4 import Game, Solver, _core
from link4.players import LEVEL_NAMES, LEVELS, Engine

# Games of self-play (one engine, both sides), recorded before the renumbering under the
# old numbers 1 to 5, now levels 2, 4, 5, 7 and 8: (level, board, seed, start, moves).
RECORDED = [
    ("2", (7, 6), 0, "", "6417232537451"),
    ("2", (7, 6), 1, "", "53473442364463221"),
    ("2", (5, 4), 0, "", "43151224253342"),
    ("2", (5, 4), 1, "", "43352332254452141511"),
    ("4", (7, 6), 0, "", "473574533654554113223664261664777351722211"),
    ("4", (7, 6), 1, "", "37547444443571232332127755"),
    ("4", (5, 4), 0, "", "35245443453111513222"),
    ("4", (5, 4), 1, "", "25315323322451511444"),
    ("5", (7, 6), 0, "", "47357442452244721552217767616"),
    ("5", (7, 6), 1, "", "365274245545746357421322343372571711"),
    ("5", (6, 5), 0, "", "362464632632443114223115165555"),
    ("5", (6, 5), 1, "", "3642643463456633545551111122"),
    ("7", (7, 6), 0, "", "433434334441223522177552276766655577661111"),
    ("7", (7, 6), 1, "", "433434334441222732722177555555666666111177"),
    ("7", (6, 5), 0, "", "444222412413333326116661655"),
    ("7", (6, 5), 1, "", "444222412413333326661166155"),
    ("8", (7, 6), 0, "4444", "444443673633766436612131151722172277255555"),
    ("8", (7, 6), 1, "4444", "44444367367666433711373776221111222"),
]


@pytest.mark.parametrize(("level", "board", "seed", "start", "moves"), RECORDED)
def test_a_renumbered_level_plays_its_old_games(
    level: str, board: tuple[int, int], seed: int, start: str, moves: str
) -> None:
    width, height = board
    engine = Engine(level, seed=seed, width=width, height=height)
    game = Game(start, width=width, height=height)
    while not game.is_over():
        game.play(engine.choose(game))
    assert game.moves == moves


def wins_now(game: Game) -> set[int]:
    """The columns that win at once, by playing each."""
    wins = set()
    for col in game.legal_moves():
        after = game.copy()
        after.play(col)
        outcome = after.outcome()
        if outcome is not None and outcome.winner is game.turn:
            wins.add(col)
    return wins


def loses_at_once(game: Game, col: int) -> bool:
    """Whether playing ``col`` (not a win) lets the opponent win with its next disc."""
    after = game.copy()
    after.play(col)
    return not after.is_over() and bool(wins_now(after))


def positions(count: int, seed: int, discs: tuple[int, int] = (4, 20)) -> list[Game]:
    """Running 7x6 positions of random games, with ``discs`` (at least, at most) down."""
    rng, out = random.Random(seed), []
    while len(out) < count:
        game = Game()
        for _ in range(rng.randint(*discs)):
            if game.is_over():
                break
            game.play(rng.choice(game.legal_moves()))
        if not game.is_over():
            out.append(game)
    return out


def test_the_first_game_level_takes_half_of_its_wins() -> None:
    # Red completes column 1 (index 0) with any of the seeds that see the win; the
    # others play a column at random, weighted 1-2-3-4-3-2-1 towards the centre, and so
    # land on column 1 one time in 16 anyway: 1/2 + 1/2 * 1/16 of the time in all.
    game = Game("121212")
    assert wins_now(game) == {0}
    chosen = [Engine(1, seed=seed).choose(game) for seed in range(3000)]
    assert chosen.count(0) / len(chosen) == pytest.approx(0.5 + 0.5 / 16, abs=0.04)


def test_the_first_game_level_never_blocks() -> None:
    # Yellow threatens column 2 (index 1) and red has no win: red plays the weighted
    # random column, which is the block 2 times in 16.
    game = Game("424212")
    assert not wins_now(game) and loses_at_once(game, 0)
    chosen = [Engine(1, seed=seed).choose(game) for seed in range(3000)]
    assert chosen.count(1) / len(chosen) == pytest.approx(2 / 16, abs=0.04)
    assert set(chosen) == set(game.legal_moves())


def test_the_novice_always_wins_and_blocks_and_never_hands_over_a_win() -> None:
    taken = blocked = 0
    for i, game in enumerate(positions(300, seed=1)):
        col = Engine(3, seed=i).choose(game)
        wins = wins_now(game)
        if wins:
            assert col in wins, game.moves
            taken += 1
        elif any(not loses_at_once(game, c) for c in game.legal_moves()):
            assert not loses_at_once(game, col), game.moves
            blocked += any(loses_at_once(game, c) for c in game.legal_moves())
    assert taken > 20 and blocked > 20  # the positions test both rules


def test_the_novice_otherwise_plays_loosely() -> None:
    # Nothing to win or block on the empty board: any column, the centre most often.
    chosen = [Engine(3, seed=seed).choose(Game()) for seed in range(800)]
    assert set(chosen) == set(range(7))
    assert chosen.count(3) > chosen.count(0) * 2


def test_the_advanced_level_finds_every_win_within_its_six_plies(solver: Solver) -> None:
    # Positions where the side to move wins with its second or third disc from now (a
    # win four plies deep or six), which no level up to the club player's four plies
    # is sure to see; level 6 plays a winning column in every one, whatever its noise.
    found = 0
    for i, game in enumerate(positions(150, seed=6, discs=(16, 26))):  # quick to solve
        if wins_now(game):
            continue
        scores = solver.analyze(game)
        best = max(s for s in scores if s is not None)
        discs_to_win = (game.width * game.height) // 2 + 1 - best - game.ply // 2
        if best <= 0 or discs_to_win > 3:
            continue
        found += 1
        for seed in (i, i + 1):
            col = Engine(6, seed=seed).choose(game)
            assert scores[col] is not None and scores[col] > 0, (game.moves, seed)
    assert found >= 10


def test_the_new_levels_specs() -> None:
    first, novice, advanced = (_core.level_spec(n) for n in (1, 3, 6))
    assert (first.kind, first.win_chance, first.block_chance) == (_core.PlayerKind.BEGINNER, 0.5, 0.0)
    assert (novice.kind, novice.win_chance, novice.block_chance) == (_core.PlayerKind.BEGINNER, 1.0, 1.0)
    assert (advanced.kind, advanced.depth, advanced.margin) == (_core.PlayerKind.HEURISTIC, 6, 6)
    assert advanced.careless == pytest.approx(0.03)
    assert _core.level_spec(2).block_chance == 0.5  # the beginner, as it was
    assert (*(str(n) for n in range(1, _core.LEVELS + 1)), "perfect") == LEVELS
    assert (_core.LEVELS, _core.PERFECT_LEVEL) == (8, 9)
    assert [LEVEL_NAMES[level] for level in ("1", "3", "5", "6", "perfect")] == [
        "first game",
        "novice",
        "club player",
        "advanced",
        "perfect play",
    ]


@pytest.mark.parametrize(
    ("field", "value"), [("win_chance", 1.5), ("block_chance", -0.1), ("win_chance", float("nan"))]
)
def test_a_chance_out_of_range_is_refused(field: str, value: float) -> None:
    spec = _core.level_spec(1)
    setattr(spec, field, value)
    with pytest.raises(ValueError, match=field):
        _core.Player(7, 6, spec, None, 1 << 20)
