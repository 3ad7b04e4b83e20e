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

#include "common.hpp"
#include "link4/book.hpp"

namespace link4::bindings {
namespace {

const char* book_error_kind(BookError e) {
    switch (e) {
        case BookError::kNone: return "";
        case BookError::kTruncated: return "book_truncated";
        case BookError::kBadMagic: return "book_magic";
        case BookError::kBadVersion: return "book_version";
        case BookError::kBadBoard: return "book_board";
        case BookError::kBadChecksum: return "book_checksum";
        case BookError::kBadEntries: return "book_entries";
    }
    return "unknown";
}

std::shared_ptr<Book> from_entries(std::vector<std::pair<Bitboard, int>> entries, int depth) {
    BookError error = BookError::kNone;
    Book book = Book::from_entries(std::move(entries), depth, error);
    if (error != BookError::kNone) raise_error(book_error_kind(error));
    return std::make_shared<Book>(std::move(book));
}

// The discs of every entry's position, a byte each: one call for a whole book.
py::bytes plies(const Book& b) {
    std::string plies(b.size(), '\0');
    {
        WithoutGil released;
        for (std::size_t i = 0; i < b.size(); ++i) {
            Position pos;
            position_from_key(b.keys()[i], pos);  // every key was checked when it was read
            plies[i] = static_cast<char>(pos.moves());
        }
    }
    return py::bytes(plies);
}

py::bytes scores(const Book& b) {
    const std::vector<std::int8_t>& scores = b.scores();
    return py::bytes(reinterpret_cast<const char*>(scores.data()), scores.size());
}

std::shared_ptr<Book> parse(const py::bytes& data) {
    // The parse reads the bytes object's own buffer (immutable, and held by the
    // caller) and makes the lookup arrays from it: no copy of the file.
    const std::string_view bytes = data;
    BookError error = BookError::kNone;
    Book book;
    {
        WithoutGil released;
        book = Book::parse(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size(),
                           error);
    }
    if (error != BookError::kNone) raise_error(book_error_kind(error));
    return std::make_shared<Book>(std::move(book));
}

}  // namespace

void register_book(py::module_& m) {
    m.attr("BOOK_VERSION") = Book::kVersion;
    py::class_<Book, std::shared_ptr<Book>>(m, "Book")
        .def_static("parse", &parse, py::arg("data"),
                    "A book from the bytes of a book file (format in cpp/link4/book.hpp).")
        .def_static("from_entries", &from_entries, py::arg("entries"), py::arg("depth"),
                    "A book of (canonical key, exact score) entries, in any order, holding\n"
                    "positions of at most depth discs.")
        .def("to_bytes",
             [](const Book& b) {
                 const std::vector<std::uint8_t> bytes = b.serialize();
                 return py::bytes(reinterpret_cast<const char*>(bytes.data()), bytes.size());
             },
             "The bytes of the book's file.")
        .def("entry_game",
             [](const Book& b, std::size_t i) {
                 if (i >= b.size()) throw py::index_error();
                 auto [pos, columns] = b.entry_position(i);
                 std::string moves;
                 for (int col : columns) moves += static_cast<char>('1' + col);
                 return std::make_tuple(pos, moves, static_cast<int>(b.scores()[i]));
             },
             py::arg("index"),
             "(position, a move string reaching it, score) of the index-th entry, keys\n"
             "increasing.")
        .def("get", [](const Book& b, const Position& p) { return b.get(p); },
             py::arg("position"))
        .def_property_readonly("depth", &Book::depth)
        .def("__len__", &Book::size)
        .def("entry",
             [](const Book& b, std::size_t i) {
                 if (i >= b.size()) throw py::index_error();
                 return std::make_tuple(b.keys()[i], static_cast<int>(b.scores()[i]));
             },
             py::arg("index"), "(canonical key, score) of the index-th entry, keys increasing.")
        .def("plies", &plies, "The discs of every entry's position, keys increasing, a byte each.")
        .def("scores", &scores, "The score of every entry, keys increasing, a signed byte each.")
        .def("disagreements",
             [](const Book& b, std::size_t begin, std::size_t end) {
                 std::vector<std::tuple<std::size_t, std::optional<int>>> out;
                 {
                     py::gil_scoped_release release;
                     for (const auto& d : b.disagreements(begin, end))
                         out.emplace_back(d.index, d.children);
                 }
                 return out;
             },
             py::arg("begin"), py::arg("end"),
             "(index, the best of its moves valued from the book, or None when a child is\n"
             "missing) for each entry from begin to end (excluded) with fewer discs than\n"
             "the depth whose score is not that best.");

    m.def("crc32",
          [](const py::bytes& data) {
              const std::string_view bytes = data;
              return crc32(reinterpret_cast<const std::uint8_t*>(bytes.data()), bytes.size());
          },
          py::arg("data"), "CRC-32 of bytes, as zlib.crc32 (the book's checksum).");
    m.def("position_from_key",
          [](Bitboard key) -> std::optional<Position> {
              Position pos;
              if (!position_from_key(key, pos)) return std::nullopt;
              return pos;
          },
          py::arg("key"), "The position with this key (see bitboard.hpp), or None.");
}

}  // namespace link4::bindings
