// The board of Connect Four as two 64-bit words. Every rule of the game lives here.
//
// Bit layout. Each column owns kHeight + 1 = 7 consecutive bits, bottom cell first;
// the seventh bit of each column is a sentinel that is never occupied. It keeps the
// shifts used for win detection from wrapping one column into the next, and lets
// "mask + bottom" drop a disc by carry propagation.
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
// below 2^7, so no carry crosses into the next column. The key fits in 49 bits, and
// the key of the mirror image is mirror(key).
//
// Worked example: "44" (red in column 4, then yellow on top; red to move).
//   mask    = bits 21, 22           = 0x0000'0000'0060'0000
//   current = red's disc = bit 21   = 0x0000'0000'0020'0000
//   key     = current + mask        = bit 23 = 0x0000'0000'0080'0000
//   (column 4 holds 4 = 1 + 3: height 2, the mover owns the bottom disc).
//
// Win detection by shifts: for a direction with step s (1 vertical, 7 horizontal,
// 6 and 8 for the two diagonals), m = b & (b >> s) marks cells that start a pair;
// m & (m >> 2s) marks cells that start a run of four.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

namespace link4 {

inline constexpr int kWidth = 7;
inline constexpr int kHeight = 6;
inline constexpr int kCells = kWidth * kHeight;
inline constexpr int kColumnBits = kHeight + 1;
static_assert(kWidth * kColumnBits <= 64, "the board must fit in one 64-bit word");

using Bitboard = std::uint64_t;

constexpr Bitboard bottom_cell(int col) { return Bitboard{1} << (col * kColumnBits); }
constexpr Bitboard top_cell(int col) { return Bitboard{1} << (kHeight - 1 + col * kColumnBits); }
constexpr Bitboard column_mask(int col) {
    return ((Bitboard{1} << kHeight) - 1) << (col * kColumnBits);
}
constexpr Bitboard cell(int col, int row) { return Bitboard{1} << (col * kColumnBits + row); }

constexpr Bitboard make_bottom_row() {
    Bitboard b = 0;
    for (int c = 0; c < kWidth; ++c) b |= bottom_cell(c);
    return b;
}
inline constexpr Bitboard kBottomRow = make_bottom_row();
inline constexpr Bitboard kBoardMask = kBottomRow * ((Bitboard{1} << kHeight) - 1);

// Rows 1, 3, 5 counting the bottom row as 1 (bits 0, 2, 4 of each column), and the
// others. In a column holding an even number of discs the next disc lands on a row
// of the first set: when the second player answers every move in the same column
// (claimeven), the first player gets the empty cells of the first set, the second
// player those of the second.
constexpr Bitboard make_first_player_rows() {
    Bitboard b = 0;
    for (int row = 0; row < kHeight; row += 2) b |= kBottomRow << row;
    return b;
}
inline constexpr Bitboard kFirstPlayerRows = make_first_player_rows();
inline constexpr Bitboard kSecondPlayerRows = kBoardMask & ~kFirstPlayerRows;

// Columns from the centre outwards, left before right (3, 2, 4, 1, 5, 0, 6 for seven
// columns): central discs take part in more lines, so searches try them first.
constexpr std::array<int, kWidth> make_centre_order() {
    std::array<int, kWidth> order{};
    int n = 0;
    order[n++] = kWidth / 2;
    for (int d = 1; n < kWidth; ++d) {
        if (kWidth / 2 - d >= 0) order[n++] = kWidth / 2 - d;
        if (kWidth / 2 + d < kWidth) order[n++] = kWidth / 2 + d;
    }
    return order;
}
inline constexpr std::array<int, kWidth> kCentreOrder = make_centre_order();

inline constexpr int popcount(Bitboard b) { return std::popcount(b); }

// True when `discs` holds four in a row in any direction.
constexpr bool has_four(Bitboard discs) {
    constexpr int kSteps[] = {1, kColumnBits, kColumnBits - 1, kColumnBits + 1};
    for (int s : kSteps) {
        const Bitboard m = discs & (discs >> s);
        if (m & (m >> (2 * s))) return true;
    }
    return false;
}

// The empty cells (anywhere on the board, reachable or not) that would complete a
// four for `discs`. `mask` is the set of occupied cells.
constexpr Bitboard winning_cells(Bitboard discs, Bitboard mask) {
    // Vertical: three stacked discs, the cell above them.
    Bitboard r = (discs << 1) & (discs << 2) & (discs << 3);
    // The three other directions, with step s: the cell completes xxx_, x_xx, xx_x or _xxx.
    constexpr int kSteps[] = {kColumnBits, kColumnBits - 1, kColumnBits + 1};
    for (int s : kSteps) {
        Bitboard p = (discs << s) & (discs << (2 * s));
        r |= p & (discs << (3 * s));
        r |= p & (discs >> s);
        p = (discs >> s) & (discs >> (2 * s));
        r |= p & (discs << s);
        r |= p & (discs >> (3 * s));
    }
    return r & (kBoardMask ^ mask);
}

// The cells above `cells` in their columns.
constexpr Bitboard cells_above(Bitboard cells) {
    Bitboard r = (cells << 1) & kBoardMask;
    for (int i = 1; i < kHeight - 1; ++i) r |= (r << 1) & kBoardMask;
    return r;
}

// The cells below `cells` in their columns.
constexpr Bitboard cells_below(Bitboard cells) {
    Bitboard r = (cells >> 1) & kBoardMask;
    for (int i = 1; i < kHeight - 1; ++i) r |= (r >> 1) & kBoardMask;
    return r;
}

// Swap columns left to right (column c goes to kWidth - 1 - c), sentinels included:
// each pair of columns trades places with one shift each way.
constexpr Bitboard mirror(Bitboard b) {
    constexpr Bitboard kColumn = (Bitboard{1} << kColumnBits) - 1;
    Bitboard r = 0;
    for (int c = 0; c < kWidth / 2; ++c) {
        const int shift = (kWidth - 1 - 2 * c) * kColumnBits;
        r |= (b & (kColumn << (c * kColumnBits))) << shift;
        r |= (b >> shift) & (kColumn << (c * kColumnBits));
    }
    if constexpr (kWidth % 2 == 1) r |= b & (kColumn << (kWidth / 2 * kColumnBits));
    return r;
}

// Why a move may not be played. (Malformed notation is the notation's business, but it
// shares the code so that one value says what went wrong with a move.)
enum class MoveError : std::uint8_t {
    kNone,
    kMalformed,   // not a column digit 1..kWidth (move strings, notation.hpp)
    kOutOfRange,  // a 0-based column outside 0..kWidth-1
    kColumnFull,
    kGameOver,    // the last move already won, or the board is full
};

// A set of columns: bit c stands for column c.
using ColumnSet = std::uint8_t;
static_assert(kWidth <= 8, "a ColumnSet holds one bit per column");

// A position seen from the side to move. Plain value type: copying it is the undo
// mechanism of the search.
class Position {
  public:
    constexpr Position() = default;
    constexpr Position(Bitboard current, Bitboard mask, int moves)
        : current_(current), mask_(mask), moves_(moves) {}

