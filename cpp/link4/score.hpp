// The score convention (docs/score.md), from the side to move: 0 a draw; a win with one's
// k-th disc scores kScoreBase - k (22 - k on the standard board); a loss scores minus the
// opponent's figure. The search asks these functions; Python computes the same from the
// documented convention (link4.score) rather than crossing into the core for it.
#pragma once

#include "link4/bitboard.hpp"

namespace link4 {

// One more than the most discs a player can drop: a win with the last one scores 1.
inline constexpr int kScoreBase = kCells / 2 + 1;

// Score of a win with one's k-th disc.
constexpr int win_score(int disc) { return kScoreBase - disc; }
// Score of a win for the side to move with its next disc, `moves` discs being down.
constexpr int win_now_score(int moves) { return (kCells + 1 - moves) / 2; }
// Score of losing to the opponent's next disc.
constexpr int lose_next_score(int moves) { return -(kCells - moves) / 2; }
// Bounds on the score when neither side can win with its next disc (the side to move
// plays one that hands the opponent no four): at worst a loss to the opponent's disc
// after next, at best a win with the mover's own disc after next.
constexpr int quiet_lower_score(int moves) { return lose_next_score(moves + 2); }
constexpr int quiet_upper_score(int moves) { return win_now_score(moves + 2); }
static_assert(win_now_score(0) == win_score(1), "the first disc is the mover's 1st");
static_assert(win_now_score(6) == win_score(4), "the mover's 4th disc falls with 6 discs down");

constexpr int sign(int score) { return (score > 0) - (score < 0); }

}  // namespace link4
