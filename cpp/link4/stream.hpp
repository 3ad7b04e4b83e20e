// The random stream of a player or an environment: splitmix64 (Steele, Lea and Flood,
// "Fast splittable pseudorandom number generators", 2014), one 64-bit word of state.
// A word is all a stream is, and the streams of seeds s and s + 1 start at unrelated
// points of its cycle, so environment i of a batch seeded with s can be the single
// environment seeded with s + i (Gymnasium's convention) and still play other games.
#pragma once

#include <cstdint>

namespace link4 {

class Stream {
  public:
    constexpr explicit Stream(std::uint64_t state = 0) : state_(state) {}

    // The stream a seed starts: the seed itself, mixed once so that nearby seeds
    // start far apart.
    static constexpr Stream seeded(std::uint64_t seed) { return Stream(mix(seed)); }

    constexpr std::uint64_t state() const { return state_; }

    constexpr std::uint64_t next() {
        state_ += kGolden;
        return mix(state_);
    }

    // Uniform in [0, n), n >= 1, without bias (Lemire's multiply-and-reject).
    constexpr int below(int n) {
        const auto bound = static_cast<std::uint64_t>(n);
        const std::uint64_t threshold = (0 - bound) % bound;
        for (;;) {
            const unsigned __int128 product = static_cast<unsigned __int128>(next()) * bound;
            if (static_cast<std::uint64_t>(product) >= threshold)
                return static_cast<int>(product >> 64);
        }
    }

    // Uniform in [0, 1), with 53 random bits.
    constexpr double unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

    // True with probability p.
    constexpr bool chance(double p) { return unit() < p; }

  private:
    static constexpr std::uint64_t kGolden = 0x9e3779b97f4a7c15;
    static constexpr std::uint64_t mix(std::uint64_t z) {
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9;
        z = (z ^ (z >> 27)) * 0x94d049bb133111eb;
        return z ^ (z >> 31);
    }

    std::uint64_t state_;
};

}  // namespace link4
