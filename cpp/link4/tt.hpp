// The transposition table: proven bounds on the score of positions already searched.
//
// Indexing. The table has a prime number of slots. A slot holds the low 32 bits of the
// key; with the slot index (key mod prime) they determine the whole key whenever
// prime * 2^32 > 2^49 (Chinese remainder theorem), so a hit is never a false match.
//
// Memory. The table is far larger than the caches, so nearly every probe misses; on
// Linux it asks for transparent huge pages, which spares most TLB misses too (it runs
// about twice as fast with them on a 64 MB table).
//
// Clearing. Each entry carries the generation it was written in; clear() moves to the
// next generation, so a cleared table costs nothing to clear and behaves exactly as a
// freshly zeroed one. The memory is wiped for real only when the generation wraps.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>

#if defined(__linux__)
#include <sys/mman.h>
#endif

#include "link4/bitboard.hpp"

namespace link4 {

enum class Bound : std::uint8_t { kLower, kUpper };

struct TableEntry {
    std::uint32_t key = 0;
    std::int8_t lower = 0;  // the score is >= lower
    std::int8_t upper = 0;  // the score is <= upper
    std::uint8_t generation = 0;  // 0: never written
    std::uint8_t spare = 0;
};
static_assert(sizeof(TableEntry) == 8, "keep table entries packed");

class TranspositionTable {
  public:
    static constexpr std::int8_t kNoLower = -127;
    static constexpr std::int8_t kNoUpper = 127;

    explicit TranspositionTable(std::size_t bytes) { resize(bytes); }

    // Size in bytes, rounded down to a prime number of entries.
    void resize(std::size_t bytes) {
        std::size_t n = bytes / sizeof(TableEntry);
        if (n < kMinEntries) n = kMinEntries;
        n = previous_prime(n);
        entries_ = allocate(n);
        size_ = n;
        wipe();
    }

    void clear() {
        if (++generation_ == 0) wipe();
    }

    std::size_t size() const { return size_; }
    std::size_t bytes() const { return size_ * sizeof(TableEntry); }

    // Bounds known for `key`, or {kNoLower, kNoUpper} on a miss.
    struct Bounds {
        int lower;
        int upper;
    };
    Bounds probe(Bitboard key) const {
        const TableEntry& e = entries_[index(key)];
        if (e.generation != generation_ || e.key != static_cast<std::uint32_t>(key))
            return {kNoLower, kNoUpper};
        return {e.lower, e.upper};
    }

    // Record that the score of `key` is `value` or better (kLower) / worse (kUpper).
    // A bound already known for the same position is kept when it is tighter.
    void store(Bitboard key, Bound bound, int value) {
        TableEntry& e = entries_[index(key)];
        const auto k = static_cast<std::uint32_t>(key);
        if (e.generation != generation_ || e.key != k) {
            e = TableEntry{k, kNoLower, kNoUpper, generation_, 0};
        }
        const auto v = static_cast<std::int8_t>(value);
        if (bound == Bound::kLower) {
            if (v > e.lower) e.lower = v;
        } else {
            if (v < e.upper) e.upper = v;
        }
    }

    void prefetch(Bitboard key) const { __builtin_prefetch(&entries_[index(key)]); }

  private:
    // Below this many slots the 32-bit partial key would no longer be unique.
    static constexpr std::size_t kMinEntries = std::size_t{1} << 18;

    std::size_t index(Bitboard key) const { return static_cast<std::size_t>(key % size_); }

    void wipe() {
        std::memset(static_cast<void*>(entries_.get()), 0, bytes());
        generation_ = 1;
    }

    struct Free {
        void operator()(TableEntry* p) const { std::free(p); }
    };
    using Buffer = std::unique_ptr<TableEntry[], Free>;

    static Buffer allocate(std::size_t n) {
        constexpr std::size_t kHugePage = std::size_t{2} << 20;
        const std::size_t bytes = (n * sizeof(TableEntry) + kHugePage - 1) / kHugePage * kHugePage;
#if defined(_WIN32)
        void* p = std::malloc(bytes);
#else
        void* p = std::aligned_alloc(kHugePage, bytes);
#endif
        if (!p) throw std::bad_alloc();
#if defined(__linux__) && defined(MADV_HUGEPAGE)
        madvise(p, bytes, MADV_HUGEPAGE);
#endif
        return Buffer(static_cast<TableEntry*>(p));
    }

    static bool is_prime(std::size_t n) {
        if (n < 2) return false;
        for (std::size_t d = 2; d * d <= n; ++d)
            if (n % d == 0) return false;
        return true;
    }
    // key mod p sums the key's m-bit chunks when p divides 2^m - 1 (2 has order m
    // modulo p); for small m the regular structure of keys then crowds a few slots. A
    // Mersenne prime such as 2^19 - 1 lies right below a power of two, so look for it.
    static bool spreads_keys(std::size_t p) {
        std::size_t power = 1;
        for (int m = 1; m <= 64; ++m) {
            power = power * 2 % p;
            if (power == 1) return false;
        }
        return true;
    }
    static std::size_t previous_prime(std::size_t n) {
        while (!is_prime(n) || !spreads_keys(n)) --n;
        return n;
    }

    Buffer entries_;
    std::size_t size_ = 0;
    std::uint8_t generation_ = 1;
};

}  // namespace link4
