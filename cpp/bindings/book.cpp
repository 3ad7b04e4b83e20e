// Bindings for the opening book: parsing a book file's bytes, lookups, entries.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

#include "any_book.hpp"
#include "common.hpp"
#include "link4/book.hpp"
#include "link4/notation.hpp"

namespace link4::bindings {
namespace {

std::optional<ErrorCode> book_error_code(BookError e) {
    switch (e) {
        case BookError::kNone: break;
        case BookError::kTruncated: return ErrorCode::kBookTruncated;
        case BookError::kBadMagic: return ErrorCode::kBookMagic;
        case BookError::kBadVersion: return ErrorCode::kBookVersion;
        case BookError::kBadBoard: return ErrorCode::kBookBoard;
        case BookError::kBadChecksum: return ErrorCode::kBookChecksum;
        case BookError::kBadEntries: return ErrorCode::kBookEntries;
    }
    return std::nullopt;
}

// Raises the error `e` names; nothing for kNone.
void raise_if_error(BookError e) {
    if (const std::optional<ErrorCode> code = book_error_code(e)) raise_error(*code);
}

// Calls f(book) with the typed book.
template <typename F>
decltype(auto) visit(const AnyBook& b, F&& f) {
    return b.visit(f);
}

std::shared_ptr<AnyBook> from_entries(const std::vector<std::pair<py::int_, int>>& entries,
                                      int depth, int width, int height, int inarow) {
    require_supported_game(width, height, inarow);
    return with_geometry(width, height, inarow, [&](const auto& g) {
        using G = std::decay_t<decltype(g)>;
        std::vector<std::pair<WordOf<G>, int>> typed_entries;
        typed_entries.reserve(entries.size());
        for (const auto& [key, score] : entries) {
            const auto word = key_from_python<WordOf<G>>(key);
            if (!word) raise_error(ErrorCode::kBookEntries);  // no position's key
            typed_entries.emplace_back(*word, score);
        }
        BookError error = BookError::kNone;
        auto book = std::make_shared<const Book<G>>(
            Book<G>::from_entries(g, std::move(typed_entries), depth, error));
        raise_if_error(error);
        return std::make_shared<AnyBook>(book);
    });
}

// The discs of every entry's position, a byte each: one call for a whole book.
py::bytes plies(const AnyBook& b) {
    std::string plies;
    {
        WithoutGil released;
        visit(b, [&](const auto& book) {
            plies.assign(book.size(), '\0');
            for (std::size_t i = 0; i < book.size(); ++i) {
                Position pos(book.geometry());
                position_from_key(book.keys()[i], pos);  // every key was checked when read
                plies[i] = static_cast<char>(pos.moves());
            }
        });
    }
    return py::bytes(plies);
}

py::bytes scores(const AnyBook& b) {
    return visit(b, [](const auto& book) {
        const std::vector<std::int8_t>& scores = book.scores();
        return py::bytes(reinterpret_cast<const char*>(scores.data()), scores.size());
    });
}

std::shared_ptr<AnyBook> parse(const py::bytes& data) {
    // The parse reads the bytes object's own buffer (immutable, and held by the
    // caller) and makes the lookup arrays from it: no copy of the file.
    const std::string_view bytes = data;
    const auto* start = reinterpret_cast<const std::uint8_t*>(bytes.data());
    const BookHeader header = read_book_header(start, bytes.size());
    raise_if_error(header.error);
    BookError error = BookError::kNone;
    std::shared_ptr<AnyBook> book;
    {
        WithoutGil released;
        book = with_geometry(header.width, header.height, header.inarow, [&](const auto& g) {
            using G = std::decay_t<decltype(g)>;
            auto typed_book =
                std::make_shared<const Book<G>>(Book<G>::parse(g, start, bytes.size(), error));
            return std::make_shared<AnyBook>(typed_book);
        });
    }
    raise_if_error(error);
    return book;
}

// The format version of the file the book was read from (book.hpp).
int version(const AnyBook& b) {
    return visit(b, [](const auto& book) { return book.version(); });
}

// The checksum and the keys, for the book builder and the tests.
void register_book_tools(py::module_& m) {
    m.def("crc32",
          [](const py::bytes& data) {
              const std::string_view bytes = data;
              return crc32(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
          },
          py::arg("data"), "CRC-32 of bytes, as zlib.crc32 (the book's checksum).");
    m.def("position_from_key",
          [](const py::int_& key, int width, int height, int inarow) -> std::optional<AnyPosition> {
              require_supported_game(width, height, inarow);
              return with_geometry(width, height, inarow, [&](const auto& g) -> std::optional<AnyPosition> {
                  using G = std::decay_t<decltype(g)>;
                  Position<G> pos(g);
                  const auto word = key_from_python<WordOf<G>>(key);
                  if (!word || !position_from_key(*word, pos)) return std::nullopt;
                  return erased(pos);
              });
          },
          py::arg("key"), py::arg("width") = Standard::width(), py::arg("height") = Standard::height(),
          py::arg("inarow") = kConnectFour,
          "The position with this key (see bitboard.hpp) on a board of width x height with\n"
          "inarow in a row, or None.");
}

}  // namespace

void register_book(py::module_& m) {
    m.attr("BOOK_VERSION") = kBookVersion;
    py::class_<AnyBook, std::shared_ptr<AnyBook>>(m, "Book")
        .def_static("parse", &parse, py::arg("data"),
                    "A book from the bytes of a book file (format in cpp/link4/book.hpp).")
        .def_static("from_entries", &from_entries, py::arg("entries"), py::arg("depth"),
                    py::arg("width") = Standard::width(), py::arg("height") = Standard::height(),
                    py::arg("inarow") = kConnectFour,
                    "A book of (canonical key, exact score) entries, in any order, holding\n"
                    "positions of at most depth discs, for the game of width x height with\n"
                    "inarow in a row.")
        .def_property_readonly("width", &AnyBook::width)
        .def_property_readonly("height", &AnyBook::height)
        .def_property_readonly("inarow", &AnyBook::inarow)
        .def_property_readonly("version", &version, "The format version of the file the book was read from (book.hpp).")
        .def("to_bytes",
             [](const AnyBook& b) {
                 const std::vector<std::uint8_t> bytes =
                     visit(b, [](const auto& book) { return book.serialize(); });
                 return py::bytes(reinterpret_cast<const char*>(bytes.data()), bytes.size());
             },
             "The bytes of the book's file.")
        .def("entry_game",
             [](const AnyBook& b, std::size_t i) {
                 return visit(b, [&](const auto& book) {
                     if (i >= book.size()) throw py::index_error();
                     auto [pos, columns] = book.entry_position(i);
                     std::string moves;
                     for (int col : columns) moves += char_of_column(col);
                     return std::make_tuple(erased(pos), moves, static_cast<int>(book.scores()[i]));
                 });
             },
             py::arg("index"),
             "(position, a move string reaching it, score) of the index-th entry, keys\n"
             "increasing.")
        .def("get",
             [](const AnyBook& b, const AnyPosition& p) -> std::optional<int> {
                 require_game_of(p, b);
                 return visit(b, [&](const auto& book) { return book.get(typed(book.geometry(), p)); });
             },
             py::arg("position"))
        .def_property_readonly("depth", [](const AnyBook& b) {
            return visit(b, [](const auto& book) { return book.depth(); });
        })
        .def("__len__", [](const AnyBook& b) {
            return visit(b, [](const auto& book) { return book.size(); });
        })
        .def("entry",
             [](const AnyBook& b, std::size_t i) {
                 return visit(b, [&](const auto& book) {
                     if (i >= book.size()) throw py::index_error();
                     return std::make_tuple(key_to_python(book.keys()[i]),
                                            static_cast<int>(book.scores()[i]));
                 });
             },
             py::arg("index"), "(canonical key, score) of the index-th entry, keys increasing.")
        .def("plies", &plies, "The discs of every entry's position, keys increasing, a byte each.")
        .def("scores", &scores, "The score of every entry, keys increasing, a signed byte each.")
        .def("disagreements",
             [](const AnyBook& b, std::size_t begin, std::size_t end) {
                 std::vector<std::tuple<std::size_t, std::optional<int>>> out;
                 {
                     py::gil_scoped_release release;
                     visit(b, [&](const auto& book) {
                         for (const auto& d : book.disagreements(begin, end))
                             out.emplace_back(d.index, d.children);
                     });
                 }
                 return out;
             },
             py::arg("begin"), py::arg("end"),
             "(index, the best of its moves valued from the book, or None when a child is\n"
             "missing) for each entry from begin to end (excluded) with fewer discs than\n"
             "the depth whose score is not that best.");

    register_book_tools(m);
}

}  // namespace link4::bindings
