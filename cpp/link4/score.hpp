// The score convention (docs/score.md), from the side to move: 0 a draw; a win whose
// last disc is move m (plies counted from 1 over the whole game) scores
// 1 + (cells - m) / 2, rounded down, so that on the standard board a win with one's k-th
// disc scores 22 - k; a loss scores minus the winner's figure. The search asks these
// functions; Python computes the same from the documented convention (link4.score)
// rather than crossing into the core for it.
#pragma once

namespace link4 {

// Score of a win whose last disc is move `move` on a board of `cells` cells: 1 + (cells
// - move) / 2, written so that the moves past the end (which the search's bounds ask
// about near the end of the game) round towards zero, below any win.
constexpr int win_at_move(int cells, int move) { return (cells + 2 - move) / 2; }
// The best score on the board: a win with the first player's first possible four.
// Every score lies within [-max_score, max_score]; max_score + 1 is above them all.
constexpr int max_score(int cells) { return (cells + 1) / 2; }
// Score of a win for the side to move with its next disc, `moves` discs being down.
constexpr int win_now_score(int cells, int moves) { return win_at_move(cells, moves + 1); }
// Score of losing to the opponent's next disc.
constexpr int lose_next_score(int cells, int moves) { return -win_at_move(cells, moves + 2); }
// Bounds on the score when neither side can win with its next disc (the side to move
// plays one that hands the opponent no four): at worst a loss to the opponent's disc
// after next, at best a win with the mover's own disc after next.
constexpr int quiet_lower_score(int cells, int moves) { return lose_next_score(cells, moves + 2); }
constexpr int quiet_upper_score(int cells, int moves) { return win_now_score(cells, moves + 2); }
static_assert(win_now_score(42, 0) == 21 && win_at_move(42, 41) == 1,
              "7x6: a win with the 1st disc scores 21, with the 21st 1");
static_assert(lose_next_score(42, 40) == -1 && max_score(42) == 21 && max_score(35) == 18);
static_assert(win_at_move(35, 35) == 1 && win_at_move(35, 34) == 1 && win_at_move(35, 33) == 2,
              "odd boards: the first player's last disc and the second's both score 1");

constexpr int sign(int score) { return (score > 0) - (score < 0); }

}  // namespace link4
