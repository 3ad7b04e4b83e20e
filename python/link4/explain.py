"""Why a position is worth what it is: the verdict, the threats, the rules that prove it.

:func:`link4.explain` puts together what a player asks of a value: the exact verdict in
words; each side's threats (the empty cells that would complete a four), with their
rows' parity; the parity rule of thumb; the engine's static rules (claimeven, the
leader's odd-threat zugzwang, no four left) when one of them proves the result, and how
to play it; and the best line, with the four it ends in. The ideas are Allis's (1988);
the guide :doc:`/guides/explain` tells them for players.

On a game of another line than four (``Game(inarow=k)``) a threat completes a line of k,
and the words say so ("the line of 5"): the threats and the static rules come from the
core, whose rules hold for a line of any length (:doc:`/solver`, "k in a row"), and the
parity rule of thumb is about threats and rows alone.

>>> from link4 import Game, Solver
>>> e = explain(Game("44556"), solver=Solver(table_mb=4))
>>> e.verdict
'red wins with its 4th disc (at once)'
>>> [(t.player.name, t.cell, t.parity, t.playable) for t in e.threats]
[('RED', (2, 0), 'odd', True), ('RED', (6, 0), 'odd', True)]
>>> e.line, e.end_move, e.four
('43', 7, ((2, 0), (3, 0), (4, 0), (5, 0)))

Cells are (column, row) pairs, 0-based from the bottom left, as everywhere in link4;
the words count columns and rows from 1, rows from the bottom.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from link4 import _core
from link4.engine import Solver
from link4.game import Game, PositionLike, as_game, core_position
from link4.limit import NO_LIMIT, Limit, Spending
from link4.rules import INAROW, Cell, Player, ordinal
from link4.score import winning_disc
from link4.wording import NOT_SOLVED, bound_words, score_words

__all__ = ["Explanation", "Parity", "Proof", "Threat", "explain"]


def _parity(row: int) -> str:
    """A 0-based row's parity, counting rows from 1 at the bottom."""
    return "odd" if row % 2 == 0 else "even"


def _where(cell: Cell) -> str:
    return f"column {cell[0] + 1}, row {cell[1] + 1}"


def _line_name(inarow: int) -> str:
    """The line that wins, as the words name it.

    Returns:
        "four" on Connect Four (the words of every explanation so far), else "line of k".

    >>> _line_name(4), _line_name(5)
    ('four', 'line of 5')
    """
    return "four" if inarow == INAROW else f"line of {inarow}"


@dataclass(frozen=True)
class Threat:
    """An empty cell where a disc would complete a four (a line of the game's k) for ``player``.

    Args:
        player: The side the cell would win for.
        cell: (column, row), 0-based from the bottom left.
        parity: ``"odd"`` or ``"even"``: the row's, counting rows from 1 at the bottom.
        playable: Whether a disc can go there now: it is the next cell of its column,
            and the game is not over.

    Each argument is kept as the attribute of the same name.
    """

    player: Player
    cell: Cell
    parity: str
    playable: bool

    def to_dict(self) -> dict[str, Any]:
        """As JSON values: ``player`` (``"red"``/``"yellow"``), ``cell``, ``parity``, ``playable``."""
        return {
            "player": str(self.player),
            "cell": list(self.cell),
            "parity": self.parity,
            "playable": self.playable,
        }


