// Every error link4's engine reports to Python, once. The bindings raise one of these
// codes with its details (named after each code, in parentheses); Python's
// link4/errors.py writes the message and picks the exception class for each code, and
// tests/game/test_errors.py reaches each one. A new code needs all three, and the binding of
// ErrorCode (bindings/common.cpp) names it for Python.
#pragma once

#include <cstdint>

namespace link4 {

enum class ErrorCode : std::uint8_t {
    // A move string (notation.hpp) that cannot be played; `index` is its 0-based offending
    // character.
    kMalformedString,   // a character that is no column digit (moves, index, width)
    kStringColumnFull,  // a digit into a full column (moves, index)
    kStringGameOver,    // a digit after the game ended (moves, index, ply, won)

    // One move (a 0-based column) the rules refuse.
    kOutOfRange,     // a column off the board (col, width)
    kColumnFull,     // (col)
    kGameOver,       // the game has ended: `won` says whether the disc `ply` won (ply, won)
    kNothingToUndo,  // no disc in the column to take back (col)

    // Searches.
    kSearchOver,  // a search asked of a game that has ended (ply, won)
    kBusy,        // a Solver called from a second thread while a first uses it
    kExiting,     // a search asked once the interpreter has begun to exit

    kBadArgument,  // a value out of its range (name, value)

    // Board sizes.
    kBoardSize,     // a size link4 does not play (width, height)
    kInarow,        // a length of line link4 does not play on that board (width, height, inarow)
    kSizeMismatch,  // a `what` of one game where another is expected (what, width,
                    // height, inarow, expected_width, expected_height, expected_inarow)

    // Boards given as rows of cells (reconstruct.hpp); `col` and `row` are 0-based, row 0
    // at the bottom.
    kBoardShape,      // rows of different lengths
    kBadCell,         // a cell other than 0, 1 or 2 (col, row)
    kFloating,        // a disc above an empty cell (col, row)
    kDiscCount,       // red has neither as many discs as yellow nor one more (red, yellow)
    kBothFour,        // both sides have four in a row
    kMovedAfterFour,  // `winner` (1 red, 2 yellow) has four, the other moved since (winner)
    kUnreachable,     // every order of play makes a four before the last disc

    // Book files (book.hpp).
    kBookTruncated,  // shorter than its header or than its header says
    kBookMagic,      // not a link4 book
    kBookVersion,    // a format version this build cannot read
    kBookBoard,      // made for another board size
    kBookChecksum,   // the payload is corrupt
    kBookEntries,    // keys not strictly increasing (or no position's), a score off the scale

    // Checkpoint files (checkpoint.hpp): `reason` names the CheckpointError (unreadable,
    // unwritable, truncated, magic, version, byte_order, board, table, checksum) (reason, path).
    kCheckpoint,
};

}  // namespace link4
