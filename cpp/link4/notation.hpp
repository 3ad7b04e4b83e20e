// Move strings ("4453": one character a move, 1 = the leftmost column). Columns 1 to 9 are
// the digits, as in the published benchmark sets; columns 10, 11 and 12 of the widest
// boards are the letters a, b and c (A, B and C are read too), so that a move is always
// one character and every string of a board up to 9 columns reads as it always did. The
// rules the moves are checked against live in bitboard.hpp; here is only the notation.
#pragma once

#include <string_view>

#include "link4/bitboard.hpp"

namespace link4 {

struct ParseResult {
    MoveError error = MoveError::kNone;
    int index = -1;  // 0-based index of the offending character, -1 when none
};

// Play every move of `moves` onto `pos`. A malformed string is reported before any
// move is tried; on an illegal move, `pos` holds the position before it and the
// result names it.
// The 0-based column a move character names, or -1 for a character that names none.
constexpr int column_of_char(char ch) {
    if (ch >= '1' && ch <= '9') return ch - '1';
    if (ch >= 'a' && ch <= 'a' + (kMaxWidth - 10)) return ch - 'a' + 9;
    if (ch >= 'A' && ch <= 'A' + (kMaxWidth - 10)) return ch - 'A' + 9;
    return -1;
}
// The character of a 0-based column (0 <= col < kMaxWidth).
constexpr char char_of_column(int col) {
    return static_cast<char>(col < 9 ? '1' + col : 'a' + (col - 9));
}
static_assert(column_of_char('9') == 8 && column_of_char('a') == 9 && column_of_char('C') == 11 &&
              column_of_char('d') == -1 && column_of_char('0') == -1 && char_of_column(11) == 'c');

template <typename G>
constexpr ParseResult play_moves(Position<G>& pos, std::string_view moves) {
    const int n = static_cast<int>(moves.size());
    for (int i = 0; i < n; ++i) {
        const int col = column_of_char(moves[i]);
        if (col < 0 || col >= pos.geometry().width()) return {MoveError::kMalformed, i};
    }
    for (int i = 0; i < n; ++i) {
        const int col = column_of_char(moves[i]);
        if (const MoveError e = pos.check_move(col); e != MoveError::kNone) return {e, i};
        pos.play(col);
    }
    return {};
}

}  // namespace link4
