// Bindings for the heuristic search of the playing levels (link4/heuristic.hpp).
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <optional>
#include <tuple>
#include <vector>

#include "link4/bitboard.hpp"
#include "link4/heuristic.hpp"

namespace py = pybind11;

void bind_heuristic(py::module_& m) {
    using link4::Position;
    m.attr("HEURISTIC_WIN") = link4::kHeuristicWin;
    m.def(
        "heuristic_evaluate",
        [](const Position& pos) {
            if (pos.last_mover_won() || pos.is_full())
                throw py::value_error("cannot evaluate a finished game");
            return link4::evaluate(pos);
        },
        py::arg("position"),
        "The static evaluation of a position for the side to move (a heuristic guess).");
    m.def(
        "heuristic_scores",
        [](const Position& pos, int depth, std::uint64_t max_nodes) {
            if (pos.last_mover_won() || pos.is_full())
                throw py::value_error("cannot search a finished game");
            if (depth < 1) throw py::value_error("depth must be at least 1");
            link4::HeuristicResult r;
            {
                py::gil_scoped_release release;
                r = link4::heuristic_scores(pos, depth, max_nodes);
            }
            std::vector<std::optional<int>> scores(r.scores.begin(), r.scores.end());
            return std::make_tuple(scores, r.depth, r.nodes);
        },
        py::arg("position"), py::arg("depth"), py::arg("max_nodes") = 0,
        "(scores per column or None where full, depth completed, nodes) of a depth-limited "
        "heuristic search; values >= HEURISTIC_WIN are proven wins.");
}
