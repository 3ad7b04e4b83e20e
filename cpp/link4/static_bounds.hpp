// Bounds on a position's score that need no search, from strategies one player can
// always follow: the follower's claimeven and the leader's odd threat. The
// reasoning, and why each test below is sound, is in docs/solver.md ("Static bounds");
// it holds for a line of any length, so "a four" below is a line of the geometry's
// inarow() (docs/solver.md, "k in a row").
// Inline: the search asks for them at every node.
#pragma once

#include <algorithm>
#include <array>
#include <optional>
#include <vector>

#include "link4/bitboard.hpp"
#include "link4/child_threats.hpp"
#include "link4/score.hpp"

namespace link4 {

// The two players of claimeven (docs/solver.md, "Claimeven"): the follower answers each
// move in the column just played and gets the upper cell of each pair (the rows of
// g.follower_rows()); the leader gets the others. The leader is to move when an even
// number of cells is empty: on 7x6 the first player, on a board with an odd number of
// cells the second.
template <typename G>
constexpr bool leader_to_move(const Position<G>& pos) {
    return (pos.geometry().cells() - pos.moves()) % 2 == 0;
}

// The most a claimeven bound can prove: a win by move cells - 4 (on 7x6 the second
// player's 19th disc).
inline constexpr int kClaimevenBest = 3;
static_assert(win_at_move(42, 42 - 4) == kClaimevenBest);

// What the follower scores at least by claimeven when `share`, the empty cells it
// gets, and `discs`, its own, hold a four: 0 when they hold none. The lower the rows
// the four needs, the earlier it is complete (docs/solver.md, "Claimeven").
template <typename G, typename Bitboard = WordOf<G>>
inline int claimeven_win(const G& g, Bitboard discs, Bitboard share) {
    if (!has_line(g, discs | share)) return 0;
    if (!has_line(g, discs | (share & g.shape().rows_below_top2)))
        return win_at_move(g.cells(), g.cells());
    return has_line(g, discs | (share & g.shape().rows_below_top4))
               ? win_at_move(g.cells(), g.cells() - 4)
               : win_at_move(g.cells(), g.cells() - 2);
}

// Whether a player's `discs` and `share`, the empty cells it may get under a strategy
// of the other player, hold a four it can complete before losing. Of these cells it
// alone fills those of `fills`; `threats` are the other player's. A cell of `fills`
// right below a threat shuts the player out of every cell from the threat up
// (docs/solver.md, "Fatal cells"). A threat on the bottom row has no cell below:
// shifted down, its bit lands on the sentinel of the column before, outside `fills`.
template <typename G, typename Bitboard = WordOf<G>>
inline bool can_complete_line(const G& g, Bitboard discs, Bitboard share, Bitboard fills,
                       Bitboard threats) {
    if (!has_line(g, discs | share)) return false;
    const Bitboard fatal = (threats >> 1) & fills;
    return !fatal || has_line(g, discs | (share & ~cells_above(g, fatal)));
}

// The leader's odd-threat zugzwang (docs/solver.md, "The leader's
// zugzwang"): with the follower to move, an upper bound on its score from the
// best odd threat t of the leader that the follower's share of the cells
// cannot answer, or max_score + 1 (above any score) when there is none; and that
// threat t, the cell the leader wins on (none when there is none).
// `opponent_threats` is pos.opponent_winning_cells(); `empty` the empty cells.
template <typename Bitboard>
struct Zugzwang {
    int bound;
    Bitboard threat;
};
template <typename G, typename Bitboard = WordOf<G>>
inline Zugzwang<Bitboard> leader_zugzwang_threat(const Position<G>& pos, Bitboard opponent_threats,
                                                 Bitboard empty) {
    const G& g = pos.geometry();
    const Bitboard threats = opponent_threats & g.leader_rows();
    Zugzwang<Bitboard> best{max_score(g.cells()) + 1, Bitboard{}};
    if (!threats) return best;
    const Bitboard odd_tops = pos.odd_column_tops();
    // The next cells of the columns with an odd threat above them.
    for (Bitboard next = pos.possible() & cells_below(g, threats); next;) {
        const Bitboard n = next & (~next + Bitboard{1});
        next ^= n;
        const Bitboard column = g.column_of_cell(lowest_bit(n));
        const Bitboard above = threats & column & ~n;  // (the cells below n are full)
        const Bitboard t = above & (~above + Bitboard{1});
        const Bitboard fills = (empty & g.leader_rows() & ~column) |
                               (empty & g.follower_rows() & column & (t - Bitboard{1}));
        const Bitboard share = fills | (odd_tops & ~column) | (n & g.leader_rows());
        if (can_complete_line(g, pos.current(), share, fills, opponent_threats)) continue;
        const int rows_above = g.height() - 1 - lowest_bit(t) % g.column_bits();
        // The move that fills t, at the latest: the leader's win.
        const int last_move = g.cells() - rows_above;
        const int score = -win_at_move(g.cells(), last_move);
        if (score < best.bound) best = {score, t};
    }
    return best;
}

// The bound alone, as the search asks for it.
template <typename G, typename Bitboard = WordOf<G>>
inline int leader_zugzwang(const Position<G>& pos, Bitboard opponent_threats, Bitboard empty) {
    return leader_zugzwang_threat(pos, opponent_threats, empty).bound;
}

// The cells each claimeven player may get (docs/solver.md, "Claimeven"), from
// `tops`, the odd columns' tops the leader may still take: all of them with the
// leader to move, all but the one the follower takes at once otherwise.
template <typename Bitboard>
struct ClaimevenShares {
    Bitboard leader_cells;    // the leader's rows' empty cells, which it alone fills
    Bitboard leader_share;    // those and the tops
    Bitboard follower_share;  // the follower's rows' empty cells but the tops
};
template <typename G, typename Bitboard = WordOf<G>>
inline ClaimevenShares<Bitboard> claimeven_shares(const G& g, Bitboard empty, Bitboard tops) {
    const Bitboard leader_cells = empty & g.leader_rows();
    return {leader_cells, leader_cells | tops, empty & g.follower_rows() & ~tops};
}

// The odd columns' tops the leader may take under claimeven (above): with the
// follower to move, all but the lowest, which the follower takes first.
template <typename G, typename Bitboard = WordOf<G>>
inline Bitboard claimeven_tops(const Position<G>& pos, bool leader_moves) {
    Bitboard tops = pos.odd_column_tops();
    if (!leader_moves) tops &= tops - Bitboard{1};
    return tops;
}

// With the leader to move: claimeven holds it to at most a draw when its discs and
// share hold no four it can complete. `threats` are the follower's.
template <typename G, typename Bitboard = WordOf<G>>
inline bool claimeven_stops_leader(const Position<G>& pos, const ClaimevenShares<Bitboard>& s,
                                   Bitboard threats) {
    return !can_complete_line(pos.geometry(), pos.current(), s.leader_share, s.leader_cells,
                              threats);
}

// With the follower to move: claimeven holds the leader to at most a draw when the
// leader's discs and share hold no four at all.
template <typename G, typename Bitboard = WordOf<G>>
inline bool claimeven_stops_leader_moving_second(const Position<G>& pos,
                                                 const ClaimevenShares<Bitboard>& s) {
    return !has_line(pos.geometry(), pos.opponent() | s.leader_share);
}

// "No line left": `discs` and the empty cells hold no four, so their owner cannot win.
template <typename G, typename Bitboard = WordOf<G>>
inline bool no_line_left(const G& g, Bitboard discs, Bitboard empty) {
    return !has_line(g, discs | empty);
}

// Tightens `lower` and `upper`, the bounds on the score of `pos` for the side to move,
// by the static bounds (docs/solver.md, "Static bounds"), computing only those that can
// cut the window [alpha, beta]: an upper bound (0 to -kClaimevenBest) when alpha >=
// -kClaimevenBest, a lower bound (0 to kClaimevenBest) when beta <= kClaimevenBest, the
// zugzwang's (-1 or -2) when alpha >= -2. The searches use null windows, where
// narrowing the window is cutting it, so the others would be wasted.
// `threats` is pos.opponent_winning_cells(). Nothing on boards where they do not hold.
template <typename G, typename Bitboard = WordOf<G>>
inline void tighten_static_bounds(const Position<G>& pos, Bitboard threats, int alpha, int beta,
                           int& lower, int& upper) {
    const G& g = pos.geometry();
    const bool leader_moves = leader_to_move(pos);
    const bool want_zugzwang = !leader_moves && upper > -2 && alpha >= -2;
    const bool want_lower = lower < 0 && beta <= kClaimevenBest;
    const bool want_upper = upper > -kClaimevenBest && alpha >= -kClaimevenBest;
    if (!want_zugzwang && !want_lower && !want_upper) return;
    const Bitboard empty = g.board_mask() & ~pos.mask();
    if (want_zugzwang) {
        if (const int z = leader_zugzwang(pos, threats, empty); z < upper) upper = z;
    }
    const ClaimevenShares<Bitboard> s = claimeven_shares(g, empty, claimeven_tops(pos, leader_moves));
    if (want_upper) {
        if (leader_moves && claimeven_stops_leader(pos, s, threats)) {
            upper = std::min(upper, -claimeven_win(g, pos.opponent(), s.follower_share));
        } else if (upper > 0 && alpha >= -1 && no_line_left(g, pos.current(), empty)) {
            upper = 0;
        }
    }
    if (want_lower) {
        if (!leader_moves && claimeven_stops_leader_moving_second(pos, s)) {
            lower = claimeven_win(g, pos.current(), s.follower_share);
        } else if (no_line_left(g, pos.opponent(), empty)) {
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
// "The children's bounds"). Left out: the leader's bound from the second
// player's having no four left to make at all, which seldom holds here; a child's
// search still finds it.
// Precondition: the geometry has static bounds.
template <typename G>
class ChildStaticBounds {
  public:
    using Bitboard = WordOf<G>;
    // `candidates`: the moves of pos whose children will be asked about.
    ChildStaticBounds(const Position<G>& pos, Bitboard candidates)
        : g_(pos.geometry()),
          empty_(g_.board_mask() & ~pos.mask()),
          leader_moves_(leader_to_move(pos)) {
        const Bitboard us = pos.current(), them = pos.opponent();
        if (!leader_moves_) {
            // The child's side to move (them) is the leader. After any of our
            // moves, its share of the empty cells lies within the cells of its rows and
            // the odd columns' tops, now or after the move...
            const Bitboard new_tops =
                (candidates << 1) & g_.follower_rows() & g_.board_mask();
            leader_free_ = !has_line(g_, them | (empty_ & g_.leader_rows()) |
                                            pos.odd_column_tops() | new_tops);
            // ... and ours within our rows' empty cells.
            follower_free_ = !has_line(g_, us | candidates | (empty_ & g_.follower_rows()));
        } else {
            // We are the leader: our threats after any move lie within these.
            no_zugzwang_ =
                !(winning_cells(g_, us | candidates, pos.mask()) & g_.leader_rows());
        }
    }

    // An upper bound on the score of `child` (after `move`) for its side to move, from
    // the one its table entry gives, `upper`. `child_threats` are the node's.
    int child_upper(const Position<G>& child, Bitboard move, int upper,
                    ChildThreats<G>& child_threats) const {
        const Bitboard empty = empty_ & ~move;
        if (!leader_moves_) {  // the child's side to move is the leader
            const Bitboard tops = child.odd_column_tops();
            const Bitboard leader_cells = empty & g_.leader_rows();
            if (!leader_free_ && can_complete_line(g_, child.current(), leader_cells | tops,
                                                  leader_cells, child_threats.get(move)))
                return upper;
            if (follower_free_) return std::min(upper, 0);
            return std::min(upper, -claimeven_win(g_, child.opponent(),
                                                  empty & g_.follower_rows() & ~tops));
        }
        if (no_zugzwang_) return upper;
        const int z = leader_zugzwang(child, child_threats.get(move), empty);
        return z < upper ? z : upper;
    }

  private:
    [[no_unique_address]] G g_;
    Bitboard empty_;
    bool leader_moves_;
    // With the follower to move: the unions hold no four.
    bool leader_free_ = false, follower_free_ = false;
    // With the leader to move: no child has a zugzwang.
    bool no_zugzwang_ = false;
};

// For the checks of debug builds: is `upper`, which ChildStaticBounds gave `child`
// from its table bound `table_upper`, the bound tighten_static_bounds gives with alpha
// (any bound above every score counting as none), or the one left out there?
template <typename G>
[[maybe_unused]] bool matches_static_upper(const Position<G>& child, int alpha,
                                           int table_upper, int upper) {
    const int none = max_score(child.geometry().cells()) + 1;
    int lower = 0, expected = table_upper;  // (at lower 0 no lower bound is computed)
    tighten_static_bounds(child, child.opponent_winning_cells(), alpha, none, lower, expected);
    return std::min(upper, none) == std::min(expected, none) || (upper > 0 && expected == 0);
}

// For tests, outside the search. The bounds the search starts a node with and then
// tightens by tighten_static_bounds for the window [alpha, beta]; none for a position
// the search settles before asking (the game over, a win or a forced loss on the next
// disc, two discs left).
struct StaticBounds {
    int lower = 0;
    int upper = 0;
};
template <typename G>
std::optional<StaticBounds> static_bounds(const Position<G>& pos, int alpha, int beta);
// For tests: ChildStaticBounds' upper bound on each child's score, by column, for the
// children of the moves that do not lose at once; max_score + 1 where it proves none.
// None in the cases above, where fewer than two moves do not lose at once, and on boards
// without static bounds.
template <typename G>
std::optional<std::array<std::optional<int>, kMaxWidth>> child_static_uppers(
    const Position<G>& pos);

// For explanations, outside the search: each static bound that holds for `pos`,
// named by its rule, as tighten_static_bounds works them out with every bound wanted
// (none where the search settles the position first: see static_bounds). A rule's
// cell is its bit index: the zugzwang's threat, the top the follower takes first
// under claimeven when it is to move; -1 where the rule needs none.
enum class StaticRule { kClaimeven, kZugzwang, kNoLineLeft };
struct StaticProof {
    StaticRule rule;
    bool lower;  // a lower bound on the mover's score, else an upper bound
    int bound;
    int cell;
};
template <typename G>
std::vector<StaticProof> static_proofs(const Position<G>& pos);

}  // namespace link4
