// One thread's search, private to the engine: the negamax (search.cpp) and its root
// drivers (root.cpp), with the thread's own small tables and its limits. The Solver
// (threads.cpp) runs one Searcher on the calling thread and one per helper thread.
#pragma once

#include <array>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <utility>

#include "link4/bitboard.hpp"
#include "link4/book.hpp"
#include "link4/child_threats.hpp"
#include "link4/probe_schedule.hpp"
#include "link4/probe_share.hpp"
#include "link4/score.hpp"
#include "link4/solver.hpp"
#include "link4/wide_table.hpp"

namespace link4 {

// Which positions the threads of one search are searching right now, as counts in
// slots picked by a hash of the key (two positions may share a slot: then one of them
// looks busy when it is not, which costs a little order, never a wrong answer).
class BusyTable {
  public:
    template <typename Key>
    bool busy(const Key& key) const {
        return slots_[index(key)].load(std::memory_order_relaxed) != 0;
    }
    template <typename Key>
    void enter(const Key& key) {
        slots_[index(key)].fetch_add(1, std::memory_order_relaxed);
    }
    template <typename Key>
    void leave(const Key& key) {
        slots_[index(key)].fetch_sub(1, std::memory_order_relaxed);
    }

  private:
    static constexpr int kBits = 16;
    template <typename Key>
    static std::size_t index(const Key& key) {
        return mix64(key) >> (64 - kBits);
    }
    std::array<std::atomic<std::uint16_t>, std::size_t{1} << kBits> slots_{};
};

// One thread's search, for the boards of geometry G. The main table may be shared with
// other Searchers searching the same position at the same time.
template <typename G>
class Searcher {
  public:
    using Bitboard = WordOf<G>;
    using Position = link4::Position<G>;
    using Table = TableOf<G>;
    using Book = link4::Book<G>;

    // A helper is given the main search's near-end table (`shared_near`) to share.
    Searcher(G g, Table& table, Table* shared_near = nullptr)
        : g_(g),
          table_(table),
          own_near_table_(shared_near ? 0 : near_table_bytes(table.word_count() * 8)),
          near_table_(shared_near ? *shared_near : own_near_table_),
          last_table_(kLastTableBytes) {}

    SearchResult search(const Position& pos, const SearchRequest& request);
    Analysis analyze(const Position& pos, const SearchRequest& request);
    // A helper's share of a search for the best moves of a position whose score the
    // book holds: whether each column is worth that score, asked of the columns of
    // the request's order from its `first` on (round to the start). What it proves
    // reaches the main search through the table. Returns the nodes searched.
    std::uint64_t probe_columns(const Position& pos, const SearchRequest& request, int first);
    // A helper's share of a search for the score alone: it joins each probe the main
    // search announces through the probe share, until the share closes or the search
    // stops. What it proves reaches the main search through the share and the table.
    // Returns the nodes searched.
    std::uint64_t follow_probes(const Position& pos, const SearchRequest& request);

    void set_book(std::shared_ptr<const Book> book) {
        book_ = std::move(book);
        book_depth_ = book_ ? book_->depth() : -1;
    }
    const std::shared_ptr<const Book>& book() const { return book_; }
    // The thread's near-end table (its own, or the main search's that it shares) and
    // its last one (for checkpoints).
    std::pair<Table&, Table&> own_tables() { return {near_table_, last_table_}; }
    std::pair<const Table&, const Table&> own_tables() const { return {near_table_, last_table_}; }
    // Clears the thread's own tables (the main table is the Solver's to clear, and a
    // shared near-end table the main search's).
    void clear_own_tables() {
        own_near_table_.clear();
        last_table_.clear();
    }
    // Shared by the threads of one search (null: a single thread).
    void set_busy_table(BusyTable* busy) { busy_ = busy; }
    // The probes of a search for the score alone, shared by the threads (null: a single
    // thread); the `lead` thread, the main search, announces them.
    void set_probe_share(ProbeShare* share, bool lead) {
        share_ = share;
        share_lead_ = lead;
    }
    // Nonzero: the null-window probes of a score lie this far from the usual points, so
    // that a helper thread proves bounds the main search will ask for next.
    void set_probe_bias(int bias) { probe_bias_ = bias; }
    // A helper's nodes are added to `tally` as it goes, every 1024 nodes or so; the main
    // search's progress reports count those of `others` besides its own (null: none).
    void set_node_tallies(std::atomic<std::uint64_t>* tally, const std::atomic<std::uint64_t>* others) {
        tally_ = tally;
        others_ = others;
    }
    // Set from another thread: the search stops (StopReason::kStopped) at its next check.
    std::atomic<bool>& abort_flag() { return abort_; }
    // Whether the last search was stopped by the abort flag (and by nothing else).
    bool aborted() const { return aborted_; }

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
    // Narrows [alpha, beta] to the bounds on the score of `pos` that its table entry
    // and the static bounds prove; true when that closes the window (the node's value
    // then in alpha).
    bool narrow_window(const Position& pos, Bitboard key, Bitboard threats,
                       const Table& table, int& alpha, int& beta) const;
    bool limit_reached();
    // Whether the last negamax stopped because its shared probe needed no more work;
    // if so, the search goes on (the stop is cleared).
    bool probe_dropped() {
        if (!dropped_) return false;
        dropped_ = false;
        stop_ = StopReason::kNone;
        return true;
    }
    void begin(const SearchRequest& request);
    // Calls the request's progress hook with what the search has proven by `now`.
    void report_progress(std::chrono::steady_clock::time_point now);
    // What each column of `pos` is proven worth by the table (its child's entry) and the
    // position's own upper bound: the columns of a search for the score alone.
    std::array<ColumnValue, kMaxWidth> columns_from_table(const Position& pos, bool weak, int upper);
    template <typename Result>
    void finish(Result& result) const;

