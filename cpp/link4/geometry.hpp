// The board sizes link4 plays, and what each size fixes: how its cells map to the bits
// of a word (see bitboard.hpp) and the masks the rules and the search work with.
//
// The search is compiled once per kind of geometry and dispatched to at the root
// (sized.hpp): the standard 7x6 board as compile-time constants, so that its search
// pays nothing for the other sizes; every other size reads its masks from a Shape
// computed once per size, in a 64-bit word (width x (height + 1) <= 64) or in a
// 128-bit one. The same code is written once for all of them: it asks a geometry `g`
// for g.width(), g.board_mask() and so on, which the standard board answers with
// constants and the others from their Shape.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "link4/bits128.hpp"

namespace link4 {

inline constexpr int kMinWidth = 4;
inline constexpr int kMaxWidth = 12;
inline constexpr int kMinHeight = 4;
inline constexpr int kMaxHeight = 13;
// The most bits a board of the supported sizes spans, sentinels included: every size
// fits a 128-bit word (12 x 9, 11 x 10, 10 x 11, 9 x 13, ...), so not every pair of a
// supported width and a supported height is a supported size.
inline constexpr int kMaxCellBits = 128;
// Boards whose keys fit kPackedKeyBits bits use the transposition table's packed
// one-word entries (tt.hpp); the others store whole keys.
inline constexpr int kPackedKeyBits = 49;

// The lengths of line that win (k in a row), and Connect Four's.
inline constexpr int kMinInarow = 3;
inline constexpr int kMaxInarow = 6;
inline constexpr int kConnectFour = 4;

constexpr bool is_supported_size(int width, int height) {
    return width >= kMinWidth && width <= kMaxWidth && height >= kMinHeight &&
           height <= kMaxHeight && width * (height + 1) <= kMaxCellBits;
}
// Whether a line of `inarow` discs wins on a board of that size: a length link4 plays,
// and one that fits the board in some direction (else no game could be won).
constexpr bool is_supported_inarow(int width, int height, int inarow) {
    return inarow >= kMinInarow && inarow <= kMaxInarow && (inarow <= width || inarow <= height);
}
// Whether a board's cells, with a sentinel per column, fit a 64-bit word.
constexpr bool fits_64_bits(int width, int height) { return width * (height + 1) <= 64; }

// A set of columns: bit c stands for column c.
using ColumnSet = std::uint16_t;
static_assert(kMaxWidth <= 16, "a ColumnSet holds one bit per column");

// Everything a size fixes, in words of type W.
template <typename W>
struct Shape {
    int width = 0;
    int height = 0;
    int inarow = kConnectFour;  // the line that wins
    int column_bits = 0;  // height + 1: each column's cells and its sentinel
    int cells = 0;
    W bottom_row{};
    W board_mask{};
    // The rows of the cells each player gets under claimeven, counting the bottom row
    // as 1: the odd rows (bits 0, 2, 4, ... of each column) and the even ones.
    W first_player_rows{};
    W second_player_rows{};
    // The rows of the claimeven players (static_bounds.hpp): the follower, who answers
    // in the column just played, gets the upper cell of each pair, the rows h, h - 2,
    // h - 4, ... from the top row h down; the leader the others. On 7x6 the follower
    // is the second player and its rows are the even ones.
    W follower_rows{};
    W leader_rows{};
    // The rows from the bottom up to 2 below the top, and up to 4 below it (the
    // claimeven bounds, static_bounds.hpp).
    W rows_below_top2{};
    W rows_below_top4{};
    // Columns from the centre outwards (column_from_centre): central discs take part in
    // more lines, so searches try them first.
    std::array<int, kMaxWidth> centre_order{};
    // The columns' masks from the edges in to the centre: centre_order reversed.
    std::array<W, kMaxWidth> columns_to_centre{};
    // Per cell, by its bit index: its mirror image, and the mask of its column.
    std::array<W, kMaxCellBits> mirror_cell{};
    std::array<W, kMaxCellBits> column_of_cell{};
};

// The i-th column from the centre outwards on a board `width` columns wide, the left one
// of two at the same distance first: 3, 2, 4, 1, 5, 0, 6 for seven columns, 3, 4, 2, 5,
// 1, 6, 0, 7 for eight.
constexpr int column_from_centre(int width, int i) {
    const int left = (width - 1) / 2;  // the centre column, or the left of the two
    if (width % 2 == 0) return i % 2 ? width / 2 + i / 2 : left - i / 2;
    if (i == 0) return left;
    return i % 2 ? left - (i + 1) / 2 : left + i / 2;
}

template <typename W>
constexpr W column_mask_of(int height, int column_bits, int col) {
    return ((W{1} << height) - W{1}) << (col * column_bits);
}

template <typename W>
constexpr W mirror_of(const Shape<W>& s, W b) {
    const W column = (W{1} << s.column_bits) - W{1};
    W r{};
    for (int c = 0; c < s.width / 2; ++c) {
        const int shift = (s.width - 1 - 2 * c) * s.column_bits;
        r |= (b & (column << (c * s.column_bits))) << shift;
        r |= (b >> shift) & (column << (c * s.column_bits));
    }
    if (s.width % 2 == 1) r |= b & (column << (s.width / 2 * s.column_bits));
    return r;
}

template <typename W>
constexpr Shape<W> make_shape(int width, int height, int inarow) {
    Shape<W> s;
    s.width = width;
    s.height = height;
    s.inarow = inarow;
    s.column_bits = height + 1;
    s.cells = width * height;
    for (int c = 0; c < width; ++c) s.bottom_row |= W{1} << (c * s.column_bits);
    const auto rows_up_to = [&](int rows) {
        W r{};
        for (int row = 0; row < rows; ++row) r |= s.bottom_row << row;
        return r;
    };
    s.board_mask = rows_up_to(height);
    for (int row = 0; row < height; row += 2) s.first_player_rows |= s.bottom_row << row;
    s.second_player_rows = s.board_mask & ~s.first_player_rows;
    for (int row = height - 1; row >= 0; row -= 2) s.follower_rows |= s.bottom_row << row;
    s.leader_rows = s.board_mask & ~s.follower_rows;
    s.rows_below_top2 = rows_up_to(height - 2);
    s.rows_below_top4 = rows_up_to(height > 4 ? height - 4 : 0);
    for (int i = 0; i < width; ++i) s.centre_order[i] = column_from_centre(width, i);
    for (int i = 0; i < width; ++i)
        s.columns_to_centre[i] =
            column_mask_of<W>(height, s.column_bits, s.centre_order[width - 1 - i]);
    for (int i = 0; i < width * s.column_bits; ++i) {
        s.mirror_cell[i] = mirror_of(s, W{1} << i);
        s.column_of_cell[i] = column_mask_of<W>(height, s.column_bits, i / s.column_bits);
    }
    return s;
}

// A size compiled with every value a compile-time constant: the standard board, and
// the sizes most asked about (the published tables' and the benchmarks'), whose search
// then pays nothing for reading its masks. Four in a row: the other lengths of line
// are played by the runtime geometries below.
template <int W, int H>
struct Fixed {
    using Word = std::conditional_t<fits_64_bits(W, H), std::uint64_t, Bits128>;
    static constexpr bool kPackedTable = W * (H + 1) <= kPackedKeyBits;
    // Bounds for arrays sized at compile time: columns, and cells by bit index.
    static constexpr int kColumns = W;
    static constexpr int kCellBits = W * (H + 1);
    static constexpr Shape<Word> kShape = make_shape<Word>(W, H, kConnectFour);

