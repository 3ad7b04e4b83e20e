// Move ordering: the order in which a node's children are searched (docs/solver.md,
// "Move ordering"). Inline: the search calls it at every node.
#pragma once

#include "link4/bitboard.hpp"
#include "link4/child_threats.hpp"

namespace link4 {

template <typename G>
inline int column_of(const G& g, WordOf<G> move) {
    return lowest_bit(move) / g.column_bits();
}

// Moves sorted by how promising they are (move_score), ties going to the column nearer
// the centre. Each move keeps the mover's winning cells after it (its threats), which
// move_score works out anyway and the child's search needs first.
template <typename G>
class MoveList {
  public:
    using Bitboard = WordOf<G>;
    // Add in reverse preference order of ties: among equal scores, the last added
    // comes out first.
    void add(Bitboard move, int score, Bitboard threats) {
        int i = size_++;
        for (; i > 0 && entries_[i - 1].score > score; --i) entries_[i] = entries_[i - 1];
        entries_[i] = {move, score, threats};
    }
    // The best remaining move, or 0 when none is left; its threats go to `threats`.
    Bitboard next(Bitboard& threats) {
        if (size_ == 0) return Bitboard{};
        const Entry& e = entries_[--size_];
        threats = e.threats;
        return e.move;
    }

  private:
    struct Entry {
        Bitboard move;
        int score;
        Bitboard threats;
    };
    Entry entries_[G::kColumns];
    int size_ = 0;
};

// How promising a move looks, from the mover's threats after it (the empty cells that
// would complete a four for it). A threat above one of the opponent's in the same
// column does not count: the opponent's comes first, and blocking it lets the opponent
// block ours. Each threat counts 4; one on a playable cell (the opponent must block it
// at once) 1 more; one right above a playable cell 2 more (nobody can play below it
// without handing the mover that four, so the column is closed). The weights were
// chosen by the node counts of the benchmark sets. `closed` holds the cells above the
// opponent's threats; `all_threats` are all the mover's threats after the move.
template <typename G, typename Bitboard = WordOf<G>>
inline int move_score(const Position<G>& pos, Bitboard move, Bitboard closed, Bitboard all_threats) {
    const Bitboard threats = all_threats & ~closed;
    // The playable cells after the move: the move's cell gives way to the one above it.
    const Bitboard playable =
        pos.possible() ^ move ^ ((move << 1) & pos.geometry().board_mask());
    return 4 * popcount(threats) + popcount(threats & playable) +
           2 * popcount(threats & (playable << 1));
}

// The moves of `candidates` into `list`, best first. `threats`: the opponent's winning
// cells, pos.opponent_winning_cells().
template <typename G, typename Bitboard = WordOf<G>>
inline void order_moves(const Position<G>& pos, Bitboard threats, Bitboard candidates,
                 const ChildThreats<G>& child_threats, MoveList<G>& list) {
    const G& g = pos.geometry();
    const Bitboard closed = cells_above(g, threats);
    // The columns from the edges in to the centre: ties go to the last added.
    for (int i = 0; i < g.width(); ++i) {
        if (const Bitboard move = candidates & g.shape().columns_to_centre[i]) {
            const Bitboard mover_threats = child_threats.get_last(move);
            const int score = move_score(pos, move, closed, mover_threats);
            list.add(move, score, mover_threats);
        }
    }
}

}  // namespace link4
