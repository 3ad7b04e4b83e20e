// perft: the number of move sequences of a given length from a position, the classic
// check of a move generator. A won position ends the game, so sequences stop there.
#pragma once

#include <cstdint>

#include "link4/bitboard.hpp"

namespace link4 {

// Precondition: the side to move has not already lost (pos.last_mover_won() is false)
// unless depth == 0.
template <typename G>
std::uint64_t perft_rec(const Position<G>& pos, int depth) {
    using Bitboard = WordOf<G>;
    Bitboard moves = pos.possible();
    if (depth == 1) return static_cast<std::uint64_t>(popcount(moves));
    const Bitboard wins = pos.my_winning_cells();
    std::uint64_t total = 0;
    while (moves) {
        const Bitboard move = moves & (~moves + Bitboard{1});
        moves ^= move;
        if (move & wins) continue;  // a winning move ends the game before `depth`
        Position<G> next = pos;
        next.play_cell(move);
        total += perft_rec(next, depth - 1);
    }
    return total;
}

template <typename G>
std::uint64_t perft(const Position<G>& pos, int depth) {
    if (depth <= 0) return depth == 0 ? 1 : 0;
    if (pos.last_mover_won()) return 0;
    return perft_rec(pos, depth);
}

}  // namespace link4
