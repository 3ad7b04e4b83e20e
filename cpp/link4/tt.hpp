// The transposition table: proven bounds on the score of positions already searched.
//
// This is the table of the boards whose keys fit kPackedKeyBits = 49 bits (7x6 and the
// smaller boards, geometry.hpp); the larger boards use wide_table.hpp's, which stores
// whole keys.
//
// Indexing. A key has at most kKeyBits = 49 bits (see bitboard.hpp). It is first mixed by a
// multiplication modulo 2^49 with an odd constant, a bijection on 49-bit values that
// spreads the very regular keys. The table has 2^b slots in buckets of two: the top
// b - 1 bits of the mixed key pick the bucket and a slot stores its low 36 bits. Since
// b - 1 + 36 >= 49 (b >= 14: tables of 128 KB or more), bucket and stored bits together
// determine the whole key, so a hit is never a false match. Multiplying and shifting
// also keeps integer division off the hot path.
//
// Replacement. A new position takes a slot of its bucket that holds nothing of the
// current search, else the slot whose bounds cost less work to prove (fewer nodes): a
// large subtree is worth keeping over a small one that can be searched again cheaply.
// Both slots share one cache line, so the second probe costs no extra miss.
//
// Memory. The table is far larger than the caches, so nearly every probe misses; on
// Linux it asks for transparent huge pages to spare TLB misses as well.
//
// Threads. Several searches may share one table (a search on N threads): an entry is one
// 64-bit word, read and written whole and atomically, so a thread sees either an entry
// as some thread wrote it or none. Two threads storing into one bucket at once may lose
// one of the two stores: that costs a re-search, never a wrong bound, since every word
// holds only bounds proven for its own key.
//
// Clearing. Each entry carries the generation it was written in; clear() moves to the
// next generation, so a cleared table costs nothing to clear and behaves exactly as a
// freshly zeroed one. The memory is wiped for real only when the generation wraps, once
// in 4,095 clears: the generation has 12 bits so that, spread over the clears, the
// wipes cost less than solving the easiest positions between two clears.
#pragma once

#include <algorithm>
#include <atomic>
#include <bit>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>

#if defined(__linux__)
#include <sys/mman.h>
#endif
#if !defined(_WIN32)
#include <unistd.h>
#endif

#include "link4/geometry.hpp"

namespace link4 {

enum class Bound : std::uint8_t { kLower, kUpper };

inline void* allocate_table_memory(std::size_t size);

// One entry, unpacked from (and packed into) its 64-bit word: from the low bits up,
// kStoredKeyBits of the key, the generation in kGenerationBits, the work in kWorkBits,
// then lower and upper in kBoundBits each, two's complement (a score lies within
// -23..23 on the boards of this table, the "no bound" marks are -32 and 31). With the bounds at the top a
// shift extends their sign.
struct TableEntry {
    static constexpr int kStoredKeyBits = 36;
    static constexpr int kGenerationBits = 12;
    static constexpr int kWorkBits = 4;
    static constexpr int kBoundBits = 6;
    static_assert(kStoredKeyBits + kGenerationBits + kWorkBits + 2 * kBoundBits == 64);
    static constexpr int kMinBound = -(1 << (kBoundBits - 1));
    static constexpr int kMaxBound = (1 << (kBoundBits - 1)) - 1;
    // Boards with keys of kPackedKeyBits have at most 45 cells: scores within -23..23.
    static_assert(kMaxBound > 23, "every score and both no-bound marks must fit");

    std::uint64_t key = 0;         // the low kStoredKeyBits bits of the mixed key
    std::int8_t lower = 0;         // the score is >= lower
    std::int8_t upper = 0;         // the score is <= upper
    std::uint16_t generation = 0;  // 0: never written
    std::uint8_t work = 0;         // the node count spent on the bounds, see work_of()

    static constexpr std::uint64_t kKeyMask = (std::uint64_t{1} << kStoredKeyBits) - 1;
    static constexpr std::uint64_t kBoundMask = (std::uint64_t{1} << kBoundBits) - 1;
    static constexpr std::uint64_t kGenerationMask = (std::uint64_t{1} << kGenerationBits) - 1;
    static constexpr std::uint64_t kWorkMask = (std::uint64_t{1} << kWorkBits) - 1;
    static constexpr int kGenerationShift = kStoredKeyBits;
    static constexpr int kWorkShift = kGenerationShift + kGenerationBits;
    static constexpr int kLowerShift = kWorkShift + kWorkBits;
    static constexpr int kUpperShift = kLowerShift + kBoundBits;

