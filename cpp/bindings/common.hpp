// Shared by the binding files: they convert values, release the GIL and translate the
// engine's errors into link4's Python exceptions. No English here: an error is raised as
// its code (link4/errors.hpp) with details, and the messages are written in
// link4/errors.py, which `raise_error` asks for the exception.
#pragma once

#include <pybind11/pybind11.h>

#include <cstdint>
#include <optional>
#include <vector>

#include "link4/errors.hpp"
#include "link4/sized.hpp"
#include "link4/solver.hpp"

namespace link4::bindings {

namespace py = pybind11;

// Raise the exception that link4.errors.from_core(code, **details) builds.
[[noreturn]] void raise_error(ErrorCode code, const py::dict& details = py::dict());
// An argument out of its range (a ValueError naming it).
[[noreturn]] void raise_bad_argument(const char* name, long long value);
// Raise the error of a move (a column) the rules refuse, with what the message needs to
// say why: the discs down, whether the last one won and the board's width; nothing for
// MoveError::kNone.
void raise_if_illegal(MoveError error, int ply, bool won, int col, int width);
// Searches are for running games only.
[[noreturn]] void raise_game_over(int ply, bool won);
template <typename G>
void require_running(const Position<G>& pos) {
    if (pos.is_over()) raise_game_over(pos.moves(), pos.last_mover_won());
}
// A board size link4 does not play.
void require_supported_size(int width, int height);
// The same, then a length of line (k in a row) link4 does not play on that board.
void require_supported_game(int width, int height, int inarow);
// `what` ("position", "book") is for the game of width x height and `inarow` in a row,
// where one of expected_width x expected_height and expected_inarow was expected.
[[noreturn]] void raise_size_mismatch(const char* what, int width, int height, int inarow,
                                      int expected_width, int expected_height, int expected_inarow);
// The same unless the game is that of `expected` (an AnySize, any_size.hpp).
template <typename Sized>
void require_game(const char* what, int width, int height, int inarow, const Sized& expected) {
    if (!expected.is_game(width, height, inarow))
        raise_size_mismatch(what, width, height, inarow, expected.width(), expected.height(),
                            expected.inarow());
}
// The same for a position.
template <typename Sized>
void require_game_of(const AnyPosition& p, const Sized& expected) {
    require_game("position", p.width, p.height, p.inarow, expected);
}

// Keys as Python ints, of either word, and back: none for an int that is no word's
// (negative, or wider than the word), which is then no position's key.
py::int_ key_to_python(std::uint64_t key);
py::int_ key_to_python(const Bits128& key);
std::uint64_t low_64_bits(const py::handle& value);  // the value modulo 2^64
template <typename W>
std::optional<W> key_from_python(const py::int_& key) {
    W word;
    if constexpr (sizeof(W) == 8) {
        word = low_64_bits(key);
    } else {
        const auto high = py::reinterpret_steal<py::object>(
            PyNumber_Rshift(key.ptr(), py::int_(64).ptr()));
        if (!high) throw py::error_already_set();
        word = W{low_64_bits(key), low_64_bits(high)};
    }
    if (key_to_python(word).not_equal(key)) return std::nullopt;
    return word;
}

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
// The same in the order of the tie rule, centre-most first, on a board `width` wide.
std::vector<int> centre_first(ColumnSet set, int width);

void register_position(py::module_& m);
void register_solver(py::module_& m);
void register_batch(py::module_& m);
void register_heuristic(py::module_& m);
void register_book(py::module_& m);
void register_players(py::module_& m);  // and the batched environment
void register_errors(py::module_& m);   // the ErrorCode enum

}  // namespace link4::bindings
