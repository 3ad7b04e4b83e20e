"""link4.vector.VectorEnv: the batched environment against the rules, against
Gymnasium's own vector environment of single link4 environments, and bad input."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")
gymnasium = pytest.importorskip("gymnasium", minversion="1.0")

from gymnasium.vector import AutoresetMode, SyncVectorEnv  # noqa: E402

from link4 import RED, YELLOW, BoardSizeError, Solver  # noqa: E402
from link4.gymnasium import Connect4Env  # noqa: E402
from link4.players import BatchBot, Bot  # noqa: E402
from link4.vector import NO_SCORE, VectorEnv, games, positions  # noqa: E402
from tests.support.vector_reference import run  # noqa: E402

PERFECT_10K = Bot("perfect", nodes=10_000)


@pytest.mark.parametrize(
    ("options", "count", "envs"),
    [
        ({}, 400, 128),
        ({"opponent": "random", "player": "random"}, 300, 64),
        ({"opponent": 2, "player": RED}, 200, 32),
        ({"opponent": "4", "player": YELLOW}, 100, 32),
        ({"opponent": 5, "player": "random", "threads": 2}, 100, 32),
        ({"opponent": PERFECT_10K, "player": "random"}, 80, 16),
        ({"width": 5, "height": 4}, 300, 64),
        ({"width": 9, "height": 12, "opponent": "random", "player": "random"}, 40, 16),
        ({"width": 10, "height": 6, "opponent": "random", "player": "random"}, 60, 16),
        ({"width": 12, "height": 9, "opponent": 2, "player": "random"}, 30, 16),
        ({"width": 8, "height": 7, "dtype": bool}, 60, 16),
        ({"opponent": 3, "player": "random", "opening_plies": 3}, 200, 32),
        ({"opening_plies": 6, "width": 4, "height": 4}, 200, 32),
        ({"width": 7, "height": 9, "inarow": 5, "opponent": "random", "player": "random"}, 100, 32),
        ({"width": 4, "height": 4, "inarow": 3, "opening_plies": 4}, 300, 64),
        ({"width": 6, "height": 7, "inarow": 6, "opponent": 3, "player": "random"}, 40, 16),
    ],
    ids=[
        "self-play",
        "random",
        "level-2",
        "level-4",
        "level-5-threads",
        "perfect-10k",
        "5x4",
        "9x12",
        "10x6",
        "12x9-level-2",
        "8x7-bool",
        "openings-3",
        "self-play-openings-6-4x4",
        "7x9-five-random",
        "4x4-three-self-play-openings-4",
        "6x7-six-level-3",
    ],
)
def test_random_games_agree_with_game(options: dict[str, object], count: int, envs: int) -> None:
    tally = run(VectorEnv(envs, **options), count, seed=7)  # type: ignore[arg-type]
    assert tally.games >= count and tally.illegal > 0
    # Both outcomes happen, and against a bot the random agent mostly loses.
    assert {-1.0, 1.0} <= set(tally.results) or options.get("opponent") not in (None, "random")


@pytest.mark.slow
def test_twenty_thousand_games_of_each_kind_agree_with_game() -> None:
    for options in ({}, {"opponent": "random", "player": "random"}, {"opponent": 1, "player": "random"}):
        run(VectorEnv(256, **options), 20_000, seed=0)  # type: ignore[arg-type]


def _sync(n: int, mode: AutoresetMode, **options: object) -> SyncVectorEnv:
    return SyncVectorEnv([lambda: Connect4Env(**options) for _ in range(n)], autoreset_mode=mode)  # type: ignore[arg-type]


def _same_infos(ours: dict[str, np.ndarray], theirs: dict[str, np.ndarray], keys: tuple[str, ...]) -> None:
    for key in keys:
        have = theirs.get(f"_{key}", np.zeros(len(ours["player"]), dtype=bool))
        mine = ours.get(f"_{key}", np.zeros(len(ours["player"]), dtype=bool))
        assert mine.tolist() == have.tolist(), key
        for i in np.flatnonzero(have):
            assert np.array_equal(np.asarray(ours[key][i]), np.asarray(theirs[key][i], dtype=int)), (key, i)


_BOTS = [("random", "random", 80), (2, RED, 60), ("5", YELLOW, 40), (PERFECT_10K, "random", 40)]
_TRAJECTORIES = [
    pytest.param(mode, *bot, id=f"{mode.name}-{bot[0]}") for mode in AutoresetMode for bot in _BOTS
] + [pytest.param(AutoresetMode.NEXT_STEP, 8, "random", 1, id="NEXT_STEP-level-8")]


@pytest.mark.parametrize(("mode", "opponent", "player", "steps"), _TRAJECTORIES)
def test_the_same_trajectories_as_gymnasium_s_sync_vector_env_of_single_envs(
    mode: AutoresetMode, opponent: object, player: object, steps: int
) -> None:
    n, rng = 4, np.random.default_rng(3)
    ours = VectorEnv(n, opponent=opponent, player=player, autoreset_mode=mode)  # type: ignore[arg-type]
    theirs = _sync(n, mode, opponent=opponent, player=player)
    assert ours.single_observation_space == theirs.single_observation_space
    assert ours.single_action_space == theirs.single_action_space
    assert ours.observation_space == theirs.observation_space and ours.action_space == theirs.action_space
    (obs, infos), (obs2, infos2) = ours.reset(seed=11), theirs.reset(seed=11)
    keys = ("action_mask", "player", "opponent_move")
    assert np.array_equal(obs, obs2)
    _same_infos(infos, infos2, keys)
    for _ in range(steps):
        actions = ours.sample_legal_actions(rng)
        actions[rng.random(n) < 0.05] = 7  # now and then off the board
        if mode == AutoresetMode.DISABLED:
            ended = ~infos["action_mask"].any(axis=1)
            if ended.any():
                (obs, infos), (obs2, infos2) = (
                    e.reset(options={"reset_mask": ended}) for e in (ours, theirs)
                )
                assert np.array_equal(obs, obs2)
                continue
        step, step2 = ours.step(actions), theirs.step(actions)
        for mine, have in zip(step[:4], step2[:4], strict=True):
            assert np.array_equal(mine, have)
        obs, infos, infos2 = step[0], step[4], step2[4]
        _same_infos(infos, infos2, (*keys, "illegal_move"))
        if mode == AutoresetMode.SAME_STEP and "_final_obs" in infos2:
            assert infos["_final_obs"].tolist() == infos2["_final_obs"].tolist()
            for i in np.flatnonzero(infos2["_final_obs"]):
                assert np.array_equal(infos["final_obs"][i], infos2["final_obs"][i])
    theirs.close()


@pytest.mark.parametrize("opponent", ["random", 2, 4])
def test_five_in_a_row_plays_the_same_trajectories_as_single_environments(opponent: object) -> None:
    # Each batched environment and its single Connect4Env, seeded alike, play the same
    # games of Connect 5 on 7 x 9: the bots play for five in a row in both.
    n, rng, board = 4, np.random.default_rng(5), {"width": 7, "height": 9, "inarow": 5}
    ours = VectorEnv(n, opponent=opponent, player="random", **board)  # type: ignore[arg-type]
    theirs = _sync(n, AutoresetMode.NEXT_STEP, opponent=opponent, player="random", **board)
    (obs, infos), (obs2, infos2) = ours.reset(seed=2), theirs.reset(seed=2)
    assert np.array_equal(obs, obs2)
    _same_infos(infos, infos2, ("action_mask", "player", "opponent_move"))
    for _ in range(60):
        actions = ours.sample_legal_actions(rng)
        step, step2 = ours.step(actions), theirs.step(actions)
        for mine, have in zip(step[:4], step2[:4], strict=True):
            assert np.array_equal(mine, have)
        _same_infos(step[4], step2[4], ("action_mask", "player", "opponent_move", "illegal_move"))
    theirs.close()


@pytest.mark.parametrize("options", [{}, {"opponent": "random", "player": "random"}])
def test_gymnasium_s_own_checks_that_apply_to_a_vector_environment(options: dict[str, object]) -> None:
    # env_checker's step checks assume one environment's scalar results; these do not.
    from gymnasium.utils import env_checker

    for check in (
        env_checker.check_reset_seed_determinism,
        env_checker.check_reset_return_type,
        env_checker.check_reset_options,
        env_checker.check_reset_return_info_deprecation,
    ):
        check(VectorEnv(4, **options))  # type: ignore[arg-type]
    env = VectorEnv(4, **options)  # type: ignore[arg-type]
    env_checker.check_space_limit(env.single_observation_space, "observation")
    env_checker.check_space_limit(env.single_action_space, "action")
    obs, _ = env.reset(seed=0)
    for _ in range(30):
        assert env.observation_space.contains(obs)
        actions = env.action_space.sample()
        assert env.action_space.contains(actions)
        obs, *_ = env.step(actions)


def test_gymnasium_s_episode_statistics_wrapper_counts_the_episodes() -> None:
    env = gymnasium.wrappers.vector.RecordEpisodeStatistics(VectorEnv(8, opponent="random"))
    env.reset(seed=0)
    rng, episodes = np.random.default_rng(0), 0
    for _ in range(60):
        *_, infos = env.step(env.unwrapped.sample_legal_actions(rng))  # type: ignore[attr-defined]
        if "episode" in infos:
            done = infos["_episode"]
            episodes += int(done.sum())
            assert set(infos["episode"]["r"][done].tolist()) <= {-1.0, 0.0, 1.0}
            assert (infos["episode"]["l"][done] >= 4).all()  # four agent moves at least to win
    assert episodes > 8


def test_reset_with_a_seed_replays_and_streams_go_on_otherwise() -> None:
    env = VectorEnv(16, opponent=4, player="random")

    def episode(seed: int | None) -> list[str]:
        env.reset(seed=seed)
        for _ in range(4):
            env.step(np.full(16, 3))
        return env.positions()

    first = episode(1)
    assert episode(1) == first and episode(2) != first
    assert VectorEnv(16, seed=1, opponent=4, player="random").reset()[1]["player"].tolist() == (
        env.reset(seed=1)[1]["player"].tolist()
    )
    assert episode(None) != first  # the streams went on


def test_threads_play_the_same_games() -> None:
    def games_with(threads: int) -> list[str]:
        env = VectorEnv(64, opponent=5, player="random", threads=threads, seed=4)
        env.reset()
        rng = np.random.default_rng(0)
        for _ in range(8):
            env.step(env.sample_legal_actions(rng))
        return env.positions()

    assert games_with(1) == games_with(2)


def test_self_play_shows_the_side_to_move_and_both_rewards() -> None:
    env = VectorEnv(1, seed=0)
    obs, infos = env.reset()
    for col, player in zip([3, 3, 2, 2, 1, 1], [2, 1, 2, 1, 2, 1], strict=True):
        obs, rewards, terminated, _, infos = env.step([col])
        assert infos["player"][0] == player and not terminated[0]
    assert obs[0, 5, 3].tolist() == [1, 0]  # red to move: its own first disc in plane 0
    obs, rewards, terminated, _, infos = env.step([0])  # red completes 1-2-3-4
    assert (rewards[0], terminated[0], infos["rewards"][0].tolist()) == (1.0, True, [1.0, -1.0])
    assert infos["player"][0] == 2 and obs[0, 5, :4, 1].tolist() == [1, 1, 1, 1]  # yellow's view
    obs, rewards, terminated, _, infos = env.step([5])  # the next episode; the action is not used
    assert (rewards[0], terminated[0], obs.sum(), env.positions()) == (0.0, False, 0, [""])
    env.step([0])
    for _ in range(6):
        env.step([0])  # column 1 fills; the 7th disc there is illegal for the side to move
    assert env.positions() == ["111111"]


def test_illegal_actions_end_the_episode_and_bad_arrays_are_refused() -> None:
    env = VectorEnv(6, seed=0)
    env.reset()
    big = np.array([-1, 7, 2**40, -(2**62), 3, 3], dtype=np.int64)
    _, rewards, terminated, _, infos = env.step(big)
    assert rewards.tolist() == [-1, -1, -1, -1, 0, 0] and terminated.tolist() == [True] * 4 + [False] * 2
    assert infos["illegal_move"].tolist() == [True] * 4 + [False] * 2
    assert infos["rewards"][:4].tolist() == [[-1.0, 0.0]] * 4  # the actor alone loses
    assert env.positions() == ["", "", "", "", "4", "4"]
    for floats in (np.full(6, 2.0), np.array([0, 1, 2, 3, 4, 1e300])):
        env.step(floats)
    env.step(np.full(6, 2**64 - 1, dtype=np.uint64))  # off the board: illegal
    for bad, error in (
        (np.zeros(5, dtype=np.int64), ValueError),
        (np.zeros((6, 1), dtype=np.int64), ValueError),
        (np.full(6, 2.5), ValueError),
        (np.array([np.nan] * 6), ValueError),
        (np.array(["1"] * 6), TypeError),
        (np.array([True] * 6), TypeError),
        ([object()] * 6, TypeError),
    ):
        before = env.positions()
        with pytest.raises(error):
            env.step(bad)
        assert env.positions() == before
    with pytest.raises(ValueError, match="reset_mask"):
        env.reset(options={"reset_mask": [True]})
    with pytest.raises(ValueError, match="unknown reset option"):
        env.reset(options={"mask": None})
    with pytest.raises(ValueError, match="seed"):
        env.reset(seed=-1)
    with pytest.raises(ValueError, match="one per environment"):
        env.reset(seed=[1, 2])


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"num_envs": 0}, "num_envs"),
        ({"opponent": "9"}, "unknown bot"),
        ({"opponent": 2.5}, "a bot is"),
        ({"opponent": None, "player": YELLOW}, "self-play"),
        ({"opponent": 1, "player": "blue"}, "player is RED"),
        ({"dtype": np.float32}, "dtype"),
        ({"autoreset_mode": "Sometimes"}, "Sometimes"),
        ({"width": 13}, "board"),
        ({"width": 12, "height": 10}, "at most 128"),
        ({"threads": 0}, "threads"),
        ({"opening_plies": 7}, "opening_plies must be an int from 0 to 6, not 7"),
        ({"opening_plies": True}, "opening_plies must be an int from 0 to 6, not True"),
    ],
)
def test_bad_options_are_refused(options: dict[str, object], message: str) -> None:
    num_envs = options.pop("num_envs", 2)
    with pytest.raises((ValueError, TypeError), match=message):
        VectorEnv(num_envs, **options)  # type: ignore[arg-type]


def test_positions_write_the_columns_past_the_ninth_as_letters() -> None:
    env = VectorEnv(2, width=12, height=4, seed=0)
    env.reset()
    for action in ([9, 11], [10, 0], [11, 9]):
        env.step(action)
    assert env.positions() == ["abc", "c1a"]
    assert [g.move_list for g in env.games()] == [[9, 10, 11], [11, 0, 9]]
    assert positions(env) == env.positions()


def test_openings_are_uniform_random_moves_replayed_by_the_seed() -> None:
    env = VectorEnv(3000, seed=9, opening_plies=2, opponent="random", player=YELLOW)
    env.reset()
    first = env.positions()
    openings = [p[:2] for p in first]
    # Yellow's agent: red's reply to the opening is the bot's, and it is yellow's turn.
    assert all(len(p) == 3 for p in first)
    counts = np.bincount([int(o[0]) - 1 for o in openings], minlength=7)
    assert counts.min() > 3000 / 7 * 0.8 and counts.max() < 3000 / 7 * 1.2  # about 429 each
    assert len(set(openings)) == 49  # every pair of columns
    again = VectorEnv(3000, seed=9, opening_plies=2, opponent="random", player=YELLOW)
    again.reset()
    assert again.positions() == first
    history = env.history()
    assert (history.opponent_scores[:, :2] == NO_SCORE).all()
    env.reset(seed=10)
    assert [p[:2] for p in env.positions()] != openings


def test_disabled_autoreset_keeps_an_ended_episode_until_it_is_reset() -> None:
    env = VectorEnv(2, seed=0, autoreset_mode=AutoresetMode.DISABLED)
    env.reset()
    env.step([7, 3])
    _, rewards, terminated, _, infos = env.step([3, 3])
    assert rewards.tolist() == [0.0, 0.0] and terminated.tolist() == [True, False]
    assert env.positions() == ["", "44"] and infos["action_mask"][0].sum() == 0
    env.reset(options={"reset_mask": np.array([True, False])})
    assert env.positions() == ["", "44"] and env.action_masks()[0].sum() == 7


def test_copy_false_hands_out_the_buffer() -> None:
    env = VectorEnv(2, seed=0, copy=False)
    obs, _ = env.reset()
    obs2, *_ = env.step([0, 1])
    assert obs2 is obs and obs.sum() == 2
    copied = VectorEnv(2, seed=0)
    a, _ = copied.reset()
    b, *_ = copied.step([0, 1])
    assert a is not b and a.sum() == 0


def test_history_positions_and_the_perfect_bot_s_scores() -> None:
    env = VectorEnv(8, opponent="perfect", player=YELLOW, seed=2)
    env.reset()
    rng = np.random.default_rng(1)
    for _ in range(6):
        env.step(env.sample_legal_actions(rng))
    history, solver = env.history(), Solver(table_mb=16)
    assert history.players is not None and set(history.players.tolist()) == {2}
    for row, scores, moves, game in zip(
        history.moves, history.opponent_scores, env.positions(), env.games(), strict=True
    ):
        assert "".join(str(c + 1) for c in row if c >= 0) == moves == game.moves
        known = [p for p in range(len(moves)) if scores[p] != NO_SCORE]
        assert known and all(p % 2 == 0 for p in known)  # the bot moves at even plies
        for p in known:
            assert scores[p] == solver.solve(moves[:p])
    assert games(env) == env.games() and positions(env) == env.positions()


def test_games_from_observations_of_any_environment() -> None:
    env = VectorEnv(3, seed=0)
    obs, _ = env.reset()
    for _ in range(5):
        obs, *_ = env.step(env.sample_legal_actions(1))
    boards = [g.to_board() for g in games(obs)]
    assert boards == [g.to_board() for g in env.games()]
    assert len(positions(obs[0])) == 1
    with pytest.raises(ValueError, match="observations of shape"):
        games(np.zeros((3, 6, 7)))


def test_the_perfect_batch_bot_plays_best_moves() -> None:
    env = VectorEnv(12, seed=9)
    env.reset()
    rng = np.random.default_rng(2)
    for _ in range(12):
        env.step(env.sample_legal_actions(rng))
    moves = BatchBot("perfect", 12, seed=0, threads=2).choose(env)
    solver = Solver(table_mb=16)
    for game, move in zip(env.games(), moves.tolist(), strict=True):
        if game.is_over():
            assert move == -1
            continue
        values = solver.analyze(game)
        assert values[move] == max(v for v in values if v is not None)


@pytest.mark.parametrize("bot", ["2", "3", "4", "5", "6", "7"])  # level 1 sees only half of them
def test_every_level_takes_a_win_in_one(bot: str) -> None:
    env = VectorEnv(2, seed=0)
    env.reset()
    for cols in ([0, 6], [1, 6], [0, 5], [1, 5], [0, 4], [1, 4]):
        env.step(cols)
    # Red to move: column 1 wins in env 0 (three stacked), column 4 in env 1 (5-6-7).
    assert BatchBot(bot, 2, seed=0).choose(env).tolist() == [0, 3]


def test_bots_are_checked() -> None:
    with pytest.raises(ValueError, match="nodes is a budget of the perfect player"):
        Bot("3", nodes=5)
    with pytest.raises(ValueError, match="nodes must be a positive int"):
        Bot("perfect", nodes=0)
    with pytest.raises(ValueError, match="plays 3 environments, not 2"):
        BatchBot("random", 3).choose(VectorEnv(2))
    with pytest.raises(ValueError, match="threads must be an int from 1"):
        BatchBot("random", 3, threads=0)
    with pytest.raises(BoardSizeError):
        BatchBot("random", 3, width=3)
    assert repr(Bot("perfect", nodes=10)) == "Bot('perfect', nodes=10)"


def test_the_planes_are_game_to_planes_for_every_supported_board() -> None:
    for width, height in ((4, 4), (7, 6), (9, 5), (7, 9), (9, 12), (10, 6), (12, 9), (9, 13)):
        env = VectorEnv(1, seed=width * height, width=width, height=height)
        obs, _ = env.reset()
        for _ in range(width * height // 2):
            game = env.games()[0]
            np.testing.assert_array_equal(obs[0], game.to_planes())
            obs, _, terminated, *_ = env.step(env.sample_legal_actions(0))
            if terminated[0]:
                break