    static constexpr const Shape<Word>& shape() { return kShape; }
    static constexpr int width() { return W; }
    static constexpr int height() { return H; }
    static constexpr int inarow() { return kConnectFour; }
    static constexpr int column_bits() { return H + 1; }
    static constexpr int cells() { return W * H; }
    static constexpr Word bottom_row() { return kShape.bottom_row; }
    static constexpr Word board_mask() { return kShape.board_mask; }
    static constexpr Word first_player_rows() { return kShape.first_player_rows; }
    static constexpr Word second_player_rows() { return kShape.second_player_rows; }
    static constexpr Word mirror_cell(int i) { return kShape.mirror_cell[i]; }
    static constexpr Word column_of_cell(int i) { return kShape.column_of_cell[i]; }
    static constexpr Word follower_rows() { return kShape.follower_rows; }
    static constexpr Word leader_rows() { return kShape.leader_rows; }
    constexpr bool operator==(const Fixed&) const = default;

    // Whether this geometry plays width x height with `inarow` in a row, and the
    // geometry of that game (as Runtime has them, for with_geometry).
    static constexpr bool plays(int width, int height, int inarow) {
        return width == W && height == H && inarow == kConnectFour;
    }
    static constexpr Fixed for_game(int, int, int) { return {}; }
};
using Standard = Fixed<7, 6>;

// The Shape of a supported size and length of line (made on first use, then kept for
// the process).
template <typename W>
const Shape<W>& shape_of(int width, int height, int inarow);

// Any other size, its values read from the Shape of that size. W: the word; Packed:
// whether the keys fit kPackedKeyBits bits.
template <typename W, bool Packed>
struct Runtime {
    using Word = W;
    static constexpr bool kPackedTable = Packed;
    static constexpr int kColumns = kMaxWidth;
    static constexpr int kCellBits = sizeof(W) == 8 ? 64 : kMaxCellBits;
    const Shape<W>* s = nullptr;

