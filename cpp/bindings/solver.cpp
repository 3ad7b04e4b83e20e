// Bindings for the solver: the request, one search or one analysis at a time without
// the GIL, and the static bounds for tests.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "any_book.hpp"
#include "common.hpp"
#include "guarded_solver.hpp"
#include "long_search.hpp"
#include "sized_results.hpp"
#include "link4/book.hpp"
#include "link4/solver.hpp"
#include "link4/static_bounds.hpp"

namespace link4::bindings {
namespace {

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
        request.order.fill(-1);
        bool valid = order->size() >= kMinWidth && order->size() <= kMaxWidth;
        for (std::size_t i = 0; valid && i < order->size(); ++i) {
            const int col = (*order)[i];
            valid = col >= 0 && col < static_cast<int>(order->size()) && !(seen >> col & 1);
            if (valid) seen = static_cast<ColumnSet>(seen | 1u << col);
            request.order[i] = col;
        }
        if (!valid) {
            py::dict details;
            details["name"] = "order";
            details["value"] = *order;
            raise_error(ErrorCode::kBadArgument, details);
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
// A request's order (built without knowing the board) must hold the position's columns.
void check_order(const SearchRequest& request, int width) {
    if (request.order[0] < 0) return;
    int count = 0;
    for (int col : request.order) count += col >= 0;
    if (count != width) {
        py::dict details;
        details["name"] = "order";
        details["value"] = std::vector<int>(request.order.begin(), request.order.begin() + count);
        raise_error(ErrorCode::kBadArgument, details);
    }
}

// What a finished (or stopped) search proved, as its last progress report: a
// checkpoint's record.
SearchProgress final_progress(const SearchResult& r) {
    SearchProgress p;
    p.seconds = r.seconds;
    p.nodes = r.nodes;
    p.lower = r.lower;
    p.upper = r.upper;
    p.probe_costs = r.probe_costs;
    return p;
}
SearchProgress final_progress(const Analysis& a) {
    SearchProgress p;
    p.seconds = a.seconds;
    p.nodes = a.nodes;
    p.lower = p.upper = -1000;
    for (const ColumnValue& v : a.columns) {
        if (!v.legal) continue;
        p.lower = std::max(p.lower, v.lower);
        p.upper = std::max(p.upper, v.upper);
    }
    return p;
}

// `Sized`: the answer of `method` with the board's width (sized_results.hpp). With a
// LongSearch (may be null), reports as it goes and checkpoints, the last written once
// the search has stopped, whatever stopped it.
template <typename Sized, typename Method>
Sized run(GuardedSolver& solver, const AnyPosition& pos, const SearchRequest& request,
          Method method, LongSearch* long_search = nullptr) {
    const GuardedSolver::Claim claim(solver);
    check_order(request, pos.width);
    SearchRequest mine = polled(request);
    Sized answer;
    answer.width = pos.width;
    require_game_of(pos, solver.solver);
    CheckpointError last_checkpoint = CheckpointError::kNone;
    solver.solver.with_position(pos, [&](auto& s, const auto& typed_pos) {
        require_running(typed_pos);
        if (long_search) {
            long_search->start(mine, pos.width, [&s, long_search](const CheckpointState& state) {
                return s.save_checkpoint(long_search->checkpoint(), state);
            });
        }
        WithoutGil released;
        auto& unsized = static_cast<decltype(method(s, typed_pos, mine))&>(answer);
        unsized = method(s, typed_pos, mine);
        if (long_search && !long_search->checkpoint().empty())
            last_checkpoint = s.save_checkpoint(long_search->checkpoint(),
                                                long_search->state_of(final_progress(unsized)));
    });
    if (long_search) long_search->finish();
    raise_if_interrupted(answer.stop);
    if (last_checkpoint != CheckpointError::kNone)
        raise_checkpoint_error(last_checkpoint, long_search->checkpoint());
    return answer;
}

SizedResult search(GuardedSolver& solver, const AnyPosition& pos, const SearchRequest& request,
                   LongSearch* long_search = nullptr) {
    return run<SizedResult>(solver, pos, request,
                            [](auto& s, const auto& p, const SearchRequest& mine) { return s.search(p, mine); },
                            long_search);
}

// The exact score and the nodes, with no limit: the shortest path for the easiest
// positions, where building a SearchResult cost more than the search.
py::tuple solve(GuardedSolver& solver, const AnyPosition& pos, bool weak) {
    SearchRequest request;
    request.weak = weak;
    const SearchResult r = search(solver, pos, request);
    return py::make_tuple(r.score, r.nodes);
}

SizedAnalysis analyze(GuardedSolver& solver, const AnyPosition& pos, const SearchRequest& request,
                      LongSearch* long_search) {
    return run<SizedAnalysis>(solver, pos, request,
                              [](auto& s, const auto& p, const SearchRequest& mine) { return s.analyze(p, mine); },
                              long_search);
}

// Writes a checkpoint of the solver's table with this record: its bounds, nodes,
// seconds and note.
void save_checkpoint(GuardedSolver& solver, const std::string& path, const py::bytes& note, int lower,
                     int upper, std::uint64_t nodes, double seconds) {
    const GuardedSolver::Claim claim(solver);
    CheckpointState state;
    state.note = note;
    state.lower = lower;
    state.upper = upper;
    state.nodes = nodes;
    state.seconds = seconds;
    CheckpointError error;
    {
        WithoutGil released;
        error = solver.solver.visit([&](auto& s) { return s.save_checkpoint(path, state); });
    }
    if (error != CheckpointError::kNone) raise_checkpoint_error(error, path);
}

// Reads the checkpoint at `path` into the solver's table; returns its record as
// checkpoint_header does.
py::dict load_checkpoint(GuardedSolver& solver, const std::string& path) {
    const GuardedSolver::Claim claim(solver);
    CheckpointState state;
    CheckpointError error;
    {
        WithoutGil released;
        error = solver.solver.visit([&](auto& s) { return s.load_checkpoint(path, state); });
    }
    if (error != CheckpointError::kNone) raise_checkpoint_error(error, path);
    return checkpoint_record(state);
}

// Per column: (lower, upper), or None where the column cannot be played.
std::vector<std::optional<std::tuple<int, int>>> column_bounds(const SizedAnalysis& a) {
    std::vector<std::optional<std::tuple<int, int>>> cols(static_cast<std::size_t>(a.width));
    for (int c = 0; c < a.width; ++c) {
        const ColumnValue& v = a.columns[static_cast<std::size_t>(c)];
        if (v.legal) cols[static_cast<std::size_t>(c)] = std::make_tuple(v.lower, v.upper);
    }
    return cols;
}

std::optional<std::tuple<int, int>> bounds_of(const AnyPosition& p, int alpha, int beta) {
    if (alpha >= beta) raise_bad_argument("beta", beta);
    const auto b = with_position(p, [&](const auto& pos) { return static_bounds(pos, alpha, beta); });
    if (!b) return std::nullopt;
    return std::make_tuple(b->lower, b->upper);
}

std::optional<std::vector<std::optional<int>>> child_uppers(const AnyPosition& p) {
    const auto uppers = with_position(p, [](const auto& pos) { return child_static_uppers(pos); });
    if (!uppers) return std::nullopt;
    return std::vector<std::optional<int>>(uppers->begin(), uppers->begin() + p.width);
}

// A rule's name, as link4.explain reads it.
const char* rule_name(StaticRule rule) {
    switch (rule) {
        case StaticRule::kClaimeven: return "claimeven";
        case StaticRule::kZugzwang: return "zugzwang";
        case StaticRule::kNoLineLeft: return "no_four_left";
    }
    return "";
}

using ProofTuple = std::tuple<std::string, std::string, int, std::optional<std::tuple<int, int>>>;

// Each static proof of the position as (rule, "lower" or "upper", bound on the mover's
// score, (column, row) of its cell or None).
std::vector<ProofTuple> proofs_of(const AnyPosition& p) {
    return with_position(p, [](const auto& pos) {
        std::vector<ProofTuple> out;
        for (const StaticProof& proof : static_proofs(pos)) {
            std::optional<std::tuple<int, int>> cell;
            if (proof.cell >= 0) {
                const Cell c = cell_of_bit(pos.geometry(), proof.cell);
                cell = std::make_tuple(c.col, c.row);
            }
            out.emplace_back(rule_name(proof.rule), proof.lower ? "lower" : "upper", proof.bound, cell);
        }
        return out;
    });
}

// The claimeven roles (static_bounds.hpp): whether the leader is to move, and the
// follower's rows, 0-based from the bottom.
std::tuple<bool, std::vector<int>> roles_of(const AnyPosition& p) {
    return with_position(p, [&](const auto& pos) {
        const auto& g = pos.geometry();
        std::vector<int> rows;
        for (int row = 0; row < g.height(); ++row)
            if (g.follower_rows() & (decltype(g.follower_rows()){1} << row)) rows.push_back(row);
        return std::make_tuple(leader_to_move(pos), rows);
    });
}

void register_results(py::module_& m) {
    py::enum_<StopReason>(m, "StopReason")
        .value("NONE", StopReason::kNone)
        .value("NODES", StopReason::kNodes)
        .value("TIME", StopReason::kTime)
        .value("STOPPED", StopReason::kStopped);

    py::class_<SizedResult>(m, "SearchResult")
        .def_readonly("exact", &SearchResult::exact)
        .def_readonly("score", &SearchResult::score)
        .def_readonly("lower", &SearchResult::lower)
        .def_readonly("upper", &SearchResult::upper)
        .def_readonly("best_move", &SearchResult::best_move)
        .def_property_readonly("best_moves",
                               [](const SizedResult& r) { return centre_first(r.best_moves, r.width); })
        .def_readonly("nodes", &SearchResult::nodes)
        .def_readonly("helper_nodes", &SearchResult::helper_nodes)
        .def_readonly("seconds", &SearchResult::seconds)
        .def_readonly("stop", &SearchResult::stop);

    py::class_<SizedAnalysis>(m, "Analysis")
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
        .def_property_readonly("order", [](const SearchRequest& r) -> std::optional<std::vector<int>> {
            if (r.order[0] < 0) return std::nullopt;  // the board's centre order
            std::vector<int> order;
            for (int col : r.order)
                if (col >= 0) order.push_back(col);
            return order;
        });
}

}  // namespace

void register_solver(py::module_& m) {
    m.attr("DEFAULT_TABLE_BYTES") = kDefaultTableBytes;
    m.def("near_table_bytes", &near_table_bytes, py::arg("table_bytes"),
          "The bytes of a search's near-end table beside a main table of `table_bytes`.");
    m.attr("MAX_THREADS") = kMaxThreads;
    register_results(m);
    register_request(m);

    py::class_<GuardedSolver>(m, "Solver")
        .def(py::init([](std::size_t table_bytes, int threads,
                         std::optional<std::shared_ptr<AnyBook>> book, int width, int height,
                         int inarow) {
                 require_supported_game(width, height, inarow);
                 // None: no book
                 return std::make_unique<GuardedSolver>(width, height, inarow, table_bytes, threads,
                                                        book ? *book : nullptr);
             }),
             py::arg("table_bytes"), py::arg("threads") = 1, py::arg("book") = py::none(),
             py::arg("width") = Standard::width(), py::arg("height") = Standard::height(),
             py::arg("inarow") = kConnectFour)
        .def_property_readonly("width", [](const GuardedSolver& s) { return s.solver.width(); })
        .def_property_readonly("height", [](const GuardedSolver& s) { return s.solver.height(); })
        .def_property_readonly("inarow", [](const GuardedSolver& s) { return s.solver.inarow(); })
        .def("search",
             [](GuardedSolver& s, const AnyPosition& p, const SearchRequest& r,
                std::optional<LongSearch*> long_search) { return search(s, p, r, long_search.value_or(nullptr)); },
             py::arg("position"), py::arg("request"), py::arg("long_search") = py::none())
        .def("solve", &solve)
        .def("analyze",
             [](GuardedSolver& s, const AnyPosition& p, const SearchRequest& r,
                std::optional<LongSearch*> long_search) { return analyze(s, p, r, long_search.value_or(nullptr)); },
             py::arg("position"), py::arg("request"), py::arg("long_search") = py::none())
        .def("save_checkpoint", &save_checkpoint, py::arg("path"), py::arg("note"), py::arg("lower"),
             py::arg("upper"), py::arg("nodes"), py::arg("seconds"))
        .def("load_checkpoint", &load_checkpoint, py::arg("path"))
        .def("clear",
             [](GuardedSolver& s) {
                 const GuardedSolver::Claim claim(s);
                 s.solver.visit([](auto& solver) { solver.clear_table(); });
             })
        .def_property_readonly("table_bytes",
                               [](const GuardedSolver& s) {
                                   return s.solver.visit([](const auto& solver) { return solver.table_bytes(); });
                               })
        .def_property_readonly("threads", [](const GuardedSolver& s) {
            return s.solver.visit([](const auto& solver) { return solver.threads(); });
        });

    m.def("static_bounds", &bounds_of, py::arg("position"), py::arg("alpha"), py::arg("beta"),
          "For tests: the (lower, upper) bounds the search starts a node with, tightened by "
          "the static bounds that can cut [alpha, beta]; None where it asks for none.");
    m.def("static_proofs", &proofs_of, py::arg("position"),
          "Each static bound that holds for the position, by its rule: (rule, 'lower' or "
          "'upper', the bound on the mover's score, (column, row) of its cell or None).");
    m.def("claimeven_roles", &roles_of, py::arg("position"),
          "Whether the claimeven leader is to move, and the follower's rows from the bottom (0-based).");
    m.def("child_static_uppers", &child_uppers, py::arg("position"),
          "For tests: the cutoff test's static upper bound on each child's score by column "
          "(None where it asks none); None where it asks for none.");
}

}  // namespace link4::bindings
