// Bindings for the rules: positions, move strings, boards, perft and the score scale.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <Python.h>

#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "common.hpp"
#include "link4/sized.hpp"
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

AnyPosition empty_position(int width, int height, int inarow) {
    require_supported_game(width, height, inarow);
    return {width, height, inarow, {}, {}, 0};
}

// The error of a move string: the digits are checked against the width before any is
// played, so a digit past it (kOutOfRange) is malformed notation like any other character.
std::optional<ErrorCode> string_error_code(MoveError error) {
    switch (error) {
        case MoveError::kNone: break;
        case MoveError::kMalformed:
        case MoveError::kOutOfRange: return ErrorCode::kMalformedString;
        case MoveError::kColumnFull: return ErrorCode::kStringColumnFull;
        case MoveError::kGameOver: return ErrorCode::kStringGameOver;
    }
    return std::nullopt;
}

AnyPosition from_moves(const py::str& text, int width, int height, int inarow) {
    const std::string moves = utf8(text);
    AnyPosition p = empty_position(width, height, inarow);
    ParseResult r;
    p = with_position(p, [&](auto pos) {
        r = play_moves(pos, moves);
        return erased(pos);
    });
    const std::optional<ErrorCode> code = string_error_code(r.error);
    if (!code) return p;
    // Every character before the offending one is an ASCII move character, so its byte index
    // is also its index in the Python string.
    py::dict details;
    details["moves"] = text;
    details["index"] = r.index;
    details["ply"] = p.moves;
    details["won"] = with_position(p, [](const auto& pos) { return pos.last_mover_won(); });
    details["width"] = width;
    raise_error(*code, details);
}

using PyGrid = std::vector<std::vector<int>>;

PyGrid grid_rows(const AnyPosition& p) {
    const Grid grid = with_position(p, [](const auto& pos) { return to_grid(pos); });
    PyGrid rows(static_cast<std::size_t>(p.height));
    for (int r = 0; r < p.height; ++r) rows[r].assign(grid[r].begin(), grid[r].begin() + p.width);
    return rows;
}

std::optional<ErrorCode> board_error_code(BoardError e) {
    switch (e) {
        case BoardError::kNone: break;
        case BoardError::kBadCell: return ErrorCode::kBadCell;
        case BoardError::kFloating: return ErrorCode::kFloating;
        case BoardError::kDiscCount: return ErrorCode::kDiscCount;
        case BoardError::kBothFour: return ErrorCode::kBothFour;
        case BoardError::kMovedAfterFour: return ErrorCode::kMovedAfterFour;
        case BoardError::kUnreachable: return ErrorCode::kUnreachable;
    }
    return std::nullopt;
}

// The move string that reaches a board given as rows (top first) of 0/1/2 cells, with
// `inarow` in a row; the board's size is the rows' shape.
std::string board_moves(const PyGrid& rows, int inarow) {
    Grid grid{};
    const int height = static_cast<int>(rows.size());
    const int width = rows.empty() ? 0 : static_cast<int>(rows[0].size());
    for (const auto& row : rows)
        if (static_cast<int>(row.size()) != width) raise_error(ErrorCode::kBoardShape);
    require_supported_game(width, height, inarow);
    for (int r = 0; r < height; ++r) {
        for (int c = 0; c < width; ++c) {
            const int v = rows[r][c];
            grid[r][c] = static_cast<std::int8_t>(v >= 0 && v <= 2 ? v : -1);
        }
    }
    const Reconstruction rec =
        with_geometry(width, height, inarow, [&](const auto& g) { return reconstruct(g, grid); });
    if (const std::optional<ErrorCode> code = board_error_code(rec.error)) {
        py::dict details;
        details["col"] = rec.where.col;
        details["row"] = rec.where.row;
        details["red"] = rec.red;
        details["yellow"] = rec.yellow;
        details["winner"] = rec.winner;
        details["inarow"] = inarow;  // the messages name the line
        raise_error(*code, details);
    }
    std::string moves;
    for (int col : rec.moves) moves += char_of_column(col);
    return moves;
}

std::optional<std::vector<std::tuple<int, int>>> winning_cells_of(const AnyPosition& p,
                                                                  int last_col) {
    const Line line = with_position(p, [&](const auto& pos) { return winning_line(pos, last_col); });
    if (!line.found) return std::nullopt;
    std::vector<std::tuple<int, int>> cells;
    for (int i = 0; i < line.length; ++i) cells.emplace_back(line.cells[i].col, line.cells[i].row);
    return cells;
}

// The empty cells where a disc would complete a line for the side to move, then for
// the other side, each as (column, row) from the bottom left.
std::tuple<std::vector<std::tuple<int, int>>, std::vector<std::tuple<int, int>>> threat_cells(
    const AnyPosition& p) {
    return with_position(p, [&](const auto& pos) {
        const auto cells_of = [&](auto bits) {
            std::vector<std::tuple<int, int>> cells;
            for (; bits; bits &= bits - decltype(bits){1}) {
                const Cell c = cell_of_bit(pos.geometry(), lowest_bit(bits));
                cells.emplace_back(c.col, c.row);
            }
            return cells;
        };
        return std::make_tuple(cells_of(pos.my_winning_cells()), cells_of(pos.opponent_winning_cells()));
    });
}

