// The Python module link4._core: the only file that includes pybind11. It translates
// between Python objects and the engine and turns engine errors into exceptions.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "link4/bitboard.hpp"
#include "link4/notation.hpp"
#include "link4/perft.hpp"
#include "link4/solver.hpp"

namespace py = pybind11;
using namespace link4;

namespace {

struct InvalidMove : std::runtime_error {
    using std::runtime_error::runtime_error;
};
struct IllegalMove : std::runtime_error {
    using std::runtime_error::runtime_error;
};
struct GameOver : IllegalMove {
    using IllegalMove::IllegalMove;
};

const char* player_name(int moves) { return moves % 2 == 0 ? "red" : "yellow"; }

std::string over_reason(const Position& pos) {
    if (pos.last_mover_won())
        return std::string("the game is over: ") + player_name(pos.moves() - 1) + " has won";
    return "the game is over: the board is full (a draw)";
}

[[noreturn]] void raise_move_error(const Position& pos, MoveError error, int col) {
    switch (error) {
        case MoveError::kOutOfRange:
            throw IllegalMove("column " + std::to_string(col) +
                              " is outside the board: columns are 0 to " +
                              std::to_string(kWidth - 1));
        case MoveError::kColumnFull:
            throw IllegalMove("column " + std::to_string(col) + " is full");
        case MoveError::kGameOver:
            throw GameOver(over_reason(pos));
        default:
            throw std::logic_error("unexpected move error");
    }
}

Position parse_moves(const std::string& moves) {
    Position pos;
    const ParseResult r = play_moves(pos, moves);
    if (r.error == MoveError::kNone) return pos;
    // Report in Python's terms: characters rather than UTF-8 bytes, quoted by repr().
    auto is_lead = [](char ch) { return (static_cast<unsigned char>(ch) & 0xC0) != 0x80; };
    const auto index = static_cast<std::size_t>(r.index);
    std::size_t chars = 0;
    for (std::size_t i = 0; i < index; ++i) chars += is_lead(moves[i]);
    std::size_t end = index + 1;
    while (end < moves.size() && !is_lead(moves[end])) ++end;
    const std::string quoted = py::repr(py::str(moves)).cast<std::string>();
    const std::string where = "move " + std::to_string(chars + 1) + " of " + quoted;
    switch (r.error) {
        case MoveError::kMalformed: {
            const std::string ch = py::repr(py::str(moves.substr(index, end - index))).cast<std::string>();
            throw InvalidMove("invalid move string " + quoted + ": character " +
                              std::to_string(chars + 1) + " is " + ch +
                              ", but moves are the digits 1 to " + std::to_string(kWidth) +
                              " (1 = leftmost column)");
        }
        case MoveError::kColumnFull:
            throw IllegalMove("illegal " + where + ": column " + moves[index] + " is full");
        case MoveError::kGameOver:
            throw GameOver("illegal " + where + ": " + over_reason(pos));
        default:
            throw std::logic_error("unexpected move error");
    }
}

void require_not_over(const Position& pos) {
    if (is_game_over(pos)) throw GameOver("cannot search this position: " + over_reason(pos));
}

// The board as rows, top row first: 0 empty, 1 red, 2 yellow.
std::vector<std::vector<int>> to_rows(const Position& pos) {
    const Bitboard red = pos.moves() % 2 == 0 ? pos.current() : pos.opponent();
    std::vector<std::vector<int>> rows(kHeight, std::vector<int>(kWidth, 0));
    for (int row = 0; row < kHeight; ++row)
        for (int col = 0; col < kWidth; ++col) {
            const Bitboard c = cell(col, row);
            if (pos.mask() & c) rows[kHeight - 1 - row][col] = (red & c) ? 1 : 2;
        }
    return rows;
}

// Ctrl-C: while the search runs without the GIL, it takes the GIL back every few
// milliseconds to let Python look at pending signals. A raised KeyboardInterrupt stays
// set in this thread's error indicator and is re-raised once the search has stopped.
bool poll_signals(void*) {
    py::gil_scoped_acquire gil;
    return PyErr_CheckSignals() != 0;
}

SearchLimits make_limits(std::optional<std::uint64_t> max_nodes, std::optional<double> max_seconds) {
    SearchLimits limits;
    if (max_nodes) limits.max_nodes = *max_nodes == 0 ? 1 : *max_nodes;
    if (max_seconds) {
        if (std::isnan(*max_seconds) || *max_seconds < 0)
            throw py::value_error("time_limit must be a non-negative number of seconds");
        // No deadline past a century: it would never be reached anyway.
        limits.max_seconds = std::isinf(*max_seconds) ? 0 : std::max(*max_seconds, 1e-9);
    }
    limits.poll = poll_signals;
    return limits;
}

// A Solver that refuses to be used by two threads at once rather than racing.
class PySolver {
  public:
    explicit PySolver(double table_mb) : solver_(table_bytes(table_mb)) {}

