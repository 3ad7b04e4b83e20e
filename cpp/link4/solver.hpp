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
#include <optional>
#include <vector>

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
    // (the centre-most of the best), or the first best one of a given order. -1 when not
    // asked for.
    int best_move = -1;
    // When exact and not stopped, and no order given: every column worth the score.
    // Otherwise best_move alone.
    ColumnSet best_moves = 0;
    std::uint64_t nodes = 0;
    double seconds = 0;
    StopReason stop = StopReason::kNone;
};

// An order of the columns (each once) in which a search looks for one best move.
using ColumnOrder = std::array<int, kWidth>;

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

// Which positions the threads of one search are searching right now, as counts in
// slots picked by a hash of the key (two positions may share a slot: then one of them
// looks busy when it is not, which costs a little order, never a wrong answer).
class BusyTable {
  public:
    bool busy(Bitboard key) const { return slots_[index(key)].load(std::memory_order_relaxed) != 0; }
    void enter(Bitboard key) { slots_[index(key)].fetch_add(1, std::memory_order_relaxed); }
    void leave(Bitboard key) { slots_[index(key)].fetch_sub(1, std::memory_order_relaxed); }

  private:
    static constexpr int kBits = 16;
    static std::size_t index(Bitboard key) { return (key * 0x9E3779B97F4A7C15ull) >> (64 - kBits); }
    std::array<std::atomic<std::uint16_t>, std::size_t{1} << kBits> slots_{};
};

// The mover's winning cells after each of its moves from `pos`, by the move's bit
// (std::countr_zero(move)): worked out once, by the first of the cutoff test and the
// move ordering that asks.
class ChildThreats {
  public:
    explicit ChildThreats(const Position& pos) : pos_(pos) {}
    Bitboard get(Bitboard move) {
        const int i = std::countr_zero(move);
        if (!(known_ & move)) {
            threats_[i] = work_out(move);
            known_ |= move;
        }
        return threats_[i];
    }
    // The same for the last one to ask, which keeps nothing.
    Bitboard get_last(Bitboard move) const {
        return known_ & move ? threats_[std::countr_zero(move)] : work_out(move);
    }

  private:
    Bitboard work_out(Bitboard move) const {
        return winning_cells(pos_.current() | move, pos_.mask() | move);
    }
    const Position& pos_;
    Bitboard known_ = 0;
    Bitboard threats_[kWidth * kColumnBits];
};

// One thread's search: the negamax and its root drivers, the thread's own small table
// for the positions near the end, its node count and limits. The main table may be
// shared with other Searchers searching the same position at the same time.
class Searcher {
  public:
    explicit Searcher(TranspositionTable& table) : table_(table) {}

    SearchResult search(const Position& pos, bool weak, const SearchLimits& limits,
                        bool want_move, const ColumnOrder* first_best = nullptr);
    Analysis analyze(const Position& pos, bool weak, const SearchLimits& limits);
    // A helper's share of a search for the best moves of a position whose score the
    // book holds: whether each column is worth that score, asked of the columns of
    // `order` from its `first` on (round to the start). What it proves reaches the main
    // search through the table. Returns the nodes searched.
    std::uint64_t probe_columns(const Position& pos, bool weak, const SearchLimits& limits,
                                const ColumnOrder& order, int first);

    void set_book(std::shared_ptr<const Book> book) {
        book_ = std::move(book);
        book_depth_ = book_ ? book_->depth() : -1;
    }
    const std::shared_ptr<const Book>& book() const { return book_; }
    // Clears the thread's own tables (the main table is the Solver's to clear).
    void clear_own_tables() {
        near_table_.clear();
        last_table_.clear();
    }
    // Shared by the threads of one search (null: a single thread).
    void set_busy_table(BusyTable* busy) { busy_ = busy; }
    // Nonzero: the null-window probes of a score lie this far from the usual points, so
    // that a helper thread proves bounds the main search will ask for next.
    void set_probe_bias(int bias) { probe_bias_ = bias; }
    // Set from another thread: the search stops (StopReason::kStopped) at its next check.
    std::atomic<bool>& abort_flag() { return abort_; }
    // Whether the last search was stopped by the abort flag (and by nothing else).
    bool aborted() const { return aborted_; }
    std::uint64_t nodes() const { return nodes_; }

