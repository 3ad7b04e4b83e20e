// Many positions searched on several threads, each worker with a solver and a table of
// its own: labelling data sets, benchmark runs, scripts that score thousands of
// positions. Memory: threads x (table_bytes + the solver's own near-end tables, 4.5 MB).
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "link4/bitboard.hpp"
#include "link4/solver.hpp"

namespace link4 {

template <typename G>
struct BatchOptions {
    // What each position is asked. Its limits apply to each position on its own: a
    // position that runs out gives its proven bounds and the batch goes on.
    SearchRequest request;
    bool analyze = false;  // the value of every column instead (Solver::analyze)
    int threads = 1;
    std::size_t table_bytes = kDefaultTableBytes;
    std::shared_ptr<const Book<G>> book;  // shared by every worker; none: no book
};

// One position's answer: none while pending (not searched, or stopped part-way by
// stop()) and for a game already over.
struct BatchItem {
    bool done = false;
    SearchResult result;  // with options.analyze: only nodes, seconds and stop are set
    Analysis analysis;    // with options.analyze
};

template <typename G>
class Batch {
  public:
    // Positions of the boards of geometry g.
    Batch(G g, std::vector<Position<G>> positions, const BatchOptions<G>& options);

    // Searches every position that is not over, on options.threads workers. The calling
    // thread waits and calls `tick(arg, done)` about every 20 ms with the number of
    // positions finished; when it returns true the workers stop (the positions they
    // were on stay pending) and run returns. Returns false when stopped that way.
    bool run(bool (*tick)(void* arg, std::size_t done), void* arg);

    const std::vector<BatchItem>& items() const { return items_; }
    std::size_t size() const { return positions_.size(); }

  private:
    void work();

    [[no_unique_address]] G g_;
    std::vector<Position<G>> positions_;
    BatchOptions<G> options_;
    std::vector<BatchItem> items_;
    std::atomic<std::size_t> next_{0};
    std::atomic<std::size_t> done_{0};
    std::atomic<bool> stop_{false};
};

}  // namespace link4
