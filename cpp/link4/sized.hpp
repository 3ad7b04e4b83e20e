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

// A position of any supported size and length of line: its game and its two words
// (bitboard.hpp), widened to 128 bits.
struct AnyPosition {
    int width = 7;
    int height = 6;
    int inarow = kConnectFour;
    Bits128 current;
    Bits128 mask;
    int moves = 0;
    bool operator==(const AnyPosition&) const = default;
};

// Calls f(g) with the first geometry of the list that plays width x height with `inarow`
// in a row; the last, which plays every game, without asking.
template <typename F, typename G, typename... Rest>
decltype(auto) with_first_that_plays(TypeList<G, Rest...>, int width, int height, int inarow, F& f) {
    if constexpr (sizeof...(Rest) == 0) {
        return f(G::for_game(width, height, inarow));
    } else {
        if (G::plays(width, height, inarow)) return f(G::for_game(width, height, inarow));
        return with_first_that_plays(TypeList<Rest...>{}, width, height, inarow, f);
    }
}

// Calls f(g) with the geometry of width x height and `inarow` in a row (geometry.hpp's
// Geometries: its compiled size, else the narrowest kind that reads its Shape at
// runtime). Precondition: a supported size and length of line.
template <typename F>
decltype(auto) with_geometry(int width, int height, int inarow, F&& f) {
    return with_first_that_plays(Geometries{}, width, height, inarow, f);
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
    return {g.width(), g.height(), g.inarow(), Bits128(pos.current()), Bits128(pos.mask()), pos.moves()};
}

// Calls f(pos) with `p` as a position of its geometry.
template <typename F>
decltype(auto) with_position(const AnyPosition& p, F&& f) {
    return with_geometry(p.width, p.height, p.inarow, [&](const auto& g) { return f(typed(g, p)); });
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
