// The inner search: negamax over the bitboard with the transposition table, the static
// bounds and the enhanced transposition cutoff (docs/solver.md, "The search"). Move
// ordering and the static bounds are inline headers, compiled into negamax.
//
// Included by the files that compile the search for their geometries: search.cpp for
// the standard board alone, search_sizes.cpp for the others, so that the standard
// board's search is compiled as when it was the only one (compiled with the others in
// one file it ran 1 % more instructions).
#pragma once

#include <cassert>
#include <chrono>

#include "link4/movepick.hpp"
#include "link4/searcher.hpp"
#include "link4/static_bounds.hpp"

#if defined(__GNUC__)
#define LINK4_ALWAYS_INLINE [[gnu::always_inline]] inline
#else
#define LINK4_ALWAYS_INLINE inline
#endif

namespace link4 {

template <typename G>
bool Searcher<G>::limit_reached() {
    if (abort_.load(std::memory_order_relaxed)) {
        stop_ = StopReason::kStopped;
        aborted_ = true;
        return true;
    }
    if (probe_number_ && share_->settled(probe_number_)) {
        stop_ = StopReason::kStopped;
        dropped_ = true;
        return true;
    }
    if (limits_.max_nodes && nodes_ >= limits_.max_nodes) {
        stop_ = StopReason::kNodes;
        return true;
    }
    next_check_ = nodes_ + 1024;
    if (limits_.max_nodes && next_check_ > limits_.max_nodes) next_check_ = limits_.max_nodes;
    if (tally_) {
        tally_->fetch_add(nodes_ - tallied_, std::memory_order_relaxed);
        tallied_ = nodes_;
    }
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
    if (progress_.report && now >= next_report_) {
        report_progress(now);
        next_report_ = std::chrono::steady_clock::now() +
                       std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                           std::chrono::duration<double>(progress_.every));
    }
    return false;
}

template <typename G>
void Searcher<G>::begin(const SearchRequest& request) {
    nodes_ = 0;
    tallied_ = 0;
    aborted_ = false;
    limits_ = request.limits;
    progress_ = request.progress;
    root_pos_ = nullptr;
    root_ = nullptr;
    root_lower_ = -kInfinity;
    root_upper_ = kInfinity;
    guess_ = ScoreGuess(request.probe_costs);
    stop_ = StopReason::kNone;
    probe_number_ = 0;
    dropped_ = false;
    start_ = std::chrono::steady_clock::now();
    next_poll_ = start_ + std::chrono::milliseconds(20);
    next_check_ = 1024;
    if (limits_.max_nodes && next_check_ > limits_.max_nodes) next_check_ = limits_.max_nodes;
    next_report_ = start_ + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                std::chrono::duration<double>(progress_.every));
}

// Enhanced transposition cutoff (docs/solver.md, "The cutoff test"): a lower bound >=
// beta on our score that the table or the static bounds prove through one child (from
// the child's upper bound), without searching anything, which cuts the node off; a
// value below beta when no child gives one. The children's slots are loaded together
// so that their cache misses overlap. The static bounds prove at best that the child
// scores <= -kClaimevenBest; they are only tried when beta <= kCutoffStaticBeta, and
// only when no child's table entry cuts. The children's keys are left in child_keys
// for the search to reuse, and, when no child cuts, the lower bounds the table holds
// on their scores in child_lowers.
template <typename G>
int Searcher<G>::transposition_cutoff(const Position& pos, Bitboard candidates, int beta,
                                      ChildKeys& child_keys, ChildLowers& child_lowers,
                                      ChildThreats<G>& child_threats) const {
    const Table& table = table_for(pos.moves() + 1);
    const ChildCanonicalKeys keys(pos);
    for (Bitboard c = candidates; c;) {
        const Bitboard move = c & (~c + Bitboard{1});
        c ^= move;
        const Bitboard key = keys(move);
        child_keys[lowest_bit(move)] = key;
        table.prefetch(key);
    }
    int uppers[G::kCellBits];
    for (Bitboard c = candidates; c;) {
        const Bitboard move = c & (~c + Bitboard{1});
        c ^= move;
        const auto known = table.probe(child_keys[lowest_bit(move)]);
        if (-known.upper >= beta) return -known.upper;  // we score >= -upper
        uppers[lowest_bit(move)] = known.upper;
        child_lowers[lowest_bit(move)] = known.lower;
    }
    if (beta > kCutoffStaticBeta) return -kInfinity;
    const ChildStaticBounds<G> statics(pos, candidates);
    for (Bitboard c = candidates; c;) {
        const Bitboard move = c & (~c + Bitboard{1});
        c ^= move;
        const int table_upper = uppers[lowest_bit(move)];
        Position child = pos;
        child.play_cell(move);
        const int upper = statics.child_upper(child, move, table_upper, child_threats);
        assert(matches_static_upper(child, -beta, table_upper, upper));
        if (-upper >= beta) return -upper;
    }
    return -kInfinity;
}

