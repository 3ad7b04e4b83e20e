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

// The key of `bytes` (8 or 16) little-endian bytes at `p`, and the other way round.
template <typename W>
W read_key(const std::uint8_t* p) {
    if constexpr (sizeof(W) == 8) {
        return read_le(p, 8);
    } else {
        return W{read_le(p, 8), read_le(p + 8, 8)};
    }
}
template <typename W>
void write_key(std::vector<std::uint8_t>& out, std::size_t at, const W& key) {
    if constexpr (sizeof(W) == 8) {
        write_le(out, at, key, 8);
    } else {
        write_le(out, at, key.lo, 8);
        write_le(out, at + 8, key.hi, 8);
    }
}

// Whether an entry may follow `previous` (nullptr for the first) in a book of `depth`:
// keys strictly increasing, each the canonical key of a position within the depth, the
// score on the scale.
template <typename G>
bool valid_entry(const G& g, const WordOf<G>* previous, WordOf<G> key, int score, int depth) {
    Position<G> pos(g);
    return (previous == nullptr || *previous < key) && score <= max_score(g.cells()) &&
           score >= -max_score(g.cells()) && position_from_key(key, pos) &&
           pos.moves() <= depth && pos.canonical_key() == key;
}

}  // namespace

std::uint32_t crc32(const std::uint8_t* data, std::size_t n, std::uint32_t previous) {
    const auto& t = kCrcTables;
    std::uint32_t c = previous ^ 0xFFFFFFFFu;
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

BookHeader read_book_header(const std::uint8_t* data, std::size_t size) {
    if (size < kBookHeaderBytes) {
        const bool magic = size >= sizeof kMagic &&
                           std::equal(kMagic, kMagic + sizeof kMagic, data, [](char a, std::uint8_t b) {
                               return static_cast<std::uint8_t>(a) == b;
                           });
        return {magic ? BookError::kTruncated : BookError::kBadMagic};
    }
    for (std::size_t i = 0; i < sizeof kMagic; ++i)
        if (data[i] != static_cast<std::uint8_t>(kMagic[i])) return {BookError::kBadMagic};
    const auto version = static_cast<int>(read_le(data + 8, 2));
    if (version != kBookVersion && version != kFirstBookVersion) return {BookError::kBadVersion};
    const int inarow = data[13] == 0 ? kConnectFour : data[13];
    const bool standard = data[10] == Standard::width() && data[11] == Standard::height() &&
                          inarow == kConnectFour;
    if (!is_supported_size(data[10], data[11]) || !is_supported_inarow(data[10], data[11], inarow) ||
        (version == kFirstBookVersion && !standard))
        return {BookError::kBadBoard};
    return {BookError::kNone, version, data[10], data[11], inarow};
}

template <typename G>
Book<G> Book<G>::parse(G g, const std::uint8_t* data, std::size_t size, BookError& error) {
    Book book(g);
    const BookHeader header = read_book_header(data, size);
    error = header.error;
    if (error != BookError::kNone) return book;
    if (header.width != g.width() || header.height != g.height() || header.inarow != g.inarow()) {
        error = BookError::kBadBoard;
        return book;
    }
    const std::uint8_t* h = data;
    const int depth = h[12];
    const std::uint64_t n = read_le(h + 16, 8);
    const std::uint32_t checksum = static_cast<std::uint32_t>(read_le(h + 24, 4));
    // kKeyBytes + 1 bytes per entry; an absurd count cannot overflow this check.
    constexpr std::size_t kEntryBytes = kKeyBytes + 1;
    const std::size_t payload = size - kBookHeaderBytes;
    if (depth > g.cells() || n > payload / kEntryBytes || payload != n * kEntryBytes) {
        error = depth > g.cells() ? BookError::kBadBoard : BookError::kTruncated;
        return book;
    }
    // Version 1 checksummed the payload alone.
    const std::uint32_t header_crc = header.version == kFirstBookVersion ? 0 : crc32(h + 8, 16);
    if (crc32(h + kBookHeaderBytes, payload, header_crc) != checksum) {
        error = BookError::kBadChecksum;
        return book;
    }
    book.keys_.resize(n);
    book.scores_.resize(n);
    const std::uint8_t* keys = h + kBookHeaderBytes;
    const std::uint8_t* scores = keys + kKeyBytes * n;
    for (std::uint64_t i = 0; i < n; ++i) {
        const Bitboard key = read_key<Bitboard>(keys + kKeyBytes * i);
        const auto score = static_cast<std::int8_t>(scores[i]);
        if (!valid_entry(g, i > 0 ? &book.keys_[i - 1] : nullptr, key, score, depth)) {
            error = BookError::kBadEntries;
            return Book(g);
        }
        book.keys_[i] = key;
        book.scores_[i] = score;
    }
    book.depth_ = depth;
    book.version_ = header.version;
    return book;
}

template <typename G>
Book<G> Book<G>::from_entries(G g, std::vector<std::pair<Bitboard, int>> entries, int depth,
                              BookError& error) {
    Book book(g);
    error = BookError::kNone;
    if (depth < 0 || depth > g.cells()) {
        error = BookError::kBadBoard;
        return book;
    }
    std::sort(entries.begin(), entries.end(),
              [](const auto& a, const auto& b) { return a.first < b.first; });
    book.keys_.reserve(entries.size());
    book.scores_.reserve(entries.size());
    for (const auto& [key, score] : entries) {
        if (!valid_entry(g, book.keys_.empty() ? nullptr : &book.keys_.back(), key, score, depth)) {
            error = BookError::kBadEntries;
            return Book(g);
        }
        book.keys_.push_back(key);
        book.scores_.push_back(static_cast<std::int8_t>(score));
    }
    book.depth_ = depth;
    return book;
}

template <typename G>
std::vector<std::uint8_t> Book<G>::serialize() const {
    const std::size_t n = keys_.size();
    std::vector<std::uint8_t> out(kBookHeaderBytes + (kKeyBytes + 1) * n, 0);
    std::copy(kMagic, kMagic + sizeof kMagic, out.begin());
    write_le(out, 8, kBookVersion, 2);
    out[10] = static_cast<std::uint8_t>(g_.width());
    out[11] = static_cast<std::uint8_t>(g_.height());
    out[12] = static_cast<std::uint8_t>(depth_);
    out[13] = static_cast<std::uint8_t>(g_.inarow() == kConnectFour ? 0 : g_.inarow());
    write_le(out, 16, n, 8);
    for (std::size_t i = 0; i < n; ++i) {
        write_key(out, kBookHeaderBytes + kKeyBytes * i, keys_[i]);
        out[kBookHeaderBytes + kKeyBytes * n + i] = static_cast<std::uint8_t>(scores_[i]);
    }
    const std::uint32_t header_crc = crc32(out.data() + 8, 16);
    write_le(out, 24, crc32(out.data() + kBookHeaderBytes, (kKeyBytes + 1) * n, header_crc), 4);
    return out;
}

template <typename G>
std::pair<Position<G>, std::vector<int>> Book<G>::entry_position(std::size_t index) const {
    Position pos(g_);
    position_from_key(keys_[index], pos);  // parse() and from_entries() checked every key
    return {pos, reconstruct(g_, to_grid(pos)).moves};
}

template <typename G>
std::optional<int> Book<G>::get_key(Bitboard canonical_key) const {
    const auto it = std::lower_bound(keys_.begin(), keys_.end(), canonical_key);
    if (it == keys_.end() || !(*it == canonical_key)) return std::nullopt;
    return scores_[static_cast<std::size_t>(it - keys_.begin())];
}

template <typename G>
std::optional<int> Book<G>::best_move_value(const Position& pos) const {
    std::optional<int> best;
    for (int col = 0; col < g_.width(); ++col) {
        if (!pos.can_play(col)) continue;
        int value;
        if (pos.is_winning_move(col)) {
            value = win_now_score(g_.cells(), pos.moves());
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

template <typename G>
std::vector<typename Book<G>::Disagreement> Book<G>::disagreements(std::size_t begin,
                                                                   std::size_t end) const {
    std::vector<Disagreement> wrong;
    end = std::min(end, keys_.size());
    for (std::size_t i = begin; i < end; ++i) {
        Position pos(g_);
        position_from_key(keys_[i], pos);  // parse() checked that every key is a position
        if (pos.moves() >= depth_) continue;
        if (const auto best = best_move_value(pos); best != scores_[i]) wrong.push_back({i, best});
    }
    return wrong;
}

template <typename G>
bool position_from_key(WordOf<G> key, Position<G>& pos) {
    using Bitboard = WordOf<G>;
    const G& g = pos.geometry();
    const int bits = g.column_bits();
    // Each column holds current_col + 2^h - 1 in [2^h - 1, 2^(h+1) - 2] (bitboard.hpp):
    // h is the position of the highest set bit of (value + 1).
    Bitboard current{}, mask{};
    int moves = 0;
    for (int col = 0; col < g.width(); ++col) {
        const std::uint64_t v = low64((key >> (col * bits)) & ((Bitboard{1} << bits) - Bitboard{1}));
        const int h = std::bit_width(v + 1) - 1;
        if (h > g.height()) return false;
        const std::uint64_t filled = (std::uint64_t{1} << h) - 1;
        current |= Bitboard{v - filled} << (col * bits);
        mask |= Bitboard{filled} << (col * bits);
        moves += h;
    }
    const int used = g.width() * bits;
    if (used < static_cast<int>(8 * sizeof(Bitboard)) && (key >> used)) return false;
    pos = Position<G>(g, current, mask, moves);
    // The side to move has as many discs as the other side, or one fewer.
    const int mine = popcount(current), theirs = moves - mine;
    return mine == moves / 2 && theirs == moves - moves / 2;
}

#define LINK4_INSTANTIATE(G) \
    template class Book<G>;  \
    template bool position_from_key(WordOf<G>, Position<G>&);
LINK4_FOR_EACH_GEOMETRY(LINK4_INSTANTIATE)
#undef LINK4_INSTANTIATE

}  // namespace link4
