#include "link4/reconstruct.hpp"

#include <vector>

namespace link4 {

Grid to_grid(const Position& pos) {
    const Bitboard red = pos.moves() % 2 == 0 ? pos.current() : pos.opponent();
    Grid grid{};
    for (int row = 0; row < kHeight; ++row)
        for (int col = 0; col < kWidth; ++col) {
            const Bitboard c = cell(col, row);
            if (pos.mask() & c) grid[kHeight - 1 - row][col] = (red & c) ? 1 : 2;
        }
    return grid;
}

namespace {

// Takes discs back from the board towards the empty one: each step removes the top disc
// of some column belonging to the side that moved last. A state is the column heights
// (which disc sits where is fixed), so states that lead nowhere are remembered.
class Unplayer {
  public:
    Unplayer(Bitboard red, Bitboard yellow, std::array<int, kWidth> heights)
        : red_(red), yellow_(yellow), heights_(heights), dead_(state_count()) {}

    // Fills `moves` (first move first) and returns true when the empty board is reached.
    bool run(bool red_moved_last, std::vector<int>& moves) {
        moves.clear();
        const bool found = unplay(red_moved_last, moves);
        return found;
    }

  private:
    static std::size_t state_count() {
        std::size_t n = 1;
        for (int c = 0; c < kWidth; ++c) n *= kHeight + 1;
        return n;
    }
    std::size_t state() const {
        std::size_t s = 0;
        for (int h : heights_) s = s * (kHeight + 1) + static_cast<std::size_t>(h);
        return s;
    }

    bool unplay(bool red_moved_last, std::vector<int>& moves) {
        bool empty = true;
        for (int h : heights_) empty = empty && h == 0;
        if (empty) return true;
        const std::size_t s = state();
        if (dead_[s]) return false;
        Bitboard& mine = red_moved_last ? red_ : yellow_;
        for (int col : kCentreOrder) {
            if (heights_[col] == 0) continue;
            const Bitboard top = cell(col, heights_[col] - 1);
            if (!(mine & top)) continue;
            // Before this disc the game was still running: no four for its owner.
            if (has_four(mine & ~top)) continue;
            mine &= ~top;
            --heights_[col];
            const bool ok = unplay(!red_moved_last, moves);
            ++heights_[col];
            mine |= top;
            if (ok) {
                moves.push_back(col);  // filled from the first move as the calls return
                return true;
            }
        }
        dead_[s] = true;
        return false;
    }

    Bitboard red_, yellow_;
    std::array<int, kWidth> heights_;
    std::vector<bool> dead_;
};

}  // namespace

Reconstruction reconstruct(const Grid& grid) {
    Reconstruction r;
    Bitboard red = 0, yellow = 0;
    std::array<int, kWidth> heights{};
    for (int row = 0; row < kHeight; ++row)
        for (int col = 0; col < kWidth; ++col) {
            const int v = grid[kHeight - 1 - row][col];
            if (v < 0 || v > 2) {
                r.error = BoardError::kBadCell;
                r.where = {col, row};
                return r;
            }
        }
    for (int col = 0; col < kWidth; ++col)
        for (int row = 0; row < kHeight; ++row) {
            const int v = grid[kHeight - 1 - row][col];
            if (v == 0) continue;
            if (heights[col] != row) {
                r.error = BoardError::kFloating;
                r.where = {col, row};
                return r;
            }
            ++heights[col];
            (v == 1 ? red : yellow) |= cell(col, row);
        }
    r.red = popcount(red);
    r.yellow = popcount(yellow);
    if (r.red != r.yellow && r.red != r.yellow + 1) {
        r.error = BoardError::kDiscCount;
        return r;
    }
    const bool red_four = has_four(red), yellow_four = has_four(yellow);
    if (red_four && yellow_four) {
        r.error = BoardError::kBothFour;
        return r;
    }
    const bool red_moved_last = r.red > r.yellow;
    if ((red_four && !red_moved_last) || (yellow_four && red_moved_last)) {
        r.error = BoardError::kMovedAfterFour;
        r.winner = red_four ? 1 : 2;
        return r;
    }
    Unplayer unplayer(red, yellow, heights);
    if (!unplayer.run(red_moved_last, r.moves)) r.error = BoardError::kUnreachable;
    return r;
}

}  // namespace link4
