// Shared by the binding files: they convert values, release the GIL and translate the
// engine's error codes into link4's Python exceptions. No English here: the messages are
// written in link4/errors.py, which `raise_error` asks for the exception.
#pragma once

#include <pybind11/pybind11.h>

#include <cstdint>
#include <optional>
#include <vector>

#include "link4/bitboard.hpp"
#include "link4/solver.hpp"

namespace link4::bindings {

namespace py = pybind11;

// Raise the exception that link4.errors.from_core(kind, **details) builds.
[[noreturn]] void raise_error(const char* kind, const py::dict& details = py::dict());
// A move the rules refuse, with what the message needs to say why.
[[noreturn]] void raise_move_error(const Position& pos, MoveError error, int col);
// Searches are for running games only.
void require_running(const Position& pos);

// Ctrl-C: searches run without the GIL and call this every few milliseconds; it takes
// the GIL back to let Python run its signal handlers. A KeyboardInterrupt raised there
// stays in this thread's error indicator until the search has stopped.
bool poll_signals(void*);

// Search limits from Python values already checked by link4.engine.
SearchLimits make_limits(std::optional<std::uint64_t> max_nodes,
                         std::optional<double> max_seconds);

// A set of columns as a list, smallest first.
std::vector<int> column_list(ColumnSet set);

void register_position(py::module_& m);
void register_solver(py::module_& m);
void register_batch(py::module_& m);
void register_heuristic(py::module_& m);
void register_book(py::module_& m);

}  // namespace link4::bindings