    SearchResult search(const Position& pos, bool weak, std::optional<std::uint64_t> max_nodes,
                        std::optional<double> max_seconds, bool want_move) {
        require_not_over(pos);
        const SearchLimits limits = make_limits(max_nodes, max_seconds);
        const auto lock = claim();
        SearchResult r;
        {
            py::gil_scoped_release release;
            r = solver_.search(pos, weak, limits, want_move);
        }
        if (r.stop == StopReason::kStopped && PyErr_Occurred()) throw py::error_already_set();
        return r;
    }

    // Exact scores of every column (None where full), one search each.
    std::vector<std::optional<int>> analyze(const Position& pos, bool weak) {
        require_not_over(pos);
        const SearchLimits limits = make_limits(std::nullopt, std::nullopt);
        const auto lock = claim();
        std::vector<std::optional<int>> scores(kWidth);
        bool interrupted = false;
        std::uint64_t nodes = 0;
        {
            py::gil_scoped_release release;
            for (int col = 0; col < kWidth && !interrupted; ++col) {
                if (!pos.can_play(col)) continue;
                int score;
                if (pos.is_winning_move(col)) {
                    score = win_now_score(pos.moves());
                } else {
                    Position child = pos;
                    child.play(col);
                    if (child.is_full()) {
                        score = 0;
                    } else {
                        const SearchResult r = solver_.search(child, weak, limits, false);
                        nodes += r.nodes;
                        interrupted = r.stop != StopReason::kNone;
                        score = -r.score;
                    }
                }
                scores[col] = weak ? (score > 0) - (score < 0) : score;
            }
        }
        nodes_ = nodes;
        if (interrupted) {
            if (PyErr_Occurred()) throw py::error_already_set();
            throw std::runtime_error("search stopped");
        }
        return scores;
    }

    void clear() {
        const auto lock = claim();
        solver_.clear_table();
    }
    std::size_t bytes() const { return solver_.table_bytes(); }
    std::uint64_t analyze_nodes() const { return nodes_; }

    static std::size_t table_bytes(double mb) {
        if (!(mb >= 4.0) || mb > 1 << 20)
            throw py::value_error("table_mb must be between 4 and 1048576 (MB)");
        const auto bytes = static_cast<std::size_t>(mb * (1 << 20));
#if defined(_SC_PHYS_PAGES)
        // Refused here, while the GIL is held: solve_many allocates in its worker threads,
        // where a failed allocation could not become a Python exception.
        const long pages = sysconf(_SC_PHYS_PAGES);
        const long page = sysconf(_SC_PAGESIZE);
        if (pages > 0 && page > 0 && bytes / static_cast<std::size_t>(page) > static_cast<std::size_t>(pages)) {
            const std::size_t physical = static_cast<std::size_t>(pages) * static_cast<std::size_t>(page);
            const std::string message = "a table of " + std::to_string(bytes >> 20) +
                                        " MB is more than the memory of this machine (" +
                                        std::to_string(physical >> 20) + " MB)";
            PyErr_SetString(PyExc_MemoryError, message.c_str());
            throw py::error_already_set();
        }
#endif
        return bytes;
    }

  private:
    std::unique_lock<std::mutex> claim() {
        std::unique_lock lock(mutex_, std::try_to_lock);
        if (!lock.owns_lock()) throw std::runtime_error("this Solver is busy in another thread");
        return lock;
    }

    Solver solver_;
    std::mutex mutex_;
    std::uint64_t nodes_ = 0;
};

// Score many positions on `threads` threads, each with its own table. The calling
// thread waits without the GIL, taking it back now and then to look for Ctrl-C.
std::vector<int> solve_many(const std::vector<Position>& positions, bool weak, int threads,
                            double table_mb) {
    for (std::size_t i = 0; i < positions.size(); ++i) {
        if (is_game_over(positions[i]))
            throw GameOver("position " + std::to_string(i) + ": " + over_reason(positions[i]));
    }
    const std::size_t bytes = PySolver::table_bytes(table_mb);
    if (threads < 1) throw py::value_error("threads must be at least 1");
    threads = static_cast<int>(std::min<std::size_t>(threads, std::max<std::size_t>(positions.size(), 1)));

    std::vector<int> scores(positions.size());
    std::atomic<std::size_t> next{0};
    std::atomic<bool> stop{false};
    std::atomic<int> running{threads};
    bool interrupted = false;
    {
        py::gil_scoped_release release;
        std::vector<std::thread> pool;
        for (int t = 0; t < threads; ++t) {
            pool.emplace_back([&] {
                Solver solver(bytes);
                SearchLimits limits;
                limits.stop = &stop;
                for (std::size_t i; (i = next.fetch_add(1)) < positions.size();) {
                    const SearchResult r = solver.search(positions[i], weak, limits, false);
                    if (r.stop != StopReason::kNone) break;
                    scores[i] = r.score;
                }
                running.fetch_sub(1);
            });
        }
        while (running.load() > 0) {
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
            if (!interrupted && poll_signals(nullptr)) {
                interrupted = true;
                stop.store(true);
            }
        }
        for (auto& th : pool) th.join();
    }
    if (interrupted) throw py::error_already_set();
    return scores;
}

}  // namespace

