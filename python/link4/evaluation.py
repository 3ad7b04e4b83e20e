"""link4.evaluate: how well a policy plays, measured against a bot and judged exactly.

The policy plays ``games`` games against the opponent (half as red, half as yellow),
all at once in a :class:`link4.vector.VectorEnv`. Then every move it made is judged by
the exact scores of the positions before and after it: a *perfect* move keeps the exact
score (it is among the solver's best), a *blunder* changes the theoretical result (a
win given away, a draw lost). Scores come free from the perfect opponent's own searches
where it made them (:meth:`link4.vector.VectorEnv.history`); the others are solved with
the book and the solver on every core. Needs ``pip install "link4[vector]"``.
"""

from __future__ import annotations

import inspect
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from link4 import _core
from link4._intervals import cluster_bootstrap, wilson
from link4._seeding import system_seed
from link4.batch import solve_many
from link4.game import HEIGHT, WIDTH, Game, Player
from link4.performance import AgentRating, GamesAgainst, nearest_rated, performance, unrated_because
from link4.players import BatchBot, Bot, BotLike, as_bot
from link4.ratings import LADDER_BOARD, LADDER_OPENING_PLIES, RATINGS
from link4.rules import INAROW, check_inarow, check_size
from link4.score import win_score
from link4.vector.env import NO_SCORE, EpisodeHistory, VectorEnv

__all__ = ["LADDER", "Evaluation", "Rate", "Record", "evaluate"]

LADDER = "ladder"
"""The ``opponent`` that plays the agent against the rated players nearest its strength."""
_ROUNDS = 4  # of the ladder's games: each against the player nearest the rating so far

BatchPolicy = Callable[[npt.NDArray[Any], npt.NDArray[np.int8]], Any]
GamePolicy = Callable[[Game], int]


@dataclass(frozen=True)
class Record:
    """The results of the games played as one side, from the policy's view.

    >>> record = Record(wins=6, draws=3, losses=1)
    >>> record.games, [round(x, 2) for x in record.interval(record.wins)]
    (10, [0.31, 0.83])

    Args:
        wins: The games the policy won.
        draws: The games drawn.
        losses: The games the policy lost.
    """

    wins: int
    draws: int
    losses: int

    @property
    def games(self) -> int:
        """The number of games: wins, draws and losses."""
        return self.wins + self.draws + self.losses

    def interval(self, count: int) -> tuple[float, float]:
        """The 95 % Wilson interval for the fraction ``count / games``.

        Args:
            count: The games counted, e.g. ``wins``.

        Returns:
            The interval's low and high ends, fractions from 0 to 1 ((0, 1) for no
            games).
        """
        return wilson(count, self.games)


@dataclass(frozen=True)
class Rate:
    """A fraction of the policy's moves with its 95 % interval (resampling games).

    >>> rate = Rate(count=45, total=60, low=0.68, high=0.82)
    >>> rate.value, str(rate)
    (0.75, '75.0 % [68.0, 82.0]')

    Args:
        count: The moves counted (the perfect ones, say).
        total: The moves judged.
        low: The low end of the 95 % interval, a fraction.
        high: The high end of the 95 % interval, a fraction.
    """

    count: int
    total: int
    low: float
    high: float

    @property
    def value(self) -> float:
        """The fraction ``count / total`` (0 when no move was judged)."""
        return self.count / self.total if self.total else 0.0

    def __str__(self) -> str:
        return f"{100 * self.value:.1f} % [{100 * self.low:.1f}, {100 * self.high:.1f}]"


