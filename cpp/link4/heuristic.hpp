// A fast, depth-limited heuristic search for the playing levels: alpha-beta over the
// bitboard with a static evaluation at the horizon. It is not a solver: its values are
// guesses except where it proves a win or a loss within its horizon.
//
// Values are from the side to move. A win proven within the horizon scores
// kHeuristicWin + s, a proven loss -(kHeuristicWin + s), where s > 0 is the exact score
// of docs/score.md (on 7x6, 22 - k for a win with one's k-th disc), so faster wins score more.
// Every evaluation stays strictly inside (-kEvalBound, kEvalBound), far below
// kHeuristicWin, and a proven draw (full board) scores 0.
#pragma once

#include <array>
#include <cstdint>
#include <optional>

#include "link4/bitboard.hpp"

namespace link4 {

inline constexpr int kEvalBound = 10000;
inline constexpr int kHeuristicWin = 100000;

// The static value of `pos` for the side to move: open lines of one, two and three
// discs, threats (weighted by row parity: the first player profits from threats on odd
// rows, counting the bottom row as 1, the second player from even ones) and central
// discs. Precondition: the game is not over. |result| < kEvalBound.
template <typename G>
int evaluate(const Position<G>& pos);

struct HeuristicResult {
    // Per column, the value of playing there for the side to move; empty where the
    // column is full.
    std::array<std::optional<int>, kMaxWidth> scores{};  // the board's width of them
    int depth = 0;            // the deepest iteration completed (plies below each move)
    std::uint64_t nodes = 0;  // positions visited
};

// The value of every legal move of `pos`, each searched with a full window to
// `depth - 1` plies below the move (so `depth` counts the move itself), by iterative
// deepening. When `max_nodes` (0: none) runs out during an iteration, the scores of the
// last completed iteration are returned; depth 1 always completes. The result is a pure
// function of its arguments (no state survives between calls), so it is reproducible.
// Precondition: the game is not over; depth >= 1.
template <typename G>
HeuristicResult heuristic_scores(const Position<G>& pos, int depth, std::uint64_t max_nodes);

}  // namespace link4
