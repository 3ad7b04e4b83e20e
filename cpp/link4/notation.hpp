// Move strings ("4453": digits 1-7, 1 = leftmost column) and the legality of a move.
// No exceptions here: the bindings turn a MoveError into the Python exception.
#pragma once

#include <string_view>

#include "link4/bitboard.hpp"

namespace link4 {

enum class MoveError {
    kNone,
    kMalformed,    // not a column digit 1..kWidth
    kOutOfRange,   // a 0-based column outside 0..kWidth-1
    kColumnFull,
    kGameOver,     // the last move already won, or the board is full
};

constexpr bool is_game_over(const Position& pos) {
    return pos.is_full() || pos.last_mover_won();
}

constexpr MoveError check_move(const Position& pos, int col) {
    if (col < 0 || col >= kWidth) return MoveError::kOutOfRange;
    if (is_game_over(pos)) return MoveError::kGameOver;
    if (!pos.can_play(col)) return MoveError::kColumnFull;
    return MoveError::kNone;
}

struct ParseResult {
    MoveError error = MoveError::kNone;
    int index = -1;  // 0-based index of the offending character, -1 when none
};

// Play every move of `moves` onto `pos`. A malformed string is reported before any
// move is tried; on an illegal move, `pos` holds the position before it and the
// result names it.
constexpr ParseResult play_moves(Position& pos, std::string_view moves) {
    const int n = static_cast<int>(moves.size());
    for (int i = 0; i < n; ++i) {
        if (moves[i] < '1' || moves[i] >= '1' + kWidth) return {MoveError::kMalformed, i};
    }
    for (int i = 0; i < n; ++i) {
        const int col = moves[i] - '1';
        if (const MoveError e = check_move(pos, col); e != MoveError::kNone) return {e, i};
        pos.play(col);
    }
    return {};
}

}  // namespace link4