template <typename G>
LINK4_ALWAYS_INLINE bool Searcher<G>::narrow_window(const Position& pos, Bitboard key,
                                                    Bitboard threats, const Table& table,
                                                    int& alpha, int& beta) const {
    // Neither side can win with its next disc: we play a non-losing move, and we cannot
    // win with ours (a precondition).
    int lower = quiet_lower_score(cells(), pos.moves());
    int upper = quiet_upper_score(cells(), pos.moves());

    const auto known = table.probe(key);
    if (known.lower > lower) lower = known.lower;
    if (known.upper < upper) upper = known.upper;
    if (lower < upper) tighten_static_bounds(pos, threats, alpha, beta, lower, upper);
    assert(lower <= upper);

    if (alpha < lower) {
        alpha = lower;
        if (alpha >= beta) return true;
    }
    if (beta > upper) {
        beta = upper;
        if (alpha >= beta) {
            alpha = beta;
            return true;
        }
    }
    return false;
}

// Contract: returns v with
//   v <= alpha  => the true score is <= v  (an upper bound),
//   v >= beta   => the true score is >= v  (a lower bound),
//   otherwise   v is the exact score.
// Preconditions: alpha < beta; key == pos.canonical_key(); threats ==
// pos.opponent_winning_cells(); the game is not over; the side to move cannot win with
// its next disc. When a limit stops the search the value is meaningless and stop_ is
// set; nothing is stored in the table after that.
template <typename G>
int Searcher<G>::negamax(const Position& pos, Bitboard key, Bitboard threats, int alpha, int beta) {
    assert(alpha < beta);
    assert(key == pos.canonical_key());
    assert(threats == pos.opponent_winning_cells());
    assert(!pos.can_win_next() && !pos.is_over());

    if (++nodes_ >= next_check_ && limit_reached()) return 0;
    if (pos.moves() <= book_depth_) {
        if (const auto known = book_->get_key(key)) return *known;  // exact: any window
    }
    const std::uint64_t first_node = nodes_;
    const Bitboard candidates = pos.non_losing_moves(threats);
    if (!candidates) return lose_next_score(cells(), pos.moves());
    if (pos.moves() >= cells() - 2) return 0;  // two discs left, neither can win
    // One move only (a forced block, or the one column not under an opponent's winning
    // cell): this position's score is its child's, which does all the work itself.
    if (!(candidates & (candidates - Bitboard{1}))) {
        Position child = pos;
        child.play_cell(candidates);
        return -negamax(child, -beta, -alpha);
    }
    // The table slot may be a cache miss (though the parent's cutoff test has mostly
    // loaded it already): start loading it while the bounds are worked out.
    Table& table = table_for(pos.moves());
    table.prefetch(key);
    if (narrow_window(pos, key, threats, table, alpha, beta)) return alpha;

    ChildKeys child_keys;
    ChildLowers child_lowers;
    ChildThreats<G> child_threats(pos);
    if (const int v =
            transposition_cutoff(pos, candidates, beta, child_keys, child_lowers, child_threats);
        v >= beta) {
        table.store(key, Bound::kLower, v, 1);
        return v;
    }

    MoveList<G> moves;
    order_moves(pos, threats, candidates, child_threats, moves);
    // With other threads on the same search: a child that one of them is searching
    // right now waits until the other children are done, the first child too (the
    // thread in it is proving what it can); by then the table often holds its answer.
    const bool shared = busy_ && pos.moves() < kSharedMoves;
    struct Deferred {
        Bitboard move, threats;
    } deferred[G::kColumns];
    int n_deferred = 0;
    for (;;) {
        Bitboard threats_after;  // ours after the move: the child's opponent threats
        Bitboard move = moves.next(threats_after);
        if (!move) {
            if (n_deferred == 0) break;
            const Deferred& d = deferred[--n_deferred];  // (the order hardly matters here)
            move = d.move;
            threats_after = d.threats;
        } else if (shared && busy_->busy(child_keys[lowest_bit(move)])) {
            deferred[n_deferred++] = {move, threats_after};
            continue;
        }
        // A move the table already proves no better than alpha cannot raise it.
        if (-child_lowers[lowest_bit(move)] <= alpha) continue;
        const Bitboard child_key = child_keys[lowest_bit(move)];
        Position child = pos;
        child.play_cell(move);
        if (shared) busy_->enter(child_key);
        const int score = -negamax(child, child_key, threats_after, -beta, -alpha);
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

}  // namespace link4
