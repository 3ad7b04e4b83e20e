// The book Python holds: a book of any size, as the typed engine's Book of its geometry.
#pragma once

#include <memory>

#include "link4/book.hpp"
#include "link4/sized.hpp"

namespace link4::bindings {

template <typename G>
using SharedBook = std::shared_ptr<const Book<G>>;

struct AnyBook {
    int width = 7;
    int height = 6;
    PerGeometry<SharedBook> book;
};

}  // namespace link4::bindings
