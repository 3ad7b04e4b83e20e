// Bindings for batches: the engine's Batch runs its workers without the GIL while this
// thread reports progress and watches for Ctrl-C.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstddef>
#include <memory>
#include <optional>
#include <tuple>
#include <utility>
#include <vector>

#include "common.hpp"
#include "link4/batch.hpp"
#include "link4/book.hpp"

namespace link4::bindings {
namespace {

using OptionalBook = std::optional<std::shared_ptr<Book>>;  // None: no book

struct Watch {
    py::object progress;  // progress(done, total), or None
    std::size_t total = 0;
    std::size_t reported = static_cast<std::size_t>(-1);
};

// Called by Batch::run about every 20 ms: Python's signal handlers, then progress.
bool tick(void* arg, std::size_t done) {
    auto* watch = static_cast<Watch*>(arg);
    if (exiting()) return true;  // never take the GIL back while Python exits
    py::gil_scoped_acquire gil;
    if (PyErr_CheckSignals() != 0) return true;
    if (!watch->progress.is_none() && done != watch->reported) {
        watch->reported = done;
        try {
            watch->progress(done, watch->total);
        } catch (py::error_already_set& e) {
            e.restore();
            return true;
        }
    }
    return false;
}

// Runs the batch without the GIL. True when Ctrl-C stopped it (the KeyboardInterrupt is
// then cleared: link4 raises Interrupted, carrying the finished results).
bool run(Batch& batch, py::object progress) {
    Watch watch{std::move(progress), batch.size()};
    {
        WithoutGil released;
        batch.run(tick, &watch);
    }
    if (!PyErr_Occurred()) return false;
    if (!PyErr_ExceptionMatches(PyExc_KeyboardInterrupt)) throw py::error_already_set();
    PyErr_Clear();
    return true;
}

BatchOptions make_options(const SearchRequest& request, bool analyze, int threads,
                          std::size_t table_bytes, OptionalBook book) {
    BatchOptions options;
    options.request = request;
    options.analyze = analyze;
    options.threads = threads;
    options.table_bytes = table_bytes;
    if (book) options.book = std::move(*book);
    return options;
}

// Per position: `field` of its item when it was done, else None.
template <typename T>
std::vector<std::optional<T>> results(const Batch& batch, T BatchItem::*field) {
    std::vector<std::optional<T>> items;
    items.reserve(batch.size());
    for (const BatchItem& item : batch.items())
        items.push_back(item.done ? std::optional<T>(item.*field) : std::nullopt);
    return items;
}

// (per position its result when done, whether Ctrl-C stopped the batch).
template <typename T>
std::tuple<std::vector<std::optional<T>>, bool> run_batch(std::vector<Position> positions,
                                                          const BatchOptions& options,
                                                          py::object progress,
                                                          T BatchItem::*field) {
    Batch batch(std::move(positions), options);
    const bool interrupted = run(batch, std::move(progress));
    return {results(batch, field), interrupted};
}

std::tuple<std::vector<std::optional<SearchResult>>, bool> search_many(
    std::vector<Position> positions, const SearchRequest& request, int threads,
    std::size_t table_bytes, OptionalBook book, py::object progress) {
    const BatchOptions options = make_options(request, false, threads, table_bytes, std::move(book));
    return run_batch(std::move(positions), options, std::move(progress), &BatchItem::result);
}

// The same for analyses (of the request, its weak and limits): every column's bounds.
std::tuple<std::vector<std::optional<Analysis>>, bool> analyze_many(
    std::vector<Position> positions, const SearchRequest& request, int threads,
    std::size_t table_bytes, OptionalBook book, py::object progress) {
    const BatchOptions options = make_options(request, true, threads, table_bytes, std::move(book));
    return run_batch(std::move(positions), options, std::move(progress), &BatchItem::analysis);
}

}  // namespace

void register_batch(py::module_& m) {
    m.def("search_many", &search_many, py::arg("positions"), py::arg("request"),
          py::arg("threads"), py::arg("table_bytes"), py::arg("book"), py::arg("progress"));
    m.def("analyze_many", &analyze_many, py::arg("positions"), py::arg("request"),
          py::arg("threads"), py::arg("table_bytes"), py::arg("book"), py::arg("progress"));
}

}  // namespace link4::bindings
