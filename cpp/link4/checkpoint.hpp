// A long solve's checkpoint: a Solver's main table written to a file with what the
// solve had proven, so that a solve stopped (Ctrl-C, a time limit, a killed process)
// resumes without losing what it proved (docs/solver.md, "Checkpoints").
//
// File format, version 2 (integers little-endian; the tables' words in the byte order of
// the machine that wrote them, which the byte-order word tells):
//
//   offset size  field
//        0    8  magic "LINK4CK" followed by a zero byte
//        8    2  format version: 1
//       10    1  board width       11  1  board height
//       12    1  words per table entry (1: the packed table, 2 or 3: the wide table's)
//       13    1  tables T (3: the main table, then the main thread's two own tables)
//       14    1  the line that wins, k in a row, for the variants; 0 for four in a row
//       15    1  reserved, zero
//       16    8  byte-order word 0x0102030405060708, as the machine stores it
//       24    8  nodes searched so far (every run's)
//       32    8  seconds spent so far, an IEEE double
//       40    1  proven lower bound on the score (int8)   41  1  upper bound
//       42    2  reserved, zero
//       44    4  note bytes M: the caller's own record of what it was solving
//       48    8  what the score guess's first probe below 0 cost (ProbeCosts; 0: none)
//       56    8  what its first probe above 0 cost
//       64    M  the note
//   then T times: 8 bytes, the table's words N; 2, its generation; 6 reserved, zero;
//                 8N, its words
//   last     4  CRC-32 (as zlib's crc32) of every byte before it
//
// The main table holds what every thread proved; a thread's own tables hold the
// positions near the end of the game (docs/solver.md, "The tables"), most of the nodes:
// the main thread's are kept too, so that a resumed search finds them again. A file is
// written whole under another name and then renamed over the old one, so a checkpoint
// on disk is always a complete one, the last or the one before it. Version 1 had no
// probe costs (its note at offset 48): it is still read, with none.
#pragma once

#include <array>
#include <cstdint>
#include <string>

#include "link4/probe_schedule.hpp"

namespace link4 {

enum class CheckpointError : std::uint8_t {
    kNone,
    kUnreadable,   // the file cannot be opened or read
    kUnwritable,   // the file cannot be written (no such folder, no space left, ...)
    kTruncated,    // shorter than its header or than its header says
    kBadMagic,     // not a link4 checkpoint
    kBadVersion,   // a format version this build cannot read
    kBadByteOrder, // written on a machine of the other byte order
    kBadBoard,     // of another board size
    kBadTable,     // of a table of another kind, or of no size a table can have
    kBadChecksum,  // damaged
};

inline constexpr std::uint16_t kCheckpointVersion = 2;

// What a checkpoint records besides the tables.
struct CheckpointState {
    int width = 0, height = 0, inarow = 4;
    std::uint64_t nodes = 0;
    double seconds = 0;
    int lower = 0, upper = 0;
    ProbeCosts probe_costs;  // what the search's score guess learnt
    std::string note;
    // Read from a file: its tables, as words per entry and the main table's words.
    int words_per_entry = 0;
    std::uint64_t table_words = 0;
};

// The tables of a checkpoint: the main table, then the main thread's own two.
inline constexpr int kCheckpointTables = 3;
template <typename Table>
using CheckpointTables = std::array<Table*, kCheckpointTables>;

// The header of the checkpoint at `path` (the tables left unread), or the error that
// keeps it from being read at all.
CheckpointError read_checkpoint_header(const std::string& path, CheckpointState& state);

// Writes `tables` with `state` (its board, bounds, nodes, seconds and note) to `path`,
// atomically: to "<path>.part" first, flushed to the disk, then renamed. The main
// table may be in use by other threads' searches meanwhile (see the tables'
// read_words); the others may not.
template <typename Table>
CheckpointError write_checkpoint(const std::string& path, const CheckpointTables<const Table>& tables,
                                 const CheckpointState& state);

// Reads the checkpoint at `path` into `tables`, which no search may be using, and its
// record into `state`. The file must be of the game `width` x `height` with `inarow` in
// a row and of tables of the same kind (words per entry). A table of another size than
// the file's keeps its size and takes the file's entries into the slots they take at
// that size (those that do not fit are lost, less work first): the sizes of a thread's
// own tables depend on the build and on the main table's. On any error the tables are
// left empty.
template <typename Table>
CheckpointError read_checkpoint(const std::string& path, const CheckpointTables<Table>& tables,
                                int width, int height, int inarow, CheckpointState& state);

}  // namespace link4
