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

// `book` (null: none) as the book of g, for what plays g's game; a book of another
// size or line is refused.
template <typename G>
SharedBook<G> book_for(const G& g, const std::shared_ptr<AnyBook>& book) {
    if (!book) return nullptr;
    if (!book->is_game(g.width(), g.height(), g.inarow()))
        raise_size_mismatch("book", book->width(), book->height(), book->inarow(), g.width(),
                            g.height(), g.inarow());
    return book->shared<G>();
}

}  // namespace link4::bindings
