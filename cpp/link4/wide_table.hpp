// The transposition table of the boards whose keys do not fit the packed table's 49
// bits (tt.hpp): 9x5, 8x7, 8x8, 7x9 and the other large sizes. Same interface, same
// replacement rule and generations; what differs is the entry, which stores the whole
// key, so that a hit is never a false match however few slots the table has.
//
// Entry. K words of key (one for a 64-bit word, two for a 128-bit one) and a data word
// holding the bounds, the generation and the work. Several threads may share the
// table, and an entry spans several words, which no load reads at once: so each key
// word is stored XORed with the data word, and a reader checks the key against the
// words it loaded XORed with the data it loaded. Words of two different entries
// (a write racing a read) then fail the check unless the XOR of their data words
// happens to equal the XOR of the keys: a torn read counts as a miss, as good as never
// a false hit.
#pragma once

#include <array>
#include <atomic>
#include <bit>
#include <cassert>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>

#include "link4/tt.hpp"

namespace link4 {

template <typename W>
class WideTable {
  public:
    using Key = W;
    static constexpr std::int8_t kNoLower = -128;
    static constexpr std::int8_t kNoUpper = 127;

    explicit WideTable(std::size_t bytes) { resize(bytes); }

    // The largest power of two of entries that fits in `bytes` (at least kMinEntries).
    void resize(std::size_t bytes) {
        std::size_t n = std::bit_floor(bytes / sizeof(Entry));
        if (n < kMinEntries) n = kMinEntries;
        entries_ = Buffer(static_cast<Entry*>(allocate_table_memory(n * sizeof(Entry))));
        size_ = n;
        shift_ = slot_shift(n);
        wipe();
    }

    void clear() {
        if (++generation_ > kGenerationMask) wipe();
    }

    std::size_t size() const { return size_; }
    std::size_t bytes() const { return size_ * sizeof(Entry); }

    struct Bounds {
        int lower;
        int upper;
    };
    Bounds probe(Key key) const {
        const Entry* bucket = bucket_of(key);
        for (int i = 0; i < kBucketSlots; ++i) {
            const Loaded e = load(bucket[i]);
            if (e.matches(key, generation_)) return {lower_of(e.data), upper_of(e.data)};
        }
        return {kNoLower, kNoUpper};
    }

    // As TranspositionTable::store.
    void store(Key key, Bound bound, int value, std::uint64_t nodes) {
        Entry* bucket = bucket_of(key);
        Loaded slots[kBucketSlots];
        for (int i = 0; i < kBucketSlots; ++i) slots[i] = load(bucket[i]);
        int at = -1;
        for (int i = 0; i < kBucketSlots && at < 0; ++i) {
            if (slots[i].matches(key, generation_)) at = i;
        }
        std::int8_t lower = kNoLower, upper = kNoUpper;
        std::uint8_t work = 0;
        if (at >= 0) {
            lower = lower_of(slots[at].data);
            upper = upper_of(slots[at].data);
            work = work_of(slots[at].data);
        } else {
            std::uint64_t data[kBucketSlots];
            for (int i = 0; i < kBucketSlots; ++i) data[i] = slots[i].data;
            at = slot_to_replace(data);
        }
        assert(kNoLower < value && value < kNoUpper);
        const auto v = static_cast<std::int8_t>(value);
        if (bound == Bound::kLower) {
            if (v > lower) lower = v;
        } else {
            if (v < upper) upper = v;
        }
        work = std::max(work, TableEntry::work_of(nodes));
        const std::uint64_t data = pack(lower, upper, work);
        const auto words = key_words(key);
        Entry& e = bucket[at];
        for (std::size_t i = 0; i < kKeyWords; ++i)
            std::atomic_ref<std::uint64_t>(e.words[i]).store(words[i] ^ data,
                                                             std::memory_order_relaxed);
        std::atomic_ref<std::uint64_t>(e.words[kKeyWords]).store(data, std::memory_order_relaxed);
    }

