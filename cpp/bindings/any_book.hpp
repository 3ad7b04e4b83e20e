// The book Python holds: a book of any size, as the typed engine's Book of its geometry.
#pragma once

#include <memory>

#include "common.hpp"
#include "link4/any_size.hpp"
#include "link4/book.hpp"

namespace link4::bindings {

template <typename G>
using ConstBook = const Book<G>;
template <typename G>
using SharedBook = std::shared_ptr<const Book<G>>;

using AnyBook = AnySize<ConstBook>;

// `book` (null: none) as the book of g, for what plays boards of g's size; a book of
// another size is refused.
template <typename G>
SharedBook<G> book_for(const G& g, const std::shared_ptr<AnyBook>& book) {
    if (!book) return nullptr;
    if (!book->is_size(g.width(), g.height()))
        raise_size_mismatch("book", book->width(), book->height(), g.width(), g.height());
    return book->shared<G>();
}

}  // namespace link4::bindings
