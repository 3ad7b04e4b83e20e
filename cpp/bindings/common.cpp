#include "common.hpp"

#include <Python.h>

#include <atomic>
#include <chrono>
#include <thread>

namespace link4::bindings {

void raise_error(ErrorCode code, const py::dict& details) {
    const py::object errors = py::module_::import("link4.errors");
    const py::object exc = errors.attr("from_core")(code, **details);
    PyErr_SetObject(reinterpret_cast<PyObject*>(Py_TYPE(exc.ptr())), exc.ptr());
    throw py::error_already_set();
}

void raise_bad_argument(const char* name, long long value) {
    py::dict details;
    details["name"] = name;
    details["value"] = value;
    raise_error(ErrorCode::kBadArgument, details);
}

namespace {
// A column given as a number is on the board or off it: one that is no column at all
// (kMalformed, which only notation reports) is off the board too.
std::optional<ErrorCode> move_error_code(MoveError error) {
    switch (error) {
        case MoveError::kNone: break;
        case MoveError::kMalformed:
        case MoveError::kOutOfRange: return ErrorCode::kOutOfRange;
        case MoveError::kColumnFull: return ErrorCode::kColumnFull;
        case MoveError::kGameOver: return ErrorCode::kGameOver;
    }
    return std::nullopt;
}
}  // namespace

void raise_if_illegal(MoveError error, int ply, bool won, int col, int width) {
    const std::optional<ErrorCode> code = move_error_code(error);
    if (!code) return;
    py::dict details;
    details["col"] = col;
    details["width"] = width;
    details["ply"] = ply;
    details["won"] = won;
    raise_error(*code, details);
}

void raise_game_over(int ply, bool won) {
    py::dict details;
    details["ply"] = ply;
    details["won"] = won;
    raise_error(ErrorCode::kSearchOver, details);
}

void require_supported_size(int width, int height) {
    if (is_supported_size(width, height)) return;
    py::dict details;
    details["width"] = width;
    details["height"] = height;
    raise_error(ErrorCode::kBoardSize, details);
}

void require_supported_game(int width, int height, int inarow) {
    require_supported_size(width, height);
    if (is_supported_inarow(width, height, inarow)) return;
    py::dict details;
    details["width"] = width;
    details["height"] = height;
    details["inarow"] = inarow;
    raise_error(ErrorCode::kInarow, details);
}

void raise_size_mismatch(const char* what, int width, int height, int inarow, int expected_width,
                         int expected_height, int expected_inarow) {
    py::dict details;
    details["what"] = what;
    details["width"] = width;
    details["height"] = height;
    details["inarow"] = inarow;
    details["expected_width"] = expected_width;
    details["expected_height"] = expected_height;
    details["expected_inarow"] = expected_inarow;
    raise_error(ErrorCode::kSizeMismatch, details);
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
    if (exiting()) raise_error(ErrorCode::kExiting);
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

void register_errors(py::module_& m) {
    py::enum_<ErrorCode>(m, "ErrorCode")
        .value("MALFORMED_STRING", ErrorCode::kMalformedString)
        .value("STRING_COLUMN_FULL", ErrorCode::kStringColumnFull)
        .value("STRING_GAME_OVER", ErrorCode::kStringGameOver)
        .value("OUT_OF_RANGE", ErrorCode::kOutOfRange)
        .value("COLUMN_FULL", ErrorCode::kColumnFull)
        .value("GAME_OVER", ErrorCode::kGameOver)
        .value("NOTHING_TO_UNDO", ErrorCode::kNothingToUndo)
        .value("SEARCH_OVER", ErrorCode::kSearchOver)
        .value("BUSY", ErrorCode::kBusy)
        .value("EXITING", ErrorCode::kExiting)
        .value("BAD_ARGUMENT", ErrorCode::kBadArgument)
        .value("BOARD_SIZE", ErrorCode::kBoardSize)
        .value("INAROW", ErrorCode::kInarow)
        .value("SIZE_MISMATCH", ErrorCode::kSizeMismatch)
        .value("BOARD_SHAPE", ErrorCode::kBoardShape)
        .value("BAD_CELL", ErrorCode::kBadCell)
        .value("FLOATING", ErrorCode::kFloating)
        .value("DISC_COUNT", ErrorCode::kDiscCount)
        .value("BOTH_FOUR", ErrorCode::kBothFour)
        .value("MOVED_AFTER_FOUR", ErrorCode::kMovedAfterFour)
        .value("UNREACHABLE", ErrorCode::kUnreachable)
        .value("BOOK_TRUNCATED", ErrorCode::kBookTruncated)
        .value("BOOK_MAGIC", ErrorCode::kBookMagic)
        .value("BOOK_VERSION", ErrorCode::kBookVersion)
        .value("BOOK_BOARD", ErrorCode::kBookBoard)
        .value("BOOK_CHECKSUM", ErrorCode::kBookChecksum)
        .value("BOOK_ENTRIES", ErrorCode::kBookEntries)
        .value("CHECKPOINT", ErrorCode::kCheckpoint);
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
