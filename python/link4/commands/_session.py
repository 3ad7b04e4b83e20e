"""One sitting at link4 play: the game loop, the commands typed at the prompt, the engine's
moves, hints and analyses. The command itself (its options) is link4.commands.play."""

from __future__ import annotations

import argparse
import os
import random
import sys
import textwrap
import time
from collections.abc import Callable
from typing import TextIO, TypedDict

from link4.book import SHIPPED, BookSource
from link4.commands._findings import Findings
from link4.commands._options import bot_title, threads_or_every_core
from link4.commands._record import read_record
from link4.commands._review_report import ReviewReport, shows_unicode
from link4.commands._terminal import Palette, Thinking, legend, render_board, use_colour
from link4.engine import SearchResult, Solver
from link4.errors import IllegalMoveError, InvalidMoveError, quoted
from link4.explain import explain
from link4.game import Game
from link4.game_review import ReviewInterrupted, review
from link4.limit import Limit
from link4.players import Engine
from link4.rules import HEIGHT, INAROW, MOVE_CHARACTERS, WIDTH, Player, column_of_character, ordinal
from link4.score import best_columns
from link4.wording import NOT_SOLVED, column_words, hint_bound_words, hint_words

HINT_SECONDS = 10.0  # how long a hint or an analysis may search before giving up
ANALYSIS_SECONDS = 15.0
SLOW_BEFORE_PLY = 10  # before this many discs an exact solve may take long


def commands_help(width: int) -> str:
    """The commands typed at the prompt, for a board of ``width`` columns.

    A column is typed as its number or as its name in move strings, which labels it
    under the board: past 9 columns, a letter. Where ``a`` names column 10, the value
    of every column is typed in full.
    """
    letters = MOVE_CHARACTERS[9:width]  # the columns past the ninth, named by letters
    if not letters:
        columns = f"  1-{width}       drop a disc in that column"
        values = "  a         the value of every column"
    else:
        named, numbers = (letters, "column 10") if len(letters) == 1 else (
            f"{letters[0]}-{letters[-1]}", f"columns 10-{width}")
        columns = f"  1-{width}, {named:<4}drop a disc in that column ({named} as labelled: {numbers})"
        values = "  analyse   the value of every column (a alone plays column 10)"
    return f"""\
{columns}
  u         undo: take back your last move (and the engine's reply)
  h         hint: the best column and what it leads to
{values}
  w         why: the threats, the parity, the rules that prove the value, the best line
  r         review the game so far: each move marked, the turning points
  s FILE    save the game record (its moves, such as 4453) to FILE
  l FILE    load a game record from FILE
  q         quit (the record is printed)
  ?         this list"""


class _Board(TypedDict):
    """The size of the board, as the words about scores take it."""

    width: int
    height: int


class Leave(Exception):
    """Leave the program: ``status`` is the exit status; the record is printed first."""

    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status