@dataclass(frozen=True)
class Parity:
    """The parity rule of thumb on this board, and the side it favours now.

    With nothing else left to play, the columns fill up and the player who must move
    under the other's threat loses it: the claimeven *leader* (the first player on a
    board with an even number of cells, the second on one with an odd number) wants a
    threat on its rows, the *follower* one on the others (the top row and every second
    row below it). On 7 x 6 red wants an odd threat and yellow an even one. A rule of
    thumb only: the proven verdict decides.

    Args:
        wants: Each side's wanted row parity (``"odd"`` or ``"even"``), by player.
        favours: The side the rule of thumb favours now, or None: the leader when it
            has a threat on its rows with no threat of the follower below it in the
            same column (one on the same cell does not count: the follower must fill
            the cell below), else the follower when it has a threat on its rows; None
            when neither has one.
        leader: The claimeven leader on this board.

    Each argument is kept as the attribute of the same name.
    """

    wants: dict[Player, str]
    favours: Player | None
    leader: Player

    def to_dict(self) -> dict[str, Any]:
        """As JSON values: ``wants`` (by ``"red"``/``"yellow"``), ``favours``, ``leader``."""
        return {
            "wants": {str(p): w for p, w in self.wants.items()},
            "favours": None if self.favours is None else str(self.favours),
            "leader": str(self.leader),
        }

    def words(self) -> str:
        """The rule of thumb and what it says now, in one or two sentences."""
        red, yellow = Player.RED, Player.YELLOW
        rule = (
            f"Rule of thumb (parity): with nothing else left to play, red wants a threat on an "
            f"{self.wants[red]} row, yellow one on an {self.wants[yellow]} row."
        )
        if self.favours is None:
            return f"{rule} Neither side has one."
        return f"{rule} It favours {self.favours}."


@dataclass(frozen=True)
class Proof:
    """One of the engine's static rules, proving part of the result without search.

    Args:
        rule: ``"claimeven"``, ``"zugzwang"`` (the leader's odd-threat zugzwang) or
            ``"no_four_left"``.
        player: The side the rule works for.
        kind: ``"lower"`` or ``"upper"``: ``bound`` bounds the score of the side to move
            from below or from above.
        bound: The bound, a score from the side to move (see :mod:`link4.score`).
        cell: The cell it turns on: the zugzwang's threat, the cell the follower takes
            first under claimeven when it is to move; None where there is none.
        claim: What it proves, in words.
        play: How to play it, in words.

    Each argument is kept as the attribute of the same name.
    """

    rule: str
    player: Player
    kind: str
    bound: int
    cell: Cell | None
    claim: str
    play: str

    def to_dict(self) -> dict[str, Any]:
        """As JSON values, the fields of the same names (``player`` as ``"red"``/``"yellow"``)."""
        return {
            "rule": self.rule,
            "player": str(self.player),
            "kind": self.kind,
            "bound": self.bound,
            "cell": None if self.cell is None else list(self.cell),
            "claim": self.claim,
            "play": self.play,
        }


@dataclass(frozen=True)
class Explanation:
    """The reasons behind a position's value (:func:`link4.explain`).

    Args:
        moves: The position's move string.
        width: The board's columns.
        height: The board's rows.
        mover: The side to move, None once the game is over.
        score: The exact score for the side to move; None when over or unproven.
        lower: The proven lower bound of the score (the score when exact; 0 when over).
        upper: The proven upper bound.
        verdict: The verdict in words (the outcome once the game is over).
        threats: Each side's threats, red's first, each by column then row.
        parity: The parity rule of thumb.
        proofs: The static rules that prove the stated result, or a half of a draw.
        proven: Whether they settle the result together, without search.
        line: The best line as a move string (1-based columns), to the end of the game
            unless a limit cut it.
        end_move: The move the game ends on at the end of the line (counting every
            disc), None if the line stops short of the end.
        four: The cells of the line of four (of k) the line ends in, () for a draw or a
            line cut short.
        inarow: The line that wins in the game (four unless told).

    Each argument is kept as the attribute of the same name.
    """

    moves: str
    width: int
    height: int
    mover: Player | None
    score: int | None
    lower: int
    upper: int
    verdict: str
    threats: tuple[Threat, ...]
    parity: Parity
    proofs: tuple[Proof, ...]
    proven: bool
    line: str
    end_move: int | None
    four: tuple[Cell, ...]
    inarow: int = INAROW

    def to_dict(self) -> dict[str, Any]:
        """The explanation as JSON values; ``lines`` are :meth:`lines`, ``text`` the paragraph."""
        return {
            "moves": self.moves,
            "width": self.width,
            "height": self.height,
            "inarow": self.inarow,
            "mover": None if self.mover is None else str(self.mover),
            "score": self.score,
            "lower": self.lower,
            "upper": self.upper,
            "verdict": self.verdict,
            "threats": [t.to_dict() for t in self.threats],
            "parity": self.parity.to_dict(),
            "proofs": [p.to_dict() for p in self.proofs],
            "proven": self.proven,
            "line": self.line,
            "end_move": self.end_move,
            "four": [list(c) for c in self.four],
            "lines": self.lines(),
            "text": str(self),
        }

    def lines(self) -> list[str]:
        """The paragraph of :meth:`__str__` in its parts, as a terminal shows them.

        Returns:
            The verdict, the threats, the rule of thumb, the proofs (when any) and the
            best line (unless the game is over), one string each.
        """
        parts = [self.verdict[:1].upper() + self.verdict[1:] + ".", _threat_words(self.threats)]
        parts.append(self.parity.words())
        proofs = _proof_words(self.proofs, self.proven, self.inarow)
        if proofs:
            parts.append(" ".join(proofs))
        parts.append(_line_words(self))
        return [p for p in parts if p]

    def __str__(self) -> str:
        """A readable paragraph: the verdict, the threats, the rules, the best line."""
        return " ".join(self.lines())


