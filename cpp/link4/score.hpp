// The score convention of DESIGN.md, from the side to move: 0 a draw; a win with
// one's k-th disc scores 22 - k; a loss scores minus the opponent's figure.
#pragma once

#include "link4/bitboard.hpp"

namespace link4 {

// Score of a win for the side to move with its next disc, `moves` discs being down.
constexpr int win_now_score(int moves) { return (kCells + 1 - moves) / 2; }
// Score of losing to the opponent's next disc.
constexpr int lose_next_score(int moves) { return -(kCells - moves) / 2; }

}  // namespace link4