void play(AnyPosition& p, int col) {
    p = with_position(p, [&](auto pos) {
        raise_if_illegal(pos.check_move(col), pos.moves(), pos.last_mover_won(), col, p.width);
        pos.play(col);
        return erased(pos);
    });
}

void undo(AnyPosition& p, int col) {
    p = with_position(p, [&](auto pos) {
        if (col < 0 || col >= p.width || pos.height(col) == 0) {
            py::dict details;
            details["col"] = col;
            raise_error(ErrorCode::kNothingToUndo, details);
        }
        pos.undo(col);
        return erased(pos);
    });
}

// The games link4 plays: the sizes and the lines.
void register_games(py::module_& m) {
    m.attr("WIDTH") = Standard::width();
    m.attr("HEIGHT") = Standard::height();
    m.attr("MIN_WIDTH") = kMinWidth;
    m.attr("MAX_WIDTH") = kMaxWidth;
    m.attr("MIN_HEIGHT") = kMinHeight;
    m.attr("MAX_HEIGHT") = kMaxHeight;
    m.attr("MAX_CELL_BITS") = kMaxCellBits;
    m.attr("INAROW") = kConnectFour;
    m.attr("MIN_INAROW") = kMinInarow;
    m.attr("MAX_INAROW") = kMaxInarow;
}

}  // namespace

void register_position(py::module_& m) {
    register_games(m);
    m.def("centre_order", [](int width) {
        require_supported_size(width, kMinHeight);
        std::vector<int> order;
        for (int i = 0; i < width; ++i) order.push_back(column_from_centre(width, i));
        return py::tuple(py::cast(order));
    }, py::arg("width"), "The columns of a board this wide from the centre outwards.");
    m.attr("CENTRE_ORDER") = m.attr("centre_order")(Standard::width());

    py::class_<AnyPosition>(m, "Position")
        .def(py::init(&empty_position), py::arg("width") = Standard::width(),
             py::arg("height") = Standard::height(), py::arg("inarow") = kConnectFour)
        .def_static("from_moves", &from_moves, py::arg("moves"),
                    py::arg("width") = Standard::width(), py::arg("height") = Standard::height(),
                    py::arg("inarow") = kConnectFour)
        .def_readonly("width", &AnyPosition::width)
        .def_readonly("height", &AnyPosition::height)
        .def_readonly("inarow", &AnyPosition::inarow)
        .def("play", &play, py::arg("col"))
        .def("undo", &undo, py::arg("col"))
        .def("can_play",
             [](const AnyPosition& p, int col) {
                 return with_position(p, [&](const auto& pos) { return pos.check_move(col) == MoveError::kNone; });
             }, py::arg("col"))
        .def("legal_moves",
             [](const AnyPosition& p) {
                 return column_list(with_position(p, [](const auto& pos) { return pos.legal_columns(); }));
             })
        .def("is_winning_move",
             [](const AnyPosition& p, int col) {
                 return with_position(p, [&](const auto& pos) {
                     return pos.check_move(col) == MoveError::kNone && pos.is_winning_move(col);
                 });
             }, py::arg("col"))
        .def_readonly("ply", &AnyPosition::moves)
        .def("key",
             [](const AnyPosition& p) {
                 return with_position(p, [](const auto& pos) { return key_to_python(pos.key()); });
             })
        .def("canonical_key",
             [](const AnyPosition& p) {
                 return with_position(p, [](const auto& pos) { return key_to_python(pos.canonical_key()); });
             })
        .def("last_mover_won",
             [](const AnyPosition& p) {
                 return with_position(p, [](const auto& pos) { return pos.last_mover_won(); });
             })
        .def("is_over",
             [](const AnyPosition& p) {
                 return with_position(p, [](const auto& pos) { return pos.is_over(); });
             })
        .def("rows", &grid_rows)
        .def("winning_line", &winning_cells_of, py::arg("last_col"),
             "The (column, row) cells of the winning line through the last disc, "
             "which went into last_col; None when the last move did not win.")
        .def("threats", &threat_cells,
             "The empty cells that would complete a line: (the side to move's, the other "
             "side's), each a list of (column, row) cells.")
        .def("copy", [](const AnyPosition& p) { return p; })
        .def("__copy__", [](const AnyPosition& p) { return p; })
        .def("__deepcopy__", [](const AnyPosition& p, py::dict) { return p; }, py::arg("memo"))
        .def("__eq__", [](const AnyPosition& a, const AnyPosition& b) { return a == b; })
        .def("__hash__", [](const AnyPosition& p) {
            return static_cast<py::ssize_t>(mix64(p.current + p.mask) ^
                                            static_cast<std::uint64_t>((p.width * 16 + p.height) * 8 + p.inarow));
        });

    m.def("board_moves", &board_moves, py::arg("rows"), py::arg("inarow") = kConnectFour,
          "A move string that reaches the board (rows top first, cells 0 empty, 1 red, "
          "2 yellow; its size the rows' shape) with inarow in a row, or the BoardError that "
          "says why no game does.");
    m.def("perft", [](const AnyPosition& p, int depth) {
        if (depth < 0) raise_bad_argument("depth", depth);
        WithoutGil released;
        return with_position(p, [&](const auto& pos) { return perft(pos, depth); });
    }, py::arg("position"), py::arg("depth"));
}

}  // namespace link4::bindings
