// The Solver Python holds (link4._core.Solver), shared by the solver's bindings and the
// players', which may search with it.
#pragma once

#include <atomic>
#include <cstddef>
#include <memory>

#include "any_book.hpp"
#include "common.hpp"
#include "link4/any_size.hpp"
#include "link4/solver.hpp"

namespace link4::bindings {

// The Solver Python holds: a solver for one game (size and line), one call at a time. A thread
// that calls while another is in it gets RuntimeError at once rather than waiting
// (link4.Solver documents this); the flag is checked here, in C++, because on the
// easiest positions a guard written in Python cost more than the search.
struct GuardedSolver {
    // `book` may be null: none.
    GuardedSolver(int width, int height, int inarow, std::size_t table_bytes, int threads,
                  const std::shared_ptr<AnyBook>& book)
        : solver(width, height, inarow, [&](const auto& g) {
              using G = std::decay_t<decltype(g)>;
              auto typed = std::make_shared<Solver<G>>(g, table_bytes, threads);
              if (book) typed->set_book(book_for(g, book));
              return typed;
          }) {}

    // Holds the solver for one call; raises when another call holds it.
    class Claim {
      public:
        explicit Claim(GuardedSolver& solver) : busy_(solver.busy) {
            if (busy_.exchange(true, std::memory_order_acquire)) raise_error(ErrorCode::kBusy);
        }
        ~Claim() { busy_.store(false, std::memory_order_release); }
        Claim(const Claim&) = delete;
        Claim& operator=(const Claim&) = delete;

      private:
        std::atomic<bool>& busy_;
    };

    AnySize<Solver> solver;
    std::atomic<bool> busy{false};
};

}  // namespace link4::bindings
