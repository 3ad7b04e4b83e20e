// Writing and reading checkpoints (checkpoint.hpp).
#include "link4/checkpoint.hpp"

#include <array>
#include <bit>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>
#include <system_error>
#include <vector>

#include "link4/bits128.hpp"
#include "link4/geometry.hpp"
#include "link4/book.hpp"
#include "link4/wide_table.hpp"

#if defined(_WIN32)
#include <io.h>
#else
#include <unistd.h>
#endif

namespace link4 {
namespace {

constexpr char kMagic[8] = {'L', 'I', 'N', 'K', '4', 'C', 'K', '\0'};
constexpr std::size_t kHeaderBytes = 64;
// Version 1's header: no probe costs.
constexpr std::size_t kFirstVersionHeaderBytes = 48;
constexpr std::size_t kTableHeaderBytes = 16;
constexpr std::uint64_t kByteOrder = 0x0102030405060708ull;
// The tables go to and from the disk in chunks of this many words (8 MB).
constexpr std::size_t kChunkWords = std::size_t{1} << 20;
// A note longer than this is no note of ours: the file is damaged.
constexpr std::uint64_t kMaxNoteBytes = std::uint64_t{1} << 20;

struct CloseFile {
    void operator()(std::FILE* f) const { std::fclose(f); }
};
using File = std::unique_ptr<std::FILE, CloseFile>;

void put_le(std::uint8_t* at, std::uint64_t value, int bytes) {
    for (int i = 0; i < bytes; ++i) at[i] = static_cast<std::uint8_t>(value >> (8 * i));
}
std::uint64_t get_le(const std::uint8_t* at, int bytes) {
    std::uint64_t value = 0;
    for (int i = 0; i < bytes; ++i) value |= std::uint64_t{at[i]} << (8 * i);
    return value;
}

// A file read or written with the CRC-32 of every byte so far.
class Stream {
  public:
    explicit Stream(std::FILE* f) : f_(f) {}
    bool write(const void* data, std::size_t n) {
        count(data, n);
        return std::fwrite(data, 1, n, f_) == n;
    }
    bool read(void* data, std::size_t n) {
        if (std::fread(data, 1, n, f_) != n) return false;
        count(data, n);
        return true;
    }
    // Bytes read from the file by other means, into the checksum.
    void count(const void* data, std::size_t n) {
        crc_ = crc32(static_cast<const std::uint8_t*>(data), n, crc_);
    }
    std::uint32_t crc() const { return crc_; }
    std::FILE* file() const { return f_; }