def _threat_words(threats: tuple[Threat, ...]) -> str:
    sentences = []
    for player in (Player.RED, Player.YELLOW):
        mine = [t for t in threats if t.player is player]
        if not mine:
            sentences.append(f"{str(player).capitalize()} has no threat.")
            continue
        cells = "; ".join(
            f"{_where(t.cell)} ({t.parity}{', playable now' if t.playable else ''})" for t in mine
        )
        noun = "threat" if len(mine) == 1 else "threats"
        sentences.append(f"{str(player).capitalize()} {noun}: {cells}.")
    return " ".join(sentences)


def _rule_name(rule: str, inarow: int) -> str:
    names = {
        "claimeven": "Claimeven",
        "zugzwang": "The odd-threat zugzwang",
        "no_four_left": f"No {_line_name(inarow)} left",
    }
    return names[rule]


def _proof_words(proofs: tuple[Proof, ...], proven: bool, inarow: int) -> list[str]:
    said = [f"{_rule_name(p.rule, inarow)} proves that {p.claim}: {p.play}." for p in proofs]
    if not said:
        return []
    return ["Proved without search.", *said] if proven else [*said, "The search proves the rest."]


def _cells(cells: tuple[Cell, ...]) -> str:
    return " ".join(f"({c[0] + 1}, {c[1] + 1})" for c in cells)


def _line_words(e: Explanation) -> str:
    if e.mover is None:
        return ""
    if not e.line:
        return "No best line within the limit."
    line = f"Best line: {e.line}"
    if e.end_move is None:
        return f"{line} (cut short by the limit)."
    if e.four:
        winner = Player.RED if e.end_move % 2 == 1 else Player.YELLOW  # red plays the odd moves
        return (
            f"{line}, {winner} completing the {_line_name(e.inarow)} {_cells(e.four)} (column, row) "
            f"on move {e.end_move}."
        )
    return f"{line}, the board full on move {e.end_move}: a draw."


