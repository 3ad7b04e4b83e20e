// The mover's winning cells after each of its moves: asked for by the cutoff test, the
// static bounds of the children and the move ordering, and worked out once per move.
#pragma once

#include "link4/bitboard.hpp"

namespace link4 {

// The mover's winning cells after each of its moves from `pos`, by the move's bit
// (lowest_bit(move)): worked out by the first that asks.
template <typename G>
class ChildThreats {
  public:
    using Word = WordOf<G>;
    explicit ChildThreats(const Position<G>& pos) : pos_(pos) {}
    Word get(Word move) {
        const int i = lowest_bit(move);
        if (!(known_ & move)) {
            threats_[i] = work_out(move);
            known_ |= move;
        }
        return threats_[i];
    }
    // The same for the last one to ask, which keeps nothing.
    Word get_last(Word move) const {
        return known_ & move ? threats_[lowest_bit(move)] : work_out(move);
    }

  private:
    Word work_out(Word move) const {
        return winning_cells(pos_.geometry(), pos_.current() | move, pos_.mask() | move);
    }
    const Position<G>& pos_;
    Word known_{};
    Word threats_[G::kCellBits];
};

}  // namespace link4
