#include "link4/book.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>

#include "link4/reconstruct.hpp"
#include "link4/score.hpp"

namespace link4 {
namespace {

// CRC-32 eight bytes a step ("slicing by 8"): kCrcTables[k][b] is the CRC register
// after byte b followed by k zero bytes, so the eight bytes of a step are looked up
// at once, each in the table of how far it lies from the step's end. (The shipped
// book's 11 MB: 30 ms byte by byte, 6.5 ms eight bytes a step.)
constexpr std::array<std::array<std::uint32_t, 256>, 8> make_crc_tables() {
    std::array<std::array<std::uint32_t, 256>, 8> tables{};
    for (std::uint32_t i = 0; i < 256; ++i) {
        std::uint32_t c = i;
        for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
        tables[0][i] = c;
    }
    for (std::size_t k = 1; k < 8; ++k)
        for (std::size_t i = 0; i < 256; ++i)
            tables[k][i] = (tables[k - 1][i] >> 8) ^ tables[0][tables[k - 1][i] & 0xFF];
    return tables;
}
constexpr auto kCrcTables = make_crc_tables();

// The `bytes` (at most 8) little-endian bytes at `p`: on a little-endian machine one
// load, else assembled a byte at a time.
std::uint64_t read_le(const std::uint8_t* p, int bytes) {
    std::uint64_t v = 0;
    if constexpr (std::endian::native == std::endian::little) {
        std::memcpy(&v, p, static_cast<std::size_t>(bytes));
    } else {
        for (int i = bytes - 1; i >= 0; --i) v = (v << 8) | p[i];
    }
    return v;
}

constexpr char kMagic[8] = {'L', 'I', 'N', 'K', '4', 'B', 'K', '\0'};

void write_le(std::vector<std::uint8_t>& out, std::size_t at, std::uint64_t v, int bytes) {
    for (int i = 0; i < bytes; ++i) out[at + static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(v >> (8 * i));
}

// Whether an entry may follow `previous` (nullptr for the first) in a book of `depth`:
// keys strictly increasing, each the canonical key of a position within the depth, the
// score on the scale.
bool valid_entry(const Bitboard* previous, Bitboard key, int score, int depth) {
    Position pos;
    return (previous == nullptr || key > *previous) && score <= kScoreBase - 1 &&
           score >= -(kScoreBase - 1) && position_from_key(key, pos) && pos.moves() <= depth &&
           pos.canonical_key() == key;
}

}  // namespace

std::uint32_t crc32(const std::uint8_t* data, std::size_t n) {
    const auto& t = kCrcTables;
    std::uint32_t c = 0xFFFFFFFFu;
    for (; n >= 8; n -= 8, data += 8) {
        const auto low = c ^ static_cast<std::uint32_t>(read_le(data, 4));
        const auto high = static_cast<std::uint32_t>(read_le(data + 4, 4));
        c = t[7][low & 0xFF] ^ t[6][(low >> 8) & 0xFF] ^ t[5][(low >> 16) & 0xFF] ^
            t[4][low >> 24] ^ t[3][high & 0xFF] ^ t[2][(high >> 8) & 0xFF] ^
            t[1][(high >> 16) & 0xFF] ^ t[0][high >> 24];
    }
    for (; n > 0; --n, ++data) c = t[0][(c ^ *data) & 0xFF] ^ (c >> 8);
    return c ^ 0xFFFFFFFFu;
}

Book Book::parse(const std::uint8_t* data, std::size_t size, BookError& error) {
    Book book;
    error = BookError::kNone;
    if (size < kHeaderBytes) {
        error = size >= sizeof kMagic &&
                        std::equal(kMagic, kMagic + sizeof kMagic, data,
                                   [](char a, std::uint8_t b) { return static_cast<std::uint8_t>(a) == b; })
                    ? BookError::kTruncated
                    : BookError::kBadMagic;
        return book;
    }
    const std::uint8_t* h = data;
    for (std::size_t i = 0; i < sizeof kMagic; ++i)
        if (h[i] != static_cast<std::uint8_t>(kMagic[i])) {
            error = BookError::kBadMagic;
            return book;
        }
    if (read_le(h + 8, 2) != kVersion) {
        error = BookError::kBadVersion;
        return book;
    }
    if (h[10] != kWidth || h[11] != kHeight) {
        error = BookError::kBadBoard;
        return book;
    }
    const int depth = h[12];
    const std::uint64_t n = read_le(h + 16, 8);
    const std::uint32_t checksum = static_cast<std::uint32_t>(read_le(h + 24, 4));
    // 9 bytes per entry; an absurd count cannot overflow this check.
    if (depth > kCells || n > (size - kHeaderBytes) / 9 || size - kHeaderBytes != n * 9) {
        error = depth > kCells ? BookError::kBadBoard : BookError::kTruncated;
        return book;
    }
    if (crc32(h + kHeaderBytes, size - kHeaderBytes) != checksum) {
        error = BookError::kBadChecksum;
        return book;
    }
    book.keys_.resize(n);
    book.scores_.resize(n);
    const std::uint8_t* keys = h + kHeaderBytes;
    const std::uint8_t* scores = keys + 8 * n;
    for (std::uint64_t i = 0; i < n; ++i) {
        const Bitboard key = read_le(keys + 8 * i, 8);
        const auto score = static_cast<std::int8_t>(scores[i]);
        if (!valid_entry(i > 0 ? &book.keys_[i - 1] : nullptr, key, score, depth)) {
            error = BookError::kBadEntries;
            return Book{};
        }
        book.keys_[i] = key;
        book.scores_[i] = score;
    }
    book.depth_ = depth;
    return book;
}

Book Book::from_entries(std::vector<std::pair<Bitboard, int>> entries, int depth,
                        BookError& error) {
    Book book;
    error = BookError::kNone;
    if (depth < 0 || depth > kCells) {
        error = BookError::kBadBoard;
        return book;
    }
    std::sort(entries.begin(), entries.end());
    book.keys_.reserve(entries.size());
    book.scores_.reserve(entries.size());
    for (const auto& [key, score] : entries) {
        if (!valid_entry(book.keys_.empty() ? nullptr : &book.keys_.back(), key, score, depth)) {
            error = BookError::kBadEntries;
            return Book{};
        }
        book.keys_.push_back(key);
        book.scores_.push_back(static_cast<std::int8_t>(score));
    }
    book.depth_ = depth;
    return book;
}

std::vector<std::uint8_t> Book::serialize() const {
    const std::size_t n = keys_.size();
    std::vector<std::uint8_t> out(kHeaderBytes + 9 * n, 0);
    std::copy(kMagic, kMagic + sizeof kMagic, out.begin());
    write_le(out, 8, kVersion, 2);
    out[10] = static_cast<std::uint8_t>(kWidth);
    out[11] = static_cast<std::uint8_t>(kHeight);
    out[12] = static_cast<std::uint8_t>(depth_);
    write_le(out, 16, n, 8);
    for (std::size_t i = 0; i < n; ++i) {
        write_le(out, kHeaderBytes + 8 * i, keys_[i], 8);
        out[kHeaderBytes + 8 * n + i] = static_cast<std::uint8_t>(scores_[i]);
    }
    write_le(out, 24, crc32(out.data() + kHeaderBytes, 9 * n), 4);
    return out;
}

std::pair<Position, std::vector<int>> Book::entry_position(std::size_t index) const {
    Position pos;
    position_from_key(keys_[index], pos);  // parse() and from_entries() checked every key
    return {pos, reconstruct(to_grid(pos)).moves};
}

std::optional<int> Book::get_key(Bitboard canonical_key) const {
    const auto it = std::lower_bound(keys_.begin(), keys_.end(), canonical_key);
    if (it == keys_.end() || *it != canonical_key) return std::nullopt;
    return scores_[static_cast<std::size_t>(it - keys_.begin())];
}

std::optional<int> Book::best_move_value(const Position& pos) const {
    std::optional<int> best;
    for (int col = 0; col < kWidth; ++col) {
        if (!pos.can_play(col)) continue;
        int value;
        if (pos.is_winning_move(col)) {
            value = win_now_score(pos.moves());
        } else {
            Position child = pos;
            child.play(col);
            if (child.is_full()) {
                value = 0;
            } else if (const auto known = get(child)) {
                value = -*known;
            } else {
                return std::nullopt;
            }
        }
        if (!best || value > *best) best = value;
    }
    return best;
}

std::vector<Book::Disagreement> Book::disagreements(std::size_t begin, std::size_t end) const {
    std::vector<Disagreement> wrong;
    end = std::min(end, keys_.size());
    for (std::size_t i = begin; i < end; ++i) {
        Position pos;
        position_from_key(keys_[i], pos);  // parse() checked that every key is a position
        if (pos.moves() >= depth_) continue;
        if (const auto best = best_move_value(pos); best != scores_[i]) wrong.push_back({i, best});
    }
    return wrong;
}

bool position_from_key(Bitboard key, Position& pos) {
    // Each column holds current_col + 2^h - 1 in [2^h - 1, 2^(h+1) - 2] (bitboard.hpp):
    // h is the position of the highest set bit of (value + 1).
    Bitboard current = 0, mask = 0;
    int moves = 0;
    for (int col = 0; col < kWidth; ++col) {
        const Bitboard v = (key >> (col * kColumnBits)) & ((Bitboard{1} << kColumnBits) - 1);
        const int h = std::bit_width(v + 1) - 1;
        if (h > kHeight) return false;
        const Bitboard filled = (Bitboard{1} << h) - 1;
        current |= (v - filled) << (col * kColumnBits);
        mask |= filled << (col * kColumnBits);
        moves += h;
    }
    if (key >> (kWidth * kColumnBits)) return false;
    pos = Position(current, mask, moves);
    // The side to move has as many discs as the other side, or one fewer.
    const int mine = popcount(current), theirs = moves - mine;
    return mine == moves / 2 && theirs == moves - moves / 2;
}

}  // namespace link4
