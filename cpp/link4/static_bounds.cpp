// The static bounds outside the search, for tests (static_bounds.hpp).
#include "link4/static_bounds.hpp"

namespace link4 {
namespace {

// Whether the search asks a position about its static bounds at all: not when it
// settles the position first (the game over, a win or a forced loss on the next disc,
// two discs left).
template <typename G>
bool asks_static_bounds(const Position<G>& pos) {
    return !pos.is_over() && !pos.can_win_next() && static_cast<bool>(pos.non_losing_moves()) &&
           pos.moves() < pos.geometry().cells() - 2;
}

}  // namespace

template <typename G>
std::optional<StaticBounds> static_bounds(const Position<G>& pos, int alpha, int beta) {
    if (!asks_static_bounds(pos)) return std::nullopt;
    // The bounds the search starts from (see negamax).
    const int cells = pos.geometry().cells();
    StaticBounds b{quiet_lower_score(cells, pos.moves()), quiet_upper_score(cells, pos.moves())};
    tighten_static_bounds(pos, pos.opponent_winning_cells(), alpha, beta, b.lower, b.upper);
    return b;
}

template <typename G>
std::optional<std::array<std::optional<int>, kMaxWidth>> child_static_uppers(
    const Position<G>& pos) {
    using Bitboard = WordOf<G>;
    const G& g = pos.geometry();
    if (!asks_static_bounds(pos)) return std::nullopt;
    const Bitboard candidates = pos.non_losing_moves();
    if (!(candidates & (candidates - Bitboard{1}))) return std::nullopt;  // one move: no cutoff test
    const ChildStaticBounds<G> statics(pos, candidates);
    ChildThreats<G> child_threats(pos);
    std::array<std::optional<int>, kMaxWidth> uppers{};
    for (int col = 0; col < g.width(); ++col) {
        const Bitboard move = candidates & column_mask(g, col);
        if (!move) continue;
        Position<G> child = pos;
        child.play_cell(move);
        uppers[col] = statics.child_upper(child, move, max_score(g.cells()) + 1, child_threats);
    }
    return uppers;
}

#define LINK4_INSTANTIATE(G)                                                              \
    template std::optional<StaticBounds> static_bounds(const Position<G>&, int, int);     \
    template std::optional<std::array<std::optional<int>, kMaxWidth>> child_static_uppers( \
        const Position<G>&);
LINK4_FOR_EACH_GEOMETRY(LINK4_INSTANTIATE)
#undef LINK4_INSTANTIATE

}  // namespace link4
