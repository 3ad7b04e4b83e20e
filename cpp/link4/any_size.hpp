// An engine object of a size chosen at runtime: T<G> (a Solver, a Player, a Book, a
// VectorEnv, its Bots) for the geometry G that plays its size (sized.hpp), behind one
// type. What holds objects of any size (the bindings) holds these, and reaches the typed
// object through visit; every one of them is typed by with_geometry, so that objects of
// the same size work together: a book reaches every solver and player of its size.
#pragma once

#include <memory>
#include <utility>
#include <variant>

#include "link4/sized.hpp"

namespace link4 {

template <template <typename> class T>
class AnySize {
  public:
    template <typename G>
    using Held = std::shared_ptr<T<G>>;

    // Holds make(g), a Held<G> made for g, the geometry of width x height with `inarow`
    // in a row. Precondition: a supported size and length of line.
    template <typename Make>
    AnySize(int width, int height, int inarow, Make&& make)
        : width_(width), height_(height), inarow_(inarow),
          held_(with_geometry(width, height, inarow,
                              [&](const auto& g) -> PerGeometry<Held> { return make(g); })) {}
    // Holds `typed`, of the game of its geometry. Precondition: not null.
    template <typename G>
    explicit AnySize(Held<G> typed)
        : width_(typed->geometry().width()), height_(typed->geometry().height()),
          inarow_(typed->geometry().inarow()), held_(std::move(typed)) {}

    // One holder for each object (a copy would share it).
    AnySize(const AnySize&) = delete;
    AnySize& operator=(const AnySize&) = delete;
    AnySize(AnySize&&) noexcept = default;
    AnySize& operator=(AnySize&&) noexcept = default;

    int width() const { return width_; }
    int height() const { return height_; }
    int inarow() const { return inarow_; }
    // Whether this object is of the game width x height with `inarow` in a row.
    bool is_game(int width, int height, int inarow) const {
        return width == width_ && height == height_ && inarow == inarow_;
    }

    // Calls f(object) with the typed object.
    template <typename F>
    decltype(auto) visit(F&& f) {
        return std::visit([&](const auto& held) -> decltype(auto) { return f(*held); }, held_);
    }
    template <typename F>
    decltype(auto) visit(F&& f) const {
        return std::visit([&](const auto& held) -> decltype(auto) { return f(std::as_const(*held)); }, held_);
    }

    // The object typed for G. Precondition: G plays this size.
    template <typename G>
    const Held<G>& shared() const {
        return std::get<Held<G>>(held_);
    }

    // Calls f(object, position) with `p` as a position of the object's geometry.
    // Precondition: is_game(p.width, p.height, p.inarow).
    template <typename F>
    decltype(auto) with_position(const AnyPosition& p, F&& f) {
        return visit([&](auto& object) -> decltype(auto) { return f(object, typed(object.geometry(), p)); });
    }

    // Calls f(object, theirs) with `other`'s object typed for the same geometry as this
    // one. Precondition: other.is_game(width(), height(), inarow()).
    template <typename Other, typename F>
    decltype(auto) visit_with(Other& other, F&& f) {
        return visit([&](auto& object) -> decltype(auto) {
            using G = std::decay_t<decltype(object.geometry())>;
            return f(object, *other.template shared<G>());
        });
    }

  private:
    int width_, height_, inarow_;
    PerGeometry<Held> held_;
};

}  // namespace link4
