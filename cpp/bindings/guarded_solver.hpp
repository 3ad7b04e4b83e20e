// The Solver Python holds (link4._core.Solver), shared by the solver's bindings and the
// players', which may search with it.
#pragma once

#include <atomic>
#include <cstddef>
#include <memory>

#include "any_book.hpp"
#include "common.hpp"
#include "link4/solver.hpp"

namespace link4::bindings {

template <typename G>
using SolverOf = std::unique_ptr<Solver<G>>;

// The Solver Python holds: a solver for boards of one size, one call at a time. A thread
// that calls while another is in it gets RuntimeError at once rather than waiting
// (link4.Solver documents this); the flag is checked here, in C++, because on the
// easiest positions a guard written in Python cost more than the search.
class GuardedSolver {
  public:
    GuardedSolver(int width, int height, std::size_t table_bytes, int threads,
                  const std::shared_ptr<AnyBook>& book)
        : width_(width), height_(height),
          solver_(with_geometry(width, height, [&](const auto& g) -> PerGeometry<SolverOf> {
              using G = std::decay_t<decltype(g)>;
              auto solver = std::make_unique<Solver<G>>(g, table_bytes, threads);
              if (book) solver->set_book(std::get<SharedBook<G>>(book->book));
              return solver;
          })) {}

    int width() const { return width_; }
    int height() const { return height_; }
    std::size_t table_bytes() const {
        return std::visit([](const auto& s) { return s->table_bytes(); }, solver_);
    }
    int threads() const {
        return std::visit([](const auto& s) { return s->threads(); }, solver_);
    }
    void clear_table() {
        std::visit([](const auto& s) { s->clear_table(); }, solver_);
    }
    // Calls f(solver, position) with the typed solver and `p` of its geometry; a position
    // of another size is refused.
    template <typename F>
    decltype(auto) with_solver(const AnyPosition& p, F&& f) {
        if (p.width != width_ || p.height != height_)
            raise_size_mismatch("position", p.width, p.height, width_, height_);
        return std::visit([&](const auto& s) { return f(*s, typed(s->geometry(), p)); }, solver_);
    }

    // Holds the solver for one call; raises when another call holds it.
    class Claim {
      public:
        explicit Claim(GuardedSolver& solver) : busy_(solver.busy_) {
            if (busy_.exchange(true, std::memory_order_acquire)) raise_error(ErrorCode::kBusy);
        }
        ~Claim() { busy_.store(false, std::memory_order_release); }
        Claim(const Claim&) = delete;
        Claim& operator=(const Claim&) = delete;

      private:
        std::atomic<bool>& busy_;
    };

  private:
    int width_, height_;
    PerGeometry<SolverOf> solver_;
    std::atomic<bool> busy_{false};
};

}  // namespace link4::bindings
