// The board of Connect Four as two words. Every rule of the game lives here, written
// once for every board size: the geometry `g` (geometry.hpp) gives the size's masks.
//
// Bit layout. Each column owns height + 1 consecutive bits, bottom cell first; the
// last bit of each column is a sentinel that is never occupied. It keeps the
// shifts used for win detection from wrapping one column into the next, and lets
// "mask + bottom" drop a disc by carry propagation.
//
// On the standard 7x6 board:
//
//        col:  1   2   3   4   5   6   7        (move-string notation, 1-based)
//      sentinel 6  13  20  27  34  41  48
//     row 5    5  12  19  26  33  40  47      <- top row
//     row 4    4  11  18  25  32  39  46
//     row 3    3  10  17  24  31  38  45
//     row 2    2   9  16  23  30  37  44
//     row 1    1   8  15  22  29  36  43
//     row 0    0   7  14  21  28  35  42      <- bottom row
//
// A position is two words:
//   mask     every occupied cell;
//   current  the discs of the side to move.
// The opponent's discs are current ^ mask. Playing flips the point of view:
// current becomes the old opponent set, so the board is always seen by the mover.
//
// Key. current + mask is unique for a position. In a column holding h discs the
// mask bits are 2^h - 1, so the column contributes current_col + 2^h - 1, a value in
// [2^h - 1, 2^(h+1) - 2]: the ranges for different heights are disjoint and all stay
// below 2^(height+1), so no carry crosses into the next column. The key fits in
// width x (height + 1) bits (49 on 7x6), and the key of the mirror image is mirror(key).
//
// Worked example: "44" (red in column 4, then yellow on top; red to move).
//   mask    = bits 21, 22           = 0x0000'0000'0060'0000
//   current = red's disc = bit 21   = 0x0000'0000'0020'0000
//   key     = current + mask        = bit 23 = 0x0000'0000'0080'0000
//   (column 4 holds 4 = 1 + 3: height 2, the mover owns the bottom disc).
//
// Win detection by shifts: for a direction with step s (1 vertical, height + 1
// horizontal, height and height + 2 for the two diagonals), m = b & (b >> s) marks cells that start a pair;
// m & (m >> 2s) marks cells that start a run of four. A line of k (the geometry's
// inarow(), four but on the variants) is found the same way. A run that would leave the
// board, in any direction and of any length, meets a sentinel or a cell past the board's
// bits, which no disc ever holds: no line wraps from one column into the next.
#pragma once

#include <array>
#include <cstdint>
#include <type_traits>

#include "link4/geometry.hpp"