    const Shape<W>& shape() const { return *s; }
    int width() const { return s->width; }
    int height() const { return s->height; }
    int inarow() const { return s->inarow; }
    int column_bits() const { return s->column_bits; }
    int cells() const { return s->cells; }
    W bottom_row() const { return s->bottom_row; }
    W board_mask() const { return s->board_mask; }
    W first_player_rows() const { return s->first_player_rows; }
    W second_player_rows() const { return s->second_player_rows; }
    W mirror_cell(int i) const { return s->mirror_cell[static_cast<unsigned>(i)]; }
    W column_of_cell(int i) const { return s->column_of_cell[static_cast<unsigned>(i)]; }
    W follower_rows() const { return s->follower_rows; }
    W leader_rows() const { return s->leader_rows; }
    bool operator==(const Runtime&) const = default;

    // Whether this kind can play width x height (a supported size), with any length of
    // line: its cells fit the word, and its keys the packed table's entries when it
    // uses them.
    static constexpr bool plays(int width, int height, int) {
        return (sizeof(W) > 8 || fits_64_bits(width, height)) &&
               (!Packed || width * (height + 1) <= kPackedKeyBits);
    }
    static Runtime for_game(int width, int height, int inarow) {
        return {&shape_of<W>(width, height, inarow)};
    }
};

using Packed64 = Runtime<std::uint64_t, true>;
using Wide64 = Runtime<std::uint64_t, false>;
using Wide128 = Runtime<Bits128, false>;

template <typename... Ts>
struct TypeList {};

// Every geometry the engine is compiled for, each written once: the standard board, the
// other compiled sizes (those of the published table and the benchmarks), then the
// kinds that read their Shape at runtime, narrowest first. A size is played by the first
// geometry of the list that plays() it (with_geometry, sized.hpp), so the last plays
// every size; the engine's templates are instantiated for each (LINK4_FOR_EACH_GEOMETRY)
// and PerGeometry (sized.hpp) holds one of each.
using Geometries = TypeList<Standard, Fixed<7, 5>, Fixed<6, 6>, Fixed<5, 8>, Fixed<8, 5>,
                            Fixed<6, 7>, Fixed<9, 5>, Packed64, Wide64, Wide128>;

template <std::size_t I, typename List>
struct ListItem;
template <std::size_t I, typename T, typename... Ts>
struct ListItem<I, TypeList<T, Ts...>> : ListItem<I - 1, TypeList<Ts...>> {};
template <typename T, typename... Ts>
struct ListItem<0, TypeList<T, Ts...>> {
    using type = T;
};
template <typename... Ts>
constexpr std::size_t list_size(TypeList<Ts...>) { return sizeof...(Ts); }

// The I-th geometry of Geometries.
template <std::size_t I>
using GeometryAt = typename ListItem<I, Geometries>::type;

// Applies X to each geometry of Geometries: the engine's .cpp files instantiate their
// templates with it. C++ cannot write an explicit instantiation over a list of types, so
// this names the geometries by their place in the list; the assertions below hold it to
// the list's length.
#define LINK4_FOR_EACH_GEOMETRY(X) X(GeometryAt<0>) LINK4_FOR_EACH_OTHER_SIZE(X)
// Every geometry but the first, the standard board's (whose search search.cpp compiles
// by itself, so that its build runs beside the others').
#define LINK4_FOR_EACH_OTHER_SIZE(X)                                                       \
    X(GeometryAt<1>) X(GeometryAt<2>) X(GeometryAt<3>) X(GeometryAt<4>) X(GeometryAt<5>)   \
    X(GeometryAt<6>) X(GeometryAt<7>) X(GeometryAt<8>) X(GeometryAt<9>)
static_assert(list_size(Geometries{}) == 10, "LINK4_FOR_EACH_GEOMETRY names every geometry once");
static_assert(std::is_same_v<GeometryAt<0>, Standard>, "the standard board comes first");
static_assert(GeometryAt<9>::plays(kMaxWidth, 9, kMaxInarow) &&
                  GeometryAt<9>::plays(9, kMaxHeight, kMinInarow),
              "the last geometry plays every size");
static_assert(is_supported_size(kMaxWidth, 9) && is_supported_size(9, kMaxHeight) &&
              !is_supported_size(kMaxWidth, 10));

}  // namespace link4
