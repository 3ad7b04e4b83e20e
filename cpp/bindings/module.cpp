// The Python module link4._core (private: users import link4). Each area registers its
// own classes and functions; see common.hpp for what binding code may do.
#include <pybind11/pybind11.h>

#include "common.hpp"
#include "long_search.hpp"

namespace py = pybind11;

PYBIND11_MODULE(_core, m, py::mod_gil_not_used()) {
    m.doc() = "link4's compiled engine (private: use the link4 package)";
    link4::bindings::register_errors(m);
    link4::bindings::register_position(m);
    link4::bindings::register_book(m);
    link4::bindings::register_long_search(m);  // before the solver, whose methods take one
    link4::bindings::register_solver(m);
    link4::bindings::register_batch(m);
    link4::bindings::register_heuristic(m);
    link4::bindings::register_players(m);
    link4::bindings::register_exit_hook(m);
}
