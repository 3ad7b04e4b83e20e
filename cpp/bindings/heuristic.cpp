// Bindings for the heuristic search of the playing levels (link4/heuristic.hpp).
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <optional>
#include <tuple>
#include <vector>

#include "common.hpp"
#include "link4/sized.hpp"
#include "link4/bitboard.hpp"
#include "link4/heuristic.hpp"

namespace link4::bindings {

void register_heuristic(py::module_& m) {
    m.attr("HEURISTIC_WIN") = kHeuristicWin;
    m.def(
        "heuristic_evaluate",
        [](const AnyPosition& p) {
            return with_position(p, [](const auto& pos) {
                require_running(pos);
                return evaluate(pos);
            });
        },
        py::arg("position"),
        "The static evaluation of a position for the side to move (a heuristic guess).");
    m.def(
        "heuristic_scores",
        [](const AnyPosition& p, int depth, std::uint64_t max_nodes) {
            HeuristicResult r;
            with_position(p, [&](const auto& pos) {
                require_running(pos);
                if (depth < 1) raise_bad_argument("depth", depth);
                WithoutGil released;
                r = heuristic_scores(pos, depth, max_nodes);
            });
            std::vector<std::optional<int>> scores(r.scores.begin(), r.scores.begin() + p.width);
            return std::make_tuple(scores, r.depth, r.nodes);
        },
        py::arg("position"), py::arg("depth"), py::arg("max_nodes") = 0,
        "(scores per column or None where full, depth completed, nodes) of a depth-limited "
        "heuristic search; values >= HEURISTIC_WIN are proven wins.");
}

}  // namespace link4::bindings