def explain(game: PositionLike, *, solver: Solver | None = None, limit: Limit | None = None) -> Explanation:
    """Explain a position: its verdict, threats, the rules that prove it, the best line.

    Args:
        game: A :class:`link4.Game` (of any size and line; a game that is over too) or a
            move string (of the board the solver was made for, else of 7 x 6).
        solver: The solver to search on (its book and table are used); None for a new
            one of the game's size and line.
        limit: The budget of the whole explanation, the search and then the best line
            (:class:`link4.Limit`; a node limit holds for each); None for no limit.
            When it runs out the verdict says what was proved, and the line may stop
            short.

    Returns:
        The :class:`Explanation`.

    Raises:
        link4.SizeMismatchError: A solver of another size than the game.
        link4.InvalidMoveError: A malformed move string.
        link4.IllegalMoveError: A move string with a move the rules forbid.

    Example:
        >>> e = explain("4455667")     # over: the verdict is the outcome
        >>> e.verdict, e.mover, e.line
        ('red wins with its 4th disc', None, '')
        >>> [(str(t.player), t.cell) for t in e.threats]
        [('red', (2, 0)), ('yellow', (2, 1)), ('yellow', (6, 1))]
        >>> any(t.playable for t in e.threats)   # nothing can be played once it is over
        False
    """
    game = as_game(game, None if solver is None else solver.named_board)
    pos = core_position(game)
    leader_moves, follower_rows = _core.claimeven_roles(pos)
    threats = _threats(game, pos)
    parity = _rule_of_thumb(game, threats, leader_moves, follower_rows)
    outcome = game.outcome()
    if outcome is not None:
        return Explanation(
            moves=game.moves, width=game.width, height=game.height, mover=None, score=None,
            lower=0, upper=0, verdict=str(outcome), threats=threats, parity=parity, proofs=(),
            proven=False, line="", end_move=None, four=(), inarow=game.inarow,
        )  # fmt: skip
    if solver is None:
        solver = Solver(width=game.width, height=game.height, inarow=game.inarow)
    # The node limit holds for each search: only the time is spent over both.
    spending = Spending(NO_LIMIT if limit is None else limit)
    found = solver.search(game, ties=False, limit=spending.left())
    mover, size = game.turn, {"width": game.width, "height": game.height}
    if found.score is not None:
        verdict = score_words(found.score, mover, game.ply, **size)
    else:
        verdict = f"{bound_words(found.lower, found.upper, mover, **size)} ({NOT_SOLVED})"
    proofs, proven = _proofs(game, pos, found.lower, found.upper)
    line: str = ""
    end_move: int | None = None
    four: tuple[Cell, ...] = ()
    if found.exact:  # the best line has what is left of the time limit
        line, end_move, four = _best_line(game, solver, spending.left())
    return Explanation(
        moves=game.moves, width=game.width, height=game.height, mover=mover, score=found.score,
        lower=found.lower, upper=found.upper, verdict=verdict, threats=threats, parity=parity,
        proofs=proofs, proven=proven, line=line, end_move=end_move, four=four, inarow=game.inarow,
    )  # fmt: skip


def _threats(game: Game, pos: _core.Position) -> tuple[Threat, ...]:
    mine, theirs = pos.threats()
    found = []
    for player, cells in ((game.turn, mine), (game.turn.other, theirs)):
        for col, row in cells:
            playable = game.column_height(col) == row and not game.is_over()
            found.append(Threat(player, (col, row), _parity(row), playable))
    return tuple(sorted(found, key=lambda t: (t.player is not Player.RED, t.cell)))


def _rule_of_thumb(
    game: Game, threats: tuple[Threat, ...], leader_moves: bool, follower_rows: list[int]
) -> Parity:
    leader = game.turn if leader_moves else game.turn.other
    follower = leader.other
    follower_parity = _parity(follower_rows[0])
    wants = {follower: follower_parity, leader: "even" if follower_parity == "odd" else "odd"}

    def good(t: Threat) -> bool:
        return t.parity == wants[t.player]

    lowest_follower: dict[int, int] = {}
    for t in threats:
        if t.player is follower:
            col, row = t.cell
            lowest_follower[col] = min(row, lowest_follower.get(col, row))
    leader_good = any(
        good(t) and t.player is leader and lowest_follower.get(t.cell[0], game.height) >= t.cell[1]
        for t in threats
    )
    follower_good = any(good(t) and t.player is follower for t in threats)
    favours = leader if leader_good else follower if follower_good else None
    return Parity(dict(sorted(wants.items())), favours, leader)