namespace link4 {

template <typename G>
using WordOf = typename G::Word;

template <typename G>
constexpr WordOf<G> bottom_cell(const G& g, int col) {
    return WordOf<G>{1} << (col * g.column_bits());
}
template <typename G>
constexpr WordOf<G> top_cell(const G& g, int col) {
    return WordOf<G>{1} << (g.height() - 1 + col * g.column_bits());
}
template <typename G>
constexpr WordOf<G> column_mask(const G& g, int col) {
    return column_mask_of<WordOf<G>>(g.height(), g.column_bits(), col);
}
template <typename G>
constexpr WordOf<G> cell(const G& g, int col, int row) {
    return WordOf<G>{1} << (col * g.column_bits() + row);
}

// Whether a line fits across the board (horizontally, and so along the diagonals where
// it fits the height too). Where it does not (five in a row on four columns), only the
// vertical lines are looked for: the shifts of the others, (k - 1) columns' bits, could
// pass a 64-bit word's width.
template <typename G>
constexpr bool across_fits(const G& g) {
    return g.inarow() <= g.width();
}

// The cells of `discs` that start a run of `inarow` discs with step s (a doubling: a
// pair, then pairs of pairs, then what the length needs besides).
template <typename W>
constexpr W run_starts(W discs, int s, int inarow) {
    const W pairs = discs & (discs >> s);
    switch (inarow) {
        case 3: return pairs & (discs >> (2 * s));
        case 4: return pairs & (pairs >> (2 * s));
        case 5: return pairs & (pairs >> (2 * s)) & (discs >> (4 * s));
        default: return pairs & (pairs >> (2 * s)) & (pairs >> (4 * s));  // 6
    }
}

// True when `discs` holds a line of the geometry's length (four in a row, on a board
// of another goal k in a row) in any direction.
template <typename G>
constexpr bool has_line(const G& g, WordOf<G> discs) {
    if (g.inarow() == kConnectFour) {
        // Four in a row, written out: a compiled size's search is then the same code as
        // before the other lengths came, wherever the compiler declines to inline.
        const int steps[] = {1, g.column_bits(), g.column_bits() - 1, g.column_bits() + 1};
        for (int s : steps) {
            const WordOf<G> pairs = discs & (discs >> s);
            if (pairs & (pairs >> (2 * s))) return true;
        }
        return false;
    }
    if (run_starts(discs, 1, g.inarow())) return true;  // vertical
    if (!across_fits(g)) return false;
    const int steps[] = {g.column_bits(), g.column_bits() - 1, g.column_bits() + 1};
    for (int s : steps) {
        if (run_starts(discs, s, g.inarow())) return true;
    }
    return false;
}

// The empty cells (anywhere on the board, reachable or not) that would complete a
// line for `discs`. `mask` is the set of occupied cells.
template <typename G>
constexpr WordOf<G> winning_cells(const G& g, WordOf<G> discs, WordOf<G> mask) {
    using W = WordOf<G>;
    const int steps[] = {g.column_bits(), g.column_bits() - 1, g.column_bits() + 1};
    W r{};
    if (g.inarow() == kConnectFour) {
        // Vertical: three stacked discs, the cell above them.
        r = (discs << 1) & (discs << 2) & (discs << 3);
        // The three other directions, with step s: the cell completes xxx_, x_xx, xx_x or _xxx.
        for (int s : steps) {
            W p = (discs << s) & (discs << (2 * s));
            r |= p & (discs << (3 * s));
            r |= p & (discs >> s);
            p = (discs >> s) & (discs >> (2 * s));
            r |= p & (discs << s);
            r |= p & (discs >> (3 * s));
        }
        return r & (g.board_mask() ^ mask);
    }
    // Any length k: a cell completes a line when it has a discs in a row before it and
    // k - 1 - a after it, for some a. before[a] marks the cells with a discs just before
    // them along the step, after[a] those with a discs just after.
    const int k = g.inarow();
    r = ~W{};
    for (int i = 1; i < k; ++i) r &= discs << i;  // vertical: k - 1 stacked discs below
    if (!across_fits(g)) return r & (g.board_mask() ^ mask);
    for (int s : steps) {
        W before[kMaxInarow], after[kMaxInarow];
        before[0] = after[0] = ~W{};
        for (int a = 1; a < k; ++a) {
            before[a] = before[a - 1] & (discs << (a * s));
            after[a] = after[a - 1] & (discs >> (a * s));
        }
        for (int a = 0; a < k; ++a) r |= before[a] & after[k - 1 - a];
    }
    return r & (g.board_mask() ^ mask);
}

// The cells above `cells` in their columns.
template <typename G>
constexpr WordOf<G> cells_above(const G& g, WordOf<G> cells) {
    WordOf<G> r = (cells << 1) & g.board_mask();
    for (int i = 1; i < g.height() - 1; ++i) r |= (r << 1) & g.board_mask();
    return r;
}

// The cells below `cells` in their columns.
template <typename G>
constexpr WordOf<G> cells_below(const G& g, WordOf<G> cells) {
    WordOf<G> r = (cells >> 1) & g.board_mask();
    for (int i = 1; i < g.height() - 1; ++i) r |= (r >> 1) & g.board_mask();
    return r;
}

// Swap columns left to right (column c goes to width - 1 - c), sentinels included:
// each pair of columns trades places with one shift each way.
template <typename G>
constexpr WordOf<G> mirror(const G& g, WordOf<G> b) {
    return mirror_of(g.shape(), b);
}

// Why a move may not be played. (Malformed notation is the notation's business, but it
// shares the code so that one value says what went wrong with a move.)
enum class MoveError : std::uint8_t {
    kNone,
    kMalformed,   // not a column digit 1..width (move strings, notation.hpp)
    kOutOfRange,  // a 0-based column outside 0..width-1
    kColumnFull,
    kGameOver,    // the last move already won, or the board is full
};

// A position seen from the side to move. Plain value type: copying it is the undo
// mechanism of the search. It carries its geometry (nothing on the standard board).
template <typename G>
class Position {
  public:
    using Word = WordOf<G>;

