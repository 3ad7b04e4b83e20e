// The perfect solver: negamax with alpha-beta over the bitboard, a transposition
// table of proven bounds, and a null-window driver that narrows onto the exact score.
//
// Scores follow the convention of DESIGN.md, from the side to move: 0 draw; a win
// with one's k-th disc scores 22 - k; a loss scores minus the opponent's figure.
#pragma once

#include <array>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>

#include "link4/bitboard.hpp"
#include "link4/book.hpp"
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
    // With a move asked for: a column whose proven value is at least `lower` (so it
    // never loses faster than the bounds say); when exact, the best move by the tie rule
    // (the centre-most of the best). -1 when not asked for.
    int best_move = -1;
    // When exact and not stopped: every column worth the score. Otherwise best_move alone.
    ColumnSet best_moves = 0;
    std::uint64_t nodes = 0;
    double seconds = 0;
    StopReason stop = StopReason::kNone;
};

// What is proven about the value of playing one column, from the mover's view.
struct ColumnValue {
    bool legal = false;  // false: the column is full (or the game is over)
    int lower = 0;
    int upper = 0;
    constexpr bool exact() const { return lower == upper; }
};

struct Analysis {
    std::array<ColumnValue, kWidth> columns{};
    std::uint64_t nodes = 0;
    double seconds = 0;
    StopReason stop = StopReason::kNone;
};

// The one tie rule of "the best move": among the columns of `ties`, the centre-most
// (the left one of two at the same distance). -1 for an empty set.
constexpr int centre_most(ColumnSet ties) {
    for (int col : kCentreOrder)
        if (ties & (ColumnSet{1} << col)) return col;
    return -1;
}

class Solver {
  public:
    static constexpr std::size_t kDefaultTableBytes = std::size_t{64} << 20;

    explicit Solver(std::size_t table_bytes = kDefaultTableBytes) : table_(table_bytes) {}

    // Exact (weak: only the sign) score of `pos`, within `limits`. Precondition: the
    // game is not over. With `want_move`, also the best move and its ties (see
    // SearchResult); honest under any limit.
    SearchResult search(const Position& pos, bool weak, const SearchLimits& limits,
                        bool want_move);

    // The value of every column of `pos`: exact, or the bounds proven when `limits`
    // (which cover the whole analysis) ran out. The signs of all columns are settled
    // first, then the exact scores, columns from the centre outwards; what is proven
    // stays proven when a limit stops it. Precondition: the game is not over.
    Analysis analyze(const Position& pos, bool weak, const SearchLimits& limits);

    // Positions the book holds (within its depth) are leaves with their exact score.
    // None: search everything (the benchmark's setting).
    void set_book(std::shared_ptr<const Book> book) {
        book_ = std::move(book);
        book_depth_ = book_ ? book_->depth() : -1;
    }
    const std::shared_ptr<const Book>& book() const { return book_; }

    void clear_table() { table_.clear(); near_table_.clear(); }
    std::size_t table_bytes() const { return table_.bytes(); }
    std::uint64_t nodes() const { return nodes_; }

  private:
    int negamax(const Position& pos, Bitboard key, int alpha, int beta);
    bool limit_reached();
    void begin(const SearchLimits& limits);
    template <typename Result>
    void finish(Result& result) const;

    // The null-window driver: the score of `pos` alone (the benchmark's path).
    void solve_root(const Position& pos, bool weak, SearchResult& result);
    // The root with a value per column: the score, the best move and its ties.
    void search_root(const Position& pos, bool weak, SearchResult& result);

    // Proven bounds per column of the root position, narrowed probe by probe.
    struct Root {
        Position pos;
        bool weak = false;
        std::array<ColumnValue, kWidth> columns{};
        std::array<Bitboard, kWidth> child_keys{};
        std::array<int, kWidth> order{};  // the columns still open, best first
        int size = 0;
    };
    void init_root(const Position& pos, bool weak, Root& root) const;
    // Is playing `col` worth at least `target`? One null-window search of the child;
    // its answer narrows the column's bounds. False when a limit stopped it.
    bool probe(Root& root, int col, int target);
    // Narrow one column to its exact value, or only to its sign.
    void settle(Root& root, int col, bool sign_only);

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
    std::shared_ptr<const Book> book_;
    int book_depth_ = -1;
    std::uint64_t nodes_ = 0;
    // Limits of the current search.
    SearchLimits limits_;
    std::uint64_t next_check_ = 0;
    std::chrono::steady_clock::time_point start_;
    std::chrono::steady_clock::time_point next_poll_;
    StopReason stop_ = StopReason::kNone;
};

}  // namespace link4