@dataclass(frozen=True)
class Evaluation:
    """What :func:`link4.evaluate` measured.

    ``str()`` gives a table of the results. There is no example here: making one plays
    and judges games, which takes more than a fraction of a second (see
    :func:`~link4.evaluate`'s).

    Args:
        agent: The policy's name.
        opponent: The opponent's name.
        as_red: The results of the games the policy played as red.
        as_yellow: The results of the games the policy played as yellow.
        moves: The policy's moves judged.
        perfect: Those that kept the exact score.
        blunders: Those that changed the theoretical result.
        illegal: Illegal actions (each a lost game and a blunder unless the game was
            lost anyway).
        seconds: The time the evaluation took.
        records: Each game's moves (a move string), the games with the policy as red
            first.
        rating: The policy's rating on the levels' ladder (:mod:`link4.performance`),
            from its points against the opponents; None when the ladder does not rate
            the games: another board than 7 x 6, a perfect player with a node budget,
            or other openings than the ladder's.
        unrated: Why there is no rating, in words ("" when there is one).
        opening_plies: The random moves each game opened with.
    """

    agent: str
    opponent: str
    as_red: Record
    as_yellow: Record
    moves: int
    perfect: Rate
    blunders: Rate
    illegal: int
    seconds: float
    records: tuple[str, ...] = ()
    rating: AgentRating | None = None
    unrated: str = ""
    opening_plies: int = 0

    @property
    def games(self) -> int:
        """The number of games played, as red and as yellow."""
        return self.as_red.games + self.as_yellow.games

    @property
    def points(self) -> float:
        """The policy's points: a win is one, a draw a half."""
        return sum(r.wins + r.draws / 2 for r in (self.as_red, self.as_yellow))

    def to_dict(self, *, records: bool = False) -> dict[str, Any]:
        """Everything as plain values (for JSON).

        Args:
            records: Whether to include the game records.

        Returns:
            The fields as a dict of plain values (the records and rates as dicts of
            their own), with ``games`` added.
        """
        values = {**asdict(self), "games": self.games}
        if not records:
            del values["records"]
        return values

    def __str__(self) -> str:
        openings = f", each from {self.opening_plies} random moves" if self.opening_plies else ""
        played = f"{self.games} games{openings} in {self.seconds:.1f} s"
        lines = [f"{self.agent} against {self.opponent}: {played}"]
        lines.append(f"{'':<10}{'games':>7}{'wins':>7}{'draws':>7}{'losses':>7}   win rate [95 %]")
        for side, r in (("as red", self.as_red), ("as yellow", self.as_yellow)):
            low, high = r.interval(r.wins)
            rate = r.wins / r.games if r.games else 0.0
            lines.append(
                f"{side:<10}{r.games:>7}{r.wins:>7}{r.draws:>7}{r.losses:>7}"
                f"   {100 * rate:.1f} % [{100 * low:.1f}, {100 * high:.1f}]"
            )
        lines.append(f"moves judged: {self.moves} (illegal: {self.illegal})")
        if self.illegal == self.moves:  # each game ended at the policy's first action
            lines.append("perfect moves: none: the agent made no legal move")
        else:
            lines.append(f"perfect moves: {self.perfect}")
        lines.append(f"blunders:      {self.blunders}")
        if self.rating is not None:
            lines.append(f"rating:        {self.rating} (95 %)")
        else:
            lines.append(f"rating:        none: {self.unrated}")
        return "\n".join(lines)


class _Agent:
    """A policy of any kind, asked for every environment's action at once."""

    def __init__(self, policy: object, env: VectorEnv, seed: int, threads: int) -> None:
        self.bot: BatchBot | None = None
        self.batch: BatchPolicy | None = None
        self.per_game: GamePolicy | None = None
        if isinstance(policy, (Bot, str, int)):
            self.bot = BatchBot(
                policy, env.num_envs, seed=seed, threads=threads, width=env.width, height=env.height,
                inarow=env.inarow,
            )
        elif callable(getattr(policy, "choose", None)):
            self.per_game = policy.choose  # type: ignore[attr-defined]
        elif callable(policy):
            if _positional_parameters(policy) >= 2:
                self.batch = policy
            else:
                self.per_game = policy
        else:
            raise TypeError(
                f"a policy is a function, a player with choose() or a bot, not {type(policy).__name__}"
            )

    def actions(self, env: VectorEnv, obs: npt.NDArray[Any], masks: npt.NDArray[np.int8]) -> Any:
        if self.bot is not None:
            return self.bot.choose(env)
        if self.batch is not None:
            return self.batch(obs, masks)
        assert self.per_game is not None
        actions = np.zeros(env.num_envs, dtype=np.int64)
        for i, game in enumerate(env.games()):
            if masks[i].any():
                actions[i] = self.per_game(game)
        return actions


def _positional_parameters(policy: Callable[..., Any]) -> int:
    try:
        parameters = inspect.signature(policy).parameters.values()
    except (TypeError, ValueError):
        return 1
    kinds = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
    return sum(p.kind in kinds and p.default is inspect.Parameter.empty for p in parameters)


