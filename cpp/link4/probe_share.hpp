// The null-window probes of one search for a score, shared by its threads
// (docs/solver.md, "Threads"): the main search announces each probe it starts, the
// helpers join it, and the first thread to answer it tells the others, which drop it
// and go on to the next one. So every thread works on the probe the main search needs
// now, and none goes on with one already answered.
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>

namespace link4 {

class ProbeShare {
  public:
    struct Probe {
        std::uint32_t number;  // from 1, in the order announced
        int point;             // the probe asks whether the score is above it
    };

    // Before a search starts (no thread is using the share then).
    void reset() {
        current_.store(0, std::memory_order_relaxed);
        answer_.store(0, std::memory_order_relaxed);
    }

    // The main search starts a probe at `point`; its number. A `solo` probe is the main
    // search's alone: the helpers wait for the next one.
    std::uint32_t announce(int point, bool solo) {
        const std::uint32_t number = number_of(current_.load(std::memory_order_relaxed)) + 1;
        publish(pack(number, point, solo ? kSolo : 0));
        return number;
    }

    // No more probes: the search is over (or stopping), the helpers stop waiting.
    void close() {
        publish(pack(number_of(current_.load(std::memory_order_relaxed)) + 1, 0, kClosed));
    }

    // A helper: the first probe announced after the one numbered `seen` that is not
    // solo, once there is one; none when the share is closed.
    std::optional<Probe> next(std::uint32_t seen) const {
        for (;;) {
            const std::uint64_t word = current_.load(std::memory_order_acquire);
            if (word & kClosed) return std::nullopt;
            if (number_of(word) > seen && !(word & kSolo))
                return Probe{number_of(word), point_of(word)};
            current_.wait(word, std::memory_order_acquire);
        }
    }

    // A thread proved the answer of probe `number`: `value`, as the probe's negamax
    // returned it.
    void answer(std::uint32_t number, int value) {
        answer_.store(pack(number, value, 0), std::memory_order_release);
    }

    // The answer of probe `number` when a thread has given it.
    std::optional<int> answer_of(std::uint32_t number) const {
        const std::uint64_t word = answer_.load(std::memory_order_acquire);
        if (number_of(word) != number) return std::nullopt;
        return point_of(word);
    }

    // Whether probe `number` needs no more work: answered, or no longer the current one.
    bool settled(std::uint32_t number) const {
        return number_of(answer_.load(std::memory_order_relaxed)) == number ||
               number_of(current_.load(std::memory_order_relaxed)) != number;
    }

  private:
    // A word: the number in the high 32 bits, then two flags, then the point (or the
    // value) offset by kOffset in the low 16 bits.
    static constexpr std::uint64_t kSolo = std::uint64_t{1} << 17;
    static constexpr std::uint64_t kClosed = std::uint64_t{1} << 16;
    static constexpr int kOffset = 1 << 15;
    static std::uint64_t pack(std::uint32_t number, int point, std::uint64_t flags) {
        return std::uint64_t{number} << 32 | flags | static_cast<std::uint64_t>(point + kOffset);
    }
    static std::uint32_t number_of(std::uint64_t word) {
        return static_cast<std::uint32_t>(word >> 32);
    }
    static int point_of(std::uint64_t word) { return static_cast<int>(word & 0xffff) - kOffset; }
    void publish(std::uint64_t word) {
        current_.store(word, std::memory_order_release);
        current_.notify_all();
    }

    std::atomic<std::uint64_t> current_{0};  // the probe the main search is on
    std::atomic<std::uint64_t> answer_{0};   // the last answer given
};

}  // namespace link4
