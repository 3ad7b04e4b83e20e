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
// An argument out of its range (a ValueError naming it).
[[noreturn]] void raise_bad_argument(const char* name, long long value);
// A move the rules refuse, with what the message needs to say why.
[[noreturn]] void raise_move_error(const Position& pos, MoveError error, int col);
// Searches are for running games only.
void require_running(const Position& pos);

// Engine work runs without the GIL inside a WithoutGil scope. At interpreter exit (an
// atexit hook, before Python stops its threads) the running searches are told to stop
// and are waited for, so that no thread takes the GIL back while Python finalises (a
// daemon thread doing that inside C++ would be torn down and abort the process); work
// asked for after that point is refused.
class WithoutGil {
  public:
    WithoutGil();
    ~WithoutGil();
    WithoutGil(const WithoutGil&) = delete;
    WithoutGil& operator=(const WithoutGil&) = delete;

  private:
    std::optional<py::gil_scoped_release> release_;
};
// True once Python is exiting: searches stop at their next poll.
bool exiting();
void register_exit_hook(py::module_& m);

// Ctrl-C: searches run without the GIL and call this every few milliseconds; it takes
// the GIL back to let Python run its signal handlers. A KeyboardInterrupt raised there
// stays in this thread's error indicator until the search has stopped.
bool poll_signals(void*);

// A set of columns as a list, smallest first.
std::vector<int> column_list(ColumnSet set);
// The same in the order of the tie rule, centre-most first (kCentreOrder).
std::vector<int> centre_first(ColumnSet set);

void register_position(py::module_& m);
void register_solver(py::module_& m);
void register_batch(py::module_& m);
void register_heuristic(py::module_& m);
void register_book(py::module_& m);

}  // namespace link4::bindings