def _name(policy: object) -> str:
    if isinstance(policy, (Bot, str, int)):
        bot = as_bot(policy)
        return (
            "random" if bot.name == "random" else f"level {bot.name}" if bot.name != "perfect" else str(bot)
        )
    return getattr(policy, "__qualname__", None) or repr(policy)


@dataclass
class _Played:
    """One side's games: each environment's game and how it ended for the policy."""

    history: EpisodeHistory
    games: list[str]  # the move strings of history.moves
    rewards: npt.NDArray[np.float64]
    illegal: npt.NDArray[np.bool_]
    side: int  # 0: the policy played red
    bot: Bot  # the opponent


def _play(agent: _Agent, env: VectorEnv, side: int, bot: Bot) -> _Played:
    """Plays one game in every environment of ``env`` (autoreset disabled)."""
    obs, infos = env.reset()
    n = env.num_envs
    over = np.zeros(n, dtype=np.bool_)
    rewards, illegal = np.zeros(n), np.zeros(n, dtype=np.bool_)
    while not over.all():
        obs, reward, terminated, _, infos = env.step(agent.actions(env, obs, infos["action_mask"]))
        ended = terminated & ~over
        rewards[ended], illegal[ended] = reward[ended], infos["illegal_move"][ended]
        over |= terminated
    return _Played(env.history(), env.positions(), rewards, illegal, side, bot)


@dataclass
class _Judged:
    """Per game: the policy's moves judged, how many were perfect, how many blunders."""

    moves: list[int]
    perfect: list[int]
    blunders: list[int]
    records: list[str]
    illegal: int = 0


def _sign(score: int) -> int:
    return (score > 0) - (score < 0)


def _judge(played: list[_Played], board: _Board) -> _Judged:
    """Every move of the policy, judged by the exact scores before and after it."""
    width, height, threads = board.width, board.height, board.threads
    game_of = {"width": width, "height": height, "inarow": board.inarow}
    # First pass: each move's scores where the opponent's searches give them, else the
    # positions to solve (move strings; the agent's view is the negated child's score).
    decisions: list[tuple[int, int | str, int | str | None]] = []  # game, before, after
    unknown: set[str] = set()

    def value(moves: str, scores: npt.NDArray[np.int8], ply: int, negate: bool) -> int | str:
        known = int(scores[ply]) if ply >= 0 else NO_SCORE
        if known != NO_SCORE:
            return -known if negate else known
        unknown.add(moves)
        return moves

    game, records = 0, []
    for side in played:
        for moves, scores, reward, illegal in zip(
            side.games, side.history.opponent_scores, side.rewards, side.illegal, strict=True
        ):
            records.append(moves)
            length = len(moves)
            # The opening's random moves are not the policy's.
            first_own = board.opening_plies + (side.side - board.opening_plies) % 2
            for ply in range(first_own, length + bool(illegal), 2):
                before = (
                    value(moves[:ply], scores, ply - 1, negate=True) if ply else value("", scores, -1, False)
                )
                after: int | str | None
                if ply == length:  # the illegal action
                    after = None
                elif ply == length - 1:  # the move ended the game: a win or a full board
                    after = win_score(ply + 1, width=width, height=height) if reward > 0 else 0
                else:
                    after = value(moves[: ply + 1], scores, ply + 1, negate=True)
                decisions.append((game, before, after))
            game += 1
    ordered = sorted(unknown)
    solved = dict(
        zip(
            ordered,
            solve_many([Game(m, **game_of) for m in ordered], threads=threads),
            strict=True,
        )
    )
    judged = _Judged([0] * game, [0] * game, [0] * game, records)
    for g, before, after in decisions:
        b = solved[before] if isinstance(before, str) else before
        if after is None:
            judged.illegal += 1
            perfect, blunder = False, _sign(b) >= 0
        else:
            a = -solved[after] if isinstance(after, str) else after
            perfect, blunder = a == b, _sign(a) < _sign(b)
        judged.moves[g] += 1
        judged.perfect[g] += perfect
        judged.blunders[g] += blunder
    return judged


