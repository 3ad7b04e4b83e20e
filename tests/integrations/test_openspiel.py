"""link4 and OpenSpiel: positions from states, and link4.openspiel.Bot against MCTS."""

from __future__ import annotations

import pytest

import link4
from link4 import Game

pyspiel = pytest.importorskip("pyspiel")  # no OpenSpiel wheels on some platforms
np = pytest.importorskip("numpy")

from open_spiel.python.algorithms import evaluate_bots, mcts  # noqa: E402

from link4.openspiel import Bot, state_of  # noqa: E402

CONNECT_FOUR = pyspiel.load_game("connect_four")


def random_state(seed: int, plies: int) -> pyspiel.State:
    rng = np.random.default_rng(seed)
    state = CONNECT_FOUR.new_initial_state()
    while not state.is_terminal() and len(state.history()) < plies:
        state.apply_action(int(rng.choice(state.legal_actions())))
    return state


@pytest.mark.parametrize("seed", range(20))
def test_from_openspiel_keeps_the_order_of_play(seed: int) -> None:
    state = random_state(seed, plies=42)
    game = Game.from_openspiel(state)
    assert game.move_list == state.history()
    assert game == Game(state.history())
    assert game.is_over() and state.is_terminal()
    outcome = game.outcome()
    assert outcome is not None
    assert outcome.reward(link4.RED) == state.returns()[0]
    assert outcome.reward(link4.YELLOW) == state.returns()[1]


def test_state_of_is_the_way_back() -> None:
    for seed in range(5):
        state = random_state(seed, plies=12)
        assert str(state_of(Game.from_openspiel(state))) == str(state)
    assert state_of("4453").history() == [3, 3, 4, 2]


def test_from_openspiel_refuses_other_games() -> None:
    with pytest.raises(ValueError, match="connect_four is needed, not of tic_tac_toe"):
        Game.from_openspiel(pyspiel.load_game("tic_tac_toe").new_initial_state())
    seven = pyspiel.load_game("connect_four(x_in_row=7)").new_initial_state()
    with pytest.raises(link4.InarowError, match="link4 plays 3 to 6 in a row, not 7"):
        Game.from_openspiel(seven)


def test_from_openspiel_keeps_the_board_size() -> None:
    state = pyspiel.load_game("connect_four(rows=5,columns=8)").new_initial_state()
    for action in (7, 7, 0):
        state.apply_action(action)
    game = Game.from_openspiel(state)
    assert (game.width, game.height) == (8, 5)
    assert game == Game("881", width=8, height=5)


def test_bot_is_a_pyspiel_bot() -> None:
    bot = Bot(level=7, seed=0)
    assert isinstance(bot, pyspiel.Bot)
    state = state_of("121212")
    move = bot.step(state)
    assert move == 0 and type(move) is int
    assert repr(bot) == "<link4.openspiel.Bot Engine(level=7, seed=0)>"
    state.apply_action(move)
    with pytest.raises(ValueError, match="the OpenSpiel state is terminal"):
        bot.step(state)


def mcts_bot(seed: int) -> mcts.MCTSBot:
    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    return mcts.MCTSBot(CONNECT_FOUR, uct_c=2, max_simulations=500, evaluator=evaluator, random_state=rng)


# Positions with 15 discs (from the benchmark sets), yellow to move, and their exact
# scores: in a few milliseconds the perfect level knows every move's value.
STARTS = [("274552224131661", 0), ("214644735611711", 4), ("555317266147361", -1)]


@pytest.mark.parametrize(
    ("moves", "score", "bot_moves_first"),
    [
        pytest.param(*STARTS[0], True, id="drawn-bot-to-move"),
        pytest.param(*STARTS[0], False, id="drawn-mcts-to-move"),
        pytest.param(*STARTS[1], True, id="won-bot-to-move"),
        pytest.param(*STARTS[2], False, id="won-mcts-to-move"),
    ],
)
def test_bot_never_loses_a_won_or_drawn_start_against_mcts(
    moves: str, score: int, bot_moves_first: bool
) -> None:
    assert link4.solve(moves) == score
    state = state_of(moves)
    mover = state.current_player()
    bot_player = mover if bot_moves_first else 1 - mover
    bots = [mcts_bot(len(moves)), mcts_bot(len(moves))]
    bots[bot_player] = Bot(level="perfect", seed=0)
    returns = evaluate_bots.evaluate_bots(state, bots, np.random.RandomState(0))
    assert returns[bot_player] >= 0  # never a loss
    if score != 0:  # these starts are won for the bot: it keeps the win
        assert returns[bot_player] == 1