    constexpr Bitboard current() const { return current_; }
    constexpr Bitboard mask() const { return mask_; }
    constexpr Bitboard opponent() const { return current_ ^ mask_; }
    constexpr int moves() const { return moves_; }

    // The cells where a disc can be dropped now (one per non-full column).
    constexpr Bitboard possible() const { return (mask_ + kBottomRow) & kBoardMask; }
    constexpr bool can_play(int col) const { return (mask_ & top_cell(col)) == 0; }
    constexpr int height(int col) const { return popcount(mask_ & column_mask(col)); }

    // Drop a disc for the side to move. Precondition: can_play(col).
    constexpr void play(int col) { play_cell((mask_ + bottom_cell(col)) & column_mask(col)); }
    // Play the move whose landing cell is `move` (a single bit of possible()).
    constexpr void play_cell(Bitboard move) {
        current_ ^= mask_;
        mask_ |= move;
        ++moves_;
    }
    // Take back the top disc of `col`. Precondition: it was the last disc played.
    constexpr void undo(int col) {
        const Bitboard column = mask_ & column_mask(col);
        const Bitboard top = Bitboard{1} << (63 - std::countl_zero(column));
        mask_ ^= top;
        current_ ^= mask_;
        --moves_;
    }

    // True when the side that just moved has four in a row.
    constexpr bool last_mover_won() const { return has_four(opponent()); }
    constexpr bool is_full() const { return moves_ == kCells; }
    // The game ends at once with a four, or with a full board (a draw).
    constexpr bool is_over() const { return is_full() || last_mover_won(); }

    // Whether `col` (any int) may be played now, and if not, why.
    constexpr MoveError check_move(int col) const {
        if (col < 0 || col >= kWidth) return MoveError::kOutOfRange;
        if (is_over()) return MoveError::kGameOver;
        if (!can_play(col)) return MoveError::kColumnFull;
        return MoveError::kNone;
    }

    // Would dropping a disc in `col` (must be playable) win for the side to move?
    constexpr bool is_winning_move(int col) const {
        return (winning_cells(current_, mask_) & possible() & column_mask(col)) != 0;
    }
    constexpr bool can_win_next() const {
        return (winning_cells(current_, mask_) & possible()) != 0;
    }
    constexpr Bitboard my_winning_cells() const { return winning_cells(current_, mask_); }
    constexpr Bitboard opponent_winning_cells() const { return winning_cells(opponent(), mask_); }

    // The moves that do not hand the opponent an immediate win. Precondition: the side
    // to move cannot win at once (otherwise the search takes that win first).
    // Returns 0 when every move loses; a forced block is returned alone.
    constexpr Bitboard non_losing_moves() const {
        return non_losing_moves(opponent_winning_cells());
    }
    // The same from `threats` == opponent_winning_cells(), for a caller that has them.
    constexpr Bitboard non_losing_moves(Bitboard threats) const {
        Bitboard possible_mask = possible();
        const Bitboard forced = possible_mask & threats;
        if (forced) {
            if (forced & (forced - 1)) return 0;  // two open threats: cannot block both
            possible_mask = forced;
        }
        // Never play directly below an opponent's winning cell.
        return possible_mask & ~(threats >> 1);
    }