  private:
    // The exact score of `pos` when the book holds it.
    std::optional<int> book_score(const Position& pos) const {
        return book_ ? book_->get(pos) : std::nullopt;
    }
    // A lower bound on the score of `pos` from its parents in the book (each scores at
    // least what moving to `pos` gives it), or -kInfinity when the book holds none.
    int parents_bound(const Position& pos) const;
    int negamax(const Position& pos, Bitboard key, Bitboard threats, int alpha, int beta);
    // The same for a position whose key and opponent threats the caller has not at hand.
    int negamax(const Position& pos, int alpha, int beta) {
        return negamax(pos, pos.canonical_key(), pos.opponent_winning_cells(), alpha, beta);
    }
    bool limit_reached();
    void begin(const SearchLimits& limits);
    template <typename Result>
    void finish(Result& result) const;

    // The null-window driver: the score of `pos` alone (the benchmark's path).
    void solve_root(const Position& pos, bool weak, SearchResult& result);
    // The root with a value per column: the score, the best move and its ties (or only
    // the first best move of `first_best`).
    void search_root(const Position& pos, bool weak, const ColumnOrder* first_best,
                     SearchResult& result);

    // Proven bounds per column of the root position, narrowed probe by probe.
    struct Root {
        Position pos;
        bool weak = false;
        std::array<ColumnValue, kWidth> columns{};
        std::array<Bitboard, kWidth> child_keys{};
        std::array<int, kWidth> order{};  // the columns still open, best first
        int size = 0;
        std::optional<int> known;  // the position's own score (weak: its sign), from the book
        ColumnSet capped = 0;  // columns whose upper bound their children's parents gave
    };
    void init_root(const Position& pos, bool weak, Root& root);
    // Is playing `col` worth at least `target`? One null-window search of the child;
    // its answer narrows the column's bounds. False when a limit stopped it.
    bool probe(Root& root, int col, int target);
    // Narrow one column to its exact value, or only to its sign.
    void settle(Root& root, int col, bool sign_only);
    // The columns worth `target`, asked of those of `order` from its `first` on (round
    // to the start) by a probe where their bounds do not tell; with `first_only`, the
    // first of them alone. Stops early when a limit stops the search.
    ColumnSet columns_worth(Root& root, const ColumnOrder& order, int first, int target,
                            bool first_only);

    // The positions near the end of the game are the bulk of the nodes, each one's
    // subtree is small, and a probe in the 64 MB main table costs a main-memory miss.
    // So each thread keeps two small tables of its own: positions with kNearEndMoves
    // discs or more go to one of 4 MB, which stays in the shared cache (against 2 MB:
    // 5% fewer nodes on Begin-Hard, 8% on the empty board, in the same time), and those
    // with kLastMoves or more to one of 512 KB, which stays in the core's own cache.
    // (The last table: Begin-Hard's first 20 in 978-991 ms against 1,366-1,509 ms, the
    // empty board in 24.2 s against 34.8 s, for 6 % and 2 % more nodes.)
    static constexpr int kNearEndMoves = 18;
    static constexpr std::size_t kNearTableBytes = std::size_t{4} << 20;
    static constexpr int kLastMoves = 26;
    static constexpr std::size_t kLastTableBytes = std::size_t{512} << 10;
    static constexpr int kInfinity = 127;
    // Threads coordinate (BusyTable) on positions with fewer discs than this, whose
    // subtrees are large enough to be worth it.
    static constexpr int kSharedMoves = 16;

    // The table of positions with `moves` discs (const or not as the Searcher is).
    template <typename Self>
    static auto& table_for(Self& self, int moves) {
        return moves >= kLastMoves      ? self.last_table_
               : moves >= kNearEndMoves ? self.near_table_
                                        : self.table_;
    }
    TranspositionTable& table_for(int moves) { return table_for(*this, moves); }
    const TranspositionTable& table_for(int moves) const { return table_for(*this, moves); }
    // The keys of a node's children, indexed by the bit of the move (the cell's index
    // in a Bitboard, std::countr_zero(move)), which costs less to find than its column.
    using ChildKeys = Bitboard[kWidth * kColumnBits];
    // The lower bounds the table holds on the children's scores, indexed the same way.
    using ChildLowers = int[kWidth * kColumnBits];
    int transposition_cutoff(const Position& pos, Bitboard candidates, int beta,
                             ChildKeys& child_keys, ChildLowers& child_lowers,
                             ChildThreats& child_threats) const;

