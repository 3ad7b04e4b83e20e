// The Shapes of the board sizes other than the standard one.
#include "link4/geometry.hpp"

#include <array>

namespace link4 {

template <typename W>
const Shape<W>& shape_of(int width, int height) {
    // Every supported size, made once (thread-safe: a function-local static).
    static const auto shapes = [] {
        std::array<Shape<W>, (kMaxWidth - kMinWidth + 1) * (kMaxHeight - kMinHeight + 1)> all{};
        for (int w = kMinWidth; w <= kMaxWidth; ++w)
            for (int h = kMinHeight; h <= kMaxHeight; ++h) {
                // A word holds only the sizes that fit it (shifting past its width
                // would be undefined); the others are left empty.
                if (!is_supported_size(w, h) || (sizeof(W) == 8 && !fits_64_bits(w, h))) continue;
                all[static_cast<std::size_t>((w - kMinWidth) * (kMaxHeight - kMinHeight + 1) +
                                             h - kMinHeight)] = make_shape<W>(w, h);
            }
        return all;
    }();
    return shapes[static_cast<std::size_t>((width - kMinWidth) * (kMaxHeight - kMinHeight + 1) +
                                           height - kMinHeight)];
}

template const Shape<std::uint64_t>& shape_of(int, int);
template const Shape<Bits128>& shape_of(int, int);

}  // namespace link4
