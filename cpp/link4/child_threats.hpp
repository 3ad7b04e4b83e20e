// The mover's winning cells after each of its moves: asked for by the cutoff test, the
// static bounds of the children and the move ordering, and worked out once per move.
#pragma once

#include <bit>

#include "link4/bitboard.hpp"

namespace link4 {

// The mover's winning cells after each of its moves from `pos`, by the move's bit
// (std::countr_zero(move)): worked out by the first that asks.
class ChildThreats {
  public:
    explicit ChildThreats(const Position& pos) : pos_(pos) {}
    Bitboard get(Bitboard move) {
        const int i = std::countr_zero(move);
        if (!(known_ & move)) {
            threats_[i] = work_out(move);
            known_ |= move;
        }
        return threats_[i];
    }
    // The same for the last one to ask, which keeps nothing.
    Bitboard get_last(Bitboard move) const {
        return known_ & move ? threats_[std::countr_zero(move)] : work_out(move);
    }

  private:
    Bitboard work_out(Bitboard move) const {
        return winning_cells(pos_.current() | move, pos_.mask() | move);
    }
    const Position& pos_;
    Bitboard known_ = 0;
    Bitboard threats_[kWidth * kColumnBits];
};

}  // namespace link4