    constexpr Position()
        requires std::is_empty_v<G>
    = default;
    constexpr explicit Position(G g) : g_(g) {}
    constexpr Position(G g, Word current, Word mask, int moves)
        : current_(current), mask_(mask), moves_(moves), g_(g) {}

    constexpr const G& geometry() const { return g_; }
    constexpr Word current() const { return current_; }
    constexpr Word mask() const { return mask_; }
    constexpr Word opponent() const { return current_ ^ mask_; }
    constexpr int moves() const { return moves_; }

    // The cells where a disc can be dropped now (one per non-full column).
    constexpr Word possible() const { return (mask_ + g_.bottom_row()) & g_.board_mask(); }
    constexpr bool can_play(int col) const { return !(mask_ & top_cell(g_, col)); }
    constexpr int height(int col) const { return popcount(mask_ & column_mask(g_, col)); }

    // Drop a disc for the side to move. Precondition: can_play(col).
    constexpr void play(int col) {
        play_cell((mask_ + bottom_cell(g_, col)) & column_mask(g_, col));
    }
    // Play the move whose landing cell is `move` (a single bit of possible()).
    constexpr void play_cell(Word move) {
        current_ ^= mask_;
        mask_ |= move;
        ++moves_;
    }
    // Take back the top disc of `col`. Precondition: it was the last disc played.
    constexpr void undo(int col) {
        const Word column = mask_ & column_mask(g_, col);
        mask_ ^= Word{1} << highest_bit(column);
        current_ ^= mask_;
        --moves_;
    }

    // True when the side that just moved has a line (four in a row, or k).
    constexpr bool last_mover_won() const { return has_line(g_, opponent()); }
    constexpr bool is_full() const { return moves_ == g_.cells(); }
    // The game ends at once with a four, or with a full board (a draw).
    constexpr bool is_over() const { return is_full() || last_mover_won(); }

    // Whether `col` (any int) may be played now, and if not, why.
    constexpr MoveError check_move(int col) const {
        if (col < 0 || col >= g_.width()) return MoveError::kOutOfRange;
        if (is_over()) return MoveError::kGameOver;
        if (!can_play(col)) return MoveError::kColumnFull;
        return MoveError::kNone;
    }

    // Would dropping a disc in `col` (must be playable) win for the side to move?
    constexpr bool is_winning_move(int col) const {
        return static_cast<bool>(my_winning_cells() & possible() & column_mask(g_, col));
    }
    constexpr bool can_win_next() const {
        return static_cast<bool>(my_winning_cells() & possible());
    }
    constexpr Word my_winning_cells() const { return winning_cells(g_, current_, mask_); }
    constexpr Word opponent_winning_cells() const { return winning_cells(g_, opponent(), mask_); }

    // The moves that do not hand the opponent an immediate win. Precondition: the side
    // to move cannot win at once (otherwise the search takes that win first).
    // Returns 0 when every move loses; a forced block is returned alone.
    constexpr Word non_losing_moves() const { return non_losing_moves(opponent_winning_cells()); }
    // The same from `threats` == opponent_winning_cells(), for a caller that has them.
    constexpr Word non_losing_moves(Word threats) const {
        Word possible_mask = possible();
        const Word forced = possible_mask & threats;
        if (forced) {
            if (forced & (forced - Word{1})) return Word{};  // two open threats: cannot block both
            possible_mask = forced;
        }
        // Never play directly below an opponent's winning cell.
        return possible_mask & ~(threats >> 1);
    }

    // The columns that may be played (bit c for column c); none once the game is over.
    constexpr ColumnSet legal_columns() const {
        ColumnSet r = 0;
        if (is_over()) return r;
        for (int c = 0; c < g_.width(); ++c)
            if (can_play(c)) r |= static_cast<ColumnSet>(1u << c);
        return r;
    }

    // The playable cells of the columns with an odd number of empty cells (each on a
    // row of follower_rows; on 7x6, the columns that hold an odd number of discs).
    constexpr Word odd_column_tops() const { return possible() & g_.follower_rows(); }

