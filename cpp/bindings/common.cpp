#include "common.hpp"

#include <Python.h>

#include <atomic>
#include <chrono>
#include <thread>

namespace link4::bindings {

void raise_error(const char* kind, const py::dict& details) {
    const py::object errors = py::module_::import("link4.errors");
    const py::object exc = errors.attr("from_core")(kind, **details);
    PyErr_SetObject(reinterpret_cast<PyObject*>(Py_TYPE(exc.ptr())), exc.ptr());
    throw py::error_already_set();
}

void raise_bad_argument(const char* name, long long value) {
    py::dict details;
    details["name"] = name;
    details["value"] = value;
    raise_error("bad_argument", details);
}

namespace {
const char* move_error_kind(MoveError error) {
    switch (error) {
        case MoveError::kMalformed: return "malformed";
        case MoveError::kOutOfRange: return "out_of_range";
        case MoveError::kColumnFull: return "column_full";
        case MoveError::kGameOver: return "game_over";
        case MoveError::kNone: break;
    }
    return "unknown";
}
}  // namespace

void raise_move_error(int ply, bool won, MoveError error, int col, int width) {
    py::dict details;
    details["col"] = col;
    details["width"] = width;
    details["ply"] = ply;
    details["won"] = won;
    raise_error(move_error_kind(error), details);
}

void raise_game_over(int ply, bool won) {
    py::dict details;
    details["ply"] = ply;
    details["won"] = won;
    raise_error("search_over", details);
}

void require_supported_size(int width, int height) {
    if (is_supported_size(width, height)) return;
    py::dict details;
    details["width"] = width;
    details["height"] = height;
    raise_error("board_size", details);
}

void raise_size_mismatch(const char* what, int width, int height, int expected_width,
                         int expected_height) {
    py::dict details;
    details["what"] = what;
    details["width"] = width;
    details["height"] = height;
    details["expected_width"] = expected_width;
    details["expected_height"] = expected_height;
    raise_error("size_mismatch", details);
}

py::int_ key_to_python(std::uint64_t key) { return py::int_(key); }
std::uint64_t low_64_bits(const py::handle& value) {
    const auto low = py::reinterpret_steal<py::object>(
        PyNumber_And(value.ptr(), py::int_(~std::uint64_t{0}).ptr()));
    if (!low) throw py::error_already_set();
    return low.cast<std::uint64_t>();
}
py::int_ key_to_python(const Bits128& key) {
    const auto hi = py::reinterpret_steal<py::object>(
        PyNumber_Lshift(py::int_(key.hi).ptr(), py::int_(64).ptr()));
    if (!hi) throw py::error_already_set();
    const auto all = py::reinterpret_steal<py::object>(PyNumber_Or(hi.ptr(), py::int_(key.lo).ptr()));
    if (!all) throw py::error_already_set();
    return py::int_(all);
}

namespace {
std::atomic<bool> g_exiting{false};
std::atomic<int> g_running{0};  // WithoutGil scopes open
}  // namespace

bool exiting() { return g_exiting.load(std::memory_order_relaxed); }

WithoutGil::WithoutGil() {
    if (exiting()) raise_error("exiting");
    g_running.fetch_add(1);
    release_.emplace();
}

WithoutGil::~WithoutGil() {
    release_.reset();  // takes the GIL back first...
    g_running.fetch_sub(1);  // ... then no longer counts as running
}

void register_exit_hook(py::module_& m) {
    m.def("_stop_for_exit", [] {
        g_exiting.store(true);
        py::gil_scoped_release release;
        // Searches poll every 20 ms or so; give them up to two seconds to come back.
        for (int i = 0; i < 200 && g_running.load() > 0; ++i)
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
    });
    py::module_::import("atexit").attr("register")(m.attr("_stop_for_exit"));
}

bool poll_signals(void*) {
    if (exiting()) return true;  // never take the GIL back while Python exits
    py::gil_scoped_acquire gil;
    return PyErr_CheckSignals() != 0;
}

std::vector<int> column_list(ColumnSet set) {
    std::vector<int> cols;
    for (int c = 0; set; ++c, set >>= 1)
        if (set & 1) cols.push_back(c);
    return cols;
}

std::vector<int> centre_first(ColumnSet set, int width) {
    std::vector<int> cols;
    for (int c; (c = centre_most(set, width)) >= 0;) {
        cols.push_back(c);
        set = static_cast<ColumnSet>(set & ~(1u << c));
    }
    return cols;
}

}  // namespace link4::bindings