def evaluate(
    policy: BatchPolicy | GamePolicy | BotLike | Any,
    *,
    games: int = 1000,
    opponent: BotLike = "perfect",
    seed: int | None = None,
    threads: int | None = None,
    width: int = WIDTH,
    height: int = HEIGHT,
    inarow: int = INAROW,
    opening_plies: int | None = None,
) -> Evaluation:
    """Play ``policy`` against ``opponent`` and judge every move it made exactly.

    The first half of the games have the policy as red. ``seed`` makes the run
    reproducible (for a policy that is). Games played as the levels' ladder plays
    them (from four random opening moves, each opening with both colours) against a
    player it rates give the policy's rating on it (``rating``); ``opponent="ladder"``
    plays them so, in rounds, each against the rated player nearest the policy's rating
    so far, which gives the sharpest rating for the games.

    >>> result = evaluate("random", games=20, opponent="1", seed=0)
    >>> result.games, result.as_red.games, result.as_yellow.games
    (20, 10, 10)
    >>> 0 < result.perfect.value < 1 and result.blunders.count <= result.moves
    True

    Args:
        policy: A batch function ``policy(observations, action_masks) -> actions`` (the
            arrays of a :class:`link4.vector.VectorEnv`; masks are all zero where a game
            is over, and those actions are not used), a function ``policy(game) ->
            column`` or an object with ``choose(game)`` (a :class:`link4.Engine`, your
            own player), or a bot (its moves computed in C++).
        games: The number of games, 1 or more.
        opponent: A bot: ``"perfect"`` by default, ``"random"``, a level 1 to 8, a
            :class:`link4.players.Bot`; or ``"ladder"`` (:data:`~link4.evaluation.LADDER`, 7 x 6 only):
            the rated players nearest the policy's strength, in rounds.
        seed: The seed of the environments, the bots and the intervals' resampling;
            None: from the system.
        threads: The threads that run the bots and the solver (None: every core).
        width: The board's columns.
        height: The board's rows.
        inarow: The line that wins (3 to 6 in a row, one that fits the board); the
            ladder rates four in a row only.
        opening_plies: Each game opens with this many uniformly random moves (0 to 6;
            4 with three in a row, so that no opening ends a game),
            each opening played twice, the policy red in one and yellow in the other;
            they are not the policy's and are not judged. None: the ladder's
            (:data:`link4.ratings.LADDER_OPENING_PLIES`, 4) against ``"ladder"``, else
            none (the games start from the empty board). A rating needs the ladder's.

    Returns:
        The games' results, the rates of perfect moves and blunders, and the records.

    Raises:
        ValueError: ``games`` is not a positive int, ``threads`` is out of range,
            ``seed`` is negative, ``opponent`` names no bot (or is the ladder on another
            game than 7 x 6 with four in a row, or with other openings than the
            ladder's), ``opening_plies`` is out of range, or the policy's actions are
            not one whole number per environment.
        TypeError: ``policy`` is none of the kinds above, ``opponent`` is of a type that
            names no bot, the policy's actions are not numbers, or ``width``,
            ``height`` or ``inarow`` is not an int.
        link4.BoardSizeError: The board is of a size link4 does not play.
        link4.InarowError: ``inarow`` is a line link4 does not play on that board.
    """
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"games must be a positive int, not {games!r}")
    width, height = check_size(width, height)
    inarow = check_inarow(inarow, width, height)
    from link4._request import thread_count
    from link4._seeding import seed_value

    threads = thread_count(threads)
    # Environment i of a batch seeded with s is seeded with s + i: mixed first, the
    # seeds of two runs (0 and 1, say) share no environment's games.
    base = _core.Stream.seeded(system_seed() if seed is None else seed_value(seed)).next()
    climbing = isinstance(opponent, str) and opponent.strip().lower() == LADDER
    if climbing and (width, height) != LADDER_BOARD:
        ladder = f"{LADDER_BOARD[0]}x{LADDER_BOARD[1]}"
        raise ValueError(f"the ladder is measured on {ladder}, not {width}x{height}")
    if climbing and inarow != INAROW:
        raise ValueError(f"the ladder is measured with {INAROW} in a row, not {inarow}")
    if opening_plies is None:
        opening_plies = LADDER_OPENING_PLIES if climbing else 0
    if climbing and opening_plies != LADDER_OPENING_PLIES:
        raise ValueError(
            f"the ladder's games open with {LADDER_OPENING_PLIES} random moves, not {opening_plies!r}"
        )
    started = time.perf_counter()
    board = _Board(width, height, inarow, threads, games, opening_plies)
    if climbing:
        played, met = _climb(policy, games, base, board)
        name = "the ladder (" + ", ".join(_name(b) for b in met) + ")"
    else:
        bot = as_bot(opponent)
        played, met, name = _games_against(policy, bot, games, base, 0, board), [bot], _name(bot)
    judged = _judge(played, board)
    moves, perfect, blunders = (
        np.array(x, dtype=np.int64) for x in (judged.moves, judged.perfect, judged.blunders)
    )
    as_red, as_yellow = (_record([p for p in played if p.side == side]) for side in (0, 1))
    unrated = unrated_because(met[0].name, nodes=met[0].nodes, board=(width, height),
                              opening_plies=opening_plies, inarow=inarow)
    rating = None if unrated else performance(_results(played, met))
    return Evaluation(
        agent=_name(policy),
        opponent=name,
        as_red=as_red,
        as_yellow=as_yellow,
        moves=int(moves.sum()),
        perfect=Rate(int(perfect.sum()), int(moves.sum()), *cluster_bootstrap(perfect, moves, base)),
        blunders=Rate(int(blunders.sum()), int(moves.sum()), *cluster_bootstrap(blunders, moves, base ^ 1)),
        illegal=judged.illegal,
        seconds=time.perf_counter() - started,
        records=tuple(judged.records),
        rating=rating,
        unrated=unrated or "",
        opening_plies=opening_plies,
    )