  private:
    std::FILE* f_;
    std::uint32_t crc_ = 0;
};

std::array<std::uint8_t, kHeaderBytes> header_of(const CheckpointState& state, int words_per_entry) {
    std::array<std::uint8_t, kHeaderBytes> h{};
    std::memcpy(h.data(), kMagic, sizeof kMagic);
    put_le(&h[8], kCheckpointVersion, 2);
    h[10] = static_cast<std::uint8_t>(state.width);
    h[11] = static_cast<std::uint8_t>(state.height);
    h[12] = static_cast<std::uint8_t>(words_per_entry);
    h[13] = kCheckpointTables;
    h[14] = static_cast<std::uint8_t>(state.inarow == kConnectFour ? 0 : state.inarow);
    std::memcpy(&h[16], &kByteOrder, 8);
    put_le(&h[24], state.nodes, 8);
    put_le(&h[32], std::bit_cast<std::uint64_t>(state.seconds), 8);
    h[40] = static_cast<std::uint8_t>(static_cast<std::int8_t>(state.lower));
    h[41] = static_cast<std::uint8_t>(static_cast<std::int8_t>(state.upper));
    put_le(&h[44], state.note.size(), 4);
    put_le(&h[48], state.probe_costs.below, 8);
    put_le(&h[56], state.probe_costs.above, 8);
    return h;
}

// Reads the header, the note and the main table's own header (its words); the stream
// is left at the main table's first word.
CheckpointError read_header(Stream& in, CheckpointState& state, std::uint16_t& generation) {
    std::array<std::uint8_t, kHeaderBytes> h{};
    // The part every version has first, then the rest of this version's.
    const std::size_t got = std::fread(h.data(), 1, kFirstVersionHeaderBytes, in.file());
    if (got < sizeof kMagic) {
        if (std::ferror(in.file())) return CheckpointError::kUnreadable;
        const bool cut = got > 0 && std::memcmp(h.data(), kMagic, got) == 0;
        return cut ? CheckpointError::kTruncated : CheckpointError::kBadMagic;
    }
    if (std::memcmp(h.data(), kMagic, sizeof kMagic) != 0) return CheckpointError::kBadMagic;
    if (got < kFirstVersionHeaderBytes) return CheckpointError::kTruncated;
    const std::uint64_t version = get_le(&h[8], 2);
    if (version != 1 && version != kCheckpointVersion) return CheckpointError::kBadVersion;
    std::uint64_t order;
    std::memcpy(&order, &h[16], 8);
    if (order != kByteOrder) return CheckpointError::kBadByteOrder;
    if (h[13] != kCheckpointTables) return CheckpointError::kBadChecksum;
    state.width = h[10];
    state.height = h[11];
    state.inarow = h[14] == 0 ? kConnectFour : h[14];
    state.words_per_entry = h[12];
    state.nodes = get_le(&h[24], 8);
    state.seconds = std::bit_cast<double>(get_le(&h[32], 8));
    state.lower = static_cast<std::int8_t>(h[40]);
    state.upper = static_cast<std::int8_t>(h[41]);
    const std::uint64_t note_bytes = get_le(&h[44], 4);
    if (note_bytes > kMaxNoteBytes) return CheckpointError::kBadChecksum;
    in.count(h.data(), kFirstVersionHeaderBytes);
    if (version != 1) {
        if (!in.read(&h[kFirstVersionHeaderBytes], kHeaderBytes - kFirstVersionHeaderBytes))
            return CheckpointError::kTruncated;
        state.probe_costs = {get_le(&h[48], 8), get_le(&h[56], 8)};
    }
    state.note.assign(note_bytes, '\0');
    std::array<std::uint8_t, kTableHeaderBytes> t{};
    if (!in.read(state.note.data(), note_bytes) || !in.read(t.data(), t.size()))
        return CheckpointError::kTruncated;
    state.table_words = get_le(&t[0], 8);
    generation = static_cast<std::uint16_t>(get_le(&t[8], 2));
    return CheckpointError::kNone;
}

bool flush_to_disk(std::FILE* f) {
    if (std::fflush(f) != 0) return false;
#if defined(_WIN32)
    return _commit(_fileno(f)) == 0;
#else
    return fsync(fileno(f)) == 0;
#endif
}

template <typename Table>
bool write_table(Stream& out, const Table& table, std::vector<std::uint64_t>& chunk) {
    std::array<std::uint8_t, kTableHeaderBytes> t{};
    put_le(&t[0], table.word_count(), 8);
    put_le(&t[8], table.generation(), 2);
    if (!out.write(t.data(), t.size())) return false;
    for (std::size_t first = 0; first < table.word_count(); first += kChunkWords) {
        const std::size_t n = std::min(kChunkWords, table.word_count() - first);
        table.read_words(first, n, chunk.data());
        if (!out.write(chunk.data(), n * 8)) return false;
    }
    return true;
}

// Reads a table of `words` words written in `generation` (its own header read) into
// `table`: word for word when the sizes agree, else entry by entry into the slots the
// entries take at the table's size (take_words), so that a search resumes with a table
// of another size than the one it stopped with.
template <typename Table>
CheckpointError read_table(Stream& in, Table& table, std::uint64_t words, std::uint16_t generation,
                           std::vector<std::uint64_t>& chunk) {
    if (words == table.word_count()) {
        for (std::size_t first = 0; first < table.word_count(); first += kChunkWords) {
            const std::size_t n = std::min(kChunkWords, table.word_count() - first);
            if (!in.read(chunk.data(), n * 8)) return CheckpointError::kTruncated;
            table.write_words(first, n, chunk.data());
        }
        return CheckpointError::kNone;
    }
    if (!Table::holds_a_table(words)) return CheckpointError::kBadTable;
    table.reset();
    table.restore_generation(generation);
    // Whole entries at a time.
    const std::uint64_t step = kChunkWords / Table::kWordsPerEntry * Table::kWordsPerEntry;
    for (std::uint64_t first = 0; first < words; first += step) {
        const auto n = static_cast<std::size_t>(std::min(step, words - first));
        if (!in.read(chunk.data(), n * 8)) return CheckpointError::kTruncated;
        table.take_words(words, static_cast<std::size_t>(first), n, chunk.data());
    }
    return CheckpointError::kNone;
}

}  // namespace

CheckpointError read_checkpoint_header(const std::string& path, CheckpointState& state) {
    const File f(std::fopen(path.c_str(), "rb"));
    if (!f) return CheckpointError::kUnreadable;
    Stream in(f.get());
    std::uint16_t generation;
    return read_header(in, state, generation);
}

template <typename Table>
CheckpointError write_checkpoint(const std::string& path, const CheckpointTables<const Table>& tables,
                                 const CheckpointState& state) {
    const std::string part = path + ".part";
    {
        const File f(std::fopen(part.c_str(), "wb"));
        if (!f) return CheckpointError::kUnwritable;
        Stream out(f.get());
        const auto header = header_of(state, Table::kWordsPerEntry);
        bool ok = out.write(header.data(), header.size()) && out.write(state.note.data(), state.note.size());
        std::vector<std::uint64_t> chunk(kChunkWords);
        for (const Table* table : tables) ok = ok && write_table(out, *table, chunk);
        std::uint8_t tail[4];
        put_le(tail, out.crc(), 4);
        ok = ok && std::fwrite(tail, 1, 4, f.get()) == 4 && flush_to_disk(f.get());
        if (!ok) {
            std::error_code ignored;
            std::filesystem::remove(part, ignored);
            return CheckpointError::kUnwritable;
        }
    }
    std::error_code error;
    std::filesystem::rename(part, path, error);
    return error ? CheckpointError::kUnwritable : CheckpointError::kNone;
}

template <typename Table>
CheckpointError read_checkpoint(const std::string& path, const CheckpointTables<Table>& tables,
                                int width, int height, int inarow, CheckpointState& state) {
    const File f(std::fopen(path.c_str(), "rb"));
    if (!f) return CheckpointError::kUnreadable;
    Stream in(f.get());
    std::uint16_t generations[kCheckpointTables];
    CheckpointError error = read_header(in, state, generations[0]);
    if (error != CheckpointError::kNone) return error;
    if (state.width != width || state.height != height || state.inarow != inarow)
        return CheckpointError::kBadBoard;
    if (state.words_per_entry != Table::kWordsPerEntry) return CheckpointError::kBadTable;
    std::vector<std::uint64_t> chunk(kChunkWords);
    std::uint64_t words = state.table_words;
    for (int i = 0; i < kCheckpointTables && error == CheckpointError::kNone; ++i) {
        if (i > 0) {
            std::array<std::uint8_t, kTableHeaderBytes> t{};
            if (!in.read(t.data(), t.size())) {
                error = CheckpointError::kTruncated;
                break;
            }
            words = get_le(&t[0], 8);
            generations[i] = static_cast<std::uint16_t>(get_le(&t[8], 2));
        }
        error = read_table(in, *tables[static_cast<std::size_t>(i)], words, generations[i], chunk);
    }
    if (error == CheckpointError::kNone) {
        const std::uint32_t crc = in.crc();
        std::uint8_t tail[5];
        const std::size_t got = std::fread(tail, 1, 5, f.get());
        if (got < 4) error = CheckpointError::kTruncated;
        else if (got > 4 || get_le(tail, 4) != crc) error = CheckpointError::kBadChecksum;
    }
    if (error != CheckpointError::kNone) {
        for (Table* table : tables) table->reset();
        return error;
    }
    for (int i = 0; i < kCheckpointTables; ++i)
        tables[static_cast<std::size_t>(i)]->restore_generation(generations[i]);
    return CheckpointError::kNone;
}

#define LINK4_INSTANTIATE(T)                                                                        \
    template CheckpointError write_checkpoint(const std::string&, const CheckpointTables<const T>&, \
                                              const CheckpointState&);                               \
    template CheckpointError read_checkpoint(const std::string&, const CheckpointTables<T>&, int, int, \
                                             int, CheckpointState&);
LINK4_INSTANTIATE(TranspositionTable)
LINK4_INSTANTIATE(WideTable<std::uint64_t>)
LINK4_INSTANTIATE(WideTable<Bits128>)
#undef LINK4_INSTANTIATE

}  // namespace link4
