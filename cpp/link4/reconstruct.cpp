#include "link4/reconstruct.hpp"

#include <cstdint>
#include <unordered_set>
#include <vector>

namespace link4 {

template <typename G>
Grid to_grid(const Position<G>& pos) {
    const G& g = pos.geometry();
    const WordOf<G> red = pos.moves() % 2 == 0 ? pos.current() : pos.opponent();
    Grid grid{};
    for (int row = 0; row < g.height(); ++row)
        for (int col = 0; col < g.width(); ++col) {
            const WordOf<G> c = cell(g, col, row);
            if (pos.mask() & c) grid[g.height() - 1 - row][col] = (red & c) ? 1 : 2;
        }
    return grid;
}

namespace {

// Takes discs back from the board towards the empty one: each step removes the top disc
// of some column belonging to the side that moved last. A state is the column heights
// (which disc sits where is fixed), so states that lead nowhere are remembered.
template <typename G>
class Unplayer {
  public:
    using Bitboard = WordOf<G>;
    Unplayer(G g, Bitboard red, Bitboard yellow, std::array<int, kMaxWidth> heights)
        : g_(g), red_(red), yellow_(yellow), heights_(heights) {}

    // Fills `moves` (first move first) and returns true when the empty board is reached.
    bool run(bool red_moved_last, std::vector<int>& moves) {
        moves.clear();
        const bool found = unplay(red_moved_last, moves);
        return found;
    }

  private:
    // The heights as one number (at most 13^9 < 2^64 states).
    std::uint64_t state() const {
        std::uint64_t s = 0;
        for (int col = 0; col < g_.width(); ++col)
            s = s * static_cast<std::uint64_t>(g_.height() + 1) + static_cast<std::uint64_t>(heights_[col]);
        return s;
    }

    bool unplay(bool red_moved_last, std::vector<int>& moves) {
        bool empty = true;
        for (int h : heights_) empty = empty && h == 0;
        if (empty) return true;
        const std::uint64_t s = state();
        if (dead_.contains(s)) return false;
        Bitboard& mine = red_moved_last ? red_ : yellow_;
        for (int i = 0; i < g_.width(); ++i) {
            const int col = g_.shape().centre_order[static_cast<std::size_t>(i)];
            if (heights_[col] == 0) continue;
            const Bitboard top = cell(g_, col, heights_[col] - 1);
            if (!(mine & top)) continue;
            // Before this disc the game was still running: no line for its owner.
            if (has_line(g_, mine & ~top)) continue;
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
        dead_.insert(s);
        return false;
    }

    [[no_unique_address]] G g_;
    Bitboard red_, yellow_;
    std::array<int, kMaxWidth> heights_;
    std::unordered_set<std::uint64_t> dead_;
};

}  // namespace

template <typename G>
Reconstruction reconstruct(const G& g, const Grid& grid) {
    Reconstruction r;
    WordOf<G> red{}, yellow{};
    std::array<int, kMaxWidth> heights{};
    const int width = g.width(), height = g.height();
    for (int row = 0; row < height; ++row)
        for (int col = 0; col < width; ++col) {
            const int v = grid[height - 1 - row][col];
            if (v < 0 || v > 2) {
                r.error = BoardError::kBadCell;
                r.where = {col, row};
                return r;
            }
        }
    for (int col = 0; col < width; ++col)
        for (int row = 0; row < height; ++row) {
            const int v = grid[height - 1 - row][col];
            if (v == 0) continue;
            if (heights[col] != row) {
                r.error = BoardError::kFloating;
                r.where = {col, row};
                return r;
            }
            ++heights[col];
            (v == 1 ? red : yellow) |= cell(g, col, row);
        }
    r.red = popcount(red);
    r.yellow = popcount(yellow);
    if (r.red != r.yellow && r.red != r.yellow + 1) {
        r.error = BoardError::kDiscCount;
        return r;
    }
    const bool red_line = has_line(g, red), yellow_line = has_line(g, yellow);
    if (red_line && yellow_line) {
        r.error = BoardError::kBothFour;
        return r;
    }
    const bool red_moved_last = r.red > r.yellow;
    if ((red_line && !red_moved_last) || (yellow_line && red_moved_last)) {
        r.error = BoardError::kMovedAfterFour;
        r.winner = red_line ? 1 : 2;
        return r;
    }
    Unplayer<G> unplayer(g, red, yellow, heights);
    if (!unplayer.run(red_moved_last, r.moves)) r.error = BoardError::kUnreachable;
    return r;
}

#define LINK4_INSTANTIATE(G)                         \
    template Grid to_grid(const Position<G>&); \
    template Reconstruction reconstruct(const G&, const Grid&);
LINK4_FOR_EACH_GEOMETRY(LINK4_INSTANTIATE)
#undef LINK4_INSTANTIATE

}  // namespace link4
