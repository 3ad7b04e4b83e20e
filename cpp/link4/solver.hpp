// The perfect solver: negamax with alpha-beta over the bitboard, a transposition
// table of proven bounds, and a null-window driver that narrows onto the exact score.
//
// Scores follow the convention of DESIGN.md, from the side to move: 0 draw; a win
// with one's k-th disc scores 22 - k; a loss scores minus the opponent's figure.
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>

#include "link4/bitboard.hpp"
#include "link4/score.hpp"
#include "link4/tt.hpp"

namespace link4 {

// What may end a search early. Zero / null fields mean "no limit".
struct SearchLimits {
    std::uint64_t max_nodes = 0;
    double max_seconds = 0;
    const std::atomic<bool>* stop = nullptr;  // set by another thread to stop
    // Called every few milliseconds; returns true to stop (the bindings check for
    // Ctrl-C here).
    bool (*poll)(void*) = nullptr;
    void* poll_arg = nullptr;
};

enum class StopReason : std::uint8_t { kNone, kNodes, kTime, kStopped };

struct SearchResult {
    bool exact = false;
    int score = 0;   // valid when exact
    int lower = 0;   // the score is proven >= lower
    int upper = 0;   // ... and <= upper
    int best_move = -1;  // 0-based column, -1 when not asked for
    std::uint64_t nodes = 0;
    double seconds = 0;
    StopReason stop = StopReason::kNone;
};

class Solver {
  public:
    static constexpr std::size_t kDefaultTableBytes = std::size_t{64} << 20;

    explicit Solver(std::size_t table_bytes = kDefaultTableBytes) : table_(table_bytes) {}

    // Exact (weak: only the sign) score of `pos`, within `limits`. Precondition: the
    // game is not over. With `want_move`, also a best column (an exact one when the
    // score is exact; the move behind the best proven bound otherwise).
    SearchResult search(const Position& pos, bool weak, const SearchLimits& limits,
                        bool want_move);

    void clear_table() { table_.clear(); near_table_.clear(); }
    std::size_t table_bytes() const { return table_.bytes(); }
    std::uint64_t nodes() const { return nodes_; }

  private:
    int negamax(const Position& pos, Bitboard key, int alpha, int beta);
    int find_best_move(const Position& pos, int score, bool weak);
    bool limit_reached();

    // Positions with this many discs or more go to a small table that stays in the
    // processor's caches: they are the bulk of the nodes, each one's subtree is small,
    // and a probe there costs a fraction of a main-memory miss.
    static constexpr int kNearEndMoves = 18;
    static constexpr std::size_t kNearTableBytes = std::size_t{2} << 20;
    static constexpr int kInfinity = 127;

    TranspositionTable& table_for(int moves) {
        return moves >= kNearEndMoves ? near_table_ : table_;
    }
    const TranspositionTable& table_for(int moves) const {
        return moves >= kNearEndMoves ? near_table_ : table_;
    }
    int transposition_cutoff(const Position& pos, Bitboard candidates, int beta,
                             Bitboard child_keys[kWidth]) const;

    TranspositionTable table_;
    TranspositionTable near_table_{kNearTableBytes};
    std::uint64_t nodes_ = 0;
    // Limits of the current search.
    SearchLimits limits_;
    std::uint64_t next_check_ = 0;
    std::chrono::steady_clock::time_point start_;
    std::chrono::steady_clock::time_point next_poll_;
    StopReason stop_ = StopReason::kNone;
    int root_moves_ = 0;
    int root_best_ = -1;
};

}  // namespace link4