    void prefetch(Key key) const { __builtin_prefetch(bucket_of(key)); }

    // The table as 64-bit words, as TranspositionTable's. An entry spans several words:
    // one read while a search stores into it can be torn, and restore_generation drops
    // those.
    static constexpr int kWordsPerEntry = static_cast<int>(sizeof(W) / sizeof(std::uint64_t)) + 1;
    std::size_t word_count() const { return size_ * kWordsPerEntry; }
    void read_words(std::size_t first, std::size_t count, std::uint64_t* out) const {
        const auto* words = reinterpret_cast<const std::uint64_t*>(entries_.get());
        for (std::size_t i = 0; i < count; ++i)
            out[i] = std::atomic_ref<std::uint64_t>(const_cast<std::uint64_t&>(words[first + i]))
                         .load(std::memory_order_relaxed);
    }
    void write_words(std::size_t first, std::size_t count, const std::uint64_t* in) {
        std::memcpy(reinterpret_cast<std::uint64_t*>(entries_.get()) + first, in,
                    count * sizeof(std::uint64_t));
    }
    std::uint16_t generation() const { return generation_; }
    // After write_words: the generation the words were read in, and the entries of that
    // generation that a torn read left in a bucket their key does not hash to (key words
    // of one store, the data word of another: no key any search would look up there)
    // emptied.
    void restore_generation(std::uint16_t generation) {
        generation_ = generation;
        for (std::size_t i = 0; i < size_; ++i) {
            Entry& e = entries_[i];
            if (!current(e.words[kKeyWords])) continue;
            if (bucket_of(key_in(e.words)) != &entries_[i & ~std::size_t{kBucketSlots - 1}]) {
                e = Entry{};
            }
        }
    }
    void reset() { wipe(); }

    // As TranspositionTable's: a power of two of whole entries, kMinEntries or more.
    static bool holds_a_table(std::uint64_t words) {
        const std::uint64_t entries = words / kWordsPerEntry;
        return words % kWordsPerEntry == 0 && std::has_single_bit(entries) && entries >= kMinEntries;
    }
    // As TranspositionTable's, `first` and `count` whole entries' words. An entry
    // holds its whole key; one whose key does not hash to the bucket it sat in is a
    // torn read (see restore_generation) and is dropped.
    void take_words(std::uint64_t source_words, std::size_t first, std::size_t count,
                    const std::uint64_t* in) {
        assert(first % kWordsPerEntry == 0 && count % kWordsPerEntry == 0);
        const int source_shift = slot_shift(source_words / kWordsPerEntry);
        for (std::size_t i = 0; i < count; i += kWordsPerEntry) {
            const std::uint64_t data = in[i + kKeyWords];
            if (!current(data)) continue;
            const Key key = key_in(&in[i]);
            const std::size_t slot = (first + i) / kWordsPerEntry;
            if (((mix64(key) >> source_shift) ^ slot) & ~std::uint64_t{kBucketSlots - 1}) continue;
            Entry* bucket = bucket_of(key);
            std::uint64_t there_data[kBucketSlots];
            for (int j = 0; j < kBucketSlots; ++j) there_data[j] = bucket[j].words[kKeyWords];
            const int at = slot_to_replace(there_data);
            const std::uint64_t there = there_data[at];
            if (current(there) && work_of(there) >= work_of(data)) continue;
            std::memcpy(bucket[at].words, &in[i], sizeof(Entry));
        }
    }

  private:
    static constexpr std::size_t kKeyWords = sizeof(W) / sizeof(std::uint64_t);
    struct Entry {
        std::uint64_t words[kKeyWords + 1];  // the key words XOR data, then data
    };
    static constexpr int kBucketSlots = 2;
    static constexpr std::size_t kMinEntries = 1024;

