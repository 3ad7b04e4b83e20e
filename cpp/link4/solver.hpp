// The perfect solver's public surface: what a search is asked (SearchRequest), what it
// answers (SearchResult, Analysis) and the Solver that runs it. How it works is in
// docs/solver.md; the search itself is private to the engine (searcher.hpp).
//
// Scores follow the convention of score.hpp, from the side to move: 0 draw; a win whose
// last disc is move m scores 1 + (cells - m) / 2 (on 7x6, with one's k-th disc 22 - k);
// a loss scores minus the opponent's figure. The answers are the same types on every
// board size (arrays of kMaxWidth columns, of which the board's width are used); the
// Solver is compiled per geometry (geometry.hpp), and sized.hpp picks one at runtime.
#pragma once

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "link4/bitboard.hpp"
#include "link4/checkpoint.hpp"
#include "link4/probe_schedule.hpp"
#include "link4/score.hpp"
#include "link4/wide_table.hpp"

namespace link4 {

template <typename G>
class Book;
template <typename G>
class Searcher;

inline constexpr std::size_t kDefaultTableBytes = std::size_t{64} << 20;
inline constexpr int kMaxThreads = 256;

// The size of a search's near-end table (the positions with 24 empty cells or fewer,
// docs/solver.md, "The tables") beside a main table of `table_bytes`: 4 MB, which stays
// in the cache the cores share. A main table of 1 GB or more is for a search of
// billions of nodes, whose near-end positions far outnumber what the cache holds: then
// 1/16 of it (on 10x4, 17.5 % fewer nodes and less time with a 2 GB table; on 7x6, whose
// searches are smaller, a near-end table out of the cache costs more time than it
// saves nodes).
inline constexpr std::size_t near_table_bytes(std::size_t table_bytes) {
    constexpr std::size_t kNearTableBytes = std::size_t{4} << 20;
    constexpr std::size_t kLongSolveTableBytes = std::size_t{1} << 30;
    return table_bytes >= kLongSolveTableBytes ? table_bytes / 16 : kNearTableBytes;
}

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

// An order of the columns (each of the board's once, the rest of the array unused) in
// which a search looks for one best move; -1 first: the centre order of the board.
using ColumnOrder = std::array<int, kMaxWidth>;
inline constexpr ColumnOrder kCentreFirst = {-1};

// What a search is asked for besides the score.
enum class Want : std::uint8_t {
    kScore,      // the score alone
    kAllBest,    // the score, the best move and every column tied with it
    kFirstBest,  // the score and the first column of the request's order worth it
};

// What is proven about the value of playing one column, from the mover's view.
struct ColumnValue {
    bool legal = false;  // false: the column is full (or the game is over)
    int lower = 0;
    int upper = 0;
    constexpr bool exact() const { return lower == upper; }
};

// What a search has proven so far: reported as it goes (ProgressHook).
struct SearchProgress {
    double seconds = 0;
    std::uint64_t nodes = 0;  // every thread's
    int lower = 0;            // the position's score is proven >= lower
    int upper = 0;            // ... and <= upper
    // What each column is proven worth, from the mover's view (legal false: full). A
    // column is settled once its bounds meet.
    std::array<ColumnValue, kMaxWidth> columns{};
    ProbeCosts probe_costs;  // what the score guess has learnt so far, for a checkpoint
};

// Reports on a search, from the thread that called it, at most every `every` seconds
// (a search checks every 1024 nodes).
struct ProgressHook {
    double every = 0;
    void (*report)(void* arg, const SearchProgress& progress) = nullptr;
    void* arg = nullptr;
};

// One search's question, built once by the caller and passed down unchanged.
struct SearchRequest {
    bool weak = false;  // only the sign of the score
    Want want = Want::kScore;
    // With Want::kFirstBest, the order in which the best move is looked for: when
    // several moves tie, a random order draws one of them uniformly.
    ColumnOrder order = kCentreFirst;
    SearchLimits limits;
    ProgressHook progress;  // none by default
    // What an earlier run of this search (a checkpoint's) learnt for its score guess:
    // the probes then go where that run's went.
    ProbeCosts probe_costs;
};

struct SearchResult {
    bool exact = false;
    int score = 0;   // valid when exact
    int lower = 0;   // the score is proven >= lower
    int upper = 0;   // ... and <= upper
    // With a move asked for: a column whose proven value is at least `lower` (so it
    // never loses faster than the bounds say); when exact, the best move by the tie rule
    // (the centre-most of the best), or the first best one of the request's order. -1
    // when not asked for.
    int best_move = -1;
    // With Want::kAllBest, exact and not stopped: every column worth the score.
    // Otherwise best_move alone.
    ColumnSet best_moves = 0;
    std::uint64_t nodes = 0;         // every thread's
    std::uint64_t helper_nodes = 0;  // the helper threads' share of nodes
    double seconds = 0;
    StopReason stop = StopReason::kNone;
    ProbeCosts probe_costs;  // what the score guess learnt, for a checkpoint
};

struct Analysis {
    std::array<ColumnValue, kMaxWidth> columns{};  // the board's width of them
    std::uint64_t nodes = 0;         // every thread's
    std::uint64_t helper_nodes = 0;  // the helper threads' share of nodes
    double seconds = 0;
    StopReason stop = StopReason::kNone;
};

// The one tie rule of "the best move": among the columns of `ties` on a board `width`
// columns wide, the centre-most (the left one of two at the same distance). -1 for an
// empty set.
constexpr int centre_most(ColumnSet ties, int width) {
    for (int i = 0; i < width; ++i)
        if (const int col = column_from_centre(width, i); ties >> col & 1) return col;
    return -1;
}
static_assert(centre_most(0b0011'0000, 8) == 4 && centre_most(0b0001'1000, 8) == 3 &&
              centre_most(0b0001'0100, 7) == 2);

// The perfect solver: a table, and one or more threads searching with it.
//
// With threads = N > 1 a search runs on N threads sharing the one table: the calling
// thread runs the search whose answer is given, N - 1 helpers prove the same score
// meanwhile (docs/solver.md, "Threads"). Limits and stops work as with one thread: the
// node limit is shared out among the threads, and the answer's bounds are those the
// main search proved (or a helper's exact score). With one thread the search is
// deterministic: the same nodes every run.
template <typename G>
class Solver {
  public:
    using Position = link4::Position<G>;
    using Book = link4::Book<G>;

    explicit Solver(G g, std::size_t table_bytes = kDefaultTableBytes, int threads = 1);
    ~Solver();
    Solver(const Solver&) = delete;
    Solver& operator=(const Solver&) = delete;

    // The exact score of `pos` (weak: only its sign) and what else `request` asks for,
    // within its limits: see SearchResult, honest under any limit. Precondition: the
    // game is not over.
    SearchResult search(const Position& pos, const SearchRequest& request);

    // The value of every column of `pos` (weak: its sign): exact, or the bounds proven
    // when the request's limits (which cover the whole analysis) ran out. The signs of
    // all columns are settled first, then the exact scores, columns from the centre
    // outwards; what is proven stays proven when a limit stops it. The request's `want`
    // and `order` are not used. Precondition: the game is not over.
    Analysis analyze(const Position& pos, const SearchRequest& request);

    // Positions the book holds (within its depth) are leaves with their exact score.
    // None: search everything (the benchmark's setting).
    void set_book(std::shared_ptr<const Book> book);
    const std::shared_ptr<const Book>& book() const;

    void clear_table();
    // A checkpoint of the table (checkpoint.hpp) with `state`'s record (its board set
    // here), written atomically to `path`; it may be called from a progress report,
    // while the search runs.
    CheckpointError save_checkpoint(const std::string& path, CheckpointState state) const;
    // The table read back from the checkpoint at `path` (of this board and a table of
    // this size), its record in `state`; on an error the table is left empty. Not while
    // a search runs.
    CheckpointError load_checkpoint(const std::string& path, CheckpointState& state);
    const G& geometry() const { return g_; }
    std::size_t table_bytes() const { return table_.bytes(); }
    int threads() const;

  private:
    class Helpers;  // the helper threads (threads.cpp)

    // Readies a search of the calling thread (clearing the abort flag that a helper of
    // the last search may have raised, and in a child made by fork() starting helpers
    // of its own) and returns the calling thread's request when helpers join it (the
    // node limit shared out, each thread's share), or none when it searches alone.
    std::optional<SearchRequest> begin_search(const SearchRequest& request);
    // Helper threads for this process, searching with the main search's book.
    void start_helpers(int count);
    // In a child made by fork(): drops the parent's helpers without touching their
    // threads and returns how many there were; otherwise 0.
    int forget_forked_helpers();

    [[no_unique_address]] G g_;
    TableOf<G> table_;
    std::unique_ptr<Searcher<G>> main_;
    std::unique_ptr<Helpers> helpers_;
};

}  // namespace link4