    // The work of a search of `nodes` nodes: half the bit width of the count, which
    // tells subtrees apart by factors of four up to 2^30 nodes.
    static std::uint8_t work_of(std::uint64_t nodes) {
        return static_cast<std::uint8_t>(
            std::min<int>((std::bit_width(nodes) + 1) / 2, static_cast<int>(kWorkMask)));
    }

    static TableEntry unpack(std::uint64_t w) {
        return {w & kKeyMask, bound_at(w, kLowerShift), bound_at(w, kUpperShift),
                generation_in(w), work_in(w)};
    }
    std::uint64_t pack() const {
        return key | std::uint64_t{generation} << kGenerationShift |
               std::uint64_t{work} << kWorkShift |
               (static_cast<std::uint64_t>(lower) & kBoundMask) << kLowerShift |
               (static_cast<std::uint64_t>(upper) & kBoundMask) << kUpperShift;
    }

    // The generation and the work fields of `w` (the table reads them without unpacking
    // the rest when it picks a slot to replace).
    static std::uint16_t generation_in(std::uint64_t w) {
        return static_cast<std::uint16_t>((w >> kGenerationShift) & kGenerationMask);
    }
    static std::uint8_t work_in(std::uint64_t w) {
        return static_cast<std::uint8_t>((w >> kWorkShift) & kWorkMask);
    }

    // The bound whose kBoundBits start at bit `shift` of `w`, its sign extended: moved
    // to the top of a signed word, then back down.
    static std::int8_t bound_at(std::uint64_t w, int shift) {
        const auto top = static_cast<std::int64_t>(w << (64 - kBoundBits - shift));
        return static_cast<std::int8_t>(top >> (64 - kBoundBits));
    }
};
static_assert(TableEntry::kUpperShift + TableEntry::kBoundBits == 64,
              "upper is the top field: one shift extends its sign");

class TranspositionTable {
  public:
    static constexpr std::int8_t kNoLower = TableEntry::kMinBound;
    static constexpr std::int8_t kNoUpper = TableEntry::kMaxBound;
    static constexpr int kKeyBits = kPackedKeyBits;
    using Key = std::uint64_t;

    explicit TranspositionTable(std::size_t bytes) { resize(bytes); }

    // The largest power of two of entries that fits in `bytes` (at least kMinEntries).
    void resize(std::size_t bytes) {
        std::size_t n = std::bit_floor(bytes / sizeof(Word));
        if (n < kMinEntries) n = kMinEntries;
        if (n > kMaxEntries) n = kMaxEntries;
        entries_ = allocate(n);
        size_ = n;
        shift_ = slot_shift(n);
        wipe();
    }

    void clear() {
        if (++generation_ > TableEntry::kGenerationMask) wipe();
    }

    std::size_t size() const { return size_; }
    std::size_t bytes() const { return size_ * sizeof(Word); }

    // Bounds known for `key`, or {kNoLower, kNoUpper} on a miss.
    struct Bounds {
        int lower;
        int upper;
    };
    Bounds probe(Key key) const {
        const Key h = mix(key);
        Word* bucket = bucket_of(h);
        const Word tag = tag_of(h);
        for (int i = 0; i < kBucketSlots; ++i) {
            const Word w = load(bucket[i]);
            if (((w ^ tag) & kTagMask) == 0) {
                const TableEntry e = TableEntry::unpack(w);
                return {e.lower, e.upper};
            }
        }
        return {kNoLower, kNoUpper};
    }

