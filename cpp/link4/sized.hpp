// The engine at a size chosen at runtime: a position of any supported size as one type
// (AnyPosition), and the dispatch from a size to the geometry its code is compiled for
// (geometry.hpp). The bindings hold AnyPositions and call into the typed engine through
// with_position; the engine itself only ever sees typed positions.
#pragma once

#include <cstdint>
#include <memory>
#include <variant>

#include "link4/bitboard.hpp"

namespace link4 {

// A position of any supported size: its size and its two words (bitboard.hpp), widened
// to 128 bits.
struct AnyPosition {
    int width = 7;
    int height = 6;
    Bits128 current;
    Bits128 mask;
    int moves = 0;
    bool operator==(const AnyPosition&) const = default;
};

// Calls f(g) with a geometry whose Shape is read at runtime: the narrowest word that
// holds width x height. Precondition: a supported size.
template <typename F>
decltype(auto) with_shape_at_runtime(int width, int height, F&& f) {
    if (width * (height + 1) <= kPackedKeyBits)
        return f(Packed64{&shape_of<std::uint64_t>(width, height)});
    if (fits_64_bits(width, height)) return f(Wide64{&shape_of<std::uint64_t>(width, height)});
    return f(Wide128{&shape_of<Bits128>(width, height)});
}

// Calls f(g) with the geometry of width x height. Precondition: a supported size.
template <typename F>
decltype(auto) with_geometry(int width, int height, F&& f) {
    const auto is = [&](const auto& g) { return width == g.width() && height == g.height(); };
    if (is(Standard{})) return f(Standard{});
    if (is(Fixed7x5{})) return f(Fixed7x5{});
    if (is(Fixed6x6{})) return f(Fixed6x6{});
    if (is(Fixed5x8{})) return f(Fixed5x8{});
    if (is(Fixed8x5{})) return f(Fixed8x5{});
    if (is(Fixed6x7{})) return f(Fixed6x7{});
    if (is(Fixed9x5{})) return f(Fixed9x5{});
    return with_shape_at_runtime(width, height, f);
}

// Calls f(g) with the geometry of width x height among fewer kinds: the standard board's
// constants, else the size's Shape read at runtime. For code that need not be fastest on
// the other compiled sizes (the batched environment and its bots): four instantiations
// instead of ten keep its build short. Precondition: a supported size.
template <typename F>
decltype(auto) with_runtime_geometry(int width, int height, F&& f) {
    if (width == Standard::width() && height == Standard::height()) return f(Standard{});
    return with_shape_at_runtime(width, height, f);
}

template <typename G>
Position<G> typed(const G& g, const AnyPosition& p) {
    if constexpr (sizeof(WordOf<G>) == 8) {
        return Position<G>(g, p.current.lo, p.mask.lo, p.moves);
    } else {
        return Position<G>(g, p.current, p.mask, p.moves);
    }
}

template <typename G>
AnyPosition erased(const Position<G>& pos) {
    const G& g = pos.geometry();
    return {g.width(), g.height(), Bits128(pos.current()), Bits128(pos.mask()), pos.moves()};
}

// Calls f(pos) with `p` as a position of its geometry.
template <typename F>
decltype(auto) with_position(const AnyPosition& p, F&& f) {
    return with_geometry(p.width, p.height, [&](const auto& g) { return f(typed(g, p)); });
}

// One of T<G> for each geometry: what holds a typed engine object of a runtime size.
template <template <typename> class T>
using PerGeometry = std::variant<T<Standard>, T<Fixed7x5>, T<Fixed6x6>, T<Fixed5x8>, T<Fixed8x5>,
                                 T<Fixed6x7>, T<Fixed9x5>, T<Packed64>, T<Wide64>, T<Wide128>>;
// The same for the geometries of with_runtime_geometry.
template <template <typename> class T>
using PerRuntimeGeometry = std::variant<T<Standard>, T<Packed64>, T<Wide64>, T<Wide128>>;

}  // namespace link4
