"""Game against a small pure-Python model of the rules, driven by a hypothesis state machine.

The model keeps the columns as lists of discs and finds fours by looking at every line
of four cells; nothing in it comes from link4. The machine plays, refuses, undoes,
copies, pickles and rebuilds games from their boards, and after every step checks that
Game and the model agree on everything Game shows.
"""

from __future__ import annotations

import copy
import pickle

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    Bundle,
    RuleBasedStateMachine,
    consumes,
    initialize,
    invariant,
    rule,
)

import link4
from link4 import Game, GameOverError, IllegalMoveError

W, H = 7, 6
RED, YELLOW = 1, 2
# Every line of four cells as (column, row) pairs, row 0 at the bottom.
LINES = [
    [(c + i * dc, r + i * dr) for i in range(4)]
    for c in range(W)
    for r in range(H)
    for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1))
    if 0 <= c + 3 * dc < W and 0 <= r + 3 * dr < H
]


class Model:
    """The rules of Connect Four, written plainly."""

    def __init__(self) -> None:
        self.columns: list[list[int]] = [[] for _ in range(W)]
        self.history: list[int] = []

    def clone(self) -> Model:
        m = Model()
        m.columns = [list(c) for c in self.columns]
        m.history = list(self.history)
        return m

    def cell(self, col: int, row: int) -> int:
        column = self.columns[col]
        return column[row] if row < len(column) else 0

    def winner(self) -> int | None:
        for line in LINES:
            owners = {self.cell(c, r) for c, r in line}
            if len(owners) == 1 and 0 not in owners:
                return owners.pop()
        return None

    def full(self) -> bool:
        return len(self.history) == W * H

    def over(self) -> bool:
        return self.winner() is not None or self.full()

    def mover(self) -> int:
        return RED if len(self.history) % 2 == 0 else YELLOW

    def legal(self) -> list[int]:
        return [] if self.over() else [c for c in range(W) if len(self.columns[c]) < H]

    def play(self, col: int) -> None:
        self.columns[col].append(self.mover())
        self.history.append(col)

    def undo(self) -> int:
        col = self.history.pop()
        self.columns[col].pop()
        return col

    def board(self) -> list[list[int]]:
        return [[self.cell(c, r) for c in range(W)] for r in reversed(range(H))]

    def moves(self) -> str:
        return "".join(str(c + 1) for c in self.history)


class GameMachine(RuleBasedStateMachine):
    """One Game and its model, plus saved copies of both to compare and come back to."""

    saved = Bundle("saved")

    @initialize(start=st.lists(st.integers(0, W - 1), max_size=12))
    def start(self, start: list[int]) -> None:
        self.model = Model()
        for col in start:  # a legal prefix of the drawn columns
            if col in self.model.legal():
                self.model.play(col)
        self.game = Game(self.model.moves())

    @rule(col=st.integers(0, W - 1))
    def play(self, col: int) -> None:
        before = self.game.copy()
        if col in self.model.legal():
            assert self.game.is_legal(col)
            winning = self.game.is_winning_move(col)
            self.game.play(col)
            self.model.play(col)
            assert winning == (self.model.winner() is not None)
            return
        expected = GameOverError if self.model.over() else IllegalMoveError
        try:
            self.game.play(col)
        except IllegalMoveError as e:
            assert type(e) is expected, (e, self.model.moves())
            assert "over" in str(e) if expected is GameOverError else "full" in str(e)
        else:
            raise AssertionError(f"column {col} was accepted after {self.model.moves()!r}")
        assert self.game == before and self.game.moves == before.moves

    @rule(col=st.sampled_from([-1, W, 10**30, -(10**30)]))
    def play_off_the_board(self, col: int) -> None:
        try:
            self.game.play(col)
        except IllegalMoveError as e:
            assert "outside the board" in str(e)
        else:
            raise AssertionError(f"column {col} was accepted")

    @rule()
    def undo(self) -> None:
        if self.model.history:
            assert self.game.undo() == self.model.undo()
        else:
            try:
                self.game.undo()
            except IndexError:
                pass
            else:
                raise AssertionError("undo on the empty board did not raise")

    @rule(target=saved)
    def save(self) -> tuple[Game, Model]:
        return self.game.copy(), self.model.clone()

    @rule(target=saved, how=st.sampled_from(["pickle", "copy", "deepcopy", "moves", "board"]))
    def duplicate(self, how: str) -> tuple[Game, Model]:
        if how == "pickle":
            twin = pickle.loads(pickle.dumps(self.game))
        elif how == "copy":
            twin = copy.copy(self.game)
        elif how == "deepcopy":
            twin = copy.deepcopy(self.game)
        elif how == "moves":
            twin = Game(self.game.moves)
        else:
            twin = Game.from_board(self.game.to_board())
        assert twin == self.game and hash(twin) == hash(self.game)
        assert twin.to_board() == self.game.to_board()
        if how != "board":  # a board keeps no history; the others keep it exactly
            assert twin.moves == self.game.moves
        assert twin is not self.game
        return twin, self.model.clone()

    @rule(pair=saved)
    def compare(self, pair: tuple[Game, Model]) -> None:
        other, model = pair
        assert (other == self.game) == (model.board() == self.model.board())
        assert (other != self.game) == (model.board() != self.model.board())
        assert other.to_board() == model.board()  # untouched by what happened since

    @rule(pair=consumes(saved))
    def resume(self, pair: tuple[Game, Model]) -> None:
        """Carry on from a saved game: the copy is independent of the game it came from."""
        self.game, self.model = pair
        # The board-built twin's history is one order of play reaching the board.
        self.model.history = [int(ch) - 1 for ch in self.game.moves]

    @rule(pair=saved)
    def diverge(self, pair: tuple[Game, Model]) -> None:
        """Playing on a copy leaves the original alone."""
        other, model = pair
        legal = model.legal()
        if legal:
            twin = other.copy()
            twin.play(legal[0])
            assert other.to_board() == model.board()
            assert twin != other

    @invariant()
    def agrees_with_the_model(self) -> None:
        g, m = self.game, self.model
        assert g.to_board() == m.board()
        assert g.moves == m.moves() and g.ply == len(m.history)
        assert g.move_list == m.history
        assert int(g.turn) == m.mover()
        assert g.legal_moves() == m.legal()
        assert [g.column_height(c) for c in range(W)] == [len(c) for c in m.columns]
        assert g.is_over() == m.over()
        outcome = g.outcome()
        winner = m.winner()
        if not m.over():
            assert outcome is None
        elif winner is None:
            assert outcome is not None and outcome.is_draw and outcome.line == ()
        else:
            assert outcome is not None and int(outcome.winner) == winner  # type: ignore[arg-type]
            assert len(outcome.line) == 4
            assert all(m.cell(c, r) == winner for c, r in outcome.line)
            last = m.history[-1]
            assert (last, len(m.columns[last]) - 1) in outcome.line
        assert repr(g) == f"Game({m.moves()!r})"
        assert eval(repr(g), {"Game": Game}) == g


GameMachine.TestCase.settings = settings(max_examples=150, stateful_step_count=60, deadline=None)
test_game_matches_the_model = GameMachine.TestCase


def test_the_model_knows_a_vertical_win_and_a_draw() -> None:
    """The reference model itself, on two games whose ends are known."""
    m = Model()
    for ch in "4455667":
        m.play(int(ch) - 1)
    assert m.winner() == RED and m.legal() == []
    draw = "663251762525713162144765711243477236343455"
    m = Model()
    for ch in draw:
        m.play(int(ch) - 1)
    assert m.over() and m.full() and link4.Game(draw).outcome() is not None