    // Record that the score of `key` is `value` or better (kLower) / worse (kUpper),
    // proved by a search of `nodes` nodes. A bound already known for the same position
    // is kept when it is tighter; otherwise the position takes a slot of its bucket
    // (see Replacement above).
    void store(Key key, Bound bound, int value, std::uint64_t nodes) {
        const Key h = mix(key);
        Word* bucket = bucket_of(h);
        const Word tag = tag_of(h);
        Word words[kBucketSlots];
        for (int i = 0; i < kBucketSlots; ++i) words[i] = load(bucket[i]);
        int at = -1;
        for (int i = 0; i < kBucketSlots && at < 0; ++i) {
            if (((words[i] ^ tag) & kTagMask) == 0) at = i;
        }
        TableEntry e;
        if (at >= 0) {
            e = TableEntry::unpack(words[at]);
        } else {
            at = slot_to_replace(words);
            e = TableEntry{tag & TableEntry::kKeyMask, kNoLower, kNoUpper, generation_, 0};
        }
        assert(TableEntry::kMinBound < value && value < TableEntry::kMaxBound);
        const auto v = static_cast<std::int8_t>(value);
        if (bound == Bound::kLower) {
            if (v > e.lower) e.lower = v;
        } else {
            if (v < e.upper) e.upper = v;
        }
        const std::uint8_t work = TableEntry::work_of(nodes);
        if (work > e.work) e.work = work;
        std::atomic_ref<Word>(bucket[at]).store(e.pack(), std::memory_order_relaxed);
    }

    void prefetch(Key key) const { __builtin_prefetch(bucket_of(mix(key))); }

    // The table as 64-bit words, for a checkpoint (checkpoint.hpp): read while searches
    // may still store (each word is loaded whole, so every word read is an entry some
    // thread wrote), written back only while no search runs.
    static constexpr int kWordsPerEntry = 1;
    std::size_t word_count() const { return size_; }
    void read_words(std::size_t first, std::size_t count, std::uint64_t* out) const {
        for (std::size_t i = 0; i < count; ++i) out[i] = load(entries_[first + i]);
    }
    void write_words(std::size_t first, std::size_t count, const std::uint64_t* in) {
        std::memcpy(&entries_[first], in, count * sizeof(Word));
    }
    std::uint16_t generation() const { return generation_; }
    // After write_words: the generation the words were read in, so that their entries
    // are the current ones. Every word is a whole entry: none is torn.
    void restore_generation(std::uint16_t generation) { generation_ = generation; }
    // Empties the table and starts the first generation (a checkpoint that failed to
    // load leaves no half-read entries behind).
    void reset() { wipe(); }

    // Whether `words` words can be a table of this kind, whose entries take_words can
    // move: a power of two of entries, from kMinEntries to kMaxEntries.
    static bool holds_a_table(std::uint64_t words) {
        return std::has_single_bit(words) && words >= kMinEntries && words <= kMaxEntries;
    }
    // Moves entries of a table of `source_words` words (holds_a_table; another size
    // than this one's) into this one, which holds nothing yet but is at the generation
    // they were written in (reset, then restore_generation): `count` of its words from
    // word `first` on, as read_words gave them. A slot and its stored bits tell the
    // whole mixed key (see Indexing), from which the entry takes its slot at this size;
    // when two meet in a bucket that is full, the entry of less work is the one lost.
    void take_words(std::uint64_t source_words, std::size_t first, std::size_t count,
                    const std::uint64_t* in) {
        // A source bucket's number gives the mixed key's bits from this one up.
        const int bucket_shift = slot_shift(source_words) + std::countr_zero(unsigned{kBucketSlots});
        // The bits that both the source bucket and the stored bits give.
        const Key overlap = TableEntry::kKeyMask & ~((Key{1} << bucket_shift) - 1);
        for (std::size_t i = 0; i < count; ++i) {
            const Word w = in[i];
            if (!current(w)) continue;
            const Key from_bucket = static_cast<Key>((first + i) / kBucketSlots) << bucket_shift;
            if (((from_bucket ^ w) & overlap) != 0) continue;  // not an entry of that slot: damaged
            const Key h = from_bucket | (w & TableEntry::kKeyMask);
            Word* bucket = bucket_of(h);
            const int at = slot_to_replace(bucket);
            if (!current(bucket[at]) || TableEntry::work_in(bucket[at]) < TableEntry::work_in(w))
                bucket[at] = w;
        }
    }

