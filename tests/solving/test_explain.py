"""link4.explain: every sentence is true.

On seeded random positions of small boards and late positions of larger ones (both
claimeven roles, odd and even rows): the threats against a plain scan written here,
cell by cell; every rule's claim against the exact score and against the core's own
static bounds; the best line replayed to the stated end; the parity rule of thumb as
docs/guides/explain.md states it."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

import link4
from link4 import _core
from link4.explain import Explanation
from link4.rules import Player
from link4.score import winning_move
from link4.wording import score_words

# (width, height, positions, the fewest discs down): the small boards from anywhere,
# the larger ones late, where a solve is quick. 7x5 has an odd number of cells (the
# second player leads), 8x5, 6x5 and 4x5 odd rows with an even number of cells.
BOARDS = [
    (4, 4, 1000, 0),
    (5, 4, 1000, 0),
    (4, 5, 1000, 0),
    (6, 5, 600, 10),
    (5, 6, 600, 10),
    (7, 5, 400, 16),
    (8, 5, 300, 20),
    (7, 6, 500, 24),
]

Threats = set[tuple[Player, tuple[int, int]]]
Case = tuple[link4.Game, Explanation, int | None, Threats]


def random_game(rng: random.Random, width: int, height: int, least: int) -> link4.Game:
    """A game of random moves, stopped at a random ply from ``least`` (or at its end)."""
    game = link4.Game(width=width, height=height)
    stop = rng.randint(least, width * height)
    while game.ply < stop and not game.is_over():
        game.play(rng.choice(game.legal_moves()))
    return game


@pytest.fixture(scope="module")
def cases() -> list[Case]:
    """Each sampled game, its explanation, its exact score (None when over) and its
    threats as the scan below finds them."""
    rng = random.Random(43)
    out: list[Case] = []
    for width, height, count, least in BOARDS:
        solver = link4.Solver(table_mb=16, width=width, height=height)
        for _ in range(count):
            game = random_game(rng, width, height, least)
            score = None if game.is_over() else solver.solve(game)
            out.append((game, link4.explain(game, solver=solver), score, scanned_threats(game)))
    return out


def grid(game: link4.Game) -> list[list[Player | None]]:
    """The board as grid[column][row], replayed from the moves."""
    cells: list[list[Player | None]] = [[None] * game.height for _ in range(game.width)]
    for ply, col in enumerate(game.move_list):
        row = cells[col].index(None)
        cells[col][row] = Player.RED if ply % 2 == 0 else Player.YELLOW
    return cells


def scanned_threats(game: link4.Game) -> Threats:
    """Every empty cell where a disc of a side would complete four, found by trying each
    line of four through each empty cell."""
    cells = grid(game)
    found = set()
    for col in range(game.width):
        for row in range(game.height):
            if cells[col][row] is not None:
                continue
            for player in (Player.RED, Player.YELLOW):
                for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
                    for start in range(-3, 1):
                        line = [(col + (start + i) * dc, row + (start + i) * dr) for i in range(4)]
                        if all(
                            0 <= c < game.width
                            and 0 <= r < game.height
                            and ((c, r) == (col, row) or cells[c][r] is player)
                            for c, r in line
                        ):
                            found.add((player, (col, row)))
    return found


def leader(width: int, height: int) -> Player:
    """The claimeven leader (docs/solver.md): red on boards with an even number of cells."""
    return Player.RED if width * height % 2 == 0 else Player.YELLOW


def wanted_parity(player: Player, width: int, height: int) -> str:
    """The row parity ``player`` wants, as the guide states it: the follower gets the top
    row and every second row below it, the leader the others."""
    top_parity = "odd" if height % 2 == 1 else "even"
    other = "even" if top_parity == "odd" else "odd"
    return other if player is leader(width, height) else top_parity


def test_the_sample_covers_every_board_and_every_rule(cases: list[Case]) -> None:
    assert len(cases) == sum(count for _, _, count, _ in BOARDS)
    rules = Counter((p.rule, p.kind) for _, e, _, _ in cases for p in e.proofs)
    for rule in [
        ("claimeven", "lower"),
        ("claimeven", "upper"),
        ("zugzwang", "upper"),
        ("no_four_left", "upper"),
    ]:
        assert rules[rule] >= 3, rules
    assert sum(e.proven for _, e, _, _ in cases) >= 100, rules
    assert sum(game.is_over() for game, _, _, _ in cases) >= 50


def test_every_threat_is_one_and_none_is_missing(cases: list[Case]) -> None:
    for game, e, _, threats in cases:
        listed = {(t.player, t.cell) for t in e.threats}
        assert len(listed) == len(e.threats)
        assert [(t.player is not Player.RED, t.cell) for t in e.threats] == sorted(
            (t.player is not Player.RED, t.cell) for t in e.threats
        )  # red's first, by column then row
        assert listed == threats, game
        for t in e.threats:
            col, row = t.cell
            assert t.parity == ("odd" if (row + 1) % 2 == 1 else "even")
            assert t.playable == (game.column_height(col) == row and not game.is_over())


def test_the_verdict_is_the_exact_value_or_the_outcome(cases: list[Case]) -> None:
    for game, e, score, _ in cases:
        if score is None:
            assert e.mover is None and e.verdict == str(game.outcome()) and e.proofs == ()
            continue
        assert (e.score, e.lower, e.upper, e.mover) == (score, score, score, game.turn)
        assert e.verdict == score_words(score, game.turn, game.ply, width=game.width, height=game.height)
        assert str(e).startswith(e.verdict[:1].upper() + e.verdict[1:] + ".")


def test_every_proof_holds_and_the_core_agrees(cases: list[Case]) -> None:
    for game, e, score, _ in cases:
        if score is None:
            continue
        pos = link4.game.core_position(game)
        quiet = _core.static_bounds(pos, -100, 100)  # no window any bound cuts: the start
        tightened = _core.static_bounds(pos, -1, 1)  # every bound asked
        for p in e.proofs:
            assert quiet is not None and tightened is not None
            if p.kind == "lower":
                assert score >= p.bound and p.player is game.turn
                if quiet[0] < 0:
                    assert tightened[0] >= p.bound
            else:
                assert score <= p.bound and p.player is game.turn.other
                if quiet[1] > -2:
                    assert tightened[1] <= p.bound
            # Shown only when it proves the result, or a half of a draw.
            assert (
                (score > 0 and p.kind == "lower" and p.bound > 0)
                or (score < 0 and p.kind == "upper" and p.bound < 0)
                or (score == 0 and p.bound == 0)
            )


def test_proven_means_the_rules_settle_the_result(cases: list[Case]) -> None:
    for _, e, score, _ in cases:
        if score is None:
            continue
        kinds = {p.kind for p in e.proofs}
        settled = bool(e.proofs) and (score != 0 or kinds == {"lower", "upper"})
        assert e.proven == settled
        if e.proven:
            assert "Proved without search." in str(e)
        for p in e.proofs:  # the paragraph says each rule's claim and how to play it
            assert f"{p.claim}: {p.play}." in str(e)


def test_each_rule_works_for_its_side_as_it_says(cases: list[Case]) -> None:
    for game, e, score, threats in cases:
        width, height = game.width, game.height
        for p in e.proofs:
            if p.rule == "claimeven":
                # The follower's strategy: it answers every move of the leader.
                assert p.player is leader(width, height).other
                assert f"{p.player} answers every {p.player.other} move in the same column" in p.play or (
                    f"then answers every {p.player.other} move in the same column" in p.play
                )
                if p.cell is not None:  # the follower to move takes a top first
                    col, row = p.cell
                    assert p.player is game.turn and game.column_height(col) == row
                    assert (height - row) % 2 == 1
                    assert f"plays column {col + 1} now" in p.play
            elif p.rule == "zugzwang":
                assert p.player is leader(width, height) and p.player is game.turn.other
                assert p.cell is not None and (p.player, p.cell) in threats
                assert ("odd" if p.cell[1] % 2 == 0 else "even") == wanted_parity(p.player, width, height)
                assert f"column {p.cell[0] + 1}, row {p.cell[1] + 1}" in p.play
            else:
                assert p.rule == "no_four_left" and p.cell is None
                assert score is not None and p.bound == 0


def test_the_best_line_replays_to_the_stated_end(cases: list[Case]) -> None:
    for game, e, score, _ in cases:
        if score is None:
            assert e.line == "" and e.end_move is None
            continue
        end = link4.Game(game.moves + e.line, width=game.width, height=game.height)
        outcome = end.outcome()
        assert outcome is not None and outcome.ply == e.end_move
        assert outcome.line == e.four
        if score == 0:
            assert outcome.winner is None and e.end_move == game.width * game.height
        else:
            assert outcome.winner is (game.turn if score > 0 else game.turn.other)
            assert e.end_move == winning_move(score, game.ply, width=game.width, height=game.height)


def test_the_parity_rule_follows_the_board(cases: list[Case]) -> None:
    for game, e, _, threats in cases:
        width, height = game.width, game.height
        lead = leader(width, height)
        assert e.parity.leader is lead
        assert e.parity.wants == {p: wanted_parity(p, width, height) for p in (Player.RED, Player.YELLOW)}
        good = {
            (p, c)
            for p, c in threats
            if ("odd" if c[1] % 2 == 0 else "even") == wanted_parity(p, width, height)
        }
        follower_rows: dict[int, list[int]] = {}
        for p, (col, row) in threats:
            if p is lead.other:
                follower_rows.setdefault(col, []).append(row)
        leader_good = any(p is lead and all(r >= c[1] for r in follower_rows.get(c[0], [])) for p, c in good)
        follower_good = any(p is lead.other for p, _ in good)
        assert e.parity.favours is (lead if leader_good else lead.other if follower_good else None)


@pytest.mark.parametrize(
    ("width", "height", "red"),
    [
        (7, 6, "odd"),
        (4, 4, "odd"),
        (7, 5, "odd"),
        (5, 5, "odd"),
        (8, 5, "even"),
        (6, 5, "even"),
        (4, 5, "even"),
    ],
)
def test_the_rule_of_thumb_names_the_rows_of_the_board(width: int, height: int, red: str) -> None:
    e = link4.explain(link4.Game("1", width=width, height=height), limit=link4.Limit(node_limit=1))
    yellow = "even" if red == "odd" else "odd"
    assert e.parity.wants == {Player.RED: red, Player.YELLOW: yellow}
    assert f"red wants a threat on an {red} row, yellow one on an {yellow} row" in str(e)


def test_a_limit_gives_honest_bounds_and_no_line() -> None:
    e = link4.explain(link4.Game("4", width=8, height=7), limit=link4.Limit(node_limit=50))
    assert e.score is None and e.line == "" and e.end_move is None
    assert "not solved in time" in e.verdict
    assert e.lower < e.upper and e.proofs == ()


def test_to_dict_is_json_with_the_paragraph(cases: list[Case]) -> None:
    for _, e, _, _ in cases[:200]:
        doc = json.loads(json.dumps(e.to_dict()))
        assert doc["text"] == str(e) and doc["verdict"] == e.verdict
        assert [tuple(t["cell"]) for t in doc["threats"]] == [t.cell for t in e.threats]
        assert doc["four"] == [list(c) for c in e.four]
        assert [p["rule"] for p in doc["proofs"]] == [p.rule for p in e.proofs]


def test_bad_input_raises_precise_errors() -> None:
    with pytest.raises(link4.InvalidMoveError):
        link4.explain("4x")
    with pytest.raises(link4.IllegalMoveError):
        link4.explain("4444444")
    with pytest.raises(link4.SizeMismatchError):
        link4.explain(link4.Game("1", width=5, height=4), solver=link4.Solver(table_mb=4, width=7, height=6))


def test_a_move_string_is_of_the_solvers_board() -> None:
    solver = link4.Solver(table_mb=4, width=6, height=5)
    e = link4.explain("112233", solver=solver)
    assert (e.width, e.height) == (6, 5) and e.score == solver.solve("112233")
