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

// Calls f(g) with the first geometry of the list that plays width x height; the last,
// which plays every size, without asking.
template <typename F, typename G, typename... Rest>
decltype(auto) with_first_that_plays(TypeList<G, Rest...>, int width, int height, F& f) {
    if constexpr (sizeof...(Rest) == 0) {
        return f(G::for_size(width, height));
    } else {
        if (G::plays(width, height)) return f(G::for_size(width, height));
        return with_first_that_plays(TypeList<Rest...>{}, width, height, f);
    }
}

// Calls f(g) with the geometry of width x height (geometry.hpp's Geometries: its compiled
// size, else the narrowest kind that reads its Shape at runtime). Precondition: a
// supported size.
template <typename F>
decltype(auto) with_geometry(int width, int height, F&& f) {
    return with_first_that_plays(Geometries{}, width, height, f);
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

template <template <typename> class T, typename List>
struct VariantOver;
template <template <typename> class T, typename... Gs>
struct VariantOver<T, TypeList<Gs...>> {
    using type = std::variant<T<Gs>...>;
};

// One of T<G> for each geometry: what holds a typed engine object of a runtime size
// (any_size.hpp).
template <template <typename> class T>
using PerGeometry = typename VariantOver<T, Geometries>::type;

}  // namespace link4
