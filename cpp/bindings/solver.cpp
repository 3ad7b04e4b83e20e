// Bindings for the solver: one search or one analysis at a time, without the GIL.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <atomic>
#include <cstddef>
#include <memory>
#include <optional>
#include <tuple>
#include <vector>

#include "common.hpp"
#include "link4/book.hpp"
#include "link4/solver.hpp"

namespace link4::bindings {
namespace {

// The Solver Python holds: one call at a time. A thread that calls while another is
// in it gets RuntimeError at once rather than waiting (link4.Solver documents this);
// the flag is checked here, in C++, because on the easiest positions a guard written
// in Python cost more than the search.
class GuardedSolver : public Solver {
  public:
    using Solver::Solver;

    // Holds the solver for one call; raises when another call holds it.
    class Claim {
      public:
        explicit Claim(GuardedSolver& solver) : busy_(solver.busy_) {
            if (busy_.exchange(true, std::memory_order_acquire)) raise_error("busy");
        }
        ~Claim() { busy_.store(false, std::memory_order_release); }
        Claim(const Claim&) = delete;
        Claim& operator=(const Claim&) = delete;

      private:
        std::atomic<bool>& busy_;
    };

  private:
    std::atomic<bool> busy_{false};
};

// A Ctrl-C seen while searching is in the error indicator: raise it.
void raise_if_interrupted(StopReason stop) {
    if (stop == StopReason::kStopped && PyErr_Occurred()) throw py::error_already_set();
}

// `first_best` as an order of the columns: each of them once.
ColumnOrder column_order(const std::vector<int>& cols) {
    ColumnOrder order{};
    ColumnSet seen = 0;
    bool valid = cols.size() == order.size();
    for (std::size_t i = 0; valid && i < cols.size(); ++i) {
        const int col = cols[i];
        valid = col >= 0 && col < kWidth && !(seen & (ColumnSet{1} << col));
        if (valid) seen |= ColumnSet{1} << col;
        order[i] = col;
    }
    if (!valid) throw py::value_error("first_best must hold each column 0-6 once");
    return order;
}

SearchResult search(GuardedSolver& solver, const Position& pos, bool weak,
                    std::optional<std::uint64_t> max_nodes, std::optional<double> max_seconds,
                    bool want_move, std::optional<std::vector<int>> first_best) {
    const GuardedSolver::Claim claim(solver);
    require_running(pos);
    const SearchLimits limits = make_limits(max_nodes, max_seconds);
    const std::optional<ColumnOrder> order =
        first_best ? std::optional(column_order(*first_best)) : std::nullopt;
    SearchResult r;
    {
        WithoutGil released;
        r = solver.search(pos, weak, limits, want_move, order ? &*order : nullptr);
    }
    raise_if_interrupted(r.stop);
    return r;
}

// The exact score and the nodes, with no limit: the shortest path for the easiest
// positions, where building a SearchResult cost more than the search.
py::tuple solve(GuardedSolver& solver, const Position& pos, bool weak) {
    const SearchResult r = search(solver, pos, weak, std::nullopt, std::nullopt, false, std::nullopt);
    return py::make_tuple(r.score, r.nodes);
}

Analysis analyze(GuardedSolver& solver, const Position& pos, bool weak,
                 std::optional<std::uint64_t> max_nodes, std::optional<double> max_seconds) {
    const GuardedSolver::Claim claim(solver);
    require_running(pos);
    const SearchLimits limits = make_limits(max_nodes, max_seconds);
    Analysis a;
    {
        WithoutGil released;
        a = solver.analyze(pos, weak, limits);
    }
    raise_if_interrupted(a.stop);
    return a;
}

// Per column: (lower, upper), or None where the column cannot be played.
std::vector<std::optional<std::tuple<int, int>>> column_bounds(const Analysis& a) {
    std::vector<std::optional<std::tuple<int, int>>> cols(kWidth);
    for (int c = 0; c < kWidth; ++c)
        if (a.columns[c].legal) cols[c] = std::make_tuple(a.columns[c].lower, a.columns[c].upper);
    return cols;
}

}  // namespace

void register_solver(py::module_& m) {
    m.attr("DEFAULT_TABLE_BYTES") = Solver::kDefaultTableBytes;
    m.attr("MAX_THREADS") = Solver::kMaxThreads;
    py::enum_<StopReason>(m, "StopReason")
        .value("NONE", StopReason::kNone)
        .value("NODES", StopReason::kNodes)
        .value("TIME", StopReason::kTime)
        .value("STOPPED", StopReason::kStopped);

    py::class_<SearchResult>(m, "SearchResult")
        .def_readonly("exact", &SearchResult::exact)
        .def_readonly("score", &SearchResult::score)
        .def_readonly("lower", &SearchResult::lower)
        .def_readonly("upper", &SearchResult::upper)
        .def_readonly("best_move", &SearchResult::best_move)
        .def_property_readonly("best_moves",
                               [](const SearchResult& r) { return column_list(r.best_moves); })
        .def_readonly("nodes", &SearchResult::nodes)
        .def_readonly("seconds", &SearchResult::seconds)
        .def_readonly("stop", &SearchResult::stop);

    py::class_<Analysis>(m, "Analysis")
        .def_property_readonly("columns", &column_bounds)
        .def_readonly("nodes", &Analysis::nodes)
        .def_readonly("seconds", &Analysis::seconds)
        .def_readonly("stop", &Analysis::stop);

    py::class_<GuardedSolver>(m, "Solver")
        .def(py::init<std::size_t, int>(), py::arg("table_bytes"), py::arg("threads") = 1)
        .def("search", &search, py::arg("position"), py::arg("weak") = false,
             py::arg("max_nodes") = py::none(), py::arg("max_seconds") = py::none(),
             py::arg("want_move") = false, py::arg("first_best") = py::none())
        .def("solve", &solve)
        .def("analyze", &analyze, py::arg("position"), py::arg("weak") = false,
             py::arg("max_nodes") = py::none(), py::arg("max_seconds") = py::none())
        .def("set_book",
             [](GuardedSolver& s, std::optional<std::shared_ptr<Book>> book) {
                 const GuardedSolver::Claim claim(s);
                 s.set_book(book ? std::move(*book) : nullptr);  // None: no book
             },
             py::arg("book"))
        .def("clear",
             [](GuardedSolver& s) {
                 const GuardedSolver::Claim claim(s);
                 s.clear_table();
             })
        .def_property_readonly("table_bytes", &GuardedSolver::table_bytes)
        .def_property_readonly("threads", &GuardedSolver::threads);
}

}  // namespace link4::bindings