def _claim(kind: str, bound: int, mover: Player, game: Game) -> str:
    """What a bound on the mover's score proves, in words."""
    if bound == 0:
        return f"{mover.other if kind == 'lower' else mover} cannot win"
    winner = mover if bound > 0 else mover.other
    disc = winning_disc(bound, game.ply, width=game.width, height=game.height)
    return f"{winner} wins, with its {ordinal(disc)} disc at the latest"


def _odd_columns(game: Game) -> list[int]:
    """The columns holding an odd number of empty cells."""
    return [c for c in range(game.width) if (game.height - game.column_height(c)) % 2]


def _play(rule: str, player: Player, cell: Cell | None, game: Game) -> str:
    """How ``player`` plays the rule, in words."""
    other = player.other
    if rule == "no_four_left":
        holder = other if player is game.turn else game.turn
        return f"{holder}'s discs and the empty cells hold no {_line_name(game.inarow)}"
    if rule == "zugzwang":
        assert cell is not None
        return _zugzwang_play(player, cell, game)
    odd = len(_odd_columns(game)) - (cell is not None)
    first = f"{player} plays column {cell[0] + 1} now, then " if cell is not None else f"{player} "
    pairs = (
        f"; when {other} plays on top of a column holding an odd number of empty cells, {player} "
        "plays on top of another such column"
        if odd
        else ""
    )
    return f"{first}answers every {other} move in the same column{pairs}"


def _zugzwang_play(player: Player, threat: Cell, game: Game) -> str:
    """How the leader plays its zugzwang on ``threat``, in words.

    As docs/solver.md tells it ("The leader's zugzwang"): after each of the leader's
    answers, the threat's column is the one column holding an odd number of empty cells.

    Returns:
        The sentence, without its full stop.
    """
    other, c = player.other, threat[0] + 1
    if (game.height - game.column_height(threat[0])) % 2:
        pairs = (
            "a move on top of another column holding an odd number of empty cells is answered on "
            "top of a third such column"
        )
    else:
        pairs = (
            f"the columns holding an odd number of empty cells are paired off, a move on top of "
            f"one answered on top of another, and the one left over is paired with column {c}"
        )
    return (
        f"{player} answers every {other} move in the same column, except that {pairs}; so in "
        f"column {c} {other} always drops the lower disc of a pair, and must in the end fill the "
        f"cell below {player}'s threat at {_where(threat)}"
    )


def _proofs(game: Game, pos: _core.Position, lower: int, upper: int) -> tuple[tuple[Proof, ...], bool]:
    """The static rules that prove the result (or a half of a draw), and whether they settle it."""
    mover = game.turn
    proofs = []
    halves = set()
    for rule, kind, bound, cell in _core.static_proofs(pos):
        proves_win, proves_loss = kind == "lower" and bound > 0, kind == "upper" and bound < 0
        wanted = (
            (proves_win and lower > 0) or (proves_loss and upper < 0) or (bound == 0 and lower == upper == 0)
        )
        if not wanted:
            continue
        player = mover if kind == "lower" else mover.other
        claim = _claim(kind, bound, mover, game)
        proofs.append(Proof(rule, player, kind, bound, cell, claim, _play(rule, player, cell, game)))
        halves.add(kind)
    proven = bool(proofs) and (lower != 0 or upper != 0 or halves == {"lower", "upper"})
    return tuple(proofs), proven


def _best_line(game: Game, solver: Solver, limit: Limit) -> tuple[str, int | None, tuple[Cell, ...]]:
    """The best line as a move string, the move the game ends on and the four it ends in."""
    end = game.copy()
    for col in solver.pv(game, limit=limit):
        end.play(col)
    outcome = end.outcome()
    line = end.moves[game.ply :]
    if outcome is None:
        return line, None, ()
    return line, outcome.ply, outcome.line
