// Bindings for the rules: positions, move strings, boards, perft and the score scale.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <Python.h>

#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "common.hpp"
#include "link4/bitboard.hpp"
#include "link4/notation.hpp"
#include "link4/perft.hpp"
#include "link4/reconstruct.hpp"

namespace link4::bindings {
namespace {

// The UTF-8 bytes of a str; lone surrogates pass through as bytes, which are never
// move digits, so they are reported as malformed like any other character.
std::string utf8(const py::str& s) {
    const py::object b = py::reinterpret_steal<py::object>(
        PyUnicode_AsEncodedString(s.ptr(), "utf-8", "surrogatepass"));
    if (!b) throw py::error_already_set();
    return b.cast<std::string>();
}

Position from_moves(const py::str& text) {
    const std::string moves = utf8(text);
    Position pos;
    const ParseResult r = play_moves(pos, moves);
    if (r.error == MoveError::kNone) return pos;
    // Every character before the offending one is an ASCII digit, so its byte index
    // is also its index in the Python string.
    py::dict details;
    details["moves"] = text;
    details["index"] = r.index;
    details["ply"] = pos.moves();
    details["won"] = pos.last_mover_won();
    raise_error(r.error == MoveError::kMalformed ? "malformed_string" :
                r.error == MoveError::kColumnFull ? "string_column_full" : "string_game_over",
                details);
}

using PyGrid = std::vector<std::vector<int>>;

PyGrid grid_rows(const Position& pos) {
    const Grid grid = to_grid(pos);
    PyGrid rows(kHeight);
    for (int r = 0; r < kHeight; ++r) rows[r].assign(grid[r].begin(), grid[r].end());
    return rows;
}

const char* board_error_kind(BoardError e) {
    switch (e) {
        case BoardError::kNone: return "";
        case BoardError::kBadCell: return "bad_cell";
        case BoardError::kFloating: return "floating";
        case BoardError::kDiscCount: return "disc_count";
        case BoardError::kBothFour: return "both_four";
        case BoardError::kMovedAfterFour: return "moved_after_four";
        case BoardError::kUnreachable: return "unreachable";
    }
    return "unknown";
}

// The move string that reaches a board given as rows (top first) of 0/1/2 cells.
std::string board_moves(const PyGrid& rows) {
    Grid grid{};
    if (rows.size() != kHeight) raise_error("board_shape");
    for (int r = 0; r < kHeight; ++r) {
        if (rows[r].size() != kWidth) raise_error("board_shape");
        for (int c = 0; c < kWidth; ++c) {
            const int v = rows[r][c];
            grid[r][c] = static_cast<std::int8_t>(v >= 0 && v <= 2 ? v : -1);
        }
    }
    const Reconstruction rec = reconstruct(grid);
    if (rec.error != BoardError::kNone) {
        py::dict details;
        details["col"] = rec.where.col;
        details["row"] = rec.where.row;
        details["red"] = rec.red;
        details["yellow"] = rec.yellow;
        details["winner"] = rec.winner;
        raise_error(board_error_kind(rec.error), details);
    }
    std::string moves;
    for (int col : rec.moves) moves += static_cast<char>('1' + col);
    return moves;
}

std::optional<std::vector<std::tuple<int, int>>> winning_cells_of(const Position& pos,
                                                                  int last_col) {
    const Line line = winning_line(pos, last_col);
    if (!line.found) return std::nullopt;
    std::vector<std::tuple<int, int>> cells;
    for (const Cell& c : line.cells) cells.emplace_back(c.col, c.row);
    return cells;
}

}  // namespace

void register_position(py::module_& m) {
    m.attr("WIDTH") = kWidth;
    m.attr("HEIGHT") = kHeight;
    m.attr("CENTRE_ORDER") = py::tuple(py::cast(std::vector<int>(kCentreOrder.begin(), kCentreOrder.end())));

    py::class_<Position>(m, "Position")
        .def(py::init<>())
        .def_static("from_moves", &from_moves, py::arg("moves"))
        .def("play",
             [](Position& p, int col) {
                 if (const MoveError e = p.check_move(col); e != MoveError::kNone)
                     raise_move_error(p, e, col);
                 p.play(col);
             }, py::arg("col"))
        .def("undo",
             [](Position& p, int col) {
                 if (col < 0 || col >= kWidth || p.height(col) == 0) {
                     py::dict details;
                     details["col"] = col;
                     raise_error("nothing_to_undo", details);
                 }
                 p.undo(col);
             }, py::arg("col"))
        .def("can_play",
             [](const Position& p, int col) { return p.check_move(col) == MoveError::kNone; },
             py::arg("col"))
        .def("legal_moves", [](const Position& p) { return column_list(p.legal_columns()); })
        .def("is_winning_move",
             [](const Position& p, int col) {
                 return p.check_move(col) == MoveError::kNone && p.is_winning_move(col);
             }, py::arg("col"))
        .def_property_readonly("ply", &Position::moves)
        .def("key", &Position::key)
        .def("canonical_key", &Position::canonical_key)
        .def("last_mover_won", &Position::last_mover_won)
        .def("is_over", &Position::is_over)
        .def("rows", &grid_rows)
        .def("winning_line", &winning_cells_of, py::arg("last_col"),
             "The four (column, row) cells of the winning line through the last disc, "
             "which went into last_col; None when the last move did not win.")
        .def("copy", [](const Position& p) { return p; })
        .def("__copy__", [](const Position& p) { return p; })
        .def("__deepcopy__", [](const Position& p, py::dict) { return p; }, py::arg("memo"))
        .def("__eq__", [](const Position& a, const Position& b) { return a == b; })
        .def("__hash__", [](const Position& p) { return static_cast<py::ssize_t>(p.key()); });

    m.def("board_moves", &board_moves, py::arg("rows"),
          "A move string that reaches the board (rows top first, cells 0 empty, 1 red, "
          "2 yellow), or the BoardError that says why no game does.");
    m.def("perft", [](const Position& p, int depth) {
        if (depth < 0) raise_bad_argument("depth", depth);
        WithoutGil released;
        return perft(p, depth);
    }, py::arg("position"), py::arg("depth"));
}

}  // namespace link4::bindings