    int cells() const { return g_.cells(); }
    // The board's columns from the centre outwards.
    std::span<const int> centre_order() const {
        return {g_.shape().centre_order.data(), static_cast<std::size_t>(g_.width())};
    }
    // The order of the request, or the centre order when it gives none.
    const ColumnOrder& order_of(const SearchRequest& request) const {
        return request.order[0] < 0 ? g_.shape().centre_order : request.order;
    }

    // The null-window driver: the score of `pos` alone (the benchmark's path).
    void solve_root(const Position& pos, bool weak, SearchResult& result);
    // The root with a value per column: the score, the best move and its ties (or only
    // the first best move of the request's order).
    void search_root(const Position& pos, const SearchRequest& request, SearchResult& result);

    // Proven bounds per column of the root position, narrowed probe by probe.
    struct Root {
        explicit Root(const Position& p) : pos(p) {}
        Position pos;
        bool weak = false;
        std::array<ColumnValue, kMaxWidth> columns{};
        std::array<Bitboard, kMaxWidth> child_keys{};
        std::array<int, kMaxWidth> order{};  // the columns still open, best first
        int size = 0;
        std::optional<int> known;  // the position's own score (weak: its sign), from the book
        ColumnSet capped = 0;  // columns whose upper bound their children's parents gave
    };
    void init_root(const Position& pos, bool weak, Root& root);
    // The bounds on the root's score that its columns prove.
    static void root_bounds(const Root& root, int& lower, int& upper);
    // The null-window probes of search_root: they narrow the root's score to [lower,
    // upper], from `floor` (a bound no column need prove) on.
    void narrow_root(Root& root, int floor, int& lower, int& upper);
    // The best move's set for search_root: the columns worth the score found (or
    // the best bounds proven), and the result's bounds lowered to what they prove.
    ColumnSet best_columns(Root& root, const SearchRequest& request, SearchResult& result);
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
    // subtree is small, and a probe in the main table costs a main-memory miss. So two
    // small tables hold them: positions with kNearEndEmpty empty cells or fewer go to
    // one that stays in the shared cache, one for all the threads of a search (what one
    // proves there, the others need not search again: 4 % fewer nodes on two threads),
    // and those with kLastEmpty or fewer to one of each thread's own that stays in the
    // core's own cache (shared, its lines would travel between the cores' caches).
    // The near-end table's size: near_table_bytes (solver.hpp).
    static constexpr int kNearEndEmpty = 24;
    static constexpr int kLastEmpty = 16;
    static constexpr std::size_t kLastTableBytes = std::size_t{512} << 10;
    static constexpr int kInfinity = 127;
    // Threads coordinate (BusyTable) on positions with fewer discs than this, whose
    // subtrees are large enough to be worth it.
    static constexpr int kSharedMoves = 16;

    // The table of positions with `moves` discs (const or not as the Searcher is).
    template <typename Self>
    static auto& table_for(Self& self, int moves) {
        const int empty = self.cells() - moves;
        return empty <= kLastEmpty      ? self.last_table_
               : empty <= kNearEndEmpty ? self.near_table_
                                        : self.table_;
    }
    Table& table_for(int moves) { return table_for(*this, moves); }
    const Table& table_for(int moves) const { return table_for(*this, moves); }
    // The keys of a node's children, indexed by the bit of the move (the cell's index
    // in a Bitboard, lowest_bit(move)), which costs less to find than its column.
    using ChildKeys = Bitboard[G::kCellBits];
    // The lower bounds the table holds on the children's scores, indexed the same way.
    using ChildLowers = int[G::kCellBits];
    int transposition_cutoff(const Position& pos, Bitboard candidates, int beta,
                             ChildKeys& child_keys, ChildLowers& child_lowers,
                             ChildThreats<G>& child_threats) const;

    [[no_unique_address]] G g_;
    Table& table_;
    Table own_near_table_;  // (a minimal one when the main search's is shared)
    Table& near_table_;
    Table last_table_;
    std::shared_ptr<const Book> book_;
    int book_depth_ = -1;
    BusyTable* busy_ = nullptr;
    int probe_bias_ = 0;
    ProbeShare* share_ = nullptr;
    bool share_lead_ = false;
    std::uint32_t probe_number_ = 0;  // the shared probe being searched (0: none)
    bool dropped_ = false;            // ... stopped because it needs no more work
    std::uint64_t nodes_ = 0;
    // Limits of the current search.
    SearchLimits limits_;
    std::atomic<bool> abort_{false};
    bool aborted_ = false;
    std::uint64_t next_check_ = 0;
    std::chrono::steady_clock::time_point start_;
    std::chrono::steady_clock::time_point next_poll_;
    StopReason stop_ = StopReason::kNone;
    // Progress reports of the current search, and what its root driver has proven: the
    // position's bounds, and its columns' where the driver keeps them (else null).
    ProgressHook progress_;
    std::chrono::steady_clock::time_point next_report_;
    const Position* root_pos_ = nullptr;
    bool root_weak_ = false;
    const Root* root_ = nullptr;
    int root_lower_ = -kInfinity, root_upper_ = kInfinity;
    // The root driver's score guess (probe_schedule.hpp), from the request's costs.
    ScoreGuess guess_;
    std::atomic<std::uint64_t>* tally_ = nullptr;
    std::uint64_t tallied_ = 0;  // of nodes_, added to tally_ so far
    const std::atomic<std::uint64_t>* others_ = nullptr;
};

}  // namespace link4
