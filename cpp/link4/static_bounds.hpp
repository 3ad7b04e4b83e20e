// Bounds on a position's score that need no search, from strategies one player can
// always follow: the second player's claimeven and the first player's odd threat. The
// reasoning, and why each test below is sound, is in docs/solver.md ("Static bounds").
// Inline: the search asks for them at every node.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <optional>

#include "link4/bitboard.hpp"
#include "link4/child_threats.hpp"
#include "link4/score.hpp"

namespace link4 {

// The most a claimeven bound can prove: a win with the second player's 19th disc.
inline constexpr int kClaimevenBest = win_score(19);

// What the second player scores at least by claimeven when `share`, the empty cells it
// gets, and `discs`, its own, hold a four: 0 when they hold none. The lower the rows
// the four needs, the earlier it is complete (docs/solver.md, "Claimeven").
inline int claimeven_win(Bitboard discs, Bitboard share) {
    constexpr Bitboard kRowsUpTo2 = kBottomRow * 0b11;
    constexpr Bitboard kRowsUpTo4 = kBottomRow * 0b1111;
    if (!has_four(discs | share)) return 0;
    if (!has_four(discs | (share & kRowsUpTo4))) return win_score(21);
    return has_four(discs | (share & kRowsUpTo2)) ? win_score(19) : win_score(20);
}

// Whether a player's `discs` and `share`, the empty cells it may get under a strategy
// of the other player, hold a four it can complete before losing. Of these cells it
// alone fills those of `fills`; `threats` are the other player's. A cell of `fills`
// right below a threat shuts the player out of every cell from the threat up
// (docs/solver.md, "Fatal cells"). A threat on the bottom row has no cell below:
// shifted down, its bit lands on the sentinel of the column before, outside `fills`.
inline bool can_complete_four(Bitboard discs, Bitboard share, Bitboard fills, Bitboard threats) {
    if (!has_four(discs | share)) return false;
    const Bitboard fatal = (threats >> 1) & fills;
    return !fatal || has_four(discs | (share & ~cells_above(fatal)));
}

// The first player's odd-threat zugzwang (docs/solver.md, "The first player's
// zugzwang"): with the second player to move, an upper bound on its score from the
// best odd threat t of the first player that the second player's share of the cells
// cannot answer, or kScoreBase (above any score) when there is none.
// `opponent_threats` is pos.opponent_winning_cells(); `empty` the empty cells.
inline int first_player_zugzwang(const Position& pos, Bitboard opponent_threats, Bitboard empty) {
    const Bitboard threats = opponent_threats & kFirstPlayerRows;
    int bound = kScoreBase;
    if (!threats) return bound;
    const Bitboard odd_tops = pos.odd_column_tops();
    // The next cells of the columns with an odd threat above them.
    for (Bitboard next = pos.possible() & cells_below(threats); next;) {
        const Bitboard n = next & (~next + 1);
        next ^= n;
        const Bitboard column = kColumnOfCell[std::countr_zero(n)];
        const Bitboard above = threats & column & ~n;  // (the cells below n are full)
        const Bitboard t = above & (~above + 1);
        const Bitboard fills = (empty & kFirstPlayerRows & ~column) |
                               (empty & kSecondPlayerRows & column & (t - 1));
        const Bitboard share = fills | (odd_tops & ~column) | (n & kFirstPlayerRows);
        if (can_complete_four(pos.current(), share, fills, opponent_threats)) continue;
        const int rows_above = kHeight - 1 - std::countr_zero(t) % kColumnBits;
        const int last_move = kCells - rows_above;  // the move that fills t, at the latest
        const int score = -win_score((last_move + 1) / 2);
        if (score < bound) bound = score;
    }
    return bound;
}

// Tightens `lower` and `upper`, the bounds on the score of `pos` for the side to move,
// by the static bounds (docs/solver.md, "Static bounds"), computing only those that can
// cut the window [alpha, beta]: an upper bound (0 to -kClaimevenBest) when alpha >=
// -kClaimevenBest, a lower bound (0 to kClaimevenBest) when beta <= kClaimevenBest, the
// zugzwang's (-1 or -2) when alpha >= -2. The searches use null windows, where
// narrowing the window is cutting it, so the others would be wasted.
// `threats` is pos.opponent_winning_cells().
inline void tighten_static_bounds(const Position& pos, Bitboard threats, int alpha, int beta,
                                  int& lower, int& upper) {
    const bool first_to_move = pos.moves() % 2 == 0;
    const bool want_zugzwang = !first_to_move && upper > -2 && alpha >= -2;
    const bool want_lower = lower < 0 && beta <= kClaimevenBest;
    const bool want_upper = upper > -kClaimevenBest && alpha >= -kClaimevenBest;
    if (!want_zugzwang && !want_lower && !want_upper) return;
    const Bitboard empty = kBoardMask & ~pos.mask();
    if (want_zugzwang) {
        if (const int z = first_player_zugzwang(pos, threats, empty); z < upper) upper = z;
    }
    Bitboard tops = pos.odd_column_tops();
    if (!first_to_move) tops &= tops - 1;  // the top the second player takes at once
    const Bitboard first_rows = empty & kFirstPlayerRows;
    const Bitboard first_share = first_rows | tops;
    const Bitboard second_share = empty & kSecondPlayerRows & ~tops;
    if (want_upper) {
        if (first_to_move && !can_complete_four(pos.current(), first_share, first_rows, threats)) {
            upper = std::min(upper, -claimeven_win(pos.opponent(), second_share));
        } else if (upper > 0 && alpha >= -1 && !has_four(pos.current() | empty)) {
            upper = 0;
        }
    }
    if (want_lower) {
        if (!first_to_move && !has_four(pos.opponent() | first_share)) {
            lower = claimeven_win(pos.current(), second_share);
        } else if (!has_four(pos.opponent() | empty)) {
            lower = 0;
        }
    }
}

// The cutoff test asks for its children's static bounds only with beta up to this:
// above it they cost more than they save.
inline constexpr int kCutoffStaticBeta = 2;

// The static bounds of tighten_static_bounds on the children of one node, as the
// cutoff test asks for them: each child's upper bound, with the node's beta <=
// kCutoffStaticBeta. A set of cells that holds no four has no subset that holds one,
// so the constructor asks once, of the union of a test's sets over all the children,
// and a child's own test is done only when that union holds a four (docs/solver.md,
// "The children's bounds"). Left out: the first player's bound from the second
// player's having no four left to make at all, which seldom holds here; a child's
// search still finds it.
class ChildStaticBounds {
  public:
    // `candidates`: the moves of pos whose children will be asked about.
    ChildStaticBounds(const Position& pos, Bitboard candidates)
        : empty_(kBoardMask & ~pos.mask()), first_to_move_(pos.moves() % 2 == 0) {
        const Bitboard us = pos.current(), them = pos.opponent();
        if (!first_to_move_) {
            // The child's side to move (them) is the first player. After any of our
            // moves, its share of the empty cells lies within the cells of its rows and
            // the odd columns' tops, now or after the move...
            const Bitboard new_tops = (candidates << 1) & kSecondPlayerRows & kBoardMask;
            first_free_ = !has_four(them | (empty_ & kFirstPlayerRows) | pos.odd_column_tops() |
                                    new_tops);
            // ... and ours within our rows' empty cells.
            second_free_ = !has_four(us | candidates | (empty_ & kSecondPlayerRows));
        } else {
            // We are the first player: our threats after any move lie within these.
            no_zugzwang_ = !(winning_cells(us | candidates, pos.mask()) & kFirstPlayerRows);
        }
    }

