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

template <typename G>
std::vector<StaticProof> static_proofs(const Position<G>& pos) {
    using Bitboard = WordOf<G>;
    const G& g = pos.geometry();
    std::vector<StaticProof> proofs;
    if (!asks_static_bounds(pos)) return proofs;
    const Bitboard threats = pos.opponent_winning_cells();
    const Bitboard empty = g.board_mask() & ~pos.mask();
    const bool leader_moves = leader_to_move(pos);
    const ClaimevenShares<Bitboard> s = claimeven_shares(g, empty, claimeven_tops(pos, leader_moves));
    if (leader_moves) {
        if (claimeven_stops_leader(pos, s, threats))
            proofs.push_back({StaticRule::kClaimeven, false,
                              -claimeven_win(g, pos.opponent(), s.follower_share), -1});
    } else {
        if (claimeven_stops_leader_moving_second(pos, s)) {
            const Bitboard tops = pos.odd_column_tops();
            const Bitboard first = tops & (~tops + Bitboard{1});
            proofs.push_back({StaticRule::kClaimeven, true,
                              claimeven_win(g, pos.current(), s.follower_share),
                              first ? lowest_bit(first) : -1});
        }
        if (const auto z = leader_zugzwang_threat(pos, threats, empty); z.threat)
            proofs.push_back({StaticRule::kZugzwang, false, z.bound, lowest_bit(z.threat)});
    }
    if (no_line_left(g, pos.current(), empty)) proofs.push_back({StaticRule::kNoLineLeft, false, 0, -1});
    if (no_line_left(g, pos.opponent(), empty)) proofs.push_back({StaticRule::kNoLineLeft, true, 0, -1});
    return proofs;
}

#define LINK4_INSTANTIATE(G)                                                              \
    template std::optional<StaticBounds> static_bounds(const Position<G>&, int, int);     \
    template std::optional<std::array<std::optional<int>, kMaxWidth>> child_static_uppers( \
        const Position<G>&);                                                               \
    template std::vector<StaticProof> static_proofs(const Position<G>&);
LINK4_FOR_EACH_GEOMETRY(LINK4_INSTANTIATE)
#undef LINK4_INSTANTIATE

}  // namespace link4