    // Data word: lower (8 bits), upper (8), generation (12), work (4), from bit 0 up.
    static constexpr std::uint64_t kGenerationMask = TableEntry::kGenerationMask;
    static std::int8_t lower_of(std::uint64_t d) { return static_cast<std::int8_t>(d & 0xFF); }
    static std::int8_t upper_of(std::uint64_t d) {
        return static_cast<std::int8_t>((d >> 8) & 0xFF);
    }
    static std::uint16_t generation_of(std::uint64_t d) {
        return static_cast<std::uint16_t>((d >> 16) & kGenerationMask);
    }
    static std::uint8_t work_of(std::uint64_t d) {
        return static_cast<std::uint8_t>((d >> 28) & TableEntry::kWorkMask);
    }
    std::uint64_t pack(std::int8_t lower, std::int8_t upper, std::uint8_t work) const {
        return std::uint64_t{static_cast<std::uint8_t>(lower)} |
               std::uint64_t{static_cast<std::uint8_t>(upper)} << 8 |
               std::uint64_t{generation_} << 16 | std::uint64_t{work} << 28;
    }
    bool current(std::uint64_t data) const { return generation_of(data) == generation_; }
    // As TranspositionTable's, from the bucket's data words.
    int slot_to_replace(const std::uint64_t* data) const {
        int at = 0;
        for (int i = 1; i < kBucketSlots; ++i) {
            if (current(data[at]) && (!current(data[i]) || work_of(data[i]) < work_of(data[at]))) at = i;
        }
        return at;
    }

    // The key of an entry's words (the key words XOR data, then data), as stored.
    static Key key_in(const std::uint64_t* words) {
        std::array<std::uint64_t, kKeyWords> plain;
        for (std::size_t k = 0; k < kKeyWords; ++k) plain[k] = words[k] ^ words[kKeyWords];
        Key key;
        std::memcpy(static_cast<void*>(&key), plain.data(), sizeof key);
        return key;
    }
    static std::array<std::uint64_t, kKeyWords> key_words(Key key) {
        std::array<std::uint64_t, kKeyWords> words{};
        std::memcpy(words.data(), &key, sizeof key);
        return words;
    }
    // One slot's words as loaded, each alone. (Loading writes nothing; the words are
    // only non-const for atomic_ref's sake.)
    struct Loaded {
        std::array<std::uint64_t, kKeyWords> keys;  // still XORed with data
        std::uint64_t data;
        bool matches(Key key, std::uint16_t generation) const {
            if (generation_of(data) != generation) return false;
            const auto words = key_words(key);
            for (std::size_t i = 0; i < kKeyWords; ++i)
                if ((keys[i] ^ data) != words[i]) return false;
            return true;
        }
    };
    static Loaded load(const Entry& e) {
        Loaded l;
        for (std::size_t i = 0; i < kKeyWords; ++i)
            l.keys[i] = std::atomic_ref<std::uint64_t>(const_cast<std::uint64_t&>(e.words[i])).load(std::memory_order_relaxed);
        l.data = std::atomic_ref<std::uint64_t>(const_cast<std::uint64_t&>(e.words[kKeyWords])).load(std::memory_order_relaxed);
        return l;
    }

    // The top bits of the key's hash pick the slot; its bucket is the aligned pair.
    // In a table of `entries` slots, the hash shifted right by this is the slot.
    static int slot_shift(std::uint64_t entries) { return 64 - std::countr_zero(entries); }
    Entry* bucket_of(Key key) const {
        return &entries_[(mix64(key) >> shift_) & ~std::size_t{kBucketSlots - 1}];
    }

    void wipe() {
        std::memset(static_cast<void*>(entries_.get()), 0, bytes());
        generation_ = 1;
    }

    struct Free {
        void operator()(Entry* p) const { std::free(p); }
    };
    using Buffer = std::unique_ptr<Entry[], Free>;
    Buffer entries_;
    std::size_t size_ = 0;
    int shift_ = 0;
    std::uint16_t generation_ = 1;
};

// The table of a geometry's boards.
template <typename G>
using TableOf = std::conditional_t<G::kPackedTable, TranspositionTable, WideTable<typename G::Word>>;

}  // namespace link4