class PlaySession:
    """One sitting at the terminal: one or more games with the same settings."""

    def __init__(
        self,
        args: argparse.Namespace,
        *,
        out: TextIO | None = None,
        read: Callable[[str], str] = input,
    ) -> None:
        self.args = args
        self.out = out if out is not None else sys.stdout
        self.read = read
        self.tty = _isatty(self.out)
        self.palette = Palette(use_colour(self.out, args.no_color))
        self.rng = random.Random(args.seed)
        self.level = args.level
        # The board of --size (a namespace made without one: the standard board).
        self.board: _Board = {"width": getattr(args, "width", WIDTH),
                              "height": getattr(args, "height", HEIGHT)}
        self.inarow: int = getattr(args, "inarow", INAROW)  # the line that wins (--inarow)
        # Hints and analyses have a solver of their own (made when first needed), so
        # that what they leave in a table never changes the engine's choices: a seed
        # replays the same game whatever was asked. (--book: the book of both; without
        # it each uses the shipped one.) Both search on every core unless --threads
        # says otherwise (the engine's rule for its levels: link4.players.Engine).
        self.book = BookSource.of(getattr(args, "book_choice", SHIPPED))
        self.threads: int = threads_or_every_core(getattr(args, "threads", None))
        self.engine = Engine(self.level, seed=args.seed, threads=self.threads, book=self.book)
        self._solver: Solver | None = None
        self.findings = Findings()  # what the hints and analyses proved, which both answer from
        self.game = self.new_game_from(args.moves)
        self.engine_sides: set[Player] = set()
        self.paused = False  # the engine was stopped with Ctrl-C and waits for Enter

    # -- the parts -----------------------------------------------------------------

    @property
    def solver(self) -> Solver:
        """The solver of hints and analyses."""
        if self._solver is None:
            self._solver = Solver(book=self.book, threads=self.threads, inarow=self.inarow, **self.board)
        return self._solver

    def new_game_from(self, moves: str) -> Game:
        """The game after ``moves`` on the sitting's board."""
        return Game(moves, inarow=self.inarow, **self.board)

    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def names(self) -> dict[Player, str]:
        if self.args.engine_vs_engine:
            return dict.fromkeys(Player, f"engine level {self.level}")
        if self.args.human_vs_human:
            return {}
        return {p: (f"engine level {self.level}" if p in self.engine_sides else "you") for p in Player}

    def opponent_name(self) -> str:
        """Who the person to move plays against, for hints."""
        return "your opponent" if not self.engine_sides else "the engine"

    def who(self, p: Player) -> str:
        """'red (X)', with the palette's colour."""
        return f"{p} ({self.palette.disc(p, p.glyph)})"

    def show_board(self) -> None:
        outcome = self.game.outcome()
        line = outcome.line if outcome is not None else ()
        self.say()
        self.say(render_board(self.game, self.palette, highlight=line))
        self.say("  " + legend(self.palette, self.names()))

    def record_line(self) -> str:
        return f"Record: {self.game.moves or '(no moves)'}"

    # -- setting up -----------------------------------------------------------------

    def choose_sides(self) -> None:
        if self.args.engine_vs_engine:
            self.engine_sides = {Player.RED, Player.YELLOW}
            self.warn_if_slow()
            return
        if self.args.human_vs_human:
            self.engine_sides = set()
            return
        first = self.args.first
        if first == "random":
            first = "human" if self.rng.random() < 0.5 else "engine"
            self.say(f"Coin flip: {'you move' if first == 'human' else 'the engine moves'} first.")
        mover = self.game.turn
        engine = mover.other if first == "human" else mover
        self.engine_sides = {engine}
        self.say(
            f"You play {self.who(engine.other)}, the engine "
            f"({bot_title(self.level, (self.game.width, self.game.height, self.inarow))}) "
            f"plays {self.who(engine)}. Type ? for the commands."
        )
        self.warn_if_slow()

    def warn_if_slow(self) -> None:
        if self.level != "perfect" or self.game.ply >= SLOW_BEFORE_PLY:
            return
        width, height = self.game.width, self.game.height
        if self.book.board == (width, height, self.game.inarow):  # a book serves this game
            when = ("early in the game, just past the opening book, the perfect level can think "
                    "for a few seconds")
        else:
            when = (f"without an opening book for the {width}x{height} board, early in the game "
                    "the perfect level can think for long (minutes on the larger boards)")
        self.say(f"Note: {when}. Ctrl-C stops it and gives you the prompt back.")

    # -- the engine -----------------------------------------------------------------

    def engine_move(self) -> bool:
        """Let the engine move; False when the player stopped it with Ctrl-C."""
        mover = self.game.turn
        slow = self.level == "perfect"
        try:
            with Thinking(
                self.out, f"{mover} is thinking", tty=self.tty, delay=0.4 if slow else 2.0
            ) as t:
                col = self.engine.choose(self.game)
        except KeyboardInterrupt:
            if len(self.engine_sides) == len(Player):
                raise  # nobody to hand the prompt to: leave, printing the record
            self.say(
                "Stopped: the engine did not move and the game is unchanged. "
                "Press Enter to let it think again."
            )
            self.paused = True
            return False
        self.paused = False
        self.game.play(col)
        took = f" after {t.seconds:.1f} s" if t.shown else ""
        self.say(f"{self.who(mover)} plays column {col + 1}{took}.")
        return True

    # -- the commands at the prompt ------------------------------------------------------

    def handle(self, line: str) -> None:
        """Carry out one line typed at the prompt. Never raises for bad input."""
        text = line.strip()
        word, _, rest = text.partition(" ")
        word = word.lower()
        rest = rest.strip()
        if text == "":
            if self.paused and self.game.turn in self.engine_sides:
                self.engine_move()
                return
            self.say(f"Type a column number 1-{self.game.width} to play, or ? for the commands.")
        elif (col := typed_column(text, self.game.width)) is not None:
            self.human_move(col)
        elif word in ("u", "undo"):
            self.undo()
        elif word in ("h", "hint"):
            self.hint()
        elif word in ("a", "analyse", "analyze"):
            self.analysis()
        elif word in ("w", "why"):
            self.why()
        elif word in ("r", "review"):
            self.review()
        elif word in ("s", "save"):
            self.save(rest)
        elif word in ("l", "load"):
            self.load(rest)
        elif word in ("q", "quit", "exit"):
            raise Leave(0)
        elif word in ("?", "help"):
            self.say("Commands:\n" + commands_help(self.game.width))
        else:
            self.say(
                f"{quoted(text)} is not a move or a command: type a column number 1-{self.game.width}, "
                "or ? for the commands."
            )

    def human_move(self, col: int) -> None:
        """Play the 0-based column ``col`` typed at the prompt, or say why not."""
        if self.game.is_over():
            self.say("The game is over: no more moves (u takes one back).")
            return
        if self.game.turn in self.engine_sides:
            self.say("It is the engine's turn: press Enter to let it move.")
            return
        if not 0 <= col < self.game.width:
            self.say(f"There is no column {col + 1}: the columns are 1 to {self.game.width}.")
            return
        if not self.game.is_legal(col):
            free = " ".join(str(c + 1) for c in self.game.legal_moves())
            self.say(f"Column {col + 1} is full: choose one of {free}.")
            return
        self.game.play(col)

    def undo(self) -> None:
        if not self.engine_sides:  # two people: one move back
            if self.game.ply == 0:
                self.say("Nothing to undo: the board is empty.")
                return
            col = self.game.undo()
            self.say(f"Took back the disc in column {col + 1}.")
            return
        humans = [p for p in Player if p not in self.engine_sides]
        human = humans[0] if humans else None
        # Take back moves up to and including the person's last one.
        plies = [i for i in range(self.game.ply) if (Player.RED if i % 2 == 0 else Player.YELLOW) is human]
        if not plies:
            self.say("Nothing of yours to undo.")
            return
        taken = []
        while self.game.ply > plies[-1]:
            taken.append(self.game.undo() + 1)
        self.paused = False
        cols = " and ".join(str(c) for c in reversed(taken))
        what = f"moves (columns {cols})" if len(taken) > 1 else f"move (column {cols})"
        self.say(f"Took back {len(taken)} {what}.")

    def hint(self) -> None:
        if self.game.is_over():
            self.say("The game is over: no hint needed.")
            return
        try:
            with Thinking(self.out, "Looking for the best move", tty=self.tty):
                r = self.solver.search(self.game, ties=False, time_limit=HINT_SECONDS)
        except KeyboardInterrupt:
            self.say("Hint stopped.")
            return
        col, (lower, upper) = self.findings.recommend(self.game, r)
        if lower == upper:
            words = hint_words(lower, self.game.ply, opponent=self.opponent_name(), **self.board)
        else:
            words = self.unproven(lower, upper)
        self.say(f"Hint: column {col + 1} - {words}.")

    def unproven(self, lower: int, upper: int) -> str:
        """What is proven of a move whose exact score is not, as hints and analyses say it."""
        words = hint_bound_words(lower, upper, ply=self.game.ply, **self.board)
        return words if words == NOT_SOLVED else f"{words} (the exact score {NOT_SOLVED})"

    def analysis(self) -> None:
        if self.game.is_over():
            self.say("The game is over: nothing to analyse.")
            return
        try:
            with Thinking(self.out, "Solving every column", tty=self.tty):
                found = self.solver.analyze(self.game, time_limit=ANALYSIS_SECONDS)
        except KeyboardInterrupt:
            self.say("Analysis stopped.")
            return
        values = self.findings.analysis(self.game, found)
        best = best_columns(values)
        ply = self.game.ply
        self.say(f"The value of each column for {self.who(self.game.turn)}:")
        for col, v in enumerate(values):
            if v is None:
                words = "full"
            elif isinstance(v, SearchResult):
                words = self.unproven(v.lower, v.upper)
            else:
                words = column_words(v, ply, **self.board) + ("   <- best" if col in best else "")
            self.say(f"  {MOVE_CHARACTERS[col]}  {words}")

    def why(self) -> None:
        try:
            with Thinking(self.out, "Working out why", tty=self.tty):
                found = explain(self.game, solver=self.solver, limit=Limit(time_limit=HINT_SECONDS))
        except KeyboardInterrupt:
            self.say("Explanation stopped.")
            return
        self.say("Why:")
        for line in found.lines():
            self.say(textwrap.fill(line, width=88, initial_indent="  ", subsequent_indent="  "))

    def review(self) -> None:
        """Print the review of the game so far (link4 review's report); Ctrl-C keeps what is done."""
        try:
            with Thinking(self.out, "Reviewing the game", tty=self.tty, delay=1.0):
                done = review(self.game, solver=self.solver)
        except ReviewInterrupted as stop:
            done = stop.review
        report = ReviewReport(done, self.palette, unicode=shows_unicode(self.out))
        self.say(report.text())

    def save(self, name: str) -> None:
        if not name:
            self.say("Save where? Type s and a file name, e.g. s game.txt")
            return
        try:
            with open(os.path.expanduser(name), "w", encoding="utf-8") as f:
                f.write(self.game.moves + "\n")
        except OSError as e:
            self.say(f"Could not save to {name}: {e.strerror or e}.")
            return
        self.say(f"Saved the record ({self.game.moves or 'no moves'}) to {name}.")

    def load(self, name: str) -> None:
        if not name:
            self.say("Load what? Type l and a file name, e.g. l game.txt")
            return
        try:
            with open(os.path.expanduser(name), encoding="utf-8") as f:
                moves = read_record(f.read())
        except (OSError, UnicodeDecodeError) as e:
            reason = e.strerror if isinstance(e, OSError) and e.strerror else "not a text file"
            self.say(f"Could not load {name}: {reason}.")
            return
        try:
            game = self.new_game_from(moves)
        except (InvalidMoveError, IllegalMoveError) as e:
            self.say(f"Could not load {name}: {e}.")
            return
        self.game = game
        self.paused = False
        self.say(f"Loaded {name}: {game.moves or 'the empty board'}.")

    # -- the end of a game ------------------------------------------------------------

    def announce_end(self) -> None:
        outcome = self.game.outcome()
        assert outcome is not None
        if outcome.winner is None:
            self.say(f"Draw: the board is full after {outcome.ply} moves.")
        else:
            w = outcome.winner
            discs = (outcome.ply + 1) // 2
            how = f"{self.who(w)} wins with its {ordinal(discs)} disc, after {outcome.ply} moves"
            if not self.engine_sides or len(self.engine_sides) == len(Player):
                self.say(f"{how[0].upper()}{how[1:]}.")
            elif w in self.engine_sides:
                self.say(f"The engine wins: {how}.")
            else:
                self.say(f"You win! {how[0].upper()}{how[1:]}.")
        self.say(self.record_line())

    def new_game(self) -> None:
        self.game = self.new_game_from(self.args.moves)
        self.paused = False
        self.choose_sides()

    # -- the loop -----------------------------------------------------------------------

    def prompt(self) -> str:
        turn = self.game.turn
        if self.game.turn in self.engine_sides:
            return f"The engine ({self.who(turn)}) is to move: Enter lets it think, ? for help> "
        if self.engine_sides:
            return f"Your move {self.who(turn)}, 1-{self.game.width} or ? for help> "
        glyph = self.palette.disc(turn, turn.glyph)
        return f"{str(turn).capitalize()} ({glyph}) to move, 1-{self.game.width} or ? for help> "

    def loop(self) -> int:
        if self.inarow != INAROW:
            self.say(f"{self.inarow} in a row wins on this {self.game.width}x{self.game.height} board.")
        self.choose_sides()
        watching = len(self.engine_sides) == len(Player)
        delay = self.args.delay
        if delay is None:
            delay = 0.5 if self.tty else 0.0
        self.show_board()
        while True:
            if self.game.is_over():
                self.announce_end()
                if watching:
                    return 0
                if not self.play_again():
                    return 0
                self.show_board()
                continue
            if self.game.turn in self.engine_sides and not self.paused and self.engine_move():
                if watching and delay > 0:
                    time.sleep(delay)
                if watching or self.game.is_over() or self.game.turn not in self.engine_sides:
                    self.show_board()
                continue
            line = self.read(self.prompt())
            before = self.game.moves
            self.handle(line)
            if self.game.moves != before and not (
                self.game.turn in self.engine_sides and not self.game.is_over()
            ):
                self.show_board()

    def play_again(self) -> bool:
        while True:
            answer = self.read("Play again? [y/n] (r reviews the game, u takes back your last move)> ")
            answer = answer.strip().lower()
            if answer in ("r", "review"):
                self.review()
                continue
            if answer in ("y", "yes"):
                self.new_game()
                return True
            if answer in ("n", "no", "q", "quit"):
                return False
            if answer in ("u", "undo"):
                self.undo()
                return True
            self.say("Answer y to play again, n to stop, r to review the game, or u to take back your move.")


def typed_column(text: str, width: int) -> int | None:
    """The 0-based column that ``text``, typed at the prompt, names on a board ``width``
    columns wide; None if it names none (it may be a command).

    A number names its column (past the board's width too: the player is then told the
    columns there are); on a board of more than 9 columns, so does a letter that names
    one of its columns in move strings (``a`` or ``A`` for column 10).

    >>> typed_column("4", 7), typed_column("10", 12), typed_column("c", 12), typed_column("8", 7)
    (3, 9, 11, 7)
    >>> typed_column("a", 7), typed_column("c", 10), typed_column("undo", 12)
    (None, None, None)
    """
    if text.isascii() and text.isdigit():
        return int(text) - 1
    col = column_of_character(text) if len(text) == 1 and width > 9 else None
    return col if col is not None and col < width else None


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


