// Where the root's null-window probes go: the probe schedule and the score guess
// (docs/solver.md, "The probe schedule").
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>

namespace link4 {

inline int clamp(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }

// The next null-window probe between `lower` and `upper` (lower < upper). While the
// window is wider than `narrow_window`, its middle leaning towards 0; once narrower,
// the probes go out from 0, a step at a time for the first two, then by halves: most
// positions, and the hardest, score near 0, and a probe next to the final score costs
// far more than one far from it.
inline constexpr int kNarrowWindow = 17;
inline int probe_point(int lower, int upper, int narrow_window = kNarrowWindow) {
    if (upper - lower <= narrow_window) {
        if (lower < 0 && upper > 0) return 0;
        if (lower == 0 || lower == 1) return lower;
        if (upper == 0 || upper == -1) return upper - 1;
    }
    int mid = lower + (upper - lower) / 2;
    if (mid <= 0 && lower / 2 < mid) mid = lower / 2;
    else if (mid >= 0 && upper / 2 > mid) mid = upper / 2;
    return mid;
}

// What the score guess below learnt from a search's first probes: their nodes plus 1,
// 0 for one not made yet. A checkpoint keeps it, so that a resumed search probes where
// the first run would have: measured again, those probes would cost a table probe
// each, and the guess would be lost.
struct ProbeCosts {
    std::uint64_t below = 0;  // the first probe to prove the score above a point below 0
    std::uint64_t above = 0;  // the first to prove it at most a point above 0
};

// A guess at the score from what the first two probes cost: the first that proves the
// score above a point below 0 and the first that proves it at most a point above 0. A
// probe costs more the nearer it lies to the score, so when one of them cost
// 2^kMinLog2Ratio times the other or more, the score probably lies on the dearer one's
// side, the further out the larger the ratio; the narrow probes then start from that
// guess instead of from 0. When neither cost outweighs the other, the score probably
// lies near 0, and the probes go out from 0 already from a window of kBalancedWindow.
// (docs/solver.md, "The score guess".)
class ScoreGuess {
  public:
    // `learnt`: the costs an earlier run of the same search measured (a resumed one).
    explicit ScoreGuess(ProbeCosts learnt = {}) : costs_(learnt) {}

    const ProbeCosts& costs() const { return costs_; }

    // Note a probe at `mid` that took `nodes` nodes and found the score above it or not.
    void note(int mid, bool above, std::uint64_t nodes) {
        if (above && mid < 0 && costs_.below == 0) costs_.below = nodes + 1;
        if (!above && mid > 0 && costs_.above == 0) costs_.above = nodes + 1;
    }

    // Whether the cost of a probe at `mid` may go into the guess (when it proves the
    // score above a point below 0, or at most a point above 0, the first to do so).
    bool wants_cost(int mid) const {
        if (guess_ || balanced_) return false;
        return (mid < 0 && costs_.below == 0) || (mid > 0 && costs_.above == 0);
    }

    // The point of the next probe in the window [lower, upper].
    int next_point(int lower, int upper) {
        // Made once: after that, a guess or balanced_.
        if (!guess_ && !balanced_ && costs_.below && costs_.above && upper - lower <= kBalancedWindow) {
            const double ratio =
                static_cast<double>(costs_.below) / static_cast<double>(costs_.above);
            const double r = std::log2(ratio);
            if (r <= -kMinLog2Ratio)
                guess_ = std::min(static_cast<int>(std::lround(-r)) + 1, kMaxGuess);
            else if (r >= kMinLog2Ratio)
                guess_ = std::max(-static_cast<int>(std::lround(r)), -kMaxGuess);
            else
                balanced_ = true;
        }
        // The probe at guess - 1 asks whether the score reaches the guess; once it is
        // answered, the clamp steps on from the bound it proved.
        if (guess_) return clamp(*guess_ - 1, lower, upper - 1);
        return probe_point(lower, upper, balanced_ ? kBalancedWindow : kNarrowWindow);
    }

  private:
    static constexpr double kMinLog2Ratio = 1.5;
    static constexpr int kMaxGuess = 5;
    // The window of a position with a few discs after the first two probes, -9 to 10.
    static constexpr int kBalancedWindow = 19;
    ProbeCosts costs_;
    bool balanced_ = false;  // neither cost outweighed the other: no guess
    std::optional<int> guess_;
};

}  // namespace link4