    // An upper bound on the score of `child` (after `move`) for its side to move, from
    // the one its table entry gives, `upper`. `child_threats` are the node's.
    int child_upper(const Position& child, Bitboard move, int upper,
                    ChildThreats& child_threats) const {
        const Bitboard empty = empty_ & ~move;
        if (!first_to_move_) {  // the child's side to move is the first player
            const Bitboard tops = child.odd_column_tops();
            const Bitboard first_rows = empty & kFirstPlayerRows;
            if (!first_free_ && can_complete_four(child.current(), first_rows | tops, first_rows,
                                                  child_threats.get(move)))
                return upper;
            if (second_free_) return std::min(upper, 0);
            return std::min(upper,
                            -claimeven_win(child.opponent(), empty & kSecondPlayerRows & ~tops));
        }
        if (no_zugzwang_) return upper;
        const int z = first_player_zugzwang(child, child_threats.get(move), empty);
        return z < upper ? z : upper;
    }

  private:
    Bitboard empty_;
    bool first_to_move_;
    // With the second player to move: the unions hold no four.
    bool first_free_ = false, second_free_ = false;
    // With the first player to move: no child has a zugzwang.
    bool no_zugzwang_ = false;
};

// For the checks of debug builds: is `upper`, which ChildStaticBounds gave `child`
// from its table bound `table_upper`, the bound tighten_static_bounds gives with alpha
// (any bound of kScoreBase or more counting as none), or the one left out there?
[[maybe_unused]] inline bool matches_static_upper(const Position& child, int alpha,
                                                  int table_upper, int upper) {
    int lower = 0, expected = table_upper;  // (at lower 0 no lower bound is computed)
    tighten_static_bounds(child, child.opponent_winning_cells(), alpha, kScoreBase, lower,
                          expected);
    return std::min(upper, kScoreBase) == std::min(expected, kScoreBase) ||
           (upper > 0 && expected == 0);
}

// For tests, outside the search. The bounds the search starts a node with and then
// tightens by tighten_static_bounds for the window [alpha, beta]; none for a position
// the search settles before asking (the game over, a win or a forced loss on the next
// disc, two discs left).
struct StaticBounds {
    int lower = 0;
    int upper = 0;
};
std::optional<StaticBounds> static_bounds(const Position& pos, int alpha, int beta);
// For tests: ChildStaticBounds' upper bound on each child's score, by column, for the
// children of the moves that do not lose at once; kScoreBase where it proves none.
// None in the cases above, and where fewer than two moves do not lose at once.
std::optional<std::array<std::optional<int>, kWidth>> child_static_uppers(const Position& pos);

}  // namespace link4