  private:
    using Word = std::uint64_t;  // a packed TableEntry
    static Word load(Word& w) {
        return std::atomic_ref<Word>(w).load(std::memory_order_relaxed);
    }
    // The stored key bits and the generation of a slot that holds `h` in this
    // generation: a slot matches when its word agrees with the tag on kTagMask.
    static constexpr Word kTagMask =
        TableEntry::kKeyMask | TableEntry::kGenerationMask << TableEntry::kGenerationShift;
    Word tag_of(Key h) const {
        return (h & TableEntry::kKeyMask) | Word{generation_} << TableEntry::kGenerationShift;
    }
    bool current(Word w) const { return TableEntry::generation_in(w) == generation_; }
    // The slot of a bucket (its words as loaded) that a new position takes: one that
    // holds nothing of this generation, else the one of less work (see Replacement).
    int slot_to_replace(const Word* words) const {
        int at = 0;
        for (int i = 1; i < kBucketSlots; ++i) {
            if (current(words[at]) &&
                (!current(words[i]) || TableEntry::work_in(words[i]) < TableEntry::work_in(words[at])))
                at = i;
        }
        return at;
    }

    // Two slots per bucket, in one cache line when the buffer is aligned (allocate()
    // aligns it to a huge page where it can).
    static constexpr int kBucketSlots = 2;
    static_assert(std::has_single_bit(unsigned{kBucketSlots}), "buckets are aligned groups");
    static_assert(kBucketSlots * sizeof(Word) <= 64, "a bucket must fit a cache line");
    // Below 2^(kKeyBits - kStoredKeyBits) buckets the stored bits would no longer
    // identify a key.
    static constexpr std::size_t kMinEntries = std::size_t{kBucketSlots}
                                               << (kKeyBits - TableEntry::kStoredKeyBits);
    static constexpr std::size_t kMaxEntries = std::size_t{1} << 40;
    static constexpr Key kKeyMask = (Key{1} << kKeyBits) - 1;
    static constexpr Key kMixer = 0x9E3779B97F4A7C15ull & kKeyMask;  // odd: a bijection
    static_assert(kMixer & 1, "the mixer must be odd to be invertible");

    static constexpr Key mix(Key key) { return (key * kMixer) & kKeyMask; }
    // In a table of `entries` slots, the mixed key shifted right by this is the slot.
    static int slot_shift(std::uint64_t entries) { return kKeyBits - std::countr_zero(entries); }

    // The top bits of the mixed key pick the slot; its bucket is the aligned pair.
    // (Probing writes nothing; the words are only mutable for atomic_ref's sake.)
    Word* bucket_of(Key h) const {
        return &entries_[(h >> shift_) & ~std::size_t{kBucketSlots - 1}];
    }

    void wipe() {
        std::memset(static_cast<void*>(entries_.get()), 0, bytes());
        generation_ = 1;
    }

    struct Free {
        void operator()(Word* p) const { std::free(p); }
    };
    using Buffer = std::unique_ptr<Word[], Free>;

    static Buffer allocate(std::size_t n) {
        return Buffer(static_cast<Word*>(allocate_table_memory(n * sizeof(Word))));
    }

    Buffer entries_;
    std::size_t size_ = 0;
    int shift_ = 0;
    std::uint16_t generation_ = 1;
};

// Memory for a table of `size` bytes, aligned to a huge page where the system can (and
// asked to be backed by them on Linux), to be released with std::free; std::bad_alloc
// when the machine cannot hold it.
inline void* allocate_table_memory(std::size_t size) {
        constexpr std::size_t kHugePage = std::size_t{2} << 20;
        const std::size_t bytes = (size + kHugePage - 1) / kHugePage * kHugePage;
#if defined(_SC_PHYS_PAGES)
        // More than the machine's memory: an overcommitting kernel (or a sanitizer's
        // allocator) would grant it, and the wipe below would then be killed for it.
        const long pages = sysconf(_SC_PHYS_PAGES);
        const long page = sysconf(_SC_PAGESIZE);
        if (pages > 0 && page > 0 && bytes / static_cast<std::size_t>(page) > static_cast<std::size_t>(pages))
            throw std::bad_alloc();
#endif
#if defined(_WIN32)
        void* p = std::malloc(bytes);
#else
        void* p = std::aligned_alloc(kHugePage, bytes);
#endif
        if (!p) throw std::bad_alloc();
#if defined(__linux__) && defined(MADV_HUGEPAGE)
        madvise(p, bytes, MADV_HUGEPAGE);
#endif
        return p;
}

}  // namespace link4