    // The columns that may be played (bit c for column c); none once the game is over.
    constexpr ColumnSet legal_columns() const {
        ColumnSet r = 0;
        if (is_over()) return r;
        for (int c = 0; c < kWidth; ++c)
            if (can_play(c)) r |= ColumnSet{1} << c;
        return r;
    }

    // The playable cells of the columns that hold an odd number of discs (each on a
    // row of kSecondPlayerRows).
    constexpr Bitboard odd_column_tops() const { return possible() & kSecondPlayerRows; }

    constexpr Bitboard key() const { return current_ + mask_; }
    // No carry crosses a column in key(), so mirroring the key mirrors the position.
    constexpr Bitboard mirror_key() const { return mirror(key()); }
    // One key for a position and its mirror image.
    constexpr Bitboard canonical_key() const {
        const Bitboard k = key(), m = mirror(k);
        return k < m ? k : m;
    }

    constexpr bool operator==(const Position&) const = default;

  private:
    Bitboard current_ = 0;
    Bitboard mask_ = 0;
    int moves_ = 0;
};

// f(i) for each cell, by the cell's index i in a Bitboard (std::countr_zero of the
// cell): a table that spares the search a division or a loop.
template <typename F>
constexpr std::array<Bitboard, kWidth * kColumnBits> per_cell(F f) {
    std::array<Bitboard, kWidth * kColumnBits> table{};
    for (int i = 0; i < kWidth * kColumnBits; ++i) table[i] = f(i);
    return table;
}
// The mirror image of each cell, and the column it lies in.
inline constexpr auto kMirrorCell = per_cell([](int i) { return mirror(Bitboard{1} << i); });
inline constexpr auto kColumnOfCell =
    per_cell([](int i) { return column_mask(i / kColumnBits); });

// The canonical_key() of each child of a position, with one mirror() for all of them.
// After a move its mover's discs are the child's opponent(), so the child's key() is
// pos.opponent() + pos.mask() plus the move's cell; no carry leaves a column, so the
// child's mirror_key() is the mirror of that sum plus the mirror of the cell.
class ChildCanonicalKeys {
  public:
    constexpr explicit ChildCanonicalKeys(const Position& pos)
        : sum_(pos.opponent() + pos.mask()), mirrored_(mirror(sum_)) {}
    // `move`: one cell of pos.possible().
    constexpr Bitboard operator()(Bitboard move) const {
        const Bitboard key = sum_ + move;
        const Bitboard mirror_key = mirrored_ + kMirrorCell[std::countr_zero(move)];
        return key < mirror_key ? key : mirror_key;
    }

  private:
    Bitboard sum_, mirrored_;
};
static_assert([] {
    Position pos;
    pos.play(3);
    pos.play(3);
    pos.play(1);  // an asymmetric position
    const ChildCanonicalKeys keys(pos);
    for (int col = 0; col < kWidth; ++col) {
        Position child = pos;
        child.play(col);
        if (keys(pos.possible() & column_mask(col)) != child.canonical_key())
            return false;
    }
    return true;
}());

// The four cells (column, row; row 0 at the bottom) of a line of four through the disc at
// (col, row) that belongs to `discs`, or an empty result when there is none. Directions
// are tried horizontal, vertical, rising diagonal, falling diagonal; in a run longer than
// four, the first window of four (from the left, or the bottom) that holds the disc.
struct Cell {
    int col;
    int row;
    constexpr bool operator==(const Cell&) const = default;
};
struct Line {
    bool found = false;
    std::array<Cell, 4> cells{};
};
constexpr Line line_through(Bitboard discs, int col, int row) {
    auto owns = [discs](int c, int r) {
        return c >= 0 && c < kWidth && r >= 0 && r < kHeight && (discs & cell(c, r)) != 0;
    };
    constexpr int kDirections[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
    for (const auto& d : kDirections) {
        int start = 0, end = 0;
        while (owns(col + (start - 1) * d[0], row + (start - 1) * d[1])) --start;
        while (owns(col + (end + 1) * d[0], row + (end + 1) * d[1])) ++end;
        if (end - start >= 3) {
            const int first = start > -3 ? start : -3;
            Line line{true, {}};
            for (int i = 0; i < 4; ++i)
                line.cells[i] = {col + (first + i) * d[0], row + (first + i) * d[1]};
            return line;
        }
    }
    return {};
}

// The winning line of a finished game whose last disc went into `last_col`.
constexpr Line winning_line(const Position& pos, int last_col) {
    if (!pos.last_mover_won() || last_col < 0 || last_col >= kWidth) return {};
    const int row = pos.height(last_col) - 1;
    if (row < 0) return {};
    return line_through(pos.opponent(), last_col, row);
}

}  // namespace link4
