// The Shapes of the games other than those compiled as constants.
#include "link4/geometry.hpp"

#include <array>
#include <cstddef>

namespace link4 {
namespace {

constexpr int kWidths = kMaxWidth - kMinWidth + 1;
constexpr int kHeights = kMaxHeight - kMinHeight + 1;
constexpr int kInarows = kMaxInarow - kMinInarow + 1;

constexpr std::size_t index_of(int width, int height, int inarow) {
    return static_cast<std::size_t>(((width - kMinWidth) * kHeights + height - kMinHeight) * kInarows +
                                    inarow - kMinInarow);
}

}  // namespace

template <typename W>
const Shape<W>& shape_of(int width, int height, int inarow) {
    // Every supported game, made once (thread-safe: a function-local static), on the
    // heap (a megabyte or two: too much for a thread's stack) and kept for the process.
    static const auto& shapes = *[] {
        auto* all = new std::array<Shape<W>, kWidths * kHeights * kInarows>{};
        for (int w = kMinWidth; w <= kMaxWidth; ++w)
            for (int h = kMinHeight; h <= kMaxHeight; ++h)
                for (int k = kMinInarow; k <= kMaxInarow; ++k) {
                    // A word holds only the sizes that fit it (shifting past its width
                    // would be undefined); the others are left empty.
                    if (!is_supported_size(w, h) || (sizeof(W) == 8 && !fits_64_bits(w, h))) continue;
                    (*all)[index_of(w, h, k)] = make_shape<W>(w, h, k);
                }
        return all;
    }();
    return shapes[index_of(width, height, inarow)];
}

template const Shape<std::uint64_t>& shape_of(int, int, int);
template const Shape<Bits128>& shape_of(int, int, int);

}  // namespace link4