    constexpr Word key() const { return current_ + mask_; }
    // No carry crosses a column in key(), so mirroring the key mirrors the position.
    constexpr Word mirror_key() const { return mirror(g_, key()); }
    // One key for a position and its mirror image.
    constexpr Word canonical_key() const {
        const Word k = key(), m = mirror(g_, k);
        return k < m ? k : m;
    }

    constexpr bool operator==(const Position&) const = default;

  private:
    Word current_{};
    Word mask_{};
    int moves_ = 0;
    [[no_unique_address]] G g_{};
};

// The canonical_key() of each child of a position, with one mirror() for all of them.
// After a move its mover's discs are the child's opponent(), so the child's key() is
// pos.opponent() + pos.mask() plus the move's cell; no carry leaves a column, so the
// child's mirror_key() is the mirror of that sum plus the mirror of the cell.
template <typename G>
class ChildCanonicalKeys {
  public:
    using Word = WordOf<G>;
    constexpr explicit ChildCanonicalKeys(const Position<G>& pos)
        : g_(pos.geometry()),
          sum_(pos.opponent() + pos.mask()),
          mirrored_(mirror(g_, sum_)) {}
    // `move`: one cell of pos.possible().
    constexpr Word operator()(Word move) const {
        const Word key = sum_ + move;
        const Word mirror_key = mirrored_ + g_.mirror_cell(lowest_bit(move));
        return key < mirror_key ? key : mirror_key;
    }

  private:
    [[no_unique_address]] G g_;
    Word sum_, mirrored_;
};
static_assert([] {
    Position<Standard> pos;
    pos.play(3);
    pos.play(3);
    pos.play(1);  // an asymmetric position
    const ChildCanonicalKeys keys(pos);
    for (int col = 0; col < 7; ++col) {
        Position<Standard> child = pos;
        child.play(col);
        if (keys(pos.possible() & column_mask(Standard{}, col)) != child.canonical_key())
            return false;
    }
    return true;
}());

// The cells (column, row; row 0 at the bottom) of a winning line (four in a row, or the
// geometry's k) through the disc at (col, row) that belongs to `discs`, or an empty
// result when there is none. Directions are tried horizontal, vertical, rising diagonal,
// falling diagonal; in a run longer than the line, the first window of its length (from
// the left, or the bottom) that holds the disc.
struct Cell {
    int col;
    int row;
    constexpr bool operator==(const Cell&) const = default;
};
// The cell of bit `bit` of a board word, by the layout drawn at the top of this file.
template <typename G>
constexpr Cell cell_of_bit(const G& g, int bit) {
    return {bit / g.column_bits(), bit % g.column_bits()};
}
struct Line {
    bool found = false;
    int length = 0;  // the cells of `cells` used: the geometry's inarow()
    std::array<Cell, kMaxInarow> cells{};
};
template <typename G>
constexpr Line line_through(const G& g, WordOf<G> discs, int col, int row) {
    auto owns = [&](int c, int r) {
        return c >= 0 && c < g.width() && r >= 0 && r < g.height() &&
               static_cast<bool>(discs & cell(g, c, r));
    };
    constexpr int kDirections[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
    for (const auto& d : kDirections) {
        int start = 0, end = 0;
        while (owns(col + (start - 1) * d[0], row + (start - 1) * d[1])) --start;
        while (owns(col + (end + 1) * d[0], row + (end + 1) * d[1])) ++end;
        const int k = g.inarow();
        if (end - start >= k - 1) {
            const int first = start > 1 - k ? start : 1 - k;
            Line line{true, k, {}};
            for (int i = 0; i < k; ++i)
                line.cells[i] = {col + (first + i) * d[0], row + (first + i) * d[1]};
            return line;
        }
    }
    return {};
}

// The winning line of a finished game whose last disc went into `last_col`.
template <typename G>
constexpr Line winning_line(const Position<G>& pos, int last_col) {
    const G& g = pos.geometry();
    if (!pos.last_mover_won() || last_col < 0 || last_col >= g.width()) return {};
    const int row = pos.height(last_col) - 1;
    if (row < 0) return {};
    return line_through(g, pos.opponent(), last_col, row);
}

}  // namespace link4
