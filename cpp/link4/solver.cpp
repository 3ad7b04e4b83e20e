#include "link4/solver.hpp"

#include <algorithm>
#include <array>
#include <cassert>
#include <cmath>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <thread>

#ifndef _WIN32
#include <unistd.h>
#endif

namespace link4 {
namespace {

// The process the calling thread runs in: a Solver's helper threads belong to the
// process that started them, and a child made by fork() has none of them.
long current_process() {
#ifdef _WIN32
    return 0;  // no fork()
#else
    return static_cast<long>(getpid());
#endif
}

int column_of(Bitboard move) { return std::countr_zero(move) / kColumnBits; }

// Moves sorted by how promising they are (move_score), ties going to the column nearer
// the centre. Each move keeps the mover's winning cells after it (its threats), which
// move_score works out anyway and the child's search needs first.
class MoveList {
  public:
    // Add in reverse preference order of ties: among equal scores, the last added
    // comes out first.
    void add(Bitboard move, int score, Bitboard threats) {
        int i = size_++;
        for (; i > 0 && entries_[i - 1].score > score; --i) entries_[i] = entries_[i - 1];
        entries_[i] = {move, score, threats};
    }
    // The best remaining move, or 0 when none is left; its threats go to `threats`.
    Bitboard next(Bitboard& threats) {
        if (size_ == 0) return 0;
        const Entry& e = entries_[--size_];
        threats = e.threats;
        return e.move;
    }