@dataclass(frozen=True)
class _Board:
    """Where and how the games are played: the board and its line, the threads, the
    games in all, the random moves each opens with."""

    width: int
    height: int
    inarow: int
    threads: int
    games: int
    opening_plies: int


def _games_against(
    policy: object, bot: Bot, games: int, base: int, offset: int, board: _Board
) -> list[_Played]:
    # Games against the bot, the first half with the policy as red; the environments'
    # seeds start at base + offset. With openings, environment i of each half has the
    # same seed, and so the same opening: each opening is played with both colours.
    from gymnasium.vector import AutoresetMode

    played = []
    first = (games + 1) // 2
    second = offset if board.opening_plies else offset + first
    for side, count, start in ((0, first, offset), (1, games - first, second)):
        if not count:
            continue
        env = VectorEnv(
            count,
            opponent=bot,
            player=Player.RED if side == 0 else Player.YELLOW,
            seed=base + start,
            threads=board.threads,
            autoreset_mode=AutoresetMode.DISABLED,
            width=board.width,
            height=board.height,
            inarow=board.inarow,
            opening_plies=board.opening_plies,
        )
        agent = _Agent(policy, env, seed=base + board.games + start, threads=board.threads)
        played.append(_play(agent, env, side, bot))
    return played


def _climb(policy: object, games: int, base: int, board: _Board) -> tuple[list[_Played], list[Bot]]:
    # The games of opponent="ladder": in rounds, each against the rated player nearest
    # the agent's rating so far (link4.performance.nearest_rated).
    rounds = min(_ROUNDS, max(1, games // 2))
    played: list[_Played] = []
    met: list[Bot] = []
    done = 0
    for k in range(rounds):
        count = (games - done) // (rounds - k)
        so_far = performance(_results(played, met)) if played else None
        bot = Bot(nearest_rated(so_far))
        if bot not in met:
            met.append(bot)
        played += _games_against(policy, bot, count, base, done, board)
        done += count
    return played, met


def _results(played: list[_Played], met: list[Bot]) -> list[GamesAgainst]:
    # The policy's points against each bot it met.
    results = []
    for bot in met:
        rewards = np.concatenate([p.rewards for p in played if p.bot == bot])
        points = float((rewards > 0).sum() + 0.5 * (rewards == 0).sum())
        results.append(GamesAgainst(bot.name, RATINGS[bot.name], points, len(rewards)))
    return results


def _record(played: list[_Played]) -> Record:
    r = np.concatenate([p.rewards for p in played]) if played else np.zeros(0)
    return Record(int((r > 0).sum()), int((r == 0).sum()), int((r < 0).sum()))