void bind_heuristic(pybind11::module_& m);

PYBIND11_MODULE(_core, m, py::mod_gil_not_used()) {
    m.doc() = "link4's compiled engine (private: use the link4 package)";
    m.attr("WIDTH") = kWidth;
    m.attr("HEIGHT") = kHeight;

    auto invalid = py::register_exception<InvalidMove>(m, "InvalidMoveError", PyExc_ValueError);
    auto illegal = py::register_exception<IllegalMove>(m, "IllegalMoveError", PyExc_ValueError);
    py::register_exception<GameOver>(m, "GameOverError", illegal.ptr());
    (void)invalid;

    py::class_<Position>(m, "Position")
        .def(py::init<>())
        .def_static("from_moves", &parse_moves, py::arg("moves"))
        .def("play",
             [](Position& p, int col) {
                 if (const MoveError e = check_move(p, col); e != MoveError::kNone)
                     raise_move_error(p, e, col);
                 p.play(col);
             }, py::arg("col"))
        .def("undo",
             [](Position& p, int col) {
                 if (col < 0 || col >= kWidth || p.height(col) == 0)
                     throw IllegalMove("no disc to take back in column " + std::to_string(col));
                 p.undo(col);
             }, py::arg("col"))
        .def("can_play",
             [](const Position& p, int col) {
                 return check_move(p, col) == MoveError::kNone;
             }, py::arg("col"))
        .def("legal_moves",
             [](const Position& p) {
                 std::vector<int> cols;
                 if (is_game_over(p)) return cols;
                 for (int c = 0; c < kWidth; ++c)
                     if (p.can_play(c)) cols.push_back(c);
                 return cols;
             })
        .def("is_winning_move",
             [](const Position& p, int col) {
                 return check_move(p, col) == MoveError::kNone && p.is_winning_move(col);
             }, py::arg("col"))
        .def("height", [](const Position& p, int col) {
                 if (col < 0 || col >= kWidth) throw py::index_error("column out of range");
                 return p.height(col);
             }, py::arg("col"))
        .def_property_readonly("ply", &Position::moves)
        .def_property_readonly("current", &Position::current)
        .def_property_readonly("mask", &Position::mask)
        .def("key", &Position::key)
        .def("mirror_key", &Position::mirror_key)
        .def("canonical_key", &Position::canonical_key)
        .def("last_mover_won", &Position::last_mover_won)
        .def("is_full", &Position::is_full)
        .def("is_over", [](const Position& p) { return is_game_over(p); })
        .def("rows", &to_rows)
        .def("copy", [](const Position& p) { return p; })
        .def("__copy__", [](const Position& p) { return p; })
        .def("__deepcopy__", [](const Position& p, py::dict) { return p; }, py::arg("memo"))
        .def("__eq__", [](const Position& a, const Position& b) { return a == b; })
        .def("__hash__", [](const Position& p) { return static_cast<py::ssize_t>(p.key()); });

    m.def("has_four", [](Bitboard discs) { return has_four(discs & kBoardMask); },
          py::arg("discs"),
          "Whether a set of discs (a bitboard in the layout of bitboard.hpp) holds four in a row.");

    m.def("perft", [](const Position& p, int depth) {
        if (depth < 0) throw py::value_error("depth must be >= 0");
        py::gil_scoped_release release;
        return perft(p, depth);
    }, py::arg("position"), py::arg("depth"));

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
        .def_readonly("nodes", &SearchResult::nodes)
        .def_readonly("seconds", &SearchResult::seconds)
        .def_readonly("stop", &SearchResult::stop);

    py::class_<PySolver>(m, "Solver")
        .def(py::init<double>(), py::arg("table_mb") = 64.0)
        .def("search", &PySolver::search, py::arg("position"), py::arg("weak") = false,
             py::arg("max_nodes") = py::none(), py::arg("max_seconds") = py::none(),
             py::arg("want_move") = false)
        .def("analyze", &PySolver::analyze, py::arg("position"), py::arg("weak") = false)
        .def("clear", &PySolver::clear)
        .def_property_readonly("table_bytes", &PySolver::bytes)
        .def_property_readonly("analyze_nodes", &PySolver::analyze_nodes);

    m.def("solve_many", &solve_many, py::arg("positions"), py::arg("weak") = false,
          py::arg("threads") = 1, py::arg("table_mb") = 64.0);

    bind_heuristic(m);
}
