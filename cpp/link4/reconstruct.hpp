// Boards without a history (Kaggle, PettingZoo and other environments keep none): whether
// a board can arise in a game, and one order of play that reaches it.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "link4/bitboard.hpp"

namespace link4 {

// A board as cells, top row first (grid[0] is the top row): 0 empty, 1 red, 2 yellow.
// The board's height rows of its width cells are used.
using Grid = std::array<std::array<std::int8_t, kMaxWidth>, kMaxHeight>;

// Why no game reaches a board.
enum class BoardError : std::uint8_t {
    kNone,
    kBadCell,      // a cell other than 0, 1 or 2
    kFloating,     // a disc above an empty cell
    kDiscCount,    // red must have as many discs as yellow, or one more
    kBothFour,     // both sides have a line (four in a row, or k)
    kMovedAfterFour,  // a side has a line, but the other moved after it
    kUnreachable,  // every order of play makes a line before the last disc
};

struct Reconstruction {
    BoardError error = BoardError::kNone;
    Cell where{};         // kBadCell, kFloating: the cell (row 0 at the bottom)
    int red = 0;          // discs of each side
    int yellow = 0;
    int winner = 0;       // kMovedAfterFour: the side with the line (1 red, 2 yellow)
    std::vector<int> moves;  // on success: 0-based columns, the first move first
};

// The cells of a position, top row first.
template <typename G>
Grid to_grid(const Position<G>& pos);

// One order of play that reaches `grid`, or why there is none. Among several orders the
// one found first trying the columns from the centre outwards while taking discs back
// from the last move, so the result is a pure function of the board.
template <typename G>
Reconstruction reconstruct(const G& g, const Grid& grid);

}  // namespace link4