  private:
    struct Entry {
        Bitboard move;
        int score;
        Bitboard threats;
    };
    Entry entries_[kWidth];
    int size_ = 0;
};

// The cells above `cells` in their columns.
constexpr Bitboard cells_above(Bitboard cells) {
    Bitboard r = (cells << 1) & kBoardMask;
    for (int i = 1; i < kHeight - 1; ++i) r |= (r << 1) & kBoardMask;
    return r;
}

// The cells below `cells` in their columns.
constexpr Bitboard cells_below(Bitboard cells) {
    Bitboard r = (cells >> 1) & kBoardMask;
    for (int i = 1; i < kHeight - 1; ++i) r |= (r >> 1) & kBoardMask;
    return r;
}

// How promising a move looks, from the mover's threats after it (the empty cells that
// would complete a four for it). A threat above one of the opponent's in the same
// column does not count: the opponent's comes first, and blocking it lets the opponent
// block ours. Each threat counts 4; one on a playable cell (the opponent must block it
// at once) 1 more; one right above a playable cell 2 more (nobody can play below it
// without handing the mover that four, so the column is closed). The weights were
// chosen by the node counts of the benchmark sets. (A threat two cells above a
// playable cell counted 1 less until the static bounds grew: without that term, 3.4 %
// fewer nodes on Begin-Hard's positions 21-40, 2.7 % on Begin-Medium's 301-600, 4.1 %
// on the empty board.) `closed` holds the cells above the opponent's threats;
// `all_threats` are all the mover's threats after the move.
int move_score(const Position& pos, Bitboard move, Bitboard closed, Bitboard all_threats) {
    const Bitboard threats = all_threats & ~closed;
    // The playable cells after the move: the move's cell gives way to the one above it.
    const Bitboard playable = pos.possible() ^ move ^ ((move << 1) & kBoardMask);
    return 4 * popcount(threats) + popcount(threats & playable) +
           2 * popcount(threats & (playable << 1));
}

// The columns' masks from the edges in to the centre: the reverse of kCentreOrder.
constexpr std::array<Bitboard, kWidth> kColumnsToCentre = [] {
    std::array<Bitboard, kWidth> masks{};
    for (int i = 0; i < kWidth; ++i) masks[i] = column_mask(kCentreOrder[kWidth - 1 - i]);
    return masks;
}();

// `threats`: the opponent's winning cells, pos.opponent_winning_cells().
void order_moves(const Position& pos, Bitboard threats, Bitboard candidates,
                 const ChildThreats& child_threats, MoveList& list) {
    const Bitboard closed = cells_above(threats);
    for (const Bitboard column : kColumnsToCentre) {
        if (const Bitboard move = candidates & column) {
            const Bitboard mover_threats = child_threats.get_last(move);
            const int score = move_score(pos, move, closed, mover_threats);
            list.add(move, score, mover_threats);
        }
    }
}

// What the second player scores at least by claimeven (see tighten_static_bounds)
// when `share`, the empty cells it gets, and `discs`, its own, hold a four: 0 when they
// hold none. A four is complete once its last empty cell is filled, and the cells above
// that one are still empty then: with all of them on rows 1 to 4 (from the bottom) two
// cells at least, so the four is complete by move 40, the second player's 20th disc
// (score 2); with all on rows 1 and 2, by move 38 (score 3); else by move 42 (score 1).
// (Against the bound of 1 alone: 4 % fewer nodes on Begin-Hard's first 40, 3 % on the
// empty board.)
constexpr int kClaimevenBest = win_score(19);
int claimeven_win(Bitboard discs, Bitboard share) {
    constexpr Bitboard kRowsUpTo2 = kBottomRow * 0b11;
    constexpr Bitboard kRowsUpTo4 = kBottomRow * 0b1111;
    if (!has_four(discs | share)) return 0;
    if (!has_four(discs | (share & kRowsUpTo4))) return win_score(21);
    return has_four(discs | (share & kRowsUpTo2)) ? win_score(19) : win_score(20);
}

// Whether a player's `discs` and `share`, the empty cells it may get under a strategy
// of the other player, hold a four it can complete before losing. Of these cells it
// alone fills those of `fills`; `threats` are the other player's (the empty cells that
// would complete a four for it). Whoever fills the cell below a threat hands the other
// player that four at once, so a cell of `fills` below a threat shuts the player out of
// the threat's cell and every cell above it: a four that needs one of them does not
// count. (A threat on the bottom row has no cell below: shifted down, its bit lands on
// the sentinel of the column before, outside `fills`.) Against the whole share: 41 %
// fewer nodes on the empty board, 31 % on Begin-Hard's first 40, 14 % on Begin-Medium.
bool can_complete_four(Bitboard discs, Bitboard share, Bitboard fills, Bitboard threats) {
    if (!has_four(discs | share)) return false;
    const Bitboard fatal = (threats >> 1) & fills;
    return !fatal || has_four(discs | (share & ~cells_above(fatal)));
}

// A zugzwang the first player can force, from a strategy of its own (Allis's rule of
// the odd threat). With the second player to move, let t be an empty cell on a row of
// kFirstPlayerRows that would complete a four for the first player (an odd threat),
// the lowest such cell of its column c above the column's next one, n.
// - If c holds an odd number of discs, the first player answers each move in the same
//   column, except that a disc dropped on top of another column holding an odd number
//   of discs is answered on top of a third such column (besides c there is an even
//   number of them).
// - If c holds an even number (n is on a row of kFirstPlayerRows), there is an odd
//   number of columns holding an odd number of discs. Their tops are paired off as
//   above until one is left; the first player answers the second player's disc on that
//   one's top with n, or its disc on n with that top (or, while others are left, with
//   any of their tops): either way c ends up the one column holding an odd number.
// After each answer every column but c holds an even number of discs, so in c the
// second player always drops the lower disc of a pair: in the end it must fill the
// cell below t, and the first player completes its four on t, at the latest when every
// cell but those above t is full (t is on row 3 or 5, so the first player then scores
// at least 2 or 1). Until then the second player gets no empty cell but those of
// kFirstPlayerRows outside c, the tops of the odd columns but c, the cells of
// kSecondPlayerRows of c below t and, if c is even, n; and it alone fills all of these
// but the tops and n. If its discs and these hold no four it can complete, it loses.
// (The even columns: 5.7 % fewer nodes on Begin-Hard's first 20, 2.2 % on
// Begin-Medium's first 300.)
// Returns an upper bound on the score of `pos` for the side to move (the second
// player) from the best such t, or kScoreBase (above any score) when there is none.
// `opponent_threats` is pos.opponent_winning_cells().
int first_player_zugzwang(const Position& pos, Bitboard opponent_threats, Bitboard empty) {
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
        const int cells_above = kHeight - 1 - std::countr_zero(t) % kColumnBits;
        const int last_move = kCells - cells_above;  // the move that fills t, at the latest
        const int score = -win_score((last_move + 1) / 2);
        if (score < bound) bound = score;
    }
    return bound;
}

// Bounds that need no search, from a strategy the second player can always follow
// (Allis's claimeven, extended to columns holding an odd number of discs): answer
// each move of the first player in the same column, except that when the first
// player drops a disc on top of a column holding an odd number of discs, drop one on
// top of another such column; with the second player to move, start by taking the
// lowest such top. Each pair of discs then keeps every column even, so to the end of
// the game the first player gets no empty cell but those of kFirstPlayerRows and the
// odd columns' tops, and the second player every other empty cell of
// kSecondPlayerRows. The first player alone fills the cells of kFirstPlayerRows. If its
// share holds no four it can complete (can_complete_four, against the second player's
// threats), it cannot win against this (score <= 0 for it); if the second player's
// share holds one, it loses, by claimeven_win's score or more. (With the second player
// to move, the same test of the first player's share against the mover's threats, which
// the search does not have at hand, saved 0.1 % of the nodes: not made.)
// With the second player to move, the first player's zugzwang above may bound it too.
// Without any strategy: a side whose discs and the empty cells hold no four cannot win.
// Tightens `lower` and `upper`, the bounds on the score of `pos` for the side to move,
// with only the bounds that can cut the window [alpha, beta]: an upper bound (0 to
// -kClaimevenBest) when alpha >= -kClaimevenBest, a lower bound (0 to kClaimevenBest)
// when beta <= kClaimevenBest, the zugzwang's (-1 or -2) when alpha >= -2. (The
// searches use null windows, where narrowing the window is cutting it, so the rest
// would be wasted.) `threats` is pos.opponent_winning_cells().
void tighten_static_bounds(const Position& pos, Bitboard threats, int alpha, int beta, int& lower,
                           int& upper) {
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

// For the checks of debug builds: is `upper`, which ChildStaticBounds gave `child`
// from its table bound `table_upper`, the bound tighten_static_bounds gives with alpha
// (any bound of kScoreBase or more counting as none), or the one left out there?
[[maybe_unused]] bool matches_static_upper(const Position& child, int alpha, int table_upper,
                                           int upper) {
    int lower = 0, expected = table_upper;  // (at lower 0 no lower bound is computed)
    tighten_static_bounds(child, child.opponent_winning_cells(), alpha, kScoreBase, lower,
                          expected);
    return std::min(upper, kScoreBase) == std::min(expected, kScoreBase) ||
           (upper > 0 && expected == 0);
}

// The cutoff test asks for its children's static bounds only with beta up to this:
// above it they cost more than they save.
constexpr int kCutoffStaticBeta = 2;

// The static bounds of tighten_static_bounds on the children of one node, as the
// cutoff test asks for them: each child's upper bound, with the node's beta <=
// kCutoffStaticBeta. The claimeven bounds rest on whether a set of cells holds a four,
// and a set that holds none has no subset that holds one: the constructor asks once,
// of the union of a test's sets over all the children, and a child's own test is done
// only when that union holds a four. Left out: the first player's bound from the
// second player's having no four left to make at all, which is worth its cost in a
// search but seldom here (it held for 0.4 % of the children on Begin-Hard samples); a
// child's search still finds it.
class ChildStaticBounds {
  public:
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

}  // namespace

bool Searcher::limit_reached() {
    if (abort_.load(std::memory_order_relaxed)) {
        stop_ = StopReason::kStopped;
        aborted_ = true;
        return true;
    }
    if (limits_.max_nodes && nodes_ >= limits_.max_nodes) {
        stop_ = StopReason::kNodes;
        return true;
    }
    next_check_ = nodes_ + 1024;
    if (limits_.max_nodes && next_check_ > limits_.max_nodes) next_check_ = limits_.max_nodes;
    if (limits_.stop && limits_.stop->load(std::memory_order_relaxed)) {
        stop_ = StopReason::kStopped;
        return true;
    }
    const auto now = std::chrono::steady_clock::now();
    if (limits_.max_seconds > 0 &&
        std::chrono::duration<double>(now - start_).count() >= limits_.max_seconds) {
        stop_ = StopReason::kTime;
        return true;
    }
    if (limits_.poll && now >= next_poll_) {
        next_poll_ = now + std::chrono::milliseconds(20);
        if (limits_.poll(limits_.poll_arg)) {
            stop_ = StopReason::kStopped;
            return true;
        }
    }
    return false;
}

// Enhanced transposition cutoff: a lower bound >= beta on our score that the table or
// the static bounds prove through one child (from the child's upper bound), without
// searching anything, which cuts the node off; a value below beta when no child gives
// one. The children's slots are loaded together so that their cache misses overlap.
// The static bounds prove at best that the child scores <= -kClaimevenBest; they are
// only tried when beta <= kCutoffStaticBeta, and only when no child's table entry
// cuts. The children's keys are left in child_keys for the search to reuse, and, when
// no child cuts, the lower bounds the table holds on their scores in child_lowers.
int Searcher::transposition_cutoff(const Position& pos, Bitboard candidates, int beta,
                                 ChildKeys& child_keys, ChildLowers& child_lowers,
                                 ChildThreats& child_threats) const {
    const TranspositionTable& table = table_for(pos.moves() + 1);
    const ChildCanonicalKeys keys(pos);
    for (Bitboard c = candidates; c;) {
        const Bitboard move = c & (~c + 1);
        c ^= move;
        const Bitboard key = keys(move);
        child_keys[std::countr_zero(move)] = key;
        table.prefetch(key);
    }
    int uppers[kWidth * kColumnBits];
    for (Bitboard c = candidates; c;) {
        const Bitboard move = c & (~c + 1);
        c ^= move;
        const auto known = table.probe(child_keys[std::countr_zero(move)]);
        if (-known.upper >= beta) return -known.upper;  // we score >= -upper
        uppers[std::countr_zero(move)] = known.upper;
        child_lowers[std::countr_zero(move)] = known.lower;
    }
    if (beta > kCutoffStaticBeta) return -kInfinity;
    const ChildStaticBounds statics(pos, candidates);
    for (Bitboard c = candidates; c;) {
        const Bitboard move = c & (~c + 1);
        c ^= move;
        const int table_upper = uppers[std::countr_zero(move)];
        Position child = pos;
        child.play_cell(move);
        const int upper = statics.child_upper(child, move, table_upper, child_threats);
        assert(matches_static_upper(child, -beta, table_upper, upper));
        if (-upper >= beta) return -upper;
    }
    return -kInfinity;
}

// Contract: returns v with
//   v <= alpha  => the true score is <= v  (an upper bound),
//   v >= beta   => the true score is >= v  (a lower bound),
//   otherwise   v is the exact score.
// Preconditions: alpha < beta; key == pos.canonical_key(); threats ==
// pos.opponent_winning_cells(); the game is not over; the side to move cannot win with
// its next disc. When a limit stops the search the value is meaningless and stop_ is
// set; nothing is stored in the table after that.
int Searcher::negamax(const Position& pos, Bitboard key, Bitboard threats, int alpha, int beta) {
    assert(alpha < beta);
    assert(key == pos.canonical_key());
    assert(threats == pos.opponent_winning_cells());
    assert(!pos.can_win_next());
    assert(!pos.last_mover_won() && !pos.is_full());

    if (++nodes_ >= next_check_ && limit_reached()) return 0;
    if (pos.moves() <= book_depth_) {
        if (const auto known = book_->get_key(key)) return *known;  // exact: any window
    }
    const std::uint64_t first_node = nodes_;

    const Bitboard candidates = pos.non_losing_moves(threats);
    if (candidates == 0) return lose_next_score(pos.moves());
    if (pos.moves() >= kCells - 2) return 0;  // two discs left, neither can win
    // One move only (a forced block, or the one column not under an opponent's winning
    // cell): this position's score is its child's. Play it at once, without the table,
    // the static bounds or the cutoff test, all of which the child does for itself.
    if (!(candidates & (candidates - 1))) {
        Position child = pos;
        child.play_cell(candidates);
        return -negamax(child, -beta, -alpha);
    }
    // The table slot may be a cache miss (though the parent's cutoff test has mostly
    // loaded it already): start loading it while the bounds below are worked out.
    TranspositionTable& table = table_for(pos.moves());
    table.prefetch(key);

    // The opponent cannot win with its next disc (we play a non-losing move), so we
    // lose at the earliest after two more of its discs...
    int lower = -(kCells - 2 - pos.moves()) / 2;
    // ... and we cannot win with our next disc, so at best with the one after.
    int upper = (kCells - 1 - pos.moves()) / 2;

    const auto known = table.probe(key);
    if (known.lower > lower) lower = known.lower;
    if (known.upper < upper) upper = known.upper;
    if (lower < upper) tighten_static_bounds(pos, threats, alpha, beta, lower, upper);
    assert(lower <= upper);

    if (alpha < lower) {
        alpha = lower;
        if (alpha >= beta) return alpha;
    }
    if (beta > upper) {
        beta = upper;
        if (alpha >= beta) return beta;
    }

    ChildKeys child_keys;
    ChildLowers child_lowers;
    ChildThreats child_threats(pos);
    if (const int v =
            transposition_cutoff(pos, candidates, beta, child_keys, child_lowers, child_threats);
        v >= beta) {
        table.store(key, Bound::kLower, v, 1);
        return v;
    }

    MoveList moves;
    order_moves(pos, threats, candidates, child_threats, moves);
    // With other threads on the same search: a child that one of them is searching
    // right now waits until the other children are done (after the first child, which
    // is searched at once); by then the table often holds its answer.
    const bool shared = busy_ && pos.moves() < kSharedMoves;
    struct Deferred {
        Bitboard move, threats;
    } deferred[kWidth];
    int n_deferred = 0;
    bool first = true;
    for (;;) {
        Bitboard child_threats;
        Bitboard move = moves.next(child_threats);
        if (!move) {
            if (n_deferred == 0) break;
            const Deferred& d = deferred[--n_deferred];  // (the order hardly matters here)
            move = d.move;
            child_threats = d.threats;
        } else if (shared && !first && busy_->busy(child_keys[std::countr_zero(move)])) {
            deferred[n_deferred++] = {move, child_threats};
            continue;
        }
        // A move the table already proves no better than alpha cannot raise it.
        // (Against searching it, which the child's own table bound ends at once: 6-8 %
        // fewer nodes on Begin-Hard, Begin-Medium and Middle-Medium samples.)
        if (-child_lowers[std::countr_zero(move)] <= alpha) continue;
        first = false;
        const Bitboard child_key = child_keys[std::countr_zero(move)];
        Position child = pos;
        child.play_cell(move);
        if (shared) busy_->enter(child_key);
        const int score = -negamax(child, child_key, child_threats, -beta, -alpha);
        if (shared) busy_->leave(child_key);
        if (stop_ != StopReason::kNone) return 0;
        if (score >= beta) {
            table.store(key, Bound::kLower, score, nodes_ - first_node + 1);
            return score;
        }
        if (score > alpha) alpha = score;
    }
    table.store(key, Bound::kUpper, alpha, nodes_ - first_node + 1);
    return alpha;
}

namespace {

// The next null-window probe between `lower` and `upper` (lower < upper). While the
// window is wide, its middle leaning towards 0: a probe far from the score is cheap,
// so two of them settle a large score quickly. Once the window is kNarrowWindow wide or
// less, the probes go out from 0, a step at a time for the first two (is the score
// above 0? above 1, or -1?), then by halves: most positions, and the hardest, score
// near 0, and there a probe next to the final score costs far more than one far from
// it. (Against the middle alone: 30 % fewer nodes on the empty board, 20 % fewer on
// Begin-Hard's first 40 and 7 % on its next 60; 11 % more on Begin-Medium's first 300
// and 2 % on its next 300.) ScoreGuess may widen the narrow window.
constexpr int kNarrowWindow = 17;
int probe_point(int lower, int upper, int narrow_window = kNarrowWindow) {
    if (upper - lower <= narrow_window) {
        if (lower < 0 && upper > 0) return 0;
        if (lower == 0 || lower == 1) return lower;
        if (upper == 0 || upper == -1) return upper - 1;
    }
    int mid = lower + (upper - lower) / 2;
    if (mid <= 0 && lower / 2 < mid) mid = lower / 2;
    else if (mid >= 0 && upper / 2 > mid) mid = upper / 2;
    return mid;
}

int clamp(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }

// A guess at the score from what the first two probes cost: the first that proves the
// score above a point below 0 and the first that proves it at most a point above 0 (the
// window is wide then, so they lie far apart). A probe costs more the nearer it lies to
// the score, so when one of them cost 2^1.5 (about 2.8) times the other or more, the
// score probably lies on the dearer one's side, the further out the larger the ratio:
// by the log2 of the ratio, r, Begin-Medium's positions scored about 1 - r on average
// for r from -2 down to -5, and -r for r from 2 up to 4. The narrow probes then ask
// whether the score reaches that guess, and step from there a point at a time,
// instead of going out from 0. When neither cost outweighs the other, the score
// probably lies near 0, and the probes go out from 0 already from a window of 19 (the
// window of a position with a few discs after those two probes, -9 to 10), without
// one more halving.
// (Against no guess, the score alone: Begin-Medium's 1,000 positions 6.3 % fewer nodes,
// 2.9 % on the 700 after the 300 the rule was fitted on; Begin-Hard's first 100 3.9 %,
// 3.2 % on its positions 41-100; the empty board 3.5 %; the three easier sets that
// change up to 0.8 % more. The score and best move: Begin-Medium 4.3 %, 1.9 % on the
// 700.)
class ScoreGuess {
  public:
    // Note a probe at `mid` that took `nodes` nodes and found the score above it or not.
    void note(int mid, bool above, std::uint64_t nodes) {
        if (above && mid < 0 && below_cost_ == 0) below_cost_ = nodes + 1;
        if (!above && mid > 0 && above_cost_ == 0) above_cost_ = nodes + 1;
    }

    // The point of the next probe in the window [lower, upper].
    int next_point(int lower, int upper) {
        // Made once: after that, a guess or balanced_.
        if (!guess_ && !balanced_ && below_cost_ && above_cost_ && upper - lower <= kBalancedWindow) {
            const double ratio =
                static_cast<double>(below_cost_) / static_cast<double>(above_cost_);
            const double r = std::log2(ratio);
            if (r <= -kMinLog2Ratio)
                guess_ = std::min(static_cast<int>(std::lround(-r)) + 1, kMaxGuess);
            else if (r >= kMinLog2Ratio)
                guess_ = std::max(-static_cast<int>(std::lround(r)), -kMaxGuess);
            else
                balanced_ = true;
        }
        // The probe at guess - 1 asks whether the score reaches the guess; once it is
        // answered, the clamp steps on from the bound it proved.
        if (guess_) return clamp(*guess_ - 1, lower, upper - 1);
        return probe_point(lower, upper, balanced_ ? kBalancedWindow : kNarrowWindow);
    }

  private:
    static constexpr double kMinLog2Ratio = 1.5;
    static constexpr int kMaxGuess = 5;
    static constexpr int kBalancedWindow = 19;
    // The two probes' node counts plus 1; 0 until such a probe is made.
    std::uint64_t below_cost_ = 0, above_cost_ = 0;
    bool balanced_ = false;  // neither cost outweighed the other: no guess
    std::optional<int> guess_;
};

}  // namespace

void Searcher::begin(const SearchLimits& limits) {
    nodes_ = 0;
    aborted_ = false;
    limits_ = limits;
    stop_ = StopReason::kNone;
    start_ = std::chrono::steady_clock::now();
    next_poll_ = start_ + std::chrono::milliseconds(20);
    next_check_ = 1024;
    if (limits_.max_nodes && next_check_ > limits_.max_nodes) next_check_ = limits_.max_nodes;
}

template <typename Result>
void Searcher::finish(Result& result) const {
    result.nodes = nodes_;
    result.stop = stop_;
    result.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

int Searcher::parents_bound(const Position& pos) const {
    int bound = -kInfinity;
    if (!book_ || pos.moves() != book_depth_ + 1) return bound;
    for (int col = 0; col < kWidth; ++col) {
        const int height = pos.height(col);
        // A parent: the position before the last mover's disc on top of `col`.
        if (height == 0 || !(pos.opponent() & cell(col, height - 1))) continue;
        Position parent = pos;
        parent.undo(col);
        if (parent.last_mover_won()) continue;  // not a position anyone moves from
        if (const auto known = book_->get(parent)) bound = std::max(bound, -*known);
    }
    return bound;
}

void Searcher::solve_root(const Position& pos, bool weak, SearchResult& result) {
    int lower, upper;
    if (const auto known = book_score(pos)) {
        lower = upper = *known;
    } else if (pos.can_win_next()) {
        lower = upper = win_now_score(pos.moves());
    } else {
        lower = lose_next_score(pos.moves());
        upper = win_now_score(pos.moves() + 1);  // we cannot win with this disc
        // Just past the book, the parents' scores bound ours from below, and the first
        // probe asks whether we score more than that: we score exactly that when this
        // position was a best move of one of them, and a probe far below the score is
        // cheap. (Two runs of 400 positions with 10 discs, a 9-disc book: 27 and 29 %
        // fewer nodes; the bound was the score for 42 and 47 % of them.)
        const int from_parents = parents_bound(pos);
        if (from_parents > lower) lower = std::min(from_parents, upper);
        if (weak) {
            lower = clamp(lower, -1, 1);
            upper = clamp(upper, -1, 1);
        }
        bool probe_bound = lower == from_parents;
        ScoreGuess guess;
        // Null-window searches: each one proves the score is above or at most `mid`.
        while (lower < upper) {
            const int point = probe_bound ? lower : guess.next_point(lower, upper);
            probe_bound = false;
            const int mid = clamp(point + probe_bias_, lower, upper - 1);
            const std::uint64_t before = nodes_;
            const int r = negamax(pos, mid, mid + 1);
            if (stop_ != StopReason::kNone) break;
            guess.note(mid, r > mid, nodes_ - before);
            // A weak search may prove more than it asked for: keep within [lower, upper].
            if (r <= mid) upper = r > lower ? r : lower;
            else lower = r < upper ? r : upper;
        }
    }
    result.lower = weak ? sign(lower) : lower;  // the sign is monotone: signs of bounds
    result.upper = weak ? sign(upper) : upper;  // are bounds
}

void Searcher::init_root(const Position& pos, bool weak, Root& root) {
    root = Root{};
    root.pos = pos;
    root.weak = weak;
    const int moves = pos.moves();
    const Bitboard wins = pos.my_winning_cells() & pos.possible();
    // Moves that do not hand the opponent a win at once (the rule does not depend on
    // whether we could win ourselves).
    const Bitboard safe = pos.non_losing_moves();
    Bitboard open = 0;
    for (int col = 0; col < kWidth; ++col) {
        if (!pos.can_play(col)) continue;
        ColumnValue& v = root.columns[col];
        v.legal = true;
        const Bitboard move = (pos.mask() + bottom_cell(col)) & column_mask(col);
        if (move & wins) {
            v.lower = v.upper = win_now_score(moves);
        } else if (moves + 1 == kCells) {
            v.lower = v.upper = 0;  // the last cell, and no four: a draw
        } else if (!(move & safe)) {
            v.lower = v.upper = lose_next_score(moves);
        } else {
            // The opponent cannot win with its next disc, nor we with the one after it
            // at the earliest.
            v.lower = -win_now_score(moves + 3);
            v.upper = win_now_score(moves + 2);
            open |= move;
            Position child = pos;
            child.play_cell(move);
            root.child_keys[col] = child.canonical_key();
            // Each of the child's parents in the book, this position among them, scores
            // at least what the move to the child gives it.
            if (const int cap = -parents_bound(child); cap < v.upper) {
                v.upper = std::max(v.lower, cap);
                root.capped |= ColumnSet{1} << col;
            }
        }
        if (weak) {
            v.lower = sign(v.lower);
            v.upper = sign(v.upper);
        }
    }
    // A position in the book caps every column at its score: a column's value is what
    // the move is worth, and the score is the best of them.
    if (const auto known = book_score(pos)) {
        root.known = weak ? sign(*known) : *known;
        for (ColumnValue& v : root.columns)
            if (v.legal) v.upper = std::max(v.lower, std::min(v.upper, *root.known));
    }
    MoveList list;
    ChildThreats child_threats(pos);
    order_moves(pos, pos.opponent_winning_cells(), open, child_threats, list);
    Bitboard threats;
    while (const Bitboard move = list.next(threats)) root.order[root.size++] = column_of(move);
}

bool Searcher::probe(Root& root, int col, int target) {
    if (stop_ != StopReason::kNone) return false;  // a stopped search stays stopped
    ColumnValue& v = root.columns[col];
    assert(v.legal && v.lower < target && target <= v.upper);
    Position child = root.pos;
    child.play(col);
    // The child scores <= -target exactly when the move is worth >= target.
    const int r =
        -negamax(child, root.child_keys[col], child.opponent_winning_cells(), -target, -target + 1);
    if (stop_ != StopReason::kNone) return false;
    // A weak search may prove more than it asked for: keep within [lower, upper].
    if (r >= target) v.lower = clamp(r, v.lower, v.upper);
    else v.upper = clamp(r, v.lower, v.upper);
    return true;
}

void Searcher::settle(Root& root, int col, bool sign_only) {
    ColumnValue& v = root.columns[col];
    while (v.legal && v.lower < v.upper) {
        if (sign_only && sign(v.lower) == sign(v.upper)) return;
        // For the sign: is it at least a draw, then is it a win?
        int target = sign_only ? (v.lower < 0 ? 0 : 1) : probe_point(v.lower, v.upper) + 1;
        // A column capped by its child's parents is worth exactly the cap as often as
        // that child is a best move of a parent: ask that first. (Analyses of 40
        // positions with 9 discs, the book's depth: the caps alone 11 % fewer nodes,
        // with this question first 13 %.)
        if (!sign_only && (root.capped >> col & 1)) {
            target = v.upper;
            root.capped &= static_cast<ColumnSet>(~(ColumnSet{1} << col));
        }
        if (!probe(root, col, target)) return;
    }
}

ColumnSet Searcher::columns_worth(Root& root, const ColumnOrder& order, int first, int target,
                                  bool first_only) {
    ColumnSet worth = 0;
    for (int i = 0; i < kWidth; ++i) {
        const int col = order[static_cast<std::size_t>((first + i) % kWidth)];
        const ColumnValue& v = root.columns[col];
        if (!v.legal || v.upper < target) continue;
        if (v.lower < target && !probe(root, col, target)) break;
        if (v.lower < target) continue;
        worth |= ColumnSet{1} << col;
        if (first_only) break;
    }
    return worth;
}

void Searcher::search_root(const Position& pos, bool weak, const ColumnOrder* first_best,
                           SearchResult& result) {
    Root root;
    init_root(pos, weak, root);
    const auto& cols = root.columns;
    auto bounds = [&](int& lower, int& upper) {
        lower = upper = -kInfinity;
        for (const ColumnValue& v : cols) {
            if (!v.legal) continue;
            lower = std::max(lower, v.lower);
            upper = std::max(upper, v.upper);
        }
    };
    // Just past the book, the parents' bound on the score (see solve_root), which no
    // column need prove: the score is at least that.
    int floor = -kInfinity;
    if (!root.known) {
        floor = parents_bound(pos);
        if (weak && floor > -kInfinity) floor = sign(floor);
    }
    int lower, upper;
    auto narrow = [&] {
        bounds(lower, upper);
        lower = std::max(lower, std::min(floor, upper));
    };
    narrow();
    // The book's score needs no probes to find: only the columns worth it.
    if (root.known) lower = upper = *root.known;
    // As in solve_root, null-window probes narrow the score; here each one asks the
    // columns in turn whether one of them is worth more than `mid`, and what each
    // answer proves about a column stays with that column. The first asks whether
    // any is worth more than the parents' bound.
    bool probe_floor = lower == floor;
    ScoreGuess guess;
    while (lower < upper && stop_ == StopReason::kNone) {
        const int mid = probe_floor ? lower : guess.next_point(lower, upper);
        probe_floor = false;
        const std::uint64_t before = nodes_;
        for (int i = 0; i < root.size; ++i) {
            const ColumnValue& v = cols[root.order[i]];
            if (v.upper <= mid) continue;
            if (!probe(root, root.order[i], mid + 1) || v.lower > mid) break;
        }
        narrow();
        if (stop_ == StopReason::kNone) guess.note(mid, lower > mid, nodes_ - before);
    }
    result.lower = lower;
    result.upper = upper;

    // The best move: when the score is known, the centre-most column worth it, after
    // checking every column that might be (or the first of `first_best` worth it);
    // otherwise the best proven lower bound (then the best upper bound, then the
    // centre-most).
    ColumnSet ties = 0;
    if (lower == upper)
        ties = columns_worth(root, first_best ? *first_best : kCentreOrder, 0, lower,
                             first_best != nullptr);
    if (ties == 0 || stop_ != StopReason::kNone) {
        int best_lower = -kInfinity, best_upper = -kInfinity;
        for (int col : kCentreOrder) {
            const ColumnValue& v = cols[col];
            if (!v.legal) continue;
            if (v.lower > best_lower || (v.lower == best_lower && v.upper > best_upper)) {
                best_lower = v.lower;
                best_upper = v.upper;
                ties = ColumnSet{1} << col;
            }
        }
        // Stopped before a column was proven worth the book's score: report what the
        // columns prove, so that an exact result always comes with a move worth it.
        if (best_lower < result.lower) bounds(result.lower, result.upper);
    }
    result.best_move = centre_most(ties);
    result.best_moves = ties;
}

SearchResult Searcher::search(const Position& pos, bool weak, const SearchLimits& limits,
                            bool want_move, const ColumnOrder* first_best) {
    assert(!pos.is_over());
    begin(limits);
    SearchResult result;
    if (want_move) search_root(pos, weak, first_best, result);
    else solve_root(pos, weak, result);
    result.exact = result.lower == result.upper;
    result.score = result.exact ? result.lower : 0;
    finish(result);
    return result;
}

std::uint64_t Searcher::probe_columns(const Position& pos, bool weak,
                                      const SearchLimits& limits, const ColumnOrder& order,
                                      int first) {
    assert(!pos.is_over());
    begin(limits);
    Root root;
    init_root(pos, weak, root);
    if (root.known) columns_worth(root, order, first, *root.known, false);
    return nodes_;
}

Analysis Searcher::analyze(const Position& pos, bool weak, const SearchLimits& limits) {
    assert(!pos.is_over());
    begin(limits);
    Root root;
    init_root(pos, weak, root);
    // First the sign of every column (which wins, which draws), then the exact scores:
    // a limit that stops the analysis early still leaves every column's outcome known
    // as far as it got.
    for (int col : kCentreOrder) settle(root, col, true);
    if (!weak)
        for (int col : kCentreOrder) settle(root, col, false);
    Analysis analysis;
    analysis.columns = root.columns;
    finish(analysis);
    return analysis;
}

// ---------------------------------------------------------------------------------
// Solver: the main search on the calling thread, helpers on threads of their own.

// The helper threads of a Solver. Each has its own Searcher on the Solver's table and
// sleeps until a search starts; then it searches the same position until the main
// search is over.
class Solver::Helpers {
  public:
    enum class Task : std::uint8_t {
        kScore,    // the score of the position
        kColumns,  // the score of each child, from a column of the helper's own
        kTies,     // which columns are worth the book's score, from a column of its own
    };

    Helpers(TranspositionTable& table, BusyTable& busy, int count) {
        workers_.reserve(static_cast<std::size_t>(count));
        for (int i = 0; i < count; ++i) {
            workers_.push_back(std::make_unique<Worker>(table));
            workers_.back()->searcher.set_busy_table(&busy);
            // Probes beside the main search's: +1, -1, +2, -2, ...
            workers_.back()->searcher.set_probe_bias(i % 2 ? -(i / 2 + 1) : i / 2 + 1);
        }
        try {
            for (int i = 0; i < count; ++i) {
                Worker* w = workers_[static_cast<std::size_t>(i)].get();
                w->thread = std::thread([this, w, i] { loop(*w, i + 1); });
            }
        } catch (...) {  // no more threads: stop those already started
            quit();
            throw;
        }
    }

    ~Helpers() { quit(); }

    int count() const { return static_cast<int>(workers_.size()); }

    // False in a child made by fork(): the threads, and the waits on the locks and
    // conditions below, are the parent's.
    bool in_this_process() const { return owner_ == current_process(); }

    void for_each(const auto& f) {
        for (auto& w : workers_) f(w->searcher);
    }

    // Start every helper on `pos`. With kScore, the helper that proves the score raises
    // `done` (the main search's abort flag). With kTies, the helpers ask the columns in
    // `order`, each from a later one than the last.
    void start(const Position& pos, bool weak, Task task, std::uint64_t max_nodes,
               std::atomic<bool>* done, const ColumnOrder& order = kCentreOrder) {
        std::lock_guard lock(mutex_);
        for (auto& w : workers_) w->searcher.abort_flag().store(false);
        pos_ = pos;
        weak_ = weak;
        task_ = task;
        order_ = order;
        max_nodes_ = max_nodes;
        done_ = done;
        solved_.reset();
        busy_ = count();
        ++job_;
        wake_.notify_all();
    }

    // Stop the helpers and wait for them; their nodes.
    std::uint64_t stop() {
        for (auto& w : workers_) w->searcher.abort_flag().store(true);
        std::unique_lock lock(mutex_);
        idle_.wait(lock, [this] { return busy_ == 0; });
        std::uint64_t nodes = 0;
        for (auto& w : workers_) nodes += w->nodes;
        return nodes;
    }

    // After stop(): the result of the helper that proved the score, if one did.
    const std::optional<SearchResult>& solved() const { return solved_; }

  private:
    void quit() {
        {
            std::lock_guard lock(mutex_);
            quit_ = true;
        }
        wake_.notify_all();
        for (auto& w : workers_)
            if (w->thread.joinable()) w->thread.join();
    }

    struct Worker {
        explicit Worker(TranspositionTable& table) : searcher(table) {}
        Searcher searcher;
        std::thread thread;
        std::uint64_t nodes = 0;  // in the last job
    };

    void loop(Worker& w, int index) {
        std::uint64_t seen = 0;
        std::unique_lock lock(mutex_);
        for (;;) {
            wake_.wait(lock, [&] { return quit_ || job_ != seen; });
            if (quit_) return;
            seen = job_;
            const Position pos = pos_;
            const bool weak = weak_;
            const Task task = task_;
            const ColumnOrder order = order_;
            const std::uint64_t max_nodes = max_nodes_;
            lock.unlock();

            std::uint64_t nodes = 0;
            std::optional<SearchResult> proved;
            SearchLimits limits;
            limits.max_nodes = max_nodes;
            if (task == Task::kScore) {
                const SearchResult r = w.searcher.search(pos, weak, limits, false);
                nodes = r.nodes;
                if (r.stop == StopReason::kNone) proved = r;
            } else if (task == Task::kTies) {
                nodes = w.searcher.probe_columns(pos, weak, limits, order, index);
            } else {
                for (int i = 0; i < kWidth; ++i) {
                    const int col = kCentreOrder[(i + index) % kWidth];
                    if (!pos.can_play(col)) continue;
                    Position child = pos;
                    child.play(col);
                    if (child.is_over()) continue;
                    if (max_nodes && nodes >= max_nodes) break;
                    if (max_nodes) limits.max_nodes = max_nodes - nodes;
                    const SearchResult r = w.searcher.search(child, weak, limits, false);
                    nodes += r.nodes;
                    if (r.stop != StopReason::kNone) break;
                }
            }

            lock.lock();
            w.nodes = nodes;
            if (proved && !solved_) {
                solved_ = proved;
                if (done_) done_->store(true);
            }
            if (--busy_ == 0) idle_.notify_all();
        }
    }

    const long owner_ = current_process();
    std::vector<std::unique_ptr<Worker>> workers_;
    std::mutex mutex_;
    std::condition_variable wake_;  // a job, or quit
    std::condition_variable idle_;  // every helper done with the job
    std::uint64_t job_ = 0;         // jobs started so far
    int busy_ = 0;                  // helpers still on the current job
    bool quit_ = false;
    // The current job.
    Position pos_;
    bool weak_ = false;
    Task task_ = Task::kScore;
    ColumnOrder order_ = kCentreOrder;
    std::uint64_t max_nodes_ = 0;
    std::atomic<bool>* done_ = nullptr;
    std::optional<SearchResult> solved_;
};

Solver::Solver(std::size_t table_bytes, int threads) : table_(table_bytes), main_(table_) {
    if (threads < 1) threads = 1;
    if (threads > kMaxThreads) threads = kMaxThreads;
    if (threads > 1) {
        main_.set_busy_table(&busy_);
        start_helpers(threads - 1);
    }
}

Solver::~Solver() { forget_forked_helpers(); }

void Solver::start_helpers(int count) {
    helpers_ = std::make_unique<Helpers>(table_, busy_, count);
    helpers_->for_each([&](Searcher& s) { s.set_book(main_.book()); });
}

int Solver::forget_forked_helpers() {
    if (!helpers_ || helpers_->in_this_process()) return 0;
    // A child made by fork(): the helpers' threads do not exist here, and joining them,
    // or destroying the conditions they waited on, would wait forever. Their memory is
    // the parent's copy: leave it be.
    const int count = helpers_->count();
    (void)helpers_.release();
    return count;
}

int Solver::threads() const { return 1 + (helpers_ ? helpers_->count() : 0); }

void Solver::set_book(std::shared_ptr<const Book> book) {
    if (helpers_) helpers_->for_each([&](Searcher& s) { s.set_book(book); });
    main_.set_book(std::move(book));
}

void Solver::clear_table() {
    table_.clear();
    main_.clear_own_tables();
    if (helpers_) helpers_->for_each([](Searcher& s) { s.clear_own_tables(); });
}

std::optional<SearchLimits> Solver::begin_search(const SearchLimits& limits) {
    main_.abort_flag().store(false);  // (a helper of the last search may have raised it)
    if (const int count = forget_forked_helpers()) start_helpers(count);
    const auto n = static_cast<std::uint64_t>(threads());
    // One thread, or a node limit too small to share out: the calling thread alone.
    if (!helpers_ || (limits.max_nodes && limits.max_nodes < n)) return std::nullopt;
    SearchLimits mine = limits;
    mine.max_nodes = limits.max_nodes / n;  // each thread's share (0: no limit)
    return mine;
}

SearchResult Solver::search(const Position& pos, bool weak, const SearchLimits& limits,
                            bool want_move, const ColumnOrder* first_best) {
    const auto mine = begin_search(limits);
    if (!mine) return main_.search(pos, weak, limits, want_move, first_best);
    // The helpers prove the score. When only the score is wanted, the first thread to
    // prove it ends the search; with a move wanted, the main search's per-column bounds
    // give the answer, and the helpers' work reaches it through the table. When the
    // book holds the score and a move is wanted, they ask the columns whether they are
    // worth it instead, each from a later column of the main search's order than the
    // main search and the helpers before it.
    if (want_move && main_.book() && main_.book()->get(pos)) {
        helpers_->start(pos, weak, Helpers::Task::kTies, mine->max_nodes, nullptr,
                        first_best ? *first_best : kCentreOrder);
    } else {
        helpers_->start(pos, weak, Helpers::Task::kScore, mine->max_nodes,
                        want_move ? nullptr : &main_.abort_flag());
    }
    SearchResult r = main_.search(pos, weak, *mine, want_move, first_best);
    r.nodes += helpers_->stop();
    if (const auto& solved = helpers_->solved();
        solved && r.stop == StopReason::kStopped && main_.aborted()) {
        r.exact = true;
        r.score = r.lower = r.upper = solved->score;
        r.stop = StopReason::kNone;
    }
    return r;
}

Analysis Solver::analyze(const Position& pos, bool weak, const SearchLimits& limits) {
    const auto mine = begin_search(limits);
    if (!mine) return main_.analyze(pos, weak, limits);
    helpers_->start(pos, weak, Helpers::Task::kColumns, mine->max_nodes, nullptr);
    Analysis a = main_.analyze(pos, weak, *mine);
    a.nodes += helpers_->stop();
    return a;
}

}  // namespace link4
