// A 128-bit unsigned word for the boards that do not fit 64 bits with their sentinel
// row (width x (height + 1) > 64: 8x8, 7x9, 9x7, ...). Written out as two 64-bit halves
// rather than taken from the compiler: MSVC, which builds the Windows wheels, has no
// 128-bit integer type. Only what the board code uses is here.
#pragma once

#include <bit>
#include <cstdint>

namespace link4 {

struct Bits128 {
    std::uint64_t lo = 0;
    std::uint64_t hi = 0;

    constexpr Bits128() = default;
    // From a 64-bit value, as the integer literals of the board code are.
    constexpr Bits128(std::uint64_t v) : lo(v) {}  // NOLINT(google-explicit-constructor)
    constexpr Bits128(std::uint64_t low, std::uint64_t high) : lo(low), hi(high) {}

    constexpr explicit operator bool() const { return (lo | hi) != 0; }
    constexpr bool operator==(const Bits128&) const = default;
    constexpr bool operator<(const Bits128& o) const {
        return hi != o.hi ? hi < o.hi : lo < o.lo;
    }

    constexpr Bits128 operator~() const { return {~lo, ~hi}; }
    constexpr Bits128 operator&(const Bits128& o) const { return {lo & o.lo, hi & o.hi}; }
    constexpr Bits128 operator|(const Bits128& o) const { return {lo | o.lo, hi | o.hi}; }
    constexpr Bits128 operator^(const Bits128& o) const { return {lo ^ o.lo, hi ^ o.hi}; }
    constexpr Bits128 operator+(const Bits128& o) const {
        const std::uint64_t low = lo + o.lo;
        return {low, hi + o.hi + (low < lo ? 1 : 0)};
    }
    constexpr Bits128 operator-(const Bits128& o) const {
        return {lo - o.lo, hi - o.hi - (lo < o.lo ? 1 : 0)};
    }
    constexpr Bits128 operator<<(int s) const {
        if (s == 0) return *this;
        if (s >= 64) return {0, lo << (s - 64)};
        return {lo << s, (hi << s) | (lo >> (64 - s))};
    }
    constexpr Bits128 operator>>(int s) const {
        if (s == 0) return *this;
        if (s >= 64) return {hi >> (s - 64), 0};
        return {(lo >> s) | (hi << (64 - s)), hi >> s};
    }
    constexpr Bits128& operator&=(const Bits128& o) { return *this = *this & o; }
    constexpr Bits128& operator|=(const Bits128& o) { return *this = *this | o; }
    constexpr Bits128& operator^=(const Bits128& o) { return *this = *this ^ o; }
};

// The bit operations of the board code, for either word.
constexpr int popcount(std::uint64_t b) { return std::popcount(b); }
constexpr int popcount(const Bits128& b) { return std::popcount(b.lo) + std::popcount(b.hi); }
// The index of the lowest set bit (precondition: b != 0).
constexpr int lowest_bit(std::uint64_t b) { return std::countr_zero(b); }
constexpr int lowest_bit(const Bits128& b) {
    return b.lo ? std::countr_zero(b.lo) : 64 + std::countr_zero(b.hi);
}
// The index of the highest set bit (precondition: b != 0).
constexpr int highest_bit(std::uint64_t b) { return 63 - std::countl_zero(b); }
constexpr int highest_bit(const Bits128& b) {
    return b.hi ? 127 - std::countl_zero(b.hi) : 63 - std::countl_zero(b.lo);
}
// 64 well-mixed bits of a word, for hash tables.
constexpr std::uint64_t mix64(std::uint64_t b) { return b * 0x9E3779B97F4A7C15ull; }
constexpr std::uint64_t mix64(const Bits128& b) {
    return (b.lo ^ (b.hi * 0xC2B2AE3D27D4EB4Full)) * 0x9E3779B97F4A7C15ull;
}
// The low 64 bits.
constexpr std::uint64_t low64(std::uint64_t b) { return b; }
constexpr std::uint64_t low64(const Bits128& b) { return b.lo; }

}  // namespace link4
