// The static bounds outside the search, for tests (static_bounds.hpp).
#include "link4/static_bounds.hpp"

namespace link4 {
namespace {

// Whether the search asks a position about its static bounds at all: not when it
// settles the position first (the game over, a win or a forced loss on the next disc,
// two discs left).
bool asks_static_bounds(const Position& pos) {
    return !pos.is_over() && !pos.can_win_next() && pos.non_losing_moves() != 0 &&
           pos.moves() < kCells - 2;
}

}  // namespace

std::optional<StaticBounds> static_bounds(const Position& pos, int alpha, int beta) {
    if (!asks_static_bounds(pos)) return std::nullopt;
    // The bounds the search starts from (see negamax).
    StaticBounds b{quiet_lower_score(pos.moves()), quiet_upper_score(pos.moves())};
    tighten_static_bounds(pos, pos.opponent_winning_cells(), alpha, beta, b.lower, b.upper);
    return b;
}

std::optional<std::array<std::optional<int>, kWidth>> child_static_uppers(const Position& pos) {
    if (!asks_static_bounds(pos)) return std::nullopt;
    const Bitboard candidates = pos.non_losing_moves();
    if (!(candidates & (candidates - 1))) return std::nullopt;  // one move: no cutoff test
    const ChildStaticBounds statics(pos, candidates);
    ChildThreats child_threats(pos);
    std::array<std::optional<int>, kWidth> uppers{};
    for (int col = 0; col < kWidth; ++col) {
        const Bitboard move = candidates & column_mask(col);
        if (!move) continue;
        Position child = pos;
        child.play_cell(move);
        uppers[col] = statics.child_upper(child, move, kScoreBase, child_threats);
    }
    return uppers;
}

}  // namespace link4
