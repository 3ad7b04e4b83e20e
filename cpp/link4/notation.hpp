// Move strings ("4453": digits 1 to the width, 1 = leftmost column). The rules they are checked
// against live in bitboard.hpp; here is only the notation.
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
template <typename G>
constexpr ParseResult play_moves(Position<G>& pos, std::string_view moves) {
    const int n = static_cast<int>(moves.size());
    for (int i = 0; i < n; ++i) {
        if (moves[i] < '1' || moves[i] >= '1' + pos.geometry().width())
            return {MoveError::kMalformed, i};
    }
    for (int i = 0; i < n; ++i) {
        const int col = moves[i] - '1';
        if (const MoveError e = pos.check_move(col); e != MoveError::kNone) return {e, i};
        pos.play(col);
    }
    return {};
}

}  // namespace link4
