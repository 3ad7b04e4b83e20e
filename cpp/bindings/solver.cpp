// Bindings for the solver: the request, one search or one analysis at a time without
// the GIL, and the static bounds for tests.
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
#include "link4/static_bounds.hpp"

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

// A request from Python values; the limits already checked by link4. The order (None:
// the centre order) must hold each column once.
SearchRequest make_request(bool weak, Want want, std::optional<std::vector<int>> order,
                           std::optional<std::uint64_t> max_nodes,
                           std::optional<double> max_seconds) {
    SearchRequest request;
    request.weak = weak;
    request.want = want;
    if (order) {
        ColumnSet seen = 0;
        bool valid = order->size() == request.order.size();
        for (std::size_t i = 0; valid && i < order->size(); ++i) {
            const int col = (*order)[i];
            valid = col >= 0 && col < kWidth && !(seen & (ColumnSet{1} << col));
            if (valid) seen |= ColumnSet{1} << col;
            request.order[i] = col;
        }
        if (!valid) {
            py::dict details;
            details["name"] = "order";
            details["value"] = *order;
            raise_error("bad_argument", details);
        }
    }
    if (max_nodes) request.limits.max_nodes = *max_nodes;
    if (max_seconds) request.limits.max_seconds = *max_seconds;
    return request;
}

// `request` for a search on the calling thread, which watches for Ctrl-C.
SearchRequest polled(SearchRequest request) {
    request.limits.poll = poll_signals;
    return request;
}

// One call of `method` (Solver::search or Solver::analyze) on the calling thread, without
// the GIL, with Ctrl-C raised once it returns.
template <typename Answer>
Answer run(GuardedSolver& solver, const Position& pos, const SearchRequest& request,
           Answer (Solver::*method)(const Position&, const SearchRequest&)) {
    const GuardedSolver::Claim claim(solver);
    require_running(pos);
    const SearchRequest mine = polled(request);
    Answer answer;
    {
        WithoutGil released;
        answer = (solver.*method)(pos, mine);
    }
    raise_if_interrupted(answer.stop);
    return answer;
}

SearchResult search(GuardedSolver& solver, const Position& pos, const SearchRequest& request) {
    return run(solver, pos, request, &Solver::search);
}

// The exact score and the nodes, with no limit: the shortest path for the easiest
// positions, where building a SearchResult cost more than the search.
py::tuple solve(GuardedSolver& solver, const Position& pos, bool weak) {
    SearchRequest request;
    request.weak = weak;
    const SearchResult r = search(solver, pos, request);
    return py::make_tuple(r.score, r.nodes);
}

Analysis analyze(GuardedSolver& solver, const Position& pos, const SearchRequest& request) {
    return run(solver, pos, request, &Solver::analyze);
}

// Per column: (lower, upper), or None where the column cannot be played.
std::vector<std::optional<std::tuple<int, int>>> column_bounds(const Analysis& a) {
    std::vector<std::optional<std::tuple<int, int>>> cols(kWidth);
    for (int c = 0; c < kWidth; ++c)
        if (a.columns[c].legal) cols[c] = std::make_tuple(a.columns[c].lower, a.columns[c].upper);
    return cols;
}

std::optional<std::tuple<int, int>> bounds_of(const Position& pos, int alpha, int beta) {
    if (alpha >= beta) raise_bad_argument("beta", beta);
    const auto b = static_bounds(pos, alpha, beta);
    if (!b) return std::nullopt;
    return std::make_tuple(b->lower, b->upper);
}

std::optional<std::vector<std::optional<int>>> child_uppers(const Position& pos) {
    const auto uppers = child_static_uppers(pos);
    if (!uppers) return std::nullopt;
    return std::vector<std::optional<int>>(uppers->begin(), uppers->end());
}

void register_results(py::module_& m) {
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
                               [](const SearchResult& r) { return centre_first(r.best_moves); })
        .def_readonly("nodes", &SearchResult::nodes)
        .def_readonly("helper_nodes", &SearchResult::helper_nodes)
        .def_readonly("seconds", &SearchResult::seconds)
        .def_readonly("stop", &SearchResult::stop);

    py::class_<Analysis>(m, "Analysis")
        .def_property_readonly("columns", &column_bounds)
        .def_readonly("nodes", &Analysis::nodes)
        .def_readonly("helper_nodes", &Analysis::helper_nodes)
        .def_readonly("seconds", &Analysis::seconds)
        .def_readonly("stop", &Analysis::stop);
}

void register_request(py::module_& m) {
    py::enum_<Want>(m, "Want")
        .value("SCORE", Want::kScore)
        .value("ALL_BEST", Want::kAllBest)
        .value("FIRST_BEST", Want::kFirstBest);

    py::class_<SearchRequest>(m, "SearchRequest")
        .def(py::init(&make_request), py::arg("weak") = false, py::arg("want") = Want::kScore,
             py::arg("order") = py::none(), py::arg("max_nodes") = py::none(),
             py::arg("max_seconds") = py::none())
        .def_readonly("weak", &SearchRequest::weak)
        .def_readonly("want", &SearchRequest::want)
        .def_property_readonly("order", [](const SearchRequest& r) {
            return std::vector<int>(r.order.begin(), r.order.end());
        });
}

}  // namespace

void register_solver(py::module_& m) {
    m.attr("DEFAULT_TABLE_BYTES") = Solver::kDefaultTableBytes;
    m.attr("MAX_THREADS") = Solver::kMaxThreads;
    register_results(m);
    register_request(m);

    py::class_<GuardedSolver>(m, "Solver")
        .def(py::init([](std::size_t table_bytes, int threads,
                         std::optional<std::shared_ptr<Book>> book) {
                 auto solver = std::make_unique<GuardedSolver>(table_bytes, threads);
                 if (book) solver->set_book(std::move(*book));  // None: no book
                 return solver;
             }),
             py::arg("table_bytes"), py::arg("threads") = 1, py::arg("book") = py::none())
        .def("search", &search, py::arg("position"), py::arg("request"))
        .def("solve", &solve)
        .def("analyze", &analyze, py::arg("position"), py::arg("request"))
        .def("clear",
             [](GuardedSolver& s) {
                 const GuardedSolver::Claim claim(s);
                 s.clear_table();
             })
        .def_property_readonly("table_bytes", &GuardedSolver::table_bytes)
        .def_property_readonly("threads", &GuardedSolver::threads);

    m.def("static_bounds", &bounds_of, py::arg("position"), py::arg("alpha"), py::arg("beta"),
          "For tests: the (lower, upper) bounds the search starts a node with, tightened by "
          "the static bounds that can cut [alpha, beta]; None where it asks for none.");
    m.def("child_static_uppers", &child_uppers, py::arg("position"),
          "For tests: the cutoff test's static upper bound on each child's score by column "
          "(None where it asks none); None where it asks for none.");
}

}  // namespace link4::bindings
