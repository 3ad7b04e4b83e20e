// The opening book: exact scores of positions near the start, written to and read from a
// file by this code alone (docs/book.md).
//
// File format, version 2 (all integers little-endian):
//
//   offset size  field
//        0    8  magic "LINK4BK" followed by a zero byte
//        8    2  format version: 2 (a version 1 file is still read, below)
//       10    1  board width       11  1  board height: a book is for one board size
//       12    1  depth: the book holds positions with at most this many discs
//       13    1  the line that wins, k in a row, for the variants; 0 for four in a
//                row (so that a Connect Four book is the file it was before the
//                variants)
//       14    2  reserved, zero
//       16    8  entry count N
//       24    4  CRC-32 (IEEE, as zlib's crc32) of the header's bytes 8 to 23 (version,
//                size, depth, k, count) and then the payload, so that a damaged size
//                byte cannot pass for another board's
//       28    4  reserved, zero
//       32   KN  keys: the canonical key (bitboard.hpp) of each position, strictly
//                increasing, so a lookup is a binary search; K = 8 bytes, or 16 on the
//                boards whose keys do not fit 64 bits (width x (height + 1) > 64)
//    32+KN    N  scores: the exact score of each position (int8, docs/score.md's scale)
//
// Version 1, the first (the shipped book's), is the same but for two things: it is for
// the 7x6 board and four in a row only, and its CRC-32 is of the payload alone. It is
// read, never written.
//
// One entry stands for a position and its mirror image. A book need not hold every
// position up to its depth (one built from a given root holds that subtree only): a
// position missing from the book is simply searched.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "link4/bitboard.hpp"

namespace link4 {

enum class BookError : std::uint8_t {
    kNone,
    kTruncated,    // shorter than its header or than its header says
    kBadMagic,     // not a link4 book
    kBadVersion,   // a format version this build cannot read
    kBadBoard,     // made for another board size
    kBadChecksum,  // the payload is corrupt
    kBadEntries,   // keys not strictly increasing, or a score off the scale
};

inline constexpr std::uint16_t kBookVersion = 2;       // the one written
inline constexpr std::uint16_t kFirstBookVersion = 1;  // 7x6 only, read only
inline constexpr std::size_t kBookHeaderBytes = 32;

// The game (board size and line) a book file is for, read from its header, or the error
// that keeps it from being read at all (too short, not a book, another version).
struct BookHeader {
    BookError error = BookError::kNone;
    int version = 0;
    int width = 0;
    int height = 0;
    int inarow = kConnectFour;
};
BookHeader read_book_header(const std::uint8_t* data, std::size_t size);

template <typename G>
class Book {
  public:
    using Bitboard = WordOf<G>;
    using Position = link4::Position<G>;

    explicit Book(G g) : g_(g) {}

    // Parse a whole book file, `size` bytes at `data`, for boards of geometry g. On
    // error the book is empty and `error` says why.
    static Book parse(G g, const std::uint8_t* data, std::size_t size, BookError& error);
    // A book of `entries` (canonical key, exact score) in any order, holding positions
    // of at most `depth` discs; on error (a repeated key, a key that is not a canonical
    // position within the depth, a score off the scale) the book is empty and `error`
    // says why, as parse() would for the file.
    static Book from_entries(G g, std::vector<std::pair<Bitboard, int>> entries, int depth,
                             BookError& error);
    // The bytes of the book's file, which parse() reads back as this book.
    std::vector<std::uint8_t> serialize() const;

    // The exact score of `pos`, if the book holds it.
    std::optional<int> get(const Position& pos) const {
        if (pos.moves() > depth_) return std::nullopt;
        return get_key(pos.canonical_key());
    }
    std::optional<int> get_key(Bitboard canonical_key) const;

    // The best of the moves of `pos` valued from the book: a move that wins at once by
    // its score, any other by minus its child's score; nothing when a child is not in
    // the book. Precondition: `pos` is not over and has fewer discs than the depth.
    std::optional<int> best_move_value(const Position& pos) const;
    // The entries, among those from index `begin` to `end`, whose score is not the
    // best_move_value of their position (which has fewer discs than the depth): their
    // index and that value. With this, a book is right as soon as its deepest entries
    // are.
    struct Disagreement {
        std::size_t index;
        std::optional<int> children;
    };
    std::vector<Disagreement> disagreements(std::size_t begin, std::size_t end) const;

    // The position of the index-th entry and one order of play that reaches it (0-based
    // columns, found as for any board: reconstruct.hpp). Precondition: index < size().
    std::pair<Position, std::vector<int>> entry_position(std::size_t index) const;

    const G& geometry() const { return g_; }
    // The format version of the file it was read from (kBookVersion when it was not).
    int version() const { return version_; }
    int depth() const { return depth_; }
    std::size_t size() const { return keys_.size(); }
    const std::vector<Bitboard>& keys() const { return keys_; }
    const std::vector<std::int8_t>& scores() const { return scores_; }

  private:
    static constexpr std::size_t kKeyBytes = sizeof(Bitboard);
    [[no_unique_address]] G g_;
    int depth_ = -1;
    int version_ = kBookVersion;
    std::vector<Bitboard> keys_;
    std::vector<std::int8_t> scores_;
};

// CRC-32 (IEEE 802.3, reflected, as zlib's crc32) of `n` bytes.
// `previous`: the CRC of the bytes before these, to continue it (zlib's convention).
std::uint32_t crc32(const std::uint8_t* data, std::size_t n, std::uint32_t previous = 0);

// The position whose key (bitboard.hpp) is `key` on boards of `pos`'s geometry; false
// when no position has it.
template <typename G>
bool position_from_key(WordOf<G> key, Position<G>& pos);

}  // namespace link4