    TranspositionTable& table_;
    TranspositionTable near_table_{kNearTableBytes};
    TranspositionTable last_table_{kLastTableBytes};
    std::shared_ptr<const Book> book_;
    int book_depth_ = -1;
    BusyTable* busy_ = nullptr;
    int probe_bias_ = 0;
    std::uint64_t nodes_ = 0;
    // Limits of the current search.
    SearchLimits limits_;
    std::atomic<bool> abort_{false};
    bool aborted_ = false;
    std::uint64_t next_check_ = 0;
    std::chrono::steady_clock::time_point start_;
    std::chrono::steady_clock::time_point next_poll_;
    StopReason stop_ = StopReason::kNone;
};

// The perfect solver: a table, and one or more threads searching with it.
//
// With threads = N > 1 a search runs on N threads sharing the one table. The calling
// thread runs the search whose answer is given; N - 1 helpers prove the same score
// meanwhile, each probing beside the main search's null windows (one above, one
// below, ...). The threads tell each other through a BusyTable which positions they
// are in: a thread leaves a child another thread is searching for last (after Weill's
// ABDADA), so that they split the work of a node instead of repeating it, and what
// one proves reaches the others through the table. For a score alone (no move
// wanted) the first thread to prove it ends the search. Limits and stops work as with
// one thread: the node limit is shared out among the threads, and the answer's bounds
// are those the main search proved (or the helper's exact score). With one thread the
// search is deterministic: the same nodes every run.
class Solver {
  public:
    static constexpr std::size_t kDefaultTableBytes = std::size_t{64} << 20;
    static constexpr int kMaxThreads = 256;

    explicit Solver(std::size_t table_bytes = kDefaultTableBytes, int threads = 1);
    ~Solver();
    Solver(const Solver&) = delete;
    Solver& operator=(const Solver&) = delete;

    // Exact (weak: only the sign) score of `pos`, within `limits`. Precondition: the
    // game is not over. With `want_move`, also the best move and its ties (see
    // SearchResult); honest under any limit. With `first_best` as well, only the first
    // column of that order worth the score is looked for, not its ties: when several
    // moves tie, that proves fewer of them, and a random order draws one of the best
    // moves uniformly.
    SearchResult search(const Position& pos, bool weak, const SearchLimits& limits,
                        bool want_move, const ColumnOrder* first_best = nullptr);

    // The value of every column of `pos`: exact, or the bounds proven when `limits`
    // (which cover the whole analysis) ran out. The signs of all columns are settled
    // first, then the exact scores, columns from the centre outwards; what is proven
    // stays proven when a limit stops it. Precondition: the game is not over.
    Analysis analyze(const Position& pos, bool weak, const SearchLimits& limits);

    // Positions the book holds (within its depth) are leaves with their exact score.
    // None: search everything (the benchmark's setting).
    void set_book(std::shared_ptr<const Book> book);
    const std::shared_ptr<const Book>& book() const { return main_.book(); }

    void clear_table();
    std::size_t table_bytes() const { return table_.bytes(); }
    int threads() const;

  private:
    class Helpers;  // the helper threads (solver.cpp)

    // Readies a search of the calling thread (clearing the abort flag that a helper of
    // the last search may have raised, and in a child made by fork() starting helpers
    // of its own) and returns each thread's limits when helpers join it (the node limit
    // shared out), or none when the calling thread searches alone.
    std::optional<SearchLimits> begin_search(const SearchLimits& limits);
    // Helper threads for this process, searching with the main search's book.
    void start_helpers(int count);
    // In a child made by fork(): drops the parent's helpers without touching their
    // threads and returns how many there were; otherwise 0.
    int forget_forked_helpers();

    TranspositionTable table_;
    BusyTable busy_;
    Searcher main_;
    std::unique_ptr<Helpers> helpers_;
};

}  // namespace link4
